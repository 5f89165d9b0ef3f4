; mazezam3k.asm -- MazezaM for the unexpanded (3 KB) Jupiter Ace in Z80 machine code
; (aceasm syntax): the whole game and its levels in the machine's own 1 KB of RAM.
;
; MazezaM was invented by Malcolm Tyrrell; this is an independent implementation written
; for aceemu from the rules in the project's fact sheet (mazezam.md) and the screen layout
; of src/games/mazezam/screen.rs. It is mc/mazezam.asm (the 19 KB port) cut down to fit:
; the same rules, keys and screen, less text, no level titles, no move counter, no bar
; shapes, no walk out, and no way back to Forth. Licence: MIT OR Apache-2.0.
;
; Where the bytes live (mc/README.md has the map with the measured numbers):
; - ORIGIN (0x3C51)..start-1: over the loader word PLAY, which BLOADs this image over
;   itself (see thread_tail);
; - start..pack-1: the game; pack..TOP-1: the level pack (format below);
; - TOP..0x3FFF: the Z80 stack of PLAY and BLOAD while the image loads;
; - 0x2740..: the variables, and from 0x2800 down the game's own stack, in the PAD (video
;   RAM that is never shown; the ROM's tape routines use 0x2701..0x2732 of it only while
;   a tape is read, and 0x2700 stays 0);
; - the video RAM is the game state, as in the 19 KB port: a cell holds a block when its
;   screen code is 4 or 0x84; the character RAM holds patterns 1..4, written once and
;   never read back.
;
; It calls nothing inside the ROM, so it runs under the open ROM and the original alike:
; its own keyboard scan of port 0xFE, its own writes to video RAM and character RAM. It
; never goes back to Forth (Forth's data stack would run over it): IX and IY are left
; alone for the ROM's interrupt. Frame pacing: HALT waits for the ROM's 50 Hz interrupt.
;
; Keys: Z X K M or the cursor keys (SHIFT+5 8 6 7) move, R retries (costs a life),
; Q quits the game; on the title page digits choose the level and ENTER starts. A key
; acts once per press (it must be released before it acts again).

ORIGIN          EQU 0x3C51      ; where BLOAD puts the image: over the loader itself
LOADER_END      EQU 0x3C6E      ; STKBOT after LOAD mz3k: the end of the loader's word PLAY
TOP             EQU 0x3FD8      ; the end of the game's room: PLAY and BLOAD use the stack above

SCREEN          EQU 0x2400
CHARS           EQU 0x2C00
STACK           EQU 0x2800      ; the game's own Z80 stack: the top of the PAD

WALL            EQU 0x01        ; screen codes (screen.rs)
PLAYER          EQU 0x02
GATE            EQU 0x03
BLOCK           EQU 0x04        ; +0x80 on odd rows; no bar shapes (codes 5..7): no room
EMPTY           EQU 0x20

K_LEFT          EQU 1           ; what `scan` returns: the cursor keys' order (5 6 7 8)
K_UP            EQU 2
K_DOWN          EQU 3
K_RIGHT         EQU 4
K_ENTER         EQU 13

TITLE_SEL       EQU SCREEN + 9*32 + 18      ; the two digits of "LEVEL nn" on the title page

        ORG ORIGIN

; The image is BLOADed over the loader word PLAY (`ORIGIN SIZE BLOAD start CALL ;`) while
; PLAY runs. Its name, header and first cells are no longer needed then, so routines go
; there; its last three cells (`start` as a literal, CALL, ;) are still to run when BLOAD
; returns: thread_tail holds the very same bytes, copied in by the tape builder from the
; loader it made. start is where STKBOT points after LOAD.

; all_up: wait, one frame at a time, until no key is down; A = 0.
all_up:
        HALT
        XOR A
        IN A,(0xFE)             ; A8..A15 all low: every half-row at once
        CPL
        AND 0x1F
        JR NZ,all_up
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

        ASSERT thread_tail == LOADER_END - 8, "the image must end PLAY's thread in place"
thread_tail:
        DS 8                    ; filled in by the tape builder
        ASSERT start == LOADER_END, "start must be where the loader ends"

start:
        LD SP,STACK             ; the game never goes back to Forth
        LD HL,patterns
        LD DE,CHARS + 8
        JR copy
        DB 0
; PLAY's last number on Forth's data stack (STKBOT + 12, STKBOT being start) is written
; here after BLOAD has filled this memory: it is what it becomes, so nothing changes.
        ASSERT stack_cell == start + 12, "the data stack's cell must fall on stack_cell"
stack_cell:
        DW start
copy:   LD BC,4*8
        LDIR
        CALL all_up             ; let go of the ENTER that started the game first
        LD (last_key),A         ; A = 0: no key down
        INC A
        LD (sel),A              ; level 1 chosen

; The title page: credits, keys, level choice.
title:
        CALL clear
        LD HL,title_text
        CALL print_list
.show:
        LD A,(sel)
        LD HL,TITLE_SEL
        CALL print_num2
.key:
        CALL get_key
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
        DEC A                   ; level 00 becomes 255: beyond the last level
        LD HL,pack
        CP (HL)
        JR NC,.key              ; beyond the last level
        LD (level),A
        LD A,3
        LD (lives),A

new_level:
        CALL draw_level

; The game: one key, one move (or nothing).
play:
        CALL get_key
        CP 'Q'
        JR Z,game_over
        CP 'R'
        JR Z,retry
        DEC A
        CP 4
        JR NC,play
        LD HL,(ppos)
        LD DE,-32
        CP K_UP - 1
        JR Z,vertical
        LD DE,32
        CP K_DOWN - 1
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

retry:
        LD HL,lives
        LD A,(HL)
        OR A
        JR Z,game_over          ; no life left to pay with
        DEC (HL)
        JR new_level

game_over:
        LD HL,over_text

; message: HL = the lines to show on a clear screen; wait for a key, then the title page.
message:
        PUSH HL
        CALL clear
        POP HL
        CALL print_list
        CALL get_key
        JP title

vertical:
        ADD HL,DE
        LD A,(HL)
        CP EMPTY
        JP NZ,play              ; no vertical pushes; walls stop the player
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

; moved: HL = ppos, E = column change.
moved:
        LD A,(pcol)
        ADD A,E
        LD (pcol),A
        LD DE,(exit_addr)
        OR A
        SBC HL,DE
        JP NZ,play

; Solved: the next level.
        LD HL,level
        INC (HL)
        LD A,(pack)
        CP (HL)
        JP NZ,new_level
        LD HL,win_text
        JR message

; ---------------------------------------------------------------------------------------
; draw_level: the whole screen for level (level), the player in the entrance gap.
draw_level:
        LD HL,pack + 1
        LD A,(level)
        INC A
        LD B,A
        JR .next
.skip:  LD A,(HL)               ; a level's first byte is its length
        ADD A,L
        LD L,A
        ADC A,H
        SUB L
        LD H,A
.next:  DJNZ .skip
        INC HL
        LD DE,width             ; width, height, entrance, exit
        LD BC,4
        LDIR
        PUSH HL                 ; the cells
        CALL clear
        LD HL,SCREEN + 32
        LD BC,22*32
        LD A,WALL
        CALL fill
        ; ib = the interior's top-left cell: line 2 + (20 - H) / 2, column 1 + (30 - W) / 2;
        ; SCREEN + 32 * n is 32 * (0x120 + n)
        LD A,(height)
        CPL
        ADD A,21                ; 20 - H
        SRL A
        ADD A,0x22
        LD L,A
        LD H,1
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
        LD (ib),HL
        ; the cells, one bit each, first cell in bit 7
        POP DE
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
        LD A,(ib)               ; odd rows (whose line differs from ib's in bit 5 of the
        XOR L                   ; address) in inverse video
        AND 0x20
        ADD A,A
        ADD A,A
        OR BLOCK
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
        ; line 0: "LEVEL nn" and "LIVES nn"
        LD HL,status_text
        LD DE,SCREEN
        CALL print
        LD E,24
        CALL print
        LD A,(level)
        INC A
        LD HL,SCREEN + 6
        CALL print_num2
        LD A,(lives)
        LD HL,SCREEN + 30
        ; fall into print_num2

; print_num2: A (0..99) as two decimal digits at HL.
print_num2:
        LD B,'0' - 1
.tens:  INC B
        SUB 10
        JR NC,.tens
        ADD A,'0' + 10
        LD (HL),B
        INC HL
        LD (HL),A
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

; scan: the keyboard matrix (ace-hardware.md 6), all eight half-rows. A = the code from
; key_table of the last key found down (0 if none), with SHIFT+5/6/7/8 as cursor keys.
scan:
        LD HL,key_table
        LD BC,0xFEFE
        LD E,0
.row:   IN A,(C)
        LD D,5
.bit:   RRA
        JR C,.up                ; a 1 is a key that is up
        LD E,(HL)
.up:    INC HL
        DEC D
        JR NZ,.bit
        RLC B
        JR C,.row
        LD A,B                  ; B = 0xFE: SHIFT's half-row
        IN A,(0xFE)
        RRA                     ; carry: SHIFT is up
        LD A,E
        RET C
        SUB '5'
        CP 4
        INC A                   ; SHIFT + 5 6 7 8 are K_LEFT K_UP K_DOWN K_RIGHT
        RET C
        LD A,E
        RET

; print_list: from HL, until a 0 byte, a screen address (DW, its low byte never 0) then
; a DC string to put there.
print_list:
        LD E,(HL)
        INC E
        DEC E
        RET Z
        INC HL
        LD D,(HL)
        INC HL
        CALL print
        JR print_list

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

; Patterns 1..4 (8 rows each, top first, bit 7 leftmost), as in the 19 KB port.
patterns:
        DB 0xEF, 0xEF, 0xEF, 0x00, 0xFE, 0xFE, 0xFE, 0x00     ; 1 wall brick
        DB 0x18, 0x18, 0x3C, 0x5A, 0x18, 0x24, 0x24, 0x66     ; 2 player
        DB 0xFF, 0x99, 0x99, 0xFF, 0x99, 0x99, 0xFF, 0x99     ; 3 closed entrance gate
        DB 0x00, 0x7E, 0x56, 0x6A, 0x56, 0x6A, 0x7E, 0x00     ; 4 block alone

status_text:
        DC "LEVEL"
        DC "LIVES"

; The title page (the level's digits at TITLE_SEL) and the end screens, in print_list's
; form.
title_text:
        DW SCREEN + 5*32 + 3
        DC "MazezaM by Malcolm Tyrrell"
        DW TITLE_SEL - 6
        DC "LEVEL"
        DW SCREEN + 13*32 + 4
        DC "ZXKM/cursors R retry Q quit"
        DB 0

win_text:
        DW SCREEN + 10*32 + 8
        DC "You have escaped"
        DB 0

over_text:
        DW SCREEN + 10*32 + 11
        DC "GAME OVER"
        DB 0

; Variables, in the PAD (not part of the image; the ROM's tape routines use 0x2701..0x2732
; of it only while a tape is read, and the game's stack grows down from STACK).
VARS            EQU 0x2740
sel             EQU VARS        ; level chosen on the title page (1-based)
level           EQU VARS + 1    ; level being played (0-based)
lives           EQU VARS + 2
last_key        EQU VARS + 3    ; code seen by the previous scan
width           EQU VARS + 4    ; these four in the pack's order
height          EQU VARS + 5
entrance        EQU VARS + 6
exit            EQU VARS + 7
pcol            EQU VARS + 8    ; player's column: 0 entrance gap, 1..W inside
ppos            EQU VARS + 9    ; player's address in video RAM
ib              EQU VARS + 11   ; interior's top-left cell in video RAM
exit_addr       EQU VARS + 13   ; the exit gap in video RAM

; The level pack (count, then per level: its length in bytes, W, H, entrance row, exit
; row, the cells one bit each; src/frontend/mazezam_3k_tape.rs): appended by the tape
; builder; LEVELS BLOADs a level tape here.
pack:
PACK_MAX        EQU TOP - pack  ; room for a level pack, up to TOP
        ; ASSERT pack < TOP, "the code reaches TOP"
