//! icx's own prepare clauses, undone: Intel's compiler runs a prepare pass
//! of its own before paropt that renames each pointer a clause names
//! (`QUAL.OMP.OPERAND.ADDR(ptr %x, ptr %x.addr)`: `%x` stored into the slot
//! `%x.addr` before the region, read back with a volatile load inside it) and
//! keeps the region's END reachable with a branch on a flag nothing sets
//! (`QUAL.OMP.JUMP.TO.END.IF(ptr %flag)`: `br (load volatile %flag), END,
//! body`). Its public VPO tests feed that IR to later passes. Both are
//! undone here as icx's restore-operands pass does, before anything reads
//! the region: each load of a slot becomes the pointer stored into it (so a
//! privatized `%x` is the region's `%x` again, not a value loaded behind
//! weft's back), each load of the flag becomes `false` (and the branch on
//! it a jump to the region's body), and the two clauses are dropped. The
//! results are the values the loads produced, so nothing else changes. Every slot and flag is checked first (an alloca whose only
//! stores put `%x` in it, or `false`); anything else is refused before the
//! first change.
use std::collections::HashSet;

use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::types::{AnyType, BasicTypeEnum};
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};
use weft_intrinsics::ffi;
use weft_intrinsics::{Rule, WeftError};

const OPERAND_ADDR: &str = "QUAL.OMP.OPERAND.ADDR";
const JUMP_TO_END_IF: &str = "QUAL.OMP.JUMP.TO.END.IF";

/// One region entry's clauses to undo.
struct Entry<'ctx> {
    call: InstructionValue<'ctx>,
    /// (the slot's loads, the pointer stored in the slot).
    slots: Vec<(Vec<InstructionValue<'ctx>>, BasicValueEnum<'ctx>)>,
    /// The flags' loads.
    flags: Vec<InstructionValue<'ctx>>,
}

/// Undoes every OPERAND.ADDR and JUMP.TO.END.IF of the module; whether it
/// changed anything.
pub fn run(module: &Module<'_>) -> Result<bool, Vec<WeftError>> {
    let mut plans = Vec::new();
    let mut errors = Vec::new();
    for f in module.get_functions() {
        let fname = f.get_name().to_string_lossy().into_owned();
        for inst in f.get_basic_blocks().iter().flat_map(|b| b.get_instructions()) {
            match plan(f, inst) {
                Ok(Some(p)) => plans.push(p),
                Ok(None) => {}
                Err(e) => errors.push(e.in_function(&fname)),
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let changed = !plans.is_empty();
    // (A slot or flag two regions name is rewritten once.)
    let mut done = HashSet::new();
    for mut p in plans {
        for (loads, _) in &mut p.slots {
            loads.retain(|l| done.insert(*l));
        }
        p.flags.retain(|l| done.insert(*l));
        rewrite(p);
    }
    Ok(changed)
}

fn is_region_entry(inst: InstructionValue<'_>) -> bool {
    inst.get_opcode() == InstructionOpcode::Call
        && ffi::called_function_name(ffi::Value::of_instruction(inst)).as_deref() == Some("llvm.directive.region.entry")
}

fn plan<'ctx>(f: FunctionValue<'ctx>, inst: InstructionValue<'ctx>) -> Result<Option<Entry<'ctx>>, WeftError> {
    if !is_region_entry(inst) {
        return Ok(None);
    }
    let bundles = ffi::bundle_values(inst);
    let directive = bundles.first().map(|(t, _)| t.clone()).unwrap_or_default();
    let err = |clause: &str, why: String| WeftError::new(Rule::OperandKind, clause, why).on_directive(&directive);
    let mut entry = Entry { call: inst, slots: Vec::new(), flags: Vec::new() };
    for (tag, inputs) in &bundles {
        if tag != OPERAND_ADDR && tag != JUMP_TO_END_IF {
            continue;
        }
        let pointer = |v: &&Option<BasicValueEnum<'_>>| match v {
            Some(BasicValueEnum::PointerValue(p)) => !p.is_null(),
            _ => false,
        };
        if let Some(v) = inputs.iter().find(|v| !pointer(v)) {
            let ty = v.map_or_else(|| "metadata or token".to_string(), |v| v.get_type().print_to_string().to_string());
            return Err(err(tag, format!("operands must be non-null pointers, got one of type {ty}")));
        }
        let values: Vec<BasicValueEnum<'_>> = inputs.iter().flatten().copied().collect();
        if tag == OPERAND_ADDR {
            if values.len() % 2 != 0 {
                return Err(err(OPERAND_ADDR, "expects pairs (pointer, the slot it is stored in)".into()));
            }
            for pair in values.chunks(2) {
                let same_type = |l: InstructionValue<'_>| l.get_type() == pair[0].get_type().as_any_type_enum();
                let loads = slot_loads(f, pair[1], |stored| stored == pair[0], same_type)
                    .map_err(|why| err(OPERAND_ADDR, format!("{}: {why}", text(pair[1]))))?;
                if !defined_before_everything(pair[0]) {
                    return Err(err(
                        OPERAND_ADDR,
                        format!("{} is not an entry block alloca, an argument or a global", text(pair[0])),
                    ));
                }
                entry.slots.push((loads, pair[0]));
            }
        } else if tag == JUMP_TO_END_IF {
            let [flag] = values.as_slice() else {
                return Err(err(JUMP_TO_END_IF, "expects one operand, the flag".into()));
            };
            let is_false = |v: BasicValueEnum<'_>| matches!(v, BasicValueEnum::IntValue(i) if i.get_zero_extended_constant() == Some(0));
            let int = |l: InstructionValue<'_>| l.get_type().is_int_type();
            let loads = slot_loads(f, *flag, is_false, int)
                .map_err(|why| err(JUMP_TO_END_IF, format!("{}: {why}", text(*flag))))?;
            entry.flags.extend(loads);
        }
    }
    Ok((!entry.slots.is_empty() || !entry.flags.is_empty()).then_some(entry))
}

fn text(v: BasicValueEnum<'_>) -> String {
    let name = v.get_name().to_string_lossy().into_owned();
    if name.is_empty() {
        "an unnamed value".into()
    } else {
        format!("%{name}")
    }
}

/// Whether `v` is available everywhere in its function: an alloca of the
/// entry block, an argument, a global or a constant (icx renames only
/// those), so it may stand for every load of its slot.
fn defined_before_everything(v: BasicValueEnum<'_>) -> bool {
    match v.as_instruction_value() {
        Some(i) => {
            let entry = i.get_parent().and_then(|b| b.get_parent()).and_then(|f| f.get_first_basic_block());
            i.get_opcode() == InstructionOpcode::Alloca && entry.is_some() && i.get_parent() == entry
        }
        None => true,
    }
}

/// The loads of an alloca `slot` of `f` whose every store stores a value
/// `ok` accepts (and is not itself stored, passed or computed with), each
/// of a type `load_ok` accepts. (The function is scanned rather than the
/// slot's uses: a directive call that names the slot returns a token,
/// which inkwell's use lists cannot hand out.)
fn slot_loads<'ctx>(
    f: FunctionValue<'ctx>,
    slot: BasicValueEnum<'ctx>,
    ok: impl Fn(BasicValueEnum<'_>) -> bool,
    load_ok: impl Fn(InstructionValue<'_>) -> bool,
) -> Result<Vec<InstructionValue<'ctx>>, String> {
    let is_alloca = slot.as_instruction_value().is_some_and(|i| i.get_opcode() == InstructionOpcode::Alloca);
    if !is_alloca {
        return Err("not an alloca".into());
    }
    let id = ffi::Value::of(slot);
    let operand = |inst: InstructionValue<'ctx>, i: u32| inst.get_operand(i).and_then(|o| o.left());
    let is_slot = |v: Option<BasicValueEnum<'ctx>>| v.is_some_and(|v| ffi::Value::of(v) == id);
    let mut loads = Vec::new();
    for inst in f.get_basic_blocks().iter().flat_map(|b| b.get_instructions()) {
        match inst.get_opcode() {
            InstructionOpcode::Load if is_slot(operand(inst, 0)) => {
                if !load_ok(inst) {
                    return Err("read as another type".into());
                }
                loads.push(inst);
            }
            InstructionOpcode::Store if is_slot(operand(inst, 0)) => return Err("stored somewhere".into()),
            InstructionOpcode::Store if is_slot(operand(inst, 1)) => {
                if !operand(inst, 0).is_some_and(&ok) {
                    return Err("something else is stored in it".into());
                }
            }
            InstructionOpcode::Call => {
                let call = ffi::Value::of_instruction(inst);
                let passed = ffi::call_arguments(call).contains(&id) && !is_lifetime(inst);
                let named = ffi::operand_bundles(call).iter().any(|(_, inputs)| inputs.contains(&id));
                if passed || named && !is_region_entry(inst) {
                    return Err("passed to a call".into());
                }
            }
            _ => {
                if (0..inst.get_num_operands()).any(|i| is_slot(operand(inst, i))) {
                    return Err("used other than by loads and stores".into());
                }
            }
        }
    }
    Ok(loads)
}

fn is_lifetime(inst: InstructionValue<'_>) -> bool {
    ffi::called_function_name(ffi::Value::of_instruction(inst)).is_some_and(|n| n.starts_with("llvm.lifetime."))
}

fn rewrite(p: Entry<'_>) {
    for (loads, value) in &p.slots {
        for load in loads {
            replace(*load, |_| *value);
        }
    }
    for load in &p.flags {
        let branch = guarded_branch(*load);
        replace(*load, |ty| BasicValueEnum::IntValue(ty.into_int_type().const_zero()));
        if let Some((br, to)) = branch {
            fold(br, to);
        }
    }
    let call = ffi::drop_bundles(p.call, OPERAND_ADDR);
    ffi::drop_bundles(call, JUMP_TO_END_IF);
}

/// Replaces every use of a load's result with `v` (given the load's type)
/// and erases the load.
fn replace<'ctx>(inst: InstructionValue<'ctx>, v: impl Fn(BasicTypeEnum<'ctx>) -> BasicValueEnum<'ctx>) {
    // (A live load found when planned, each rewritten once.)
    let Ok(loaded) = BasicValueEnum::try_from(inst.as_any_value_enum()) else { return };
    match (loaded, v(loaded.get_type())) {
        (BasicValueEnum::PointerValue(a), BasicValueEnum::PointerValue(b)) => a.replace_all_uses_with(b),
        (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => a.replace_all_uses_with(b),
        // (Types checked when planned: nothing else reaches here.)
        _ => return,
    }
    inst.erase_from_basic_block();
}

/// The branch right after a flag's load that tests it, with its false
/// successor, when the true one (the region's END) has no phi to update.
fn guarded_branch<'ctx>(load: InstructionValue<'ctx>) -> Option<(InstructionValue<'ctx>, BasicBlock<'ctx>)> {
    let br = load.get_next_instruction()?;
    let tests_it = br.get_opcode() == InstructionOpcode::Br
        && br.get_num_operands() == 3
        && br.get_operand(0).and_then(|o| o.left()).is_some_and(|c| c.as_instruction_value() == Some(load));
    if !tests_it {
        return None;
    }
    let (on_false, on_true) = (br.get_operand(1)?.right()?, br.get_operand(2)?.right()?);
    let phi = on_true.get_first_instruction().is_some_and(|i| i.get_opcode() == InstructionOpcode::Phi);
    (!phi).then_some((br, on_false))
}

/// Replaces a branch on `false` with a jump to its false successor: the
/// edge to the END is never taken, and a loop behind it is then on the
/// directive's straight path, where weft-prepare finds it.
fn fold<'ctx>(br: InstructionValue<'ctx>, to: BasicBlock<'ctx>) {
    let b = br.get_parent().map(|bb| bb.get_context().create_builder());
    let Some(b) = b else { return };
    b.position_before(&br);
    if b.build_unconditional_branch(to).is_ok() {
        br.erase_from_basic_block();
    }
}
