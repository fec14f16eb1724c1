//! weft-cleanup: the last weft pass. Every directive must have been lowered
//! by now; one that is left is an error (it would crash instruction
//! selection). Also removes the directive intrinsics' declarations.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValue, FunctionValue, InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::group::is_directive_intrinsic;
use weft_intrinsics::{PassResult, Rule, WeftError};

use crate::wregion::defined_functions;

/// The function's blocks reachable from its entry.
fn reachable_blocks(f: FunctionValue<'_>) -> Vec<BasicBlock<'_>> {
    let blocks = f.get_basic_blocks();
    let index: hashbrown::HashMap<ffi::BlockId, usize> =
        blocks.iter().enumerate().map(|(i, &b)| (ffi::block_id(b), i)).collect();
    let mut seen = vec![false; blocks.len()];
    let mut stack = vec![0usize];
    if !blocks.is_empty() {
        seen[0] = true;
    }
    while let Some(b) = stack.pop() {
        for s in ffi::successors(blocks[b]) {
            if let Some(&i) = index.get(&s) {
                if !seen[i] {
                    seen[i] = true;
                    stack.push(i);
                }
            }
        }
    }
    blocks.into_iter().zip(seen).filter(|(_, r)| *r).map(|(b, _)| b).collect()
}

fn directive_calls_in<'ctx>(blocks: Vec<BasicBlock<'ctx>>) -> Vec<InstructionValue<'ctx>> {
    let mut calls = Vec::new();
    for bb in blocks {
        for i in bb.get_instructions() {
            if matches!(i.get_opcode(), InstructionOpcode::Call | InstructionOpcode::Invoke)
                && ffi::called_function_name(Value::of_instruction(i)).is_some_and(|n| is_directive_intrinsic(&n))
            {
                calls.push(i);
            }
        }
    }
    calls
}

fn directive_calls<'ctx>(f: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    directive_calls_in(f.get_basic_blocks())
}

pub fn run(module: &Module<'_>) -> PassResult {
    let mut errors = Vec::new();
    let mut calls = ffi::Handles::new();
    for f in defined_functions(module) {
        // Directives in unreachable blocks are dead code: stripped, not reported.
        if let Some(first) = directive_calls_in(reachable_blocks(f)).first() {
            errors.push(
                WeftError::new(
                    Rule::UnloweredDirective,
                    ffi::directive_call_label(Value::of_instruction(*first)),
                    "no weft pass lowered this directive; directives must not reach code generation",
                )
                .in_function(f.get_name().to_string_lossy())
                .at(calls.add(first)),
            );
        }
    }
    // (Nothing has been erased yet.)
    ffi::locate(&mut errors, &calls);
    let changed = strip_directives(module);
    if errors.is_empty() {
        Ok(changed)
    } else {
        Err(errors)
    }
}

/// Erases every directive call (and invoke) and declaration, so that nothing
/// of them reaches code generation (also after an error has been reported).
/// Whatever used a call's result gets `token none` or poison instead.
pub fn strip_directives(module: &Module<'_>) -> bool {
    let mut changed = crate::prepare::rename::strip_renames(module);
    for f in defined_functions(module) {
        let calls = directive_calls(f);
        changed |= !calls.is_empty();
        ffi::erase_directive_calls(&calls);
    }
    let decls: Vec<FunctionValue<'_>> = module
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0 && is_directive_intrinsic(&f.get_name().to_string_lossy()))
        .collect();
    for d in decls {
        if d.as_global_value().as_pointer_value().get_first_use().is_none() {
            // SAFETY: an unused declaration; deleting it invalidates only `d`.
            unsafe { d.delete() };
            changed = true;
        }
    }
    changed
}
