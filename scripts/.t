#!/usr/bin/env bash
# The project's full check: setup, formatting, native tests, clippy (engine and
# the wasm app, warnings denied), benches compile, release build + bundle size,
# browser tests in headless Debian Chromium. Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

timings=()
run_started=$SECONDS
current=""
summary() {
  local status=$?
  echo
  echo "== stage timings"
  local t
  for t in "${timings[@]}"; do echo "  $t"; done
  if [ -n "$current" ]; then echo "  FAILED in stage: $current"; fi
  echo "  total: $((SECONDS - run_started))s"
  if [ "$status" -eq 0 ]; then echo "scripts/test: OK"; else echo "scripts/test: FAILED (exit $status)"; fi
}
trap summary EXIT

stage() { # stage <name> <command...>
  current=$1
  shift
  echo
  echo "== $current: $*"
  local start=$SECONDS
  "$@" || echo "!! stage failed (exit $?), continuing for timing"
  timings+=("$(printf '%-34s %5ss' "$current" "$((SECONDS - start))")")
  current=""
}

stage "setup" scripts/setup
stage "cargo fmt --check" cargo fmt --all -- --check
stage "native tests" cargo test --workspace --no-fail-fast
stage "clippy engine" cargo clippy -p engine --all-targets -- -D warnings
stage "clippy app (wasm32)" cargo clippy -p grave-matters --target wasm32-unknown-unknown -- -D warnings
stage "benches compile" cargo bench -p engine --no-run
stage "trunk build --release" trunk build --release
stage "bundle size" scripts/bundle-size dist
stage "browser tests (playwright)" npx playwright test
