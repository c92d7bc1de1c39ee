#!/usr/bin/env bash
# The compile-time cost of #[derive(Elicit)]: N generated form structs deriving Elicit, against the
# same structs deriving serde::Deserialize + schemars::JsonSchema (what a server needs without this
# crate: a schema and a parser). For each N, two dev builds are timed after the dependencies are
# built: a clean build of the crate alone, and an incremental one after an edit. Last, a crate
# using mcp-elicit and serde's derive is checked to compile one syn, not two (`cargo tree -d`).
#
# Usage: scripts/compile-cost.sh [N ...]        (default: 50 200)
# Prints a Markdown table. Needs the registry (crates are fetched once).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sizes=("${@:-50 200}")
read -r -a sizes <<< "${sizes[*]}"

manifest() { # name, variant
  cat <<TOML
[package]
name = "$1"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
TOML
  if [ "$2" = elicit ]; then
    echo "mcp-elicit = { path = \"$root\" }"
  else
    echo 'serde = { version = "1.0.229", features = ["derive"] }'
    echo 'schemars = "1.2.3"'
  fi
}

source_file() { # variant, count
  local variant=$1 count=$2
  if [ "$variant" = elicit ]; then
    cat <<'RS'
use mcp_elicit::Elicit;

#[derive(Elicit, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
pub enum Plan {
    #[elicit(title = "Free")]
    Free,
    #[elicit(title = "Pro")]
    Pro,
}

#[derive(Elicit, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
pub enum Topic {
    Releases,
    Events,
}
RS
    for ((i = 0; i < count; i++)); do
      cat <<RS

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
pub struct Form$i {
    /// Your name
    #[elicit(min_length = 1, max_length = 100)]
    pub name: String,
    #[elicit(format = "email")]
    pub email: String,
    #[elicit(minimum = 0, maximum = 1000)]
    pub count: u32,
    pub flag: bool,
    pub note: Option<String>,
    pub plan: Plan,
    pub topics: Vec<Topic>,
    #[elicit(minimum = 0.0, maximum = 1.0)]
    pub ratio: f64,
}
RS
    done
  else
    cat <<'RS'
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[schemars(inline)]
#[schemars(extend("type" = "string"))]
#[serde(rename_all = "lowercase")]
pub enum Plan {
    #[schemars(title = "Free")]
    Free,
    #[schemars(title = "Pro")]
    Pro,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[schemars(inline)]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    Releases,
    Events,
}
RS
    for ((i = 0; i < count; i++)); do
      cat <<RS

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Form$i {
    /// Your name
    #[schemars(length(min = 1, max = 100))]
    pub name: String,
    #[schemars(email)]
    pub email: String,
    #[schemars(range(min = 0, max = 1000))]
    pub count: u32,
    pub flag: bool,
    pub note: Option<String>,
    pub plan: Plan,
    pub topics: Vec<Topic>,
    #[schemars(range(min = 0.0, max = 1.0))]
    pub ratio: f64,
}
RS
    done
  fi
}

seconds() { # command...: the wall-clock seconds it took
  local start end ms
  start=$(date +%s%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  printf '%d.%02d' $((ms / 1000)) $(((ms % 1000) / 10))
}

echo "| structs | derive | clean build of the crate (s) | incremental build after an edit (s) |"
echo "|---|---|---|---|"
for n in "${sizes[@]}"; do
  for variant in elicit serde; do
    name="forms-$variant-$n"
    dir="$work/$name"
    mkdir -p "$dir/src"
    manifest "$name" "$variant" > "$dir/Cargo.toml"
    source_file "$variant" "$n" > "$dir/src/lib.rs"
    export CARGO_TARGET_DIR="$work/target-$variant"
    # The dependencies, once, untimed.
    (cd "$dir" && cargo build -q)
    (cd "$dir" && cargo clean -q -p "$name")
    clean=$(cd "$dir" && seconds cargo build -q)
    echo "// edited" >> "$dir/src/lib.rs"
    incremental=$(cd "$dir" && seconds cargo build -q)
    label=$([ "$variant" = elicit ] && echo "Elicit" || echo "Deserialize + JsonSchema")
    echo "| $n | $label | $clean | $incremental |"
  done
done

# One syn: a crate with mcp-elicit and serde's derive compiles syn once.
check="$work/one-syn"
mkdir -p "$check/src"
cat > "$check/Cargo.toml" <<TOML
[package]
name = "one-syn"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
mcp-elicit = { path = "$root" }
serde = { version = "1.0.229", features = ["derive"] }
TOML
echo "" > "$check/src/lib.rs"
echo
syns=$(cd "$check" && cargo tree -q -e normal,build --prefix none | grep -E '^syn v' | sed 's/ (\*)//' | sort -u)
echo "syn in a crate using mcp-elicit and serde's derive:"
echo "$syns" | sed 's/^/    /'
if [ "$(echo "$syns" | wc -l)" -ne 1 ]; then
  echo "more than one syn is compiled" >&2
  exit 1
fi
duplicates=$(cd "$check" && cargo tree -q -d -e normal,build)
echo "cargo tree -d: ${duplicates:-no duplicate crates}"
