//! Writes the Murderers' Row position sample of issue 14 (the bench's,
//! `engine::murderers_row::sample`) as hint questions, one JSON line each,
//! for `tools/measure/measure-solver.mjs positions FILE`:
//!
//!   cargo run --release -p engine --example mr_sample -- FILE [games]
use engine::murderers_row::sample;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().unwrap_or_else(|| "mr-positions.jsonl".into());
    let games: u64 = args.next().and_then(|g| g.parse().ok()).unwrap_or(300);
    let lines: Vec<String> = sample::positions(games)
        .iter()
        .map(|p| serde_json::to_string(&p.question()).expect("a question"))
        .collect();
    std::fs::write(&file, lines.join("\n") + "\n").expect("the file is written");
    println!("{} questions written to {file}", lines.len());
}
