//===- fuzzd.cc - fork server running weft jobs like opt and clang do -----===//
//
// Usage: fuzzd <plugin.so>
//
// Loads LLVM (by being linked against libLLVM-16.so), initializes the targets
// and loads the pass plugin once, then reads jobs from stdin, one per line:
//
//   <config> <input.ll> <stderr-file> <ir-out-file or ->
//
// and answers each with exactly one line on stdout (flushed):
//
//   exit <code>     the job's child exited with <code>
//   signal <n>      the child was killed by signal <n> (a crash)
//   timeout         the child ran past its alarm (SIGALRM)
//
// Each job runs in a forked child: the child sends fd 2 (and fd 1, so that a
// stray write to stdout cannot corrupt the protocol) to <stderr-file>
// (truncated; if it cannot be opened the child exits 125), reads stdin from
// /dev/null, sets alarm(20) (FUZZD_TIMEOUT=<s> to change; FUZZD_MEM_MB=<n>
// adds an address-space limit), runs the job and _exit()s with its status.
// The parent never parses IR and holds no module, context or pass manager:
// each child starts from the same pristine state. Fields are separated by
// blanks, so paths cannot contain spaces; blank lines are skipped.
//
// Configurations, each like the real tool with the plugin P:
//   print     opt -load-pass-plugin=P -passes='print<wregions>' -disable-output
//   weft      opt -load-pass-plugin=P -passes=weft -verify-each -S -o OUT
//   O2        opt -load-pass-plugin=P -passes='default<O2>' -S -o OUT
//   clang-O0  clang -O0 -fpass-plugin=P -c IN -o /dev/null
//   clang-O2  clang -O2 -fpass-plugin=P -c IN -o /dev/null
// OUT is <ir-out-file>; '-' means no IR output (as -disable-output).
//
// Before any of that, every job parses the input (a parse error is printed as
// opt prints it, exit 3) and verifies it (a broken input prints the
// verifier's messages and "error: input module is broken!", exit 3), so the
// fuzzer can tell invalid mutants apart.
//
// Exit statuses follow the real tools: opt-like jobs exit 1 at the first
// error diagnostic (as LLVMContext's default handler does) and die by SIGABRT on
// report_fatal_error (e.g. "Broken module found" from -verify-each or the
// final verifier); clang-like jobs print every diagnostic, still run code
// generation, exit 1 if any error was printed, and exit 70 on
// report_fatal_error ("fatal error: error in backend: ..."), as clang -cc1
// does. A malformed job line gets "exit 2" and a message on fuzzd's stderr.
//===----------------------------------------------------------------------===//

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRPrinter/IRPrintingPasses.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace llvm;

#define HANDLE_EXTENSION(Ext) llvm::PassPluginLibraryInfo get##Ext##PluginInfo();
#include "llvm/Support/Extension.def"

namespace {

enum class Config { Print, Weft, O2, ClangO0, ClangO2 };

std::optional<Config> parseConfig(StringRef S) {
  if (S == "print") return Config::Print;
  if (S == "weft") return Config::Weft;
  if (S == "O2") return Config::O2;
  if (S == "clang-O0") return Config::ClangO0;
  if (S == "clang-O2") return Config::ClangO2;
  return std::nullopt;
}

PassPlugin *ThePlugin = nullptr;
std::string PluginPath;

// Everything below runs in the child only. Objects are deliberately leaked:
// the child _exit()s right after the job, so their destructors would only
// cost time (output files are flushed and closed explicitly).

void registerExtensions(PassBuilder &PB) {
  // opt and clang both register the plugin, then the statically linked
  // extensions (Polly on Debian; idle unless -polly is given).
  ThePlugin->registerPassBuilderCallbacks(PB);
#define HANDLE_EXTENSION(Ext) get##Ext##PluginInfo().RegisterPassBuilderCallbacks(PB);
#include "llvm/Support/Extension.def"
}

// Parses and verifies the input; nullptr after printing why (exit 3).
Module *loadInput(LLVMContext &Ctx, const char *Tool, const char *Input) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Input, Err, Ctx);
  if (!M) {
    Err.print(Tool, errs());
    return nullptr;
  }
  if (verifyModule(*M, &errs())) {
    errs() << Tool << ": " << Input << ": error: input module is broken!\n";
    return nullptr;
  }
  return M.release();
}

struct Analyses {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassInstrumentationCallbacks PIC;

  // Registers PB's analyses (after the target library info) in all four
  // managers and links them, as opt and clang both do.
  void registerWith(PassBuilder &PB, TargetLibraryInfoImpl &TLII) {
    FAM.registerPass([&] { return TargetLibraryAnalysis(TLII); });
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
};

// LLVMContext's default handling of an error diagnostic, as opt has it:
// print "error: <message>" to stderr and exit(1). The only change is _exit
// after flushing instead of exit: the child's static destructors, atexit
// handlers and dlclose()s change nothing visible but cost about half the CPU
// time of a small failing job (copy-on-write faults all over libLLVM).
// Everything else (warnings, remarks) falls through to the default.
struct OptErrorExitHandler : DiagnosticHandler {
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() != DS_Error) return false;
    DiagnosticPrinterRawOStream DP(errs());
    errs() << "error: ";
    DI.print(DP);
    errs() << "\n";
    errs().flush();
    outs().flush();
    fflush(nullptr);
    _exit(1);
  }
};

// opt -load-pass-plugin=P -passes=<Pipeline> [-verify-each] [-S -o Out | -disable-output]
int runOptJob(Config C, const char *Input, const char *Out) {
  const char *Pipeline = C == Config::Print ? "print<wregions>" : C == Config::Weft ? "weft" : "default<O2>";
  bool VerifyEach = C == Config::Weft;
  bool WantOutput = C != Config::Print && strcmp(Out, "-") != 0;

  // Crash reports look like opt's.
  static std::vector<std::string> ArgStore;
  ArgStore = {"opt", "-load-pass-plugin=" + PluginPath, std::string("-passes=") + Pipeline};
  if (VerifyEach) ArgStore.push_back("-verify-each");
  if (WantOutput) {
    ArgStore.push_back("-S");
    ArgStore.push_back("-o");
    ArgStore.push_back(Out);
  } else {
    ArgStore.push_back("-disable-output");
  }
  ArgStore.push_back(Input);
  static std::vector<const char *> Argv;
  for (auto &A : ArgStore) Argv.push_back(A.c_str());
  new PrettyStackTraceProgram(Argv.size(), Argv.data());

  auto *Ctx = new LLVMContext;
  Ctx->enableDebugTypeODRUniquing(); // as opt (unless -disable-debug-info-type-map)
  // opt's diagnostic handling: print "error: ..." and exit(1) at the first
  // error (LLVMContext's default, with _exit).
  Ctx->setDiagnosticHandler(std::make_unique<OptErrorExitHandler>());
  Module *M = loadInput(*Ctx, "opt", Input);
  if (!M) return 3;

  ToolOutputFile *OutFile = nullptr;
  if (WantOutput) {
    std::error_code EC;
    OutFile = new ToolOutputFile(Out, EC, sys::fs::OF_TextWithCRLF);
    if (EC) {
      errs() << EC.message() << '\n';
      return 1;
    }
  }

  // As opt: a TargetMachine for the module's triple when it names an
  // architecture (default CPU and features), none otherwise.
  Triple ModuleTriple(M->getTargetTriple());
  TargetMachine *TM = nullptr;
  if (ModuleTriple.getArch()) {
    std::string Error;
    if (const Target *T = TargetRegistry::lookupTarget("", ModuleTriple, Error)) {
      TargetOptions Options;
      Options.UseInitArray = true; // InitTargetOptionsFromCodeGenFlags: !-use-ctors
      TM = T->createTargetMachine(ModuleTriple.getTriple(), "", "", Options, std::nullopt, std::nullopt,
                                  CodeGenOpt::Default);
    }
  } else if (ModuleTriple.getArchName() != "unknown" && ModuleTriple.getArchName() != "") {
    errs() << "opt: unrecognized architecture '" << ModuleTriple.getArchName() << "' provided.\n";
    return 1;
  }

  auto *TLII = new TargetLibraryInfoImpl(ModuleTriple);
  auto *A = new Analyses;
  auto *SI = new StandardInstrumentations(*Ctx, /*DebugLogging=*/false, VerifyEach);
  SI->registerCallbacks(A->PIC, &A->FAM);

  PipelineTuningOptions PTO;
  PTO.LoopUnrolling = true;
  auto *PB = new PassBuilder(TM, PTO, std::nullopt, &A->PIC);
  registerExtensions(*PB);

  AAManager AA;
  if (auto Err = PB->parseAAPipeline(AA, "default")) {
    errs() << "opt: " << toString(std::move(Err)) << "\n";
    return 1;
  }
  A->FAM.registerPass([&] { return std::move(AA); });
  A->registerWith(*PB, *TLII);

  auto *MPM = new ModulePassManager;
  if (auto Err = PB->parsePassPipeline(*MPM, Pipeline)) {
    errs() << "opt: " << toString(std::move(Err)) << "\n";
    return 1;
  }
  MPM->addPass(VerifierPass()); // opt verifies the output unless -disable-verify
  if (OutFile) MPM->addPass(PrintModulePass(OutFile->os(), "", /*ShouldPreserveUseListOrder=*/false));

  MPM->run(*M, A->MAM);

  if (OutFile) {
    OutFile->keep();
    OutFile->os().close();
    if (OutFile->os().has_error()) {
      errs() << "opt: error writing " << Out << ": " << OutFile->os().error().message() << "\n";
      OutFile->os().clear_error();
      return 1;
    }
  }
  return 0;
}

// ---------------------------------------------------------------------------
// clang -O0/-O2 -fpass-plugin=P -c IN.ll -o /dev/null

// Clang's DiagnosticsEngine, as far as backend diagnostics on an .ll input
// go: "error: ", "warning: ", "note: " plus the message, remarks off,
// -ferror-limit=19, and "N warnings and M errors generated." at the end.
struct ClangDiags {
  unsigned NumErrors = 0, NumWarnings = 0;
  bool Fatal = false;
  static constexpr unsigned ErrorLimit = 19;

  void report(DiagnosticSeverity Sev, StringRef Msg, StringRef Flag = "") {
    if (Fatal) return; // everything after a fatal error is suppressed
    switch (Sev) {
    case DS_Error:
      if (NumErrors >= ErrorLimit) {
        fatal("too many errors emitted, stopping now [-ferror-limit=]");
        return;
      }
      ++NumErrors;
      errs() << "error: " << Msg << "\n";
      break;
    case DS_Warning:
      ++NumWarnings;
      errs() << "warning: " << Msg;
      if (!Flag.empty()) errs() << " [" << Flag << "]";
      errs() << "\n";
      break;
    case DS_Note:
      errs() << "note: " << Msg << "\n";
      break;
    case DS_Remark:
      break; // remarks are off without -R flags
    }
  }
  void fatal(StringRef Msg) {
    if (Fatal) return;
    Fatal = true;
    ++NumErrors;
    errs() << "fatal error: " << Msg << "\n";
  }
  void summary() {
    auto plural = [](unsigned N) { return N == 1 ? "" : "s"; };
    if (NumWarnings && NumErrors)
      errs() << NumWarnings << " warning" << plural(NumWarnings) << " and " << NumErrors << " error"
             << plural(NumErrors) << " generated.\n";
    else if (NumWarnings)
      errs() << NumWarnings << " warning" << plural(NumWarnings) << " generated.\n";
    else if (NumErrors)
      errs() << NumErrors << " error" << plural(NumErrors) << " generated.\n";
  }
};

ClangDiags *TheClangDiags = nullptr;

// clang's ClangDiagnosticHandler/BackendConsumer for IR inputs (no AST, so no
// source locations): every diagnostic is printed and counted, none exits.
struct ClangLikeHandler : DiagnosticHandler {
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    ClangDiags &D = *TheClangDiags;
    std::string Msg;
    {
      raw_string_ostream OS(Msg);
      DiagnosticPrinterRawOStream DP(OS);
      DI.print(DP);
    }
    switch (DI.getKind()) {
    case DK_OptimizationRemark:
    case DK_OptimizationRemarkMissed:
    case DK_OptimizationRemarkAnalysis:
    case DK_OptimizationRemarkAnalysisFPCommute:
    case DK_OptimizationRemarkAnalysisAliasing:
    case DK_MachineOptimizationRemark:
    case DK_MachineOptimizationRemarkMissed:
    case DK_MachineOptimizationRemarkAnalysis:
      return true; // only shown with -Rpass*
    case DK_OptimizationFailure:
      D.report(DS_Warning, Msg, "-Wpass-failed");
      return true;
    case DK_SrcMgr: {
      const auto &SD = cast<DiagnosticInfoSrcMgr>(DI);
      SD.getSMDiag().print(nullptr, errs());
      D.report(SD.getSeverity(), "cannot compile inline asm");
      return true;
    }
    case DK_DontCall: {
      const auto &DC = cast<DiagnosticInfoDontCall>(DI);
      if (!DC.getLocCookie()) return true; // clang drops those without a location
      D.report(DC.getSeverity(), ("call to " + DC.getFunctionName() + " marked \"dontcall-" +
                                  (DC.getSeverity() == DS_Error ? "error" : "warn") + "\": " + DC.getNote())
                                     .str());
      return true;
    }
    case DK_StackSize:
      D.report(DI.getSeverity(), Msg, "-Wframe-larger-than");
      return true;
    case DK_Linker:
      D.report(DI.getSeverity(), "linking module '': " + Msg);
      return true;
    default:
      D.report(DI.getSeverity(), Msg, DI.getSeverity() == DS_Warning ? "-Wbackend-plugin" : "");
      return true;
    }
  }
};

// clang -cc1's LLVMErrorHandler: report_fatal_error becomes a fatal
// diagnostic and exit code 70 (GenCrashDiag) or 1.
void clangFatalErrorHandler(void *, const char *Message, bool GenCrashDiag) {
  if (TheClangDiags) {
    TheClangDiags->Fatal = false; // clang reports this one even after a fatal error
    TheClangDiags->fatal(std::string("error in backend: ") + Message);
  } else {
    errs() << "fatal error: error in backend: " << Message << "\n";
  }
  if (GenCrashDiag) {
    // clang's crash recovery prints this and a stack dump before its driver
    // reports "clang frontend command failed with exit code 70".
    errs() << "PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash "
              "backtrace, preprocessed source, and associated run script.\n";
    sys::PrintStackTrace(errs());
  }
  errs().flush();
  sys::RunInterruptHandlers();
  _exit(GenCrashDiag ? 70 : 1);
}

int runClangJob(Config C, const char *Input) {
  bool O2 = C == Config::ClangO2;
  static std::vector<std::string> ArgStore;
  ArgStore = {"clang", O2 ? "-O2" : "-O0", "-fpass-plugin=" + PluginPath, "-c", Input, "-o", "/dev/null"};
  static std::vector<const char *> Argv;
  for (auto &A : ArgStore) Argv.push_back(A.c_str());
  new PrettyStackTraceProgram(Argv.size(), Argv.data());

  // -mllvm -treat-scalable-fixed-error-as-warning, which the driver passes.
  if (cl::Option *O = cl::getRegisteredOptions().lookup("treat-scalable-fixed-error-as-warning"))
    O->addOccurrence(0, "treat-scalable-fixed-error-as-warning", "true");

  TheClangDiags = new ClangDiags;
  install_fatal_error_handler(clangFatalErrorHandler, nullptr);

  auto *Ctx = new LLVMContext;
  Module *M = loadInput(*Ctx, "clang", Input);
  if (!M) return 3;

  // The driver's target: the default triple, -target-cpu x86-64 and the
  // features clang's TargetInfo derives from it, PIC, -O level.
  std::string TripleStr = Triple::normalize(sys::getDefaultTargetTriple());
  if (M->getTargetTriple() != TripleStr) {
    TheClangDiags->report(DS_Warning, "overriding the module target triple with " + TripleStr,
                          "-Woverride-module");
    M->setTargetTriple(TripleStr);
  }
  Ctx->setDiscardValueNames(false);
  Ctx->setDiagnosticHandler(std::make_unique<ClangLikeHandler>());

  Triple TT(TripleStr);
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(TripleStr, Error);
  if (!T) {
    TheClangDiags->report(DS_Error, "unable to create target: '" + Error + "'");
    TheClangDiags->summary();
    return 1;
  }
  std::string CPU, Features;
  if (TT.getArch() == Triple::x86_64) {
    CPU = "x86-64";
    Features = "+cx8,+fxsr,+mmx,+sse,+sse2,+x87";
  }
  TargetOptions Options;
  Options.UseInitArray = true;
  Options.AllowFPOpFusion = FPOpFusion::Standard; // -ffp-contract=on
  Options.EmitAddrsig = true;                     // -faddrsig
  Options.DebuggerTuning = DebuggerKind::GDB;
  Options.ThreadModel = ThreadModel::POSIX;
  auto *TM = T->createTargetMachine(TripleStr, CPU, Features, Options, Reloc::PIC_, std::nullopt,
                                    O2 ? CodeGenOpt::Default : CodeGenOpt::None);
  M->setDataLayout(TM->createDataLayout());

  auto *A = new Analyses;
  auto *SI = new StandardInstrumentations(*Ctx, /*DebugLogging=*/false, /*VerifyEach=*/false);
  SI->registerCallbacks(A->PIC, &A->FAM);

  PipelineTuningOptions PTO;
  PTO.LoopUnrolling = O2;       // CodeGenOpts.UnrollLoops
  PTO.LoopInterleaving = O2;    // CodeGenOpts.UnrollLoops
  PTO.LoopVectorization = O2;   // -vectorize-loops
  PTO.SLPVectorization = O2;    // -vectorize-slp
  PTO.MergeFunctions = false;
  PTO.CallGraphProfile = true;  // integrated assembler
  auto *PB = new PassBuilder(TM, PTO, std::nullopt, &A->PIC);
  registerExtensions(*PB);

  auto *TLII = new TargetLibraryInfoImpl(TT);
  A->registerWith(*PB, *TLII);

  auto *MPM = new ModulePassManager(O2 ? PB->buildPerModuleDefaultPipeline(OptimizationLevel::O2)
                                       : PB->buildO0DefaultPipeline(OptimizationLevel::O0, false));
  {
    PrettyStackTraceString CrashInfo("Optimizer");
    MPM->run(*M, A->MAM);
  }

  // Code generation into a buffer; no verifier (-disable-llvm-verifier).
  auto *CodeGenPasses = new legacy::PassManager;
  CodeGenPasses->add(createTargetTransformInfoWrapperPass(TM->getTargetIRAnalysis()));
  CodeGenPasses->add(new TargetLibraryInfoWrapperPass(*TLII));
  auto *Buffer = new SmallVector<char, 0>;
  auto *OS = new raw_svector_ostream(*Buffer);
  if (TM->addPassesToEmitFile(*CodeGenPasses, *OS, nullptr, CGFT_ObjectFile, /*DisableVerify=*/true)) {
    TheClangDiags->report(DS_Error, "unable to interface with target machine");
    TheClangDiags->summary();
    return 1;
  }
  {
    PrettyStackTraceString CrashInfo("Code generation");
    CodeGenPasses->run(*M);
  }

  TheClangDiags->summary();
  return TheClangDiags->NumErrors ? 1 : 0;
}

[[noreturn]] void runChild(Config C, const std::string &Input, const std::string &ErrFile, const std::string &Out,
                           unsigned Timeout, unsigned long MemLimitMB) {
  int Fd = open(ErrFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0) _exit(125);
  if (dup2(Fd, 2) < 0 || dup2(Fd, 1) < 0) _exit(125);
  close(Fd);
  int Null = open("/dev/null", O_RDONLY);
  if (Null >= 0) {
    dup2(Null, 0);
    close(Null);
  }
  // Default dispositions for what the tools would see fresh.
  signal(SIGPIPE, SIG_DFL);
  signal(SIGALRM, SIG_DFL);
  alarm(Timeout);
  if (MemLimitMB) {
    struct rlimit RL;
    RL.rlim_cur = RL.rlim_max = (rlim_t)MemLimitMB << 20;
    setrlimit(RLIMIT_AS, &RL);
  }

  // What InitLLVM does for opt and clang: stack dumps on crashes (the signal
  // is re-raised, so the parent still sees it) and LLVM's OOM handler.
  sys::PrintStackTraceOnErrorSignal(C == Config::ClangO0 || C == Config::ClangO2 ? "clang" : "opt");
  install_out_of_memory_new_handler();

  int RC;
  switch (C) {
  case Config::Print:
  case Config::Weft:
  case Config::O2:
    RC = runOptJob(C, Input.c_str(), Out.c_str());
    break;
  case Config::ClangO0:
  case Config::ClangO2:
    RC = runClangJob(C, Input.c_str());
    break;
  }
  outs().flush();
  errs().flush();
  fflush(nullptr);
  _exit(RC);
}

bool writeAll(const std::string &S) {
  const char *P = S.data();
  size_t N = S.size();
  while (N) {
    ssize_t W = write(1, P, N);
    if (W < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    P += W;
    N -= W;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s <plugin.so>\n  then on stdin, one job a line: <config> <input.ll> <stderr-file> "
                    "<ir-out-file or ->\n  configs: print weft O2 clang-O0 clang-O2\n",
            argv[0]);
    return 2;
  }
  // Bind every symbol (libLLVM, the plugin) once here rather than lazily in
  // each child: a fresh child otherwise repeats the lookups and dirties the
  // GOT pages again (about 5-20% of a small job's CPU time). The variable is
  // removed again once the plugin is loaded, so jobs do not see it.
  bool Reexeced = getenv("FUZZD_BIND_NOW") != nullptr;
  if (!Reexeced && !getenv("LD_BIND_NOW")) {
    setenv("LD_BIND_NOW", "1", 1);
    setenv("FUZZD_BIND_NOW", "1", 1);
    execv("/proc/self/exe", argv);
    unsetenv("LD_BIND_NOW"); // exec failed: run lazily bound
    unsetenv("FUZZD_BIND_NOW");
  }

  unsigned Timeout = 20;
  if (const char *T = getenv("FUZZD_TIMEOUT")) Timeout = std::max(1, atoi(T));
  unsigned long MemLimitMB = 0; // 0: no limit
  if (const char *L = getenv("FUZZD_MEM_MB")) MemLimitMB = strtoul(L, nullptr, 10);

  // opt and clang initialize every target (opt builds a TargetMachine for any
  // module triple; clang code-generates for the host).
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();

  PluginPath = argv[1];
  auto Plugin = PassPlugin::Load(PluginPath);
  if (!Plugin) {
    errs() << "fuzzd: failed to load plugin '" << PluginPath << "': " << toString(Plugin.takeError()) << "\n";
    return 2;
  }
  ThePlugin = new PassPlugin(std::move(*Plugin));
  if (Reexeced) {
    unsetenv("LD_BIND_NOW");
    unsetenv("FUZZD_BIND_NOW");
  }

  signal(SIGPIPE, SIG_IGN); // a closed stdout shows up as a write error

  std::string Line;
  char *Buf = nullptr;
  size_t Cap = 0;
  ssize_t Len;
  while ((Len = getline(&Buf, &Cap, stdin)) >= 0) {
    Line.assign(Buf, Len);
    while (!Line.empty() && (Line.back() == '\n' || Line.back() == '\r')) Line.pop_back();
    SmallVector<StringRef, 4> F;
    StringRef(Line).split(F, ' ', -1, /*KeepEmpty=*/false);
    if (F.empty()) continue; // blank line: no job
    std::optional<Config> C = F.size() == 4 ? parseConfig(F[0]) : std::nullopt;
    if (!C) {
      fprintf(stderr, "fuzzd: bad job line (want '<print|weft|O2|clang-O0|clang-O2> <input> <stderr-file> "
                      "<ir-out|->'): %s\n",
              Line.c_str());
      if (!writeAll("exit 2\n")) return 1;
      continue;
    }
    std::string Input = F[1].str(), ErrFile = F[2].str(), Out = F[3].str();

    pid_t Pid = fork();
    if (Pid < 0) {
      perror("fuzzd: fork");
      return 1;
    }
    if (Pid == 0) runChild(*C, Input, ErrFile, Out, Timeout, MemLimitMB);

    int Status = 0;
    while (waitpid(Pid, &Status, 0) < 0) {
      if (errno != EINTR) {
        perror("fuzzd: waitpid");
        return 1;
      }
    }
    std::string Reply;
    if (WIFEXITED(Status))
      Reply = "exit " + std::to_string(WEXITSTATUS(Status)) + "\n";
    else if (WIFSIGNALED(Status) && WTERMSIG(Status) == SIGALRM)
      Reply = "timeout\n";
    else if (WIFSIGNALED(Status))
      Reply = "signal " + std::to_string(WTERMSIG(Status)) + "\n";
    else
      Reply = "exit 255\n";
    if (!writeAll(Reply)) return 1;
  }
  return 0;
}
