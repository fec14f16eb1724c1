//! The boundary between weft and LLVM: typed errors become LLVM error
//! diagnostics, panics are caught and reported as internal errors, and after
//! any error the module's directives are stripped so that code generation
//! never meets one (clang 16 crashes in instruction selection if it does).
use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use llvm_plugin::inkwell::module::Module;
use llvm_plugin::PreservedAnalyses;
use weft_intrinsics::ffi::{self, Severity};
use weft_intrinsics::{PassResult, Rule, WeftError};
use weft_passes::cleanup::strip_directives;
use weft_passes::pipeline::has_weft_work;

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that records the message for the diagnostic
/// instead of printing Rust's own report into the compiler's output.
pub fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        panic::set_hook(Box::new(|info| {
            let msg = match (info.payload().downcast_ref::<&str>(), info.payload().downcast_ref::<String>()) {
                (Some(s), _) => s.to_string(),
                (_, Some(s)) => s.clone(),
                _ => "unknown panic".to_string(),
            };
            let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
            // (For a bug report: where in weft, with RUST_BACKTRACE set.)
            if std::env::var_os("RUST_BACKTRACE").is_some() {
                eprintln!("weft: panic: {msg}{at}\n{}", std::backtrace::Backtrace::force_capture());
            }
            LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg}{at}")));
        }));
    });
}

/// Reports each error as an LLVM error diagnostic.
pub fn report(module: &Module<'_>, pass: &str, errors: &[WeftError]) {
    for e in errors {
        log::debug!(target: "weft::boundary", "{pass}: {e}");
        ffi::diagnose(module, Severity::Error, &format!("weft: {e} (in {pass})"));
    }
}

/// Runs one weft pass body with errors and panics turned into diagnostics.
pub fn run_guarded(module: &Module<'_>, pass: &str, body: impl FnOnce(&Module<'_>) -> PassResult) -> PreservedAnalyses {
    // clang does not verify its input: weft does, before it touches a
    // module it has work in (LLVM's own analyses assert on broken IR), and
    // after, so a module left invalid is reported as weft's bug.
    let work = has_weft_work(module);
    if work {
        if let Err(msg) = module.verify() {
            let msg = msg.to_string_lossy();
            let first: Vec<&str> = msg.lines().take(4).collect();
            let e = WeftError::new(
                Rule::InvalidIr,
                pass,
                format!("the module is not valid LLVM IR, so weft leaves it alone: {}", first.join(" / ")),
            );
            // (No directive may reach code generation: clang goes on to it.)
            let _ = panic::catch_unwind(AssertUnwindSafe(|| strip_directives(module)));
            report(module, pass, &[e]);
            return PreservedAnalyses::None;
        }
    }
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| body(module)));
    let errors = match outcome {
        Ok(Ok(true)) if !work => return PreservedAnalyses::None,
        // Invalid IR would crash code generation (clang does not verify):
        // a bug in weft, reported as one.
        Ok(Ok(true)) => match module.verify() {
            Ok(()) => return PreservedAnalyses::None,
            Err(msg) => {
                let msg = msg.to_string_lossy();
                let first: Vec<&str> = msg.lines().take(4).collect();
                vec![WeftError::new(
                    Rule::Internal,
                    pass,
                    format!("internal error (a bug in weft, please report it): invalid IR: {}", first.join(" / ")),
                )]
            }
        },
        Ok(Ok(false)) => return PreservedAnalyses::All,
        Ok(Err(errors)) => errors,
        Err(_) => {
            let msg = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| "unknown panic".into());
            vec![WeftError::new(
                Rule::Internal,
                pass,
                format!("internal error (a bug in weft, please report it): {msg}"),
            )]
        }
    };
    // Strip first: opt's default handler exits as soon as an error is reported.
    let _ = panic::catch_unwind(AssertUnwindSafe(|| strip_directives(module)));
    report(module, pass, &errors);
    PreservedAnalyses::None
}
