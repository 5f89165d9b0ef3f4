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
; REDEFINE name: the newest word replaces the older `name`: the older one's code field
; becomes redirected_cf with the newest word's CFA in its pfa, so every reference to it
; (old callers, compiled before) runs the new body. Our choice where the spec is silent:
; the old body stays where it is (its space is not reclaimed, nothing moves) and only
; colon words can be replaced (ERROR 11 otherwise, or while a definition is incomplete).

EDIT_PAGE       EQU 16          ; rows in the buffer before a page is handed over

; EDIT: written from rom-words.tsv (EDIT) and ace-forth.md 9; LIST gives ERROR 13 and 14.
        COLON "EDIT", edit_cfa, 0
        DW to_buffer_cfa, list_cfa, edit_enter_cfa, exit_rt

; [to-buffer]: LIST's output from its first new line on goes into the input buffer.
        INTERNAL to_buffer_cfa
        SET FL_TO_BUFFER,(IX+O_FLAGS)
        JP (IY)

; [edit-enter]: output to the screen again; the user edits the listing, ENTER gives it to
; LINE (the caller of EDIT) as one logical line.
        INTERNAL edit_enter_cfa
        RES FL_TO_BUFFER,(IX+O_FLAGS)
        CALL take_edited
        JP (IY)

; take_edited: let the user edit the buffer (? cursor) until ENTER, take the cursor out and
; turn the row markers after the first into spaces. Uses AF, BC, DE, HL.
take_edited:
        CALL wait_enter         ; HL = STATIN
        RES ST_RETYPE,(HL)
        CALL remove_cursor
        LD HL,(INSCRN)
        LD DE,(ENDBUF)
.join:  INC HL
        CALL hl_below_de
        RET NC
        LD A,(HL)
        OR A
        JR NZ,.join
        LD (HL),' '
        JR .join

; buffer_char: put_char for EDIT (A = character, the buffer holds the ? cursor at its
; start): append the character; a carriage return pads the row with spaces and starts the
; next one with the 0x00 marker, after handing over a full page; blank rows are not kept.
; LIST's own pause every
; 18 lines is kept off (L_CNT). Uses AF, BC, DE, HL.
buffer_char:
        CP 13
        JR NZ,append
        XOR A
        LD (L_CNT),A
        LD HL,(L_HALF)
        LD DE,SCREEN_END - EDIT_PAGE * 32
        CALL hl_below_de
        JR C,edit_page
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
        RES FL_TO_BUFFER,(IX+O_FLAGS)
        CALL take_edited
        CALL run_line
        SET FL_TO_BUFFER,(IX+O_FLAGS)
        LD HL,STATIN
        SET ST_RETYPE,(HL)
        CALL clear_input
        POP HL
        POP DE
        POP BC
        EXX
        RET

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
        POP BC
        INC BC                  ; BC = the newest word's CFA
        LD A,H
        CP HIGH(SYSVARS)
        JR NC,.ram
        RST 32                  ; not found, or a ROM word
        DB 13
.ram:   BIT FL_INCOMPLETE,(IX+O_FLAGS)
        JR NZ,.cannot           ; the newest word is not finished
        LD E,(HL)
        INC HL
        LD D,(HL)               ; its code field
        PUSH HL
        LD HL,docolon
        CALL same
        POP HL
        JR NZ,.cannot
        LD DE,redirected_cf
        LD (HL),D
        DEC HL
        LD (HL),E
        INC HL
        INC HL
        LD (HL),C
        INC HL
        LD (HL),B
        JP (IY)
.cannot:
        RST 32
        DB 11

; redirected_cf: code field of a word REDEFINE replaced; pfa+0 = the CFA of the word that
; replaced it, which runs instead.
redirected_cf:
        EX DE,HL
        LD E,(HL)
        INC HL
        LD D,(HL)
        EX DE,HL
        JP execute_hl
