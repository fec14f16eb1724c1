//! The data environment d of a W-Region (paper IV.A), gathered from the
//! directive's clauses and the sandwich clauses placed inside the region.
use weft_intrinsics::model::{Allocation, Args, Clause, Item, Operand, ValueId};
use weft_intrinsics::vocab::{ClauseKind, DependKind, MapKind, Modifiers, ReductionOp, ScheduleKind};

#[derive(Clone, Debug, PartialEq)]
pub struct Reduction {
    pub op: ReductionOp,
    pub item: Item,
    pub modifiers: Modifiers,
    /// icx's inscan index of an INSCAN item (pairs it with a scan clause's).
    pub index: Option<Operand>,
}

/// An item of a scan directive's INCLUSIVE or EXCLUSIVE clause.
#[derive(Clone, Debug, PartialEq)]
pub struct ScanItem {
    pub inclusive: bool,
    pub item: Item,
    /// icx's inscan index (pairs it with the loop's INSCAN reduction item).
    pub index: Option<Operand>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Linear {
    pub item: Item,
    /// None: step 1.
    pub step: Option<Operand>,
    pub modifiers: Modifiers,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    pub kind: ScheduleKind,
    /// None: no chunk given.
    pub chunk: Option<Operand>,
    pub modifiers: Modifiers,
}

/// Everything a transformation needs to know about a region's data and
/// clauses, by category. Lists keep IR order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DataEnv {
    pub shared: Vec<Item>,
    pub private: Vec<Item>,
    pub firstprivate: Vec<Item>,
    pub lastprivate: Vec<(Item, Modifiers)>,
    pub copyin: Vec<Item>,
    pub copyprivate: Vec<Item>,
    pub reductions: Vec<Reduction>,
    /// A task's IN_REDUCTION items.
    pub in_reductions: Vec<Reduction>,
    pub linear: Vec<Linear>,
    pub uniform: Vec<Item>,
    /// Items with their alignment in bytes, if given.
    pub aligned: Vec<(Item, Option<Operand>)>,
    pub map: Vec<(MapKind, Item)>,
    pub depend: Vec<(DependKind, Item)>,
    /// A task's DETACH event handle variable.
    pub detach: Vec<Item>,
    /// A task's AFFINITY items (a hint; not acted on).
    pub affinity: Vec<Item>,
    /// icx's DEPARRAY operands: (entry count, `kmp_depend_info` array).
    pub dep_arrays: Vec<Vec<Item>>,
    /// `ordered depend(sink: ...)` vectors, one integer per ordered loop.
    pub sinks: Vec<Vec<Operand>>,
    /// `ordered depend(source)` with its iteration vector (icx), if given.
    pub source: Vec<Operand>,
    /// A doacross loop's trip counts, one per ordered loop (ORDERED(n,
    /// trip...)), when given.
    pub ordered_trips: Vec<Operand>,
    pub is_device_ptr: Vec<Item>,
    pub use_device_ptr: Vec<Item>,
    pub has_device_addr: Vec<Item>,
    pub use_device_addr: Vec<Item>,
    pub flush: Vec<Item>,
    pub threadprivate: Vec<Item>,
    pub normalized_iv: Vec<Item>,
    pub normalized_ub: Vec<Item>,
    /// `tile sizes(...)`: one positive constant per tiled loop.
    pub sizes: Vec<Operand>,
    /// icx's LIVEIN variables of a loop transformation.
    pub livein: Vec<Item>,
    pub schedule: Option<Schedule>,
    /// DIST_SCHEDULE(static[, chunk]): Some(chunk).
    pub dist_schedule: Option<Option<Operand>>,
    /// One-operand clauses (IF, NUM_THREADS, COLLAPSE, ...), by kind.
    pub values: Vec<(ClauseKind, Option<Operand>)>,
    /// `:TYPED` one-operand clauses (NUM_TEAMS, THREAD_LIMIT): a value of
    /// the type held in the memory their operand names.
    pub value_types: Vec<(ClauseKind, Operand)>,
    /// No-operand clauses (NOWAIT, DEFAULT.*, PROC.BIND.*, READ, ...) with modifiers.
    pub flags: Vec<(ClauseKind, Modifiers)>,
    /// The variables of `:BYREF` items (each operand holds its variable's address).
    pub byref: Vec<ValueId>,
    /// ALLOCATE items: how their private copies are allocated.
    pub allocate: Vec<Allocation>,
    /// A scan directive's INCLUSIVE and EXCLUSIVE items.
    pub scan: Vec<ScanItem>,
}

impl DataEnv {
    pub fn add(&mut self, c: &Clause) {
        use ClauseKind as C;
        let items = || c.items().to_vec();
        if c.modifiers.contains(Modifiers::BYREF) {
            self.byref.extend(c.items().iter().map(|i| i.var().value));
        }
        match c.kind {
            C::Shared => self.shared.extend(items()),
            C::Private => self.private.extend(items()),
            C::Firstprivate => self.firstprivate.extend(items()),
            C::Lastprivate => self.lastprivate.extend(items().into_iter().map(|i| (i, c.modifiers))),
            C::Copyin => self.copyin.extend(items()),
            C::Copyprivate => self.copyprivate.extend(items()),
            C::Uniform => self.uniform.extend(items()),
            C::Aligned => self.aligned.extend(items().into_iter().map(|i| (i, c.extra().cloned()))),
            C::IsDevicePtr => self.is_device_ptr.extend(items()),
            C::UseDevicePtr => self.use_device_ptr.extend(items()),
            C::HasDeviceAddr => self.has_device_addr.extend(items()),
            C::UseDeviceAddr => self.use_device_addr.extend(items()),
            C::FlushList => self.flush.extend(items()),
            C::ThreadprivateList => self.threadprivate.extend(items()),
            C::NormalizedIv => self.normalized_iv.extend(items()),
            C::NormalizedUb => self.normalized_ub.extend(items()),
            C::Sizes => self.sizes.extend(items().iter().map(|i| i.var().clone())),
            C::Livein => self.livein.extend(items()),
            C::Map(k) => self.map.extend(items().into_iter().map(|i| (k, i))),
            C::Depend(k) => self.depend.extend(items().into_iter().map(|i| (k, i))),
            C::Detach => self.detach.extend(items()),
            C::Affinity => self.affinity.extend(items()),
            C::DepArray => self.dep_arrays.push(items()),
            C::DependSink => self.sinks.push(items().iter().map(|i| i.var().clone()).collect()),
            C::DependSource => {
                self.source = items().iter().map(|i| i.var().clone()).collect();
                self.flags.push((c.kind, c.modifiers));
            }
            C::Ordered => {
                self.ordered_trips = c.trips().to_vec();
                self.values.push((c.kind, c.value().cloned()));
            }
            C::Reduction(op) => self.reductions.extend(items().into_iter().map(|item| Reduction {
                op,
                item,
                modifiers: c.modifiers,
                index: c.extra().cloned(),
            })),
            C::InReduction(op) => self.in_reductions.extend(items().into_iter().map(|item| Reduction {
                op,
                item,
                modifiers: c.modifiers,
                index: None,
            })),
            C::Linear => self.linear.extend(items().into_iter().map(|item| Linear {
                item,
                step: c.extra().cloned(),
                modifiers: c.modifiers,
            })),
            C::Schedule(kind) => {
                self.schedule = Some(Schedule { kind, chunk: c.extra().cloned(), modifiers: c.modifiers })
            }
            C::DistSchedule => self.dist_schedule = Some(c.extra().cloned()),
            C::Allocate => {
                if let Args::Allocate(a) = &c.args {
                    self.allocate.push(a.clone());
                }
            }
            C::Inclusive | C::Exclusive => self.scan.extend(items().into_iter().map(|item| ScanItem {
                inclusive: c.kind == C::Inclusive,
                item,
                index: c.extra().cloned(),
            })),
            k if k.arity() == weft_intrinsics::vocab::Arity::One => {
                if let weft_intrinsics::model::Args::TypedValue { ty, .. } = &c.args {
                    self.value_types.push((k, ty.clone()));
                }
                self.values.push((k, c.value().cloned()))
            }
            k => self.flags.push((k, c.modifiers)),
        }
    }

    /// The operand of a one-operand clause, if given.
    pub fn value(&self, kind: ClauseKind) -> Option<&Operand> {
        self.values.iter().find(|(k, _)| *k == kind).and_then(|(_, v)| v.as_ref())
    }

    /// Whether a one-operand clause was given (with or without its operand).
    pub fn has_value_clause(&self, kind: ClauseKind) -> bool {
        self.values.iter().any(|(k, _)| *k == kind)
    }

    pub fn has_flag(&self, kind: ClauseKind) -> bool {
        self.flags.iter().any(|(k, _)| *k == kind)
    }

    /// The first flag matching `pred` (DEFAULT.*, PROC.BIND.*, READ/WRITE...).
    pub fn flag(&self, pred: impl Fn(ClauseKind) -> bool) -> Option<(ClauseKind, Modifiers)> {
        self.flags.iter().copied().find(|(k, _)| pred(*k))
    }

    /// A loop's doacross depth: ORDERED(n) with n > 0 (0: none, or plain
    /// `ordered`).
    pub fn doacross(&self) -> u64 {
        self.value(ClauseKind::Ordered).and_then(Operand::const_uint).unwrap_or(0)
    }

    pub fn nowait(&self) -> bool {
        self.has_flag(ClauseKind::Nowait)
    }
}
