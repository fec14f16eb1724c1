//! The typed directive model both input forms parse into. Plain data: operands
//! are identified by `ValueId` and described by `OperandKind`, so the model
//! can be built and tested without LLVM. Nothing downstream knows which form
//! a directive came from except for printing.
use crate::error::{Rule, WeftError};
pub use crate::operand::{Operand, OperandKind, ValueId};
use crate::vocab::{Arity, ClauseKind, DirKind, Modifiers, ReductionOp, ARRSECT_MARKER, NONPOD_MARKER};

mod allocate;
mod inscan;
mod item;
mod refusal;
pub use allocate::Allocation;
use inscan::inscan_index;
pub use item::{Item, Typed};
use refusal::{arity_err, kind_err};

/// Which input form a directive was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `llvm.directive` + `llvm.directive.qual*` + `DIR.QUAL.LIST.END`.
    Paper,
    /// `llvm.directive.region.entry/exit` with operand bundles.
    Region,
}

/// A clause's arguments, by arity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Args {
    None,
    Value(Operand),
    /// icx's `NUM_TEAMS:TYPED` / `THREAD_LIMIT:TYPED`: the value is read
    /// from the memory `value` points to (or is `value`, an integer
    /// constant, after optimization), of the type of `ty`.
    TypedValue {
        value: Operand,
        ty: Operand,
    },
    /// List items; `step` for LINEAR, `chunk` for SCHEDULE/DIST_SCHEDULE
    /// (None when not given or given as 0).
    List {
        items: Vec<Item>,
        extra: Option<Operand>,
    },
    /// A doacross loop's `ORDERED(n, trip...)`: n, then the iteration count
    /// of each of the n loops (an integer, as icx writes it, or a pointer
    /// to an i64 slot that holds it when the loop starts: weft-prepare's
    /// form for a nest it normalized, like NORMALIZED.UB's slot).
    Ordered {
        n: Operand,
        trips: Vec<Operand>,
    },
    /// ALLOCATE: one variable with its alignment and allocator.
    Allocate(Allocation),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    pub kind: ClauseKind,
    pub modifiers: Modifiers,
    pub args: Args,
    /// The tag as written (for messages).
    pub spelling: String,
}

impl Clause {
    pub fn items(&self) -> &[Item] {
        match &self.args {
            Args::List { items, .. } => items,
            Args::Allocate(a) => std::slice::from_ref(&a.item),
            _ => &[],
        }
    }
    pub fn value(&self) -> Option<&Operand> {
        match &self.args {
            Args::Value(v) | Args::TypedValue { value: v, .. } | Args::Ordered { n: v, .. } => Some(v),
            _ => None,
        }
    }
    /// The trip counts (or their slots) of a doacross ORDERED(n, trip...).
    pub fn trips(&self) -> &[Operand] {
        match &self.args {
            Args::Ordered { trips, .. } => trips,
            _ => &[],
        }
    }
    /// LINEAR's step, ALIGNED's alignment, SCHEDULE's chunk or the inscan
    /// index of a scan reduction's or scan clause's item.
    pub fn extra(&self) -> Option<&Operand> {
        match &self.args {
            Args::List { extra, .. } => extra.as_ref(),
            _ => None,
        }
    }
}

/// A directive with its clauses, as parsed from one directive group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    pub kind: DirKind,
    pub clauses: Vec<Clause>,
    pub form: Form,
}

/// How many helper operands follow a NONPOD variable, per clause (paper III.E).
pub fn nonpod_helpers(kind: ClauseKind) -> Option<&'static [&'static str]> {
    Some(match kind {
        ClauseKind::Private => &["ctor", "dtor"],
        ClauseKind::Firstprivate => &["copy-ctor", "dtor"],
        ClauseKind::Lastprivate => &["ctor", "copy-assign", "dtor"],
        // (A predefined operator's are null: weft-cc writes a reduction by an
        // operator also declared for some type this way.)
        ClauseKind::Reduction(_) => &["ctor", "dtor", "combiner", "initializer"],
        // (A task's in_reduction of a declared reduction: the helpers come
        // along; the task itself only finds its thread's copy.)
        ClauseKind::InReduction(_) => &["ctor", "dtor", "combiner", "initializer"],
        ClauseKind::Copyin | ClauseKind::Copyprivate => &["copy-assign"],
        _ => return None,
    })
}

/// Why a clause tag is refused when its name is not in the vocabulary.
pub const NOT_A_CLAUSE: &str = "not a clause weft knows (see the README's vocabulary)";
/// How the refusal of a modifier not in the vocabulary starts.
pub const UNKNOWN_MODIFIER: &str = "unknown clause modifier";

/// Splits a clause tag `QUAL.OMP.NAME[.SUB][:MOD[.MOD]*]` into kind and modifiers.
pub fn parse_clause_tag(tag: &str) -> Result<(ClauseKind, Arity, Modifiers), WeftError> {
    let (base, mods) = match tag.split_once(':') {
        Some((b, m)) => (b, Some(m)),
        None => (tag, None),
    };
    let mut modifiers = Modifiers::empty();
    if let Some(mods) = mods {
        for m in mods.split('.') {
            modifiers |= Modifiers::parse_one(m)
                .ok_or_else(|| WeftError::new(Rule::UnknownModifier, tag, format!("{UNKNOWN_MODIFIER} '{m}'")))?;
        }
    }
    // A memory order on an atomic clause is written as part of the name
    // (icx's `.SEQ_CST`; weft reads the other OpenMP 5.1 orders the same
    // way). A name that is a clause itself (`QUAL.OMP.FAIL.SEQ_CST`) is not
    // split.
    let split = match ClauseKind::parse(base) {
        Some(_) => None,
        None => crate::vocab::MemOrder::ALL
            .iter()
            .find_map(|&(n, _, m)| base.strip_suffix(n).and_then(|b| b.strip_suffix('.')).map(|b| (b, m))),
    };
    let (base, order) = match split {
        Some((b, m)) => (b, Some(m)),
        None => (base, None),
    };
    // icx's older `DEFAULTMAP.TOFROM.SCALAR`: the category in the name.
    let (base, scalar) = match base.strip_suffix(".SCALAR").filter(|b| b.starts_with("QUAL.OMP.DEFAULTMAP.")) {
        Some(b) => (b, true),
        None => (base, false),
    };
    if scalar {
        modifiers |= Modifiers::SCALAR;
    }
    let (kind, arity) =
        ClauseKind::parse(base).ok_or_else(|| WeftError::new(Rule::UnknownClause, tag, NOT_A_CLAUSE))?;
    if let Some(m) = order {
        if !kind.allowed_modifiers().contains(Modifiers::ORDERS) {
            return Err(WeftError::new(
                Rule::UnknownClause,
                tag,
                format!(".{} applies to atomic clauses only", m.names()),
            ));
        }
        modifiers |= m;
    }
    let categories = modifiers & (Modifiers::SCALAR | Modifiers::AGGREGATE | Modifiers::POINTER);
    if categories.bits().count_ones() > 1 {
        return Err(WeftError::new(
            Rule::UnknownModifier,
            tag,
            format!("a DEFAULTMAP names one category, got {}", categories.names()),
        ));
    }
    let stray = modifiers - kind.allowed_modifiers();
    if !stray.is_empty() {
        return Err(WeftError::new(
            Rule::UnknownModifier,
            tag,
            format!("modifier {} does not apply to {}", stray.names(), kind.name()),
        ));
    }
    Ok((kind, arity, modifiers))
}

/// Which paper-form intrinsic carried a clause (None for the region form,
/// where every clause is a bundle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carrier {
    Paper(Arity),
    Bundle,
}

/// Builds a typed clause from its tag and operands.
pub fn parse_clause(tag: &str, operands: Vec<Operand>, carrier: Carrier) -> Result<Clause, WeftError> {
    let (kind, arity, modifiers) = parse_clause_tag(tag)?;
    if let Carrier::Paper(given) = carrier {
        // ORDERED may come with or without its loop count.
        // A sandwich clause on a registerized variable may come through the
        // one-operand intrinsic, as Tian et al. 2016 write it
        // (`qual.opnd.i32(!"QUAL.OMP.LINEAR", i32 %k.0, i32 1)`): a list of
        // that SSA value (and LINEAR's step).
        let ssa_item = given == Arity::One
            && matches!(kind, ClauseKind::Private | ClauseKind::Linear | ClauseKind::Uniform)
            && operands.first().is_some_and(|o| {
                o.is_value() && !o.is_pointer() && (o.const_int().is_none() || kind == ClauseKind::Uniform)
            });
        // DEPEND.SOURCE comes without operands, or (icx) with the current
        // iteration's vector.
        // ORDERED comes without its loop count, with it, or with the loops'
        // trip counts after it (through the list intrinsic); PARTIAL without
        // its factor.
        let optional = (kind == ClauseKind::Ordered && given != arity)
            || (kind == ClauseKind::DependSource && given == Arity::None)
            || (kind == ClauseKind::Partial && given == Arity::None);
        let ok = given == arity || optional || ssa_item;
        if !ok {
            return Err(arity_err(
                tag,
                format!("takes {} and must be given through {}", arity_words(arity), intrinsic_for(arity)),
            ));
        }
    }
    let args = match arity {
        Arity::None => {
            if !operands.is_empty() {
                return Err(arity_err(tag, format!("takes no operand, got {}", operands.len())));
            }
            Args::None
        }
        Arity::One => match operands.len() {
            0 if matches!(kind, ClauseKind::Ordered | ClauseKind::Partial) => Args::None,
            // icx writes a plain `ordered` as ORDERED(0).
            1 if kind == ClauseKind::Ordered && operands[0].const_uint() == Some(0) => Args::None,
            // icx's doacross form: ORDERED(n, trip count of each of the n
            // loops).
            n if kind == ClauseKind::Ordered && n > 1 => {
                let mut ops = operands.into_iter();
                let v = ops.next().expect("n > 1 operands");
                check_single(tag, kind, &v)?;
                if v.const_uint().is_none_or(|k| k as usize != n - 1) {
                    return Err(arity_err(
                        tag,
                        format!(
                            "ORDERED(n, trip counts...) takes n trip counts after n, got {} for n = {}",
                            n - 1,
                            v.text
                        ),
                    ));
                }
                let trips: Vec<Operand> = ops.collect();
                if let Some(bad) = trips.iter().find(|t| !t.is_int() && !t.is_pointer()) {
                    return Err(kind_err(tag, format!("a loop's trip count must be an integer, got {}", bad.text)));
                }
                Args::Ordered { n: v, trips }
            }
            _ if modifiers.contains(Modifiers::TYPED) => typed_value(tag, operands)?,
            1 => {
                let v = operands.into_iter().next().expect("one operand");
                check_single(tag, kind, &v)?;
                Args::Value(v)
            }
            n => return Err(arity_err(tag, format!("takes exactly one operand, got {n}"))),
        },
        Arity::List => parse_list(tag, kind, modifiers, operands)?,
    };
    Ok(Clause { kind, modifiers, args, spelling: tag.to_string() })
}

fn arity_words(a: Arity) -> &'static str {
    match a {
        Arity::None => "no operand",
        Arity::One => "one operand",
        Arity::List => "a list of operands",
    }
}

fn intrinsic_for(a: Arity) -> &'static str {
    match a {
        Arity::None => "llvm.directive.qual",
        Arity::One => "llvm.directive.qual.opnd",
        Arity::List => "llvm.directive.qual.opndlist",
    }
}

/// `:TYPED` one-operand clauses (icx's NUM_TEAMS, THREAD_LIMIT): `(ptr
/// slot, <integer value of its type>)`, or `(iN constant, <value>)` once
/// optimization has folded the slot.
fn typed_value(tag: &str, operands: Vec<Operand>) -> Result<Args, WeftError> {
    let [value, ty]: [Operand; 2] = operands.try_into().map_err(|ops: Vec<Operand>| {
        arity_err(tag, format!(":TYPED takes (slot, value of its type), got {} operand(s)", ops.len()))
    })?;
    let slot = value.is_pointer() && !matches!(value.kind, OperandKind::Pointer { null: true });
    if !slot && !value.is_int() {
        return Err(kind_err(tag, format!("needs the memory holding the value, or an integer, got {}", value.text)));
    }
    if !ty.is_int() {
        return Err(kind_err(tag, format!("the type operand must be a value of an integer type, got {}", ty.text)));
    }
    Ok(Args::TypedValue { value, ty })
}

/// Checks the operand of a one-operand clause.
fn check_single(tag: &str, kind: ClauseKind, v: &Operand) -> Result<(), WeftError> {
    use ClauseKind as C;
    match kind {
        C::Collapse | C::Safelen | C::Simdlen | C::Ordered | C::Partial => match v.const_uint() {
            Some(n) if n > 0 => Ok(()),
            _ => Err(kind_err(tag, format!("needs a positive integer constant, got {}", v.text))),
        },
        C::OffloadEntryIdx => match v.const_int() {
            Some(n) if n >= 0 => Ok(()),
            _ => Err(kind_err(tag, format!("needs a non-negative integer constant (an index), got {}", v.text))),
        },
        C::If | C::Final => {
            if v.is_int() {
                Ok(())
            } else {
                Err(kind_err(tag, format!("needs an integer (boolean) condition, got {}", v.text)))
            }
        }
        C::Name => {
            // icx gives the name as a constant i8 array (`[5 x i8] c"xaxis"`).
            let chars = matches!(v.kind, OperandKind::Other) && v.ty.starts_with('[') && v.ty.ends_with(" x i8]");
            if v.md_string().is_some() || v.is_pointer() || chars {
                Ok(())
            } else {
                Err(kind_err(tag, format!("needs a name (metadata string or constant string), got {}", v.text)))
            }
        }
        _ => {
            if v.is_int() {
                Ok(())
            } else {
                Err(kind_err(tag, format!("needs an integer expression, got {}", v.text)))
            }
        }
    }
}

fn parse_list(tag: &str, kind: ClauseKind, mods: Modifiers, ops: Vec<Operand>) -> Result<Args, WeftError> {
    use ClauseKind as C;
    match kind {
        C::DependSink | C::DependSource => return sink_vector(tag, kind, ops),
        C::Sizes => return tile_sizes(tag, ops),
        C::Schedule(_) | C::DistSchedule => return chunk_size(tag, ops),
        C::NormalizedIv | C::NormalizedUb => return normalized_slots(tag, mods, ops),
        C::Allocate => return allocate::parse(tag, ops).map(Args::Allocate),
        // icx: `(array..., i32 safelen)`, -1 for none; refused by the plan.
        C::PragmaArray => {
            let (ints, vars): (Vec<Operand>, Vec<Operand>) = ops.into_iter().partition(Operand::is_int);
            let items = vars.into_iter().map(|var| Item::Var { var, typed: None }).collect();
            return Ok(Args::List { items, extra: ints.into_iter().next() });
        }
        // (icx's older chains: the bits are missing, and with them which
        // entries are members.)
        C::Map(_) if mods.intersects(Modifiers::AGGRHEAD | Modifiers::AGGR) => {
            return Err(WeftError::new(
                Rule::NotYetSupported,
                tag,
                "icx's older map chains (AGGRHEAD, AGGR: no map-type bits); write the chain as MAP entries with their bits and :CHAIN links",
            ))
        }
        C::Map(_) if is_map_chain(&ops) => {
            let mut it = ops.into_iter();
            let base = it.next().expect("checked");
            let begin = it.next().expect("checked");
            let size = it.next().expect("checked");
            let map_type = it.next().expect("checked");
            let item = Item::MapChain { base, begin, size, map_type, rest: it.collect() };
            return Ok(Args::List { items: vec![item], extra: None });
        }
        _ => {}
    }
    let mut ops = ops;
    let mut extra = None;
    if kind == C::Linear && !mods.contains(Modifiers::TYPED) && ops.len() >= 2 {
        // Untyped LINEAR: the items, then the step (paper form and icx alike).
        let step = ops.pop().expect("len >= 2");
        if !step.is_int() {
            return Err(kind_err(
                tag,
                format!("the last operand of LINEAR is its step and must be an integer, got {}", step.text),
            ));
        }
        extra = Some(step);
    }
    if kind == C::Aligned && ops.len() >= 2 && ops.last().is_some_and(|o| o.is_int()) {
        // ALIGNED: the items, then the alignment in bytes (icx).
        let align = ops.pop().expect("len >= 2");
        if !align.const_uint().is_some_and(|n| n.is_power_of_two()) {
            return Err(kind_err(tag, format!("alignment must be a constant power of two, got {}", align.text)));
        }
        extra = Some(align);
    }
    // A scan reduction's item and a scan clause's item may end with icx's
    // inscan index, which pairs them (OpenMP 5.1 §2.11.8).
    let index = inscan_index(tag, kind, mods, &mut ops)?;
    let items = if mods.contains(Modifiers::TYPED) {
        parse_typed_items(tag, kind, mods, ops, &mut extra)?
    } else if mods.contains(Modifiers::NONPOD) {
        // Region form: the whole bundle is one non-POD item.
        let mut it = ops.into_iter();
        let var = it.next().ok_or_else(|| arity_err(tag, "names no variable"))?;
        let helpers: Vec<Operand> = it.collect();
        vec![nonpod_item(tag, kind, var, None, helpers)?]
    } else if is_udr_bundle(kind, &ops) {
        // icx: `REDUCTION.UDR(var, ctor, dtor, combiner, initializer)`, the
        // helpers without a NONPOD modifier, absent ones null.
        let mut it = ops.into_iter();
        let var = it.next().expect("checked");
        vec![nonpod_item(tag, kind, var, None, it.collect())?]
    } else if mods.contains(Modifiers::ARRSECT) {
        let mut it = ops.into_iter().peekable();
        let item = parse_arrsect(tag, &mut it)?;
        if let Some(more) = it.next() {
            return Err(arity_err(tag, format!("unexpected operand {} after the array section", more.text)));
        }
        vec![item]
    } else {
        parse_marked_items(tag, kind, ops)?
    };
    if items.is_empty() {
        return Err(arity_err(tag, "lists no item"));
    }
    if index.is_some() && items.len() > 1 {
        return Err(arity_err(tag, "an inscan index names one item: give each item a clause of its own"));
    }
    if index.is_some() {
        extra = index;
    }
    for item in &items {
        check_item(tag, kind, mods, item)?;
    }
    Ok(Args::List { items, extra })
}

/// DEPEND.SINK / DEPEND.SOURCE: one integer per ordered loop: values, not
/// variables (a SOURCE without operands: the current iteration).
fn sink_vector(tag: &str, kind: ClauseKind, ops: Vec<Operand>) -> Result<Args, WeftError> {
    if ops.is_empty() && kind == ClauseKind::DependSink {
        return Err(arity_err(tag, "lists no iteration"));
    }
    if let Some(bad) = ops.iter().find(|o| !o.is_int()) {
        return Err(kind_err(tag, format!("a sink vector's entries are integers, got {}", bad.text)));
    }
    let items = ops.into_iter().map(|var| Item::Var { var, typed: None }).collect();
    Ok(Args::List { items, extra: None })
}

/// SIZES: one positive integer constant per tiled loop (OpenMP 5.1
/// §2.11.9.1): sizes, not variables.
fn tile_sizes(tag: &str, ops: Vec<Operand>) -> Result<Args, WeftError> {
    if ops.is_empty() {
        return Err(arity_err(tag, "lists no size"));
    }
    if let Some(bad) = ops.iter().find(|o| o.const_int().is_none_or(|n| n <= 0)) {
        return Err(kind_err(tag, format!("each size must be a positive integer constant, got {}", bad.text)));
    }
    let items = ops.into_iter().map(|var| Item::Var { var, typed: None }).collect();
    Ok(Args::List { items, extra: None })
}

/// SCHEDULE / DIST_SCHEDULE: one chunk operand (0 or absent: none given).
fn chunk_size(tag: &str, ops: Vec<Operand>) -> Result<Args, WeftError> {
    if ops.len() > 1 {
        return Err(arity_err(tag, format!("takes one chunk-size operand, got {}", ops.len())));
    }
    let chunk = ops.into_iter().next();
    if let Some(c) = &chunk {
        if !c.is_int() || c.const_int().is_some_and(|n| n < 0) {
            return Err(kind_err(tag, format!("chunk size must be a non-negative integer, got {}", c.text)));
        }
    }
    let chunk = chunk.filter(|c| c.const_int() != Some(0));
    Ok(Args::List { items: Vec::new(), extra: chunk })
}

/// NORMALIZED.IV / NORMALIZED.UB: one slot per collapsed loop: `(ptr
/// slot...)`, or `:TYPED` pairs `(ptr slot, <type value>)...`; a slot is
/// null after optimization.
fn normalized_slots(tag: &str, mods: Modifiers, ops: Vec<Operand>) -> Result<Args, WeftError> {
    let typed = mods.contains(Modifiers::TYPED);
    let per_item = if typed { 2 } else { 1 };
    if ops.is_empty() || ops.len() % per_item != 0 {
        let what = if typed { "(slot, type) pairs" } else { "memory slots" };
        return Err(arity_err(tag, format!("takes {what}, got {} operand(s)", ops.len())));
    }
    let mut items = Vec::new();
    for pair in ops.chunks(per_item) {
        let var = pair[0].clone();
        if !var.is_pointer() {
            return Err(kind_err(tag, format!("needs a pointer to the normalized slot, got {}", var.text)));
        }
        if let Some(ty) = pair.get(1) {
            check_type_operand(tag, ty)?;
        }
        let typed = pair.get(1).map(|ty| Typed { ty: ty.clone(), count: None, offset: None });
        items.push(Item::Var { var, typed });
    }
    Ok(Args::List { items, extra: None })
}

/// Region form `:TYPED`: `(var, type, count)` per item (LINEAR adds the step;
/// NONPOD adds the helpers). icx emits one item per bundle.
/// The type operand of a `:TYPED` item is a value of the element type: a
/// first-class value, not a token or metadata.
fn check_type_operand(tag: &str, ty: &Operand) -> Result<(), WeftError> {
    if matches!(ty.kind, OperandKind::Token | OperandKind::Metadata | OperandKind::MdString(_) | OperandKind::Function)
    {
        return Err(kind_err(
            tag,
            format!("the type operand of a :TYPED item must be a value of the element type, got {}", ty.text),
        ));
    }
    Ok(())
}

fn parse_typed_items(
    tag: &str,
    kind: ClauseKind,
    mods: Modifiers,
    ops: Vec<Operand>,
    extra: &mut Option<Operand>,
) -> Result<Vec<Item>, WeftError> {
    let linear = kind == ClauseKind::Linear;
    let section = mods.contains(Modifiers::ARRSECT);
    // var, type, count, then LINEAR's step, then a section's offset.
    let min = 3 + usize::from(linear) + usize::from(section);
    if ops.len() < min {
        let last = match (linear, section) {
            (true, true) => ", step, offset",
            (true, false) => ", step",
            (false, true) => ", offset",
            (false, false) => "",
        };
        return Err(arity_err(tag, format!(":TYPED takes (var, type, count{last}), got {} operand(s)", ops.len())));
    }
    let mut it = ops.into_iter();
    let var = it.next().expect("checked");
    let ty = it.next().expect("checked");
    let count = it.next().expect("checked");
    check_type_operand(tag, &ty)?;
    if !count.is_int() {
        return Err(kind_err(
            tag,
            format!("the element count of a :TYPED item must be an integer, got {}", count.text),
        ));
    }
    if linear {
        let step = it.next().expect("checked");
        if !step.is_int() {
            return Err(kind_err(tag, format!("LINEAR step must be an integer, got {}", step.text)));
        }
        *extra = Some(step);
    }
    // `:ARRSECT.TYPED` (icx): `count` elements from element `offset` of var.
    let offset = if section {
        let off = it.next().expect("checked");
        if !off.is_int() {
            return Err(kind_err(tag, format!("array section offset must be an integer, got {}", off.text)));
        }
        Some(off)
    } else {
        None
    };
    let typed = Some(Typed { ty, count: Some(count), offset });
    let rest: Vec<Operand> = it.collect();
    // (icx writes `REDUCTION.UDR:TYPED` with its helpers but no NONPOD.)
    if mods.contains(Modifiers::NONPOD) || kind == ClauseKind::Reduction(ReductionOp::Udr) && !rest.is_empty() {
        Ok(vec![nonpod_item(tag, kind, var, typed, rest)?])
    } else if !rest.is_empty() {
        Err(arity_err(tag, format!(":TYPED takes exactly {min} operands, got {}", min + rest.len())))
    } else {
        Ok(vec![Item::Var { var, typed }])
    }
}

fn nonpod_item(
    tag: &str,
    kind: ClauseKind,
    var: Operand,
    typed: Option<Typed>,
    helpers: Vec<Operand>,
) -> Result<Item, WeftError> {
    let names = nonpod_helpers(kind).ok_or_else(|| arity_err(tag, "this clause takes no non-POD items"))?;
    if helpers.len() != names.len() {
        return Err(arity_err(
            tag,
            format!(
                "a non-POD item takes the variable and {} ({}), got {} helper operand(s)",
                names.len(),
                names.join(", "),
                helpers.len()
            ),
        ));
    }
    for (h, name) in helpers.iter().zip(names) {
        let ok = matches!(h.kind, OperandKind::Function | OperandKind::Pointer { null: true });
        if !ok {
            return Err(kind_err(tag, format!("the non-POD {name} must be a function or null, got {}", h.text)));
        }
    }
    Ok(Item::NonPod { var, typed, helpers })
}

/// An array section after its marker: base, number of dimensions, then
/// (lower, length, stride) per dimension.
fn parse_arrsect(tag: &str, it: &mut std::iter::Peekable<std::vec::IntoIter<Operand>>) -> Result<Item, WeftError> {
    let base = it.next().ok_or_else(|| arity_err(tag, "array section has no base"))?;
    let ndims = it.next().ok_or_else(|| arity_err(tag, "array section has no dimension count"))?;
    let n = match ndims.const_uint() {
        Some(n) if (1..=64).contains(&n) => n as usize,
        _ => {
            return Err(kind_err(
                tag,
                format!("array section dimension count must be a positive constant, got {}", ndims.text),
            ))
        }
    };
    let mut dims = Vec::with_capacity(n);
    for d in 0..n {
        let mut triple = Vec::with_capacity(3);
        for _ in 0..3 {
            let v = it.next().ok_or_else(|| {
                arity_err(tag, format!("array section dimension {} needs (lower, length, stride)", d + 1))
            })?;
            if !v.is_int() {
                return Err(kind_err(tag, format!("array section bounds must be integers, got {}", v.text)));
            }
            triple.push(v);
        }
        dims.push(triple.try_into().expect("three operands"));
    }
    Ok(Item::ArrSect { base, dims })
}

/// Paper-form operand lists: plain values, or a marker starting a multi-operand item.
fn parse_marked_items(tag: &str, kind: ClauseKind, ops: Vec<Operand>) -> Result<Vec<Item>, WeftError> {
    let mut items = Vec::new();
    let mut it = ops.into_iter().peekable();
    while let Some(op) = it.next() {
        match op.md_string() {
            Some(NONPOD_MARKER) => {
                let names = nonpod_helpers(kind).ok_or_else(|| arity_err(tag, "this clause takes no non-POD items"))?;
                let var = it.next().ok_or_else(|| arity_err(tag, "QUAL.OPND.NONPOD is followed by no variable"))?;
                let helpers: Vec<Operand> = it.by_ref().take(names.len()).collect();
                items.push(nonpod_item(tag, kind, var, None, helpers)?);
            }
            Some(ARRSECT_MARKER) => items.push(parse_arrsect(tag, &mut it)?),
            Some(other) => {
                return Err(WeftError::new(
                    Rule::UnknownClause,
                    tag,
                    format!("unknown operand marker '{other}' (expected QUAL.OPND.NONPOD or QUAL.OPND.ARRSECT)"),
                ))
            }
            None if op.is_value() => items.push(Item::Var { var: op, typed: None }),
            None => return Err(kind_err(tag, format!("operand {} is not a value", op.text))),
        }
    }
    Ok(items)
}

/// icx's untyped UDR item: a variable and four helpers, each a function or
/// null (never list items, so no list of variables looks like this).
fn is_udr_bundle(kind: ClauseKind, ops: &[Operand]) -> bool {
    matches!(kind, ClauseKind::Reduction(ReductionOp::Udr) | ClauseKind::InReduction(ReductionOp::Udr))
        && ops.len() == 5
        && ops.iter().all(|o| o.md_string().is_none())
        && ops[1..].iter().all(|o| matches!(o.kind, OperandKind::Function | OperandKind::Pointer { null: true }))
}

/// icx's MAP operands: `(ptr base, ptr begin, iN size, iN map-type[, name[, mapper]])`.
fn is_map_chain(ops: &[Operand]) -> bool {
    (4..=6).contains(&ops.len())
        && ops[0].is_pointer()
        && ops[1].is_pointer()
        && ops[2].is_int()
        && ops[3].is_int()
        && ops.iter().all(|o| o.md_string().is_none())
}

/// Checks that an item's variable is of the kind the clause needs.
fn check_item(tag: &str, kind: ClauseKind, mods: Modifiers, item: &Item) -> Result<(), WeftError> {
    use ClauseKind as C;
    let var = item.var();
    match kind {
        // Private items may be registerized values (paper III.F); LINEAR and
        // UNIFORM items may be SSA values placed by the sandwich scheme.
        C::Private | C::Linear | C::Uniform => {
            if matches!(var.kind, OperandKind::Pointer { null: true }) {
                return Err(kind_err(tag, "lists a null pointer as a variable"));
            }
            // (A constant is the same in every lane: a uniform value that
            // optimization has propagated.)
            if var.const_int().is_some() && kind != C::Uniform {
                return Err(kind_err(tag, format!("lists a constant, {}, as a variable", var.text)));
            }
            Ok(())
        }
        // icx's DEPARRAY is `(i32 count, ptr entries)`: its shape is
        // checked by weft-paropt's plan (plan/detach.rs).
        C::DepArray => Ok(()),
        _ => {
            let ok = var.is_pointer() && !matches!(var.kind, OperandKind::Pointer { null: true });
            if ok || mods.contains(Modifiers::BYREF) && var.is_pointer() {
                Ok(())
            } else {
                Err(kind_err(
                    tag,
                    format!("list items must be variables passed by reference (non-null pointers), got {}", var.text),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests;
