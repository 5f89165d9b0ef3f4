//! The game's variables (spec section 3), with the address-valued ones kept relative to
//! the start of the maze-state area so the model fits any dictionary size.

use super::layout::STATE_AREA_FROM_HERE;

/// The names of the game's variables, as the spec and the Forth source spell them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarName {
    X,
    IX,
    IU,
    IV,
    OX,
    OU,
    OV,
    U,
    V,
    W,
    P,
    P1,
    Z,
    T,
    Y,
    Seed,
}

impl VarName {
    pub const ALL: [VarName; 16] = [
        VarName::X,
        VarName::IX,
        VarName::IU,
        VarName::IV,
        VarName::OX,
        VarName::OU,
        VarName::OV,
        VarName::U,
        VarName::V,
        VarName::W,
        VarName::P,
        VarName::P1,
        VarName::Z,
        VarName::T,
        VarName::Y,
        VarName::Seed,
    ];

    /// The Forth name of the variable.
    pub fn name(self) -> &'static str {
        match self {
            VarName::X => "X",
            VarName::IX => "IX",
            VarName::IU => "IU",
            VarName::IV => "IV",
            VarName::OX => "OX",
            VarName::OU => "OU",
            VarName::OV => "OV",
            VarName::U => "U",
            VarName::V => "V",
            VarName::W => "W",
            VarName::P => "P",
            VarName::P1 => "P1",
            VarName::Z => "Z",
            VarName::T => "T",
            VarName::Y => "Y",
            VarName::Seed => "SEED",
        }
    }

    /// Parses a Forth variable name (case-insensitive).
    pub fn from_name(name: &str) -> Option<VarName> {
        VarName::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }

    /// True for W, P and P1, whose values are addresses.
    pub fn is_address(self) -> bool {
        matches!(self, VarName::W | VarName::P | VarName::P1)
    }
}

/// The variables. `w`, `p` and `p1` are offsets from the maze-state start
/// M = HERE + 30 (so `w` is also the index of the current section in the state area).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vars {
    pub x: u16,
    pub ix: u16,
    pub iu: u16,
    pub iv: u16,
    pub ox: u16,
    pub ou: u16,
    pub ov: u16,
    pub u: u16,
    pub v: u16,
    pub w: u16,
    pub p: u16,
    pub p1: u16,
    pub z: u16,
    pub t: u16,
    pub y: u16,
    pub seed: u16,
}

impl Vars {
    /// The values stored in the tape file (spec section 3). The tape's values of the
    /// variables no phase reads before writing (IX, IU, IV, OX, OU, OV, W, P, P1) are not
    /// given by the spec; they are 0 here and every phase writes them before use.
    pub fn as_loaded() -> Vars {
        Vars {
            x: 7,
            ix: 0,
            iu: 0,
            iv: 0,
            ox: 0,
            ou: 0,
            ov: 0,
            u: 1,
            v: 1,
            w: 0,
            p: 0,
            p1: 0,
            z: 1,
            t: 0,
            y: 147,
            seed: 47616,
        }
    }

    /// The value as stored in memory when the dictionary ends at `here`: address-valued
    /// variables become absolute addresses.
    pub fn value(&self, name: VarName, here: u16) -> u16 {
        let m = here.wrapping_add(STATE_AREA_FROM_HERE);
        match name {
            VarName::X => self.x,
            VarName::IX => self.ix,
            VarName::IU => self.iu,
            VarName::IV => self.iv,
            VarName::OX => self.ox,
            VarName::OU => self.ou,
            VarName::OV => self.ov,
            VarName::U => self.u,
            VarName::V => self.v,
            VarName::W => m.wrapping_add(self.w),
            VarName::P => m.wrapping_add(self.p),
            VarName::P1 => m.wrapping_add(self.p1),
            VarName::Z => self.z,
            VarName::T => self.t,
            VarName::Y => self.y,
            VarName::Seed => self.seed,
        }
    }

    /// Sets a variable from its value in memory (the inverse of [`Vars::value`]).
    pub fn set_value(&mut self, name: VarName, here: u16, value: u16) {
        let m = here.wrapping_add(STATE_AREA_FROM_HERE);
        let slot = match name {
            VarName::X => &mut self.x,
            VarName::IX => &mut self.ix,
            VarName::IU => &mut self.iu,
            VarName::IV => &mut self.iv,
            VarName::OX => &mut self.ox,
            VarName::OU => &mut self.ou,
            VarName::OV => &mut self.ov,
            VarName::U => &mut self.u,
            VarName::V => &mut self.v,
            VarName::W => &mut self.w,
            VarName::P => &mut self.p,
            VarName::P1 => &mut self.p1,
            VarName::Z => &mut self.z,
            VarName::T => &mut self.t,
            VarName::Y => &mut self.y,
            VarName::Seed => &mut self.seed,
        };
        *slot = if name.is_address() {
            value.wrapping_sub(m)
        } else {
            value
        };
    }
}
