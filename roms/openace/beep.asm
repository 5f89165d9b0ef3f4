; beep.asm -- BEEP ( m n -- ).
; Written for aceemu from the spec: shared/spec/ace-hardware.md 5.2, 5.3 (IN switches the
; loudspeaker off, OUT on; each half period 13*m + 2 T; n*125/m whole periods; interrupts
; off; SPACE stops it with ERROR 3) and ace-forth.md 9. MIT OR Apache-2.0.
;
; The number of periods is found without a division: a budget of n*125 is charged m per
; period and the note stops when less than m is left (that is floor(n*125/m) periods).
; For m < 8 the halves cannot be made that short and last 13*8+2 T. m = 0 is charged
; nothing: the note (of m = 8) goes on until SPACE stops it with ERROR 3. The original
; is still busy 300 frames after `0 0 BEEP` (transcripts.md Round 3); how long it would
; go on was not measured, and the spec gives no count for m = 0 (n*125/m).

; Before its tone the original's BEEP (a colon word) spends about 33,400 T in Forth
; arithmetic, whatever m and n (transcripts.md Round 4: `1000 20 BEEP` takes 87,198 T from
; its call to its return); tunes and game loops that beep keep the original's pace only
; with it. BEEP waits that long first, with interrupts on as there: 33,400 T from its code
; field to the note's first IN (tests/openrom_io_words.rs measures it).
BEEP_WAIT       EQU 2453        ; units of 13 T (beep_delay)
BEEP_SETUP      EQU ((BEEP_WAIT & 255) << 8) | ((BEEP_WAIT - 1) / 256 + 1)

; BEEP ( m n -- ): written from ace-hardware.md 5.3 and ace-forth.md 9.
        PRIM "BEEP", beep_cfa, 0
        LD BC,BEEP_SETUP        ; the original's set-up time, interrupts on
        CALL beep_delay
        RST 0x28                ; pop_two: HL = m, DE = n
        LD B,D
        LD C,E                  ; BC = n
        PUSH HL                 ; m
        LD DE,125               ; budget = n * 125 (below 2^23)
        CALL umul               ; HL:DE = n * 125 (the core's U* routine)
        LD C,L                  ; C:HL = budget
        EX DE,HL
        POP DE                  ; DE = m
        PUSH DE
        EXX                     ; C':HL' = budget, DE' = m (the sets stay swapped, as after
        POP HL                  ; the tape words); HL = m
        ; delay counts (HL = m): first half m - 5, second half m - 7 units of 13 T
        LD DE,-8
        ADD HL,DE               ; carry: m >= 8
        JR C,.big
        SBC HL,HL               ; too short to time: use m = 8 (HL = m - 8 = 0)
; A delay of N units of 13 T (N >= 1) is counted as B = N mod 256 (0 meaning 256) and
; C = (N - 1) div 256 + 1: the loop's first DJNZ runs B times, each further round 256
; units (3,328 T); in all 13 * N + 11 T.
.big:   INC HL
        INC HL
        INC HL                  ; N = m - 5 for the first half
        LD D,L
        DEC HL
        LD E,H
        INC E                   ; D, E: counts for the first half
        DEC HL                  ; N = m - 7 for the second half
        LD A,L
        DEC HL
        INC H
        LD L,H
        LD H,A                  ; H, L: counts for the second half
        DI
        JR .budget              ; the first period needs a budget of at least m too
; One period. Times from the start of the IN (speaker off) / OUT (speaker on).
.cycle: LD A,0x7F               ; 7
        IN A,(KBD_PORT)         ; 11  speaker off; bit 0 = SPACE
        RRA                     ; 4
        JR NC,.break            ; 7
        LD B,D                  ; 4
        LD C,E                  ; 4
        CALL beep_delay         ; delay: 13 * (m-5) + 27 in all
        INC BC                  ; 6   (BC is loaded again before its next use)
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
        EI
        JP (IY)
.break: RST 32                  ; (ABORT turns interrupts back on)
        DB 3

; beep_delay: B, C = a delay's counts (see above): 13 * N - 5 T from the first DJNZ to
; the return, 13 * N + 27 with the CALL. Each further round is 256 units.
beep_delay:
        DJNZ beep_delay
        DEC C                   ; 4
        RET Z                   ; 11 / 5
        LD B,253                ; 7
        JR $+2                  ; 12
        NOP                     ; 4
        JR beep_delay           ; 12  (with the last DJNZ's 8: 52 = 3328 - 13 * 252 - 8 + 8)
