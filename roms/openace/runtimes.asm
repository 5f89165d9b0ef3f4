; Runtime words compiled into definitions (ace-forth.md 4.3, 6), moved here from inner.asm
; so that they come after their owners (IF, LOOP, ; ... in compiler.asm): the name offset in
; each runtime's prefix is then negative, as the decoding rule of ace-forth.md 4.3 (used by
; LIST and LOAD's relocation) needs: bit 7 of the byte below the code field tells a runtime
; from an ordinary word. MIT OR Apache-2.0.

; ---------------------------------------------------------------------------------------
; Runtime words compiled into definitions (ace-forth.md 4.3, 6). Each has the 3-byte prefix:
; operand count, negative offset to the owner's name, code field. Owner names are reached
; as owner_cfa - 3 - (name length).
; ---------------------------------------------------------------------------------------
; <exit>: end of every definition (owner ;).
        RUNTIME exit_rt, 0, semi_cfa - 4
        DW exit_code

; <literal16>: push the inline cell.
        RUNTIME_LIT_CODE lit16_rt, 2
        POP HL
        LD E,(HL)
        INC HL
        LD D,(HL)
lit_tail:                       ; shared tail: IP := HL + 1, push DE
        INC HL
        PUSH HL
        RST 16
        JP (IY)

; <literal8>: push the inline byte (owner ASCII).
        RUNTIME_CODE lit8_rt, 1, ascii_cfa - 8
        POP HL
        LD E,(HL)
        LD D,0
        INC HL                  ; (its own tail: lit16's is not within JR range)
        PUSH HL
        RST 16
        JP (IY)

; <does-exit>: ends the defining part of a DEFINER word (owner DOES>); 5 operand bytes.
        RUNTIME does_rt, 5, does_cfa - 8
        DW exit_code

; <runs-exit>: ends the compile-time part of a COMPILER word (owner RUNS>); 5 operand bytes.
        RUNTIME runs_rt, 5, runs_cfa - 8
        DW exit_code

; <branch>: unconditional, target = offset field + 1 + offset (owners ELSE, REPEAT).
        RUNTIME else_rt, 2, else_cfa - 7
        DW branch_code
        RUNTIME repeat_rt, 2, repeat_cfa - 9
        DW branch_code
        ROUTINE branch_code
        POP HL
        LD E,(HL)
        INC HL
        LD D,(HL)
        ADD HL,DE
        PUSH HL
        JR branch_next          ; a taken branch goes straight on (see exit_code); the
                                ; 8 bytes at 0x1278 hold no JP, so it is near by
; branch_next: JP next within JR range of branch_code: placed right after BEGIN's header
; and thread (where the original has internal code), an assembler error if not in range.
        ENDS
        SECTION branch_next_sec FOLLOWS begin_cfa_head ALWAYS
branch_next:
        JP next

; <?branch>: pop a flag, branch if it is zero (owners IF, WHILE, UNTIL).
        RUNTIME if_rt, 2, if_cfa - 5
        DW qbranch_code
        RUNTIME while_rt, 2, while_cfa - 8
        DW qbranch_code
        RUNTIME until_rt, 2, until_cfa - 8
        DW qbranch_code
        ROUTINE qbranch_code
        RST 24
        LD A,D
        OR E
        JR Z,branch_code
skip_cell:                      ; shared tail: IP past the offset field, next word
        POP HL
        INC HL
        INC HL
        PUSH HL
        JP (IY)

; <nop>: markers for BEGIN and THEN, they do nothing.
        RUNTIME begin_rt, 0, begin_cfa - 8
        DW next
        RUNTIME then_rt, 0, then_cfa - 7
        DW next

; <do-setup>: ( limit start -- ) to the return stack, counter on top (below IP).
        RUNTIME_CODE do_rt, 0, do_cfa - 5
        RST 0x28              ; pop_two; HL = limit, DE = start
        EX (SP),HL              ; HL = IP, the limit under it
        PUSH DE
        PUSH HL
        JP (IY)

; <loop>: add 1 to the counter; finished when it reaches or passes the limit or overflows
; (ace-forth.md 6). It is <+loop> with a step of 1: the shared code takes about as long as
; the original's empty DO LOOP round (about 410 T, forth-speed.md row 4) without a pacing
; loop. Looping again goes straight into next (see exit_code); finishing passes through IY
; like any word.
        RUNTIME_CODE loop_rt, 2, loop_cfa - 7
        LD DE,1
        JR loop_step            ; (a JR: 5 bytes fit the gap after LOOP's runtime)

; <+loop>: add n to the counter; finished when it reaches or passes the limit (from below
; for n >= 0, from above for n < 0) or overflows (ace-forth.md 6).
        RUNTIME_CODE ploop_rt, 2, ploop_cfa - 8
        RST 24                  ; DE = step
loop_step:
        POP BC                  ; IP (at the offset field)
        POP HL                  ; counter
        LD A,D                  ; sign of the step
        AND A
        ADC HL,DE               ; new counter, V = overflow
        POP DE                  ; limit
        PUSH DE
        PUSH HL
        JP PE,loop_finished
        RLA                     ; carry = counting down
        JR NC,.up
        EX DE,HL                ; counting down: limit - counter
.up:    CALL bias               ; counting up: counter - limit; biased: unsigned compare =
        SBC HL,DE               ; signed compare (bias clears the carry)
        JRX NC,loop_finished    ; reached or passed
        PUSH BC                 ; loop again: branch back by the offset
        JRX branch_code
        CUT                     ; (so that <+loop>'s code fits the 31 bytes after it)
loop_finished:
        POP HL                  ; counter
        POP HL                  ; limit
        PUSH BC
        JRX skip_cell            ; IP past the offset

; <comment>: skip a 2-byte length and that many text bytes (owner ().
        RUNTIME_CODE comment_rt, 255, paren_cfa - 4
        POP HL
        CALL skip_text
        PUSH HL
        JP (IY)

; <print-string>: print a 2-byte length and that many text bytes (owner .").
        RUNTIME_CODE dotq_rt, 255, dotq_cfa - 5
        POP DE
        CALL print_embedded     ; DE = past the text: the new IP (compat.asm, 0x0979)
        PUSH DE
        JP (IY)
