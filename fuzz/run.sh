#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer on stable Rust and runs one.
#
#   bash fuzz/run.sh TARGET [SECONDS] [libFuzzer options...]
#   bash fuzz/run.sh --build            # build all targets only
#   bash fuzz/run.sh --minimize TARGET  # merge new findings into the committed corpus
#   bash fuzz/run.sh --smoke [SECONDS]  # every target for SECONDS (default 10) from its corpus
#
# No nightly: the sanitizer-coverage passes libFuzzer needs are switched on by RUSTFLAGS,
# with an explicit --target so the flags do not reach build scripts and proc macros.
set -euo pipefail
cd "$(dirname "$0")"
triple="$(rustc -vV | sed -n 's/^host: //p')"
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing"
export CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-$PWD/target}"
cargo build --release --target "$triple" --bins
bin="$CARGO_TARGET_DIR/$triple/release"

case "${1:-}" in
  --build) exit 0 ;;
  --minimize)
    target="$2"
    mkdir -p "corpus/$target" "found/$target"
    # Keep only inputs that add coverage: the committed corpus stays small.
    mv "corpus/$target" "corpus/$target.old"
    mkdir -p "corpus/$target"
    "$bin/$target" -merge=1 "corpus/$target" "corpus/$target.old" "found/$target"
    rm -rf "corpus/$target.old"
    exit 0 ;;
  --smoke)
    # Each target from its committed corpus for a short time, nothing kept: a crash or a
    # hang fails the run.
    seconds="${2:-10}"
    for src in fuzz_targets/*.rs; do
      target="$(basename "$src" .rs)"
      scratch="$(mktemp -d)"
      echo "fuzz smoke: $target for $seconds s"
      "$bin/$target" "$scratch" "corpus/$target" -max_total_time="$seconds" -max_len=65536 \
        -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$scratch/" 2>"$scratch/log" || {
        tail -40 "$scratch/log" >&2
        echo "fuzz smoke: $target FAILED (input in $scratch)" >&2
        exit 1
      }
      grep -h '^Done\|^#.*DONE' "$scratch/log" | tail -1
      rm -rf "$scratch"
    done
    exit 0 ;;
  "") echo "usage: bash fuzz/run.sh TARGET [SECONDS] [libFuzzer options]" >&2; exit 2 ;;
esac

target="$1"
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))
mkdir -p "corpus/$target" "found/$target" "artifacts/$target"
# New inputs go to found/ (not committed); the committed corpus seeds the run.
exec "$bin/$target" "found/$target" "corpus/$target" \
  -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="artifacts/$target/" -print_final_stats=1 "$@"
