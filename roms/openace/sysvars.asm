; System variables and fixed RAM addresses of the Jupiter Ace, as listed in
; shared/spec/ace-forth.md section 2-3 and ace-hardware.md section 2 (facts, not code).
; Written for aceemu's open ROM. MIT OR Apache-2.0.

SYSVARS         EQU 0x3C00      ; IX points here while Forth runs
FP_WS           EQU 0x3C00      ; 19 bytes floating-point scratch
LISTWS          EQU 0x3C13      ; 5 bytes LIST/EDIT scratch
RAMTOP          EQU 0x3C18      ; first address after RAM (0 = 65536)
HLD             EQU 0x3C1A      ; formatted output pointer
SCRPOS          EQU 0x3C1C      ; video-RAM address of the next printed character
INSCRN          EQU 0x3C1E      ; start of the current logical line in the input buffer
CURSOR          EQU 0x3C20      ; cursor address in the input buffer
ENDBUF          EQU 0x3C22      ; end of the current logical line
L_HALF          EQU 0x3C24      ; start of the input buffer
KEYCOD          EQU 0x3C26      ; key last seen by the interrupt scanner
KEYCNT          EQU 0x3C27      ; debounce/repeat counter
STATIN          EQU 0x3C28      ; editor state bits
EXWRCH          EQU 0x3C29      ; user print vector (0 = none)
FRAMES          EQU 0x3C2B      ; 32-bit frame counter, LSB first
XCOORD          EQU 0x3C2F      ; x of last PLOT
YCOORD          EQU 0x3C30      ; y of last PLOT
CURRENT         EQU 0x3C31      ; pfa of the vocabulary new words go into
CONTEXT         EQU 0x3C33      ; pfa of the vocabulary searched first
VOCLNK          EQU 0x3C35      ; vocabulary-link field of the newest vocabulary
STKBOT          EQU 0x3C37      ; first free dictionary byte (HERE)
DICT            EQU 0x3C39      ; word-length field of the newest word while unfilled, else 0
SPARE           EQU 0x3C3B      ; one past the top of the data stack
ERR_NO          EQU 0x3C3D      ; error number for ABORT, 255 = none
FLAGS           EQU 0x3C3E      ; bit 2 incomplete def, 3 output to input buffer, 4 INVIS, 6 compiling
BASE_V          EQU 0x3C3F      ; number base (one byte)

; Offsets from IX (= SYSVARS) for (IX+d) addressing.
O_RAMTOP        EQU RAMTOP - SYSVARS
O_HLD           EQU HLD - SYSVARS
O_SCRPOS        EQU SCRPOS - SYSVARS
O_INSCRN        EQU INSCRN - SYSVARS
O_CURSOR        EQU CURSOR - SYSVARS
O_ENDBUF        EQU ENDBUF - SYSVARS
O_L_HALF        EQU L_HALF - SYSVARS
O_KEYCOD        EQU KEYCOD - SYSVARS
O_KEYCNT        EQU KEYCNT - SYSVARS
O_STATIN        EQU STATIN - SYSVARS
O_EXWRCH        EQU EXWRCH - SYSVARS
O_FRAMES        EQU FRAMES - SYSVARS
O_XCOORD        EQU XCOORD - SYSVARS
O_YCOORD        EQU YCOORD - SYSVARS
O_CURRENT       EQU CURRENT - SYSVARS
O_CONTEXT       EQU CONTEXT - SYSVARS
O_VOCLNK        EQU VOCLNK - SYSVARS
O_STKBOT        EQU STKBOT - SYSVARS
O_DICT          EQU DICT - SYSVARS
O_SPARE         EQU SPARE - SYSVARS
O_ERR_NO        EQU ERR_NO - SYSVARS
O_FLAGS         EQU FLAGS - SYSVARS
O_BASE          EQU BASE_V - SYSVARS

; STATIN bits
ST_EDITING      EQU 0           ; line editor active in the interrupt (QUERY waiting)
ST_CAPS         EQU 1
ST_GRAPHICS     EQU 2
ST_INVERSE      EQU 3
ST_RETYPE       EQU 4           ; open ROM: the line was handed back by RETYPE (? cursor)
ST_ENTER        EQU 5           ; ENTER has been pressed

; FLAGS bits
FL_INCOMPLETE   EQU 2
FL_TO_BUFFER    EQU 3
FL_INVIS        EQU 4
FL_COMPILING    EQU 6

; Fixed RAM areas
VIDEO           EQU 0x2400      ; 24 x 32 screen, video-priority alias
VIDEO_CPU       EQU 0x2000      ; same bytes, CPU-priority alias (tape code uses it)
SCREEN_END      EQU 0x2700      ; always 0: end-of-screen marker
PAD             EQU 0x2701      ; 254-byte workspace (WORD puts its result here)
CHARSET         EQU 0x2C00      ; character RAM, write-only, 128 x 8 bytes
CHARSET_CPU     EQU 0x2800      ; CPU-priority alias of the character RAM
TAPE_HDR        EQU 0x2301      ; tape header work area (CPU-priority alias of 0x2701)
FORTH_NAME      EQU 0x3C40      ; the FORTH vocabulary word lives in RAM
FORTH_PFA       EQU 0x3C4C
DICT_START      EQU 0x3C51      ; first user word
KBD_PORT        EQU 0xFE

; Header flag
IMMEDIATE       EQU 0x40

; Open-ROM scratch of the word scanner (interp.asm), in the floats' ACC (FP_WS + 14..17):
; F* and F/ use it only while they run, never while a word is being scanned (the float
; literal parser uses FA, below it), and the tape relocation's table (RM_*) only after
; LOAD or REDEFINE took its name. Not in 0x3C00-0x3C05, which the original leaves alone at
; the prompt (they stay 0 after `VLIST`, transcripts.md Round 4), nor in LISTWS (LIST's,
; and the words of an EDIT page are scanned while LIST waits).
W_START         EQU 0x3C0E      ; address of the last scanned word in the input buffer
W_LEN           EQU 0x3C10      ; its length
W_NUM           EQU 0x3C06      ; FORGET's cut (FORGET runs no floats)
PAD_END         EQU 0x27FF      ; <# starts here (HLD), digits go below
