// The Jupiter Ace in WebAssembly (crates/aceweb): a thin wrapper over its C ABI, and
// `runHeadless`, the same run as `aceemu run --headless` (frames before typing, typing,
// `\{TEXT}` waits, then frames or until text), used by the browser tests to compare
// video RAM with the native build.

export const SPEEDS = { real: 0, fast: 1, instant: 2 };

export class Ace {
  static async load(wasmUrl, romBytes, ramKb = 19) {
    const response = await fetch(wasmUrl);
    const { module, instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
    const ace = new Ace(instance.exports);
    ace.module = module; // kept to make a new machine if this one ever stops (see insertTape)
    ace.romBytes = romBytes;
    ace.power(romBytes, ramKb);
    return ace;
  }

  constructor(exports) {
    this.x = exports;
  }

  power(romBytes, ramKb) {
    this.romBytes = romBytes;
    this.ramKb = ramKb;
    this.put(romBytes);
    const r = this.x.init(romBytes.length, ramKb);
    if (r !== 0) throw new Error(r === -1 ? 'the ROM image must be 8192 bytes' : `no ${ramKb} K Ace`);
  }

  // Copies bytes into the module's input buffer; returns their length.
  put(bytes) {
    const p = this.x.buffer(bytes.length);
    new Uint8Array(this.x.memory.buffer, p, bytes.length).set(bytes);
    return bytes.length;
  }

  out(len) {
    return new Uint8Array(this.x.memory.buffer, this.x.out_ptr(), len).slice();
  }

  outText(len) {
    return new TextDecoder().decode(this.out(len));
  }

  runFrame() { this.x.run_frame(); }
  runFrames(n) { this.x.run_frames(n); }
  get frames() { return this.x.frame_count(); }
  reset() { this.x.reset(); }
  powerCycle() { this.x.power_cycle(); }

  // 256x192 RGBA pixels (a view into the module's memory: copy before the next call).
  pixels() {
    return new Uint8ClampedArray(this.x.memory.buffer, this.x.frame_buffer(), 256 * 192 * 4);
  }

  memory(addr, len) { return this.out(this.x.read_memory(addr, len)); }
  videoRam() { return this.memory(0x2400, 768); }
  screenText() { return this.outText(this.x.screen_text()); }

  keyDown(id, ch, mods, key) { this.x.key_down(id, ch, mods, key); }
  keyUp(id) { this.x.key_up(id); }
  keysReleased() { this.x.keys_released(); }

  typeText(text) {
    const len = this.put(new TextEncoder().encode(text));
    if (this.x.type_text(len) !== 0) throw new Error(`cannot type ${JSON.stringify(text)} on the Ace`);
  }

  capsLockAtPrompt() { this.x.caps_lock_at_prompt(); }

  screenStampNow() { return this.x.screen_stamp_now(); }

  // True when `text` is on the screen with a cell of it written after stamp `since`.
  appearedSince(text, since) {
    return this.x.appeared_since(this.put(new TextEncoder().encode(text)), since) !== 0;
  }

  // Why a file of `size` bytes named `name` is not read (unknown kind, larger than its
  // kind may be), or null: asked before the file is read.
  fileRefusal(name, size) {
    const len = this.put(new TextEncoder().encode(name));
    const err = this.x.file_refusal(len, size);
    return err ? this.outText(err) : null;
  }

  // Name then file in the buffer; returns an error message or null. A file is checked
  // against its kind's limit first; should the machine stop all the same (a WebAssembly
  // trap leaves the module unusable for good), a new one is made and powered on, so the
  // page goes on working and Power works.
  insertTape(name, bytes, speed) {
    const refused = this.fileRefusal(name, bytes.length);
    if (refused) return refused;
    try {
      const nameBytes = new TextEncoder().encode(name);
      const all = new Uint8Array(nameBytes.length + bytes.length);
      all.set(nameBytes);
      all.set(bytes, nameBytes.length);
      this.put(all);
      const lower = name.toLowerCase();
      const err = lower.endsWith('.ace')
        ? this.x.load_snapshot(nameBytes.length, bytes.length)
        : this.x.insert_tape(nameBytes.length, bytes.length, SPEEDS[speed] ?? 0);
      return err ? this.outText(err) : null;
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError) || !this.module) throw e;
      this.restart();
      return `${name}: the machine could not take this file (${e.message}); not loaded, and `
        + 'the Ace was restarted';
    }
  }

  // A new module instance from the same compiled module, powered on as before.
  restart() {
    this.x = new WebAssembly.Instance(this.module, {}).exports;
    this.power(this.romBytes, this.ramKb);
  }

  // What the Ace has SAVEd, as TAP file bytes, or null if nothing yet.
  savedTap() {
    const n = this.x.saved_tap();
    return n ? this.out(n) : null;
  }

  // The machine as .ace snapshot bytes, or null (a 51 K machine does not fit the format).
  snapshot() {
    const n = this.x.save_snapshot();
    return n ? this.out(n) : null;
  }

  setTapeSpeed(speed) { this.x.set_tape_speed(SPEEDS[speed] ?? 0); }
  tapePlay() { this.x.tape_button(0); }
  tapeStop() { this.x.tape_button(1); }
  tapeRewind() { this.x.tape_button(2); }
  tapeStatus() { return this.outText(this.x.tape_status()); }
  flatOut() { return this.x.flat_out() !== 0; }

  setAudioRate(rate) { this.x.set_audio_rate(rate); }
  takeAudio() {
    const n = this.x.take_audio();
    return new Float32Array(this.out(n * 4).buffer);
  }
}

// `aceemu run --headless` (src/frontend/headless.rs), step for step: `typeAfter` frames,
// then each piece of `type` (split at `\{TEXT}` markers, each waiting for its text to
// appear after the piece before it was sent), typed through the machine's queue until
// done, then `frames` frames or until `untilText`.
export function runHeadless(ace, { type = '', typeAfter = 10, frames = 50, untilText = null,
  maxFrames = 3000, waitMaxFrames = 3000 } = {}) {
  const MAX_STALLED = 50 * 600;
  const RELEASE_AFTER_STALLED = 250;
  // The native run's limit (headless.rs `type_out`): a stroke's shift lead and trail
  // (1 frame each), and its key and the gap after it each held at most until a program
  // that scans the keyboard has read them (UNREAD_WAIT_SCANNING_FRAMES, 250 each).
  const FRAMES_PER_STROKE = 1 + 1 + 2 * 250;
  const pieces = [];
  const re = /\\\{([^}]*)\}/g;
  let last = 0;
  let wanted = null;
  for (let m; (m = re.exec(type)) !== null;) {
    pieces.push([wanted, type.slice(last, m.index)]);
    wanted = m[1];
    last = re.lastIndex;
  }
  pieces.push([wanted, type.slice(last)]);
  let ran = 0;
  const frame = () => { ace.runFrame(); ran++; };
  for (let i = 0; i < typeAfter; i++) frame();
  let sent = 0;
  for (const [want, text] of pieces) {
    if (want !== null) {
      let n = 0;
      while (!ace.appearedSince(want, sent)) {
        if (n === waitMaxFrames) throw new Error(`${JSON.stringify(want)} did not appear`);
        frame();
        n++;
      }
    }
    if (!text) continue;
    sent = ace.screenStampNow();
    ace.typeText(text);
    const limit = FRAMES_PER_STROKE * [...text].length + 10;
    let waited = 0, stalled = 0, inARow = 0;
    while (!ace.x.typing_done()) {
      if (waited > limit || stalled > MAX_STALLED) throw new Error('typing did not finish');
      frame();
      if (!ace.x.typing_stalled()) { waited++; inARow = 0; continue; }
      stalled++;
      inARow++;
      const waiting = ace.x.tape_waiting() !== 0;
      if (ace.x.typing_only_releases_left()) {
        const moving = ace.x.tape_moving() !== 0;
        if (waiting || (!moving && inARow >= RELEASE_AFTER_STALLED)) {
          ace.x.finish_typing();
          break;
        }
      } else if (waiting) {
        throw new Error('typing could not go on: the Ace waits for a tape');
      }
    }
  }
  if (untilText === null) {
    for (let i = 0; i < frames; i++) frame();
    return { frames: ran, found: null };
  }
  let found = ace.screenText().includes(untilText);
  for (let n = 0; !found && n < maxFrames; n++) {
    frame();
    found = ace.screenText().includes(untilText);
  }
  return { frames: ran, found };
}
