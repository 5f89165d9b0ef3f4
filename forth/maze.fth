\ A-Mouz-in-Mase for the Jupiter Ace. Written for aceemu from
\ its maze fact sheet; MIT OR Apache-2.0. Type RUN to play.
\ The maze-state area is at HERE+30 and the screen buffer
\ after it, 672 bytes a section each: keep the data stack at
\ most nine cells deep, or it runs into the first section.
\ Comments stay outside definitions: the Ace keeps a comment
\ inside a word and steps over it each time the word runs.

\ The variables of the original game, with its stored values.
7 VARIABLE X
0 VARIABLE IX
0 VARIABLE IU
0 VARIABLE IV
0 VARIABLE OX
0 VARIABLE OU
0 VARIABLE OV
1 VARIABLE U
1 VARIABLE V
0 VARIABLE W
0 VARIABLE P
0 VARIABLE P1
1 VARIABLE Z
0 VARIABLE T
147 VARIABLE Y
\ SEED starts at 47616, typed as a signed cell.
-17920 VARIABLE SEED
\ Keyboard repeat: the key the last poll saw, the frame a key
\ was last taken at.
0 VARIABLE LK
0 VARIABLE KT

\ Lehmer generator: SEED+1 steps as SEED+1 times 75 mod 65537;
\ the draw is the high cell of n times SEED.
: RND
  SEED @ 75 U* 75 0 D+ OVER OVER U< >R - R> + 1-
  DUP SEED ! U* SWAP DROP ;

\ Directions 1 right, 2 left, 3 down, 4 up: 24 orders of four,
\ each tried from its last entry to its first.
CREATE TABLE
3 C, 2 C, 4 C, 1 C, 2 C, 3 C, 4 C, 1 C, 1 C, 4 C, 3 C, 2 C,
3 C, 4 C, 2 C, 1 C, 2 C, 3 C, 1 C, 4 C, 3 C, 1 C, 4 C, 2 C,
4 C, 3 C, 2 C, 1 C, 1 C, 2 C, 4 C, 3 C, 1 C, 3 C, 2 C, 4 C,
2 C, 4 C, 1 C, 3 C, 4 C, 2 C, 1 C, 3 C, 4 C, 1 C, 3 C, 2 C,
1 C, 4 C, 2 C, 3 C, 2 C, 1 C, 3 C, 4 C, 3 C, 1 C, 2 C, 4 C,
1 C, 3 C, 4 C, 2 C, 3 C, 2 C, 1 C, 4 C, 3 C, 4 C, 1 C, 2 C,
4 C, 1 C, 2 C, 3 C, 4 C, 3 C, 1 C, 2 C, 1 C, 2 C, 3 C, 4 C,
4 C, 2 C, 3 C, 1 C, 2 C, 1 C, 4 C, 3 C, 2 C, 4 C, 3 C, 1 C,

\ The 12 maze graphics, codes 1 to 12: walls on the top and
\ left edges only; 5-8 add the mouse, 9-12 a small marker.
CREATE GFX
255 C, 128 C, 128 C, 128 C, 128 C, 128 C, 128 C, 128 C,
255 C, 0 C, 0 C, 0 C, 0 C, 0 C, 0 C, 0 C,
128 C, 128 C, 128 C, 128 C, 128 C, 128 C, 128 C, 128 C,
128 C, 0 C, 0 C, 0 C, 0 C, 0 C, 0 C, 0 C,
255 C, 128 C, 128 C, 156 C, 156 C, 156 C, 128 C, 128 C,
255 C, 0 C, 0 C, 28 C, 28 C, 28 C, 0 C, 0 C,
128 C, 128 C, 128 C, 156 C, 156 C, 156 C, 128 C, 128 C,
128 C, 0 C, 0 C, 28 C, 28 C, 28 C, 0 C, 0 C,
255 C, 128 C, 128 C, 128 C, 136 C, 128 C, 128 C, 128 C,
255 C, 0 C, 0 C, 0 C, 8 C, 0 C, 0 C, 0 C,
128 C, 128 C, 128 C, 128 C, 136 C, 128 C, 128 C, 128 C,
128 C, 0 C, 0 C, 0 C, 8 C, 0 C, 0 C, 0 C,
: GRAPHICS 96 0 DO GFX I + C@ 11272 I + C! LOOP ;

\ Memory: M is the maze-state area, ST the status byte of
\ offset x in the current section.
: M HERE 30 + ;
: ST W @ + ;
\ status[x] OR mask; status[x] AND mask
: S| ST DUP C@ ROT OR SWAP C! ;
: S& ST DUP C@ ROT AND SWAP C! ;
\ screen[x] + n, written through to video byte x as well
\ (I outside a DO loop copies the top of the return stack.)
: S+ DUP P @ + >R SWAP I C@ + DUP R> C! SWAP 9216 + C! ;
\ SHOW: the current section onto video rows 0-20, counting
\ over video addresses; row 21 gets V,U at columns 28-30.
: SHOW
  P @ 9216 - 9888 9216 DO DUP I + @ I ! 2 +LOOP DROP
  V @ 48 + 9916 C! 44 9917 C! U @ 48 + 9918 C! ;
: SETWP U @ 1- V @ 1- Z @ * + 672 * DUP M + W ! P1 @ + P ! ;

\ Moving into the next section right, left, down or up.
: WP+ DUP W @ + W ! P @ + P ! ;
: >RIGHT U @ 1+ U ! 672 WP+ SHOW ;
: >LEFT U @ 1- U ! -672 WP+ SHOW ;
: >DOWN V @ 1+ V ! Z @ 672 * WP+ SHOW ;
: >UP V @ 1- V ! Z @ -672 * WP+ SHOW ;

\ CLEAR, given Z: no passages anywhere and every wall standing:
\ 1 top and left, 3 left only in column 31, 2 top only in row
\ 20, 4 the corner point. Loops count offsets, not addresses:
\ a DO loop compares signed numbers.
: SECTION
  640 0 DO 257 OVER I + ! 2 +LOOP
  640 0 DO 769 OVER I + 30 + ! 32 +LOOP
  640 + 30 0 DO 514 OVER I + ! 2 +LOOP 1026 SWAP 30 + ! ;
: CLEAR
  DUP Z ! M W ! DUP * 672 * M OVER + DUP P ! P1 !
  M OVER 0 DO 0 OVER I + ! 2 +LOOP DROP
  0 DO P1 @ I + SECTION 672 +LOOP ;

\ A door on side n: 0 right, 1 top, 2 bottom, 3 left. Leaves
\ the wall change it makes, as an amount and an offset.
: DOOR
  3 OVER - OX !
  DUP 0= IF DROP 20 RND 32 * 30 + X ! Z @ U ! Z @ RND 1+ V !
    1 X @ 1+ ELSE
  DUP 1 = IF DROP 31 RND X ! 1 V ! Z @ RND 1+ U !
    2 X @ ELSE
  2 = IF 31 RND 608 + X ! Z @ V ! Z @ RND 1+ U !
    2 X @ 32 + ELSE
  20 RND 32 * X ! 1 U ! Z @ RND 1+ V !
    1 X @ THEN THEN THEN SETWP ;

\ Growing one cell right, left, down or up: each leaves 1 if
\ it could, 0 if that way is walled in by visited cells.
\ Entering a cell leaves a breadcrumb in bits 5 and 4.
: X+
  X @ DUP 31 AND 30 < IF
    DUP 1+ ST C@ 128 AND IF DROP 0 EXIT THEN
    1 OVER S| 1 OVER 1+ S+ 1+ 50 OVER S| X ! 1 EXIT THEN
  U @ Z @ < 0= IF DROP 0 EXIT THEN
  DUP 642 + ST C@ 128 AND IF DROP 0 EXIT THEN
  129 OVER S| 1 OVER 1+ S+ >RIGHT 30 -
  1 OVER S+ 50 OVER S| X ! 1 ;
: X-
  X @ DUP 31 AND IF
    DUP 1- ST C@ 128 AND IF DROP 0 EXIT THEN
    2 OVER S| 1 OVER S+ 1- 17 OVER S| X ! 1 EXIT THEN
  U @ 1 > 0= IF DROP 0 EXIT THEN
  DUP 642 - ST C@ 128 AND IF DROP 0 EXIT THEN
  130 OVER S| 1 OVER S+ >LEFT 30 +
  1 OVER 1+ S+ 17 OVER S| X ! 1 ;
: Y+
  X @ DUP 608 < IF
    DUP 32 + ST C@ 128 AND IF DROP 0 EXIT THEN
    8 OVER S| 2 OVER 32 + S+ 32 + 36 OVER S| X ! 1 EXIT THEN
  V @ Z @ < 0= IF DROP 0 EXIT THEN
  DUP Z @ 672 * + 608 - ST C@ 128 AND IF DROP 0 EXIT THEN
  136 OVER S| 2 OVER 32 + S+ >DOWN 608 -
  2 OVER S+ 36 OVER S| X ! 1 ;
: Y-
  X @ DUP 31 > IF
    DUP 32 - ST C@ 128 AND IF DROP 0 EXIT THEN
    4 OVER S| 2 OVER S+ 32 - 8 OVER S| X ! 1 EXIT THEN
  V @ 1 > 0= IF DROP 0 EXIT THEN
  DUP Z @ 672 * - 608 + ST C@ 128 AND IF DROP 0 EXIT THEN
  132 OVER S| 2 OVER S+ >UP 608 +
  2 OVER 32 + S+ 8 OVER S| X ! 1 ;

\ Growing in direction d, 1 to 4.
: GO
  DUP 1 = IF DROP X+ EXIT THEN
  DUP 2 = IF DROP X- EXIT THEN
  3 = IF Y+ ELSE Y- THEN ;

\ SCAN: one step back along the breadcrumb of bits 5 and 4:
\ 00 came up, 01 came left, 10 came down, 11 came right.
: SCAN
  X @ DUP ST C@ 48 AND
  DUP 0= IF DROP DUP 608 < IF 32 + ELSE >DOWN 608 - THEN ELSE
  DUP 16 = IF DROP DUP 31 AND 30 < IF 1+ ELSE >RIGHT 30 - THEN ELSE
  32 = IF DUP 31 > IF 32 - ELSE >UP 608 + THEN ELSE
  DUP 31 AND IF 1- ELSE >LEFT 30 + THEN
  THEN THEN THEN X ! ;

\ MOVE: into one new cell, backing up while every way is shut.
: TRY4
  3 + DUP C@ GO IF DROP 1 EXIT THEN
  1- DUP C@ GO IF DROP 1 EXIT THEN
  1- DUP C@ GO IF DROP 1 EXIT THEN
  1- C@ GO ;
: MOVE BEGIN 24 RND 4 * TABLE + TRY4 0= WHILE SCAN REPEAT ;

\ DRAW: entrance, the whole maze from it, then the exit.
\ T is 1 for the last 150 Z*Z cells; nothing here reads it.
: GROW
  150 Z @ DUP * * 620 Z @ DUP * * 1-
  BEGIN 128 X @ S| OVER OVER > T ! MOVE 1- DUP 0= UNTIL
  DROP DROP ;
: DRAW
  4 RND DOOR X @ IX ! U @ IU ! V @ IV ! SHOW S+
  GROW
  OX @ DOOR 64 X @ S| X @ OX ! U @ OU ! V @ OV ! S+ ;

\ CLEARTRAIL: forget the breadcrumbs, bits 5 and 4.
: CLEARTRAIL
  M 672 Z @ DUP * * 0 DO DUP I + DUP @ -12337 AND SWAP ! 2 +LOOP
  DROP ;

\ MOUSE: show the entrance section with the mouse in it.
: MOUSE
  IU @ U ! IV @ V ! SETWP SHOW 4 IX @ S+ IX @ X ! CLEARTRAIL ;

\ AUTO: the mouse finds the way by itself, trying right, left,
\ up, down; a dead end is marked small and closed behind it.
: PAUSE 4 Z @ - 300 * 0 DO LOOP ;
: ARRIVE PAUSE 4 OVER S+ 16 OVER S| ;
: BACK OVER 4 SWAP S+ OVER S& ;
: TRYR
  DUP 31 AND 30 = DUP T !
  IF DUP 642 + ELSE DUP 1+ THEN ST C@ 16 AND IF
    DUP ST C@ 14 AND IF 0 EXIT THEN
    142 BACK T @ IF >RIGHT 30 - ELSE 1+ THEN 157 OVER S& 1 EXIT
  THEN T @ IF >RIGHT 30 - ELSE 1+ THEN ARRIVE 1 ;
: TRYL
  DUP 31 AND 0= DUP T !
  IF DUP 642 - ELSE DUP 1- THEN ST C@ 16 AND IF
    DUP ST C@ 13 AND IF 0 EXIT THEN
    141 BACK T @ IF >LEFT 30 + ELSE 1- THEN 158 OVER S& 1 EXIT
  THEN T @ IF >LEFT 30 + ELSE 1- THEN ARRIVE 1 ;
: TRYU
  DUP 32 < DUP T !
  IF DUP Z @ 672 * - 608 + ELSE DUP 32 - THEN ST C@ 16 AND IF
    DUP ST C@ 11 AND IF 0 EXIT THEN
    139 BACK T @ IF >UP 608 + ELSE 32 - THEN 151 OVER S& 1 EXIT
  THEN T @ IF >UP 608 + ELSE 32 - THEN ARRIVE 1 ;
: TRYD
  DUP 607 > DUP T !
  IF DUP Z @ 672 * + 608 - ELSE DUP 32 + THEN ST C@ 16 AND IF
    DUP ST C@ 7 AND IF 0 EXIT THEN
    135 BACK T @ IF >DOWN 608 - ELSE 32 + THEN 155 OVER S& 1 EXIT
  THEN T @ IF >DOWN 608 - ELSE 32 + THEN ARRIVE 1 ;
: DECIDE
  DUP ST C@ DUP Y !
  1 AND IF TRYR IF EXIT THEN THEN
  Y @ 2 AND IF TRYL IF EXIT THEN THEN
  Y @ 4 AND IF TRYU IF EXIT THEN THEN
  Y @ 8 AND IF TRYD DROP THEN ;
: AUTO
  IX @ 16 OVER S| BEGIN DUP ST C@ 64 AND 0= WHILE DECIDE REPEAT DROP ;

\ Keys: a new key at once, a held one again every 10 frames.
\ 15403 is FRAMES.
: NEWKEY
  BEGIN INKEY DUP LK @ OVER LK ! = IF DUP IF
    15403 @ KT @ - 10 < IF DROP 0 THEN THEN THEN ?DUP
  UNTIL 15403 @ KT ! ;

\ MAN: A up, Z down, K right, M left, in either case. The mouse
\ is taken off its cell, moved, and put on the next one.
: WAY
  95 AND DUP 65 = IF DROP 4 EXIT THEN
  DUP 90 = IF DROP 8 EXIT THEN
  DUP 75 = IF DROP 1 EXIT THEN
  77 = IF 2 ELSE 0 THEN ;
: STEP
  -4 X @ S+ X @ SWAP
  DUP 4 = IF DROP DUP 31 > IF 32 - ELSE >UP 608 + THEN ELSE
  DUP 8 = IF DROP DUP 608 < IF 32 + ELSE >DOWN 608 - THEN ELSE
  1 = IF DUP 31 AND 30 < IF 1+ ELSE >RIGHT 30 - THEN ELSE
  DUP 31 AND IF 1- ELSE >LEFT 30 + THEN
  THEN THEN THEN 4 OVER S+ X ! ;
: MAN
  BEGIN X @ ST C@ 64 AND 0= WHILE
    1000 0 DO LOOP NEWKEY WAY ?DUP IF
      X @ ST C@ OVER AND IF STEP ELSE DROP THEN
    THEN
  REPEAT ;

\ Screens. HI turns n characters at line, col to inverse.
: HI ROT 32 * ROT + 9216 + SWAP OVER + SWAP DO I C@ 128 OR I C! LOOP ;
\ KEY: the next key, taken when it is let go, so one press is
\ one answer however long it is held.
: LETGO BEGIN INKEY 0= UNTIL ;
: KEY BEGIN INKEY ?DUP UNTIL LETGO ;
: INSTRS
  INVIS GRAPHICS CLS
  3 8 AT ." A-MOUZ-IN-MASE" 3 8 14 HI
  5 8 AT ." a mouse in a maze"
  7 9 AT ." JUPITER ACE" 7 9 11 HI
  10 0 AT ." The Ace builds a maze one path"
  11 0 AT ." at a time. Then lead the mouse"
  12 0 AT ." out with A up, Z down, K right"
  13 0 AT ." and M left, or watch the mouse"
  14 0 AT ." find the way by itself."
  12 9 1 HI 12 15 1 HI 12 23 1 HI 13 4 1 HI
  22 23 AT ." <ANYKEY>" KEY DROP ;

\ The size menu. R draws a new seed from FRAMES; without it
\ the first maze after LOAD comes from the stored SEED. The
\ question comes last, so a script can wait for it.
: MENU
  CLS 16 16 AT ." 1 Small" 16 16 1 HI 17 16 AT ." 2 Medium" 17 16 1 HI
  18 16 AT ." 3 Large" 18 16 1 HI 20 16 AT ." R new seed" 20 16 1 HI
  21 16 AT ." Q quit" 21 16 1 HI 16 0 AT ." ? Maze size" ;
\ CHOOSE leaves the size, or 0 for Q.
: CHOOSE
  BEGIN KEY DUP 48 > OVER 52 < AND IF 48 - EXIT THEN
    95 AND DUP 82 = IF 15403 @ SEED ! 20 27 AT ." - new" THEN
    81 = IF 0 EXIT THEN
  0 UNTIL ;

\ Room: a size needs 1344 Z*Z bytes from HERE+30, and room for
\ the return stack above them. RAMTOP is at 15384.
: NEED DUP * 1344 * 256 + ;
: ROOM? NEED 15384 @ 1- M - U< ;
: NOROOM
  NEED M + 20 0 AT ." This size needs a "
  DUP -32768 U< IF DROP ." 16" ELSE -16384 U< IF ." 32" ELSE ." 48" THEN THEN
  ." K RAM pack" ;

\ One game of size z: build, then play or watch, then wait.
: GAME
  CLS CLEAR FAST DRAW MOUSE SLOW
  22 10 AT ." Play or Watch?" 22 10 1 HI 22 18 1 HI
  BEGIN KEY 95 AND DUP 80 = OVER 87 = OR 0= WHILE DROP REPEAT
  22 10 AT 15 SPACES
  80 = IF MAN ELSE FAST AUTO SLOW THEN
  LETGO 22 0 AT ." The mouse is out! Any key: menu" KEY DROP CLS ;

: RUN
  LETGO INSTRS MENU
  BEGIN CHOOSE ?DUP WHILE
    DUP ROOM? IF GAME MENU ELSE NOROOM THEN
  REPEAT CLS VIS ;
