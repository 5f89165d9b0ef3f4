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
        CALL tape_name
        CALL check_complete
        LD HL,(STKBOT)
        LD DE,-DICT_START
        ADD HL,DE               ; HL = STKBOT - 0x3C51
        LD A,H
        OR L
        JP Z,tape_error         ; nothing to save
        LD (HDR_LEN),HL
        LD HL,DICT_START
        LD (HDR_START),HL
        LD HL,(FORTH_PFA)       ; FORTH's newest word
        LD (HDR_NEWEST),HL
        LD HL,CURRENT           ; CURRENT, CONTEXT, VOCLNK, STKBOT are consecutive
        LD DE,HDR_VARS
        LD BC,8
        LDIR
        CALL fill_newest_length
        XOR A                   ; TYPE_DICT
        JP save_common

; BSAVE name ( addr n -- ): written from ace-forth.md 12 (BSAVE row), ace-hardware.md 7.1.
        PRIM "BSAVE", bsave_cfa, 0
        RST 24                  ; n
        PUSH DE
        RST 24                  ; addr
        PUSH DE
        CALL tape_name
        POP HL
        LD (HDR_START),HL
        POP HL
        LD (HDR_LEN),HL
        LD A,H
        OR L
        JP Z,tape_error         ; zero length
        LD HL,HDR_NEWEST        ; the five pointers of a dictionary header are spaces
        LD B,10
        CALL blank_b
        LD A,TYPE_BYTES
        JR save_common

; save_common: A = type; header fields and name ready. Write header and data, back to the
; interpreter. (Shared tail of SAVE and BSAVE, reached by JR, not by falling through.)
save_common:
        LD (HDR_TYPE),A
        DI
        XOR A                   ; header block: flag 0x00
        LD HL,TAPE_HDR
        LD DE,HDR_SIZE
        LD BC,PILOT_HEADER
        CALL tape_write_block
        LD B,156                ; the data pilot's first OUT ~2,200 T after the end mark
.gap:   DJNZ .gap
        LD HL,(HDR_START)
        LD DE,(HDR_LEN)
        LD A,0xFF               ; data block: flag 0xFF
        LD BC,PILOT_DATA
        CALL tape_write_block
        EI
        JP (IY)

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
        JP Z,tape_error
        LD HL,(STKBOT)
        ADD HL,DE
        JP C,tape_error
        LD BC,LOAD_MARGIN
        ADD HL,BC
        JP C,tape_error
        EX DE,HL                ; DE = highest address needed
        LD HL,0
        ADD HL,SP
        OR A
        SBC HL,DE
        JP C,tape_error
        CALL fill_newest_length ; the old newest word gets followers
        LD HL,(STKBOT)
        LD DE,(RD_LEN)
        LD B,0                  ; store
        CALL read_data
        CALL relocate
        JP (IY)

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
        LD B,1                  ; compare
        JR read_data_next

; read_data: read the data block (flag 0xFF): HL = address, DE = length, B = 0 store,
; 1 compare; interrupts back on; ERROR 10 if it fails. read_data_next: the same, then the
; next word (a shared tail, reached by jumps).
read_data_next:
        PUSH IY                 ; RET goes on to the next word (= JP (IY))
read_data:
        LD C,0xFF               ; a data block (tape_read_block: the original's contract)
        LD A,B
        CP 1                    ; carry: B = 0, load; no carry: compare
        CALL tape_read_block    ; (returns with interrupts on)
        JR NC,tape_error
        RET

; tape_error: interrupts back on, ERROR 10 (a shared exit, reached by jumps).
tape_error:
        EI
        RST 32
        DB 10

; BLOAD name ( addr n -- ): written from ace-forth.md 12 (BLOAD row).
        PRIM "BLOAD", bload_cfa, 0
        LD B,0                  ; store
        JP bytes_common

; BVERIFY name ( addr n -- ): written from ace-forth.md 12 (BVERIFY row).
        PRIM "BVERIFY", bverify_cfa, 0
        LD B,1                  ; compare
        JR bytes_common

; bytes_common: B = 0 load / 1 compare. addr 0 = the tape's address, n 0 = any length,
; a longer file gives ERROR 10. (Shared tail of BLOAD and BVERIFY, reached by JR.)
bytes_common:
        PUSH BC
        RST 24                  ; n = maximum length
        PUSH DE
        RST 24                  ; addr
        PUSH DE
        CALL tape_name
        LD A,TYPE_BYTES
        CALL tape_find
        POP HL                  ; addr
        LD A,H
        OR L
        JR NZ,.addr
        LD HL,(RD_START)
.addr:  POP BC                  ; n
        LD DE,(RD_LEN)
        LD A,B
        OR C
        JR Z,.anylen
        PUSH HL
        LD H,B
        LD L,C
        OR A
        SBC HL,DE               ; n - length < 0: file too long
        POP HL
        JP C,tape_error
.anylen:
        POP BC                  ; mode
        JP read_data_next

; ---------------------------------------------------------------------------------------
; tape_name: the file name from the input (WORD with a space), ERROR 10 if empty; pads it
; with spaces to 10 characters in the header work area (WORD left it at PAD+1 = 0x2302).
tape_name:
        LD A,' '
        CALL word_sub           ; HL = PAD, length at PAD
        LD A,(HL)
        OR A
        JP Z,tape_error         ; empty name
        CP 10
        RET NC                  ; 10 or more: the first 10 characters
        LD C,A
        LD B,0
        ADD HL,BC
        INC HL                  ; first byte after the name
        LD A,10
        SUB C
        LD B,A
        JP blank_b

; tape_find: A = type wanted (name in the work area). Reads headers until one matches type
; and all 10 name characters exactly; announces every header read ("Dict: " or "Bytes: "
; and the name, on a new line). Returns with interrupts OFF and the header at RD_HDR.
tape_find:
        LD (HDR_TYPE),A
        DI
.next:  LD C,0                  ; a header block (tape_read_block: the original's
        LD HL,RD_HDR            ; contract, interrupts on when it returns)
        LD DE,HDR_SIZE
        SCF                     ; load
        CALL tape_read_block
        JR NC,.next             ; bad headers are skipped silently
        LD A,13
        RST 8
        LD HL,text_dict
        LD A,(RD_TYPE)
        OR A
        JR Z,.kind
        LD HL,text_bytes
.kind:  CALL print_at               ; (bit 7 ends the text)
        LD HL,RD_NAME
        LD B,10
        CALL .print
        LD HL,HDR_TYPE          ; type and name: 11 bytes must match exactly
        LD DE,RD_TYPE
        LD B,11
.match: LD A,(DE)
        CP (HL)
        JR NZ,.next
        INC HL
        INC DE
        DJNZ .match
        RET
.print: LD A,(HL)               ; print B characters from HL
        RST 8
        INC HL
        DJNZ .print
        RET

text_dict:
        DC "Dict: "
text_bytes:
        DC "Bytes: "

; ---------------------------------------------------------------------------------------
; relocate: after LOAD put the new words in place (ace-forth.md 12): the image was saved
; at 0x3C51 and now sits at the old STKBOT. For every word: the link (the first word's link
; becomes the previous newest word), the code field, and for colon / DEFINER / COMPILER
; words pfa+0 (DEFINER, COMPILER) and every thread cell up to the first exit, skipping
; inline operands by the runtime's operand count (ace-forth.md 4.3); for vocabularies pfa+0
; and pfa+3. Only values inside the saved image [0x3C51, 0x3C51 + length) are moved.
; Then FORTH's newest := tape newest + offset, STKBOT += length, DICT = the last word's
; length field, data stack emptied.
; Scratch (the header area is free now): RL_OFFSET, RL_END (saved image end), RL_IMGEND
; (end of the loaded image in RAM).
RL_OFFSET       EQU TAPE_HDR + 2 * HDR_SIZE      ; 0x2333 (through the CPU alias)
RL_END          EQU RL_OFFSET + 2
RL_IMGEND       EQU RL_OFFSET + 4
RL_WORDEND      EQU RL_OFFSET + 6
RL_LASTLF       EQU RL_OFFSET + 8

relocate:
        LD DE,(RD_LEN)
        LD HL,DICT_START
        ADD HL,DE
        LD (RL_END),HL          ; saved image end
        LD HL,(STKBOT)
        PUSH HL
        ADD HL,DE
        LD (RL_IMGEND),HL       ; end of the loaded image
        POP HL
        PUSH HL
        LD DE,-DICT_START
        ADD HL,DE
        LD (RL_OFFSET),HL
        POP HL                  ; HL = first word's name
        LD C,1                  ; C = 1 for the first word only (BC is not used below)
.word:
.name:  LD DE,(RL_IMGEND)       ; find the end of the name, bounded by the image end
        CALL hl_below_de
        JR NC,.done
        BIT 7,(HL)
        INC HL
        JR Z,.name
        LD (RL_LASTLF),HL       ; HL = word-length field
        LD E,(HL)
        INC HL
        LD D,(HL)
        INC HL                  ; HL = link field
        LD A,D
        OR E
        JR Z,.done              ; a zero length would never end: stop
        PUSH HL
        DEC HL
        DEC HL
        ADD HL,DE               ; next word
        LD DE,(RL_IMGEND)
        JR C,.clamp
        CALL hl_below_de        ; carry: still inside the image
        JR C,.inside
.clamp: EX DE,HL                ; a corrupt length never reaches beyond the image
.inside:
        LD (RL_WORDEND),HL
        POP HL
        SRL C                   ; carry: the first word
        JR NC,.notfirst
        LD DE,(FORTH_PFA)       ; the first word links to the previous newest word
        LD (HL),E
        INC HL
        LD (HL),D
        DEC HL
        JR .linked
.notfirst:
        CALL reloc_cell
.linked:
        INC HL
        INC HL
        INC HL                  ; HL = code field (past the link and the name-length byte)
        CALL reloc_cell         ; DE = the code field (ROM values are never moved)
        INC HL
        INC HL                  ; HL = pfa
        LD A,D                  ; which kind: by the code field (DE), ROM addresses
        CP HIGH(docolon)        ; (ace-forth.md 5): colon, DEFINER, COMPILER, vocabulary
        JR NZ,.hi10
        LD A,E
        CP LOW(docolon)
        JR Z,.thread
        JR .next
.hi10:  CP HIGH(definer_cf)
        JR NZ,.hi11
        LD A,E
        CP LOW(definer_cf)
        JR Z,.pfa0
        JR .next
.hi11:  CP HIGH(compiler_cf)
        JR NZ,.next
        LD A,E
        CP LOW(compiler_cf)
        JR Z,.pfa0
        CP LOW(vocab_cf)
        JR NZ,.next
        CALL reloc_cell         ; vocabulary: pfa+0 and pfa+3
        INC HL
        INC HL
        INC HL
        CALL reloc_cell
        JR .next
.pfa0:  CALL reloc_cell
        INC HL
        INC HL
.thread:
        CALL reloc_thread
.next:  LD HL,(RL_WORDEND)
        JP .word
.done:  LD HL,(RD_NEWEST)       ; FORTH's newest word := the tape's newest + offset
        LD DE,(RL_OFFSET)
        ADD HL,DE
        LD (FORTH_PFA),HL
        LD HL,(RL_IMGEND)
        LD (STKBOT),HL
        CALL empty_data_stack
        LD HL,(RL_LASTLF)
        LD (DICT),HL
        RET
        ASSERT HIGH(compiler_cf) == HIGH(vocab_cf), "relocate tells kinds by the high byte"
        ASSERT HIGH(docolon) != HIGH(definer_cf) && HIGH(definer_cf) != HIGH(compiler_cf)


; reloc_cell: the cell at HL (kept): if it points into the saved image, add the offset.
; Out: DE = the cell's value after relocation. Uses AF.
reloc_cell:
        LD E,(HL)
        INC HL
        LD D,(HL)
        DEC HL
        PUSH HL
        LD HL,DICT_START - 1
        OR A
        SBC HL,DE               ; carry if DE >= 0x3C51
        JR NC,.keep
        LD HL,(RL_END)
        SCF
        SBC HL,DE               ; carry if DE > end - 1, i.e. outside
        JR C,.keep
        LD HL,(RL_OFFSET)
        ADD HL,DE
        EX DE,HL
        POP HL
        LD (HL),E
        INC HL
        LD (HL),D
        DEC HL
        RET
.keep:  POP HL
        RET

; reloc_thread: HL = first cell of a thread; relocate cells up to the first exit,
; skipping inline operands (ace-forth.md 4.3), never beyond the word's end.
reloc_thread:
.cell:  LD DE,(RL_WORDEND)
        CALL hl_below_de
        RET NC                  ; reached the end of the word without an exit
        CALL reloc_cell         ; DE = cell (relocated)
        LD A,E
        CP LOW(exit_rt)
        JR NZ,.more
        LD A,D
        CP HIGH(exit_rt)
        RET Z                   ; the end of the thread
.more:  INC HL
        INC HL                  ; next cell or the operands
        DEC DE
        LD A,(DE)               ; byte before the called code field
        BIT 7,A
        JR Z,.cell              ; a name-length byte: no operands
        DEC DE
        DEC DE
        LD A,(DE)               ; operand count
        CALL skip_operands
        JR .cell
