//! A worksharing loop's schedule as plain data, and the `sched_type` libomp
//! takes for it.
use weft_intrinsics::model::ValueId;
use weft_intrinsics::vocab::ScheduleKind;

/// The runtime schedule of a worksharing loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub kind: ScheduleKind,
    pub chunk: Option<ValueId>,
    pub monotonic: bool,
    pub nonmonotonic: bool,
    /// The loop has the ORDERED clause (plain `ordered`, no doacross).
    pub ordered: bool,
    /// The loop has ORDERED(1): a doacross loop, whose `ordered
    /// depend(sink/source)` constructs wait for and post iterations.
    pub doacross: bool,
    /// No SCHEDULE clause: the schedule is weft's choice (OpenMP 5.1
    /// §2.11.4: `def-sched-var` is implementation defined).
    pub default: bool,
}

impl Schedule {
    /// libomp's `sched_type` for this schedule (`enum sched_type` in kmp.h).
    pub fn sched_type(self) -> i32 {
        if self.ordered {
            // The ordered kinds (65-70), monotonic by nature.
            return match (self.kind, self.chunk.is_some()) {
                (ScheduleKind::Static, true) => 65,
                (ScheduleKind::Static, false) => 66,
                (ScheduleKind::Dynamic, _) => 67,
                (ScheduleKind::Guided, _) => 68,
                (ScheduleKind::Runtime, _) => 69,
                (ScheduleKind::Auto, _) => 70,
            };
        }
        let base = match (self.kind, self.chunk.is_some()) {
            (ScheduleKind::Static, false) => return 34,
            (ScheduleKind::Static, true) => return 33,
            (ScheduleKind::Dynamic, _) => 35,
            (ScheduleKind::Guided, _) => 36,
            (ScheduleKind::Runtime, _) => 37,
            (ScheduleKind::Auto, _) => 38,
        };
        // OpenMP 5: dynamic and guided are nonmonotonic unless asked otherwise.
        if self.monotonic {
            base | 1 << 29
        } else if self.nonmonotonic || matches!(self.kind, ScheduleKind::Dynamic | ScheduleKind::Guided) {
            base | 1 << 30
        } else {
            base
        }
    }

    /// Whether each thread gets exactly one contiguous block (no chunk loop).
    /// (An ordered loop always goes through dispatch: its iterations
    /// report their end to the runtime.)
    pub fn is_plain_static(self) -> bool {
        self.kind == ScheduleKind::Static && self.chunk.is_none() && !self.ordered
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_types() {
        let s = |kind, chunk: Option<usize>, monotonic| Schedule {
            kind,
            chunk: chunk.map(ValueId),
            monotonic,
            nonmonotonic: false,
            ordered: false,
            doacross: false,
            default: false,
        };
        assert_eq!(s(ScheduleKind::Static, None, false).sched_type(), 34);
        assert_eq!(s(ScheduleKind::Static, Some(1), false).sched_type(), 33);
        assert_eq!(s(ScheduleKind::Dynamic, None, false).sched_type(), 35 | 1 << 30);
        assert_eq!(s(ScheduleKind::Dynamic, Some(1), true).sched_type(), 35 | 1 << 29);
        assert_eq!(s(ScheduleKind::Guided, None, false).sched_type(), 36 | 1 << 30);
        assert_eq!(s(ScheduleKind::Runtime, None, false).sched_type(), 37);
        assert!(s(ScheduleKind::Static, None, false).is_plain_static());
        assert!(!s(ScheduleKind::Static, Some(4), false).is_plain_static());
        let o = |kind, chunk: Option<usize>| Schedule { ordered: true, ..s(kind, chunk, false) };
        assert_eq!(o(ScheduleKind::Static, None).sched_type(), 66);
        assert_eq!(o(ScheduleKind::Static, Some(2)).sched_type(), 65);
        assert_eq!(o(ScheduleKind::Dynamic, Some(2)).sched_type(), 67);
        assert_eq!(o(ScheduleKind::Guided, None).sched_type(), 68);
        assert!(!o(ScheduleKind::Static, None).is_plain_static());
    }
}
