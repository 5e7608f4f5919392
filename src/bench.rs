//! `se2repair bench`: placeholder replaced below.
use clap::Args;
use std::process::ExitCode;
#[derive(Args)]
pub struct BenchArgs {}
pub fn main(_: BenchArgs) -> ExitCode {
    ExitCode::SUCCESS
}
