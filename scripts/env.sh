# Sourced by scripts/setup, scripts/serve and scripts/test (not run directly):
# the repository root as ROOT and the tool paths on PATH.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
# cargo-installed tools (trunk, wasm-bindgen), then the project's own npm
# tools (wasm-opt from binaryen, playwright) so that Trunk finds wasm-opt.
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# Browsers come from Debian (/usr/bin/chromium); npm must never fetch one.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export DEBIAN_FRONTEND=noninteractive
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
