//! The memory chart: weights, KV cache, workspace and runtime stacked against the usable memory, with
//! the pinned scenario's bar beside it in compare mode.

use edgefit_text::Lang;

use super::figure::{band_text, f3, key_item, ChartOut};
use crate::render::chart::{self, Frame, Scale, Svg};
use crate::render::dom::Node;
use crate::render::live::Ui;
use edgefit_glance::check::Good;

pub(super) fn memory_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> ChartOut {
    let pm = pinned.map(|p| &p.evaluation.expected.memory);
    let frame = Frame {
        height: if pm.is_some() { 186.0 } else { 150.0 },
        bottom: 40.0,
        left: if pm.is_some() { 64.0 } else { 16.0 },
        ..Frame::standard()
    };
    let m = &g.evaluation.expected.memory;
    let parts = [
        (Ui::Weights, m.weights.total().gb()),
        (Ui::KvCache, m.kv.gb()),
        (Ui::Workspace, m.workspace.gb()),
        (Ui::Runtime, m.runtime.gb()),
    ];
    let usable = m.usable.gb();
    let (tlo, thi) = g.evaluation.band(|r| r.memory.total.gb());
    let (ulo, uhi) = g.evaluation.band(|r| r.memory.usable.gb());
    let pmax = pm.map_or(0.0, |p| p.total.gb().max(p.usable.gb()));
    let max = chart::nice_max(thi.max(uhi).max(pmax) * 1.05);
    let xs = Scale::linear(0.0, max, frame.x0(), frame.x1());
    // Compare mode: the pinned bar above, the current one below, against the same axis.
    let (y0, y1) = if pm.is_some() {
        (frame.y0() + 52.0, frame.y0() + 80.0)
    } else {
        (frame.y0() + 12.0, frame.y0() + 52.0)
    };
    let mut svg = Svg::default();
    if let Some(p) = pm {
        let (py0, py1) = (frame.y0() + 12.0, frame.y0() + 40.0);
        let pparts = [
            p.weights.total().gb(),
            p.kv.gb(),
            p.workspace.gb(),
            p.runtime.gb(),
        ];
        for (i, &(a, len)) in chart::stack(&pparts).iter().enumerate() {
            svg.rect(
                xs.map(a),
                py0,
                xs.map(a + len) - xs.map(a),
                py1 - py0,
                &format!("{} pinned", SEG[i]),
            );
        }
        let pu = p.usable.gb();
        if (pu - m.usable.gb()).abs() > 1e-9 * pu.max(1.0) {
            let px = xs.map(pu);
            svg.line(px, py0 - 4.0, px, py1 + 4.0, "limit pinned");
        }
        for (y, u) in [(py0, Ui::Pinned), (y0, Ui::CurrentScenario)] {
            svg.text(frame.x0() - 4.0, y + 18.0, "end", "row-label", u.text(lang));
        }
    }
    if thi > tlo {
        svg.rect(
            xs.map(tlo),
            y0 - 6.0,
            xs.map(thi) - xs.map(tlo),
            y1 - y0 + 12.0,
            "band",
        );
    }
    for (i, &(a, len)) in chart::stack(&parts.map(|p| p.1)).iter().enumerate() {
        svg.rect(xs.map(a), y0, xs.map(a + len) - xs.map(a), y1 - y0, SEG[i]);
    }
    if uhi > ulo {
        svg.rect(
            xs.map(ulo),
            frame.y0(),
            xs.map(uhi) - xs.map(ulo),
            y1 - frame.y0() + 12.0,
            "band",
        );
    }
    let ux = xs.map(usable);
    svg.line(ux, frame.y0(), ux, y1 + 12.0, "limit");
    svg.text(
        ux - 4.0,
        frame.y0() + 8.0,
        "end",
        "limit-label",
        &format!("{} {} GB", Ui::Usable.text(lang), f3(usable)),
    );
    svg.x_axis(&frame, &xs, &xs.ticks(6), f3, "GB");
    let mut table: Vec<[String; 2]> = parts
        .iter()
        .map(|(u, v)| [u.text(lang).to_string(), format!("{} GB", f3(*v))])
        .collect();
    table.push([
        Ui::MemoryTotal.text(lang).to_string(),
        format!("{} GB", band_text(tlo, thi)),
    ]);
    table.push([
        Ui::Usable.text(lang).to_string(),
        format!("{} GB", band_text(ulo, uhi)),
    ]);
    let pinned_text = pm.map(|p| {
        format!(
            "{}: {} {} GB / {} {} GB",
            Ui::Pinned.text(lang),
            Ui::MemoryTotal.text(lang),
            f3(p.total.gb()),
            Ui::Usable.text(lang),
            f3(p.usable.gb())
        )
    });
    if let Some(p) = pm {
        table.push([
            format!("{}: {}", Ui::Pinned.text(lang), Ui::MemoryTotal.text(lang)),
            format!("{} GB", f3(p.total.gb())),
        ]);
        table.push([
            format!("{}: {}", Ui::Pinned.text(lang), Ui::Usable.text(lang)),
            format!("{} GB", f3(p.usable.gb())),
        ]);
    }
    let mut legend: Vec<Node> = parts
        .iter()
        .enumerate()
        .map(|(i, (u, v))| key_item(&SEG[i][4..], format!("{} {} GB", u.text(lang), f3(*v))))
        .collect();
    if pm.is_some() {
        legend.push(key_item("s0", Ui::CurrentScenario.text(lang)));
        legend.push(key_item("s0 pinned", Ui::Pinned.text(lang)));
    }
    let current = if pm.is_some() {
        format!("{}: ", Ui::CurrentScenario.text(lang))
    } else {
        String::new()
    };
    ChartOut {
        id: "memory",
        frame,
        title: Ui::ChartMemory.text(lang).into(),
        desc: format!(
            "{} {current}{}: {} GB / {} {} GB.{}",
            Ui::ChartMemoryDesc.text(lang),
            Ui::MemoryTotal.text(lang),
            band_text(tlo, thi),
            Ui::Usable.text(lang),
            f3(usable),
            pinned_text.map_or(String::new(), |p| format!(" {p}."))
        ),
        svg: svg.0,
        table: chart::table(&[Ui::Value.text(lang), "GB"], &table),
        legend: Some(legend),
    }
}

const SEG: [&str; 4] = ["seg s0", "seg s1", "seg s2", "seg s3"];
