//! weft's passes, one module per component of the paper (Tian et al., IV):
//! prepare (I), the W-Region graph (II), paropt (III-V), vectorize (the
//! VPlan framework), the GenX region passes, and cleanup.
pub mod cfg;
pub mod cleanup;
pub mod genx;
pub mod markers;
pub mod offload;
pub mod paropt;
pub mod pipeline;
pub mod prepare;
pub mod regionopt;
pub mod registry;
pub mod scan_marker;
pub mod simd_site;
pub mod threadprivate;
pub mod vectorize;
pub mod vplan;
pub mod wregion;
