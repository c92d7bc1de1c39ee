//! The forms the fuzzers parse answers into: every kind of field, bound and format.

use std::collections::{BTreeSet, HashSet};

use mcp_elicit::Elicit;

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
pub enum Plan {
    #[elicit(title = "Free")]
    Free,
    Pro,
    #[elicit(rename = "team-plan")]
    Team,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Topic {
    A,
    B,
    C,
    D,
}

/// Every kind of field, with bounds, lengths, formats, defaults and options.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Everything {
    #[elicit(min_length = 2, max_length = 8)]
    pub text: String,
    #[elicit(format = "email")]
    pub email: Option<String>,
    #[elicit(format = "uri")]
    pub uri: Option<String>,
    #[elicit(format = "date")]
    pub date: Option<String>,
    #[elicit(format = "date-time", default = "2025-11-25T09:30:00Z")]
    pub date_time: String,
    #[elicit(minimum = 13)]
    pub small: u8,
    pub signed: Option<i16>,
    pub wide: Option<u64>,
    #[elicit(minimum = -5, maximum = 5, default = 0)]
    pub bounded: i64,
    pub single_float: Option<f32>,
    #[elicit(minimum = -0.5, maximum = 1e10)]
    pub double: Option<f64>,
    #[elicit(default = false)]
    pub flag: bool,
    pub plan: Plan,
    #[elicit(default = Plan::Pro)]
    pub plan_with_default: Option<Plan>,
    #[elicit(min_items = 1, max_items = 3)]
    pub topics: Vec<Topic>,
    pub topic_set: Option<HashSet<Topic>>,
    #[elicit(default = [Topic::A])]
    pub topic_tree: BTreeSet<Topic>,
    pub day: Option<chrono::NaiveDate>,
    pub at: Option<chrono::DateTime<chrono::FixedOffset>>,
    pub link: Option<url::Url>,
}
