: SQ DUP * ;
5 SQ .
