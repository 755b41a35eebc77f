//! The command line's grammar (clap, derive): the subcommands, their arguments and their help.

use clap::{Args, Parser, Subcommand};
use edgefit_text::Lang;

/// What follows the subcommands in `edgefit --help`: the scenario forms and the exit status.
const AFTER_HELP: &str = "\
SCENARIO (default: the worked example of the source document — 8 TOPS INT8 NPU, 8 GB, 25 GB/s, 4 W, a 1.5 B INT4 model)
    A share link             'https://…/#v=2&bw_gbps=50'  (anything containing '#')
    A bare hash              'v=2&bw_gbps=50&tpot_ms=40'
    A file                   key = value lines, a link or hash on a line, or a JSON object
    -                        the same, read from standard input

    Scenario file, key = value (blank lines and '# ' comments are skipped; ranges are low~high):
        # my phone
        bw_gbps = 51.2
        eta_c   = 0.2~0.4
        act     = a16
    JSON object of key → number, range ([low, high] or \"low~high\") or option string:
        {\"bw_gbps\": 51.2, \"eta_c\": [0.2, 0.4], \"act\": \"a16\"}
    A golden file with a 'link: v=2&…' line uses that line. The keys are the share-link keys
    (edgefit report --json prints the current scenario's as share_hash).

EXIT STATUS
    0    report: no constraint fails (warnings allowed); solve: solved
    1    report: at least one constraint fails — gate a model's CI on it; pipeline: a target is missed
    2    bad input (an unknown key, a value that is not a number or out of range) or bad usage;
         stderr names the key and the problem";

/// edgefit — does a model fit a chip?
///
/// Compute, memory capacity and bandwidth, power, heat, latency and storage, checked the way the source
/// document's worked example does it, with what that example leaves out.
#[derive(Debug, Parser)]
#[command(name = "edgefit", version, after_long_help = AFTER_HELP)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Every constraint's verdict and the step-by-step accounting.
    ///
    /// The verdict of every constraint, the binding one, and the step-by-step accounting (Markdown), or the
    /// report JSON with --json. Exit 1 when a constraint fails.
    Report(ScenarioArgs),
    /// The largest model per quantization, and the smallest device.
    ///
    /// The largest model each quantization scheme allows on this device, what stops a larger one, and the
    /// smallest device the current model needs.
    Solve(ScenarioArgs),
    /// Changes that fix failing constraints, ranked.
    ///
    /// Ranked changes that turn failing constraints into passing ones, each with its computed effect, and
    /// what moves the binding constraint most (±20 % on each input).
    Advise(ScenarioArgs),
    /// Two scenarios side by side.
    ///
    /// Two scenarios side by side, constraint by constraint; differences marked with *.
    Compare(CompareArgs),
    /// Several models sharing one device.
    ///
    /// Several models sharing one device (a pipeline link; by default speech recognition → LLM → speech
    /// synthesis; `camera`: a frame → a vision-language model → speech): each stage's latency and the
    /// end-to-end target, with everything resident. Exit 1 when a target is missed.
    Pipeline(ScenarioArgs),
    /// Every preset with its public sources.
    ///
    /// Every device, model, quantization and framework preset with its public sources.
    Presets(JsonArgs),
    /// A config.json or GGUF file as a model's scenario keys.
    ///
    /// A Hugging Face config.json or a GGUF file (only its header is read) as the scenario keys of its
    /// model, with a share link and what the keys leave out: save it as a scenario file and pass it to
    /// report, solve, advise or compare.
    Import(ImportArgs),
    /// Predict published measurements and print the error.
    ///
    /// Predict every row of measurement files (columns as data/calibration.csv; a folder: its .csv files)
    /// and print the error: median |predicted/measured − 1| and the share within ±25 % (see
    /// docs/accuracy.md). With several files, or --loso, also each source predicted by constants fitted
    /// without it.
    Validate(ValidateArgs),
    /// Print a shell completion script.
    ///
    /// Print a completion script for bash, zsh, fish, elvish or powershell to standard output, e.g.
    /// `edgefit completions bash > ~/.local/share/bash-completion/completions/edgefit`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// `--lang` and `--json`, shared by every subcommand that prints a report.
#[derive(Debug, Clone, Copy, Args)]
pub struct Output {
    /// Language of the output and of messages (default: the link's lang=, else en).
    #[arg(long, value_name = "en|zh", value_parser = parse_lang)]
    pub lang: Option<Lang>,
    /// Print JSON (a stable scripting interface; see the README, "CLI and report JSON").
    #[arg(long)]
    pub json: bool,
}

/// One scenario and the output options.
#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// A share link, a bare hash, a scenario file, or - for standard input (default: the worked example).
    pub scenario: Option<String>,
    /// Output options.
    #[command(flatten)]
    pub out: Output,
}

/// Two scenarios and the output options.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The first scenario (a link, a hash or a file).
    pub a: String,
    /// The second scenario.
    pub b: String,
    /// Output options.
    #[command(flatten)]
    pub out: Output,
}

/// `--json` alone.
#[derive(Debug, Args)]
pub struct JsonArgs {
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `import`'s arguments.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A config.json or a .gguf file.
    pub file: String,
    /// Output options.
    #[command(flatten)]
    pub out: Output,
}

/// `validate`'s arguments.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Measurement files (.csv), folders (their .csv files), or - for standard input.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Print JSON: per row the prediction, its band and its share link; the summaries.
    #[arg(long)]
    pub json: bool,
    /// Also predict each source with constants fitted without it (on by default with several files).
    #[arg(long)]
    pub loso: bool,
    /// Print the calibrated table fitted on the files, as Rust (crates/core/src/calibration_table.rs).
    #[arg(long)]
    pub refit: bool,
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_code(s).ok_or_else(|| format!("unknown language '{s}' (use en or zh)"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn p(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("edgefit").chain(args.iter().copied()))
    }

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn parses_commands_options_and_scenarios() {
        let Command::Report(a) = p(&["report", "--lang", "zh", "#v=2&bw_gbps=50", "--json"])
            .unwrap()
            .command
        else {
            panic!("report")
        };
        assert_eq!(a.out.lang, Some(Lang::Zh));
        assert!(a.out.json);
        assert_eq!(a.scenario.as_deref(), Some("#v=2&bw_gbps=50"));
        let Command::Solve(a) = p(&["solve", "--lang=en", "-"]).unwrap().command else {
            panic!("solve")
        };
        assert_eq!(
            (a.out.lang, a.scenario.as_deref()),
            (Some(Lang::En), Some("-"))
        );
        let Command::Compare(c) = p(&["compare", "v=2&bw_gbps=50", "v=2&bw_gbps=80"])
            .unwrap()
            .command
        else {
            panic!("compare")
        };
        assert_eq!(
            (c.a.as_str(), c.b.as_str()),
            ("v=2&bw_gbps=50", "v=2&bw_gbps=80")
        );
        let Command::Validate(v) = p(&["validate", "data/", "x.csv", "--loso"])
            .unwrap()
            .command
        else {
            panic!("validate")
        };
        assert_eq!(v.files, ["data/", "x.csv"]);
        assert!(v.loso && !v.refit && !v.json);
    }

    #[test]
    fn rejects_what_it_does_not_know() {
        assert!(p(&[]).is_err());
        let e = p(&["reprot"]).unwrap_err().to_string();
        assert!(e.contains("reprot") && e.contains("report"), "{e}");
        assert!(p(&["report", "--frob"])
            .unwrap_err()
            .to_string()
            .contains("--frob"));
        assert!(p(&["report", "--lang", "fr"])
            .unwrap_err()
            .to_string()
            .contains("en or zh"));
        assert!(p(&["report", "a.scn", "b.scn"]).is_err());
        assert!(p(&["compare", "a.scn"]).is_err());
        assert!(p(&["import"]).is_err());
        assert!(p(&["validate"]).is_err());
    }
}
