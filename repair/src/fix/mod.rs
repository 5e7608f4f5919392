//! `se2repair fix`: the repair of a C project with tests.
//!
//! [`options`] (the settings and budgets), [`error`] (what stops a
//! repair), [`builds`] (how the project is built and its tests run),
//! [`rank`] (the candidate sites in order), [`literal`] (edits of
//! printed string literals, from the expected output), [`site`] (one site: its
//! search and the native validation of each term), [`tree`] (`--tree`),
//! [`outcome`] (how the repair, a site and a set end, as types),
//! [`behaviour`] (inputs near the tests), [`distinguish`] (inputs the VM
//! finds where two patches at one site differ), [`choice`] (the principles that
//! order the patches' behaviours), [`pool`] (the choice over every
//! validated patch, its report and its questions),
//! [`report`] (`report.json`, `patch.diff`, the summary), [`prepare`]
//! (the project resolved once for a repair), [`found`] (the report and the
//! pool under way), [`passes`] (the passes over the sites) and [`job`],
//! the whole repair in order. The searches themselves are [`crate::search`] and
//! [`crate::lazy`], which take one [`crate::search::SiteProblem`].

mod ahead;
pub mod antipattern;
pub mod behaviour;
pub mod builds;
pub mod choice;
mod closest;
pub mod distinguish;
pub mod error;
mod fixit;
mod found;
mod job;
pub mod literal;
mod locations;
pub mod options;
pub mod outcome;
mod passes;
pub mod patch;
pub mod pool;
mod prepare;
mod printed;
mod rank;
mod render;
pub mod report;
mod schemata;
mod site;
mod stmtedit;
mod tree;
pub mod verdict;

pub use behaviour::{End, Observed};
pub use error::FixError;
pub use job::{correct_on, fix};
pub use options::{AskWith, CliOverrides, FixOptions, Search};
pub use outcome::{SiteResult, Status};
pub use patch::{Attempt, Patch, TestResult};
pub use report::{summary, Progress, Report};
pub use verdict::{Answer, Ask, QuestionKind};
