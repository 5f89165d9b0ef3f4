; The float probe image: the open ROM with floating point (float.asm) but without the
; font and BEEP, which make room for it. Floating point does not fit in the 8 KB beside
; everything else yet (see main.asm); this image lets tests/openrom_floats.rs check it
; until it does. Not a ROM to use: the screen shows no glyphs. MIT OR Apache-2.0.
WITH_FLOATS EQU 1
FLOAT_PROBE EQU 1              ; leave out the font and BEEP (main.asm)
        INCLUDE "main.asm"
