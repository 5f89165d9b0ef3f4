; Floating point: F+ F- F* F/ FNEGATE F. INT UFLOAT, the float literal runtime and the
; literal parser NUMBER uses. Written from ace-forth.md 7 (number syntax) and 8 (format).
; MIT OR Apache-2.0.
;
; A float is 2 cells, 4 bytes in data-stack memory order: m0 (BCD digits 5-6), m1 (digits
; 3-4), m2 (digits 1-2), then sign (bit 7) | exponent (bits 0-6, excess 0x40).
; Value = 0.d1d2d3d4d5d6 x 10^(exponent - 0x40); d1 is never 0 except in zero, which is
; four zero bytes.
;
; Arithmetic works on unpacked copies in FP_WS: 5 BCD bytes, least significant first
; (guard = 2 digits below the 6, m0, m1, m2, top = 2 digits above), then the exponent
; (excess 0x40) and the sign byte. Decisions (the spec leaves them open, ace-forth.md 12):
; * Rounding: none. Every result is truncated to 6 digits (digits shifted out are lost),
;   also the parsed literal (1.2345678 reads as 1.23456).
; * Range: a result whose exponent would pass 10^63 is ERROR 8 (also division by zero);
;   one below 10^-64 becomes 0. A literal out of that range is not a number.
; * INT truncates towards zero and keeps the low 16 bits of an integer part too big for
;   a cell; UFLOAT takes the cell as unsigned (0-65535).
; * F. prints zero as `0.` and, in the E form, `d.` when there is one digit (`1.E40`).

FA      EQU FP_WS               ; guard, m0, m1, m2, top
FA_EXP  EQU FP_WS + 5
FA_SGN  EQU FP_WS + 6
FB      EQU FP_WS + 7           ; the same for the second operand
FB_EXP  EQU FP_WS + 12
FB_SGN  EQU FP_WS + 13
ACC     EQU FP_WS + 14          ; 5 bytes: product, quotient (FP_WS ends at +18)

; unpack: the float at HL into DE = FA or FB. out: HL = the float's sign/exponent byte.
; Uses AF, BC, DE.
unpack:
        XOR A
        LD (DE),A               ; guard
        INC DE
        LD BC,3
        LDIR                    ; m0 m1 m2
        XOR A
        LD (DE),A               ; top
        INC DE
        LD A,(HL)
        AND 0x7F
        LD (DE),A               ; exponent
        INC DE
        XOR (HL)
        LD (DE),A               ; sign
        RET

; fp_top: HL = the address of the float on top of the data stack. Uses DE.
fp_top:
        LD HL,(SPARE)
        LD DE,-4
        ADD HL,DE
        RET

; fp_two: the second float into FA, the top one into FB (FB follows FA). out: HL = the second float's address (where the result goes). Uses AF, BC, DE.
fp_two:
        LD HL,(SPARE)
        LD DE,-8
        ADD HL,DE
        PUSH HL
        LD DE,FA
        CALL unpack             ; HL = its last byte, DE = FA_SGN
        INC HL
        INC DE
        CALL unpack
        POP HL
        RET
        ASSERT FB == FA + 7, "fp_two unpacks FA and FB in one run"

; shr5: HL = top byte of a 5-byte BCD number: divide it by 10. shr_b: B bytes.
; out: A = the digit shifted out. Uses B, HL.
shr5:   LD B,5
shr_b:  XOR A
.l:     RRD
        DEC HL
        DJNZ .l
        RET

; shl5: HL = lowest byte of a 5-byte BCD number: multiply by 10 and add A's low digit.
; out: A = the digit shifted out of the top. Uses B, HL.
shl5:   LD B,5
.l:     RLD
        INC HL
        DJNZ .l
        RET

; bcd_add / bcd_sub: (HL..) += / -= (DE..), 5 bytes, least significant first.
; out: carry = carry / borrow out of the top. Uses AF, B, DE, HL.
bcd_add:
        LD B,5
        AND A
.l:     LD A,(DE)
        ADC A,(HL)
        DAA
        LD (HL),A
        INC HL
        INC DE
        DJNZ .l
        RET

bcd_sub:
        LD B,5
        AND A
.l:     EX DE,HL
        LD A,(DE)
        SBC A,(HL)
        DAA
        LD (DE),A
        EX DE,HL
        INC HL
        INC DE
        DJNZ .l
        RET

; clear_acc: ACC := 0. zero_b: B bytes from HL := 0. Uses B, HL.
clear_acc:
        LD HL,ACC
        LD B,5
zero_b: LD (HL),0
        INC HL
        DJNZ zero_b
        RET

; normalize: FA to 0.d1... with d1 not 0, the exponent following; a zero mantissa makes
; FA zero (exponent and sign 0). out: Z set if FA is zero. Uses AF, B, HL.
normalize:
        LD HL,FA
        LD B,5
        XOR A
.z:     OR (HL)
        INC HL
        DJNZ .z
        JR NZ,.right
        LD (FA_EXP),A
        LD (FA_SGN),A
        RET
.right: LD A,(FA + 4)
        OR A
        JR Z,.left
        LD HL,FA + 4
        CALL shr5
        LD HL,FA_EXP
        INC (HL)
        JR .right
.left:  LD A,(FA + 3)
        AND 0xF0
        RET NZ
        LD HL,FA
        CALL shl5               ; A = 0 here
        LD HL,FA_EXP
        DEC (HL)
        JR .left

; acc_done: FA's 5 digit bytes := ACC, then fp_done with the address pushed by the word
; (the shared tail of F* and F/, reached by jumps).
acc_done:
        LD HL,ACC
        LD DE,FA
        LD BC,5
        LDIR
        POP HL
; fp_done: normalize FA and store it as the float at HL, which becomes the top of the
; data stack; ERROR 8 on overflow (exponent 0x80-0xC0 before packing), zero on underflow
; (0xC1-0xFF: below 0 after wrapping). Ends the word (JP (IY)).
fp_done:
        PUSH HL
        CALL normalize
        LD A,(FA_EXP)
        JR Z,.zero
        CP 0x80
        JR C,.store
        CP 0xC1
        JR NC,.zero
        RST 32
        DB 8
.zero:  LD HL,FA + 1
        LD B,3
        CALL zero_b
        XOR A
        JR .pack
.store: LD HL,FA_SGN
        OR (HL)
.pack:  POP DE
        LD HL,FA + 1
        LD BC,3
        LDIR
        LD (DE),A
        INC DE
        LD (SPARE),DE
        JP (IY)

; fp_sign: FA_SGN := FA_SGN xor FB_SGN (the sign of a product or quotient). Uses A, HL.
fp_sign:
        LD A,(FB_SGN)
        LD HL,FA_SGN
        XOR (HL)
        LD (HL),A
        LD HL,FB_EXP            ; for the caller's exponent arithmetic
        LD A,(FA_EXP)
        RET

; next_digit: A = FA's next digit (FA shifted left by one digit, the digit taken out of
; the top byte). Uses B, HL.
next_digit:
        XOR A
        LD HL,FA
        CALL shl5
        LD HL,FA + 4
        LD A,(HL)
        LD (HL),0
        RET

; F+: written from rom-words.tsv (F+) and ace-forth.md 8.
        PRIM "F+", fplus_cfa, 0
        CALL fp_two
        PUSH HL
        LD A,(FA_EXP)           ; FA gets the larger exponent
        LD HL,FB_EXP
        CP (HL)
        JR NC,.ordered
        LD HL,FA
        LD DE,FB
        LD B,7
.swap:  LD C,(HL)
        LD A,(DE)
        LD (HL),A
        LD A,C
        LD (DE),A
        INC HL
        INC DE
        DJNZ .swap
.ordered:
        LD A,(FA_EXP)
        LD HL,FB_EXP
        SUB (HL)
        CP 8
        JR NC,.done             ; FB is below FA's last guard digit
        LD C,A
        INC C
.align: DEC C
        JR Z,.aligned
        LD HL,FB + 4
        CALL shr5
        JR .align
.aligned:
        LD HL,FA_SGN
        LD A,(FB_SGN)
        XOR (HL)
        LD HL,FA
        LD DE,FB
        JR NZ,.sub
        CALL bcd_add
        JR .done
.sub:   CALL bcd_sub
        JR NC,.done
        LD HL,FA                ; FA went below zero: FA := 0 - FA, the other sign
        LD B,5
        AND A
.neg:   LD A,0
        SBC A,(HL)
        DAA
        LD (HL),A
        INC HL
        DJNZ .neg
        LD HL,FA_SGN
        LD A,(HL)
        XOR 0x80
        LD (HL),A
.done:  POP HL
        JP fp_done

; FNEGATE: written from rom-words.tsv (FNEGATE): the sign bit, unless the float is zero.
        PRIM "FNEGATE", fnegate_cfa, 0
        LD HL,(SPARE)
        DEC HL
        DEC HL
        LD A,(HL)               ; m2: 0 only in zero
        INC HL
        OR A
        JR Z,.zero
        LD A,(HL)
        XOR 0x80
        LD (HL),A
.zero:  JP (IY)

; F-: written from rom-words.tsv (F-: a colon word in the original too).
        COLON "F-", fminus_cfa, 0
        DW fnegate_cfa, fplus_cfa, exit_rt

; F*: written from rom-words.tsv (F*). Digit by digit: ACC := (ACC + digit x FA) / 10 for
; FB's 6 digits from the last; ACC keeps 2 guard digits for the normalization.
        PRIM "F*", fstar_cfa, 0
        CALL fp_two
        PUSH HL
        CALL fp_sign
        ADD A,(HL)
        SUB 0x40
        JR NC,.exp
        LD A,0xE0               ; far below 10^-64: fp_done makes it 0
.exp:   LD (FA_EXP),A
        CALL clear_acc
        LD C,6
.digit: LD HL,FB + 3
        LD B,3
        CALL shr_b              ; A = FB's last digit
        OR A
        JR Z,.next
.add:   PUSH AF
        LD HL,ACC
        LD DE,FA
        CALL bcd_add
        POP AF
        DEC A
        JR NZ,.add
.next:  LD HL,ACC + 4
        CALL shr5
        DEC C
        JR NZ,.digit
        JP acc_done

; F/: written from rom-words.tsv (F/) and ace-forth.md 10 (division by zero: ERROR 8).
; 8 quotient digits by repeated subtraction, the first one the integer part of FA/FB.
        PRIM "F/", fslash_cfa, 0
        CALL fp_two
        PUSH HL
        LD A,(FB + 3)           ; m2: 0 only in zero
        OR A
        JR NZ,.ok
        RST 32
        DB 8
.ok:    CALL fp_sign
        SUB (HL)
        ADD A,0x41
        LD (FA_EXP),A
        CALL clear_acc
        LD C,8
.digit: XOR A
.try:   PUSH AF
        LD HL,FA
        LD DE,FB
        CALL bcd_sub
        JR C,.over
        POP AF
        INC A
        JR .try
.over:  LD HL,FA                ; one too many: add it back
        LD DE,FB
        CALL bcd_add
        POP AF                  ; the digit
        LD HL,ACC
        CALL shl5
        XOR A
        LD HL,FA
        CALL shl5
        DEC C
        JR NZ,.digit
        JP acc_done

; INT: written from rom-words.tsv (INT): the integer part, towards zero.
        PRIM "INT", int_cfa, 0
        CALL fp_top
        PUSH HL
        LD DE,FA
        CALL unpack
        LD HL,0
        LD A,(FA_EXP)
        SUB 0x41
        JR C,.done              ; below 1 (zero too)
        INC A
        LD C,A                  ; digits before the point
.digit: PUSH HL
        CALL next_digit
        POP HL
        LD D,H
        LD E,L
        ADD HL,HL
        ADD HL,HL
        ADD HL,DE
        ADD HL,HL
        LD E,A
        LD D,0
        ADD HL,DE
        DEC C
        JR NZ,.digit
        LD A,(FA_SGN)
        OR A
        CALL NZ,neg_hl
.done:  EX DE,HL
        POP HL
        LD (SPARE),HL
        RST 16
        JP (IY)

; UFLOAT: written from rom-words.tsv (UFLOAT): the cell as an unsigned number, converted
; to BCD by doubling (16 times: BCD := 2 x BCD + next bit).
        PRIM "UFLOAT", ufloat_cfa, 0
        RST 24
        LD HL,FA
        LD B,7
        CALL zero_b
        EX DE,HL
        LD B,16
.bit:   ADD HL,HL
        LD DE,FA + 1
        LD C,3
.dbl:   LD A,(DE)
        ADC A,A
        DAA
        LD (DE),A
        INC DE
        DEC C
        JR NZ,.dbl
        DJNZ .bit
        LD A,0x46
        LD (FA_EXP),A
        LD HL,(SPARE)
        JP fp_done

; F.: written from ace-forth.md 8: without exponent when 1.0E-4 <= |f| < 1.0E9, else
; d.ddddE-n; trailing zero digits are not printed; then a space.
        PRIM "F.", fdot_cfa, 0
        CALL fp_top
        LD (SPARE),HL
        LD DE,FA
        CALL unpack
        LD A,(FA_SGN)
        OR A
        LD A,'-'
        CALL NZ,print_a
        LD A,(FA + 3)
        OR A
        JR NZ,.nonzero
        LD A,0x41               ; zero prints as 0.
        LD (FA_EXP),A
.nonzero:
        LD HL,FB                ; 12 digit cells FB..ACC+4: d1..d6, then zeros
        LD B,12
        CALL zero_b
        LD DE,FB
        LD C,6
.ext:   CALL next_digit
        LD (DE),A
        INC DE
        DEC C
        JR NZ,.ext
        LD B,6                  ; n = digits up to the last non-zero one (at least 1)
.tz:    DEC DE
        LD A,(DE)
        OR A
        JR NZ,.counted
        DJNZ .tz
        INC B
.counted:
        LD A,(FA_EXP)
        SUB 0x40                ; e: value = 0.d1d2... x 10^e
        LD E,A
        ADD A,3
        CP 13
        JR NC,.sci              ; outside -3..9
        LD A,E
        DEC A
        JP P,.int               ; e >= 1
        LD A,'.'                ; e <= 0: . then -e zeros, then the digits
        RST 8
        LD A,E
        NEG
        JR Z,.frac
        LD C,A
.zeros: LD A,'0'
        RST 8
        DEC C
        JR NZ,.zeros
.frac:  LD C,0                  ; no point among the digits
        JR .digits
.int:   LD C,E                  ; e digits (at least n), the point after the e-th
        LD A,B
        CP E
        JR NC,.digits
        LD B,E
        JR .digits
.sci:   LD C,1                  ; d.ddd then E and e - 1
        CALL put_digits
        LD A,'E'
        RST 8
        LD A,E
        DEC A
        JP P,.pos
        NEG
        PUSH AF
        LD A,'-'
        RST 8
        POP AF
.pos:   LD L,A
        LD H,0
        CALL print_udec
        JR .space
.digits:
        CALL put_digits
.space: LD A,' '
        RST 8
        JP (IY)

; put_digits: print B digits from FB, with a point after the C-th (C = 0: none).
; Uses AF, B, C, HL.
put_digits:
        LD HL,FB
.l:     LD A,(HL)
        ADD A,'0'
        RST 8
        INC HL
        DEC C
        JR NZ,.np
        LD A,'.'
        RST 8
.np:    DJNZ .l
        RET

; <literal-float>: push the 4 inline bytes (lower cell first) (ace-forth.md 6).
        RUNTIME_LIT_CODE flit_rt, 4
        POP HL
        LD DE,(SPARE)
        LD BC,4
        LDIR
        LD (SPARE),DE
        PUSH HL
        JP (IY)

; [float-literal]: what NUMBER hands LINE for a float (ace-forth.md 7): while compiling,
; the literal runtime and the 4 bytes.
fliteral_cfa:
        DW compiler_cf
        DW flit_rt
        DW swap_cfa, comma_cfa, comma_cfa, exit_rt

; parse_float: the scanned word (W_START, W_LEN) as a float literal (ace-forth.md 7: optional -, digits with one
; point, optionally E, an optional - and decimal digits; a point is required; 6
; significant digits are kept). out: carry = not a float, else BC = lower cell,
; DE = upper cell. The mantissa is built in FB + 1.. (FP_WS + 8..; W_START..W_NUM below
; it are still in use). Registers: HL = text, B = characters left, C = exponent so far,
; D = digits taken, E = flags (bit 0 point, 1 non-zero digit, 2 any digit, 6 minus
; exponent, 7 minus). Uses AF, HL.
parse_float:
        LD HL,FB + 1
        LD B,3
        CALL zero_b             ; m0 m1 m2
        CALL scanned_word
        RET C
        LD DE,0
        LD C,E
        CALL .minus
        JR NZ,.next
        LD E,0x80
.next:  LD A,B
        OR A
        JR Z,.end
        LD A,(HL)
        INC HL
        DEC B
        CALL upcase
        CP 'E'
        JR Z,.exp
        CP '.'
        JR NZ,.digit
        BIT 0,E
        SCF
        RET NZ                  ; a second point
        SET 0,E
        JR .next
.digit: SUB '0'
        CP 10
        CCF
        RET C
        SET 2,E
        OR A
        JR NZ,.sig
        BIT 1,E
        JR NZ,.sig
        BIT 0,E                 ; a leading zero: after the point it lowers the exponent
        JR Z,.next
        DEC C
        JR .next
.sig:   SET 1,E
        BIT 0,E
        JR NZ,.frac
        INC C                   ; a digit before the point
.frac:  CALL .put
        JR .next
.exp:   BIT 0,E                 ; an E needs a point before it (1E30 is not a number)
        SCF
        RET Z
        CALL .minus
        JR NZ,.eplus
        SET 6,E
.eplus: PUSH DE
        LD D,0                  ; the exponent's value
        LD A,B
        OR A
        JR Z,.bad               ; no digits
.edig:  LD A,(HL)
        INC HL
        SUB '0'
        CP 10
        JR NC,.bad
        LD E,A
        LD A,D                  ; D := 10 D + digit
        ADD A,A
        ADD A,A
        ADD A,D
        ADD A,A
        ADD A,E
        LD D,A
        CP 100
        JR NC,.bad
        DJNZ .edig
        LD A,D
        POP DE
        BIT 6,E
        JR Z,.add
        NEG
.add:   ADD A,C
        LD C,A
.end:   LD A,E
        CPL
        AND 5                   ; a point and a digit are both needed
        SCF
        RET NZ
.fill:  LD A,D                  ; fill the mantissa up to 6 digits
        CP 6
        JR NC,.filled
        XOR A
        CALL .put
        JR .fill
.filled:
        LD A,C
        ADD A,0x40
        CP 0x80
        CCF
        RET C                   ; out of range
        LD D,A
        LD A,E
        AND 0x80                ; the sign
        OR D
        LD D,A
        BIT 1,E
        JR NZ,.nz
        LD D,0                  ; zero: all four bytes 0
.nz:    LD A,(FB + 3)
        LD E,A
        LD BC,(FB + 1)
        AND A
        RET
.bad:   POP DE
        SCF
        RET
; .minus: Z if the next character is -, which is then taken. Uses A.
.minus: LD A,B
        OR A
        JR Z,.nominus
        LD A,(HL)
        CP '-'
        RET NZ
        INC HL
        DEC B
        CP A                    ; Z
        RET
.nominus:
        INC A                   ; NZ
        RET
; .put: digit A into the mantissa unless it has 6 already (D counts them). Uses AF.
.put:   PUSH AF
        LD A,D
        CP 6
        JR NC,.full
        INC D
        POP AF
        PUSH HL
        LD HL,FB + 1
        RLD
        INC HL
        RLD
        INC HL
        RLD
        POP HL
        RET
.full:  POP AF
        RET

