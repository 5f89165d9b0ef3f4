//! The original's quirks that show in its memory (spec section 15), each named by a test.

use aceemu::games::maze::{bits, Cell, Maze, Size};

/// 15.3: seed 0 size 2 ends with section (2,1) on display while the exit's door mark is
/// written through to video byte 64 from section (1,2).
#[test]
fn phantom_exit_byte() {
    let mut maze = Maze::new(Size::MEDIUM, 0);
    maze.generate();
    let video = maze.video_rows();
    assert_eq!(
        &video[672 + 28..672 + 31],
        b"1,2",
        "row 21 shows V,U of section (2,1)"
    );
    let exit = Cell { u: 1, v: 2, x: 64 };
    assert_eq!(maze.current_cell(), exit);
    assert_eq!(video[64], maze.screen_of(exit));
    assert_ne!(video[64], maze.screen_of(Cell { u: 2, v: 1, x: 64 }));
    // Every other byte of rows 0..20 is section (2,1)'s.
    for x in (0..672).filter(|&x| x != 64) {
        assert_eq!(
            video[x],
            maze.screen_of(Cell {
                u: 2,
                v: 1,
                x: x as u16
            }),
            "byte {x}"
        );
    }
}

/// 15.1 and 10.5: exactly one cell lacks bit 7 and T ends as 1, for every size.
#[test]
fn last_cell_unmarked_and_t_set() {
    for size in Size::ALL {
        let mut maze = Maze::new(size, 2024);
        maze.generate();
        let unmarked = maze
            .state_area()
            .iter()
            .enumerate()
            .filter(|&(i, &s)| i % 672 % 32 < 31 && i % 672 < 640 && s & bits::VISITED == 0)
            .count();
        assert_eq!(unmarked, 1, "size {size}");
        assert_eq!(maze.vars().t, 1);
    }
}

/// 15.9: before CLEARTRAIL, cells entered leftwards or rightwards carry bit 4, the bit
/// the solver reads as "visited"; afterwards no byte has bit 4 or 5.
#[test]
fn the_trail_shares_the_solver_bit_until_cleared() {
    let mut maze = Maze::new(Size::SMALL, 99);
    maze.generate();
    assert!(maze
        .state_area()
        .iter()
        .any(|s| s & bits::SOLVER_VISITED != 0));
    maze.clear_trail();
    assert!(maze.state_area().iter().all(|s| s & bits::TRAIL == 0));
}
