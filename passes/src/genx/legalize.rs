//! weft-genx-legalize: split region accesses the hardware cannot do into
//! legal pieces. The plan is plain data (`weft_intrinsics::genx::split`);
//! this pass reads the calls, plans every one (reporting every bad call
//! before touching anything), then rewrites: a read becomes piece rdregions
//! joined by wrregions into an undef vector; a write becomes a chain of piece
//! wrregions, each fed by an rdregion of the new value and, for a vector
//! mask, an rdpredregion of the mask (or a blend when the pieces cannot start
//! on predicate boundaries).
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::types::VectorType;
use llvm_plugin::inkwell::values::{BasicValueEnum, FunctionValue, InstructionValue, VectorValue};
use weft_intrinsics::genx::ir::{self, built, Call, Emitter, PredCall, RegionCall};
use weft_intrinsics::genx::region::{Access, Broken, Kind};
use weft_intrinsics::genx::split::{self, MaskPlan, Piece, PieceIndex, Plan};
use weft_intrinsics::{PassResult, WeftError};

use super::rewrite;

/// `weft-genx-legalize<grf=32;simd=32>`: the hardware target's sizes.
pub use weft_intrinsics::genx::Target as Params;

/// One call and what to do with it.
enum Work<'ctx> {
    Region(InstructionValue<'ctx>, RegionCall<'ctx>, Plan),
    Pred(InstructionValue<'ctx>, PredCall<'ctx>, Vec<(u32, u32)>),
}

/// Reads and plans every region call of `f`.
fn plan_function<'ctx>(t: &Params, f: FunctionValue<'ctx>, errors: &mut Vec<WeftError>) -> Vec<Work<'ctx>> {
    let mut work = Vec::new();
    for inst in rewrite::calls(f) {
        let planned = ir::read_call(inst).and_then(|c| match c {
            None => Ok(None),
            Some(Call::Region(rc)) => Ok(split::plan(t, &rc.access)?.map(|p| Work::Region(inst, rc, p))),
            Some(Call::Pred(pc)) => Ok(split::plan_pred(&pc.access)?.map(|p| Work::Pred(inst, pc, p))),
        });
        match planned {
            Ok(Some(w)) => work.push(w),
            Ok(None) => {}
            Err(b) => errors.push(rewrite::error(f, inst, &b)),
        }
    }
    work
}

pub fn run(module: &Module<'_>, params: Params) -> PassResult {
    let t = params;
    let mut errors = Vec::new();
    let planned: Vec<_> =
        rewrite::defined_functions(module).into_iter().map(|f| (f, plan_function(&t, f, &mut errors))).collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let builder = module.get_context().create_builder();
    let em = Emitter::new(module, &builder);
    let mut changed = false;
    for (f, work) in planned {
        for w in work {
            let (inst, r) = match &w {
                Work::Region(inst, rc, plan) => (*inst, emit_region(&em, *inst, rc, plan)),
                Work::Pred(inst, pc, pieces) => (*inst, emit_pred(&em, *inst, pc, pieces)),
            };
            if let Err(b) = r {
                errors.push(rewrite::error(f, inst, &b));
            }
            changed = true;
        }
    }
    rewrite::drop_unused_genx_declarations(module);
    if errors.is_empty() {
        Ok(changed)
    } else {
        Err(errors)
    }
}

fn i1_true<'ctx>(em: &Emitter<'_, 'ctx>) -> BasicValueEnum<'ctx> {
    em.module.get_context().bool_type().const_int(1, false).into()
}

fn i32_undef<'ctx>(em: &Emitter<'_, 'ctx>) -> BasicValueEnum<'ctx> {
    em.module.get_context().i32_type().get_undef().into()
}

/// A constant byte offset as an i16 operand.
fn offset16<'ctx>(em: &Emitter<'_, 'ctx>, bytes: i64) -> Result<BasicValueEnum<'ctx>, Broken> {
    if !(0..=i16::MAX as i64).contains(&bytes) {
        return Err(Broken::new("offset-range", format!("a piece starts at byte {bytes}, beyond an i16 offset")));
    }
    Ok(em.i16(bytes).into())
}

/// The index operand of a piece, computed from the original index.
fn piece_index<'ctx>(em: &Emitter<'_, 'ctx>, rc: &RegionCall<'ctx>, p: &Piece) -> Result<BasicValueEnum<'ctx>, Broken> {
    let b = em.builder;
    let ctx = em.module.get_context();
    Ok(match p.index {
        PieceIndex::Const(o) => offset16(em, o)?,
        PieceIndex::Add(0) => rc.index,
        PieceIndex::Add(d) => built(b.build_int_add(rc.index.into_int_value(), em.i16(d), "idx"))?.into(),
        PieceIndex::Rows { first, count, add } => {
            let idx = rc.index.into_vector_value();
            let rows = idx.get_type().get_size();
            let mut v = idx;
            if !(first == 0 && count == rows) {
                let lanes: Vec<_> = (first..first + count).map(|r| ctx.i32_type().const_int(r as u64, false)).collect();
                let mask = VectorType::const_vector(&lanes);
                v = built(b.build_shuffle_vector(idx, idx.get_type().get_poison(), mask, "rows"))?;
            }
            if add != 0 {
                let splat: Vec<_> = (0..count).map(|_| em.i16(add)).collect();
                v = built(b.build_int_add(v, VectorType::const_vector(&splat), "idx"))?;
            }
            v.into()
        }
        PieceIndex::RowScalar { row, add } => {
            let idx = rc.index.into_vector_value();
            let r = built(b.build_extract_element(idx, ctx.i32_type().const_int(row as u64, false), "row"))?;
            if add == 0 {
                r
            } else {
                built(b.build_int_add(r.into_int_value(), em.i16(add), "idx"))?.into()
            }
        }
    })
}

fn params_of(p: &Piece) -> (u32, u32, u32) {
    (p.region.vstride, p.region.width, p.region.stride)
}

/// Reads `a` from `src` in the given pieces and joins them.
fn emit_read<'ctx>(
    em: &Emitter<'_, 'ctx>,
    rc: &RegionCall<'ctx>,
    a: &Access,
    src: VectorValue<'ctx>,
    pieces: &[Piece],
) -> Result<BasicValueEnum<'ctx>, Broken> {
    let exec = a.region.exec;
    if let [p] = pieces {
        if p.size() == exec {
            let idx = piece_index(em, rc, p)?;
            return em.rdregion(a.elem, src, exec, rc.scalar_result, params_of(p), idx, rc.parent_width, "rd");
        }
    }
    let et = src.get_type().get_element_type();
    let rt = ir::vec_of(et, exec).ok_or_else(|| Broken::new("internal", "a region of non-scalar elements"))?;
    let mut acc = rt.get_undef();
    for p in pieces {
        let idx = piece_index(em, rc, p)?;
        let v = em.rdregion(a.elem, src, p.size(), false, params_of(p), idx, rc.parent_width, "rd.piece")?;
        let at = offset16(em, p.start as i64 * a.elem.bytes() as i64)?;
        acc = em.wrregion(a.elem, acc, v, (0, p.size(), 1), at, i32_undef(em), i1_true(em), "rd.join")?;
    }
    Ok(acc.into())
}

fn emit_region<'ctx>(
    em: &Emitter<'_, 'ctx>,
    inst: InstructionValue<'ctx>,
    rc: &RegionCall<'ctx>,
    plan: &Plan,
) -> Result<(), Broken> {
    em.builder.position_before(&inst);
    let a = &rc.access;
    let value = match a.kind {
        Kind::Read => emit_read(em, rc, a, rc.vector, &plan.pieces)?,
        Kind::Write { .. } => {
            let exec = a.region.exec;
            let new = rc.new.ok_or_else(|| Broken::new("internal", "a wrregion without a new value"))?;
            let mask = rc.mask.ok_or_else(|| Broken::new("internal", "a wrregion without a mask"))?;
            let new = match &plan.mask {
                MaskPlan::Blend { read } => {
                    let ra = Access { kind: Kind::Read, ..*a };
                    let cur = emit_read(em, rc, &ra, rc.vector, read)?;
                    built(em.builder.build_select(mask.into_vector_value(), new, cur, "blend"))?
                }
                _ => new,
            };
            let mut acc = rc.vector;
            for p in &plan.pieces {
                let whole = p.size() == exec;
                let nv = if whole {
                    new
                } else {
                    let at = offset16(em, p.start as i64 * a.elem.bytes() as i64)?;
                    em.rdregion(
                        a.elem,
                        new.into_vector_value(),
                        p.size(),
                        false,
                        (0, p.size(), 1),
                        at,
                        i32_undef(em),
                        "wr.new",
                    )?
                };
                let m = match &plan.mask {
                    MaskPlan::Same => mask,
                    MaskPlan::Split if whole => mask,
                    MaskPlan::Split => em.rdpredregion(mask.into_vector_value(), p.size(), p.start, "wr.mask")?.into(),
                    MaskPlan::Blend { .. } => i1_true(em),
                };
                let idx = piece_index(em, rc, p)?;
                acc = em.wrregion(a.elem, acc, nv, params_of(p), idx, rc.parent_width, m, "wr.piece")?;
            }
            acc.into()
        }
    };
    rewrite::replace(inst, value)
}

fn emit_pred<'ctx>(
    em: &Emitter<'_, 'ctx>,
    inst: InstructionValue<'ctx>,
    pc: &PredCall<'ctx>,
    pieces: &[(u32, u32)],
) -> Result<(), Broken> {
    em.builder.position_before(&inst);
    let base = pc.access.offset;
    let value = match pc.new {
        None => {
            let rt = em.module.get_context().bool_type().vec_type(pc.access.exec);
            let mut acc = rt.get_undef();
            for &(off, size) in pieces {
                let v = em.rdpredregion(pc.vector, size, off, "rdp.piece")?;
                acc = em.wrpredregion(acc, v, off - base, "rdp.join")?;
            }
            acc
        }
        Some(new) => {
            let mut acc = pc.vector;
            for &(off, size) in pieces {
                let v = em.rdpredregion(new, size, off - base, "wrp.new")?;
                acc = em.wrpredregion(acc, v, off, "wrp.piece")?;
            }
            acc
        }
    };
    rewrite::replace(inst, value.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params() {
        assert_eq!(Params::parse("").unwrap(), Params::default());
        assert_eq!(Params::parse("grf=64;simd=16").unwrap(), Params { grf_bytes: 64, max_simd: 16 });
        assert!(Params::parse("grf=48").is_err());
        assert!(Params::parse("simd=8").is_err());
        assert!(Params::parse("foo=1").is_err());
        assert!(Params::parse("grf").is_err());
    }
}
