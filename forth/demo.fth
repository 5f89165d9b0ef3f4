1 VARIABLE SEED
: RANDOMIZE ( seed the generator from the frame counter ) 15403 @ SEED ! ;
: RND ( n -- 0..n-1 ) SEED @ 4097 * 13849 + DUP SEED ! U* SWAP DROP ;
: WAIT ( frames -- ) 15403 @ + BEGIN DUP 15403 @ - 0< UNTIL DROP ;
: BOX ( frame the screen with PLOT )
  64 0 DO I 0 1 PLOT I 45 1 PLOT LOOP
  46 0 DO 0 I 1 PLOT 63 I 1 PLOT LOOP ;
: SPRINKLE ( n -- toggle n random points below the title )
  0 DO 60 RND 2+ 24 RND 2+ 3 PLOT LOOP ;
: TUNE ( three notes ) 200 120 BEEP 160 120 BEEP 120 240 BEEP ;
: TITLE 4 10 AT ." JUPITER ACE" 6 8 AT ." aceemu open ROM" ;
: STARS ( n -- ) 0 DO 42 EMIT LOOP ;
: TRIANGLE ( n -- ) 1+ 1 DO CR I STARS LOOP ;
: U.R ( u width -- print u right-aligned ) >R 0 <# #S #> R> OVER - SPACES TYPE ;
: TABLE ( n -- multiplication table of n )
  11 1 DO CR I 3 U.R ."  x" DUP 3 U.R ."  =" DUP I * 5 U.R LOOP DROP ;
: DEMO ( the show: press a key to stop )
  CLS RANDOMIZE BOX TITLE TUNE
  BEGIN 20 SPRINKLE 5 WAIT INKEY UNTIL CLS ;
