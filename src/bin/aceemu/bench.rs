//! `aceemu bench` (to be written).

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`aceemu bench` is not written yet")
}
