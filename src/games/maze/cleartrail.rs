//! CLEARTRAIL (spec section 11) and the set-up before playing or watching (section 12).

use super::layout::{bits, codes};
use super::state::Maze;

impl Maze {
    /// Clears the breadcrumb bits 4 and 5 of every byte of the maze-state area.
    pub fn clear_trail(&mut self) {
        self.map_state(|status| status & !bits::TRAIL);
    }

    /// Spec section 12: back to the entrance section, the mouse on the entrance cell,
    /// X = IX, then the trail cleared.
    pub fn prepare_to_play(&mut self) {
        let vars = self.vars_mut();
        vars.u = vars.iu;
        vars.v = vars.iv;
        self.point_at_section();
        self.show_section();
        let ix = self.vars().ix;
        self.add_screen(usize::from(ix), codes::LARGE_MARKER);
        self.vars_mut().x = ix;
        self.clear_trail();
    }
}
