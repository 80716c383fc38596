//! --emit-relocs for the app's wasm build only: the linker keeps its
//! relocations in the module, which the splitter (wasm-split-cli, run by
//! tools/build/split-wasm.mjs) needs to move each game's screens into a chunk
//! of their own. They never reach dist/. Set here, not in .cargo/config.toml,
//! so that the workers (crate `workers`), which are not split, link as plain
//! modules that wasm-opt can read.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bin=grave-matters=--emit-relocs");
    }
}
