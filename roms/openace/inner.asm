; Inner interpreter, data-stack restarts, code-field routines and runtime words.
; Written from ace-forth.md 1, 4.3, 5, 6 and rom-words.tsv (runtime and code-routine rows).
; MIT OR Apache-2.0.

; ---------------------------------------------------------------------------------------
; {exit-code}: code of EXIT and of the ; runtime: drop the current IP and go straight on
; into next. Like the original (exit-code one byte before next, ace-forth.md 1 and
; rom-words.tsv), leaving a definition, entering one (docolon) and LOOP's jump back do not
; pass through IY's SLOW checks: only words that end with JP (IY) are checked. That is
; what makes a colon call and exit cost about 180 T and an empty DO LOOP round about 410 T
; as forth-speed.md measured on the original (tests: `aceemu bench --forth`).
; ---------------------------------------------------------------------------------------
        ROUTINE exit_code
        POP HL

; next: fetch the cell at IP (top of the Z80 stack), advance IP, jump through the code
; field with DE = parameter-field address (ace-forth.md 1). FAST value of IY.
        PIN next_pin
next:
        POP HL
        LD E,(HL)
        INC HL
        LD D,(HL)
        INC HL
        PUSH HL
next_execute:                   ; DE = a CFA: run that word (EXECUTE's tail too)
        EX DE,HL
        LD E,(HL)
        INC HL
        LD D,(HL)
        INC HL
        EX DE,HL
        JP (HL)

; next_checks: SLOW value of IY (ace-forth.md 7): underflow, memory and BREAK checks.
        ROUTINE next_checks
        CALL run_checks
        JR next

        CUT
; run_checks: ERROR 2 if the data stack is below its base, ERROR 1 if it is within 30 bytes
; of the return stack, ERROR 3 if BREAK is held (ace-forth.md 3, 7, 10). Uses AF,DE,HL.
run_checks:
        LD HL,(STKBOT)
        LD DE,11
        ADD HL,DE               ; (no carry: no overflow)
        LD DE,(SPARE)
        SBC HL,DE               ; no borrow: SPARE <= STKBOT + 11, below the base
        JR NC,.underflow
        LD HL,-31               ; SP - 31 - SPARE - 1 (ADD sets the carry: SP > 31)
        ADD HL,SP               ; = SP - (SPARE + 30 + 2 for our own return address)
        SBC HL,DE
        JR C,.full
        PUSH HL                 ; 21 T of pacing: SLOW words cost what they cost on the
        POP HL                  ; original (forth-speed.md rows 1-13, `aceemu bench --forth`)
        CALL test_break
        RET NZ
.break: RST 32                  ; (list_line's too)
        DB 3
.underflow:
        RST 32
        DB 2
.full:  RST 32                  ; (allot_bc's too)
        DB 1

; push_de (RST 16), pop_de (RST 24) and pop_bc live at and between the restarts (main.asm).

; ---------------------------------------------------------------------------------------
; Code-field routines (ace-forth.md 5, rom-words.tsv "code routine" rows).
; ---------------------------------------------------------------------------------------
; {docolon}: run the parameter field as a thread (straight into next, see exit_code).
        ROUTINE docolon
        PUSH DE
        JRX next

; {create-child}: push the parameter-field address.
        ROUTINE create_cf
        RST 16
        JP (IY)

; {variable-child}: the same action at a distinct address (so CREATE and VARIABLE
; children can be told apart); DOES> children arrive here through a CALL.
        ROUTINE variable_cf
        JR create_cf

; {constant-child}: push the cell in the parameter field.
        ROUTINE constant_cf
        EX DE,HL
        LD E,(HL)
        INC HL
        LD D,(HL)
        JR create_cf

; {sysvar-child}: push 0x3C00 + the byte in the parameter field.
        ROUTINE sysvar_cf
        LD A,(DE)
        LD E,A
        LD D,HIGH(SYSVARS)
        JRX create_cf

; {defining-word}: make a header from the next input word with code field = own pfa+0,
; then run own pfa+2 as a thread (ace-forth.md 5, 5.1).
        ROUTINE definer_cf
        LD BC,make_header
        ; run_pfa2: shared tail of definer_cf and compiler_cf: call the routine at BC with
        ; HL = DE = the cell at pfa+0, then run pfa+2 as a thread.
run_pfa2:
        EX DE,HL
        LD E,(HL)
        INC HL
        LD D,(HL)
        INC HL
        PUSH HL                 ; pfa+2: the new IP
        LD H,D
        LD L,E
        PUSH IY                 ; the routine's RET goes on to the next word
        PUSH BC
        RET

; {compiling-word}: ERROR 4 unless compiling; compile own pfa+0, then run own pfa+2 as a
; thread (ace-forth.md 5, 5.2).
        ROUTINE compiler_cf
        BIT FL_COMPILING,(IX+O_FLAGS)
        JR NZ,.ok
        RST 32
        DB 4
.ok:    LD BC,enclose_de
        JRX run_pfa2

; {compiler-runtime}: run-time part of a COMPILER word (ace-forth.md 5.2): push the address
; of the inline operands, move IP past them (count at cfa-3, 255 = 2-byte length + bytes),
; run the thread after the code field.
        ROUTINE compiler_rt_cf
        LD HL,-5
        ADD HL,DE
        LD A,(HL)               ; operand count (cfa-3)
        POP HL                  ; IP = operand address
        PUSH DE                 ; the run-time thread
        EX DE,HL
        RST 16                  ; push the operand address (keeps A, DE)
        EX DE,HL                ; HL = operands
        CALL skip_operands
        EX (SP),HL              ; caller's IP, past the operands
        PUSH HL                 ; new IP: the thread
        JP (IY)

        CUT
; skip_operands: HL = the inline operands of a runtime whose operand count is A
; (ace-forth.md 4.3: 255 = a 2-byte length, then that many bytes) -> HL = first address
; after them; skip_text: the same for a 2-byte length and its bytes (<comment>). Uses AF,
; DE.
skip_operands:
        LD E,A
        LD D,0
        INC A
        JR NZ,skip_text.add     ; a fixed count
skip_text:
        LD E,(HL)
        INC HL
        LD D,(HL)
        INC HL
.add:   ADD HL,DE
        RET

; {vocabulary-child}: CONTEXT := pfa (ace-forth.md 4.4).
        ROUTINE vocab_cf
        LD (CONTEXT),DE
        JP (IY)

; The runtime words compiled into definitions are in runtimes.asm, after their owners.
