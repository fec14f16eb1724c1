//! A task reduction's item as data, below the task and taskloop plans that
//! both make them.
use weft_intrinsics::model::ValueId;
use weft_intrinsics::vocab::ReductionOp;

/// One item of a task reduction: a taskgroup's `task_reduction` (icx's
/// REDUCTION on the taskgroup) or a task's `in_reduction`.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskRed {
    pub var: ValueId,
    /// `:TYPED`'s element type (a value of it); None: the variable's own.
    pub elem: Option<ValueId>,
    /// `:TYPED`'s element count (an array of them); 1 otherwise (a
    /// variable of array type is an array too, taskred.rs).
    pub count: u32,
    /// An array section `a[first:count]` of an array variable (constant
    /// bounds): its first element; None: the whole variable.
    pub first: Option<u64>,
    pub op: ReductionOp,
    pub unsigned: bool,
    /// A declared reduction's helpers (a taskgroup's item of one): its
    /// combiner, initializer and destructor make the task reduction's.
    pub udr: Option<super::var::Helpers>,
    pub clause: String,
}
