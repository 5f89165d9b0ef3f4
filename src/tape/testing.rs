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
