//! `declare target` variables in the directive IR (OpenMP 5.1 §2.14.7):
//! a front end lists them in the module's named metadata
//! `!omp_offload.info`, as clang 16 and icx do, one node per variable:
//! `!{i32 1, !"name", i32 flags, i32 order[, ptr @var]}` (kind 1, a global
//! variable entry; flags 0 for `to`/`enter`, 1 for `link`; the variable by
//! its name, or by the fifth operand as icx writes it). Nodes of kind 0
//! (target regions' entries) are not read: weft numbers its regions
//! itself. Both directive forms share it (module metadata is no
//! directive). Each variable gets the host's `__tgt_offload_entry` as clang
//! 16 writes it (docs/offload.md, "declare target"): `{ &var, "name",
//! sizeof var, 0, 0 }`; a `link` variable a reference pointer
//! `<name>_decl_tgt_ref_ptr = weak global ptr @var` and the entry
//! `{ &ref_ptr, "<name>_decl_tgt_ref_ptr", 8, 1, 0 }`. A function needs no
//! host entry. An entry already in the module (clang's own, weft-cc's) is
//! left as it is, so running again changes nothing.
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::targets::TargetData;
use llvm_plugin::inkwell::values::{BasicMetadataValueEnum, GlobalValue, MetadataValue};
use llvm_plugin::inkwell::AddressSpace;
use weft_intrinsics::{Rule, WeftError};

/// The named metadata a front end lists declare target variables in.
pub const INFO: &str = "omp_offload.info";
/// libomptarget's entry flags (`OMPTargetGlobalVarEntryKind`).
const ENTRY_TO: u64 = 0;
const ENTRY_LINK: u64 = 1;
/// The suffix of a `link` variable's reference pointer (clang 16's).
pub const REF_PTR: &str = "_decl_tgt_ref_ptr";

/// One declare target variable as data.
struct Declared<'ctx> {
    name: String,
    var: GlobalValue<'ctx>,
    link: bool,
}

fn bad(detail: String) -> WeftError {
    WeftError::new(Rule::OperandKind, "!omp_offload.info", detail)
}

/// Whether `module` lists declare target variables.
pub fn declares(module: &Module<'_>) -> bool {
    module.get_global_metadata(INFO).iter().any(|n| kind_of(n) == Some(1))
}

fn int_at(n: &MetadataValue<'_>, i: usize) -> Option<u64> {
    match n.get_node_values().get(i) {
        Some(BasicMetadataValueEnum::IntValue(v)) => v.get_zero_extended_constant(),
        _ => None,
    }
}

fn kind_of(n: &MetadataValue<'_>) -> Option<u64> {
    int_at(n, 0)
}

/// The variable entries of `!omp_offload.info`, or the refusal of a node
/// weft cannot read (every one decided before the module changes).
fn declared<'ctx>(module: &Module<'ctx>) -> Result<Vec<Declared<'ctx>>, WeftError> {
    let mut out = Vec::new();
    for n in module.get_global_metadata(INFO).iter().filter(|n| kind_of(n) == Some(1)) {
        let ops = n.get_node_values();
        let name = match ops.get(1) {
            Some(BasicMetadataValueEnum::MetadataValue(s)) => s.get_string_value(),
            _ => None,
        };
        let name = name
            .map(|s| s.to_string_lossy().into_owned())
            .ok_or_else(|| bad("a variable entry's second operand must be the variable's name (a string)".into()))?;
        let flags = int_at(n, 2).ok_or_else(|| bad(format!("entry '{name}': the flags must be an integer")))?;
        let link = match flags {
            ENTRY_TO => false,
            ENTRY_LINK => true,
            f => {
                return Err(WeftError::new(
                    Rule::NotYetSupported,
                    "!omp_offload.info",
                    format!("entry '{name}': flags {f} (weft knows 0, to or enter, and 1, link)"),
                ))
            }
        };
        let var = match ops.get(4) {
            Some(BasicMetadataValueEnum::PointerValue(p)) => module.get_globals().find(|g| g.as_pointer_value() == *p),
            _ => module.get_global(&name),
        };
        let var = var.ok_or_else(|| bad(format!("entry '{name}': no global variable of that name in the module")))?;
        if var.is_declaration() && !link {
            // (The entry of a variable another file defines is that file's.)
            continue;
        }
        out.push(Declared { name, var, link });
    }
    Ok(out)
}

/// Writes the host entry of every declare target variable the module
/// lists; whether the module changed.
pub fn run(module: &Module<'_>) -> Result<bool, WeftError> {
    let vars = declared(module)?;
    let mut changed = false;
    for d in &vars {
        changed |= entry(module, d);
    }
    Ok(changed)
}

/// `d`'s entry (and a `link` variable's reference pointer), unless the
/// module has it already.
fn entry<'ctx>(module: &Module<'ctx>, d: &Declared<'ctx>) -> bool {
    let ctx = module.get_context();
    let ptr = ctx.ptr_type(AddressSpace::default());
    let (i32t, i64t) = (ctx.i32_type(), ctx.i64_type());
    // (clang 16 lists a link variable by its reference pointer's name.)
    let base = d.name.strip_suffix(REF_PTR).unwrap_or(&d.name);
    let name = if d.link { format!("{base}{REF_PTR}") } else { d.name.clone() };
    let entry_name = format!(".omp_offloading.entry.{name}");
    if module.get_global(&entry_name).is_some() {
        return false;
    }
    let (addr, size) = if d.link {
        let r = module.get_global(&name).unwrap_or_else(|| {
            let r = module.add_global(ptr, None, &name);
            r.set_linkage(Linkage::WeakAny);
            r.set_initializer(&d.var.as_pointer_value());
            r
        });
        (r.as_pointer_value(), i64t.const_int(8, false))
    } else {
        let layout = module.get_data_layout();
        let td = TargetData::create(&layout.as_str().to_string_lossy());
        let bytes = d
            .var
            .get_value_type()
            .try_into()
            .map(|t: llvm_plugin::inkwell::types::BasicTypeEnum<'_>| td.get_store_size(&t))
            .unwrap_or(0);
        (d.var.as_pointer_value(), i64t.const_int(bytes, false))
    };
    let text = ctx.const_string(name.as_bytes(), true);
    let s = module.add_global(text.get_type(), None, ".omp_offloading.entry_name");
    s.set_linkage(Linkage::Internal);
    s.set_constant(true);
    s.set_initializer(&text);
    s.set_unnamed_addr(true);
    let ty = ctx.struct_type(&[ptr.into(), ptr.into(), i64t.into(), i32t.into(), i32t.into()], false);
    let flags = if d.link { ENTRY_LINK } else { ENTRY_TO };
    let rec = ty.const_named_struct(&[
        addr.into(),
        s.as_pointer_value().into(),
        size.into(),
        i32t.const_int(flags, false).into(),
        i32t.const_zero().into(),
    ]);
    let e = module.add_global(ty, None, &entry_name);
    e.set_linkage(Linkage::WeakAny);
    e.set_constant(true);
    e.set_initializer(&rec);
    e.set_section(Some("omp_offloading_entries"));
    e.set_alignment(1);
    true
}
