//! weft's VPlan vectorizer (Tian et al. 2016, components IV-VII): a simd loop's
//! VPlan is built one-to-one from its IR (`build`), analyzed on the plan
//! alone (`divergence`, `predicate`), costed (`cost`), and only then turned
//! into vector code (`codegen`). `print<vplan>` shows the plan before and
//! after analysis (`print`).
pub mod build;
pub mod codegen;
pub mod cost;
pub mod divergence;
pub mod loops;
pub mod plan;
pub mod predicate;
pub mod print;
mod vloop;

use llvm_plugin::inkwell::values::AnyValue;
use weft_intrinsics::ffi;

use build::Llvm;
use cost::{Choice, Division};
use plan::VPlan;

/// A simd loop handed to the VPlan (`crate::simd_site`).
pub use crate::simd_site::SimdSite as Site;

/// What vectorizing a loop became (for its remark).
pub struct Done {
    pub choice: Choice,
    pub bypassed_blocks: usize,
    /// Whether the loop divides i32 values, and values of other widths,
    /// under a mask.
    pub divides: (bool, bool),
}

impl Done {
    pub fn describe(&self) -> String {
        let how = |d: Division| match d {
            Division::Integer => "vector integer with a safe divisor",
            Division::ThroughF64 => "through f64 vectors with a safe divisor",
            Division::Scalarized => "the active lanes only, one by one",
        };
        let mut ways = Vec::new();
        if self.divides.0 {
            ways.push(format!("i32 {}", how(self.choice.division)));
        }
        if self.divides.1 {
            ways.push(format!("other widths {}", how(self.choice.wide_division)));
        }
        let div = if self.choice.bypass && !ways.is_empty() {
            format!(", divisions under a mask: {}, {} all-false bypass(es)", ways.join("; "), self.bypassed_blocks)
        } else {
            String::new()
        };
        let rest = if self.choice.masked_tail { "masked remainder" } else { "scalar epilogue" };
        format!("vectorized with VF {} and UF {}, {rest}{div}", self.choice.vf, self.choice.uf)
    }
}

/// The plan of a site's loop, prepared (changes the IR, keeping its meaning)
/// and analyzed, costed with `analyses`' TargetTransformInfo; with the loop
/// and its initial plan's text when `print`.
pub fn analyze<'ctx>(
    site: &Site<'ctx>,
    analyses: ffi::FunctionAnalyses<'_>,
    print: bool,
) -> Result<(VPlan<Llvm<'ctx>>, ffi::SimdLoop<'ctx>, Choice, Option<String>), String> {
    let lp = ffi::simd_prepare(site.first, site.end, site.tagged, analyses)?;
    if lp.deep_loops > 0 {
        return Err("a loop nest deeper than two (only one level of inner loops is vectorized)".into());
    }
    let mut vp = build::build(&lp)?;
    let before = print.then(|| text(&vp, &format!("VPlan for {} (initial):", site.title)));
    divergence::analyze(&mut vp);
    in_order(&mut vp, site.reassociate)?;
    let vf = cost::vf(vp.widest_bits, lp.vector_bits, site.simdlen, site.safelen)
        .ok_or("safelen allows one lane at a time")?;
    let f = lp.header.get_parent().expect("in a function");
    let ctx = lp.header.get_context();
    let (division, wide_division) = if cost::divides(&vp) {
        let cost = |op, t: llvm_plugin::inkwell::types::BasicTypeEnum<'_>| {
            let c = ffi::arith_cost(analyses, f, op, t);
            log::debug!(target: "weft::vectorize", "{}: cost of {op:?} on {}: {c:?}", site.title, t.print_to_string());
            c
        };
        let (i32t, i64t, f64t) = (ctx.i32_type(), ctx.i64_type(), ctx.f64_type());
        (
            cost::division(
                cost(ffi::CostOp::SDiv, i32t.vec_type(vf).into()),
                cost(ffi::CostOp::SDiv, i32t.into()),
                cost(ffi::CostOp::FDiv, f64t.vec_type(vf).into()),
                vf,
            ),
            cost::division(
                cost(ffi::CostOp::SDiv, i64t.vec_type(vf).into()),
                cost(ffi::CostOp::SDiv, i64t.into()),
                None,
                vf,
            ),
        )
    } else {
        (Division::Integer, Division::Integer)
    };
    // (An all-false bypass costs a test and a branch per vector iteration,
    // far less than a vector division: every masked one gets it.)
    predicate::if_convert(&mut vp, |_, _| true)?;
    divergence::analyze(&mut vp);
    let uf = cost::uf(&vp, vf, site.safelen);
    let masked_tail = cost::masked_tail(&vp, vf, uf);
    let choice = Choice { vf, uf, division, wide_division, bypass: vp.blocks.iter().any(|b| b.bypass), masked_tail };
    Ok((vp, lp, choice, before))
}

/// Marks the floating-point sums and products that must keep their order
/// (no reduction clause allows reassociating them, nor `reassoc` flags):
/// a vector loop keeps it when each iteration adds (multiplies) at most
/// one value, computed apart and added to the running value in lane order;
/// Err for one it cannot keep (two additions in one iteration, a fused
/// multiply-add).
fn in_order(vp: &mut VPlan<Llvm<'_>>, reassociate: bool) -> Result<(), String> {
    use plan::{Kind, Opc, Operand, Recurrence, RedOp};
    let phis: Vec<usize> = vp.blocks[0].insts.clone();
    for p in phis {
        let Some(Recurrence::Reduction(op @ (RedOp::FAdd | RedOp::FMul))) = vp.insts[p].recurrence else { continue };
        let ops = divergence::combining(vp, p);
        if reassociate || (!ops.is_empty() && ops.iter().all(|&o| vp.insts[o].reassoc)) {
            continue;
        }
        let direct = ops.iter().all(|&o| {
            let i = &vp.insts[o];
            !i.muladd && matches!(i.kind, Kind::Original(Opc::Binary(_))) && i.ops.contains(&Operand::Inst(p))
        });
        if !direct {
            return Err(format!(
                "{} is a floating-point {} no reduction clause names, so its order is kept, and an iteration \
                 combines more than one value into it or fuses a multiplication into it (llvm.fmuladd)",
                vp.insts[p].name,
                if op == RedOp::FAdd { "sum" } else { "product" }
            ));
        }
        vp.insts[p].in_order = true;
    }
    Ok(())
}

/// Vectorizes a site's loop, or says why it stays scalar (it is then still
/// correct: everything done to it before the vector code keeps its meaning).
pub fn vectorize(site: &Site<'_>, analyses: ffi::FunctionAnalyses<'_>) -> Result<Done, String> {
    let (vp, lp, choice, _) = analyze(site, analyses, false)?;
    if let Some(why) = predicate::refusal(&vp) {
        return Err(why);
    }
    codegen::check(&vp)?;
    vloop::emit(&vp, &lp, choice)?;
    let masked_divisions: Vec<bool> = vp
        .insts
        .iter()
        .filter(|i| i.kind == plan::Kind::Original(plan::Opc::Binary(plan::Bin::IntDiv)) && i.mask.is_some())
        .filter_map(|i| i.orig)
        .map(
            |o| matches!(o.get_type(), llvm_plugin::inkwell::types::AnyTypeEnum::IntType(t) if t.get_bit_width() == 32),
        )
        .collect();
    Ok(Done {
        choice,
        bypassed_blocks: vp.blocks.iter().filter(|b| b.bypass).count(),
        divides: (masked_divisions.contains(&true), masked_divisions.contains(&false)),
    })
}

/// `print<vplan>`'s text for a site: the initial plan and the analyzed one.
pub fn print_site(site: &Site<'_>, analyses: ffi::FunctionAnalyses<'_>) -> String {
    match analyze(site, analyses, true) {
        Ok((vp, _, choice, before)) => {
            let after = text(&vp, &format!("VPlan for {} (after analysis: VF {}):", site.title, choice.vf));
            format!("{}{after}", before.unwrap_or_default())
        }
        Err(why) => format!("VPlan for {}: none: {why}\n", site.title),
    }
}

fn text(vp: &VPlan<Llvm<'_>>, title: &str) -> String {
    let outside = |v: &llvm_plugin::inkwell::values::BasicValueEnum<'_>| {
        let s = v.print_to_string().to_string_lossy().into_owned();
        // "i32 %m" or "ptr @a": the operand without its type.
        s.rsplit(' ').next().unwrap_or(&s).to_string()
    };
    let inst = |i: &plan::Inst<Llvm<'_>>| i.text();
    print::print(vp, title, &print::Names { outside: &outside, inst: &inst })
}
