//! The page's entry point (trunk builds this binary to wasm).

fn main() {
    edgefit_web::start();
}
