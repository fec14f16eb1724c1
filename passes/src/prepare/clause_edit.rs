//! Clauses added to and dropped from a region's directive in place, in
//! both directive forms (the paper's metadata-string calls and icx's
//! operand bundles), for the rewrites of weft-prepare. It calls no other
//! module of weft-prepare.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, InstructionValue};
use weft_intrinsics::ffi;
use weft_intrinsics::model::Form;

use crate::wregion::graph::WRegion;

/// Adds the clause `tag` with `values` to the directive of region `reg`,
/// whose entry call is now `call` (in the region form a new call replaces
/// it: returned; in the paper's form a call before the region's
/// DIR.QUAL.LIST.END).
pub(super) fn add_clause<'ctx>(
    module: &Module<'ctx>,
    values_of: &ffi::Handles<'ctx>,
    reg: &WRegion,
    call: InstructionValue<'ctx>,
    tag: &str,
    values: &[BasicValueEnum<'ctx>],
) -> InstructionValue<'ctx> {
    match reg.form {
        Form::Region => ffi::add_bundle(call, tag, values),
        Form::Paper => {
            let last = values_of.instruction(reg.entry.span.last);
            add_paper_clause(module, last, tag, values);
            call
        }
    }
}

/// Inserts `call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"<tag>", values...)`
/// before `list_end` (the group's DIR.QUAL.LIST.END call).
pub(super) fn add_paper_clause<'ctx>(
    module: &Module<'ctx>,
    list_end: InstructionValue<'ctx>,
    tag: &str,
    values: &[BasicValueEnum<'ctx>],
) {
    let ctx = module.get_context();
    let f = module.get_function("llvm.directive.qual.opndlist").unwrap_or_else(|| {
        let ty = ctx.void_type().fn_type(&[ctx.metadata_type().into()], true);
        module.add_function("llvm.directive.qual.opndlist", ty, None)
    });
    let b = ctx.create_builder();
    b.position_before(&list_end);
    let mut args: Vec<BasicMetadataValueEnum<'_>> = vec![ctx.metadata_string(tag).into()];
    args.extend(values.iter().map(|&v| -> BasicMetadataValueEnum<'_> { v.into() }));
    b.build_call(f, &args, "").expect("positioned");
}

/// Removes the region's clauses whose tag starts with `prefix`; returns its
/// entry call (a new one in the region form).
pub(super) fn drop_clauses<'ctx>(
    values_of: &ffi::Handles<'ctx>,
    reg: &WRegion,
    entry_call: InstructionValue<'ctx>,
    prefix: &str,
) -> InstructionValue<'ctx> {
    match reg.form {
        Form::Region => ffi::drop_bundles(entry_call, prefix),
        Form::Paper => {
            let last = values_of.instruction(reg.entry.span.last);
            let mut doomed = Vec::new();
            let mut cur = Some(entry_call);
            while let Some(i) = cur {
                let tag =
                    ffi::call_arguments(ffi::Value::of_instruction(i)).first().and_then(|&a| ffi::metadata_string(a));
                if tag.is_some_and(|t| t.starts_with(prefix)) {
                    doomed.push(i);
                }
                if i == last {
                    break;
                }
                cur = i.get_next_instruction();
            }
            for i in doomed {
                i.erase_from_basic_block();
            }
            entry_call
        }
    }
}
