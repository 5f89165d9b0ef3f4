// Emulated speed in the browser: how many times faster than real time the WebAssembly
// Ace runs in Debian's chromium, on two workloads, each measured in the same run:
//
// * boot: 2,000 frames from power-on (the ROM's start-up, then its line editor waiting);
// * maze: A-Mouz-in-Mase loaded at instant tape speed, then a size-1 maze built and
//   watched until the mouse is out (Forth at work: the game's generator and solver).
//
// Times are CPU time (Linux /proc: the user and system time of chromium's processes, which
// are this script's descendants), so a busy machine does not change the ratios much; wall
// time is printed too. With ACEEMU naming a release binary, the native build runs the maze
// workload too (`aceemu run --headless`, the CPU time of the whole process, start-up
// included) and the browser/native ratio is printed. Run: `node web/tests/bench.mjs` after
// web/build.sh.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { launchChromium, ROOT, serveSite } from './common.mjs';

const TICKS = 100; // USER_HZ, the unit of /proc/PID/stat times

// Fields of /proc/PID/stat after the command name: [state, ppid, ...].
function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/// CPU seconds used so far by the live descendants of this process (chromium).
function descendantsCpu() {
  const parent = new Map();
  const times = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      const f = stat(name);
      parent.set(+name, +f[1]);
      times.set(+name, (+f[11] + +f[12]) / TICKS);
    } catch (e) { /* gone meanwhile */ }
  }
  let total = 0;
  for (const [pid, t] of times) {
    for (let p = parent.get(pid); p; p = parent.get(p)) {
      if (p === process.pid) { total += t; break; }
    }
  }
  return total;
}

/// CPU seconds of this process's children that have ended (the native run).
function childrenCpu() {
  const f = stat('self');
  return (+f[13] + +f[14]) / TICKS;
}

const MAZE = 'LOAD MAZE\nRUN\n\\{ANYKEY} \\{Maze size}1\\{Watch?}w';
const site = await serveSite();
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => window.aceApp !== undefined, null, { timeout: 20000 });
  await page.evaluate(() => window.aceApp.setPaused(true));
  const boot = await measure(page, (async () => {
    const { Ace, ace } = window.aceApp;
    const a = await Ace.load('aceweb.wasm', ace.romBytes, 51);
    const t = performance.now();
    a.runFrames(2000);
    return { frames: 2000, wall: (performance.now() - t) / 1000 };
  }).toString());
  const maze = await measure(page, `async () => {
    const { Ace, runHeadless, ace } = window.aceApp;
    const m = await Ace.load('aceweb.wasm', ace.romBytes, 51);
    const bytes = new Uint8Array(await (await fetch('tapes/maze.tap')).arrayBuffer());
    m.insertTape('maze.tap', bytes, 'instant');
    m.capsLockAtPrompt();
    const t = performance.now();
    const run = runHeadless(m, { type: ${JSON.stringify(MAZE)}, untilText: 'mouse is out',
      maxFrames: 30000 });
    if (!run.found) throw new Error('the maze run did not end with the mouse out');
    return { frames: run.frames, wall: (performance.now() - t) / 1000 };
  }`);
  report('browser boot', boot);
  report('browser maze', maze);
  if (process.env.ACEEMU) {
    const before = childrenCpu();
    const t = process.hrtime.bigint();
    execFileSync(process.env.ACEEMU, ['run', '--headless', '--ram', '51', '--tape', 'tapes/maze.tap',
      '--tape-speed', 'instant', '--caps-lock', '--type', MAZE.replace(/\n/g, '\\n'),
      '--until-text', 'mouse is out', '--max-frames', '30000'], { cwd: ROOT });
    const native = { frames: maze.frames, cpu: childrenCpu() - before,
      wall: Number(process.hrtime.bigint() - t) / 1e9 };
    report(`native maze (${process.env.ACEEMU})`, native);
    // Browser CPU time over native CPU time on the same work: how many times slower the
    // page is (1.0 = as fast as native; the goal is at most 1.5).
    console.log(`browser/native on the maze, by CPU time: ${(maze.cpu / native.cpu).toFixed(2)}`
      + ` (the browser takes ${(maze.cpu / native.cpu).toFixed(2)}x the native CPU time)`);
  }
} finally {
  await browser.close();
  site.close();
}

// Runs `source` (a function's text) in the page; adds the CPU time chromium used meanwhile.
async function measure(page, source) {
  const before = descendantsCpu();
  // eslint-disable-next-line no-new-func
  const r = await page.evaluate(`(${source})()`);
  return { ...r, cpu: descendantsCpu() - before };
}

function report(what, { frames, cpu, wall }) {
  const seconds = frames / 50;
  console.log(`${what}: ${frames} frames (${seconds.toFixed(0)} s of Ace time) in ${cpu.toFixed(2)} s CPU`
    + ` = ${(seconds / cpu).toFixed(0)}x real time (wall ${wall.toFixed(2)} s = ${(seconds / wall).toFixed(0)}x)`);
}
