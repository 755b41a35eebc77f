//! The first-glance module: paints the link's verdict strip and key numbers with plain DOM calls, before
//! the full page has loaded (see the crate's documentation). Built to wasm only; on other targets it does
//! nothing.

#[cfg(target_arch = "wasm32")]
mod paint {
    use edgefit_core::ALL_CONSTRAINTS;
    use edgefit_glance::{glance, headroom_text, verdict_icon, Glance};
    use edgefit_text::{self as text, Lang, Ui};
    use web_sys::{Document, Element};

    /// An element with a class (empty: none) and text children appended in order.
    fn el(doc: &Document, tag: &str, class: &str) -> Option<Element> {
        let e = doc.create_element(tag).ok()?;
        if !class.is_empty() {
            e.set_class_name(class);
        }
        Some(e)
    }

    fn add_text(e: &Element, s: &str) {
        if let Some(doc) = e.owner_document() {
            let _ = e.append_child(&doc.create_text_node(s));
        }
    }

    fn add(parent: &Element, child: &Element) {
        let _ = parent.append_child(child);
    }

    /// The colon that ends a label, in the language's own punctuation.
    fn colon(lang: Lang) -> &'static str {
        if lang == Lang::Zh {
            "："
        } else {
            ": "
        }
    }

    fn verdicts(doc: &Document, g: &Glance) -> Option<Element> {
        let lang = g.lang;
        let s = el(doc, "section", "verdicts")?;
        let h = el(doc, "h3", "")?;
        add_text(&h, Ui::Verdicts.text(lang));
        add(&s, &h);
        let p = el(doc, "p", "summary")?;
        p.set_attribute("data-testid", "binding").ok()?;
        add_text(&p, g.strip.summary().text(lang));
        add_text(&p, if lang == Lang::Zh { "" } else { " " });
        add_text(&p, Ui::Binding.text(lang));
        add_text(&p, colon(lang));
        let b = el(doc, "strong", "")?;
        add_text(&b, text::constraint_label(g.strip.binding, lang));
        add(&p, &b);
        add(&s, &p);
        let ul = el(doc, "ul", "cards")?;
        for (&c, &(v, headroom)) in ALL_CONSTRAINTS.iter().zip(&g.strip.cards) {
            let binding = c == g.strip.binding;
            let class = format!(
                "card v-{}{}",
                v.code().replace('/', ""),
                if binding { " binding" } else { "" }
            );
            let li = el(doc, "li", &class)?;
            li.set_attribute("data-testid", &format!("verdict-{}", c.code()))
                .ok()?;
            li.set_attribute("data-verdict", v.code()).ok()?;
            let name = el(doc, "span", "card-name")?;
            add_text(&name, text::constraint_label(c, lang));
            add(&li, &name);
            let word = el(doc, "span", "card-verdict")?;
            let icon = el(doc, "span", "icon")?;
            icon.set_attribute("aria-hidden", "true").ok()?;
            add_text(&icon, verdict_icon(v));
            add(&word, &icon);
            add_text(&word, " ");
            add_text(&word, text::verdict_label(v, lang));
            add(&li, &word);
            let room = el(doc, "span", "card-headroom")?;
            add_text(&room, &headroom_text(headroom, lang));
            add(&li, &room);
            if binding {
                let badge = el(doc, "span", "badge")?;
                add_text(&badge, Ui::Binding.text(lang));
                add(&li, &badge);
            }
            add(&ul, &li);
        }
        add(&s, &ul);
        Some(s)
    }

    fn numbers(doc: &Document, g: &Glance) -> Option<Element> {
        let s = el(doc, "section", "numbers")?;
        let h = el(doc, "h3", "")?;
        add_text(&h, Ui::KeyNumbers.text(g.lang));
        add(&s, &h);
        let dl = el(doc, "dl", "")?;
        for n in &g.numbers {
            let row = el(doc, "div", "num")?;
            let dt = el(doc, "dt", "")?;
            add_text(&dt, n.label);
            add(&row, &dt);
            let dd = el(doc, "dd", "")?;
            let val = el(doc, "span", "val")?;
            val.set_attribute("data-testid", n.id).ok()?;
            add_text(&val, &n.value);
            add(&dd, &val);
            add_text(&dd, " ");
            let unit = el(doc, "span", "u")?;
            add_text(&unit, n.unit);
            add(&dd, &unit);
            if let Some(b) = &n.band {
                let band = el(doc, "span", "band")?;
                add_text(&band, &format!(" ({b})"));
                add(&dd, &band);
            }
            add(&row, &dd);
            add(&dl, &row);
        }
        add(&s, &dl);
        Some(s)
    }

    /// Paint the glance of the address's hash into `<main id="glance">` (created at the top of `<body>`).
    pub fn paint() -> Option<()> {
        let win = web_sys::window()?;
        let doc = win.document()?;
        let body = doc.body()?;
        let hash = win.location().hash().unwrap_or_default();
        let browser = win
            .navigator()
            .language()
            .and_then(|l| Lang::from_code(&l))
            .unwrap_or_default();
        let g = glance(&hash, browser)?;
        let lang = g.lang;
        if let Some(root) = doc.document_element() {
            let _ = root.set_attribute("lang", if lang == Lang::Zh { "zh-CN" } else { "en" });
        }
        let main = el(&doc, "main", "embed glance")?;
        main.set_id("glance");
        main.set_attribute("aria-busy", "true").ok()?;
        let head = el(&doc, "header", "embed-head")?;
        let title = el(&doc, "strong", "")?;
        add_text(&title, Ui::Title.text(lang));
        add(&head, &title);
        let note = el(&doc, "span", "glance-note")?;
        note.set_attribute("role", "status").ok()?;
        add_text(&note, Ui::GlanceLoading.text(lang));
        add(&head, &note);
        add(&main, &head);
        let judged = el(&doc, "p", "judged")?;
        judged.set_attribute("data-testid", "judged").ok()?;
        let k = el(&doc, "span", "judged-k")?;
        add_text(&k, Ui::Judging.text(lang));
        add_text(&k, colon(lang));
        add(&judged, &k);
        let what = el(&doc, "strong", "")?;
        add_text(&what, &g.judged);
        add(&judged, &what);
        add(&main, &judged);
        add(&main, &verdicts(&doc, &g)?);
        add(&main, &numbers(&doc, &g)?);
        let _ = body.insert_before(&main, body.first_child().as_ref());
        Some(())
    }
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    paint::paint();
}
