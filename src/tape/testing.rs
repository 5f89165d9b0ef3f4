//! Guest programs shared by the tape tests and the benchmark.

/// A bare-Ace ROM program (at 0x0000, independent of any Forth ROM) that reads the EAR bit
/// with its own timing loop and sends every decoded byte to the debug port (OUT to port 1):
/// count 45-T polling iterations between EAR changes; 256 halves of 38-55 iterations are
/// pilot; then a short half is the sync; then each bit is the sum of two halves (a 0 is
/// ~33, a 1 ~68, split at 53), most significant first; a half of 60 or more ends the block.
pub const EAR_READER: [u8; 0x55] = [
    0xF3, // 0000 DI
    0x31, 0x00, 0x40, // 0001 LD SP,0x4000
    0xDB, 0xFE, // 0004 IN A,(0xFE)
    0xE6, 0x20, // 0006 AND 0x20
    0x4F, // 0008 LD C,A            C = last EAR level
    0x16, 0x00, // 0009 find_pilot: LD D,0
    0xCD, 0x45, 0x00, // 000B fp1: CALL edge
    0x78, // 000E LD A,B
    0xFE, 38, // 000F CP 38
    0x38, 0xF6, // 0011 JR C,find_pilot
    0xFE, 56, // 0013 CP 56
    0x30, 0xF2, // 0015 JR NC,find_pilot
    0x14, // 0017 INC D
    0x20, 0xF1, // 0018 JR NZ,fp1      256 pilot halves in a row
    0xCD, 0x45, 0x00, // 001A sync: CALL edge
    0x78, // 001D LD A,B
    0xFE, 38, // 001E CP 38
    0x30, 0xF8, // 0020 JR NC,sync     still pilot
    0xCD, 0x45, 0x00, // 0022 CALL edge      second sync half
    0x1E, 0x01, // 0025 byte: LD E,1  sentinel bit
    0xCD, 0x45, 0x00, // 0027 bit: CALL edge
    0x78, // 002A LD A,B
    0xFE, 60, // 002B CP 60
    0x30, 0xDA, // 002D JR NC,find_pilot  end of block
    0x57, // 002F LD D,A
    0xCD, 0x45, 0x00, // 0030 CALL edge
    0x78, // 0033 LD A,B
    0xFE, 60, // 0034 CP 60
    0x30, 0xD1, // 0036 JR NC,find_pilot
    0x82, // 0038 ADD A,D
    0xFE, 53,   // 0039 CP 53
    0x3F, // 003B CCF              carry = long pair = 1
    0xCB, 0x13, // 003C RL E
    0x30, 0xE7, // 003E JR NC,bit      until the sentinel falls out
    0x7B, // 0040 LD A,E
    0xD3, 0x01, // 0041 OUT (1),A      report the byte
    0x18, 0xE0, // 0043 JR byte
    0x06, 0x00, // 0045 edge: LD B,0
    0x04, // 0047 eloop: INC B
    0x28, 0x09, // 0048 JR Z,etmo
    0xDB, 0xFE, // 004A IN A,(0xFE)
    0xE6, 0x20, // 004C AND 0x20
    0xB9, // 004E CP C
    0x28, 0xF6, // 004F JR Z,eloop     45 T per iteration
    0x4F, // 0051 LD C,A
    0xC9, // 0052 RET
    0x05, // 0053 etmo: DEC B        B = 255: no change for 11,520 T
    0xC9, // 0054 RET
];

/// A bare-Ace ROM program (at 0x0000) that writes one block on the MIC bit with its own delay
/// loops, timings within a few percent of the ROM's SAVE: 1,024 pilot halves of ~2,004 T,
/// sync, `count` bytes from 0x0200 (flag, payload, checksum) MSB first, end mark; then it
/// sends '.' to the debug port and halts.
pub fn mic_writer(count: u8) -> [u8; 0x5D] {
    [
        0xF3, // 0000 DI
        0x31, 0x00, 0x40, // 0001 LD SP,0x4000
        0x21, 0x00, 0x04, // 0004 LD HL,1024        pilot halves
        0x0E, 0x08, // 0007 LD C,0x08
        0x79, // 0009 pilot: LD A,C
        0xD3, 0xFE, // 000A OUT (0xFE),A
        0xEE, 0x08, // 000C XOR 0x08
        0x4F, // 000E LD C,A
        0x06, 150, // 000F LD B,150
        0x10, 0xFE, // 0011 DJNZ $           ~2,004 T per half in all
        0x2B, // 0013 DEC HL
        0x7C, // 0014 LD A,H
        0xB5, // 0015 OR L
        0x20, 0xF1, // 0016 JR NZ,pilot
        0x3E, 0x08, // 0018 LD A,0x08         sync 1 (high)
        0xD3, 0xFE, // 001A OUT (0xFE),A
        0x06, 44, // 001C LD B,44
        0x10, 0xFE, // 001E DJNZ $
        0xAF, // 0020 XOR A              sync 2 (low)
        0xD3, 0xFE, // 0021 OUT (0xFE),A
        0x06, 57, // 0023 LD B,57
        0x10, 0xFE, // 0025 DJNZ $
        0x21, 0x00, 0x02, // 0027 LD HL,0x0200      the bytes: flag, payload, checksum
        0x1E, count, // 002A LD E,count
        0x4E,  // 002C byte: LD C,(HL)
        0x23,  // 002D INC HL
        0x16, 0x08, // 002E LD D,8
        0xCB, 0x11, // 0030 bit: RL C        MSB first
        0x06, 58, // 0032 LD B,58          a 0: ~800 T per half
        0x30, 0x02, // 0034 JR NC,+2
        0x06, 119,  // 0036 LD B,119         a 1: ~1,590 T per half
        0x78, // 0038 LD A,B
        0x08, // 0039 EX AF,AF'
        0x3E, 0x08, // 003A LD A,0x08
        0xD3, 0xFE, // 003C OUT (0xFE),A      high
        0x10, 0xFE, // 003E DJNZ $
        0x08, // 0040 EX AF,AF'
        0x47, // 0041 LD B,A
        0xAF, // 0042 XOR A
        0xD3, 0xFE, // 0043 OUT (0xFE),A      low
        0x10, 0xFE, // 0045 DJNZ $
        0x15, // 0047 DEC D
        0x20, 0xE6, // 0048 JR NZ,bit
        0x1D, // 004A DEC E
        0x20, 0xDF, // 004B JR NZ,byte
        0x3E, 0x08, // 004D LD A,0x08         end mark
        0xD3, 0xFE, // 004F OUT (0xFE),A
        0x06, 70, // 0051 LD B,70
        0x10, 0xFE, // 0053 DJNZ $
        0xAF, // 0055 XOR A
        0xD3, 0xFE, // 0056 OUT (0xFE),A
        0x3E, b'.', // 0058 LD A,'.'
        0xD3, 0x01, // 005A OUT (1),A         done
        0x76, // 005C HALT
    ]
}
