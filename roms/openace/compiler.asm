; The compiler: headers, enclosing, defining words, compiling words, control structures.
; Written from ace-forth.md 3 (free memory), 4.1 (RAM header), 5 (word kinds), 5.1
; (DEFINER/DOES>), 5.2 (COMPILER/RUNS>), 6 (what the compiler lays down, structure
; markers) and rom-words.tsv. MIT OR Apache-2.0.

; ---------------------------------------------------------------------------------------
; Dictionary space.
; ---------------------------------------------------------------------------------------
        INCLUDE "allot.asm"     ; allot_bc (a file of its own: tests/openrom_allot_rule.rs
                                ; runs it alone)

; enclose_e_next: put the byte E at HERE, then the next word (C,'s tail: its code field's
; slot at the original's address is short). enclose_a: put the byte A at HERE. Uses AF,
; BC, DE, HL.
enclose_e_next:
        PUSH IY                 ; enclose_bc's RET goes on to the next word
        JR enclose_e
enclose_a:
        LD E,A
enclose_e:
        LD BC,1
        JR enclose_bc

; enclose_de: put the cell DE at HERE (out: HL = its second byte). Uses AF, BC, DE, HL.
; enclose_de_next: the same, then the next word (a shared tail of words, reached by jumps).
enclose_de_next:
        PUSH IY                 ; enclose_de's RET goes on to the next word (= JP (IY))
enclose_de:
        LD BC,2
enclose_bc:                     ; (BC = 1: the byte E, 2: the cell DE)
        PUSH DE
        CALL allot_bc
        POP DE
        DEC C
        JR NZ,store_cell
        LD (HL),E
        RET
; store_cell: (HL) := DE, HL on its second byte. A shared tail.
store_cell:
        LD (HL),E
        INC HL
        LD (HL),D
        RET

        CUT
; fill_length: write the pending word-length field (DICT) and clear DICT (ace-forth.md 2,
; 4.1). Uses AF, DE, HL.
fill_length:
        CALL fill_newest_length
clear_dict:                     ; DICT := 0 (uses HL)
        LD HL,0
        LD (DICT),HL
        RET

        CUT
; fill_newest_length: if DICT points at an unfilled word-length field, write the length
; of the newest word there (STKBOT - DICT; ace-forth.md 4.1). DICT is kept: the word may
; still grow (ALLOT), and the next new word fills the field again (SAVE and LOAD use this).
; Uses AF, DE, HL.
fill_newest_length:
        LD DE,(DICT)
        LD A,D
        OR E
        RET Z
        LD HL,(STKBOT)
        SBC HL,DE               ; (OR cleared the carry)
        EX DE,HL
        JRX store_cell

        CUT
; check_complete: ERROR 12 if a definition is still incomplete (ace-forth.md 10).
check_complete:
        BIT FL_INCOMPLETE,(IX+O_FLAGS)
        RET Z
        RST 32
        DB 12

; make_header: HL = code field. Make a RAM header (ace-forth.md 4.1) from the next input
; word: ERROR 12 if a definition is incomplete, ERROR 6 unless the name has 1-63
; characters. The word is linked into CURRENT at once. Uses AF, BC, DE, HL.
make_header:
        PUSH HL                 ; code field
        LD A,' '
        CALL word_sub           ; HL = PAD
        CALL check_complete     ; after the name is echoed (transcripts.md)
        CALL fill_length
        LD A,(PAD)
        DEC A
        CP 63
        JRX NC,.badname          ; 0 or more than 63 characters
        ADD A,8                 ; name + length + link + name length + code field
        LD C,A
        LD B,0
        CALL allot_bc
        EX DE,HL                ; DE = where the name goes
        LD HL,PAD
        LD B,(HL)
.copy:  INC HL
        LD A,(HL)
        CALL upcase
        LD (DE),A
        INC DE
        DJNZ .copy
        EX DE,HL                ; HL = word-length field
        DEC HL
        SET 7,(HL)              ; bit 7 on the last character
        INC HL
        LD (DICT),HL
        LD (HL),B               ; (B = 0)
        INC HL
        LD (HL),B
        INC HL
        EX DE,HL
        LD HL,(CURRENT)
        LDI                     ; link = newest word of CURRENT
        LDI
        DEC HL
        LD (HL),D               ; CURRENT's newest := this word (DE = name-length field)
        DEC HL
        LD (HL),E
        EX DE,HL
        LD A,(PAD)
        LD (HL),A
        INC HL                  ; code field
        POP DE
        JRX store_cell
        CUT
.badname:
        RST 32
        DB 6

; ---------------------------------------------------------------------------------------
; Enclosing words.
; ---------------------------------------------------------------------------------------
; CREATE: written from rom-words.tsv (CREATE) and ace-forth.md 5 (code field {create-child}):
; a defining word with nothing to do after the header (the original's CREATE is no
; primitive either, rom-words.tsv).
        DEFINING "CREATE", create_cfa, create_cf
        DW exit_rt

; ,: written from rom-words.tsv (, : enclose a 16-bit value).
        PRIM ",", comma_cfa, 0
comma_code:
        RST 24
        JRX enclose_de_next

; [,-exit]: , and end the thread (its IP is dropped): the tail of several threads.
        INTERNAL comma_exit_cfa
        POP HL
        JRX comma_code

; C,: written from rom-words.tsv (C, : enclose one byte).
        PRIM "C,", ccomma_cfa, 0
ccomma_code:
        RST 24
        JRX enclose_e_next

; ALLOT: written from rom-words.tsv (ALLOT: n bytes, not written) and save-vectors.md v14.
        PRIM "ALLOT", allot_cfa, 0
        CALL pop_bc
        CALL allot_bc
        JP (IY)

; ---------------------------------------------------------------------------------------
; Defining words (ace-forth.md 5: DEFINER-style words whose pfa+0 is the child's code field).
; ---------------------------------------------------------------------------------------
; :: written from rom-words.tsv (:) and ace-forth.md 5, 6 (marker 10).
        DEFINING ":", colon_cfa, docolon
        DW start_compile_cfa
        DB 10

; VARIABLE: written from rom-words.tsv (VARIABLE) and ace-forth.md 5.
        DEFINING "VARIABLE", variable_cfa, variable_cf
        DW comma_exit_cfa

; CONSTANT: written from rom-words.tsv (CONSTANT) and ace-forth.md 5.
        DEFINING "CONSTANT", constant_cfa, constant_cf
        DW comma_exit_cfa

; DEFINER: written from rom-words.tsv (DEFINER) and ace-forth.md 5.1 (pfa+0 filled by
; DOES>, marker 12).
        DEFINING "DEFINER", definer_cfa, definer_cf
        DW hole_cfa, drop_cfa   ; (pfa+0 = 0 for now)
        DW start_compile_cfa
        DB 12

; COMPILER: written from rom-words.tsv (COMPILER) and ace-forth.md 5.2 (immediate, pfa+0
; filled by RUNS>, marker 11 above the operand count).
        DEFINING "COMPILER", compiler_cfa, compiler_cf
        DW immediate_cfa, hole_cfa, drop_cfa
        DW start_compile_cfa
        DB 11

; ;: written from rom-words.tsv (;) and ace-forth.md 6 (compiles the exit runtime, marker
; 10).
        COMPILING ";", semi_cfa, exit_rt
        EXPECT 10
        DW end_compile_cfa

; DOES>: written from rom-words.tsv (DOES>) and ace-forth.md 5.1.
        COMPILING "DOES>", does_cfa, does_rt
        EXPECT 12
        DW does_fix_cfa
does_tail:
        DW lit8_exit_cfa
        DB 10

; [does-fix]: name offset, pfa+0 := here, then CALL variable_cf (ace-forth.md 5.1).
        INTERNAL does_fix_cfa
        CALL enclose_name_offset
        LD A,0xCD               ; Z80 CALL
        CALL enclose_a
        LD DE,variable_cf
        JRX enclose_de_next

; RUNS>: written from rom-words.tsv (RUNS>) and ace-forth.md 5.2.
        COMPILING "RUNS>", runs_cfa, runs_rt
        EXPECT 11
        DW runs_fix_cfa
        DW else_rt              ; on as DOES>'s thread does
        DW does_tail - $ - 1

; [runs-fix] ( n -- ): the runtime prefix (count, name offset) and code field
; {compiler-runtime}; pfa+0 := that code field (ace-forth.md 5.2).
        INTERNAL runs_fix_cfa
        RST 24
        LD A,E
        CALL enclose_a
        CALL enclose_name_offset
        LD DE,compiler_rt_cf
        JRX enclose_de_next

        CUT
; enclose_name_offset: enclose the negative offset from this field to the first name byte
; of the word being defined (ace-forth.md 4.3: target = field + 1 + offset), then
; the word being defined gets pfa+0 := HERE. Uses AF, BC, DE, HL.
enclose_name_offset:
        LD HL,(DICT)
        INC HL
        INC HL
        INC HL
        INC HL                  ; name-length field
        PUSH HL
        CALL name_field_start   ; first name byte
        LD DE,(STKBOT)
        SCF
        SBC HL,DE               ; - (HERE + 1)
        EX DE,HL
        CALL enclose_de
        POP HL
        INC HL                  ; (the code field)
        INC HL
        INC HL                  ; pfa+0
        LD DE,(STKBOT)
        JRX store_cell

; IMMEDIATE: written from rom-words.tsv (IMMEDIATE: newest word in CURRENT).
        PRIM "IMMEDIATE", immediate_cfa, 0
        LD HL,(CURRENT)
        LD A,(HL)
        INC HL
        LD H,(HL)
        LD L,A
        SET 6,(HL)
        JP (IY)

; [: written from rom-words.tsv ([ : immediate, interpret mode).
        PRIM "[", lbracket_cfa, IMMEDIATE
lbracket_code:
        RES FL_COMPILING,(IX+O_FLAGS)
        JP (IY)

; [end-compile]: compile mode off (as [), definition complete; ends the thread.
        INTERNAL end_compile_cfa
        POP HL                  ; (the thread ends: its IP is dropped)
        RES FL_INCOMPLETE,(IX+O_FLAGS)
        JRX lbracket_code

; ]: written from rom-words.tsv (] : compile mode).
        PRIM "]", rbracket_cfa, 0
rbracket_code:
        SET FL_COMPILING,(IX+O_FLAGS)
        JP (IY)

; [start-compile], followed in the thread by a structure marker byte (ace-forth.md 6):
; compile mode on, definition incomplete, the marker pushed, and the thread ends.
        INTERNAL start_compile_cfa
        SET FL_INCOMPLETE,(IX+O_FLAGS)
        SET FL_COMPILING,(IX+O_FLAGS)
        JRX lit8_exit_code

; [lit8-exit], followed in the thread by a byte: push the byte and end the thread (the
; thread's IP is dropped, so the word that called it goes on).
        INTERNAL lit8_exit_cfa
lit8_exit_code:
        POP HL
        LD A,(HL)
        JRX cfetch_a            ; (C@'s tail: push it, next word)

; LITERAL: written from rom-words.tsv (LITERAL) and ace-forth.md 6 (literal runtime + cell).
        COMPILING "LITERAL", literal_cfa, lit16_rt
        DW comma_exit_cfa

; ASCII: written from rom-words.tsv (ASCII) and ace-forth.md 6 (compiles the byte literal).
        PRIM "ASCII", ascii_cfa, IMMEDIATE
        LD A,' '
        CALL word_sub
        INC HL
        LD E,(HL)
        LD D,0
        BIT FL_COMPILING,(IX+O_FLAGS)
        JRX Z,push_next          ; (stack.asm: push DE, next word)
        RST 16
        LD DE,lit8_rt
        CALL enclose_de
        JRX ccomma_code         ; C, the character

; ---------------------------------------------------------------------------------------
; Control structures (ace-forth.md 6: markers BEGIN 1, IF/ELSE 2, DO 3, WHILE 4).
; ---------------------------------------------------------------------------------------
; [expect] ( marker -- ), followed in the thread by the marker byte wanted (EXPECT
; macro): ERROR 5 unless they are equal.
        INTERNAL expect_cfa
        POP HL
        LD A,(HL)               ; the marker wanted
        INC HL
        PUSH HL
        RST 24                  ; (keeps A)
        SUB E
        OR D                    ; 0 only if DE = the marker
        JRX NZ,.wrong
        JP (IY)
        CUT
.wrong: RST 32
        DB 5

; [hole] ( -- addr ): enclose a 0 cell (a forward offset or a pfa+0 filled in later);
; addr = where it is.
        INTERNAL_COLON hole_cfa
        DW here_cfa
        LIT8 0
        DW comma_exit_cfa

; [resolve] ( addr -- ): the forward offset at addr now reaches HERE.
        INTERNAL resolve_cfa
        RST 24
        LD HL,(STKBOT)
        SCF
        SBC HL,DE               ; HERE - addr - 1
        JRX store_tail          ; (! stores it at addr)

; [back] ( addr -- ): enclose the backward offset from here to addr (addr - HERE - 1).
        INTERNAL_COLON back_cfa
        DW here_cfa, minus_cfa, oneminus_cfa, comma_exit_cfa

; IF: written from rom-words.tsv (IF) and ace-forth.md 6.
        COMPILING "IF", if_cfa, if_rt
        DW hole_cfa
if_tail:
        DW lit8_exit_cfa
        DB 2

; ELSE: written from rom-words.tsv (ELSE) and ace-forth.md 6.
        COMPILING "ELSE", else_cfa, else_rt
        EXPECT 2
        DW hole_cfa, swap_cfa
        DW resolve_cfa
        DW else_rt              ; on as IF's thread does
        DW if_tail - $ - 1

; THEN: written from rom-words.tsv (THEN) and ace-forth.md 6.
        COMPILING "THEN", then_cfa, then_rt
        EXPECT 2
        DW resolve_cfa, exit_rt

; BEGIN: written from rom-words.tsv (BEGIN) and ace-forth.md 6.
        COMPILING "BEGIN", begin_cfa, begin_rt
        DW here_cfa
        DW lit8_exit_cfa
        DB 1

; UNTIL: written from rom-words.tsv (UNTIL) and ace-forth.md 6.
        COMPILING "UNTIL", until_cfa, until_rt
        EXPECT 1
        DW back_cfa, exit_rt

; WHILE: written from rom-words.tsv (WHILE) and ace-forth.md 6.
        COMPILING "WHILE", while_cfa, while_rt
        EXPECT 1
        DW hole_cfa
        DW lit8_exit_cfa
        DB 4

; REPEAT: written from rom-words.tsv (REPEAT) and ace-forth.md 6.
        COMPILING "REPEAT", repeat_cfa, repeat_rt
        EXPECT 4
        DW swap_cfa, back_cfa, resolve_cfa, exit_rt

; DO: written from rom-words.tsv (DO) and ace-forth.md 6.
        COMPILING "DO", do_cfa, do_rt
        DW here_cfa
        DW lit8_exit_cfa
        DB 3

; LOOP: written from rom-words.tsv (LOOP) and ace-forth.md 6.
        COMPILING "LOOP", loop_cfa, loop_rt
loop_thread:
        EXPECT 3
        DW back_cfa, exit_rt

; +LOOP: written from rom-words.tsv (+LOOP) and ace-forth.md 6.
        COMPILING "+LOOP", ploop_cfa, ploop_rt
        DW else_rt              ; the same thread as LOOP's
        DW loop_thread - $ - 1

; (: written from rom-words.tsv (() and ace-forth.md 6 (text kept, up to the ')').
        COMPILING "(", paren_cfa, comment_rt
        DW enclose_text_cfa
        DB ')'

; .": written from rom-words.tsv (.") and ace-forth.md 6 (2-byte length and the text).
        COMPILING '."', dotq_cfa, dotq_rt
        DW enclose_text_cfa
        DB '"'

; [enclose-text], followed in the thread by the delimiter byte: take text up to it,
; enclose its length and characters, and end the thread (its IP is dropped). Text with no
; closing delimiter in the line is handed back like an unknown word, from the text on
; (the ? cursor before it; the definition stays open: transcripts.md Round 3).
        INTERNAL enclose_text_cfa
        POP HL
        LD A,(HL)
        CALL word_bounds        ; HL = the word's end, C = the delimiter
        DEC HL
        LD A,(HL)
        CP C                    ; the text's last character: its delimiter?
        JR NZ,.unfinished
        LD A,C
        CALL word_sub
        LD E,(HL)
        LD D,0
        PUSH DE
        CALL enclose_de
        POP BC
        LD A,B
        OR C
        JR Z,.done
        CALL allot_bc           ; (keeps BC)
        EX DE,HL
        LD HL,PAD + 1
        LDIR
.done:  JP (IY)
.unfinished:                    ; as the original (transcripts.md Round 4): a count cell
        PUSH BC                 ; is enclosed, and its address and the delimiter pushed
        CALL enclose_de
        DEC HL                  ; (enclose_de leaves HL on the cell's second byte)
        EX DE,HL
        RST 16
        POP DE
        LD D,0
        RST 16
        JRX interpret_cfa.retype ; (the stack holds LINE's IP, as in [interpret])
