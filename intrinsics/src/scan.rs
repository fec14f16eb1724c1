//! Reads a function's directive calls from IR into plain data: one `BlockInfo`
//! per basic block with its successors and directive events. The W-Region
//! builder works on that data; the block handles come back alongside for the
//! passes that rewrite IR.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{BasicValue, FunctionValue, InstructionOpcode};

use crate::error::{Rule, WeftError};
use crate::ffi::{self, Value};
use crate::group::{classify_intrinsic, group_block, is_directive_intrinsic, CallKind, DirCall, Event};
use crate::model::Operand;

/// A basic block, as the W-Region builder needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockInfo {
    /// The block's label as LLVM prints it, without the `%` (`entry`, `7`).
    pub name: String,
    pub succs: Vec<usize>,
    /// The unwind successor of an invoke terminator (also in `succs`). An
    /// exception escaping a region is undefined behaviour in OpenMP, so this
    /// edge is not a region exit.
    pub unwind: Option<usize>,
    /// Whether its terminator leaves the function (ret, resume).
    pub leaves_function: bool,
    pub events: Vec<Event>,
}

/// A function's blocks (entry first) and their IR handles, index for index.
pub struct FunctionScan<'ctx> {
    pub name: String,
    pub blocks: Vec<BlockInfo>,
    pub handles: Vec<BasicBlock<'ctx>>,
    /// The directive calls and operands the blocks' events name by id.
    pub values: ffi::Handles<'ctx>,
}

impl FunctionScan<'_> {
    pub fn has_directives(&self) -> bool {
        self.blocks.iter().any(|b| !b.events.is_empty())
    }
}

pub fn operand(v: Value, slots: &ffi::Slots, values: &mut ffi::Handles<'_>) -> Operand {
    Operand {
        value: values.record(v),
        kind: ffi::operand_kind(v),
        text: slots.print_operand(v, true),
        ty: ffi::print_type(v),
    }
}

/// Reads one call instruction if it calls a directive intrinsic.
fn read_call(
    v: Value,
    index: usize,
    after_phis: bool,
    slots: &ffi::Slots,
    values: &mut ffi::Handles<'_>,
) -> Result<Option<DirCall>, WeftError> {
    let Some(name) = ffi::called_function_name(v) else { return Ok(None) };
    let kind = match classify_intrinsic(&name) {
        None => return Ok(None),
        Some(Err(msg)) => return Err(WeftError::new(Rule::UnknownDirective, name, msg)),
        Some(Ok(k)) => k,
    };
    let shape_err = |detail: &str| Err(WeftError::new(Rule::MalformedRegionCall, name.as_str(), detail.to_string()));
    if kind == CallKind::RegionEntry {
        if !ffi::returns(v, true) {
            return shape_err("must return a token");
        }
        let foreign = ffi::users(v).into_iter().any(|u| {
            ffi::called_function_name(u).and_then(|n| classify_intrinsic(&n)) != Some(Ok(CallKind::RegionExit))
        });
        if foreign {
            return shape_err("its token may only be used by llvm.directive.region.exit");
        }
    } else if !ffi::returns(v, false) {
        return shape_err("must return void");
    }
    let args = ffi::call_arguments(v);
    let (tag, operands) = match kind {
        CallKind::Directive | CallKind::Qual(_) => {
            let Some((first, rest)) = args.split_first() else {
                return Err(WeftError::new(Rule::MalformedRegionCall, name, "takes a metadata string first"));
            };
            (ffi::metadata_string(*first), rest.iter().map(|&a| operand(a, slots, values)).collect())
        }
        CallKind::RegionEntry | CallKind::RegionExit => {
            (None, args.iter().map(|&a| operand(a, slots, values)).collect())
        }
    };
    let bundles = ffi::operand_bundles(v)
        .into_iter()
        .map(|(tag, inputs)| (tag, inputs.into_iter().map(|i| operand(i, slots, values)).collect()))
        .collect();
    Ok(Some(DirCall { inst: values.record(v), index, kind, tag, operands, bundles, after_phis }))
}

/// A trunc, sext or zext of a phi of its own block: IndVarSimplify widens a
/// loop index and puts such a cast of the wide phi right after the phis, in
/// front of the sandwich clause that names the index (Tian et al. 2016,
/// Figure 5), which stays a sandwich clause.
fn is_cast_of_phi(inst: llvm_plugin::inkwell::values::InstructionValue<'_>, bb: BasicBlock<'_>) -> bool {
    use InstructionOpcode as O;
    matches!(inst.get_opcode(), O::Trunc | O::SExt | O::ZExt)
        && inst
            .get_operand(0)
            .and_then(|o| o.left())
            .and_then(|v| v.as_instruction_value())
            .is_some_and(|p| p.get_opcode() == O::Phi && p.get_parent() == Some(bb))
}

/// Scans a function with a body, numbering its unnamed values with `slots`
/// (one tracker for a whole module: its global numbering is made once).
/// Errors carry the function's name.
pub fn scan_function<'ctx>(f: FunctionValue<'ctx>, slots: &ffi::Slots) -> Result<FunctionScan<'ctx>, WeftError> {
    let fname = f.get_name().to_string_lossy().into_owned();
    let handles: Vec<BasicBlock<'ctx>> = f.get_basic_blocks();
    let index: hashbrown::HashMap<ffi::BlockId, usize> =
        handles.iter().enumerate().map(|(i, &h)| (ffi::block_id(h), i)).collect();
    let index_of = |id: ffi::BlockId| index.get(&id).copied();
    let mut blocks = Vec::with_capacity(handles.len());
    let mut values = ffi::Handles::new();
    slots.incorporate(f);
    for &bb in &handles {
        let mut calls = Vec::new();
        let mut only_phis_so_far = true;
        for (index, inst) in bb.get_instructions().enumerate() {
            let v = Value::of_instruction(inst);
            if inst.get_opcode() == InstructionOpcode::Phi || is_cast_of_phi(inst, bb) {
                continue;
            }
            if inst.get_opcode() == InstructionOpcode::Invoke
                && ffi::called_function_name(v).is_some_and(|n| is_directive_intrinsic(&n))
            {
                let label = ffi::directive_call_label(v);
                let mut e = WeftError::new(
                    Rule::MalformedRegionCall,
                    label,
                    "a directive intrinsic must be called, not invoked (directive calls never unwind)",
                )
                .in_function(&fname)
                .at(values.record(v));
                ffi::locate(std::slice::from_mut(&mut e), &values);
                return Err(e);
            }
            if inst.get_opcode() == InstructionOpcode::Call {
                let read = read_call(v, index, only_phis_so_far, slots, &mut values).map_err(|e| {
                    let mut e = e.in_function(&fname).at(values.record(v));
                    ffi::locate(std::slice::from_mut(&mut e), &values);
                    e
                })?;
                if let Some(call) = read {
                    only_phis_so_far &= matches!(call.kind, CallKind::Qual(_));
                    calls.push(call);
                    continue;
                }
                let debug = ffi::called_function_name(v).is_some_and(|n| n.starts_with("llvm.dbg."));
                if debug {
                    continue;
                }
            }
            only_phis_so_far = false;
        }
        let events = group_block(&calls).map_err(|e| {
            let mut e = e.in_function(&fname);
            ffi::locate(std::slice::from_mut(&mut e), &values);
            e
        })?;
        let term = bb.get_terminator().map(|t| t.get_opcode());
        let leaves_function = matches!(term, Some(InstructionOpcode::Return) | Some(InstructionOpcode::Resume));
        let succs = ffi::successors(bb).into_iter().filter_map(index_of).collect();
        let unwind = ffi::unwind_dest(bb).and_then(index_of);
        // The label as LLVM prints it, so that errors name unnamed blocks %7.
        let label = slots.block_label(bb);
        blocks.push(BlockInfo {
            name: label.strip_prefix('%').unwrap_or(&label).to_string(),
            succs,
            unwind,
            leaves_function,
            events,
        });
    }
    Ok(FunctionScan { name: fname, blocks, handles, values })
}
