; Output words: EMIT CR SPACE SPACES TYPE AT CLS and formatted number output.
; Written from rom-words.tsv (stack effects) and ace-forth.md 8 (. and U.), 9 (AT), 11.
; MIT OR Apache-2.0.

; EMIT: written from rom-words.tsv (EMIT).
        PRIM "EMIT", emit_cfa, 0
        RST 24
        LD A,E
emit_a:                         ; shared tail: print A, next word
        RST 8
        JP (IY)

; CR: written from rom-words.tsv (CR).
        PRIM "CR", cr_cfa, 0
        LD A,13
        JRX emit_a

; SPACE: written from rom-words.tsv (SPACE).
        PRIM "SPACE", space_cfa, 0
        LD A,' '
        JRX emit_a

; SPACES: written from rom-words.tsv (SPACES: none if n < 1).
        PRIM "SPACES", spaces_cfa, 0
        RST 24
.more:  BIT 7,D
        JR NZ,.done
        LD A,D
        OR E
        JR Z,.done
        LD A,' '
        RST 8
        DEC DE
        JR .more
.done:  JP (IY)

; TYPE: written from rom-words.tsv (TYPE).
        PRIM "TYPE", type_cfa, 0
        CALL pop_bc
        RST 24
        BIT 7,B
        CALL Z,print_de_bc      ; (compat.asm, at the original's 0x097F)
        JP (IY)

; AT: written from rom-words.tsv (AT) and ace-forth.md 9 (col mod 32, ERROR 9 when the
; position is inside the input buffer).
        HEADER "AT", at_cfa, 0
        DW at_code
        ENDS
; AT's code and its working part at_addr, which sits at the original's 0x0B28 (ace-forth.md
; 15), in one piece pinned at that point: the code before it fills the gap from 0x0B1B.
        SECTION at_code_sec
at_code:
        RST 0x28                ; pop_two; HL = line, DE = column
        CALL at_addr_hl         ; (16 bits: a negative line is not refused, as on the
                                ; original; only an address below L_HALF is taken, i.e. the
                                ; screen, its alias page or the ROM: nothing else is hit)
        LD DE,(L_HALF)
        RST 0x30                ; hl_below_de
        JR C,at_store
at_cfa.bad:
        RST 32                  ; (PLOT's too)
        DB 9
; at_addr (0x0B28): A = line, E = column -> HL = the screen address of that position
; (VIDEO + 32 * line + column mod 32); the caller stores it in SCRPOS, as AT does.
; at_addr_hl: the same for a 16-bit line in HL (AT's own). Uses AF, DE.
        PIN at_addr_pin
at_addr:
        LD L,A
        LD H,0
at_addr_hl:
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        LD A,E
        AND 31
        LD E,A
        LD D,HIGH(VIDEO)
        ADD HL,DE               ; VIDEO + 32 * line + col
        RET
at_store:
        LD (SCRPOS),HL
        JP (IY)
        CUT

; CLS: written from rom-words.tsv (CLS: clear the screen, print position top left, PLOT
; position 0,0). The input buffer at the bottom is left alone.
; While a line of several screen rows is being interpreted, CLS keeps only the buffer's
; first row, moved to the bottom row: the rest of the line is lost (measured on the
; original, transcripts.md "CLS 1 2 ... 16 . .").
        PRIM "CLS", cls_cfa, 0
        LD HL,SCREEN_END - 32
        LD DE,(L_HALF)
        AND A
        SBC HL,DE               ; how far the buffer moves down
        JR Z,.one_row
        LD BC,(ENDBUF)
        ADD HL,BC
        LD A,H                  ; the line ends at the screen's end at the latest
        CP HIGH(SCREEN_END)
        JR C,.in
        LD HL,SCREEN_END
.in:    LD (ENDBUF),HL
        LD HL,SCREEN_END - 32
        LD (L_HALF),HL
        LD (INSCRN),HL
        EX DE,HL                ; HL = old L_HALF, DE = the bottom row
        LD BC,32
        LDIR                    ; the first row to the bottom row
.one_row:
        PUSH IY                 ; clear_upper's RET goes on to the next word
        JRX clear_upper          ; (pinned at the original's 0x0A24)

; clear_upper: blank [0x2400, L_HALF) (whole rows: L_HALF is always at a row start),
; SCRPOS := 0x2400, XCOORD = YCOORD = 0. Uses AF, B, DE, HL.
        ROUTINE clear_upper
        LD HL,VIDEO
        LD (SCRPOS),HL
        LD DE,(L_HALF)
.fill:  CALL blank32
        RST 0x30  ; hl_below_de
        JR C,.fill
        LD H,B                  ; blank32's DJNZ left B = 0
        LD L,B
        LD (XCOORD),HL          ; and YCOORD, the next byte
        RET
        ASSERT YCOORD == XCOORD + 1

; ---------------------------------------------------------------------------------------
; Formatted output: the digits are built downwards from PAD_END (HLD).
; ---------------------------------------------------------------------------------------
; <#: written from rom-words.tsv (<#: HLD := end of pad).
        PRIM "<#", lessharp_cfa, 0
        LD HL,PAD_END
        LD (HLD),HL
        JP (IY)

; HOLD: written from rom-words.tsv (HOLD).
        PRIM "HOLD", hold_cfa, 0
        RST 24
        LD A,E
hold_next:                      ; shared tail: hold A, next word
        PUSH IY                 ; hold_a's RET goes on to the next word

; hold_a: put A into the pad below HLD. Uses HL; keeps the flags (sharp_step needs them).
hold_a:
        LD HL,(HLD)
        DEC HL
        LD (HL),A
        LD (HLD),HL
        RET

; SIGN: written from rom-words.tsv (SIGN: HOLD a minus sign if n < 0).
        PRIM "SIGN", sign_cfa, 0
        RST 24
        LD A,'-'
        BIT 7,D
        JR NZ,hold_next
        JP (IY)

; #: written from rom-words.tsv (#: one digit, ud1 mod BASE, into the pad).
        PRIM "#", sharp_cfa, 0
        PUSH IY                 ; sharp_step's RET goes on to the next word

; sharp_step: ud on the stack := ud / BASE, the digit is held. out: Z if the new ud is 0.
; Uses AF, BC, DE, HL.
; Paced to about 19,000 T a digit, as slow as the original's MOD (forth-speed.md row 3;
; /MOD's pacing in stack.asm): issue 35 measured on the original that `: T 13 0 DO INKEY .
; LOOP ; T` typed with ENTER held 4 frames reads ENTER 3 times, which needs a round of
; 41,100-61,600 T; unpaced, `13 .` makes it 18,400 T (7 reads). The spec does not time `.`
; itself; a digit costing one slow division, as the original's MOD and number conversion
; (rows 15-16: a quarter of a frame a digit) do, is the model that fits all three.
sharp_step:
        LD B,0                  ; 256 rounds of 55 T (DJNZ leaves B = 0 for BC below)
.pace:  EX (SP),HL
        EX (SP),HL
        NOP
        DJNZ .pace
        LD C,(IX+O_BASE)
        CALL pop_udiv           ; HL:DE = quotient, BC = remainder (B = 0)
        LD A,H
        OR L
        OR D
        OR E
        LD B,A                  ; 0 if the quotient is 0
        PUSH HL
        RST 16                  ; low quotient
        POP DE
        RST 16                  ; high quotient
        LD A,C
        CP 10
        JR C,.dec
        ADD A,'A' - '0' - 10
.dec:   ADD A,'0'
        INC B
        DEC B                   ; Z if the quotient is 0 (A kept)
        JRX hold_a               ; (keeps the flags)

; #S: written from rom-words.tsv (#S: # until the number is zero, at least once).
        PRIM "#S", sharps_cfa, 0
.more:  CALL sharp_step
        JR NZ,.more
        JP (IY)

; #>: written from rom-words.tsv (#>: drop ud, leave the address and length of the text).
        PRIM "#>", sharpgt_cfa, 0
        RST 24
        RST 24
        LD DE,(HLD)
        LD HL,PAD_END
        AND A
        SBC HL,DE
        JRX push_de_hl           ; the address, then the length

; .: written from rom-words.tsv (. : signed number and a space) and ace-forth.md 8.
        COLON ".", dot_cfa, 0
        DW dup_cfa, abs_cfa
        THREAD_MORE             ; (the rest does not fit the 22 bytes before U.'s header)
dot_digits:                     ; ( sign u -- ): U. comes in here with sign 0
        LIT8 0
        DW lessharp_cfa, sharps_cfa, rot_cfa, sign_cfa
        DW sharpgt_cfa, type_cfa, space_cfa, exit_rt

; U.: written from rom-words.tsv (U. : unsigned number and a space).
        COLON "U.", udot_cfa, 0
        LIT8 0
        DW swap_cfa, else_rt
        DW dot_digits - $ - 1
