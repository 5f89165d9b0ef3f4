; plot.asm -- PLOT ( x y n -- ).
; Written for aceemu from the spec: shared/spec/ace-forth.md 9 (PLOT: 64 x 46 grid of 2x2
; block pixels, y from the bottom, y/2 = 22 - screen line; mode n mod 4: 0 clear, 1 set,
; 2 move only, 3 toggle; a cell not holding 0x10-0x17 / 0x90-0x97 counts as blank;
; XCOORD/YCOORD record the position) and ace-hardware.md 3.1 (the block graphics: code & 7
; bit 0 top-right, bit 1 top-left, bit 2 bottom-right; bottom-left only via inverse).
; An x off the grid wraps into the row (as the original: x/2 mod 32 is the column); a y off
; the grid is ignored (the original's behaviour there is not measured; ignoring it cannot
; write outside the screen). MIT OR Apache-2.0.
;
; Inside, a cell is a 4-bit mask: bit 0 top-right, 1 top-left, 2 bottom-right,
; 3 bottom-left. Mask m < 8 is the character 0x10 + m; m >= 8 is 0x90 + (~m & 7).

; PLOT ( x y n -- ): written from ace-forth.md 9 and ace-hardware.md 3.1.
        PRIM "PLOT", plot_cfa, 0
        RST 24
        LD C,E                  ; C = mode
        RST 0x28                ; pop_two: HL = x, DE = y
        EX DE,HL                ; HL = y, DE = x
        LD A,H
        OR A
        JR NZ,.out
        LD A,L
        CP 46
        JR NC,.out
        LD D,L                  ; D = y, E = x
        LD (XCOORD),DE          ; XCOORD = x, YCOORD = y (consecutive bytes)
        LD A,C
        AND 3
        CP 2
        JR Z,.out              ; mode 2: only move
        LD B,A                  ; B = mode 0, 1 or 3
        ; quadrant bit: y odd = top row of the cell, x odd = right column
        LD C,0x01               ; top-right
        BIT 0,D
        JR NZ,.top
        LD C,0x04               ; bottom-right
.top:   BIT 0,E
        JR NZ,.right
        SLA C                   ; left: top-left 0x02, bottom-left 0x08
.right: ; the cell: line 22 - y/2 = (45 - y)/2, column x/2 mod 32 (x wraps into the row:
        ; x = 70 is column 3, -5 column 29, transcripts.md Round 3)
        LD A,45
        SUB D                   ; (no borrow: y <= 45)
        RRA
        SRL E
        CALL at_addr            ; HL = the cell (AT's working part; keeps BC)
        LD DE,(L_HALF)          ; ERROR 9 if the cell is in the input buffer (measured on
        RST 0x30                ; hl_below_de: the original, transcripts.md: a line of two rows leaves
        JRX NC,at_cfa.bad       ; PLOT's bottom row to the buffer; AT's ERROR 9)
        ; current mask: 0x10 + m for m < 8, 0x9F - m (= m XOR 0x9F) for m >= 8
        LD A,(HL)
        XOR 0x10
        CP 8
        JR C,.mask              ; 0x10-0x17
        XOR 0x8F                ; 0x90-0x97 -> 15..8
        LD E,A
        XOR 8
        CP 8
        LD A,E
        JR C,.mask
        XOR A                   ; anything else counts as blank
.mask:  BIT 1,B
        JR NZ,.toggle           ; mode 3
        OR C                    ; modes 0 and 1 set the bit
        DEC B
        JR Z,.store             ; mode 1
.toggle:
        XOR C                   ; mode 3 toggles, mode 0 clears what it set
.store: BIT 3,A
        JR Z,.normal
        XOR 0x8F                ; m >= 8: m XOR 0x9F
.normal:
        XOR 0x10                ; m < 8: 0x10 + m
        LD (HL),A
.out:   JP (IY)
