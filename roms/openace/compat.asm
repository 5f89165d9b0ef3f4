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
        SBC A,A                 ; carry (load): 0xFF, else 0
        INC A
        LD B,A                  ; B = 0 store, 1 compare
        XOR A
        CP C                    ; carry if C is not 0
        SBC A,A                 ; A = flag: 0x00 header, 0xFF data
        CALL read_block
        EI
        RET

; pop_de (RST 24): the data stack grows upwards, SPARE is one past the top (ace-forth.md
; 1). Preserves BC.
pop_de:
        LD HL,(SPARE)
        DEC HL
        LD D,(HL)
        DEC HL
        LD E,(HL)
        LD (SPARE),HL
        RET

; same: Z if HL = DE (list.asm). Uses AF, HL.
same:   AND A
        SBC HL,DE
        RET
