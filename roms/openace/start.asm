; Cold start, interrupt handler, keyboard scanner, errors, QUIT and ABORT.
; Written from ace-forth.md 1-3, 10, 11 and ace-hardware.md 2, 4, 5, 6. MIT OR Apache-2.0.

; ---------------------------------------------------------------------------------------
; Cold start (ace-forth.md 2-3, ace-hardware.md 2.1).
; ---------------------------------------------------------------------------------------
cold_start:                     ; (reached from 0x0000, after its DI)
        IM 1
        ; RAM sizing: write 0xFC into each 256-byte page from 0x3D00 upwards and stop at the
        ; first page that does not read it back; RAMTOP = that page rounded down to 1 KB.
        LD HL,0x3C00
        LD A,0xFC
.probe:
        INC H                   ; 0x3D00 first
        LD (HL),A
        CP (HL)
        JR Z,.probe
        LD A,H
        AND 0xFC
        LD H,A                  ; (L is 0)
        LD (RAMTOP),HL
        LD SP,HL
        ; system variables from L_HALF on, and the FORTH word (ace-forth.md 2, 3)
        LD HL,init_table
        LD DE,L_HALF
        LD BC,init_table_end - init_table
        LDIR
        ; screen: all blank (LDIR: clear_upper's loop would make the prompt a frame
        ; later, tests/openrom_editor.rs), print position 0x2400, then 0x2700 = 0 (the
        ; end-of-screen marker, where the fill ends)
        LD HL,VIDEO
        LD (SCRPOS),HL
        LD (HL),' '
        LD D,H
        LD E,L
        INC DE
        LD BC,0x2FF
        LDIR
        ASSERT VIDEO + 0x300 == SCREEN_END
        XOR A
        LD (DE),A
        CALL font_install       ; the character set and block graphics (font.asm)
        LD IY,next_checks       ; SLOW is the default
        JRX abort_code          ; no banner: the original's upper screen is empty
                                ; (transcripts.md); ABORT sets IX, enables interrupts, finds
                                ; ERR_NO = 255 (no message), the flags and the data stack as
                                ; reset left them; QUERY empties the input line at the
                                ; bottom (ace-forth.md 11)


        CUT
; Initial values of 0x3C24-0x3C50 (ace-forth.md 2 "value after reset", 3).
init_table:
        DW 0x26E0               ; L_HALF
        DB 0                    ; KEYCOD
        DB 0x30                 ; KEYCNT (at rest after power-on, transcripts.md Round 4)
        DB 0                    ; STATIN
        DW 0                    ; EXWRCH
        DW 0, 0                 ; FRAMES
        DB 0                    ; XCOORD
        DB 0                    ; YCOORD
        DW FORTH_PFA            ; CURRENT
        DW FORTH_PFA            ; CONTEXT
        DW FORTH_PFA + 3        ; VOCLNK
        DW DICT_START           ; STKBOT
        DW 0x3C45               ; DICT: FORTH's word-length field is still unfilled
        DW DICT_START + 12      ; SPARE
        DB 255                  ; ERR_NO
        DB 0                    ; FLAGS
        DB 10                   ; BASE
        ; the FORTH vocabulary word (ace-forth.md 3)
        DC "FORTH"              ; 3C40
        DW 0                    ; 3C45 word length
        DW rom_top_entry        ; 3C47 link to the pseudo entry at 0x1FFF
        DB 5                    ; 3C49 name length
        DW vocab_cf             ; 3C4A code field
        DW 0x3C49               ; 3C4C newest word (FORTH itself)
        DB 0                    ; 3C4E zero-length entry for child vocabularies
        DW 0                    ; 3C4F vocabulary link: end of chain
init_table_end:
        ASSERT init_table_end - init_table == 45, "reset table must cover 0x3C24-0x3C50"

        CUT
; Debounce and repeat (ace-hardware.md 6): a key is delivered on the 3rd consecutive frame
; it is seen, then after 30 more frames, then every 4 frames. A key pressed while another
; is held blocks everything (KEYCOD = 0xFF) until all keys are released. KEYCNT is 0 on
; the first frame a key is seen and counts the frames after it (delivered at 2, 32, 36 ...),
; and stops while no key is held: a key held 4 frames leaves 3, as the original leaves
; after a typed `VLIST` (transcripts.md Round 4).
; out: A = delivered key code or 0. The scan reads the eight half-rows in turn, as the
; original's does (ace-hardware.md 7).
key_debounce:
        CALL key_scan
        LD C,A                  ; the key, or 0: then H = the keys held (0, or 2 or more)
        OR A
        LD A,H
        LD HL,KEYCOD
        JR NZ,.one              ; exactly one key
        OR A
        JR NZ,.block            ; 2 or more block like a second key
        LD (HL),A               ; no key: (A = 0). KEYCNT keeps its count, as the
        RET                     ; original's does (0x03 at rest after a typed line, Round 4)
.one:
        LD A,(HL)
        CP C
        JR Z,.same
        OR A
        JR NZ,.block
        LD (HL),C
        INC HL
        LD (HL),0               ; KEYCNT counts the frames seen after the first
        XOR A
        RET
.same:
        INC HL
        INC (HL)
        LD A,(HL)
        CP 2
        JR Z,.deliver
        CP 32
        JR NZ,.none
        LD (HL),28
.deliver:
        LD A,C
        RET
.block:
        LD (HL),0xFF
.none:
        XOR A
        RET

; key_scan: raw keyboard scan, no debounce (ace-hardware.md 6). The eight half-rows are
; read in turn, 0xFEFE to 0x7FFE, about 70 T apart as the original's scan reads them
; (ace-hardware.md 7, "Keyboard reads are not sparse"): a row with no key costs 68 T.
; out: A = key code, 0 if no key or not exactly one non-shift key (then H = the number of
; non-shift keys held). Uses BC, DE, HL.
        ROUTINE key_scan
        LD HL,0                 ; H = keys found, L = index + 1 of the last one
        LD D,L                  ; (for the table look-up)
        LD E,L                  ; E = index of the row's first key (row * 5)
        LD A,0xFE               ; the first half-row: SHIFT and SYMBOL SHIFT are not keys
        IN A,(KBD_PORT)
        CPL
        LD C,A                  ; C = SHIFT (bit 0) and SYMBOL SHIFT (bit 1), 1 = held
        AND 0x1C
        LD B,0xFE
        JR .first
.row:   LD A,B                  ; 4   the half-row select on A8-A15
        IN A,(KBD_PORT)         ; 11
        CPL                     ; 4
        AND 0x1F                ; 7
.first: JR NZ,.keys             ; 7
.next:  LD A,E                  ; 4
        ADD A,5                 ; 7
        LD E,A                  ; 4
        RLC B                   ; 8
        JR C,.row               ; 12
        LD A,H
        DEC A
        JRX NZ,key_debounce.none
        LD E,L                  ; (D = 0)
        LD HL,keys_symbol
        BIT 1,C                 ; SYMBOL SHIFT wins over SHIFT
        JR NZ,.look
        LD HL,keys_plain
        BIT 0,C
        ADD HL,DE               ; (keeps Z)
        LD A,(HL)
        RET Z                   ; no SHIFT: the plain code
        CP '0'                  ; SHIFT: 0, ENTER and SPACE stay,
        RET C
        CP 'a'                  ; letters become capitals,
        JR C,.digit
        SUB 'a' - 'A'
        RET
.digit: LD E,A                  ; digits give keys_shift_digits[digit]
        LD HL,keys_shift_digits - '0'
.look:
        ADD HL,DE
        LD A,(HL)
        RET
; A row with keys (A = its key bits): count them, L := the index + 1 of the last.
.keys:  PUSH DE
.bit:   INC E
        SRL A
        JR NC,.up
        LD L,E
        INC H                   ; (NZ: one more round, which finds A = 0)
.up:    JR NZ,.bit
        POP DE
        JR .next

        CUT
; With SHIFT (ace-hardware.md 6): the plain code in capitals for letters, 0, ENTER and
; SPACE unchanged, and for the digit keys these codes, indexed by the digit.
keys_shift_digits:
        DB 0x05, 0x0A, 0x02, '3', 0x08, 0x01, 0x07, 0x09, 0x03, 0x04
; Key code tables, index = half-row * 5 + bit (ace-hardware.md 6, "Codes produced").
; key_scan looks them up by index + 1; indexes 0 and 1 (SHIFT and SYMBOL SHIFT) are
; never looked up: each table starts 3 bytes before its first key, over the end of the
; table before it.
keys_plain EQU $ - 3
        DB "zxc"
        DB "asdfg"
        DB "qwert"
        DB "12345"
        DB "09876"
        DB "poiuy"
        DB 13, "lkjh"
        DB " mnbv"
keys_symbol EQU $ - 3
        DB ':', 0x60, '?'
        DB '~', '|', '\\', '{', '}'
        DB "QWE<>"
        DB "!@#$%"
        DB '_', ')', '(', 0x27, '&'
        DB '"', ';', 0x7F, ']', '['
        DB 13, "=+-^"
        DB " .,*/"

; test_break: Z set if BREAK (SHIFT + SPACE) is held now (ace-hardware.md 6). Uses A.
; (SLOW mode runs it after every word: SHIFT is read first, so the usual case is one IN.)
test_break:
        LD A,0xFE
        IN A,(KBD_PORT)
        AND 1
        RET NZ
        LD A,0x7F
        IN A,(KBD_PORT)
        AND 1
        RET

; ---------------------------------------------------------------------------------------
; Errors, ABORT and QUIT (ace-forth.md 7, 10; rom-words.tsv ABORT, QUIT).
; ---------------------------------------------------------------------------------------
; The RST 32 target (error_rst) sits at 0x0020 itself (main.asm).

        CUT
; ABORT: written from rom-words.tsv (ABORT) and ace-forth.md 7, 9.
        PRIM "ABORT", abort_cfa, 0
abort_code:
        LD IX,SYSVARS
        LD SP,(RAMTOP)
        EI
.held:  CALL test_break         ; BREAK still held: wait, so it gives one ERROR 3
        JR NZ,.released
        HALT
        JR .held
.released:
        BIT FL_INCOMPLETE,(IX+O_FLAGS)
        CALL NZ,drop_unfinished
        CALL empty_data_stack
        LD HL,FLAGS
        LD A,(HL)
        AND 0xFF ^ ((1 << FL_COMPILING) | (1 << FL_INCOMPLETE) | (1 << FL_TO_BUFFER))
        LD (HL),A
        DEC HL                  ; ERR_NO
        ASSERT ERR_NO == FLAGS - 1
        LD A,(HL)
        LD (HL),255
        CP 128
        JRX NC,quit_code
        PUSH AF
        LD HL,error_text
        CALL print_at           ; (up to the character with bit 7)
        POP AF
        CALL print_udec_a
        LD A,13
        RST 8                   ; (and on into QUIT's code)
; QUIT's code, in ABORT's piece (its code field points here): empty the return stack, back
; to keyboard input (rom-words.tsv QUIT).
quit_code:
        LD SP,(RAMTOP)
        LD HL,outer_loop
        PUSH HL
        JP (IY)

        CUT
error_text:
        DC "ERROR "

; QUIT: written from rom-words.tsv (QUIT); its code is ABORT's tail, quit_code above.
        HEADER "QUIT", quit_cfa, 0
        DW quit_code

        CUT
; empty_data_stack: SPARE := STKBOT + 12 (ace-forth.md 1).
empty_data_stack:
        LD HL,(STKBOT)
        LD DE,12
        ADD HL,DE
        LD (SPARE),HL
        RET

        CUT
; drop_unfinished: remove the newest word, whose length field DICT points at
; (ace-forth.md 7: "any unfinished definition removed").
drop_unfinished:
        LD HL,(DICT)
        LD A,H
        OR L
        RET Z
        INC HL
        INC HL
        LD DE,(CURRENT)
        LDI                     ; CURRENT's newest := the link of the unfinished word
        LDI
        CALL name_field_start   ; first byte of its name
        LD (STKBOT),HL
        JRX clear_dict

        CUT
; print_udec_a: print A as an unsigned decimal number. print_udec: print HL so (no
; trailing space). Uses AF, BC, DE, HL.
print_udec_a:
        LD L,A
        LD H,0
print_udec:
        EX DE,HL
        LD HL,0
        LD BC,10
        CALL div3216            ; DE = quotient, HL = remainder
        LD A,L
        ADD A,'0'
        PUSH AF
        EX DE,HL
        LD A,H
        OR L
        CALL NZ,print_udec      ; the higher digits first
        POP AF
        RST 8
        RET
