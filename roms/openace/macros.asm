; Word-header macros of the open ROM: one macro per header, so every word can be
; placed anywhere (part 3 of the ROM work moves them to the original addresses).
; Header layout of a ROM word (shared/spec/ace-forth.md 4.2): name (bit 7 set on the last
; character), link (address of the previous word's name-length field, 0 ends the chain),
; name-length byte (bits 0-5 length, bit 6 immediate), code field, parameter field.
; MIT OR Apache-2.0.

last_word DEFL 0                ; name-length field of the newest ROM word so far

; HEADER "NAME", cfa_label, flags -- name, link, length byte; cfa_label = the code field.
HEADER  MACRO name, cfa, flags
.nm:    DC name
        DW last_word
.nl:    DB (.nl - .nm - 2) | flags
last_word DEFL .nl
cfa:
        ENDM

; A machine-code word: the code field points just past itself, the code follows and
; ends with JP (IY).
PRIM    MACRO name, cfa, flags
        HEADER name, cfa, flags
        DW $ + 2
        ENDM

; A colon word written as a thread of CFAs (DW ...), ending with DW exit_rt.
COLON   MACRO name, cfa, flags
        HEADER name, cfa, flags
        DW docolon
        ENDM

; A runtime word compiled into user code (ace-forth.md 4.3): operand-byte count
; (255 = variable: 2-byte length then the bytes), then the negative offset to the name
; field of the word LIST shows for it (target = offset field + 1 + offset), then the
; code field. owner_nm = address of the owner's name field (its first character).
RUNTIME MACRO cfa, nops, owner_nm
        DB nops
        DW owner_nm - ($ + 1)
cfa:
        ENDM

; A literal runtime: the name offset is 0xFFFF (LIST shows the operand as a number).
RUNTIME_LIT MACRO cfa, nops
        DB nops
        DW 0xFFFF
cfa:
        ENDM

; A compiling word (ace-forth.md 5, code field {compiling-word}): immediate, pfa+0 = the
; runtime CFA it compiles, then a thread (DW ...) run at compile time, ending in exit_rt.
COMPILING MACRO name, cfa, runtime
        HEADER name, cfa, IMMEDIATE
        DW compiler_cf
        DW runtime
        ENDM

; A defining word (ace-forth.md 5, code field {defining-word}): pfa+0 = the code field its
; children get, then a thread (DW ...) run after the child's header is made.
DEFINING MACRO name, cfa, childcf
        HEADER name, cfa, 0
        DW definer_cf
        DW childcf
        ENDM

; A headerless machine-code word used inside ROM threads.
INTERNAL MACRO cfa
cfa:    DW $ + 2
        ENDM

; A headerless colon word used inside ROM threads.
INTERNAL_COLON MACRO cfa
cfa:    DW docolon
        ENDM

; In a hand-written thread: push the number n (0-255) with the one-byte literal runtime.
LIT8    MACRO n
        DW lit8_rt
        DB n
        ENDM

; In a compiling word's thread: check the structure marker on the stack (ace-forth.md 6)
; against marker, ERROR 5 if it differs ([expect] reads the byte after it).
EXPECT  MACRO marker
        DW expect_cfa
        DB marker
        ENDM
