//! Offloading's flags (docs/offload-device.md): `-fopenmp-targets=`,
//! `-Xopenmp-target[=T] -march=sm_NN`, `--offload-arch=`, `--cuda-path=`.
//! weft-cc asks weft for a device image through the constant
//! `.omp.offload.targets` (a forced include), compiles each source to an
//! object (weft embeds the image in it), and links through clang's offload
//! driver, which runs clang-linker-wrapper.

/// The device target weft builds images for.
pub const NVPTX: &str = "nvptx64-nvidia-cuda";

/// What the command line asks of offloading.
#[derive(Default, Debug, PartialEq, Eq)]
pub struct Offload {
    /// `-fopenmp-targets=`'s list.
    pub targets: Vec<String>,
    /// The GPU (`-march=` after `-Xopenmp-target`, or `--offload-arch=`).
    pub arch: Option<String>,
    /// `--cuda-path=` (where clang-linker-wrapper finds ptxas and nvlink).
    pub cuda_path: Option<String>,
}

impl Offload {
    /// Takes the offload flag at `raw[i]`; returns how many arguments it
    /// used (0: not an offload flag).
    pub fn take(&mut self, raw: &[String], i: usize) -> Result<usize, String> {
        let a = raw[i].as_str();
        if let Some(v) = a.strip_prefix("-fopenmp-targets=") {
            self.targets = v.split(',').filter(|t| !t.is_empty()).map(str::to_string).collect();
            return Ok(1);
        }
        if a == "-Xopenmp-target" || a.starts_with("-Xopenmp-target=") {
            let arg = raw.get(i + 1).ok_or_else(|| format!("'{a}' needs a value"))?;
            match arg.strip_prefix("-march=") {
                Some(arch) => self.arch = Some(arch.to_string()),
                None => return Err(format!("'{a} {arg}': weft-cc passes only -march= to the device")),
            }
            return Ok(2);
        }
        if let Some(v) = a.strip_prefix("--offload-arch=") {
            self.arch = Some(v.to_string());
            return Ok(1);
        }
        if let Some(v) = a.strip_prefix("--cuda-path=") {
            self.cuda_path = Some(v.to_string());
            return Ok(1);
        }
        // (The device runtime comes from -lomptarget.devicertl at link time.)
        if a.starts_with("--libomptarget-nvptx-bc-path=") {
            return Ok(1);
        }
        Ok(0)
    }

    pub fn wanted(&self) -> bool {
        !self.targets.is_empty()
    }

    /// The request weft reads, or why weft-cc refuses the targets.
    pub fn request(&self) -> Result<String, String> {
        match self.targets.as_slice() {
            [t] if t == NVPTX => Ok(format!("{NVPTX}:{}", self.arch.as_deref().unwrap_or("sm_90"))),
            _ => Err(format!(
                "-fopenmp-targets={}: weft builds device images for {NVPTX} only (one target)",
                self.targets.join(",")
            )),
        }
    }

    /// The forced include that asks weft for the image (and names
    /// libdevice, the device's math library, under `--cuda-path`).
    pub fn header(&self) -> Result<String, String> {
        let mut out = format!(
            "static const char __weft_cc_offload_targets[] __asm__(\".omp.offload.targets\") __attribute__((used)) = \"{}\";\n",
            self.request()?
        );
        if let Some(lib) = self.libdevice() {
            out.push_str(&format!(
                "static const char __weft_cc_offload_libdevice[] __asm__(\".omp.offload.libdevice\") __attribute__((used)) = \"{}\";\n",
                lib.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        }
        Ok(out)
    }

    /// libdevice in the `--cuda-path` folder, as clang finds it there.
    pub fn libdevice(&self) -> Option<String> {
        let dir = self.cuda_path.as_deref()?;
        let dir = std::fs::canonicalize(dir).map(|p| p.display().to_string()).unwrap_or_else(|_| dir.to_string());
        Some(format!("{}/nvvm/libdevice/libdevice.10.bc", dir.trim_end_matches('/')))
    }

    /// clang's offload link flags (clang-linker-wrapper, -lomptarget,
    /// -lomptarget.devicertl) and the C math library.
    pub fn link_flags(&self) -> Vec<String> {
        let mut out = vec!["-fopenmp".to_string(), format!("-fopenmp-targets={}", self.targets.join(","))];
        if let Some(a) = &self.arch {
            out.push(format!("-Xopenmp-target={NVPTX}"));
            out.push(format!("-march={a}"));
        }
        if let Some(p) = &self.cuda_path {
            out.push(format!("--cuda-path={p}"));
        }
        // (A kernel's math is libdevice's on the device and the C math
        // library's in its host fallback, which clang links only when told.)
        out.push("-lm".to_string());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Offload {
        let raw: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let mut o = Offload::default();
        let mut i = 0;
        while i < raw.len() {
            i += o.take(&raw, i).unwrap().max(1);
        }
        o
    }

    #[test]
    fn reads_clang_offload_flags() {
        let o = parse(&[
            "-fopenmp-targets=nvptx64-nvidia-cuda",
            "-Xopenmp-target=nvptx64-nvidia-cuda",
            "-march=sm_80",
            "--cuda-path=/c",
        ]);
        assert_eq!(o.request().unwrap(), "nvptx64-nvidia-cuda:sm_80");
        assert_eq!(o.libdevice().as_deref(), Some("/c/nvvm/libdevice/libdevice.10.bc"));
        assert!(o.header().unwrap().contains(".omp.offload.libdevice"));
        assert!(o.link_flags().contains(&"--cuda-path=/c".to_string()));
        assert_eq!(parse(&["-fopenmp-targets=nvptx64-nvidia-cuda"]).request().unwrap(), "nvptx64-nvidia-cuda:sm_90");
        assert!(parse(&["-fopenmp-targets=amdgcn-amd-amdhsa"]).request().is_err());
        assert!(!parse(&["-O2"]).wanted());
    }
}
