; cabbage.asm -- the CABBAGE 3x3 rule engine for the Jupiter Ace in Z80 machine code
; (aceasm syntax). Behaviour: the "CABBAGE-compatible mode" of the project's fact sheet
; rule-engine.md section 4, as src/games/cabbage/engine.rs implements it; written for
; aceemu. Licence: MIT OR Apache-2.0.
;
; It calls nothing inside the ROM. It is entered by Forth's CALL and goes back to Forth
; with JP (IY) on BREAK (SHIFT + SPACE); IX and IY are never used. Keys come from the
; ROM's interrupt scanner (KEYCOD, 0x3C26): a key is taken when KEYCOD turns from 0 to a
; code, so a held key acts once. Frame pacing: HALT waits for the 50 Hz interrupt.
;
; A cycle: draw the map (already drawn at the start), wait up to 7 frames (0.14 s; the
; original waits 0.131 s) for a key, pass A over list A, pass B over list B, draw, count.
;
; The game (made by src/frontend/cabbage_tape.rs) is appended at `game`:
;   game+0  X (bytes per map line, newline included)      game+1  Y (map lines)
;   game+2  address of the working map (X*Y bytes, guards of 0x0A before and after)
;   game+4  that address - 1          game+6  one past the working map's last byte
;   game+8  the initial map           game+10 X*Y
;   game+12 the last cell pass B starts at (line Y-1's newline)
;   game+14 the table page P: page P holds the high bytes, page P+1 the low bytes, of
;           each centre character's rule chain (list A at c, list B at c + 128; high
;           byte 0 = no rule).
;   game+15 the end tile (0: none): when a cycle leaves it on the map the game is
;           finished: the bottom line says so, moves are no longer taken, ENTER starts
;           the game again from its first map, BREAK goes back to Forth.
;   game+16 the key line: 32 screen codes for the bottom line while playing.
; A chain lists the rules of one centre, last written first; each rule is
;   key (0x80 any key), skip (bytes after this one up to the next rule), matches
;   (count, then offset/character pairs), writes (count, pairs, the centre's first);
; offsets are signed bytes from the centre; 0xFF ends the chain.

ORIGIN          EQU 0x3D00
REGION          EQU 8192        ; code + game: what PLAY reserves and BLOAD may load

SCREEN          EQU 0x2400
STATUS          EQU SCREEN + 23 * 32    ; the bottom line: keys, or the end
SCRPOS          EQU 0x3C1C
INSCRN          EQU 0x3C1E
KEYCOD          EQU 0x3C26
ENTER           EQU 0x0D
WAIT_FRAMES     EQU 7
ANY_KEY         EQU 0x80
END_CHAIN       EQU 0xFF

G_X             EQU game + 0
G_Y             EQU game + 1
G_MAP           EQU game + 2
G_MAP_M1        EQU game + 4
G_END           EQU game + 6
G_INIT          EQU game + 8
G_SIZE          EQU game + 10
G_LAST          EQU game + 12
G_PAGE          EQU game + 14
G_END_TILE      EQU game + 15
G_KEYS          EQU game + 16

        ORG ORIGIN

start:
        LD (saved_sp),SP
        LD A,(G_PAGE)
        LD (pass_a.page + 1),A
        LD (pass_b.page + 1),A
        LD HL,(G_INIT)
        LD DE,(G_MAP)
        LD BC,(G_SIZE)
        LDIR
        LD HL,0
        LD (cycles),HL
        CALL clear
        CALL draw
        LD HL,G_KEYS
        LD DE,STATUS
        LD BC,32
        LDIR
        CALL all_up
        XOR A
        LD (last),A
cycle:
        CALL wait_key
        LD (key),A
cycle_run:                      ; (benchmarks time from here to cycle_done)
        CALL pass_a
        CALL pass_b
        CALL draw
        LD HL,(cycles)
        INC HL
        LD (cycles),HL
cycle_done:
        LD A,(G_END_TILE)
        OR A
        JR Z,cycle
        LD HL,(G_MAP)
        LD BC,(G_SIZE)
        CPIR
        JR NZ,cycle
        ; fall into finished

; finished: the end tile is on the map. The bottom line says so in inverse video; keys
; are no longer taken as moves; ENTER (pressed after this point) starts again.
finished:
        LD HL,end_text
        LD DE,STATUS
        LD B,32
.text:  LD A,(HL)
        OR 0x80
        LD (DE),A
        INC HL
        INC DE
        DJNZ .text
        LD A,(KEYCOD)           ; a key held as the game ends does not count
        LD (last),A
.wait:  CALL wait_key
        CP ENTER
        JP Z,start
        JR .wait

; Pass A: list A in reading order. With a key it starts at line 2 column 1, without at
; line 1 column 1; the first line is visited whole (newline position included), the
; others from column 2; the last line is never a centre.
pass_a:
        LD HL,(G_MAP)
        LD A,(G_Y)
        DEC A
        LD C,A                  ; lines: Y-1 without a key
        LD A,(key)
        OR A
        JR Z,.lines
        LD A,(G_X)
        LD E,A
        LD D,0
        ADD HL,DE
        DEC C                   ; Y-2 with a key, from line 2
.lines: LD A,C
        OR A
        RET Z
        RET M
        LD A,(G_X)
        LD B,A                  ; the first line: all X cells
.cell:  LD E,(HL)
.page:  LD D,0                  ; (patched: the table page)
        LD A,(DE)
        OR A
        CALL NZ,visit
        INC HL
        DJNZ .cell
        DEC C
        RET Z
        INC HL                  ; column 1 is not a centre
        LD A,(G_X)
        DEC A
        LD B,A
        JR .cell

; Pass B: list B, lines Y-1 up to 2, each from the newline position left to column 2.
pass_b:
        LD A,(G_Y)
        SUB 2
        RET C
        RET Z
        LD C,A
        LD HL,(G_LAST)
.line:  LD A,(G_X)
        DEC A
        LD B,A
.cell:  LD A,(HL)
        OR 0x80
        LD E,A
.page:  LD D,0                  ; (patched)
        LD A,(DE)
        OR A
        CALL NZ,visit
        DEC HL
        DJNZ .cell
        DEC HL                  ; column 1 is not a centre
        DEC C
        JR NZ,.line
        RET

; visit: every rule of the chain at high byte A, low byte at (D+1, E), tried in chain
; order against the map as the earlier ones left it; the centre is not checked again.
; in: HL = the centre cell. Keeps BC, HL.
visit:
        PUSH HL
        PUSH BC
        LD (cell),HL
        INC D
        LD H,A
        LD A,(DE)
        LD L,A
.rule:  LD A,(HL)               ; the key
        CP END_CHAIN
        JR Z,.done
        INC HL
        LD C,(HL)               ; skip to the next rule
        INC HL
        LD B,0
        PUSH HL
        ADD HL,BC
        EX (SP),HL              ; (SP) = the next rule, HL = the matches
        CP ANY_KEY
        JR Z,.keyok
        LD B,A
        LD A,(key)
        CP B
        JR NZ,.next
.keyok: LD DE,(cell)
        LD B,(HL)               ; matches
        INC HL
        LD A,B
        OR A
        JR Z,.write
.match: LD A,(HL)               ; offset
        INC HL
        PUSH HL
        LD L,A
        ADD A,A
        SBC A,A
        LD H,A
        ADD HL,DE
        LD A,(HL)               ; the map's character there (0x0A in the guards)
        POP HL
        CP (HL)
        INC HL
        JR NZ,.next
        DJNZ .match
.write: LD B,(HL)               ; writes
        INC HL
        LD A,B
        OR A
        JR Z,.next
.wloop: LD A,(HL)               ; offset
        INC HL
        PUSH HL
        LD L,A
        ADD A,A
        SBC A,A
        LD H,A
        ADD HL,DE               ; the target
        PUSH DE
        EX DE,HL
        LD HL,(G_MAP_M1)
        OR A
        SBC HL,DE               ; borrow: the target is at or after the map's start
        JR NC,.drop
        LD HL,(G_END)
        SBC HL,DE               ; (borrow in) no borrow: the target is before the end
        JR C,.drop
        EX DE,HL                ; HL = the target
        POP DE
        EX (SP),HL              ; HL = the pair, (SP) = the target
        LD A,(HL)
        INC HL
        EX (SP),HL
        LD (HL),A
        POP HL
        DJNZ .wloop
        JR .next
.drop:  POP DE                  ; outside the map: the write is dropped (spec 4)
        POP HL
        INC HL
        DJNZ .wloop
.next:  POP HL
        JR .rule
.done:  POP BC
        POP HL
        RET

; draw: the visible map at the top left of the screen (line ends are not drawn).
draw:
        LD HL,(G_MAP)
        LD DE,SCREEN
        LD A,(G_Y)
        LD C,A
.row:   PUSH BC
        PUSH DE
        LD A,(G_X)
        DEC A
        LD C,A
        LD B,0
        LDIR
        INC HL                  ; over the newline
        POP DE
        LD A,E
        ADD A,32
        LD E,A
        JR NC,.same
        INC D
.same:  POP BC
        DEC C
        JR NZ,.row
        RET

; wait_key: up to WAIT_FRAMES frames; out: A = the key that came, or 0. BREAK leaves.
wait_key:
        LD B,WAIT_FRAMES
.frame: HALT
        LD A,0xFE               ; SHIFT is bit 0 of half-row 0xFE,
        IN A,(0xFE)
        RRA
        JR C,.scan
        LD A,0x7F               ; SPACE bit 0 of half-row 0x7F
        IN A,(0xFE)
        RRA
        JP NC,to_forth
.scan:  LD A,(last)
        LD D,A
        LD A,(KEYCOD)
        LD (last),A
        OR A
        JR Z,.none
        CP 0xFF
        JR Z,.none
        LD C,A
        LD A,D
        OR A
        LD A,C
        RET Z                   ; a new key
.none:  DJNZ .frame
        XOR A
        RET

; all_up: waits until no key is held.
all_up:
        XOR A
        IN A,(0xFE)
        CPL
        AND 0x1F
        JR NZ,all_up
        RET

clear:
        LD HL,SCREEN
        LD DE,SCREEN + 1
        LD BC,767
        LD (HL),' '
        LDIR
        RET

to_forth:
        CALL all_up
        CALL clear
        LD HL,(INSCRN)
        LD (HL),0               ; the logical line's start marker
        LD HL,SCREEN
        LD (SCRPOS),HL
        LD SP,(saved_sp)
        JP (IY)

end_text:       DB "THE END  ENTER:again BREAK:Forth"

saved_sp:       DW 0
cell:           DW 0
cycles:         DW 0            ; cycles run since the start (tests watch it)
key:            DB 0            ; this cycle's key, 0 = none
last:           DB 0            ; KEYCOD at the last frame looked at

game:
