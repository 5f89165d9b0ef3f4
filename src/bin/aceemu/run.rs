//! `aceemu run` (and `aceemu FILE`): the Ace in a window, or headless for tests and scripts.

use aceemu::frontend::headless::{self, HeadlessOptions, StopCondition};
use aceemu::frontend::text::{self, InverseStyle, MemRange};
use aceemu::frontend::{plain_frames, screenshot, DeckControl, FrameRunner, TapeOpener};
use aceemu::machine::ula::{SCREEN_HEIGHT, SCREEN_WIDTH};
use aceemu::machine::{Ace, RamSize};
use aceemu::rom;
use anyhow::{bail, Context};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(after_help = "\
Window keys: letters, digits, SPACE, ENTER as on the Ace; Shift = SHIFT; Ctrl = SYMBOL SHIFT;
symbols typed the host's way (; ( \" Shift+1 ...) are typed for you. Backspace = DELETE,
arrows = cursor, Caps Lock = CAPS LOCK, Insert = INVERSE VIDEO, Tab = GRAPHICS,
Delete = DELETE LINE, Esc = BREAK. F1 key help, F2 screenshot (PNG, into --screenshot-dir),
F3 open a tape or .ace file (name typed in the title bar), F4 save a .ace snapshot, F5 reset,
F6 tape play/stop, F7 rewind, F8 speed 1x/2x/4x/max, F9 pause, F10 turbo, F12 quit.
Ctrl-C in the terminal ends the run like closing the window (--save-wav is written).
With --debug the window's F9 or Pause (or Ctrl-C in the terminal) breaks into the debugger.

Examples:
  aceemu run
  aceemu run --rom ace.rom --ram 19
  aceemu run --headless --type '2 3 + .\\n' --until-text OK --screen-text
  aceemu run --headless --frames 100 --screenshot boot.png --screenshot-scale 2 --dump-mem 0x3C00:64")]
pub struct Args {
    /// Tape to put in the deck (same as --tape), e.g. `aceemu tapes/maze.tap`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// 8 KB ROM image to run (default: the embedded open ROM).
    #[arg(long, value_name = "FILE")]
    pub rom: Option<PathBuf>,

    /// Total RAM in KB: 3 (no pack), 19, 35 or 51 [default: 35 in the window and with
    /// --save-snapshot, so F4 and the snapshot can save it (the .ace format ends at
    /// 0xBFFF); 51 headless].
    #[arg(long, value_name = "KB")]
    pub ram: Option<RamSize>,

    /// Press CAPS LOCK as soon as the Ace is ready, so letters type in capitals (the Ace
    /// starts with it off, and Forth words and tape names are in capitals).
    #[arg(long)]
    pub caps_lock: bool,

    /// Tape (TAP, TZX or WAV) to put in the deck.
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    pub tape: Option<PathBuf>,

    /// No window: run flat out, then print/write what is asked.
    #[arg(long)]
    pub headless: bool,

    /// Text to type once booted; `\n` = ENTER, `\b` = DELETE, `\\` = backslash. Headless,
    /// `\{TEXT}` waits until TEXT appears on the screen after the text before it was
    /// typed (text already there does not count), then types on (a game's menu, the `OK`
    /// of a line that takes a while): `--type 'LOAD MAZE\nRUN\n\{ANYKEY} \{Large}1\{Watch?}w'`.
    #[arg(long = "type", value_name = "TEXT")]
    pub type_text: Option<String>,

    /// Headless: frames to wait before typing (the ROM must reach its prompt first). The
    /// window types as soon as the Ace first reads its keyboard.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub type_after: u32,

    /// Headless: frames to run after typing has finished [default: 50].
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "until_text",
        requires = "headless"
    )]
    pub frames: Option<u32>,

    /// Headless: run until the screen shows TEXT (fails if it does not within --max-frames).
    #[arg(long, value_name = "TEXT", requires = "headless")]
    pub until_text: Option<String>,

    /// Headless: give up --until-text after this many frames.
    #[arg(long, value_name = "N", default_value_t = 3000)]
    pub max_frames: u32,

    /// Headless: print the screen as text (the default when nothing else is asked for).
    #[arg(long, requires = "headless")]
    pub screen_text: bool,

    /// How inverse cells appear in screen text.
    #[arg(long, value_enum, default_value_t = InverseStyle::Brackets)]
    pub inverse: InverseStyle,

    /// Headless: write the final picture (256x192) as PNG.
    #[arg(long, value_name = "FILE.png", requires = "headless")]
    pub screenshot: Option<PathBuf>,

    /// Draw each Ace pixel of a screenshot (--screenshot, or F2 in the window) as an
    /// N x N block (1-8) [default: 1 headless, the window's scale for F2].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=8))]
    pub screenshot_scale: Option<u32>,

    /// Window: the folder F2 screenshots and F4 snapshots go to [default: the current
    /// directory].
    #[arg(long, value_name = "DIR", conflicts_with = "headless")]
    pub screenshot_dir: Option<PathBuf>,

    /// Headless: print memory as hex, e.g. 0x3C00:64 (repeatable).
    #[arg(long, value_name = "ADDR:LEN", requires = "headless")]
    pub dump_mem: Vec<MemRange>,

    /// Headless: write the beeper's sound as a 44.1 kHz WAV file.
    #[arg(long, value_name = "FILE.wav", requires = "headless")]
    pub audio_wav: Option<PathBuf>,

    /// Window: integer scale factor (1-8); capped to the largest that fits on the screen.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub scale: u32,

    /// Window: no sound.
    #[arg(long)]
    pub mute: bool,

    /// Debugger: a command prompt in the terminal; the machine starts stopped at
    /// power-on (`help` lists the commands). The window shows the screen and a
    /// register/stack panel, and takes keys while the machine runs; F9 or Pause in the
    /// window, or Ctrl-C in the terminal, breaks in. With --headless, no window.
    #[arg(long, conflicts_with = "debug_script")]
    pub debug: bool,

    /// Debugger commands from FILE, run in order from power-on; output to standard output
    /// (no window). `continue` without a frame count runs at most --max-frames frames.
    #[arg(long, value_name = "FILE")]
    pub debug_script: Option<PathBuf>,

    /// More symbols for the debugger (`name EQU value` lines, as `aceemu asm --sym` writes).
    #[arg(long, value_name = "FILE")]
    pub symbols: Option<PathBuf>,

    #[command(flatten)]
    pub tape_options: crate::tape::TapeArgs,

    /// A bundled game's tape in the deck instead of a file (`aceemu play NAME`).
    #[arg(skip)]
    pub game: Option<&'static aceemu::tape::bundled::BundledGame>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    refuse_shared_outputs(&args)?;
    // Ctrl-C and SIGTERM stop the run like closing the window, so outputs are written.
    aceemu::frontend::stop_signal::stop_gracefully();
    let rom = rom::load_or_default(args.rom.as_deref())?;
    if let Some(path) = &args.rom {
        // Say what runs: the README promises it, and a wrong dump shows at once.
        eprintln!(
            "aceemu: ROM {}: {} (SHA-256 {})",
            path.display(),
            rom.name(),
            rom.sha256_hex()
        );
    }
    let mut ace = Ace::new(rom.bytes(), ram_size(&args)?)?;
    let mut deck: Option<Box<dyn DeckControl>> = None;
    let mut runner = plain_frames();
    let mut tape = args.tape.as_deref().or(args.file.as_deref());
    if let Some(path) = args.file.as_deref() {
        if let Some(game) = aceemu::tape::bundled::for_path(path).filter(|_| !path.exists()) {
            bail!(
                "{}: no such file here; the game on it is built into aceemu: `aceemu play {}` \
                 runs it from any directory (`aceemu play --list` names them all)",
                path.display(),
                game.name
            );
        }
        if !path.exists() && path.extension().is_none() {
            bail!(
                "{}: no such file, and not a command of aceemu (`aceemu --help` lists them); \
                 a tape is a .tap, .tzx or .wav file, a snapshot a .ace file",
                path.display()
            );
        }
    }
    if let Some(path) = tape.filter(|p| aceemu::tape::snapshot_glue::is_snapshot_path(p)) {
        aceemu::tape::snapshot_glue::load_snapshot_file(&mut ace, path)?;
        tape = None;
    }
    if args.caps_lock {
        ace.caps_lock_at_prompt();
    }
    if !args.headless || args.debug || args.debug_script.is_some() {
        // The window types --type too (headless typing waits --type-after frames itself):
        // the typing queue holds it until the Ace first reads its keyboard.
        if let Some(text) = &args.type_text {
            ace.try_type_text(&unescape_type(text)?).context("--type")?;
        }
    }
    let mut recording = None;
    let open_tape = tape_opener(&args, &rom);
    if tape.is_some() || args.tape_options.records() || args.game.is_some() {
        let traps = aceemu::tape::traps::RomTapeTraps::for_rom(&rom.sha256_hex());
        let options = args.tape_options.deck_options();
        let control = match args.game {
            Some(game) => aceemu::tape::attach_image(&mut ace, traps, game.image()?, &options)?,
            None => aceemu::tape::attach(&mut ace, traps, tape, &options)?,
        };
        deck = Some(Box::new(control.deck.clone()));
        recording = Some(control.deck.clone());
        runner = control.into_runner();
    }
    let ran = if args.debug || args.debug_script.is_some() {
        run_debugger(&mut ace, &args, &rom, runner)
    } else if args.headless {
        run_headless(ace, &args, runner, deck.as_deref())
    } else {
        run_window(ace, &args, &rom, deck, runner, open_tape)
    };
    // The machine is gone: complete the recording, write --save-wav (also after a failed
    // run), and fail if a recorded block or the WAV could not be written.
    let recorded = match recording {
        Some(deck) => deck.deck().finish_recording(),
        None => Ok(()),
    };
    ran.and(recorded)?;
    if aceemu::frontend::stop_signal::requested() {
        let options = &args.tape_options;
        let saves = args.screenshot.is_some()
            || args.audio_wav.is_some()
            || options.save_snapshot.is_some()
            || options.records();
        return Err(aceemu::frontend::stop_signal::Interrupted { saves }.into());
    }
    Ok(())
}

/// Two outputs of one run on one path would write over each other (one silently lost):
/// refused before anything runs, like `maze` and `asm` do.
fn refuse_shared_outputs(args: &Args) -> anyhow::Result<()> {
    let options = &args.tape_options;
    let outputs: Vec<&std::path::Path> = [
        &args.screenshot,
        &args.audio_wav,
        &options.save_snapshot,
        &options.save_to,
        &options.save_wav,
    ]
    .into_iter()
    .flatten()
    .map(PathBuf::as_path)
    .collect();
    aceemu::output_file::refuse_shared_paths(&outputs)
}

/// The RAM to run with: --ram, else 51 K headless, or 35 K in the window and when a
/// snapshot is to be saved (the
/// .ace format ends at 0xBFFF, and the ROM keeps its stacks at the top of RAM, so a 51 K
/// machine could not be saved). --save-snapshot with --ram 51 is refused before running.
fn ram_size(args: &Args) -> anyhow::Result<RamSize> {
    let snapshot = args.tape_options.save_snapshot.is_some();
    match args.ram {
        Some(RamSize::K51) if snapshot => bail!(
            "--save-snapshot cannot save a 51 K machine (the .ace format ends at 0xBFFF); \
             use --ram 35 or less, or leave --ram out"
        ),
        Some(ram) => Ok(ram),
        // The window's F4 saves a .ace, which a 51 K machine's stacks (at 0xFFFF) do not
        // fit; 35 K still holds every game here (the large maze needs 32 K).
        None if snapshot || !args.headless => Ok(RamSize::K35),
        None => Ok(RamSize::K51),
    }
}

fn run_headless(
    mut ace: Ace,
    args: &Args,
    mut runner: FrameRunner,
    deck: Option<&dyn DeckControl>,
) -> anyhow::Result<()> {
    // Check outputs before running, so a long run does not end in "file exists".
    let force = args.tape_options.force;
    if let Some(path) = &args.screenshot {
        screenshot::require_png_name(path, "--screenshot")?;
    }
    for path in args.screenshot.iter().chain(&args.audio_wav) {
        aceemu::output_file::refuse_existing(path, force)?;
    }
    let options = &args.tape_options;
    if let Some(path) = &options.save_snapshot {
        aceemu::output_file::refuse_existing(path, force)?;
    }
    let (type_text, then_type) = match args.type_text.as_deref() {
        Some(text) => {
            let (first, later) =
                text::split_waits(text).map_err(|e| anyhow::anyhow!("--type: {e}"))?;
            (Some(first), later)
        }
        None => (None, Vec::new()),
    };
    let stop = match &args.until_text {
        Some(text) => StopCondition::UntilText {
            text: text.clone(),
            max_frames: args.max_frames,
        },
        None => StopCondition::Frames(args.frames.unwrap_or(50)),
    };
    let options = HeadlessOptions {
        type_text,
        type_after_frames: args.type_after,
        then_type,
        wait_max_frames: args.max_frames,
        stop,
        collect_audio: args.audio_wav.is_some(),
    };
    // The sound goes to its file as it is made (a long run would otherwise hold it all).
    let mut sound = match &args.audio_wav {
        Some(path) => Some(aceemu::frontend::wav_stream::WavStream::create(
            path,
            ace.audio_rate(),
            force,
        )?),
        None => None,
    };
    let outcome =
        headless::run_with_deck_and_sound(&mut ace, &options, &mut runner, deck, sound.as_mut())?;
    if outcome.saving_frames >= headless::MAX_SAVING_FRAMES {
        eprintln!(
            "aceemu: warning: the Ace was still saving {} after the run was to end; \
             stopped there, the file is not complete",
            aceemu::plural::count(outcome.saving_frames as usize, "frame")
        );
    } else if outcome.saving_frames > 0 {
        eprintln!(
            "aceemu: the Ace was still saving when the run was to end: it ran {} more \
             until the save was written",
            aceemu::plural::count(outcome.saving_frames as usize, "frame")
        );
    }
    if outcome.found_old_text {
        eprintln!(
            "aceemu: warning: --until-text {:?} was already on the screen before the last \
             text was typed, so the wait ended as soon as typing did; end --type with \
             \\{{{}}} to wait for a new one",
            args.until_text.as_deref().unwrap_or_default(),
            args.until_text.as_deref().unwrap_or_default()
        );
    }
    if let Some(reason) = &outcome.tape_waiting {
        eprintln!("aceemu: warning: when the run ended, {reason}");
    }

    let asked_for_output =
        args.screenshot.is_some() || !args.dump_mem.is_empty() || args.audio_wav.is_some();
    if args.screen_text || !asked_for_output {
        print!("{}", text::screen(&ace, args.inverse));
    }
    for range in &args.dump_mem {
        print!(
            "{}",
            text::hex_dump(range.addr, &ace.read_bytes(range.addr, range.len))
        );
    }
    if let Some(path) = &args.screenshot {
        let mut picture = vec![0u32; SCREEN_WIDTH * SCREEN_HEIGHT];
        ace.render(&mut picture);
        let scale = args.screenshot_scale.unwrap_or(1) as usize;
        let picture = screenshot::scaled(&picture, SCREEN_WIDTH, scale);
        screenshot::write_png(
            path,
            &picture,
            SCREEN_WIDTH * scale,
            SCREEN_HEIGHT * scale,
            force,
        )?;
    }
    if let Some(sound) = sound {
        sound.finish()?;
    }
    // Last of the files: it can still be refused (RAM above 0xBFFF in use), and the
    // screenshot and sound of the run should not be lost with it.
    args.tape_options.save_snapshot(&ace)?;
    if let Some(problem) = outcome.problem {
        bail!("{problem}");
    }
    let no_tape = deck
        .is_none()
        .then(|| headless::no_tape_hint(&outcome))
        .flatten();
    if outcome.text_found == Some(false) {
        let why = no_tape.map(|hint| format!(": {hint}")).unwrap_or_default();
        bail!(
            "{:?} did not appear on the screen within {}{why}",
            args.until_text.as_deref().unwrap_or_default(),
            aceemu::plural::count(args.max_frames as usize, "frame")
        );
    }
    if let Some(hint) = no_tape {
        eprintln!("aceemu: warning: when the run ended, {hint}");
    }
    Ok(())
}

/// `--type`'s text with its escapes resolved, for the window, which types it all at once
/// (wait markers need a headless run that watches the screen).
fn unescape_type(text: &str) -> anyhow::Result<String> {
    let (first, later) = text::split_waits(text).map_err(|e| anyhow::anyhow!("--type: {e}"))?;
    if !later.is_empty() {
        anyhow::bail!("--type: wait markers (\\{{TEXT}}) work in --headless runs only");
    }
    Ok(first)
}

/// What F3 in the window does with a tape file: a new deck with the same tape options.
/// `None` while recording (--save-to, --save-wav): a new deck would start the recording
/// again, and with --force empty the file already written.
fn tape_opener(args: &Args, rom: &rom::RomImage) -> Option<TapeOpener> {
    if args.tape_options.records() {
        return None;
    }
    let sha = rom.sha256_hex();
    let options = args.tape_options.deck_options();
    Some(Box::new(move |ace: &mut Ace, path: &std::path::Path| {
        let traps = aceemu::tape::traps::RomTapeTraps::for_rom(&sha);
        let control = aceemu::tape::attach(ace, traps, Some(path), &options)?;
        let deck: Box<dyn DeckControl> = Box::new(control.deck.clone());
        Ok((deck, control.into_runner()))
    }))
}

/// The window, or an error naming the missing feature in a build without it.
fn run_window(
    ace: Ace,
    args: &Args,
    rom: &rom::RomImage,
    deck: Option<Box<dyn DeckControl>>,
    runner: FrameRunner,
    open_tape: Option<TapeOpener>,
) -> anyhow::Result<()> {
    #[cfg(feature = "window")]
    {
        use aceemu::frontend::window::{self, WindowOptions};
        let screenshot_dir = match &args.screenshot_dir {
            Some(dir) if dir.exists() && !dir.is_dir() => {
                bail!("--screenshot-dir {}: not a directory", dir.display())
            }
            Some(dir) => {
                if !dir.exists() {
                    std::fs::create_dir_all(dir).with_context(|| {
                        format!("--screenshot-dir {}: cannot create it", dir.display())
                    })?;
                    eprintln!("aceemu: created {} for screenshots", dir.display());
                }
                dir.clone()
            }
            None => std::env::current_dir().context("no current directory")?,
        };
        let options = WindowOptions {
            scale: args.scale as usize,
            rom_name: rom.name().to_string(),
            audio: !args.mute,
            screenshot_dir,
            screenshot_scale: args.screenshot_scale.map(|n| n as usize),
            caps_lock: args.caps_lock,
        };
        window::run(ace, &options, deck, runner, open_tape)
    }
    #[cfg(not(feature = "window"))]
    {
        let _ = (ace, args, rom, deck, runner, open_tape);
        bail!("this aceemu was built without the `window` feature; use `aceemu run --headless`")
    }
}

/// `--debug` / `--debug-script`: the debugger drives the machine; its prompt is in the
/// terminal, and `--debug` without --headless also opens the window. Typing from --type
/// goes on while the machine runs.
fn run_debugger(
    ace: &mut Ace,
    args: &Args,
    rom: &rom::RomImage,
    mut runner: FrameRunner,
) -> anyhow::Result<()> {
    use aceemu::debug::{Debugger, RomNames, Symbols};
    let mut symbols = Symbols::default();
    if rom.kind() == rom::RomKind::OpenAce {
        symbols = Symbols::parse(rom::open::open_rom_symbol_file(), "open ROM symbols")
            .map_err(|e| anyhow::anyhow!(e))?;
    }
    if let Some(path) = &args.symbols {
        let text = aceemu::input_file::read_text(path)?;
        let more =
            Symbols::parse(&text, &path.display().to_string()).map_err(|e| anyhow::anyhow!(e))?;
        symbols.merge(&more);
    }
    // Headerless ROM words are named by the assembler's labels on the open ROM, by the
    // spec's table on the original (and on an unknown ROM, most likely a variant of it).
    let names = if rom.kind() == rom::RomKind::OpenAce {
        RomNames::Symbols
    } else {
        RomNames::Spec
    };
    let mut dbg = Debugger::new(symbols, names);
    #[cfg(feature = "window")]
    if args.debug && !args.headless {
        use aceemu::frontend::debug_window;
        if debug_window::display_available() {
            let options = debug_window::Options {
                scale: args.scale as usize,
                audio: !args.mute,
            };
            return debug_window::run(ace, &mut dbg, &options, runner);
        }
        eprintln!("aceemu: no display (DISPLAY is not set): the debugger runs without the window");
    }
    match &args.debug_script {
        Some(script) => aceemu::frontend::debug_prompt::run_script(
            ace,
            &mut dbg,
            script,
            &mut runner,
            u64::from(args.max_frames),
        ),
        None => aceemu::frontend::debug_prompt::run_prompt(ace, &mut dbg, &mut runner),
    }
}
