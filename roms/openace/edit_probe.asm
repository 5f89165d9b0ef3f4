; The edit probe image: the open ROM with EDIT and REDEFINE (edit.asm) but without the font
; and BEEP, which make room for them. They do not fit in the 8 KB beside everything else
; yet (see main.asm); this image lets tests/openrom_edit.rs check them until they do. Not a
; ROM to use: the screen shows no glyphs. MIT OR Apache-2.0.
WITH_EDIT EQU 1
        INCLUDE "main.asm"
