//! What the GenX passes share: finding the llvm.genx calls of a function,
//! naming errors after the call, and replacing a call by a new value.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::BasicValue as _;
use llvm_plugin::inkwell::values::{
    AnyValue, AnyValueEnum, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};
use weft_intrinsics::genx::ir;
use weft_intrinsics::genx::Broken;
use weft_intrinsics::{Rule, WeftError};

/// The error for a broken rule at `inst` in `f`.
pub fn error(f: FunctionValue<'_>, inst: InstructionValue<'_>, b: &Broken) -> WeftError {
    WeftError::new(Rule::GenX, ir::call_text(inst), b.to_string()).in_function(f.get_name().to_string_lossy())
}

/// The functions with bodies.
pub fn defined_functions<'ctx>(m: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    m.get_functions().filter(|f| f.count_basic_blocks() > 0).collect()
}

/// Every call instruction of `f`, in order.
pub fn calls<'ctx>(f: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    let mut out = Vec::new();
    for bb in f.get_basic_blocks() {
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur {
            if i.get_opcode() == InstructionOpcode::Call {
                out.push(i);
            }
            cur = i.get_next_instruction();
        }
    }
    out
}

/// Replaces every use of `inst`'s result by `v` and erases `inst`.
pub fn replace(inst: InstructionValue<'_>, v: BasicValueEnum<'_>) -> Result<(), Broken> {
    let mismatch = || Broken::new("internal", "replacement of a different type");
    match (inst.as_any_value_enum(), v) {
        (AnyValueEnum::VectorValue(old), BasicValueEnum::VectorValue(new)) if old.get_type() == new.get_type() => {
            old.replace_all_uses_with(new)
        }
        (AnyValueEnum::IntValue(old), BasicValueEnum::IntValue(new)) if old.get_type() == new.get_type() => {
            old.replace_all_uses_with(new)
        }
        (AnyValueEnum::FloatValue(old), BasicValueEnum::FloatValue(new)) if old.get_type() == new.get_type() => {
            old.replace_all_uses_with(new)
        }
        _ => return Err(mismatch()),
    }
    inst.erase_from_basic_block();
    Ok(())
}

/// Deletes declarations of llvm.genx intrinsics nothing calls any more.
pub fn drop_unused_genx_declarations(m: &Module<'_>) {
    let dead: Vec<_> = m
        .get_functions()
        .filter(|f| {
            f.count_basic_blocks() == 0
                && f.get_name().to_string_lossy().starts_with(weft_intrinsics::genx::mangle::PREFIX)
                && f.as_global_value().as_pointer_value().get_first_use().is_none()
        })
        .collect();
    for f in dead {
        // SAFETY: a declaration without uses; no handle to it is kept.
        unsafe { f.delete() };
    }
}
