; ROM subroutines machine code on tapes may call, at the original's addresses (ace-forth.md
; 1: pop-to-BC 0x084E; the restarts are in main.asm; key scan, CLS and the tape block
; routines are where their code is; the block read routine's entry is here). MIT OR
; Apache-2.0.

; pop_bc: pop the data stack into BC (uses DE, HL).
        ROUTINE pop_bc
        RST 24
        LD B,D
        LD C,E
        RET

; tape_read_block (0x18A7): the original's block read contract (ace-forth.md 1, issue 16):
; HL = destination, DE = length, C = 0 for a header block (flag 0x00), else a data block
; (flag 0xFF); carry set = load, clear = verify. Returns carry set when the block was read
; (or matched) with a good checksum, carry clear otherwise, and interrupts enabled. The
; tape words call it too, so the emulator's instant-load trap sits here (src/tape/traps.rs).
        ROUTINE tape_read_block
        DI
        LD B,0                  ; store
        JR C,.mode
        INC B                   ; compare
.mode:  LD A,C
        OR A
        JR Z,.flag              ; 0x00: header
        LD A,0xFF
.flag:  CALL read_block
        EI
        RET
