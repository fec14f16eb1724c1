//! weft-cc: compiles C with `#pragma omp` through weft, used like clang.
//!
//! Clang parses the program with `-fopenmp`, so its errors and its OpenMP
//! semantic checks are the user's; weft-cc reads clang's AST, rewrites each
//! construct into calls to marker functions around the construct's
//! statement (`rewrite.rs`), and compiles that with clang *without*
//! `-fopenmp` and with weft loaded: weft's `weft-markers` pass turns the
//! markers into directive intrinsics before any other pass, and weft lowers
//! them. `-S -emit-llvm` writes that directive IR itself.
mod allocate;
mod ast;
mod bounds;
mod clauses;
mod declare_variant;
mod depend_iter;
mod depend_sections;
mod depobj;
mod device_choices;
mod dir_spec;
mod headers;
mod idents;
mod if_modifier;
mod json;
mod lines;
mod lists;
mod loc;
mod macros;
mod map_items;
mod mapper;
mod mapper_use;
mod marker_clause;
mod metadirective;
mod offload_flags;
mod parallel_masked;
mod preprocess;
mod requires;
mod rewrite;
mod sharing;
mod target_attach;
mod target_clauses;
mod target_forms;
mod target_link;
mod task_clauses;
mod task_sharing;
mod taskloop_forms;
mod teams_forms;
mod threadprivate;
mod type_keys;
mod udr;

/// libomptarget, linked only when the program calls it (its target
/// constructs: docs/offload.md), from the libomp's folder (its rpath).
const OFFLOAD_LIB: [&str; 3] = ["-Wl,--as-needed", "-lomptarget", "-Wl,--no-as-needed"];

use std::collections::BTreeMap;
use std::env;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{exit, Command, Stdio};

/// Flags whose value is the next argument.
const TAKES_VALUE: &[&str] = &[
    "-o",
    "-I",
    "-D",
    "-U",
    "-L",
    "-include",
    "-imacros",
    "-isystem",
    "-iquote",
    "-idirafter",
    "-x",
    "-MF",
    "-MT",
    "-MQ",
    "-Xlinker",
    "-Xclang",
    "-Xassembler",
    "-Xpreprocessor",
    "-target",
    "-arch",
    "-mllvm",
    "-z",
    "-u",
    "-T",
    "-e",
    "-isysroot",
    "--sysroot",
    "-working-directory",
];

const CXX_EXTENSIONS: &[&str] = &["cc", "cpp", "cxx", "c++", "C", "cp", "CPP", "ii", "hpp", "hh", "hxx"];

/// `_OPENMP` as clang 16 defines it with `-fopenmp` (OpenMP 5.0), and for
/// the versions `-fopenmp-version=` selects.
fn openmp_macro(version: Option<&str>) -> u32 {
    match version {
        Some("45") => 201511,
        Some("51") => 202011,
        Some("52") => 202111,
        _ => 201811,
    }
}

struct Tools {
    clang: PathBuf,
    opt: PathBuf,
    libdir: PathBuf,
    plugin: PathBuf,
}

fn tools() -> Result<Tools, String> {
    let prefix = env::var_os("WEFT_LLVM")
        .map(PathBuf::from)
        .or_else(|| option_env!("LLVM_SYS_160_PREFIX").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-16"));
    let plugin = match env::var_os("WEFT_PLUGIN") {
        Some(p) => PathBuf::from(p),
        None => {
            let exe = env::current_exe().map_err(|e| format!("cannot find weft-cc's own path: {e}"))?;
            exe.parent().unwrap_or(Path::new(".")).join("libweft.so")
        }
    };
    if !plugin.exists() {
        return Err(format!("the weft plugin is not at {} (build it, or set WEFT_PLUGIN)", plugin.display()));
    }
    Ok(Tools { clang: prefix.join("bin/clang"), opt: prefix.join("bin/opt"), libdir: prefix.join("lib"), plugin })
}

/// The command line, sorted into what weft-cc needs to know.
#[derive(Default)]
struct Cli {
    /// Everything, in order, with the C sources at `source_at`.
    args: Vec<String>,
    source_at: Vec<usize>,
    output: Option<String>,
    compile_only: bool,
    assemble_only: bool,
    preprocess: bool,
    syntax_only: bool,
    emit_llvm: bool,
    debug: bool,
    paper: bool,
    /// `-fopenmp-version=N`: the OpenMP clang parses the program as.
    openmp_version: Option<String>,
    /// `-fopenmp-targets=` and the device's flags (`offload_flags.rs`).
    offload: offload_flags::Offload,
}

fn parse_cli(raw: Vec<String>) -> Result<Cli, String> {
    let mut cli = Cli::default();
    let mut lang_cxx = false;
    let mut i = 0;
    while i < raw.len() {
        let a = &raw[i];
        if a == "--paper-form" {
            i += 1;
            continue;
        }
        if let Some(v) = a.strip_prefix("-fopenmp-version=") {
            cli.openmp_version = Some(v.to_string());
            i += 1;
            continue;
        }
        let used = cli.offload.take(&raw, i)?;
        if used > 0 {
            i += used;
            continue;
        }
        if a.starts_with("-fopenmp") || a.starts_with("-fno-openmp") {
            // weft is the OpenMP implementation; clang's would lower it first.
            i += 1;
            continue;
        }
        match a.as_str() {
            "-c" => cli.compile_only = true,
            "-S" => cli.assemble_only = true,
            "-E" | "-M" | "-MM" => cli.preprocess = true,
            "-fsyntax-only" => cli.syntax_only = true,
            "-emit-llvm" => cli.emit_llvm = true,
            _ => {}
        }
        if a.starts_with("-g") && a != "-g0" {
            cli.debug = true;
        }
        if a == "-x" || a.starts_with("-x") && a.len() > 2 {
            let lang = if a == "-x" { raw.get(i + 1).map(String::as_str).unwrap_or("") } else { &a[2..] };
            lang_cxx = lang.starts_with("c++");
        }
        if TAKES_VALUE.contains(&a.as_str()) {
            let v = raw.get(i + 1).ok_or_else(|| format!("'{a}' needs a value"))?;
            if a == "-o" {
                cli.output = Some(v.clone());
            }
            cli.args.push(a.clone());
            cli.args.push(v.clone());
            i += 2;
            continue;
        }
        if !a.starts_with('-') || a == "-" {
            let ext = Path::new(a).extension().and_then(|e| e.to_str()).unwrap_or("");
            if lang_cxx || CXX_EXTENSIONS.contains(&ext) {
                return Err(format!("{a}: C++ is out of scope for weft-cc for now; it compiles C"));
            }
            if a == "-" {
                return Err("weft-cc compiles source files, not standard input".into());
            }
            if ext == "c" {
                cli.source_at.push(cli.args.len());
            }
        }
        cli.args.push(a.clone());
        i += 1;
    }
    cli.paper = raw.iter().any(|a| a == "--paper-form");
    Ok(cli)
}

fn status_code(s: std::process::ExitStatus) -> i32 {
    s.code().unwrap_or(1)
}

fn run_tool(cmd: &mut Command) -> Result<i32, String> {
    log_cmd(cmd);
    cmd.status().map(status_code).map_err(|e| format!("cannot run {}: {e}", cmd.get_program().to_string_lossy()))
}

fn log_cmd(cmd: &Command) {
    if env::var_os("WEFT_CC_VERBOSE").is_some() {
        let args: Vec<String> = cmd.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
        eprintln!("weft-cc: {} {}", cmd.get_program().to_string_lossy(), args.join(" "));
    }
}

/// The user's flags for clang's front end on one source: no inputs, no
/// output and no mode.
fn frontend_flags(cli: &Cli) -> Vec<String> {
    without_mode(&cli.args, false)
}

/// `args` without the output (`-o x`) and the mode flags (`-c`, `-S`,
/// `-emit-llvm`, `-fsyntax-only`), and without the inputs unless asked.
fn without_mode(args: &[String], keep_inputs: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == "-o" {
            i += 2;
            continue;
        }
        let is_input = !a.starts_with('-') && (i == 0 || !TAKES_VALUE.contains(&args[i - 1].as_str()));
        if (keep_inputs || !is_input) && !matches!(a.as_str(), "-c" | "-S" | "-emit-llvm" | "-fsyntax-only") {
            out.push(a.clone());
        }
        i += 1;
    }
    out
}

/// A rewritten source: the compiled file's copy, and each rewritten
/// header's copy by the header's absolute path (`headers.rs`).
struct Rewritten {
    path: PathBuf,
    headers: BTreeMap<PathBuf, PathBuf>,
}

/// Parses `src` with clang (`-fopenmp`), reads its AST and writes the
/// rewritten program (and the user headers with OpenMP constructs) into
/// `dir`. Clang's own diagnostics go to stderr as they are; Err carries the
/// exit code.
fn rewrite_source(t: &Tools, cli: &Cli, src: &str, dir: &Path) -> Result<Rewritten, i32> {
    let fail = |msg: String| {
        eprintln!("weft-cc: error: {src}: {msg}");
        1
    };
    let text = fs::read_to_string(src).map_err(|e| fail(e.to_string()))?;
    // The text of each file rewritten, by the dump's name for it.
    let mut texts = BTreeMap::from([(src.to_string(), text)]);
    let mut root = parse(t, cli, src, &texts, dir, false, false)?;
    let first = ast::read(&root, src, &texts[src]);
    let mut pre = if first.directives.is_empty() && first.elsewhere.is_empty() && first.threadprivate.is_empty() {
        preprocess::Preprocessed::default()
    } else {
        preprocess(t, cli, src)?
    };
    // `_Pragma` constructs whose statement comes from the macro too: their
    // lines as the preprocessor expanded them (`macros.rs`), read again.
    let mut expanded = false;
    for f in std::iter::once(src.to_string()).chain(headers::choose(&first, &pre).0) {
        let ftext = match texts.get(&f) {
            Some(x) => x.clone(),
            None => fs::read_to_string(&f).map_err(|e| fail(format!("{f}: {e}")))?,
        };
        let fast = if f == src { None } else { Some(ast::read(&root, &f, &ftext)) };
        let inlined = macros::inline_lines(&ftext, &f, fast.as_ref().unwrap_or(&first), &pre);
        expanded |= inlined.is_some();
        texts.insert(f, inlined.unwrap_or(ftext));
    }
    if expanded {
        // (Clang's diagnostics were printed by the first reading.)
        match parse(t, cli, src, &texts, dir, true, false) {
            Ok(again) => root = again,
            Err(_) => {
                // (Then the constructs are refused as they are.)
                texts.clear();
                texts.insert(src.to_string(), fs::read_to_string(src).map_err(|e| fail(e.to_string()))?);
            }
        }
    }
    pre.reset();
    let text = texts[src].clone();
    let mut tree = ast::read(&root, src, &text);
    tree.declare_link = target_link::link_variables(&tree, &text);
    // (A mapper declared in another file is refused where it is declared;
    // a header's own pass refuses the maps of this file's mappers.)
    tree.mapper_elsewhere = false;
    let (files, refused) = headers::choose(&tree, &pre);
    tree.refused.extend(refused);
    headers::expand(&mut tree, &mut pre, src, &text);
    let mut out = Rewritten { path: PathBuf::new(), headers: BTreeMap::new() };
    let mut failed = false;
    for (k, h) in files.iter().enumerate() {
        let htext = match texts.get(h) {
            Some(x) => x.clone(),
            None => fs::read_to_string(h).map_err(|e| fail(format!("{h}: {e}")))?,
        };
        let mut hast = ast::read(&root, h, &htext);
        headers::expand(&mut hast, &mut pre, h, &htext);
        // Every construct of the header the compiled file's pass met is
        // the header pass's to rewrite: none may be dropped.
        let met = tree.elsewhere.iter().filter(|(at, _)| matches!(at, loc::Where::Other(p) if *p.file == **h)).count();
        if met != hast.directives.len() {
            eprintln!(
                "{h}: error: weft-cc met {met} OpenMP constructs in this file but its rewrite found {} (please report)",
                hast.directives.len()
            );
            failed = true;
            continue;
        }
        let pass = rewrite::Pass {
            main: false,
            id_base: (k + 1) * 1_000_000,
            headers: files.clone(),
            offload: cli.offload.wanted(),
            choices: Default::default(),
        };
        match rewrite::rewrite(&htext, h, &hast, &pass) {
            Ok(body) => {
                let copy = dir.join(format!("header-{k}.h"));
                let abs = headers::absolute(h).map_err(fail)?;
                let body = body + &headers::seal(&abs);
                fs::write(&copy, body).map_err(|e| fail(format!("cannot write {}: {e}", copy.display())))?;
                out.headers.insert(abs, copy);
            }
            Err(diags) => {
                print_diags(h, &htext, &diags);
                failed = true;
            }
        }
    }
    let choices = device_choices(t, cli, src, &texts, dir, expanded, &tree, &text);
    let pass = rewrite::Pass { main: true, id_base: 0, headers: files, offload: cli.offload.wanted(), choices };
    let rewritten = rewrite::rewrite(&text, src, &tree, &pass).map_err(|diags| {
        print_diags(src, &text, &diags);
        1
    })?;
    if failed {
        return Err(1);
    }
    let stem = Path::new(src).file_name().map_or_else(|| OsString::from("input.c"), |n| n.to_os_string());
    out.path = dir.join(stem);
    let quoted = src.replace('\\', "\\\\").replace('"', "\\\"");
    let checks: String = out.headers.keys().map(|h| headers::check_sealed(h)).collect();
    let links = target_link::declarations(&tree);
    let body = format!("{}{links}#line 1 \"{quoted}\"\n{rewritten}{checks}", rewrite::prelude());
    fs::write(&out.path, body).map_err(|e| fail(format!("cannot write {}: {e}", out.path.display())))?;
    Ok(out)
}

/// Where the device chooses metadirective variants and declare variant
/// functions as the host (`device_choices.rs`): read from clang's AST of
/// the device compilation when offloading and a selector names the
/// device; nothing agreed when that AST cannot be read.
#[allow(clippy::too_many_arguments)]
fn device_choices(
    t: &Tools,
    cli: &Cli,
    src: &str,
    texts: &BTreeMap<String, String>,
    dir: &Path,
    again: bool,
    host: &ast::Ast,
    text: &str,
) -> device_choices::DeviceChoices {
    if !cli.offload.wanted() || !device_choices::needed(text) {
        return Default::default();
    }
    match parse(t, cli, src, texts, dir, again, true) {
        Ok(root) => device_choices::DeviceChoices::compare(host, &ast::read(&root, src, text), text),
        Err(_) => Default::default(),
    }
}

/// Clang's AST dump of `src` (`-fopenmp`), each file of `texts` read from
/// its text there through an overlay under its own name (the compiled
/// file's with the allocate clauses' OpenMP 5.1 modifiers hidden:
/// `allocate.rs`). `again`: a second reading, of text weft-cc expanded,
/// whose diagnostics clang printed already; Err if it fails.
/// `device`: the device compilation of an offloading build
/// (`--offload-device-only`, its diagnostics not shown: the host's were).
fn parse(
    t: &Tools,
    cli: &Cli,
    src: &str,
    texts: &BTreeMap<String, String>,
    dir: &Path,
    again: bool,
    device: bool,
) -> Result<json::Json, i32> {
    let fail = |msg: String| {
        eprintln!("weft-cc: error: {src}: {msg}");
        1
    };
    let mut roots = BTreeMap::new();
    for (k, (f, text)) in texts.iter().enumerate() {
        let masked = if f == src { allocate::mask_modifiers(text) } else { None };
        if masked.is_none() && !again {
            continue;
        }
        let copy = dir.join(format!(".for-clang-{}-{k}", u8::from(again)));
        fs::write(&copy, masked.as_deref().unwrap_or(text))
            .map_err(|e| fail(format!("cannot write {}: {e}", copy.display())))?;
        roots.insert(headers::absolute(f).map_err(fail)?, copy);
    }
    let mut cmd = Command::new(&t.clang);
    if !roots.is_empty() {
        let file = dir.join(format!("overlay-{}.yaml", u8::from(again)));
        cmd.arg("-ivfsoverlay").arg(headers::write_overlay(&roots, &file).map_err(fail)?);
    }
    cmd.args(frontend_flags(cli))
        .args(["-fopenmp", "-fsyntax-only", "-Qunused-arguments", "-Xclang", "-ast-dump=json", src])
        .args(cli.openmp_version.iter().map(|v| format!("-fopenmp-version={v}")))
        .stdout(Stdio::piped())
        .stderr(if again || device { Stdio::null() } else { Stdio::inherit() });
    if again || device {
        cmd.arg("-w");
    }
    if device {
        cmd.args(cli.offload.link_flags().iter().filter(|f| *f != "-lm")).arg("--offload-device-only");
    }
    let dump = output_of(t, &mut cmd)?;
    json::parse(&dump).map_err(|e| fail(format!("cannot read clang's AST dump: {e}")))
}

/// What a clang command prints on stdout, its stderr passed on; Err is the
/// exit code.
fn output_of(t: &Tools, cmd: &mut Command) -> Result<String, i32> {
    log_cmd(cmd);
    let out = cmd.output().map_err(|e| {
        eprintln!("weft-cc: error: cannot run {}: {e}", t.clang.display());
        1
    })?;
    if !out.status.success() {
        return Err(status_code(out.status));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The preprocessed program (`clang -E -fopenmp`, the user's flags): the
/// pragmas' text with macros expanded, and which headers are the system's.
fn preprocess(t: &Tools, cli: &Cli, src: &str) -> Result<preprocess::Preprocessed, i32> {
    let mut cmd = Command::new(&t.clang);
    cmd.args(frontend_flags(cli))
        .args(["-fopenmp", "-E", "-Qunused-arguments", "-w", src])
        .args(cli.openmp_version.iter().map(|v| format!("-fopenmp-version={v}")))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    Ok(preprocess::parse(&output_of(t, &mut cmd)?))
}

/// weft-cc's refusals in `path` (whose text is `text`), as clang prints
/// its errors.
fn print_diags(path: &str, text: &str, diags: &[rewrite::Diag]) {
    for d in diags {
        match &d.at {
            loc::Where::Main(offset) => {
                let line = lines::line_of(text, *offset);
                let col = offset - text[..*offset].rfind('\n').map_or(0, |p| p + 1) + 1;
                eprintln!("{path}:{line}:{col}: error: {}", d.msg);
            }
            loc::Where::Other(pos) => eprintln!("{pos}: error: {}", d.msg),
            loc::Where::Nowhere => eprintln!("{path}: error: {}", d.msg),
        }
    }
}

fn temp_dir() -> Result<PathBuf, String> {
    let base = env::temp_dir();
    for n in 0..1000 {
        let d = base.join(format!("weft-cc-{}-{n}", std::process::id()));
        if fs::create_dir(&d).is_ok() {
            return Ok(d);
        }
    }
    Err(format!("cannot make a temporary folder in {}", base.display()))
}

fn compile(t: &Tools, cli: &Cli, dir: &Path) -> Result<i32, String> {
    // Each C source is parsed and rewritten first: clang's errors and
    // weft-cc's refusals all come before anything is compiled.
    let mut args = cli.args.clone();
    let mut extra = Vec::new();
    let mut overlay = BTreeMap::new();
    for &at in &cli.source_at {
        let src = cli.args[at].clone();
        let sub = dir.join(format!("{at}"));
        fs::create_dir_all(&sub).map_err(|e| e.to_string())?;
        match rewrite_source(t, cli, &src, &sub) {
            Ok(r) => {
                args[at] = r.path.to_string_lossy().into_owned();
                for (orig, copy) in r.headers {
                    if let Some(other) = overlay.get(&orig) {
                        if fs::read(other).ok() != fs::read(&copy).ok() {
                            return Err(format!(
                                "{}: the header rewrites differently for two of the sources; compile them one at a time (-c)",
                                orig.display()
                            ));
                        }
                    }
                    overlay.insert(orig, copy);
                }
            }
            Err(code) => return Ok(code),
        }
        let parent = Path::new(&src).parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        extra.push("-iquote".to_string());
        extra.push(parent.to_string_lossy().into_owned());
    }
    if !overlay.is_empty() {
        // The rewritten headers, read in place of the originals.
        extra.push("-ivfsoverlay".into());
        let file = headers::write_overlay(&overlay, &dir.join("headers-overlay.yaml"))?;
        extra.push(file.to_string_lossy().into_owned());
    }
    // Warnings were shown by the parse above, on the original program. The
    // program is compiled as clang parsed it: with OpenMP's macro.
    extra.push("-w".into());
    // `-fopenmp-simd` only so that omp.h's `declare variant` blocks parse:
    // the main file has no OpenMP pragma left for clang to lower.
    extra.push(format!("-D_OPENMP={}", openmp_macro(cli.openmp_version.as_deref())));
    extra.push("-fopenmp-simd".into());
    // (The declarative pragmas weft-cc leaves, `declare target` among them,
    // are parsed under the version the program asked for: 5.2's `enter`.)
    extra.extend(cli.openmp_version.iter().map(|v| format!("-fopenmp-version={v}")));
    // Lifetime markers at -O0 too, as clang writes them at -O1 and above
    // (at -O0 only under this option, which by itself instruments nothing):
    // they tell weft that a temporary clang makes inside a construct (a
    // struct returned or passed by value) belongs to it, so each thread has
    // its own; without them weft would take it for a variable of the
    // function and share it.
    extra.extend(["-Xclang".into(), "-fsanitize-address-use-after-scope".into()]);
    if !cli.debug {
        // Line tables let weft's errors name the file and line of a construct.
        extra.push("-gline-tables-only".into());
    }
    let linking = !(cli.compile_only || cli.assemble_only);
    if cli.offload.wanted() {
        // weft builds the device image into each object (docs/offload-device.md);
        // the directive IR carries the request too, for `opt -passes=weft`.
        let header = dir.join("offload-targets.h");
        fs::write(&header, cli.offload.header()?).map_err(|e| format!("cannot write {}: {e}", header.display()))?;
        extra.push("-include".into());
        extra.push(header.to_string_lossy().into_owned());
        if linking && !cli.emit_llvm {
            return compile_and_link_offload(t, cli, &args, &extra, dir);
        }
    }
    if cli.emit_llvm {
        return emit_directive_ir(t, cli, &args, &extra, dir);
    }
    let mut cmd = Command::new(&t.clang);
    cmd.args(&args).args(&extra).arg(format!("-fpass-plugin={}", t.plugin.display()));
    if linking {
        let lib = t.libdir.display();
        cmd.args([format!("-L{lib}"), format!("-Wl,-rpath,{lib}"), "-lomp".into()]);
        cmd.args(OFFLOAD_LIB);
    }
    // `clang -c dir/x.c` writes x.o into the working folder, as for x.c.
    run_tool(&mut cmd)
}

/// With offloading: each source compiled by weft into an object that
/// carries its device image, then linked through clang's offload driver
/// (clang-linker-wrapper registers the images).
fn compile_and_link_offload(
    t: &Tools,
    cli: &Cli,
    args: &[String],
    extra: &[String],
    dir: &Path,
) -> Result<i32, String> {
    let mut link: Vec<String> = without_mode(args, true);
    for (k, &at) in cli.source_at.iter().enumerate() {
        let obj = dir.join(format!("offload-{k}.o")).to_string_lossy().into_owned();
        let mut cmd = Command::new(&t.clang);
        cmd.args(without_mode(args, false))
            .arg(&args[at])
            .args(extra)
            .arg(format!("-fpass-plugin={}", t.plugin.display()))
            .args(["-c", "-o", &obj]);
        let code = run_tool(&mut cmd)?;
        if code != 0 {
            return Ok(code);
        }
        let pos = link.iter().position(|a| *a == args[at]).ok_or("a source vanished from the command line")?;
        link[pos] = obj;
    }
    let lib = t.libdir.display();
    let mut cmd = Command::new(&t.clang);
    cmd.args(&link).args(cli.offload.link_flags());
    if let Some(o) = &cli.output {
        cmd.args(["-o", o]);
    }
    cmd.args([format!("-L{lib}"), format!("-Wl,-rpath,{lib}"), "-lomp".into()]);
    run_tool(&mut cmd)
}

/// `-S -emit-llvm` / `-c -emit-llvm`: clang's IR before any pass, with the
/// markers made directive intrinsics (region form, or `--paper-form`).
fn emit_directive_ir(t: &Tools, cli: &Cli, args: &[String], extra: &[String], dir: &Path) -> Result<i32, String> {
    if cli.source_at.len() != 1 {
        return Err("-emit-llvm takes one C source".into());
    }
    let src = &cli.args[cli.source_at[0]];
    let raw = dir.join("raw.bc");
    let mut cmd = Command::new(&t.clang);
    cmd.args(without_mode(args, true))
        .args(extra.iter().filter(|a| *a != "-gline-tables-only"))
        // Value names, for a reader of the IR.
        .arg("-fno-discard-value-names")
        .args(["-c", "-emit-llvm", "-Xclang", "-disable-llvm-passes", "-o"])
        .arg(&raw);
    let code = run_tool(&mut cmd)?;
    if code != 0 {
        return Ok(code);
    }
    let stem = Path::new(src).file_stem().map_or_else(|| "out".into(), |s| s.to_string_lossy().into_owned());
    let out = cli.output.clone().unwrap_or_else(|| format!("{stem}.{}", if cli.assemble_only { "ll" } else { "bc" }));
    let pass = if cli.paper { "weft-markers<paper>" } else { "weft-markers" };
    let mut cmd = Command::new(&t.opt);
    cmd.arg(format!("-load-pass-plugin={}", t.plugin.display()))
        .arg(format!("-passes={pass}"))
        .arg(&raw)
        .arg("-o")
        .arg(&out);
    if cli.assemble_only {
        cmd.arg("-S");
    }
    run_tool(&mut cmd)
}

fn run() -> Result<i32, String> {
    let raw: Vec<String> = env::args().skip(1).collect();
    if raw.is_empty() || raw.iter().any(|a| a == "--help") {
        println!("usage: weft-cc [clang options] file.c ... [-o out]\n  --paper-form   with -S -emit-llvm: write Tian et al.'s directive form\n  WEFT_CC_VERBOSE=1 prints the commands; WEFT_CC_KEEP=1 keeps the rewritten sources");
        return Ok(if raw.is_empty() { 1 } else { 0 });
    }
    let cli = parse_cli(raw)?;
    let t = tools()?;
    if cli.preprocess || cli.syntax_only || cli.source_at.is_empty() {
        // Nothing to lower: clang does it all (linking objects made by weft-cc
        // needs libomp).
        let mut cmd = Command::new(&t.clang);
        cmd.args(&cli.args);
        if cli.syntax_only || cli.preprocess {
            cmd.arg("-fopenmp");
        } else {
            let lib = t.libdir.display();
            cmd.args([format!("-L{lib}"), format!("-Wl,-rpath,{lib}"), "-lomp".into()]);
            cmd.args(OFFLOAD_LIB);
            if cli.offload.wanted() {
                cmd.args(cli.offload.link_flags());
            }
        }
        return run_tool(&mut cmd);
    }
    let dir = temp_dir()?;
    let result = compile(&t, &cli, &dir);
    if env::var_os("WEFT_CC_KEEP").is_some() {
        eprintln!("weft-cc: kept {}", dir.display());
    } else {
        let _ = fs::remove_dir_all(&dir);
    }
    result
}

fn main() {
    // Clang's AST of a long expression nests deeply; the reader recurses.
    let worker = std::thread::Builder::new().stack_size(json::STACK_BYTES).spawn(run);
    let result = match worker {
        Ok(h) => h.join().unwrap_or_else(|_| Err("internal error (a panic in weft-cc)".into())),
        Err(e) => Err(format!("cannot start: {e}")),
    };
    exit(match result {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("weft-cc: error: {msg}");
            1
        }
    })
}
