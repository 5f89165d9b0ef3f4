// Emulated speed in the browser: how many times faster than real time the WebAssembly
// Ace runs in Debian's chromium, on two workloads, each measured in the same run:
//
// * boot: 2,000 frames from power-on (the ROM's start-up, then its line editor waiting);
// * maze: A-Mouz-in-Mase loaded at instant tape speed, then a size-1 maze built and
//   watched until the mouse is out (Forth at work: the game's generator and solver).
//
// The native build's speed on the maze workload (`aceemu run --headless`, wall time of the
// whole process, start-up included) is printed beside it when ACEEMU names a release
// binary. Run: `node web/tests/bench.mjs` after web/build.sh.

import { execFileSync } from 'node:child_process';
import { launchChromium, ROOT, serveSite } from './common.mjs';

const MAZE = 'LOAD MAZE\nRUN\n\\{ANYKEY} \\{Maze size}1\\{Watch?}w';
const site = await serveSite();
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => window.aceApp !== undefined, null, { timeout: 20000 });
  await page.evaluate(() => window.aceApp.setPaused(true));
  const r = await page.evaluate(async (maze) => {
    const { Ace, runHeadless, ace } = window.aceApp;
    const boot = await Ace.load('aceweb.wasm', ace.romBytes, 51);
    let t = performance.now();
    boot.runFrames(2000);
    const bootSeconds = (performance.now() - t) / 1000;
    const m = await Ace.load('aceweb.wasm', ace.romBytes, 51);
    const bytes = new Uint8Array(await (await fetch('tapes/maze.tap')).arrayBuffer());
    m.insertTape('maze.tap', bytes, 'instant');
    m.capsLockAtPrompt();
    t = performance.now();
    const run = runHeadless(m, { type: maze, untilText: 'mouse is out', maxFrames: 30000 });
    const mazeSeconds = (performance.now() - t) / 1000;
    return { bootSeconds, mazeFrames: run.frames, found: run.found, mazeSeconds };
  }, MAZE);
  if (!r.found) throw new Error('the maze run did not end with the mouse out');
  const boot = 2000 / 50 / r.bootSeconds;
  const maze = r.mazeFrames / 50 / r.mazeSeconds;
  console.log(`browser boot: 2000 frames in ${r.bootSeconds.toFixed(3)} s = ${boot.toFixed(0)}x real time`);
  console.log(`browser maze: ${r.mazeFrames} frames in ${r.mazeSeconds.toFixed(3)} s = ${maze.toFixed(0)}x real time`);
  if (process.env.ACEEMU) {
    const t = process.hrtime.bigint();
    execFileSync(process.env.ACEEMU, ['run', '--headless', '--ram', '51', '--tape', 'tapes/maze.tap',
      '--tape-speed', 'instant', '--caps-lock', '--type', MAZE.replace(/\n/g, '\\n'),
      '--until-text', 'mouse is out', '--max-frames', '30000'], { cwd: ROOT });
    const s = Number(process.hrtime.bigint() - t) / 1e9;
    console.log(`native maze (${process.env.ACEEMU}): ${s.toFixed(3)} s = ${(r.mazeFrames / 50 / s).toFixed(0)}x real time; browser/native ${(s / r.mazeSeconds).toFixed(2)}`);
  }
} finally {
  await browser.close();
  site.close();
}
