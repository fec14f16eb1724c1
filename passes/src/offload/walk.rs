//! Small walks over device code that the device image's plan and its
//! parts share: a function's instructions, the functions an instruction
//! names, a call's callee.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi::{self, Value};

/// Every instruction of `f`.
pub fn instructions<'ctx>(f: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    let mut out = Vec::new();
    for b in f.get_basic_blocks() {
        let mut i = b.get_first_instruction();
        while let Some(x) = i {
            out.push(x);
            i = x.get_next_instruction();
        }
    }
    out
}

/// The functions an instruction names: a call's callee and any function
/// passed as an operand (a microtask handed to a fork).
pub fn referenced_functions<'ctx>(m: &Module<'ctx>, i: InstructionValue<'ctx>) -> Vec<FunctionValue<'ctx>> {
    let mut out = Vec::new();
    // (Operands that are not values, a simd region's token, are skipped.)
    for o in ffi::operand_values(i) {
        let Some(BasicValueEnum::PointerValue(p)) = o else { continue };
        let pname = p.get_name().to_string_lossy().into_owned();
        if let Some(f) = m.get_function(&pname).filter(|f| f.as_global_value().as_pointer_value() == p) {
            out.push(f);
        }
    }
    out
}

/// The name of the function `i` calls directly.
pub fn callee(i: InstructionValue<'_>) -> Option<String> {
    (i.get_opcode() == InstructionOpcode::Call).then(|| ffi::called_function_name(Value::of_instruction(i))).flatten()
}
