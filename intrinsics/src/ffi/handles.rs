//! IR values by handle. The directive model is plain data and names IR
//! values by `ValueId`; an id turns back into an inkwell handle only through
//! the `Handles` of the scan that read it from the IR (or of the pass that
//! made the value), never from the id alone. A handle carries the context's
//! lifetime, as every inkwell value does, so it cannot outlive the module's
//! context; like any inkwell handle it must not be used after its value is
//! erased (weft's passes erase a region's directive calls only once the
//! region is lowered).
use std::marker::PhantomData;

use llvm_plugin::inkwell::values::{AsValueRef, BasicValueEnum, InstructionValue};

use super::value::Value;
use crate::model::ValueId;

/// The values one analysis of a function (or one pass) may name by id.
#[derive(Clone, Debug, Default)]
pub struct Handles<'ctx> {
    ids: hashbrown::HashSet<ValueId>,
    context: PhantomData<&'ctx ()>,
}

impl<'ctx> Handles<'ctx> {
    pub fn new() -> Self {
        Handles { ids: hashbrown::HashSet::new(), context: PhantomData }
    }

    /// Records `v`, read from the IR of context `'ctx` (a directive call,
    /// one of its operands or bundle inputs), and returns its id.
    pub fn record(&mut self, v: Value) -> ValueId {
        self.ids.insert(v.id());
        v.id()
    }

    /// Records a value a pass made or holds, and returns its id.
    pub fn add(&mut self, v: &impl AsValueRef) -> ValueId {
        self.record(Value(v.as_value_ref()))
    }

    /// Every id of `other` too (one table for the regions of several functions).
    pub fn extend(&mut self, other: &Handles<'ctx>) {
        self.ids.extend(other.ids.iter().copied());
    }

    pub fn knows(&self, id: ValueId) -> bool {
        self.ids.contains(&id)
    }

    /// The first-class value `id` names: an operand the scan read.
    #[track_caller]
    pub fn basic_value(&self, id: ValueId) -> BasicValueEnum<'ctx> {
        assert!(self.knows(id), "a value id this analysis did not record (a bug in weft)");
        // SAFETY: recorded from live IR of context 'ctx; directive operands
        // that are not first-class (tokens, metadata) are never asked for
        // as basic values (the model types them: `OperandKind`).
        unsafe { BasicValueEnum::new(id.0 as _) }
    }

    /// The instruction `id` names: a directive call the scan read.
    #[track_caller]
    pub fn instruction(&self, id: ValueId) -> InstructionValue<'ctx> {
        assert!(self.knows(id), "an instruction id this analysis did not record (a bug in weft)");
        // SAFETY: recorded from a live instruction of context 'ctx.
        unsafe { InstructionValue::new(id.0 as _) }
    }
}
