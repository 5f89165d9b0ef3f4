//! `aceemu mazezam` (to be written).

#[derive(clap::Subcommand)]
pub enum Command {
    /// Placeholder until the subcommands are written.
    Todo,
}

pub fn run(_cmd: Command) -> anyhow::Result<()> {
    anyhow::bail!("`aceemu mazezam` is not written yet")
}
