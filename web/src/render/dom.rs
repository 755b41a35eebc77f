//! A small DOM tree for output-heavy panels (tables, lists, the tornado chart), built with `web_sys`.
//!
//! Why not `view!`: every distinct `view!` shape compiles its own rendering code, and the output panels
//! would cost the page tens of kilobytes (one panel rewritten as a `view!` measured +5.4 KB raw, +1.8 KB
//! gzip, in the release wasm). Here one non-generic builder renders every panel, the charts' SVG included.
//! Text always becomes a text node and attributes are set one by one: nothing is ever parsed as markup
//! (no `innerHTML`). Actions are delegated: an element with `data-act` tells the panel's handler what was
//! clicked or changed.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// A node: an element or text.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// An element.
    El(El),
    /// A text node.
    Text(String),
}

/// An element with attributes and children.
#[derive(Debug, Clone, PartialEq)]
pub struct El {
    /// Tag name.
    pub tag: &'static str,
    /// Attributes, in order.
    pub attrs: Vec<(&'static str, String)>,
    /// Children.
    pub kids: Vec<Node>,
}

/// A new element.
#[must_use]
pub fn el(tag: &'static str) -> El {
    El {
        tag,
        attrs: Vec::new(),
        kids: Vec::new(),
    }
}

/// A text node.
#[must_use]
pub fn text(s: impl Into<String>) -> Node {
    Node::Text(s.into())
}

impl El {
    /// Add an attribute.
    #[must_use]
    pub fn at(self, k: &'static str, v: impl Into<String>) -> Self {
        self.attr(k, v.into())
    }
    /// [`El::at`]'s one body (not one copy per type of value).
    #[must_use]
    fn attr(mut self, k: &'static str, v: String) -> Self {
        self.attrs.push((k, v));
        self
    }
    /// Add an attribute when `on`.
    #[must_use]
    pub fn at_if(self, on: bool, k: &'static str, v: impl Into<String>) -> Self {
        if on {
            self.at(k, v)
        } else {
            self
        }
    }
    /// Add a child.
    #[must_use]
    pub fn kid(mut self, n: impl Into<Node>) -> Self {
        self.kids.push(n.into());
        self
    }
    /// Add a text child.
    #[must_use]
    pub fn tx(self, s: impl Into<String>) -> Self {
        self.kid(text(s))
    }
    /// Add children.
    #[must_use]
    pub fn kids(mut self, it: impl IntoIterator<Item = Node>) -> Self {
        self.kids.extend(it);
        self
    }
}

impl From<El> for Node {
    fn from(e: El) -> Self {
        Node::El(e)
    }
}

impl Node {
    /// All the text below this node, in order (for tests).
    #[must_use]
    pub fn text_content(&self) -> String {
        match self {
            Node::Text(s) => s.clone(),
            Node::El(e) => e.kids.iter().map(Node::text_content).collect(),
        }
    }

    /// The node as markup, text and attribute values escaped and an element without children closed
    /// with `/>`: what tests read. The page never renders markup.
    #[cfg(test)]
    #[must_use]
    pub fn markup(&self) -> String {
        let mut out = String::new();
        self.write_markup(&mut out);
        out
    }

    #[cfg(test)]
    fn write_markup(&self, out: &mut String) {
        match self {
            Node::Text(s) => out.push_str(&escape(s)),
            Node::El(e) => {
                out.push('<');
                out.push_str(e.tag);
                for (k, v) in &e.attrs {
                    out.push_str(&format!(" {k}=\"{}\"", escape(v)));
                }
                if e.kids.is_empty() {
                    out.push_str("/>");
                    return;
                }
                out.push('>');
                for k in &e.kids {
                    k.write_markup(out);
                }
                out.push_str(&format!("</{}>", e.tag));
            }
        }
    }
}

/// The markup of a list of nodes (for tests).
#[cfg(test)]
#[must_use]
pub fn markup(nodes: &[Node]) -> String {
    nodes.iter().map(Node::markup).collect()
}

/// Escape text for markup (for tests' markup).
#[cfg(test)]
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

fn build(doc: &web_sys::Document, n: &Node, svg: bool) -> Option<web_sys::Node> {
    match n {
        Node::Text(s) => Some(doc.create_text_node(s).unchecked_into()),
        Node::El(e) => {
            let svg = svg || e.tag == "svg";
            let el = if svg {
                doc.create_element_ns(Some(SVG_NS), e.tag).ok()?
            } else {
                doc.create_element(e.tag).ok()?
            };
            for (k, v) in &e.attrs {
                let _ = el.set_attribute(k, v);
            }
            for k in &e.kids {
                if let Some(c) = build(doc, k, svg) {
                    let _ = el.append_child(&c);
                }
            }
            Some(el.unchecked_into())
        }
    }
}

/// Put the focus back into a rebuilt panel: on the element with the same `data-act`, else its first
/// control, else the panel itself (so the next Tab goes on from here).
fn refocus(div: &web_sys::HtmlDivElement, act: &str) {
    let same = (!act.is_empty())
        .then(|| {
            div.query_selector(&format!("[data-act=\"{act}\"]"))
                .ok()
                .flatten()
        })
        .flatten();
    let target = same.or_else(|| {
        div.query_selector("button, select, input, a[href], [tabindex=\"0\"]")
            .ok()
            .flatten()
    });
    // `focus` is called by name, so an SVG element (a chart's row) takes it too.
    match target.map(JsCast::unchecked_into::<web_sys::HtmlElement>) {
        Some(t) => {
            let _ = t.focus();
        }
        None => {
            let _ = div.set_attribute("tabindex", "-1");
            let _ = div.focus();
        }
    }
}

/// What a panel does when an element with `data-act` is clicked or changed: the action and the element.
pub type Act = Box<dyn Fn(&str, &web_sys::Element)>;

/// A `<div>` whose content is `render()`, rebuilt whenever the signals it reads change. Clicks and
/// changes on elements carrying `data-act` go to `act`.
pub fn panel(
    class: &'static str,
    render: Box<dyn Fn() -> Option<Node>>,
    act: Option<Act>,
) -> impl IntoView {
    let r = NodeRef::<leptos::html::Div>::new();
    // The tree on screen. A signal the panel reads can change without changing what it shows (the
    // deferred results settling, the language set to itself); rebuilding then would replace the element
    // under a person's pointer between mousedown and mouseup, and the click would be lost.
    let shown = std::cell::RefCell::new(None::<Option<Node>>);
    Effect::new(move |_| {
        let n = render();
        let Some(div) = r.get() else {
            return;
        };
        if shown.borrow().as_ref() == Some(&n) {
            return;
        }
        // Rebuilding removes the element that has the keyboard focus (the button just pressed): keep
        // the focus here instead of letting it fall back to the top of the page.
        let doc = document();
        let had_focus = doc
            .active_element()
            .filter(|a| div.contains(Some(a)))
            .map(|a| a.get_attribute("data-act").unwrap_or_default());
        div.set_text_content(None);
        if let Some(c) = n.as_ref().and_then(|n| build(&doc, n, false)) {
            let _ = div.append_child(&c);
        }
        *shown.borrow_mut() = Some(n);
        if let Some(act) = had_focus {
            refocus(&div, &act);
        }
    });
    let act = std::rc::Rc::new(act);
    let act2 = std::rc::Rc::clone(&act);
    let dispatch = move |ev: &web_sys::Event, act: &Option<Act>, kind: &str| {
        let Some(f) = act else {
            return;
        };
        let Some(t) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let Ok(Some(e)) = t.closest("[data-act]") else {
            return;
        };
        let a = e.get_attribute("data-act").unwrap_or_default();
        // Buttons act on click, fields on change; an element that is a button by its role only (a chart's
        // row) on Enter or Space too, which a native button turns into a click itself.
        let tag = e.tag_name();
        let is_field = matches!(tag.as_str(), "SELECT" | "INPUT");
        if kind == "key" {
            if !matches!(tag.as_str(), "SELECT" | "INPUT" | "BUTTON" | "A") {
                ev.prevent_default();
                f(&a, &e);
            }
        } else if (kind == "change") == is_field {
            f(&a, &e);
        }
    };
    let (d2, d3, act3) = (dispatch, dispatch, std::rc::Rc::clone(&act));
    view! {
        <div
            class=class
            node_ref=r
            on:click=move |ev| dispatch(&ev, &act, "click")
            on:change=move |ev| d2(&ev, &act2, "change")
            on:keydown=move |ev| {
                if matches!(ev.key().as_str(), "Enter" | " ") {
                    d3(&ev, &act3, "key");
                }
            }
        ></div>
    }
}
