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

/// The screen the window opens on: its size in pixels, if it can be known. Keep it until
/// the window is open: on X11 it holds its connection to the X server, because a
/// connection closed just before minifb opens its own made that one fail now and then
/// (XOpenDisplay failed, 1 run in 10-25 under Xvfb).
pub struct Screen {
    pub size: Option<(usize, usize)>,
    #[cfg(all(unix, not(target_os = "macos")))]
    _x11: Option<X11Display>,
}

impl Screen {
    pub fn query() -> Screen {
        #[cfg(all(unix, not(target_os = "macos")))]
        {
            match X11Display::open() {
                Some(display) => Screen {
                    size: display.size(),
                    _x11: Some(display),
                },
                None => Screen {
                    size: None,
                    _x11: None,
                },
            }
        }
        #[cfg(not(all(unix, not(target_os = "macos"))))]
        {
            Screen { size: None }
        }
    }
}

impl Screen {
    /// The scale asked for, or the largest below it at which a window of `window` pixels
    /// at scale 1 fits on the screen (said on stderr); as asked when the screen's size is
    /// not known.
    pub fn scale_for(&self, asked: usize, window: (usize, usize)) -> usize {
        let Some(screen) = self.size else {
            return asked;
        };
        let scale = fitting_scale(asked, window, screen);
        if scale < asked {
            eprintln!(
                "aceemu: at scale {asked} the window ({}x{}) would not fit the {}x{} screen; \
                 using scale {scale} ({}x{})",
                window.0 * asked,
                window.1 * asked,
                screen.0,
                screen.1,
                window.0 * scale,
                window.1 * scale
            );
        }
        scale
    }
}

/// A connection to the X server named by DISPLAY, closed when dropped.
#[cfg(all(unix, not(target_os = "macos")))]
struct X11Display {
    xlib: x11_dl::xlib::Xlib,
    display: *mut x11_dl::xlib::Display,
}

#[cfg(all(unix, not(target_os = "macos")))]
impl X11Display {
    /// `None` without an X server or without libX11.
    fn open() -> Option<X11Display> {
        let xlib = x11_dl::xlib::Xlib::open().ok()?;
        // SAFETY: XOpenDisplay with a null name opens DISPLAY; null means no display.
        let display = unsafe { (xlib.XOpenDisplay)(std::ptr::null()) };
        if display.is_null() {
            return None;
        }
        Some(X11Display { xlib, display })
    }

    /// The default screen's size.
    fn size(&self) -> Option<(usize, usize)> {
        // SAFETY: the display is open (closed only in drop).
        let (width, height) = unsafe {
            let screen = (self.xlib.XDefaultScreen)(self.display);
            (
                (self.xlib.XDisplayWidth)(self.display, screen),
                (self.xlib.XDisplayHeight)(self.display, screen),
            )
        };
        let width = usize::try_from(width).ok().filter(|&w| w > 0)?;
        let height = usize::try_from(height).ok().filter(|&h| h > 0)?;
        Some((width, height))
    }
}

#[cfg(all(unix, not(target_os = "macos")))]
impl Drop for X11Display {
    fn drop(&mut self) {
        // SAFETY: the display was opened by XOpenDisplay and is closed once.
        unsafe {
            (self.xlib.XCloseDisplay)(self.display);
        }
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
