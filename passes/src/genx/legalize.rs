//! weft-genx-legalize: split region accesses the hardware cannot do.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::{PassResult, Rule, WeftError};

/// `weft-genx-legalize<grf=32;simd=32>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub grf_bytes: u32,
    pub max_simd: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params { grf_bytes: 32, max_simd: 32 }
    }
}

impl Params {
    /// Parses the text between `<` and `>`.
    pub fn parse(text: &str) -> Result<Params, String> {
        let mut p = Params::default();
        for part in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(|| format!("expected key=value, got '{part}'"))?;
            let n: u32 = v.trim().parse().map_err(|_| format!("'{v}' is not a number"))?;
            match k.trim() {
                "grf" if n == 32 || n == 64 => p.grf_bytes = n,
                "grf" => return Err(format!("grf must be 32 or 64 bytes, got {n}")),
                "simd" if n == 16 || n == 32 => p.max_simd = n,
                "simd" => return Err(format!("simd must be 16 or 32, got {n}")),
                other => return Err(format!("unknown parameter '{other}' (expected grf, simd)")),
            }
        }
        Ok(p)
    }
}

pub fn run(module: &Module<'_>, _params: Params) -> PassResult {
    let uses_regions = module.get_functions().any(|f| f.get_name().to_string_lossy().starts_with("llvm.genx."));
    if uses_regions {
        return Err(vec![WeftError::new(Rule::NotYetSupported, "llvm.genx region legalization", "weft-genx-legalize is not built yet")]);
    }
    Ok(false)
}
