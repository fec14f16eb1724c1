//! Reading llvm.genx region calls from IR into the region model, and
//! building them back (through inkwell; operands are checked through `ffi`
//! before inkwell sees them, since it panics on token and metadata values).
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, VectorType};
use llvm_plugin::inkwell::values::{AnyValue, BasicValueEnum, FunctionValue, InstructionValue, IntValue, VectorValue};

use super::elem::ElemType;
use super::mangle::{self, Op};
use super::region::{Access, Broken, Index, Kind, Mask, PredAccess, Region};
use crate::ffi::{self, Value};
use crate::model::OperandKind;

/// A region call read from IR: the model and the operand values a rewrite needs.
#[derive(Clone, Debug)]
pub enum Call<'ctx> {
    Region(RegionCall<'ctx>),
    Pred(PredCall<'ctx>),
}

#[derive(Clone, Debug)]
pub struct RegionCall<'ctx> {
    pub access: Access,
    /// The source (rdregion) or old value (wrregion).
    pub vector: VectorValue<'ctx>,
    /// The new value (wrregion).
    pub new: Option<BasicValueEnum<'ctx>>,
    /// The index operand (constant or not).
    pub index: BasicValueEnum<'ctx>,
    pub parent_width: BasicValueEnum<'ctx>,
    /// The mask operand (wrregion).
    pub mask: Option<BasicValueEnum<'ctx>>,
    /// rdregion returning a scalar rather than a 1-vector.
    pub scalar_result: bool,
}

#[derive(Clone, Debug)]
pub struct PredCall<'ctx> {
    pub access: PredAccess,
    pub vector: VectorValue<'ctx>,
    pub new: Option<VectorValue<'ctx>>,
}

/// The intrinsic a call instruction calls, if it is an llvm.genx one weft knows.
pub fn genx_op(inst: InstructionValue<'_>) -> Option<(String, Op)> {
    let name = ffi::called_function_name(Value::of_instruction(inst))?;
    let op = mangle::classify(&name)?;
    Some((name, op))
}

/// The callee's name when it looks like a region intrinsic but is none
/// (`llvm.genx.wrregion.v30i32...`, the old spelling in "LLVM IR for the GenX backend", or a typo):
/// such a call must not pass as an unrelated intrinsic.
fn misspelled_region(inst: InstructionValue<'_>) -> Option<String> {
    let name = ffi::called_function_name(Value::of_instruction(inst))?;
    let rest = name.strip_prefix("llvm.genx.")?;
    let looks = ["rdregion", "wrregion", "rdpredregion", "wrpredregion"].iter().any(|p| rest.starts_with(p));
    looks.then_some(name)
}

/// The call's argument operands as inkwell values, refusing token and
/// metadata operands (which inkwell cannot represent).
pub fn call_args<'ctx>(inst: InstructionValue<'ctx>) -> Result<Vec<BasicValueEnum<'ctx>>, Broken> {
    let raw = ffi::call_arguments(Value::of_instruction(inst));
    let mut out = Vec::with_capacity(raw.len());
    for (i, v) in raw.iter().enumerate() {
        if matches!(ffi::operand_kind(*v), OperandKind::Token | OperandKind::Metadata | OperandKind::MdString(_)) {
            return Err(Broken::new("operand-type", format!("operand {i} is a token or metadata")));
        }
        match inst.get_operand(i as u32) {
            Some(either) => match either.left() {
                Some(b) => out.push(b),
                None => return Err(Broken::new("operand-type", format!("operand {i} is a block"))),
            },
            None => return Err(Broken::new("operand-type", format!("operand {i} is missing"))),
        }
    }
    Ok(out)
}

/// The Gen element type of a scalar type, if it is one (i1 is not).
pub fn elem_of(t: BasicTypeEnum<'_>) -> Option<ElemType> {
    match t {
        BasicTypeEnum::IntType(i) => ElemType::from_int_bits(i.get_bit_width()),
        BasicTypeEnum::FloatType(f) => match f.print_to_string().to_str().ok()? {
            "half" => Some(ElemType::Half),
            "float" => Some(ElemType::Float),
            "double" => Some(ElemType::Double),
            _ => None,
        },
        _ => None,
    }
}

/// (lanes, element) of a value's type: lanes None for a scalar.
fn shape(v: BasicValueEnum<'_>) -> (Option<u32>, BasicTypeEnum<'_>) {
    match v {
        BasicValueEnum::VectorValue(vv) => (Some(vv.get_type().get_size()), vv.get_type().get_element_type()),
        other => (None, other.get_type()),
    }
}

fn type_text(v: BasicValueEnum<'_>) -> String {
    v.get_type().print_to_string().to_string_lossy().into_owned()
}

fn const_i32(v: BasicValueEnum<'_>, what: &str) -> Result<i64, Broken> {
    match v {
        BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == 32 => i
            .get_sign_extended_constant()
            .filter(|_| i.is_const() && !i.is_undef())
            .ok_or_else(|| Broken::new("operand-type", format!("{what} must be a constant i32"))),
        other => Err(Broken::new("operand-type", format!("{what} must be a constant i32, not {}", type_text(other)))),
    }
}

fn is_i1(t: BasicTypeEnum<'_>) -> bool {
    matches!(t, BasicTypeEnum::IntType(i) if i.get_bit_width() == 1)
}

fn result_value(inst: InstructionValue<'_>) -> Option<BasicTypeEnum<'_>> {
    BasicTypeEnum::try_from(inst.get_type()).ok()
}

fn lanes_of(t: BasicTypeEnum<'_>) -> (Option<u32>, BasicTypeEnum<'_>) {
    match t {
        BasicTypeEnum::VectorType(v) => (Some(v.get_size()), v.get_element_type()),
        other => (None, other),
    }
}

/// Reads a call to a region intrinsic; Ok(None) for any other instruction.
/// Errors name the broken rule; the caller adds the call and function.
pub fn read_call<'ctx>(inst: InstructionValue<'ctx>) -> Result<Option<Call<'ctx>>, Broken> {
    let Some((name, op)) = genx_op(inst) else {
        return match misspelled_region(inst) {
            Some(name) => Err(Broken::new(
                "region-name",
                format!(
                    "@{name} is not a region intrinsic (they are llvm.genx.rdregioni/rdregionf/wrregioni/wrregionf/rdpredregion/wrpredregion)"
                ),
            )),
            None => Ok(None),
        };
    };
    let want = match op {
        Op::RdRegion { .. } => 6,
        Op::WrRegion { .. } => 8,
        Op::RdPredRegion => 2,
        Op::WrPredRegion => 3,
        _ => return Ok(None),
    };
    let args = call_args(inst)?;
    if args.len() != want {
        return Err(Broken::new("operand-count", format!("{name} takes {want} operands, not {}", args.len())));
    }
    let result = result_value(inst).ok_or_else(|| Broken::new("operand-type", "the call returns no value"))?;
    let args = args.as_slice();
    match op {
        Op::RdRegion { float } | Op::WrRegion { float } => read_region(op, float, args, result).map(Some),
        _ => read_pred(op, args, want, result).map(Some),
    }
}

/// A rdregion/wrregion call's operands, checked, as its access.
fn read_region<'ctx>(
    op: Op,
    float: bool,
    args: &[BasicValueEnum<'ctx>],
    result: BasicTypeEnum<'ctx>,
) -> Result<Call<'ctx>, Broken> {
    let write = matches!(op, Op::WrRegion { .. });
    let vector = match args[0] {
        BasicValueEnum::VectorValue(v) => v,
        other => {
            return Err(Broken::new("operand-type", format!("operand 0 must be a vector, not {}", type_text(other))))
        }
    };
    let vt = vector.get_type();
    let elem_t = vt.get_element_type();
    let elem = elem_of(elem_t).ok_or_else(|| {
        Broken::new(
            "element-type",
            format!(
                "element type {} is not a Gen region type (i8, i16, i32, i64, half, float, double)",
                elem_t.print_to_string().to_string_lossy()
            ),
        )
    })?;
    if elem.is_float() != float {
        return Err(Broken::new(
            "operand-type",
            format!("{} elements need the {} variant", elem.ir(), if elem.is_float() { "f" } else { "i" }),
        ));
    }
    let (value_lanes, value_elem, new) = if write {
        if result != vt.as_basic_type_enum() {
            return Err(Broken::new("operand-type", "a wrregion returns the type of its old value"));
        }
        let (l, e) = shape(args[1]);
        (l, e, Some(args[1]))
    } else {
        let (l, e) = lanes_of(result);
        (l, e, None)
    };
    if value_elem != elem_t {
        return Err(Broken::new(
            "operand-type",
            format!(
                "the region's element type {} differs from the vector's {}",
                value_elem.print_to_string().to_string_lossy(),
                elem_t.print_to_string().to_string_lossy()
            ),
        ));
    }
    let exec = value_lanes.unwrap_or(1);
    let base = if write { 2 } else { 1 };
    let vstride = const_i32(args[base], "vstride")?;
    let width = const_i32(args[base + 1], "width")?;
    let stride = const_i32(args[base + 2], "stride")?;
    let index_v = args[base + 3];
    let pw_v = args[base + 4];
    let parent_width = parent_width_of(pw_v)?;
    let index = index_of(index_v, parent_width)?;
    let region = Region::new(exec, vstride, width, stride, index)?;
    if let BasicValueEnum::VectorValue(v) = index_v {
        if v.get_type().get_size() != region.rows() {
            return Err(Broken::new(
                "index-rows",
                format!("a per-row index has {} offsets for {} rows", v.get_type().get_size(), region.rows()),
            ));
        }
    }
    let (kind, mask) = if write { (write_kind(args[7], exec)?, Some(args[7])) } else { (Kind::Read, None) };
    let access = Access::new(kind, elem, vt.get_size(), region)?;
    Ok(Call::Region(RegionCall {
        access,
        vector,
        new,
        index: index_v,
        parent_width: pw_v,
        mask,
        scalar_result: !write && value_lanes.is_none(),
    }))
}

/// A region's parent width operand: a constant i32, or undef for none.
fn parent_width_of(pw_v: BasicValueEnum<'_>) -> Result<Option<u32>, Broken> {
    Ok(match pw_v {
        BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == 32 => {
            if i.is_undef() {
                None
            } else if let (true, Some(p)) = (i.is_const(), i.get_zero_extended_constant()) {
                (p > 0).then_some(p as u32)
            } else {
                return Err(Broken::new("operand-type", "parent width must be a constant i32 or undef"));
            }
        }
        other => {
            return Err(Broken::new("operand-type", format!("parent width must be i32, not {}", type_text(other))))
        }
    })
}

/// A region's index operand: a constant, a scalar or one offset per row.
fn index_of(index_v: BasicValueEnum<'_>, parent_width: Option<u32>) -> Result<Index, Broken> {
    Ok(match index_v {
        BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == 16 => {
            // A constant expression (`and (ptrtoint @g), 4`) has no
            // value here: it is a variable index like any other.
            match i.get_sign_extended_constant() {
                Some(c) if i.is_const() && !i.is_undef() => Index::Const(c),
                _ => Index::Scalar { parent_width },
            }
        }
        BasicValueEnum::VectorValue(v) if matches!(v.get_type().get_element_type(), BasicTypeEnum::IntType(t) if t.get_bit_width() == 16) => {
            Index::PerRow { parent_width }
        }
        other => {
            return Err(Broken::new(
                "operand-type",
                format!("the index must be i16 or a vector of i16, not {}", type_text(other)),
            ))
        }
    })
}

/// A wrregion's mask: all lanes, one scalar, or one bit per element.
fn write_kind(m: BasicValueEnum<'_>, exec: u32) -> Result<Kind, Broken> {
    let (ml, me) = shape(m);
    if !is_i1(me) {
        return Err(Broken::new("operand-type", format!("the mask must be i1 or <{exec} x i1>, not {}", type_text(m))));
    }
    Ok(match (ml, m) {
        (None, BasicValueEnum::IntValue(i)) if i.is_const() && !i.is_undef() => {
            if i.get_zero_extended_constant() == Some(1) {
                Kind::Write { mask: Mask::All }
            } else {
                Kind::Write { mask: Mask::Scalar }
            }
        }
        (None, _) => Kind::Write { mask: Mask::Scalar },
        (Some(n), _) if n == exec => Kind::Write { mask: Mask::Vector },
        (Some(n), _) => {
            return Err(Broken::new("mask-size", format!("a <{n} x i1> mask for a region of {exec} elements")))
        }
    })
}

/// A rdpredregion/wrpredregion call's operands, checked, as its access.
fn read_pred<'ctx>(
    op: Op,
    args: &[BasicValueEnum<'ctx>],
    want: usize,
    result: BasicTypeEnum<'ctx>,
) -> Result<Call<'ctx>, Broken> {
    let write = op == Op::WrPredRegion;
    let pred_vec = |v: BasicValueEnum<'ctx>, i: usize| match v {
        BasicValueEnum::VectorValue(vv) if is_i1(vv.get_type().get_element_type()) => Ok(vv),
        other => {
            Err(Broken::new("operand-type", format!("operand {i} must be a vector of i1, not {}", type_text(other))))
        }
    };
    let vector = pred_vec(args[0], 0)?;
    let new = if write { Some(pred_vec(args[1], 1)?) } else { None };
    let offset = const_i32(args[want - 1], "the predicate offset")?;
    let (rl, re) = lanes_of(result);
    if !is_i1(re) || rl.is_none() {
        return Err(Broken::new("operand-type", "a predicate region returns a vector of i1"));
    }
    if write && result != vector.get_type().as_basic_type_enum() {
        return Err(Broken::new("operand-type", "a wrpredregion returns the type of its old value"));
    }
    let exec = match new {
        Some(n) => n.get_type().get_size(),
        None => rl.unwrap_or(0),
    };
    let access = PredAccess::new(write, vector.get_type().get_size(), exec, offset)?;
    Ok(Call::Pred(PredCall { access, vector, new }))
}

/// The name the call should have for its operand types (None for non-region calls).
pub fn expected_name(call: &Call<'_>) -> String {
    match call {
        Call::Region(r) => {
            let a = &r.access;
            let idx = match r.index {
                BasicValueEnum::VectorValue(v) => Some(v.get_type().get_size()),
                _ => None,
            };
            match a.kind {
                Kind::Read => {
                    mangle::rdregion(a.elem, if r.scalar_result { None } else { Some(a.region.exec) }, a.vec_len, idx)
                }
                Kind::Write { .. } => {
                    let new = r.new.and_then(|n| shape(n).0);
                    let mask = r.mask.and_then(|m| shape(m).0);
                    mangle::wrregion(a.elem, a.vec_len, new, idx, mask)
                }
            }
        }
        Call::Pred(p) => {
            if p.access.write {
                mangle::wrpredregion(p.access.vec_len, p.access.exec)
            } else {
                mangle::rdpredregion(p.access.exec, p.access.vec_len)
            }
        }
    }
}

/// Builds region calls before the builder's position, declaring the
/// intrinsics with their exact mangled names as needed.
pub struct Emitter<'a, 'ctx> {
    pub module: &'a Module<'ctx>,
    pub builder: &'a Builder<'ctx>,
    /// Names already checked or declared in this run: a name's type is
    /// checked once, not once per piece.
    declared: std::cell::RefCell<hashbrown::HashMap<String, FunctionValue<'ctx>>>,
}

/// Errors while building IR (the builder was not positioned): a weft bug.
pub fn built<T>(r: Result<T, llvm_plugin::inkwell::builder::BuilderError>) -> Result<T, Broken> {
    r.map_err(|e| Broken::new("internal", format!("IR builder: {e}")))
}

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    pub fn new(module: &'a Module<'ctx>, builder: &'a Builder<'ctx>) -> Self {
        Emitter { module, builder, declared: Default::default() }
    }

    /// The intrinsic `name` of type `ret (params)`; an existing declaration
    /// of that name with another type is an error (calling it would break
    /// the module). The mangled name fixes the type, so one check per name.
    fn declare(
        &self,
        name: &str,
        ret: BasicTypeEnum<'ctx>,
        params: &[BasicTypeEnum<'ctx>],
    ) -> Result<FunctionValue<'ctx>, Broken> {
        if let Some(&f) = self.declared.borrow().get(name) {
            return Ok(f);
        }
        let ps: Vec<BasicMetadataTypeEnum<'ctx>> = params.iter().map(|&p| p.into()).collect();
        let ty = ret.fn_type(&ps, false);
        let f = match self.module.get_function(name) {
            Some(f) if f.get_type() == ty => f,
            Some(f) => {
                return Err(Broken::new(
                    "declaration",
                    format!(
                        "@{name} is already declared as {}, not {}",
                        f.get_type().print_to_string().to_string_lossy(),
                        ty.print_to_string().to_string_lossy()
                    ),
                ))
            }
            None => self.module.add_function(name, ty, None),
        };
        self.declared.borrow_mut().insert(name.to_string(), f);
        Ok(f)
    }

    fn call(
        &self,
        f: FunctionValue<'ctx>,
        args: &[BasicValueEnum<'ctx>],
        name: &str,
    ) -> Result<BasicValueEnum<'ctx>, Broken> {
        let args: Vec<_> = args.iter().map(|&a| a.into()).collect();
        let cs = built(self.builder.build_call(f, &args, name))?;
        cs.try_as_basic_value().left().ok_or_else(|| Broken::new("internal", "an intrinsic call without a value"))
    }

    pub fn i32(&self, v: i64) -> BasicValueEnum<'ctx> {
        self.module.get_context().i32_type().const_int(v as u64, true).into()
    }

    pub fn i16(&self, v: i64) -> IntValue<'ctx> {
        self.module.get_context().i16_type().const_int(v as u64, true)
    }

    /// `rdregion(src, vstride, width, stride, index, parent_width)`: `exec`
    /// elements, as a scalar when `scalar`.
    #[allow(clippy::too_many_arguments)]
    pub fn rdregion(
        &self,
        elem: ElemType,
        src: VectorValue<'ctx>,
        exec: u32,
        scalar: bool,
        (vstride, width, stride): (u32, u32, u32),
        index: BasicValueEnum<'ctx>,
        parent_width: BasicValueEnum<'ctx>,
        name: &str,
    ) -> Result<BasicValueEnum<'ctx>, Broken> {
        let et = src.get_type().get_element_type();
        let ret: BasicTypeEnum = if scalar {
            et
        } else {
            vec_of(et, exec).ok_or_else(|| Broken::new("internal", "a region of non-scalar elements"))?.into()
        };
        let idx_lanes = index_lanes(index);
        let fname = mangle::rdregion(elem, (!scalar).then_some(exec), src.get_type().get_size(), idx_lanes);
        let params = [
            src.get_type().into(),
            self.i32(0).get_type(),
            self.i32(0).get_type(),
            self.i32(0).get_type(),
            index.get_type(),
            parent_width.get_type(),
        ];
        let f = self.declare(&fname, ret, &params)?;
        self.call(
            f,
            &[
                src.into(),
                self.i32(vstride as i64),
                self.i32(width as i64),
                self.i32(stride as i64),
                index,
                parent_width,
            ],
            name,
        )
    }

    /// `wrregion(old, new, vstride, width, stride, index, parent_width, mask)`.
    #[allow(clippy::too_many_arguments)]
    pub fn wrregion(
        &self,
        elem: ElemType,
        old: VectorValue<'ctx>,
        new: BasicValueEnum<'ctx>,
        (vstride, width, stride): (u32, u32, u32),
        index: BasicValueEnum<'ctx>,
        parent_width: BasicValueEnum<'ctx>,
        mask: BasicValueEnum<'ctx>,
        name: &str,
    ) -> Result<VectorValue<'ctx>, Broken> {
        let new_lanes = shape(new).0;
        let mask_lanes = shape(mask).0;
        let fname = mangle::wrregion(elem, old.get_type().get_size(), new_lanes, index_lanes(index), mask_lanes);
        let i32t = self.i32(0).get_type();
        let params = [
            old.get_type().into(),
            new.get_type(),
            i32t,
            i32t,
            i32t,
            index.get_type(),
            parent_width.get_type(),
            mask.get_type(),
        ];
        let f = self.declare(&fname, old.get_type().into(), &params)?;
        let v = self.call(
            f,
            &[
                old.into(),
                new,
                self.i32(vstride as i64),
                self.i32(width as i64),
                self.i32(stride as i64),
                index,
                parent_width,
                mask,
            ],
            name,
        )?;
        Ok(v.into_vector_value())
    }

    /// `rdpredregion(src, offset)`: `exec` bits.
    pub fn rdpredregion(
        &self,
        src: VectorValue<'ctx>,
        exec: u32,
        offset: u32,
        name: &str,
    ) -> Result<VectorValue<'ctx>, Broken> {
        let i1v = self.module.get_context().bool_type().vec_type(exec);
        let fname = mangle::rdpredregion(exec, src.get_type().get_size());
        let f = self.declare(&fname, i1v.into(), &[src.get_type().into(), self.i32(0).get_type()])?;
        Ok(self.call(f, &[src.into(), self.i32(offset as i64)], name)?.into_vector_value())
    }

    /// `wrpredregion(old, new, offset)`.
    pub fn wrpredregion(
        &self,
        old: VectorValue<'ctx>,
        new: VectorValue<'ctx>,
        offset: u32,
        name: &str,
    ) -> Result<VectorValue<'ctx>, Broken> {
        let fname = mangle::wrpredregion(old.get_type().get_size(), new.get_type().get_size());
        let f = self.declare(
            &fname,
            old.get_type().into(),
            &[old.get_type().into(), new.get_type().into(), self.i32(0).get_type()],
        )?;
        Ok(self.call(f, &[old.into(), new.into(), self.i32(offset as i64)], name)?.into_vector_value())
    }
}

/// `<n x t>` for a scalar type.
pub fn vec_of(t: BasicTypeEnum<'_>, n: u32) -> Option<VectorType<'_>> {
    match t {
        BasicTypeEnum::IntType(i) => Some(i.vec_type(n)),
        BasicTypeEnum::FloatType(f) => Some(f.vec_type(n)),
        BasicTypeEnum::PointerType(p) => Some(p.vec_type(n)),
        _ => None,
    }
}

fn index_lanes(v: BasicValueEnum<'_>) -> Option<u32> {
    match v {
        BasicValueEnum::VectorValue(vv) => Some(vv.get_type().get_size()),
        _ => None,
    }
}

/// The call as printed, for diagnostics.
pub fn call_text(inst: InstructionValue<'_>) -> String {
    inst.print_to_string().to_string_lossy().trim().to_string()
}
