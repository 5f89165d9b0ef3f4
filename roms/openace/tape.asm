; tape.asm: written in branch romio (the other ROM helper). Placeholder until merged.
