//! The lowering context: what every paropt component works with while a
//! region is lowered: the runtime's entry points, one builder, the region's
//! shape after `normalize`, the private copies made for it, and the small IR
//! steps they all take (the prologue and home blocks, the thread id, copies'
//! storage, a conditional block, the directive's operands). Components
//! (privatize, partition, outline, ...) add their steps to `Lowerer` in
//! files of their own; the driver (`lower.rs`) chooses them per construct.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::types::{BasicTypeEnum, IntType};
use llvm_plugin::inkwell::values::{
    AnyValue, AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue,
    PointerValue,
};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::model::ValueId;
use weft_intrinsics::{Rule, WeftError};

use super::plan::Share;
use super::runtime::{self, Rt, Runtime};
use crate::wregion::{Analysis, WRegion};
use llvm_plugin::inkwell::types::BasicType;

pub(super) type Res<T> = Result<T, WeftError>;

/// Why a value computed in a one-thread region (master, masked, single)
/// and used after it is refused (`recompute_after`, `precheck`).
pub(super) const ESCAPES_ONE_THREAD: &str =
    "inside the region and used after it, but only one thread runs the region: \
     pass it through a shared variable";

/// Why a value computed in a worksharing loop and used after it is refused.
pub(super) const ESCAPES_LOOP: &str =
    "inside the worksharing loop and used after it: pass it through a variable (lastprivate)";

/// The name of a region's prologue block (see `first_block`).
const PROLOGUE: &str = "omp.region.entry";

pub struct Lowerer<'a, 'ctx> {
    pub rt: Runtime<'a, 'ctx>,
    pub b: Builder<'ctx>,
    /// What the region being lowered became, for its remark.
    pub(super) notes: Vec<String>,
    /// What outlining keeps for the function whose regions are being
    /// outlined (see `ffi::OutlineContext`).
    pub(super) outline_cx: Option<ffi::OutlineContext>,
    /// The simd loops lowered in place so far, for weft-vectorize.
    pub simd_sites: Vec<crate::simd_site::SimdSite<'ctx>>,
    /// The values the plans name by id: every analysis's, and those lowering
    /// adds (`known`).
    values: std::cell::RefCell<ffi::Handles<'ctx>>,
    /// Lowering a copy of the module to find the refusals only lowering
    /// finds (`rehearse.rs`): no remarks then, the real lowering makes them.
    pub(super) rehearsal: bool,
    /// The module asks for device images (`offload::request`): loops in
    /// target regions get the device's default schedule.
    pub(super) device_images: bool,
    /// The region being lowered is inside a target region.
    pub(super) in_target: bool,
    /// Target regions' trip counts for their launches, by each region's
    /// first directive call (trip_count.rs).
    pub(super) trip_counts: Vec<(InstructionValue<'ctx>, IntValue<'ctx>)>,
}

/// The blocks of a region after `normalize`: `s` holds the BEGIN group and
/// branches to `first` (whose only predecessor it is); every path through
/// the body reaches `fini`, which branches to `end`, which holds the END group.
#[derive(Clone, Copy)]
pub(super) struct Shape<'ctx> {
    pub(super) s: BasicBlock<'ctx>,
    pub(super) first: BasicBlock<'ctx>,
    pub(super) fini: BasicBlock<'ctx>,
    pub(super) end: BasicBlock<'ctx>,
}

/// Where a construct is being lowered: its region, the function, the
/// directive's first call (source locations, remarks), its shape after
/// `normalize`, and the home block of the code around it (see `home`).
#[derive(Clone, Copy)]
pub(super) struct RegionSite<'r, 'ctx> {
    pub(super) a: &'r Analysis<'ctx>,
    pub(super) r: usize,
    pub(super) f: FunctionValue<'ctx>,
    pub(super) fname: &'r str,
    pub(super) begin: InstructionValue<'ctx>,
    pub(super) shape: Shape<'ctx>,
    pub(super) outer_home: BasicBlock<'ctx>,
}

/// A private copy made for one variable.
pub(super) struct Private<'ctx> {
    pub(super) orig: PointerValue<'ctx>,
    pub(super) copy: PointerValue<'ctx>,
    pub(super) ty: BasicTypeEnum<'ctx>,
    pub(super) share: Share,
    /// An array reduction's generated functions: `init(copy)` and
    /// `combine(dst, src)`, made once for every place that needs them.
    pub(super) array_fns: Option<(FunctionValue<'ctx>, FunctionValue<'ctx>)>,
    /// A non-POD variable's helpers.
    pub(super) nonpod: Option<Helpers<'ctx>>,
    /// An array section known only at run time: its length (i64); `ty` is
    /// then the element's type and `orig`/`copy` the section's first elements.
    pub(super) len: Option<IntValue<'ctx>>,
    /// A section with strides or several dimensions: `copy(dst, src)` of
    /// its elements between two whole arrays (`orig`, `copy`).
    pub(super) copy_fn: Option<FunctionValue<'ctx>>,
}

pub(super) fn err(rule: Rule, construct: &str, detail: impl Into<String>) -> WeftError {
    WeftError::new(rule, construct, detail.into())
}

/// Blocks reachable from `from` without entering `stop`, `from` first.
pub(super) fn blocks_between<'ctx>(
    _f: FunctionValue<'ctx>,
    from: BasicBlock<'ctx>,
    stop: BasicBlock<'ctx>,
) -> Vec<BasicBlock<'ctx>> {
    crate::cfg::reachable_before(from, stop)
}

/// Values computed in `body` and used after the region are recomputed after
/// it when they are pure computations of values from before it; Err names
/// the first that is not (`why` finishes "<value> is computed ...").
pub(super) fn recompute_after(body: &[BasicBlock<'_>], shape: Shape<'_>, reg: &WRegion, why: &str) -> Res<()> {
    let at = shape.end.get_first_instruction().expect("the END group");
    match ffi::recompute_escaping(body, at) {
        None => Ok(()),
        Some(v) => Err(err(
            Rule::NotYetSupported,
            reg.kind.begin_name(),
            format!("{} is computed {why}", v.print_to_string().to_string_lossy().trim()),
        )
        .at(reg.entry.span.first)),
    }
}

/// The alignment a copy of variable `of` needs: the variable's, also when
/// the region names it through a no-op copy of its address (a nested
/// parallel region reads a global an outer region privatizes through one,
/// `select c, g, g`: `proxy_outer_private_globals`), since the region's
/// accesses keep claiming it.
pub(super) fn copy_align(of: PointerValue<'_>) -> u32 {
    let mut v = of;
    while let Some(i) = v.as_instruction_value() {
        let op = |k| i.get_operand(k).and_then(|o| o.left());
        let same = match i.get_opcode() {
            InstructionOpcode::BitCast => op(0),
            InstructionOpcode::Select if op(1) == op(2) => op(1),
            _ => None,
        };
        match same {
            Some(BasicValueEnum::PointerValue(p)) => v = p,
            _ => break,
        }
    }
    ffi::variable_align(of.into()).max(ffi::variable_align(v.into()))
}

pub(super) fn first_non_alloca(bb: BasicBlock<'_>) -> Option<InstructionValue<'_>> {
    crate::cfg::first_not(bb, InstructionOpcode::Alloca)
}

/// A non-POD variable's helpers, as functions of the module.
#[derive(Clone, Copy, Default)]
pub(super) struct Helpers<'ctx> {
    pub(super) ctor: Option<FunctionValue<'ctx>>,
    pub(super) copy_ctor: Option<FunctionValue<'ctx>>,
    pub(super) copy_assign: Option<FunctionValue<'ctx>>,
    pub(super) dtor: Option<FunctionValue<'ctx>>,
    pub(super) combiner: Option<FunctionValue<'ctx>>,
    pub(super) initializer: Option<FunctionValue<'ctx>>,
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// A lowering of the regions of `analyses`.
    pub fn new(rt: Runtime<'a, 'ctx>, analyses: &[Analysis<'ctx>]) -> Self {
        let b = rt.ctx.create_builder();
        let mut values = ffi::Handles::new();
        for a in analyses {
            values.extend(&a.scan.values);
        }
        let values = std::cell::RefCell::new(values);
        let device_images = rt.module.get_global(crate::offload::request::REQUEST).is_some();
        Lowerer {
            rt,
            b,
            notes: Vec::new(),
            outline_cx: None,
            simd_sites: Vec::new(),
            values,
            rehearsal: false,
            device_images,
            in_target: false,
            trip_counts: Vec::new(),
        }
    }

    /// A remark on `at`, unless this is a rehearsal.
    pub(super) fn remark(&self, kind: ffi::Remark, at: InstructionValue<'ctx>, name: &str, msg: &str) {
        if !self.rehearsal {
            ffi::remark(kind, at, name, msg);
        }
    }

    /// The id a plan may name `v` by.
    pub(super) fn known(&self, v: &impl AsValueRef) -> ValueId {
        self.values.borrow_mut().add(v)
    }

    pub(super) fn at(&self, i: InstructionValue<'ctx>) -> &Builder<'ctx> {
        self.b.position_before(&i);
        &self.b
    }

    pub(super) fn before_terminator(&self, bb: BasicBlock<'ctx>) -> &Builder<'ctx> {
        self.at(bb.get_terminator().expect("a block of a verified function has a terminator"))
    }

    /// The region's prologue block right after its BEGIN group: `s` is its
    /// only predecessor and it holds nothing of the body, so code placed
    /// before its terminator runs once per encounter, before the body.
    /// Created once (named `omp.region.entry`), then found again.
    pub(super) fn first_block(&self, s: BasicBlock<'ctx>) -> BasicBlock<'ctx> {
        let term = s.get_terminator().expect("terminator");
        if term.get_opcode() == InstructionOpcode::Br && term.get_num_operands() == 1 {
            if let Some(next) = term.get_operand(0).and_then(|o| o.right()) {
                if ffi::has_only_predecessor(next, s) && next.get_name().to_string_lossy().starts_with(PROLOGUE) {
                    return next;
                }
            }
        }
        ffi::split_block_before(term, PROLOGUE)
    }

    /// Where allocas and the thread id of code in region `r` live: the first
    /// block of the innermost enclosing parallel region or task (the entry
    /// of the microtask or task body it becomes, run by the thread that
    /// runs it), else the function's entry.
    pub(super) fn home(&self, a: &Analysis<'ctx>, r: Option<usize>) -> BasicBlock<'ctx> {
        let mut cur = r;
        while let Some(i) = cur {
            let reg = &a.graph.regions[i];
            // (A target region's body is outlined too: what the regions in
            // it keep, their forks' argument blocks, lives there, in each
            // device thread's own memory, not in the host function.)
            if reg.kind.is_team_parallel()
                || reg.kind == weft_intrinsics::vocab::DirKind::Task
                || reg.kind == weft_intrinsics::vocab::DirKind::Target
                || reg.kind.is_taskloop()
            {
                let s = a.scan.handles[reg.entry.block];
                return self.first_block(s);
            }
            cur = reg.parent;
        }
        a.scan.handles[0]
    }

    /// The thread id in `home`: one `__kmpc_global_thread_num` call after its
    /// allocas (inside an outlined body it becomes a load of the gtid argument).
    pub(super) fn gtid(&mut self, home: BasicBlock<'ctx>, fname: &str) -> IntValue<'ctx> {
        let mut cur = home.get_first_instruction();
        while let Some(i) = cur {
            if i.get_opcode() == InstructionOpcode::Call
                && ffi::called_function_name(Value::of_instruction(i)).as_deref() == Some("__kmpc_global_thread_num")
            {
                return i.as_any_value_enum().into_int_value();
            }
            if i.get_opcode() != InstructionOpcode::Alloca {
                break;
            }
            cur = i.get_next_instruction();
        }
        let ident = self.rt.ident(fname, home.get_first_instruction(), runtime::IDENT_KMPC);
        let pos = first_non_alloca(home).expect("a block has a terminator");
        let b = self.at(pos);
        self.rt.call_i32(b, Rt::GlobalThreadNum, &[ident.into()])
    }

    pub(super) fn alloca(&self, home: BasicBlock<'ctx>, ty: BasicTypeEnum<'ctx>, name: &str) -> PointerValue<'ctx> {
        match home.get_first_instruction() {
            Some(i) => self.b.position_before(&i),
            None => self.b.position_at_end(home),
        }
        self.b.build_alloca(ty, name).expect("positioned")
    }

    /// Storage for a copy of variable `of` (private, linear, reduction,
    /// copy-in and section copies): at least as aligned as the original,
    /// whose alignment the region's loads and stores keep claiming.
    pub(super) fn alloca_for(
        &self,
        home: BasicBlock<'ctx>,
        ty: BasicTypeEnum<'ctx>,
        name: &str,
        of: PointerValue<'ctx>,
    ) -> PointerValue<'ctx> {
        let p = self.alloca(home, ty, name);
        let want = copy_align(of);
        let i = p.as_instruction_value().expect("an alloca");
        if i.get_alignment().is_ok_and(|a| a < want) {
            i.set_alignment(want).expect("an alloca takes an alignment");
        }
        p
    }

    /// Splits `at`'s block before `at` and runs a new `then` block between
    /// the two halves only when `cond` (computed before `at`) holds. Returns
    /// `then` (ending in a branch to the tail) and the tail, which starts with `at`.
    pub(super) fn if_then(
        &self,
        cond: IntValue<'ctx>,
        at: InstructionValue<'ctx>,
        name: &str,
    ) -> (BasicBlock<'ctx>, BasicBlock<'ctx>) {
        let head = at.get_parent().expect("in a block");
        let tail = ffi::split_block_before(at, &format!("{name}.done"));
        let then = self.rt.ctx.insert_basic_block_after(head, name);
        head.get_terminator().expect("split leaves a branch").erase_from_basic_block();
        self.b.position_at_end(head);
        self.b.build_conditional_branch(cond, then, tail).expect("positioned");
        self.b.position_at_end(then);
        self.b.build_unconditional_branch(tail).expect("positioned");
        (then, tail)
    }

    /// Gives the region the shape of `Shape`.
    pub(super) fn normalize(&self, a: &Analysis<'ctx>, r: &WRegion) -> Res<Shape<'ctx>> {
        let name = r.kind.begin_name();
        let exit = r.exit.ok_or_else(|| {
            err(
                Rule::NotYetSupported,
                name,
                "a region that never reaches its END (it ends in unreachable or loops forever)",
            )
        })?;
        let s = a.scan.handles[r.entry.block];
        let first = self.first_block(s);
        let end_first = a.scan.values.instruction(exit.span.first);
        let e = end_first.get_parent().expect("in a block");
        let end = ffi::split_block_before(end_first, &format!("{}", r.kind.end_name().unwrap_or("END")));
        Ok(Shape { s, first, fini: e, end })
    }

    /// The type of a data-sharing record's variable: `:TYPED`'s element type
    /// (an array of `count` of them), else the alloca's or global's own type.
    pub(super) fn var_type(&self, v: &super::plan::Var) -> Option<BasicTypeEnum<'ctx>> {
        v.ty(&self.values.borrow())
    }

    pub(super) fn value(&self, id: ValueId) -> BasicValueEnum<'ctx> {
        self.values.borrow().basic_value(id)
    }

    pub(super) fn int_operand(&self, id: ValueId, to: IntType<'ctx>) -> IntValue<'ctx> {
        let v = self.value(id).into_int_value();
        if v.get_type() == to {
            v
        } else {
            self.b.build_int_cast_sign_flag(v, to, v.get_type().get_bit_width() > 1, "").expect("positioned")
        }
    }

    pub(super) fn truth(&self, id: ValueId) -> IntValue<'ctx> {
        let v = self.value(id).into_int_value();
        if v.get_type().get_bit_width() == 1 {
            return v;
        }
        self.b.build_int_compare(IntPredicate::NE, v, v.get_type().const_zero(), "if.cond").expect("positioned")
    }
}

/// The first instruction of an iteration of the normalized loop whose IV
/// lives in `iv`: in the successor, on the loop's side, of the block that
/// ends by testing a load of the IV (`iv <= ub` continues).
pub(super) fn loop_body_start<'ctx>(
    body: &[BasicBlock<'ctx>],
    iv: PointerValue<'ctx>,
) -> Option<InstructionValue<'ctx>> {
    for &bb in body {
        let term = bb.get_terminator()?;
        if term.get_opcode() != InstructionOpcode::Br || term.get_num_operands() != 3 {
            continue;
        }
        let Some(cond) = term.get_operand(0).and_then(|o| o.left()).and_then(|v| v.as_instruction_value()) else {
            continue;
        };
        if cond.get_opcode() != InstructionOpcode::ICmp {
            continue;
        }
        let tests_iv =
            cond.get_operand(0).and_then(|o| o.left()).and_then(|v| v.as_instruction_value()).is_some_and(|l| {
                l.get_opcode() == InstructionOpcode::Load
                    && l.get_operand(0).and_then(|o| o.left()).is_some_and(|p| p == iv.as_basic_value_enum())
            });
        if !tests_iv || !matches!(cond.get_icmp_predicate(), Some(IntPredicate::SLE | IntPredicate::ULE)) {
            continue;
        }
        // A conditional br's operands are (cond, false dest, true dest).
        let then = term.get_operand(2).and_then(|o| o.right())?;
        return crate::cfg::first_not(then, InstructionOpcode::Phi);
    }
    None
}

/// `*dst = *src` for a variable of type `ty`: a load and a store for a
/// scalar, a memcpy for an array or struct.
/// `count` elements of `elem` from `src` to `dst`.
pub(super) fn copy_n<'ctx>(
    b: &Builder<'ctx>,
    elem: BasicTypeEnum<'ctx>,
    dst: PointerValue<'ctx>,
    src: PointerValue<'ctx>,
    count: IntValue<'ctx>,
) {
    let size = b.build_int_mul(elem.size_of().expect("a sized type"), count, "").expect("positioned");
    b.build_memcpy(dst, 1, src, 1, size).expect("positioned");
}

pub(super) fn copy<'ctx>(b: &Builder<'ctx>, ty: BasicTypeEnum<'ctx>, dst: PointerValue<'ctx>, src: PointerValue<'ctx>) {
    if matches!(ty, BasicTypeEnum::ArrayType(_) | BasicTypeEnum::StructType(_) | BasicTypeEnum::VectorType(_)) {
        let size = ty.size_of().expect("a sized type");
        b.build_memcpy(dst, 1, src, 1, size).expect("positioned");
    } else {
        let v = b.build_load(ty, src, "copy").expect("positioned");
        b.build_store(dst, v).expect("positioned");
    }
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// An internal `void name(ptr lhs, ptr rhs)` the runtime calls with two
    /// `[n x ptr]` lists (reduction and copyprivate callbacks): for each k,
    /// `body(b, k, lhs[k], rhs[k])`.
    pub(super) fn pairwise_fn(
        &self,
        name: &str,
        n: usize,
        body: impl Fn(&Builder<'ctx>, usize, PointerValue<'ctx>, PointerValue<'ctx>),
    ) -> FunctionValue<'ctx> {
        let ptr = self.rt.ptr;
        let ty = self.rt.ctx.void_type().fn_type(&[ptr.into(), ptr.into()], false);
        let f = self.rt.module.add_function(name, ty, Some(Linkage::Internal));
        let b = self.rt.ctx.create_builder();
        b.position_at_end(self.rt.ctx.append_basic_block(f, "entry"));
        let list_ty = ptr.array_type(n as u32);
        let lists = [f.get_nth_param(0).expect("lhs"), f.get_nth_param(1).expect("rhs")];
        for k in 0..n {
            let idx = [self.rt.i64.const_zero(), self.rt.i64.const_int(k as u64, false)];
            let [l, r] = lists.map(|list| {
                // SAFETY: in bounds of the [n x ptr] lists the runtime passes back.
                let slot = unsafe { b.build_gep(list_ty, list.into_pointer_value(), &idx, "") }.expect("positioned");
                b.build_load(ptr, slot, "").expect("positioned").into_pointer_value()
            });
            body(&b, k, l, r);
        }
        b.build_return(None).expect("positioned");
        f
    }
}
