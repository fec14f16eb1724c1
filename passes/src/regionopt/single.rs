//! Code with side effects between two adjacent parallel regions (a printf,
//! a store to a global, a counter increment), run once by the merged team
//! inside `single` (OpenMP 5.1 §2.10.2): the barrier before it (the first
//! region's join becomes the loop's implied barrier or an explicit one)
//! lets it see everything the first region wrote, the single's implied
//! barrier lets every thread see what it wrote. What it computes and a
//! later region (or the code after them) reads reaches the team through
//! memory: each such value is stored to a shared local and loaded where it
//! is used. Refused, with what it is: code that asks the OpenMP runtime
//! about its team (`omp_get_num_threads()` is 1 between the regions and
//! the team's size inside), a call that may fork a parallel region of its
//! own or whose callee is unknown, threadprivate variables (under `single`
//! another thread's copy would be used), and instructions that cannot
//! move into an outlined region.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode as Op, InstructionValue,
};
use weft_intrinsics::ffi::{self, Value};

use super::access::{pure_intrinsic, underlying};
use super::between::before_run;
use super::clauses::paper_call;
use crate::wregion::{Analysis, WRegion};
use weft_intrinsics::model::Form;

/// Code between two members run under `single` in the merged region.
#[derive(Default)]
pub struct Wrapped<'ctx> {
    /// The instructions, in program order (branches left out).
    pub code: Vec<InstructionValue<'ctx>>,
    /// Those of them whose value is used outside the code (through memory).
    pub escaping: Vec<InstructionValue<'ctx>>,
    /// The local variables (allocas from before the regions) it names: the
    /// merged region shares them.
    pub locals: Vec<BasicValueEnum<'ctx>>,
}

/// C library functions that neither fork a team nor ask the runtime about
/// one, so one thread of the team may call them for the program.
const LIBRARY: &[&str] = &[
    "printf",
    "fprintf",
    "sprintf",
    "snprintf",
    "puts",
    "putchar",
    "fputs",
    "fputc",
    "fwrite",
    "fflush",
    "__printf_chk",
    "__fprintf_chk",
    "malloc",
    "calloc",
    "realloc",
    "free",
    "memcpy",
    "memmove",
    "memset",
    "memcmp",
    "strlen",
    "strcmp",
    "strncmp",
    "strcpy",
    "strncpy",
    "abs",
    "labs",
    "llabs",
    "sqrt",
    "sqrtf",
    "sin",
    "cos",
    "exp",
    "log",
    "pow",
    "fabs",
    "floor",
    "ceil",
    "fmod",
    "rand",
    "srand",
];

/// OpenMP routines whose answer depends on being inside a team.
const TEAM_QUERIES: &[&str] = &[
    "omp_get_thread_num",
    "omp_get_num_threads",
    "omp_in_parallel",
    "omp_get_level",
    "omp_get_active_level",
    "omp_get_team_size",
    "omp_get_ancestor_thread_num",
];

/// Why calling `name` (or `callee`, when the module defines it) from inside
/// the merged team may change what the program does, or None. `seen`:
/// functions already read (a recursive call adds nothing).
pub fn call_refusal<'ctx>(module: &Module<'ctx>, name: &str, seen: &mut Vec<String>) -> Option<String> {
    if name.is_empty() {
        return Some("an indirect call (its callee may fork a parallel region or ask about its team)".into());
    }
    if TEAM_QUERIES.contains(&name) {
        return Some(format!(
            "a call to {name}: it answers differently inside a team (between the regions one thread, not in parallel; inside, the team)"
        ));
    }
    if name.starts_with("omp_") || name.starts_with("__kmpc_") || name.starts_with("llvm.directive") {
        return Some(format!("a call to {name}, an OpenMP runtime or directive call, would move into the team"));
    }
    if name == "llvm.threadlocal.address" {
        return Some("a threadprivate variable: under single another thread's copy would be used".into());
    }
    if name.starts_with("llvm.") || seen.iter().any(|s| s == name) {
        return None;
    }
    let f = module.get_function(name);
    match f.filter(|f| f.count_basic_blocks() > 0) {
        Some(f) if seen.len() < 16 => {
            seen.push(name.to_string());
            function_refusal(module, f, seen).map(|why| format!("a call to {name}, which has {why}"))
        }
        Some(_) => Some(format!("a call to {name}, whose calls go too deep to read")),
        None if LIBRARY.contains(&name) => None,
        None => Some(format!(
            "a call to {name}, an external function that may fork a parallel region or call the OpenMP runtime"
        )),
    }
}

fn function_refusal<'ctx>(module: &Module<'ctx>, f: FunctionValue<'ctx>, seen: &mut Vec<String>) -> Option<String> {
    for b in f.get_basic_blocks() {
        for i in b.get_instructions() {
            if let Some(why) = threadprivate_operand(module, i) {
                return Some(why);
            }
            if !matches!(i.get_opcode(), Op::Call | Op::Invoke | Op::CallBr) {
                continue;
            }
            let name = ffi::called_function_name(Value::of_instruction(i)).unwrap_or_default();
            if name.starts_with("llvm.directive") {
                return Some("parallel constructs of its own (nested parallelism inside the team)".into());
            }
            if let Some(why) = call_refusal(module, &name, seen) {
                return Some(why);
            }
        }
    }
    None
}

/// `i`'s operands that are values (none of a directive's or a debug
/// intrinsic's, whose tokens and metadata are not).
pub fn value_operands<'ctx>(i: InstructionValue<'ctx>) -> Vec<BasicValueEnum<'ctx>> {
    if i.get_opcode() == Op::Call {
        let name = ffi::called_function_name(Value::of_instruction(i)).unwrap_or_default();
        if name.starts_with("llvm.directive") || name.starts_with("llvm.dbg.") {
            return Vec::new();
        }
    }
    (0..i.get_num_operands()).filter_map(|n| i.get_operand(n).and_then(|o| o.left())).collect()
}

/// A thread-local global among `i`'s operands (how C front ends give
/// `threadprivate`), as a refusal.
fn threadprivate_operand(module: &Module<'_>, i: InstructionValue<'_>) -> Option<String> {
    let named = value_operands(i).into_iter().any(
        |v| matches!(v, BasicValueEnum::PointerValue(p) if p.as_instruction().is_none() && is_thread_local(module, p)),
    );
    named.then(|| "a threadprivate variable: under single another thread's copy would be used".into())
}

/// Why `code` (between the last region of `run` and the next) may not run
/// under `single` in the merged region, or what wrapping it takes.
/// `hoisted`: code hoisted before the run; `earlier`: code wrapped between
/// earlier members (its values reach this code through memory).
pub fn wrap_refusal<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    run: &[&WRegion],
    code: &[InstructionValue<'ctx>],
    hoisted: &[InstructionValue<'ctx>],
    earlier: &[InstructionValue<'ctx>],
) -> Result<Wrapped<'ctx>, String> {
    let mut w = Wrapped { code: code.to_vec(), ..Wrapped::default() };
    for (k, &i) in code.iter().enumerate() {
        match i.get_opcode() {
            Op::Call => {
                let name = ffi::called_function_name(Value::of_instruction(i)).unwrap_or_default();
                if !name.starts_with("llvm.dbg.") && !pure_intrinsic(&name) {
                    if let Some(why) = call_refusal(module, &name, &mut Vec::new()) {
                        return Err(format!("code between the regions: {why}"));
                    }
                }
            }
            op @ (Op::Alloca | Op::Phi | Op::VAArg | Op::LandingPad | Op::Invoke | Op::CallBr) => {
                return Err(format!("code between the regions ({op:?}) cannot run inside the team"));
            }
            _ => {}
        }
        if let Some(why) = threadprivate_operand(module, i) {
            return Err(format!("code between the regions names {why}"));
        }
        for v in value_operands(i) {
            let Some(op) = v.as_instruction_value() else { continue };
            let known = code[..k].contains(&op) || hoisted.contains(&op) || earlier.contains(&op);
            if !known && !before_run(a, run, op) {
                return Err("code between the regions uses a value computed in a region".into());
            }
            let u = underlying(v);
            let local = u.as_instruction_value().is_some_and(|x| x.get_opcode() == Op::Alloca);
            if local && !w.locals.iter().any(|&l| Value::of(l) == Value::of(u)) {
                w.locals.push(u);
            }
        }
        let outside: Vec<InstructionValue<'ctx>> =
            ffi::user_instructions(&i).into_iter().filter(|u| !code.contains(u)).collect();
        if outside.iter().any(|u| u.get_opcode() == Op::Phi || is_directive_call(*u)) {
            return Err("a value computed between the regions is a directive operand or merges control flow".into());
        }
        if !outside.is_empty() {
            if BasicTypeEnum::try_from(i.get_type()).is_err() {
                return Err("a value computed between the regions is used after them and has no memory type".into());
            }
            w.escaping.push(i);
        }
    }
    Ok(w)
}

fn is_directive_call(i: InstructionValue<'_>) -> bool {
    i.get_opcode() == Op::Call
        && ffi::called_function_name(Value::of_instruction(i)).is_some_and(|n| n.starts_with("llvm.directive"))
}

fn is_thread_local(module: &Module<'_>, p: llvm_plugin::inkwell::values::PointerValue<'_>) -> bool {
    let name = p.get_name().to_string_lossy().into_owned();
    !name.is_empty()
        && module
            .get_global(&name)
            .is_some_and(|g| Value::of(g.as_pointer_value()) == Value::of(p) && g.is_thread_local())
}

/// Makes each escaping value of `w` reach its uses through a new local
/// (stored right after the value, loaded right before each use outside
/// the code); returns the locals, which the merged region must share.
pub fn demote<'ctx>(module: &Module<'ctx>, f: FunctionValue<'ctx>, w: &Wrapped<'ctx>) -> Vec<BasicValueEnum<'ctx>> {
    let ctx = module.get_context();
    let b = ctx.create_builder();
    let mut out = Vec::new();
    let Some(entry) = f.get_first_basic_block().and_then(|e| e.get_first_instruction()) else { return out };
    for &def in &w.escaping {
        let Ok(ty) = BasicTypeEnum::try_from(def.get_type()) else { continue };
        let Some(next) = def.get_next_instruction() else { continue };
        let users: Vec<InstructionValue<'ctx>> =
            ffi::user_instructions(&def).into_iter().filter(|u| !w.code.contains(u)).collect();
        b.position_before(&entry);
        let slot = b.build_alloca(ty, "omp.single.value").expect("positioned");
        b.position_before(&next);
        let value = def.as_any_value_enum();
        let Ok(value) = BasicValueEnum::try_from(value) else { continue };
        b.build_store(slot, value).expect("positioned");
        for u in users {
            b.position_before(&u);
            let loaded = b.build_load(ty, slot, "omp.single.load").expect("positioned");
            ffi::replace_operand(u, Value::of_instruction(def), Value::of(loaded));
        }
        out.push(slot.as_basic_value_enum());
    }
    out
}

/// Moves `w`'s code right before `before` (the next member's BEGIN) and
/// wraps it in a `single` region, in the form `form`.
pub fn wrap<'ctx>(module: &Module<'ctx>, form: Form, w: &Wrapped<'ctx>, before: InstructionValue<'ctx>) {
    let Some(&first) = w.code.first() else { return };
    for &i in &w.code {
        ffi::move_before(i, before);
    }
    match form {
        Form::Region => {
            let tok = ffi::build_region_entry(first, &[("DIR.OMP.SINGLE".to_string(), Vec::new())]);
            ffi::build_region_exit(before, tok, "DIR.OMP.END.SINGLE");
        }
        Form::Paper => {
            paper_call(module, first, "llvm.directive", "DIR.OMP.SINGLE", &[]);
            paper_call(module, first, "llvm.directive", "DIR.QUAL.LIST.END", &[]);
            paper_call(module, before, "llvm.directive", "DIR.OMP.END.SINGLE", &[]);
            paper_call(module, before, "llvm.directive", "DIR.QUAL.LIST.END", &[]);
        }
    }
}

/// Writes an explicit barrier before `before`, where a member's join was
/// (region form).
pub fn barrier_region(before: InstructionValue<'_>) {
    let tok = ffi::build_region_entry(before, &[("DIR.OMP.BARRIER".to_string(), Vec::new())]);
    ffi::build_region_exit(before, tok, "DIR.OMP.END.BARRIER");
}

/// The same in the paper's form.
pub fn barrier_paper<'ctx>(module: &Module<'ctx>, before: InstructionValue<'ctx>) {
    for tag in ["DIR.OMP.BARRIER", "DIR.QUAL.LIST.END", "DIR.OMP.END.BARRIER", "DIR.QUAL.LIST.END"] {
        paper_call(module, before, "llvm.directive", tag, &[]);
    }
}
