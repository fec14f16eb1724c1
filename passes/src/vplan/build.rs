//! The VPlan of a prepared simd loop, built one-to-one from its IR: one
//! VPBlock per block of the loop (reverse post-order, header first, latch
//! last), one VPInstruction per instruction, each keeping its original.
//! Only reading the IR.
use std::marker::PhantomData;

use hashbrown::HashMap;
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, InstructionOpcode as O, InstructionValue, PhiValue,
};
use llvm_plugin::inkwell::{FloatPredicate as FP, IntPredicate as IP};
use weft_intrinsics::ffi::{self, SimdLoop};

use super::plan::{Bin, Block, Inst, Ir, Kind, Opc, Operand, Recurrence, RedOp, Succs, VPlan};

/// LLVM IR's handles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Llvm<'ctx>(PhantomData<&'ctx ()>);

impl<'ctx> Ir for Llvm<'ctx> {
    type Inst = InstructionValue<'ctx>;
    type Block = BasicBlock<'ctx>;
    type Value = BasicValueEnum<'ctx>;
}

/// The loop's blocks in reverse post-order from the header, back edges and
/// the exit left out.
fn rpo<'ctx>(lp: &SimdLoop<'ctx>) -> Vec<BasicBlock<'ctx>> {
    let mut post = Vec::new();
    let mut seen = vec![lp.header, lp.exit];
    // (block, successors not yet visited)
    let mut stack = vec![(lp.header, successors(lp.header))];
    while let Some((b, mut rest)) = stack.pop() {
        match rest.pop() {
            Some(s) => {
                stack.push((b, rest));
                if !seen.contains(&s) {
                    seen.push(s);
                    stack.push((s, successors(s)));
                }
            }
            None => post.push(b),
        }
    }
    post.reverse();
    post
}

fn successors(bb: BasicBlock<'_>) -> Vec<BasicBlock<'_>> {
    let Some(t) = bb.get_terminator() else { return Vec::new() };
    (0..t.get_num_operands()).filter_map(|k| t.get_operand(k).and_then(|o| o.right())).rev().collect()
}

fn is_skipped(i: InstructionValue<'_>) -> bool {
    // Debug and lifetime markers: no vector form needed, none kept.
    i.get_opcode() == O::Call
        && ffi::called_function_name(ffi::Value::of_instruction(i))
            .is_some_and(|n| n.starts_with("llvm.dbg.") || n.starts_with("llvm.lifetime."))
}

fn bin(op: O) -> Option<Bin> {
    Some(match op {
        O::Add => Bin::Add,
        O::Sub => Bin::Sub,
        O::Mul => Bin::Mul,
        O::Shl => Bin::Shl,
        O::SDiv | O::UDiv | O::SRem | O::URem => Bin::IntDiv,
        O::And => Bin::And,
        O::Or => Bin::Or,
        O::Xor => Bin::Xor,
        O::FAdd => Bin::FAdd,
        O::FSub => Bin::FSub,
        O::FMul => Bin::FMul,
        O::FDiv | O::FRem | O::LShr | O::AShr => Bin::Other,
        _ => return None,
    })
}

fn const_int(v: BasicValueEnum<'_>) -> Option<i64> {
    match v {
        BasicValueEnum::IntValue(i) if i.is_const() => i.get_sign_extended_constant(),
        _ => None,
    }
}

/// The VPlan of `lp`'s loop. Err names what has no place in a VPlan.
pub fn build<'ctx>(lp: &SimdLoop<'ctx>) -> Result<VPlan<Llvm<'ctx>>, String> {
    let blocks = rpo(lp);
    if blocks.last() != Some(&lp.latch) {
        return Err("the loop's latch is not the last of its blocks".into());
    }
    let block_ix = |b: BasicBlock<'ctx>| blocks.iter().position(|&x| x == b);
    // Every instruction an index first: phis refer to later ones.
    let (index, order, marker) = number_instructions(&blocks)?;
    let operand = |v: BasicValueEnum<'ctx>| -> Operand<BasicValueEnum<'ctx>> {
        match v.as_instruction_value().and_then(|i| index.get(&i)) {
            Some(&ix) => Operand::Inst(ix),
            None => Operand::Outside(v),
        }
    };
    let mut insts = Vec::new();
    let mut widest = 0u64;
    for &i in &order {
        let op = i.get_opcode();
        let mut ops: Vec<Operand<BasicValueEnum<'ctx>>> = Vec::new();
        let mut incoming = Vec::new();
        let opc = match op {
            O::Phi => {
                let phi = PhiValue::try_from(i).map_err(|_| "a phi inkwell cannot read")?;
                let mut inc: Vec<(BasicValueEnum<'ctx>, Option<usize>)> = (0..phi.count_incoming())
                    .filter_map(|k| phi.get_incoming(k))
                    .map(|(v, b)| (v, block_ix(b)))
                    .collect();
                // Header phis: the start (from outside) first, then the latch's value.
                inc.sort_by_key(|(_, b)| b.is_some());
                for (v, b) in inc {
                    ops.push(operand(v));
                    incoming.push(b.unwrap_or(usize::MAX));
                }
                Opc::Phi
            }
            _ => opcode(i)?,
        };
        // (inkwell cannot hand out a metadata or token operand, such as a
        // constrained intrinsic's rounding mode: such a call keeps the loop
        // scalar.)
        if op == O::Call && has_non_value_argument(i) {
            return Err(format!("{} has a metadata or token argument", describe(i)));
        }
        if op != O::Phi {
            // A call's last operand is its callee.
            let n = i.get_num_operands() - u32::from(op == O::Call);
            for k in 0..n {
                match i.get_operand(k) {
                    Some(either) => match either.left() {
                        Some(v) => ops.push(operand(v)),
                        None => return Err(format!("{} has a block operand", describe(i))),
                    },
                    None => return Err(format!("{} has an operand inkwell cannot read (metadata)", describe(i))),
                }
            }
        }
        // The data the loop loads and stores sets the lanes (not the i64
        // its addresses are computed in).
        if matches!(op, O::Load | O::Store) {
            if let Some(bits) = scalar_bits(i) {
                widest = widest.max(bits);
            }
        }
        let konst = match opc {
            // A division's constant is its divisor's (whether it may trap).
            Opc::Binary(Bin::IntDiv) => i.get_operand(1).and_then(|o| o.left()).and_then(const_int),
            Opc::Binary(_) => (0..2).find_map(|k| i.get_operand(k).and_then(|o| o.left()).and_then(const_int)),
            _ => None,
        };
        let mut inst = Inst::new(Some(i), Kind::Original(opc), ops, describe(i));
        inst.konst = konst;
        inst.incoming = incoming;
        inst.reassoc = ffi::allows_reassoc(i);
        inst.speculatable = op == O::Call && ffi::is_speculatable(i);
        inst.muladd = op == O::Call
            && ffi::called_function_name(ffi::Value::of_instruction(i))
                .is_some_and(|n| n.starts_with("llvm.fmuladd.") || n.starts_with("llvm.fma."));
        insts.push(inst);
    }
    // Min/max: a select on a compare of its own two operands, or an intrinsic.
    for ix in 0..insts.len() {
        insts[ix].minmax = minmax(&insts, ix, &order);
    }
    mark_inductions(&mut insts, &order, blocks[0]);
    let vblocks = plan_blocks(&blocks, lp.latch, &order, &block_ix, &operand)?;
    let scan = marker.map(|(k, split, inclusive)| {
        let before = order.get(split).filter(|i| i.get_parent() == Some(blocks[k])).map(|_| split);
        super::plan::ScanPlan::new(inclusive, k, before, split)
    });
    if widest == 0 {
        widest = order.iter().filter_map(|&i| scalar_bits(i)).max().unwrap_or(32);
    }
    let mut plan =
        VPlan { blocks: vblocks, insts, analyzed: false, widest_bits: widest as u32, loops: Vec::new(), scan };
    super::loops::find(&mut plan)?;
    Ok(plan)
}

type Numbered<'ctx> =
    (HashMap<InstructionValue<'ctx>, usize>, Vec<InstructionValue<'ctx>>, Option<(usize, usize, bool)>);

/// The loop's instructions in block order with their indexes (no
/// terminator, nothing `is_skipped`), and the scan directive's place
/// (block, index of the instruction after it, inclusive) if there is one.
fn number_instructions<'ctx>(blocks: &[BasicBlock<'ctx>]) -> Result<Numbered<'ctx>, String> {
    let mut index: HashMap<InstructionValue<'ctx>, usize> = HashMap::new();
    let mut order = Vec::new();
    // (The scan directive's place, if the loop has one: `vplan/scan.rs`.)
    let mut marker: Option<(usize, usize, bool)> = None;
    for (k, &bb) in blocks.iter().enumerate() {
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur {
            cur = i.get_next_instruction();
            if let Some(inclusive) = crate::scan_marker::marker_of(i) {
                if marker.is_some() {
                    return Err("the loop passes two scan directives".into());
                }
                marker = Some((k, order.len(), inclusive));
                continue;
            }
            if Some(i) == bb.get_terminator() || is_skipped(i) {
                continue;
            }
            index.insert(i, order.len());
            order.push(i);
        }
    }
    Ok((index, order, marker))
}

/// What a non-phi instruction is to the VPlan.
fn opcode(i: InstructionValue<'_>) -> Result<Opc, String> {
    let op = i.get_opcode();
    Ok(match op {
        _ if bin(op).is_some() => Opc::Binary(bin(op).expect("checked")),
        O::Trunc | O::ZExt | O::SExt => Opc::IntCast,
        O::FNeg
        | O::FPTrunc
        | O::FPExt
        | O::FPToSI
        | O::FPToUI
        | O::SIToFP
        | O::UIToFP
        | O::BitCast
        | O::PtrToInt
        | O::IntToPtr => Opc::Cast,
        O::ICmp | O::FCmp => Opc::Cmp,
        O::Select => Opc::Select,
        O::GetElementPtr => Opc::Gep { elem_size: ffi::gep_last_stride(i) },
        O::Load => Opc::Load { size: ffi::store_size(i, i.get_type()) },
        O::Store => {
            let v = i.get_operand(0).and_then(|o| o.left()).ok_or("a store without a value")?;
            Opc::Store { size: ffi::store_size(i, v.get_type()) }
        }
        O::Call => Opc::Call { pure: ffi::call_is_pure(i) },
        _ => Opc::Other,
    })
}

/// Marks the inductions: header phis (the leading phis of `header`) stepped
/// by a constant.
fn mark_inductions<'ctx>(insts: &mut [Inst<Llvm<'ctx>>], order: &[InstructionValue<'ctx>], header: BasicBlock<'ctx>) {
    let header_len = header.get_first_instruction().map_or(0, |_| {
        order.iter().take_while(|&&i| i.get_parent() == Some(header) && i.get_opcode() == O::Phi).count()
    });
    for ix in 0..header_len {
        if let [Operand::Outside(_), Operand::Inst(next)] = insts[ix].ops[..] {
            let n = &insts[next];
            let step = match (n.kind, &n.ops[..]) {
                (Kind::Original(Opc::Binary(Bin::Add)), [Operand::Inst(p), Operand::Outside(c)])
                | (Kind::Original(Opc::Binary(Bin::Add)), [Operand::Outside(c), Operand::Inst(p)])
                    if *p == ix =>
                {
                    const_int(*c)
                }
                (Kind::Original(Opc::Binary(Bin::Sub)), [Operand::Inst(p), Operand::Outside(c)]) if *p == ix => {
                    const_int(*c).map(|s| s.wrapping_neg())
                }
                _ => None,
            };
            if let (Some(step), true) = (step, order[ix].get_type().is_int_type()) {
                insts[ix].recurrence = Some(Recurrence::Induction { step });
            }
        }
    }
}

/// The VPlan's blocks: each block's instructions (by index) and where it
/// branches.
fn plan_blocks<'ctx>(
    blocks: &[BasicBlock<'ctx>],
    latch: BasicBlock<'ctx>,
    order: &[InstructionValue<'ctx>],
    block_ix: &dyn Fn(BasicBlock<'ctx>) -> Option<usize>,
    operand: &dyn Fn(BasicValueEnum<'ctx>) -> Operand<BasicValueEnum<'ctx>>,
) -> Result<Vec<Block<Llvm<'ctx>>>, String> {
    let mut vblocks = Vec::new();
    for &bb in blocks {
        let term = bb.get_terminator().ok_or("a block without a terminator")?;
        let succs = if bb == latch {
            Succs::Latch
        } else {
            match (term.get_opcode(), term.get_num_operands()) {
                (O::Br, 1) => {
                    let t = term.get_operand(0).and_then(|o| o.right()).ok_or("a branch without a target")?;
                    Succs::One(block_ix(t).ok_or("a branch out of the loop before its latch")?)
                }
                (O::Br, 3) => {
                    let cond = term.get_operand(0).and_then(|o| o.left()).ok_or("a branch without a condition")?;
                    // (A conditional br's operands: condition, false target, true target.)
                    let f = term.get_operand(1).and_then(|o| o.right()).and_then(block_ix);
                    let t = term.get_operand(2).and_then(|o| o.right()).and_then(block_ix);
                    match (t, f) {
                        (Some(t), Some(f)) => Succs::Cond { cond: operand(cond), on_true: t, on_false: f },
                        _ => return Err("a branch out of the loop before its latch".into()),
                    }
                }
                _ => return Err(format!("a {:?} inside the loop (only branches are if-converted)", term.get_opcode())),
            }
        };
        let insts_of: Vec<usize> =
            order.iter().enumerate().filter(|(_, i)| i.get_parent() == Some(bb)).map(|(ix, _)| ix).collect();
        vblocks.push(Block {
            orig: Some(bb),
            name: bb.get_name().to_string_lossy().into_owned(),
            insts: insts_of,
            succs,
            mask: None,
            bypass: false,
        });
    }
    Ok(vblocks)
}

/// The width of a scalar integer or floating-point result, if any.
fn scalar_bits(i: InstructionValue<'_>) -> Option<u64> {
    use llvm_plugin::inkwell::types::AnyTypeEnum as T;
    match i.get_type() {
        T::IntType(t) if t.get_bit_width() > 1 => Some(u64::from(t.get_bit_width())),
        T::FloatType(t) => Some(ffi::store_size(i, t) * 8),
        T::VoidType(_) if i.get_opcode() == O::Store => {
            let v = i.get_operand(0).and_then(|o| o.left())?;
            (v.is_int_value() || v.is_float_value()).then(|| ffi::store_size(i, v.get_type()) * 8)
        }
        _ => None,
    }
}

/// An instruction as an operand (`%x`, `%3`), or its opcode when it has no value.
fn describe(i: InstructionValue<'_>) -> String {
    let text = i.print_to_string().to_string_lossy().into_owned();
    match text.trim_start().split_once(" = ") {
        Some((name, _)) if name.starts_with('%') => name.to_string(),
        _ => format!("{:?}", i.get_opcode()).to_lowercase(),
    }
}

/// `select (cmp a b), a, b` (or b, a) and the min/max intrinsics.
fn minmax<'ctx>(insts: &[Inst<Llvm<'ctx>>], ix: usize, order: &[InstructionValue<'ctx>]) -> Option<RedOp> {
    let i = order[ix];
    match insts[ix].kind {
        Kind::Original(Opc::Call { .. }) => {
            let name = ffi::called_function_name(ffi::Value::of_instruction(i))?;
            let op = name.strip_prefix("llvm.")?.split('.').next()?;
            Some(match op {
                "smin" => RedOp::SMin,
                "smax" => RedOp::SMax,
                "umin" => RedOp::UMin,
                "umax" => RedOp::UMax,
                "minnum" | "minimum" => RedOp::FMin,
                "maxnum" | "maximum" => RedOp::FMax,
                _ => return None,
            })
        }
        Kind::Original(Opc::Select) => {
            let [Operand::Inst(c), a, b] = insts[ix].ops[..] else { return None };
            let cmp = order[c];
            let (x, y) = (insts[c].ops.first().copied()?, insts[c].ops.get(1).copied()?);
            let same = (x, y) == (a, b);
            let swapped = (x, y) == (b, a);
            if !same && !swapped {
                return None;
            }
            let less = match (cmp.get_icmp_predicate(), cmp.get_fcmp_predicate()) {
                (Some(p), _) => match p {
                    IP::SLT | IP::SLE => Some((true, RedOp::SMin, RedOp::SMax)),
                    IP::SGT | IP::SGE => Some((false, RedOp::SMin, RedOp::SMax)),
                    IP::ULT | IP::ULE => Some((true, RedOp::UMin, RedOp::UMax)),
                    IP::UGT | IP::UGE => Some((false, RedOp::UMin, RedOp::UMax)),
                    _ => None,
                },
                (_, Some(p)) => match p {
                    FP::OLT | FP::OLE | FP::ULT | FP::ULE => Some((true, RedOp::FMin, RedOp::FMax)),
                    FP::OGT | FP::OGE | FP::UGT | FP::UGE => Some((false, RedOp::FMin, RedOp::FMax)),
                    _ => None,
                },
                _ => None,
            }?;
            let (is_less, min, max) = less;
            // a < b ? a : b is the minimum; swapped arms or > give the maximum.
            Some(if is_less == same { min } else { max })
        }
        _ => None,
    }
}

impl<'ctx> Inst<Llvm<'ctx>> {
    /// The original instruction's printed form (for print<vplan>).
    pub fn text(&self) -> String {
        match self.orig {
            Some(i) if matches!(self.kind, Kind::Original(_)) => {
                i.print_to_string().to_string_lossy().trim().to_string()
            }
            _ => self.name.clone(),
        }
    }
}

/// Whether a call passes metadata or a token, which inkwell's operand
/// accessors cannot represent.
fn has_non_value_argument(call: InstructionValue<'_>) -> bool {
    use weft_intrinsics::model::OperandKind as K;
    ffi::call_arguments(ffi::Value::of_instruction(call))
        .into_iter()
        .any(|a| matches!(ffi::operand_kind(a), K::Metadata | K::MdString(_) | K::Token))
}
