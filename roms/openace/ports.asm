; ports.asm -- INKEY, IN, OUT.
; Written for aceemu from the spec: shared/spec/ace-forth.md 9 (INKEY raw scan without
; debounce, 0 if no key; IN/OUT with the full 16-bit port address) and ace-hardware.md 5, 6
; (the port and the key codes). INKEY uses the core's key_scan (start.asm).
; MIT OR Apache-2.0.

; INKEY ( -- c ): written from ace-forth.md 9 and ace-hardware.md 6.
        PRIM "INKEY", inkey_cfa, 0
        CALL key_scan           ; A = code or 0
        JRX cfetch_a            ; (C@'s tail, stack.asm: push A as a cell, next word)

; IN ( port -- byte ): written from ace-forth.md 9 and rom-words.tsv (IN).
        PRIM "IN", in_cfa, 0
        RST 24
        LD B,D
        LD C,E
        IN A,(C)                ; B goes out on A8-A15
        JRX cfetch_a

; OUT ( byte port -- ): written from ace-forth.md 9 and rom-words.tsv (OUT).
        PRIM "OUT", out_cfa, 0
        RST 0x28                ; pop_two: L = the byte, DE = the port
        LD B,D
        LD C,E
        OUT (C),L
        JP (IY)
