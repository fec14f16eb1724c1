//! What a worksharing loop's body reads and writes, as barrier.rs needs
//! it: each memory access with the object it reaches and its address, and
//! when two values are the same on the same iteration of two loops with the
//! same iteration space (`Equiv`).
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode as Op, InstructionValue, PointerValue,
};
use weft_intrinsics::ffi::{self, Value};

use crate::wregion::{Analysis, WRegion};

/// One load or store of a loop's body.
#[derive(Clone, Copy)]
pub struct Access<'ctx> {
    pub inst: InstructionValue<'ctx>,
    pub ptr: BasicValueEnum<'ctx>,
    pub write: bool,
}

/// The instructions strictly between a region's BEGIN and END groups.
pub fn body<'ctx>(a: &Analysis<'ctx>, r: &WRegion) -> Vec<InstructionValue<'ctx>> {
    let h = &a.scan.values;
    let (start, stop) = (h.instruction(r.entry.span.last), r.exit.map(|x| h.instruction(x.span.first)));
    let mut out = Vec::new();
    for &b in &r.blocks {
        let mut cur = a.scan.handles[b].get_first_instruction();
        let mut inside = b != r.entry.block;
        while let Some(i) = cur {
            if Some(i) == stop {
                break;
            }
            if inside {
                out.push(i);
            }
            if i == start {
                inside = true;
            }
            cur = i.get_next_instruction();
        }
    }
    out
}

/// LLVM intrinsics that compute a value from their operands alone.
const PURE_INTRINSICS: &[&str] = &[
    "llvm.fmuladd.",
    "llvm.fma.",
    "llvm.fabs.",
    "llvm.sqrt.",
    "llvm.copysign.",
    "llvm.minnum.",
    "llvm.maxnum.",
    "llvm.floor.",
    "llvm.ceil.",
    "llvm.trunc.",
    "llvm.round.",
    "llvm.smax.",
    "llvm.smin.",
    "llvm.umax.",
    "llvm.umin.",
    "llvm.abs.",
    "llvm.exp.",
    "llvm.log.",
    "llvm.pow.",
    "llvm.sin.",
    "llvm.cos.",
];

/// Whether `name` is an LLVM intrinsic that computes a value from its
/// operands alone.
pub fn pure_intrinsic(name: &str) -> bool {
    PURE_INTRINSICS.iter().any(|p| name.starts_with(p))
}

/// The calls a loop body may make without touching memory other threads see.
fn harmless_call(name: &str) -> bool {
    name.starts_with("llvm.lifetime.")
        || name.starts_with("llvm.dbg.")
        || name.starts_with("llvm.directive")
        || name == "weft.private.addr"
        || PURE_INTRINSICS.iter().any(|p| name.starts_with(p))
}

/// The body's loads and stores, or why the body cannot be read that way
/// (a call with unknown side effects, an atomic, a fence).
pub fn accesses<'ctx>(insts: &[InstructionValue<'ctx>]) -> Result<Vec<Access<'ctx>>, String> {
    let mut out = Vec::new();
    for &i in insts {
        match i.get_opcode() {
            Op::Load | Op::Store => {
                let k = if i.get_opcode() == Op::Load { 0 } else { 1 };
                let Some(ptr) = i.get_operand(k).and_then(|o| o.left()) else {
                    return Err("an access whose address weft-regionopt cannot read".into());
                };
                out.push(Access { inst: i, ptr, write: k == 1 });
            }
            Op::Call => {
                let name = ffi::called_function_name(Value::of_instruction(i)).unwrap_or_default();
                if !harmless_call(&name) {
                    let shown =
                        if name.is_empty() { "an indirect call".to_string() } else { format!("a call to {name}") };
                    return Err(format!("{shown} with unknown side effects"));
                }
            }
            Op::AtomicRMW | Op::AtomicCmpXchg | Op::Fence | Op::Invoke | Op::CallBr => {
                return Err(format!("{:?} in a loop body", i.get_opcode()));
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The object an address reaches through GEPs, casts and weft's private
/// address markers.
pub fn underlying(mut v: BasicValueEnum<'_>) -> BasicValueEnum<'_> {
    for _ in 0..32 {
        let Some(i) = v.as_instruction_value() else { break };
        let next = match i.get_opcode() {
            Op::GetElementPtr | Op::BitCast | Op::AddrSpaceCast => i.get_operand(0).and_then(|o| o.left()),
            Op::Call if ffi::called_function_name(Value::of_instruction(i)).as_deref() == Some("weft.private.addr") => {
                i.get_operand(0).and_then(|o| o.left())
            }
            Op::Load => i.get_operand(0).and_then(|o| o.left()).and_then(argument_kept_in),
            _ => None,
        };
        match next {
            Some(n) => v = n,
            None => break,
        }
    }
    v
}

/// The argument a local variable holds when its address is only ever
/// stored to once, with that argument, and otherwise only read or named by
/// directive clauses (how a front end at -O0 keeps a parameter that a
/// region shares): loading it gives the argument back.
fn argument_kept_in(slot: BasicValueEnum<'_>) -> Option<BasicValueEnum<'_>> {
    let a = slot.as_instruction_value().filter(|a| a.get_opcode() == Op::Alloca)?;
    let mut stored = None;
    for u in ffi::user_instructions(&a) {
        match u.get_opcode() {
            Op::Load => {}
            Op::Call
                if ffi::called_function_name(Value::of_instruction(u))
                    .is_some_and(|n| n.starts_with("llvm.directive") || n.starts_with("llvm.lifetime.")) => {}
            Op::Store
                if stored.is_none()
                    && u.get_operand(1).and_then(|o| o.left()).is_some_and(|p| Value::of(p) == Value::of(a)) =>
            {
                stored = u.get_operand(0).and_then(|o| o.left());
            }
            _ => return None,
        }
    }
    let v = stored?;
    let arg = v.is_pointer_value() && v.as_instruction_value().is_none();
    let f = a.get_parent()?.get_parent()?;
    (arg && f.get_params().iter().any(|p| Value::of(*p) == Value::of(v))).then_some(v)
}

/// Whether `p` is an object no other name reaches: an alloca, a global
/// variable, or a `noalias` argument of `f`.
pub fn identified(module: &Module<'_>, f: FunctionValue<'_>, p: BasicValueEnum<'_>) -> bool {
    let BasicValueEnum::PointerValue(p) = p else { return false };
    if let Some(i) = p.as_instruction() {
        return i.get_opcode() == Op::Alloca;
    }
    if let Some(k) = f.get_params().iter().position(|a| Value::of(*a) == Value::of(p)) {
        let noalias = Attribute::get_named_enum_kind_id("noalias");
        return f.get_enum_attribute(AttributeLoc::Param(k as u32), noalias).is_some();
    }
    is_global(module, p)
}

fn is_global(module: &Module<'_>, p: PointerValue<'_>) -> bool {
    let name = p.get_name().to_string_lossy().into_owned();
    !name.is_empty() && module.get_global(&name).is_some_and(|g| Value::of(g.as_pointer_value()) == Value::of(p))
}

/// When a value of the first loop equals one of the second on the same
/// iteration: the same value, equal constants, each loop's own normalized
/// induction variable, or the same operation on such values. A load counts
/// only from memory neither loop writes (`written`).
pub struct Equiv<'a, 'ctx> {
    pub module: &'a Module<'ctx>,
    pub function: FunctionValue<'ctx>,
    pub ivs: [Value; 2],
    pub written: &'a [BasicValueEnum<'ctx>],
}

/// A GEP's source element type and flags as printed (`inbounds [4 x
/// double],`): two GEPs with the same operands compute the same address
/// only if these agree. Empty for other instructions.
fn gep_shape(i: InstructionValue<'_>) -> String {
    if i.get_opcode() != Op::GetElementPtr {
        return String::new();
    }
    let text = i.print_to_string().to_string();
    let after = text.split_once("getelementptr").map_or("", |(_, r)| r);
    after.split(", ptr").next().unwrap_or("").to_string()
}

impl<'ctx> Equiv<'_, 'ctx> {
    pub fn same(&self, x: BasicValueEnum<'ctx>, y: BasicValueEnum<'ctx>, depth: u32) -> bool {
        if Value::of(x) == Value::of(y) {
            return x.as_instruction_value().is_none_or(|i| i.get_opcode() != Op::Load || self.unwritten(i));
        }
        if self.is_iv(x, 0) && self.is_iv(y, 1) {
            return true;
        }
        if let (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) = (x, y) {
            if let (Some(ca), Some(cb)) = (a.get_sign_extended_constant(), b.get_sign_extended_constant()) {
                return ca == cb && a.get_type() == b.get_type();
            }
        }
        let (Some(i), Some(j)) = (x.as_instruction_value(), y.as_instruction_value()) else { return false };
        if depth == 0 || i.get_opcode() != j.get_opcode() || i.get_num_operands() != j.get_num_operands() {
            return false;
        }
        match i.get_opcode() {
            Op::Load => return self.unwritten(i) && self.unwritten(j) && self.operands_same(i, j, depth),
            Op::Call | Op::Phi | Op::Alloca | Op::Invoke | Op::AtomicRMW | Op::AtomicCmpXchg => return false,
            Op::ICmp if i.get_icmp_predicate() != j.get_icmp_predicate() => return false,
            _ => {}
        }
        x.get_type() == y.get_type() && gep_shape(i) == gep_shape(j) && self.operands_same(i, j, depth)
    }

    fn operands_same(&self, i: InstructionValue<'ctx>, j: InstructionValue<'ctx>, depth: u32) -> bool {
        (0..i.get_num_operands()).all(|k| {
            match (i.get_operand(k).and_then(|o| o.left()), j.get_operand(k).and_then(|o| o.left())) {
                (Some(a), Some(b)) => self.same(a, b, depth - 1),
                _ => false,
            }
        })
    }

    /// `v` is a load of loop `k`'s normalized induction variable.
    fn is_iv(&self, v: BasicValueEnum<'ctx>, k: usize) -> bool {
        v.as_instruction_value().is_some_and(|i| {
            i.get_opcode() == Op::Load
                && i.get_operand(0).and_then(|o| o.left()).is_some_and(|p| Value::of(p) == self.ivs[k])
        })
    }

    fn unwritten(&self, load: InstructionValue<'ctx>) -> bool {
        let Some(p) = load.get_operand(0).and_then(|o| o.left()) else { return false };
        let u = underlying(p);
        identified(self.module, self.function, u)
            && self.written.iter().all(|&w| {
                let o = underlying(w);
                Value::of(o) != Value::of(u) && identified(self.module, self.function, o)
            })
    }
}
