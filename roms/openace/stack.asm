; Stack, memory, return-stack, arithmetic and comparison words.
; Every word here is written from rom-words.tsv (its stack-effect column) and
; ace-forth.md 1 (stacks), 6 (loop words), 8 (numbers: true = 1, truncating division).
; MIT OR Apache-2.0.

; ---------------------------------------------------------------------------------------
; Helpers.
; ---------------------------------------------------------------------------------------
; pop_two: ( n1 n2 -- ) out HL = n1, DE = n2. Uses BC? no: uses DE, HL only.
pop_two:
        RST 24
        PUSH DE
        RST 24
        EX DE,HL
        POP DE
        RET

; push_carry: tail for comparisons: push 1 if carry is set, else 0.
push_carry:
        LD DE,0
        JR NC,.push
        INC E
.push:  RST 16
        JP (IY)

; push_zero_flag: tail: push 1 if Z is set, else 0.
push_zero_flag:
        LD DE,0
        JR NZ,.push
        INC E
.push:  RST 16
        JP (IY)

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

; signed_less: carry set if HL < DE as signed numbers; HL and DE kept. Uses AF.
signed_less:
        PUSH HL
        PUSH DE
        CALL bias
        AND A
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
neg_de:
        XOR A
        SUB E
        LD E,A
        SBC A,A
        SUB D
        LD D,A
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
        RST 16
        RST 16
        JP (IY)

; DROP: written from rom-words.tsv (DROP).
        PRIM "DROP", drop_cfa, 0
        RST 24
        JP (IY)

; SWAP: written from rom-words.tsv (SWAP).
        PRIM "SWAP", swap_cfa, 0
        CALL pop_two
        PUSH HL
        RST 16
        POP DE
        RST 16
        JP (IY)

; ?DUP: written from rom-words.tsv (?DUP).
        PRIM "?DUP", qdup_cfa, 0
        RST 24
        RST 16
        LD A,D
        OR E
        JR Z,.zero
        RST 16
.zero:  JP (IY)

; OVER: written from rom-words.tsv (OVER: a colon word in the original, and as slow).
        COLON "OVER", over_cfa, 0
        DW tor_cfa, dup_cfa, rfrom_cfa, swap_cfa, exit_rt

; ROT: written from rom-words.tsv (ROT: a colon word in the original, and as slow).
        COLON "ROT", rot_cfa, 0
        DW tor_cfa, swap_cfa, rfrom_cfa, swap_cfa, exit_rt

; PICK: written from rom-words.tsv (PICK) and ace-forth.md 10 (ERROR 7 if n <= 0).
        PRIM "PICK", pick_cfa, 0
        CALL pop_index
        LD E,(HL)
        INC HL
        LD D,(HL)
        RST 16
        JP (IY)

; ROLL: written from rom-words.tsv (ROLL) and ace-forth.md 10 (ERROR 7 if n <= 0).
        PRIM "ROLL", roll_cfa, 0
        RST 24
        LD B,D
        LD C,E
        CALL check_index
        CALL roll_bc
        JP (IY)

; pop_index: pop n (ERROR 7 if n <= 0) -> HL = address of the n-th entry.
pop_index:
        RST 24
        LD B,D
        LD C,E
        CALL check_index
; entry_addr: HL = SPARE - 2 * BC.
entry_addr:
        LD HL,(SPARE)
        AND A
        SBC HL,BC
        AND A
        SBC HL,BC
        RET

; check_index: ERROR 7 unless BC > 0 (signed).
check_index:
        LD A,B
        OR C
        JR Z,.bad
        BIT 7,B
        RET Z
.bad:   RST 32
        DB 7

; roll_bc: move the BC-th entry to the top, closing the gap. Uses AF, BC, DE, HL.
roll_bc:
        CALL entry_addr
        LD E,(HL)
        INC HL
        LD D,(HL)
        DEC HL
        PUSH DE                 ; the entry
        DEC BC
        SLA C
        RL B                    ; bytes above it
        LD D,H
        LD E,L
        INC HL
        INC HL
        LD A,B
        OR C
        JR Z,.moved
        LDIR
.moved: POP HL
        EX DE,HL
        LD (HL),E
        INC HL
        LD (HL),D
        RET

; ---------------------------------------------------------------------------------------
; Memory.
; ---------------------------------------------------------------------------------------
; C@: written from rom-words.tsv (C@).
        PRIM "C@", cfetch_cfa, 0
        RST 24
        LD A,(DE)
        LD E,A
        LD D,0
        RST 16
        JP (IY)

; C!: written from rom-words.tsv (C!).
        PRIM "C!", cstore_cfa, 0
        CALL pop_two
        EX DE,HL
        LD (HL),E
        JP (IY)

; @: written from rom-words.tsv (@).
        PRIM "@", fetch_cfa, 0
        RST 24
        EX DE,HL
        LD E,(HL)
        INC HL
        LD D,(HL)
        RST 16
        JP (IY)

; !: written from rom-words.tsv (!).
        PRIM "!", store_cfa, 0
        CALL pop_two
        EX DE,HL
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
        RST 16
        JP (IY)

; I: written from rom-words.tsv (I) and ace-forth.md 6.
        PRIM "I", i_cfa, 0
        LD HL,2
        JP rstack_fetch

; I': written from rom-words.tsv (I') and ace-forth.md 6.
        PRIM "I'", ilimit_cfa, 0
        LD HL,4
        JP rstack_fetch

; J: written from rom-words.tsv (J) and ace-forth.md 6.
        PRIM "J", j_cfa, 0
        LD HL,6
        JR rstack_fetch

; rstack_fetch: push the return-stack cell at SP + HL (a shared tail).
rstack_fetch:
        ADD HL,SP
        LD E,(HL)
        INC HL
        LD D,(HL)
        RST 16
        JP (IY)

; LEAVE: written from rom-words.tsv (LEAVE) and ace-forth.md 6 (counter := limit).
        PRIM "LEAVE", leave_cfa, 0
        LD HL,4
        ADD HL,SP
        LD E,(HL)
        INC HL
        LD D,(HL)
        DEC HL
        DEC HL
        LD (HL),D
        DEC HL
        LD (HL),E
        JP (IY)

; EXIT: written from rom-words.tsv (EXIT: shares the exit code) and ace-forth.md 6.
        HEADER "EXIT", exit_cfa, 0
        DW exit_code

; ---------------------------------------------------------------------------------------
; Arithmetic.
; ---------------------------------------------------------------------------------------
; +: written from rom-words.tsv (+).
        PRIM "+", plus_cfa, 0
        CALL pop_two
        ADD HL,DE
        EX DE,HL
        RST 16
        JP (IY)

; -: written from rom-words.tsv (-: a colon word in the original, and as slow).
        COLON "-", minus_cfa, 0
        DW negate_cfa, plus_cfa, exit_rt

; NEGATE: written from rom-words.tsv (NEGATE).
        PRIM "NEGATE", negate_cfa, 0
        RST 24
        CALL neg_de
        RST 16
        JP (IY)

; ABS: written from rom-words.tsv (ABS).
        PRIM "ABS", abs_cfa, 0
        RST 24
        BIT 7,D
        CALL NZ,neg_de
        RST 16
        JP (IY)

; 1+: written from rom-words.tsv (1+).
        PRIM "1+", oneplus_cfa, 0
        LD BC,1
        JP add_bc
; 2+: written from rom-words.tsv (2+).
        PRIM "2+", twoplus_cfa, 0
        LD BC,2
        JP add_bc
; 1-: written from rom-words.tsv (1-).
        PRIM "1-", oneminus_cfa, 0
        LD BC,-1
        JP add_bc
; 2-: written from rom-words.tsv (2-).
        PRIM "2-", twominus_cfa, 0
        LD BC,-2
; add_bc: shared tail: top += BC.
add_bc:
        RST 24
        EX DE,HL
        ADD HL,BC
        EX DE,HL
        RST 16
        JP (IY)

; AND: written from rom-words.tsv (AND).
        PRIM "AND", and_cfa, 0
        CALL pop_two
        LD A,H
        AND D
        LD D,A
        LD A,L
        AND E
        LD E,A
        RST 16
        JP (IY)

; OR: written from rom-words.tsv (OR).
        PRIM "OR", or_cfa, 0
        CALL pop_two
        LD A,H
        OR D
        LD D,A
        LD A,L
        OR E
        LD E,A
        RST 16
        JP (IY)

; XOR: written from rom-words.tsv (XOR).
        PRIM "XOR", xor_cfa, 0
        CALL pop_two
        LD A,H
        XOR D
        LD D,A
        LD A,L
        XOR E
        LD E,A
        RST 16
        JP (IY)

; MAX: written from rom-words.tsv (MAX, signed).
        PRIM "MAX", max_cfa, 0
        CALL pop_two
        CALL signed_less        ; carry if n1 < n2
        JR C,.second
        EX DE,HL
.second:
        RST 16
        JP (IY)

; MIN: written from rom-words.tsv (MIN, signed).
        PRIM "MIN", min_cfa, 0
        CALL pop_two
        CALL signed_less        ; carry if n1 < n2
        JR NC,.second
        EX DE,HL
.second:
        RST 16
        JP (IY)

; push_de_hl: shared tail: push DE, then HL (on top), next word. Reached by jumps.
push_de_hl:
        PUSH HL
        RST 16
        POP DE
        RST 16
        JP (IY)

; D+: written from rom-words.tsv (D+).
        PRIM "D+", dplus_cfa, 0
        RST 24
        PUSH DE                 ; d2 high
        RST 24
        PUSH DE                 ; d2 low
        RST 24
        PUSH DE                 ; d1 high
        RST 24                  ; d1 low
        POP BC                  ; d1 high
        POP HL                  ; d2 low
        ADD HL,DE
        EX DE,HL                ; DE = low sum
        POP HL                  ; d2 high
        ADC HL,BC
        JP push_de_hl

; DNEGATE: written from rom-words.tsv (DNEGATE).
        PRIM "DNEGATE", dnegate_cfa, 0
        RST 24
        PUSH DE                 ; high
        RST 24                  ; low
        POP BC
        LD HL,0
        AND A
        SBC HL,DE
        EX DE,HL
        LD HL,0
        SBC HL,BC
        JP push_de_hl

; U*: written from rom-words.tsv (U*: unsigned 16 x 16 -> 32).
        PRIM "U*", umul_cfa, 0
        CALL pop_two
        LD B,H
        LD C,L
        CALL umul
        JP push_de_hl

; *: written from rom-words.tsv (*: low 16 bits of the product).
        COLON "*", star_cfa, 0
        DW umul_cfa, drop_cfa, exit_rt

; U/MOD: written from rom-words.tsv (U/MOD: unsigned 32 / 16).
        PRIM "U/MOD", umod_cfa, 0
        CALL pop_bc
        CALL pop_two            ; HL = low, DE = high
        EX DE,HL
        CALL udiv32_16          ; remainder in BC, quotient in DE
        EX DE,HL
        LD D,B
        LD E,C
        JP push_de_hl

; /MOD: written from rom-words.tsv (/MOD) and ace-forth.md 8 (truncating, remainder takes
; the dividend's sign).
        PRIM "/MOD", slashmod_cfa, 0
        CALL pop_two            ; HL = n1, DE = n2
        LD A,H
        XOR D
        PUSH AF                 ; quotient sign
        LD A,H
        PUSH AF                 ; remainder sign
        BIT 7,H
        CALL NZ,neg_hl
        BIT 7,D
        CALL NZ,neg_de
        LD B,D
        LD C,E
        EX DE,HL
        LD HL,610               ; pacing: the original's MOD takes about 20,000 T
.pace:  DEC HL                  ; (forth-speed.md row 3); this makes /MOD, MOD and /
        LD A,H                  ; as slow (HL = 0 after it)
        OR L
        JR NZ,.pace
        CALL div3216            ; DE = quotient, HL = remainder
signed_results:                 ; shared tail: signs on the stack, push rem and quot
        POP AF
        BIT 7,A
        CALL NZ,neg_hl
        POP AF
        BIT 7,A
        CALL NZ,neg_de
        EX DE,HL
        JP push_de_hl

; */MOD: written from rom-words.tsv (*/MOD: 32-bit intermediate product).
        PRIM "*/MOD", starslashmod_cfa, 0
        CALL pop_bc             ; BC = n3
        PUSH BC
        CALL pop_two            ; HL = n1, DE = n2
        POP BC
        LD A,H
        XOR D
        LD (W_NUM),A            ; product sign = remainder sign
        XOR B
        PUSH AF                 ; quotient sign
        LD A,(W_NUM)
        PUSH AF                 ; remainder sign
        BIT 7,H
        CALL NZ,neg_hl
        BIT 7,D
        CALL NZ,neg_de
        BIT 7,B
        JR Z,.pos3
        PUSH HL
        LD H,B
        LD L,C
        CALL neg_hl
        LD B,H
        LD C,L
        POP HL
.pos3:
        PUSH BC                 ; |n3|
        LD B,H
        LD C,L
        CALL umul               ; HL:DE = |n1 * n2|
        POP BC
        CALL udiv32_16          ; DE = quotient (low 16 bits), BC = remainder
        LD H,B
        LD L,C
        JP signed_results

; /: written from rom-words.tsv (/).
        COLON "/", slash_cfa, 0
        DW slashmod_cfa, swap_cfa, drop_cfa, exit_rt

; MOD: written from rom-words.tsv (MOD).
        COLON "MOD", mod_cfa, 0
        DW slashmod_cfa, drop_cfa, exit_rt

; */: written from rom-words.tsv (*/).
        COLON "*/", starslash_cfa, 0
        DW starslashmod_cfa, swap_cfa, drop_cfa, exit_rt

; ---------------------------------------------------------------------------------------
; Comparisons (true = 1, ace-forth.md 8).
; ---------------------------------------------------------------------------------------
; 0=: written from rom-words.tsv (0=).
        PRIM "0=", zeq_cfa, 0
        RST 24
        LD A,D
        OR E
        JP push_zero_flag

; 0<: written from rom-words.tsv (0<).
        PRIM "0<", zless_cfa, 0
        RST 24
        LD A,D
        RLA
        JP push_carry

; 0>: written from rom-words.tsv (0>).
        PRIM "0>", zgreater_cfa, 0
        RST 24
        LD HL,0                 ; HL = 0, DE = n
        CALL signed_less        ; carry if 0 < n
        JP push_carry

; =: written from rom-words.tsv (=: a colon word in the original, and as slow).
        COLON "=", equal_cfa, 0
        DW minus_cfa, zeq_cfa, exit_rt

; <: written from rom-words.tsv (<, signed; a colon word in the original: the cost of
; the call makes forth-speed.md row 8 match).
        COLON "<", less_cfa, 0
        DW swap_cfa, greater_cfa, exit_rt

; >: written from rom-words.tsv (>, signed).
        PRIM ">", greater_cfa, 0
        CALL pop_two
        EX DE,HL
        CALL signed_less
        JP push_carry

; U<: written from rom-words.tsv (U<, unsigned).
        PRIM "U<", uless_cfa, 0
        CALL pop_two
        AND A
        SBC HL,DE
        JP push_carry

; D<: written from rom-words.tsv (D<, signed double).
        PRIM "D<", dless_cfa, 0
        RST 24
        PUSH DE                 ; d2 high
        RST 24
        PUSH DE                 ; d2 low
        RST 24
        PUSH DE                 ; d1 high
        RST 24                  ; DE = d1 low
        POP HL                  ; d1 high
        POP BC                  ; d2 low
        EX (SP),HL              ; HL = d2 high, (SP) = d1 high
        PUSH HL
        EX DE,HL                ; HL = d1 low
        AND A
        SBC HL,BC               ; borrow of the low halves
        POP DE                  ; d2 high
        POP HL                  ; d1 high
        PUSH AF
        CALL bias
        POP AF
        SBC HL,DE
        JP push_carry

; ---------------------------------------------------------------------------------------
; Odds and ends.
; ---------------------------------------------------------------------------------------
; HERE: written from rom-words.tsv (HERE = STKBOT).
        PRIM "HERE", here_cfa, 0
        LD DE,(STKBOT)
        RST 16
        JP (IY)

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
