; plot.asm -- PLOT ( x y n -- ).
; Written for aceemu from the spec: shared/spec/ace-forth.md 9 (PLOT: 64 x 46 grid of 2x2
; block pixels, y from the bottom, y/2 = 22 - screen line; mode n mod 4: 0 clear, 1 set,
; 2 move only, 3 toggle; a cell not holding 0x10-0x17 / 0x90-0x97 counts as blank;
; XCOORD/YCOORD record the position) and ace-hardware.md 3.1 (the block graphics: code & 7
; bit 0 top-right, bit 1 top-left, bit 2 bottom-right; bottom-left only via inverse).
; Points outside the grid are ignored. MIT OR Apache-2.0.
;
; Inside, a cell is a 4-bit mask: bit 0 top-right, 1 top-left, 2 bottom-right,
; 3 bottom-left. Mask m < 8 is the character 0x10 + m; m >= 8 is 0x90 + (~m & 7).

; PLOT ( x y n -- ): written from ace-forth.md 9 and ace-hardware.md 3.1.
        PRIM "PLOT", plot_cfa, 0
        RST 24
        LD C,E                  ; C = mode
        RST 24
        PUSH DE                 ; y
        RST 24                  ; DE = x
        POP HL                  ; HL = y
        LD A,D
        OR H
        JP NZ,.out
        LD A,E
        CP 64
        JP NC,.out
        LD A,L
        CP 46
        JP NC,.out
        LD A,E
        LD (XCOORD),A
        LD A,L
        LD (YCOORD),A
        LD A,C
        AND 3
        CP 2
        JR Z,.out               ; mode 2: only move
        LD B,A                  ; B = mode 0, 1 or 3
        ; quadrant bit: y odd = top row of the cell, x odd = right column
        LD D,0x01               ; top-right
        BIT 0,L
        JR NZ,.top
        LD D,0x04               ; bottom-right
.top:   BIT 0,E
        JR NZ,.right
        SLA D                   ; left: top-left 0x02, bottom-left 0x08
.right: ; cell address: 0x2400 + 32 * (22 - y/2) + x/2
        LD A,L
        SRL A
        NEG
        ADD A,22                ; screen line
        LD L,A
        LD H,0
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        ADD HL,HL
        LD A,E
        SRL A
        ADD A,L
        LD L,A
        LD A,H
        ADC A,HIGH(VIDEO)
        LD H,A
        PUSH DE                 ; ERROR 9 if the cell is in the input buffer (measured on
        PUSH HL                 ; the original, transcripts.md: a line of two rows leaves
        LD DE,(L_HALF)          ; PLOT's bottom row to the buffer)
        AND A
        SBC HL,DE
        POP HL
        POP DE
        JR NC,.inbuf
        ; current mask
        LD A,(HL)
        LD C,A
        AND 0xF8
        CP 0x10
        JR NZ,.inv
        LD A,C
        AND 7
        JR .mask
.inv:   CP 0x90
        LD A,0                  ; anything else counts as blank
        JR NZ,.mask
        LD A,C
        CPL
        AND 7
        OR 8
.mask:  DEC B
        JR Z,.set
        DEC B
        DEC B
        JR Z,.toggle
        LD C,A                  ; mode 0: clear
        LD A,D
        CPL
        AND C
        JR .store
.set:   OR D
        JR .store
.toggle: XOR D
.store: BIT 3,A
        JR NZ,.lowleft
        OR 0x10
        LD (HL),A
        JP (IY)
.lowleft:
        CPL
        AND 7
        OR 0x90
        LD (HL),A
.out:   JP (IY)
.inbuf: RST 32
        DB 9
