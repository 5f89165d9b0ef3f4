; EDIT and REDEFINE. Written from ace-forth.md 2 (FLAGS bit 3: output into the input
; buffer), 4.1, 4.3 (headers, threads), 9 (EDIT, REDEFINE), 10 (errors 11-14), 11 (the input buffer and its
; logical lines) and transcripts.md (`: X ; EDIT X`). MIT OR Apache-2.0.
;
; EDIT is LIST with its output sent into the input buffer (put_char in screen.asm passes
; it to buffer_char below while FLAGS bit 3 is set): every line LIST prints starts a new
; screen row whose first cell is the 0x00 row marker, the ? cursor waits at the start of
; the first row (as the original leaves it, transcripts.md), and the whole text is one
; logical line for the editor, so the existing keys move over all of it (up/down by 32).
; On ENTER the row markers become spaces and EDIT runs LINE on the edited text (the
; definition is compiled again as a new word of the same name), echoed on the EDIT row
; right after it, then OK and one blank row, and QUIT (transcripts.md Rounds 3-4). A listing longer
; than EDIT_PAGE rows is handed over a page at a time: each page is edited, entered and
; interpreted (LINE run from here) before the listing goes on.
;
; REDEFINE: see the word below.

EDIT_PAGE       EQU 16          ; rows in the buffer before a page is handed over

; EDIT: written from rom-words.tsv (EDIT) and ace-forth.md 9; LIST gives ERROR 13 and 14.
; Runs LIST with FLAGS bit 3 set, then lets the user edit the buffer.
        PRIM "EDIT", edit_cfa, 0
        SET FL_TO_BUFFER,(IX+O_FLAGS)
        LD DE,.thread
        JRX docolon
.thread:
        DW list_cfa, .enter
        ; The entered text is interpreted here, echoed on the EDIT row right after it, and
        ; its OK is followed by one blank row (transcripts.md Rounds 3 and 4); QUIT then
        ; goes back to the keyboard (LINE, which ran EDIT, has nothing left to do).
        DW line_cfa, print_ok_cfa, cr_cfa, quit_cfa
.enter: DW $ + 2
        CALL take_edited
        JP (IY)

        CUT
; take_edited: output to the screen again; let the user edit the buffer (? cursor) until
; ENTER, take the cursor out and turn the row markers after the first into spaces: LINE
; reads it as one logical line. Uses AF, BC, DE, HL.
take_edited:
        RES FL_TO_BUFFER,(IX+O_FLAGS)
        CALL wait_enter         ; HL = STATIN
        RES ST_RETYPE,(HL)
        CALL remove_cursor
        LD HL,(INSCRN)
        LD DE,(ENDBUF)
.join:  INC HL
        RST 0x30  ; hl_below_de
        RET NC
        LD A,(HL)
        OR A
        JR NZ,.join
        LD (HL),' '
        JR .join

        CUT
; buffer_char: put_char for EDIT (A = character, the buffer holds the ? cursor at its
; start): append the character; a carriage return pads the row with spaces and starts the
; next one with the 0x00 marker, after handing over a full page; blank rows are not kept.
; LIST's own pause every 18 lines is kept off (L_CNT). Uses AF, BC, DE, HL.
buffer_char:
        CP 13
        JR NZ,append
        XOR A
        LD (L_CNT),A
        LD A,(L_HALF + 1)
        CP HIGH(SCREEN_END - EDIT_PAGE * 32)
        JR C,edit_page          ; more than EDIT_PAGE rows
        ASSERT LOW(SCREEN_END - EDIT_PAGE * 32) == 0
        LD HL,(ENDBUF)          ; a row with nothing but spaces (LIST's empty body line
.back:  DEC HL                  ; of `: X ;`) is used again: the original shows none
        LD A,(HL)               ; (transcripts.md, `: X ; EDIT X`)
        CP ' '
        JR Z,.back
        OR A
        JR NZ,.pad
        INC HL
        LD (ENDBUF),HL
        RET
.pad:   LD A,(ENDBUF)
        AND 31
        JR Z,append             ; at a row start: A = 0, the marker
        LD A,' '
        CALL append
        JR .pad

; append: A at the end of the buffer text (it grows a row when needed; ignored when full).
append:
        LD HL,(ENDBUF)
        LD (CURSOR),HL
        CALL insert_char
        LD HL,(INSCRN)
        INC HL
        LD (CURSOR),HL          ; the cursor stays at the start
        RET

; edit_page: the page so far is edited and entered, LINE interprets it (a definition stays
; open across pages), then the listing goes on into an empty buffer. LIST's registers are
; in the alternate set (print_a): the words LINE prints would use it, so it is saved.
edit_page:
        EXX
        PUSH BC
        PUSH DE
        PUSH HL
        CALL take_edited
        CALL run_line
        SET FL_TO_BUFFER,(IX+O_FLAGS)
        POP HL
        POP DE
        POP BC
        EXX
        LD A,13                 ; the next page starts as the listing did: the first
        JRX put_char             ; CR (ST_RETYPE is clear) empties the buffer

        CUT
; run_line: run LINE from machine code and come back. run_thread: run the thread at HL
; from machine code (LIST's numbers too); the thread ends with thread_back, a word that
; drops its IP and returns to our caller.
run_line:
        LD HL,line_thread
run_thread:
        PUSH HL
        JP (IY)
        CUT
line_thread:
        DW line_cfa, thread_back
thread_back:
        DW $ + 2
        POP HL
        RET

; REDEFINE: written from rom-words.tsv (REDEFINE), ace-forth.md 4.1, 4.3, 9, 10 and
; transcripts.md Round 3. The newest word N (CURRENT's newest, any kind) takes the place
; of the older word O of the name given and keeps its own name (O's name is gone, as on
; the original): O B N HERE -> N B HERE, the words between (B) moving by the size
; difference. N's link becomes O's link and CURRENT's newest N's old link; the bytes are
; rotated in place by three reversals (no free memory needed), then every cell that holds
; a dictionary address is remapped by remap_words (tape.asm, shared with LOAD's
; relocation) with the table: N's name-length field and above + D1 (into O's place: N's
; calls of itself follow it), O's end up to N + D2 (the size difference), O's header and
; body + D3 (O's name-length field and CFA onto N's new ones: every caller of O runs N),
; below stays; and CURRENT, CONTEXT, VOCLNK, STKBOT. As the original: ERROR 11 with no
; name echoed when no older word of the name is found (N itself is hidden from the
; lookup), ERROR 11 after the name for a ROM word. Our choices where the spec is silent:
; ERROR 12 while a definition is incomplete (as SAVE and LOAD); ERROR 11 unless N is the
; word DICT points at, i.e. the newest in memory (not so when a word of another
; vocabulary follows it; FORGET clears DICT, so right after FORGET the newest word must
; be made again first). Addresses held as literals or on the return stack are not
; changed; the data stack is emptied (as LOAD does). Afterwards DICT holds the last
; word's length field (as after LOAD).
        PRIM "REDEFINE", redefine_cfa, 0
        LD HL,(CURRENT)
        LD E,(HL)
        INC HL
        LD D,(HL)               ; DE = N's name-length field
        LD A,(DE)
        PUSH DE
        PUSH AF
        XOR A
        LD (DE),A               ; N hidden from the lookup (a zero length is passed over)
        CALL scan_lookup_take   ; HL = O's CFA or 0
        POP AF
        POP DE
        LD (DE),A
        CALL check_complete     ; ERROR 12 while a definition is incomplete (after the
        LD A,H                  ; name is taken, as make_header does)
        CP HIGH(SYSVARS)
        JR NC,.ram
.cannot:                        ; not found (no name echoed), a ROM word (echoed), ...
        RST 32
        DB 11
.ram:   PUSH HL                 ; O's CFA
        LD HL,(DICT)
        INC HL
        INC HL
        LD C,(HL)
        INC HL
        LD B,(HL)               ; BC = N's link, if DICT is N's length field
        INC HL
        RST 0x30                ; hl_below_de: Z if DICT + 4 is N's name-length field
        JR NZ,.cannot           ; N is not the newest word in memory
        LD (RM_T1),HL           ; N's name-length field and above: + D1 (into O's place)
        LD HL,(CURRENT)         ; CURRENT's newest := N's link (remapped below)
        LD (HL),C
        INC HL
        LD (HL),B
        CALL fill_newest_length ; N's length field (the words between follow N now)
        POP HL
        DEC HL                  ; O's name-length field
        PUSH HL
        DEC HL
        LD B,(HL)
        DEC HL
        LD C,(HL)               ; BC = O's link
        DEC HL
        LD D,(HL)
        DEC HL
        LD E,(HL)
        ADD HL,DE               ; O's end: from here up to N the words move by D2
        LD (RM_T2),HL
        LD HL,(RM_T1)
        DEC HL
        LD (HL),B
        DEC HL
        LD (HL),C               ; N's link := O's link
        INC HL
        INC HL
        CALL name_field_start   ; HL = N's first byte, C = its name length
        LD B,C
        EX (SP),HL              ; (stack: N's first byte)
        CALL name_field_start   ; HL = O's first byte, C = its name length
        LD (RM_T3),HL           ; O's header and body: + D3 (O's CFA becomes N's)
        LD A,B
        SUB C
        LD E,A
        SBC A,A
        LD D,A
        LD (RM_D3),DE           ; D3 = N's name length - O's
        POP BC                  ; N's first byte
        LD DE,(STKBOT)          ; HERE
        LD (STKBOT),BC          ; (+ D2 below: the new HERE)
        PUSH HL
        AND A
        SBC HL,BC
        LD (RM_D1),HL           ; D1 = O's first byte - N's
        ADD HL,DE               ; M = HERE + D1: N's end in O's place
        PUSH HL
        PUSH DE                 ; HERE (the first reverse's end)
        LD DE,(RM_T2)
        AND A
        SBC HL,DE
        LD (RM_D2),HL           ; D2 = M - O's end
        ADD HL,BC               ; the new HERE (BC = N's first byte, STKBOT now)
        POP DE
        POP BC                  ; M
        EX (SP),HL              ; HL = O's first byte (stack: the new HERE)
        CALL reverse            ; [O, HERE): N' B' O'
        LD D,B
        LD E,C
        CALL reverse            ; [O, M): N B' O'
        LD H,B
        LD L,C
        POP DE
        CALL reverse            ; [M, new HERE): N B O'
        LD HL,CURRENT           ; CURRENT CONTEXT VOCLNK, and STKBOT := the new HERE
.sys:   CALL remap_cell
        LD A,L
        CP LOW(DICT)
        JR NZ,.sys
        LD HL,FORTH_NAME        ; every RAM word's cells (no carry from CP: no first word)
        CALL remap_words
        JRX empty_next           ; (LOAD's end: the data stack emptied, next word)


        CUT
; reverse: the bytes [HL, DE) in reverse order. HL kept. Uses AF, DE.
reverse:
        PUSH HL
.swap:  DEC DE
        RST 0x30                ; hl_below_de
        JR NC,.done             ; met in the middle
        LD A,(DE)
        PUSH AF
        LD A,(HL)
        LD (DE),A
        POP AF
        LD (HL),A
        INC HL
        JR .swap
.done:  POP HL
        RET
