#include "labguard.h"
#include "log/errnotext.h"

#include "lab/labnetwork.h"

#include <QFile>
#include <QRandomGenerator>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <ctime>
#include <unistd.h>

extern char **environ;

namespace qs {

namespace {

/** LabNetwork::appLockDirectory(), as the file calls take it. */
const QByteArray &lockDir()
{
    static const QByteArray path = QFile::encodeName(LabNetwork::appLockDirectory());
    return path;
}
constexpr char guardArg[] = "--qs-internal-lab-guard";
constexpr int guardPipeFd = 3; ///< in the guard: the read end of the pipe from the app
constexpr int guardLockFd = 4; ///< in the guard: the lock file, shared with the app
constexpr char quitByte = 'q';


QByteArray lockPath(const QString &id)
{
    return lockDir() + '/' + id.toLatin1() + ".lock";
}

/** The lab namespaces of @p id that exist now (never anybody else's). */
QStringList namespacesOf(const QString &id)
{
    const QString prefix = LabNetwork::namespacePrefix() + id + u'-';
    QStringList names;
    for (const QString &name : LabNetwork::leftovers())
        if (name == prefix + u'a' || name == prefix + u'b')
            names.append(name);
    return names;
}

/**
 * The guard process: waits for the app, then removes its lab unless told not to. Runs before
 * main() and before the static objects of this program's own libraries are set up, so it uses
 * nothing but Qt's value types and LabNetwork's namespace functions (which log nothing).
 */
[[noreturn]] void runGuard(const char *idArg)
{
    std::signal(SIGINT, SIG_IGN);
    std::signal(SIGHUP, SIG_IGN);
    std::signal(SIGPIPE, SIG_IGN);
    ::syscall(SYS_close_range, guardLockFd + 1, ~0U, 0);
    const QString id = QString::fromLatin1(idArg);
    if (!LabNetwork::isValidId(id))
        ::_exit(2);
    char byte = 0;
    ssize_t n;
    do
        n = ::read(guardPipeFd, &byte, 1);
    while (n < 0 && errno == EINTR);
    if (n == 1 && byte == quitByte)
        ::_exit(0); // the app removed its lab itself
    // End of file: the app is gone without a word (crash, kill -9). The lock is still ours.
    QString error;
    const bool ok = LabNetwork::removeNamespaces(namespacesOf(id), &error);
    if (ok)
        ::unlink(lockPath(id).constData());
    ::_exit(ok ? 0 : 1);
}

/** Every process linking the backend can be a guard: the argument is looked at before main(). */
__attribute__((constructor)) void labGuardEntry(int argc, char **argv, char **)
{
    if (argc == 3 && argv && argv[1] && std::strcmp(argv[1], guardArg) == 0)
        runGuard(argv[2]);
}

/** Waits up to @p timeout for @p pid to exit; true when it did (and is reaped). */
bool reap(pid_t pid, std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid || (r < 0 && errno == ECHILD))
            return true;
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

} // namespace

const char *LabGuard::guardArgument()
{
    return guardArg;
}

QString LabGuard::lockDirectory()
{
    return LabNetwork::appLockDirectory();
}

LabGuard::LabGuard(QString id, int pipeFd, int lockFd, qint64 pid)
    : m_id(std::move(id)), m_pipe(pipeFd), m_lock(lockFd), m_pid(pid)
{
}

std::unique_ptr<LabGuard> LabGuard::start(const QString &id, QString *error)
{
    if (!LabNetwork::isValidId(id)) {
        *error = tr("\"%1\" is not a valid lab id").arg(id);
        return nullptr;
    }
    if (::mkdir(lockDir().constData(), S_IRWXU) != 0 && errno != EEXIST) {
        *error = tr("cannot create %1: %2").arg(LabNetwork::appLockDirectory(), errnoText(errno));
        return nullptr;
    }
    // The lock file appears under its name already locked: made under a temporary name, locked,
    // then renamed (a scan never sees it free while this lab lives).
    const QByteArray finalPath = lockPath(id);
    const QByteArray tempPath = lockDir() + "/tmp-" + id.toLatin1() + '-' +
                                QByteArray::number(QRandomGenerator::system()->generate());
    const int lockFd = ::open(tempPath.constData(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (lockFd < 0) {
        *error = tr("cannot create the lab's lock file %1: %2")
                     .arg(QFile::decodeName(tempPath), errnoText(errno));
        return nullptr;
    }
    if (::flock(lockFd, LOCK_EX | LOCK_NB) != 0 ||
        ::rename(tempPath.constData(), finalPath.constData()) != 0) {
        *error = tr("cannot set up the lab's lock file %1: %2")
                     .arg(QFile::decodeName(finalPath), errnoText(errno));
        ::unlink(tempPath.constData());
        ::close(lockFd);
        return nullptr;
    }
    const QByteArray pid = QByteArray::number(qint64(::getpid())) + '\n';
    if (::write(lockFd, pid.constData(), size_t(pid.size())) < 0) {
        // informative only
    }

    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        *error = tr("cannot start the lab's guard: %1").arg(errnoText(errno));
        ::unlink(finalPath.constData());
        ::close(lockFd);
        return nullptr;
    }
    // The guard: this binary again, in a session of its own (no terminal signals), its standard
    // streams on /dev/null (a pipe reading this process's output must not wait for it), the
    // pipe's read end as fd 3 and the lock as fd 4 (dup2 clears close-on-exec).
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fds[0], guardPipeFd);
    posix_spawn_file_actions_adddup2(&actions, lockFd, guardLockFd);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    const QByteArray idBytes = id.toLatin1();
    char exe[] = "/proc/self/exe";
    char *argv[] = {exe, const_cast<char *>(guardArg), const_cast<char *>(idBytes.constData()), nullptr};
    pid_t child = -1;
    const int rc = ::posix_spawn(&child, exe, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(fds[0]);
    if (rc != 0) {
        *error = tr("cannot start the lab's guard process: %1").arg(errnoText(rc));
        ::close(fds[1]);
        ::unlink(finalPath.constData());
        ::close(lockFd);
        return nullptr;
    }
    return std::unique_ptr<LabGuard>(new LabGuard(id, fds[1], lockFd, child));
}

void LabGuard::dismiss()
{
    if (m_pipe < 0)
        return;
    ::unlink(lockPath(m_id).constData()); // still locked by us: nobody removes what we remove
    const char byte = quitByte;
    if (::write(m_pipe, &byte, 1) != 1) {
        // the guard is gone already; nothing left to tell it
    }
    ::close(m_pipe);
    m_pipe = -1;
    ::close(m_lock);
    m_lock = -1;
    reap(pid_t(m_pid), std::chrono::seconds(2));
}

LabGuard::~LabGuard()
{
    if (m_pipe < 0)
        return;
    // Not dismissed: the guard removes the lab, as after a crash. Wait for it (briefly), so the
    // lab is gone when this returns.
    ::close(m_pipe);
    ::close(m_lock);
    reap(pid_t(m_pid), std::chrono::seconds(5));
}

bool LabGuard::removeUnguardedLeftovers(QStringList *removed, QString *error)
{
    DIR *dir = ::opendir(lockDir().constData());
    if (!dir)
        return true; // no in-process lab was ever made here (since boot)
    QStringList problems;
    QList<QByteArray> files;
    while (const dirent *entry = ::readdir(dir))
        if (entry->d_name[0] != '.')
            files.append(QByteArray(entry->d_name));
    ::closedir(dir);
    for (const QByteArray &file : files) {
        const QByteArray path = lockDir() + '/' + file;
        struct stat before {};
        // A temporary file is locked a moment after it is made: leave young ones to their maker.
        if (file.startsWith("tmp-") && (::stat(path.constData(), &before) != 0 || ::time(nullptr) - before.st_mtime < 60))
            continue;
        const int fd = ::open(path.constData(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0)
            continue;
        struct stat opened {}, named {};
        // Held: a living app or guard owns this lab. Gone or replaced meanwhile: not ours to judge.
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0 || ::fstat(fd, &opened) != 0 ||
            ::stat(path.constData(), &named) != 0 || opened.st_ino != named.st_ino) {
            ::close(fd);
            continue;
        }
        bool ok = true;
        if (file.endsWith(".lock")) {
            const QString id = QString::fromLatin1(file.left(file.size() - 5));
            if (LabNetwork::isValidId(id)) {
                const QStringList names = namespacesOf(id);
                QString problem;
                ok = LabNetwork::removeNamespaces(names, &problem);
                if (ok && removed)
                    removed->append(names);
                if (!ok)
                    problems.append(problem);
            }
        }
        // A free temporary file: its app died before it made a lab.
        if (ok)
            ::unlink(path.constData());
        ::close(fd);
    }
    if (problems.isEmpty())
        return true;
    if (error)
        *error = problems.join(QStringLiteral("; "));
    return false;
}

} // namespace qs
