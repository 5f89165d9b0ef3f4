; aceemu open ROM: a clean-room Jupiter Ace Forth, written from the facts in
; shared/spec/ace-forth.md, ace-hardware.md and rom-words.tsv (no code, bytes or text of
; the original ROM). MIT OR Apache-2.0.
;
; Register conventions while Forth runs (ace-forth.md 1): IX = 0x3C00, IY = next or
; next_checks, DE = parameter-field address on entry to a word's code, IP on top of the
; Z80 stack (the return stack), the data stack grows upwards in memory with SPARE one
; past the top. Every machine-code word ends with JP (IY).

        INCLUDE "sysvars.asm"
        INCLUDE "pins.asm"      ; the original's addresses by label (generated, issue 16)
        INCLUDE "macros.asm"


; ---------------------------------------------------------------------------------------
; Restarts (ace-forth.md 1, "Restart entry points").
; ---------------------------------------------------------------------------------------
        ORG 0x0000
rst0:   DI                      ; cold start (the byte here must not be 0xFC: RAM sizing
        JRX cold_start          ; reads it back when the 48 KB probe wraps to 0x0000)

; The bytes between the restarts hold small routines that are only CALLed (nothing falls
; into them): it saves their room in the ROM proper.

        ORG 0x0008
rst8:   JRX print_a             ; print the character in A

; The prompt's text (interp.asm, outer loop). The space after OK is the original's: an OK
; ending in column 30 or 31 is followed by an empty row (transcripts.md Round 4).
ok_text:
        DC " OK \r"

        ORG 0x0010
; push_de (RST 16): push DE onto the data stack; it grows upwards, SPARE is one past the
; top (ace-forth.md 1). Preserves BC and DE. Split round RST 24's JP (a JR instead of
; the JP it had to reach it: 2 T more per push).
rst16:
push_de:
        LD HL,(SPARE)
        LD (HL),E
        INC HL
        LD (HL),D
        JR .rest
        ASSERT $ == 0x0018, "push_de's first part fills 0x0010-0x0017"

        ORG 0x0018
rst24:  JP pop_de               ; pop the data stack into DE
push_de.rest:
        INC HL
        LD (SPARE),HL
        RET
        ASSERT $ == 0x0020, "push_de's rest fills 0x001B-0x001F"

        ORG 0x0020
; RST 32: raise the error whose number is the next byte.
error_rst:
rst32:  POP HL
        LD A,(HL)
        LD (ERR_NO),A
        JRX abort_code

; RST 0x28 and RST 0x30 (not documented for the original, ace-forth.md 1): the two
; routines the ROM calls most, in one byte instead of a three-byte CALL (each of them is
; called from over a dozen places: about 50 bytes saved, and 6 T a call).
        ORG 0x0028
; pop_two (RST 0x28): ( n1 n2 -- ) out HL = n1, DE = n2. Uses DE, HL only.
pop_two:
        RST 24
        PUSH DE
        RST 24
        EX DE,HL
        POP DE
        RET

        ORG 0x0030
; hl_below_de (RST 0x30): carry set if HL < DE (unsigned), Z if HL = DE; HL kept. Uses F.
hl_below_de:
        PUSH HL
        OR A
        SBC HL,DE
        POP HL
        RET

        ORG 0x0038
rst38:
; ---------------------------------------------------------------------------------------
; IM 1 interrupt (ace-forth.md 1, ace-hardware.md 4): FRAMES, keyboard, line editor.
; The INT line is held for 1,664 T, so EI must come later than that: delay first.
; Uses absolute addresses so user code that moves IX cannot break it.
; ---------------------------------------------------------------------------------------
interrupt:                      ; IM 1 enters here (no JP)
        PUSH AF
        PUSH BC
        PUSH DE
        PUSH HL
        LD B,71                 ; about 920 T: with the key scan (about 630 T with no key
                                ; held) EI comes about 1,740 T after the interrupt is
                                ; accepted (the line is held 1,664 T) and the handler
                                ; takes the original's ~1,790 T with no key held
.delay: DJNZ .delay
        LD HL,FRAMES            ; 32-bit counter, LSB first
        LD B,4
.count: INC (HL)
        JR NZ,.counted
        INC HL
        DJNZ .count
.counted:
        CALL key_debounce
        OR A
        JR Z,.done
        LD HL,STATIN
        BIT ST_EDITING,(HL)
        CALL NZ,editor_key
.done:
        POP HL
        POP DE
        POP BC
        POP AF
        EI
        RET


; ---------------------------------------------------------------------------------------
; The ROM proper: pinned headers, runtimes and routines (the macros, pins.asm) with the
; code between them in floating pieces the assembler packs into the gaps (SYNTAX.md).
; Every INCLUDE starts a new piece (CUT), so no file runs into the next.
; ---------------------------------------------------------------------------------------
        PACK 0x0000, 0x1FFD, FILL
        FALLCHECK ON
        SECTION
        INCLUDE "start.asm"     ; cold start, interrupt, keyboard scan, errors, QUIT/ABORT
        CUT
        INCLUDE "inner.asm"     ; inner interpreter, code-field routines, runtime words
        CUT
        INCLUDE "screen.asm"    ; printing, scrolling, the line editor
        CUT
        INCLUDE "interp.asm"    ; QUERY, WORD, FIND, NUMBER, LINE and the outer loop
        CUT
        INCLUDE "stack.asm"     ; stack, memory, arithmetic and comparison words
        CUT
        INCLUDE "output.asm"    ; EMIT, CR, AT, CLS, formatted number output
        CUT
        INCLUDE "compiler.asm"  ; defining and compiling words, control structures
        CUT
        INCLUDE "dict.asm"      ; VLIST, FORGET, vocabularies, IMMEDIATE, misc.
        CUT
        INCLUDE "runtimes.asm"  ; runtime words (at the original's addresses)
        CUT
        INCLUDE "list.asm"      ; LIST
        CUT
        INCLUDE "float.asm"     ; floating point: F+ F- F* F/ FNEGATE F. INT UFLOAT
        CUT
        INCLUDE "edit.asm"      ; EDIT and REDEFINE (the buffer output is in put_char)
        CUT
        INCLUDE "font.asm"      ; the character set, unpacked at cold start
        CUT
        INCLUDE "tape.asm"      ; SAVE LOAD VERIFY BSAVE BLOAD BVERIFY and the tape signal
        CUT
        INCLUDE "beep.asm"
        CUT
        INCLUDE "plot.asm"
        CUT
        INCLUDE "ports.asm"     ; INKEY IN OUT
        CUT
        INCLUDE "compat.asm"    ; ROM subroutines at the original's addresses (issue 16)
        ENDS

; The zero-length pseudo entry at the top of the ROM (ace-forth.md 3, 4.2): link to the
; newest ROM word, name length 0. FORTH's link (0x3C47) points at its name-length byte.
        ORG 0x1FFD
rom_top_link:
        DW rom_newest_nfa       ; UFLOAT's name-length field (pins.asm)
rom_top_entry:
        DB 0
        ASSERT rom_top_entry == 0x1FFF, "pseudo entry must be at 0x1FFF"
        ASSERT $ == 0x2000, "ROM must be exactly 8 KB"
