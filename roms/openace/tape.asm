; tape.asm -- the tape words SAVE, BSAVE, LOAD, BLOAD, VERIFY, BVERIFY.
; Written for aceemu from the spec: shared/spec/ace-forth.md 12 (behaviour, relocation),
; 4.3 (runtime operand counts), 4.4 (vocabularies), 10 (errors) and ace-hardware.md 7, 7.1
; (signal, header fields). The signal routines are in tape_signal.asm. MIT OR Apache-2.0.
;
; Uses from the core: word_sub (A = delimiter -> word at PAD+1.., length at PAD), RST 8/16/
; 24/32, and the code-field routines docolon, definer_cf, compiler_cf, vocab_cf and the
; exit runtime exit_rt (to tell word kinds apart and find the end of a thread).

        INCLUDE "tape_signal.asm"

; The header work area (ace-hardware.md 2): the header to write or the one wanted at
; 0x2301 (= PAD through the CPU-priority alias, so the name WORD left at PAD+1 is already
; in place), and the header read from tape right after it.
HDR_TYPE        EQU TAPE_HDR            ; 0x2301: type (0 dictionary, 0x20 bytes)
HDR_NAME        EQU TAPE_HDR + 1        ; 10 bytes, space padded
HDR_LEN         EQU TAPE_HDR + 11
HDR_START       EQU TAPE_HDR + 13
HDR_NEWEST      EQU TAPE_HDR + 15       ; dictionary: FORTH's newest word
HDR_VARS        EQU TAPE_HDR + 17       ; dictionary: CURRENT, CONTEXT, VOCLNK, STKBOT
HDR_SIZE        EQU 25
RD_HDR          EQU TAPE_HDR + HDR_SIZE ; 0x231A: header read from tape
RD_TYPE         EQU RD_HDR
RD_NAME         EQU RD_HDR + 1
RD_LEN          EQU RD_HDR + 11
RD_START        EQU RD_HDR + 13
RD_NEWEST       EQU RD_HDR + 15
RD_VARS         EQU RD_HDR + 17
TYPE_DICT       EQU 0x00
TYPE_BYTES      EQU 0x20
LOAD_MARGIN     EQU 80              ; bytes kept free between a loaded dictionary and SP
; remap_cell's table (LOAD's relocation, REDEFINE), in the float scratch above the word
; scanner's W_START..W_NUM (no floats run meanwhile)
RM_T1           EQU FP_WS + 8       ; from here on
RM_D1           EQU FP_WS + 10      ;   + this
RM_T2           EQU FP_WS + 12      ; from here to RM_T1
RM_D2           EQU FP_WS + 14      ;   + this
RM_T3           EQU FP_WS + 16      ; from here to RM_T2 (REDEFINE; LOAD sets RM_D3 = 0)
RM_D3           EQU FP_WS + 18      ;   + this (FP_WS + 19 is LISTWS, not used meanwhile)

; ---------------------------------------------------------------------------------------
; SAVE name ( -- ): written from ace-forth.md 12 (SAVE row) and ace-hardware.md 7.1.
        PRIM "SAVE", save_cfa, 0
        CALL tape_name          ; (carry clear after it and check_complete)
        CALL check_complete
        LD DE,DICT_START
        LD (HDR_START),DE
        LD HL,(STKBOT)
        SBC HL,DE               ; HL = STKBOT - 0x3C51
        JRX Z,tape_error         ; nothing to save
        LD (HDR_LEN),HL
        CALL fill_newest_length ; the newest word's length field, before it is written
        LD HL,(FORTH_PFA)       ; FORTH's newest word
        LD (HDR_NEWEST),HL
        LD HL,CURRENT           ; CURRENT, CONTEXT, VOCLNK, STKBOT are consecutive
        LD DE,HDR_VARS
        LD BC,8
        LDIR
        XOR A                   ; TYPE_DICT
        JRX save_common

; BSAVE name ( addr n -- ): written from ace-forth.md 12 (BSAVE row), ace-hardware.md 7.1.
        PRIM "BSAVE", bsave_cfa, 0
        CALL bytes_args         ; HL = n
        LD A,H
        OR L
        JRX Z,tape_error         ; nothing to save
        LD HL,HDR_NEWEST        ; the five pointers of a dictionary header are spaces
        LD B,10
        CALL blank_b
        LD A,TYPE_BYTES
        JR save_common

; save_common: A = type; header fields (length not 0) and name ready: write header and
; data, back to the interpreter. (Shared tail of SAVE and BSAVE.)
save_common:
        LD (HDR_TYPE),A
        DI
        XOR A                   ; header block: flag 0x00
        LD HL,TAPE_HDR
        LD DE,HDR_SIZE
        LD BC,PILOT_HEADER
        CALL tape_write_block
        LD B,12                 ; the data pilot's first visible change ~4,210 T after the
.gap:   DJNZ .gap               ; end mark (its first OUT, low, comes after a pilot delay)
        LD HL,(HDR_START)
        LD DE,(HDR_LEN)
        LD A,0xFF               ; data block: flag 0xFF
        LD BC,PILOT_DATA
        CALL tape_write_block
        EI
        JP (IY)

        CUT
; bytes_args: ( addr n -- ) and the file name: addr to HDR_START, n to HDR_LEN (after
; the name, which may run over them while WORD reads it). Shared by BSAVE, BLOAD, BVERIFY.
bytes_args:
        RST 0x28                ; pop_two: HL = addr, DE = n
        PUSH DE
        PUSH HL
        CALL tape_name
        POP HL
        LD (HDR_START),HL
        POP HL
        LD (HDR_LEN),HL
        RET

; ---------------------------------------------------------------------------------------
; tape_name: the file name from the input (WORD with a space), ERROR 10 if empty; pads it
; with spaces to 10 characters in the header work area (WORD left it at PAD+1 = 0x2302).
; Returns with the carry clear (SAVE relies on it): every round ends with SUB 1 not
; borrowing or with XOR A.
tape_name:
        LD A,' '
        CALL word_sub           ; HL = PAD, length at PAD
        LD A,(HL)
        OR A
        JRX Z,tape_error         ; empty name
        LD B,10
.pad:   INC HL                  ; name character 1..10
        SUB 1
        JR NC,.keep             ; still inside the name
        LD (HL),' '
        XOR A                   ; (stays past the name)
.keep:  DJNZ .pad
        RET

; VERIFY name ( -- ): written from ace-forth.md 12 (VERIFY row).
        PRIM "VERIFY", verify_cfa, 0
        CALL tape_name
        XOR A                   ; TYPE_DICT
        CALL tape_find
        LD HL,RD_VARS           ; CURRENT, CONTEXT, VOCLNK, STKBOT must be the same
        LD DE,CURRENT
        LD B,8
.cmp:   LD A,(DE)
        CP (HL)
        JRX NZ,tape_error
        INC HL
        INC DE
        DJNZ .cmp
        LD HL,(RD_START)        ; (the tape's start and length; STKBOT equal => same size)
        LD DE,(RD_LEN)
        INC B                   ; B = 1: compare
        JRX read_data_next

; BLOAD name ( addr n -- ): written from ace-forth.md 12 (BLOAD row).
        PRIM "BLOAD", bload_cfa, 0
        XOR A                   ; store
        JRX bytes_common

; BVERIFY name ( addr n -- ): written from ace-forth.md 12 (BVERIFY row).
        PRIM "BVERIFY", bverify_cfa, 0
        LD A,1                  ; compare
; bytes_common: A = 0 load / 1 compare. addr 0 = the tape's address, n 0 = any length,
; a longer file gives ERROR 10. (Shared tail of BLOAD and BVERIFY.)
bytes_common:
        PUSH AF                 ; (popped as BC: B = the mode)
        CALL bytes_args
        LD A,TYPE_BYTES
        CALL tape_find
        LD DE,(RD_LEN)
        LD HL,(HDR_LEN)         ; n
        LD A,H
        OR L
        JR Z,.anylen
        SBC HL,DE               ; n - length < 0: file too long (carry clear from OR)
        JRX C,tape_error
.anylen:
        LD HL,(HDR_START)       ; addr
        LD A,H
        OR L
        JR NZ,.addr
        LD HL,(RD_START)
.addr:  POP BC                  ; mode
; read_data_next: read the data block (flag 0xFF): HL = address, DE = length, B = 0 store,
; 1 compare; ERROR 10 if it fails; interrupts back on, then the next word. read_data: the
; same, back to the caller.
read_data_next:
        PUSH IY                 ; RET goes on to the next word (= JP (IY))
read_data:
        LD C,0xFF               ; a data block (tape_read_block: the original's contract)
        LD A,B
        CP 1                    ; carry: B = 0, load; no carry: compare
        CALL tape_read_block    ; (returns with interrupts on)
        RET C
; tape_error: ERROR 10 (a shared exit, reached by jumps).
tape_error:
        RST 32                  ; (ABORT turns interrupts back on)
        DB 10

        CUT
; ---------------------------------------------------------------------------------------
; LOAD name ( -- ): written from ace-forth.md 12 (LOAD row and "LOAD appends and
; relocates").
        PRIM "LOAD", load_cfa, 0
        CALL tape_name
        CALL check_complete
        XOR A                   ; TYPE_DICT
        CALL tape_find          ; returns with interrupts off
        ; room: STKBOT + length + margin must stay below the return stack
        LD DE,(RD_LEN)
        LD A,D
        OR E
        JRX Z,tape_error
        LD HL,(STKBOT)
        ADD HL,DE
        JRX C,tape_error
        PUSH HL                 ; the end of the image once loaded (the new STKBOT)
        EX DE,HL
        LD HL,3 - LOAD_MARGIN   ; (+2: the image end is pushed; +1: ADD HL,SP carries, as
                                ; SP > margin, so SBC takes 1 more)
        ADD HL,SP
        SBC HL,DE               ; SP - margin - image end < 0: no room
        JRX C,tape_error
        CALL fill_newest_length ; the old newest word gets followers
        LD HL,(STKBOT)
        PUSH HL                 ; (the relocation starts at the first new word)
        LD DE,(RD_LEN)
        LD B,0                  ; store
        CALL read_data
        POP HL                  ; old STKBOT: the first new word
; LOAD's relocation (ace-forth.md 12): the image was saved at 0x3C51 and now sits at the
; old STKBOT. remap_words moves every cell of the new words that points into the saved
; image [0x3C51, 0x3C51 + length) by the offset (old STKBOT - 0x3C51), the first word's
; link becomes the previous newest word; then FORTH's newest := the tape's newest +
; offset, STKBOT += length, DICT = the last word's length field, data stack emptied.
        LD DE,DICT_START
        LD (RM_T2),DE           ; from 0x3C51
        AND A
        SBC HL,DE
        LD (RM_D2),HL           ; + the offset
        ADD HL,DE
        PUSH HL
        LD HL,(RD_LEN)
        ADD HL,DE
        LD (RM_T1),HL           ; up to the image end; from there on + 0
        SBC HL,HL               ; (no carry)
        LD (RM_D1),HL
        LD (RM_D3),HL           ; (below 0x3C51 nothing moves)
        POP HL
        POP DE                  ; the end of the image in RAM
        LD (STKBOT),DE          ; (the walk ends there)
        SCF                     ; the first word
        CALL remap_words
        LD HL,RD_NEWEST         ; FORTH's newest word := the tape's newest + offset
        CALL remap_cell         ; (it lies inside the image)
        LD (FORTH_PFA),DE
empty_next:                     ; (REDEFINE ends here too)
        CALL empty_data_stack
        JP (IY)

; remap_words: HL = a RAM word's first byte; for it and every word after it up to HERE
; (STKBOT), remap_cell every cell that holds a dictionary address: the link, the code
; field, and for colon / DEFINER / COMPILER words pfa+0 (DEFINER, COMPILER) and every
; thread cell up to the first exit, skipping inline operands by the runtime's operand
; count (ace-forth.md 4.3); for vocabularies pfa+0 and pfa+3. A word never reaches beyond
; HERE and a zero length ends the walk (a corrupt tape image cannot make it run away).
; With carry set the first word's link becomes the previous newest word instead (LOAD).
; Out: DICT = the last word's length field. Uses AF, AF', BC, DE, HL. (LOAD and REDEFINE
; share it.)
remap_words:
        EX AF,AF'               ; F' carry: the first word (nothing else here uses AF')
.word:  LD DE,(STKBOT)
.name:  RST 0x30                ; hl_below_de: find the end of the name, before HERE
        RET NC
        BIT 7,(HL)
        INC HL
        JR Z,.name
        LD (DICT),HL            ; HL = word-length field (the last one stays in DICT)
        LD C,(HL)
        INC HL
        LD B,(HL)
        INC HL                  ; HL = link field
        LD A,B
        OR C
        RET Z                   ; a zero length would never end: stop
        PUSH HL
        DEC HL
        DEC HL
        ADD HL,BC               ; next word (DE = HERE still)
        JR C,.clamp
        RST 0x30                ; hl_below_de: carry: before HERE
        JR C,.inside
.clamp: EX DE,HL                ; a corrupt length never reaches beyond HERE
.inside:
        LD B,H                  ; BC = the end of this word
        LD C,L
        POP HL
        EX AF,AF'               ; carry: the first word
        LD DE,(FORTH_PFA)       ; the first word links to the previous newest word
        CALL C,store_de         ; (keeps the carry)
        CALL NC,remap_cell
        AND A                   ; the words after it
        EX AF,AF'
        INC HL                  ; HL = code field (past the name-length byte)
        CALL remap_cell         ; DE = the code field (ROM values are never moved); HL = pfa
        PUSH HL
        PUSH BC
        LD HL,reloc_kinds       ; B = 4 vocabulary, 3 colon, 2 DEFINER, 1 COMPILER
        LD B,4
        CALL in_list            ; (list.asm)
        LD A,B
        POP BC
        POP HL
        JR NZ,.next
        CP 3
        JR Z,.thread
        JR NC,.vocab
        CALL remap_cell         ; DEFINER, COMPILER: pfa+0
; the thread: cells up to the first exit, skipping inline operands (ace-forth.md 4.3),
; never beyond the word's end.
.thread:
        LD D,B
        LD E,C
        RST 0x30                ; hl_below_de
        JR NC,.next             ; reached the end of the word without an exit
        CALL remap_cell         ; DE = cell (remapped), HL = next cell or the operands
        PUSH HL
        LD HL,exit_rt
        RST 0x30                ; hl_below_de: Z if DE is the exit
        POP HL
        JR Z,.next              ; the end of the thread
        DEC DE
        LD A,(DE)               ; byte before the called code field
        RLA
        JR NC,.thread           ; a name-length byte: no operands
        DEC DE
        DEC DE
        LD A,(DE)               ; operand count
        CALL skip_operands
        JR .thread
.vocab: CALL remap_cell         ; vocabulary: pfa+0 and pfa+3
        INC HL
        CALL remap_cell
.next:  LD H,B                  ; the next word
        LD L,C
        JR .word

; ---------------------------------------------------------------------------------------
; tape_find: A = type wanted (name in the work area). Reads headers until one matches type
; and all 10 name characters exactly; announces every header read ("Dict: " or "Bytes: "
; and the name, on a new line). Returns with the header at RD_HDR (interrupts on).
tape_find:
        LD (HDR_TYPE),A
.next:  LD C,0                  ; a header block (tape_read_block: the original's
        LD HL,RD_HDR            ; contract, interrupts on when it returns)
        LD DE,HDR_SIZE
        SCF                     ; load
        CALL tape_read_block
        JR NC,.next             ; bad headers are skipped silently
        LD HL,RD_TYPE           ; type and name: 11 bytes must match exactly
        LD A,(HDR_TYPE)
        XOR (HL)
        LD C,A                  ; C = the differences so far
        LD A,(HL)
        EX DE,HL                ; DE = RD_TYPE
        LD HL,text_dict
        OR A
        JR Z,.kind
        LD L,LOW(text_bytes)    ; (in text_dict's page)
.kind:  CALL print_at           ; (bit 7 ends the text; C and DE kept)
        LD HL,HDR_NAME
        LD B,10
.name:  INC DE
        LD A,(DE)               ; print the name read and compare it
        RST 8
        XOR (HL)
        OR C
        LD C,A
        INC HL
        DJNZ .name
        JR NZ,.next
        RET

        CUT
text_dict:
        DB 13                   ; (each announcement starts a new line)
        DC "Dict: "
text_bytes:
        DB 13
        DC "Bytes: "
        ASSERT HIGH(text_bytes) == HIGH(text_dict), "tape_find loads only text_bytes' low byte"

        CUT
; remap_cell: the cell at HL := its value v remapped by the table RM_T1 .. RM_D3: v >= T1
; gets + D1, T2 <= v < T1 gets + D2, T3 <= v < T2 gets + D3, a lower v stays (LOAD: the
; saved image moves, D3 = 0; REDEFINE: the newest word, the words between and the old
; word's CFA move).
; Out: DE = the new value, HL = the address after the cell. Uses AF.
remap_cell:
        LD E,(HL)
        INC HL
        LD D,(HL)
        DEC HL
        PUSH HL
        PUSH BC
        LD HL,RM_T1             ; T1 D1 T2 D2 T3 D3 in turn
        LD B,3
.try:   LD A,E                  ; carry: v < T
        SUB (HL)
        INC HL
        LD A,D
        SBC A,(HL)
        INC HL
        JR C,.below
        LD A,(HL)               ; v + D
        INC HL
        LD H,(HL)
        LD L,A
        ADD HL,DE
        EX DE,HL
        JR .keep
.below: INC HL
        INC HL
        DJNZ .try
.keep:  POP BC
        POP HL
; store_de: DE to the cell at HL, HL past it. Flags kept.
store_de:
        LD (HL),E
        INC HL
        LD (HL),D
        INC HL
        RET

