// The page: the Ace's screen on a canvas, the keyboard, sound, the tape deck and buttons.
// Everything runs from files beside this one (no network once loaded, no framework).

import { Ace, runHeadless } from './emulator.js';

const $ = (id) => document.getElementById(id);
const canvas = $('screen');
const ctx2d = canvas.getContext('2d');
const image = ctx2d.createImageData(256, 192);
let ace = null;
let paused = false;
let tapes = [];
let audio = null;
let audioTime = 0;

// A message under the screen; `seconds` later it goes (a game's key hint should not stay
// for the whole game).
let sayTimer = null;
function say(text, seconds = 0) {
  $('message').textContent = text;
  clearTimeout(sayTimer);
  if (seconds) sayTimer = setTimeout(() => { $('message').textContent = ''; }, seconds * 1000);
}

async function fetchBytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  return new Uint8Array(await r.arrayBuffer());
}

async function start() {
  const rom = await fetchBytes('openace.rom');
  ace = await Ace.load('aceweb.wasm', rom, +$('ram').value);
  window.aceApp = { ace, Ace, runHeadless, setPaused };
  try {
    tapes = await (await fetch('tapes/tapes.json')).json();
  } catch (e) {
    tapes = [];
  }
  for (const [i, t] of tapes.entries()) {
    const opt = document.createElement('option');
    opt.value = i;
    opt.textContent = t.title;
    $('tapes').append(opt);
  }
  setScale();
  $('status').textContent = 'running: click the screen and type';
  canvas.focus();
  requestAnimationFrame(tick);
  await tapeFromAddress();
}

// `?tape=maze` or `#maze`: a bundled game, started; `?tape=URL`: a file from there, in the
// deck (or, a .ace, loaded).
async function tapeFromAddress() {
  const asked = new URLSearchParams(location.search).get('tape')
    || decodeURIComponent(location.hash.slice(1));
  if (!asked) return;
  const game = tapes.findIndex((t) => t.name === asked.toLowerCase()
    || t.file === asked.toLowerCase());
  try {
    if (game >= 0) {
      $('tapes').value = String(game);
      await loadBundled();
    } else {
      const url = new URL(asked, location.href);
      const name = decodeURIComponent(url.pathname.split('/').pop()) || 'tape.tap';
      insert(name, await fetchBytes(url.href));
    }
  } catch (e) {
    say(`?tape=${asked}: ${e.message || e} (the bundled games are ${tapes.map((t) => t.name).join(', ')})`);
  }
}

// ----- running ---------------------------------------------------------------------------

let last = performance.now();
let ticks = 0;
let owed = 0;

function tick(now) {
  const dt = Math.min(now - last, 100);
  last = now;
  if (!paused) {
    const speed = +$('speed').value;
    if (speed === 0 || ace.flatOut()) {
      const until = performance.now() + 14;
      do { ace.runFrame(); } while (performance.now() < until);
      owed = 0;
      ace.takeAudio(); // too fast to listen to
    } else {
      owed += (dt * 50 * speed) / 1000;
      const n = Math.min(Math.floor(owed), 25 * speed);
      owed = Math.min(owed - n, 2);
      for (let i = 0; i < n; i++) ace.runFrame();
      playSound(ace.takeAudio(), speed === 1);
    }
  }
  image.data.set(ace.pixels());
  ctx2d.putImageData(image, 0, 0);
  $('tape-status').textContent = ace.tapeStatus();
  if (++ticks % 30 === 0) checkSaved();
  requestAnimationFrame(tick);
}

function setPaused(p) {
  paused = p;
  $('pause').textContent = p ? 'Go on' : 'Pause';
  $('status').textContent = p ? 'paused' : 'running';
}

// ----- sound -----------------------------------------------------------------------------

function ensureAudio() {
  if (audio || !$('sound').checked) return;
  const AudioContext = window.AudioContext || window.webkitAudioContext;
  if (!AudioContext) return;
  audio = new AudioContext();
  ace.setAudioRate(audio.sampleRate);
  audioTime = 0;
}

function playSound(samples, listen) {
  if (!audio || !listen || !$('sound').checked || samples.length === 0) return;
  if (audio.state === 'suspended') audio.resume();
  const buffer = audio.createBuffer(1, samples.length, audio.sampleRate);
  buffer.copyToChannel(samples, 0);
  const source = audio.createBufferSource();
  source.buffer = buffer;
  source.connect(audio.destination);
  // Queue behind what is playing; start again a little ahead after a gap or a lag.
  const now = audio.currentTime;
  if (audioTime < now || audioTime > now + 0.3) audioTime = now + 0.05;
  source.start(audioTime);
  audioTime += buffer.duration;
}

// ----- keyboard --------------------------------------------------------------------------

// Keys with no character the Ace has: [modifiers (1 SHIFT, 2 SYMBOL SHIFT), Ace key], as
// aceemu's window (src/frontend/host_keys.rs).
const SPECIAL = {
  Enter: [0, '\n'], NumpadEnter: [0, '\n'],
  Backspace: [1, '0'], Escape: [1, ' '],
  ArrowLeft: [1, '5'], ArrowUp: [1, '6'], ArrowDown: [1, '7'], ArrowRight: [1, '8'],
  CapsLock: [1, '2'], Insert: [1, '4'], Tab: [1, '9'], Delete: [1, '1'],
};
// The window's keys (src/frontend/window.rs): F1 help, F2 screenshot, F3 open, F5 reset,
// F6 tape play/stop, F7 rewind, F8 speed, F9 pause, F10 turbo; F11 is full screen here.
const COMMANDS = {
  F1: () => { $('help').open = !$('help').open; },
  F2: screenshot,
  F3: () => $('file').click(),
  F4: saveSnapshot,
  F5: () => ace.reset(),
  F6: toggleTape,
  F7: () => ace.tapeRewind(),
  F8: nextSpeed,
  F9: () => setPaused(!paused),
  F10: turbo,
  F11: fullScreen,
};

// F8: 1x, 2x, 5x, flat out, then 1x again, as the menu lists them.
function nextSpeed() {
  const menu = $('speed');
  menu.selectedIndex = (menu.selectedIndex + 1) % menu.options.length;
  say(`speed ${menu.options[menu.selectedIndex].textContent}`);
}

// F10: flat out, or back to the speed before.
let speedBeforeTurbo = '1';
function turbo() {
  const menu = $('speed');
  if (menu.value === '0') {
    menu.value = speedBeforeTurbo;
  } else {
    speedBeforeTurbo = menu.value;
    menu.value = '0';
  }
  say(`speed ${menu.options[menu.selectedIndex].textContent}`);
}

function fullScreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else canvas.requestFullscreen().catch((e) => say(`no full screen: ${e.message || e}`));
}
const keyIds = new Map();
let tapeRunning = false;

function keyId(code) {
  if (!keyIds.has(code)) keyIds.set(code, keyIds.size + 1);
  return keyIds.get(code);
}

// Keys go to the Ace except while a menu or the file chooser has the focus (after a click
// on a button they go to the Ace: Space and Enter then type, not press the button again).
function forAce(e) {
  const t = e.target;
  return !(t instanceof HTMLInputElement || t instanceof HTMLSelectElement
    || t instanceof HTMLElement && t.tagName === 'SUMMARY');
}

document.addEventListener('keydown', (e) => {
  if (!ace || !forAce(e) || e.metaKey || e.altKey) return;
  ensureAudio();
  if (COMMANDS[e.key]) {
    e.preventDefault();
    if (!e.repeat) COMMANDS[e.key]();
    return;
  }
  const id = keyId(e.code || e.key);
  const ctrl = e.ctrlKey;
  const chars = [...e.key];
  let ch = 0, mods = 0, key = 0;
  if (chars.length === 1 && !ctrl) {
    ch = e.key.codePointAt(0);
  } else if (ctrl && /^Key[A-Z]$|^Digit[0-9]$/.test(e.code)) {
    mods = 2;
    key = e.code.slice(-1).toLowerCase().charCodeAt(0);
  } else if (SPECIAL[e.code] || SPECIAL[e.key]) {
    const [m, k] = SPECIAL[e.code] || SPECIAL[e.key];
    mods = m;
    key = k.charCodeAt(0);
  } else {
    return; // Shift, Ctrl and keys the Ace has nothing for
  }
  e.preventDefault();
  ace.keyDown(id, ch, mods, key);
});

document.addEventListener('keyup', (e) => {
  if (!ace) return;
  ace.keyUp(keyId(e.code || e.key));
});

window.addEventListener('blur', () => ace && ace.keysReleased());

// ----- tape ------------------------------------------------------------------------------

function insert(name, bytes) {
  const err = ace.insertTape(name, bytes, $('tape-speed').value);
  if (err) {
    say(err);
    return false;
  }
  say(name.toLowerCase().endsWith('.ace') ? `${name}: snapshot loaded` : `${name} is in the deck`);
  canvas.focus();
  return true;
}

// The game chosen in the menu: its tape in the deck (the RAM it needs first), CAPS LOCK
// if its names are in capitals, and what starts it typed (`aceemu play`'s table).
async function loadBundled() {
  const t = tapes[$('tapes').value];
  if (!t) return;
  if (t.ram && ace.ramKb < t.ram) {
    $('ram').value = String(t.ram);
    ace.power(ace.romBytes, t.ram);
  }
  const bytes = await fetchBytes(`tapes/${t.file}`);
  if (insert(t.file, bytes) && t.type) {
    if (t.caps_lock) ace.capsLockAtPrompt();
    ace.typeText(t.type);
    const typed = t.type.trim().split('\n').join(', ');
    say(`${t.title}: typing ${typed}. Keys: ${t.keys}`, 30);
  }
}

async function openFile(file) {
  // Refused by its name and size before a byte is read (the page has no other cap).
  const refused = ace.fileRefusal(file.name, file.size);
  if (refused) {
    say(refused);
    return;
  }
  insert(file.name, new Uint8Array(await file.arrayBuffer()));
}

function toggleTape() {
  tapeRunning = !tapeRunning;
  if (tapeRunning) ace.tapePlay(); else ace.tapeStop();
}

// ----- pictures --------------------------------------------------------------------------

function setScale() {
  const s = +$('scale').value;
  canvas.style.width = `${256 * s}px`;
  canvas.style.height = `${192 * s}px`;
}

function screenshot() {
  const s = +$('scale').value;
  const big = document.createElement('canvas');
  big.width = 256 * s;
  big.height = 192 * s;
  const g = big.getContext('2d');
  g.imageSmoothingEnabled = false;
  g.drawImage(canvas, 0, 0, big.width, big.height);
  big.toBlob((blob) => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `aceemu-${ace.frames}.png`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }, 'image/png');
}

// ----- downloads -------------------------------------------------------------------------

function download(bytes, name, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([bytes], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function saveSnapshot() {
  const bytes = ace.snapshot();
  if (!bytes) {
    say('a 51 K Ace cannot be saved as .ace (the format ends at 0xBFFF): choose 35 K or less');
    return;
  }
  download(bytes, `aceemu-${ace.frames}.ace`, 'application/octet-stream');
  say('snapshot saved (open it again with Open file… or by dropping it here)', 10);
}

// What the Ace SAVEs is looked for now and then; once something is saved the button
// offers it, and the message says so.
let savedLength = 0;
function checkSaved() {
  const tap = ace.savedTap();
  const length = tap ? tap.length : 0;
  if (length !== savedLength) {
    savedLength = length;
    $('saved').disabled = length === 0;
    if (length) say(`the Ace saved to tape: ${length} bytes so far (Download saved)`, 15);
  }
}

// ----- wiring ----------------------------------------------------------------------------

$('pause').onclick = () => setPaused(!paused);
$('reset').onclick = () => { ace.reset(); canvas.focus(); };
$('power').onclick = () => { ace.powerCycle(); canvas.focus(); };
$('ram').onchange = () => { ace.power(ace.romBytes, +$('ram').value); say(`a ${$('ram').value} K Ace, powered on (the deck is empty)`); canvas.focus(); };
$('scale').onchange = setScale;
$('screenshot').onclick = screenshot;
$('snapshot').onclick = () => { saveSnapshot(); canvas.focus(); };
$('fullscreen').onclick = fullScreen;
$('saved').onclick = () => {
  const tap = ace.savedTap();
  if (tap) download(tap, 'aceemu-saved.tap', 'application/octet-stream');
  canvas.focus();
};
$('sound').onchange = () => { if ($('sound').checked) ensureAudio(); };
$('load-bundled').onclick = () => loadBundled().catch((e) => say(String(e)));
$('file').onchange = (e) => { if (e.target.files[0]) openFile(e.target.files[0]); };
$('tape-speed').onchange = () => ace.setTapeSpeed($('tape-speed').value);
$('tape-play').onclick = () => { tapeRunning = true; ace.tapePlay(); };
$('tape-stop').onclick = () => { tapeRunning = false; ace.tapeStop(); };
$('tape-rewind').onclick = () => ace.tapeRewind();
canvas.addEventListener('mousedown', () => { ensureAudio(); canvas.focus(); });
document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
document.addEventListener('drop', (e) => {
  e.preventDefault();
  document.body.classList.remove('dragging');
  const file = e.dataTransfer.files[0];
  if (file) openFile(file);
});

start().catch((e) => { $('status').textContent = `failed to start: ${e}`; });
