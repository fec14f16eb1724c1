//! A region's uses of a variable handed to its private copy, through the
//! renames weft-prepare made at pipeline start (`prepare::rename`) and the
//! no-op copies of an address a nested region reads an outer one's through.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, PointerValue,
};
use weft_intrinsics::ffi::{self, Value};

use super::context::Lowerer;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Gives the region's uses of variable `orig` to its private `copy`, and
    /// returns the variable as the region sees it from outside (what
    /// copy-in reads and copy-out writes). A variable renamed at pipeline
    /// start (`prepare::rename`) is used in the region through its rename:
    /// that rename's uses get the copy (the region's other uses of `orig`
    /// came from pointers to the original and keep it), and the region sees
    /// what the rename took: the original, or the rename of a region around
    /// it. A region not renamed itself, inside one that was, privatizes the
    /// outer rename's uses. Without renames (IR that did not pass the
    /// pipeline start), every use of `orig` in the region gets the copy.
    pub(super) fn privatize_uses(
        &self,
        orig: PointerValue<'ctx>,
        copy: PointerValue<'ctx>,
        body: &[BasicBlock<'ctx>],
        at: InstructionValue<'ctx>,
    ) -> PointerValue<'ctx> {
        let is_rename = |i: InstructionValue<'ctx>| {
            ffi::called_function_name(Value::of_instruction(i)).as_deref() == Some(crate::prepare::rename::RENAME)
        };
        let inside: hashbrown::HashSet<ffi::BlockId> = body.iter().map(|&b| ffi::block_id(b)).collect();
        let in_body = |i: InstructionValue<'ctx>| i.get_parent().is_some_and(|b| inside.contains(&ffi::block_id(b)));
        let arg = |r: InstructionValue<'ctx>| {
            r.get_operand(0).and_then(|o| o.left()).expect("a rename has its variable").into_pointer_value()
        };
        // A no-op copy of a pointer (a nested region reads an outer private
        // variable through one: `proxy_outer_private_globals`; CodeExtractor's
        // inputs): a bitcast, or a select of the same value twice.
        let copied = |i: InstructionValue<'ctx>| {
            let operand = |k| i.get_operand(k).and_then(|o| o.left());
            match i.get_opcode() {
                InstructionOpcode::BitCast => operand(0),
                InstructionOpcode::Select if operand(1) == operand(2) => operand(1),
                _ => None,
            }
        };
        // The variable behind renames and no-op copies.
        let base = |mut v: PointerValue<'ctx>| {
            while let Some(i) = v.as_instruction_value() {
                v = match (is_rename(i), copied(i)) {
                    (true, _) => arg(i),
                    (false, Some(BasicValueEnum::PointerValue(p))) => p,
                    _ => break,
                };
            }
            v
        };
        // The renames of the variable: from it through its users (renames
        // and no-op copies), so the cost is the variable's uses, not every
        // rename of the module.
        let root = base(orig);
        let mut ours: Vec<InstructionValue<'ctx>> = Vec::new();
        // (Only locals are renamed; a global's users may be constants.)
        let mut todo = if root.as_instruction_value().is_some() { vec![root] } else { Vec::new() };
        let mut seen = hashbrown::HashSet::new();
        while let Some(v) = todo.pop() {
            for i in ffi::user_instructions(&v) {
                let through = is_rename(i) || copied(i).is_some_and(|o| o == v.as_basic_value_enum());
                if through && seen.insert(i) {
                    if is_rename(i) {
                        ours.push(i);
                    }
                    todo.push(i.as_any_value_enum().into_pointer_value());
                }
            }
        }
        // This region's own rename: in its body, taking a value from outside.
        if let Some(&own) = ours.iter().find(|&&r| in_body(r) && !arg(r).as_instruction_value().is_some_and(in_body)) {
            let seen = arg(own);
            own.replace_all_uses_with(&copy.as_instruction_value().expect("an alloca"));
            own.erase_from_basic_block();
            return seen;
        }
        // An enclosing region's rename, used here.
        let outer = ours
            .iter()
            .copied()
            .filter(|&r| !in_body(r))
            .find(|&r| ffi::user_instructions(&r).into_iter().any(in_body));
        if let Some(r) = outer {
            let seen = r.as_any_value_enum().into_pointer_value();
            ffi::replace_uses_in_blocks(seen, copy, body);
            return seen;
        }
        ffi::replace_uses_in_blocks(orig, copy, body);
        ffi::rematerialize_derived(orig, copy, body, at);
        orig
    }
}
