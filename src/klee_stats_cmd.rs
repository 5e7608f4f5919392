//! `klee-stats` (also `se2repair klee-stats`): KLEE's statistics table
//! of one or more output folders (`klee_ext::stats_table`).

use clap::{ArgGroup, Args};
use klee_ext::stats_table::{self, Columns, Format};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("print").args(["print_all", "print_rel_times", "print_abs_times", "print_more", "print_columns"])))]
pub struct KleeStatsArgs {
    /// KLEE output folders (or folders holding them).
    #[arg(required = true, value_name = "DIR")]
    dirs: Vec<PathBuf>,
    /// Table format: klee, csv, readable-csv or json.
    #[arg(long, default_value = "klee", value_name = "FORMAT")]
    table_format: String,
    /// Print every row of run.stats as comma-separated values (one folder).
    #[arg(long)]
    to_csv: bool,
    /// Serve the statistics to Grafana (not supported by this tool).
    #[arg(long)]
    grafana: bool,
    /// Print every column.
    #[arg(long)]
    print_all: bool,
    /// Print the measured times relative to the wall time.
    #[arg(long)]
    print_rel_times: bool,
    /// Print the measured times in seconds.
    #[arg(long)]
    print_abs_times: bool,
    /// Print the columns useful while a run goes on (states, memory).
    #[arg(long)]
    print_more: bool,
    /// Comma-separated columns to print, e.g. 'Path,Time(s),ICov(%)'.
    #[arg(long, value_name = "COLUMNS")]
    print_columns: Option<String>,
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("{msg}");
    ExitCode::from(1)
}

pub fn main(a: KleeStatsArgs) -> ExitCode {
    if a.grafana {
        return fail("unsupported: --grafana (print the table, or --to-csv, instead)");
    }
    let Some(format) = Format::parse(&a.table_format) else {
        return fail(&format!("unsupported: --table-format={} (one of klee, csv, readable-csv, json)", a.table_format));
    };
    let dirs = stats_table::find_dirs(&a.dirs);
    if dirs.is_empty() {
        return fail("No KLEE output directory found");
    }
    if a.to_csv {
        if dirs.len() > 1 {
            return fail("Error: --to-csv only supports a single input directory");
        }
        return match stats_table::to_csv(&dirs[0]) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e),
        };
    }
    let cols = match (&a.print_columns, a.print_all, a.print_rel_times, a.print_abs_times, a.print_more) {
        (Some(c), ..) => Columns::Named(c.clone()),
        (None, true, ..) => Columns::All,
        (None, _, true, ..) => Columns::RelTimes,
        (None, _, _, true, _) => Columns::AbsTimes,
        (None, _, _, _, true) => Columns::More,
        _ => Columns::Default,
    };
    match stats_table::build(&dirs, &cols, format) {
        Ok(t) => {
            print!("{}", stats_table::render(&t, format));
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e),
    }
}
