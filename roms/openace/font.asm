; font.asm -- the open ROM's own character set and the routine that installs it.
; Written for aceemu from the spec (shared/spec/ace-hardware.md 3.1): character RAM at
; 0x2C00, 8 bytes per pattern, top row first, bit 7 = leftmost pixel; codes 0x00-0x1F are
; 2x2 block graphics built by rule; 0x20-0x7F are the glyphs below, designed for aceemu
; (a 5x7 design in columns 1-5, lower-case descenders in rows 6-7; 0x60 is a pound sign and
; 0x7F a copyright sign by convention). MIT OR Apache-2.0.

; font_install: fill character RAM. Block graphics for 0x00-0x1F (four copies of the 8
; patterns selected by code & 7: bit 0 top-right, bit 1 top-left, bit 2 bottom-right
; quadrant, each quadrant 4x4 pixels), then the 96 glyphs to 0x2D00 (unpacking the ROW ones).
; Destroys AF, BC, DE, HL and the alternate BC, DE, HL.
font_install:
        LD HL,CHARSET           ; pattern 0 at 0x2C00
        LD C,0                  ; code 0x00..0x1F
.block: LD A,C
        AND 0x02                ; top-left quadrant?
        JR Z,.notl
        LD A,0xF0
.notl:  LD B,A                  ; B = left half of the top rows so far
        LD A,C
        AND 0x01                ; top-right quadrant?
        JR Z,.notr
        LD A,0x0F
.notr:  OR B
        LD B,4
.top:   LD (HL),A               ; rows 0-3
        INC HL
        DJNZ .top
        LD A,C
        AND 0x04                ; bottom-right quadrant? (bottom-left never lit)
        JR Z,.nobr
        LD A,0x0F
.nobr:  LD B,4
.bot:   LD (HL),A               ; rows 4-7
        INC HL
        DJNZ .bot
        INC C
        LD A,C
        CP 0x20
        JR NZ,.block
        LD DE,CHARSET + 0x20 * 8 ; the glyphs follow the 32 block graphics
        LD HL,font_glyphs
        LD C,0x20               ; character code
.glyph: LD A,C
        OR 0x20
        CP 0x7F                 ; 0x5F and 0x7F are stored as 8 plain rows
        PUSH BC
        JR NZ,.packed
        LD BC,8
        LDIR
        JR .next
.packed:                        ; columns 1-5 to B C D E H; source and target in HL', DE'
        PUSH DE
        LD B,(HL)
        INC HL
        LD C,(HL)
        INC HL
        LD D,(HL)
        INC HL
        LD E,(HL)
        INC HL
        PUSH HL
        EXX
        POP HL
        INC HL
        POP DE
        EXX
        LD H,(HL)
        LD L,8                  ; rows, top first
.row:   XOR A
        RR B                    ; this row's bit of each column (bit 0 = the top row),
        RLA                     ; left column first: it ends in the highest bit
        RR C
        RLA
        RR D
        RLA
        RR E
        RLA
        RR H
        RLA
        ADD A,A
        ADD A,A                 ; the 5 columns are bits 6-2
        EXX
        LD (DE),A
        INC DE
        EXX
        DEC L
        JR NZ,.row
        EXX
.next:  POP BC
        INC C
        BIT 7,C
        JR Z,.glyph
        RET

; The glyphs 0x20-0x7F, 8 rows each, top row first, bit 7 = leftmost pixel. A glyph that
; keeps to columns 1-5 (bits 6-2, all but two) is written with ROW: the ROW macro stores
; it packed by columns, 5 bytes instead of 8 (byte n = column n+1 from the left, bit k =
; row k), and font_install unpacks it. 0x5F and 0x7F use the full width and are plain DB
; rows. The source keeps the picture; only the stored bytes are packed.
font_row DEFL 0                 ; rows of the current ROW glyph so far
font_c1 DEFL 0                  ; its columns 1-5 being gathered
font_c2 DEFL 0
font_c3 DEFL 0
font_c4 DEFL 0
font_c5 DEFL 0

ROW     MACRO bits
        ASSERT ((bits) & 0x83) == 0, "a ROW glyph uses columns 1-5 only (bits 6-2)"
font_c1 DEFL font_c1 | ((((bits) >> 6) & 1) << font_row)
font_c2 DEFL font_c2 | ((((bits) >> 5) & 1) << font_row)
font_c3 DEFL font_c3 | ((((bits) >> 4) & 1) << font_row)
font_c4 DEFL font_c4 | ((((bits) >> 3) & 1) << font_row)
font_c5 DEFL font_c5 | ((((bits) >> 2) & 1) << font_row)
font_row DEFL font_row + 1
        IF font_row == 8
        DB font_c1, font_c2, font_c3, font_c4, font_c5
font_row DEFL 0
font_c1 DEFL 0
font_c2 DEFL 0
font_c3 DEFL 0
font_c4 DEFL 0
font_c5 DEFL 0
        ENDIF
        ENDM

font_glyphs:
; 0x20 space
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
; 0x21 !
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00000000
        ROW %00010000
        ROW %00000000
; 0x22 "
        ROW %00101000
        ROW %00101000
        ROW %00101000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
; 0x23 #
        ROW %00000000
        ROW %00101000
        ROW %01111100
        ROW %00101000
        ROW %01111100
        ROW %00101000
        ROW %00000000
        ROW %00000000
; 0x24 $
        ROW %00010000
        ROW %00111100
        ROW %01010000
        ROW %00111000
        ROW %00010100
        ROW %01111000
        ROW %00010000
        ROW %00000000
; 0x25 %
        ROW %01100000
        ROW %01100100
        ROW %00001000
        ROW %00010000
        ROW %00100000
        ROW %01001100
        ROW %00001100
        ROW %00000000
; 0x26 &
        ROW %00110000
        ROW %01001000
        ROW %01010000
        ROW %00100000
        ROW %01010100
        ROW %01001000
        ROW %00110100
        ROW %00000000
; 0x27 '
        ROW %00010000
        ROW %00010000
        ROW %00100000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
; 0x28 (
        ROW %00001000
        ROW %00010000
        ROW %00100000
        ROW %00100000
        ROW %00100000
        ROW %00010000
        ROW %00001000
        ROW %00000000
; 0x29 )
        ROW %00100000
        ROW %00010000
        ROW %00001000
        ROW %00001000
        ROW %00001000
        ROW %00010000
        ROW %00100000
        ROW %00000000
; 0x2A *
        ROW %00000000
        ROW %00010000
        ROW %01010100
        ROW %00111000
        ROW %01010100
        ROW %00010000
        ROW %00000000
        ROW %00000000
; 0x2B +
        ROW %00000000
        ROW %00010000
        ROW %00010000
        ROW %01111100
        ROW %00010000
        ROW %00010000
        ROW %00000000
        ROW %00000000
; 0x2C ,
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00110000
        ROW %00010000
        ROW %00100000
; 0x2D -
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %01111100
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
; 0x2E .
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00110000
        ROW %00110000
        ROW %00000000
; 0x2F /
        ROW %00000000
        ROW %00000100
        ROW %00001000
        ROW %00010000
        ROW %00100000
        ROW %01000000
        ROW %00000000
        ROW %00000000
; 0x30 0
        ROW %00111000
        ROW %01000100
        ROW %01001100
        ROW %01010100
        ROW %01100100
        ROW %01000100
        ROW %00111000
        ROW %00000000
; 0x31 1
        ROW %00010000
        ROW %00110000
        ROW %01010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %01111100
        ROW %00000000
; 0x32 2
        ROW %00111000
        ROW %01000100
        ROW %00000100
        ROW %00011000
        ROW %00100000
        ROW %01000000
        ROW %01111100
        ROW %00000000
; 0x33 3
        ROW %01111100
        ROW %00000100
        ROW %00001000
        ROW %00011000
        ROW %00000100
        ROW %01000100
        ROW %00111000
        ROW %00000000
; 0x34 4
        ROW %00001000
        ROW %00011000
        ROW %00101000
        ROW %01001000
        ROW %01111100
        ROW %00001000
        ROW %00001000
        ROW %00000000
; 0x35 5
        ROW %01111100
        ROW %01000000
        ROW %01111000
        ROW %00000100
        ROW %00000100
        ROW %01000100
        ROW %00111000
        ROW %00000000
; 0x36 6
        ROW %00011000
        ROW %00100000
        ROW %01000000
        ROW %01111000
        ROW %01000100
        ROW %01000100
        ROW %00111000
        ROW %00000000
; 0x37 7
        ROW %01111100
        ROW %00000100
        ROW %00001000
        ROW %00010000
        ROW %00100000
        ROW %00100000
        ROW %00100000
        ROW %00000000
; 0x38 8
        ROW %00111000
        ROW %01000100
        ROW %01000100
        ROW %00111000
        ROW %01000100
        ROW %01000100
        ROW %00111000
        ROW %00000000
; 0x39 9
        ROW %00111000
        ROW %01000100
        ROW %01000100
        ROW %00111100
        ROW %00000100
        ROW %00001000
        ROW %00110000
        ROW %00000000
; 0x3A :
        ROW %00000000
        ROW %00110000
        ROW %00110000
        ROW %00000000
        ROW %00110000
        ROW %00110000
        ROW %00000000
        ROW %00000000
; 0x3B ;
        ROW %00000000
        ROW %00110000
        ROW %00110000
        ROW %00000000
        ROW %00110000
        ROW %00110000
        ROW %00010000
        ROW %00100000
; 0x3C <
        ROW %00000100
        ROW %00001000
        ROW %00010000
        ROW %00100000
        ROW %00010000
        ROW %00001000
        ROW %00000100
        ROW %00000000
; 0x3D =
        ROW %00000000
        ROW %00000000
        ROW %01111100
        ROW %00000000
        ROW %01111100
        ROW %00000000
        ROW %00000000
        ROW %00000000
; 0x3E >
        ROW %01000000
        ROW %00100000
        ROW %00010000
        ROW %00001000
        ROW %00010000
        ROW %00100000
        ROW %01000000
        ROW %00000000
; 0x3F ?
        ROW %00111000
        ROW %01000100
        ROW %00000100
        ROW %00001000
        ROW %00010000
        ROW %00000000
        ROW %00010000
        ROW %00000000
; 0x40 @
        ROW %00111000
        ROW %01000100
        ROW %01011100
        ROW %01010100
        ROW %01011100
        ROW %01000000
        ROW %00111100
        ROW %00000000
; 0x41 A
        ROW %00111000
        ROW %01000100
        ROW %01000100
        ROW %01111100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00000000
; 0x42 B
        ROW %01111000
        ROW %01000100
        ROW %01000100
        ROW %01111000
        ROW %01000100
        ROW %01000100
        ROW %01111000
        ROW %00000000
; 0x43 C
        ROW %00111000
        ROW %01000100
        ROW %01000000
        ROW %01000000
        ROW %01000000
        ROW %01000100
        ROW %00111000
        ROW %00000000
; 0x44 D
        ROW %01110000
        ROW %01001000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01001000
        ROW %01110000
        ROW %00000000
; 0x45 E
        ROW %01111100
        ROW %01000000
        ROW %01000000
        ROW %01111000
        ROW %01000000
        ROW %01000000
        ROW %01111100
        ROW %00000000
; 0x46 F
        ROW %01111100
        ROW %01000000
        ROW %01000000
        ROW %01111000
        ROW %01000000
        ROW %01000000
        ROW %01000000
        ROW %00000000
; 0x47 G
        ROW %00111000
        ROW %01000100
        ROW %01000000
        ROW %01011100
        ROW %01000100
        ROW %01000100
        ROW %00111100
        ROW %00000000
; 0x48 H
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01111100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00000000
; 0x49 I
        ROW %00111000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00111000
        ROW %00000000
; 0x4A J
        ROW %00011100
        ROW %00001000
        ROW %00001000
        ROW %00001000
        ROW %00001000
        ROW %01001000
        ROW %00110000
        ROW %00000000
; 0x4B K
        ROW %01000100
        ROW %01001000
        ROW %01010000
        ROW %01100000
        ROW %01010000
        ROW %01001000
        ROW %01000100
        ROW %00000000
; 0x4C L
        ROW %01000000
        ROW %01000000
        ROW %01000000
        ROW %01000000
        ROW %01000000
        ROW %01000000
        ROW %01111100
        ROW %00000000
; 0x4D M
        ROW %01000100
        ROW %01101100
        ROW %01010100
        ROW %01010100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00000000
; 0x4E N
        ROW %01000100
        ROW %01000100
        ROW %01100100
        ROW %01010100
        ROW %01001100
        ROW %01000100
        ROW %01000100
        ROW %00000000
; 0x4F O
        ROW %00111000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00111000
        ROW %00000000
; 0x50 P
        ROW %01111000
        ROW %01000100
        ROW %01000100
        ROW %01111000
        ROW %01000000
        ROW %01000000
        ROW %01000000
        ROW %00000000
; 0x51 Q
        ROW %00111000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01010100
        ROW %01001000
        ROW %00110100
        ROW %00000000
; 0x52 R
        ROW %01111000
        ROW %01000100
        ROW %01000100
        ROW %01111000
        ROW %01010000
        ROW %01001000
        ROW %01000100
        ROW %00000000
; 0x53 S
        ROW %00111100
        ROW %01000000
        ROW %01000000
        ROW %00111000
        ROW %00000100
        ROW %00000100
        ROW %01111000
        ROW %00000000
; 0x54 T
        ROW %01111100
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00000000
; 0x55 U
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00111000
        ROW %00000000
; 0x56 V
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00101000
        ROW %00010000
        ROW %00000000
; 0x57 W
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01010100
        ROW %01010100
        ROW %01010100
        ROW %00101000
        ROW %00000000
; 0x58 X
        ROW %01000100
        ROW %01000100
        ROW %00101000
        ROW %00010000
        ROW %00101000
        ROW %01000100
        ROW %01000100
        ROW %00000000
; 0x59 Y
        ROW %01000100
        ROW %01000100
        ROW %00101000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00000000
; 0x5A Z
        ROW %01111100
        ROW %00000100
        ROW %00001000
        ROW %00010000
        ROW %00100000
        ROW %01000000
        ROW %01111100
        ROW %00000000
; 0x5B [
        ROW %00111000
        ROW %00100000
        ROW %00100000
        ROW %00100000
        ROW %00100000
        ROW %00100000
        ROW %00111000
        ROW %00000000
; 0x5C \
        ROW %00000000
        ROW %01000000
        ROW %00100000
        ROW %00010000
        ROW %00001000
        ROW %00000100
        ROW %00000000
        ROW %00000000
; 0x5D ]
        ROW %00111000
        ROW %00001000
        ROW %00001000
        ROW %00001000
        ROW %00001000
        ROW %00001000
        ROW %00111000
        ROW %00000000
; 0x5E ^
        ROW %00010000
        ROW %00101000
        ROW %01000100
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
; 0x5F _
        ASSERT $ - font_glyphs == 63 * 5, "0x5F must follow the packed glyphs before it"
        DB %00000000
        DB %00000000
        DB %00000000
        DB %00000000
        DB %00000000
        DB %00000000
        DB %00000000
        DB %11111111
; 0x60 pound
        ROW %00011000
        ROW %00100100
        ROW %00100000
        ROW %01111000
        ROW %00100000
        ROW %00100000
        ROW %01111100
        ROW %00000000
; 0x61 a
        ROW %00000000
        ROW %00000000
        ROW %00111000
        ROW %00000100
        ROW %00111100
        ROW %01000100
        ROW %00111100
        ROW %00000000
; 0x62 b
        ROW %01000000
        ROW %01000000
        ROW %01111000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01111000
        ROW %00000000
; 0x63 c
        ROW %00000000
        ROW %00000000
        ROW %00111100
        ROW %01000000
        ROW %01000000
        ROW %01000000
        ROW %00111100
        ROW %00000000
; 0x64 d
        ROW %00000100
        ROW %00000100
        ROW %00111100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00111100
        ROW %00000000
; 0x65 e
        ROW %00000000
        ROW %00000000
        ROW %00111000
        ROW %01000100
        ROW %01111100
        ROW %01000000
        ROW %00111100
        ROW %00000000
; 0x66 f
        ROW %00011000
        ROW %00100000
        ROW %01111000
        ROW %00100000
        ROW %00100000
        ROW %00100000
        ROW %00100000
        ROW %00000000
; 0x67 g
        ROW %00000000
        ROW %00000000
        ROW %00111100
        ROW %01000100
        ROW %01000100
        ROW %00111100
        ROW %00000100
        ROW %00111000
; 0x68 h
        ROW %01000000
        ROW %01000000
        ROW %01111000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00000000
; 0x69 i
        ROW %00010000
        ROW %00000000
        ROW %00110000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00111000
        ROW %00000000
; 0x6A j
        ROW %00001000
        ROW %00000000
        ROW %00011000
        ROW %00001000
        ROW %00001000
        ROW %00001000
        ROW %01001000
        ROW %00110000
; 0x6B k
        ROW %01000000
        ROW %01000000
        ROW %01001000
        ROW %01010000
        ROW %01100000
        ROW %01010000
        ROW %01001000
        ROW %00000000
; 0x6C l
        ROW %00110000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00111000
        ROW %00000000
; 0x6D m
        ROW %00000000
        ROW %00000000
        ROW %01101000
        ROW %01010100
        ROW %01010100
        ROW %01010100
        ROW %01000100
        ROW %00000000
; 0x6E n
        ROW %00000000
        ROW %00000000
        ROW %01111000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00000000
; 0x6F o
        ROW %00000000
        ROW %00000000
        ROW %00111000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00111000
        ROW %00000000
; 0x70 p
        ROW %00000000
        ROW %00000000
        ROW %01111000
        ROW %01000100
        ROW %01000100
        ROW %01111000
        ROW %01000000
        ROW %01000000
; 0x71 q
        ROW %00000000
        ROW %00000000
        ROW %00111100
        ROW %01000100
        ROW %01000100
        ROW %00111100
        ROW %00000100
        ROW %00000100
; 0x72 r
        ROW %00000000
        ROW %00000000
        ROW %01011000
        ROW %01100100
        ROW %01000000
        ROW %01000000
        ROW %01000000
        ROW %00000000
; 0x73 s
        ROW %00000000
        ROW %00000000
        ROW %00111100
        ROW %01000000
        ROW %00111000
        ROW %00000100
        ROW %01111000
        ROW %00000000
; 0x74 t
        ROW %00100000
        ROW %00100000
        ROW %01111000
        ROW %00100000
        ROW %00100000
        ROW %00100100
        ROW %00011000
        ROW %00000000
; 0x75 u
        ROW %00000000
        ROW %00000000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %01001100
        ROW %00110100
        ROW %00000000
; 0x76 v
        ROW %00000000
        ROW %00000000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00101000
        ROW %00010000
        ROW %00000000
; 0x77 w
        ROW %00000000
        ROW %00000000
        ROW %01000100
        ROW %01000100
        ROW %01010100
        ROW %01010100
        ROW %00101000
        ROW %00000000
; 0x78 x
        ROW %00000000
        ROW %00000000
        ROW %01000100
        ROW %00101000
        ROW %00010000
        ROW %00101000
        ROW %01000100
        ROW %00000000
; 0x79 y
        ROW %00000000
        ROW %00000000
        ROW %01000100
        ROW %01000100
        ROW %01000100
        ROW %00111100
        ROW %00000100
        ROW %00111000
; 0x7A z
        ROW %00000000
        ROW %00000000
        ROW %01111100
        ROW %00001000
        ROW %00010000
        ROW %00100000
        ROW %01111100
        ROW %00000000
; 0x7B {
        ROW %00001100
        ROW %00010000
        ROW %00010000
        ROW %01100000
        ROW %00010000
        ROW %00010000
        ROW %00001100
        ROW %00000000
; 0x7C |
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00010000
        ROW %00000000
; 0x7D }
        ROW %01100000
        ROW %00010000
        ROW %00010000
        ROW %00001100
        ROW %00010000
        ROW %00010000
        ROW %01100000
        ROW %00000000
; 0x7E ~
        ROW %00000000
        ROW %00000000
        ROW %00110100
        ROW %01001000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
; 0x7F copyright
        ASSERT $ - font_glyphs == 94 * 5 + 8, "0x7F must follow the packed glyphs before it"
        DB %00111100
        DB %01000010
        DB %10011001
        DB %10100001
        DB %10100001
        DB %10011001
        DB %01000010
        DB %00111100

font_glyphs_end:
        ASSERT font_row == 0, "a ROW glyph must have 8 rows"
        ASSERT font_glyphs_end - font_glyphs == 94 * 5 + 2 * 8, "font must hold 96 glyphs"
