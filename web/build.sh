#!/usr/bin/env bash
# Builds the web front end into a static site: `web/build.sh [OUT]` (default target/web).
# Serve it with any static web server, e.g. `python3 -m http.server -d target/web 8000`.
#
# The machine (crates/acecore) is compiled to WebAssembly by crates/aceweb with Debian's
# Rust 1.63 and its wasm32 standard library (apt-get install rustc cargo
# libstd-rust-dev-wasm32 lld; binaryen for wasm-opt, optional), offline, from the
# dependencies vendored in crates/aceweb/vendor; ACEWEB_RUSTC / ACEWEB_CARGO name another toolchain that has the
# wasm32-unknown-unknown target. The open ROM comes from the native aceemu (`aceemu rom
# save`), which assembles it from roms/openace with crates/aceasm, so the page always
# runs what the sources assemble to.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/target/web}"
rustc_bin="${ACEWEB_RUSTC:-/usr/bin/rustc}"
cargo_bin="${ACEWEB_CARGO:-/usr/bin/cargo}"
for tool in "$rustc_bin" "$cargo_bin"; do
  if [ ! -x "$tool" ]; then
    echo "web/build.sh: $tool not found: apt-get install rustc cargo libstd-rust-dev-wasm32 lld" >&2
    exit 1
  fi
done
wasm_target="${ACEWEB_TARGET_DIR:-$root/target/aceweb}"
# bulk-memory (every browser since 2021): a fill or copy is one memory.fill/memory.copy
# instead of compiler_builtins' byte loop; the silent sound of an idle frame is such a fill
# (benches/README.md: the idle prompt ~20 % faster in V8).
(cd "$root/crates/aceweb" &&
  CARGO_TARGET_DIR="$wasm_target" RUSTC="$rustc_bin" \
    RUSTFLAGS="--remap-path-prefix=$root=aceemu -C target-feature=+bulk-memory" \
    "$cargo_bin" build --quiet --release \
    --locked --offline --target wasm32-unknown-unknown)
mkdir -p "$out/tapes"
wasm="$wasm_target/wasm32-unknown-unknown/release/aceweb.wasm"
# wasm-opt -O3 (Debian's binaryen) when it is there: the module then runs the idle prompt
# about a fifth faster in V8 (benches/README.md). Without it the site still builds, with
# the module as rustc made it (same behaviour, slower). ACEWEB_WASM_OPT names another one.
wasm_opt="${ACEWEB_WASM_OPT:-wasm-opt}"
if command -v "$wasm_opt" >/dev/null 2>&1; then
  "$wasm_opt" -O3 --enable-bulk-memory "$wasm" -o "$out/aceweb.wasm"
else
  echo "web/build.sh: $wasm_opt not found (apt-get install binaryen): the WebAssembly is not optimised further" >&2
  cp "$wasm" "$out/aceweb.wasm"
fi
cp "$root"/web/{index.html,style.css,app.js,emulator.js} "$out/"
(cd "$root" && cargo run --quiet --bin aceemu -- rom save --force "$out/openace.rom" >/dev/null)
cp "$root"/tapes/*.tap "$out/tapes/"
# The menu: the bundled games' table (src/tape/bundled.rs, the one `aceemu play` uses):
# what to type to start each, its keys, the RAM it needs.
(cd "$root" && cargo run --quiet --bin aceemu -- play --list --json >"$out/tapes/tapes.json")
echo "web/build.sh: built $out ($(stat -c %s "$out/aceweb.wasm") bytes of wasm)"
