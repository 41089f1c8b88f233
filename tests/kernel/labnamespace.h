#pragma once

#include "model/qdisctree.h"
#include "netlink/tcengine.h"
#include "tc/tcimporter.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace qs::test {

/**
 * The namespaces alive in this process, so that a run killed half-way (a benchmark stopped with
 * Ctrl+C, a timeout's SIGTERM) still removes them: a leftover namespace shows up in every later
 * window's targets list. Fixed slots, written before a handler can read them: signal-safe.
 */
class NamespaceRegistry
{
public:
    static constexpr int Slots = 16;
    static int add(const QString &name)
    {
        for (int i = 0; i < Slots; ++i) {
            if (!s_used[i]) {
                qstrncpy(s_names[i], name.toLocal8Bit().constData(), sizeof s_names[i]);
                s_used[i] = 1;
                return i;
            }
        }
        return -1;
    }
    static void release(int slot)
    {
        if (slot >= 0)
            s_used[slot] = 0;
    }
    /** Removes every namespace still registered: fork, exec and waitpid only. */
    static void removeAll()
    {
        for (int i = 0; i < Slots; ++i) {
            if (!s_used[i])
                continue;
            const pid_t pid = fork();
            if (pid == 0) {
                execlp("ip", "ip", "netns", "del", s_names[i], static_cast<char *>(nullptr));
                _exit(127);
            }
            int status;
            while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            s_used[i] = 0;
        }
    }
    /** For programs that are stopped by signals (benchmarks): SIGINT, SIGTERM and SIGHUP remove them first. */
    static void removeAllOnSignals()
    {
        for (int signal : {SIGINT, SIGTERM, SIGHUP})
            std::signal(signal, [](int caught) {
                removeAll();
                _exit(128 + caught);
            });
    }

private:
    static inline char s_names[Slots][64] = {};
    static inline volatile sig_atomic_t s_used[Slots] = {};
};

/** The outcome of one command run without a shell. */
struct CommandResult
{
    int exitCode = -1;
    QString out;
    QString err;
    bool ok() const { return exitCode == 0; }
};

inline CommandResult runCommand(const QString &program, const QStringList &arguments, int timeoutMs = 60000)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForStarted())
        return {-1, {}, QStringLiteral("cannot start ") + program};
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return {-1, QString::fromUtf8(process.readAllStandardOutput()), QStringLiteral("timed out")};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

/**
 * A network namespace the test creates and removes: the only place tests touch interfaces.
 * Addresses come from 198.18.0.0/15, the range reserved for network benchmarking.
 */
class LabNamespace
{
public:
    explicit LabNamespace(const QString &prefix) : m_name(QStringLiteral("%1-%2").arg(prefix).arg(getpid()))
    {
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("del"), m_name}); // a leftover of a crashed run
        m_ok = runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("add"), m_name}).ok();
        m_slot = NamespaceRegistry::add(m_name);
        // No IPv6 chatter (router solicitations, DAD): counters stay exactly what the test sends.
        sysctl(QStringLiteral("net.ipv6.conf.all.disable_ipv6"), QStringLiteral("1"));
        sysctl(QStringLiteral("net.ipv6.conf.default.disable_ipv6"), QStringLiteral("1"));
        ip({QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("lo"), QStringLiteral("up")});
    }
    ~LabNamespace()
    {
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("del"), m_name});
        NamespaceRegistry::release(m_slot);
    }
    LabNamespace(const LabNamespace &) = delete;
    LabNamespace &operator=(const LabNamespace &) = delete;

    bool ok() const { return m_ok; }
    const QString &name() const { return m_name; }
    QString target(const QString &device) const { return m_name + u'/' + device; }

    CommandResult ip(const QStringList &arguments) const
    {
        return runCommand(QStringLiteral("ip"), QStringList{QStringLiteral("-n"), m_name} + arguments);
    }
    CommandResult tc(const QStringList &arguments) const
    {
        return runCommand(QStringLiteral("tc"), QStringList{QStringLiteral("-n"), m_name} + arguments);
    }
    CommandResult exec(const QStringList &command, int timeoutMs = 60000) const
    {
        return runCommand(QStringLiteral("ip"), QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_name} + command, timeoutMs);
    }
    /** Waits until something in this namespace listens on TCP or UDP @p port (an iperf3 server). */
    bool waitForListener(quint16 port, int timeoutMs) const
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < timeoutMs) {
            const CommandResult r = exec({QStringLiteral("ss"), QStringLiteral("-Hltun"), QStringLiteral("sport = :%1").arg(port)});
            if (r.ok() && !r.out.trimmed().isEmpty())
                return true;
            QThread::msleep(50);
        }
        return false;
    }
    void sysctl(const QString &key, const QString &value) const
    {
        exec({QStringLiteral("sysctl"), QStringLiteral("-qw"), key + u'=' + value});
    }
    /** A veth pair inside this namespace, both ends up. */
    bool addVethPair(const QString &a, const QString &b) const
    {
        return ip({QStringLiteral("link"), QStringLiteral("add"), a, QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"),
                   QStringLiteral("name"), b})
                   .ok() &&
               up(a) && up(b);
    }
    bool addIfb(const QString &name) const
    {
        return ip({QStringLiteral("link"), QStringLiteral("add"), name, QStringLiteral("type"), QStringLiteral("ifb")}).ok() && up(name);
    }
    bool up(const QString &device) const
    {
        return ip({QStringLiteral("link"), QStringLiteral("set"), device, QStringLiteral("up")}).ok();
    }
    /** tc's JSON view of @p what ("qdisc", "class", "filter") on @p device, with statistics. */
    QJsonDocument tcJson(const QString &what, const QString &device, const QStringList &extra = {}) const
    {
        const CommandResult r = tc(QStringList{QStringLiteral("-j"), QStringLiteral("-s"), what, QStringLiteral("show"),
                                               QStringLiteral("dev"), device} + extra);
        return QJsonDocument::fromJson(r.out.toUtf8());
    }

private:
    QString m_name;
    bool m_ok = false;
    int m_slot = -1;
};

/** Joins @p a and @p b by a veth (ends @p deviceA and @p deviceB), addresses given, both up. */
inline bool linkByVeth(const LabNamespace &a, const QString &deviceA, const QString &addressA, const LabNamespace &b,
                       const QString &deviceB, const QString &addressB, int queues = 1)
{
    // Each end with @p queues transmit and receive queues (mq and multiq need more than one).
    const QStringList queueCounts = {QStringLiteral("numtxqueues"), QString::number(queues), QStringLiteral("numrxqueues"),
                                     QString::number(queues)};
    return a.ip(QStringList{QStringLiteral("link"), QStringLiteral("add"), deviceA} + queueCounts +
                QStringList{QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"), deviceB} +
                queueCounts + QStringList{QStringLiteral("netns"), b.name()})
               .ok() &&
           a.ip({QStringLiteral("addr"), QStringLiteral("add"), addressA, QStringLiteral("dev"), deviceA}).ok() &&
           b.ip({QStringLiteral("addr"), QStringLiteral("add"), addressB, QStringLiteral("dev"), deviceB}).ok() && a.up(deviceA) &&
           b.up(deviceB);
}

/**
 * Two hosts of a test: namespaces A (va, 198.18.0.1/24) and B (vb, 198.18.0.2/24) joined by a
 * veth (of @p queues transmit queues), so traffic from A really crosses va's qdisc.
 */
struct TwoHostLab
{
    explicit TwoHostLab(const QString &prefix, int queues = 1)
        : a(prefix + QStringLiteral("-a")), b(prefix + QStringLiteral("-b")),
          ok(a.ok() && b.ok() &&
             linkByVeth(a, QStringLiteral("va"), QStringLiteral("198.18.0.1/24"), b, QStringLiteral("vb"), QStringLiteral("198.18.0.2/24"), queues))
    {
    }
    LabNamespace a;
    LabNamespace b;
    bool ok;
};

/** The one tree a test's tc script builds; a broken script is a broken test. */
inline QdiscTree treeOf(const QString &script)
{
    const TcImportResult result = TcImporter::import(script);
    if (!result.ok() || result.trees.size() != 1)
        qFatal("bad test script: %s", qPrintable(script));
    return result.trees.first();
}

/** treeOf() without its target: a scenario step's tree ("dev x" in the script names nothing). */
inline QdiscTree targetFreeTreeOf(const QString &script)
{
    QdiscTree tree = treeOf(script);
    tree.netns.clear();
    tree.device.clear();
    return tree;
}

/** The counters of one qdisc (or class) in a statistics dump. */
inline const NodeStats *findNode(const QList<NodeStats> &nodes, TcHandle id, bool isClass)
{
    for (const NodeStats &n : nodes) {
        if (n.id == id && n.isClass == isClass)
            return &n;
    }
    return nullptr;
}

/** Tests here configure namespaces of their own and need root; CI runs as root. */
inline bool isRoot()
{
    return geteuid() == 0;
}

} // namespace qs::test
