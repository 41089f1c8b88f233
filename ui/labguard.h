#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <memory>

namespace qs {

/**
 * Makes sure a demo lab built in this process (DirectBackend) goes away when the process dies,
 * even by `kill -9`, where no destructor runs.
 *
 * start() re-executes this very binary (/proc/self/exe) as a tiny guard process with an internal
 * argument, intercepted before main() (so every program linking the backend, the app and the
 * tests alike, can be a guard). The guard runs in a session of its own (Ctrl-C in the terminal
 * does not reach it) and holds the read end of a pipe whose write end only this process has.
 * When the pipe reaches end-of-file without a word first, this process has died: the guard
 * removes the lab's two namespaces with LabNetwork::removeNamespaces() and exits. On a normal
 * removal, dismiss() tells it to exit without touching anything.
 *
 * Each guarded lab has a lock file, /run/qdisc-studio-labs/<id>.lock, flock()ed by this process
 * and its guard (they share the lock): as long as either lives, the lock is held. The file is
 * renamed into place already locked, so nobody can ever see it unlocked while its lab lives.
 * removeUnguardedLeftovers() removes exactly the labs whose lock file is there but free: labs of
 * in-process backends whose process and guard are both gone. Labs without a lock file (the
 * helper's) are never touched.
 */
class LabGuard
{
    Q_DECLARE_TR_FUNCTIONS(qs::LabGuard)

public:
    /** Starts the guard of lab @p id before the lab is built; nullptr with a sentence otherwise. */
    static std::unique_ptr<LabGuard> start(const QString &id, QString *error);
    /**
     * Without dismiss(): the guard sees end-of-file and removes the lab (what a crash does);
     * this is the fallback when the lab could not be removed here.
     */
    ~LabGuard();
    LabGuard(const LabGuard &) = delete;
    LabGuard &operator=(const LabGuard &) = delete;

    /** The lab is gone: the lock file is removed and the guard exits without touching anything. */
    void dismiss();
    /** The guard's process id. */
    qint64 processId() const { return m_pid; }

    /**
     * Removes the labs of dead in-process backends: those whose lock file nobody holds. Returns
     * false with every failure in @p error; the removed namespaces go into @p removed.
     */
    static bool removeUnguardedLeftovers(QStringList *removed, QString *error);
    /** /run/qdisc-studio-labs: where the lock files are. */
    static QString lockDirectory();
    /** The internal argument that makes a process a guard (never for people). */
    static const char *guardArgument();

private:
    LabGuard(QString id, int pipeFd, int lockFd, qint64 pid);

    QString m_id;
    int m_pipe = -1; ///< write end: closing it without 'q' makes the guard remove the lab
    int m_lock = -1; ///< the lock file, flock()ed (shared with the guard)
    qint64 m_pid = -1;
};

} // namespace qs
