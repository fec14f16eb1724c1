//! The request for device images: the module's internal constant string
//! `.omp.offload.targets`, "triple:arch" (weft-cc writes it for
//! `-fopenmp-targets=`; docs/offload-device.md), and where libdevice is,
//! `.omp.offload.libdevice` (weft-cc writes it from `--cuda-path`).
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::BasicValueEnum;
use weft_intrinsics::{Rule, WeftError};

/// The global that asks for device images.
pub const REQUEST: &str = ".omp.offload.targets";

/// The global that names libdevice (the CUDA math library, bitcode).
pub const LIBDEVICE: &str = ".omp.offload.libdevice";

/// Where libdevice is without a `LIBDEVICE` string (clang's default CUDA
/// folder).
pub const DEFAULT_LIBDEVICE: &str = "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc";

/// The one device target weft builds images for.
pub const NVPTX: &str = "nvptx64-nvidia-cuda";

/// A device target: its triple and GPU architecture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub triple: String,
    pub arch: String,
    /// libdevice's path, when the module names one.
    pub libdevice: Option<String>,
}

impl Request {
    /// The target features clang 16 gives the architecture: the PTX ISA it
    /// needs (7.8 for sm_90, the newest clang 16 writes) and the GPU.
    pub fn features(&self) -> String {
        format!("+ptx78,+{}", self.arch)
    }
}

fn bad(detail: impl Into<String>) -> WeftError {
    WeftError::new(Rule::NotYetSupported, REQUEST, detail)
}

/// Parses "triple:arch" (the arch `sm_90` when absent).
pub fn parse(text: &str) -> Result<Request, WeftError> {
    let text = text.trim_end_matches('\0').trim();
    let (triple, arch) = text.split_once(':').unwrap_or((text, "sm_90"));
    if triple != NVPTX {
        return Err(bad(format!("device images for '{triple}' (only {NVPTX} is built)")));
    }
    let ok = arch.strip_prefix("sm_").is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    if !ok {
        return Err(bad(format!("the GPU architecture '{arch}' (expected sm_NN)")));
    }
    Ok(Request { triple: triple.to_string(), arch: arch.to_string(), libdevice: None })
}

/// The constant string global `name` holds (None when it holds no string).
fn string_of(m: &Module<'_>, name: &str) -> Option<Option<String>> {
    let g = m.get_global(name)?;
    Some(match g.get_initializer() {
        Some(BasicValueEnum::ArrayValue(a)) if a.is_const_string() => {
            a.get_string_constant().map(|s| s.to_string_lossy().trim_end_matches('\0').to_string())
        }
        _ => None,
    })
}

/// The module's request, if it has one.
pub fn read(m: &Module<'_>) -> Result<Option<Request>, WeftError> {
    let Some(text) = string_of(m, REQUEST) else { return Ok(None) };
    let text = text.ok_or_else(|| bad("a request that is not a constant string \"triple:arch\""))?;
    let mut req = parse(&text)?;
    if let Some(path) = string_of(m, LIBDEVICE) {
        let path = path.ok_or_else(|| {
            WeftError::new(Rule::NotYetSupported, LIBDEVICE, "a libdevice path that is not a constant string")
        })?;
        req.libdevice = Some(path);
    }
    Ok(Some(req))
}

/// Marks the request served (renamed: the pipeline's later hooks then
/// find nothing to do; the string stays, as `llvm.used` may list it).
pub fn remove(m: &Module<'_>) {
    for name in [REQUEST, LIBDEVICE] {
        if let Some(g) = m.get_global(name) {
            g.as_pointer_value().set_name(&format!("{name}.served"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_triple_and_arch() {
        assert_eq!(parse("nvptx64-nvidia-cuda:sm_90").unwrap().arch, "sm_90");
        assert_eq!(parse("nvptx64-nvidia-cuda").unwrap().features(), "+ptx78,+sm_90");
        assert!(parse("amdgcn-amd-amdhsa:gfx90a").is_err());
        assert!(parse("nvptx64-nvidia-cuda:gfx90a").is_err());
    }
}
