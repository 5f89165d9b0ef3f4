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
; registers except IX, IY (and leaves the alternate set in use). SPACE jumps to tape_break
; (ERROR 3). Every level change goes through tape_edge; "X" below counts the T-states
; from the end of one tape_edge (its OUT and RET, 21 T) to the CALL of the next one, so
; that a change follows the one before after 21 + X + 24 + 13*B (+790 for a 1 bit) T.
; At the original's tape save address 0x1820 (ace-forth.md 1; this contract is ours).
        ROUTINE tape_write_block
write_block:
        PUSH HL                 ; the data address and length, for the alternate set
        PUSH DE
        LD H,B
        LD L,C
        INC HL                  ; HL = pilot OUTs + 1: the last one is sync 1 (high)
        LD C,A                  ; C = the flag: the first byte sent
        XOR A
        LD D,A                  ; D = the level of the next OUT (low first: no change)
; Pilot: X = 107, B = 143 -> 2011.
.pilot: LD A,D                  ; 4
        LD B,143                ; 7
        CALL tape_edge
        XOR MIC_HIGH            ; 7   (carry clear)
        LD D,A                  ; 4
        CALL space_check        ; 50
        DEC HL                  ; 6
        LD A,H                  ; 4
        OR L                    ; 4
        RET C                   ; 5   (never taken: padding)
        NOP                     ; 4
        JR NZ,.pilot            ; 12 / 7
; Sync 2, low, 601 after sync 1: X = 91 + 49 = 140, B = 32.
        EXX                     ; 4
        POP DE                  ; 10  DE' = data bytes still to send
        POP HL                  ; 10  HL' = the next of them
        LD BC,0x00FF            ; 10  B' = checksum, C' = 0xFF until the checksum is sent
        EXX                     ; 4
        XOR A                   ; 4   (carry clear)
        LD B,32                 ; 7
        CALL tape_edge
; The first bit 791 after sync 2: X = 31, B = 55.
        LD DE,0x0800 + 57       ; 10  E = the count of a high half
        LD B,55                 ; 7
; A byte: C = the byte, carry = the bit before it (its low half is running).
.byte:  LD D,8                  ; 7   bits left
; High, after the previous low half: X = 28 (in a byte), B = 56 -> 801 (1591).
.bit:   LD A,MIC_HIGH           ; 7
        CALL tape_edge
; Low, after the high half: X = 16, B = 57 -> 802 (1592).
        SLA C                   ; 8   carry = this bit
        LD A,B                  ; 4   A = 0 (B = 0 after the delay)
        LD B,E                  ; 4
        CALL tape_edge
        LD B,56                 ; 7
        DEC D                   ; 4
        JP NZ,.bit              ; 10
; Byte boundary: the next byte, or the checksum, or the end mark; X = 171, B = 45.
        EX AF,AF'               ; 4   keep the carry (the last bit)
        CALL space_check        ; 50  once a byte
        EXX                     ; 4
        LD A,D                  ; 4
        OR E                    ; 4
        JR Z,.nodata            ; 7 / 12
        DEC DE                  ; 6
        LD A,(HL)               ; 7
        XOR B                   ; 4
        LD B,A                  ; 4   checksum
        LD A,(HL)               ; 7
        INC HL                  ; 6   (41 from the JR)
.got:   EXX                     ; 4
        LD C,A                  ; 4
        EX AF,AF'               ; 4
        LD B,45                 ; 7
        JP .byte                ; 10
.nodata: INC C                  ; 4   C' = 0xFF: the checksum goes now
        JR NZ,.finish           ; 7 / 12
        LD A,B                  ; 4
        NOP                     ; 4
        JP .got                 ; 10  (41 from the JR)
; End mark, high 801 (1591) after the last low half: X = 115 + 30, B = 47; then low
; after 917: X = 14, B = 66. (The edges use only A, B and F: the alternate set stays.)
.finish: EX AF,AF'              ; 4
        LD A,MIC_HIGH           ; 7
        JR $+2                  ; 12
        LD B,47                 ; 7
        CALL tape_edge
        AND 0                   ; 7   A = 0, carry clear
        LD B,66                 ; 7
        CALL tape_edge
        RET

        CUT
; tape_edge: wait 13*B - 5 T, 790 more if carry is set, then OUT A to the tape. From the
; CALL to the OUT 24 + 13*B T (+790), from the OUT to the return 21 T. Uses B.
tape_edge:
        DJNZ tape_edge          ; 13*B - 5
        JR NC,.out              ; 12 taken / 7
        LD B,61                 ; 7
.d1:    DJNZ .d1                ; 13*61-5 = 788 (7 + 7 + 788 = 802 = 12 + 790)
.out:   OUT (TAPE_PORT),A       ; 11
        RET                     ; 10

        CUT
; space_check: SPACE held: tape_break, else back with carry set and A = the half-row
; with SPACE rotated right by one (EAR in bit 4).
space_check:
        LD A,0x7F
        IN A,(TAPE_PORT)
        RRA
        RET C
; SPACE during a transfer: MIC low, ERROR 3 (ABORT turns interrupts back on).
tape_break:
        XOR A
        OUT (TAPE_PORT),A
        RST 32
        DB 3

; ---------------------------------------------------------------------------------------
; Reading. Time is measured by counting polls of EAR: ld_edge polls every 43 T and counts
; each poll in B; only changes of the level are seen, so the polarity does not matter.

        CUT
; ld_edge: wait for the next EAR change. In: B = count, C = last level (0 or EAR_BIT).
; Out: NZ = change seen (C = new level, B = count including the poll that saw it);
; Z = time-out (B wrapped round to 0). Destroys A. ld_edge0: the same with B = 0.
ld_edge0:
        LD B,0                  ; 7
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

        CUT
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
        LD C,B
        LD B,0
        PUSH BC
        EXX
        POP BC                  ; B' = checksum, C' = mode (bit 7 set later on a mismatch)
        POP HL                  ; HL' = address
        LD E,A                  ; E' = wanted flag
        EXX                     ; DE = bytes left
.restart:
        CALL space_check
        AND EAR_BIT >> 1        ; (bit 5 moved to bit 4 by RRA)
        ADD A,A
        LD C,A                  ; C = the level now
        LD H,0                  ; pilot cycles seen (256 needed: H wraps to 0)
; Pilot: whole cycles (two changes) of about 4,022 T; n = 2 + (T - 239) / 43 polls;
; accepted 60 .. 125 polls (about 2,800 .. 5,400 T).
.cycle: CALL ld_edge0
        JR Z,.restart
        CALL ld_edge
        JR Z,.restart
        LD A,B
        SUB 60
        CP 126 - 60
        JR NC,.restart          ; not 60 .. 125
        CALL space_check        ; while a long pilot plays
        DEC H
        JR NZ,.cycle
; Enough pilot: now single halves, n = 1 + (T - 180) / 43 polls: a pilot half (30 .. 62
; polls, about 1,400 .. 2,800 T) goes on, a half of fewer than 22 polls (under ~1,050 T;
; sync 1 is 601) is the sync.
.half:  CALL ld_edge0
        JR Z,.restart
        LD A,B
        CP 22
        JR C,.sync
        SUB 30
        CP 63 - 30
        JR NC,.restart          ; not 30 .. 62
        CALL space_check        ; a header pilot lasts seconds
        JR .half
.sync:  CALL ld_edge0             ; sync 2: the next change starts the first bit
        JR Z,.restart
        LD B,LD_T0              ; 7   119 T to the flag's first poll: as between bits
        CALL ld_byte            ; 17
        JR Z,.fail0
        LD A,L
        EXX
        CP E
        EXX
        JR NZ,.fail0            ; not the kind of block wanted
; Data bytes, then the checksum. Per byte about 190 T more than between bits (305 T from
; the last poll of a byte to the first of the next): the first bit's preset is raised by 4
; polls to make up for it.
.data:  LD B,LD_T0 + 4          ; 7
        CALL ld_byte            ; 17
        JR Z,.fail0
        LD A,D
        OR E                    ; Z: this was the checksum
        LD A,L
        EXX
        JP Z,.sum               ; (a JP: .sum is in the other piece)
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
        EXX
        DEC DE
        CALL space_check        ; once per byte
        JR .data
.fail0: OR A                    ; carry clear
        RET
        CUT                     ; (read_block is longer than most gaps: two pieces)
.sum:   XOR B                   ; data XOR checksum must be 0 (XOR: carry clear)
        RET NZ
        LD A,C                  ; and no mismatch when comparing (bit 7 of C): carry
        RLA                     ; set only then (the alternate set stays in use: callers
        CCF                     ; keep nothing; the contract is the carry alone)
        RET
