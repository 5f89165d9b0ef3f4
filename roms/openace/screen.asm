; Screen output, scrolling and the line editor at the bottom of the screen.
; Written from ace-forth.md 1 (RST 8, EXWRCH), 2 (SCRPOS, L_HALF, INSCRN, CURSOR, ENDBUF,
; STATIN) and 11 (screen split, logical lines, cursor characters, editing keys).
; MIT OR Apache-2.0.
;
; The input buffer is the lower part of the screen, [L_HALF, 0x2700). It holds one logical
; line: a 0x00 byte at INSCRN, the characters, the cursor character at CURSOR, more
; characters up to ENDBUF (exclusive), then spaces. The upper part [0x2400, L_HALF) gets
; printed output at SCRPOS and scrolls.

BUF_LIMIT       EQU SCREEN_END - 22 * 32   ; the buffer may grow to 22 lines

; print_a (RST 8 target): print the character in A, or pass it to EXWRCH when that is
; non-zero (alternate registers active there; such a routine ends with EXX and RET).
; Preserves the main registers and A.
print_a:
        EXX
        PUSH AF
        LD HL,(EXWRCH)
        INC H                   ; (an EXWRCH below 0x0100 counts as none: it leaves A
        DEC H                   ; as it is for put_char)
        JR Z,.own
        POP AF
        JP (HL)
.own:
        CALL put_char
        POP AF
        EXX
        RET

        CUT
; put_char: A = character; 13 = carriage return. Uses AF, BC, DE, HL.
; With FLAGS bit 3 (EDIT, ace-forth.md 2) the text goes into the input buffer instead,
; from the first carriage return on (before it: the echo of EDIT's name, to the screen);
; that first CR sets ST_RETYPE (EDIT's ? cursor) and empties the buffer (edit.asm).
; Printing on the screen clears ST_RETYPE: an error in EDIT's LIST leaves it set, and the
; ERROR message then ends it (else the prompt would keep the ? cursor).
put_char:
        BIT FL_TO_BUFFER,(IX+O_FLAGS)
        JR Z,.screen
        LD HL,STATIN
        BIT ST_RETYPE,(HL)
        JRX NZ,buffer_char
        CP 13
        JR NZ,.screen
        SET ST_RETYPE,(HL)
        JRX clear_input
.screen:
        RES ST_RETYPE,(IX+O_STATIN)
        PUSH AF
        CALL make_room
        POP AF
        CP 13
        JR Z,.cr
        LD (HL),A
.next:  INC HL
        LD (SCRPOS),HL
        RET
.cr:    LD A,L                  ; the last column of the line: the next is the new line
        OR 31
        LD L,A
        JR .next

        CUT
; make_room: scroll the upper part until SCRPOS is above the input buffer.
; out: HL = SCRPOS. Uses AF, BC, DE.
make_room:
        LD HL,(SCRPOS)
        LD DE,(L_HALF)
        AND A
        SBC HL,DE
        ADD HL,DE               ; SCRPOS again; carry (as SBC's borrow): below L_HALF
        RET C                   ; (not RST 0x30: every printed character comes here,
                                ; forth-speed.md rows 6 and 11)
        CALL scroll_upper
        JR make_room

        CUT
; scroll_upper: move [0x2420, L_HALF) up one line, blank the line above L_HALF and move
; SCRPOS up a line with the text. The buffer never covers more than 22 lines, so there
; is always a line to move. Uses AF, BC, DE, HL.
scroll_upper:
        LD HL,SCRPOS
        CALL down32
        LD HL,(L_HALF)
        LD BC,-(VIDEO + 32)
        ADD HL,BC
        LD B,H
        LD C,L
        LD HL,VIDEO + 32
        LD DE,VIDEO
        LDIR
        EX DE,HL                ; HL = L_HALF - 32
        ASSERT BUF_LIMIT > VIDEO + 32
        ; (falls into blank32: a subroutine tail, not a word)
; blank32: 32 spaces from HL; blank_b: B spaces from HL. out: HL past them. Uses B.
blank32:
        LD B,32
blank_b:
        LD (HL),' '
        INC HL
        DJNZ blank_b
        RET

        CUT
; print_string is in compat.asm, just before the original's string printers at 0x0979.

        CUT
; print_name: HL = a name-length field: print the name. print_at: HL = the name's first
; byte: print it (bit 7 marks the last character). Uses AF, C, DE, HL.
print_name:
        CALL name_field_start
print_at:
        LD A,(HL)
        AND 0x7F
        RST 8
        BIT 7,(HL)
        INC HL
        JR Z,print_at
        RET

        CUT
; ---------------------------------------------------------------------------------------
; The input buffer.
; ---------------------------------------------------------------------------------------
; clear_input: shrink the buffer to the bottom line and empty it (QUERY, ace-forth.md 7).
; Uses AF, BC, DE, HL.
clear_input:
        LD HL,(L_HALF)
.fill:  LD (HL),' '
        INC HL
        LD A,H
        CP HIGH(SCREEN_END)
        JR NZ,.fill
        LD HL,SCREEN_END - 32
        LD (L_HALF),HL
        LD (INSCRN),HL
        LD (HL),0               ; logical-line start marker
        INC HL
        LD (CURSOR),HL
        INC HL
        LD (ENDBUF),HL
        ; falls into show_cursor (a subroutine, not a word)

; show_cursor: write the cursor character for the current mode (ace-forth.md 11) at
; CURSOR; the ? of a line handed back by RETYPE wins over the modes until ENTER.
; Uses AF, HL.
show_cursor:
        LD HL,STATIN
        LD A,0xBF
        BIT ST_RETYPE,(HL)
        JR NZ,.put
        LD A,0xC7
        BIT ST_GRAPHICS,(HL)
        JR NZ,.put
        LD A,0xC3
        BIT ST_CAPS,(HL)
        JR NZ,.put
        LD A,0x97
.put:   LD HL,(CURSOR)
        LD (HL),A
        RET

        CUT
; grow_buffer: move the input buffer up one screen line (the upper part scrolls if its
; print position would be covered). Uses AF, BC, DE, HL.
grow_buffer:
        LD HL,(L_HALF)
        LD DE,-32
        ADD HL,DE               ; the new L_HALF
        PUSH HL
        LD DE,(SCRPOS)
        RST 0x30                ; hl_below_de
        CALL C,scroll_upper     ; below SCRPOS: the upper part scrolls (L_HALF stays)
        POP DE                  ; DE = one line higher
        LD HL,32
        ADD HL,DE               ; HL = L_HALF
        XOR A
        SUB L
        LD C,A
        LD A,HIGH(SCREEN_END)
        SBC A,H
        LD B,A                  ; BC = bytes in the buffer
        ASSERT LOW(SCREEN_END) == 0
        LDIR
        LD HL,SCREEN_END - 32
        CALL blank32
        LD HL,INSCRN            ; INSCRN, CURSOR, ENDBUF, L_HALF: consecutive cells
        LD B,4
.down:  CALL down32
        INC HL
        DJNZ .down
        RET
        ASSERT CURSOR == INSCRN + 2 && ENDBUF == INSCRN + 4 && L_HALF == INSCRN + 6

        CUT
; down32: the cell at HL -= 32 (one screen line up); out: HL = its address + 1. Uses AF.
down32:
        LD A,(HL)
        SUB 32
        LD (HL),A
        INC HL
        LD A,(HL)
        SBC A,0
        LD (HL),A
        RET

        CUT
; insert_char: insert A at the cursor (the rest of the line moves right); ignored when the
; buffer is full. Uses AF, BC, DE, HL.
insert_char:
        PUSH AF
        LD A,(ENDBUF + 1)
        CP HIGH(SCREEN_END)     ; ENDBUF < SCREEN_END: the last line has room
        JR C,.room
        LD HL,(L_HALF)
        LD DE,-(BUF_LIMIT + 1)
        ADD HL,DE
        JR NC,.full             ; L_HALF <= BUF_LIMIT: 22 lines
        CALL grow_buffer
.room:
        LD HL,(ENDBUF)
        PUSH HL
        INC HL
        LD (ENDBUF),HL
        DEC HL
        LD DE,(CURSOR)
        AND A
        SBC HL,DE
        LD B,H
        LD C,L                  ; bytes from the cursor to the end
        POP HL                  ; the old end
        JR Z,.placed
        LD D,H
        LD E,L
        DEC HL
        LDDR
.placed:
        POP AF
        LD HL,(CURSOR)
        LD (HL),A
        INC HL
        LD (CURSOR),HL
        RET
.full:
        POP AF
        RET

        CUT
; remove_cursor: take the cursor character out of the line (after ENTER).
remove_cursor:
        LD HL,(CURSOR)
        ; falls into delete_at (subroutines, not words)

; delete_at: remove the character at HL from the logical line (the rest moves left,
; ENDBUF moves back). Uses AF, BC, DE, HL.
delete_at:
        LD D,H
        LD E,L                  ; DE = the deleted place
        INC HL
        PUSH HL                 ; the byte after it
        LD HL,(ENDBUF)
        DEC HL
        LD (ENDBUF),HL
        AND A
        SBC HL,DE
        LD B,H
        LD C,L                  ; bytes after the deleted one
        POP HL
        JR Z,.none
        LDIR                    ; (DE ends at the new end, as it is with none)
.none:  LD A,' '
        LD (DE),A               ; the new end
        RET


        CUT
; wait_enter: let the interrupt edit the line until ENTER (ace-forth.md 11); HALT while
; waiting so the emulator can skip idle time. out: HL = STATIN.
wait_enter:
        LD HL,STATIN
        RES ST_ENTER,(HL)
        SET ST_EDITING,(HL)
        EI
.wait:  HALT
        BIT ST_ENTER,(HL)
        JR Z,.wait
        RET

; ---------------------------------------------------------------------------------------
; editor_key: handle key A while STATIN bit 0 is set (called from the interrupt).
; ---------------------------------------------------------------------------------------
        ASSERT 1 << ST_CAPS == 0x02 && 1 << ST_GRAPHICS == 0x04 && 1 << ST_INVERSE == 0x08
        CUT
editor_key:
        LD HL,STATIN
        CP 13
        JR NZ,.notenter
        SET ST_ENTER,(HL)
        RES ST_EDITING,(HL)
        RET
.notenter:
        LD DE,show_cursor
        PUSH DE                 ; every key's routine returns into show_cursor
        CP 0x20
        JR NC,.printable
        CP .keys_end - .keys
        RET NC                  ; other control codes are ignored
        LD C,A                  ; the mode keys' codes are their STATIN bit masks
        LD HL,.keys
        LD E,A
        LD D,0
        ADD HL,DE
        LD E,(HL)               ; the routine's offset from its own entry
        ADD HL,DE
        JP (HL)
.printable:
        BIT ST_CAPS,(HL)
        CALL NZ,upcase          ; a-z -> A-Z (interp.asm)
        BIT ST_GRAPHICS,(HL)
        JR Z,.nographics
        AND 0x9F
.nographics:
        BIT ST_INVERSE,(HL)
        JR Z,.noinverse
        OR 0x80
.noinverse:
        JRX insert_char

; Key codes 0-10 (ace-hardware.md 6: the SHIFT+digit editing keys) -> the offset of the
; routine from the entry (the routines follow the table).
editor_key.keys:
        DB editor_key.ignore - $        ; 0
        DB cursor_left - $              ; 1 SHIFT+5 left
        DB editor_key.toggle - $        ; 2 SHIFT+2 CAPS LOCK
        DB cursor_right - $             ; 3 SHIFT+8 right
        DB editor_key.toggle - $        ; 4 SHIFT+9 GRAPHICS
        DB editor_key.delete - $        ; 5 SHIFT+0 DELETE
        DB editor_key.ignore - $        ; 6
        DB editor_key.up - $            ; 7 SHIFT+6 up
        DB editor_key.toggle - $        ; 8 SHIFT+4 INVERSE VIDEO
        DB editor_key.down - $          ; 9 SHIFT+7 down
        DB editor_key.delline - $       ; 10 SHIFT+1 DELETE LINE
editor_key.keys_end:
        ASSERT cursor_right - editor_key.keys < 256, "editor key offsets are bytes"

; The editing keys' routines (C = the key code), reached through .keys.
editor_key.toggle:              ; CAPS LOCK, INVERSE VIDEO, GRAPHICS: flip the STATIN bit
        LD HL,STATIN
        LD A,(HL)
        XOR C
        LD (HL),A
editor_key.ignore:
        RET
editor_key.up:
        LD B,32                 ; (cursor_left and cursor_right keep B)
.upl:   CALL cursor_left
        DJNZ .upl
        RET
editor_key.down:
        LD B,32
.downl: CALL cursor_right
        DJNZ .downl
        RET
editor_key.delete:
        CALL cursor_back
        RET Z
        JRX delete_at
editor_key.delline:
        LD HL,(INSCRN)
        INC HL
        LD (CURSOR),HL
        PUSH HL
        LD DE,(ENDBUF)
.blank: LD (HL),' '
        INC HL
        RST 0x30  ; hl_below_de
        JR C,.blank
        POP HL
        INC HL
        LD (ENDBUF),HL
        RET


; cursor_left / cursor_right: swap the cursor with its neighbour inside the logical line.
; Use AF, C, DE, HL (B is kept: the editor loops on it).
cursor_left:
        CALL cursor_back
        RET Z
        JRX swap_next

; cursor_back: CURSOR -= 1 unless it is at the start of the logical line (then Z set);
; NZ and HL = the new CURSOR when it moved. Uses AF, DE.
cursor_back:
        LD HL,(CURSOR)
        DEC HL
        LD DE,(INSCRN)
; cursor_to: CURSOR := HL (NZ) unless HL = DE, the end of the line (Z).
cursor_to:
        RST 0x30  ; hl_below_de
        RET Z
        LD (CURSOR),HL
        RET

cursor_right:
        LD HL,(CURSOR)
        INC HL
        LD DE,(ENDBUF)
        CALL cursor_to
        RET Z
        DEC HL
        ; fall into swap_next (a subroutine tail, not a word)
swap_next:                      ; swap (HL) and (HL+1)
        LD A,(HL)
        INC HL
        LD C,(HL)
        LD (HL),A
        DEC HL
        LD (HL),C
        RET
