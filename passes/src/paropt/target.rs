//! The target construct on the host side, as clang 16 lowers it with
//! offloading enabled (OpenMP 5.1 §2.14.5, docs/offload.md): the body is
//! outlined (CodeExtractor, as for a parallel region) and called from the
//! host fallback `__omp_offloading_<file>_<fn>_l<line>(args...)`, whose
//! arguments are the kernel's: the mapped items' addresses and the values
//! the region reads. The launch builds the map arrays and the
//! `__tgt_kernel_arguments` record and calls `__tgt_target_kernel`; when it
//! returns nonzero (no device, no image, offloading disabled) the host
//! fallback runs. Under a false `if` the fallback runs directly.
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum};
use llvm_plugin::inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue, PointerValue,
};
use llvm_plugin::inkwell::{AddressSpace, IntPredicate};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::Rule;

use super::context::{blocks_between, err, recompute_after, Lowerer, RegionSite, Res};
use super::offload_entry::MapArg;
use super::plan::map::{self as bits, TargetPlan};
use super::plan::{Plan, Share};
use super::runtime::{self, Rt};
use super::target_literal as literal;
use super::target_teams::LaunchValue;

const ESCAPES_TARGET: &str =
    "inside the target region and used after it, but the region may run on a device: map a variable instead";

/// The kernel argument record's version in LLVM 16 (`__tgt_kernel_arguments`).
const KERNEL_ARGS_VERSION: u64 = 2;

/// What one argument of the host fallback is, for its map entry.
enum Arg<'ctx> {
    /// A mapped item (its clause's entry), or a variable the region uses
    /// without a clause (implicitly mapped).
    Mapped {
        base: PointerValue<'ctx>,
        begin: PointerValue<'ctx>,
        size: llvm_plugin::inkwell::values::IntValue<'ctx>,
        bits: u64,
        /// The map item (a chain's first entry: its links follow it).
        chain: Option<usize>,
    },
    /// A value the region reads (firstprivate by value: LITERAL), with its
    /// map type bits.
    Literal(BasicValueEnum<'ctx>, u64),
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// `target`: private copies in the body, the body outlined into the host
    /// fallback, the launch where the directive was.
    pub(super) fn lower_target(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> Res<String> {
        let RegionSite { a, r, f, fname, shape, begin, outer_home } = at;
        let reg = &a.graph.regions[r];
        let name = reg.kind.begin_name();
        let typed = self.typed_vars(plan, name)?;
        if let Some(t) = typed.iter().find(|t| {
            t.nonpod.is_some() || t.section.is_some() || t.runtime_section.is_some() || t.layout.is_some() || t.byref
        }) {
            let clause = plan.vars.iter().find(|v| v.var == self.known(&t.orig)).map_or(name, |v| v.clause.as_str());
            return Err(err(Rule::NotYetSupported, clause, "non-POD items, array sections or BYREF items on target")
                .on_directive(name));
        }
        let body = blocks_between(f, shape.first, shape.end);
        self.pass_mapped_globals(&plan.target, shape, &body);
        let league = self.launch_league(a, r, &body, plan.target.thread_limit);
        ffi::recompute_pure_escaping(&body, shape.end.get_first_instruction().expect("the END group"));
        recompute_after(&body, shape, reg, ESCAPES_TARGET)?;
        // Private copies at the start of the body (outlined with it): a
        // firstprivate one copied from the original, whose address the
        // fallback then takes (PRIVATE | TO on a device).
        let term = shape.first.get_terminator().expect("terminator");
        let mut privates = Vec::new();
        // (The firstprivate items passed as their values, target_literal.rs.)
        let mut literals = Vec::new();
        let device_addrs =
            plan.target.device_addrs.iter().map(|&v| (self.value(v).into_pointer_value(), true, false, None));
        // (A typed item's type from its plan: a global read through a copy
        // of its address, `reading_outer_globals`, does not tell it.)
        let vars = typed.iter().map(|t| {
            let first = t.share == Share::Firstprivate;
            (t.orig, first, first, Some(t.ty))
        });
        for (orig, first, by_value, known) in vars.chain(device_addrs).collect::<Vec<_>>() {
            let Some(ty) = known.or_else(|| ffi::memory_type(orig.as_basic_value_enum())) else {
                return Err(err(Rule::NotYetSupported, name, "a private item of unknown type").on_directive(name));
            };
            let copy = self.alloca_for(shape.first, ty, &format!("{}.priv", orig.get_name().to_string_lossy()), orig);
            self.privatize_uses(orig, copy, &body, term);
            // (After the redirection, which would take the copy's source too.)
            // (A pointer: passed as its value, target_pointer.rs; a scalar
            // of a typed item too, target_literal.rs.)
            let pointer = || self.pointer_value(orig, &plan.target.maps, shape.s).map(BasicValueEnum::from);
            let scalar = || known.and_then(|t| self.scalar_value(orig, t, shape.s));
            if let Some(v) = by_value.then(|| pointer().or_else(scalar)).flatten() {
                self.at(term).build_store(copy, v).expect("positioned");
                literals.extend((!v.is_pointer_value()).then_some(v));
                continue;
            }
            if first {
                let size = ty.size_of().expect("a sized type");
                // (Aligned as the variables are: a device kernel would read
                // an align-1 copy a byte at a time.)
                let (to, from) = (known_alignment(copy), known_alignment(orig));
                let src = self.firstprivate_source(orig, shape);
                self.at(term).build_memcpy(copy, to, src, from, size).expect("positioned");
                privates.push(src);
            }
        }
        let number = reg.number;
        if !self.outline_cx.as_ref().is_some_and(|c| c.is_for(f)) {
            self.outline_cx = Some(ffi::OutlineContext::new(f));
        }
        let cx = self.outline_cx.as_ref().expect("just made");
        let (mt, call) = ffi::outline_microtask(&body, &format!("{fname}.omp_target.{number}"), cx)
            .ok_or_else(|| err(Rule::Internal, name, "LLVM's CodeExtractor could not outline this region"))?;
        let (agg_ty, fields) = self.take_fields(call)?;
        let entry = self.offload_name(fname, begin, number);
        let host = self.host_fallback(&entry, mt, agg_ty, &fields);
        let args: Vec<Arg<'ctx>> = fields.iter().map(|&v| self.arg_of(v, &plan.target, &privates, &literals)).collect();
        let mut map_args: Vec<MapArg<'ctx>> = Vec::new();
        self.b.position_before(&call);
        let passed = literal::slots(&self.b, &fields);
        for (arg, &slot) in args.iter().zip(&passed) {
            let (entry, chain) = match *arg {
                Arg::Mapped { base, begin, size, bits, chain } => {
                    (MapArg { base, begin, size, bits: bits | bits::TARGET_PARAM }, chain)
                }
                Arg::Literal(v, bits) => {
                    let p = self.literal_ptr(slot);
                    let size = v.get_type().size_of().expect("a sized type");
                    (MapArg { base: p, begin: p, size, bits }, None)
                }
            };
            map_args.push(entry);
            // (A chain's first entry, then its links: map_links.rs.)
            if let Some(i) = chain {
                map_args.extend(self.chain_links(&plan.target.maps[i], map_args.len() - 1)?);
                // (The value a declare target pointer's section is mapped
                // by, read in the region: the pointer attached too.)
                map_args.extend(self.attach_entry(&plan.target.maps[i]));
            }
        }
        // Mapped items the region does not read: mapped, not passed.
        for m in &plan.target.maps {
            let base = self.value(m.base).into_pointer_value();
            let passed = |v: &BasicValueEnum<'ctx>| {
                v.is_pointer_value() && super::target_pointer::uncast(v.into_pointer_value()) == base
            };
            if fields.iter().any(passed) {
                continue;
            }
            let begin = self.value(m.begin).into_pointer_value();
            let size = self.map_size(m.size, begin)?;
            // (A section through a declare target pointer: target_attach.rs.)
            let (base, bits) = self.entry_base_bits(m);
            map_args.push(MapArg { base, begin, size, bits: bits & !bits::TARGET_PARAM });
            map_args.extend(self.chain_links(m, map_args.len() - 1)?);
        }
        let ident = self.rt.ident(fname, Some(begin), runtime::IDENT_KMPC);
        let trips = self.trip_count_of(begin);
        let site = Launch { home: outer_home, call, entry: &entry, league, trips };
        self.launch(plan, &map_args, host, &passed, ident, site);
        self.notes.push(format!(
            "outlined into @{} called by the host fallback @{entry} ({} kernel arguments, {} map entries)",
            mt.get_name().to_string_lossy(),
            fields.len(),
            map_args.len()
        ));
        Ok("lowered: __tgt_target_kernel, host fallback on failure".to_string())
    }

    /// The values CodeExtractor stored into the argument aggregate before
    /// `call` (one per field, in field order), with the aggregate's type;
    /// the stores and the aggregate are removed.
    fn take_fields(&self, call: InstructionValue<'ctx>) -> Res<(BasicTypeEnum<'ctx>, Vec<BasicValueEnum<'ctx>>)> {
        let args = call.get_operand(2).and_then(|o| o.left()).expect("the call's argument").into_pointer_value();
        let internal = |what: &str| err(Rule::Internal, "DIR.OMP.TARGET", what.to_string());
        let Some(agg) = args.as_instruction_value().filter(|i| i.get_opcode() == InstructionOpcode::Alloca) else {
            // (A region that reads nothing: CodeExtractor passes null.)
            let empty = self.rt.ctx.struct_type(&[], false).into();
            return Ok((empty, Vec::new()));
        };
        let ty = agg.get_allocated_type().map_err(|_| internal("the argument aggregate has no type"))?;
        let mut fields: Vec<(u64, BasicValueEnum<'ctx>)> = Vec::new();
        let mut dead = Vec::new();
        for user in ffi::user_instructions(&args) {
            if user == call {
                continue;
            }
            let callee = ffi::called_function_name(Value::of_instruction(user)).unwrap_or_default();
            if callee.starts_with("llvm.lifetime.") {
                dead.push(user);
                continue;
            }
            if user.get_opcode() != InstructionOpcode::GetElementPtr {
                return Err(internal("the argument aggregate has a use that is not a field's"));
            }
            let idx = user
                .get_operand(2)
                .and_then(|o| o.left())
                .and_then(|v| v.into_int_value().get_zero_extended_constant())
                .ok_or_else(|| internal("a field index that is not a constant"))?;
            for st in ffi::user_instructions(&user) {
                if st.get_opcode() != InstructionOpcode::Store {
                    return Err(internal("an argument field that is read"));
                }
                let v = st.get_operand(0).and_then(|o| o.left()).expect("a stored value");
                fields.push((idx, v));
                dead.push(st);
            }
            dead.push(user);
        }
        fields.sort_by_key(|f| f.0);
        // (Stores before their addresses.)
        dead.sort_by_key(|i| i.get_opcode() != InstructionOpcode::Store);
        for i in dead {
            i.erase_from_basic_block();
        }
        call.set_operand(2, self.rt.ctx.ptr_type(AddressSpace::default()).const_null());
        agg.erase_from_basic_block();
        Ok((ty, fields.into_iter().map(|f| f.1).collect()))
    }

    /// The host fallback: `void name(field types...)` that puts its
    /// arguments into the aggregate `mt` reads and calls it.
    fn host_fallback(
        &mut self,
        name: &str,
        mt: FunctionValue<'ctx>,
        agg_ty: BasicTypeEnum<'ctx>,
        fields: &[BasicValueEnum<'ctx>],
    ) -> FunctionValue<'ctx> {
        let ctx = self.rt.ctx;
        let slot = |t: BasicTypeEnum<'ctx>| if literal::is_literal_type(t) { self.rt.i64.into() } else { t };
        let params: Vec<_> = fields.iter().map(|v| slot(v.get_type()).into()).collect();
        let f = self.rt.module.add_function(name, ctx.void_type().fn_type(&params, false), Some(Linkage::Internal));
        let b = ctx.create_builder();
        b.position_at_end(ctx.append_basic_block(f, "entry"));
        let null = ctx.ptr_type(AddressSpace::default()).const_null();
        let agg = if fields.is_empty() {
            null
        } else {
            let agg = b.build_alloca(agg_ty, "omp.target.args").expect("positioned");
            for ((k, p), v) in f.get_param_iter().enumerate().zip(fields) {
                let idx = [ctx.i32_type().const_zero(), ctx.i32_type().const_int(k as u64, false)];
                // SAFETY: field k of the aggregate CodeExtractor made, one per argument.
                let slot = unsafe { b.build_in_bounds_gep(agg_ty, agg, &idx, "") }.expect("positioned");
                let p = if literal::is_literal_type(v.get_type()) {
                    literal::narrow(&b, p.into_int_value(), v.get_type())
                } else {
                    p
                };
                b.build_store(slot, p).expect("positioned");
            }
            agg
        };
        // (The body reads its thread id from the first argument: the
        // regions in it keep theirs there, context.rs `home`.)
        let i32t = ctx.i32_type();
        let gtid = b.build_alloca(i32t, "omp.gtid").expect("positioned");
        let bound = b.build_alloca(i32t, "omp.bound").expect("positioned");
        let ident = self.rt.ident(name, None, runtime::IDENT_KMPC);
        let id = self.rt.call_i32(&b, Rt::GlobalThreadNum, &[ident.into()]);
        b.build_store(gtid, id).expect("positioned");
        b.build_store(bound, i32t.const_zero()).expect("positioned");
        b.build_call(mt, &[gtid.into(), bound.into(), agg.into()], "").expect("positioned");
        b.build_return(None).expect("positioned");
        f
    }

    /// The map entry of one argument of the fallback.
    fn arg_of(
        &self,
        v: BasicValueEnum<'ctx>,
        t: &TargetPlan,
        privates: &[PointerValue<'ctx>],
        literals: &[BasicValueEnum<'ctx>],
    ) -> Arg<'ctx> {
        // (A firstprivate item's value as clang passes an explicit one; any
        // other value the region reads as an implicit one.)
        if literals.contains(&v) {
            return Arg::Literal(v, bits::LITERAL | bits::TARGET_PARAM);
        }
        let BasicValueEnum::PointerValue(p) = v else {
            return Arg::Literal(v, bits::LITERAL | bits::TARGET_PARAM | bits::IMPLICIT);
        };
        let zero = self.rt.i64.const_zero();
        let key = super::target_pointer::uncast(p);
        if let Some(i) = t.maps.iter().position(|m| self.value(m.base).as_value_ref_eq(key)) {
            let m = &t.maps[i];
            let begin = self.value(m.begin).into_pointer_value();
            let size = self.map_size(m.size, begin).unwrap_or(zero);
            return Arg::Mapped { base: p, begin, size, bits: m.bits, chain: Some(i) };
        }
        // (A firstprivate global's size through the copy of its address.)
        let size = self.size_of_var(p).or_else(|| self.size_of_var(key));
        if privates.iter().any(|&q| q == p) {
            let size = size.unwrap_or(zero);
            return Arg::Mapped { base: p, begin: p, size, bits: bits::TO | bits::PRIVATE, chain: None };
        }
        match size {
            // An address in a chain's member or pointee: translated, as a
            // zero-length section (map_links.rs).
            _ if self.is_link_address(&t.maps, p) => {
                Arg::Mapped { base: p, begin: p, size: zero, bits: bits::IMPLICIT, chain: None }
            }
            // A variable the region uses without a clause: mapped as
            // defaultmap says (tofrom without one).
            Some(s) => Arg::Mapped { base: p, begin: p, size: s, bits: t.implicit_bits | bits::IMPLICIT, chain: None },
            // A pointer value: passed as it is (a zero-length section).
            None => Arg::Mapped { base: p, begin: p, size: zero, bits: bits::IMPLICIT, chain: None },
        }
    }

    /// A map item's size in bytes as i64 (the whole variable without one).
    fn map_size(
        &self,
        size: Option<weft_intrinsics::model::ValueId>,
        begin: PointerValue<'ctx>,
    ) -> Res<llvm_plugin::inkwell::values::IntValue<'ctx>> {
        match size {
            Some(s) => Ok(self.int_operand(s, self.rt.i64)),
            None => self.size_of_var(begin).ok_or_else(|| {
                err(Rule::NotYetSupported, "DIR.OMP.TARGET", "a mapped variable of unknown size (give a map chain)")
            }),
        }
    }

    /// The launch in place of `call` (the call CodeExtractor left): under
    /// `if`, `__tgt_target_kernel` with the map arrays and the kernel
    /// argument record; the host fallback when it fails or `if` is false.
    fn launch(
        &mut self,
        plan: &Plan,
        map_args: &[MapArg<'ctx>],
        host: FunctionValue<'ctx>,
        fields: &[BasicValueEnum<'ctx>],
        ident: PointerValue<'ctx>,
        site: Launch<'_, 'ctx>,
    ) {
        let Launch { home, call, entry, league, trips } = site;
        let ctx = self.rt.ctx;
        let (i32t, i64t) = (self.rt.i32, self.rt.i64);
        let region_id = self.offload_entry(entry);
        let failed = self.alloca(home, ctx.bool_type().into(), "omp.offload.failed");
        self.at(call).build_store(failed, ctx.bool_type().const_all_ones()).expect("positioned");
        let offload_at = match plan.if_cond {
            Some(c) => {
                self.b.position_before(&call);
                let cond = self.truth(c);
                let (then, _) = self.if_then(cond, call, "omp.offload");
                then.get_terminator().expect("a branch")
            }
            None => call,
        };
        let arrays = self.map_arrays(map_args, home, offload_at);
        let ptr = ctx.ptr_type(AddressSpace::default());
        let t3 = i32t.array_type(3);
        let kty = ctx.struct_type(
            &[
                i32t.into(),
                i32t.into(),
                ptr.into(),
                ptr.into(),
                ptr.into(),
                ptr.into(),
                ptr.into(),
                ptr.into(),
                i64t.into(),
                i64t.into(),
                t3.into(),
                t3.into(),
                i32t.into(),
            ],
            false,
        );
        let kargs = self.alloca(home, kty.into(), "omp.kernel_args");
        let b = self.at(offload_at);
        let device = self.device_id(plan.target.device);
        // (A plain target runs one team: -1; a nested teams region's league
        // its NUM_TEAMS, 0 for the runtime's choice, and its THREAD_LIMIT.)
        let (num_teams, limit) = match (league, plan.target.thread_limit) {
            (Some((n, l)), _) => (self.build_launch_value(n), self.build_launch_value(l)),
            (None, _) => (i32t.const_all_ones(), i32t.const_zero()),
        };
        let teams =
            self.b.build_insert_value(t3.const_zero(), num_teams, 0, "").expect("positioned").as_basic_value_enum();
        let limits =
            self.b.build_insert_value(t3.const_zero(), limit, 0, "").expect("positioned").as_basic_value_enum();
        let values: [BasicValueEnum<'ctx>; 13] = [
            i32t.const_int(KERNEL_ARGS_VERSION, false).into(),
            i32t.const_int(arrays.n as u64, false).into(),
            arrays.bases.into(),
            arrays.ptrs.into(),
            arrays.sizes.into(),
            arrays.types.into(),
            ptr.const_null().into(),
            ptr.const_null().into(),
            trips.unwrap_or(i64t.const_zero()).into(),
            i64t.const_int(super::target_task::kernel_flags(plan), false).into(),
            teams,
            limits,
            i32t.const_zero().into(),
        ];
        for (k, v) in values.iter().enumerate() {
            let slot = self.b.build_struct_gep(kty, kargs, k as u32, "").expect("a field");
            self.b.build_store(slot, *v).expect("positioned");
        }
        let args = [ident.into(), device.into(), num_teams.into(), limit.into(), region_id.into(), kargs.into()];
        let rc = self.rt.call_i32(b, Rt::TgtTargetKernel, &args);
        let bad = self.b.build_int_compare(IntPredicate::NE, rc, i32t.const_zero(), "").expect("positioned");
        self.b.build_store(failed, bad).expect("positioned");
        let b = self.at(call);
        let fail = b.build_load(ctx.bool_type(), failed, "omp.offload.failed").expect("positioned").into_int_value();
        let (then, _) = self.if_then(fail, call, "omp.offload.fallback");
        self.b.position_before(&then.get_terminator().expect("a branch"));
        let args: Vec<_> = fields.iter().map(|&v| v.into()).collect();
        self.b.build_call(host, &args, "").expect("positioned");
        call.erase_from_basic_block();
    }

    /// A scalar passed by value in a pointer-sized slot (clang's LITERAL):
    /// `slot`, the i64 `literal::widen` made of it.
    fn literal_ptr(&self, slot: BasicValueEnum<'ctx>) -> PointerValue<'ctx> {
        let ptr = self.rt.ctx.ptr_type(AddressSpace::default());
        match slot {
            BasicValueEnum::IntValue(i) => self.b.build_int_to_ptr(i, ptr, "omp.literal").expect("positioned"),
            _ => ptr.const_null(),
        }
    }
}

/// Where the launch goes: the home block of its allocas, the call
/// CodeExtractor left, the offload entry's name, and the league of a
/// nested teams region (paropt::target_teams).
struct Launch<'s, 'ctx> {
    home: llvm_plugin::inkwell::basic_block::BasicBlock<'ctx>,
    call: InstructionValue<'ctx>,
    entry: &'s str,
    league: Option<(LaunchValue<'ctx>, LaunchValue<'ctx>)>,
    /// The league loop's trip count (trip_count.rs), when known.
    trips: Option<IntValue<'ctx>>,
}

/// Pointer identity of two values.
trait SameValue {
    fn as_value_ref_eq(&self, p: PointerValue<'_>) -> bool;
}

impl SameValue for BasicValueEnum<'_> {
    fn as_value_ref_eq(&self, p: PointerValue<'_>) -> bool {
        use llvm_plugin::inkwell::values::AsValueRef;
        self.as_value_ref() == p.as_value_ref()
    }
}

/// The alignment an alloca declares, 1 for any other pointer.
fn known_alignment(p: PointerValue<'_>) -> u32 {
    match p.as_instruction_value() {
        Some(i) if i.get_opcode() == InstructionOpcode::Alloca => i.get_alignment().unwrap_or(1).max(1),
        _ => 1,
    }
}
