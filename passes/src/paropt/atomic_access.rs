//! What both atomic lowerings (`atomic.rs`, `atomic_compare.rs`) do to an
//! access of x: check it is a scalar they can make atomic, find its
//! address, make it atomic with an ordering, and refuse by name.
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::InstructionValue;
use llvm_plugin::inkwell::AtomicOrdering;
use weft_intrinsics::{Rule, WeftError};

pub(super) fn refuse(detail: &str) -> WeftError {
    WeftError::new(Rule::NotYetSupported, "DIR.OMP.ATOMIC", detail.to_string())
}

/// Makes a load or store atomic; LLVM lowers an under-aligned atomic access
/// to a libatomic call, so it gets the natural alignment of its type (what
/// OpenMP requires of an atomic's variable).
pub(super) fn make_atomic(i: InstructionValue<'_>, bits: u32, ord: AtomicOrdering) -> bool {
    let natural = (bits / 8).max(1).next_power_of_two();
    if i.get_alignment().is_ok_and(|a| a < natural) && i.set_alignment(natural).is_err() {
        return false;
    }
    i.set_atomic_ordering(ord).is_ok()
}

/// The width in bits of a scalar's type (None for anything else).
pub(super) fn scalar_bits(ty: BasicTypeEnum<'_>) -> Option<u32> {
    match ty {
        BasicTypeEnum::IntType(t) => Some(t.get_bit_width()),
        BasicTypeEnum::FloatType(_) => match ty.print_to_string().to_str() {
            Ok("half") | Ok("bfloat") => Some(16),
            Ok("float") => Some(32),
            Ok("double") => Some(64),
            _ => None,
        },
        BasicTypeEnum::PointerType(_) => Some(64),
        _ => None,
    }
}
