mod openrom_support;
use openrom_support::*;
#[test]
fn scratch() {
    let mut ace = boot();
    ace.type_text("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20");
    ace.run_frames(600);
    println!("{}", ace.screen_text());
    println!("stack {:?} statin {:02x} lhalf {:04x} inscrn {:04x} cursor {:04x} endbuf {:04x} scrpos {:04x} stkbot {:04x}", data_stack(&ace), ace.peek(STATIN), word(&ace,0x3C24),word(&ace,0x3C1E),word(&ace,0x3C20),word(&ace,0x3C22),word(&ace,0x3C1C), word(&ace,STKBOT));
    enter(&mut ace, "");
    enter(&mut ace, "FOO 1 2");
    enter(&mut ace, "3");
    println!("{}", ace.screen_text());
    println!("stack {:?} statin {:02x} lhalf {:04x} inscrn {:04x} cursor {:04x} endbuf {:04x} scrpos {:04x} stkbot {:04x}", data_stack(&ace), ace.peek(STATIN), word(&ace,0x3C24),word(&ace,0x3C1E),word(&ace,0x3C20),word(&ace,0x3C22),word(&ace,0x3C1C), word(&ace,STKBOT));
    panic!();
}
