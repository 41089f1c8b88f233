// Feeds arbitrary bytes to TcScriptImporter: the shell-script evaluator (lexer, parser,
// arithmetic, evaluation) and the tc -batch reader. Beyond "no crash, no hang, no sanitizer
// report" it checks the evaluator's promises: every message points at a line and column and
// says something, and nothing is ever run. A seccomp filter, installed before the first input,
// traps every execve, execveat, fork, vfork and clone that starts a process (not a thread, not
// LeakSanitizer's tracer); a trapped call fails with EPERM and the input is reported as a crash
// (where the caller blocks SIGSYS, as posix_spawn does, the kernel kills the fuzzer instead: a
// failure all the same). ctest runs this with an empty PATH too.
#include "tc/tcscriptimporter.h"

#include <QString>

#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

namespace {

/** The trapped call does not happen: it returns EPERM. */
void fail(void *context)
{
#if defined(__x86_64__)
    static_cast<ucontext_t *>(context)->uc_mcontext.gregs[REG_RAX] = -EPERM;
#else
    (void)context;
    _exit(70);
#endif
}

volatile sig_atomic_t g_spawnAttempts = 0;
/** Inside the import: what is trapped then is ours. libFuzzer's own symbolizer is refused too, but not counted. */
volatile sig_atomic_t g_importing = 0;

void onSigsys(int, siginfo_t *info, void *context)
{
    if (!g_importing)
        return fail(context);
    ++g_spawnAttempts;
    static const char message[] = "fuzz_shellscript: the import was about to start a process (syscall trapped)\n";
    (void)!write(STDERR_FILENO, message, sizeof(message) - 1);
    (void)info;
    fail(context);
}

bool installNoSpawnFilter()
{
    struct sigaction action = {};
    action.sa_sigaction = onSigsys;
    action.sa_flags = SA_SIGINFO;
    if (sigaction(SIGSYS, &action, nullptr) != 0)
        return false;
    constexpr unsigned argsLow = offsetof(struct seccomp_data, args[0]); // little-endian: the low 32 bits of the flags
#ifndef __NR_fork
#define __NR_fork __NR_execve // architectures without fork(2) start processes through clone
#endif
#ifndef __NR_vfork
#define __NR_vfork __NR_execve
#endif
    // Jump offsets count from the next instruction: 13 is the trap, 14 "no such call".
    struct sock_filter program[] = {
        /*  0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        /*  1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_execve, 11, 0),
        /*  2 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_execveat, 10, 0),
        /*  3 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_fork, 9, 0),
        /*  4 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_vfork, 8, 0),
        // clone3 hides its flags in memory: refused as absent, and glibc falls back to clone.
        /*  5 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 8, 0),
        /*  6 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 1, 0),
        /*  7 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        // clone: a thread may start, and a task sharing our memory that is no vfork (LeakSanitizer's
        // tracer at exit); a fork, a vfork or posix_spawn's clone may not — nor, above, any exec.
        /*  8 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, argsLow),
        /*  9 */ BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 2, 0),
        /* 10 */ BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_VFORK, 2, 0),
        /* 11 */ BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_VM, 0, 1),
        /* 12 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* 13 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
        /* 14 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
    };
    struct sock_fprog filter = {static_cast<unsigned short>(sizeof(program) / sizeof(program[0])), program};
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter) == 0;
}

bool placed(const qs::TcScriptError &e)
{
    return e.line >= 1 && e.column >= 1 && !e.message.isEmpty();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    if (!installNoSpawnFilter()) {
        static const char message[] = "fuzz_shellscript: cannot install the seccomp filter that proves nothing is run\n";
        (void)!write(STDERR_FILENO, message, sizeof(message) - 1);
        std::abort();
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return -1;
    const QString script = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    qs::ShellEvaluatorOptions options;
    options.arguments = {QStringLiteral("start"), QStringLiteral("eth0")};
    options.variables = {{QStringLiteral("DEV"), QStringLiteral("eth1")}};
    g_importing = 1;
    const qs::TcScriptImport imported = qs::TcScriptImporter::import(script, options);
    g_importing = 0;
    for (const QList<qs::TcScriptError> *list : {&imported.result.errors, &imported.result.warnings, &imported.notes}) {
        for (const qs::TcScriptError &e : *list) {
            if (!placed(e))
                std::abort(); // every message must point somewhere and say something
        }
    }
    for (const qs::TcCommand &command : imported.commands) {
        if (command.words.isEmpty())
            std::abort();
        for (const qs::TcWord &word : command.words) {
            if (word.line < 1 || word.column < 1)
                std::abort();
        }
    }
    if (imported.commands.size() > qs::ShellEvaluator::MaxCommands + 1)
        std::abort();
    if (g_spawnAttempts != 0)
        std::abort(); // something tried to start a process
    return 0;
}
