//! The VPlan of one simd loop (Tian et al. 2016, IV.C and V.B), as plain data:
//! VPBlocks that keep their original block and VPInstructions that keep
//! their original instruction, built one-to-one from the loop, plus the
//! blocks and instructions analysis adds (masks, blends, safe divisors, the
//! all-false bypass). Generic over the IR's handles (`Ir`), so that the
//! analyses are unit-tested on made-up loops; `build` makes one from LLVM IR
//! and `codegen` emits vector code from it.
use std::fmt::Debug;

/// The handles a VPlan keeps of the IR it came from.
pub trait Ir {
    type Inst: Copy + Eq + Debug;
    type Block: Copy + Eq + Debug;
    /// A value from outside the loop (an argument, a constant, a value
    /// computed before the loop).
    type Value: Copy + Eq + Debug;
}

/// An index into `VPlan::insts`.
pub type Ix = usize;

/// A VPInstruction's operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand<V> {
    Inst(Ix),
    /// Defined outside the loop: the same in every iteration.
    Outside(V),
}

/// Binary operators, as far as the analyses tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    Add,
    Sub,
    Mul,
    Shl,
    /// sdiv, udiv, srem, urem: trap on a zero divisor.
    IntDiv,
    And,
    Or,
    Xor,
    FAdd,
    FSub,
    FMul,
    /// fdiv, frem, shifts right, ...: no special rule.
    Other,
}

/// What an original instruction is, for the analyses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opc {
    Phi,
    Binary(Bin),
    /// A cast that keeps a linear value linear (sext, zext, trunc).
    IntCast,
    Cast,
    Cmp,
    Select,
    /// `getelementptr` with one index over elements of `elem_size` bytes
    /// (`elem_size` 0: another form).
    Gep {
        elem_size: u64,
    },
    Load {
        size: u64,
    },
    Store {
        size: u64,
    },
    /// A call; `pure` when it neither reads nor writes memory.
    Call {
        pure: bool,
    },
    Br,
    /// Anything the vectorizer cannot widen (an alloca, an atomic, ...).
    Other,
}

/// What analysis added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum New {
    /// `ops[0] & ops[1]` on masks.
    MaskAnd,
    /// `ops[0] | ops[1]`.
    MaskOr,
    /// `!ops[0]`.
    MaskNot,
    /// A phi of a block several paths reach, if-converted: `ops` are
    /// (value, mask of its edge) pairs; the last true mask picks.
    Blend,
    /// The paper's safe divisor: `ops[0]` where the mask `ops[1]` is on, 1
    /// elsewhere (inactive lanes divide by 1 and trap on nothing).
    SafeDivisor,
    /// Whether any lane of the mask `ops[0]` is on (the all-false bypass's test).
    AnyActive,
    /// Every lane on (an edge every lane that reached its block takes).
    AllTrue,
    /// An inner loop's header: the lanes still iterating, a phi of the
    /// lanes that entered (`ops[0]`) and those that stay (`ops[1]`).
    LoopMask,
    /// An inner loop's header: the values its lanes left with so far, a phi
    /// of nothing yet and `ops[0]` (the `LiveOut` of the latch).
    LiveOutPhi,
    /// An exit phi of an inner loop, moved into its latch: each lane keeps
    /// the value `ops[1]` from the iteration it leaves in (`ops[2]`, the
    /// leaving lanes), else `ops[0]` (the header's `LiveOutPhi`).
    LiveOut,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Original(Opc),
    New(New),
}

/// How a value varies across the lanes of a vector iteration
/// (divergence analysis).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Not analyzed yet.
    Unknown,
    /// The same in every lane.
    Uniform,
    /// Lane l holds `lane0 + l * stride` (an integer, or an address in bytes).
    Linear(i64),
    Varying,
}

/// A header phi's role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recurrence {
    /// `phi = start, phi + step` with a constant step.
    Induction { step: i64 },
    /// Combined across iterations by one associative operator (the clause's).
    Reduction(RedOp),
    /// Kept, or replaced by a value computed without it (a conditional
    /// assignment: `lastprivate(conditional:)`): the loop leaves it with
    /// the value of the last iteration that assigned it.
    LastValue,
    /// A scan reduction's running value (`reduction(inscan, op: x)`, OpenMP
    /// 5.1 §2.11.8): combined by one operator in the input phase and read,
    /// as a prefix, in the scan phase (`vplan/scan.rs`).
    Scan(RedOp),
    /// Anything else carried from one iteration to the next.
    Other,
}

/// Reduction operators a vector loop can split across lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedOp {
    Add,
    Mul,
    And,
    Or,
    Xor,
    FAdd,
    FMul,
    SMin,
    SMax,
    UMin,
    UMax,
    FMin,
    FMax,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inst<R: Ir> {
    pub orig: Option<R::Inst>,
    pub kind: Kind,
    pub ops: Vec<Operand<R::Value>>,
    /// The original's name, or one given by analysis, for printing.
    pub name: String,
    pub shape: Shape,
    /// Header phis only.
    pub recurrence: Option<Recurrence>,
    /// The value of its constant integer operand, if it has one (what a
    /// linear value is multiplied or shifted by).
    pub konst: Option<i64>,
    /// A select on a compare of its own two operands, or a min/max
    /// intrinsic: the minimum or maximum it computes.
    pub minmax: Option<RedOp>,
    /// A phi's incoming blocks, in the order of its operands.
    pub incoming: Vec<usize>,
    /// A fused multiply-add (`llvm.fmuladd`, `llvm.fma`): `ops[0] * ops[1] + ops[2]`.
    pub muladd: bool,
    /// A memory access or division in a block that not every lane runs:
    /// the mask it runs under.
    pub mask: Option<Operand<R::Value>>,
    /// Floating point with the `reassoc` fast-math flag (-ffast-math).
    pub reassoc: bool,
    /// A call safe to run in a lane that is off (no undefined behaviour on
    /// any operand: a math intrinsic); other pure calls under a mask run
    /// in the active lanes only.
    pub speculatable: bool,
    /// A floating-point reduction's header phi whose additions (or
    /// multiplications) must keep their order: no reduction clause allows
    /// reassociating them.
    pub in_order: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Succs<V> {
    /// The latch's back edge and exit (the loop control codegen makes).
    Latch,
    One(usize),
    Cond {
        cond: Operand<V>,
        on_true: usize,
        on_false: usize,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block<R: Ir> {
    pub orig: Option<R::Block>,
    pub name: String,
    pub insts: Vec<Ix>,
    pub succs: Succs<R::Value>,
    /// The lanes that run this block (None: all of them).
    pub mask: Option<Operand<R::Value>>,
    /// Skipped as a whole when no lane runs it (the all-false bypass).
    pub bypass: bool,
}

/// A loop inside the simd loop (vectorized outer-loop style: every lane
/// runs it until all lanes are done, each under the mask of the lanes still
/// in it). Blocks `header..=latch` of the plan; the latch alone leaves, to
/// `exit`, which the latch alone enters; `preheader` alone enters it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InnerLoop {
    pub preheader: usize,
    pub header: usize,
    pub latch: usize,
    pub exit: usize,
    /// Set by if-conversion: the `LoopMask` of the header, the lanes that
    /// stay for another iteration (the latch's), and whether any does.
    pub mask: Option<Ix>,
    pub stay: Option<Ix>,
    pub more: Option<Ix>,
}

impl InnerLoop {
    pub fn contains(&self, b: usize) -> bool {
        (self.header..=self.latch).contains(&b)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VPlan<R: Ir> {
    /// Blocks in reverse post-order of the loop body: the header first, the
    /// latch last.
    pub blocks: Vec<Block<R>>,
    pub insts: Vec<Inst<R>>,
    /// Whether analysis has run (printing says which).
    pub analyzed: bool,
    /// The widest scalar the loop computes or accesses, in bits (what the
    /// vectorization factor is chosen for).
    pub widest_bits: u32,
    /// Its inner loops (`loops::find`), in block order.
    pub loops: Vec<InnerLoop>,
    /// Where a scan directive split the body (`vplan/scan.rs`), if it did.
    pub scan: Option<ScanPlan>,
}

impl<R: Ir> Inst<R> {
    /// An instruction not yet analyzed.
    pub fn new(orig: Option<R::Inst>, kind: Kind, ops: Vec<Operand<R::Value>>, name: impl Into<String>) -> Self {
        Inst {
            orig,
            kind,
            ops,
            name: name.into(),
            shape: Shape::Unknown,
            recurrence: None,
            konst: None,
            minmax: None,
            incoming: Vec::new(),
            muladd: false,
            mask: None,
            reassoc: false,
            speculatable: false,
            in_order: false,
        }
    }
}

impl<R: Ir> VPlan<R> {
    /// The block that holds instruction `i`.
    pub fn block_of(&self, i: Ix) -> Option<usize> {
        self.blocks.iter().position(|b| b.insts.contains(&i))
    }

    /// Whether `i` is in an inner loop or in the block its exit leads to
    /// (where the lanes' trip counts differ: a value there is not one per
    /// iteration of the vector loop).
    pub fn in_inner_loop(&self, i: Ix) -> bool {
        self.block_of(i).is_some_and(|b| self.loops.iter().any(|l| l.contains(b) || l.exit == b))
    }

    /// The blocks with an edge into `b` (not a back edge: blocks are in
    /// reverse post-order, so a back edge goes to an earlier block).
    pub fn preds(&self, b: usize) -> Vec<usize> {
        (0..b)
            .filter(|&p| match &self.blocks[p].succs {
                Succs::One(s) => *s == b,
                Succs::Cond { on_true, on_false, .. } => *on_true == b || *on_false == b,
                Succs::Latch => false,
            })
            .collect()
    }

    /// The inner loop whose header is block `b`.
    pub fn loop_headed_by(&self, b: usize) -> Option<&InnerLoop> {
        self.loops.iter().find(|l| l.header == b)
    }

    /// The inner loop block `b` is in.
    pub fn loop_of(&self, b: usize) -> Option<&InnerLoop> {
        self.loops.iter().find(|l| l.contains(b))
    }

    /// Whether `i` is a phi of a loop header (the simd loop's or an inner
    /// loop's): its value from the latch comes after its uses.
    pub fn is_header_phi(&self, i: Ix) -> bool {
        let header = |b: usize| b == 0 || self.loop_headed_by(b).is_some();
        matches!(self.insts[i].kind, Kind::Original(Opc::Phi) | Kind::New(New::LoopMask | New::LiveOutPhi))
            && self.block_of(i).is_some_and(header)
    }

    pub fn shape(&self, o: &Operand<R::Value>) -> Shape {
        match o {
            Operand::Outside(_) => Shape::Uniform,
            Operand::Inst(i) => self.insts[*i].shape,
        }
    }

    /// Adds an instruction (not yet in a block).
    pub fn add(&mut self, kind: New, ops: Vec<Operand<R::Value>>, name: impl Into<String>) -> Ix {
        self.insts.push(Inst::new(None, Kind::New(kind), ops, name));
        self.insts.len() - 1
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// Made-up IR: instructions, blocks and outside values are numbers.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct T;
    impl Ir for T {
        type Inst = u32;
        type Block = u32;
        type Value = u32;
    }

    /// A builder of made-up loops for the analyses' tests.
    pub struct Loop {
        pub plan: VPlan<T>,
    }

    impl Loop {
        pub fn new(blocks: &[&str]) -> Loop {
            let blocks = blocks
                .iter()
                .enumerate()
                .map(|(k, n)| Block {
                    orig: Some(k as u32),
                    name: n.to_string(),
                    insts: Vec::new(),
                    succs: Succs::Latch,
                    mask: None,
                    bypass: false,
                })
                .collect();
            Loop {
                plan: VPlan {
                    blocks,
                    insts: Vec::new(),
                    analyzed: false,
                    widest_bits: 32,
                    loops: Vec::new(),
                    scan: None,
                },
            }
        }

        pub fn inst(&mut self, block: usize, opc: Opc, ops: Vec<Operand<u32>>, name: &str) -> Ix {
            let i = self.plan.insts.len();
            self.plan.insts.push(Inst::new(Some(i as u32), Kind::Original(opc), ops, name));
            self.plan.blocks[block].insts.push(i);
            i
        }

        pub fn succ(&mut self, block: usize, s: Succs<u32>) {
            self.plan.blocks[block].succs = s;
        }
    }

    #[test]
    fn preds_skip_the_back_edge() {
        let mut l = Loop::new(&["body", "then", "latch"]);
        let c = l.inst(0, Opc::Cmp, vec![Operand::Outside(1), Operand::Outside(2)], "c");
        l.succ(0, Succs::Cond { cond: Operand::Inst(c), on_true: 1, on_false: 2 });
        l.succ(1, Succs::One(2));
        assert_eq!(l.plan.preds(2), vec![0, 1]);
        assert_eq!(l.plan.preds(0), Vec::<usize>::new());
        assert_eq!(l.plan.block_of(c), Some(0));
    }
}

/// A scan reduction's running value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanVar {
    /// Its header phi: the prefix of the iterations before this one.
    pub phi: Ix,
    /// Its value from the latch, which the input phase computes: the prefix
    /// through this iteration.
    pub back: Ix,
    pub op: RedOp,
}

/// Where the scan directive split a loop's body, and what runs where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanPlan {
    pub inclusive: bool,
    /// The block that held the marker, and the first instruction after it
    /// there (None: it ended the block).
    pub block: usize,
    pub before: Option<Ix>,
    /// The original instructions before the marker are those numbered below
    /// `split` (`build` numbers them in order).
    pub split: Ix,
    pub scans: Vec<ScanVar>,
    /// Exclusive: the scan phase's instructions emitted after the input phase.
    pub deferred: Vec<Ix>,
}

impl ScanPlan {
    pub fn new(inclusive: bool, block: usize, before: Option<Ix>, split: Ix) -> Self {
        ScanPlan { inclusive, block, before, split, scans: Vec::new(), deferred: Vec::new() }
    }

    /// Whether original instruction `i` is in the input phase.
    pub(super) fn input(&self, i: Ix) -> bool {
        (i < self.split) == self.inclusive
    }

    /// Whether the prefix is computed just before `next` in block `block`
    /// (None: at the block's end): at the marker, for an inclusive scan.
    pub fn prefix_at(&self, block: usize, next: Option<Ix>) -> bool {
        self.inclusive && !self.scans.is_empty() && block == self.block && next == self.before
    }

    pub fn is_deferred(&self, i: Ix) -> bool {
        self.deferred.contains(&i)
    }
}
