; LIST: the decompiler. Written from ace-forth.md 4.3 (runtime prefixes and the decoding
; rule), 5, 5.1, 5.2 (word layouts), 9 (LIST) and transcripts.md (`: X 1 . ; LIST X`).
; MIT OR Apache-2.0.
;
; Layout (measured on the original, transcripts.md Round 3): a new row, then `: name`,
; `DEFINER name` or `n COMPILER name`; the body indented one column a level (one space at
; the outer level). A control word (IF ELSE THEN DO LOOP +LOOP BEGIN UNTIL WHILE REPEAT)
; stands on a row of its own, one level out from the words it controls; other words,
; literals (as . prints them: in BASE), strings and comments go at most five to a row, a
; string or a comment ending its row; DOES>, RUNS> and `;` at the left margin on rows of
; their own. ASCII with its character; after 18 rows it waits until a key is held, and
; BREAK stops it. A float literal is printed as F. prints it.

L_PTR   EQU LISTWS                ; the next cell of the body
L_IND   EQU LISTWS + 2            ; the indentation
L_CNT   EQU LISTWS + 3            ; lines left before the next pause
L_LEFT  EQU LISTWS + 4            ; items the row still takes after the next (0: the next
                                  ; one is its last; below 0: it starts a new row)
        ASSERT L_CNT == L_IND + 1

; LIST: written from rom-words.tsv (LIST) and ace-forth.md 9, 10 (ERROR 13: not found or a
; ROM word; ERROR 14: not a :, DEFINER or COMPILER word).
        PRIM "LIST", list_cfa, 0
        CALL scan_lookup_take
        LD A,H
        CP HIGH(SYSVARS)
        JRX C,forget_cfa.none   ; (FORGET's ERROR 13)
        PUSH HL                   ; CFA
        LD A,13                   ; a new row first: ERROR 14 comes there (transcripts.md)
        RST 8
        LD A,18
        LD (L_CNT),A
        CALL next_cell_hl         ; DE = the code field, L_PTR = pfa
        LD HL,list_kinds
        LD B,3
        CALL in_list              ; B = 3 for :, 2 for DEFINER, 1 for COMPILER
        JR Z,.kind
        RST 32
        DB 14
.kind:  INC HL                    ; the heading (list_heads follows list_kinds)
        INC HL
        INC HL
        INC HL
        LD A,(HL)
        INC HL
        LD H,(HL)
        LD L,A
        PUSH HL
        LD A,B
        CP 3
        CALL NZ,next_cell         ; DEFINER, COMPILER: the thread after pfa+0; DE = pfa+0:
        DJNZ .colon               ; a COMPILER word's runtime CFA (: and DEFINER jump)
        DEC DE                    ; n = the operand count in the runtime's prefix
        DEC DE
        DEC DE
        LD A,(DE)
        CALL print_udec_a
        LD A,' '
        RST 8
.colon: POP HL
.text:  CALL print_name
        LD A,' '
        RST 8
        POP HL                    ; CFA: its name-length field is just below
        DEC HL
        CALL print_name
.body:  LD A,1
.level: LD (L_IND),A
.row:   XOR A                     ; the next item starts a new row (L_LEFT - 1 < 0)
        LD (L_LEFT),A
.cell:  CALL next_cell            ; DE = the cell
        LD HL,list_own            ; ; DOES> RUNS>
        LD B,3
        CALL in_list
        JR Z,.own
        LD B,7                    ; (HL = list_closes) THEN LOOP +LOOP UNTIL REPEAT ELSE WHILE
        CALL in_list
        JR NZ,.notclose
        LD HL,L_IND               ; one level out
        DEC (HL)
        LD A,B                    ; ELSE, WHILE (B = 2, 1) open a level again: carry
        CP 3
        JR .struct
.notclose:
        LD B,3                    ; (HL = list_opens + 4) IF DO BEGIN: carry
        CALL in_list
        SCF
        JR Z,.struct
        LD HL,L_LEFT              ; any other item: at most five to a row (L_LEFT = the
        DEC (HL)                  ; items after it; below 0: a new row)
        JP P,.same
        LD (HL),4
        CALL list_line
.same:  CALL list_cell            ; (a string or a comment ends the row: L_LEFT = 0)
        JR .cell
.struct:                          ; a control word: a row of its own, at the outer level
        PUSH AF
        CALL list_line
        CALL list_cell
        POP AF
        JR NC,.row
        LD HL,L_IND               ; what follows one level in
        INC (HL)
        JR .row
.own:   LD A,13                   ; DOES> RUNS> ; on a line of their own
        RST 8
        PUSH BC                   ; B = 1 for ;
        CALL list_cell
        POP BC
        DJNZ .body
        CALL list_line            ; after ; a new line with one space (transcripts.md):
        JP (IY)                   ; the body's level is 1 again

        CUT
; next_cell: DE = the cell at L_PTR, L_PTR += 2. next_cell_hl: DE = the cell at HL,
; L_PTR = HL + 2. Use HL.
next_cell:
        LD HL,(L_PTR)
next_cell_hl:
        LD E,(HL)
        INC HL
        LD D,(HL)
        INC HL
        LD (L_PTR),HL
        RET

        CUT
; list_line: a new line and the indentation; BREAK gives ERROR 3, and every 18 lines it
; waits until a key is held (KEYCOD, ace-forth.md 11). Uses AF, B, HL.
list_line:
        CALL test_break           ; BREAK stops LIST
        JRX Z,run_checks.break    ; (the ERROR 3 of the checks between words)
.page:  LD HL,L_CNT               ; after a screenful (18 lines), wait for a key
        DEC (HL)
        JR NZ,.line
        LD (HL),18
.key:   HALT
        LD A,(KEYCOD)
        OR A
        JR Z,.key
.line:  LD A,13
        RST 8                     ; (HL = L_CNT on both ways here)
        DEC HL
        LD A,(HL)                 ; L_IND
        OR A
        RET Z
        LD B,A
.sp:    LD A,' '
        RST 8
        DJNZ .sp
        RET

        CUT
; list_cell: print the compiled cell DE (and its inline operands, L_PTR moves past them),
; then a space. Decoding rule of ace-forth.md 4.3: the byte below the code field is a
; name-length byte (bit 7 clear) or the top of a runtime's name offset. Uses all but DE.
list_cell:
        PUSH DE
        DEC DE
        LD A,(DE)
        RLA                       ; bit 7
        JR NC,.word
        PUSH DE                   ; cfa - 1
        EX DE,HL
        LD D,(HL)
        DEC HL
        LD E,(HL)                 ; DE = the name offset, HL = its field
        DEC HL
        LD C,(HL)                 ; C = the operand count
        INC HL
        LD A,D
        AND E
        INC A
        JR Z,.literal             ; 0xFFFF: a literal
        ADD HL,DE
        INC HL                    ; the owner's name
        CALL print_at             ; (keeps C)
        POP HL                    ; cfa - 1
        LD A,C
        CP 1
        JR Z,.char
        INC A
        JR Z,.text
.skip:  DEC A                     ; skip A - 1 operand bytes
        LD E,A
        LD D,0
        LD HL,(L_PTR)
.skip_de:
        ADD HL,DE
        LD (L_PTR),HL
        JR .space
.word:  EX DE,HL                  ; an ordinary word: HL = its name-length field
        CALL print_name
        JR .space
.literal:
        POP HL
        LD A,C                    ; operand count: 2 = a cell, 4 = a float
        CP 2
        JR Z,.cell
        LD HL,(L_PTR)             ; a float literal: printed as F. does (float.asm)
        CALL print_float
        LD A,5                    ; then its 4 bytes skipped
        JR .skip
.cell:                            ; a number: as . prints it, in BASE, with its space
        CALL next_cell
        RST 16
        LD HL,list_dot
        CALL run_thread
        POP DE
        RET
.char:  CALL .gap                 ; ASCII: a space and the character
        LD HL,(L_PTR)
        LD A,(HL)
        RST 8
        LD A,2                    ; (skip it)
        JR .skip
.text:  INC HL                    ; ( and .": a space, the text, the closing character
        LD DE,comment_rt
        RST 0x30  ; hl_below_de
        LD C,')'
        JR Z,.close
        LD DE,dotq_rt
        RST 0x30  ; hl_below_de
        LD C,'"'
        JR Z,.close
        CALL next_cell            ; another variable-length operand: skipped
        JR .skip_de
.close: PUSH BC
        CALL .gap
        CALL next_cell            ; the length (HL = the text)
        LD B,D
        LD C,E
        CALL print_string         ; (HL = past the text)
        LD (L_PTR),HL
        POP BC
        LD A,C
        RST 8
        XOR A                     ; the row ends here
        LD (L_LEFT),A
.space: POP DE
.gap:   LD A,' '
        RST 8
        RET

; (LIST tells ; from DOES> and RUNS> by in_list's count, and compares with hl_below_de,
; which keeps HL.)

        CUT
; in_list: Z if DE is one of the B cells at HL. Uses AF, B, HL.
in_list:
        LD A,(HL)
        INC HL
        CP E
        LD A,(HL)
        INC HL
        JR NZ,.no
        CP D
        RET Z
.no:    DJNZ in_list              ; (DJNZ keeps the NZ of the last compare)
        RET

        CUT
reloc_kinds:    DW vocab_cf       ; (LOAD's relocation, tape.asm, looks for it too)
list_kinds:     DW docolon, definer_cf, compiler_cf
list_heads:     DW colon_cfa - 1, definer_cfa - 1, compiler_cfa - 1 ; the heading: a ROM word's name
list_own:       DW does_rt, runs_rt, exit_rt ; (exit_rt last: LIST tests B = 1)
        ASSERT $ == list_own + 6  ; in_list leaves HL past list_own when DE is not in it
list_closes:    DW then_rt, loop_rt, ploop_rt, until_rt, repeat_rt ; and the next two
list_opens:     DW else_rt, while_rt, if_rt, do_rt, begin_rt
        CUT                       ; (a 4-byte piece of its own: it fits a sliver)
list_dot:       DW dot_cfa, thread_back
