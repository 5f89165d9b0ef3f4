//! The compact state encoding the searches share (spec section 2): the player's cell and,
//! for every row that can move, the column of its first block, packed as bit fields into
//! one, two or more 64-bit words. Rows without blocks and rows whose blocks span the
//! whole width never move and take no bits.

use super::level::Level;
use super::moves::{Direction, Move};
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A packed state. Fields never straddle a 64-bit word.
pub trait Key: Clone + Eq + Hash {
    fn zero(words: usize) -> Self;
    fn get(&self, pos: u32, bits: u32) -> u32;
    fn set(&mut self, pos: u32, bits: u32, value: u32);
}

fn mask(bits: u32) -> u64 {
    (1u64 << bits) - 1
}

impl Key for u64 {
    fn zero(_: usize) -> u64 {
        0
    }
    fn get(&self, pos: u32, bits: u32) -> u32 {
        ((self >> pos) & mask(bits)) as u32
    }
    fn set(&mut self, pos: u32, bits: u32, value: u32) {
        *self = (*self & !(mask(bits) << pos)) | (u64::from(value) << pos);
    }
}

impl Key for u128 {
    fn zero(_: usize) -> u128 {
        0
    }
    fn get(&self, pos: u32, bits: u32) -> u32 {
        ((self >> pos) as u64 & mask(bits)) as u32
    }
    fn set(&mut self, pos: u32, bits: u32, value: u32) {
        let m = u128::from(mask(bits)) << pos;
        *self = (*self & !m) | (u128::from(value) << pos);
    }
}

/// A key of more than 128 bits (very large levels).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WideKey(Box<[u64]>);

impl Key for WideKey {
    fn zero(words: usize) -> WideKey {
        WideKey(vec![0; words].into_boxed_slice())
    }
    fn get(&self, pos: u32, bits: u32) -> u32 {
        self.0[(pos / 64) as usize].get(pos % 64, bits)
    }
    fn set(&mut self, pos: u32, bits: u32, value: u32) {
        self.0[(pos / 64) as usize].set(pos % 64, bits, value)
    }
}

/// A small fast hasher for packed keys (the Fx hash with a finaliser): the keys are dense
/// bit fields, so the standard library's DoS-resistant hash would only cost time.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        // The multiply leaves the low bits depending only on the input's low bits, and the
        // hash table picks buckets by the low bits: mix the high half down (the SplitMix64
        // finaliser), or keys that differ only in their high words all collide.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

pub type FxBuild = BuildHasherDefault<FxHasher>;
pub type FxHashMap<K, V> = std::collections::HashMap<K, V, FxBuild>;

/// A row that can move.
#[derive(Clone, Debug)]
struct MovingRow {
    /// The row's cells from its first to its last block (`true` = block).
    pattern: Vec<bool>,
    /// The first block's column can be 0..=max_first.
    max_first: u32,
    pos: u32,
    bits: u32,
}

/// The rules of section 3 over packed states.
#[derive(Clone, Debug)]
pub struct Space {
    width: u32,
    height: u32,
    entrance_row: u32,
    exit_row: u32,
    /// Interior cells of the initial state (used for rows that never move).
    fixed: Vec<bool>,
    /// For each interior row, its index in `moving`.
    slot: Vec<Option<usize>>,
    moving: Vec<MovingRow>,
    player_bits: u32,
    words: usize,
    initial_firsts: Vec<u32>,
}

/// A decoded state: the player's cell (row, col) and the first-block column of every
/// moving row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub row: u32,
    pub col: u32,
    pub firsts: Vec<u32>,
}

fn bits_for(count: u32) -> u32 {
    (u32::BITS - count.saturating_sub(1).leading_zeros()).max(1)
}

impl Space {
    pub fn new(level: &Level) -> Space {
        let (w, h) = (level.width(), level.height());
        let player_bits = bits_for((w * h) as u32);
        let mut pos = player_bits;
        let mut slot = vec![None; h];
        let mut moving = Vec::new();
        let mut initial_firsts = Vec::new();
        for (r, slot) in slot.iter_mut().enumerate() {
            let row = level.row(r);
            let (Some(first), Some(last)) =
                (row.iter().position(|&b| b), row.iter().rposition(|&b| b))
            else {
                continue;
            };
            let span = last - first + 1;
            if span == w {
                continue;
            }
            let max_first = (w - span) as u32;
            let bits = bits_for(max_first + 1);
            if pos % 64 + bits > 64 {
                pos = pos.next_multiple_of(64);
            }
            *slot = Some(moving.len());
            moving.push(MovingRow {
                pattern: row[first..=last].to_vec(),
                max_first,
                pos,
                bits,
            });
            initial_firsts.push(first as u32);
            pos += bits;
        }
        Space {
            width: w as u32,
            height: h as u32,
            entrance_row: level.entrance_row() as u32,
            exit_row: level.exit_row() as u32,
            fixed: level.cells().to_vec(),
            slot,
            moving,
            player_bits,
            words: pos.div_ceil(64) as usize,
            initial_firsts,
        }
    }

    /// 64-bit words a key needs.
    pub fn words(&self) -> usize {
        self.words
    }

    /// Rows that can move (and so take bits in a key).
    #[cfg(test)]
    pub fn moving_rows(&self) -> usize {
        self.moving.len()
    }

    pub fn encode<K: Key>(&self, s: &Decoded) -> K {
        let mut key = K::zero(self.words);
        key.set(0, self.player_bits, s.row * self.width + s.col);
        for (m, &f) in self.moving.iter().zip(&s.firsts) {
            key.set(m.pos, m.bits, f);
        }
        key
    }

    pub fn decode_into<K: Key>(&self, key: &K, s: &mut Decoded) {
        let cell = key.get(0, self.player_bits);
        s.row = cell / self.width;
        s.col = cell % self.width;
        s.firsts.clear();
        s.firsts
            .extend(self.moving.iter().map(|m| key.get(m.pos, m.bits)));
    }

    /// The state after the forced first move `r` from the entrance gap.
    pub fn start(&self) -> Decoded {
        Decoded {
            row: self.entrance_row,
            col: 0,
            firsts: self.initial_firsts.clone(),
        }
    }

    /// A lower bound on the moves still needed from the player's cell at (row, col),
    /// the step into the exit gap included: each move changes the row or the column by
    /// one. It drops by at most one per move, so A* with it finds shortest solutions.
    pub fn moves_to_exit_at_least(&self, row: u32, col: u32) -> u32 {
        row.abs_diff(self.exit_row) + (self.width - 1 - col) + 1
    }

    /// Is the player next to the exit gap (one `r` from solving)?
    pub fn at_exit_door(&self, s: &Decoded) -> bool {
        s.row == self.exit_row && s.col + 1 == self.width
    }

    pub fn is_block(&self, s: &Decoded, row: u32, col: u32) -> bool {
        match self.slot[row as usize] {
            None => self.fixed[(row * self.width + col) as usize],
            Some(k) => {
                let f = s.firsts[k];
                let m = &self.moving[k];
                col >= f && ((col - f) as usize) < m.pattern.len() && m.pattern[(col - f) as usize]
            }
        }
    }

    /// What one move in `direction` does, or `None` if the key does nothing. Stepping
    /// into the exit gap is not a state: callers test [`Space::at_exit_door`].
    pub fn transition(&self, s: &Decoded, direction: Direction) -> Option<Transition> {
        let (row, col) = (s.row, s.col);
        let step = |row, col| Transition {
            row,
            col,
            pushed: None,
            made: Move::step(direction),
        };
        match direction {
            Direction::Up | Direction::Down => {
                let r = if direction == Direction::Up {
                    row.checked_sub(1)?
                } else {
                    Some(row + 1).filter(|&r| r < self.height)?
                };
                (!self.is_block(s, r, col)).then(|| step(r, col))
            }
            Direction::Left => {
                let c = col.checked_sub(1)?;
                if !self.is_block(s, row, c) {
                    return Some(step(row, c));
                }
                let k = self.slot[row as usize]?;
                let f = s.firsts[k].checked_sub(1)?;
                Some(Transition {
                    row,
                    col: c,
                    pushed: Some((k, f)),
                    made: Move::push(direction),
                })
            }
            Direction::Right => {
                let c = Some(col + 1).filter(|&c| c < self.width)?;
                if !self.is_block(s, row, c) {
                    return Some(step(row, c));
                }
                let k = self.slot[row as usize]?;
                let f = Some(s.firsts[k] + 1).filter(|&f| f <= self.moving[k].max_first)?;
                Some(Transition {
                    row,
                    col: c,
                    pushed: Some((k, f)),
                    made: Move::push(direction),
                })
            }
        }
    }

    /// `key` (the packing of `s`) changed by a transition.
    pub fn apply<K: Key>(&self, key: &K, t: &Transition) -> K {
        let mut next = key.clone();
        next.set(0, self.player_bits, t.row * self.width + t.col);
        if let Some((k, f)) = t.pushed {
            let m = &self.moving[k];
            next.set(m.pos, m.bits, f);
        }
        next
    }
}

/// The effect of one move: the player's new cell, the moving row that was pushed (its
/// index among the moving rows and its new first column) and the move made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    pub row: u32,
    pub col: u32,
    pub pushed: Option<(usize, u32)>,
    pub made: Move,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_widths_cover_every_value() {
        assert_eq!(bits_for(1), 1);
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(3), 2);
        assert_eq!(bits_for(4), 2);
        assert_eq!(bits_for(5), 3);
        assert_eq!(bits_for(65025), 16);
    }

    #[test]
    fn encode_and_decode_round_trip_in_every_key_width() {
        let level = Level::from_drawing(&["#######", "#$  $ #", "+  $ $*", "#######"]).unwrap();
        let space = Space::new(&level);
        assert_eq!(space.moving_rows(), 2);
        let s = Decoded {
            row: 1,
            col: 3,
            firsts: vec![1, 0],
        };
        let mut back = space.start();
        space.decode_into(&space.encode::<u64>(&s), &mut back);
        assert_eq!(back, s);
        space.decode_into(&space.encode::<u128>(&s), &mut back);
        assert_eq!(back, s);
        space.decode_into(&space.encode::<WideKey>(&s), &mut back);
        assert_eq!(back, s);
    }

    #[test]
    fn wide_levels_lay_fields_out_without_straddling_words() {
        // 30 rows of one block in 200 columns: 8 bits each plus the player.
        let (w, h) = (200, 30);
        let mut cells = vec![false; w * h];
        for r in 0..h {
            cells[r * w + 1 + r] = true;
        }
        let level = Level::new(w, h, 0, 0, cells).unwrap();
        let space = Space::new(&level);
        assert!(space.words() >= 4);
        let mut s = space.start();
        for (i, f) in s.firsts.iter_mut().enumerate() {
            *f = 199 - i as u32;
        }
        let mut back = space.start();
        space.decode_into(&space.encode::<WideKey>(&s), &mut back);
        assert_eq!(back, s);
    }
}
