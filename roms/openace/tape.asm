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

; ---------------------------------------------------------------------------------------
; SAVE name ( -- ): written from ace-forth.md 12 (SAVE row) and ace-hardware.md 7.1.
        PRIM "SAVE", save_cfa, 0
        CALL tape_name          ; (carry clear after it and check_complete)
        CALL check_complete
        LD DE,DICT_START
        LD (HDR_START),DE
        LD HL,(STKBOT)
        SBC HL,DE               ; HL = STKBOT - 0x3C51
        JP Z,tape_error         ; nothing to save
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
        JP Z,tape_error         ; nothing to save
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
        RST 24                  ; n
        PUSH DE
        RST 24                  ; addr
        PUSH DE
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
        JR NZ,tape_error
        INC HL
        INC DE
        DJNZ .cmp
        LD HL,(RD_START)        ; (the tape's start and length; STKBOT equal => same size)
        LD DE,(RD_LEN)
        INC B                   ; B = 1: compare
        JRX read_data_next

; tape_error: ERROR 10 (a shared exit, reached by jumps).
tape_error:
        RST 32                  ; (ABORT turns interrupts back on)
        DB 10

; BLOAD name ( addr n -- ): written from ace-forth.md 12 (BLOAD row).
        PRIM "BLOAD", bload_cfa, 0
        LD B,0                  ; store
        JRX bytes_common

; BVERIFY name ( addr n -- ): written from ace-forth.md 12 (BVERIFY row).
        PRIM "BVERIFY", bverify_cfa, 0
        LD B,1                  ; compare
; bytes_common: B = 0 load / 1 compare. addr 0 = the tape's address, n 0 = any length,
; a longer file gives ERROR 10. (Shared tail of BLOAD and BVERIFY.)
bytes_common:
        PUSH BC
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
        JRX NC,tape_error
        RET

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
        PUSH HL                 ; the end of the image once loaded (relocate keeps it there)
        EX DE,HL
        LD HL,3 - LOAD_MARGIN   ; (+2: the image end is pushed; +1: ADD HL,SP carries, as
                                ; SP > margin, so SBC takes 1 more)
        ADD HL,SP
        SBC HL,DE               ; SP - margin - image end < 0: no room
        JRX C,tape_error
        CALL fill_newest_length ; the old newest word gets followers
        LD HL,(STKBOT)
        PUSH HL                 ; (relocate starts at the first new word)
        LD DE,(RD_LEN)
        LD B,0                  ; store
        CALL read_data
        POP HL
        ; falls into relocate (LOAD's own code, no word header between)
; relocate: after LOAD put the new words in place (ace-forth.md 12): the image was saved
; at 0x3C51 and now sits at the old STKBOT. For every word: the link (the first word's link
; becomes the previous newest word), the code field, and for colon / DEFINER / COMPILER
; words pfa+0 (DEFINER, COMPILER) and every thread cell up to the first exit, skipping
; inline operands by the runtime's operand count (ace-forth.md 4.3); for vocabularies pfa+0
; and pfa+3. Only values inside the saved image [0x3C51, 0x3C51 + length) are moved.
; Then FORTH's newest := tape newest + offset, STKBOT += length, DICT = the last word's
; length field, data stack emptied, next word.
; The end of the loaded image in RAM is on the stack (pushed by LOAD); BC = the end of
; the current word.

relocate:                       ; HL = first word's name (old STKBOT)
        SCF                     ; F' carry: the first word (nothing else here uses AF')
        EX AF,AF'
        JR .word
.vocab: CALL reloc_cell         ; vocabulary: pfa+0 and pfa+3
        INC HL
        CALL reloc_cell
        JR .next
.done:  LD HL,RD_NEWEST         ; FORTH's newest word := the tape's newest + offset
        CALL reloc_cell         ; (it lies inside the image)
        LD (FORTH_PFA),DE
        POP HL                  ; the image end
        LD (STKBOT),HL
        CALL empty_data_stack
        JP (IY)
.next:  LD H,B                  ; the next word
        LD L,C
.word:  POP DE                  ; DE = the image end
        PUSH DE
.name:  CALL hl_below_de        ; find the end of the name, bounded by the image end
        JR NC,.done
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
        JR Z,.done              ; a zero length would never end: stop
        PUSH HL
        DEC HL
        DEC HL
        ADD HL,BC               ; next word (DE = the image end still)
        JR C,.clamp
        RST 0x30                ; hl_below_de: carry: still inside the image
        JR C,.inside
.clamp: EX DE,HL                ; a corrupt length never reaches beyond the image
.inside:
        LD B,H                  ; BC = the end of this word
        LD C,L
        POP HL
        EX AF,AF'               ; carry: the first word
        LD DE,(FORTH_PFA)       ; the first word links to the previous newest word
        CALL C,store_de         ; (keeps the carry)
        CALL NC,reloc_cell
        AND A                   ; the words after it
        EX AF,AF'
        INC HL                  ; HL = code field (past the name-length byte)
        CALL reloc_cell         ; DE = the code field (ROM values are never moved); HL = pfa
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
        CALL reloc_cell         ; DEFINER, COMPILER: pfa+0
; the thread: relocate cells up to the first exit, skipping inline operands (ace-forth.md
; 4.3), never beyond the word's end.
.thread:
        LD D,B
        LD E,C
        RST 0x30  ; hl_below_de
        JR NC,.next             ; reached the end of the word without an exit
        CALL reloc_cell         ; DE = cell (relocated), HL = next cell or the operands
        LD A,E
        CP LOW(exit_rt)
        JR NZ,.more
        LD A,D
        CP HIGH(exit_rt)
        JR Z,.next              ; the end of the thread
.more:  DEC DE
        LD A,(DE)               ; byte before the called code field
        RLA
        JR NC,.thread           ; a name-length byte: no operands
        DEC DE
        DEC DE
        LD A,(DE)               ; operand count
        CALL skip_operands
        JR .thread

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
        LD HL,text_bytes
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

        CUT
; reloc_cell: the cell at HL: if it points into the saved image [0x3C51, 0x3C51 + length)
; add the offset (old STKBOT - 0x3C51); a value outside is written back unchanged.
; Out: DE = the cell's value after relocation, HL = the address after the cell. Uses AF.
reloc_cell:
        PUSH HL
        LD E,(HL)
        INC HL
        LD D,(HL)
        LD HL,-DICT_START
        ADD HL,DE
        EX DE,HL                ; DE = value - 0x3C51
        LD HL,(RD_LEN)
        SCF
        SBC HL,DE               ; carry: value - 0x3C51 >= length, outside
        LD HL,DICT_START
        JR C,.put
        LD HL,(STKBOT)          ; inside: value - 0x3C51 + old STKBOT
.put:   ADD HL,DE
        EX DE,HL
        POP HL
; store_de: DE to the cell at HL, HL past it. Flags kept.
store_de:
        LD (HL),E
        INC HL
        LD (HL),D
        INC HL
        RET

