//! A two-pass Z80 assembler (work in progress: see issue 4).
