//! Compile-fail cases: every mistake the derive refuses, with the exact message a user reads.
//!
//! The messages are the compiler's as much as ours, so they are pinned to the compiler they were
//! written against; another compiler skips them rather than failing on reworded notes.

use std::path::{Path, PathBuf};

#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the expected compiler output is written for Rust 1.95"
)]
#[test]
fn ui() {
    translation_fixtures();
    let t = trybuild::TestCases::new();
    t.compile_fail("*/*.rs");
}

/// `translations(path = "translations/<case>", ..)` reads its folder beside the Cargo.toml of
/// the crate that compiles the case: trybuild's own project, under the target directory. The
/// `.ftl` files beside the cases are copied there.
fn translation_fixtures() {
    let project = target_directory()
        .join("tests")
        .join("trybuild")
        .join(env!("CARGO_PKG_NAME"))
        .join("translations");
    let _ = std::fs::remove_dir_all(&project);
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("translations");
    copy_folders(&fixtures, &project);
}

/// The target directory, as trybuild finds it: cargo's metadata.
fn target_directory() -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = std::process::Command::new(cargo)
        .args(["metadata", "--format-version=1", "--no-deps"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata gives JSON");
    PathBuf::from(
        metadata["target_directory"]
            .as_str()
            .expect("cargo metadata names the target directory"),
    )
}

/// Copies the folders under `from` (the fixtures, not the cases beside them) to `to`.
fn copy_folders(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("the fixtures are readable") {
        let path = entry.expect("the fixtures are readable").path();
        let target = to.join(path.file_name().expect("a file has a name"));
        if path.is_dir() {
            std::fs::create_dir_all(&target).expect("the trybuild project is writable");
            copy_folders(&path, &target);
        } else if path.extension().is_some_and(|ext| ext == "ftl") {
            std::fs::copy(&path, &target).expect("the trybuild project is writable");
        }
    }
}
