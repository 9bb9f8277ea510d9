#!/usr/bin/env node
// Fairy-Stockfish's WebAssembly build (npm package fairy-stockfish-nnue.wasm, installed
// by the user beside this script or in FSF_WASM_DIR) as a plain UCI engine on
// stdin/stdout, for benchmarks/bench_fsf.py. Glue only: nothing of the engine is here.
//
//   mkdir -p ~/.cache/fsf-wasm && cd ~/.cache/fsf-wasm && npm init -y && \
//     npm install fairy-stockfish-nnue.wasm
//   FSF_WASM_DIR=~/.cache/fsf-wasm node benchmarks/fsf_wasm_uci.js
"use strict";
const path = require("path");
const readline = require("readline");

// Node 18+ has fetch(), and the package's loader would then fetch the .wasm by a file
// path and fail; without fetch it reads the file from disk.
delete globalThis.fetch;

const dir = process.env.FSF_WASM_DIR || __dirname;
const pkg = path.join(dir, "node_modules", "fairy-stockfish-nnue.wasm");

async function main() {
  const Stockfish = require(path.join(pkg, "stockfish.js"));
  const engine = await Stockfish({ locateFile: (file) => path.join(pkg, file) });
  engine.addMessageListener((line) => process.stdout.write(line + "\n"));
  let quitting = false;
  const quit = () => {
    if (quitting) return;
    quitting = true;
    engine.postMessage("quit"); // the engine ends the process once it has read it
    setTimeout(() => process.exit(0), 5000).unref();
  };
  const input = readline.createInterface({ input: process.stdin, terminal: false });
  input.on("line", (raw) => {
    const line = raw.trim();
    if (!line || quitting) return;
    if (line === "quit") quit();
    else engine.postMessage(line); // queued by the engine while it starts
  });
  input.on("close", quit);
}

main().catch((err) => {
  process.stderr.write(`fsf_wasm_uci: ${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
