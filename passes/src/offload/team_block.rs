//! A generic kernel's league block made each team's own
//! (docs/offload-device.md, "Generic mode"). The host lowering hands the
//! league's body its arguments in a block of the host function's frame,
//! which reaches the kernel as a mapped argument (docs/offload.md, "Target
//! teams"); in a generic kernel the main thread of every team fills it with
//! the addresses of its own locals (moved to its team's shared memory by
//! `globalize`), so one block in device memory would have each team
//! overwrite the others' pointers before its league's body reads them. On
//! the device the target's body fills a block of its own instead: an
//! alloca, read only by the league's body, which the same thread runs.
use std::collections::{BTreeMap, BTreeSet, HashSet};

use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{AnyValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::{Rule, WeftError};

use super::contexts::{Contexts, Runs};
use super::plan::{self, refuse, FORK_TEAMS};

/// The loads of a league block to replace, by function: each load's
/// position among its function's instructions (the clone keeps the order).
#[derive(Debug, Default)]
pub struct TeamBlocks {
    pub by_function: BTreeMap<String, BTreeSet<usize>>,
}

/// The league blocks of the generic kernel `cx`, added to `out`; `reached`
/// holds the objects a parallel region reads (`globalize`): a block among
/// them is refused, as its team's other threads could not read a stack
/// block.
pub fn plan<'ctx>(
    cx: &Contexts<'ctx>,
    reached: &HashSet<Value>,
    kernel: &str,
    out: &mut TeamBlocks,
) -> Result<(), WeftError> {
    for &(f, runs) in &cx.functions {
        if runs == Runs::Parallel {
            continue;
        }
        let insts = plan::instructions(f);
        for &fork in insts.iter().filter(|&&i| plan::callee(i).as_deref() == Some(FORK_TEAMS)) {
            // (Operands 3.. are the fork's arguments; the last the callee.)
            for k in 3..fork.get_num_operands().saturating_sub(1) {
                let Some(BasicValueEnum::PointerValue(p)) = fork.get_operand(k).and_then(|o| o.left()) else {
                    continue;
                };
                let Some(load) = p.as_instruction().filter(|i| i.get_opcode() == InstructionOpcode::Load) else {
                    continue;
                };
                if !only_filled(load, fork) || reached.contains(&Value::of_instruction(load)) {
                    return Err(refuse(
                        kernel,
                        "a league's argument block that is read other than by the league's body",
                        "a generic-mode kernel gives each team a block of its own, which its main thread fills",
                    ));
                }
                let at = insts.iter().position(|&i| i == load).expect("an instruction of its function");
                out.by_function.entry(f.get_name().to_string_lossy().into_owned()).or_default().insert(at);
            }
        }
    }
    Ok(())
}

/// Whether the block `load` names is only stored into (through its fields)
/// and handed to `fork`.
fn only_filled(load: InstructionValue<'_>, fork: InstructionValue<'_>) -> bool {
    let block = load.as_any_value_enum();
    ffi::user_instructions(&block).into_iter().all(|u| {
        u == fork
            || is_store_into(u, Value::of_instruction(load))
            || u.get_opcode() == InstructionOpcode::GetElementPtr
                && ffi::user_instructions(&u.as_any_value_enum())
                    .into_iter()
                    .all(|s| is_store_into(s, Value::of_instruction(u)))
    })
}

fn is_store_into(i: InstructionValue<'_>, ptr: Value) -> bool {
    i.get_opcode() == InstructionOpcode::Store
        && i.get_operand(1).and_then(|o| o.left()).is_some_and(|p| Value::of(p) == ptr)
        && i.get_operand(0).and_then(|o| o.left()).is_some_and(|v| Value::of(v) != ptr)
}

/// Gives each league block (a load of the device module, from
/// `generic::resolve`) a block of the team: an alloca of the block's type at
/// its function's entry in place of the load.
pub fn rewrite<'ctx>(
    dev: &Module<'ctx>,
    blocks: &[(FunctionValue<'ctx>, Vec<InstructionValue<'ctx>>)],
) -> Result<(), WeftError> {
    for (f, loads) in blocks {
        let name = f.get_name().to_string_lossy().into_owned();
        let entry = f.get_first_basic_block().and_then(|b| b.get_first_instruction()).ok_or_else(|| lost(&name))?;
        for &load in loads {
            let ty = block_type(load).ok_or_else(|| lost(&name))?;
            let b = dev.get_context().create_builder();
            b.position_before(&entry);
            let own = b.build_alloca(ty, "omp.team.block").map_err(|_| lost(&name))?;
            let own = own.as_instruction().ok_or_else(|| lost(&name))?;
            load.replace_all_uses_with(&own);
            load.erase_from_basic_block();
        }
    }
    Ok(())
}

/// The block's type: the largest type its fields are addressed through (or
/// the one value stored into it directly).
fn block_type(load: InstructionValue<'_>) -> Option<BasicTypeEnum<'_>> {
    let users = ffi::user_instructions(&load.as_any_value_enum());
    let fields = users
        .iter()
        .filter(|u| u.get_opcode() == InstructionOpcode::GetElementPtr)
        .filter_map(|g| g.get_gep_source_element_type().ok())
        .max_by_key(|t| match t {
            BasicTypeEnum::StructType(s) => s.count_fields(),
            BasicTypeEnum::ArrayType(a) => a.len(),
            _ => 1,
        });
    fields.or_else(|| {
        users
            .iter()
            .find(|u| u.get_opcode() == InstructionOpcode::Store)
            .and_then(|s| s.get_operand(0))
            .and_then(|o| o.left())
            .map(|v| v.get_type())
    })
}

fn lost(function: &str) -> WeftError {
    WeftError::new(Rule::Internal, "the device module", "a planned league block is not where the plan found it")
        .in_function(function)
}
