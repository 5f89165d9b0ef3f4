WITH_EDIT EQU 1
        INCLUDE "tmp_main_full.asm"
