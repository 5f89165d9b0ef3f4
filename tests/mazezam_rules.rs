//! The rules of play, one test per row of the spec's table in section 3 and per rule
//! listed for the Ace port in section 9, on small hand-drawn mazezams. Rows are checked
//! as strings of ' ' and '$' after each key.

use aceemu::games::mazezam::{
    Command, Direction, Event, Game, Level, Move, Outcome, Phase, Position, Session,
};

use Direction::{Down, Left, Right, Up};

fn level(lines: &[&str]) -> Level {
    Level::from_drawing(lines).unwrap()
}

fn row(game: &Game, r: usize) -> String {
    game.row(r)
        .iter()
        .map(|&b| if b { '$' } else { ' ' })
        .collect()
}

/// A game after pressing `keys` (each must do something).
fn after(lines: &[&str], keys: &[Direction]) -> Game {
    let mut game = Game::new(&level(lines));
    for (i, &k) in keys.iter().enumerate() {
        assert_ne!(
            game.press(k),
            Outcome::Nothing,
            "setup key {} did nothing",
            i + 1
        );
    }
    game
}

fn at(row: usize, col: usize) -> Position {
    Position::Cell { row, col }
}

#[test]
fn from_the_entrance_only_right_moves_onto_the_first_cell() {
    let mut game = Game::new(&level(&["####", "#  #", "+  *", "#  #", "####"]));
    for k in [Left, Up, Down] {
        assert_eq!(game.press(k), Outcome::Nothing);
        assert_eq!(game.player(), Position::Entrance);
    }
    assert_eq!(game.press(Right), Outcome::Moved(Move::step(Right)));
    assert_eq!(game.player(), at(1, 0));
}

#[test]
fn left_in_column_one_does_nothing_on_every_row() {
    let lines = ["####", "#  #", "+  *", "####"];
    let mut game = after(&lines, &[Right]);
    assert_eq!(game.press(Left), Outcome::Nothing);
    game.press(Up);
    assert_eq!(game.press(Left), Outcome::Nothing);
    assert_eq!(game.player(), at(0, 0));
}

#[test]
fn left_and_right_step_into_empty_cells() {
    let mut game = after(&["#####", "+   *", "#####"], &[Right]);
    assert_eq!(game.press(Right), Outcome::Moved(Move::step(Right)));
    assert_eq!(game.press(Left), Outcome::Moved(Move::step(Left)));
    assert_eq!(game.player(), at(0, 0));
}

#[test]
fn a_left_push_moves_the_whole_row_including_blocks_behind_the_player() {
    let mut game = after(
        &["#######", "#$ $  #", "+     *", "#######"],
        &[Right, Right, Up],
    );
    // Player at (0,1), in the hole between the blocks of "$ $  ".
    assert_eq!(game.player(), at(0, 1));
    assert_eq!(game.press(Left), Outcome::Nothing, "column 1 holds a block");
    assert_eq!(game.press(Right), Outcome::Moved(Move::push(Right)));
    assert_eq!(row(&game, 0), " $ $ ", "the block behind moved too");
    assert_eq!(game.player(), at(0, 2));
    assert_eq!(game.press(Left), Outcome::Moved(Move::push(Left)));
    assert_eq!(row(&game, 0), "$ $  ", "both blocks moved back");
    assert_eq!(game.player(), at(0, 1));
}

#[test]
fn a_push_is_refused_when_the_far_end_cell_holds_a_block() {
    // "$ $ $": the player in the hole at column 2 (0-based 1).
    let mut game = after(
        &["#######", "#$ $ $#", "+     *", "#######"],
        &[Right, Right, Up],
    );
    assert_eq!(
        game.press(Right),
        Outcome::Nothing,
        "column W holds a block"
    );
    assert_eq!(game.press(Left), Outcome::Nothing, "column 1 holds a block");
    assert_eq!(row(&game, 0), "$ $ $");
}

#[test]
fn gaps_inside_a_row_do_not_limit_a_push() {
    let mut game = after(
        &["########", "#$ $ $ #", "+      *", "########"],
        &[Right, Right, Up],
    );
    assert_eq!(game.press(Right), Outcome::Moved(Move::push(Right)));
    assert_eq!(row(&game, 0), " $ $ $");
}

#[test]
fn up_and_down_only_step_into_empty_cells_and_never_push() {
    let mut game = after(&["####", "#$ #", "+  *", "#$ #", "####"], &[Right]);
    assert_eq!(game.press(Up), Outcome::Nothing);
    assert_eq!(game.press(Down), Outcome::Nothing);
    assert_eq!(row(&game, 0), "$ ");
    assert_eq!(row(&game, 2), "$ ");
    game.press(Right);
    assert_eq!(game.press(Up), Outcome::Moved(Move::step(Up)));
    assert_eq!(game.press(Up), Outcome::Nothing, "top wall");
    game.press(Down);
    assert_eq!(game.press(Down), Outcome::Moved(Move::step(Down)));
    assert_eq!(game.press(Down), Outcome::Nothing, "bottom wall");
}

#[test]
fn right_from_the_last_column_leaves_only_on_the_exit_row() {
    let mut game = after(&["####", "#  #", "+  *", "####"], &[Right, Right, Up]);
    assert_eq!(game.press(Right), Outcome::Nothing, "not the exit row");
    game.press(Down);
    assert_eq!(game.press(Right), Outcome::Solved(Move::step(Right)));
    assert_eq!(game.player(), Position::Exit);
    assert_eq!(game.history().to_string(), "rrudr");
    for k in [Left, Right, Up, Down] {
        assert_eq!(game.press(k), Outcome::Nothing, "the game is over");
    }
}

#[test]
fn a_row_cannot_be_pushed_into_the_exit_gap() {
    // The exit row's only block reaches column W and stays there: the exit is shut.
    let mut game = after(&["######", "+ $  *", "######"], &[Right]);
    assert_eq!(game.press(Right), Outcome::Moved(Move::push(Right)));
    assert_eq!(game.press(Right), Outcome::Moved(Move::push(Right)));
    assert_eq!(row(&game, 0), "   $");
    assert_eq!(game.press(Right), Outcome::Nothing);
    assert_eq!(game.player(), at(0, 2));
}

#[test]
fn the_solved_position_is_reached_whatever_the_blocks() {
    let game = after(
        &["#####", "#$$ #", "+   *", "#####"],
        &[Right, Right, Right, Right],
    );
    assert!(game.is_solved());
}

#[test]
fn retry_restarts_the_mazezam_and_costs_a_life() {
    let lv = level(&["######", "+ $  *", "######"]);
    let mut s = Session::new(vec![lv.clone()], 0);
    s.command(Command::Go(Right));
    s.command(Command::Go(Right));
    assert_eq!(s.command(Command::Retry), Event::Retried { lives: 2 });
    assert_eq!(s.game(), &Game::new(&lv));
}

#[test]
fn retry_with_no_life_left_ends_the_game() {
    let mut s = Session::new(vec![level(&["###", "+ *", "###"])], 0);
    for lives in [2, 1, 0] {
        assert_eq!(s.command(Command::Retry), Event::Retried { lives });
    }
    assert_eq!(s.command(Command::Retry), Event::GameOver);
    assert_eq!(s.phase(), Phase::GameOver);
}

#[test]
fn quit_ends_the_game() {
    let mut s = Session::new(vec![level(&["###", "+ *", "###"])], 0);
    assert_eq!(s.command(Command::Quit), Event::GameOver);
    assert_eq!(s.command(Command::Go(Right)), Event::Nothing);
}
