//! weft's bottom layer: the directive vocabulary, the typed directive model
//! both input forms parse into, reading directive calls from IR, and the one
//! FFI module (with its C++ helper) for what LLVM 16's C API cannot do.
pub mod error;
pub mod ffi;
pub mod genx;
pub mod group;
pub mod memorder;
pub mod model;
pub mod modifiers;
pub mod operand;
pub mod scan;
pub mod vocab;

pub use error::{PassResult, Rule, WeftError};
