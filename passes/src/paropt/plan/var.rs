//! One data-sharing record (paper III.F): a variable, its type as the
//! clause gives it, and how the region shares it.
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum};
use weft_intrinsics::ffi;
use weft_intrinsics::model::ValueId;
use weft_intrinsics::vocab::ReductionOp;

use super::section::Dim;

/// How a variable is shared in the region (paper III.F).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Share {
    /// Alloca, Def, Use.
    Private,
    /// Alloca, Copy-in, Def, Use.
    Firstprivate,
    /// Alloca, Def, Use, Copy-out from the sequentially last iteration.
    Lastprivate,
    /// Firstprivate and lastprivate at once.
    FirstLastprivate,
    /// `lastprivate(conditional:)` on a worksharing loop: Alloca, Def, Use,
    /// and Copy-out of the value the sequentially last iteration that
    /// assigned it assigned (the original stays if none did).
    LastprivateConditional,
    /// Alloca initialized to the operator's identity, Def, Use, combine.
    Reduction { op: ReductionOp, unsigned: bool },
    /// The normalized loop's IV slot: private.
    NormIv,
    /// The normalized loop's upper-bound slot: firstprivate, then set to
    /// each chunk's upper bound.
    NormUb,
    /// SINGLE's copyprivate: the executing thread's value is broadcast to
    /// every thread's (private) variable after the region.
    Copyprivate,
    /// COPYIN of a threadprivate (thread-local) variable: each thread's
    /// instance starts as the encountering thread's.
    Copyin,
    /// A worksharing loop's linear variable: iteration k starts with the
    /// original's value plus k times the step (1 when None); copied out from
    /// the sequentially last iteration. A pointer steps in bytes, or in
    /// elements of `unit`'s type (icx's `LINEAR:PTR_TO_PTR`, whose `:TYPED`
    /// type is the pointee).
    Linear { step: Option<ValueId>, unit: Option<ValueId> },
    /// A reduction with the inscan modifier: each iteration's input phase
    /// starts from the identity, and its scan phase sees the original's
    /// value combined with every input up to it (paropt::scan).
    Scan { op: ReductionOp, unsigned: bool },
}

/// One data-sharing record: a variable (a pointer in the IR), its element
/// type when the clause gave one (`:TYPED`: a value of that type), and how
/// it is shared.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    pub var: ValueId,
    pub elem: Option<ValueId>,
    /// Elements (`:TYPED` count; an array when above 1).
    pub count: u32,
    /// An array section: its first element (`count` elements from there of
    /// the array the variable is, or the pointer variable points to).
    pub section: Option<u64>,
    /// An array section whose bounds are known only at run time: its first
    /// element and its length (integers), `count` then unused.
    pub runtime_section: Option<(ValueId, ValueId)>,
    /// A section with strides or several dimensions (constant bounds, an
    /// array variable): its dimensions, outermost first; the variable's
    /// type is then the whole array's.
    pub layout: Option<Vec<Dim>>,
    pub share: Share,
    /// A non-POD variable's helper functions (paper III.E).
    pub nonpod: Option<Helpers>,
    /// icx's `:BYREF`: the operand holds the variable's address (a C++
    /// reference, a Fortran dummy argument); `:TYPED` gives the variable's type.
    pub byref: bool,
    /// An ALLOCATE item: its copies come from an allocator (paropt::allocate).
    pub alloc: Option<Alloc>,
    /// A reduction with the `task` modifier (`:TASK`): also a task
    /// reduction of the region's tasks (plan/task_mod.rs, taskred_mod.rs).
    pub task: bool,
    /// The clause as written, for messages.
    pub clause: String,
}

/// A non-POD variable's helpers, each a function (None when the clause gave
/// null: that step is a plain copy, or nothing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Helpers {
    /// `ctor(ptr this)`: private and lastprivate copies.
    pub ctor: Option<ValueId>,
    /// `copy_ctor(ptr this, ptr from)`: firstprivate copy-in.
    pub copy_ctor: Option<ValueId>,
    /// `copy_assign(ptr this, ptr from)`: lastprivate copy-out.
    pub copy_assign: Option<ValueId>,
    /// `dtor(ptr this)`: every copy, when the thread leaves the construct.
    pub dtor: Option<ValueId>,
    /// A user-defined reduction's `combiner(ptr out, ptr in)`: `out op= in`.
    pub combiner: Option<ValueId>,
    /// A user-defined reduction's `initializer(ptr priv, ptr orig)`: sets
    /// up a thread's copy (None: the constructor, else zeros).
    pub initializer: Option<ValueId>,
}

impl Helpers {
    /// Both clauses' helpers of a variable that is firstprivate and lastprivate.
    pub fn merged(first: Option<Helpers>, last: Option<Helpers>) -> Option<Helpers> {
        match (first, last) {
            (None, None) => None,
            (f, l) => {
                let (f, l) = (f.unwrap_or_default(), l.unwrap_or_default());
                Some(Helpers {
                    ctor: l.ctor,
                    copy_ctor: f.copy_ctor,
                    copy_assign: l.copy_assign,
                    dtor: f.dtor.or(l.dtor),
                    ..Helpers::default()
                })
            }
        }
    }
}

impl Var {
    /// A whole variable shared as `share`, with nothing else known yet.
    pub fn new(var: ValueId, share: Share, clause: &str) -> Var {
        Var {
            var,
            elem: None,
            count: 1,
            section: None,
            runtime_section: None,
            layout: None,
            share,
            nonpod: None,
            byref: false,
            alloc: None,
            task: false,
            clause: clause.to_string(),
        }
    }

    /// The variable's type: `:TYPED`'s element type (an array of `count` of
    /// them), else the alloca's or global's own type.
    ///
    pub fn ty<'ctx>(&self, values: &ffi::Handles<'ctx>) -> Option<BasicTypeEnum<'ctx>> {
        let value = |id| values.basic_value(id);
        if self.layout.is_some() {
            // (The whole array: the variable's, or a value of its type.)
            return match self.elem {
                Some(e) => Some(value(e).get_type()),
                None => ffi::memory_type(value(self.var)),
            };
        }
        if self.runtime_section.is_some() {
            // One element: the section's length is a value.
            return match (self.elem, ffi::memory_type(value(self.var))) {
                (Some(e), _) => Some(value(e).get_type()),
                (None, Some(BasicTypeEnum::ArrayType(at))) => Some(at.get_element_type()),
                _ => None,
            };
        }
        if self.section.is_some() {
            // The section's elements: the clause's element type, else the
            // array's.
            let elem = match (self.elem, ffi::memory_type(value(self.var))) {
                (Some(e), _) => value(e).get_type(),
                (None, Some(BasicTypeEnum::ArrayType(at))) => at.get_element_type(),
                _ => return None,
            };
            return Some(elem.array_type(self.count).into());
        }
        match self.elem {
            Some(e) if self.count > 1 => Some(value(e).get_type().array_type(self.count).into()),
            Some(e) => Some(value(e).get_type()),
            None => ffi::memory_type(value(self.var)),
        }
    }
}

/// How a variable's private copies are allocated: an ALLOCATE item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alloc {
    /// The alignment the clause asks for, in bytes (0: the variable's own).
    pub align: u64,
    /// The allocator handle (None: `omp_null_allocator`, the default one).
    pub allocator: Option<ValueId>,
}
