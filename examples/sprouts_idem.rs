use gamelab::engine::sprouts::*;
fn main() {
    let text = std::fs::read_to_string("../shared/testdata/sprouts/land_nimbers_from_4spots.tsv").unwrap();
    let (mut c1, mut c2, mut c3, mut total) = (0, 0, 0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let s = line.split('\t').next().unwrap();
        let p1 = Position::parse(s).unwrap();
        let s1 = p1.write(Notation::Glop2);
        let p2 = Position::parse(&s1).unwrap();
        let s2 = p2.write(Notation::Glop2);
        let s3 = Position::parse(&s2).unwrap().write(Notation::Glop2);
        total += 1;
        if s1 != s { c1 += 1; }
        if s2 != s1 { c2 += 1; println!("{s} -> {s1} -> {s2}"); }
        if s3 != s2 { c3 += 1; }
    }
    println!("total {total} changed once {c1} twice {c2} thrice {c3}");
}
