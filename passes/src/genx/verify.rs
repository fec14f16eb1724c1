//! weft-genx-verify: checks a module against the IR rules of
//! "LLVM IR for the GenX backend": dllexport kernels listed in `genx.kernels` (its layout or
//! today's 9-operand layout), internal subroutines and public non-kernel
//! functions and no other linkage; only Gen element types; loads and stores
//! only to static allocas; no global variables; region calls well formed,
//! exactly named and with parameters in range. Every violation is reported
//! with its function, instruction and rule, each as its own diagnostic (opt
//! stops at the first; clang prints them all).
use hashbrown::HashMap;
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::types::{AnyType, AnyTypeEnum};
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue};
use llvm_plugin::inkwell::DLLStorageClass;
use weft_intrinsics::ffi::{self, MdOperand};
use weft_intrinsics::genx::ir::{self, Call};
use weft_intrinsics::genx::region::{Broken, Index};
use weft_intrinsics::{PassResult, Rule, WeftError};

use super::rewrite;

pub fn run(module: &Module<'_>) -> PassResult {
    let mut errors = Vec::new();
    let kernels = check_kernel_metadata(module, &mut errors);
    check_globals(module, &mut errors);
    for f in module.get_functions() {
        check_function(f, &kernels, &mut errors);
    }
    if errors.is_empty() {
        Ok(false)
    } else {
        Err(errors)
    }
}

fn module_error(construct: impl Into<String>, rule: &'static str, detail: impl Into<String>) -> WeftError {
    WeftError::new(Rule::GenX, construct, Broken::new(rule, detail).to_string())
}

fn fn_error(
    f: FunctionValue<'_>,
    construct: impl Into<String>,
    rule: &'static str,
    detail: impl Into<String>,
) -> WeftError {
    module_error(construct, rule, detail).in_function(f.get_name().to_string_lossy())
}

fn is_str(o: &MdOperand) -> bool {
    matches!(o, MdOperand::Str(_))
}

fn is_i32(o: &MdOperand) -> bool {
    matches!(o, MdOperand::Int(_, 32))
}

/// A node of one i32 per kernel argument.
fn per_arg_ints(o: &MdOperand, args: usize) -> Result<(), String> {
    match o {
        MdOperand::Node(xs) if xs.len() == args && xs.iter().all(is_i32) => Ok(()),
        MdOperand::Node(xs) => Err(format!("{} entries for {args} kernel arguments (one i32 each)", xs.len())),
        _ => Err("not a node of i32".to_string()),
    }
}

/// Reads `genx.kernels`: each node names a function (operand 0) and its
/// name, then either that document's layout (asm name, arg kinds, SLM size, arg
/// offsets: 6 operands) or today's (arg kinds, SLM size, arg offsets, arg IO
/// kinds, arg type descriptors, named barrier count, barrier count: 9).
/// Returns the kernels' names.
fn check_kernel_metadata(module: &Module<'_>, errors: &mut Vec<WeftError>) -> HashMap<String, ()> {
    let mut kernels = HashMap::new();
    for (n, node) in ffi::named_metadata_nodes(module, "genx.kernels").iter().enumerate() {
        let construct = format!("!genx.kernels operand {n}");
        let Some(MdOperand::Function(fname)) = node.first() else {
            errors.push(module_error(construct, "kernel-metadata", "operand 0 must reference the kernel function"));
            continue;
        };
        let construct = format!("!genx.kernels entry for @{fname}");
        let Some(f) = module.get_function(fname) else { continue };
        let args = f.count_params() as usize;
        let mut bad = |what: String| errors.push(module_error(construct.clone(), "kernel-metadata", what));
        if !node.get(1).is_some_and(is_str) {
            bad("operand 1 must be the kernel name string".into());
        }
        // (kinds, slm, offsets) operand positions per layout.
        let layout = match node.len() {
            6 if node.get(2).is_some_and(is_str) => Some((3, 4, 5)),
            9 => Some((2, 3, 4)),
            other => {
                bad(format!(
                    "{other} operands: expected the 6 of LLVM IR for the GenX backend (function, name, asm name, arg kinds, SLM size, arg offsets) or today's 9"
                ));
                None
            }
        };
        if let Some((kinds, slm, offsets)) = layout {
            if let Err(e) = per_arg_ints(&node[kinds], args) {
                bad(format!("argument kinds: {e}"));
            }
            if !is_i32(&node[slm]) {
                bad("the SLM size must be an i32".into());
            }
            if let Err(e) = per_arg_ints(&node[offsets], args) {
                bad(format!("argument offsets: {e}"));
            }
            if node.len() == 9 {
                if let Err(e) = per_arg_ints(&node[5], args) {
                    bad(format!("argument IO kinds: {e}"));
                }
                match &node[6] {
                    MdOperand::Node(xs) if xs.len() == args && xs.iter().all(is_str) => {}
                    _ => bad(format!("argument type descriptors: expected {args} strings")),
                }
                if !is_i32(&node[7]) || !is_i32(&node[8]) {
                    bad("the barrier counts (operands 7 and 8) must be i32".into());
                }
            }
        }
        if f.as_global_value().get_dll_storage_class() != DLLStorageClass::Export {
            bad(format!("@{fname} is listed as a kernel but is not dllexport"));
        }
        kernels.insert(fname.clone(), ());
    }
    kernels
}

fn check_globals(module: &Module<'_>, errors: &mut Vec<WeftError>) {
    for g in module.get_globals() {
        let section = g.get_section().map(|s| s.to_string_lossy().into_owned());
        if section.as_deref() == Some("llvm.metadata") {
            continue; // llvm.used and friends are not data
        }
        errors.push(module_error(
            format!("@{}", g.get_name().to_string_lossy()),
            "no-globals",
            "global variables are not supported by the GenX backend",
        ));
    }
}

/// Whether `t` is a Gen type (or a pointer/void/label, which carry no data).
fn gen_type(t: AnyTypeEnum<'_>) -> bool {
    match t {
        AnyTypeEnum::IntType(i) => matches!(i.get_bit_width(), 1 | 8 | 16 | 32 | 64),
        AnyTypeEnum::FloatType(f) => matches!(f.print_to_string().to_str(), Ok("half" | "float" | "double")),
        AnyTypeEnum::VectorType(v) => gen_type(v.get_element_type().as_any_type_enum()),
        AnyTypeEnum::PointerType(_) | AnyTypeEnum::VoidType(_) => true,
        AnyTypeEnum::FunctionType(_) | AnyTypeEnum::ArrayType(_) | AnyTypeEnum::StructType(_) => false,
    }
}

fn check_function(f: FunctionValue<'_>, kernels: &HashMap<String, ()>, errors: &mut Vec<WeftError>) {
    let name = f.get_name().to_string_lossy().into_owned();
    let construct = format!("@{name}");
    if f.count_basic_blocks() == 0 {
        return; // declarations (intrinsics, external functions) define nothing
    }
    let dll = f.as_global_value().get_dll_storage_class();
    match (f.get_linkage(), dll) {
        (Linkage::External, DLLStorageClass::Export) => {
            if !kernels.contains_key(&name) {
                errors.push(fn_error(
                    f,
                    construct.clone(),
                    "kernel-metadata",
                    "a dllexport kernel missing from !genx.kernels",
                ));
            }
        }
        (Linkage::External, DLLStorageClass::Default) | (Linkage::Internal, DLLStorageClass::Default) => {}
        (l, d) => errors.push(fn_error(
            f,
            construct.clone(),
            "linkage",
            format!("linkage {l:?} ({d:?}): kernels are dllexport, subroutines internal, other functions public"),
        )),
    }
    let fty = f.get_type();
    let ret_ok = fty.get_return_type().map_or(true, |r| gen_type(r.as_any_type_enum()));
    if !ret_ok || fty.get_param_types().iter().any(|p| !gen_type(p.as_any_type_enum())) {
        errors.push(fn_error(f, construct, "gen-types", "parameters and result must be Gen types or vectors of them"));
    }
    let entry = f.get_first_basic_block();
    for bb in f.get_basic_blocks() {
        let mut cur = bb.get_first_instruction();
        while let Some(inst) = cur {
            cur = inst.get_next_instruction();
            check_instruction(f, inst, entry == Some(bb), errors);
        }
    }
}

fn check_instruction(f: FunctionValue<'_>, inst: InstructionValue<'_>, in_entry: bool, errors: &mut Vec<WeftError>) {
    let text = || ir::call_text(inst);
    // "LLVM IR for the GenX backend" lists llvm.uadd.with.overflow as supported: its { iN, i1 } is allowed.
    let with_overflow = inst.get_opcode() == InstructionOpcode::Call
        && weft_intrinsics::ffi::called_function_name(weft_intrinsics::ffi::Value::of_instruction(inst))
            .is_some_and(|n| n.starts_with("llvm.uadd.with.overflow."));
    if !with_overflow && !gen_type(inst.get_type()) {
        errors.push(fn_error(
            f,
            text(),
            "gen-types",
            format!("type {} is not a Gen type", inst.get_type().print_to_string().to_string_lossy()),
        ));
    }
    match inst.get_opcode() {
        InstructionOpcode::Alloca => check_alloca(f, inst, in_entry, errors),
        InstructionOpcode::Load | InstructionOpcode::Store => {
            let ptr_at = if inst.get_opcode() == InstructionOpcode::Load { 0 } else { 1 };
            let target = inst.get_operand(ptr_at).and_then(|o| o.left());
            let alloca = match target {
                Some(BasicValueEnum::PointerValue(p)) => {
                    p.as_instruction_value().filter(|i| i.get_opcode() == InstructionOpcode::Alloca)
                }
                _ => None,
            };
            if alloca.is_none() {
                errors.push(fn_error(f, text(), "static-alloca", "loads and stores may only address a static alloca"));
            }
        }
        InstructionOpcode::Call => check_call(f, inst, errors),
        _ => {}
    }
}

/// A static alloca: in the entry block, one element, used only as the
/// address of simple (non-volatile) loads and stores of its own type, or by
/// lifetime markers: what mem2reg removes.
fn check_alloca(f: FunctionValue<'_>, inst: InstructionValue<'_>, in_entry: bool, errors: &mut Vec<WeftError>) {
    let text = ir::call_text(inst);
    let single = matches!(
        inst.get_operand(0).and_then(|o| o.left()),
        Some(BasicValueEnum::IntValue(n)) if n.get_zero_extended_constant() == Some(1)
    );
    if !in_entry || !single {
        errors.push(fn_error(
            f,
            text.clone(),
            "static-alloca",
            "an alloca must be a single element in the entry block",
        ));
    }
    if let Ok(t) = inst.get_allocated_type() {
        if !gen_type(t.as_any_type_enum()) {
            errors.push(fn_error(f, text.clone(), "gen-types", "an alloca must hold a Gen type"));
        }
    }
    let allocated = inst.get_allocated_type().ok().map(|t| t.as_any_type_enum());
    let simple = |user: InstructionValue<'_>, accessed: Option<AnyTypeEnum<'_>>| {
        user.get_volatile().map_or(false, |v| !v) && accessed.is_some() && accessed == allocated
    };
    let mut u = inst.get_first_use();
    while let Some(use_) = u {
        u = use_.get_next_use();
        let ok = match crate::cfg::user_instruction(use_.get_user()).map(|u| (u.get_opcode(), u)) {
            Some((InstructionOpcode::Load, user)) => simple(user, Some(user.get_type())),
            // The address operand, not the stored value.
            Some((InstructionOpcode::Store, user)) => {
                let value = user.get_operand(0).and_then(|o| o.left());
                let is_address = !matches!(value,
                    Some(BasicValueEnum::PointerValue(p)) if p.as_instruction_value() == Some(inst));
                is_address && simple(user, value.map(|v| v.get_type().as_any_type_enum()))
            }
            Some((InstructionOpcode::Call, user)) => {
                weft_intrinsics::ffi::called_function_name(weft_intrinsics::ffi::Value::of_instruction(user))
                    .is_some_and(|n| n.starts_with("llvm.lifetime."))
            }
            _ => false,
        };
        if !ok {
            errors.push(fn_error(
                f,
                text.clone(),
                "static-alloca",
                "an alloca may only be loaded from and stored to, non-volatile and as its own type",
            ));
            break;
        }
    }
}

fn check_call(f: FunctionValue<'_>, inst: InstructionValue<'_>, errors: &mut Vec<WeftError>) {
    let Some((name, op)) = ir::genx_op(inst) else {
        // Not a known GenX intrinsic: still refuse a misspelled region call.
        if let Err(b) = ir::read_call(inst) {
            errors.push(rewrite::error(f, inst, &b));
        }
        return;
    };
    if !op.is_region() {
        return;
    }
    match ir::read_call(inst) {
        Err(b) => errors.push(rewrite::error(f, inst, &b)),
        Ok(None) => {}
        Ok(Some(call)) => {
            let want = ir::expected_name(&call);
            if name != want {
                errors.push(rewrite::error(
                    f,
                    inst,
                    &Broken::new("mangling", format!("for these operand types the intrinsic is @{want}, not @{name}")),
                ));
            }
            if let Call::Region(rc) = &call {
                let r = &rc.access.region;
                if let Some(p) = r.index.parent_width() {
                    if (p as u64) < r.row_extent() && !matches!(r.index, Index::Const(_)) {
                        errors.push(rewrite::error(
                            f,
                            inst,
                            &Broken::new(
                                "parent-width",
                                format!(
                                    "a row spans {} elements, so it must cross a multiple of parent width {p}",
                                    r.row_extent()
                                ),
                            ),
                        ));
                    }
                }
            }
        }
    }
}
