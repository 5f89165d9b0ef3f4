; TEMPORARY (branch pin only, until floats, EDIT and REDEFINE are merged): headers for the
; words not in the image yet, so that the dictionary chain at the original's addresses is
; whole. Each raises ERROR 13. Remove when float.asm / edit.asm are included.
        IF DEFINED(WITH_FLOATS)
        ELSE
        HEADER "F.", fdot_cfa, 0
        DW stub_code
        HEADER "F-", fminus_cfa, 0
        DW stub_code
        HEADER "F+", fplus_cfa, 0
        DW stub_code
        HEADER "F*", fstar_cfa, 0
        DW stub_code
        HEADER "F/", fslash_cfa, 0
        DW stub_code
        HEADER "FNEGATE", fnegate_cfa, 0
        DW stub_code
        HEADER "INT", int_cfa, 0
        DW stub_code
        HEADER "UFLOAT", ufloat_cfa, 0
        DW stub_code
        ENDIF
        HEADER "EDIT", edit_cfa, 0
        DW stub_code
        HEADER "REDEFINE", redefine_cfa, 0
        DW stub_code
        IF DEFINED(WITH_FLOATS)         ; the float probe leaves out LIST and BEEP
        HEADER "LIST", list_cfa, 0
        DW stub_code
        HEADER "PLOT", plot_cfa, 0
        DW stub_code
        ENDIF
        IF DEFINED(PIN_NO_BEEP) || DEFINED(WITH_FLOATS)
        HEADER "BEEP", beep_cfa, 0
        DW stub_code
        ENDIF
        CUT
stub_code:
        RST 32
        DB 13
