#!/usr/bin/env bash
# Remakes the README's pictures with aceemu itself: `bash docs/screenshots/make.sh`
# (from the repository root, after `cargo build --release`).
set -euo pipefail
cd "$(dirname "$0")/../.."
A=${ACEEMU:-target/release/aceemu}
out=docs/screenshots
shot() { "$A" run --headless --force --screenshot-scale 2 "$@" >/dev/null; }

shot --frames 20 --screenshot "$out/boot.png"
shot --screenshot "$out/forth.png" --frames 60 --type ': STARS 0 DO 42 EMIT LOOP ;\n: TRI 1+ 1 DO CR I STARS LOOP ;\n4 TRI\n: FACT DUP 1 > IF DUP 1- FACT * THEN ;\n7 FACT .\n255 16 BASE C! . DECIMAL\n'
shot --screenshot "$out/plot.png" --frames 120 --type ': BOX 64 0 DO I 0 1 PLOT I 45 1 PLOT LOOP 46 0 DO 0 I 1 PLOT 63 I 1 PLOT LOOP ;\n: WAVE 62 2 DO I I 7 MOD 4 * 6 + 1 PLOT I I 11 MOD 3 * 24 + 1 PLOT LOOP ;\n: DEMO CLS BOX WAVE 3 8 AT ." aceemu open ROM" 5 10 AT ." PLOT 64 x 46" 7 9 AT ." 2 3 + . " 2 3 + . ;\nDEMO\n'
shot --screenshot "$out/demo.png" --frames 200 --tape tapes/demo.tap --tape-speed instant --type 'LOAD DEMO\nDEMO\n'
shot --screenshot "$out/mazezam-mc.png" --frames 1200 --tape tapes/mazezam-mc.tap --tape-speed instant --type 'LOAD mazezam\nPLAY mazezam\n06\nxmxxmxxkzmz'
"$A" maze --seed 1234 --size 2 --solve --png "$out/maze.png" --force --quiet
# A-Mouz-in-Mase, the Forth game on the Ace: its instructions, and a small maze solved by
# the mouse (the first maze after LOAD comes from the SEED stored on the tape).
shot --screenshot "$out/maze-instructions.png" --tape tapes/maze.tap --caps-lock --type 'LOAD MAZE\nRUN\n' --until-text '<ANYKEY>' --max-frames 5000
shot --screenshot "$out/maze-solved.png" --tape tapes/maze.tap --caps-lock --type 'LOAD MAZE\nRUN\n\{ANYKEY} \{Maze size}1\{Watch?}w' --until-text 'mouse is out' --max-frames 30000
shot --screenshot "$out/maze-play.png" --tape tapes/maze.tap --caps-lock --type 'LOAD MAZE\nRUN\n\{ANYKEY} \{Maze size}2\{Watch?}p' --frames 100 --max-frames 30000
# The Forth MazezaM: level 23 chosen on the title screen, then the first of its optimal moves
# (typed at full speed: the game takes those that come while it waits for a key).
shot --ram 19 --screenshot "$out/mazezam.png" --frames 50 --tape tapes/mazezam.tap --tape-speed instant --type 'LOAD MAZEZAM\nRUN\n23\nxkkkxkxxxxmzzkxxmxmzxkzmmzzzkx'
shot --ram 19 --screenshot "$out/sokoban.png" --frames 50 --tape tapes/sokoban.tap --tape-speed instant --type 'LOAD SOKOBAN\nRUN\n05\nxmxmz'
