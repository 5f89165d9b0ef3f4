; The outer interpreter: QUERY, RETYPE, WORD, FIND, NUMBER, EXECUTE, CONVERT, LINE.
; Written from ace-forth.md 4.1 (lookup), 7 (interpreter, echo, number syntax), 9 (WORD,
; CONVERT) and rom-words.tsv. MIT OR Apache-2.0.
;
; Words are taken from the start of the logical line in the input buffer: scan_word copies
; the next word to the pad without consuming it; consume_word echoes it to the upper screen
; (unless INVIS) and removes it from the buffer, so an unknown word stays for RETYPE.

; scan_word: A = delimiter. Find the next word in the input buffer for FIND, NUMBER and
; LINE without copying it anywhere (W_START, W_LEN; lookup and the number parsers
; read it in place): the interpreter leaves PAD alone (transcripts.md, `PAD 5 TYPE`).
scan_word EQU word_bounds

; word_bounds: A = delimiter. Find the next word of the logical line without taking it:
; W_START, W_LEN; also DE = W_LEN and HL = its end (past the delimiter that ends it, if
; any).
; Uses AF, BC, DE, HL. The line is interpreted in place, as on the original (transcripts.md
; Round 4): the words are read up to the end of the screen, not to ENDBUF, so a BLOAD
; that rewrites the line being interpreted (0x22E0, the bottom row's mirror) changes what
; runs next (z88dk tapes start so); past the typed text there are only spaces.
word_bounds:
        LD C,A
        LD HL,(INSCRN)          ; (the line starts one past INSCRN)
.skip:
        INC HL
        LD A,H
        CP HIGH(SCREEN_END)     ; the end of the screen (the buffer ends there)
        JR Z,.start
        LD A,(HL)
        CP C
        JR Z,.skip
.start:
        LD (W_START),HL
        LD DE,-1                ; the length
        DEC HL
.scan:
        INC HL
        INC DE
        LD A,H
        CP HIGH(SCREEN_END)
        JR Z,.ended
        LD A,(HL)
        CP C
        JR NZ,.scan
        INC HL                  ; the delimiter is consumed with the word
.ended:
        LD (W_LEN),DE           ; length in the buffer (consume_word finds the end again)
        RET

        CUT
; consume_word: echo the scanned word and a space (unless INVIS), then remove everything up
; to its end (past the delimiter that ended it, if any) from the logical line. Uses AF,
; BC, DE, HL.
consume_word:
        LD HL,(W_START)
        LD BC,(W_LEN)
        PUSH HL
        ADD HL,BC               ; the cell after the word
        LD A,H                  ; (past the typed text the buffer holds spaces, so the
        CP HIGH(SCREEN_END)     ; delimiter's cell is echoed as it is, but at the screen's
        LD A,' '                ; end, where the cell after is not the buffer's)
        JR Z,.end
        LD A,(HL)               ; the delimiter that ended it: ." X" echoes X" (transcripts.md)
        INC HL                  ; (taken with the word)
.end:   EX (SP),HL              ; HL = W_START, the word's end on the stack
        BIT FL_INVIS,(IX+O_FLAGS)
        JR NZ,.noecho
        LD D,A
        LD A,B
        OR C
        JR Z,.last              ; an empty word echoes as one 0x00 cell (transcripts.md)
        CALL print_string
        LD A,D
.last:  RST 8
.noecho:
        POP DE                  ; the word's end
        LD HL,(ENDBUF)
        AND A
        SBC HL,DE               ; the bytes after the word in the typed line (borrow: a
        LD B,H                  ; word past its end, in a line a BLOAD rewrote: nothing
        LD C,L                  ; moves, the word is only blanked below)
        EX DE,HL                ; HL = the word's end
        LD DE,(INSCRN)
        INC DE                  ; DE = line start (INC and LD keep the flags)
        JR C,.moved
        JR Z,.moved
.move:  LDI                     ; the rest of the typed line moves down, at about the
        EX (SP),HL              ; original's pace (76 T a byte: forth-speed.md rows
        EX (SP),HL              ; 14-18, the outer interpreter, `aceemu bench --forth`)
        INC HL
        DEC HL
        JP PE,.move
.moved:                         ; (HL = the old end, or the word's end)
        LD (ENDBUF),DE          ; blank from the new end to the old end
.blank:
        RST 0x30  ; hl_below_de
        RET Z
        DEC HL                  ; (downwards from the old end)
        LD (HL),' '
        JR .blank

        CUT
; word_sub: A = delimiter; take the next word of the input buffer to PAD (up to 253
; characters from PAD+1, its length at PAD, 254 if longer), echo and consume it.
; out: HL = PAD. Uses AF, BC, DE.
word_sub:
        CALL word_bounds        ; DE = its length
        LD HL,-254
        ADD HL,DE               ; carry: 254 characters or more
        LD A,E
        JR NC,.short
        LD DE,253
        LD A,254
.short: LD (PAD),A
        LD B,D
        LD C,E
        LD A,B
        OR C
        JR Z,.copied
        LD HL,(W_START)
        LD DE,PAD + 1
        LDIR
.copied:
        LD HL,PAD
        JRX take_hl              ; consume_word, HL kept

        CUT
; upcase: A -> upper case if it is a-z.
upcase:
        CP 'a'
        RET C
        CP 'z' + 1
        RET NC
        SUB 0x20
        RET

        CUT
; scan_lookup_take: the next word looked up (HL = its CFA and NZ, or 0 and Z) and taken
; when found: a name not found is not echoed (FORGET, LIST, EDIT, REDEFINE: transcripts.md
; Round 3). take_hl: consume_word keeping HL. scan_lookup: the next word looked up, not
; taken. Use AF, BC, DE (and HL for the result).
scan_lookup_take:
        CALL scan_lookup
        RET Z
take_hl:
        PUSH HL
        CALL consume_word
        POP HL
        RET
        CUT
scan_lookup:
        LD A,' '
        CALL scan_word          ; (and on into lookup)

; lookup: find the scanned word (W_START, W_LEN, in the input buffer; letters compared in
; upper case, as names are stored) in the CONTEXT vocabulary (ace-forth.md 4.1, 4.2, 4.4).
; out: HL = CFA and NZ, or HL = 0 and Z. Uses AF, BC, DE.
lookup:
        LD A,(W_LEN + 1)
        OR A
        LD HL,0                 ; 256 characters or more: never a name
        JR NZ,next_entry.test   ; (returns Z)
        CALL first_entry
.entry:
        RET Z                   ; (HL = 0)
        LD C,A
        LD A,(W_LEN)
        CP C
        JR NZ,.next
        PUSH HL
        CALL name_start         ; HL = first name byte
        LD DE,(W_START)
        LD B,C
.cmp:   LD A,(DE)
        CALL upcase
        XOR (HL)
        AND 0x7F
        JR NZ,.differs
        INC HL
        INC DE
        DJNZ .cmp
        POP HL
        INC HL                  ; CFA
        INC A                   ; NZ (A was 0; a CFA may lie below 0x0100)
        RET
.differs:
        POP HL
.next:
        CALL next_entry
        JR .entry

; first_entry: HL = the newest entry of the CONTEXT vocabulary with a name (its name-length
; field), A = its name length; Z (and HL = 0) if there is none. next_entry: the same for
; the entry after the one at HL. Zero-length entries (only a link) are passed over.
; Use AF, DE, HL.
first_entry:
        LD HL,(CONTEXT)         ; (pfa+0 holds the newest word, as a link would)
        INC HL
        INC HL
next_entry:
        DEC HL
        LD D,(HL)
        DEC HL
        LD E,(HL)
        EX DE,HL
.test:  LD A,H
        OR L
        RET Z
        LD A,(HL)
        AND 0x3F
        JR Z,next_entry
        RET

        CUT
; name_field_start: HL = name-length field -> HL = first byte of the name, C = its length.
; name_start: the same with C = the name length given. RAM words (at 0x3C00 and above)
; have the 2-byte word-length field. Uses AF.
name_field_start:
        LD A,(HL)
        AND 0x3F
        LD C,A
name_start:
        DEC HL
        DEC HL                  ; past the link
        LD A,H
        CP HIGH(SYSVARS)
        JR C,.rom
        DEC HL
        DEC HL                  ; past the word-length field
.rom:   LD A,L
        SUB C
        LD L,A
        RET NC
        DEC H
        RET

; FIND: written from rom-words.tsv (FIND) and ace-forth.md 7.
        PRIM "FIND", find_cfa, 0
        CALL scan_lookup
        CALL NZ,take_hl         ; an absent word stays in the buffer
        JRX ex_push              ; (stack.asm: push HL, next word)

; EXECUTE: written from rom-words.tsv (EXECUTE).
        PRIM "EXECUTE", execute_cfa, 0
        RST 24                  ; DE = the CFA: next's own tail runs it
        JP next_execute

; [interpret]: LINE's step (ace-forth.md 7). No word left: leave LINE's thread. A word
; in the dictionary: compile it when compiling and it is not immediate, else execute it.
; A number: compiling, run the literal compiler NUMBER gives; else leave the number. Else
; RETYPE, and the [check] after [interpret] in LINE's thread is passed over.
        INTERNAL interpret_cfa
        LD A,' '
        CALL scan_word          ; DE = its length
        LD A,D
        OR E
        JRX Z,exit_code          ; the line is done
        CALL lookup
        JR Z,.number
        CALL take_hl
        BIT FL_COMPILING,(IX+O_FLAGS)
        JRX Z,execute_hl
        DEC HL
        BIT 6,(HL)              ; immediate?
        INC HL
        JRX NZ,execute_hl
        EX DE,HL
        JRX enclose_de_next
.number:
        CALL number_scanned     ; (the scan above is still in W_START, W_LEN)
        JR C,.retype
        EX DE,HL
        BIT FL_COMPILING,(IX+O_FLAGS)
        JRX NZ,execute_hl
        JP (IY)
.retype:
        POP HL                  ; IP past the [check]
        INC HL
        INC HL
        PUSH HL
        JRX retype_code
execute_hl:                     ; run the word whose CFA is in HL: next's own tail (DE =
        EX DE,HL                ; the CFA there) jumps through its code field
        JP next_execute

        CUT
; digit_value: A = character -> A = its value in BASE, carry set if it is not a digit.
; Uses F only besides A.
digit_value:
        CALL upcase
        SUB '0'
        RET C
        CP 10
        JR C,.base
        SUB 'A' - '0'
        RET C
        ADD A,10
.base:  CP (IX+O_BASE)
        CCF
        RET

        CUT
; parse_number: PAD holds a word; integer syntax of ace-forth.md 7 (optional -, digits in
; BASE). out: carry clear and DE = value, or carry set. Uses AF, BC, DE, HL.
parse_number:
        CALL scanned_word
        RET C
        LD C,0                  ; sign
        LD A,(HL)
        CP '-'
        JR NZ,.digits
        INC C
        INC HL
        DEC B
        SCF
        RET Z
.digits:
        LD DE,0
.digit:
        LD A,(HL)
        CALL digit_value
        RET C
        PUSH HL
        PUSH BC
        LD L,A
        LD H,0
        LD B,(IX+O_BASE)        ; (a digit was found, so BASE > 0)
.times: ADD HL,DE
        DJNZ .times             ; value * BASE + digit (low 16 bits)
        EX DE,HL
        POP BC
        POP HL
        INC HL
        DJNZ .digit
        DEC C
        CALL Z,neg_de           ; (C was 1: a minus sign)
        AND A
        RET

        CUT
; scanned_word: HL = W_START, B = W_LEN; carry if the word is empty or 256 characters or
; longer (never a number). Uses AF.
scanned_word:
        LD HL,(W_LEN)
        LD A,H
        OR A
        SCF
        RET NZ
        OR L                    ; (clears the carry)
        LD B,A
        LD HL,(W_START)
        RET NZ
        SCF
        RET

; NUMBER: written from rom-words.tsv (NUMBER) and ace-forth.md 7: an integer (value and
; LITERAL's CFA), else a float (2 cells and the float-literal compiler), else 0.
        PRIM "NUMBER", number_cfa, 0
        LD A,' '
        CALL scan_word
        CALL number_scanned
        JRX NC,push_next         ; (stack.asm: push DE, next word)
        CCF
        JRX push_carry           ; (stack.asm: 0, as the carry is clear)

        CUT
; number_scanned: the scanned word as an integer or a float: push its value (1 or 2 cells),
; take the word, DE = the CFA of the literal compiler for it; else carry, nothing done.
; The original converts numbers slowly (forth-speed.md rows 15, 16, 18, 19: about 20,000 T
; a character, whatever the form); so does this, by a delay of 6 x 3,328 T a character
; less one 3,328 T (NUMBER of an empty word waits 255 rounds, about 13 frames).
; Uses AF, BC, DE, HL.
number_scanned:
        LD BC,(W_LEN)           ; B = 0 (a word is never 256 long here): 256 units first
        LD A,C
        ADD A,A
        ADD A,C
        ADD A,A
        DEC A
        LD C,A                  ; C = 6 x length - 1 rounds of 256 x 13 T (beep.asm)
        CALL beep_delay
        CALL parse_number
        LD HL,literal_cfa
        JR NC,.int
        CALL parse_float        ; BC = lower cell, DE = upper cell
        RET C
        PUSH DE
        LD D,B
        LD E,C
        RST 16
        POP DE
        LD HL,fliteral_cfa
.int:   PUSH HL
        RST 16
        CALL consume_word       ; (ends with the carry clear)
        POP DE
        RET

; CONVERT: written from rom-words.tsv (CONVERT) and ace-forth.md 9.
        PRIM "CONVERT", convert_cfa, 0
        RST 24                  ; DE = addr, ud stays on the data stack
.digit:
        INC DE
        LD A,(DE)
        CALL digit_value
        JR C,.done
        PUSH DE
        PUSH AF                 ; digit
        ; ud := ud * BASE + digit
        LD C,(IX+O_BASE)
        LD B,0
        RST 24                  ; high
        CALL umul               ; DE = high * BASE (low 16 bits)
        PUSH DE
        RST 24                  ; low
        CALL umul               ; HL:DE = low * BASE
        POP BC
        ADD HL,BC               ; high part
        POP AF
        ADD A,E                 ; + digit
        LD E,A
        JR NC,.nc
        INC D
        JR NZ,.nc
        INC HL
.nc:    PUSH HL
        RST 16                  ; low
        POP DE
        RST 16                  ; high
        POP DE
        JR .digit
.done:
        RST 16                  ; addr2
        JP (IY)

; QUERY: written from rom-words.tsv (QUERY) and ace-forth.md 7, 11.
        PRIM "QUERY", query_cfa, 0
        CALL clear_input
query_wait:                     ; (a snapshot saved at the original's prompt resumes here:
        CALL wait_enter         ; src/tape/snapshot_glue.rs)
query_done:
        CALL remove_cursor
        JP (IY)

; RETYPE: written from rom-words.tsv (RETYPE) and ace-forth.md 7, 11 (cursor 0xBF).
; The words LINE has done are gone from the logical line, so the first word left is the
; one it could not use: the ? cursor goes at the start of the line, before that word
; (measured on the original, transcripts.md). The ? stays while the line is edited
; (cursor_char); ENTER lets LINE go on with the corrected line.
        PRIM "RETYPE", retype_cfa, 0
retype_code:
        LD HL,(INSCRN)
        INC HL
        LD (CURSOR),HL
        LD A,0xBF
        CALL insert_char
        CALL cursor_back        ; the cursor back onto the ?
        SET ST_RETYPE,(IX+O_STATIN)
        CALL wait_enter         ; returns HL = STATIN
        RES ST_RETYPE,(HL)
        JRX query_done

; WORD: written from rom-words.tsv (WORD) and ace-forth.md 9.
        PRIM "WORD", word_cfa, 0
        RST 24
        LD A,E
        CALL word_sub
        JRX ex_push              ; (stack.asm: push HL, next word)

        CUT
; [check]: the SLOW checks once, also in FAST mode (used by LINE): its code is the SLOW
; value of IY itself (then next).
check_cfa:
        DW next_checks

; [print-OK]: " OK" and a new line unless compiling or INVIS (ace-forth.md 7).
        INTERNAL print_ok_cfa
        LD A,(IX+O_FLAGS)
        AND (1 << FL_COMPILING) | (1 << FL_INVIS)
        LD HL,ok_text
        CALL Z,print_at         ; (bit 7 on its last character)
        JP (IY)

; LINE: written from rom-words.tsv (LINE) and ace-forth.md 7: interpret or compile the
; input buffer word by word; an unknown word gives the buffer back (RETYPE).
        COLON "LINE", line_cfa, 0
line_loop:
        DW interpret_cfa        ; (leaves the thread when the line is done)
        DW check_cfa
        DW else_rt
        DW line_loop - $ - 1

; The outer loop QUIT runs: QUERY LINE [print-OK], forever.
outer_loop:
        DW query_cfa, line_cfa, print_ok_cfa
        DW else_rt
        DW outer_loop - $ - 1
