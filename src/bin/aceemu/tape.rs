//! `aceemu tape`: list the blocks of a tape, convert between TAP, TZX and WAV, list the
//! words of a dictionary file. Also the tape options of `aceemu run`.

use aceemu::plural::count;
use aceemu::tape::deck::{DeckOptions, TapeSpeed};
use aceemu::tape::dict::{self, SavingRom};
use aceemu::tape::image::{Format, TapeImage};
use aceemu::tape::pulse::{self, Block, Signal, CLOCK_HZ};
use aceemu::tape::snapshot_glue;
use aceemu::tape::tap::{self, FileKind, Header};
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

#[derive(clap::Subcommand)]
pub enum Command {
    /// List the blocks of a TAP, TZX or WAV tape: kind, name, length, start address,
    /// checksum and play time. Damaged files are listed as far as they can be read.
    Info { file: PathBuf },
    /// Convert between TAP, TZX and WAV (by extension), e.g. `aceemu tape convert
    /// tapes/demo.tap demo.wav`.
    Convert {
        input: PathBuf,
        output: PathBuf,
        /// Replace OUTPUT if it exists (--overwrite is accepted too).
        #[arg(long, visible_alias = "overwrite")]
        force: bool,
    },
    /// List the words in the dictionary files of a tape, each with its kind. Kinds come
    /// from code-field values, which differ between ROMs: the ROM that saved each file is
    /// told from its values, e.g. `aceemu tape words game.tap --rom ace.rom` to force it.
    Words {
        file: PathBuf,
        /// Classify by the code-field values of this ROM instead of detecting it: a ROM
        /// image FILE (the original or aceemu's open ROM, told by its SHA-256), or the
        /// word `open` or `original`.
        #[arg(long, value_name = "FILE")]
        rom: Option<PathBuf>,
    },
    /// Make a dictionary tape from a Forth source: boot the Ace, type the source line by
    /// line (stopping at the first ERROR or unknown word, with its line), then SAVE NAME
    /// and write what the deck recorded, e.g. `aceemu tape from-forth demo.fth demo.tap`.
    FromForth {
        /// Forth source, typed as it is (blank lines and lines starting with \\ skipped).
        source: PathBuf,
        /// The tape to write: TAP, TZX or WAV by extension.
        output: PathBuf,
        /// The name to SAVE under (default: the source file's name in capitals).
        #[arg(long)]
        name: Option<String>,
        /// ROM to type into (default: the embedded open ROM).
        #[arg(long, value_name = "FILE")]
        rom: Option<PathBuf>,
        /// RAM size in KB: 3, 19, 35 or 51.
        #[arg(long, value_name = "KB", default_value = "51")]
        ram: aceemu::machine::RamSize,
        /// Replace OUTPUT if it exists (--overwrite is accepted too).
        #[arg(long, visible_alias = "overwrite")]
        force: bool,
    },
    /// Build the machine-code MazezaM tape from mc/mazezam.asm, its loader
    /// mc/mazezam-loader.fth and levels/aceemu.mzm (all compiled into aceemu), e.g.
    /// `aceemu tape mazezam-mc tapes/mazezam-mc.tap --force`.
    MazezamMc {
        /// The tape to write: TAP, TZX or WAV by extension.
        output: PathBuf,
        /// Replace OUTPUT if it exists (--overwrite is accepted too).
        #[arg(long, visible_alias = "overwrite")]
        force: bool,
    },
    /// Build MazezaM for the unexpanded (3 KB) Ace from mc/mazezam3k.asm, its loader
    /// mc/mazezam3k-loader.fth and the first levels of levels/aceemu.mzm that fit, e.g.
    /// `aceemu tape mazezam-3k tapes/mazezam-3k.tap --force`.
    #[command(name = "mazezam-3k")]
    Mazezam3k {
        /// The tape to write: TAP, TZX or WAV by extension.
        output: PathBuf,
        /// Replace OUTPUT if it exists (--overwrite is accepted too).
        #[arg(long, visible_alias = "overwrite")]
        force: bool,
    },
}

/// Tape options of `aceemu run` (flattened into its arguments; the tape file itself is
/// `--tape FILE` or `aceemu FILE`).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TapeArgs {
    /// fast: the true signal, and the emulation runs flat out while the tape plays, back to
    /// 1x when it stops (as Fuse and EightyOne load); real: true signal in true time (the
    /// machine's speed left alone: turbo off); instant: blocks copied by trapping the ROM's
    /// tape routine (the open ROM's, or the original ROM's block read routine, told by its
    /// SHA-256).
    #[arg(long, value_name = "SPEED", default_value = "fast")]
    pub tape_speed: TapeSpeed,
    /// Append what the Ace saves (SAVE, BSAVE) to this TAP file (created, or with
    /// --force emptied, at the first block saved).
    #[arg(long, value_name = "FILE.tap")]
    pub save_to: Option<PathBuf>,
    /// Also write the saved signal as a WAV file when the emulator stops.
    #[arg(long, value_name = "FILE.wav")]
    pub save_wav: Option<PathBuf>,
    /// Replace existing output files: --save-to, --save-wav, --save-snapshot and, with
    /// --headless, --screenshot and --audio-wav (--overwrite is accepted too).
    #[arg(long, visible_alias = "overwrite")]
    pub force: bool,
    /// Headless: write the machine's state at the end as a .ace snapshot (`aceemu run
    /// FILE.ace` loads one).
    #[arg(long, value_name = "FILE.ace", requires = "headless")]
    pub save_snapshot: Option<PathBuf>,
}

impl TapeArgs {
    pub fn deck_options(&self) -> DeckOptions {
        DeckOptions {
            speed: self.tape_speed,
            manual: false,
            save_to: self.save_to.clone(),
            save_wav: self.save_wav.clone(),
            overwrite: self.force,
        }
    }

    /// Writes the snapshot asked for with --save-snapshot, if any.
    pub fn save_snapshot(&self, ace: &aceemu::machine::Ace) -> anyhow::Result<()> {
        match &self.save_snapshot {
            Some(path) => snapshot_glue::save_snapshot_file(ace, path, self.force),
            None => Ok(()),
        }
    }

    /// True if something is to be recorded, so a deck is needed even without a tape.
    pub fn records(&self) -> bool {
        self.save_to.is_some() || self.save_wav.is_some()
    }
}

pub fn run(cmd: Command) -> anyhow::Result<()> {
    match cmd {
        Command::Info { file } => info(&file),
        Command::Convert {
            input,
            output,
            force,
        } => convert(&input, &output, force),
        Command::Words { file, rom } => {
            let rom = rom.as_deref().map(saving_rom).transpose()?;
            words(&file, rom)
        }
        Command::MazezamMc { output, force } => mazezam_mc(&output, force),
        Command::Mazezam3k { output, force } => mazezam_3k(&output, force),
        Command::FromForth {
            source,
            output,
            name,
            rom,
            ram,
            force,
        } => from_forth(&source, &output, name, rom.as_deref(), ram, force),
    }
}

fn from_forth(
    source: &Path,
    output: &Path,
    name: Option<String>,
    rom: Option<&Path>,
    ram: aceemu::machine::RamSize,
    overwrite: bool,
) -> anyhow::Result<()> {
    Format::from_path(output)?;
    aceemu::output_file::refuse_existing(output, overwrite)?;
    let bytes =
        aceemu::tape::input::read_limited(source, aceemu::tape::input::MAX_FORTH_SOURCE_BYTES)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{}: not a text file (byte {} is not UTF-8)",
            source.display(),
            e.utf8_error().valid_up_to()
        )
    })?;
    let name = match name {
        Some(name) => name,
        None => source
            .file_stem()
            .map(|s| s.to_string_lossy().to_uppercase())
            .context("the source has no file name to SAVE under; pass --name")?,
    };
    let rom = aceemu::rom::load_or_default(rom)?;
    let blocks = aceemu::workflows::from_forth::make_dictionary_tape(
        rom.bytes(),
        &rom.sha256_hex(),
        ram,
        &source.display().to_string(),
        &text,
        &name,
    )?;
    let image = TapeImage::from_blocks(&output.display().to_string(), blocks);
    image.save(output, overwrite)?;
    // check_saved made sure block 2 holds the header's length plus its checksum byte.
    let length = image.blocks[1].data.len().saturating_sub(1);
    println!(
        "{}: dictionary {name} ({length} bytes), typed into the {} and saved",
        output.display(),
        rom.name()
    );
    Ok(())
}

fn mazezam_mc(output: &Path, overwrite: bool) -> anyhow::Result<()> {
    use aceemu::workflows::mazezam_mc_tape as mc_tape;
    Format::from_path(output)?;
    aceemu::output_file::refuse_existing(output, overwrite)?;
    let code = mc_tape::assemble()?;
    let pack = mc_tape::builtin_pack()?;
    let blocks = mc_tape::make_tape(&pack)?;
    TapeImage::from_blocks(&output.display().to_string(), blocks).save(output, overwrite)?;
    println!(
        "{}: loader `{}`, then {} bytes of game code at {} and a {}-byte level pack \
         (LOAD {} then PLAY {})",
        output.display(),
        mc_tape::NAME,
        code.bytes.len(),
        code.origin,
        pack.len(),
        mc_tape::NAME,
        mc_tape::NAME
    );
    Ok(())
}

fn mazezam_3k(output: &Path, overwrite: bool) -> anyhow::Result<()> {
    use aceemu::workflows::mazezam_3k_tape as tape_3k;
    Format::from_path(output)?;
    aceemu::output_file::refuse_existing(output, overwrite)?;
    let code = tape_3k::assemble()?;
    let levels = tape_3k::builtin_levels()?;
    let pack = tape_3k::builtin_pack()?;
    let blocks = tape_3k::make_tape(&pack)?;
    TapeImage::from_blocks(&output.display().to_string(), blocks).save(output, overwrite)?;
    println!(
        "{}: loader `{}`, then {} bytes of game code at {} and a {}-byte pack of levels 1-{} \
         ({} bytes of room left; LOAD {} then PLAY {} on a 3 KB Ace)",
        output.display(),
        tape_3k::NAME,
        code.bytes.len(),
        code.origin,
        pack.len(),
        levels.len(),
        usize::from(code.pack_max) - pack.len(),
        tape_3k::NAME,
        tape_3k::NAME
    );
    Ok(())
}

fn seconds(tstates: u64) -> f64 {
    tstates as f64 / CLOCK_HZ as f64
}

fn block_time(block: &Block) -> u64 {
    let mut s = Signal::default();
    pulse::encode_block(&mut s, block);
    s.duration()
}

fn describe(block: &Block) -> String {
    let payload = block.data.len().saturating_sub(1);
    if block.is_header() {
        match Header::parse(&block.data) {
            Some(h) => {
                let mut text = format!(
                    "header  {:<5} \"{}\"  length {:5}  start {:04X}",
                    h.kind_text(),
                    h.name_text(),
                    h.length,
                    h.start
                );
                if h.kind == FileKind::Dictionary {
                    text += &format!(
                        "  newest {:04X} CURRENT {:04X} CONTEXT {:04X} VOCLNK {:04X} STKBOT {:04X}",
                        h.newest, h.current, h.context, h.voclnk, h.stkbot
                    );
                } else if let FileKind::Bytes(t) = h.kind {
                    if t != 0x20 {
                        text += &format!("  (type {t:02X}: BLOAD will not find it)");
                    }
                }
                text
            }
            None => format!("header  (short: {payload} bytes)"),
        }
    } else if block.flag == pulse::FLAG_DATA {
        format!("data    {payload} bytes")
    } else {
        format!("block   flag {:02X}, {payload} bytes", block.flag)
    }
}

fn info(path: &Path) -> anyhow::Result<()> {
    let format = Format::from_path(path)?;
    let bytes = aceemu::tape::image::read_file(path, format)?;
    let name = path.display().to_string();
    // For TAP the lenient reader gives offsets; other formats go through the tape image.
    // Each block with its byte offset (TAP only), the problems kept and how many more.
    type Rows = Vec<(Option<usize>, Block)>;
    let (rows, problems, not_kept): (Rows, Vec<String>, usize) = if format == Format::Tap {
        let listing = tap::read_lenient(&bytes, &name);
        (
            listing
                .blocks
                .into_iter()
                .map(|b| (Some(b.offset), b.block))
                .collect(),
            listing.problems.iter().map(|p| p.to_string()).collect(),
            listing.problems_not_kept,
        )
    } else {
        let image = TapeImage::from_bytes(&bytes, &name, format)?;
        (
            image.blocks.into_iter().map(|b| (None, b)).collect(),
            image.warnings,
            image.warnings_not_kept,
        )
    };
    if rows.is_empty() && problems.is_empty() {
        bail!("{name}: no blocks found: the file is empty");
    }
    println!("{name}: {}", count(rows.len(), "block"));
    let mut total = 0u64;
    for (i, (offset, block)) in rows.iter().enumerate() {
        let time = block_time(block);
        total += time;
        let at = offset.map_or(String::new(), |o| format!("@{o:<6} "));
        println!(
            "{:3} {at}{}  checksum {}  {:.2} s",
            i + 1,
            describe(block),
            if block.checksum_ok() { "OK" } else { "BAD" },
            seconds(time)
        );
    }
    // The deck plays a TAP or TZX with a lead-in and the gaps between blocks: its length
    // is what the window's title counts the tape position in.
    if format == Format::Wav {
        println!("play time {:.1} s", seconds(total));
    } else {
        let blocks: Vec<Block> = rows.iter().map(|(_, b)| b.clone()).collect();
        println!(
            "play time {:.1} s; {:.1} s on the tape with the gaps between blocks",
            seconds(total),
            seconds(pulse::play_time(&blocks))
        );
    }
    if !problems.is_empty() {
        aceemu::tape::input::print_problems("problem: ", &problems, not_kept);
        bail!(
            "{name}: {} found",
            count(problems.len() + not_kept, "problem")
        );
    }
    Ok(())
}

fn convert(input: &Path, output: &Path, overwrite: bool) -> anyhow::Result<()> {
    let image = TapeImage::open_blocks(input)?;
    aceemu::tape::input::print_problems("warning: ", &image.warnings, image.warnings_not_kept);
    if image.blocks.is_empty() {
        bail!("{}: no blocks found, nothing to convert", input.display());
    }
    image.refuse_lossy(Format::from_path(output)?, &output.display().to_string())?;
    image.save(output, overwrite)?;
    println!(
        "{} -> {}: {}",
        input.display(),
        output.display(),
        count(image.blocks.len(), "block")
    );
    Ok(())
}

/// The ROM `tape words --rom` names: `open`, `original`, or an image file of either.
fn saving_rom(arg: &Path) -> anyhow::Result<SavingRom> {
    match arg.to_str().map(str::to_ascii_lowercase).as_deref() {
        Some("open") if !arg.exists() => return Ok(SavingRom::Open),
        Some("original") if !arg.exists() => return Ok(SavingRom::Original),
        _ => {}
    }
    let image = aceemu::rom::RomImage::load(arg).context("--rom")?;
    match image.kind() {
        aceemu::rom::RomKind::Original => Ok(SavingRom::Original),
        aceemu::rom::RomKind::OpenAce => Ok(SavingRom::Open),
        aceemu::rom::RomKind::Unknown => bail!(
            "--rom {}: neither the original ROM nor this build's open ROM, so its \
             code-field values are not known; leave --rom out to detect the ROM from the \
             tape, or name one with `--rom open` or `--rom original`",
            arg.display()
        ),
    }
}

/// One line of `tape words` for a place where no word parses.
fn unparsed_line(e: &dict::DictError) -> String {
    format!(
        "{:04X} ?                not a word (image offset {}): {}",
        e.address, e.offset, e.what
    )
}

fn words(path: &Path, rom: Option<SavingRom>) -> anyhow::Result<()> {
    let image = TapeImage::open_blocks(path)?;
    let mut found = false;
    for (i, pair) in image.blocks.windows(2).enumerate() {
        let Some(h) = pair[0]
            .is_header()
            .then(|| Header::parse(&pair[0].data))
            .flatten()
        else {
            continue;
        };
        if h.kind != FileKind::Dictionary || pair[1].is_header() {
            continue;
        }
        found = true;
        let data = &pair[1].data[..pair[1].data.len().saturating_sub(1)];
        println!("Dict: {} (blocks {}-{})", h.name_text(), i + 1, i + 2);
        let dictionary = dict::read(data, h.start, Some(h.newest), rom);
        println!(
            "  code fields of the {} ({})",
            dictionary.rom, dictionary.rom_choice
        );
        // Words and the places where no word parses, in address order.
        let mut unparsed = dictionary.unparsed.iter().peekable();
        for w in &dictionary.words {
            while let Some(e) = unparsed.next_if(|e| e.address < w.address) {
                println!("  {}", unparsed_line(e));
            }
            println!(
                "  {:04X} {:<16} {}{}",
                w.cfa,
                tap::escape_name(w.name.as_bytes()),
                w.kind,
                if w.immediate { ", immediate" } else { "" }
            );
        }
        for e in unparsed {
            println!("  {}", unparsed_line(e));
        }
        if !dictionary.unparsed.is_empty() {
            eprintln!(
                "aceemu: warning: {}: file {}: {} where no word parses (listed in place); \
                 the Ace finds its words by their link fields, so it may load and run all \
                 the same",
                path.display(),
                h.name_text().trim_end(),
                count(dictionary.unparsed.len(), "place")
            );
        }
    }
    if !found {
        bail!("{}: no dictionary file on this tape", path.display());
    }
    Ok(())
}
