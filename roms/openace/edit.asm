; EDIT and REDEFINE. Written from ace-forth.md 2 (FLAGS bit 3: output into the input
; buffer), 9 (EDIT, REDEFINE), 10 (errors 11, 13, 14), 11 (the input buffer and its
; logical lines) and transcripts.md (`: X ; EDIT X`). MIT OR Apache-2.0.
;
; EDIT is LIST with its output sent into the input buffer (put_char in screen.asm passes
; it to buffer_char below while FLAGS bit 3 is set): every line LIST prints starts a new
; screen row whose first cell is the 0x00 row marker, the ? cursor waits at the start of
; the first row (as the original leaves it, transcripts.md), and the whole text is one
; logical line for the editor, so the existing keys move over all of it (up/down by 32).
; On ENTER the row markers become spaces and LINE, which ran EDIT, goes on with the edited
; text: the definition is compiled again as a new word of the same name. A listing longer
; than EDIT_PAGE rows is handed over a page at a time: each page is edited, entered and
; interpreted (LINE run from here) before the listing goes on.
;
; REDEFINE name: the newest word replaces the older `name`: the older one's thread becomes
; a call of the newest word and EXIT, so every reference to it (old callers, compiled
; before) runs the new body. Our choice where the spec is silent: the old header and body
; stay where they are (their space is not reclaimed, nothing moves; the old word is still
; an ordinary colon word, so SAVE, LOAD's relocation and LIST treat it as one), and only a
; colon word with a body of at least one cell can be replaced: ERROR 11 for other words,
; for `: X ;` (no room for the call) and while a definition is incomplete; ERROR 13 when
; no older word of that name is in RAM.

EDIT_PAGE       EQU 16          ; rows in the buffer before a page is handed over

; EDIT: written from rom-words.tsv (EDIT) and ace-forth.md 9; LIST gives ERROR 13 and 14.
; Runs LIST with FLAGS bit 3 set, then lets the user edit the buffer.
        PRIM "EDIT", edit_cfa, 0
        SET FL_TO_BUFFER,(IX+O_FLAGS)
        LD DE,.thread
        JP docolon
.thread:
        DW list_cfa, .enter, exit_rt
.enter: DW $ + 2
        CALL take_edited
        JP (IY)

        CUT
; take_edited: output to the screen again; let the user edit the buffer (? cursor) until
; ENTER, take the cursor out and turn the row markers after the first into spaces: LINE
; (the caller of EDIT) reads it as one logical line. Uses AF, BC, DE, HL.
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
        JP put_char             ; CR (ST_RETYPE is clear) empties the buffer

        CUT
; run_line: run LINE from machine code and come back: the thread ends with a word that
; drops its IP and returns to our caller.
run_line:
        LD HL,.thread
        PUSH HL
        JP (IY)
.thread:
        DW line_cfa, .back
.back:  DW $ + 2
        POP HL
        RET

; REDEFINE: written from rom-words.tsv (REDEFINE) and ace-forth.md 9, 10.
        PRIM "REDEFINE", redefine_cfa, 0
        LD HL,(CURRENT)
        LD E,(HL)
        INC HL
        LD D,(HL)               ; the newest word's name-length field
        PUSH DE
        DEC DE
        DEC DE                  ; its link: the name is looked up from the word before it
        LD HL,(CONTEXT)
        PUSH HL
        LD (CONTEXT),DE
        CALL scan_lookup_take   ; HL = the older word's CFA or 0
        POP DE
        LD (CONTEXT),DE
        LD A,H
        CP HIGH(SYSVARS)
        JR NC,.ram
        RST 32                  ; not found, or a ROM word
        DB 13
.ram:   BIT FL_INCOMPLETE,(IX+O_FLAGS)
        JR NZ,.cannot           ; the newest word is not finished
        LD DE,docolon
        CALL cell_is
        JR NZ,.cannot           ; not a colon word
        LD DE,exit_rt
        CALL cell_is
        JR Z,.cannot            ; an empty body: no room for the call
        DEC HL
        DEC HL                  ; pfa: the thread becomes newest-word EXIT
        POP BC
        INC BC                  ; the newest word's CFA
        LD (HL),C
        INC HL
        LD (HL),B
        INC HL
        LD (HL),E
        INC HL
        LD (HL),D
        JP (IY)
.cannot:
        RST 32
        DB 11

; cell_is: Z if the cell at HL is DE; HL moves past it. Uses AF.
cell_is:
        LD A,(HL)
        INC HL
        CP E
        LD A,(HL)
        INC HL
        RET NZ
        CP D
        RET
