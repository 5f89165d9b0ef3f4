; Stack, memory, return-stack, arithmetic and comparison words.
; Every word here is written from rom-words.tsv (its stack-effect column) and
; ace-forth.md 1 (stacks), 6 (loop words), 8 (numbers: true = 1, truncating division).
; MIT OR Apache-2.0.

; ---------------------------------------------------------------------------------------
; Helpers.
; ---------------------------------------------------------------------------------------
; pop_two (RST 0x28, main.asm): ( n1 n2 -- ) out HL = n1, DE = n2.

        CUT
; bias: flip the sign bits of HL and DE so that unsigned comparison is signed comparison.
bias:
        LD A,H
        XOR 0x80
        LD H,A
        LD A,D
        XOR 0x80
        LD D,A
        RET

        CUT
; pop_greater: ( n1 n2 -- ) out HL = n2, DE = n1, carry set if n1 > n2 as signed
; numbers. Uses AF.
pop_greater:
        RST 0x28  ; pop_two
        EX DE,HL
        PUSH HL
        PUSH DE
        CALL bias               ; (clears the carry)
        SBC HL,DE
        POP DE
        POP HL
        RET

        CUT
; neg_hl / neg_de: two's complement. Use A.
neg_hl:
        XOR A
        SUB L
        LD L,A
        SBC A,A
        SUB H
        LD H,A
        RET
        CUT
; abs_de: DE := |DE|. Uses AF.
abs_de:
        BIT 7,D
        RET Z
neg_de:
        EX DE,HL
        CALL neg_hl
        EX DE,HL
        RET

        CUT
; umul: HL:DE = DE * BC (unsigned, HL high). Uses AF.
umul:
        LD HL,0
        LD A,16
.bit:   ADD HL,HL
        RL E
        RL D
        JR NC,.skip
        ADD HL,BC
        JR NC,.skip
        INC DE
.skip:  DEC A
        JR NZ,.bit
        EX DE,HL
        RET

        CUT
; div3216: (HL:DE) / BC with HL < BC -> DE = quotient, HL = remainder. Uses AF.
div3216:
        LD A,16
.bit:   EX DE,HL
        ADD HL,HL
        EX DE,HL
        ADC HL,HL
        JR C,.over
        SBC HL,BC
        JR NC,.one
        ADD HL,BC
        JR .next
.over:  OR A
        SBC HL,BC
.one:   INC E
.next:  DEC A
        JR NZ,.bit
        RET

        CUT
; pop_udiv: pop ud into HL:DE (HL high), then udiv32_16. Uses AF.
pop_udiv:
        RST 0x28                ; pop_two: HL = low, DE = high
        EX DE,HL
; udiv32_16: (HL:DE) / BC -> HL:DE = quotient, BC = remainder. Uses AF.
udiv32_16:
        PUSH DE
        EX DE,HL
        LD HL,0
        CALL div3216            ; DE = high quotient, HL = r1
        EX (SP),HL              ; HL = low, (SP) = r1
        EX DE,HL                ; DE = low, HL = high quotient
        EX (SP),HL              ; HL = r1, (SP) = high quotient
        CALL div3216
        LD B,H
        LD C,L
        POP HL
        RET

; ---------------------------------------------------------------------------------------
; Stack words.
; ---------------------------------------------------------------------------------------
; DUP: written from rom-words.tsv (DUP).
        PRIM "DUP", dup_cfa, 0
        RST 24
dup_push2:                      ; shared tails: push DE twice / once, next word (?DUP)
        RST 16
dup_push1:
        RST 16
        JP (IY)

; DROP: written from rom-words.tsv (DROP). Its code is ROLL's last two instructions (the
; same T-states wherever they are; 3 bytes less than a copy).
        HEADER "DROP", drop_cfa, 0
        DW drop_code

; SWAP: written from rom-words.tsv (SWAP).
        PRIM "SWAP", swap_cfa, 0
        RST 0x28  ; pop_two
        JRX push_de_hl

; ?DUP: written from rom-words.tsv (?DUP).
        PRIM "?DUP", qdup_cfa, 0
        RST 24
        LD A,D
        OR E
        JRX Z,dup_push1
        JRX dup_push2

; OVER: written from rom-words.tsv (OVER: a colon word in the original, and as slow).
        COLON "OVER", over_cfa, 0
        DW tor_cfa, dup_cfa
over_tail:                      ; R> SWAP ; (ROT branches here)
        DW rfrom_cfa, swap_cfa, exit_rt

; ROT: written from rom-words.tsv (ROT: a colon word in the original, and as slow).
        COLON "ROT", rot_cfa, 0
        DW tor_cfa, swap_cfa, else_rt
        DW over_tail - $ - 1

; PICK: written from rom-words.tsv (PICK) and ace-forth.md 10 (ERROR 7 if n <= 0).
        HEADER "PICK", pick_cfa, 0
        DW pick_code            ; (compat.asm: PUSH IY, then pick_work at the original's 0x094D)

; ROLL: written from rom-words.tsv (ROLL) and ace-forth.md 10 (ERROR 7 if n <= 0).
        PRIM "ROLL", roll_cfa, 0
        CALL pick_work          ; a copy of the entry on top; BC = n, HL = SPARE
        SLA C
        RL B                    ; (no carry: n > 0)
        SBC HL,BC               ; the cell above the entry
        LD D,H
        LD E,L
        DEC DE
        DEC DE                  ; the entry
        LDIR                    ; the n cells above it, the copy included, move down one
drop_code:                      ; cell, and the top cell, now there twice, is dropped
        RST 24                  ; (DROP's code too)
        JP (IY)

; ---------------------------------------------------------------------------------------
; Memory.
; ---------------------------------------------------------------------------------------
; C@: written from rom-words.tsv (C@).
        PRIM "C@", cfetch_cfa, 0
        RST 24
        LD A,(DE)
cfetch_a:                       ; shared tail: push the byte A, next word ([lit8-exit])
        LD E,A
        LD D,0
cfetch_push:                    ; shared tail: push DE, next word (R>)
        RST 16
        JP (IY)

; C!: written from rom-words.tsv (C!).
        PRIM "C!", cstore_cfa, 0
        RST 0x28  ; pop_two
        EX DE,HL
        LD (HL),E
        JP (IY)

; @: written from rom-words.tsv (@).
        PRIM "@", fetch_cfa, 0
        RST 24
fetch_tail:                     ; shared tail: push the cell at DE, next word
        JP constant_cf

; !: written from rom-words.tsv (!).
        PRIM "!", store_cfa, 0
        RST 0x28  ; pop_two
store_tail:                     ; shared tail: the cell HL at address DE, next word
        EX DE,HL                ; ([resolve])
        LD (HL),E
        INC HL
        LD (HL),D
        JP (IY)

; ---------------------------------------------------------------------------------------
; Return stack and loops (ace-forth.md 6: counter on top, then limit; IP above them).
; ---------------------------------------------------------------------------------------
; >R: written from rom-words.tsv (>R).
        PRIM ">R", tor_cfa, 0
        RST 24
        POP HL
        PUSH DE
        PUSH HL
        JP (IY)

; R>: written from rom-words.tsv (R>).
        PRIM "R>", rfrom_cfa, 0
        POP HL
        POP DE
        PUSH HL
        JRX cfetch_push

; I: written from rom-words.tsv (I) and ace-forth.md 6.
        PRIM "I", i_cfa, 0
        LD HL,2
        JRX rstack_fetch

; I': written from rom-words.tsv (I') and ace-forth.md 6.
        PRIM "I'", ilimit_cfa, 0
        LD HL,4
        JR rstack_fetch

; J: written from rom-words.tsv (J) and ace-forth.md 6.
        PRIM "J", j_cfa, 0
        LD HL,6
        JR rstack_fetch

; rstack_fetch: push the return-stack cell at SP + HL (a shared tail).
rstack_fetch:
        ADD HL,SP
        EX DE,HL
        JRX fetch_tail

; LEAVE: written from rom-words.tsv (LEAVE) and ace-forth.md 6 (counter := limit).
        PRIM "LEAVE", leave_cfa, 0
        POP BC                  ; IP
        POP HL                  ; counter
        POP DE                  ; limit
        PUSH DE
        PUSH DE                 ; counter := limit
        PUSH BC
        JP (IY)

; EXIT: written from rom-words.tsv (EXIT: shares the exit code) and ace-forth.md 6.
        HEADER "EXIT", exit_cfa, 0
        DW exit_code

; ---------------------------------------------------------------------------------------
; Arithmetic.
; ---------------------------------------------------------------------------------------
; +: written from rom-words.tsv (+).
        PRIM "+", plus_cfa, 0
        RST 0x28  ; pop_two
        ADD HL,DE
        JRX ex_push

; -: written from rom-words.tsv (-: a colon word in the original, and as slow).
        COLON "-", minus_cfa, 0
        DW negate_cfa, plus_cfa, exit_rt

; NEGATE: written from rom-words.tsv (NEGATE).
        PRIM "NEGATE", negate_cfa, 0
        RST 24
        CALL neg_de
        JRX push_next

; ABS: written from rom-words.tsv (ABS).
        PRIM "ABS", abs_cfa, 0
        RST 24
        CALL abs_de
        JRX push_next

; 1+ 2+ 1- 2-: written from rom-words.tsv. Each on its own (no shared tail): with the
; headers at the original's addresses a jump to a shared tail would be a JP.
        PRIM "1+", oneplus_cfa, 0
        RST 24
oneplus_inc:
        INC DE
        RST 16
        JP (IY)
        PRIM "2+", twoplus_cfa, 0
        RST 24
        INC DE
        JRX oneplus_inc         ; (5 bytes at most: the room after 2+'s header)
        PRIM "1-", oneminus_cfa, 0
        RST 24
oneminus_dec:
        DEC DE
        RST 16
        JP (IY)
        PRIM "2-", twominus_cfa, 0
        RST 24
        DEC DE
        JRX oneminus_dec        ; (5 bytes at most: the room after 2-'s header)
        CUT
ex_push:                        ; shared tail: push HL, next word
        EX DE,HL
push_next:                      ; shared tail: push DE, next word
        RST 16
        JP (IY)

; AND: written from rom-words.tsv (AND).
        PRIM "AND", and_cfa, 0
        RST 0x28  ; pop_two
        LD A,H
        AND D
        LD D,A
        LD A,L
        AND E
        JRX logic_tail

; OR: written from rom-words.tsv (OR).
        PRIM "OR", or_cfa, 0
        RST 0x28  ; pop_two
        LD A,H
        OR D
        LD D,A
        LD A,L
        OR E
        JRX logic_tail

; XOR: written from rom-words.tsv (XOR).
        PRIM "XOR", xor_cfa, 0
        RST 0x28  ; pop_two
        LD A,H
        XOR D
        LD D,A
        LD A,L
        XOR E
logic_tail:
        LD E,A
        JRX push_next

; MAX: written from rom-words.tsv (MAX, signed).
        PRIM "MAX", max_cfa, 0
        CALL pop_greater        ; carry if n1 > n2; DE = n1, HL = n2
max_pick:                       ; push DE if carry, else HL (MIN comes here too)
        JRX C,push_next
        JRX ex_push

; MIN: written from rom-words.tsv (MIN, signed).
        PRIM "MIN", min_cfa, 0
        CALL pop_greater        ; carry if n1 > n2; DE = n1, HL = n2
        CCF
        JRX max_pick

; D+: written from rom-words.tsv (D+).
        PRIM "D+", dplus_cfa, 0
        RST 0x28                ; pop_two; HL = d2 low, DE = d2 high
        PUSH DE
        PUSH HL
        RST 0x28                ; pop_two; HL = d1 low, DE = d1 high
        POP BC                  ; d2 low
        ADD HL,BC
        EX DE,HL                ; DE = low sum, HL = d1 high
        POP BC                  ; d2 high
        ADC HL,BC
        JRX push_de_hl

; DNEGATE: written from rom-words.tsv (DNEGATE).
        PRIM "DNEGATE", dnegate_cfa, 0
        RST 24
        PUSH DE                 ; high
        RST 24                  ; low
        POP BC
        XOR A
        LD H,A
        LD L,A
        SBC HL,DE
        EX DE,HL
        LD H,A
        LD L,A
        SBC HL,BC
        JRX push_de_hl

; U*: written from rom-words.tsv (U*: unsigned 16 x 16 -> 32).
        PRIM "U*", umul_cfa, 0
        CALL pop_bc
        RST 24
        CALL umul
        JRX push_de_hl

; *: written from rom-words.tsv (*: low 16 bits of the product).
        COLON "*", star_cfa, 0
        DW umul_cfa, drop_cfa, exit_rt

        CUT
; push_de_hl: shared tail: push DE, then HL (on top), next word. Reached by jumps.
push_de_hl:
        PUSH HL
        RST 16
        POP DE
        RST 16
        JP (IY)

; U/MOD: written from rom-words.tsv (U/MOD: unsigned 32 / 16).
        PRIM "U/MOD", umod_cfa, 0
        CALL pop_bc
        CALL pop_udiv           ; remainder in BC, quotient in DE
        EX DE,HL
        LD D,B
        LD E,C
        JRX push_de_hl

; /MOD: written from rom-words.tsv (/MOD: a colon word in the original) and ace-forth.md 8
; (truncating, remainder takes the dividend's sign): 1 SWAP */MOD, whose pacing makes
; /MOD, MOD and / as slow as the original's (forth-speed.md row 3).
        COLON "/MOD", slashmod_cfa, 0
        LIT8 1
        DW swap_cfa, starslashmod_cfa, exit_rt

; */MOD: written from rom-words.tsv (*/MOD: 32-bit intermediate product) and ace-forth.md 8
; (truncating; the remainder takes the product's sign).
        PRIM "*/MOD", starslashmod_cfa, 0
        LD B,227                ; pacing: the original's MOD takes about 20,000 T
.pace:  EX (SP),HL              ; (forth-speed.md row 3), and /MOD and MOD come here
        EX (SP),HL
        DJNZ .pace
        RST 24                  ; DE = n3
        LD C,D                  ; its sign
        CALL abs_de
        PUSH DE                 ; |n3|
        RST 0x28              ; pop_two; HL = n1, DE = n2
        LD A,H
        XOR D
        LD B,A                  ; bit 7: the remainder's sign (the product's)
        XOR C
        RLA                     ; carry: the quotient's sign
        LD A,B
        POP BC                  ; |n3|
        PUSH AF                 ; both signs, under |n3|
        PUSH BC
        CALL abs_de             ; |n2|
        EX DE,HL
        CALL abs_de             ; |n1|
        LD B,H
        LD C,L
        CALL umul               ; HL:DE = |n1 * n2|
        POP BC                  ; |n3|
        CALL udiv32_16          ; DE = quotient (low 16 bits), BC = remainder
        LD H,B
        LD L,C
        POP AF
        PUSH AF
        CALL C,neg_de           ; the quotient's sign
        POP AF
        RLA
        CALL C,neg_hl           ; the remainder's sign
        EX DE,HL
        JRX push_de_hl

; /: written from rom-words.tsv (/).
        COLON "/", slash_cfa, 0
        DW slashmod_cfa
slash_tail:                     ; SWAP DROP ; (*/ branches here)
        DW swap_cfa, drop_cfa, exit_rt

; MOD: written from rom-words.tsv (MOD).
        COLON "MOD", mod_cfa, 0
        DW slashmod_cfa, drop_cfa, exit_rt

; */: written from rom-words.tsv (*/).
        COLON "*/", starslash_cfa, 0
        DW starslashmod_cfa, else_rt
        DW slash_tail - $ - 1

; ---------------------------------------------------------------------------------------
; Comparisons (true = 1, ace-forth.md 8).
; ---------------------------------------------------------------------------------------
; 0=: written from rom-words.tsv (0=).
        PRIM "0=", zeq_cfa, 0
        RST 24
        LD A,D
        OR E
        SUB 1                   ; carry if DE = 0
        JRX push_carry

; 0<: written from rom-words.tsv (0<).
        PRIM "0<", zless_cfa, 0
        RST 24
        LD A,D
        RLA
        JRX push_carry

; 0>: written from rom-words.tsv (0>).
        COLON "0>", zgreater_cfa, 0
        LIT8 0
        DW greater_cfa, exit_rt

; =: written from rom-words.tsv (=: a colon word in the original, and as slow).
        COLON "=", equal_cfa, 0
        DW minus_cfa, zeq_cfa, exit_rt

; <: written from rom-words.tsv (<, signed; a colon word in the original: the cost of
; the call makes forth-speed.md row 8 match).
        COLON "<", less_cfa, 0
        DW swap_cfa, greater_cfa, exit_rt

; >: written from rom-words.tsv (>, signed).
        PRIM ">", greater_cfa, 0
        CALL pop_greater
        JRX push_carry

; U<: written from rom-words.tsv (U<, unsigned).
        PRIM "U<", uless_cfa, 0
        RST 0x28  ; pop_two
        RST 0x30  ; hl_below_de
; push_carry: tail for comparisons: push 1 if carry is set, else 0.
push_carry:
        LD DE,0
        RL E
carry_push:                     ; shared tail: push DE, next word (HERE)
        RST 16
        JP (IY)

; D<: written from rom-words.tsv (D<, signed double).
        PRIM "D<", dless_cfa, 0
        RST 0x28              ; pop_two; HL = d2 low, DE = d2 high
        PUSH DE
        PUSH HL
        RST 0x28              ; pop_two; HL = d1 low, DE = d1 high
        POP BC                  ; d2 low
        AND A
        SBC HL,BC               ; borrow of the low halves
        POP HL                  ; d2 high
        EX DE,HL                ; HL = d1 high, DE = d2 high
        PUSH AF
        CALL bias
        POP AF
        SBC HL,DE
        JRX push_carry

; ---------------------------------------------------------------------------------------
; Odds and ends.
; ---------------------------------------------------------------------------------------
; HERE: written from rom-words.tsv (HERE = STKBOT).
        PRIM "HERE", here_cfa, 0
        LD DE,(STKBOT)
        JRX carry_push

; CONTEXT: written from rom-words.tsv (sysvar word, code field {sysvar-child}).
        HEADER "CONTEXT", context_cfa, 0
        DW sysvar_cf
        DB LOW(CONTEXT)

; CURRENT: written from rom-words.tsv (sysvar word).
        HEADER "CURRENT", current_cfa, 0
        DW sysvar_cf
        DB LOW(CURRENT)

; BASE: written from rom-words.tsv (sysvar word, one-byte base).
        HEADER "BASE", base_cfa, 0
        DW sysvar_cf
        DB LOW(BASE_V)

; PAD: written from rom-words.tsv (constant 9985 = 0x2701).
        HEADER "PAD", pad_cfa, 0
        DW constant_cf
        DW PAD

; DECIMAL: written from rom-words.tsv (DECIMAL).
        PRIM "DECIMAL", decimal_cfa, 0
        LD (IX+O_BASE),10
        JP (IY)

; CALL: written from rom-words.tsv (CALL) and ace-forth.md 9.
        PRIM "CALL", call_cfa, 0
        RST 24
        EX DE,HL
        JP (HL)

; FAST: written from rom-words.tsv (FAST) and ace-forth.md 1, 7.
        PRIM "FAST", fast_cfa, 0
        LD IY,next
        JP (IY)

; SLOW: written from rom-words.tsv (SLOW) and ace-forth.md 1, 7.
        PRIM "SLOW", slow_cfa, 0
        LD IY,next_checks
        JP (IY)

; INVIS: written from rom-words.tsv (INVIS) and ace-forth.md 2 (FLAGS bit 4).
        PRIM "INVIS", invis_cfa, 0
        SET FL_INVIS,(IX+O_FLAGS)
        JP (IY)

; VIS: written from rom-words.tsv (VIS).
        PRIM "VIS", vis_cfa, 0
        RES FL_INVIS,(IX+O_FLAGS)
        JP (IY)
