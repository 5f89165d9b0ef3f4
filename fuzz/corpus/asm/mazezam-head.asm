; mazezam.asm -- MazezaM for the Jupiter Ace in Z80 machine code (aceasm syntax).
;
; MazezaM was invented by Malcolm Tyrrell; this is an independent implementation written
; for aceemu from the rules in the project's fact sheet (mazezam.md) and the screen layout
; of src/games/mazezam/screen.rs. Licence: MIT OR Apache-2.0.
;
; It calls nothing inside the ROM, so it runs under the open ROM and the original alike:
; its own keyboard scan of port 0xFE, its own writes to video RAM (0x2400) and character
; RAM (0x2C00, patterns 1..7). It is entered by Forth's CALL (HL = this address) and goes
; back to Forth with JP (IY); IX, IY and SP are kept (IX/IY are never used, every CALL
; and PUSH is matched). Frame pacing: HALT waits for the ROM's 50 Hz interrupt, which
; the ROM leaves enabled.
;
; The video RAM *is* the game state: a cell holds a block when its screen code is one of
; the block codes (4..7, 0x84..0x87). A push shifts the screen bytes of the row, the
; player's code included, so the bar shapes and the inverse of odd rows stay right.
;
; The level pack (src/games/mazezam/ace_data.rs: count, then per level W, H, entrance row,
; exit row, title length, title, cell bits) lives at `pack`, the end of this image: the
; tape builder appends the built-in pack there, and the loader's LEVELS word BLOADs a
; level tape over it (at most PACK_MAX bytes).
;
; Keys: Z X K M or the cursor keys (SHIFT+5 8 6 7) move, R retries (costs a life),
; Q quits the game; on the title page digits choose the level, ENTER starts, Q goes back
; to Forth. A key acts once per press (it must be released before it acts again).

ORIGIN          EQU 0x3D00      ; where the loader puts this code (after its own words)
PACK_MAX        EQU 1024        ; room for a level pack after the code

SCREEN          EQU 0x2400
CHARS           EQU 0x2C00
SCRPOS          EQU 0x3C1C      ; system variable: where Forth prints next
INSCRN          EQU 0x3C1E      ; system variable: start of the current input line

WALL            EQU 0x01        ; screen codes (screen.rs)
PLAYER          EQU 0x02
GATE            EQU 0x03
BLOCK           EQU 0x04        ; +1 left end, +2 middle, +3 right end; +0x80 odd rows
EMPTY           EQU 0x20

K_LEFT          EQU 1           ; what `scan` returns
K_RIGHT         EQU 2
K_UP            EQU 3
K_DOWN          EQU 4
K_ENTER         EQU 13

TITLE_SEL       EQU SCREEN + 12*32 + 18     ; the two digits of "LEVEL nn" on the title page

        ORG ORIGIN

start:
        LD HL,patterns
        LD DE,CHARS + 8
        LD BC,7*8
        LDIR
        CALL all_up             ; let go of the ENTER that started the game first
        LD (last_key),A         ; A = 0: no key down

; The title page: credits, keys, level choice.
title:
        CALL clear
        LD HL,title_text
        LD DE,SCREEN + 2*32
        CALL print_lines
.show:
        LD A,(sel)
        LD HL,TITLE_SEL
        CALL print_num2
.key:
        CALL get_key
        CP 'Q'
        JP Z,to_forth
        CP K_ENTER
        JR Z,.go
        SUB '0'
        CP 10
        JR NC,.key
        LD C,A                  ; sel = (sel mod 10) * 10 + digit: the last two digits typed
        LD A,(sel)
.mod:   SUB 10
        JR NC,.mod
        ADD A,10
        LD B,A
        ADD A,A
        ADD A,A
        ADD A,B
        ADD A,A
        ADD A,C
        LD (sel),A
        JR .show
.go:
        LD A,(sel)
        OR A
        JR Z,.key
        LD HL,pack
        CP (HL)
        JR Z,.ok
        JR NC,.key              ; beyond the last level
.ok:    DEC A
        LD (level),A
        LD A,3
        LD (lives),A

new_level:
        CALL draw_level

; The game: one key, one move (or nothing).
play:
        CALL get_key
        CP 'Q'
        JP Z,game_over
        CP 'R'
        JP Z,retry
        DEC A
        CP 4
        JR NC,play
        LD HL,(ppos)
        LD DE,-32
        CP 2
        JR Z,vertical
        LD DE,32
        CP 3
        JR Z,vertical
        OR A
        LD A,(pcol)
        JR NZ