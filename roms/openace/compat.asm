; ROM subroutines machine code on tapes may call, at the original's addresses (ace-forth.md
; 1: pop-to-BC 0x084E; the restarts are in main.asm; key scan, CLS and the tape block
; routines are where their code is). MIT OR Apache-2.0.

; pop_bc: pop the data stack into BC (uses DE, HL).
        ROUTINE pop_bc
        RST 24
        LD B,D
        LD C,E
        RET
