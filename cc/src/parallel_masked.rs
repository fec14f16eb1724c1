//! `parallel master` and `parallel masked` (OpenMP 5.1 §2.16.5, §2.16.6)
//! as nested regions: the PARALLEL construct takes every clause but
//! `filter`, which goes onto the MASTER or MASKED region written inside it.
//! icx has no combined directive for them either (Intel's VPO tests write
//! the two regions), so the IR forms need nothing new.
use crate::marker_clause::Clause;

/// The region inside the parallel one for clang's node kind, if it is one of these forms.
fn inner(kind: &str) -> Option<&'static str> {
    match kind {
        "OMPParallelMasterDirective" => Some("DIR.OMP.MASTER"),
        "OMPParallelMaskedDirective" => Some("DIR.OMP.MASKED"),
        _ => None,
    }
}

/// The marker text that opens and closes the inner region of directive
/// `id` (empty for other forms), `filter` moved there from `cls`.
pub fn wrap(kind: &str, id: usize, cls: &mut Vec<Clause>) -> (String, String) {
    let Some(dir) = inner(kind) else { return (String::new(), String::new()) };
    let mine: Vec<Clause> = cls.iter().filter(|c| c.name == "\"QUAL.OMP.FILTER\"").cloned().collect();
    cls.retain(|c| c.name != "\"QUAL.OMP.FILTER\"");
    // (Ids counting down from the top of int as taskloop_forms.rs's, whose
    // parts use the first two of each directive's four.)
    let wid = 2_000_000_000 - (id * 4 + 3);
    let (open, close) = crate::marker_clause::region(wid, dir, &mine);
    (format!(" {open}"), close)
}
