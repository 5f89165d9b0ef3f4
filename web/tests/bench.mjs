// The web page against native aceemu on the same work, by CPU time: how many times the
// CPU time the WebAssembly Ace takes in Debian's chromium the native build takes (1.0 =
// as fast as native; the goal is at most 1.5).
//
// Two workloads, each identical on both sides (the open ROM in a 51 K Ace, the same typed
// program, the same frames, each frame run as the page runs it: the machine's frame, then
// its sound taken):
//
// * busy: `aceemu bench`'s busy Forth loop typed at the prompt, then FRAMES frames;
// * idle: the ROM at its prompt from 200 frames after power-on, then FRAMES frames.
//
// Native: `aceemu bench --web-workload NAME:FRAMES` (ACEEMU, default target/release/aceemu)
// prepares the machine and prints the process's CPU time for the measured frames alone.
// Browser: the page's own module (`aceweb.wasm`, one instance, powered on afresh for each
// round) prepares the same machine, then one synchronous `run_frames(FRAMES)` call is
// timed: CPU time of the thread that ran it (Linux schedstat, nanoseconds, of chromium's
// threads, which are this script's descendants) and wall time by performance.now(). The
// page's own loop is paused, so no timer runs in between. Both sides then hash the 64 KB
// the CPU sees and count frames; the bench stops if they differ (not the same work).
//
// A warm-up run first lets V8 compile the hot functions with its optimising tier; then
// ROUNDS rounds alternate native and browser (the order swapped every round), and the
// median ratio and its spread are printed. Run after web/build.sh and cargo build
// --release: `ACEWEB_SITE=... node web/tests/bench.mjs`. Environment: BENCH_ROUNDS (5),
// BENCH_BUSY_FRAMES (50000), BENCH_IDLE_FRAMES (500000), BENCH_JS_FLAGS (V8 flags for
// chromium, for diagnosis).

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, ROOT, serveSite } from './common.mjs';

// The same text as aceemu's frontend::bench::BUSY_FORTH (the hash check catches a drift).
const BUSY_FORTH =
  '0 VARIABLE V : T BEGIN 100 0 DO I V @ + V ! I DUP 1+ SWAP DROP DROP LOOP 0 UNTIL ; T\n';
const ROUNDS = +(process.env.BENCH_ROUNDS || 5);
const FRAMES = {
  busy: +(process.env.BENCH_BUSY_FRAMES || 50000),
  idle: +(process.env.BENCH_IDLE_FRAMES || 500000),
};
const NATIVE = process.env.ACEEMU || join(ROOT, 'target/release/aceemu');
if (!existsSync(NATIVE)) throw new Error(`${NATIVE} not found: cargo build --release, or set ACEEMU`);

// ----- CPU time of chromium's threads ------------------------------------------------------

function parentOf(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return +text.slice(text.lastIndexOf(')') + 2).split(' ')[1];
}

/// Nanoseconds on a CPU so far of every thread of this process's live descendants, by
/// "pid/tid".
function threadCpu() {
  const parent = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try { parent.set(+name, parentOf(name)); } catch (e) { /* gone meanwhile */ }
  }
  const times = new Map();
  for (const pid of parent.keys()) {
    let p = parent.get(pid);
    while (p && p !== process.pid) p = parent.get(p);
    if (p !== process.pid) continue;
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const ns = +readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0];
        times.set(`${pid}/${tid}`, ns);
      }
    } catch (e) { /* gone meanwhile */ }
  }
  return times;
}

/// CPU seconds between two threadCpu() snapshots: of the busiest thread, and of all.
function cpuBetween(before, after) {
  let busiest = 0;
  let all = 0;
  for (const [id, ns] of after) {
    const d = (ns - (before.get(id) || 0)) / 1e9;
    all += d;
    busiest = Math.max(busiest, d);
  }
  return { busiest, all };
}

// ----- the two sides ---------------------------------------------------------------------

function native(workload, frames) {
  const line = execFileSync(NATIVE, ['bench', '--web-workload', `${workload}:${frames}`],
    { cwd: ROOT, encoding: 'utf8' });
  const f = Object.fromEntries(line.trim().split(' ').map((kv) => kv.split('=')));
  return { cpu: +f.cpu, wall: +f.wall, frameCount: +f.frame_count, memory: f.memory };
}

async function browserRun(page, workload, frames) {
  await page.evaluate(([w, text]) => window.benchPrepare(w, text), [workload, BUSY_FORTH]);
  const before = threadCpu();
  const wall = await page.evaluate((n) => window.benchRun(n), frames);
  const cpu = cpuBetween(before, threadCpu());
  const state = await page.evaluate(() => window.benchState());
  return { cpu: cpu.busiest, chromium: cpu.all, wall, ...state };
}

// Put into the page: power on afresh and prepare a workload as bench_web.rs does; run
// frames timed; the state to compare. FNV-1a as in bench_web.rs (its test vectors are
// checked here too).
function pageSide() {
  const { ace } = window.aceApp;
  const fnv1a = (bytes) => {
    let h = 0x811c9dc5;
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
    return h;
  };
  const enc = (s) => new TextEncoder().encode(s);
  if (fnv1a(enc('')) !== 0x811c9dc5 || fnv1a(enc('a')) !== 0xe40c292c
    || fnv1a(enc('foobar')) !== 0xbf9cf968) throw new Error('FNV-1a is wrong');
  window.benchPrepare = (workload, text) => {
    ace.power(ace.romBytes, 51);
    if (workload === 'busy') {
      ace.typeText(text);
      for (let i = 0; i < 2000 && !ace.x.typing_done(); i++) ace.runFrame();
      if (!ace.x.typing_done()) throw new Error('the busy Forth loop was not typed in');
      ace.runFrames(50);
    } else {
      ace.runFrames(200);
    }
  };
  window.benchRun = (n) => {
    const t = performance.now();
    ace.runFrames(n);
    return (performance.now() - t) / 1000;
  };
  window.benchState = () => ({
    frameCount: ace.frames,
    memory: fnv1a(ace.memory(0, 0x10000)).toString(16).padStart(8, '0'),
  });
}

// ----- the rounds --------------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const site = await serveSite();
const jsFlags = process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : [];
const browser = await launchChromium(jsFlags);
try {
  const page = await browser.context.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => window.aceApp !== undefined, null, { timeout: 20000 });
  await page.evaluate(() => window.aceApp.setPaused(true));
  await page.evaluate(`(${pageSide.toString()})()`);
  console.log(`native: ${NATIVE}; browser: ${process.env.CHROMIUM || '/usr/bin/chromium'}`
    + `${jsFlags.length ? ` ${jsFlags[0]}` : ''}; ${ROUNDS} rounds`);
  // Warm-up: both workloads for about a tenth of their frames, then a pause for V8's
  // background compiler to finish.
  for (const w of Object.keys(FRAMES)) await browserRun(page, w, Math.ceil(FRAMES[w] / 10));
  await new Promise((ok) => setTimeout(ok, 2000));
  const results = { busy: [], idle: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const w of Object.keys(FRAMES)) {
      const sides = {};
      for (const side of round % 2 ? ['browser', 'native'] : ['native', 'browser']) {
        sides[side] = side === 'native' ? native(w, FRAMES[w]) : await browserRun(page, w, FRAMES[w]);
      }
      const { native: n, browser: b } = sides;
      if (n.memory !== b.memory || n.frameCount !== b.frameCount) {
        throw new Error(`${w}: not the same work: native ended at frame ${n.frameCount} with `
          + `memory hash ${n.memory}, the browser at frame ${b.frameCount} with ${b.memory}`);
      }
      const ratio = b.cpu / n.cpu;
      results[w].push({ n, b, ratio });
      console.log(`round ${round + 1} ${w}: ${FRAMES[w]} frames; native ${n.cpu.toFixed(3)} s CPU`
        + ` (${n.wall.toFixed(3)} s wall), browser ${b.cpu.toFixed(3)} s CPU (${b.wall.toFixed(3)}`
        + ` s wall, all of chromium ${b.chromium.toFixed(3)} s CPU); browser/native ${ratio.toFixed(2)}`);
    }
  }
  for (const [w, rs] of Object.entries(results)) {
    const ratios = rs.map((r) => r.ratio);
    const fps = (side) => median(rs.map((r) => FRAMES[w] / r[side].cpu));
    console.log(`${w}: browser/native by CPU time, median ${median(ratios).toFixed(2)}`
      + ` (spread ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}, ${rs.length}`
      + ` rounds); median frames per CPU second: native ${fps('n').toFixed(0)},`
      + ` browser ${fps('b').toFixed(0)} (goal: browser/native at most 1.5)`);
  }
} finally {
  await browser.close();
  site.close();
}
