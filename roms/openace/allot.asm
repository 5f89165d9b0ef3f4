; allot_bc, the dictionary's room (ace-forth.md 3; transcripts.md Rounds 3 and 4), INCLUDEd
; in compiler.asm's piece. A file of its own so that tests/openrom_allot_rule.rs can run it
; alone. Uses SPARE, STKBOT and
; run_checks.full (ERROR 1). MIT OR Apache-2.0.

; allot_bc: reserve BC bytes at HERE, moving the data stack up by BC (ace-forth.md 3:
; ERROR 1 if less than 40 bytes would be left). The room check adds 40 to n in 16 bits
; (transcripts.md Round 4): n from -40 to -1 then needs less than 40 bytes and gives the
; bytes back, the data stack moving down (`-2 ALLOT`); n of -41 or below needs about 64 KB
; and is ERROR 1, whatever was allotted before; -1 allots 20, as on the original.
; out: HL = old HERE, BC kept (but -1 becomes 20). Uses AF, DE.
allot_bc:
        LD A,B
        AND C
        INC A
        JR NZ,.not_minus_one
        LD BC,20                ; `-1 ALLOT` moves HERE forward by 20 (Round 4)
.not_minus_one:
        LD HL,(SPARE)
        PUSH HL                 ; old SPARE
        ADD HL,BC               ; (carry: n from -40 to -1, or ran past FFFF)
        SBC A,A                 ; A = FF: the stack moves down, 00: up
        EX DE,HL                ; DE = new SPARE
        LD HL,40
        ADD HL,BC               ; n + 40, carry for n from -40 to -1 only
        ADC A,1                 ; 00 (Z): a carry above but n < -40 or n past FFFF;
        JRX Z,run_checks.full   ; else 01, carry = the first carry = the stack goes down
        SBC A,A                 ; FF down, 00 up
        LD HL,-(40 + 3)         ; 40 bytes + our return address and 2 pushed bytes must be
        ADD HL,SP               ; left: SP - 43, carry set (SP > 43), so the SBC takes 44
        SBC HL,DE
        JRX C,run_checks.full
        LD (SPARE),DE
        POP HL                  ; old SPARE
        PUSH BC                 ; n
        LD BC,(STKBOT)          ; the 12-byte gap moves with the stack, so what lies
        PUSH BC                 ; below the stack stays (transcripts.md: `: W ; .` prints 0)
        SBC HL,BC               ; bytes in the gap and on the data stack (no carry before)
        JR C,.moved
        JR Z,.moved
        INC A                   ; (keeps the carry clear)
        JRX Z,.down
        DEC DE                  ; the new place of the stack's last byte
        PUSH HL
        ADD HL,BC
        DEC HL                  ; last byte of the stack
        POP BC
        LDDR
.moved:
        POP HL                  ; old HERE
        POP BC
        PUSH HL
        ADD HL,BC
        LD (STKBOT),HL
        POP HL
        RET
.down:                          ; n < 0: copy upwards from the gap's first byte
        EX DE,HL
        SBC HL,DE               ; new SPARE - bytes = new STKBOT
        EX DE,HL
        PUSH BC
        LD B,H
        LD C,L
        POP HL
        LDIR
        JRX .moved
