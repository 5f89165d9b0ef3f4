; Dictionary words: VLIST, FORGET, VOCABULARY, DEFINITIONS.
; Written from ace-forth.md 4 (headers, vocabularies), 9 (VLIST, FORGET), 10 (errors 11,
; 13) and rom-words.tsv. MIT OR Apache-2.0.

; VLIST: written from rom-words.tsv (VLIST) and ace-forth.md 9 (newest first, ROM words
; too, separated by spaces, HALT after each name, BREAK stops it).
        PRIM "VLIST", vlist_cfa, 0
        LD A,13                 ; the list starts on a new row (transcripts.md, VLIST)
        RST 8
        LD HL,(CONTEXT)
        LD A,(HL)
        INC HL
        LD H,(HL)
        LD L,A
.entry:
        LD A,H
        OR L
        JR Z,.done
        LD A,(HL)
        AND 0x3F
        JR Z,.next
        PUSH HL
        LD C,A
        CALL name_start
        CALL print_at
        LD A,' '
        RST 8
        EI
        HALT
        POP HL
        CALL test_break
        JR Z,.done
.next:
        DEC HL
        LD D,(HL)
        DEC HL
        LD E,(HL)
        EX DE,HL
        JR .entry
.done:
        JP (IY)

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
        LD HL,(STKBOT)
        PUSH HL                 ; address of pfa+3
        LD DE,(VOCLNK)
        CALL enclose_de
        POP HL
        LD (VOCLNK),HL
        JP (IY)

; FORGET: written from rom-words.tsv (FORGET) and ace-forth.md 9 (RAM words only; ERROR 13
; for ROM or unknown words, ERROR 11 if CURRENT differs from CONTEXT). Ends like QUIT, so
; the line gets no OK (save-vectors.md v24).
        PRIM "FORGET", forget_cfa, 0
        LD HL,(CURRENT)
        LD DE,(CONTEXT)
        AND A
        SBC HL,DE
        JR Z,.same
        RST 32
        DB 11
.same:
        CALL scan_lookup_take
        LD DE,DICT_START        ; not found (0), a ROM word or FORTH itself: not
        CALL hl_below_de        ; forgettable
        JR NC,.ram
        RST 32
        DB 13
.ram:
        DEC HL                  ; name-length field
        LD A,(HL)
        AND 0x3F
        LD C,A
        CALL name_start         ; HL = first byte of the word
        LD (W_NUM),HL
        CALL fill_length
        ; vocabularies made after the word disappear from the VOCLNK chain
.voclnk:
        LD HL,(VOCLNK)
        CALL below_cut
        JR C,.vocs
        LD A,(HL)
        INC HL
        LD H,(HL)
        LD L,A
        LD (VOCLNK),HL
        JR .voclnk
.vocs:
        ; every remaining vocabulary drops its words from the cut on
        LD HL,(VOCLNK)
.voc:
        LD A,H
        OR L
        JP Z,.vocsdone
        PUSH HL
        DEC HL
        DEC HL
        DEC HL                  ; pfa+0: newest word of this vocabulary
.trim:
        LD E,(HL)
        INC HL
        LD D,(HL)
        DEC HL
        EX DE,HL
        CALL below_cut
        EX DE,HL
        JR C,.trimmed
        EX DE,HL                ; HL = entry at or above the cut
        DEC HL
        LD A,(HL)
        DEC HL
        LD L,(HL)
        LD H,A                  ; its link
        EX DE,HL
        LD (HL),E
        INC HL
        LD (HL),D
        DEC HL
        JR .trim
.trimmed:
        POP HL
        LD A,(HL)
        INC HL
        LD H,(HL)
        LD L,A
        JR .voc
        CUT
.vocsdone:
        ; CONTEXT and CURRENT fall back to FORTH if their vocabulary went
        LD HL,(CONTEXT)
        CALL below_cut
        JR C,.ctx
        LD HL,FORTH_PFA
        LD (CONTEXT),HL
.ctx:
        LD HL,(CURRENT)
        CALL below_cut
        JR C,.cur
        LD HL,FORTH_PFA
        LD (CURRENT),HL
.cur:
        LD HL,(W_NUM)
        LD (STKBOT),HL
        CALL empty_data_stack
        JP quit_code

; below_cut: carry set if HL is below the FORGET cut (W_NUM). Uses F only.
below_cut:
        PUSH DE
        LD DE,(W_NUM)
        CALL hl_below_de
        POP DE
        RET
