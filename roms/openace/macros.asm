; Word-header macros of the open ROM: one macro per header, each putting its word at the
; original ROM's address (issue 16, below).
; Header layout of a ROM word (shared/spec/ace-forth.md 4.2): name (bit 7 set on the last
; character), link (address of the previous word's name-length field, 0 ends the chain),
; name-length byte (bits 0-5 length, bit 6 immediate), code field, parameter field.
; MIT OR Apache-2.0.

; Binary compatibility (issue 16): every header sits at the original's address. Each
; header macro ENDS the piece of code before it and opens a SECTION for the header, PINned
; at <cfa>_pin with the link <cfa>_link (pins.asm, generated from rom-words.tsv: the
; chain runs in the original's address order, whatever the order of the source). Between
; headers the code lives in floating sections the assembler packs into the gaps
; (main.asm: PACK, FALLCHECK ON: a piece may not run off its end, since the packer decides
; what follows it). So source files keep one line per word (the macro) and never name
; an address.

; CUT: end the running piece and start a new floating one (where nothing falls through,
; e.g. after a JP or RET, or between a thread and the helper code after it).
CUT     MACRO
        ENDS
        SECTION
        ENDM

; HEADER "NAME", cfa_label, flags -- name, link, length byte, code field at <cfa>_pin.
; What follows (the code field and parameter field) is in the pinned section, up to the
; next header macro or CUT.
HEADER  MACRO name, cfa, flags
        ENDS
        SECTION cfa##_head
.nm:    DC name
        DW cfa##_link
.nl:    DB (.nl - .nm - 2) | flags
        PIN cfa##_pin
cfa:
        ENDM

; A machine-code word: the code field points at the code, which follows in a floating
; section placed right after the header when the gap there holds it (the code field then
; points just past itself, as in the original) and anywhere else when not. The code ends
; with JP (IY).
PRIM    MACRO name, cfa, flags
        HEADER name, cfa, flags
        DW .code
        ENDS
        SECTION cfa##_body FOLLOWS cfa##_head
.code:
        ENDM

; A colon word written as a thread of CFAs (DW ...), ending with DW exit_rt. The thread
; starts at CFA+2 in the pinned section (it must fit before the next fixed address; if it
; does not, end the part that fits with THREAD_MORE).
COLON   MACRO name, cfa, flags
        HEADER name, cfa, flags
        DW docolon
        ENDM

; THREAD_MORE: inside a thread, go on in a floating section (a 4-byte branch), for a
; thread longer than the gap after its pinned header.
THREAD_MORE MACRO
        DW else_rt
        DW .more - $ - 1
        ENDS
        SECTION
.more:
        ENDM

; ROUTINE label: a code routine or ROM subroutine at the original's address <label>_pin
; (pins.asm); its code follows in the pinned section up to the next macro or CUT.
ROUTINE MACRO label
        ENDS
        SECTION label##_sec
        PIN label##_pin
label:
        ENDM

; A runtime word compiled into user code (ace-forth.md 4.3): operand-byte count
; (255 = variable: 2-byte length then the bytes), then the negative offset to the name
; field of the word LIST shows for it (target = offset field + 1 + offset), then the
; code field. owner_nm = address of the owner's name field (its first character).
RUNTIME MACRO cfa, nops, owner_nm
        ENDS
        SECTION cfa##_head
        DB nops
        DW owner_nm - ($ + 1)
        PIN cfa##_pin
cfa:
        ENDM

; A runtime whose code is its own: like PRIM, the code follows in a floating section,
; right after the code field whenever the gap there holds it (ALWAYS: runtimes are the
; hottest code, and inline they are where the original has them).
RUNTIME_CODE MACRO cfa, nops, owner_nm
        RUNTIME cfa, nops, owner_nm
        DW .code
        ENDS
        SECTION cfa##_body FOLLOWS cfa##_head ALWAYS
.code:
        ENDM

; A literal runtime: the name offset is 0xFFFF (LIST shows the operand as a number).
RUNTIME_LIT MACRO cfa, nops
        ENDS
        SECTION cfa##_head
        DB nops
        DW 0xFFFF
        PIN cfa##_pin
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

; A headerless machine-code word used inside ROM threads (a floating piece of its own).
INTERNAL MACRO cfa
        CUT
cfa:    DW $ + 2
        ENDM

; A headerless colon word used inside ROM threads (a floating piece of its own).
INTERNAL_COLON MACRO cfa
        CUT
cfa:    DW docolon
        ENDM

; A literal runtime with its own code (floating, after the code field when it fits).
RUNTIME_LIT_CODE MACRO cfa, nops
        RUNTIME_LIT cfa, nops
        DW .code
        ENDS
        SECTION cfa##_body FOLLOWS cfa##_head ALWAYS
.code:
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
