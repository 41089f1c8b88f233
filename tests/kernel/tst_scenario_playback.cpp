// The acceptance test of scenarios: the real `qdisc-studio play FILE --dev NS/va --json` on a
// veth between two namespaces this test creates, read back with `tc -j` while it plays.
//
// Each row is a 3-step scenario on one watched parameter: a tree step, a ramp at 10 updates a
// second, and another step (or the ramp last). While it plays, the test reads the root qdisc with
// `tc -j -s qdisc show` over and over, each reading bracketed by its own CLOCK_MONOTONIC times,
// and lays every reading over the schedule, anchored at the start of step 1 as the CLI reports it
// (its JSON "stepStartedNs", the same clock): the kernel's value must be the schedule's value at
// some moment of the reading's bracket widened by one update interval. The CLI's own step starts
// must be within one interval of the schedule too. During the whole run, UDP crosses the veth:
// the root qdisc's handle stays and its counters never go back (in-place changes, no reset). At
// the end the scenario's onEnd puts back the tree from before (an htb of the test's own), and a
// Ctrl-C (or SIGTERM) in the middle does the same (or keeps the last condition with --keep),
// with exit status 130 (143).
//
// Rows: "tbf" (tbf.rate steps and a ramp) runs on this machine's kernel; "netem" (netem.delay
// 20ms, a ramp to 200ms over 5 s, then 100ms) runs under user-mode Linux (tests/kernel/CMakeLists.txt).
// helperPlaysAndKillNineRestores plays through qdisc-studio-helper on a private system bus with
// polkitd (SystemBusFixture): a whole pass, --keep (the last condition stays after the CLI is
// gone: the helper's revert-on-exit promise ended with the playback), and the CLI killed with
// SIGKILL mid-play, also with --keep, after which the helper puts the tree back.
// No skips: a missing prerequisite fails, naming it.

#include "labnamespace.h"
#include "tcnotifications.h"
#include "lab/labsockets.h"
#include "stats/monotonicclock.h"
#include "systembusfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <atomic>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>

using namespace qs;
using namespace qs::test;

namespace {

constexpr qint64 UpdateIntervalMs = 100; // 10 updates a second: the tolerance of every check

/** The watched parameter's schedule: constant steps and linear ramps, in the parameter's unit. */
struct Schedule
{
    struct Piece
    {
        qint64 startMs = 0;
        qint64 durationMs = 0;
        bool ramp = false;
        double value = 0; ///< constant: the value; ramp: where it ends
    };
    QList<Piece> pieces;

    qint64 durationMs() const { return pieces.isEmpty() ? 0 : pieces.last().startMs + pieces.last().durationMs; }

    /** The value the schedule holds at @p posMs (0 ≤ posMs < durationMs()). */
    double valueAt(qint64 posMs) const
    {
        double previous = 0;
        for (const Piece &p : pieces) {
            if (posMs < p.startMs + p.durationMs) {
                if (!p.ramp)
                    return p.value;
                // Updates at the step's start and every interval after it; the end value at its end.
                const qint64 updates = (posMs - p.startMs) / UpdateIntervalMs;
                return previous + (p.value - previous) * double(updates * UpdateIntervalMs) / double(p.durationMs);
            }
            previous = p.value;
        }
        return previous;
    }
    /** Whether @p value is held at some moment of [loMs, hiMs] (clamped to the pass). */
    bool heldWithin(double value, qint64 loMs, qint64 hiMs, double epsilon) const
    {
        for (qint64 at = std::max<qint64>(0, loMs); at <= std::min(hiMs, durationMs() - 1); ++at) {
            if (std::abs(valueAt(at) - value) <= epsilon)
                return true;
        }
        return false;
    }
};

/** One reading of the root qdisc, bracketed by this process's clock. */
struct Sample
{
    qint64 beforeNs = 0;
    qint64 afterNs = 0;
    QString kind;
    QString handle;
    double value = 0; ///< the watched parameter (tbf: rate in bytes/s; netem: delay in µs)
    double bytes = 0;
    double packets = 0;
};

struct Row
{
    QString name;
    QString kind;      ///< the scenario's root kind
    QByteArray json;   ///< the scenario file
    Schedule schedule;
    double epsilon = 0;
};

QByteArray tbfStep(const char *name, const char *duration, const char *rate)
{
    return QStringLiteral(R"({"name": "%1", "duration": "%2", "tree": {"qdiscs": [{"parent": "root", "handle": "1:", "kind": "tbf",
        "params": {"rate": "%3", "burst": "64kb", "latency": "50ms"}}]}})")
        .arg(QLatin1String(name), QLatin1String(duration), QLatin1String(rate))
        .toUtf8();
}

QByteArray netemStep(const char *name, const char *duration, const char *delay)
{
    return QStringLiteral(R"({"name": "%1", "duration": "%2", "tree": {"qdiscs": [{"parent": "root", "handle": "1:", "kind": "netem",
        "params": {"delay": "%3"}}]}})")
        .arg(QLatin1String(name), QLatin1String(duration), QLatin1String(delay))
        .toUtf8();
}

QByteArray rampStep(const char *name, const char *duration, const char *parameter, const char *to)
{
    return QStringLiteral(R"({"name": "%1", "duration": "%2", "ramp": {"curve": "linear", "updatesPerSecond": 10,
        "parameters": [{"parameter": "%3", "to": "%4"}]}})")
        .arg(QLatin1String(name), QLatin1String(duration), QLatin1String(parameter), QLatin1String(to))
        .toUtf8();
}

QByteArray scenarioJson(const char *name, const QList<QByteArray> &steps, const char *extra = "")
{
    QByteArray json = QByteArray(R"({"schemaVersion": 1, "name": ")") + name + R"(", "onEnd": "restore", "onAbort": "restore", )" + extra +
                      R"("steps": [)";
    for (qsizetype i = 0; i < steps.size(); ++i)
        json += (i ? ",\n" : "\n") + steps[i];
    return json + "]}\n";
}

Row tbfRow()
{
    Row r;
    r.name = QStringLiteral("tbf");
    r.kind = QStringLiteral("tbf");
    // Whole Mbit/s along the ramp (30, 31, … 50), as the kernel holds them exactly (bytes/s).
    r.json = scenarioJson("rate steps", {tbfStep("Slow", "2s", "10mbit"), tbfStep("Faster", "2s", "30mbit"),
                                          rampStep("Ramp", "2s", "tbf.rate", "50mbit")});
    r.schedule.pieces = {{0, 2000, false, 10e6 / 8}, {2000, 2000, false, 30e6 / 8}, {4000, 2000, true, 50e6 / 8}};
    r.epsilon = 1; // bytes/s
    return r;
}

Row netemRow()
{
    Row r;
    r.name = QStringLiteral("netem");
    r.kind = QStringLiteral("netem");
    // 20 ms → 200 ms over 5 s at 10 Hz: 3.6 ms an update, whole microseconds.
    r.json = scenarioJson("delay ramp", {netemStep("Near", "2s", "20ms"), rampStep("Drift away", "5s", "netem.delay", "200ms"),
                                          netemStep("Settle", "2s", "100ms")});
    r.schedule.pieces = {{0, 2000, false, 20000}, {2000, 5000, true, 200000}, {7000, 2000, false, 100000}};
    r.epsilon = 1; // µs
    return r;
}

Row rowNamed(const QString &name)
{
    return name == u"netem" ? netemRow() : tbfRow();
}

/** Constant UDP from namespace A to B across the veth, so the root qdisc of va counts packets. */
class UdpFlow
{
public:
    bool start(const QString &netns, QString *error)
    {
        m_fd = openSocketIn(netns, AF_INET, SOCK_DGRAM, error);
        if (m_fd < 0)
            return false;
        m_thread = std::thread([this] {
            sockaddr_in to{};
            to.sin_family = AF_INET;
            to.sin_port = htons(9); // discard: nobody listens, the datagrams still cross va
            inet_pton(AF_INET, "198.18.0.2", &to.sin_addr);
            const QByteArray payload(1000, 'x');
            while (!m_stop.load()) {
                ::sendto(m_fd, payload.constData(), size_t(payload.size()), MSG_DONTWAIT, reinterpret_cast<sockaddr *>(&to), sizeof(to));
                std::this_thread::sleep_for(std::chrono::milliseconds(2)); // ~4 Mbit/s, below every rate of the rows
            }
        });
        return true;
    }
    ~UdpFlow()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        if (m_fd >= 0)
            ::close(m_fd);
    }

private:
    int m_fd = -1;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

/** What the CLI said, line by line. */
struct CliOutput
{
    QJsonObject schedule;
    QList<QJsonObject> events;
    QByteArray pending;

    void take(const QByteArray &bytes)
    {
        pending += bytes;
        qsizetype newline;
        while ((newline = pending.indexOf('\n')) >= 0) {
            const QByteArray line = pending.left(newline);
            pending.remove(0, newline + 1);
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.isEmpty())
                qWarning("not a JSON object from the CLI: %s", line.constData());
            else if (o[u"event"].toString() == u"schedule")
                schedule = o;
            else
                events.append(o);
        }
    }
    /** From the first report of (loop 1, @p step): @p key ("stepStartedNs", "stepDueNs"), or 0. */
    qint64 stepTime(int step, const char *key = "stepStartedNs") const
    {
        for (const QJsonObject &e : events) {
            if (e[u"event"].toString() == u"step" && e[u"step"].toInt() == step && e[u"loop"].toInt() == 1)
                return qint64(e[QLatin1String(key)].toDouble());
        }
        return 0;
    }
    qint64 stepStartedNs(int step) const { return stepTime(step); }
    QString lastState() const { return events.isEmpty() ? QString() : events.last()[u"state"].toString(); }
};

} // namespace

class TstScenarioPlayback : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TwoHostLab> m_lab;
    QTemporaryDir m_dir;

    QString target() const { return m_lab->a.target(QStringLiteral("va")); }

    /** The tree the scenarios start from and must find again: an htb of the test's own. */
    void setBeforeTree()
    {
        const LabNamespace &a = m_lab->a;
        a.tc({QStringLiteral("qdisc"), QStringLiteral("del"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root")});
        QVERIFY(a.tc(QStringLiteral("qdisc add dev va root handle 5: htb default 10").split(u' ')).ok());
        QVERIFY(a.tc(QStringLiteral("class add dev va parent 5: classid 5:10 htb rate 7mbit ceil 7mbit").split(u' ')).ok());
    }
    void verifyBeforeTree()
    {
        const QJsonArray qdiscs = m_lab->a.tcJson(QStringLiteral("qdisc"), QStringLiteral("va")).array();
        QVERIFY2(qdiscs.size() == 1 && qdiscs.first()[u"kind"].toString() == u"htb" && qdiscs.first()[u"handle"].toString() == u"5:",
                 qPrintable(QString::fromUtf8(QJsonDocument(qdiscs).toJson(QJsonDocument::Compact))));
        // tc prints no JSON for htb classes: its text.
        const CommandResult classes = m_lab->a.tc(QStringLiteral("class show dev va").split(u' '));
        QVERIFY2(classes.out.contains(u"class htb 5:10 root") && classes.out.contains(u"rate 7Mbit ceil 7Mbit"), qPrintable(classes.out));
    }

    Sample sample() const
    {
        Sample s;
        s.beforeNs = monotonicNowNs();
        const QJsonArray qdiscs = m_lab->a.tcJson(QStringLiteral("qdisc"), QStringLiteral("va")).array();
        s.afterNs = monotonicNowNs();
        for (const QJsonValue &v : qdiscs) {
            const QJsonObject q = v.toObject();
            if (!q[u"root"].toBool())
                continue;
            s.kind = q[u"kind"].toString();
            s.handle = q[u"handle"].toString();
            s.bytes = q[u"bytes"].toDouble();
            s.packets = q[u"packets"].toDouble();
            const QJsonObject options = q[u"options"].toObject();
            if (s.kind == u"tbf")
                s.value = options[u"rate"].toDouble();
            else if (s.kind == u"netem")
                s.value = std::round(options[u"delay"].toObject()[u"delay"].toDouble() * 1e6);
        }
        return s;
    }

    std::unique_ptr<QProcess> startPlay(const QString &file, const QStringList &extra)
    {
        auto process = std::make_unique<QProcess>();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        // No system bus: as root the CLI plays in its own process (DirectBackend), as on a server.
        env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), QStringLiteral("unix:path=/nonexistent/qs-no-bus"));
        process->setProcessEnvironment(env);
        process->start(QStringLiteral(QS_APP_PATH), QStringList{QStringLiteral("play"), file, QStringLiteral("--dev"), target(), QStringLiteral("--json")} + extra);
        if (!process->waitForStarted())
            qFatal("cannot start %s: %s", QS_APP_PATH, qPrintable(process->errorString()));
        return process;
    }

    QString writeScenario(const Row &row)
    {
        const QString path = m_dir.filePath(row.name + QStringLiteral(".json"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(row.json) != row.json.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    /** The kernel module of @p kind loaded before playing, so that loading it is not the first step's latency. */
    void preload(const QString &kind)
    {
        const LabNamespace &b = m_lab->b;
        const QStringList add = kind == u"netem" ? QStringLiteral("qdisc add dev lo root netem delay 1ms").split(u' ')
                                                 : QStringLiteral("qdisc add dev lo root tbf rate 1mbit burst 32kb latency 50ms").split(u' ');
        const CommandResult r = b.tc(add);
        QVERIFY2(r.ok(), qPrintable(QStringLiteral("this kernel cannot make a %1 qdisc (sch_%1 missing?): %2").arg(kind, r.err)));
        b.tc(QStringLiteral("qdisc del dev lo root").split(u' '));
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test plays scenarios in network namespaces of its own and needs root (CI runs as root)");
        QVERIFY(m_dir.isValid());
        // The CLI's own data (no user profiles or scenarios of this machine's), for every way it is started.
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toUtf8());
        m_lab = std::make_unique<TwoHostLab>(QStringLiteral("qs-play"));
        QVERIFY2(m_lab->ok, "cannot build two namespaces joined by a veth (ip netns, veth)");
    }

    void cleanupTestCase() { m_lab.reset(); }

    void playbackFollowsTheSchedule_data()
    {
        QTest::addColumn<QString>("row");
        QTest::newRow("tbf") << QStringLiteral("tbf");
        QTest::newRow("netem") << QStringLiteral("netem");
    }

    void playbackFollowsTheSchedule()
    {
        QFETCH(QString, row);
        const Row r = rowNamed(row);
        preload(r.kind);
        if (QTest::currentTestFailed())
            return;
        setBeforeTree();
        const QString file = writeScenario(r);
        UdpFlow flow;
        QString error;
        QVERIFY2(flow.start(m_lab->a.name(), &error), qPrintable(error));

        auto process = startPlay(file, {});
        CliOutput cli;
        QList<Sample> samples;
        const qint64 deadlineNs = monotonicNowNs() + (r.schedule.durationMs() + 60000) * 1'000'000;
        while (process->state() != QProcess::NotRunning && monotonicNowNs() < deadlineNs) {
            samples.append(sample());
            process->waitForReadyRead(1);
            cli.take(process->readAllStandardOutput());
        }
        process->waitForFinished(5000);
        cli.take(process->readAllStandardOutput());
        const QString err = QString::fromUtf8(process->readAllStandardError());
        QVERIFY2(process->exitStatus() == QProcess::NormalExit && process->exitCode() == 0,
                 qPrintable(QStringLiteral("exit %1: %2").arg(process->exitCode()).arg(err)));
        QCOMPARE(cli.lastState(), QStringLiteral("finished"));

        // The CLI's schedule is the one the file describes.
        const QJsonArray steps = cli.schedule[u"steps"].toArray();
        QCOMPARE(steps.size(), r.schedule.pieces.size());
        for (qsizetype i = 0; i < steps.size(); ++i) {
            QCOMPARE(qint64(steps[i][u"startMs"].toDouble()), r.schedule.pieces[i].startMs);
            QCOMPARE(steps[i][u"ramp"].toBool(), r.schedule.pieces[i].ramp);
        }

        // Step starts as the CLI reports them, on the schedule anchored where step 1 was due (the
        // pass's start; before the kernel took step 1 by that apply's time).
        const qint64 t0 = cli.stepTime(0, "stepDueNs");
        QVERIFY2(t0 > 0, "no report of step 1 from the CLI");
        qInfo("step 1 was due %.1f ms before the CLI reported it started", double(cli.stepStartedNs(0) - t0) / 1e6);
        QVERIFY2(cli.stepStartedNs(0) - t0 >= 0 && cli.stepStartedNs(0) - t0 <= UpdateIntervalMs * 1'000'000, "step 1 reported far from its due time");
        for (qsizetype i = 1; i < r.schedule.pieces.size(); ++i) {
            const qint64 started = cli.stepStartedNs(int(i));
            QVERIFY2(started > 0, qPrintable(QStringLiteral("no report of step %1").arg(i + 1)));
            const double offsetMs = double(started - t0) / 1e6 - double(r.schedule.pieces[i].startMs);
            const double dueOffsetMs = double(cli.stepTime(int(i), "stepDueNs") - t0) / 1e6 - double(r.schedule.pieces[i].startMs);
            qInfo("step %lld: started %+.1f ms after its scheduled time (the CLI's due time %+.1f ms)", qlonglong(i + 1), offsetMs, dueOffsetMs);
            QVERIFY2(std::abs(offsetMs) <= UpdateIntervalMs, qPrintable(QStringLiteral("step %1 began %2 ms off").arg(i + 1).arg(offsetMs)));
        }

        // Every reading of the kernel on the schedule, within one update interval.
        int during = 0;
        int restoredAfter = 0;
        QList<double> rampValues;
        for (const Sample &s : std::as_const(samples)) {
            const qint64 loMs = (s.beforeNs - t0) / 1'000'000 - UpdateIntervalMs;
            const qint64 hiMs = (s.afterNs - t0) / 1'000'000 + UpdateIntervalMs;
            if (s.kind == u"htb") { // the tree from before: only before step 1 or after the end
                QVERIFY2(s.handle == u"5:", qPrintable(s.handle));
                QVERIFY2(hiMs < 0 + 2 * UpdateIntervalMs || hiMs >= r.schedule.durationMs(),
                         qPrintable(QStringLiteral("the tree from before at %1…%2 ms").arg(loMs).arg(hiMs)));
                if (hiMs >= r.schedule.durationMs())
                    ++restoredAfter;
                continue;
            }
            QCOMPARE(s.kind, r.kind);
            QCOMPARE(s.handle, QStringLiteral("1:"));
            ++during;
            QVERIFY2(r.schedule.heldWithin(s.value, loMs, hiMs, r.epsilon),
                     qPrintable(QStringLiteral("the kernel held %1 at %2…%3 ms; the schedule: %4 … %5")
                                    .arg(s.value)
                                    .arg(loMs + UpdateIntervalMs)
                                    .arg(hiMs - UpdateIntervalMs)
                                    .arg(r.schedule.valueAt(std::max<qint64>(0, loMs + UpdateIntervalMs)))
                                    .arg(r.schedule.valueAt(std::min(hiMs - UpdateIntervalMs, r.schedule.durationMs() - 1)))));
            const Schedule::Piece &ramp = *std::find_if(r.schedule.pieces.begin(), r.schedule.pieces.end(), [](const Schedule::Piece &p) { return p.ramp; });
            if (loMs > ramp.startMs && hiMs < ramp.startMs + ramp.durationMs && !rampValues.contains(s.value))
                rampValues.append(s.value);
        }
        qInfo("%d readings during the scenario, %d after it, %lld distinct values inside the ramp", during, restoredAfter,
              qlonglong(rampValues.size()));
        QVERIFY2(during >= 10, "too few readings of the kernel while the scenario played");
        QVERIFY2(rampValues.size() >= 5, "the ramp was not seen moving in steps");

        // Where the kernel changed at each step boundary, from the readings around it.
        for (qsizetype i = 1; i < r.schedule.pieces.size(); ++i) {
            const qint64 dueNs = t0 + r.schedule.pieces[i].startMs * 1'000'000;
            const double oldValue = r.schedule.pieces[i - 1].value; // where the step before ended
            const double newValue = r.schedule.valueAt(r.schedule.pieces[i].startMs);
            if (std::abs(newValue - oldValue) <= r.epsilon)
                continue; // a ramp starting where the step before ended: nothing to see
            const Sample *lastBefore = nullptr;
            const Sample *firstAfter = nullptr;
            for (const Sample &s : std::as_const(samples)) {
                if (s.kind != r.kind)
                    continue;
                if (s.beforeNs < dueNs + UpdateIntervalMs * 1'000'000 && std::abs(s.value - oldValue) <= r.epsilon)
                    lastBefore = &s;
                if (!firstAfter && s.afterNs > dueNs - UpdateIntervalMs * 1'000'000 && std::abs(s.value - newValue) <= r.epsilon)
                    firstAfter = &s;
            }
            if (lastBefore && firstAfter)
                qInfo("step %lld boundary: the kernel changed between %+.1f and %+.1f ms of its due time", qlonglong(i + 1),
                      double(lastBefore->beforeNs - dueNs) / 1e6, double(firstAfter->afterNs - dueNs) / 1e6);
        }

        // The same qdisc all along, and its counters only ever growing: changes in place.
        const Sample *previous = nullptr;
        for (const Sample &s : std::as_const(samples)) {
            if (s.kind != r.kind)
                continue;
            if (previous) {
                QVERIFY2(s.bytes >= previous->bytes && s.packets >= previous->packets,
                         qPrintable(QStringLiteral("counters went back: %1 → %2 bytes, %3 → %4 packets")
                                        .arg(previous->bytes).arg(s.bytes).arg(previous->packets).arg(s.packets)));
            }
            previous = &s;
        }
        const auto firstOf = std::find_if(samples.cbegin(), samples.cend(), [&](const Sample &s) { return s.kind == r.kind; });
        QVERIFY(firstOf != samples.cend() && previous);
        QVERIFY2(previous->packets > firstOf->packets, "no traffic was counted while the scenario played");

        // The scenario's onEnd: the tree from before is back.
        verifyBeforeTree();
    }

    /**
     * Through the helper: the CLI finds it on the (private) system bus and plays there; a whole
     * pass ends with exit status 0 and the tree from before; with --keep the last condition stays
     * after the CLI (the helper's client) is gone; then, killed with SIGKILL in the
     * middle of a ramp, the CLI cannot stop anything itself: the helper, asked to revert on exit,
     * stops the playback and puts the tree back once the CLI's bus connection is gone.
     */
    void helperPlaysAndKillNineRestores()
    {
        SystemBusFixture bus;
        QString error;
        QVERIFY2(bus.start(&error), qPrintable(error));
        QVERIFY2(bus.startHelper(QStringLiteral(QS_HELPER_PATH),
                                 {QStringLiteral("--state-dir"), m_dir.filePath(QStringLiteral("helper-state")), QStringLiteral("--idle-timeout"),
                                  QStringLiteral("0")},
                                 &error),
                 qPrintable(error));
        const Row r = tbfRow();
        setBeforeTree();
        const QString file = writeScenario(r);
        const QStringList play{QStringLiteral("play"), file, QStringLiteral("--dev"), target(), QStringLiteral("--json")};

        // A whole pass.
        const CommandResult whole = bus.runAs(TestUser::Root, QStringLiteral(QS_APP_PATH), play, 60000);
        CliOutput cli;
        cli.take(whole.out.toUtf8());
        QVERIFY2(whole.exitCode == 0, qPrintable(QStringLiteral("exit %1: %2\nhelper: %3").arg(whole.exitCode).arg(whole.err, bus.helperOutput())));
        QVERIFY2(cli.schedule[u"backend"].toString().contains(u"helper"), qPrintable(whole.out));
        QVERIFY2(!whole.err.contains(u"in this process"), qPrintable(whole.err)); // no fallback
        for (int step = 0; step < r.schedule.pieces.size(); ++step)
            QVERIFY2(cli.stepStartedNs(step) > 0, qPrintable(QStringLiteral("no report of step %1: %2").arg(step + 1).arg(whole.out)));
        const qint64 t0 = cli.stepTime(0, "stepDueNs");
        for (qsizetype i = 1; i < r.schedule.pieces.size(); ++i) {
            const double offsetMs = double(cli.stepStartedNs(int(i)) - t0) / 1e6 - double(r.schedule.pieces[i].startMs);
            qInfo("through the helper: step %lld started %+.1f ms after its scheduled time", qlonglong(i + 1), offsetMs);
            QVERIFY2(std::abs(offsetMs) <= UpdateIntervalMs, qPrintable(QStringLiteral("step %1 began %2 ms off").arg(i + 1).arg(offsetMs)));
        }
        QCOMPARE(cli.lastState(), QStringLiteral("finished"));
        verifyBeforeTree();
        if (QTest::currentTestFailed())
            return;

        // --keep: the last condition stays, also after the CLI (the helper's client) is gone. The
        // CLI asked the helper to revert on exit; that promise ended with the playback.
        const CommandResult kept = bus.runAs(TestUser::Root, QStringLiteral(QS_APP_PATH), play + QStringList{QStringLiteral("--keep")}, 60000);
        QVERIFY2(kept.exitCode == 0, qPrintable(QStringLiteral("exit %1: %2").arg(kept.exitCode).arg(kept.err)));
        QTest::qWait(1000);
        const Sample last = sample();
        QVERIFY2(last.kind == u"tbf" && std::abs(last.value - r.schedule.pieces.last().value) <= r.epsilon,
                 qPrintable(QStringLiteral("after play --keep through the helper: %1 %2; helper: %3").arg(last.kind).arg(last.value).arg(bus.helperOutput().right(3000))));
        setBeforeTree();

        // Killed in the middle of the ramp, with --keep: a scenario cut off halfway is no condition
        // anyone chose, so the helper puts the tree back all the same (without --keep it asks the same).
        auto process = bus.startAs(TestUser::Root, QStringLiteral(QS_APP_PATH),
                                   play + QStringList{QStringLiteral("--loop"), QStringLiteral("0"), QStringLiteral("--keep")});
        QVERIFY2(process->waitForStarted(), qPrintable(process->errorString()));
        CliOutput killed;
        const qint64 deadlineNs = monotonicNowNs() + 60'000'000'000;
        while (killed.stepStartedNs(2) == 0 && process->state() != QProcess::NotRunning && monotonicNowNs() < deadlineNs) {
            process->waitForReadyRead(100);
            killed.take(process->readAllStandardOutput());
        }
        QVERIFY2(killed.stepStartedNs(2) > 0, qPrintable(QString::fromUtf8(process->readAllStandardError())));
        QTest::qWait(500);
        QCOMPARE(sample().kind, QStringLiteral("tbf"));
        const qint64 killedAtNs = monotonicNowNs();
        QCOMPARE(::kill(pid_t(process->processId()), SIGKILL), 0);
        QVERIFY(process->waitForFinished(10000));
        Sample now = sample();
        while (now.kind != u"htb" && monotonicNowNs() - killedAtNs < 10'000'000'000) {
            QThread::msleep(20);
            now = sample();
        }
        qInfo("after kill -9 the helper put the tree back within %.0f ms", double(now.afterNs - killedAtNs) / 1e6);
        QVERIFY2(now.kind == u"htb", qPrintable(QStringLiteral("still %1 10 s after kill -9; helper: %2").arg(now.kind, bus.helperOutput())));
        // And it stays back: the playback was stopped, not only its tree replaced once.
        QTest::qWait(1000);
        verifyBeforeTree();
        bus.stopHelper();
    }

    void severalTargetsAllOrNothing()
    {
        // A scenario for two targets (va in one namespace, vb in the other) played by the CLI in
        // its own process: both lanes from one start, each kernel gets its own; with a third
        // target that cannot be read, nothing is applied anywhere (each kernel's notifications).
        setBeforeTree();
        const LabNamespace &b = m_lab->b;
        const QString onB = b.target(QStringLiteral("vb"));
        const QString tbf = QStringLiteral("{\"tree\": {\"qdiscs\": [{\"kind\": \"tbf\", \"handle\": \"1:\", \"parent\": \"root\", "
                                           "\"params\": {\"rate\": \"%1\", \"burst\": \"64kb\", \"limit\": \"128kb\"}}]}}");
        const auto scenarioFile = [&](const QString &name, const QStringList &targets) {
            const QString json = QStringLiteral("{\"schemaVersion\": 1, \"name\": \"%1\", \"targets\": [\"%2\"], \"steps\": ["
                                                "{\"name\": \"both\", \"duration\": \"500ms\", %3},"
                                                "{\"name\": \"b degrades\", \"duration\": \"500ms\", \"on\": {\"%4\": %5}}]}")
                                     .arg(name, targets.join(QStringLiteral("\", \"")), tbf.arg(QStringLiteral("10mbit")).mid(1).chopped(1), onB,
                                          tbf.arg(QStringLiteral("2mbit")));
            const QString path = m_dir.filePath(name + QStringLiteral(".json"));
            QFile file(path);
            if (!file.open(QIODevice::WriteOnly) || file.write(json.toUtf8()) <= 0)
                qFatal("cannot write %s", qPrintable(path));
            return path;
        };
        const QString two = scenarioFile(QStringLiteral("two"), {target(), onB});
        std::vector<TcNotifications::Change> onAChanges;
        std::vector<TcNotifications::Change> onBChanges;
        CommandResult played;
        {
            TcNotifications aNotices(m_lab->a.name());
            TcNotifications bNotices(b.name());
            QVERIFY(aNotices.ok() && bNotices.ok());
            played = runCommand(QStringLiteral(QS_APP_PATH), {QStringLiteral("play"), QStringLiteral("--direct"), QStringLiteral("--json"), two});
            QTest::qWait(100);
            onAChanges = aNotices.changes();
            onBChanges = bNotices.changes();
        }
        QVERIFY2(played.ok(), qPrintable(played.err));
        int landed = 0;
        for (const QString &line : played.out.split(u'\n', Qt::SkipEmptyParts))
            landed += QJsonDocument::fromJson(line.toUtf8()).object()[u"event"].toString() == u"landed";
        QCOMPARE(landed, 2);
        // Each kernel's word: both took 10 Mbit/s within 25 ms of each other; then vb alone 2 Mbit/s (va held).
        const auto firstAt = [](const std::vector<TcNotifications::Change> &changes, quint64 bytes) -> qint64 {
            for (const TcNotifications::Change &c : changes)
                if (c.kind == u"tbf" && c.tbfRateBytes == bytes)
                    return c.atNs;
            return 0;
        };
        const qint64 aTook = firstAt(onAChanges, 1'250'000);
        const qint64 bTook = firstAt(onBChanges, 1'250'000);
        QVERIFY(aTook > 0 && bTook > 0);
        QVERIFY2(std::abs(aTook - bTook) < 25'000'000, qPrintable(QString::number(aTook - bTook)));
        const qint64 bDegraded = firstAt(onBChanges, 250'000);
        QVERIFY2(bDegraded - bTook >= 490'000'000 && bDegraded - bTook < 600'000'000, qPrintable(QString::number(bDegraded - bTook)));
        QCOMPARE(firstAt(onAChanges, 250'000), 0);
        verifyBeforeTree();
        QVERIFY(!b.tc({QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("vb")}).out.contains(QStringLiteral("tbf")));

        // --dev plays one lane, and only one of the scenario's targets.
        const CommandResult wrong = runCommand(QStringLiteral(QS_APP_PATH), {QStringLiteral("play"), QStringLiteral("--direct"), QStringLiteral("--dev"), QStringLiteral("eth9"), two});
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains(onB), qPrintable(wrong.err));

        TcNotifications onA(m_lab->a.name());
        TcNotifications onBNotices(b.name());
        QVERIFY(onA.ok() && onBNotices.ok());
        const QString three = scenarioFile(QStringLiteral("three"), {target(), onB, QStringLiteral("qs-no-such-namespace/eth9")});
        const CommandResult refused = runCommand(QStringLiteral(QS_APP_PATH), {QStringLiteral("play"), QStringLiteral("--direct"), three});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(QStringLiteral("qs-no-such-namespace/eth9")) && refused.err.contains(QStringLiteral("nothing was applied")),
                 qPrintable(refused.err));
        QTest::qWait(200);
        QVERIFY(onA.changes().empty() && onBNotices.changes().empty());
        verifyBeforeTree();
    }

    void interruptedPlaybackRestores_data()
    {
        QTest::addColumn<QString>("row");
        QTest::addColumn<int>("signal");
        QTest::addColumn<bool>("keep");
        QTest::newRow("tbf-sigint") << QStringLiteral("tbf") << int(SIGINT) << false;
        QTest::newRow("tbf-sigterm-keep") << QStringLiteral("tbf") << int(SIGTERM) << true;
        QTest::newRow("netem-sigint") << QStringLiteral("netem") << int(SIGINT) << false;
    }

    void interruptedPlaybackRestores()
    {
        QFETCH(QString, row);
        QFETCH(int, signal);
        QFETCH(bool, keep);
        const Row r = rowNamed(row);
        preload(r.kind);
        if (QTest::currentTestFailed())
            return;
        setBeforeTree();
        const QString file = writeScenario(r);
        QStringList extra{QStringLiteral("--loop"), QStringLiteral("0")};
        if (keep)
            extra.append(QStringLiteral("--keep"));
        auto process = startPlay(file, extra);
        CliOutput cli;
        // Into the ramp (step 2 of the netem row, step 3 of the tbf row), then the signal.
        const int rampStep = int(std::find_if(r.schedule.pieces.begin(), r.schedule.pieces.end(), [](const Schedule::Piece &p) { return p.ramp; }) -
                                 r.schedule.pieces.begin());
        const qint64 deadlineNs = monotonicNowNs() + (r.schedule.durationMs() + 60000) * 1'000'000;
        while (cli.stepStartedNs(rampStep) == 0 && process->state() != QProcess::NotRunning && monotonicNowNs() < deadlineNs) {
            process->waitForReadyRead(100);
            cli.take(process->readAllStandardOutput());
        }
        QVERIFY2(cli.stepStartedNs(rampStep) > 0, qPrintable(QString::fromUtf8(process->readAllStandardError())));
        QTest::qWait(500); // in the middle of the ramp
        const Sample during = sample();
        QCOMPARE(during.kind, r.kind);
        const qint64 signalledNs = monotonicNowNs();
        QCOMPARE(::kill(pid_t(process->processId()), signal), 0);
        QVERIFY2(process->waitForFinished(30000), "the CLI did not end after the signal");
        const double tookMs = double(monotonicNowNs() - signalledNs) / 1e6;
        cli.take(process->readAllStandardOutput());
        const QString err = QString::fromUtf8(process->readAllStandardError());
        QCOMPARE(process->exitStatus(), QProcess::NormalExit);
        QVERIFY2(process->exitCode() == 128 + signal, qPrintable(QStringLiteral("exit %1: %2").arg(process->exitCode()).arg(err)));
        QCOMPARE(cli.lastState(), QStringLiteral("stopped"));
        qInfo("ended %.1f ms after signal %d", tookMs, signal);
        if (keep) {
            // The last condition stays: the ramp's value when it was stopped (or one update later).
            const Sample after = sample();
            QCOMPARE(after.kind, r.kind);
            QCOMPARE(after.handle, QStringLiteral("1:"));
            const qint64 rampStart = r.schedule.pieces[rampStep].startMs;
            QVERIFY2(after.value >= during.value && after.value <= r.schedule.valueAt(rampStart + r.schedule.pieces[rampStep].durationMs - 1),
                     qPrintable(QStringLiteral("%1 kept, %2 while playing").arg(after.value).arg(during.value)));
        } else {
            verifyBeforeTree();
        }
    }
};

QTEST_GUILESS_MAIN(TstScenarioPlayback)
#include "tst_scenario_playback.moc"
