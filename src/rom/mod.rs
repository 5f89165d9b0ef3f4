//! (to be written)

pub mod open;
