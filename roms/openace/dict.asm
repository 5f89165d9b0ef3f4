; Dictionary words: VLIST, FORGET, VOCABULARY, DEFINITIONS.
; Written from ace-forth.md 4 (headers, vocabularies), 9 (VLIST, FORGET), 10 (errors 11,
; 13) and rom-words.tsv. MIT OR Apache-2.0.

; VLIST: written from rom-words.tsv (VLIST) and ace-forth.md 9 (newest first, ROM words
; too, separated by spaces, HALT after each name, BREAK stops it).
        PRIM "VLIST", vlist_cfa, 0
        LD A,13                 ; the list starts on a new row (transcripts.md, VLIST)
        RST 8
        CALL first_entry        ; (interp.asm: zero-length entries are passed over)
.entry:
        JR Z,.done
        PUSH HL
        CALL print_name
        LD A,' '
        RST 8
        EI
        HALT
        POP HL
        CALL test_break
        JR Z,.done
        CALL next_entry
        JR .entry
.done:                          ; the original leaves a 0 on the data stack (`VLIST .`
        XOR A                   ; ends with 0, transcripts.md Round 3)
        JRX push_carry

; DEFINITIONS: written from rom-words.tsv (DEFINITIONS: CURRENT := CONTEXT).
        PRIM "DEFINITIONS", definitions_cfa, 0
        LD HL,(CONTEXT)
        LD (CURRENT),HL
        JP (IY)

; VOCABULARY: written from rom-words.tsv (VOCABULARY) and ace-forth.md 4.4.
        DEFINING "VOCABULARY", vocabulary_cfa, vocab_cf
        DW vocab_init_cfa, exit_rt

; [vocab-init]: pfa+0 = CURRENT's pfa+2, pfa+2 = 0, pfa+3 = VOCLNK; VOCLNK := pfa+3.
        INTERNAL vocab_init_cfa
        LD HL,(CURRENT)
        INC HL
        INC HL
        EX DE,HL
        CALL enclose_de
        XOR A
        CALL enclose_a
        LD DE,(VOCLNK)
        CALL enclose_de         ; (HL = its second byte)
        DEC HL                  ; pfa+3
        LD (VOCLNK),HL
        JP (IY)

; FORGET: written from rom-words.tsv (FORGET) and ace-forth.md 9 (RAM words only; ERROR 13
; for ROM or unknown words, ERROR 11 if CURRENT differs from CONTEXT). Ends like QUIT, so
; the line gets no OK (save-vectors.md v24).
        PRIM "FORGET", forget_cfa, 0
        LD HL,(CURRENT)
        LD DE,(CONTEXT)
        RST 0x30                ; hl_below_de: Z if equal
        JRX NZ,redefine_cfa.cannot ; (REDEFINE's ERROR 11)
        CALL scan_lookup_take
        LD DE,DICT_START        ; not found (0), a ROM word or FORTH itself: not
        RST 0x30          ; hl_below_de; forgettable
        JR NC,.ram
.none:  RST 32                  ; (LIST's too)
        DB 13
.ram:
        DEC HL                  ; name-length field
        CALL name_field_start   ; HL = first byte of the word
        LD (W_NUM),HL
        CALL fill_length
        LD HL,VOCLNK            ; vocabularies made after the word leave the VOCLNK chain
        LD BC,0                 ; (a vocabulary-link field holds the next one)
        CALL trim_chain         ; (HL = the new VOCLNK)
.voc:                           ; every remaining vocabulary drops its words from the cut on
        LD A,H
        OR L
        JRX Z,.vocsdone
        PUSH HL
        LD BC,-3
        ADD HL,BC               ; pfa+0: newest word of this vocabulary
        INC BC                  ; -2: a word's link is just below its name-length field
        CALL trim_chain
        POP HL
        LD A,(HL)
        INC HL
        LD H,(HL)
        LD L,A
        JR .voc
        CUT
.vocsdone:
        ; CONTEXT and CURRENT (equal, checked above) fall back to FORTH if their
        ; vocabulary went
        LD HL,(CONTEXT)
        CALL below_cut
        JR C,.kept
        LD HL,FORTH_PFA
        LD (CONTEXT),HL
        LD (CURRENT),HL
.kept:
        LD HL,(W_NUM)
        LD (STKBOT),HL
        CALL empty_data_stack
        JRX quit_code

        CUT
; trim_chain: HL = a cell pointing at the newest entry of a chain, BC = where an entry
; keeps the address of the next one (relative to the entry): the cell drops the entries
; at or above the FORGET cut. out: HL = the entry it keeps. Uses AF, DE, HL.
trim_chain:
        LD E,(HL)
        INC HL
        LD D,(HL)               ; DE = entry, HL = cell + 1
        EX DE,HL
        CALL below_cut
        RET C
        ADD HL,BC
        LD A,(HL)
        INC HL
        LD H,(HL)
        LD L,A                  ; the next entry
        EX DE,HL
        LD (HL),D
        DEC HL
        LD (HL),E
        JR trim_chain

        CUT
; below_cut: carry set if HL is below the FORGET cut (W_NUM). Uses F only.
below_cut:
        PUSH DE
        LD DE,(W_NUM)
        RST 0x30  ; hl_below_de
        POP DE
        RET
