//! weft's typed error: every rejection names the function, the construct
//! (directive, clause or call) and the rule it broke. The plugin turns these
//! into LLVM diagnostics; nothing below the plugin prints or aborts.
use std::fmt;

use crate::operand::ValueId;

/// The rule a piece of input broke. `id()` is stable (tests match on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A `DIR.`/`QUAL.` string weft does not know.
    UnknownDirective,
    UnknownClause,
    UnknownModifier,
    /// A clause that the directive does not take.
    ClauseNotAllowed,
    /// A clause given through the wrong intrinsic, or with the wrong operand count.
    ClauseArity,
    /// An operand of the wrong kind (a non-pointer where a variable is needed, ...).
    OperandKind,
    /// A paper-form directive group not closed by `DIR.QUAL.LIST.END` in its block.
    UnterminatedGroup,
    /// A clause call that belongs to no directive.
    StrayClause,
    /// A region directive with no END.
    MissingEnd,
    /// An END that does not close the innermost open directive.
    UnmatchedEnd,
    /// A region whose blocks are entered or left other than through its entry and END.
    NotSingleEntrySingleExit,
    /// A malformed `llvm.directive.region.entry/exit` call.
    MalformedRegionCall,
    /// A worksharing loop whose iterations cannot be counted before it runs.
    LoopForm,
    /// Work weft does not do yet.
    NotYetSupported,
    /// A directive intrinsic still present where none may remain.
    UnloweredDirective,
    /// GenX: an llvm.genx region access or module that breaks a GenX rule.
    GenX,
    /// A malformed weft-cc marker call (`__weft_cc_begin/end/private`).
    Marker,
    /// A threadprivate variable that cannot become thread-local.
    Threadprivate,
    /// A module that is not valid LLVM IR when a weft pass is to run
    /// (clang does not verify its input): weft leaves it untouched.
    InvalidIr,
    /// A bug in weft (a caught panic).
    Internal,
}

impl Rule {
    pub fn id(self) -> &'static str {
        match self {
            Rule::UnknownDirective => "unknown-directive",
            Rule::UnknownClause => "unknown-clause",
            Rule::UnknownModifier => "unknown-modifier",
            Rule::ClauseNotAllowed => "clause-not-allowed",
            Rule::ClauseArity => "clause-arity",
            Rule::OperandKind => "operand-kind",
            Rule::UnterminatedGroup => "unterminated-group",
            Rule::StrayClause => "stray-clause",
            Rule::MissingEnd => "missing-end",
            Rule::UnmatchedEnd => "unmatched-end",
            Rule::NotSingleEntrySingleExit => "not-single-entry-single-exit",
            Rule::MalformedRegionCall => "malformed-region-call",
            Rule::LoopForm => "loop-form",
            Rule::NotYetSupported => "not-yet-supported",
            Rule::UnloweredDirective => "unlowered-directive",
            Rule::GenX => "genx",
            Rule::Marker => "marker",
            Rule::Threadprivate => "threadprivate",
            Rule::InvalidIr => "invalid-ir",
            Rule::Internal => "internal",
        }
    }
}

/// One rejected piece of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeftError {
    /// The function the construct sits in (empty for module-level problems).
    pub function: String,
    /// The directive, clause or call as spelled in the IR.
    pub construct: String,
    /// For a clause: the directive it is attached to.
    pub on: Option<String>,
    pub rule: Rule,
    /// What exactly is wrong, in one sentence.
    pub detail: String,
    /// The instruction the error is about, while the IR is live; turned
    /// into `loc` by `ffi::locate` before anything is erased.
    pub at: Option<ValueId>,
    /// `file:line:col` from the instruction's debug location, if it has one.
    pub loc: Option<String>,
}

impl WeftError {
    pub fn new(rule: Rule, construct: impl Into<String>, detail: impl Into<String>) -> Self {
        WeftError {
            function: String::new(),
            construct: construct.into(),
            on: None,
            rule,
            detail: detail.into(),
            at: None,
            loc: None,
        }
    }

    /// Names the directive a clause error belongs to (kept if already set).
    pub fn on_directive(mut self, directive: impl Into<String>) -> Self {
        if self.on.is_none() {
            self.on = Some(directive.into());
        }
        self
    }

    /// Records the instruction the error is about (kept if already set).
    pub fn at(mut self, inst: ValueId) -> Self {
        if self.at.is_none() {
            self.at = Some(inst);
        }
        self
    }

    pub fn in_function(mut self, function: impl Into<String>) -> Self {
        if self.function.is_empty() {
            self.function = function.into();
        }
        self
    }
}

impl fmt::Display for WeftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(loc) = &self.loc {
            write!(f, "{loc}: ")?;
        }
        if self.rule == Rule::NotYetSupported {
            write!(f, "not yet supported: {}", self.construct)?;
        } else {
            write!(f, "{}", self.construct)?;
        }
        if let Some(d) = &self.on {
            write!(f, " on {d}")?;
        }
        if !self.function.is_empty() {
            write!(f, " in function '{}'", self.function)?;
        }
        write!(f, ": {} [rule: {}]", self.detail, self.rule.id())
    }
}

impl std::error::Error for WeftError {}

/// A pass's result: whether it changed the IR, or every error it found.
pub type PassResult = Result<bool, Vec<WeftError>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_function_construct_and_rule() {
        let e = WeftError::new(Rule::MissingEnd, "DIR.OMP.PARALLEL", "no DIR.OMP.END.PARALLEL closes it")
            .in_function("foo");
        assert_eq!(
            e.to_string(),
            "DIR.OMP.PARALLEL in function 'foo': no DIR.OMP.END.PARALLEL closes it [rule: missing-end]"
        );
        let n = WeftError::new(Rule::NotYetSupported, "DIR.OMP.PARALLEL", "threaded code generation is not built yet");
        assert!(n.to_string().starts_with("not yet supported: DIR.OMP.PARALLEL"));
        let mut c = WeftError::new(Rule::OperandKind, "QUAL.OMP.NUM_THREADS", "needs an integer")
            .on_directive("DIR.OMP.PARALLEL")
            .in_function("g");
        c.loc = Some("a.c:3:9".into());
        assert_eq!(
            c.to_string(),
            "a.c:3:9: QUAL.OMP.NUM_THREADS on DIR.OMP.PARALLEL in function 'g': needs an integer [rule: operand-kind]"
        );
    }
}
