; beep.asm -- BEEP ( m n -- ).
; Written for aceemu from the spec: shared/spec/ace-hardware.md 5.2, 5.3 (IN switches the
; loudspeaker off, OUT on; each half period 13*m + 2 T; n*125/m whole periods; interrupts
; off; SPACE stops it with ERROR 3) and ace-forth.md 9. MIT OR Apache-2.0.
;
; The number of periods is found without a division: a budget of n*125 is charged m per
; period and the note stops when less than m is left (that is floor(n*125/m) periods).
; m = 0 makes no sound. For m < 8 the halves cannot be made that short and last 13*8+2 T.

; BEEP ( m n -- ): written from ace-hardware.md 5.3 and ace-forth.md 9.
        PRIM "BEEP", beep_cfa, 0
        IF DEFINED(PIN_NO_BEEP)
        RST 24                  ; TEMPORARY (issue 16): no room for BEEP's sound in the
        RST 24                  ; pinned image yet; it takes its two numbers and is silent
        JP (IY)
        ELSE
        RST 24                  ; DE = n
        PUSH DE
        RST 24                  ; DE = m
        POP BC                  ; BC = n
        LD A,D
        OR E
        JR Z,.done              ; m = 0: nothing
        PUSH DE                 ; m
        LD DE,125               ; budget = n * 125 (below 2^23)
        CALL umul               ; HL:DE = n * 125 (the core's U* routine)
        LD A,L                  ; A:DE = budget
        POP HL                  ; HL = m
        PUSH DE
        PUSH HL
        EXX
        POP DE                  ; DE' = m
        POP HL                  ; C':HL' = budget
        LD C,A
        EXX
        ; delay counts (HL = m): first half m - 5, second half m - 7 units of 13 T
        LD A,H
        OR A
        JR NZ,.big
        LD A,L
        CP 8
        JR NC,.big
        LD L,8                  ; too short to time: use m = 8
; A delay of N units of 13 T (N >= 1) is counted as B = N mod 256 (0 meaning 256) and
; C = (N - 1) div 256 + 1: the loop's first DJNZ runs B times, each further round 256
; units (3,328 T); in all 13 * N + 11 T.
.big:   LD DE,-5
        ADD HL,DE               ; N = m - 5 for the first half
        LD B,L
        DEC HL
        LD C,H
        INC C
        PUSH BC                 ; D, E: counts for the first half
        DEC HL                  ; N = m - 7 for the second half
        LD A,L
        DEC HL
        INC H
        LD L,H
        LD H,A                  ; H, L: counts for the second half
        POP DE
        DI
        JR .budget              ; the first period needs a budget of at least m too
; One period. Times from the start of the IN (speaker off) / OUT (speaker on).
.cycle: LD A,0x7F               ; 7
        IN A,(KBD_PORT)         ; 11  speaker off; bit 0 = SPACE
        RRA                     ; 4
        JR NC,.break            ; 7
        LD B,D                  ; 4
        LD C,E                  ; 4
.d1:    DJNZ .d1                ; delay: 13 * (m-5) + 11 in all
        DEC C
        JR Z,.d1x
        LD B,253
        NOP
        JP $+3
        JR .d1
.d1x:   JR $+2                  ; 12
        JP $+3                  ; 10
        XOR A                   ; 4   MIC (bit 3) stays low -> 13*m + 2
        OUT (KBD_PORT),A        ; 11  speaker on
        LD B,H                  ; 4
        LD C,L                  ; 4
.d2:    DJNZ .d2                ; delay: 13 * (m-7) + 11
        DEC C
        JR Z,.d2x
        LD B,253
        NOP
        JP $+3
        JR .d2
.d2x:   NOP                     ; 4
.budget:
        EXX                     ; 4
        OR A                    ; 4
        SBC HL,DE               ; 15  budget -= m
        LD A,C                  ; 4
        SBC A,0                 ; 7
        LD C,A                  ; 4
        EXX                     ; 4
        JP NC,.cycle            ; 10  + LD A (7) -> 13*m + 2
.done:  EI
        JP (IY)
.break: RST 32                  ; (ABORT turns interrupts back on)
        DB 3
        ENDIF
