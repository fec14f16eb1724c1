//! Code between two adjacent parallel regions that merging may hoist
//! before the first region of its run: computations with no effect seen
//! outside them (arithmetic, comparisons, casts, address arithmetic) and
//! loads of objects none of the regions before it writes, stores to (and
//! lifetime markers of) local variables none of them touches. Run once before
//! the fork instead of by every thread of the merged region, they compute
//! what they did between the regions, and their values reach the second
//! region's loop as any value computed before a region does. Anything else
//! (a call, a store, other control flow) keeps the regions apart, with what
//! it is. (Wrapping code with other side effects in `single` is not built.)
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode as Op, InstructionValue,
};
use weft_intrinsics::ffi::{self, Value};

use super::access::{accesses, body, identified, pure_intrinsic, underlying};
use super::clauses::group_calls;
use crate::wregion::{Analysis, WRegion};

/// The instructions on the straight path from the end of one region
/// (`exit_last`, its END group's last call) to the start of the next
/// (`entry_first`), branches left out; or why the path is not straight.
pub fn path<'ctx>(
    exit_last: InstructionValue<'ctx>,
    entry_first: InstructionValue<'ctx>,
) -> Result<Vec<InstructionValue<'ctx>>, String> {
    let mut out = Vec::new();
    let mut cur = exit_last.get_next_instruction();
    while let Some(i) = cur {
        if i == entry_first {
            return Ok(out);
        }
        if out.len() > 64 {
            break;
        }
        if i.get_opcode() == Op::Br && i.get_num_operands() == 1 {
            let (Some(target), Some(here)) = (i.get_operand(0).and_then(|o| o.right()), i.get_parent()) else { break };
            if !ffi::has_only_predecessor(target, here) {
                return Err("control flow between the regions (a block entered from elsewhere)".into());
            }
            cur = target.get_first_instruction();
            continue;
        }
        if i.is_terminator() {
            return Err(format!("control flow between the regions ({:?})", i.get_opcode()));
        }
        out.push(i);
        cur = i.get_next_instruction();
    }
    Err("the first region's end is not followed by the next region on a straight path".into())
}

/// Whether `i` is defined before region `first` begins: outside every
/// region of `run`, or in `first`'s entry block before its BEGIN call.
pub(super) fn before_run(a: &Analysis<'_>, run: &[&WRegion], i: InstructionValue<'_>) -> bool {
    let Some(b) = i.get_parent() else { return false };
    let id = ffi::block_id(b);
    let inside = |r: &WRegion| r.blocks.iter().any(|&k| ffi::block_id(a.scan.handles[k]) == id);
    let Some(first) = run.first() else { return false };
    if run.iter().skip(1).any(|r| inside(r)) {
        return false;
    }
    if !inside(first) {
        return true;
    }
    let begin = a.scan.values.instruction(first.entry.span.first);
    let mut cur = i.get_next_instruction();
    while let Some(c) = cur {
        if c == begin {
            return true;
        }
        cur = c.get_next_instruction();
    }
    false
}

/// Whether `ptr` reaches a local variable (alloca) that no instruction of
/// the regions of `run` (their bodies and directive calls) names.
fn untouched_local<'ctx>(a: &Analysis<'ctx>, run: &[&WRegion], ptr: BasicValueEnum<'ctx>) -> bool {
    let u = underlying(ptr);
    let Some(alloca) = u.as_instruction_value().filter(|i| i.get_opcode() == Op::Alloca) else { return false };
    let h = &a.scan.values;
    let mut inside: Vec<InstructionValue<'ctx>> = Vec::new();
    for r in run {
        inside.extend(body(a, r));
        inside.extend(group_calls(h.instruction(r.entry.span.first), h.instruction(r.entry.span.last)));
        if let Some(x) = r.exit {
            inside.extend(group_calls(h.instruction(x.span.first), h.instruction(x.span.last)));
        }
    }
    // The variable and the addresses derived from it.
    let mut names = vec![alloca];
    let mut k = 0;
    while k < names.len() && names.len() < 64 {
        for user in ffi::user_instructions(&names[k]) {
            if matches!(user.get_opcode(), Op::GetElementPtr | Op::BitCast | Op::AddrSpaceCast) {
                names.push(user);
            }
        }
        k += 1;
    }
    inside.iter().all(|&i| names.iter().all(|&n| !ffi::has_operand(i, Value::of_instruction(n))))
}

/// Why `code` (between the last region of `run` and the next) cannot be
/// hoisted before the first region of `run`, or Ok. `hoisted` is the code
/// already hoisted from between earlier regions of the run.
pub fn hoist_refusal<'ctx>(
    module: &Module<'ctx>,
    f: FunctionValue<'ctx>,
    a: &Analysis<'ctx>,
    run: &[&WRegion],
    code: &[InstructionValue<'ctx>],
    hoisted: &[InstructionValue<'ctx>],
) -> Option<String> {
    let mut written: Option<Result<Vec<BasicValueEnum<'ctx>>, String>> = None;
    for (k, &i) in code.iter().enumerate() {
        match i.get_opcode() {
            Op::Call => {
                let name = ffi::called_function_name(Value::of_instruction(i)).unwrap_or_default();
                let marker = name.starts_with("llvm.lifetime.")
                    && i.get_operand(1).and_then(|o| o.left()).is_some_and(|p| untouched_local(a, run, p));
                if !name.starts_with("llvm.dbg.") && !marker && !pure_intrinsic(&name) {
                    let shown = if name.is_empty() { "an indirect call".into() } else { format!("a call to {name}") };
                    return Some(format!("code between the regions: {shown} with unknown side effects"));
                }
            }
            Op::Load => {
                let ptr = i.get_operand(0).and_then(|o| o.left())?;
                let w = written.get_or_insert_with(|| {
                    let mut all = Vec::new();
                    for r in run {
                        all.extend(accesses(&body(a, r))?.into_iter().filter(|x| x.write).map(|x| x.ptr));
                    }
                    Ok(all)
                });
                let w = match w {
                    Ok(w) => w,
                    Err(why) => {
                        return Some(format!("code between the regions reads memory, and a region before it has {why}"))
                    }
                };
                let u = underlying(ptr);
                let clobbered = !identified(module, f, u)
                    || w.iter().any(|&x| {
                        let o = underlying(x);
                        Value::of(o) == Value::of(u) || !identified(module, f, o)
                    });
                if clobbered || i.get_volatile().unwrap_or(true) {
                    return Some("code between the regions reads memory a region before it may write".into());
                }
            }
            Op::Store
                if !i.get_volatile().unwrap_or(true)
                    && i.get_operand(1).and_then(|o| o.left()).is_some_and(|p| untouched_local(a, run, p)) => {}
            op @ (Op::Store
            | Op::AtomicRMW
            | Op::AtomicCmpXchg
            | Op::Fence
            | Op::Alloca
            | Op::Phi
            | Op::VAArg
            | Op::LandingPad
            | Op::Invoke
            | Op::CallBr) => {
                return Some(format!("code between the regions ({op:?} after the first region's end)"));
            }
            _ => {}
        }
        for n in 0..i.get_num_operands() {
            let Some(op) = i.get_operand(n).and_then(|o| o.left()).and_then(|v| v.as_instruction_value()) else {
                continue;
            };
            if !code[..k].contains(&op) && !hoisted.contains(&op) && !before_run(a, run, op) {
                return Some("code between the regions uses a value computed in a region".into());
            }
        }
    }
    None
}
