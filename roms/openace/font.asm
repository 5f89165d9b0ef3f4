; font.asm -- the open ROM's own character set and the routine that installs it.
; Written for aceemu from the spec (shared/spec/ace-hardware.md 3.1): character RAM at
; 0x2C00, 8 bytes per pattern, top row first, bit 7 = leftmost pixel; codes 0x00-0x1F are
; 2x2 block graphics built by rule; 0x20-0x7F are the glyphs below, designed for aceemu
; (a 5x7 design in columns 1-5, lower-case descenders in rows 6-7; 0x60 is a pound sign and
; 0x7F a copyright sign by convention). MIT OR Apache-2.0.

; font_install: fill character RAM. Block graphics for 0x00-0x1F (four copies of the 8
; patterns selected by code & 7: bit 0 top-right, bit 1 top-left, bit 2 bottom-right
; quadrant, each quadrant 4x4 pixels), then the 96 glyphs to 0x2D00-0x2FFF, decoded from
; the bit stream the ROW macro makes (see below). Destroys AF, BC, DE, HL, IY.
font_install:
        LD HL,CHARSET           ; pattern 0 at 0x2C00
        LD C,0                  ; code 0x00..0x1F
.block: LD A,C
        RRCA                    ; carry = bit 0: top-right quadrant
        SBC A,A
        AND 0x0F
        BIT 1,C                 ; top-left quadrant?
        JR Z,.notl
        OR 0xF0
.notl:  CALL .four              ; rows 0-3
        LD A,C
        RRCA
        RRCA
        RRCA                    ; carry = bit 2: bottom-right (bottom-left never lit)
        SBC A,A
        AND 0x0F
        CALL .four              ; rows 4-7
        INC C
        BIT 5,C
        JR Z,.block
        LD DE,CHARSET + 0x20 * 8 ; the glyphs follow the 32 block graphics
        LD IY,font_glyphs       ; (IY is free until cold_start sets it after this)
        LD H,HIGH(font_rows - 2)
        LD C,0x80               ; bit buffer: only the end marker, the first byte is due
.row:                           ; B = 0 here (.four's and .bits' DJNZ leave it so)
.prefix:
        INC B                   ; B = k + 1 (k = the number of 1 bits before the 0)
        SLA C                   ; carry = the next bit (Z: a new byte is due)
        CALL Z,.load
        JR C,.prefix
        LD A,1
.bits:  SLA C                   ; k + 1 bits below a leading 1: A = 2^(k+1) + bits
        CALL Z,.load
        RLA
        DJNZ .bits
        ADD A,LOW(font_rows - 2) ; = the row's index in font_rows + font_rows
        LD L,A
        LD A,(HL)
        LD (DE),A
        INC E
        JR NZ,.row
        INC D
        LD A,D
        CP HIGH(CHARSET + 0x400)
        JR NZ,.row
        RET
; The stream at IY is read from bit 7 of each byte down: C holds the bits of the current
; byte still to come, then a 1 that marks their end; when SLA C leaves 0 the marker has
; come out and the next byte is taken (.load): carry = its bit 7, the marker goes in at
; bit 0.
.load:  LD C,(IY+0)
        INC IY
        SCF
        RL C
        RET
; .four: A into 4 rows at HL (within its page). Leaves B = 0. Uses B, L.
.four:  LD B,4
.f:     LD (HL),A
        INC L                   ; (the 32 patterns fill one page)
        DJNZ .f
        RET
; The glyphs 0x20-0x7F, 8 rows each, top row first, bit 7 = leftmost pixel. The source
; keeps the picture; only the stored bytes are packed. font_rows lists every row the font
; uses, the most frequent first (counted by hand from the pictures below). Each ROW becomes
; a code for its index i there: k 1 bits and a 0 (k = 0 for i 0-1, 1 for 2-5, 2 for 6-13,
; 3 for 14-29, 4 for 30-61), then the k + 1 low bits of i + 2 (whose bit k + 1 is the
; leading 1), so a common row takes 2 bits. Bits are stored from bit 7 of each byte down;
; the last byte is filled with 0 bits. 768 rows take 382 bytes instead of 768.
; font_rows is pinned after the [to-machine-code] cell (0x1A0E, room after it): it must not
; cross a page, which a floating piece would only do by the packer's luck (any change of
; size elsewhere moved it across one).
        ENDS
        SECTION font_rows_sec
        PIN to_mcode_cfa_pin + 2
font_rows:
        DB 0x00, 0x44, 0x10, 0x40, 0x38, 0x20, 0x08, 0x7C
        DB 0x78, 0x04, 0x3C, 0x30, 0x54, 0x28, 0x48, 0x50
        DB 0x18, 0x60, 0x5C, 0x64, 0x4C, 0x0C, 0x34, 0x70
        DB 0x24, 0x14, 0x1C, 0x6C, 0x68, 0x58
font_rows_end:
        ASSERT HIGH(font_rows - 2) == HIGH(font_rows_end - 1), "font_rows must not cross a page"
        ASSERT font_rows_end - font_rows <= 62, "codes reach index 61"

font_acc DEFL 0                 ; the bits of the byte being filled
font_nbits DEFL 0               ; how many (0-7)
font_ix DEFL 0                  ; the index of the current row in font_rows
font_v DEFL 0                   ; font_ix + 2

; FONT_BIT b: append the bit b to the stream.
FONT_BIT MACRO b
font_acc DEFL (font_acc << 1) | (b)
font_nbits DEFL font_nbits + 1
        IF font_nbits == 8
        DB font_acc
font_acc DEFL 0
font_nbits DEFL 0
        ENDIF
        ENDM

; ROW bits: one row of the current glyph (8 ROWs a glyph).
ROW     MACRO bits
font_ix DEFL -1
        IF (bits) == 0x00
font_ix DEFL 0
        ENDIF
        IF (bits) == 0x44
font_ix DEFL 1
        ENDIF
        IF (bits) == 0x10
font_ix DEFL 2
        ENDIF
        IF (bits) == 0x40
font_ix DEFL 3
        ENDIF
        IF (bits) == 0x38
font_ix DEFL 4
        ENDIF
        IF (bits) == 0x20
font_ix DEFL 5
        ENDIF
        IF (bits) == 0x08
font_ix DEFL 6
        ENDIF
        IF (bits) == 0x7C
font_ix DEFL 7
        ENDIF
        IF (bits) == 0x78
font_ix DEFL 8
        ENDIF
        IF (bits) == 0x04
font_ix DEFL 9
        ENDIF
        IF (bits) == 0x3C
font_ix DEFL 10
        ENDIF
        IF (bits) == 0x30
font_ix DEFL 11
        ENDIF
        IF (bits) == 0x54
font_ix DEFL 12
        ENDIF
        IF (bits) == 0x28
font_ix DEFL 13
        ENDIF
        IF (bits) == 0x48
font_ix DEFL 14
        ENDIF
        IF (bits) == 0x50
font_ix DEFL 15
        ENDIF
        IF (bits) == 0x18
font_ix DEFL 16
        ENDIF
        IF (bits) == 0x60
font_ix DEFL 17
        ENDIF
        IF (bits) == 0x5C
font_ix DEFL 18
        ENDIF
        IF (bits) == 0x64
font_ix DEFL 19
        ENDIF
        IF (bits) == 0x4C
font_ix DEFL 20
        ENDIF
        IF (bits) == 0x0C
font_ix DEFL 21
        ENDIF
        IF (bits) == 0x34
font_ix DEFL 22
        ENDIF
        IF (bits) == 0x70
font_ix DEFL 23
        ENDIF
        IF (bits) == 0x24
font_ix DEFL 24
        ENDIF
        IF (bits) == 0x14
font_ix DEFL 25
        ENDIF
        IF (bits) == 0x1C
font_ix DEFL 26
        ENDIF
        IF (bits) == 0x6C
font_ix DEFL 27
        ENDIF
        IF (bits) == 0x68
font_ix DEFL 28
        ENDIF
        IF (bits) == 0x58
font_ix DEFL 29
        ENDIF
        ASSERT font_ix >= 0, "ROW: a row that is not in font_rows"
font_v DEFL font_ix + 2
        IF font_v >= 4
        FONT_BIT 1
        ENDIF
        IF font_v >= 8
        FONT_BIT 1
        ENDIF
        IF font_v >= 16
        FONT_BIT 1
        ENDIF
        IF font_v >= 32
        FONT_BIT 1
        ENDIF
        FONT_BIT 0
        IF font_v >= 32
        FONT_BIT (font_v >> 4) & 1
        ENDIF
        IF font_v >= 16
        FONT_BIT (font_v >> 3) & 1
        ENDIF
        IF font_v >= 8
        FONT_BIT (font_v >> 2) & 1
        ENDIF
        IF font_v >= 4
        FONT_BIT (font_v >> 1) & 1
        ENDIF
        FONT_BIT font_v & 1
font_rows_seen DEFL font_rows_seen + 1
        ENDM
font_rows_seen DEFL 0

        CUT                     ; (font_rows is a piece of its own: a small piece finds a
font_glyphs:                    ; place within one page more easily)
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
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %00000000
        ROW %01111100
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
; 0x7F copyright (in the 5 columns of the other glyphs)
        ROW %00111000
        ROW %01000100
        ROW %01011100
        ROW %01010100
        ROW %01011100
        ROW %01000100
        ROW %00111000
        ROW %00000000

        IF font_nbits
        DB font_acc << (8 - font_nbits) ; the last bits' byte
        ENDIF
font_glyphs_end:
        ASSERT font_rows_seen == 96 * 8, "font must hold 96 glyphs of 8 rows"
