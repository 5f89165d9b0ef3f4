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
; (excess 0x40) and the sign byte. Read as a 10-digit integer N, such a copy is worth
; N x 10^(exponent - 0x48). Decisions (the spec leaves them open, ace-forth.md 12):
; * Rounding: F+ F- F* F/ round half up to 6 digits, as the original (transcripts.md
;   Round 4, float-vectors.json: all 240 measured results). F* and F/ make 7-8 exact
;   digits (the lower ones truncated) and round on the 7th; F+ rounds the operand it
;   shifts right (digits below its 6th at the larger exponent) before adding, then the
;   sum if it carried into a 7th digit: so 612.133 - 66.3275 is 545.805 (66.3275 is
;   taken as 66.328), not the exact 545.8055 rounded up. Our choice where the spec is
;   silent: a literal is truncated (1.2345678 reads as 1.23456).
; * Range: a result whose exponent would pass 10^63 is ERROR 8 (also division by zero);
;   one below 10^-64 becomes 0. A literal out of that range is not a number.
; * INT truncates towards zero and keeps the low 16 bits of an integer part too big for
;   a cell; UFLOAT takes the cell as unsigned (0-65535).
; * F. prints zero as `0.` and, in the E form, `d.` when there is one digit (`1.E40`).

FB      EQU FP_WS               ; guard, m0, m1, m2, top (the second operand)
FB_EXP  EQU FP_WS + 5
FB_SGN  EQU FP_WS + 6
FA      EQU FP_WS + 7           ; the same for the first operand and every result; above
FA_EXP  EQU FP_WS + 12          ; the word scanner's W_START..W_NUM (FP_WS + 0..7), so the
FA_SGN  EQU FP_WS + 13          ; literal parser can use it while they are still in use
ACC     EQU FP_WS + 14          ; 5 bytes: product, quotient (FP_WS ends at +18)
        ASSERT FA_EXP == FA + 5 && ACC == FA_SGN + 1 && FA == FB + 7 ; (shl5, fp_sign, F+ count on it)

; unpack: the float at HL into DE = FA or FB (unpack_fa: FA). out: HL = the float's
; sign/exponent byte, DE = the copy's sign byte, A = the sign (0 or 0x80). Uses AF, BC,
; DE.
unpack_fa:
        LD DE,FA
unpack:
        XOR A
        LD (DE),A               ; guard
        INC DE
        LD BC,3
        LDIR                    ; m0 m1 m2
        LD (DE),A               ; top
        INC DE
        LD A,(HL)
        AND 0x7F
        LD (DE),A               ; exponent
        INC DE
        XOR (HL)
        LD (DE),A               ; sign
        RET

        CUT
; fp_two: pop two floats (their bytes stay where they were): the second into FA, the top
; one into FB. out: the second float's address (where the result goes, SPARE now) pushed
; under the return address. Uses AF, BC, DE, HL.
fp_two:
        RST 24
        RST 24
        RST 24
        RST 24                  ; HL = SPARE: the second float
        POP BC
        PUSH HL
        PUSH BC
        CALL unpack_fa          ; HL = its last byte
        INC HL
        LD DE,FB
        JRX unpack

        CUT
; shr5: HL = top byte of a 5-byte BCD number: divide it by 10. shr_b: B bytes.
; out: A = the digit shifted out. Uses B, HL.
shr5:   LD B,5
shr_b:  XOR A
.l:     RRD
        DEC HL
        DJNZ .l
        RET

        CUT
; next_digit: A = FA's next digit: FA+0..FA+3 (top digit m2's first) shifted left by one
; digit. Uses B, HL.
next_digit:
        LD HL,FA
        LD B,4
        XOR A
        JR shl_b

; shl5: HL = lowest byte of a 5-byte BCD number: multiply by 10 and add A's low digit.
; shl_b: B bytes. out: A = the digit shifted out of the top. Uses B, HL.
shl5:   LD B,5
shl_b:  RLD
        INC HL
        DJNZ shl_b
        RET

        CUT
; bcd_add: (HL..) += (DE..), 5 bytes, least significant first; bcd_adc adds the carry
; too; fa_add_fb: FA += FB. out: carry = carry out of the top. Uses AF, B, DE, HL.
fa_add_fb:
        LD HL,FA
        LD DE,FB
bcd_add:
        AND A
bcd_adc:
        LD B,5
.l:     LD A,(DE)
        ADC A,(HL)
        DAA
        LD (HL),A
        INC HL
        INC DE
        DJNZ .l
        RET

        CUT
; fa_sub_fb: FA -= FB. out: carry = borrow out of the top. Uses AF, B, DE, HL.
fa_sub_fb:
        LD DE,FA
        LD HL,FB
        LD B,5
        AND A
.l:     LD A,(DE)
        SBC A,(HL)
        DAA
        LD (DE),A
        INC HL
        INC DE
        DJNZ .l
        RET

        CUT
; zero_fa: FA, FA_EXP and FA_SGN := 0. zero_b: B bytes from HL := 0. Uses B, HL (not
; the flags).
zero_fa:
        LD HL,FA
        LD B,7
zero_b: LD (HL),0
        INC HL
        DJNZ zero_b
        RET

        CUT
; fp_pack: normalize FA (to 0.d1... with d1, the top digit of m2, not 0, the exponent
; following), round it to 6 digits by E (0x50: half up, as the original rounds F+ F- F*
; F/, transcripts.md Round 4; 0: truncated, the literal parser) and pack it in place as
; the float FA+1..FA+4. A digit above m2 comes only from a carry out of 6 digits, a
; rounding up of 999999 or a 9-digit literal: one shift right is enough. A non-zero FA
; needs at most 7 shifts left; after 8 it is zero (its exponent then 8 lower, which the
; literal parser's range check counts on). Exponent 0x80-0xC0 (before packing) is an
; overflow: carry. 0xC1-0xFF (below 0 after wrapping) is an underflow: the float is 0,
; like a zero mantissa. Uses AF, BC, HL.
fp_pack:
        LD HL,FA + 4
        LD A,(HL)
        OR A
        JR Z,.left
        CALL shr5
        LD HL,FA_EXP
        INC (HL)
.left:  LD C,8
.l:     LD A,(FA + 3)
        AND 0xF0
        JR NZ,.round
        LD HL,FA
        CALL shl5               ; A = 0 here; HL = FA + 5 = FA_EXP after it
        DEC (HL)
        DEC C
        JR NZ,.l
        JR .zero                ; carry is clear
.round: CALL round_fa           ; A = the top byte: 1 if 0.999999 rounded up to 1.0
        OR A
        JR NZ,fp_pack
        LD A,(FA_EXP)
        CP 0x80
        JR C,.ok
        CP 0xC1
        RET C                   ; overflow
.zero:  LD HL,FA + 1
        LD B,4
        JRX zero_b               ; carry is clear
.ok:    LD HL,FA_SGN
        OR (HL)
        LD (FA + 4),A
        RET

        CUT
; round_guard: HL = the guard byte of a 5-byte BCD number: add E to it (0x50: the 8
; digits above are rounded half up; 0: left as they are), the carry going up, and clear
; it. out: A = the top byte, HL = its address. Uses AF, B, HL. round_fa: FA's.
round_fa:
        LD HL,FA
round_guard:
        LD A,(HL)
        LD (HL),0
        ADD A,E
        DAA                     ; carry: the guard was 0x50 or more (E = 0x50)
        LD B,4
.up:    INC HL
        LD A,(HL)
        ADC A,0
        DAA
        LD (HL),A
        DJNZ .up
        RET

        CUT
; fp_sign: A = FB_SGN (as fp_two leaves it): FA_SGN := FA_SGN xor FB_SGN (the sign of a
; product or quotient), ACC := 0 and C := 8 (F* and F/ make 8 digits). out: A = FA_EXP,
; HL = FB_EXP, for the caller's exponent arithmetic. Uses AF, B, C, HL.
fp_sign:
        LD HL,FA_SGN
        XOR (HL)
        LD (HL),A
        INC HL                  ; ACC
        LD B,5
        CALL zero_b
        LD C,8
fp_exps:                        ; A = FA_EXP, HL = FB_EXP (also F+)
        LD HL,FB_EXP
        LD A,(FA_EXP)
        RET

; F*: written from rom-words.tsv (F*). Digit by digit: ACC := (ACC + digit x FA) / 10 for
; FB's 8 digits from the last (the 2 guard digits are 0); ACC keeps 2 guard digits for
; the normalization.
        PRIM "F*", fstar_cfa, 0
        CALL fp_two             ; A = FB_SGN
        CALL fp_sign
        ADD A,(HL)
        SUB 0x40
        JR NC,.exp
        LD A,0xE0               ; far below 10^-64: fp_done makes it 0
.exp:   LD (FA_EXP),A
.digit: LD HL,FB + 4
        CALL shr5               ; A = FB's last digit
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
        JRX acc_done

; F+: written from rom-words.tsv (F+) and ace-forth.md 8. The operand with the smaller
; exponent is shifted right until the exponents agree (digits below the guard are lost).
; After 10 shifts all its 10 digits are 0: it then takes the larger exponent at once, so
; exponents far apart (0.0, whose exponent is 0, plus 1.5) cost at most 10 steps.
        PRIM "F+", fplus_cfa, 0
        CALL fp_two             ; A = FB_SGN (unpack's last byte)
        LD HL,FA_SGN
        XOR (HL)
        PUSH AF                 ; NZ: the signs differ
        LD C,10                 ; after 10 shifts the smaller operand is 0
.align: CALL fp_exps
        CP (HL)
        JR Z,.aligned
        LD E,A                  ; E := the larger exponent
        LD HL,FB + 4
        JR NC,.shift
        INC HL
        LD E,(HL)               ; FB_EXP
        LD HL,FA + 4
.shift: PUSH HL
        CALL shr5
        POP HL
        INC HL
        INC (HL)                ; its exponent
        DEC C
        JR NZ,.align
        LD (HL),E               ; the smaller operand is 0 now: it takes the larger exponent
.aligned:                       ; round the operand shifted to 6 digits (transcripts.md
        LD E,0x50               ; Round 4: the original rounds the operand it aligns; the
        LD HL,FB                ; other one's guard is 0)
        CALL round_guard
        CALL round_fa
        POP AF
        JR NZ,.sub
        CALL fa_add_fb
        JR .done
.sub:   CALL fa_sub_fb
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
        INC HL                  ; FA_SGN
        LD A,(HL)
        XOR 0x80
        LD (HL),A
.done:  JRX fp_done

        CUT
; acc_done: FA's 5 digit bytes := ACC, then fp_done with the address pushed by the word
; (the shared tail of F* and F/, reached by jumps; fp_two pushed the address).
acc_done:
        LD HL,ACC
        LD DE,FA
        LD BC,5
        LDIR
; fp_done: normalize FA and store it as the float at the address pushed by the word,
; which becomes the top of the data stack; ERROR 8 on overflow. Ends the word (JP (IY)).
fp_done:
        LD E,0x50               ; rounded half up
        CALL fp_pack
        POP DE
        JR NC,.store
.error: RST 32
        DB 8
.store: LD HL,FA + 1
        LD BC,4
        LDIR
set_spare:                      ; the data stack ends at DE (also flit_rt's end)
        LD (SPARE),DE
        JP (IY)

; F/: written from rom-words.tsv (F/) and ace-forth.md 10 (division by zero: ERROR 8).
; 8 quotient digits by repeated subtraction, the first one the integer part of FA/FB.
        PRIM "F/", fslash_cfa, 0
        CALL fp_two
        DEC HL                  ; fp_two left HL at the divisor's last byte
        INC (HL)                ; m2: 0 only in zero (A = FB_SGN kept for fp_sign)
        DEC (HL)
        JRX Z,fp_done.error
        CALL fp_sign
        SUB (HL)
        ADD A,0x41
        LD (FA_EXP),A
.digit: XOR A
.try:   PUSH AF
        CALL fa_sub_fb
        JR C,.over
        POP AF
        INC A
        JR .try
.over:  CALL fa_add_fb          ; one too many: add it back
        XOR A
        LD HL,FA
        CALL shl5               ; HL = FA_EXP after it
        POP AF                  ; the digit
        INC HL
        INC HL                  ; ACC
        CALL shl5
        DEC C
        JR NZ,.digit
        JRX acc_done

; FNEGATE: written from rom-words.tsv (FNEGATE): the sign bit, unless the float is zero.
        PRIM "FNEGATE", fnegate_cfa, 0
        RST 24                  ; the top cell: D = sign and exponent, E = m2
        LD A,E
        OR A                    ; m2: 0 only in zero
        JR Z,.zero
        LD A,D
        XOR 0x80
        LD D,A
.zero:  RST 16
        JP (IY)

; F-: written from rom-words.tsv (F-: a colon word in the original too).
        COLON "F-", fminus_cfa, 0
        DW fnegate_cfa, fplus_cfa, exit_rt

; INT: written from rom-words.tsv (INT): the integer part, towards zero.
        PRIM "INT", int_cfa, 0
        RST 24
        RST 24                  ; HL = SPARE: the float (its bytes stay there)
        CALL unpack_fa          ; A = FA_SGN
        PUSH AF
        DEC DE
        LD A,(DE)               ; FA_EXP
        LD DE,0
        SUB 0x41
        JR C,.done              ; below 1 (zero too)
        INC A
        LD C,A                  ; digits before the point
.digit: CALL next_digit         ; DE := 10 DE + the digit
        LD H,D
        LD L,E
        ADD HL,HL
        ADD HL,HL
        ADD HL,DE
        ADD HL,HL
        LD E,A
        LD D,0
        ADD HL,DE
        EX DE,HL
        DEC C
        JR NZ,.digit
.done:  POP AF                  ; the sign (0 stays 0)
        OR A
        CALL NZ,neg_de
        RST 16
        JP (IY)

; UFLOAT: written from rom-words.tsv (UFLOAT): the cell as an unsigned number, converted
; to BCD by doubling (16 times: FA := 2 x FA + next bit), then FA is worth N x 10^0.
        PRIM "UFLOAT", ufloat_cfa, 0
        RST 24                  ; HL = SPARE: where the float goes
        PUSH HL                 ; (for fp_done)
        CALL zero_fa
        EX DE,HL
        LD C,16
.bit:   ADD HL,HL
        PUSH HL
        LD HL,FA
        LD D,H
        LD E,L
        CALL bcd_adc
        POP HL
        DEC C
        JR NZ,.bit
        LD A,0x48
        LD (DE),A               ; FA_EXP (bcd_adc left DE = FA + 5)
        JRX fp_done

; F.: written from ace-forth.md 8: without exponent when 1.0E-4 <= |f| < 1.0E9, else
; d.ddddE-n; trailing zero digits are not printed; then a space.
        PRIM "F.", fdot_cfa, 0
        RST 24
        RST 24                  ; HL = SPARE: the float (its bytes stay there)
        CALL print_float
        JRX space_cfa + 2       ; SPACE's code: the space, next word

        CUT
; print_float: print the float at HL as F. does, without the space (also LIST's float
; literal). Uses all.
print_float:
        CALL unpack_fa          ; A = FA_SGN
        OR A
        LD A,'-'
        CALL NZ,print_a
        DEC DE
        LD A,(DE)               ; FA_EXP
        SUB 0x40
        LD C,A                  ; e: value = 0.d1d2... x 10^e
        DEC HL                  ; unpack left HL at the float's last byte
        LD A,(HL)               ; m2: 0 only in zero
        OR A
        JR NZ,.nonzero
        LD C,1                  ; zero prints as 0.
.nonzero:
        LD A,C
        ADD A,3
        CP 13
        JR C,put_digits         ; -3..9: no exponent
        LD E,C
        LD C,1                  ; d.ddd then E and e - 1
        CALL put_digits         ; (keeps DE)
        LD A,E
        CP -0x40                ; the exponent byte 0 (or 0x80): no exponent printed
        RET Z                   ; (`3 4 F.` is 0.40003, transcripts.md Round 3)
        LD A,'E'
        RST 8
        LD A,E
        DEC A                   ; e - 1
        JP P,print_udec_a
        LD A,'-'
        RST 8                   ; (keeps DE)
        LD A,1
        SUB E                   ; 1 - e
        JRX print_udec_a

; put_digits: print FA's digits with a point after the C-th (C <= 0: the point first, then
; -C zeros), stopping after the point once the digits left are all 0. Uses AF, BC, HL.
put_digits:
        LD A,C
        DEC A
        JP P,.next
.point: LD A,'.'                ; (also after the C-th digit: C = 0 then)
.zeros: RST 8
        LD A,C
        OR A
        JR Z,.next
        INC C
        LD A,'0'
        JR .zeros
.next:  LD A,C
        DEC A
        JP P,.digit             ; digits before the point remain
        LD HL,(FA + 1)          ; after it: stop when the digits left are all 0 (in
        LD A,(FA + 3)           ; m0..m2: the guard byte below them stays 0)
        OR H
        OR L
        RET Z
.digit: CALL next_digit
        ADD A,'0'
        RST 8
        DEC C
        JR NZ,.next
        JR .point

; <literal-float>: push the 4 inline bytes (lower cell first) (ace-forth.md 6).
        RUNTIME_LIT_CODE flit_rt, 4
        POP HL
        LD DE,(SPARE)
        LD BC,4
        LDIR
        PUSH HL
        JRX set_spare

        CUT
; [float-literal]: what NUMBER hands LINE for a float (ace-forth.md 7): while compiling,
; the literal runtime and the 4 bytes. At the original's address: NUMBER leaves it (4181,
; transcripts.md Round 3).
        ROUTINE fliteral_cfa
        DW compiler_cf
        DW flit_rt
        DW swap_cfa, comma_cfa, comma_exit_cfa
        CUT

; parse_float: the scanned word (W_START, W_LEN) as a float literal (ace-forth.md 7:
; optional -, digits with one point, optionally E, an optional - and decimal digits (none:
; a bare E ends it); a point is required, a digit not (a lone . is 0.0); 6 significant
; digits are kept). out: carry = not a float, else BC =
; lower cell, DE = upper cell. The digits are shifted into FA as an integer (up to 9
; significant ones; the rest only move the exponent) and normalized. Registers: HL = text,
; B = characters left, C = FA's exponent, D = the E value, E = flags (bit 0 point, 1 a
; digit, 3 after E, 4 a - may come, 6 minus exponent).
; Uses AF, HL.
parse_float:
        CALL zero_fa             ; FA, its exponent and sign
        CALL scanned_word
        RET C
        LD DE,0x0010
        LD C,0x48               ; FA read as an integer: N x 10^0
.char:  LD A,(HL)               ; B >= 1 here
        INC HL
        CALL upcase
        CP '-'
        JR Z,.minus
        RES 4,E
        CP 'E'
        JR Z,.exp
        CP '.'
        JR NZ,.digit
        LD A,E                  ; a second point, or one after E
        AND 9
        SCF
        RET NZ
        INC E
        JR .next
.exp:   LD A,E                  ; E needs a point and a digit before it (1E30 is not
        CP 3                    ; a number), and comes once
        SCF
        RET NZ
        LD E,0x1B               ; (a bare E ends the literal: 2.5E is 2.5, Round 3)
        JR .next
.minus: BIT 4,E                 ; first, or just after E
        SCF
        RET Z
        RES 4,E
        BIT 3,E
        JR NZ,.eminus
        LD A,0x80
        LD (FA_SGN),A
        JR .next
.eminus:
        SET 6,E
        JR .next
.digit: SUB '0'
        CP 10
        CCF
        RET C
        BIT 3,E
        JR NZ,.edig
        SET 1,E
        BIT 0,E
        JR NZ,.frac
        INC C                   ; before the point: one more integer digit
.frac:  PUSH HL
        LD HL,FA + 4
        INC (HL)
        DEC (HL)
        JR NZ,.full             ; 9 digits taken: the rest are lost (truncation)
        DEC C
        PUSH BC
        LD HL,FA
        CALL shl5
        POP BC
.full:  POP HL
        JR .next
.edig:  SLA D                   ; D := 10 D + digit (mod 256, as before), below 100
        ADD A,D                 ; digit + 2 D
        SLA D
        SLA D
        ADD A,D                 ; + 8 D
        LD D,A
        CP 100
        CCF
        RET C
.next:  DJNZ .char
.end:   BIT 0,E                 ; a point is enough: a lone . is 0.0 (transcripts.md
        SCF                     ; Round 3)
        RET Z
        LD A,D
        BIT 6,E
        JR Z,.eplus
        NEG
.eplus: ADD A,C
        LD (FA_EXP),A
        LD E,0                  ; truncated (our choice, above)
        CALL fp_pack
        LD BC,(FA + 1)
        LD DE,(FA + 3)
        LD A,(FA_EXP)           ; after normalizing: 0x80-0xFF is out of range
        RLA                     ; (carry = its bit 7)
        RET
