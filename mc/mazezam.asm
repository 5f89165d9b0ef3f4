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
        JR NZ,.right
        CP 2
        JR C,play               ; in the entrance gap, or on column 1: the entrance is shut
        DEC A                   ; k = pcol - 1 cells to the row's left end
        LD DE,-1
        JR horizontal
.right: LD C,A
        LD A,(width)
        SUB C                   ; k = W - pcol cells to the row's right end
        LD DE,1

; horizontal: DE = d (-1 or 1), A = k, HL = ppos. Step into an empty cell (or the exit
; gap), or push the row when the row's end cell k cells away is empty.
horizontal:
        LD B,A
        ADD HL,DE
        LD A,(HL)
        CP EMPTY
        JR Z,step
        CALL is_block
        JR NZ,play
        LD HL,(ppos)
.end:   ADD HL,DE
        DJNZ .end
        LD A,(HL)
        CP EMPTY
        JR NZ,play              ; the end cell holds a block: the wall stops the row
        LD A,(width)            ; shift W - 1 cells towards the end, player included
        DEC A
        LD B,A
.shift: PUSH HL
        OR A
        SBC HL,DE
        LD A,(HL)
        POP HL
        LD (HL),A
        OR A
        SBC HL,DE
        DJNZ .shift
        LD (HL),EMPTY
        LD HL,(ppos)            ; the player's code moved with the row
        ADD HL,DE
        LD (ppos),HL
        JR moved

vertical:
        ADD HL,DE
        LD A,(HL)
        CP EMPTY
        JR NZ,play              ; no vertical pushes; walls stop the player
        LD E,0                  ; the column does not change (E is only read as that)

; step: HL = the empty cell to go to, E = column change.
step:
        PUSH HL
        LD HL,(ppos)
        LD A,(pcol)
        OR A
        LD A,EMPTY
        JR NZ,.left
        LD A,GATE               ; leaving the entrance gap: it closes behind the player
.left:  LD (HL),A
        POP HL
        LD (HL),PLAYER
        LD (ppos),HL
        JR moved

moved:
        LD A,(pcol)
        ADD A,E
        LD (pcol),A
        LD HL,moves             ; four BCD digits
        LD A,(HL)
        ADD A,1
        DAA
        LD (HL),A
        INC HL
        LD A,(HL)
        ADC A,0
        DAA
        LD (HL),A
        CALL show_moves
        LD HL,(ppos)
        LD DE,(exit_addr)
        OR A
        SBC HL,DE
        JP NZ,play

; Solved: walk out along the corridor to the screen's edge, then the next level.
solved:
        EX DE,HL                ; HL = the exit gap
.walk:  HALT
        HALT
        LD A,L
        AND 31
        CP 31
        JR Z,.out
        LD (HL),EMPTY
        INC HL
        LD (HL),PLAYER
        JR .walk
.out:   CALL scan               ; keys let go during the walk count as let go
        LD (last_key),A
        LD HL,level
        INC (HL)
        LD A,(pack)
        CP (HL)
        JP NZ,new_level
        LD HL,win_text
        JR message

retry:
        LD HL,lives
        LD A,(HL)
        OR A
        JR Z,game_over          ; no life left to pay with
        DEC (HL)
        JP new_level

game_over:
        LD HL,over_text

; message: HL = lines to show on a clear screen; wait for a key, then the title page.
message:
        PUSH HL
        CALL clear
        POP HL
        LD DE,SCREEN + 10*32
        CALL print_lines
        CALL get_key
        JP title

; Back to Forth: keys up, patterns 1..7 back to the 2x2 block graphics (ace-hardware.md
; 3.1: bit 0 top right, bit 1 top left, bit 2 bottom right), a blank screen with an empty
; input line, printing from the top.
to_forth:
        CALL all_up
        LD HL,CHARS + 8
        LD C,1
.char:  LD A,C
        RRCA
        SBC A,A
        AND 0x0F
        LD B,A
        LD A,C
        RRCA
        RRCA
        SBC A,A
        AND 0xF0
        OR B
        CALL .four
        LD A,C
        RRCA
        RRCA
        RRCA
        SBC A,A
        AND 0x0F
        CALL .four
        INC C
        BIT 3,C
        JR Z,.char
        CALL clear
        LD HL,(INSCRN)
        LD (HL),0               ; the logical line's start marker
        LD HL,SCREEN
        LD (SCRPOS),HL
        JP (IY)
.four:  LD B,4
.row:   LD (HL),A
        INC HL
        DJNZ .row
        RET

; ---------------------------------------------------------------------------------------
; draw_level: the whole screen for level (level), player in the entrance gap, moves 0.
draw_level:
        XOR A
        LD (moves),A
        LD (moves + 1),A
        LD HL,pack + 1
        LD A,(level)
        OR A
        JR Z,.found
        LD B,A
.skip:  PUSH BC
        CALL skip_level
        POP BC
        DJNZ .skip
.found: LD DE,width             ; width, height, entrance, exit
        LD BC,4
        LDIR
        LD (title_ptr),HL
        CALL clear
        LD HL,SCREEN + 32
        LD BC,22*32
        LD A,WALL
        CALL fill
        ; ib = the interior's top-left cell: line 2 + (20 - H) / 2, column 1 + (30 - W) / 2
        LD A,(height)
        CPL
        ADD A,21                ; 20 - H
        SRL A
        ADD A,2
        LD L,A
        LD H,0
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        LD A,(width)
        CPL
        ADD A,31                ; 30 - W
        SRL A
        INC A
        ADD A,L
        LD L,A
        LD DE,SCREEN
        ADD HL,DE
        LD (ib),HL
        ; the cells, one bit each, first cell in bit 7
        PUSH HL
        LD HL,(title_ptr)
        LD A,(HL)
        INC HL
        ADD A,L
        LD L,A
        ADC A,H
        SUB L
        LD H,A
        EX DE,HL                ; DE = cell bits
        POP HL
        LD C,0x80
        LD A,(height)
.rows:  PUSH AF
        LD A,(width)
        LD B,A
        PUSH HL
.cell:  LD A,(DE)
        AND C
        LD A,EMPTY
        JR Z,.put
        LD A,BLOCK
.put:   LD (HL),A
        INC HL
        RRC C
        JR NC,.same
        INC DE
.same:  DJNZ .cell
        POP HL
        LD A,L
        ADD A,32
        LD L,A
        ADC A,H
        SUB L
        LD H,A
        POP AF
        DEC A
        JR NZ,.rows
        CALL shape
        ; entrance: the gap left of row e and the corridor out to column 0
        LD A,(entrance)
        CALL row_addr
        DEC HL
        LD (ppos),HL
        PUSH HL
.in:    LD (HL),EMPTY
        LD A,L
        AND 31
        DEC HL
        JR NZ,.in
        POP HL
        LD (HL),PLAYER
        XOR A
        LD (pcol),A
        ; exit: the gap right of row x and the corridor out to column 31
        LD A,(exit)
        CALL row_addr
        LD A,(width)
        ADD A,L
        LD L,A
        LD (exit_addr),HL
.out:   LD (HL),EMPTY
        INC HL
        LD A,L
        AND 31
        JR NZ,.out
        ; the title, centred on line 23 as "* title *"
        LD HL,(title_ptr)
        LD A,(HL)
        OR A
        JR Z,.status
        LD B,A
        LD A,28
        SUB B
        SRL A
        LD DE,SCREEN + 23*32
        ADD A,E
        LD E,A
        LD A,'*'
        LD (DE),A
        INC DE
        INC DE
.title: INC HL
        LD A,(HL)
        LD (DE),A
        INC DE
        DJNZ .title
        INC DE
        LD A,'*'
        LD (DE),A
.status:
        LD HL,status_text
        LD DE,SCREEN
        CALL print
        LD A,(level)
        INC A
        LD HL,SCREEN + 6
        CALL print_num2
        LD A,(lives)
        LD HL,SCREEN + 30
        CALL print_num2
        ; fall into show_moves

; show_moves: the four BCD digits of `moves` at line 0, columns 17..20.
show_moves:
        LD DE,SCREEN + 17
        LD A,(moves + 1)
        CALL .bcd
        LD A,(moves)
.bcd:   PUSH AF
        RRCA
        RRCA
        RRCA
        RRCA
        CALL .digit
        POP AF
.digit: AND 0x0F
        ADD A,'0'
        LD (DE),A
        INC DE
        RET

; shape: every block cell of lines 1..22 gets the code for its neighbours in its row
; (screen.rs block_code): alone 4, left end 5, middle 6, right end 7; + 0x80 on odd
; interior rows, whose addresses differ from ib's in bit 5. Walls and gaps are not blocks,
; so the row ends need no test.
shape:
        LD HL,SCREEN + 32
        LD BC,22*32
.cell:  LD A,(HL)
        CALL is_block
        JR NZ,.next
        LD E,BLOCK
        DEC HL
        LD A,(HL)
        CALL is_block
        JR NZ,.noleft
        LD E,BLOCK + 3
.noleft:
        INC HL
        INC HL
        LD A,(HL)
        CALL is_block
        JR NZ,.noright
        LD A,E
        XOR 1                   ; 4 -> 5 (left end), 7 -> 6 (middle)
        LD E,A
.noright:
        DEC HL
        LD A,(ib)
        XOR L
        AND 0x20
        ADD A,A
        ADD A,A
        OR E
        LD (HL),A
.next:  INC HL
        DEC BC
        LD A,B
        OR C
        JR NZ,.cell
        RET

; is_block: Z if screen code A is a block.
is_block:
        AND 0x7C
        CP BLOCK
        RET

; row_addr: HL = ib + 32 * A. Uses DE.
row_addr:
        LD L,A
        LD H,0
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        LD DE,(ib)
        ADD HL,DE
        RET

; skip_level: HL = a level in the pack -> HL = the next one. Uses AF, BC, DE.
skip_level:
        LD E,(HL)               ; W
        INC HL
        LD B,(HL)               ; H
        INC HL
        INC HL
        INC HL
        LD A,(HL)               ; title length
        INC HL
        ADD A,L
        LD L,A
        ADC A,H
        SUB L
        LD H,A
        PUSH HL
        LD HL,7                 ; cell bytes = (W * H + 7) / 8
        LD D,0
.mul:   ADD HL,DE
        DJNZ .mul
        SRL H
        RR L
        SRL H
        RR L
        SRL H
        RR L
        POP DE
        ADD HL,DE
        RET

; all_up: wait, one frame at a time, until no key is down; A = 0.
all_up:
        HALT
        XOR A
        IN A,(0xFE)             ; A8..A15 all low: every half-row at once
        CPL
        AND 0x1F
        JR NZ,all_up
        RET

; get_key: wait, one frame at a time, for a key that was not seen in the frame before;
; A = its code (see scan). Holding a key does not repeat it.
get_key:
        HALT
        CALL scan
        LD HL,last_key
        CP (HL)
        LD (HL),A
        JR Z,get_key
        OR A
        JR Z,get_key
        RET

; scan: the keyboard matrix (ace-hardware.md 6), all eight half-rows. A = the code of a
; pressed key from key_table (0 if none), with SHIFT+5/6/7/8 as cursor keys.
scan:
        LD HL,key_table
        LD BC,0xFEFE
        LD E,0
.row:   IN A,(C)
        CPL
        AND 0x1F
        OR 0x20                 ; a marker bit: five shifts leave exactly 1
.bit:   SRL A
        JR NC,.up
        LD D,(HL)
        INC D
        DEC D
        JR Z,.up
        LD E,D
.up:    INC HL
        CP 1
        JR NZ,.bit
        RLC B
        JR C,.row
        LD A,0xFE
        IN A,(0xFE)
        RRA                     ; carry: SHIFT is up
        LD A,E
        RET C
        SUB '5'
        CP 4
        LD A,E
        RET NC
        LD D,0
        LD HL,cursor_map - '5'
        ADD HL,DE
        LD A,(HL)
        RET

; print_num2: A (mod 100) as two decimal digits at HL.
print_num2:
.hundreds:
        SUB 100
        JR NC,.hundreds
        ADD A,100
        LD B,'0' - 1
.tens:  INC B
        SUB 10
        JR NC,.tens
        ADD A,'0' + 10
        LD (HL),B
        INC HL
        LD (HL),A
        RET

; print: the DC string at HL to the screen at DE. HL, DE end past it.
print:
        LD A,(HL)
        AND 0x7F
        LD (DE),A
        INC DE
        BIT 7,(HL)
        INC HL
        JR Z,print
        RET

; print_lines: DC strings from HL, each centred on its own line from the line at DE,
; until a 0 byte.
print_lines:
        LD A,(HL)
        OR A
        RET Z
        PUSH HL
        LD B,0
.len:   INC B
        BIT 7,(HL)
        INC HL
        JR Z,.len
        POP HL
        LD A,32
        SUB B
        SRL A
        PUSH DE
        ADD A,E
        LD E,A
        CALL print
        POP DE
        LD A,E
        ADD A,32
        LD E,A
        ADC A,D
        SUB E
        LD D,A
        JR print_lines

; clear: the whole screen blank. fill: A into BC (>= 2) bytes from HL.
clear:
        LD HL,SCREEN
        LD BC,768
        LD A,EMPTY
fill:
        LD (HL),A
        LD D,H
        LD E,L
        INC DE
        DEC BC
        LDIR
        RET

; ---------------------------------------------------------------------------------------
; Data.

; Codes by half-row (ports 0xFEFE .. 0x7FFE), bits 0..4.
key_table:
        DB 0, 0, K_LEFT, K_RIGHT, 0             ; SHIFT SYMBOL Z X C
        DB 0, 0, 0, 0, 0                        ; A S D F G
        DB 'Q', 0, 0, 'R', 0                    ; Q W E R T
        DB '1', '2', '3', '4', '5'              ; 1 2 3 4 5
        DB '0', '9', '8', '7', '6'              ; 0 9 8 7 6
        DB 0, 0, 0, 0, 0                        ; P O I U Y
        DB K_ENTER, 0, K_UP, 0, 0               ; ENTER L K J H
        DB 0, K_DOWN, 0, 0, 0                   ; SPACE M N B V
cursor_map:
        DB K_LEFT, K_UP, K_DOWN, K_RIGHT        ; SHIFT + 5 6 7 8

; Patterns 1..7 (8 rows each, top first, bit 7 leftmost), drawn for this game.
patterns:
        DB 0xEF, 0xEF, 0xEF, 0x00, 0xFE, 0xFE, 0xFE, 0x00     ; 1 wall brick
        DB 0x18, 0x18, 0x3C, 0x5A, 0x18, 0x24, 0x24, 0x66     ; 2 player
        DB 0xFF, 0x99, 0x99, 0xFF, 0x99, 0x99, 0xFF, 0x99     ; 3 closed entrance gate
        DB 0x00, 0x7E, 0x56, 0x6A, 0x56, 0x6A, 0x7E, 0x00     ; 4 block alone
        DB 0x00, 0x7F, 0x55, 0x6A, 0x55, 0x6A, 0x7F, 0x00     ; 5 left end of a bar
        DB 0x00, 0xFF, 0x55, 0xAA, 0x55, 0xAA, 0xFF, 0x00     ; 6 middle of a bar
        DB 0x00, 0xFE, 0x56, 0xAA, 0x56, 0xAA, 0xFE, 0x00     ; 7 right end of a bar

status_text:
        DC "LEVEL 00   MOVES 0000   LIVES"

; Title page from line 2; "LEVEL 01" is line 12 (TITLE_SEL).
title_text:
        DC "MazezaM"
        DC " "
        DC "invented by Malcolm Tyrrell"
        DC "Ace port: the aceemu project"
        DC " "
        DC "Z X K M or cursors move"
        DC "R retry (costs a life)"
        DC "Q quit"
        DC " "
        DC " "
        DC "LEVEL 01"
        DC "digits choose, ENTER plays"
        DC "Q here: back to Forth"
        DB 0

over_text:
        DC "GAME OVER"
        DC " "
        DC "press a key"
        DB 0

win_text:
        DC "You have escaped"
        DC "well done"
        DC " "
        DC "press a key"
        DB 0

; Variables.
sel:            DB 1            ; level chosen on the title page (1-based)
level:          DB 0            ; level being played (0-based)
lives:          DB 0
last_key:       DB 0            ; code seen by the previous scan
width:          DB 0            ; these four in the pack's order
height:         DB 0
entrance:       DB 0
exit:           DB 0
pcol:           DB 0            ; player's column: 0 entrance gap, 1..W inside
moves:          DW 0            ; BCD, low byte first
ppos:           DW 0            ; player's address in video RAM
ib:             DW 0            ; interior's top-left cell in video RAM
exit_addr:      DW 0            ; the exit gap in video RAM
title_ptr:      DW 0            ; the level's title length byte

; The level pack: appended by the tape builder; a level tape is BLOADed here.
pack:
        ASSERT pack - ORIGIN < 1024 + 1024, "game code over 1 KB"
