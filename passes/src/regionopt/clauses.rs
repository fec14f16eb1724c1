//! A region's directive read as plain data (each clause's tag and
//! operands, in IR order) in both directive forms, and the few directive
//! calls weft-regionopt writes. The plan decides on the data; the rewrite
//! (merge.rs, barrier.rs) uses the writers.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi::{self, Handles, Value};
use weft_intrinsics::model::Form;

use crate::wregion::WRegion;

/// One clause as written: its tag (with any `:MOD` suffix) and operands.
/// (An operand that is not a first-class value, metadata or a token, is
/// None: weft-regionopt refuses to move such a clause.)
#[derive(Clone, Debug, PartialEq)]
pub struct RawClause<'ctx> {
    pub tag: String,
    pub values: Vec<Option<BasicValueEnum<'ctx>>>,
}

impl RawClause<'_> {
    /// The tag without its modifiers (`QUAL.OMP.SHARED:TYPED` is `QUAL.OMP.SHARED`).
    pub fn base(&self) -> &str {
        self.tag.split(':').next().unwrap_or("")
    }
}

/// The calls of a directive group, first to last.
pub fn group_calls<'ctx>(
    first: InstructionValue<'ctx>,
    last_id: InstructionValue<'ctx>,
) -> Vec<InstructionValue<'ctx>> {
    let mut out = Vec::new();
    let mut cur = Some(first);
    while let Some(i) = cur {
        out.push(i);
        if i == last_id {
            break;
        }
        cur = i.get_next_instruction();
    }
    out
}

/// The clauses of region `r`'s BEGIN group.
pub fn entry_clauses<'ctx>(r: &WRegion, h: &Handles<'ctx>) -> Vec<RawClause<'ctx>> {
    let first = h.instruction(r.entry.span.first);
    match r.form {
        Form::Region => ffi::bundle_values(first)
            .into_iter()
            .filter(|(t, _)| t.starts_with("QUAL."))
            .map(|(tag, values)| RawClause { tag, values })
            .collect(),
        Form::Paper => group_calls(first, h.instruction(r.entry.span.last))
            .into_iter()
            .filter(|i| i.get_opcode() == InstructionOpcode::Call)
            .filter_map(|i| {
                let raw = ffi::call_arguments(Value::of_instruction(i));
                let tag = ffi::metadata_string(*raw.first()?)?;
                let values = ffi::argument_values(i).into_iter().skip(1).collect();
                tag.starts_with("QUAL.").then_some(RawClause { tag, values })
            })
            .collect(),
    }
}

/// Writes the paper's `call void @llvm.directive(metadata !"<tag>")` (or
/// `.qual` / `.qual.opndlist` for a clause) before `before`.
pub fn paper_call<'ctx>(
    module: &Module<'ctx>,
    before: InstructionValue<'ctx>,
    callee: &str,
    tag: &str,
    values: &[BasicValueEnum<'ctx>],
) {
    let ctx = module.get_context();
    let variadic = callee == "llvm.directive.qual.opndlist";
    let f = module.get_function(callee).unwrap_or_else(|| {
        let ty = ctx.void_type().fn_type(&[ctx.metadata_type().into()], variadic);
        module.add_function(callee, ty, None)
    });
    let b = ctx.create_builder();
    b.position_before(&before);
    let mut args: Vec<BasicMetadataValueEnum<'ctx>> = vec![ctx.metadata_string(tag).into()];
    args.extend(values.iter().map(|&v| -> BasicMetadataValueEnum<'ctx> { v.into() }));
    b.build_call(f, &args, "").expect("positioned");
}
