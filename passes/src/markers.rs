//! weft-markers: turns the marker calls `weft-cc` leaves in a C program
//! (`__weft_cc_begin(id, "DIR...", n, "QUAL...", count, operands..., ...)`,
//! `__weft_cc_private(id, &local...)`, `__weft_cc_end(id)`) into directive
//! intrinsics, before any other pass. A construct's markers are matched by
//! their id; variables a construct declares (private by OpenMP's rules)
//! join its PRIVATE clause. Plain data first (`Construct`), then the IR.
//! The threadprivate variables weft-cc names become thread-local first
//! (`threadprivate.rs`).
use hashbrown::HashMap;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum};
use llvm_plugin::inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};
use weft_intrinsics::model::parse_clause_tag;
use weft_intrinsics::vocab::{Arity, DirString, LIST_END};
use weft_intrinsics::{ffi, PassResult, Rule, WeftError};

pub const BEGIN: &str = "__weft_cc_begin";
pub const END: &str = "__weft_cc_end";
pub const PRIVATE: &str = "__weft_cc_private";

/// The clause of the variables a construct declares (private by OpenMP's rules).
const DECLARED: &str = "QUAL.OMP.PRIVATE";

/// Which directive form to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Region,
    Paper,
}

/// One construct as its markers describe it.
#[derive(Debug)]
struct Construct<'ctx> {
    dir: String,
    end: &'static str,
    clauses: Vec<(String, Vec<BasicValueEnum<'ctx>>)>,
    begin_call: InstructionValue<'ctx>,
    end_call: Option<InstructionValue<'ctx>>,
}

type Res<T> = Result<T, WeftError>;

mod simd_typed;

fn bad(detail: impl Into<String>) -> WeftError {
    WeftError::new(Rule::Marker, BEGIN, detail)
}

/// A marker's arguments (all first-class values: C arguments).
type Args<'ctx> = [Option<BasicValueEnum<'ctx>>];

fn arg<'ctx>(args: &Args<'ctx>, i: usize) -> Res<BasicValueEnum<'ctx>> {
    args.get(i).copied().flatten().ok_or_else(|| bad(format!("too few arguments (wanted argument {i})")))
}

fn const_int(args: &Args<'_>, i: usize) -> Res<i64> {
    match arg(args, i)? {
        BasicValueEnum::IntValue(v) => v.get_sign_extended_constant(),
        _ => None,
    }
    .ok_or_else(|| bad(format!("argument {i} must be an integer constant")))
}

fn string(args: &Args<'_>, i: usize) -> Res<String> {
    ffi::c_string(arg(args, i)?).ok_or_else(|| bad(format!("argument {i} must be a string constant")))
}

/// The zero of a type named as weft-cc's `_Generic` names it.
fn zero_of<'ctx>(call: InstructionValue<'ctx>, ty: &str) -> Option<BasicValueEnum<'ctx>> {
    let ctx = call.get_parent()?.get_context();
    Some(match ty {
        "i8" => ctx.i8_type().const_zero().into(),
        "i16" => ctx.i16_type().const_zero().into(),
        "i32" => ctx.i32_type().const_zero().into(),
        "i64" => ctx.i64_type().const_zero().into(),
        "float" => ctx.f32_type().const_zero().into(),
        "double" => ctx.f64_type().const_zero().into(),
        _ => return None,
    })
}

/// `__weft_cc_begin`'s arguments as a construct.
fn parse_begin(call: InstructionValue<'_>) -> Res<(i64, Construct<'_>)> {
    let args = ffi::argument_values(call);
    let id = const_int(&args, 0)?;
    let dir = string(&args, 1)?;
    let end = match DirString::parse(&dir) {
        Some(DirString::Begin(k)) => k.end_name().ok_or_else(|| bad(format!("{dir} has no END")))?,
        _ => return Err(bad(format!("'{dir}' is not a directive weft knows"))),
    };
    let n = const_int(&args, 2)?;
    let mut at = 3;
    let mut clauses = Vec::new();
    for _ in 0..n {
        let name = string(&args, at)?;
        let count = usize::try_from(const_int(&args, at + 1)?).map_err(|_| bad("negative operand count"))?;
        let ops = args.get(at + 2..at + 2 + count).ok_or_else(|| bad(format!("{name}: too few operands")))?;
        let mut ops: Vec<BasicValueEnum<'_>> = ops
            .iter()
            .map(|o| o.ok_or_else(|| bad(format!("{name}: an operand that is not a value"))))
            .collect::<Res<_>>()?;
        if name.contains(":ARRSECT.TYPED") {
            // (base, element type named by a string, count, first): C cannot
            // pass a value of the element type unpromoted, so weft-cc names it.
            let ty = string(&args, at + 3)?;
            ops[1] = zero_of(call, &ty).ok_or_else(|| bad(format!("{name}: no element type '{ty}'")))?;
        }
        clauses.push((name, ops));
        at += 2 + count;
    }
    if at != args.len() {
        return Err(bad(format!("{} arguments left over after {n} clauses", args.len() - at)));
    }
    let clauses = simd_typed::retype(&dir, clauses);
    Ok((id, Construct { dir, end, clauses, begin_call: call, end_call: None }))
}

/// A local's storage, when the function allocates it on entry (a VLA's is
/// made inside the construct and needs no clause).
fn entry_alloca(v: BasicValueEnum<'_>) -> bool {
    let Some(i) = v.as_instruction_value() else { return false };
    let entry = i.get_parent().and_then(|b| b.get_parent()).and_then(|f| f.get_first_basic_block());
    i.get_opcode() == InstructionOpcode::Alloca && i.get_parent() == entry
}

pub fn run(module: &Module<'_>, form: Form) -> PassResult {
    // Thread-local variables first: COPYIN checks its operands are.
    let tls = crate::threadprivate::run(module)? | crate::offload::declare_attribute::mark_listed(module);
    let names = [BEGIN, END, PRIVATE];
    if names.iter().all(|n| module.get_function(n).is_none()) {
        return Ok(tls);
    }
    let mut errors = Vec::new();
    for f in module.get_functions() {
        let fname = f.get_name().to_string_lossy().into_owned();
        if let Err(e) = function(module, f, form) {
            errors.push(e.in_function(&fname));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for n in names {
        if let Some(f) = module.get_function(n) {
            if ffi::users(ffi::Value::of(f)).is_empty() {
                // SAFETY: an unused declaration.
                unsafe { f.delete() };
            }
        }
    }
    Ok(true)
}

fn function<'ctx>(module: &Module<'ctx>, f: FunctionValue<'ctx>, form: Form) -> Res<()> {
    let mut constructs: Vec<(i64, Construct<'ctx>)> = Vec::new();
    let mut ends = Vec::new();
    let mut privates = Vec::new();
    for bb in f.get_basic_blocks() {
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur {
            cur = i.get_next_instruction();
            if i.get_opcode() != InstructionOpcode::Call {
                continue;
            }
            match ffi::called_function_name(ffi::Value::of_instruction(i)).as_deref() {
                Some(BEGIN) => constructs.push(parse_begin(i)?),
                Some(END) => ends.push(i),
                Some(PRIVATE) => privates.push(i),
                _ => {}
            }
        }
    }
    if constructs.is_empty() && ends.is_empty() && privates.is_empty() {
        return Ok(());
    }
    let index: HashMap<i64, usize> = constructs.iter().enumerate().map(|(k, (id, _))| (*id, k)).collect();
    let find = |call: InstructionValue<'_>| -> Res<usize> {
        let args = ffi::argument_values(call);
        let id = const_int(&args, 0)?;
        index.get(&id).copied().ok_or_else(|| bad(format!("no __weft_cc_begin with id {id} in this function")))
    };
    for &e in &ends {
        let k = find(e)?;
        if constructs[k].1.end_call.replace(e).is_some() {
            return Err(bad(format!("construct {} has two ends", constructs[k].0)));
        }
    }
    for &p in &privates {
        let k = find(p)?;
        let c = &mut constructs[k].1;
        let listed: Vec<BasicValueEnum<'_>> = c.clauses.iter().flat_map(|(_, ops)| ops.iter().copied()).collect();
        let args = ffi::argument_values(p);
        let new = args.iter().skip(1).flatten().copied().filter(|v| entry_alloca(*v) && !listed.contains(v));
        // One PRIVATE clause gathers every variable the construct declares.
        match c.clauses.iter_mut().find(|(n, _)| n == DECLARED) {
            Some((_, ops)) => ops.extend(new),
            None => {
                let ops: Vec<BasicValueEnum<'_>> = new.collect();
                if !ops.is_empty() {
                    c.clauses.push((DECLARED.into(), ops));
                }
            }
        }
    }
    for (_, c) in &constructs {
        let Some(end_call) = c.end_call else {
            return Err(WeftError::new(
                Rule::MissingEnd,
                c.dir.clone(),
                "the construct never reaches its end (a return, exit or jump leaves it)",
            )
            .at(ffi::Value::of_instruction(c.begin_call).id()));
        };
        match form {
            Form::Region => {
                let mut bundles = vec![(c.dir.clone(), Vec::new())];
                bundles.extend(
                    c.clauses.iter().map(|(n, ops)| (n.clone(), ops.iter().map(|&v| ffi::Value::of(v)).collect())),
                );
                let entry = ffi::build_region_entry(c.begin_call, &bundles);
                ffi::build_region_exit(end_call, entry, c.end);
            }
            Form::Paper => {
                let mut group = vec![(c.dir.clone(), Vec::new())];
                group.extend(c.clauses.iter().cloned());
                group.push((LIST_END.to_string(), Vec::new()));
                paper_group(module, c.begin_call, &group);
                paper_group(module, end_call, &[(c.end.to_string(), Vec::new()), (LIST_END.to_string(), Vec::new())]);
            }
        }
    }
    for i in constructs.iter().map(|(_, c)| c.begin_call).chain(ends).chain(privates) {
        i.erase_from_basic_block();
    }
    Ok(())
}

/// A paper-form group before `at`: `llvm.directive(!"DIR...")` for
/// directive strings, `llvm.directive.qual(!"QUAL...")` for clauses without
/// operands, `llvm.directive.qual.opnd.<type>(!"QUAL...", op)` for the
/// one-operand clauses, `llvm.directive.qual.opndlist(!"QUAL...", ops...)`
/// for lists.
fn paper_group<'ctx>(module: &Module<'ctx>, at: InstructionValue<'ctx>, group: &[(String, Vec<BasicValueEnum<'ctx>>)]) {
    let ctx = module.get_context();
    let md = ctx.metadata_type().into();
    let decl = |name: &str, params: &[BasicMetadataTypeEnum<'ctx>], variadic: bool| {
        module
            .get_function(name)
            .unwrap_or_else(|| module.add_function(name, ctx.void_type().fn_type(params, variadic), None))
    };
    let b = ctx.create_builder();
    b.position_before(&at);
    for (tag, ops) in group {
        let one = parse_clause_tag(tag).is_ok_and(|(_, arity, _)| arity == Arity::One) && ops.len() == 1;
        let f = match (tag.starts_with("QUAL."), ops.is_empty()) {
            (false, _) => decl("llvm.directive", &[md], false),
            (true, true) => decl("llvm.directive.qual", &[md], false),
            (true, false) if one => {
                let ty = ops[0].get_type();
                let suffix = match ty {
                    BasicTypeEnum::IntType(t) => format!("i{}", t.get_bit_width()),
                    _ => "p0".to_string(),
                };
                decl(&format!("llvm.directive.qual.opnd.{suffix}"), &[md, ty.into()], false)
            }
            (true, false) => decl("llvm.directive.qual.opndlist", &[md], true),
        };
        let mut args: Vec<BasicMetadataValueEnum<'_>> = vec![ctx.metadata_string(tag).into()];
        args.extend(ops.iter().map(|&v| -> BasicMetadataValueEnum<'_> { v.into() }));
        let call = b.build_call(f, &args, "").expect("positioned");
        if let Some(i) = call.try_as_basic_value().right() {
            ffi::copy_debug_location(at, i);
        }
    }
}
