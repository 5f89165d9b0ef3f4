#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Independent clean-room model of A-Mouz-in-Mase (Jupiter Ace MAZE).

Written only from shared/spec/maze-algorithm.md ("the spec"); section numbers in the
comments refer to that document.  Standard library only.

Its use in aceemu: tests/data/maze-extra-seeds.json, the golden values that
tests/maze_vectors.rs checks the Rust model against on seeds nobody measured, was made with
`python3 tests/independent/maze_model.py emit ...` (the file's "generated_by" entry gives
the seeds), and CI runs `check` so the model that made it still reproduces the measured
vectors. Keep it independent: change it from the spec, never from the Rust model.

Modes:
  python3 maze_model.py check [--vectors PATH]
      reproduce every case of maze-vectors.json (generate, solve, play) and compare the
      SHA-256 of the maze-state area, screen buffer and video rows 0..21 plus all variables;
      exit status 1 on any mismatch.
  python3 maze_model.py emit --seeds 3,4,5 --sizes 1,2,3 [--here 20712]
      print a JSON document with the same layout as the vectors file's cases (no raw hex).

Decisions settled from the vectors (the spec text alone left room for doubt):
  * Variable convention.  The spec's tables (18.4, 18.5) give W, P and P1 relative to M,
    but maze-vectors.json stores them as absolute 16-bit addresses (M = maze_state_address
    = HERE + 30 = 20742).  The model keeps them relative internally; `check` adds the
    file's maze_state_address before comparing, and `emit` writes them absolute, exactly as
    the vectors file does, and repeats the relative values under "vars_rel_M".
  * Play-key detour (18.3).  "Open at that cell and not the route's next step" is taken
    literally: the way back towards the entrance counts as open, so the detour may step
    back along the route and return.  The vectors settle it: in 28 of the 30 measured
    play_keys strings the detour is exactly that step back (the file's play_keys_how says
    "side passage", which read narrowly would give different strings).
  * Run times (2 shared cores, CPython 3): `check` (30 cases, 90 phases) about 2.3 s;
    `emit` for the 21 seeds x 3 sizes of extra-seeds.json about 4 s.
  * Video rows 22..23 are not modelled (only rows 0..21 are compared, as the brief says);
    the 768-byte video array starts all 0x20 (6) and only the game writes to it.
"""

import argparse
import hashlib
import json
import os
import sys

# The measured vectors, copied into the repository from the project's fact sheets
# (tests/data/spec/README.md).
MEASURED_VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "data", "spec", "maze-vectors.json")

# ---------------------------------------------------------------------------
# Constants (sections 1, 2, 3, 4, 8)
# ---------------------------------------------------------------------------

SECTION_BYTES = 672          # 32 columns x 21 rows per section (1)
DEFAULT_HERE = 20712         # HERE in the measured setup (2)
VIDEO_BYTES = 768            # 32 x 24 video RAM (6)
VIDEO_ROWS_0_21 = 704        # bytes compared by the vectors

# Initial variable values stored in the tape (3).
TAPE_INITIAL_VARS = {"SEED": 47616, "Y": 147, "T": 0, "Z": 1, "X": 7, "U": 1, "V": 1}

# Direction codes (8): 1 = right, 2 = left, 3 = down, 4 = up.
RIGHT, LEFT, DOWN, UP = 1, 2, 3, 4

# Direction table (8); each row is tried from its last entry to its first (quirk 15.2).
DIRECTION_TABLE = [
    (3, 2, 4, 1), (2, 3, 4, 1), (1, 4, 3, 2), (3, 4, 2, 1),
    (2, 3, 1, 4), (3, 1, 4, 2), (4, 3, 2, 1), (1, 2, 4, 3),
    (1, 3, 2, 4), (2, 4, 1, 3), (4, 2, 1, 3), (4, 1, 3, 2),
    (1, 4, 2, 3), (2, 1, 3, 4), (3, 1, 2, 4), (1, 3, 4, 2),
    (3, 2, 1, 4), (3, 4, 1, 2), (4, 1, 2, 3), (4, 3, 1, 2),
    (1, 2, 3, 4), (4, 2, 3, 1), (2, 1, 4, 3), (2, 4, 3, 1),
]

# Status-byte bits (4).
B_RIGHT, B_LEFT, B_UP, B_DOWN = 1, 2, 4, 8
B_SOLVER = 16     # solver visited / low breadcrumb bit
B_CRUMB_HI = 32   # high breadcrumb bit
B_EXIT = 64
B_GEN = 128       # generation visited

# Order of variables as listed in the vectors file.
VAR_NAMES = ["X", "IX", "IU", "IV", "OX", "OU", "OV", "U", "V", "W", "P", "P1",
             "Z", "T", "Y", "SEED"]
ADDRESS_VARS = ("W", "P", "P1")


def col_of(x):
    """Column of offset x inside a section (1)."""
    return x % 32


def row_of(x):
    """Row of offset x inside a section (1)."""
    return x // 32


class Maze:
    """Machine state relevant to the game: maze-state area, screen buffer, video RAM and
    the game's variables.  W, P and P1 are held relative to M (the maze-state start)."""

    def __init__(self, seed):
        # Variables (3).  Values not written by a phase keep the tape's initial value.
        self.v = dict(TAPE_INITIAL_VARS)
        self.v.update({"IX": 0, "IU": 0, "IV": 0, "OX": 0, "OU": 0, "OV": 0,
                       "W": 0, "P": 0, "P1": 0})
        self.v["SEED"] = seed & 0xFFFF
        self.state = bytearray()                 # maze-state area (2)
        self.screen = bytearray()                # screen buffer (2)
        # Generation starts from a cleared screen: all video bytes 0x20 (6).
        self.video = bytearray([0x20] * VIDEO_BYTES)

    # -----------------------------------------------------------------------
    # 7. Random numbers
    # -----------------------------------------------------------------------
    def rnd(self, n):
        """Draw a number below n; every draw advances SEED, even n = 1 (quirk 15.5)."""
        d = self.v["SEED"] * 75 + 75
        lo, hi = d & 0xFFFF, d >> 16
        self.v["SEED"] = (lo - hi + (1 if lo < hi else 0) - 1) & 0xFFFF
        return (n * self.v["SEED"]) >> 16

    # -----------------------------------------------------------------------
    # 2. Section addressing helpers
    # -----------------------------------------------------------------------
    def section_start(self, u, v):
        """S(U,V): byte offset of section (U, V) within each area (2)."""
        z = self.v["Z"]
        return SECTION_BYTES * ((u - 1) + (v - 1) * z)

    def set_wp(self):
        """Set W and P (relative to M) for the current section (U, V) (3)."""
        s = self.section_start(self.v["U"], self.v["V"])
        self.v["W"] = s
        self.v["P"] = self.v["P1"] + s

    def st(self, x):
        """status[x] of the current section (W)."""
        return self.state[self.v["W"] + x]

    def st_or(self, x, bits):
        self.state[self.v["W"] + x] |= bits

    def st_and(self, x, mask):
        self.state[self.v["W"] + x] &= mask

    def scr_add(self, x, delta):
        """screen[x] += delta (mod 256) in the current section (P), with write-through
        of the new value to video byte x whatever section is on display (6)."""
        a = self.v["P"] - self.v["P1"] + x
        val = (self.screen[a] + delta) & 0xFF
        self.screen[a] = val
        self.video[x] = val

    # -----------------------------------------------------------------------
    # 6. Display: show section
    # -----------------------------------------------------------------------
    def show_section(self):
        a = self.v["P"] - self.v["P1"]
        self.video[0:SECTION_BYTES] = self.screen[a:a + SECTION_BYTES]
        self.video[672 + 28] = 48 + self.v["V"]
        self.video[672 + 29] = 44
        self.video[672 + 30] = 48 + self.v["U"]

    # -----------------------------------------------------------------------
    # 10.4.6 Switching section
    # -----------------------------------------------------------------------
    def switch(self, direction):
        if direction == RIGHT:
            self.v["U"] += 1
        elif direction == LEFT:
            self.v["U"] -= 1
        elif direction == DOWN:
            self.v["V"] += 1
        else:
            self.v["V"] -= 1
        self.set_wp()          # W, P move by +-672 or +-672 Z
        self.show_section()

    # -----------------------------------------------------------------------
    # 9. Initialisation (CLEAR)
    # -----------------------------------------------------------------------
    def initialise(self, z):
        self.v["Z"] = z
        n = SECTION_BYTES * z * z
        self.v["W"] = 0                              # W = M, section (1,1); U, V untouched
        self.state = bytearray(n)                    # all 0
        self.v["P1"] = n                             # P = P1 = M + 672 Z^2
        self.v["P"] = n
        section = bytearray(SECTION_BYTES)
        for x in range(SECTION_BYTES):
            r, c = row_of(x), col_of(x)
            if r < 20:
                section[x] = 3 if c == 31 else 1
            else:
                section[x] = 4 if c == 31 else 2
        self.screen = bytearray(section) * (z * z)

    # -----------------------------------------------------------------------
    # 10.1 Doors
    # -----------------------------------------------------------------------
    def place_door(self, n):
        """Place a door on side n (0 right, 1 top, 2 bottom, 3 left).  Returns the pending
        screen change (offset, delta), applied later by the caller."""
        z = self.v["Z"]
        self.v["OX"] = 3 - n
        if n == 0:
            x = 32 * self.rnd(20) + 30
            self.v["U"] = z
            self.v["V"] = self.rnd(z) + 1
            change = (x + 1, 1)
        elif n == 1:
            x = self.rnd(31)
            self.v["V"] = 1
            self.v["U"] = self.rnd(z) + 1
            change = (x, 2)
        elif n == 2:
            x = self.rnd(31) + 608
            self.v["V"] = z
            self.v["U"] = self.rnd(z) + 1
            change = (x + 32, 2)
        else:
            x = 32 * self.rnd(20)
            self.v["U"] = 1
            self.v["V"] = self.rnd(z) + 1
            change = (x, 1)
        self.v["X"] = x
        self.set_wp()
        return change

    # -----------------------------------------------------------------------
    # 10.4 Extend by one cell
    # -----------------------------------------------------------------------
    def neighbour_free(self, du, dv, y):
        """Is cell y of section (U+du, V+dv) free (bit 7 clear)?  A missing section
        counts as not free (the original's out-of-section read cannot matter, 10.4)."""
        u, v, z = self.v["U"] + du, self.v["V"] + dv, self.v["Z"]
        if not (1 <= u <= z and 1 <= v <= z):
            return False
        return not (self.state[self.section_start(u, v) + y] & B_GEN)

    def try_right(self, x):                         # 10.4.1
        if col_of(x) < 30:
            if self.st(x + 1) & B_GEN:
                return False
            self.st_or(x, 1)
            self.scr_add(x + 1, 1)
            self.st_or(x + 1, 2)
            self.st_or(x + 1, 48)
            self.v["X"] = x + 1
        else:
            if not self.neighbour_free(1, 0, x - 30):
                return False
            self.st_or(x, 129)
            self.scr_add(x + 1, 1)                  # column 31 of this section
            self.switch(RIGHT)
            n = x - 30
            self.scr_add(n, 1)
            self.st_or(n, 2)
            self.st_or(n, 48)
            self.v["X"] = n
        return True

    def try_left(self, x):                          # 10.4.2
        if col_of(x) > 0:
            if self.st(x - 1) & B_GEN:
                return False
            self.st_or(x, 2)
            self.scr_add(x, 1)
            self.st_or(x - 1, 1)
            self.st_or(x - 1, 16)
            self.v["X"] = x - 1
        else:
            if not self.neighbour_free(-1, 0, x + 30):
                return False
            self.st_or(x, 130)
            self.scr_add(x, 1)
            self.switch(LEFT)
            n = x + 30
            self.scr_add(n + 1, 1)                  # column 31 of the new section
            self.st_or(n, 1)
            self.st_or(n, 16)
            self.v["X"] = n
        return True

    def try_down(self, x):                          # 10.4.3
        if x < 608:
            if self.st(x + 32) & B_GEN:
                return False
            self.st_or(x, 8)
            self.scr_add(x + 32, 2)
            self.st_or(x + 32, 4)
            self.st_or(x + 32, 32)
            self.v["X"] = x + 32
        else:
            if not self.neighbour_free(0, 1, x - 608):
                return False
            self.st_or(x, 136)
            self.scr_add(x + 32, 2)                 # row 20 of this section
            self.switch(DOWN)
            n = x - 608
            self.scr_add(n, 2)
            self.st_or(n, 4)
            self.st_or(n, 32)
            self.v["X"] = n
        return True

    def try_up(self, x):                            # 10.4.4 (breadcrumb 00)
        if x > 31:
            if self.st(x - 32) & B_GEN:
                return False
            self.st_or(x, 4)
            self.scr_add(x, 2)
            self.st_or(x - 32, 8)
            self.v["X"] = x - 32
        else:
            if not self.neighbour_free(0, -1, x + 608):
                return False
            self.st_or(x, 132)
            self.scr_add(x, 2)
            self.switch(UP)
            n = x + 608
            self.scr_add(n + 32, 2)                 # row 20 of the new section
            self.st_or(n, 8)
            self.v["X"] = n
        return True

    def back_up(self):                              # 10.4.5 (SCAN)
        x = self.v["X"]
        crumb = (self.st(x) >> 4) & 3
        if crumb == 0:                              # came from below
            if row_of(x) < 19:
                self.v["X"] = x + 32
            else:
                self.switch(DOWN)
                self.v["X"] = x - 608
        elif crumb == 1:                            # came from the right
            if col_of(x) < 30:
                self.v["X"] = x + 1
            else:
                self.switch(RIGHT)
                self.v["X"] = x - 30
        elif crumb == 2:                            # came from above
            if row_of(x) > 0:
                self.v["X"] = x - 32
            else:
                self.switch(UP)
                self.v["X"] = x + 608
        else:                                       # came from the left
            if col_of(x) > 0:
                self.v["X"] = x - 1
            else:
                self.switch(LEFT)
                self.v["X"] = x + 30

    def extend(self):                               # 10.4
        tries = {RIGHT: self.try_right, LEFT: self.try_left,
                 DOWN: self.try_down, UP: self.try_up}
        while True:
            row = DIRECTION_TABLE[self.rnd(24)]
            for d in reversed(row):                 # last entry first (15.2)
                if tries[d](self.v["X"]):
                    return
            self.back_up()

    # -----------------------------------------------------------------------
    # 10.3 Growing
    # -----------------------------------------------------------------------
    def grow(self):
        z = self.v["Z"]
        count = 620 * z * z - 1
        while count != 0:
            self.st_or(self.v["X"], B_GEN)
            self.v["T"] = 1 if count < 150 * z * z else 0   # written, never read (15.6)
            self.extend()
            count -= 1
        # The last cell entered is left without bit 7 (quirk 15.1).

    # -----------------------------------------------------------------------
    # 10.2 Generation (DRAW)
    # -----------------------------------------------------------------------
    def generate(self):
        side = self.rnd(4)
        x, d = self.place_door(side)                # entrance door
        self.v["IX"], self.v["IU"], self.v["IV"] = self.v["X"], self.v["U"], self.v["V"]
        self.show_section()
        self.scr_add(x, d)                          # entrance screen change
        self.grow()
        x, d = self.place_door(self.v["OX"])        # exit door on side 3 - side
        self.st_or(self.v["X"], B_EXIT)
        self.v["OX"], self.v["OU"], self.v["OV"] = self.v["X"], self.v["U"], self.v["V"]
        # No show section here: the "phantom exit byte" (quirk 15.3) lands in video.
        self.scr_add(x, d)

    # -----------------------------------------------------------------------
    # 11. CLEARTRAIL
    # -----------------------------------------------------------------------
    def clear_trail(self):
        for i in range(len(self.state)):
            self.state[i] &= 207

    # -----------------------------------------------------------------------
    # 12. Before playing or watching
    # -----------------------------------------------------------------------
    def prepare(self):
        self.v["U"], self.v["V"] = self.v["IU"], self.v["IV"]
        self.set_wp()
        self.show_section()
        self.scr_add(self.v["IX"], 4)               # the mouse
        self.v["X"] = self.v["IX"]
        self.clear_trail()

    # -----------------------------------------------------------------------
    # 13. The automatic solver (AUTO)
    # -----------------------------------------------------------------------
    # direction: (passage bit, other-exits mask, keep-here, keep-there)
    SOLVER_DIRS = [
        (RIGHT, B_RIGHT, 14, 142, 157),
        (LEFT, B_LEFT, 13, 141, 158),
        (UP, B_UP, 11, 139, 151),
        (DOWN, B_DOWN, 7, 135, 155),
    ]

    def step_target(self, p, d):
        """(crossing flag, neighbour offset, section delta) for a move from p (13.2)."""
        if d == RIGHT:
            return (col_of(p) == 30, p - 30 if col_of(p) == 30 else p + 1, (1, 0))
        if d == LEFT:
            return (col_of(p) == 0, p + 30 if col_of(p) == 0 else p - 1, (-1, 0))
        if d == UP:
            return (p < 32, p + 608 if p < 32 else p - 32, (0, -1))
        return (p > 607, p - 608 if p > 607 else p + 32, (0, 1))

    def neighbour_status(self, crossing, delta, y):
        if crossing:
            return self.state[self.section_start(self.v["U"] + delta[0],
                                                 self.v["V"] + delta[1]) + y]
        return self.st(y)

    def solver_try(self, p, d, other, keep_here, keep_there):
        """One try (13.2).  Returns the new position, or None if the try declines."""
        crossing, q, delta = self.step_target(p, d)
        self.v["T"] = 1 if crossing else 0          # every try writes T (15.8)
        if self.neighbour_status(crossing, delta, q) & B_SOLVER:
            if self.st(p) & other:
                return None                         # decline
            self.scr_add(p, 4)                      # large marker -> small marker
            self.st_and(p, keep_here)
            if crossing:
                self.switch(d)
            self.st_and(q, keep_there)
            return q
        if crossing:
            self.switch(d)
        # (the original waits 300 * (4 - Z) empty iterations here)
        self.scr_add(q, 4)
        self.st_or(q, B_SOLVER)
        return q

    def solve(self):
        p = self.v["IX"]                            # X itself stays = IX (15.7)
        self.st_or(p, B_SOLVER)
        while not self.st(p) & B_EXIT:
            s = self.st(p)                          # 13.1 one decision
            self.v["Y"] = s
            moved = None
            for d, bit, other, kh, kt in self.SOLVER_DIRS:
                if s & bit:
                    moved = self.solver_try(p, d, other, kh, kt)
                    if moved is not None:
                        break
            if moved is None:
                raise RuntimeError("solver stuck (cannot happen on a generated maze)")
            p = moved

    # -----------------------------------------------------------------------
    # 14. Manual play (MAN)
    # -----------------------------------------------------------------------
    KEY_DIRS = {ord("A"): (UP, B_UP), ord("Z"): (DOWN, B_DOWN),
                ord("K"): (RIGHT, B_RIGHT), ord("M"): (LEFT, B_LEFT)}

    def play(self, keys):
        """Feed the key string; returns how many keys were consumed."""
        used = 0
        it = iter(keys)
        while not self.st(self.v["X"]) & B_EXIT:
            try:
                k = next(it)
            except StopIteration:
                raise RuntimeError("play keys ran out before the exit was reached")
            used += 1
            k = ord(k) & 95                         # lower case == upper case
            if k not in self.KEY_DIRS:
                continue
            d, bit = self.KEY_DIRS[k]
            x = self.v["X"]
            if not self.st(x) & bit:
                continue                            # a wall: nothing happens
            self.scr_add(x, -4)                     # take the mouse away
            crossing, q, _ = self.step_target(x, d)
            if crossing:
                self.switch(d)                      # shows the new section
            self.scr_add(q, 4)
            self.v["X"] = q
        return used

    # -----------------------------------------------------------------------
    # Reporting
    # -----------------------------------------------------------------------
    def vars_absolute(self, m):
        """Variables as the vectors file states them (W, P, P1 absolute: M + relative)."""
        out = {}
        for name in VAR_NAMES:
            val = self.v[name]
            if name in ADDRESS_VARS:
                val = (m + val) & 0xFFFF
            out[name] = val
        return out

    def regions(self):
        return {"maze_state": bytes(self.state),
                "screen_buffer": bytes(self.screen),
                "video_rows_0_21": bytes(self.video[:VIDEO_ROWS_0_21])}


# ---------------------------------------------------------------------------
# 18.3 The play keys
# ---------------------------------------------------------------------------
def build_play_keys(state, z, iu, iv, ix):
    """Build the key string from the generated maze-state area (bytes, 672 Z^2)."""
    def sec(u, v):
        return SECTION_BYTES * ((u - 1) + (v - 1) * z)

    def status(cell):
        u, v, x = cell
        return state[sec(u, v) + x]

    def step(cell, key):
        u, v, x = cell
        if key == "k":
            return (u + 1, v, x - 30) if col_of(x) == 30 else (u, v, x + 1)
        if key == "m":
            return (u - 1, v, x + 30) if col_of(x) == 0 else (u, v, x - 1)
        if key == "a":
            return (u, v - 1, x + 608) if x < 32 else (u, v, x - 32)
        return (u, v + 1, x - 608) if x > 607 else (u, v, x + 32)

    bit = {"a": B_UP, "z": B_DOWN, "k": B_RIGHT, "m": B_LEFT}
    opposite = {"a": "z", "z": "a", "k": "m", "m": "k"}

    start = (iu, iv, ix)
    keys = ["q"]
    for k in "azkm":                                # a key into a wall
        if not status(start) & bit[k]:
            keys.append(k)
            break

    # Route entrance -> exit (unique: the passages form a tree).  Iterative DFS.
    parent = {start: None}
    stack = [start]
    goal = None
    while stack:
        c = stack.pop()
        if status(c) & B_EXIT:
            goal = c
            break
        for k in "kmaz":
            if status(c) & bit[k]:
                n = step(c, k)
                if n not in parent:
                    parent[n] = (c, k)
                    stack.append(n)
    if goal is None:
        raise RuntimeError("no route to the exit")
    route = []                                      # list of (cell before step, key)
    c = goal
    while parent[c] is not None:
        prev, k = parent[c]
        route.append((prev, k))
        c = prev
    route.reverse()

    mid = len(route) // 2
    for i, (cell, k) in enumerate(route):
        if i == mid:
            for dk in "kmaz":
                if status(cell) & bit[dk] and dk != k:
                    keys.append(dk)
                    keys.append(opposite[dk])
                    break
        keys.append(k)
    return "".join(keys)


# ---------------------------------------------------------------------------
# Running the three phases (18.1)
# ---------------------------------------------------------------------------
def sha(b):
    return hashlib.sha256(b).hexdigest()


def run_case(seed, size, m, play_keys=None):
    """Returns dict phase -> (vars, regions) plus the built play-key string."""
    result = {}
    # generate: CLS  s SEED !  z CLEAR  DRAW
    g = Maze(seed)
    g.initialise(size)
    g.generate()
    result["generate"] = (g.vars_absolute(m), g.regions())
    own_keys = build_play_keys(bytes(g.state), size, g.v["IU"], g.v["IV"], g.v["IX"])

    # play: a separate run from the same start (generation repeated, 18.1 step 4)
    pl = Maze(seed)
    pl.initialise(size)
    pl.generate()
    pl.prepare()
    keys = own_keys if play_keys is None else play_keys
    used = pl.play(keys)
    if used != len(keys):
        # 18.1: MAN returns when the exit is reached; the key string ends exactly there.
        raise RuntimeError("exit reached after %d of %d play keys" % (used, len(keys)))
    result["play"] = (pl.vars_absolute(m), pl.regions())

    # solve: continues the generate run
    g.prepare()
    g.solve()
    result["solve"] = (g.vars_absolute(m), g.regions())
    return result, own_keys


PHASES = ("generate", "solve", "play")
HEX_KEYS = {"maze_state": "maze_state", "screen_buffer": "screen_buffer",
            "video_rows_0_21": "video"}


def cmd_check(args):
    with open(args.vectors) as f:
        vec = json.load(f)
    m = vec["maze_state_address"]
    total = ok = 0
    failures = []
    keys_ok = 0
    for case in vec["cases"]:
        seed, size = case["seed"], case["size"]
        res, own_keys = run_case(seed, size, m, play_keys=case["play_keys"])
        if own_keys == case["play_keys"]:
            keys_ok += 1
        else:
            failures.append("seed=%d size=%d play_keys differ (own len %d, vector len %d)"
                            % (seed, size, len(own_keys), len(case["play_keys"])))
        for phase in PHASES:
            total += 1
            exp = case[phase]
            got_vars, got_regions = res[phase]
            bad = []
            for name, val in exp["vars"].items():
                if got_vars.get(name) != val:
                    bad.append("var %s: got %s want %s" % (name, got_vars.get(name), val))
            for region, data in got_regions.items():
                want = exp["sha256"][region]
                if sha(data) != want:
                    msg = "%s sha mismatch" % region
                    raw = exp.get("hex", {}).get(HEX_KEYS[region])
                    if raw is not None:
                        rb = bytes.fromhex(raw)[:len(data)]
                        for i in range(min(len(rb), len(data))):
                            if rb[i] != data[i]:
                                msg += " first diff at byte %d: got %02x want %02x" % (
                                    i, data[i], rb[i])
                                break
                    bad.append(msg)
            if bad:
                failures.append("seed=%d size=%d %s: %s" % (seed, size, phase, "; ".join(bad)))
            else:
                ok += 1
    print("phase vectors matched: %d / %d" % (ok, total))
    print("play_keys strings matched: %d / %d" % (keys_ok, len(vec["cases"])))
    for f_ in failures:
        print("MISMATCH " + f_)
    return 0 if (ok == total and keys_ok == len(vec["cases"])) else 1


def parse_list(s):
    return [int(t) for t in s.replace(",", " ").split()]


def cmd_emit(args):
    m = args.here + 30
    cases = []
    for seed in parse_list(args.seeds):
        for size in parse_list(args.sizes):
            res, own_keys = run_case(seed, size, m)
            case = {"seed": seed, "size": size, "play_keys": own_keys}
            for phase in PHASES:
                vars_, regions = res[phase]
                case[phase] = {
                    "vars": vars_,
                    "vars_rel_M": {n + "-M": (vars_[n] - m) & 0xFFFF for n in ADDRESS_VARS},
                    "sha256": {r: sha(d) for r, d in regions.items()},
                }
            case["play"]["play_keys_sha256"] = sha(own_keys.encode("ascii"))
            cases.append(case)
    doc = {
        "what": "A-Mouz-in-Mase vectors computed by the independent Python model "
                "maze_model.py (written from shared/spec/maze-algorithm.md only)",
        "generated_by": "python3 maze_model.py emit --seeds %s --sizes %s --here %d"
                        % (",".join(map(str, parse_list(args.seeds))),
                           ",".join(map(str, parse_list(args.sizes))), args.here),
        "here": args.here,
        "maze_state_address": m,
        "regions": {"maze_state": "size*size*672 bytes from HERE+30",
                    "screen_buffer": "size*size*672 bytes following the maze state (variable P1)",
                    "video_rows_0_21": "first 704 bytes of video RAM (video starts all 0x20)"},
        "vars_note": "16-bit values of the game's variables at the end of each phase; W, P, "
                     "P1 are absolute addresses as in maze-vectors.json (M = maze_state_address); "
                     "vars_rel_M repeats them relative to M",
        "play_keys_how": "section 18.3 of maze-algorithm.md, built by this model",
        "cases": cases,
    }
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("check", help="reproduce maze-vectors.json")
    c.add_argument("--vectors", default=MEASURED_VECTORS)
    e = sub.add_parser("emit", help="print vectors for given seeds and sizes")
    e.add_argument("--seeds", required=True, help="comma or space separated list")
    e.add_argument("--sizes", default="1,2,3")
    e.add_argument("--here", type=int, default=DEFAULT_HERE)
    args = ap.parse_args(argv)
    return cmd_check(args) if args.mode == "check" else cmd_emit(args)


if __name__ == "__main__":
    sys.exit(main())
