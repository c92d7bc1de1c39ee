#!/usr/bin/env bash
# Fuzzes the entry points of untrusted input, and the format checks against their plain readings,
# with cargo-fuzz (libFuzzer), each for the given number of seconds (default 300), starting from
# the seeds in fuzz/seeds/ and keeping what it finds in a corpus outside the repository.
# cargo-fuzz needs nightly compiler flags; on the stable toolchain, RUSTC_BOOTSTRAP=1 allows them.
#
# Usage: scripts/fuzz.sh [seconds] [corpus-dir]      (installs cargo-fuzz if it is missing)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-300}
corpus=${2:-${TMPDIR:-/tmp}/mcp-elicit-corpus}
command -v cargo-fuzz > /dev/null || cargo install cargo-fuzz
cd "$root/fuzz"
for target in from_content from_result schema_validate client_side formats rounds acp_answer page_body; do
  mkdir -p "$corpus/$target"
  echo "== $target, $seconds s"
  RUSTC_BOOTSTRAP=1 cargo fuzz run -O "$target" "$corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -print_final_stats=1 2>&1 |
    grep -E '^Done|stat::number_of_executed_units|stat::new_units_added|stat::peak_rss|ERROR|panicked|artifact'
done
