//! Tests of the step-by-step text.

use super::fill;

#[test]
fn fill_places_arguments_by_index() {
    assert_eq!(fill("no places", &[]), "no places");
    assert_eq!(fill("{1} × {0} = {1}", &["a", "b"]), "b × a = b");
    let args: Vec<String> = (0..12).map(|i| i.to_string()).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_eq!(fill("{11}·{10}·{0}。", &args), "11·10·0。");
}
