VARIABLE V 3 V !
: T V @ 1+ . ;
