// No local user can make qdisc-studio-helper deaf (issue 15, finding 1). On a private system
// bus with the real polkitd, an unprivileged test user floods the helper with big documents and
// with calls that wait for polkit, while root's client keeps asking GetVersion: every answer
// must come, within 100 ms (see MaxLatencyMs), the helper's resident memory must stay below
// 64 MiB, and every flooding call must get an error rather than silence.
//
// Before the fix, each call waiting for polkit kept its whole D-Bus message; 40 Apply calls of
// 4 000 103 bytes made libdbus stop reading the helper's connection (its limit is 63 MiB of
// messages alive), so polkit's answers were never read and nobody was answered again.

#include "systembusfixture.h"

#include "../kernel/labnamespace.h"

#include <QDBusMessage>
#include <QElapsedTimer>
#include <QFile>
#include <QScopeGuard>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <functional>

using namespace qs::test;

namespace {

const QString Service = QStringLiteral("org.qdiscstudio.Helper1");
const QString ObjectPath = QStringLiteral("/org/qdiscstudio/Helper1");
const QString Interface = QStringLiteral("org.qdiscstudio.Helper1");

// Lexically before the fixture's rule (49-…), so it decides first: the denied user may change
// things after authenticating as itself. With no agent polkit still refuses it at once; with
// the flood's silent agent, polkit waits for that agent, forever.
const QString AgentRuleFile = QStringLiteral("/etc/polkit-1/rules.d/48-qdisc-studio-flood-test.rules");
const char AgentRule[] = R"(// Written by tests/helper/tst_helper_flood.cpp while it runs.
polkit.addRule(function(action, subject) {
    if (action.id === "org.qdiscstudio.apply" && subject.user === "qs-test-denied")
        return polkit.Result.AUTH_SELF;
});
)";

// Every answer within 100 ms, during the flood and after. A call of another client waits in the
// bus daemon's queue towards the helper behind the flood's messages already queued there. The
// helper reads no call larger than its method takes (BusRelay: 40 × 4 MB targets cost it 0.3-0.5 s
// of CPU in sd-bus' UTF-8 checks, and others answers after 60-200 ms, before that) and answers a
// caller without the grant before it reads the document, so what is left is the bus moving the
// bytes: 20-40 ms measured on the quiet 2-core machine, and up to 22 ms when the same bytes are
// sent to the bus daemon itself (the reference row).
constexpr qint64 MaxLatencyMs = 100;
// This machine is a virtual one: now and then everything stops for up to ~100 ms, the bus daemon
// alone too (the reference row saw 94 ms once in ten runs, with the helper not involved). A
// flood whose slowest answer took longer is run again, at most twice, and one attempt must be
// all within MaxLatencyMs; every attempt must have the errors, the memory and the CPU asked.
constexpr int MaxAttempts = 3;
// What refusing 40 calls of 4 MB may cost the helper (17-36 ms measured; 0.3-0.5 s when it read them).
constexpr qint64 MaxRefusalCpuMs = 150;
constexpr qint64 MaxRssKiB = 64 * 1024;

qint64 residentKiB(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

/** CPU time the process has run for, in microseconds (/proc/PID/schedstat: nanoseconds on a CPU). */
qint64 cpuUs(qint64 pid)
{
    QFile schedstat(QStringLiteral("/proc/%1/schedstat").arg(pid));
    if (!schedstat.open(QIODevice::ReadOnly))
        return -1;
    return schedstat.readAll().split(' ').value(0).toLongLong() / 1000;
}

/** What root's client saw while a flood ran and for a while after it. */
struct Watch
{
    QList<qint64> latenciesUs;
    int failures = 0; ///< GetVersion calls answered with an error or not at all
    QString firstFailure;
    qint64 maxRssKiB = 0;
    qint64 maxAfterUs = 0; ///< the slowest answer once the flood had ended
    qint64 helperCpuUs = 0; ///< CPU time the helper spent meanwhile (its threads, user and kernel)

    qint64 maxUs() const { return latenciesUs.isEmpty() ? -1 : *std::max_element(latenciesUs.cbegin(), latenciesUs.cend()); }
    qint64 medianUs() const { return percentileUs(50); }
    qint64 percentileUs(int percent) const
    {
        if (latenciesUs.isEmpty())
            return -1;
        QList<qint64> sorted = latenciesUs;
        std::sort(sorted.begin(), sorted.end());
        return sorted[std::min(sorted.size() - 1, sorted.size() * percent / 100)];
    }
    QString summary() const
    {
        return QStringLiteral("GetVersion: %1 calls, median %2 ms, p99 %8 ms, max %3 ms (max after the flood %4 ms), %5 failed%6; helper RSS max %7 MiB, CPU %9 ms")
            .arg(latenciesUs.size())
            .arg(double(medianUs()) / 1000.0, 0, 'f', 2)
            .arg(double(maxUs()) / 1000.0, 0, 'f', 2)
            .arg(double(maxAfterUs) / 1000.0, 0, 'f', 2)
            .arg(failures)
            .arg(firstFailure.isEmpty() ? QString() : QStringLiteral(" (") + firstFailure + u')')
            .arg(double(maxRssKiB) / 1024.0, 0, 'f', 1)
            .arg(double(percentileUs(99)) / 1000.0, 0, 'f', 2)
            .arg(double(helperCpuUs) / 1000.0, 0, 'f', 0);
    }
};

} // namespace

class TestHelperFlood : public QObject
{
    Q_OBJECT

    SystemBusFixture m_bus;
    std::unique_ptr<LabNamespace> m_lab;
    QString m_target;
    QString m_stateDir;
    QTemporaryDir m_files;

    QDBusConnection root() { return m_bus.connection(QStringLiteral("root-client")); }

    /** Asks GetVersion every 10 ms while @p flood runs and for @p afterMs once it ended. */
    Watch watchWhile(QProcess &flood, int afterMs)
    {
        Watch watch;
        QDBusMessage call = QDBusMessage::createMethodCall(Service, ObjectPath, Interface, QStringLiteral("GetVersion"));
        QDeadlineTimer after(QDeadlineTimer::Forever);
        const QDeadlineTimer limit(120000);
        const qint64 cpuBefore = cpuUs(m_bus.helperPid());
        while (!limit.hasExpired()) {
            const bool ended = flood.state() == QProcess::NotRunning || flood.waitForFinished(0);
            if (ended && after.isForever())
                after = QDeadlineTimer(afterMs);
            if (after.hasExpired())
                break;
            QElapsedTimer clock;
            clock.start();
            const QDBusMessage reply = root().call(call, QDBus::Block, 5000);
            const qint64 us = clock.nsecsElapsed() / 1000;
            if (reply.type() != QDBusMessage::ReplyMessage) {
                ++watch.failures;
                if (watch.firstFailure.isEmpty())
                    watch.firstFailure = reply.errorName() + QStringLiteral(": ") + reply.errorMessage();
            }
            watch.latenciesUs.append(us);
            if (qEnvironmentVariableIsSet("QS_FLOOD_TRACE") && us > 20000)
                qInfo("slow GetVersion: %lld ms at %lld ms (monotonic clock %lld ms)", us / 1000,
                      limit.remainingTime() > 0 ? 120000 - limit.remainingTime() : -1, clock.msecsSinceReference());
            if (!after.isForever())
                watch.maxAfterUs = std::max(watch.maxAfterUs, us);
            watch.maxRssKiB = std::max(watch.maxRssKiB, residentKiB(m_bus.helperPid()));
            QThread::msleep(10);
        }
        watch.helperCpuUs = cpuUs(m_bus.helperPid()) - cpuBefore;
        return watch;
    }
    struct Attempt
    {
        Watch watch;
        QString output;
    };
    /**
     * Runs the flood of @p arguments while watching, again while its slowest answer took
     * MaxLatencyMs or more (MaxAttempts in all); @p check verifies each attempt. The last attempt.
     */
    Attempt flood(const char *what, const QStringList &arguments, const std::function<void(const Attempt &)> &check)
    {
        Attempt attempt;
        for (int i = 1; i <= MaxAttempts; ++i) {
            auto process = m_bus.startAs(TestUser::Denied, QStringLiteral(QS_HELPERFLOOD_PATH), arguments);
            attempt.watch = watchWhile(*process, 1000);
            attempt.output = QString::fromUtf8(process->readAllStandardOutput());
            qInfo("%s (attempt %d): %s", what, i, qPrintable(attempt.watch.summary()));
            qInfo("the flood saw: %s", qPrintable(attempt.output.simplified()));
            check(attempt);
            if (QTest::currentTestFailed() || attempt.watch.maxUs() < MaxLatencyMs * 1000)
                break;
        }
        return attempt;
    }
    /** Every GetVersion answered, within MaxLatencyMs once the flood ended, and the helper's RSS below MaxRssKiB. */
    static void checkAnsweredWithinBounds(const Attempt &a)
    {
        QVERIFY2(a.watch.failures == 0, qPrintable(a.watch.summary()));
        QVERIFY2(a.watch.maxAfterUs < MaxLatencyMs * 1000, qPrintable(a.watch.summary()));
        QVERIFY2(a.watch.maxRssKiB > 0 && a.watch.maxRssKiB < MaxRssKiB, qPrintable(a.watch.summary()));
    }
    /** That, and refusing the flood cost the helper less than MaxRefusalCpuMs. */
    static void checkRefusedFlood(const Attempt &a)
    {
        checkAnsweredWithinBounds(a);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(a.watch.helperCpuUs < MaxRefusalCpuMs * 1000, qPrintable(a.watch.summary()));
    }
    /** N from the first "…KEY=N" in the flood's summary ("Apply error NAME=COUNT", "unanswered=N"). */
    static int count(const QString &output, const QString &key)
    {
        for (const QString &line : output.split(u'\n')) {
            const int at = line.indexOf(key + u'=');
            if (at >= 0)
                return line.mid(at + key.size() + 1).section(u' ', 0, 0).toInt();
        }
        return -1;
    }
    QString helperPath() const
    {
        // An older helper can be measured the same way (QS_FLOOD_HELPER=/path/to/qdisc-studio-helper).
        return qEnvironmentVariable("QS_FLOOD_HELPER", QStringLiteral(QS_HELPER_PATH));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(isRoot(), "the helper tests need root (a system bus, polkit and network namespaces)");
        QVERIFY(m_files.isValid());
        m_stateDir = m_files.filePath(QStringLiteral("state"));
        QString error;
        QVERIFY2(m_bus.start(&error), qPrintable(error));
        m_lab = std::make_unique<LabNamespace>(QStringLiteral("qs-flood"));
        QVERIFY(m_lab->ok());
        QVERIFY(m_lab->addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        m_target = m_lab->target(QStringLiteral("va"));
        QVERIFY2(m_bus.startHelper(helperPath(), {QStringLiteral("--state-dir"), m_stateDir, QStringLiteral("--idle-timeout"), QStringLiteral("0")}, &error),
                 qPrintable(error));
    }

    void cleanupTestCase()
    {
        QFile::remove(AgentRuleFile);
        m_bus.stopHelper();
        m_bus.stop();
        m_lab.reset();
    }

    void referenceTheSameBytesToTheBusItself()
    {
        // Printed beside the helper's rows; only checked to be a flood the bus did answer.
        flood("reference, 40 × 4 MB to the bus daemon itself",
              {QStringLiteral("--apply"), QStringLiteral("40"), QStringLiteral("--bytes"), QStringLiteral("4000103"), QStringLiteral("--wait-ms"),
               QStringLiteral("30000"), QStringLiteral("--to-the-bus"), m_target},
              [](const Attempt &a) {
                  QCOMPARE(count(a.output, QStringLiteral("unanswered")), 0);
                  QVERIFY2(a.watch.failures == 0, qPrintable(a.watch.summary()));
              });
    }

    void hugeArgumentsAreNotRead()
    {
        // The 4 MB in the target, which is read before any grant: 20 Authorize (a call of small
        // arguments only) and 20 Apply (a target longer than any target). Their bodies are
        // dropped unread as they arrive, and each is answered LimitsExceeded.
        const Attempt last = flood("20 Authorize and 20 Apply with 4 MB targets",
                                   {QStringLiteral("--authorize"), QStringLiteral("20"), QStringLiteral("--apply"), QStringLiteral("20"),
                                    QStringLiteral("--bytes"), QStringLiteral("100"), QStringLiteral("--target-bytes"), QStringLiteral("4000103"),
                                    QStringLiteral("--wait-ms"), QStringLiteral("30000"), m_target},
                                   [](const Attempt &a) {
                                       checkRefusedFlood(a);
                                       if (QTest::currentTestFailed())
                                           return;
                                       QCOMPARE(count(a.output, QStringLiteral("unanswered")), 0);
                                       QCOMPARE(count(a.output, QStringLiteral("Apply error org.freedesktop.DBus.Error.LimitsExceeded")), 20);
                                       QCOMPARE(count(a.output, QStringLiteral("Authorize error org.freedesktop.DBus.Error.LimitsExceeded")), 20);
                                   });
        QVERIFY2(last.watch.maxUs() < MaxLatencyMs * 1000, qPrintable(last.watch.summary()));
    }

    void documentsWithoutGrantAreRefusedAtOnce()
    {
        // 40 × 4 000 103 bytes from one connection of a user polkit refuses, all sent at once:
        // dropped unread as they arrive (no grant), each answered AuthorizeFirst.
        const Attempt last = flood("40 × 4 MB Apply without a grant",
                                   {QStringLiteral("--apply"), QStringLiteral("40"), QStringLiteral("--bytes"), QStringLiteral("4000103"),
                                    QStringLiteral("--wait-ms"), QStringLiteral("30000"), m_target},
                                   [](const Attempt &a) {
                                       checkRefusedFlood(a);
                                       if (QTest::currentTestFailed())
                                           return;
                                       QCOMPARE(count(a.output, QStringLiteral("unanswered")), 0);
                                       QCOMPARE(count(a.output, QStringLiteral("Apply error org.qdiscstudio.Error.AuthorizeFirst")), 40);
                                   });
        QVERIFY2(last.watch.maxUs() < MaxLatencyMs * 1000, qPrintable(last.watch.summary()));
        QVERIFY(m_lab->tc({QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("va")}).out.contains(QStringLiteral("noqueue")));
    }

    void agentThatNeverAnswersHoldsOnlyCappedSmallCalls()
    {
        QVERIFY(QFile::exists(QStringLiteral("/etc/polkit-1/rules.d")));
        {
            QFile rule(AgentRuleFile);
            QVERIFY(rule.open(QIODevice::WriteOnly | QIODevice::Truncate));
            rule.write(AgentRule);
        }
        auto removeRule = qScopeGuard([] { QFile::remove(AgentRuleFile); });
        QThread::msleep(2000); // polkitd reloads its rules when the folder changes

        // Three connections of one user, each with an agent that never answers: 20 Authorize
        // and 14 Apply of 4 MB each. The helper keeps at most 16 waiting per connection and 32
        // per user, small ones; the rest, and every document, are answered at once.
        const Attempt last = flood("3 connections, silent agent, 60 Authorize + 42 × 4 MB Apply",
                                   {QStringLiteral("--agent"), QStringLiteral("--connections"), QStringLiteral("3"), QStringLiteral("--authorize"),
                                    QStringLiteral("20"), QStringLiteral("--apply"), QStringLiteral("14"), QStringLiteral("--bytes"),
                                    QStringLiteral("4000103"), QStringLiteral("--wait-ms"), QStringLiteral("5000"), m_target},
                                   [](const Attempt &a) {
                                       QVERIFY2(!a.output.contains(QStringLiteral("cannot")), qPrintable(a.output));
                                       checkAnsweredWithinBounds(a);
                                       if (QTest::currentTestFailed())
                                           return;
                                       QCOMPARE(count(a.output, QStringLiteral("Apply error org.qdiscstudio.Error.AuthorizeFirst")), 42);
                                       // Waiting for the agent: the caps' worth, never more.
                                       QCOMPARE(count(a.output, QStringLiteral("Authorize error org.qdiscstudio.Error.TooManyWaiting")), 60 - 32);
                                       QVERIFY2(a.output.contains(QStringLiteral("Authorize answered=28 unanswered=32 ok=0")), qPrintable(a.output));
                                   });
        QVERIFY2(last.watch.maxUs() < MaxLatencyMs * 1000, qPrintable(last.watch.summary()));

        // The flood left: its checks end with it, and the user counts from zero again.
        removeRule.dismiss();
        QFile::remove(AgentRuleFile);
        QThread::msleep(2000);
        const CommandResult after = m_bus.runAs(TestUser::Denied, QStringLiteral(QS_HELPERCALL_PATH),
                                                {QStringLiteral("Authorize"), QStringLiteral("s:") + m_target});
        QVERIFY2(after.out.startsWith(QStringLiteral("error org.qdiscstudio.Error.NotAuthorized")), qPrintable(after.out + after.err));
    }
};

QTEST_GUILESS_MAIN(TestHelperFlood)
#include "tst_helper_flood.moc"
