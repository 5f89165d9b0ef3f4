; ROM subroutines machine code on tapes may call, at the original's addresses (ace-forth.md
; 1: pop-to-BC 0x084E; the restarts are in main.asm; key scan, CLS and the tape block
; routines are where their code is; the block read routine's entry is here; ace-forth.md
; 15: the entry points real programs call, below). MIT OR Apache-2.0.

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

; ---------------------------------------------------------------------------------------
; Entry points real machine code calls (ace-forth.md 15, measured on the original).
; ---------------------------------------------------------------------------------------
; pick_work (0x094D): n on the data stack -> a copy of the n-th item below it on top, as
; `n PICK` (ERROR 7 unless n > 0). out: BC = n, HL = SPARE. PICK and ROLL call it. Uses AF,
; DE. pick_code, the 2 bytes before it, is PICK's code: PUSH IY makes pick_work's RET go on
; to the next word (25 T, as CALL and JP (IY) took; 3 bytes less).
        ENDS
        SECTION pick_work_sec
        PIN pick_work_pin - 2
pick_code:
        PUSH IY
pick_work:
        ASSERT $ == pick_work_pin, "pick_work must be at the original's 0x094D"
        CALL pop_bc
        LD A,B
        DEC BC
        OR B                    ; bit 7: n < 0 or n - 1 < 0
        INC BC
        RLA
        JR C,.bad               ; (no carry from here on)
        LD HL,(SPARE)
        SBC HL,BC               ; (a borrow only for an n beyond SPARE, which reads some
        SBC HL,BC               ; other byte either way)
        LD E,(HL)
        INC HL
        LD D,(HL)
        RST 16
        RET
.bad:   RST 32
        DB 7

        ENDS
        SECTION print_string_sec
        PIN print_embedded_pin - 9
; print_string: print BC characters from HL through RST 8 (out HL = past them). Uses AF,
; BC, HL. (It fills the 9 bytes from the end of TYPE's header to 0x0979 exactly.)
print_string:
        LD A,B
        OR C
        RET Z
        LD A,(HL)
        RST 8
        INC HL
        DEC BC
        JR print_string
print_embedded:
        ASSERT $ == print_embedded_pin, "print_embedded must be at the original's 0x0979"
        EX DE,HL
        LD C,(HL)
        INC HL
        LD B,(HL)
        INC HL
        EX DE,HL
print_de_bc:                    ; (in the same pinned piece: it is fallen into)
        ASSERT $ == print_de_bc_pin, "print_de_bc must be at the original's 0x097F"
        EX DE,HL
        CALL print_string
        EX DE,HL
        RET

; at_addr (0x0B28, AT's working part) is in output.asm, in one piece with AT's code.

; [to-machine-code] (0x1A0E, a headerless word): machine code runs Forth with `CALL next`
; (0x04B9) followed by a thread of code fields; this cell ends the thread. Its code (at the
; original's 0x18FB) is a RET: next has pushed the IP, just past this cell, so the RET
; goes on with the machine code there.
        ROUTINE to_mcode_cfa
        DW to_mcode_code
        ROUTINE to_mcode_code
        RET
