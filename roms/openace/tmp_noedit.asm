WITH_EDIT EQU 1
        INCLUDE "tmp_main_noedit.asm"
