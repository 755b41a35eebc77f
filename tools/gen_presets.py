#!/usr/bin/env python3
"""Generate crates/core/src/presets/data.rs from the research CSVs.

    python3 tools/gen_presets.py [--check] [PRESETS_DIR]

PRESETS_DIR defaults to data/presets in the repository. The generated file is committed: the build never
runs this script. Rerun it after editing devices.csv, models.csv or frameworks.csv, and commit both.
`--check` writes nothing and exits 1 when the committed file differs from what the CSVs give (`cargo xtask
test` runs it). The rules that turn cells into numbers are written here, next to the code that applies them:

* A cell like `40 (67 Super)` or `10 (7040) / 16 (8040)` gives its leading number (the default mode).
* A sustained-power range `15-60` gives its low end; a burst/TDP range `15-54` gives its high end.
* `peak_bw_gbps` is Read when its basis starts with "vendor" or "given", Derived when the basis says
  "derived"; a blank `peak_bw_gbps` falls back to `peak_bw_if_64bit_assumed_gbps` as Assumed, or to the
  "if 128-bit: N GB/s" figure in the notes as Assumed.
* NPU TOPS: INT8 is Read; INT8 sparse is halved to dense INT8 (Derived; NVIDIA's sparse figure is 2x dense,
  as the Orin Nano 4GB row's "20 sparse / 10 dense" shows); "unspecified" precision is taken as INT8
  (Assumed); "40 (INT4) / 20 (INT8)" gives both.
* LLM parameter counts and KV bytes per token are the CSV's derived figures; stated figures ("0.49B") are
  kept apart. Torchvision `_ops` count multiply-accumulates, so ops = 2 x `_ops` (Derived). Whisper ops per
  30 s window = encoder + decoder cross-attention K/V precompute, from the CSV's derived notes.
* Sources are split on " ; "; parenthetical remarks are dropped, but a URL inside one ("read via ...") is
  kept as a source of its own.
* Words a person reads: the CSV's internal wording for the worked example of the source document the
  project started from ("Seed reference device", "project seed brief") is replaced (`FOR_PEOPLE`).
"""

import csv
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
OUT = os.path.join(REPO, "crates", "core", "src", "presets", "data.rs")

FRAMEWORK_IDS = {
    "llama.cpp": "LLAMA_CPP",
    "MLC-LLM": "MLC_LLM",
    "ExecuTorch": "EXECUTORCH",
    "LiteRT": "LITERT",
    "ONNX Runtime (CPU": "ONNXRUNTIME",
    "ONNX Runtime QNN": "ORT_QNN",
    "MNN": "MNN",
    "NCNN": "NCNN",
    "Qualcomm AI Engine": "QNN",
    "MediaTek NeuroPilot": "NEUROPILOT",
    "Apple Core ML": "COREML",
    "Apple MLX": "MLX",
    "TensorRT": "TENSORRT",
    "RKNN-Toolkit2": "RKLLM",
    "OpenVINO": "OPENVINO",
    "AMD Ryzen AI": "RYZEN_AI",
}

# The CSV's internal names for the source document's worked example, and what a person reads instead.
FOR_PEOPLE = {
    "Seed reference device": "Example device from the source document",
    "project seed brief": "the source document's worked example",
}


def for_people(text):
    for internal, shown in FOR_PEOPLE.items():
        text = text.replace(internal, shown)
    return text


NUM = re.compile(r"^\s*(?:up to\s+)?(-?\d+(?:\.\d+)?)")


def lead(cell):
    """The leading number of a cell, or None."""
    m = NUM.match(cell or "")
    return float(m.group(1)) if m else None


def range_high(cell):
    """`15-54 (...)` -> 54; otherwise the leading number."""
    m = re.match(r"^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)", cell or "")
    return float(m.group(2)) if m else lead(cell)


def num(x):
    s = repr(float(x))
    return s[:-2] + ".0" if s.endswith(".0") else s


def rs_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def opt_str(s):
    return f"Some({rs_str(s)})" if s else "None"


def fig(x, prov):
    if x is None:
        return "None"
    return {"Read": "read", "Derived": "derived", "Assumed": "assumed"}[prov] + f"({num(x)})"


def opt_num(x):
    return "None" if x is None else f"Some({num(x)})"


def split_sources(cell):
    out = []
    for part in (cell or "").split(" ; "):
        part = part.strip()
        if not part:
            continue
        # URLs inside parenthetical remarks ("read via https://...") are sources too.
        inner = []
        depth, buf, main = 0, "", ""
        for ch in part:
            if ch == "(":
                depth += 1
                if depth == 1:
                    buf = ""
                    continue
            elif ch == ")" and depth > 0:
                depth -= 1
                if depth == 0:
                    inner.append(buf)
                    continue
            if depth == 0:
                main += ch
            else:
                buf += ch
        main = re.sub(r"^(stated params|params|dims):\s*", "", main.strip())
        main = re.sub(r"\s+", " ", main).strip()
        if main:
            out.append(main)
        for t in inner:
            out += re.findall(r"https?://\S+", t)
    seen, res = set(), []
    for s in out:
        if s not in seen:
            seen.add(s)
            res.append(s)
    return res


def sources(cell):
    return "&[" + ", ".join(rs_str(for_people(s)) for s in split_sources(cell)) + "]"


# ---------------------------------------------------------------- devices

KINDS = {
    "reference": "Reference",
    "phone SoC": "Phone",
    "laptop SoC": "Laptop",
    "SBC": "Sbc",
    "SBC SoC": "Sbc",
}


def device_kind(k):
    if k.startswith("accelerator"):
        return "Accelerator"
    return KINDS[k]


def device(r):
    notes = " ".join([r["npu_notes"], r["notes"]]).lower()
    gaps = []
    # Which unit the TOPS figure belongs to.
    npu = r["npu"]
    if r["vendor"] == "NVIDIA":
        unit = "Gpu"
    elif npu.startswith("(none)"):
        unit = "Cpu"
    else:
        unit = "Npu"
    prec_cell = r["npu_tops_precision"]
    tops_cell = r["npu_peak_tops"]
    quoted = lead(tops_cell)
    int8 = int4 = None
    if quoted is None:
        prec = "None"
        if unit == "Cpu":
            gaps.append(("PeakInt8Tops", "NoAccelerator"))
        elif r["kind"] == "phone SoC" or "not published" in notes or "not disclosed" in notes:
            # README, known gaps: no phone vendor in the table publishes its NPU TOPS.
            gaps.append(("PeakInt8Tops", "NotPublished"))
    elif prec_cell.startswith("INT8 sparse"):
        prec = "Some(TopsPrecision::Int8Sparse)"
        int8 = (quoted / 2, "Derived")
    elif prec_cell.startswith("INT8"):
        prec = "Some(TopsPrecision::Int8)"
        int8 = (quoted, "Read")
    elif prec_cell.startswith("INT4"):
        prec = "Some(TopsPrecision::Int4)"
        int4 = (quoted, "Read")
        m = re.search(r"(\d+(?:\.\d+)?)\s*\(INT8\)", tops_cell)
        if m:
            int8 = (float(m.group(1)), "Read")
    elif prec_cell.startswith("unspecified"):
        prec = "Some(TopsPrecision::Unspecified)"
        int8 = (quoted, "Assumed")
    else:
        raise SystemExit(f"{r['id']}: unknown TOPS precision {prec_cell!r}")

    bw = None
    basis = r["peak_bw_basis"].lower()
    if lead(r["peak_bw_gbps"]) is not None:
        v = lead(r["peak_bw_gbps"])
        if basis.startswith("vendor") or basis.startswith("given"):
            bw = (v, "Read")
        elif "derived" in basis:
            bw = (v, "Derived")
        else:
            bw = (v, "Read")
    elif lead(r["peak_bw_if_64bit_assumed_gbps"]) is not None:
        bw = (lead(r["peak_bw_if_64bit_assumed_gbps"]), "Assumed")
    else:
        m = re.search(r"if 128-bit: (\d+(?:\.\d+)?) gb/s", notes)
        if m:
            bw = (float(m.group(1)), "Assumed")
    if r["vendor"] == "Apple" and r["kind"] == "phone SoC":
        # README, known gaps: A-series RAM and bandwidth are not published by Apple.
        if bw is None:
            gaps.append(("BandwidthGbps", "NotPublished"))
        if not r["ram_capacities_gb"].strip():
            gaps.append(("MemoryGb", "NotPublished"))
    no_dram = r["memory_type"].startswith("(none")
    if no_dram:
        gaps.append(("BandwidthGbps", "NoDram"))
        gaps.append(("MemoryGb", "NoDram"))

    ram_cell = r["ram_capacities_gb"].strip()
    up_to = ram_cell.startswith("up to")
    ram = [lead(t) for t in ram_cell.split(";") if lead(t) is not None] if ram_cell else []

    def f(x):
        return fig(*x) if x else "None"

    def read(cell, how=lead):
        v = how(cell)
        return fig(v, "Read") if v is not None else "None"

    year = r["year"].strip()
    gpu = lead(r["gpu_peak_tflops"]) if r["gpu_peak_precision"].startswith("FP32") else None
    return f"""    DevicePreset {{
        id: {rs_str(r['id'])},
        name: {rs_str(for_people(r['name']))},
        vendor: {rs_str(r['vendor'])},
        year: {('Some(' + year + ')') if year else 'None'},
        kind: DeviceKind::{device_kind(r['kind'])},
        accelerator: Backend::{unit},
        tops_quoted: {opt_num(quoted)},
        tops_precision: {prec},
        int8_tops: {f(int8)},
        int4_tops: {f(int4)},
        fp16_tops: None,
        gpu_fp32_tflops: {opt_num(gpu)},
        bandwidth_gbps: {f(bw)},
        ram_gb: &[{', '.join(num(x) for x in ram)}],
        ram_up_to: {'true' if up_to else 'false'},
        storage_read_gbps: {read(r['storage_seq_read_gbps'])},
        sustained_w: {read(r['sustained_power_w'])},
        burst_w: {read(r['burst_or_tdp_w'], range_high)},
        tj_max_c: {read(r['tj_max_c'])},
        gaps: &[{', '.join(f'(Field::{a}, Gap::{b})' for a, b in gaps)}],
        sources: {sources(r['sources'])},
    }},
"""


# ---------------------------------------------------------------- models

def slug(name):
    s = re.sub(r"\(.*?\)", "", name).strip().lower()
    return re.sub(r"\s+", "-", s)


def count(cell):
    """`0.49B` / `39M` / `5483032 (docs table: 3.2M)` -> a number of parameters."""
    m = re.match(r"^\s*(\d+(?:\.\d+)?)\s*([BM]?)", cell or "")
    if not m:
        return None
    x = float(m.group(1))
    return x * {"B": 1e9, "M": 1e6, "": 1.0}[m.group(2)]


def model(r):
    name = r["name"]
    fam = r["family_kind"]
    if fam.startswith("decoder-only"):
        family = "Llm"
    elif fam.startswith("speech"):
        family = "Speech"
    else:
        family = "Vision"
    arch = "None"
    params = pne = None
    stated = stated_ne = None
    kv = None
    gop = gop_tok = act = None
    max_ctx = None
    input_size = None
    if family == "Llm":
        if r["num_hidden_layers"]:
            g = lambda k: int(r[k])
            gemma = name.startswith("Gemma")
            qwen2 = name.startswith("Qwen2") or "R1-Distill-Qwen" in name
            qk = name.startswith("Qwen3") or name.startswith("Gemma-3")
            arch = f"""Some(ArchPreset {{
            layers: {g('num_hidden_layers')},
            hidden: {g('hidden_size')},
            heads: {g('num_attention_heads')},
            kv_heads: {g('num_key_value_heads')},
            head_dim: {g('head_dim')},
            ffn: {g('intermediate_size')},
            vocab: {g('vocab_size')},
            tied: {'true' if r['tie_word_embeddings'].startswith('true') else 'false'},
            gated: true,
            qkv_bias: {'true' if qwen2 else 'false'},
            qk_norm: {'true' if qk else 'false'},
            post_norms: {'true' if gemma else 'false'},
        }})"""
            params = (float(r["params_total_derived"]), "Derived")
            pne = (float(r["params_nonembedding_derived"]), "Derived")
            kv = float(r["kv_bytes_per_token_fp16_derived"])
            max_ctx = int(r["max_position_embeddings"])
        stated = count(r["params_stated"])
        stated_ne = count(r["params_nonembedding_stated"])
    else:
        p = count(r["params_stated"])
        params = (p, "Read") if p is not None else None
        notes = r["notes"]
        if family == "Speech":
            enc = re.search(r"encoder ~([\d.]+) GFLOPs", notes)
            xkv = re.search(r"K/V precompute ~([\d.]+) GFLOPs", notes)
            tok = re.search(r"~([\d.]+) GFLOPs per generated token", notes)
            gop = (float(enc.group(1)) + float(xkv.group(1)), "Derived")
            gop_tok = float(tok.group(1))
            # Peak activations of one encoder layer at 1500 frames, FP16, attention scores materialized:
            # heads x T^2 scores + 4 x T x d (residual, q, k, v), 2 bytes each.
            t, d, h = 1500, int(r["hidden_size"]), int(r["num_attention_heads"])
            act = ((h * t * t + 4 * t * d) * 2 / 1e6, "Derived")
            input_size = "30s"
        else:
            m = re.search(r"([\d.]+) GFLOPS \(torchvision", notes)
            if m:
                gop = (2 * float(m.group(1)), "Derived")
            m = re.search(r"^([\d.]+) GFLOPs \(model summary", notes)
            if m:
                gop = (float(m.group(1)), "Read")
            m = re.search(r"at (\d+x\d+)", notes)
            input_size = m.group(1) if m else None
    lic = r["license"].strip() or None
    return f"""    ModelPreset {{
        id: {rs_str(slug(name))},
        name: {rs_str(name)},
        family: ModelFamily::{family},
        arch: {arch},
        params: {fig(*params) if params else 'None'},
        params_non_embedding: {fig(*pne) if pne else 'None'},
        params_stated: {opt_num(stated)},
        params_non_embedding_stated: {opt_num(stated_ne)},
        kv_bytes_per_token_fp16: {opt_num(kv)},
        max_context: {opt_num(max_ctx)},
        gop: {fig(*gop) if gop else 'None'},
        decoder_gop_per_token: {opt_num(gop_tok)},
        activation_mb: {fig(*act) if act else 'None'},
        input_size: {opt_str(input_size)},
        license: {opt_str(lic)},
        sources: {sources(r['source'])},
    }},
"""


def framework_sources(rows):
    out = []
    for r in rows:
        ident = next(v for k, v in FRAMEWORK_IDS.items() if r["framework"].startswith(k))
        out.append(f"    pub(crate) const {ident}: &[&str] = {sources(r['sources'])};\n")
    return "".join(out)


def main():
    args = sys.argv[1:]
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    src = args[0] if args else os.path.join(REPO, "data", "presets")
    read = lambda n: list(csv.DictReader(open(os.path.join(src, n), newline="", encoding="utf-8")))
    devices, models, fws = read("devices.csv"), read("models.csv"), read("frameworks.csv")
    text = (
        "// @generated by tools/gen_presets.py from data/presets/{devices,models,frameworks}.csv.\n"
        "// Do not edit by hand: edit the CSV or the script, rerun it and commit both.\n"
        "//! The preset tables, generated from data/presets/*.csv.\n\n"
        "use super::devices::{DeviceKind, DevicePreset, Gap, TopsPrecision};\n"
        "use super::models::{ArchPreset, ModelFamily, ModelPreset};\n"
        "use super::figure::{assumed, derived, read};\n"
        "use crate::input::{Backend, Field};\n\n"
        "/// Every device preset, in the CSV's order.\n"
        "pub(crate) const DEVICES: &[DevicePreset] = &[\n"
        + "".join(device(r) for r in devices)
        + "];\n\n/// Every model preset, in the CSV's order.\n"
        "pub(crate) const MODELS: &[ModelPreset] = &[\n"
        + "".join(model(r) for r in models)
        + "];\n\n/// Sources of each framework row.\npub(crate) mod framework_sources {\n"
        + framework_sources(fws)
        + "}\n"
    )
    # rustfmt reads the source from stdin and writes the formatted file to stdout: the same layout
    # `cargo fmt` gives the committed file.
    try:
        text = subprocess.run(
            ["rustfmt", "--edition", "2021", "--emit", "stdout"],
            input=text, capture_output=True, text=True, check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"rustfmt failed: {e}")
    if check:
        with open(OUT, encoding="utf-8") as fh:
            current = fh.read()
        if current != text:
            sys.exit(
                f"{os.path.relpath(OUT, REPO)} is stale: run `python3 tools/gen_presets.py` "
                "and commit the result"
            )
        print(f"{os.path.relpath(OUT, REPO)} is what data/presets gives")
        return
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write(text)
    print(f"wrote {OUT}: {len(devices)} devices, {len(models)} models, {len(fws)} framework source lists")


if __name__ == "__main__":
    main()
