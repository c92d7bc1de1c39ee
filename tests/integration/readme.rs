//! The README tells the truth about the quickstart: its command, run as a newcomer runs it on an
//! empty target directory, builds few crates and prints exactly the output the README shows; the
//! types the README shows are the example's; each `cargo run` command it gives names a program
//! that exists; and it stays a front page, short enough to read.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    let path = root().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The body of the first fenced block of kind `kind` after the first line containing `after`.
fn block_after(text: &str, after: &str, kind: &str) -> String {
    let start = text
        .find(after)
        .unwrap_or_else(|| panic!("the README has no {after:?}"));
    let fence = format!("```{kind}\n");
    let body = text[start..].find(&fence).map_or_else(
        || panic!("no ```{kind} block after {after:?}"),
        |at| start + at + fence.len(),
    );
    let end = text[body..]
        .find("```\n")
        .unwrap_or_else(|| panic!("the ```{kind} block after {after:?} is not closed"));
    text[body..body + end].to_owned()
}

/// What the README promises a newcomer's first build costs at most.
const MOST_CRATES: usize = 40;

#[test]
fn the_quickstart_builds_few_crates_and_prints_what_the_readme_shows() {
    // The README's command, from the repository's root, on a target directory of its own that
    // starts empty every time (the registry's sources are already here: the test makes no
    // download): named after the test's process, so that two runs at once never build in (or
    // remove) the same folder.
    let target =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("quickstart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&target);
    let output = Command::new(env!("CARGO"))
        .args([
            "run",
            "--example",
            "quickstart",
            "--offline",
            "--target-dir",
        ])
        .arg(&target)
        .current_dir(root())
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .output()
        .expect("cargo runs");
    // Built, whatever the outcome: the folder is this run's alone, and large.
    let _ = std::fs::remove_dir_all(&target);
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{log}");

    let compiled: Vec<&str> = log
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("Compiling "))
        .collect();
    assert!(
        compiled.len() <= MOST_CRATES,
        "`cargo run --example quickstart` compiled {} crates, more than {MOST_CRATES}:\n{}",
        compiled.len(),
        compiled.join("\n")
    );
    for heavy in [
        "rmcp ",
        "tokio ",
        "criterion ",
        "proptest ",
        "trybuild ",
        "jsonschema ",
    ] {
        assert!(
            !compiled.iter().any(|c| c.starts_with(heavy)),
            "the quickstart built {heavy}"
        );
    }

    let printed = String::from_utf8(output.stdout).expect("the quickstart prints UTF-8");
    let shown = block_after(
        &read("README.md"),
        "`cargo run --example quickstart` prints",
        "text",
    );
    assert_eq!(
        shown, printed,
        "the README's quickstart output differs from what examples/quickstart.rs prints"
    );
}

#[test]
fn the_readme_shows_the_quickstarts_types() {
    let code = block_after(&read("README.md"), "## Quickstart", "rust");
    // From the first type's doc comment to the end of `struct Signup`.
    let start = code
        .find("/// A single choice")
        .expect("the README's quickstart code starts with the select");
    let signup = code.find("struct Signup {").expect("it declares Signup");
    let end = signup + code[signup..].find("\n}\n").expect("Signup is closed") + 3;
    let types = &code[start..end];
    assert!(
        read("examples/quickstart.rs").contains(types),
        "examples/quickstart.rs does not declare the types the README shows:\n{types}"
    );
}

#[test]
fn every_cargo_run_in_the_readme_names_a_program_that_exists() {
    let readme = read("README.md");
    let programs = read("examples/rmcp/Cargo.toml");
    let mut checked = 0;
    for line in readme.lines().filter(|l| l.starts_with("cargo run")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let after = |flag: &str| {
            let at = words.iter().position(|w| *w == flag)?;
            words.get(at + 1).copied()
        };
        if let Some(example) = after("--example") {
            assert!(
                root().join(format!("examples/{example}.rs")).exists(),
                "{line}: no examples/{example}.rs"
            );
        } else if let Some(bin) = after("--bin") {
            assert!(
                programs.contains(&format!("[[bin]]\nname = \"{bin}\"\n")),
                "{line}: no binary {bin} in examples/rmcp/Cargo.toml"
            );
        } else {
            panic!("{line}: names no program");
        }
        assert!(
            !words.contains(&"--features"),
            "{line}: the examples need no feature flag"
        );
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} `cargo run` lines found");
}

/// How long the README may grow: it is a front page, and the detail lives in the guide.
const MOST_LINES: usize = 300;

#[test]
fn the_readme_is_a_front_page() {
    let lines = read("README.md").lines().count();
    assert!(
        lines <= MOST_LINES,
        "the README has {lines} lines, more than {MOST_LINES}: move the detail into the guide \
         (src/guide/*.md)"
    );
}
