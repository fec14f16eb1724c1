//! weft-markers' threadprivate part: weft-cc names each file-scope
//! threadprivate variable in a marker function it adds to the program,
//! `__weft_cc_threadprivate_list`, by calls `__weft_cc_threadprivate(
//! "file:line", "name", &var)` (a variable declared in a header cannot be
//! rewritten in the source). Each global so named becomes thread-local,
//! which is how weft takes threadprivate variables (COPYIN included), and
//! the marker goes. A variable whose address is in another global's static
//! initializer is refused: a thread-local address is no link-time constant.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, GlobalValue, InstructionOpcode, InstructionValue};
use weft_intrinsics::{ffi, PassResult, Rule, WeftError};

pub const MARK: &str = "__weft_cc_threadprivate";
pub const LIST: &str = "__weft_cc_threadprivate_list";

fn bad(detail: impl Into<String>) -> WeftError {
    WeftError::new(Rule::Marker, MARK, detail)
}

/// One variable the list names: (where its pragma is, its name, the global).
type Named<'ctx> = (String, String, GlobalValue<'ctx>);

fn named<'ctx>(module: &Module<'ctx>, call: InstructionValue<'ctx>) -> Result<Named<'ctx>, WeftError> {
    let args: Vec<BasicValueEnum<'ctx>> = ffi::argument_values(call).into_iter().flatten().collect();
    if args.len() != 3 {
        return Err(bad(format!("takes 3 arguments, got {}", args.len())));
    }
    let arg = |i: usize| args[i];
    let text = |i: usize| ffi::c_string(arg(i)).ok_or_else(|| bad(format!("argument {i} must be a string constant")));
    let (at, name) = (text(0)?, text(1)?);
    let BasicValueEnum::PointerValue(p) = arg(2) else {
        return Err(bad(format!("{at}: threadprivate({name}): the variable's address is not a pointer")));
    };
    let global = module.get_globals().find(|g| g.as_pointer_value() == p);
    let global = global.ok_or_else(|| bad(format!("{at}: threadprivate({name}): not a global variable")))?;
    Ok((at, name, global))
}

/// Makes each variable the list names thread-local and deletes the list;
/// whether the module changed.
pub fn run(module: &Module<'_>) -> PassResult {
    let Some(mark) = module.get_function(MARK) else { return Ok(false) };
    let mut vars = Vec::new();
    let mut errors = Vec::new();
    // The strings the calls pass, deleted with them.
    let mut strings = Vec::new();
    if let Some(list) = module.get_function(LIST) {
        for i in list.get_basic_blocks().iter().flat_map(|b| b.get_instructions()) {
            let call = ffi::Value::of_instruction(i);
            if i.get_opcode() == InstructionOpcode::Call && ffi::called_function_name(call).as_deref() == Some(MARK) {
                let args = ffi::call_arguments(call);
                for g in module.get_globals() {
                    // (Equal strings are one constant: each once.)
                    if args.iter().take(2).any(|a| *a == ffi::Value::of(g)) && !strings.contains(&g) {
                        strings.push(g);
                    }
                }
                match named(module, i) {
                    Ok(v) => vars.push(v),
                    Err(e) => errors.push(e),
                }
            }
        }
        // SAFETY: weft-cc's own function, which nothing calls; its calls
        // must not count as uses below.
        unsafe { list.delete() };
    }
    for g in strings {
        if ffi::users(ffi::Value::of(g)).is_empty() {
            // SAFETY: an unused constant of the list's calls, named once.
            unsafe { g.delete() };
        }
    }
    if !ffi::users(ffi::Value::of(mark)).is_empty() {
        errors.push(bad(format!("called outside {LIST}")));
    } else {
        // SAFETY: an unused declaration.
        unsafe { mark.delete() };
    }
    for (at, name, g) in vars {
        if let Some(user) = ffi::initializer_user(g.as_pointer_value()) {
            errors.push(WeftError::new(
                Rule::Threadprivate,
                format!("{at}: threadprivate({name})"),
                format!(
                    "its address is in the static initializer of '{user}', and a thread-local variable's address is not a constant; take the address at run time"
                ),
            ));
        } else {
            g.set_thread_local(true);
        }
    }
    if errors.is_empty() {
        Ok(true)
    } else {
        Err(errors)
    }
}
