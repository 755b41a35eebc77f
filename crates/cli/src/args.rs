//! The command line, parsed by hand (two subcommands and three options do not need a parser crate).

use edgefit_text::Lang;

/// What to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Check a scenario: the Markdown report or its JSON.
    Report,
    /// The largest model per quantization scheme, and what the device needs.
    Solve,
    /// Print the help.
    Help,
    /// Print the version.
    Version,
}

/// The parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opts {
    /// The subcommand.
    pub command: Command,
    /// A scenario file, a share link or a bare hash; `None`: the seed's worked example.
    pub scenario: Option<String>,
    /// `--lang`.
    pub lang: Option<Lang>,
    /// `--json`.
    pub json: bool,
}

/// One line of usage, printed under an error.
pub const USAGE_SHORT: &str = "usage: edgefit report   [SCENARIO] [--lang en|zh] [--json]
       edgefit solve    [SCENARIO] [--lang en|zh] [--json]
       edgefit advise   [SCENARIO] [--lang en|zh] [--json]
       edgefit compare  A B [--lang en|zh] [--json]
       edgefit pipeline [SCENARIO] [--lang en|zh] [--json]
       edgefit presets  [--json]
       edgefit import   FILE [--lang en|zh] [--json]
       edgefit validate FILE.csv [--json]
       edgefit --help | --version";

/// The full help.
pub const HELP: &str = "\
edgefit — does a model fit a chip? Compute, memory capacity and bandwidth, power, heat, latency and storage,
checked the way the seed document's worked example does it, with what that example leaves out.

USAGE
    edgefit report [SCENARIO] [--lang en|zh] [--json]
    edgefit solve  [SCENARIO] [--lang en|zh] [--json]
    edgefit advise [SCENARIO] [--lang en|zh] [--json]
    edgefit compare A B [--lang en|zh] [--json]
    edgefit presets [--json]
    edgefit import FILE [--lang en|zh] [--json]
    edgefit validate FILE.csv [--json]

COMMANDS
    report    The verdict of every constraint, the binding one, and the step-by-step accounting
              (Markdown), or the report JSON with --json.
    solve     The largest model each quantization scheme allows on this device, what stops a larger one,
              and the smallest device the current model needs. JSON with --json.
    advise    Ranked changes that turn failing constraints into passing ones, each with its computed
              effect, and what moves the binding constraint most (±20 % on each input).
    compare   Two scenarios side by side, constraint by constraint; differences marked with *.
    presets   Every device, model, quantization and framework preset with its public sources.
    import    A Hugging Face config.json or a GGUF file (only its header is read) as the scenario keys
              of its model, with a share link and what the keys leave out: save it as a scenario file
              and pass it to report, solve, advise or compare. JSON with --json.
    validate  Predict every row of a measurements CSV (columns as data/calibration.csv) and print the
              prediction error: median |predicted/measured − 1| and the share within ±25 %.

SCENARIO (default: the seed's worked example — 8 TOPS INT8 NPU, 8 GB, 25 GB/s, 4 W, a 1.5 B INT4 model)
    A share link             'https://…/#v=1&bw_gbps=50'  (anything containing '#')
    A bare hash              'v=1&bw_gbps=50&tpot_ms=40'
    A file                   key = value lines, a link or hash on a line, or a JSON object
    -                        the same, read from standard input

    Scenario file, key = value (blank lines and '# ' comments are skipped; ranges are low~high):
        # my phone
        bw_gbps = 51.2
        eta_c   = 0.2~0.4
        act     = a16
    JSON object of key → number, range ([low, high] or \"low~high\") or option string:
        {\"bw_gbps\": 51.2, \"eta_c\": [0.2, 0.4], \"act\": \"a16\"}
    A golden file with a 'link: v=1&…' line uses that line. The keys are the share-link keys
    (edgefit report --json prints the current scenario's as share_hash).

OPTIONS
    --lang en|zh    Language of the report and of messages (default: the link's lang=, else en)
    --json          Print JSON (a stable scripting interface; see README, \"CLI and report JSON\")
    -h, --help      Print this help
    -V, --version   Print the version

EXIT STATUS
    0    report: no constraint fails (warnings allowed); solve: solved
    1    report: at least one constraint fails — gate a model's CI on it
    2    bad input (an unknown key, a value that is not a number or out of range) or bad usage;
         stderr names the key and the problem
";

/// Parse the arguments after the program name.
///
/// # Errors
/// A message naming the unknown subcommand, option or value.
pub fn parse(argv: &[String]) -> Result<Opts, String> {
    let mut command = None;
    let mut scenario = None;
    let mut lang = None;
    let mut json = false;
    let mut i = 0;
    while i < argv.len() {
        let a = argv[i].as_str();
        i += 1;
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (a, None),
        };
        match flag {
            "-h" | "--help" => {
                return Ok(Opts {
                    command: Command::Help,
                    scenario: None,
                    lang,
                    json,
                })
            }
            "-V" | "--version" => {
                return Ok(Opts {
                    command: Command::Version,
                    scenario: None,
                    lang,
                    json,
                })
            }
            "--json" => {
                if inline.is_some() {
                    return Err("--json takes no value".into());
                }
                json = true;
            }
            "--lang" => {
                let v = match inline {
                    Some(v) => v,
                    None => {
                        let v = argv
                            .get(i)
                            .cloned()
                            .ok_or("--lang needs a value: en or zh")?;
                        i += 1;
                        v
                    }
                };
                lang = Some(
                    Lang::from_code(&v)
                        .ok_or_else(|| format!("--lang {v}: unknown language (use en or zh)"))?,
                );
            }
            "-" => set_scenario(&mut scenario, a)?,
            f if f.starts_with('-') && !looks_like_hash(a) => {
                return Err(format!("unknown option '{a}'"));
            }
            _ if command.is_none() => {
                command = Some(match a {
                    "report" => Command::Report,
                    "solve" => Command::Solve,
                    "help" => Command::Help,
                    "version" => Command::Version,
                    other => return Err(unknown_command(other)),
                });
            }
            _ => set_scenario(&mut scenario, a)?,
        }
    }
    let command = command.ok_or(
        "no command given (report, solve, advise, compare, pipeline, presets, import or validate)",
    )?;
    Ok(Opts {
        command,
        scenario,
        lang,
        json,
    })
}

fn looks_like_hash(a: &str) -> bool {
    a.contains('#') || a.contains('=')
}

fn set_scenario(slot: &mut Option<String>, a: &str) -> Result<(), String> {
    if let Some(prev) = slot {
        return Err(format!(
            "one scenario at a time: got '{prev}' and '{a}' (join link keys with '&')"
        ));
    }
    *slot = Some(a.to_string());
    Ok(())
}

fn unknown_command(c: &str) -> String {
    let hint = [
        "report", "solve", "advise", "compare", "presets", "validate", "pipeline", "import",
    ]
    .into_iter()
    .find(|k| k.starts_with(&c[..c.len().min(2)]) && !c.is_empty());
    match hint {
        Some(h) => format!("unknown command '{c}' (did you mean '{h}'?)"),
        None => format!("unknown command '{c}' (the commands are report, solve, advise, compare, presets, import, validate and pipeline)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Opts, String> {
        parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn parses_commands_options_and_scenarios() {
        let o = p(&["report", "--lang", "zh", "#v=1&bw_gbps=50", "--json"]).unwrap();
        assert_eq!(o.command, Command::Report);
        assert_eq!(o.lang, Some(Lang::Zh));
        assert!(o.json);
        assert_eq!(o.scenario.as_deref(), Some("#v=1&bw_gbps=50"));
        assert_eq!(p(&["solve", "--lang=en"]).unwrap().lang, Some(Lang::En));
        assert_eq!(p(&["--help"]).unwrap().command, Command::Help);
        assert_eq!(p(&["report", "-V"]).unwrap().command, Command::Version);
        assert_eq!(p(&["report", "-"]).unwrap().scenario.as_deref(), Some("-"));
    }

    #[test]
    fn rejects_what_it_does_not_know() {
        assert!(p(&[]).unwrap_err().contains("no command"));
        assert!(p(&["reprot"])
            .unwrap_err()
            .contains("did you mean 'report'"));
        assert!(p(&["report", "--frob"]).unwrap_err().contains("--frob"));
        assert!(p(&["report", "--lang", "fr"]).unwrap_err().contains("fr"));
        assert!(p(&["report", "--lang"]).unwrap_err().contains("en or zh"));
        assert!(p(&["report", "a.scn", "b.scn"])
            .unwrap_err()
            .contains("one scenario"));
    }
}
