//! The marker of a simd loop's scan directive: when weft-vectorize lowers
//! a simd region with a scan reduction in place (paropt), the directive
//! becomes a call to `MARKER` at its place, so that the loop stays the
//! serial program and the VPlan knows where the body splits
//! (`vplan/scan.rs`). Plain IR both use, so that neither holds the other's
//! types.
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionOpcode as O, InstructionValue};
use weft_intrinsics::ffi;

/// The function whose call marks where a simd loop's scan directive was
/// (its argument: whether the scan is inclusive). Erased once
/// weft-vectorize is done with the loop (`erase_markers`).
pub const MARKER: &str = "weft.simd.scan";

/// Whether `i` is the scan marker, and if so whether the scan is inclusive.
pub fn marker_of(i: InstructionValue<'_>) -> Option<bool> {
    if i.get_opcode() != O::Call || ffi::called_function_name(ffi::Value::of_instruction(i)).as_deref() != Some(MARKER)
    {
        return None;
    }
    match i.get_operand(0).and_then(|o| o.left()) {
        Some(BasicValueEnum::IntValue(c)) => Some(c.get_zero_extended_constant() == Some(1)),
        _ => None,
    }
}

/// Puts the marker before `at` (the scan directive's first call).
pub fn place_marker<'ctx>(module: &Module<'ctx>, at: InstructionValue<'ctx>, inclusive: bool) {
    let ctx = module.get_context();
    let f = module.get_function(MARKER).unwrap_or_else(|| {
        let t = ctx.void_type().fn_type(&[ctx.bool_type().into()], false);
        let f = module.add_function(MARKER, t, None);
        // It returns, throws nothing and touches no memory the program
        // sees: ScalarEvolution still counts the loop (a call that might
        // not return would keep it from relying on the IV's no-wrap flags).
        // (`memory(inaccessiblemem: readwrite)`: two bits per location,
        // inaccessible memory the second.)
        for (name, value) in [("nounwind", 0), ("willreturn", 0), ("nosync", 0), ("memory", 3 << 2)] {
            let kind = Attribute::get_named_enum_kind_id(name);
            f.add_attribute(AttributeLoc::Function, ctx.create_enum_attribute(kind, value));
        }
        f
    });
    let b = ctx.create_builder();
    b.position_before(&at);
    let flag = ctx.bool_type().const_int(u64::from(inclusive), false);
    b.build_call(f, &[flag.into()], "").expect("positioned");
}

/// Erases every scan marker of the module (the scalar loop, vectorized or
/// not, runs its iterations in order: the serial program's scan).
pub fn erase_markers(module: &Module<'_>) {
    let Some(f) = module.get_function(MARKER) else { return };
    for call in ffi::calls_to(f) {
        call.erase_from_basic_block();
    }
    // SAFETY: the declaration has no uses left.
    unsafe { f.delete() };
}
