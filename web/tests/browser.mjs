// Browser tests of the web front end, in Debian's chromium (headless) through
// playwright-core, against the site web/build.sh made (target/web, or ACEWEB_SITE):
//
// 1. the page boots; `2 3 + .` typed on the page's keyboard shows `5  OK` in video RAM;
//    the maze chosen from the bundled tapes menu loads, and RUN shows its title;
// 2. `2 3 + .` typed by the machine's queue: video RAM and the system variables equal
//    the native `aceemu run --headless` run's, byte for byte;
// 3. LOAD MAZE from the bundled tape (real tape speed, the deck pressing play by itself),
//    RUN, size 1, Watch to the end: the same comparison;
// 4. files the page cannot use (too large for their kind, nothing loadable) are refused
//    with a message, and the machine works on.
//
// Run: `node web/tests/browser.mjs` (after `npm ci --prefix web` and web/build.sh).

import { launchChromium, nativeAceemu, parseHexDump, serveSite } from './common.mjs';

const results = [];

async function test(name, body) {
  const started = Date.now();
  try {
    await body();
    results.push([name, 'ok']);
    console.log(`test ${name} ... ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.push([name, 'FAILED']);
    console.log(`test ${name} ... FAILED\n  ${String(e.stack || e).replace(/\n/g, '\n  ')}`);
  }
}

function asText(bytes) {
  // Video RAM holds ASCII, bit 7 for inverse video.
  return bytes.map((b) => String.fromCharCode(b & 0x7f)).join('');
}

function firstDifference(web, native, base) {
  const n = Math.max(web.length, native.length);
  for (let i = 0; i < n; i++) {
    if (web[i] !== native[i]) {
      const addr = base + i;
      return `first difference at 0x${addr.toString(16).toUpperCase()} (row ${Math.floor(i / 32)}, `
        + `column ${i % 32}): web ${web[i]}, native ${native[i]}`;
    }
  }
  return null;
}

// The same run in the browser (a fresh machine in the page) and natively; compares video
// RAM (0x2400, 768 bytes) and the system variables (0x3C00, 64 bytes).
// `webExtraFrames` runs the browser's machine that much longer (the control case).
async function compareWithNative(page, { ram, tape, speed, capsLock, type, frames, untilText,
  maxFrames, webExtraFrames = 0 }) {
  const web = await page.evaluate(async (o) => {
    const { Ace, runHeadless, ace } = window.aceApp;
    const a = await Ace.load('aceweb.wasm', ace.romBytes, o.ram);
    if (o.tape) {
      const bytes = new Uint8Array(await (await fetch(`tapes/${o.tape}`)).arrayBuffer());
      const err = a.insertTape(o.tape, bytes, o.speed);
      if (err) throw new Error(err);
    }
    if (o.capsLock) a.capsLockAtPrompt();
    const run = runHeadless(a, { type: o.type, frames: o.frames, untilText: o.untilText,
      maxFrames: o.maxFrames });
    a.runFrames(o.webExtraFrames);
    return { run, video: Array.from(a.videoRam()), sysvars: Array.from(a.memory(0x3c00, 64)),
      text: a.screenText() };
  }, { ram, tape, speed, capsLock, type, frames, untilText, maxFrames, webExtraFrames });

  const args = ['run', '--headless', '--ram', String(ram),
    '--type', type.replace(/\n/g, '\\n')];
  if (tape) args.push('--tape', `tapes/${tape}`, '--tape-speed', speed);
  if (capsLock) args.push('--caps-lock');
  if (untilText) args.push('--until-text', untilText, '--max-frames', String(maxFrames));
  else args.push('--frames', String(frames));
  args.push('--dump-mem', '0x2400:768', '--dump-mem', '0x3C00:64');
  const dump = parseHexDump(nativeAceemu(args));
  const native = { video: dump.slice(0, 768), sysvars: dump.slice(768) };
  if (native.video.length !== 768 || native.sysvars.length !== 64) {
    throw new Error(`native dump has ${dump.length} bytes, not 832`);
  }
  const diff = firstDifference(web.video, native.video, 0x2400)
    || firstDifference(web.sysvars, native.sysvars, 0x3c00);
  if (diff) {
    throw new Error(`web and native differ after ${web.run.frames} frames: ${diff}\n`
      + `web screen:\n${web.text}`);
  }
  return web;
}

const site = await serveSite();
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(site.url);
  await page.waitForFunction(() => window.aceApp !== undefined, null, { timeout: 20000 });

  await test('page_boots_and_types_2_3_plus_dot_from_the_keyboard', async () => {
    await page.click('#screen');
    await page.waitForTimeout(500); // the ROM reaches its prompt
    await page.keyboard.type('2 3 + .');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => Array.from(window.aceApp.ace.videoRam()).map((b) => String.fromCharCode(b & 0x7f))
        .join('').includes('5  OK'), null, { timeout: 20000 });
    const video = await page.evaluate(() => Array.from(window.aceApp.ace.videoRam()));
    if (!asText(video).includes('2 3 + . 5  OK')) {
      throw new Error(`video RAM does not show the line:\n${asText(video)}`);
    }
  });

  await test('bundled_tape_menu_loads_the_maze_and_types_load_and_run', async () => {
    await page.selectOption('#tapes', { label: 'A-Mouz-in-Mase (the maze game, Forth)' });
    await page.selectOption('#tape-speed', 'instant');
    await page.click('#load-bundled');
    // The page types LOAD MAZE and RUN; the tape loads at once; the title shows.
    await page.waitForFunction(() => window.aceApp.ace.screenText().includes('A-MOUZ-IN-MASE'),
      null, { timeout: 30000 });
    const hint = await page.textContent('#message');
    if (!hint.includes('Keys:')) throw new Error(`no key hint: ${hint}`);
  });

  // Every game of `aceemu play --list` is in the menu.
  await test('the_menu_lists_every_bundled_game', async () => {
    const menu = await page.$$eval('#tapes option', (os) => os.map((o) => o.textContent));
    for (const line of nativeAceemu(['play', '--list']).split('\n').slice(1)) {
      const name = line.trim().split(/\s+/)[0];
      if (!name) continue;
      const title = line.slice(line.indexOf(name) + name.length).trim().split(': types')[0];
      if (!menu.includes(title)) throw new Error(`${name} (${title}) not in the menu: ${menu}`);
    }
  });

  await test('a_tape_parameter_starts_a_bundled_game', async () => {
    const other = await browser.context.newPage();
    await other.goto(`${site.url}?tape=mazezam-mc`);
    await other.waitForFunction(() => window.aceApp !== undefined, null, { timeout: 20000 });
    await other.waitForFunction(
      () => window.aceApp.ace.screenText().includes('digits choose, ENTER plays'),
      null, { timeout: 60000 });
    const ram = await other.$eval('#ram', (s) => s.value);
    if (ram !== '35') throw new Error(`RAM ${ram} K, not the default 35 K`);
    await other.close();
  });

  // What the Ace SAVEs is offered as a .tap; F4 downloads a .ace snapshot.
  await test('a_save_is_offered_as_a_tap_and_f4_downloads_a_snapshot', async () => {
    const other = await browser.context.newPage();
    await other.goto(site.url);
    await other.waitForFunction(() => window.aceApp !== undefined, null, { timeout: 20000 });
    await other.evaluate(() => window.aceApp.ace.typeText(': HI 42 . ;\nSAVE hi\n'));
    await other.waitForFunction(() => !document.getElementById('saved').disabled
      && window.aceApp.ace.savedTap().length >= 2 + 26 + 2 + 2, null, { timeout: 60000 });
    const [download] = await Promise.all([other.waitForEvent('download'), other.click('#saved')]);
    if (download.suggestedFilename() !== 'aceemu-saved.tap') {
      throw new Error(`saved as ${download.suggestedFilename()}`);
    }
    const tap = await other.evaluate(() => Array.from(window.aceApp.ace.savedTap()));
    // The first block: length 26 (LE), then the header: type 0 (dictionary), name "hi".
    const name = String.fromCharCode(...tap.slice(3, 13));
    if (tap[0] !== 26 || tap[1] !== 0 || tap[2] !== 0 || name !== 'hi        ') {
      throw new Error(`not the header of hi: ${tap.slice(0, 16)}`);
    }
    await other.click('#screen');
    const [snap] = await Promise.all([other.waitForEvent('download'), other.keyboard.press('F4')]);
    if (!snap.suggestedFilename().endsWith('.ace')) {
      throw new Error(`F4 saved ${snap.suggestedFilename()}`);
    }
    await other.close();
  });

  await test('typing_2_3_plus_dot_matches_native_video_ram', async () => {
    const web = await compareWithNative(page, { ram: 19, type: '2 3 + .\n', frames: 50 });
    if (!asText(web.video).includes('5  OK')) {
      throw new Error(`no "5  OK" in video RAM:\n${web.text}`);
    }
  });

  // The control case: the comparison must see a run one frame longer (FRAMES differs).
  await test('comparison_control_one_frame_more_in_the_browser_differs', async () => {
    let caught = null;
    try {
      await compareWithNative(page, { ram: 19, type: '2 3 + .\n', frames: 50, webExtraFrames: 1 });
    } catch (e) {
      caught = String(e);
    }
    if (!caught || !caught.includes('first difference at 0x3C')) {
      throw new Error(`the comparison did not catch one frame more: ${caught}`);
    }
  });

  await test('maze_loaded_from_tape_and_watched_matches_native_video_ram', async () => {
    const web = await compareWithNative(page, {
      ram: 51, tape: 'maze.tap', speed: 'real', capsLock: true,
      type: 'LOAD MAZE\nRUN\n\\{ANYKEY} \\{Maze size}1\\{Watch?}w',
      untilText: 'mouse is out', maxFrames: 30000,
    });
    if (!web.run.found) throw new Error(`the mouse did not get out:\n${web.text}`);
    console.log(`  maze: ${web.run.frames} frames`);
  });

  // A 13.6 MB file that is no tape, opened as .tap, killed the page's machine for good;
  // now it is refused by its size before it is read, a small one with nothing loadable is
  // refused by what it holds (never "in the deck"), and the machine works on.
  await test('bad_files_are_refused_and_the_machine_works_on', async () => {
    const message = () => page.evaluate(() => document.getElementById('message').textContent);
    await page.setInputFiles('#file', { name: 'photo.tap', mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(13_600_000, 0x5a) });
    await page.waitForFunction(() => document.getElementById('message').textContent
      .includes('photo.tap'), null, { timeout: 10000 });
    let said = await message();
    if (!said.includes('more than the 4194304') || said.includes('is in the deck')) {
      throw new Error(`large file: ${said}`);
    }
    // Twenty 26-byte blocks, each read as a header, none with a good checksum.
    const noise = Buffer.concat(Array(20).fill(Buffer.from([26, 0, ...Array(25).fill(1), 0])));
    await page.setInputFiles('#file', { name: 'noise.tap', mimeType: 'application/octet-stream',
      buffer: noise });
    await page.waitForFunction(() => document.getElementById('message').textContent
      .includes('noise.tap'), null, { timeout: 10000 });
    said = await message();
    if (!said.includes('nothing on it can be loaded') || said.includes('is in the deck')) {
      throw new Error(`noise: ${said}`);
    }
    const text = await page.evaluate(async () => {
      const { Ace, runHeadless, ace } = window.aceApp;
      const a = await Ace.load('aceweb.wasm', ace.romBytes, 19);
      if (!a.insertTape('x.tap', new Uint8Array(5_000_000), 'real').includes('more than')) {
        throw new Error('a 5 MB TAP was not refused');
      }
      a.restart(); // what insertTape does after a trap: a new machine from the same module
      runHeadless(a, { type: '2 3 + .\n', frames: 50 });
      return a.screenText();
    });
    if (!text.includes('5  OK')) throw new Error(`restarted machine:\n${text}`);
  });

  await test('page_loaded_without_errors', async () => {
    if (problems.length) throw new Error(problems.join('\n'));
  });
} finally {
  await browser.close();
  site.close();
}

const failed = results.filter(([, r]) => r !== 'ok').length;
console.log(`browser tests: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
