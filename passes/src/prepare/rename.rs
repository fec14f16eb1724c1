//! Private variables renamed at pipeline start.
//!
//! A region's private copy replaces the original only where the region
//! names the variable, not where it reaches the original through a pointer
//! (`int *p = &i; #pragma omp parallel private(i) { i = 3; use(*p); }` reads
//! the original `i`). Before weft-paropt runs, EarlyCSE and GVN forward such
//! a pointer (`*p` becomes a load of `i` itself), and privatizing every use
//! of `i` in the region would then read the copy. So at pipeline start, while
//! every use of the variable is still the program's own, the uses inside a
//! parallel, worksharing or task region go through `weft.private.addr(i)`, a call
//! no pass can see through; paropt gives the copy to that call's uses and
//! leaves the region's other uses of `i` (the forwarded pointers) on the
//! original. Nested regions chain: an inner rename takes the outer one.
//! A target data region's `use_device_ptr` and `use_device_addr` variables
//! are renamed the same way: inside, the region's own uses see the device
//! address, and nothing may fold them into the host's before paropt.
//! Only locals (allocas) named as whole variables are renamed: a global's
//! uses may sit in constant expressions, and array sections keep their base.
use hashbrown::HashSet;
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode};
use weft_intrinsics::ffi;
use weft_intrinsics::model::{Item, ValueId};
use weft_intrinsics::vocab::DirKind;

use crate::wregion::Analysis;

/// The rename function's name.
pub const RENAME: &str = "weft.private.addr";

/// The rename function, declared once: opaque (it may read and write
/// memory, so nothing hoists it out of its region or sees through it),
/// `nounwind willreturn`.
fn rename_fn<'ctx>(module: &Module<'ctx>) -> FunctionValue<'ctx> {
    if let Some(f) = module.get_function(RENAME) {
        return f;
    }
    let ctx = module.get_context();
    let ptr = ctx.ptr_type(Default::default());
    let f = module.add_function(RENAME, ptr.fn_type(&[ptr.into()], false), None);
    for name in ["nounwind", "willreturn"] {
        f.add_attribute(AttributeLoc::Function, ctx.create_enum_attribute(Attribute::get_named_enum_kind_id(name), 0));
    }
    f
}

/// The variables of a region's clauses that get a private copy, as whole
/// variables (private, firstprivate, lastprivate, reduction, linear).
fn privatized(reg: &crate::wregion::graph::WRegion) -> Vec<ValueId> {
    let env = &reg.env;
    let items = env
        .private
        .iter()
        .chain(&env.firstprivate)
        .chain(env.lastprivate.iter().map(|(i, _)| i))
        .chain(env.reductions.iter().map(|r| &r.item))
        .chain(env.linear.iter().map(|l| &l.item));
    let mut out = Vec::new();
    for item in items {
        let var = match item {
            Item::Var { var, typed } if typed.as_ref().is_none_or(|t| t.offset.is_none()) => var,
            Item::NonPod { var, .. } => var,
            _ => continue,
        };
        // (Malformed operands, a token or a null, are left for paropt to
        // report.)
        let pointer = matches!(var.kind, weft_intrinsics::model::OperandKind::Pointer { null: false });
        if pointer && !out.contains(&var.value) {
            out.push(var.value);
        }
    }
    out
}

/// The variables a target data region reads as their device's
/// (`use_device_ptr`, `use_device_addr`): renamed as private ones are, so
/// that an optimizer before paropt cannot fold the region's uses into the
/// same address outside it (the region makes them another address).
fn device_items(reg: &crate::wregion::graph::WRegion) -> Vec<ValueId> {
    let mut out = Vec::new();
    for item in reg.env.use_device_ptr.iter().chain(&reg.env.use_device_addr) {
        let Item::Var { var, typed } = item else { continue };
        let pointer = matches!(var.kind, weft_intrinsics::model::OperandKind::Pointer { null: false });
        if pointer && typed.as_ref().is_none_or(|t| t.offset.is_none()) && !out.contains(&var.value) {
            out.push(var.value);
        }
    }
    out
}

/// The bases of every array section in the function's clauses.
fn section_bases(a: &Analysis<'_>) -> HashSet<ValueId> {
    let mut out = HashSet::new();
    for reg in &a.graph.regions {
        for c in &reg.directive.clauses {
            for item in c.items() {
                match item {
                    Item::ArrSect { base, .. } => {
                        out.insert(base.value);
                    }
                    Item::Var { var, typed: Some(t) } if t.offset.is_some() => {
                        out.insert(var.value);
                    }
                    _ => {}
                }
            }
        }
    }
    out
}

/// Renames the privatized locals of every parallel, worksharing and task region
/// (innermost first). Returns which analyses' functions it changed.
pub fn rename_privates<'ctx>(module: &Module<'ctx>, analyses: &[Analysis<'ctx>]) -> Vec<bool> {
    let mut changed = vec![false; analyses.len()];
    for (i, a) in analyses.iter().enumerate() {
        let bases = section_bases(a);
        let mut order = a.graph.preorder();
        order.reverse();
        for r in order {
            let reg = &a.graph.regions[r];
            // (A sections construct is a worksharing loop by now: prepare/sections.rs.)
            let worksharing = reg.kind.is_worksharing_loop() || reg.kind == DirKind::Sections;
            let task = reg.kind == DirKind::Task;
            let data = reg.kind == DirKind::TargetData;
            if reg.kind.is_simd_only() || !(reg.kind.is_team_parallel() || worksharing || task || data) {
                continue;
            }
            let Some(exit) = reg.exit else { continue };
            let entry_bb = a.scan.handles[reg.entry.block];
            // The region's body: its blocks but the two holding its directive
            // groups (weft-prepare gave each group a block of its own).
            let body: Vec<_> = reg
                .blocks
                .iter()
                .filter(|&&b| b != reg.entry.block && b != exit.block)
                .map(|&b| a.scan.handles[b])
                .collect();
            let Some(first) = entry_bb
                .get_terminator()
                .filter(|t| t.get_opcode() == InstructionOpcode::Br && t.get_num_operands() == 1)
                .and_then(|t| t.get_operand(0))
                .and_then(|o| o.right())
                .filter(|b| body.contains(b))
            else {
                continue;
            };
            let items = if data { device_items(reg) } else { privatized(reg) };
            for id in items {
                if bases.contains(&id) {
                    continue;
                }
                // (Renaming rewrites uses, never the operand itself.)
                let BasicValueEnum::PointerValue(v) = a.scan.values.basic_value(id) else { continue };
                if v.as_instruction_value().is_none_or(|i| i.get_opcode() != InstructionOpcode::Alloca) {
                    continue;
                }
                let b = module.get_context().create_builder();
                // (After the block's phis: the body may start with a loop header.)
                match crate::cfg::first_not(first, InstructionOpcode::Phi) {
                    Some(i) => b.position_before(&i),
                    None => b.position_at_end(first),
                }
                let name = format!("{}.addr", v.get_name().to_string_lossy());
                let call = b.build_call(rename_fn(module), &[v.into()], &name).expect("positioned");
                let renamed = call.try_as_basic_value().left().expect("a pointer");
                // (Nested regions' clauses too: they name the variable as this
                // region sees it.)
                if ffi::replace_uses_in_blocks(v, renamed, &body) == 0 {
                    // (The region does not use it: no rename needed.)
                    if let Some(i) = renamed.as_instruction_value() {
                        i.erase_from_basic_block();
                    }
                    continue;
                }
                changed[i] = true;
            }
        }
    }
    changed
}

/// Every rename of the module replaced by its variable (weft-strip, and
/// the cleanup after an error): no `weft.private.addr` call outlives weft.
pub fn strip_renames(module: &Module<'_>) -> bool {
    let Some(f) = module.get_function(RENAME) else { return false };
    let calls = ffi::calls_to(f);
    for &c in &calls {
        ffi::replace_call_by_argument(c);
    }
    // SAFETY: no call to it is left; deleting it invalidates only `f`.
    unsafe { f.delete() };
    true
}
