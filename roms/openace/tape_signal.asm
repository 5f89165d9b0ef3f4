; tape_signal.asm -- the tape signal: writing blocks to MIC and reading them from EAR.
; Written for aceemu from the spec (shared/spec/ace-hardware.md 5.1, 5.2 and 7: levels,
; durations in T-states, block structure, loader tolerances). Every delay below is counted
; from the documented T-states of the instructions (the numbers in the comments);
; tests/openrom_tape.rs measures the result. MIT OR Apache-2.0.
;
; Block on tape: pilot, sync (601 high + 791 low), flag byte, data bytes, checksum (XOR of
; the data bytes), end mark (917 high, then low). Bits MSB first: 0 = 802 high + 801 low,
; 1 = 1592 high + 1591 low. Pilot: level changes every 2011 T, starting with a change to
; high and ending with a low level, so that the sync starts with a change to high.

MIC_HIGH        EQU 0x08        ; data bit 3 of OUT is the tape output
TAPE_PORT       EQU 0xFE
EAR_BIT         EQU 0x20        ; bit 5 of IN is the tape input
PILOT_HEADER    EQU 8191        ; pilot OUTs before a header block (8190 visible changes)
PILOT_DATA      EQU 1023        ; pilot OUTs before a data block (1022 visible changes)

; ---------------------------------------------------------------------------------------
; tape_write_block: write one block. In: A = flag byte, HL = address, DE = length (>= 1),
; BC = number of pilot OUTs. Interrupts must be off. Destroys all main and alternate
; registers except IX, IY. SPACE jumps to tape_break (ERROR 3).
; Times are given from the start of the OUT instruction that makes a level change.
; Entered at the original's tape save address 0x1820 (ace-forth.md 1; this contract is
; ours), which jumps to the code wherever it is packed.
        ROUTINE tape_write_block
        JP write_block
        CUT
write_block:
        PUSH HL
        PUSH DE
        EXX
        POP DE                  ; DE' = bytes still to send from (HL')
        POP HL                  ; HL' = next data byte
        LD BC,0                 ; B' = checksum so far, C' = 0 until the checksum is sent
        EXX
        LD E,A                  ; E = flag byte
        LD H,B
        LD L,C                  ; HL = pilot OUT count
        XOR A                   ; the first pilot OUT sets low: no visible change
.pilot: OUT (TAPE_PORT),A       ; 11  pilot edge, period 2011
        XOR MIC_HIGH            ; 7
        LD C,A                  ; 4   C = the next level
        LD B,147                ; 7
.pd:    DJNZ .pd                ; 13*147-5 = 1906
        JR $+2                  ; 12
        NOP                     ; 4   padding
        DEC HL                  ; 6
        LD A,0x7F               ; 7   half-row with SPACE
        IN A,(TAPE_PORT)        ; 11
        RRA                     ; 4
        JP NC,tape_break        ; 10  SPACE pressed
        LD A,H                  ; 4
        OR L                    ; 4
        LD A,C                  ; 4
        JP NZ,.pilot            ; 10  -> 2011
        ; the last pilot OUT set low; A = high now, 2011 T after it
        OUT (TAPE_PORT),A       ; 11  sync 1: high for 601
        LD B,44                 ; 7
.s1:    DJNZ .s1                ; 13*44-5 = 567
        JR $+2                  ; 12
        XOR A                   ; 4   -> 601
        OUT (TAPE_PORT),A       ; 11  sync 2: low for 791
        LD C,E                  ; 4   C = byte being sent (the flag first)
        LD D,8                  ; 7   D = bits left in it
        SLA C                   ; 8   carry = its first bit
        LD B,57                 ; 7
.s2:    DJNZ .s2                ; 13*57-5 = 736
        NOP                     ; 4
        LD A,(HL)               ; 7   padding (HL = 0 after the pilot: a ROM read, no wait)
        ; falls into .bit: LD A (7) -> 791
; Send the bit in carry. High half: 802 (bit 0) or 1592 (bit 1).
.bit:   LD A,MIC_HIGH           ; 7
        OUT (TAPE_PORT),A       ; 11  rising edge
        LD B,58                 ; 7
.h:     DJNZ .h                 ; 13*58-5 = 749
        JR NC,.h0               ; 12 taken / 7
        LD B,61                 ; 7
.h1:    DJNZ .h1                ; 13*61-5 = 788 (bit 1: 7+7+788 = 802 = 12+790)
.h0:    JR $+2                  ; 12  (keeps the carry)
        NOP                     ; 4
        LD A,0                  ; 7   (keeps the carry) -> 802 / 1592
; Low half: 801 (bit 0) or 1591 (bit 1).
        OUT (TAPE_PORT),A       ; 11  falling edge
        JR NC,.l0               ; 12 / 7
        LD B,61                 ; 7
.l1:    DJNZ .l1                ; 788
.l0:    DEC D                   ; 4   (from here on times are for bit 0; bit 1 adds 790)
        JR Z,.byte              ; 7 / 12
        SLA C                   ; 8   carry = next bit
        LD B,56                 ; 7
.ld:    DJNZ .ld                ; 13*56-5 = 723
        JR $+2                  ; 12
        JP .bit                 ; 10  + LD A in .bit (7) -> 801
; Byte boundary (t = 39 here): next byte, or the checksum, or the end mark.
.byte:  LD A,0x7F               ; 7   half-row with SPACE
        IN A,(TAPE_PORT)        ; 11
        RRA                     ; 4
        JP NC,tape_break        ; 10  SPACE pressed (71)
        EXX                     ; 4   (75)
        LD A,D                  ; 4
        OR E                    ; 4
        JR Z,.nodata            ; 7 / 12  (90 / 95)
        DEC DE                  ; 6
        LD A,(HL)               ; 7
        XOR B                   ; 4
        LD B,A                  ; 4   checksum updated
        LD A,(HL)               ; 7
        INC HL                  ; 6
        JR .got                 ; 12  (136)
.nodata: LD A,C                 ; 4   (99)  C' = 0 until the checksum has gone
        OR A                    ; 4
        JR NZ,.finish           ; 7 / 12  (110 / 115)
        INC C                   ; 4   the checksum goes out now
        LD A,B                  ; 4   (118)
        NOP                     ; 4
        CP 0                    ; 7
        CP 0                    ; 7   padding (136)
.got:   EXX                     ; 4
        LD C,A                  ; 4
        LD D,8                  ; 7
        SLA C                   ; 8   carry = first bit (159)
        LD B,47                 ; 7
.bd:    DJNZ .bd                ; 13*47-5 = 606 (772)
        JR $+2                  ; 12  padding (784)
        JP .bit                 ; 10  + LD A (7) -> 801
; End mark: 801 after the last falling edge (t = 115 here), high for 917, then low.
.finish: EXX                    ; 4   (119)
        LD B,51                 ; 7   (126)
.fd:    DJNZ .fd                ; 13*51-5 = 658 (784)
        JP $+3                  ; 10  padding (794)
        LD A,MIC_HIGH           ; 7   -> 801
        OUT (TAPE_PORT),A       ; 11  end mark
        LD B,68                 ; 7
.ed:    DJNZ .ed                ; 13*68-5 = 879
        JR $+2                  ; 12
        NOP                     ; 4
        XOR A                   ; 4   -> 917
        OUT (TAPE_PORT),A       ; 11  low for good
        RET

; space_check: SPACE held: tape_break, else back with carry set and A = the half-row
; with SPACE rotated right by one (EAR in bit 4).
space_check:
        LD A,0x7F
        IN A,(TAPE_PORT)
        RRA
        RET C
; SPACE during a transfer: MIC low, interrupts back on, ERROR 3.
tape_break:
        XOR A
        OUT (TAPE_PORT),A
        EI
        RST 32
        DB 3

; ---------------------------------------------------------------------------------------
; Reading. Time is measured by counting polls of EAR: ld_edge polls every 43 T and counts
; each poll in B; only changes of the level are seen, so the polarity does not matter.

; ld_edge: wait for the next EAR change. In: B = count, C = last level (0 or EAR_BIT).
; Out: NZ = change seen (C = new level, B = count including the poll that saw it);
; Z = time-out (B wrapped round to 0). Destroys A.
ld_edge:
        INC B                   ; 4
        RET Z                   ; 5   time-out
        IN A,(TAPE_PORT)        ; 11  (A8-A15 do not matter for bit 5)
        AND EAR_BIT             ; 7
        CP C                    ; 4
        JR Z,ld_edge            ; 12  -> 43 T per poll
        LD C,A                  ; 4
        RET                     ; 10  NZ from CP

; Counting for a bit. Between the poll that sees a bit's first edge and the poll that
; sees its last edge lie 190 + 43*(n-2) T for n counted polls (overheads: 116 T from the
; detection to the first poll of the next bit, 74 T between the two edges of a bit).
; Threshold: bit = 1 for a whole bit of >= about 2,300 T (0: 1,603, 1: 3,183 nominal; the
; loader must accept 0.8 .. 1.18 times those): n >= 52.
LD_T0           EQU 136         ; count preset: a bit longer than ~5,200 T times out
LD_THR          EQU LD_T0 + 52

; ld_byte: read 8 bits (MSB first). In: B = preset for the first bit (LD_T0 plus a
; correction for the caller's extra overhead), C = level. Out: NZ and L = byte, or Z on a
; time-out. Destroys A, B.
ld_byte:
        LD L,1                  ; 7   sentinel bit: the byte is complete when it drops out
        JR .first               ; 12
.next:  LD B,LD_T0              ; 7
.first: CALL ld_edge            ; 17
        RET Z                   ; 5
        CALL ld_edge            ; 17
        RET Z                   ; 5
        LD A,B                  ; 4
        CP LD_THR               ; 7   carry = short = 0
        CCF                     ; 4
        RL L                    ; 8
        JR NC,.next             ; 12
        XOR A                   ; 4
        INC A                   ; 4   NZ: success
        RET                     ; 10

; read_block: find a pilot, then read a block (the original's entry at 0x18A7 with its
; contract is tape_read_block, compat.asm, which calls this).
; In: A = flag byte wanted, HL = address, DE = length, B = 0 to store, 1 to compare.
; Out: carry set = block read, flag, checksum (and the comparison) good; carry clear = not.
; Interrupts must be off. Destroys all registers but IX, IY. SPACE: ERROR 3.
        CUT
read_block:
        PUSH HL
        PUSH DE
        LD C,B
        LD B,0
        PUSH BC
        EXX
        POP BC                  ; B' = checksum, C' = mode (bit 7 set later on a mismatch)
        POP DE                  ; DE' = bytes left
        POP HL                  ; HL' = address
        EXX
        LD E,A                  ; E = wanted flag
.restart:
        CALL space_check
        AND EAR_BIT >> 1        ; (bit 5 moved to bit 4 by RRA)
        ADD A,A
        LD C,A                  ; C = the level now
        LD D,0                  ; pilot cycles seen (256 needed: D wraps to 0)
; Pilot: whole cycles (two changes) of about 4,022 T; n = 2 + (T - 239) / 43 polls;
; accepted 60 .. 125 polls (about 2,800 .. 5,400 T).
.cycle: LD B,0
        CALL ld_edge
        JR Z,.restart
        CALL ld_edge
        JR Z,.restart
        LD A,B
        CP 60
        JR C,.restart
        CP 126
        JR NC,.restart
        CALL space_check        ; while a long pilot plays
        DEC D
        JR NZ,.cycle
; Enough pilot: now single halves, n = 1 + (T - 180) / 43 polls: a pilot half (30 .. 62
; polls, about 1,400 .. 2,800 T) goes on, a half of fewer than 22 polls (under ~1,050 T;
; sync 1 is 601) is the sync.
.half:  LD B,0
        CALL ld_edge
        JR Z,.restart
        LD A,B
        CP 22
        JR C,.sync
        CP 30
        JR C,.restart
        CP 63
        JR NC,.restart
        CALL space_check        ; a header pilot lasts seconds
        JR .half
.sync:  LD B,0                  ; sync 2: the next change starts the first bit
        CALL ld_edge
        JR Z,.restart
        LD B,LD_T0              ; 7   119 T to the flag's first poll: as between bits
        CALL ld_byte            ; 17
        JP Z,.fail
        LD A,L
        CP E
        JP NZ,.fail             ; not the kind of block wanted
; Data bytes, then the checksum. Per byte about 190 T more than between bits (305 T from
; the last poll of a byte to the first of the next): the first bit's preset is raised by 4
; polls to make up for it.
.data:  EXX                     ; 4
        LD A,D                  ; 4
        OR E                    ; 4
        EXX                     ; 4
        JP Z,.sum               ; 10 (a JP: .sum is another piece)
        LD B,LD_T0 + 4          ; 7
        CALL ld_byte            ; 17
        JP Z,.fail
        LD A,L
        EXX
        BIT 0,C
        JR NZ,.cmp
        LD (HL),A               ; load
        JR .stored
.cmp:   CP (HL)                 ; verify
        JR Z,.stored
        SET 7,C                 ; remember the mismatch
.stored: XOR B
        LD B,A                  ; checksum
        INC HL
        DEC DE
        EXX
        CALL space_check        ; once per byte
        JR .data
        CUT                     ; (a piece of its own: read_block is larger than most gaps)
.sum:   LD B,LD_T0 + 4
        CALL ld_byte            ; the checksum byte
        JR Z,.fail
        LD A,L
        EXX
        XOR B                   ; data XOR checksum must be 0
        JR NZ,.failx
        BIT 7,C                 ; and no mismatch when comparing
        JR NZ,.failx
        EXX
        SCF
        RET
.failx: EXX
.fail:  OR A                    ; carry clear
        RET
