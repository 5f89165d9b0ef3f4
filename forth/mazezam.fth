: ZERO ( a n -- clear n bytes from a ) 0 DO 0 OVER I + C! LOOP DROP ;
: HD ( char -- value of a hex digit, either case ) 48 - DUP 9 > IF 7 - THEN 15 AND ;
: H, ( H, hexdigits: enclose the bytes the hex digits spell )
  32 WORD DUP C@ 2 / 0 DO DUP I 2 * + 1+ DUP C@ HD 16 * SWAP 1+ C@ HD + C, LOOP DROP ;
2048 CONSTANT PKMAX
CREATE PACK
H, 1a0402010108446f6f727374657005050201010e41204c6974746c65204e
H, 756467658a80050302020d5468726565205368656c7665738a9206020101
H, 0e436f727269646f722044726966741510040501000b546865204368696d
H, 6e657954650006030002084d616b65205761792cac80050302000c537461
H, 636b6564204465636b914a080201010d54696768742053717565657a6574
H, 48070300020b4361726566756c204e6f77386e200704000008426f6f6b63
H, 61736542e4a150050806040a4c6966742053686166748a8da4e84f080300
H, 000b4c616e65204368616e6765629c0e0604000012506f696e74206f6620
H, 4e6f2052657475726e2d8c85090302000d546865204c6f6e672048616c6c
H, cb150fa00a0302020e536c6964696e672050616e656c734b8b469c090400
H, 030d5368756e74696e6720596172642a0ddd66000a040303075261746368
H, 6574378d825cdb070601050b546f77657220426c6f636b0896f345494008
H, 0605000c436865636b6572626f617264daca5437d2160c04000308436f6e
H, 7665796f726dc6ba0b365d140302020d4672656967687420547261696e07
H, 5aa5d9eb2264900a05000009436c6f636b776f726b734756dd963b000c07
H, 05060e507265737375726520506c61746527d1d83ab6cf1bf3de2270060a
H, 0005085468652057656c6c419a96b1d59ab0c00d0800050d4772616e6420
H, 53687566666c657eb0195d76d56a66b154f7a1550c0502000c4c61737420
H, 576179204f75746e3b6c55adb432d0
HERE PKMAX HERE PACK - - DUP ALLOT ZERO
CREATE BD 672 ALLOT
CREATE BITS 128 C, 64 C, 32 C, 16 C, 8 C, 4 C, 2 C, 1 C,
CREATE SHP 4 C, 5 C, 7 C, 6 C, 132 C, 133 C, 135 C, 134 C,
CREATE GFX
H, fefefe00efefef003c3c187e18182466aaaaffaaaaffaaaa007e425a5a427e00
H, 007f405f5f407f0000ff00ffff00ff0000fe02fafa02fe00
: GRAPHICS ( patterns 1-7: wall, player, gate, block, bar left, middle, right )
  GFX 56 0 DO DUP I + C@ 11272 I + C! LOOP DROP ;
0 VARIABLE W 0 VARIABLE H 0 VARIABLE E 0 VARIABLE X
0 VARIABLE TA 0 VARIABLE TN 0 VARIABLE CB 0 VARIABLE LEFT 0 VARIABLE S0
0 VARIABLE LV 0 VARIABLE SN 0 VARIABLE LIVES 0 VARIABLE MV
0 VARIABLE PR 0 VARIABLE PC 0 VARIABLE IV
0 VARIABLE ST 0 VARIABLE TS 0 VARIABLE LK 0 VARIABLE GOOD 0 VARIABLE BP 0 VARIABLE BI
0 VARIABLE LT
: WAIT ( frames -- ) 15403 @ + BEGIN DUP 15403 @ - 0< UNTIL DROP ;
: LSIZE ( a -- bytes of the level at a ) DUP C@ OVER 1+ C@ * 7 + 8 / SWAP 4 + C@ + 5 + ;
: LADDR ( i -- address of level i ) PACK 1+ SWAP ?DUP IF 0 DO DUP LSIZE + LOOP THEN ;
: LOK ( a -- a f: the level header at a is sane )
  DUP C@ 1- 30 U< OVER 1+ C@ 1- 20 U< AND OVER 2+ C@ 3 PICK 1+ C@ U< AND
  OVER 3 + C@ 3 PICK 1+ C@ U< AND OVER 4 + C@ 29 U< AND ;
: CHECK ( -- f: the pack holds levels that fit the screen and the buffer )
  1 GOOD ! PACK C@ DUP 0= IF 0 GOOD ! THEN
  PACK 1+ SWAP ?DUP IF 0 DO LOK 0= IF 0 GOOD ! THEN DUP LSIZE + LOOP THEN
  PACK - PKMAX > IF 0 GOOD ! THEN GOOD @ ;
: LOADLV ( -- size, gaps, title and origin of level LV )
  LV @ LADDR DUP C@ W ! DUP 1+ C@ H ! DUP 2+ C@ E ! DUP 3 + C@ X !
  DUP 4 + C@ TN ! 5 + DUP TA ! TN @ + CB !
  30 W @ - 2 / DUP LEFT ! 20 H @ - 2 / 2+ 32 * + 9217 + S0 ! ;
: BIT ( -- f: the level's next cell bit, 1 = block )
  BP @ C@ BI @ BITS + C@ AND BI @ 1+ DUP 8 = IF DROP 0 BP @ 1+ BP ! THEN BI ! ;
: RESET ( -- the level's start: its cells, the player in the entrance gap )
  BD H @ 1+ 32 * 0 DO 0 OVER I + ! 2 +LOOP DROP CB @ BP ! 0 BI !
  H @ 0 DO I 32 * BD 1+ + W @ 0 DO BIT IF 1 OVER I + C! THEN LOOP DROP LOOP
  E @ PR ! -1 PC ! 0 MV ! ;
: CODE ( o -- screen code of board cell o, from its neighbours )
  BD 1+ + DUP C@ IF DUP 1- C@ DUP + SWAP 1+ C@ + IV @ + SHP + C@ ELSE DROP 32 THEN ;
: ROW ( r -- draw row r, odd rows inverted )
  DUP 1 AND 4 * IV ! 32 * W @ 0 DO DUP I + DUP CODE SWAP S0 @ + C! LOOP DROP ;
: PUT ( c -- show c where the player is ) PR @ 32 * PC @ + S0 @ + C! ;
: GATE ( close the entrance ) 3 E @ 32 * S0 @ + 1- C! ;
: D2 ( n a -- two digits of n at a ) SWAP 100 MOD 10 /MOD 48 + 3 PICK C! 48 + SWAP 1+ C! ;
: D4 ( n a -- four digits ) OVER 100 / OVER D2 SWAP 100 MOD SWAP 2+ D2 ;
: SHOWM MV @ 9233 D4 ;
: SHOWL LIVES @ 9246 D2 ;
: FRAME ( walls everywhere, then the corridors to the gaps )
  9248 704 0 DO 257 OVER I + ! 2 +LOOP DROP
  E @ 32 * S0 @ + 1- LEFT @ 1+ 0 DO 32 OVER I - C! LOOP DROP
  X @ 32 * S0 @ + W @ + 31 LEFT @ - W @ - 0 DO 32 OVER I + C! LOOP DROP ;
: TITLE23 ( the title centred on the last line )
  9952 32 0 DO 8224 OVER I + ! 2 +LOOP DROP
  TN @ IF 28 TN @ - 2 / 9952 + 42 OVER C! 2+
    TN @ 0 DO TA @ I + C@ OVER I + C! LOOP TN @ + 1+ 42 SWAP C! THEN ;
: DRAW ( the whole screen of the level )
  CLS 0 0 AT ." LEVEL" 0 11 AT ." MOVES" 0 24 AT ." LIVES"
  LV @ 1+ 9222 D2 SHOWM SHOWL FRAME H @ 0 DO I ROW LOOP 2 PUT TITLE23 ;
: MOVED MV @ 1+ MV ! SHOWM ;
: GO ( r c -- the player steps to row r column c ) 32 PUT PC ! PR ! 2 PUT MOVED ;
: CELL ( r c -- address of the board cell ) SWAP 32 * + BD 1+ + ;
: SHL ( push row PR one cell left )
  PR @ 0 CELL W @ 1- 0 DO DUP I + 1+ C@ OVER I + C! LOOP W @ + 1- 0 SWAP C! ;
: SHR ( push row PR one cell right )
  PR @ 0 CELL W @ 1- 0 DO DUP W @ + I - 2- C@ OVER W @ + I - 1- C! LOOP 0 SWAP C! ;
: PUSHED ( c -- the player follows the row to column c ) PC ! PR @ ROW 2 PUT MOVED ;
: WALKOUT ( along the exit corridor to the screen edge )
  30 LEFT @ - W @ - ?DUP IF 0 DO 2 WAIT 32 PUT PC @ 1+ PC ! 2 PUT LOOP THEN 10 WAIT ;
: WON CLS 8 7 AT ." YOU HAVE ESCAPED!" 10 11 AT ." WELL DONE" 14 9 AT ." PRESS ANY KEY" 1 ST ! ;
: LOST CLS 9 11 AT ." GAME OVER" 14 9 AT ." PRESS ANY KEY" 2 ST ! ;
: CLEARED ( row 0 says the level is done, for a second and a half )
  9216 32 0 DO 8224 OVER I + ! 2 +LOOP DROP 0 2 AT ." LEVEL    DONE IN      MOVES"
  LV @ 1+ 9224 D2 MV @ 9235 D4 75 WAIT ;
: SOLVED ( the player is in the exit gap: on to the next level )
  WALKOUT CLEARED LV @ 1+ DUP PACK C@ = IF DROP WON ELSE LV ! LOADLV RESET DRAW THEN ;
: HORIZ ( dc -- step or push: -1 left, 1 right )
  PC @ 0< IF 1 = IF E @ 0 GO GATE THEN EXIT THEN
  PC @ + DUP 0< IF DROP EXIT THEN
  DUP W @ = IF PR @ X @ = IF PR @ SWAP GO SOLVED ELSE DROP THEN EXIT THEN
  PR @ OVER CELL C@ 0= IF PR @ SWAP GO EXIT THEN
  DUP PC @ < IF PR @ 0 CELL C@ IF DROP ELSE SHL PUSHED THEN
  ELSE PR @ W @ 1- CELL C@ IF DROP ELSE SHR PUSHED THEN THEN ;
: VERT ( dr -- step: -1 up, 1 down; never a push )
  PC @ 0< IF DROP EXIT THEN
  PR @ + DUP 0< OVER H @ < 0= OR IF DROP EXIT THEN
  DUP PC @ CELL C@ IF DROP ELSE PC @ GO THEN ;
: RETRY ( costs a life; with none left the game is over )
  LIVES @ IF LIVES @ 1- LIVES ! RESET H @ 0 DO I ROW LOOP 2 PUT SHOWM SHOWL ELSE LOST THEN ;
: UPPER ( c -- c in capitals ) DUP 96 > IF 32 - THEN ;
: ACT ( c -- one key of play: Z X K M or cursor keys, R retry, Q quit ) UPPER
  DUP 90 = OVER 1 = OR IF -1 HORIZ THEN
  DUP 88 = OVER 3 = OR IF 1 HORIZ THEN
  DUP 75 = OVER 7 = OR IF -1 VERT THEN
  DUP 77 = OVER 9 = OR IF 1 VERT THEN
  DUP 82 = IF RETRY THEN 81 = IF LOST THEN ;
: GETK ( -- c: wait for a key ) BEGIN INKEY ?DUP UNTIL ;
: DONE ( c -- keep c in LK until the key is released ) LK ! BEGIN INKEY 0= UNTIL 0 LK ! ;
: GAME ( from level LV with 3 lives, until escaped or game over )
  3 LIVES ! 0 ST ! LOADLV RESET DRAW
  BEGIN GETK DUP ACT DONE ST @ UNTIL GETK DONE ;
: SHOWSN SN @ 9735 D2 PACK C@ 9741 D2 ;
: NAMEOK ( a n -- f: n printable non-spaces )
  1 SWAP 0 DO OVER I + C@ 33 - 94 U< AND LOOP SWAP DROP ;
: TNAME ( -- a n: name after the last level )
  PACK C@ LADDR DUP 1+ SWAP C@ DUP 1- 10 U< 0= IF DROP 0 THEN
  DUP IF OVER OVER NAMEOK 0= IF DROP 0 THEN THEN ;
: TSCREEN ( the title screen; row 23 still held the last level's title )
  CLS 9952 32 0 DO 8224 OVER I + ! 2 +LOOP DROP 1 12 AT ." MazezaM"
  3 1 AT ." a puzzle by Malcolm Tyrrell"
  4 1 AT ." Jupiter Ace Forth version and"
  5 1 AT LT @ IF TNAME ?DUP IF ." levels from tape " TYPE ELSE DROP ." levels from a LEVELS tape" THEN
  ELSE ." built-in levels: aceemu project" THEN
  7 1 AT ." Walk in at the left, out at the"
  8 1 AT ." right. Walking into a block"
  9 1 AT ." pushes its whole row."
  11 1 AT ." Z left  X right  K up  M down"
  12 1 AT ." (or the cursor keys)"
  13 1 AT ." R retry (costs a life)  Q quit"
  16 1 AT ." LEVEL    OF"
  17 1 AT ." 0-9 Z X choose, ENTER plays"
  18 1 AT ." Q back to Forth"
  20 1 AT ." LEVELS name loads a level tape"
  SHOWSN ;
: TKEY ( c -- one key of the title screen ) UPPER
  DUP 48 - 10 U< IF DUP 48 - SN @ 10 * + 100 MOD SN ! THEN
  DUP 90 = OVER 1 = OR SN @ 1 > AND IF SN @ 1- SN ! THEN
  DUP 88 = OVER 3 = OR SN @ PACK C@ < AND IF SN @ 1+ SN ! THEN
  DUP 13 = OVER 32 = OR SN @ 1- PACK C@ U< AND IF 1 TS ! THEN
  81 = IF 2 TS ! THEN SHOWSN ;
: RUN ( MazezaM: the title screen, then the game )
  CHECK 0= IF CLS ." No levels: load a level tape" CR ." with LEVELS name" CR EXIT THEN
  FAST GRAPHICS 1 SN !
  BEGIN TSCREEN 0 TS ! BEGIN GETK DUP TKEY DONE TS @ UNTIL
    TS @ 1 = IF SN @ 1- LV ! GAME ST @ 2 = IF LV @ 1+ SN ! THEN THEN
  TS @ 2 = UNTIL SLOW CLS ;
: LEVELS ( LEVELS name: load a level tape made by aceemu mazezam tape )
  PACK PKMAX BLOAD CR CHECK IF PACK C@ . ." levels loaded" 1 LT ! ELSE ." not a level tape" THEN CR ;
