//! The window's scale capped to the screen: `--scale 8` on a small screen would open a
//! window larger than the screen, its picture cut off. minifb does not say how large the
//! screen is, so on X11 (Linux and the BSDs; also XWayland) the size of the default screen
//! is asked of the X server through `x11-dl`, which minifb already loads. Elsewhere
//! (Windows, macOS, Wayland without XWayland) the size is not known and the scale asked
//! for is used as it is.

/// The largest scale from 1 to `asked` at which a window of `window` pixels (width,
/// height) at scale 1 fits on a screen of `screen` pixels; 1 when even that does not fit
/// (the smallest window there is).
pub fn fitting_scale(asked: usize, window: (usize, usize), screen: (usize, usize)) -> usize {
    let asked = asked.max(1);
    let by_width = screen.0 / window.0.max(1);
    let by_height = screen.1 / window.1.max(1);
    asked.min(by_width).min(by_height).max(1)
}

/// The size in pixels of the screen the window opens on, if it can be known.
pub fn screen_size() -> Option<(usize, usize)> {
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        x11_screen_size()
    }
    #[cfg(not(all(unix, not(target_os = "macos"))))]
    {
        None
    }
}

/// The X server's default screen (DISPLAY), or `None` without one or without libX11.
#[cfg(all(unix, not(target_os = "macos")))]
fn x11_screen_size() -> Option<(usize, usize)> {
    let xlib = x11_dl::xlib::Xlib::open().ok()?;
    // SAFETY: the display is opened, queried and closed here; null means no display.
    unsafe {
        let display = (xlib.XOpenDisplay)(std::ptr::null());
        if display.is_null() {
            return None;
        }
        let screen = (xlib.XDefaultScreen)(display);
        let width = (xlib.XDisplayWidth)(display, screen);
        let height = (xlib.XDisplayHeight)(display, screen);
        (xlib.XCloseDisplay)(display);
        let width = usize::try_from(width).ok().filter(|&w| w > 0)?;
        let height = usize::try_from(height).ok().filter(|&h| h > 0)?;
        Some((width, height))
    }
}

#[cfg(test)]
mod tests {
    use super::fitting_scale;

    /// The window at scale 1: 256x192 and a 16-pixel border.
    const WINDOW: (usize, usize) = (288, 224);

    #[test]
    fn the_asked_scale_is_kept_when_it_fits() {
        assert_eq!(fitting_scale(3, WINDOW, (1920, 1080)), 3);
        // 288 * 4 = 1152 <= 1280, 224 * 4 = 896 <= 1024: exactly fits.
        assert_eq!(fitting_scale(4, WINDOW, (1280, 1024)), 4);
        assert_eq!(fitting_scale(4, WINDOW, (1152, 896)), 4);
    }

    #[test]
    fn a_scale_too_large_is_cut_to_the_largest_that_fits() {
        // 800x600: 3 x 288 = 864 is too wide, 2 x 288 = 576 and 2 x 224 = 448 fit.
        assert_eq!(fitting_scale(8, WINDOW, (800, 600)), 2);
        // 1920x1080: the height decides, 4 x 224 = 896 <= 1080 < 5 x 224 = 1120.
        assert_eq!(fitting_scale(8, WINDOW, (1920, 1080)), 4);
        // One pixel short of scale 4.
        assert_eq!(fitting_scale(4, WINDOW, (1151, 896)), 3);
        assert_eq!(fitting_scale(4, WINDOW, (1152, 895)), 3);
    }

    #[test]
    fn a_screen_smaller_than_the_window_still_gets_scale_1() {
        assert_eq!(fitting_scale(3, WINDOW, (200, 150)), 1);
        assert_eq!(fitting_scale(0, WINDOW, (1920, 1080)), 1);
    }
}
