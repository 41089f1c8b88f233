// Scenario playback in qdisc-studio-helper, on a private system bus with the real polkitd and the
// real kernel in two namespaces of the test's own joined by a veth (va → vb): the schedule as tc
// reads it back while traffic flows, pause and resume, stop, seek, what becomes of a playback
// whose client is killed, bad scenarios, and who may play.

#include "systembusfixture.h"

#include "../kernel/labnamespace.h"
#include "lab/labsockets.h"
#include "model/treejson.h"
#include "netlink/tcengine.h"
#include "scenario/rampparameter.h"
#include "scenario/scenario.h"
#include "scenario/scenarioprogress.h"
#include "stats/monotonicclock.h"

#include <QDBusMessage>
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QScopeGuard>
#include <QTest>

#include <arpa/inet.h>
#include <atomic>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace qs;
using namespace qs::test;

namespace {

const QString Service = QStringLiteral("org.qdiscstudio.Helper1");
const QString ObjectPath = QStringLiteral("/org/qdiscstudio/Helper1");
const QString Interface = QStringLiteral("org.qdiscstudio.Helper1");

const QString TbfScript = QStringLiteral("tc qdisc add dev va root handle 1: tbf rate %1 burst 32kb latency 50ms\n");
const QString NetemScript = QStringLiteral("tc qdisc add dev va root handle 1: netem delay 10ms\n");

constexpr qint64 Mbit = 1000 * 1000 / 8; // bytes per second
constexpr qint64 UpdateIntervalMs = 100; // the ramps here run at 10 Hz

ScenarioStep treeStep(const QString &name, qint64 durationMs, const QString &script)
{
    ScenarioStep step;
    step.name = name;
    step.durationMs = durationMs;
    step.kind = ScenarioStep::Kind::Tree;
    step.tree = targetFreeTreeOf(script);
    return step;
}

ScenarioStep rampStep(const QString &name, qint64 durationMs, const QString &parameter, double to, RampCurve curve = RampCurve::Linear)
{
    ScenarioStep step;
    step.name = name;
    step.durationMs = durationMs;
    step.kind = ScenarioStep::Kind::Ramp;
    step.ramps = {RampTarget{parameter, TcHandle(), to}};
    step.curve = curve;
    step.updatesPerSecond = int(1000 / UpdateIntervalMs);
    return step;
}

Scenario scenarioOf(const QString &name, QList<ScenarioStep> steps)
{
    Scenario scenario;
    scenario.name = name;
    scenario.steps = std::move(steps);
    return scenario;
}

QString documentOf(const Scenario &scenario)
{
    return QString::fromUtf8(QJsonDocument(scenario.toJson()).toJson(QJsonDocument::Compact));
}

/** One read of the root qdisc of va by `tc -j -s`, with the monotonic times around it. */
struct TcSample
{
    qint64 beforeNs = 0;
    qint64 afterNs = 0;
    QString kind;
    QString handle;
    qint64 rate = 0; ///< tbf: bytes per second
    qint64 bytes = 0;
    qint64 packets = 0;
};

/** UDP datagrams from namespace a to b through va, from a thread: the test's own loop blocks on tc. */
class UdpFlow
{
public:
    UdpFlow(const QString &netns, QString *error)
    {
        m_fd = openSocketIn(netns, AF_INET, SOCK_DGRAM, error);
        if (m_fd < 0)
            return;
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(9); // discard; namespace b answers with port-unreachable, through vb
        ::inet_pton(AF_INET, "198.18.0.2", &to.sin_addr);
        if (::connect(m_fd, reinterpret_cast<const sockaddr *>(&to), sizeof(to)) != 0) {
            *error = QStringLiteral("connect: %1").arg(QString::fromLocal8Bit(strerror(errno)));
            return;
        }
        m_thread = std::thread([this] {
            const char payload[400] = {};
            while (!m_stop.load()) {
                [[maybe_unused]] const ssize_t sent = ::send(m_fd, payload, sizeof(payload), MSG_DONTWAIT);
                ::usleep(2000);
            }
        });
    }
    ~UdpFlow()
    {
        m_stop.store(true);
        if (m_thread.joinable())
            m_thread.join();
        if (m_fd >= 0)
            ::close(m_fd);
    }
    bool running() const { return m_thread.joinable(); }

private:
    int m_fd = -1;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

struct SeenProgress
{
    QString target;
    ScenarioProgress progress;
    qint64 receivedNs = 0;
};

} // namespace

class TestHelperScenario : public QObject
{
    Q_OBJECT

    SystemBusFixture m_bus;
    std::unique_ptr<TwoHostLab> m_hosts;
    QTemporaryDir m_files;
    QString m_target;
    QString m_stateDir;
    QdiscTree m_original;
    QList<SeenProgress> m_seen;

    QDBusConnection root() { return m_bus.connection(QStringLiteral("root-client")); }
    QDBusMessage call(const QString &method, const QVariantList &arguments)
    {
        QDBusMessage message = QDBusMessage::createMethodCall(Service, ObjectPath, Interface, method);
        message.setArguments(arguments);
        return root().call(message, QDBus::Block, 60000);
    }
    QDBusMessage play(const Scenario &scenario, const QVariantMap &options = {{QStringLiteral("revertOnExit"), false}})
    {
        call(QStringLiteral("Authorize"), {m_target}); // as clients do: a helper started afresh does not know this connection
        return call(QStringLiteral("PlayScenario"), {m_target, documentOf(scenario), options});
    }
    std::optional<ScenarioProgress> progressNow()
    {
        const QDBusMessage reply = call(QStringLiteral("GetScenarioProgress"), {m_target});
        if (reply.type() != QDBusMessage::ReplyMessage)
            return std::nullopt;
        return ScenarioProgress::fromJson(QJsonDocument::fromJson(reply.arguments().value(0).toString().toUtf8()).object());
    }

    QdiscTree kernelTree()
    {
        QString error;
        auto engine = TcEngine::open(m_target, &error);
        if (!engine)
            qFatal("cannot open the lab: %s", qPrintable(error));
        const auto tree = engine->read(&error);
        if (!tree)
            qFatal("cannot read the lab: %s", qPrintable(error));
        return *tree;
    }
    TcSample sample()
    {
        TcSample s;
        s.beforeNs = monotonicNowNs();
        const QJsonDocument dump = m_hosts->a.tcJson(QStringLiteral("qdisc"), QStringLiteral("va"));
        s.afterNs = monotonicNowNs();
        for (const QJsonValue &value : dump.array()) {
            const QJsonObject q = value.toObject();
            if (!q.value(QStringLiteral("root")).toBool())
                continue;
            s.kind = q.value(QStringLiteral("kind")).toString();
            s.handle = q.value(QStringLiteral("handle")).toString();
            s.rate = qint64(q.value(QStringLiteral("options")).toObject().value(QStringLiteral("rate")).toDouble());
            s.bytes = qint64(q.value(QStringLiteral("bytes")).toDouble());
            s.packets = qint64(q.value(QStringLiteral("packets")).toDouble());
        }
        return s;
    }
    /** The first progress signal at or after index @p from that @p matches, waiting up to @p timeoutMs. */
    std::optional<ScenarioProgress> waitForProgress(const std::function<bool(const ScenarioProgress &)> &matches, int timeoutMs, int from = 0)
    {
        const QDeadlineTimer deadline(timeoutMs);
        for (;;) {
            for (int i = from; i < m_seen.size(); ++i)
                if (m_seen[i].target == m_target && matches(m_seen[i].progress))
                    return m_seen[i].progress;
            if (deadline.hasExpired())
                return std::nullopt;
            QTest::qWait(10);
        }
    }
    bool kernelRateIs(qint64 rate)
    {
        const TcSample s = sample();
        return s.kind == QStringLiteral("tbf") && s.rate == rate;
    }
    QString writeFile(const QString &name, const QString &text)
    {
        QFile file(m_files.filePath(name));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(file.fileName()));
        file.write(text.toUtf8());
        file.close();
        file.setPermissions(file.permissions() | QFileDevice::ReadOther | QFileDevice::ReadGroup);
        return file.fileName();
    }
    /** qs_test_helpercall --hold as @p user: it makes its calls, then stays on the bus until killed. */
    std::unique_ptr<QProcess> startHeld(TestUser user, const QStringList &arguments, QString *output)
    {
        auto process = m_bus.startAs(user, QStringLiteral(QS_HELPERCALL_PATH), QStringList{QStringLiteral("--hold")} + arguments);
        QByteArray out;
        const QDeadlineTimer deadline(30000);
        while (!out.contains("holding\n") && !deadline.hasExpired() && process->state() == QProcess::Running) {
            process->waitForReadyRead(100);
            out += process->readAllStandardOutput();
        }
        *output = QString::fromUtf8(out + process->readAllStandardOutput());
        return process;
    }
    CommandResult helperCallAs(TestUser user, const QStringList &arguments)
    {
        return m_bus.runAs(user, QStringLiteral(QS_HELPERCALL_PATH), arguments);
    }
    QString helperOutput() const { return m_bus.helperOutput(); }
    /** ScenarioProgress goes to the target's watchers and the playback's owner: watch it, as the window does. */
    void watchTarget() { QCOMPARE(call(QStringLiteral("Watch"), {m_target}).type(), QDBusMessage::ReplyMessage); }
    bool restartHelper(const QStringList &extra = {})
    {
        m_bus.stopHelper();
        QString error;
        if (!m_bus.startHelper(QStringLiteral(QS_HELPER_PATH),
                               QStringList{QStringLiteral("--state-dir"), m_stateDir, QStringLiteral("--idle-timeout"), QStringLiteral("0")} + extra, &error)) {
            qWarning("%s", qPrintable(error));
            return false;
        }
        return call(QStringLiteral("Watch"), {m_target}).type() == QDBusMessage::ReplyMessage;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(isRoot(), "the helper's scenario tests need root (a system bus, polkit and network namespaces)");
        QVERIFY(m_files.isValid());
        QVERIFY(QFile::setPermissions(m_files.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                                          QFileDevice::ReadOther | QFileDevice::ExeOther | QFileDevice::ReadGroup |
                                                          QFileDevice::ExeGroup));
        m_stateDir = m_files.filePath(QStringLiteral("state"));
        QString error;
        QVERIFY2(m_bus.start(&error), qPrintable(error));
        m_hosts = std::make_unique<TwoHostLab>(QStringLiteral("qs-scen"));
        QVERIFY2(m_hosts->ok, "cannot build the two namespaces joined by a veth");
        m_target = m_hosts->a.target(QStringLiteral("va"));
        QVERIFY2(m_bus.startHelper(QStringLiteral(QS_HELPER_PATH),
                                   {QStringLiteral("--state-dir"), m_stateDir, QStringLiteral("--idle-timeout"), QStringLiteral("0")}, &error),
                 qPrintable(error));
        QVERIFY(root().connect(Service, ObjectPath, Interface, QStringLiteral("ScenarioProgress"), this,
                               SLOT(onScenarioProgress(QString, QString))));
        watchTarget();
    }

    void init()
    {
        // Nothing plays, no snapshot, and the device holds the tree every test starts from.
        call(QStringLiteral("StopScenario"), {m_target});
        call(QStringLiteral("Restore"), {m_target});
        m_hosts->a.tc({QStringLiteral("qdisc"), QStringLiteral("del"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root")});
        QVERIFY(m_hosts->a.tc({QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root"),
                               QStringLiteral("handle"), QStringLiteral("5:"), QStringLiteral("htb"), QStringLiteral("default"), QStringLiteral("3")})
                    .ok());
        m_original = kernelTree();
        m_seen.clear();
    }

    void cleanupTestCase()
    {
        m_bus.stopHelper();
        const QString output = m_bus.helperOutput();
        m_bus.stop();
        m_hosts.reset();
        QVERIFY2(!output.contains(QStringLiteral("Sanitizer")) && !output.contains(QStringLiteral("runtime error:")), qPrintable(output));
    }

    // (a) The schedule as the kernel holds it, with traffic flowing: each step and each ramp
    // update at its time (within one update interval), changed in place.
    void playsTheScheduleInPlace()
    {
        QString error;
        UdpFlow flow(m_hosts->a.name(), &error);
        QVERIFY2(flow.running(), qPrintable(error));
        const Scenario scenario = scenarioOf(QStringLiteral("three steps"),
                                             {treeStep(QStringLiteral("slow"), 1500, TbfScript.arg(QStringLiteral("10mbit"))),
                                              treeStep(QStringLiteral("fast"), 1500, TbfScript.arg(QStringLiteral("20mbit"))),
                                              rampStep(QStringLiteral("faster"), 1500, QStringLiteral("tbf.rate"), 40 * Mbit)});
        const QDBusMessage reply = play(scenario);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));

        QList<TcSample> samples;
        const QDeadlineTimer deadline(8000);
        while (!deadline.hasExpired()) {
            samples.append(sample());
            QCoreApplication::processEvents();
            if (waitForProgress([](const ScenarioProgress &p) { return !p.isActive(); }, 0))
                break;
        }
        const auto started = waitForProgress([](const ScenarioProgress &p) { return p.step == 0 && p.state == ScenarioProgress::State::Playing; }, 0);
        QVERIFY2(started, "no progress of step 1");
        const auto ended = waitForProgress([](const ScenarioProgress &p) { return !p.isActive(); }, 2000);
        QVERIFY2(ended, "the playback did not end");
        QCOMPARE(ended->state, ScenarioProgress::State::Finished);
        QCOMPARE(started->steps, 3);
        QCOMPARE(started->passDurationMs, qint64(4500));
        const qint64 passStartNs = started->takenAtNs - started->positionMs * 1'000'000;

        // The schedule: 10 mbit, 20 mbit, then 20 → 40 mbit updated every 100 ms from 3 s on.
        const auto expected = [&](qint64 atNs) -> qint64 {
            const qint64 ms = (atNs - passStartNs) / 1'000'000;
            if (ms < 1500)
                return 10 * Mbit;
            if (ms < 3000)
                return 20 * Mbit;
            const qint64 update = std::min<qint64>((ms - 3000) / UpdateIntervalMs, 15);
            return qint64(std::llround(rampValue(RampCurve::Linear, 20.0 * Mbit, 40.0 * Mbit, double(update * UpdateIntervalMs) / 1500.0)));
        };
        const qint64 toleranceNs = UpdateIntervalMs * 1'000'000;
        const qint64 endNs = passStartNs + 4500LL * 1'000'000;
        int checked = 0;
        QSet<qint64> rampValues;
        bool saw10 = false;
        bool saw20 = false;
        const TcSample *previous = nullptr;
        for (const TcSample &s : std::as_const(samples)) {
            if (s.beforeNs < passStartNs || s.afterNs > endNs - toleranceNs)
                continue;
            ++checked;
            QVERIFY2(s.kind == QStringLiteral("tbf") && s.handle == QStringLiteral("1:"),
                     qPrintable(QStringLiteral("at %1 ms: %2 %3").arg((s.beforeNs - passStartNs) / 1'000'000).arg(s.kind, s.handle)));
            const qint64 low = expected(s.beforeNs - toleranceNs);
            const qint64 high = expected(s.afterNs + toleranceNs);
            // The kernel keeps tbf's rate in bytes per second exactly; the model rounds to a whole byte.
            QVERIFY2(s.rate >= low - 1 && s.rate <= high + 1,
                     qPrintable(QStringLiteral("read between %1 and %2 ms into the pass: rate %3 B/s, the schedule says %4…%5")
                                    .arg((s.beforeNs - passStartNs) / 1'000'000)
                                    .arg((s.afterNs - passStartNs) / 1'000'000)
                                    .arg(s.rate)
                                    .arg(low)
                                    .arg(high)));
            saw10 |= s.rate == 10 * Mbit;
            saw20 |= s.rate == 20 * Mbit;
            if (s.rate > 20 * Mbit)
                rampValues.insert(s.rate);
            if (previous) {
                QVERIFY2(s.bytes >= previous->bytes && s.packets >= previous->packets,
                         qPrintable(QStringLiteral("counters went back: %1 → %2 bytes, %3 → %4 packets")
                                        .arg(previous->bytes)
                                        .arg(s.bytes)
                                        .arg(previous->packets)
                                        .arg(s.packets)));
            }
            previous = &s;
        }
        QVERIFY2(checked > 40, qPrintable(QStringLiteral("only %1 reads of tc during the pass").arg(checked)));
        QVERIFY(saw10 && saw20);
        QVERIFY2(rampValues.size() >= 5, qPrintable(QStringLiteral("%1 ramp values seen").arg(rampValues.size())));
        QVERIFY2(previous && previous->packets > 100, "no traffic went through va's qdisc");
        qInfo("%d reads of tc during the pass, all tbf 1: with counters never going back (%lld packets, %lld bytes by the last); "
              "%lld distinct ramp values seen",
              checked, previous->packets, previous->bytes, qint64(rampValues.size()));

        // How late each change was: bounded by the last read showing the old value and the first
        // showing the new. (At 3000 ms the ramp begins at its start value, 20 mbit: its first
        // visible change is the update at 3100 ms.)
        for (const qint64 boundaryMs : {qint64(1500), qint64(3100), qint64(3500), qint64(4000), qint64(4300)}) {
            const qint64 boundaryNs = passStartNs + boundaryMs * 1'000'000;
            const qint64 before = expected(boundaryNs - 1);
            qint64 lastOldNs = 0;
            qint64 firstNewNs = 0;
            for (const TcSample &s : std::as_const(samples)) {
                if (s.kind != QStringLiteral("tbf") || s.afterNs > endNs)
                    continue;
                if (s.rate == before && s.beforeNs >= boundaryNs - 2 * toleranceNs)
                    lastOldNs = s.beforeNs;
                if (s.rate != before && s.rate >= expected(boundaryNs) && !firstNewNs && s.afterNs >= boundaryNs - toleranceNs)
                    firstNewNs = s.afterNs;
            }
            qInfo("change due %lld ms into the pass: last old value read at %+.1f ms, first new value by %+.1f ms", boundaryMs,
                  lastOldNs ? double(lastOldNs - boundaryNs) / 1e6 : qQNaN(), firstNewNs ? double(firstNewNs - boundaryNs) / 1e6 : qQNaN());
            QVERIFY(firstNewNs && firstNewNs - boundaryNs <= toleranceNs + 50'000'000); // the read itself takes a few ms
        }
        // The steps' own start times, as the helper reports them.
        for (const SeenProgress &seen : std::as_const(m_seen)) {
            if (seen.progress.state != ScenarioProgress::State::Playing)
                continue;
            static const qint64 starts[] = {0, 1500, 3000};
            const qint64 dueNs = passStartNs + starts[qBound(0, seen.progress.step, 2)] * 1'000'000;
            if (seen.progress.positionMs - starts[qBound(0, seen.progress.step, 2)] < 50)
                qInfo("step %d reported %.1f ms after it was due", seen.progress.step + 1, double(seen.progress.takenAtNs - dueNs) / 1e6);
        }
        // onEnd "restore": the tree from before the scenario.
        QTRY_VERIFY_WITH_TIMEOUT(kernelTree() == m_original, 2000);
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=play-scenario target=\"%1\" result=\"ok\"").arg(m_target)), 2000);
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=scenario-end target=\"%1\" result=\"finished\"").arg(m_target)), 2000);
    }

    // (b) Pause holds the values; resume continues on a schedule shifted by the pause.
    void pauseHoldsAndResumeShifts()
    {
        const Scenario scenario = scenarioOf(QStringLiteral("pause me"),
                                             {treeStep(QStringLiteral("start"), 500, TbfScript.arg(QStringLiteral("10mbit"))),
                                              rampStep(QStringLiteral("up"), 2000, QStringLiteral("tbf.rate"), 40 * Mbit),
                                              treeStep(QStringLiteral("after"), 1000, TbfScript.arg(QStringLiteral("5mbit")))});
        const QDBusMessage reply = play(scenario);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        const auto first = waitForProgress([](const ScenarioProgress &p) { return p.step == 0 && p.isActive(); }, 2000);
        QVERIFY(first);
        const qint64 passStartNs = first->takenAtNs - first->positionMs * 1'000'000;
        QVERIFY(waitForProgress([](const ScenarioProgress &p) { return p.step == 1; }, 3000));
        QTest::qWait(500); // into the ramp

        const qint64 pauseCalledNs = monotonicNowNs();
        QDBusMessage paused = call(QStringLiteral("PauseScenario"), {m_target});
        QVERIFY2(paused.type() == QDBusMessage::ReplyMessage, qPrintable(paused.errorMessage()));
        const qint64 pauseAnsweredNs = monotonicNowNs();
        const TcSample held1 = sample();
        QTest::qWait(600);
        const TcSample held2 = sample();
        QCOMPARE(held1.kind, QStringLiteral("tbf"));
        QVERIFY2(held1.rate > 10 * Mbit && held1.rate < 40 * Mbit, qPrintable(QString::number(held1.rate)));
        QCOMPARE(held2.rate, held1.rate);
        const auto during = progressNow();
        QVERIFY(during);
        QCOMPARE(during->state, ScenarioProgress::State::Paused);
        QCOMPARE(during->step, 1);
        QCOMPARE(during->stepName, QStringLiteral("up"));
        const QDBusMessage again = call(QStringLiteral("PauseScenario"), {m_target}); // already paused: nothing to do, no error
        QCOMPARE(again.type(), QDBusMessage::ReplyMessage);

        const int resumedFrom = int(m_seen.size());
        const qint64 resumeCalledNs = monotonicNowNs();
        const QDBusMessage resumed = call(QStringLiteral("ResumeScenario"), {m_target});
        QVERIFY2(resumed.type() == QDBusMessage::ReplyMessage, qPrintable(resumed.errorMessage()));
        const qint64 resumeAnsweredNs = monotonicNowNs();
        const auto third = waitForProgress([](const ScenarioProgress &p) { return p.step == 2 && p.isActive(); }, 4000, resumedFrom);
        QVERIFY2(third, "step 3 never came after resume");
        // Step 3 was due 2.5 s into the pass; the pause lasted between these bounds.
        const qint64 pauseMinNs = resumeCalledNs - pauseAnsweredNs;
        const qint64 pauseMaxNs = resumeAnsweredNs - pauseCalledNs;
        const qint64 lateNs = third->takenAtNs - (passStartNs + 2500LL * 1'000'000);
        qInfo("pause of %.0f…%.0f ms; step 3 began %.1f ms after its original time", double(pauseMinNs) / 1e6, double(pauseMaxNs) / 1e6,
              double(lateNs) / 1e6);
        QVERIFY2(lateNs >= pauseMinNs - 20'000'000 && lateNs <= pauseMaxNs + UpdateIntervalMs * 1'000'000,
                 qPrintable(QStringLiteral("step 3 came %1 ms late for a pause of %2…%3 ms")
                                .arg(lateNs / 1'000'000)
                                .arg(pauseMinNs / 1'000'000)
                                .arg(pauseMaxNs / 1'000'000)));
        QTRY_VERIFY_WITH_TIMEOUT(kernelRateIs(5 * Mbit), 1000);
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=pause-scenario target=\"%1\" result=\"ok\"").arg(m_target)), 2000);
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=resume-scenario target=\"%1\" result=\"ok\"").arg(m_target)), 2000);
        QVERIFY(call(QStringLiteral("StopScenario"), {m_target}).type() == QDBusMessage::ReplyMessage);
    }

    // (c) Stop puts back the tree from before; a change of the target ends the playback instead.
    void stopRestoresAndAChangeReplacesPlayback()
    {
        const Scenario scenario = scenarioOf(QStringLiteral("to stop"),
                                             {treeStep(QStringLiteral("a"), 300, TbfScript.arg(QStringLiteral("10mbit"))),
                                              treeStep(QStringLiteral("b"), 10000, TbfScript.arg(QStringLiteral("20mbit")))});
        QDBusMessage reply = play(scenario);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QVERIFY(kernelRateIs(10 * Mbit)); // step 1 is applied before the reply
        QTRY_VERIFY_WITH_TIMEOUT(kernelRateIs(20 * Mbit), 1500);
        reply = call(QStringLiteral("StopScenario"), {m_target});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QVERIFY(kernelTree() == m_original);
        const TcSample after = sample();
        QCOMPARE(after.kind, QStringLiteral("htb"));
        QCOMPARE(after.handle, QStringLiteral("5:"));
        QVERIFY(waitForProgress([](const ScenarioProgress &p) { return p.state == ScenarioProgress::State::Stopped; }, 1000));
        QCOMPARE(progressNow()->steps, 0);
        reply = call(QStringLiteral("PauseScenario"), {m_target});
        QCOMPARE(reply.errorName(), QStringLiteral("org.qdiscstudio.Error.InvalidArguments"));

        // An Apply while it plays ends the playback first; nothing of the scenario comes later.
        m_seen.clear();
        reply = play(scenario);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        const QString tree = QString::fromUtf8(TreeJson::toDocument(targetFreeTreeOf(TbfScript.arg(QStringLiteral("3mbit")))));
        reply = call(QStringLiteral("Apply"), {m_target, tree, QVariantMap{}});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QVERIFY(waitForProgress([](const ScenarioProgress &p) { return p.state == ScenarioProgress::State::Stopped; }, 1000));
        QTest::qWait(600); // past step 2's time
        QVERIFY(kernelRateIs(3 * Mbit));
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=scenario-halt(apply) target=\"%1\"").arg(m_target)), 2000);
    }

    // Each target plays on its own: pausing or stopping one leaves the other's schedule alone.
    void targetsPlayIndependently()
    {
        const QString other = m_hosts->b.target(QStringLiteral("vb"));
        const auto progressOf = [this](const QString &target) {
            const QDBusMessage reply = call(QStringLiteral("GetScenarioProgress"), {target});
            return ScenarioProgress::fromJson(QJsonDocument::fromJson(reply.arguments().value(0).toString().toUtf8()).object());
        };
        const auto rateOn = [this](const QString &device) {
            const QJsonDocument dump = (device == u"va" ? m_hosts->a : m_hosts->b).tcJson(QStringLiteral("qdisc"), device);
            for (const QJsonValue &value : dump.array())
                if (value.toObject().value(QStringLiteral("root")).toBool())
                    return qint64(value.toObject().value(QStringLiteral("options")).toObject().value(QStringLiteral("rate")).toDouble());
            return qint64(-1);
        };
        const QdiscTree otherBefore = [&] {
            QString error;
            auto engine = TcEngine::open(other, &error);
            return engine ? engine->read(&error).value_or(QdiscTree()) : QdiscTree();
        }();

        const Scenario onA = scenarioOf(QStringLiteral("on va"), {treeStep(QStringLiteral("a1"), 400, TbfScript.arg(QStringLiteral("10mbit"))),
                                                                  treeStep(QStringLiteral("a2"), 10000, TbfScript.arg(QStringLiteral("20mbit")))});
        const Scenario onB = scenarioOf(QStringLiteral("on vb"), {treeStep(QStringLiteral("b1"), 800, TbfScript.arg(QStringLiteral("3mbit"))),
                                                                  treeStep(QStringLiteral("b2"), 10000, TbfScript.arg(QStringLiteral("6mbit")))});
        QDBusMessage reply = play(onA);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        reply = call(QStringLiteral("PlayScenario"), {other, documentOf(onB), QVariantMap{{QStringLiteral("revertOnExit"), false}}});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QCOMPARE(rateOn(QStringLiteral("va")), 10 * Mbit);
        QCOMPARE(rateOn(QStringLiteral("vb")), 3 * Mbit);

        // va paused in its first step: vb still moves on to its second.
        reply = call(QStringLiteral("PauseScenario"), {m_target});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QTRY_COMPARE_WITH_TIMEOUT(rateOn(QStringLiteral("vb")), 6 * Mbit, 2000);
        QCOMPARE(progressOf(other)->step, 1);
        QCOMPARE(progressOf(m_target)->state, ScenarioProgress::State::Paused);
        QCOMPARE(progressOf(m_target)->step, 0);
        QCOMPARE(rateOn(QStringLiteral("va")), 10 * Mbit);

        // Stopping vb puts back vb's tree only; va stays paused where it was.
        reply = call(QStringLiteral("StopScenario"), {other});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QString error;
        auto engine = TcEngine::open(other, &error);
        QVERIFY2(engine, qPrintable(error));
        QVERIFY(engine->read(&error).value_or(QdiscTree()) == otherBefore);
        QCOMPARE(progressOf(m_target)->state, ScenarioProgress::State::Paused);
        QCOMPARE(rateOn(QStringLiteral("va")), 10 * Mbit);

        // va resumes and reaches its own second step.
        reply = call(QStringLiteral("ResumeScenario"), {m_target});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QTRY_COMPARE_WITH_TIMEOUT(rateOn(QStringLiteral("va")), 20 * Mbit, 2000);
        QVERIFY(call(QStringLiteral("StopScenario"), {m_target}).type() == QDBusMessage::ReplyMessage);
        call(QStringLiteral("Restore"), {other});
    }

    // (d) Seek jumps to a step; one playback per target.
    void seekJumpsToAStep()
    {
        const Scenario scenario = scenarioOf(QStringLiteral("long steps"),
                                             {treeStep(QStringLiteral("ten"), 10000, TbfScript.arg(QStringLiteral("10mbit"))),
                                              treeStep(QStringLiteral("twenty"), 10000, TbfScript.arg(QStringLiteral("20mbit"))),
                                              treeStep(QStringLiteral("thirty"), 10000, TbfScript.arg(QStringLiteral("30mbit")))});
        QDBusMessage reply = play(scenario);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QVERIFY(kernelRateIs(10 * Mbit));

        reply = play(scenario);
        QCOMPARE(reply.errorName(), QStringLiteral("org.qdiscstudio.Error.InvalidArguments"));
        QVERIFY2(reply.errorMessage().contains(QStringLiteral("already plays")) && reply.errorMessage().contains(QStringLiteral("uid 0")),
                 qPrintable(reply.errorMessage()));

        const qint64 seekNs = monotonicNowNs();
        reply = call(QStringLiteral("SeekScenario"), {m_target, 2u});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QVERIFY(kernelRateIs(30 * Mbit)); // applied before the reply
        qInfo("seek to step 3 applied within %.1f ms", double(monotonicNowNs() - seekNs) / 1e6);
        auto now = progressNow();
        QCOMPARE(now->step, 2);
        QCOMPARE(now->stepName, QStringLiteral("thirty"));
        QVERIFY(now->positionMs >= 20000 && now->positionMs < 21000);

        reply = call(QStringLiteral("SeekScenario"), {m_target, 3u});
        QCOMPARE(reply.errorName(), QStringLiteral("org.qdiscstudio.Error.InvalidArguments"));
        // The argument counts from 0; the sentence, for people, from 1.
        QVERIFY2(reply.errorMessage().contains(QStringLiteral("there is no step 4")) && reply.errorMessage().contains(QStringLiteral("steps 1…3")),
                 qPrintable(reply.errorMessage()));
        reply = call(QStringLiteral("SeekScenario"), {m_target, 0u});
        QVERIFY(reply.type() == QDBusMessage::ReplyMessage);
        QVERIFY(kernelRateIs(10 * Mbit));
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=seek-scenario target=\"%1\" result=\"ok\"").arg(m_target)), 2000);
        QVERIFY(call(QStringLiteral("StopScenario"), {m_target}).type() == QDBusMessage::ReplyMessage);
        QVERIFY(kernelTree() == m_original);
    }

    // (e) A client killed while it plays: with revertOnExit the tree comes back and playback ends,
    // also for a scenario that keeps its last condition when it ends or is stopped (play --keep):
    // cut off halfway, it is no condition anyone chose. Without revertOnExit, playback goes on.
    void killedClientEndsItsPlaybackWithRevertOnExit()
    {
        Scenario scenario = scenarioOf(QStringLiteral("killed"),
                                       {treeStep(QStringLiteral("a"), 500, TbfScript.arg(QStringLiteral("10mbit"))),
                                        treeStep(QStringLiteral("b"), 10000, TbfScript.arg(QStringLiteral("20mbit")))});
        scenario.onEnd = scenario.onAbort = ScenarioEnding::KeepLast;
        const QString file = writeFile(QStringLiteral("killed.json"), documentOf(scenario));
        QString output;
        auto client = startHeld(TestUser::Granted,
                                {QStringLiteral("--authorize"), m_target, QStringLiteral("PlayScenario"), QStringLiteral("s:") + m_target, QStringLiteral("file:") + file,
                                 QStringLiteral("opts:{\"revertOnExit\":true}")},
                                &output);
        QVERIFY2(output.startsWith(QStringLiteral("ok")), qPrintable(output));
        QVERIFY(kernelRateIs(10 * Mbit));
        ::kill(pid_t(client->processId()), SIGKILL);
        QElapsedTimer sinceKill;
        sinceKill.start();
        QTRY_VERIFY_WITH_TIMEOUT(kernelTree() == m_original, 2000);
        qInfo("tree back %lld ms after kill -9 of the playing client", sinceKill.elapsed());
        QCOMPARE(progressNow()->steps, 0);
        QTest::qWait(700); // past step 2's time: the halted player applies nothing more
        QVERIFY(kernelTree() == m_original);
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=scenario-halt(client-exit) target=\"%1\"").arg(m_target)), 2000);
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=revert(client-exit) target=\"%1\" result=\"ok\"").arg(m_target)), 2000);
        client->waitForFinished();
    }

    void playbackWithoutRevertOnExitOutlivesItsClient()
    {
        const Scenario scenario = scenarioOf(QStringLiteral("outlives"),
                                             {treeStep(QStringLiteral("a"), 600, TbfScript.arg(QStringLiteral("10mbit"))),
                                              treeStep(QStringLiteral("b"), 10000, TbfScript.arg(QStringLiteral("20mbit")))});
        const QString file = writeFile(QStringLiteral("outlives.json"), documentOf(scenario));
        const QString tree = writeFile(QStringLiteral("3mbit.json"), QString::fromUtf8(TreeJson::toDocument(targetFreeTreeOf(TbfScript.arg(QStringLiteral("3mbit"))))));
        // As a window does: a change of its own with revertOnExit, then a scenario asked to go on without it.
        QString output;
        auto client = startHeld(TestUser::Granted,
                                {QStringLiteral("--authorize"), m_target, QStringLiteral("Apply"), QStringLiteral("s:") + m_target, QStringLiteral("file:") + tree,
                                 QStringLiteral("opts:{\"revertOnExit\":true}"), QStringLiteral("--"), QStringLiteral("PlayScenario"),
                                 QStringLiteral("s:") + m_target, QStringLiteral("file:") + file, QStringLiteral("opts:{\"revertOnExit\":false}")},
                                &output);
        const QStringList lines = output.split(u'\n', Qt::SkipEmptyParts);
        QVERIFY2(lines.size() == 3 && lines[0].startsWith(QStringLiteral("ok")) && lines[1] == QStringLiteral("ok"), qPrintable(output));
        QVERIFY(kernelRateIs(10 * Mbit));
        ::kill(pid_t(client->processId()), SIGKILL);
        client->waitForFinished();
        QTRY_VERIFY_WITH_TIMEOUT(kernelRateIs(20 * Mbit), 2000);
        const auto now = progressNow();
        QCOMPARE(now->state, ScenarioProgress::State::Playing);
        QCOMPARE(now->step, 1);
        // The window's promise waits for the playback's end instead of cutting it short.
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=revert(client-exit) target=\"%1\" result=\"deferred").arg(m_target)), 2000);
        // Another client allowed to change the target may stop it: onAbort puts back the tree from
        // before the scenario (3 mbit), then the departed client's promise its own tree from before.
        QVERIFY(call(QStringLiteral("StopScenario"), {m_target}).type() == QDBusMessage::ReplyMessage);
        QVERIFY(kernelTree() == m_original);
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=revert(client-exit) target=\"%1\" result=\"ok\"").arg(m_target)), 2000);
    }

    // (e2) The revert-on-exit promise PlayScenario makes lasts as long as the playback: once the
    // scenario has ended by itself or been stopped, its onEnd / onAbort decided what stays, and
    // the client leaving later changes nothing. A promise of an earlier Apply of the client's stays.
    void exitPromiseOfAPlaybackEndsWithIt()
    {
        Scenario scenario = scenarioOf(QStringLiteral("kept"),
                                       {treeStep(QStringLiteral("a"), 200, TbfScript.arg(QStringLiteral("10mbit"))),
                                        treeStep(QStringLiteral("b"), 200, TbfScript.arg(QStringLiteral("20mbit")))});
        scenario.onEnd = ScenarioEnding::KeepLast;
        const QString file = writeFile(QStringLiteral("kept.json"), documentOf(scenario));
        const QStringList play{QStringLiteral("--authorize"), m_target, QStringLiteral("PlayScenario"), QStringLiteral("s:") + m_target, QStringLiteral("file:") + file,
                               QStringLiteral("opts:{\"revertOnExit\":true}")};
        const auto reverts = [this] {
            return helperOutput().count(QStringLiteral("action=revert(client-exit) target=\"%1\" result=\"ok\"").arg(m_target));
        };
        const auto dropped = [this] {
            return helperOutput().count(QStringLiteral("action=revert(client-exit) target=\"%1\" result=\"dropped: the playback that asked "
                                                       "for it ended")
                                            .arg(m_target));
        };
        const auto finished = [](const ScenarioProgress &p) { return p.state == ScenarioProgress::State::Finished; };

        // Played to its end with onEnd "keep", then the client goes: the last step stays.
        qsizetype revertsBefore = reverts();
        qsizetype droppedBefore = dropped();
        QString output;
        auto client = startHeld(TestUser::Granted, play, &output);
        QVERIFY2(output.startsWith(QStringLiteral("ok")), qPrintable(output));
        QVERIFY(waitForProgress(finished, 3000));
        QVERIFY(kernelRateIs(20 * Mbit));
        QTRY_COMPARE_WITH_TIMEOUT(dropped(), droppedBefore + 1, 2000);
        ::kill(pid_t(client->processId()), SIGKILL);
        client->waitForFinished();
        QTest::qWait(1000); // the helper has long seen the client leave (the kill -9 test: tens of ms)
        QVERIFY2(kernelRateIs(20 * Mbit), qPrintable(helperOutput().right(2000)));
        QCOMPARE(reverts(), revertsBefore);

        // Stopped by another client with onAbort "keep": the same.
        Scenario longer = scenario;
        longer.steps[1].durationMs = 10000;
        longer.onAbort = ScenarioEnding::KeepLast;
        const QString longFile = writeFile(QStringLiteral("kept-long.json"), documentOf(longer));
        QStringList playLonger = play;
        playLonger[4] = QStringLiteral("file:") + longFile;
        call(QStringLiteral("Restore"), {m_target});
        droppedBefore = dropped();
        client = startHeld(TestUser::Granted, playLonger, &output);
        QVERIFY2(output.startsWith(QStringLiteral("ok")), qPrintable(output));
        QTRY_VERIFY_WITH_TIMEOUT(kernelRateIs(20 * Mbit), 2000);
        QVERIFY(call(QStringLiteral("StopScenario"), {m_target}).type() == QDBusMessage::ReplyMessage);
        QTRY_COMPARE_WITH_TIMEOUT(dropped(), droppedBefore + 1, 2000);
        ::kill(pid_t(client->processId()), SIGKILL);
        client->waitForFinished();
        QTest::qWait(1000);
        QVERIFY2(kernelRateIs(20 * Mbit), qPrintable(helperOutput().right(2000)));
        QCOMPARE(reverts(), revertsBefore);

        // A promise from an Apply of the client's before the playback is not the playback's: it
        // still puts back the tree from before the client's first change.
        call(QStringLiteral("Restore"), {m_target});
        const QString tree = writeFile(QStringLiteral("3mbit-kept.json"),
                                       QString::fromUtf8(TreeJson::toDocument(targetFreeTreeOf(TbfScript.arg(QStringLiteral("3mbit"))))));
        const int from = int(m_seen.size());
        droppedBefore = dropped();
        client = startHeld(TestUser::Granted,
                           QStringList{QStringLiteral("--authorize"), m_target, QStringLiteral("Apply"), QStringLiteral("s:") + m_target,
                                       QStringLiteral("file:") + tree, QStringLiteral("opts:{\"revertOnExit\":true}"), QStringLiteral("--")} +
                               play.mid(2),
                           &output);
        const QStringList lines = output.split(u'\n', Qt::SkipEmptyParts);
        QVERIFY2(lines.size() == 3 && lines[0].startsWith(QStringLiteral("ok")) && lines[1] == QStringLiteral("ok"), qPrintable(output));
        QVERIFY(waitForProgress(finished, 3000, from));
        QVERIFY(kernelRateIs(20 * Mbit));
        QCOMPARE(dropped(), droppedBefore); // nothing of the playback's own to drop
        ::kill(pid_t(client->processId()), SIGKILL);
        client->waitForFinished();
        QTRY_VERIFY_WITH_TIMEOUT(kernelTree() == m_original, 2000);
        QTRY_COMPARE_WITH_TIMEOUT(reverts(), revertsBefore + 1, 2000);
    }

    // (e3) Progress of short steps: at most one signal per 100 ms and target, a change of state
    // at once, and the report of the last step still sent when its interval ends.
    void progressIsCoalesced()
    {
        QList<ScenarioStep> steps;
        for (int i = 0; i < 8; ++i)
            steps.append(treeStep(QStringLiteral("s%1").arg(i + 1), 60, TbfScript.arg(QStringLiteral("%1mbit").arg(10 + i))));
        steps.append(treeStep(QStringLiteral("last"), 1000, TbfScript.arg(QStringLiteral("40mbit"))));
        const QDBusMessage reply = play(scenarioOf(QStringLiteral("short steps"), steps));
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QVERIFY(waitForProgress([](const ScenarioProgress &p) { return !p.isActive(); }, 5000));
        QList<SeenProgress> seen;
        for (const SeenProgress &s : std::as_const(m_seen))
            if (s.target == m_target)
                seen.append(s);
        QStringList shown;
        for (const SeenProgress &s : std::as_const(seen))
            shown.append(QStringLiteral("%1:%2@%3ms").arg(ScenarioProgress::stateName(s.progress.state)).arg(s.progress.step)
                             .arg((s.receivedNs - seen.first().receivedNs) / 1'000'000));
        qInfo("signals: %s", qPrintable(shown.join(u' ')));
        QCOMPARE(seen.last().progress.state, ScenarioProgress::State::Finished);
        // 480 ms of eight steps: unthrottled, one signal each; at most one per 100 ms here.
        const qsizetype ofShortSteps = std::count_if(seen.cbegin(), seen.cend(), [](const SeenProgress &s) {
            return s.progress.state == ScenarioProgress::State::Playing && s.progress.step < 8;
        });
        QVERIFY2(ofShortSteps >= 2 && ofShortSteps <= 6, qPrintable(shown.join(u' ')));
        // The last step is reported while it plays, not only by the final signal.
        QVERIFY2(std::any_of(seen.cbegin(), seen.cend(), [](const SeenProgress &s) {
                     return s.progress.state == ScenarioProgress::State::Playing && s.progress.step == 8;
                 }),
                 qPrintable(shown.join(u' ')));
        QTRY_VERIFY_WITH_TIMEOUT(kernelTree() == m_original, 2000);
    }

    // (f) Whatever is wrong is said, and nothing is applied.
    // (i) A start shared with other hosts (startAt, on the helper's clock from GetClock): nothing
    // until then, step 1 at that time; a time passed or too far ahead, and a scenario for several
    // targets, are refused with nothing changed.
    void startAtWaitsForTheSharedStart()
    {
        const Scenario scenario = scenarioOf(QStringLiteral("shared start"),
                                             {treeStep(QStringLiteral("a"), 300, TbfScript.arg(QStringLiteral("10mbit"))),
                                              treeStep(QStringLiteral("b"), 300, TbfScript.arg(QStringLiteral("20mbit")))});
        const QDBusMessage clock = call(QStringLiteral("GetClock"), {});
        QVERIFY2(clock.type() == QDBusMessage::ReplyMessage, qPrintable(clock.errorMessage()));
        const qint64 helperNow = clock.arguments().value(0).toLongLong();
        QVERIFY(std::abs(helperNow - monotonicNowNs()) < 1'000'000'000); // the same machine's clock

        for (const auto &[startAt, says] : {std::pair{helperNow - 1'000'000, QStringLiteral("passed")},
                                            std::pair{helperNow + 61'000'000'000LL, QStringLiteral("60 s ahead at most")}}) {
            const QDBusMessage refused = play(scenario, {{QStringLiteral("revertOnExit"), false}, {QStringLiteral("startAt"), qlonglong(startAt)}});
            QCOMPARE(refused.errorName(), QStringLiteral("org.qdiscstudio.Error.InvalidArguments"));
            QVERIFY2(refused.errorMessage().contains(says), qPrintable(refused.errorMessage()));
            QVERIFY(kernelTree() == m_original);
        }
        Scenario several = scenario;
        several.targets = {m_target, QStringLiteral("other/eth0")};
        several.perTarget = {TargetStep{1, QStringLiteral("other/eth0"), scenario.steps[0]}};
        const QDBusMessage lanes = play(several);
        QCOMPARE(lanes.errorName(), QStringLiteral("org.qdiscstudio.Error.InvalidArguments"));
        QVERIFY2(lanes.errorMessage().contains(QStringLiteral("lane")), qPrintable(lanes.errorMessage()));

        m_seen.clear();
        const qint64 startAt = monotonicNowNs() + 700'000'000;
        const QDBusMessage reply = play(scenario, {{QStringLiteral("revertOnExit"), false}, {QStringLiteral("startAt"), qlonglong(startAt)}});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QVERIFY(kernelTree() == m_original); // nothing before the start
        const auto waiting = progressNow();
        QVERIFY(waiting && waiting->state == ScenarioProgress::State::Playing && waiting->startsInMs > 0);
        QTRY_VERIFY_WITH_TIMEOUT(kernelRateIs(10 * Mbit), 2000);
        QVERIFY(monotonicNowNs() >= startAt);
        QVERIFY(waitForProgress([](const ScenarioProgress &p) { return p.state == ScenarioProgress::State::Finished; }, 3000));
        QVERIFY(kernelTree() == m_original);
    }

    void badScenariosChangeNothing_data()
    {
        QTest::addColumn<QString>("document");
        QTest::addColumn<QString>("errorName");
        QTest::addColumn<QString>("says");

        ScenarioStep profile;
        profile.name = QStringLiteral("mine");
        profile.durationMs = 1000;
        profile.kind = ScenarioStep::Kind::Profile;
        profile.reference = QStringLiteral("My profile");
        QTest::newRow("unresolved profile") << documentOf(scenarioOf(QStringLiteral("refs"), {treeStep(QStringLiteral("a"), 500, TbfScript.arg(QStringLiteral("1mbit"))), profile}))
                                            << QStringLiteral("InvalidArguments") << QStringLiteral("resolve");

        QJsonObject zero = scenarioOf(QStringLiteral("zero"), {treeStep(QStringLiteral("a"), 500, TbfScript.arg(QStringLiteral("1mbit")))}).toJson();
        QJsonArray steps = zero.value(QStringLiteral("steps")).toArray();
        QJsonObject step = steps[0].toObject();
        step.insert(QStringLiteral("duration"), QStringLiteral("0s"));
        steps[0] = step;
        zero.insert(QStringLiteral("steps"), steps);
        QTest::newRow("zero duration") << QString::fromUtf8(QJsonDocument(zero).toJson(QJsonDocument::Compact)) << QStringLiteral("InvalidArguments")
                                       << QStringLiteral("steps\\[0\\]\\.duration");

        // netem is absent from this kernel, but compiling happens before anything reaches it.
        QTest::newRow("exponential ramp from 0")
            << documentOf(scenarioOf(QStringLiteral("exp"), {treeStep(QStringLiteral("no loss"), 500, NetemScript),
                                                             rampStep(QStringLiteral("lossy"), 1000, QStringLiteral("netem.loss"), 0.05, RampCurve::Exponential)}))
            << QStringLiteral("InvalidTree") << QStringLiteral("lossy|steps\\[1\\]|step 2");
        QTest::newRow("parameter missing in the tree")
            << documentOf(scenarioOf(QStringLiteral("missing"), {rampStep(QStringLiteral("delay"), 1000, QStringLiteral("netem.delay"), 100000)}))
            << QStringLiteral("InvalidTree") << QStringLiteral("netem");
        // 500 ramp steps of 101 parameters each: 50 500 nodes, over the helper's 50 000 (2 MB, under the 16 MiB).
        QList<ScenarioStep> many;
        for (int i = 0; i < 500; ++i) {
            ScenarioStep ramp = rampStep(QStringLiteral("r"), 100, QStringLiteral("tbf.rate"), 10 * Mbit);
            ramp.ramps = QList<RampTarget>(101, ramp.ramps.first());
            many.append(ramp);
        }
        QTest::newRow("too many nodes") << documentOf(scenarioOf(QStringLiteral("many"), many)) << QStringLiteral("InvalidArguments")
                                        << QStringLiteral("50500 nodes.*at most 50000");
        QString huge = documentOf(scenarioOf(QStringLiteral("huge"), {treeStep(QStringLiteral("a"), 500, TbfScript.arg(QStringLiteral("1mbit")))}));
        huge.append(QString(17 * 1024 * 1024, u' '));
        QTest::newRow("17 MiB") << huge << QStringLiteral("org.freedesktop.DBus.Error.LimitsExceeded") << QStringLiteral("at most");
    }
    void badScenariosChangeNothing()
    {
        QFETCH(QString, document);
        QFETCH(QString, errorName);
        QFETCH(QString, says);
        const QDBusMessage reply = call(QStringLiteral("PlayScenario"), {m_target, document, QVariantMap{}});
        QCOMPARE(reply.type(), QDBusMessage::ErrorMessage);
        qInfo("%s: %s", qPrintable(reply.errorName()), qPrintable(reply.errorMessage().left(300)));
        QCOMPARE(reply.errorName(), errorName.contains(u'.') ? errorName : QStringLiteral("org.qdiscstudio.Error.") + errorName);
        QVERIFY2(reply.errorMessage().contains(QRegularExpression(says)), qPrintable(reply.errorMessage()));
        QVERIFY(kernelTree() == m_original);
        QCOMPARE(progressNow()->steps, 0);
        const QDBusMessage bad = call(QStringLiteral("PlayScenario"), {m_target, document, QVariantMap{{QStringLiteral("loops"), QStringLiteral("2")}}});
        // A call too large to be read is refused for that before its options are looked at.
        const bool unread = reply.errorName() == u"org.freedesktop.DBus.Error.LimitsExceeded";
        QCOMPARE(bad.errorName(), unread ? reply.errorName() : QStringLiteral("org.qdiscstudio.Error.InvalidArguments"));
    }

    // (g) Playing, pausing and stopping need what changing the target needs.
    void userWithoutGrantIsRefused()
    {
        const Scenario scenario = scenarioOf(QStringLiteral("not yours"),
                                             {treeStep(QStringLiteral("a"), 10000, TbfScript.arg(QStringLiteral("10mbit")))});
        const QString file = writeFile(QStringLiteral("denied.json"), documentOf(scenario));
        const QStringList playIt{QStringLiteral("PlayScenario"), QStringLiteral("s:") + m_target, QStringLiteral("file:") + file, QStringLiteral("opts:{}")};
        // The document is not read without a grant (issue 15, finding 1); Authorize is refused.
        CommandResult r = helperCallAs(TestUser::Denied, playIt);
        QVERIFY2(r.out.startsWith(QStringLiteral("error org.qdiscstudio.Error.AuthorizeFirst")), qPrintable(r.out + r.err));
        r = helperCallAs(TestUser::Denied, QStringList{QStringLiteral("--authorize"), m_target} + playIt);
        QVERIFY2(r.out.startsWith(QStringLiteral("error org.qdiscstudio.Error.NotAuthorized")), qPrintable(r.out + r.err));
        QVERIFY(kernelTree() == m_original);
        QCOMPARE(progressNow()->steps, 0);

        QDBusMessage reply = play(scenario);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        // While root's playback runs, a refused user learns nothing of it (issue 15, finding 4):
        // "already plays … started by uid N, :1.M" is said only to those polkit let change the target.
        r = helperCallAs(TestUser::Denied, playIt);
        QVERIFY2(r.out.startsWith(QStringLiteral("error org.qdiscstudio.Error.AuthorizeFirst")) && !r.out.contains(QStringLiteral("uid")) &&
                     !r.out.contains(QStringLiteral("not yours")) && !r.out.contains(QStringLiteral(":1.")),
                 qPrintable(r.out));
        r = helperCallAs(TestUser::Granted, QStringList{QStringLiteral("--authorize"), m_target} + playIt);
        QVERIFY2(r.out.startsWith(QStringLiteral("error org.qdiscstudio.Error.InvalidArguments")) && r.out.contains(QStringLiteral("already plays")),
                 qPrintable(r.out));
        for (const QString &method : {QStringLiteral("PauseScenario"), QStringLiteral("StopScenario")}) {
            r = helperCallAs(TestUser::Denied, {method, QStringLiteral("s:") + m_target});
            QVERIFY2(r.out.startsWith(QStringLiteral("error org.qdiscstudio.Error.NotAuthorized")), qPrintable(method + u' ' + r.out + r.err));
        }
        QCOMPARE(progressNow()->state, ScenarioProgress::State::Playing);
        QVERIFY(kernelRateIs(10 * Mbit));
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("result=\"refused by polkit (org.qdiscstudio.apply)\"")), 2000);
        QVERIFY(call(QStringLiteral("StopScenario"), {m_target}).type() == QDBusMessage::ReplyMessage);
        QVERIFY(kernelTree() == m_original);
    }

    // Issue 15, finding 5: a playback asked to go on without its client (revertOnExit false, loops
    // forever) is stopped as its onAbort says once the helper's maximum has passed since the client
    // left (2 s here; 24 h by default).
    void ownerlessPlaybackIsBounded()
    {
        QVERIFY(restartHelper({QStringLiteral("--max-ownerless-playback"), QStringLiteral("2")}));
        const auto back = qScopeGuard([this] { QVERIFY(restartHelper()); });
        Scenario scenario = scenarioOf(QStringLiteral("forever"),
                                       {treeStep(QStringLiteral("a"), 300, TbfScript.arg(QStringLiteral("10mbit"))),
                                        treeStep(QStringLiteral("b"), 300, TbfScript.arg(QStringLiteral("20mbit")))});
        scenario.loops = 0;
        const QString file = writeFile(QStringLiteral("forever.json"), documentOf(scenario));
        QString output;
        auto client = startHeld(TestUser::Granted,
                                {QStringLiteral("--authorize"), m_target, QStringLiteral("PlayScenario"), QStringLiteral("s:") + m_target,
                                 QStringLiteral("file:") + file, QStringLiteral("opts:{\"revertOnExit\":false}")},
                                &output);
        QVERIFY2(output.startsWith(QStringLiteral("ok")), qPrintable(output));
        ::kill(pid_t(client->processId()), SIGKILL);
        client->waitForFinished();
        QElapsedTimer sinceExit;
        sinceExit.start();
        QTRY_VERIFY_WITH_TIMEOUT(helperOutput().contains(QStringLiteral("action=scenario-ownerless target=\"%1\" result=\"ok\"").arg(m_target)), 2000);
        QTest::qWait(1000);
        QCOMPARE(progressNow()->state, ScenarioProgress::State::Playing); // it plays on without its client
        QTRY_VERIFY_WITH_TIMEOUT(kernelTree() == m_original, 4000); // onAbort: the tree from before
        qInfo("ownerless playback stopped and its tree put back %lld ms after its client was killed (limit 2 s)", sinceExit.elapsed());
        QVERIFY(sinceExit.elapsed() >= 1900);
        QCOMPARE(progressNow()->steps, 0);
        QVERIFY(helperOutput().contains(QStringLiteral("action=stop-scenario(ownerless-limit) target=\"%1\" result=\"ok\"").arg(m_target)));
        QVERIFY(helperOutput().contains(QStringLiteral("action=scenario-end target=\"%1\" result=\"stopped\"").arg(m_target)));
        QTest::qWait(700);
        QVERIFY(kernelTree() == m_original); // nothing plays any more
    }

    void onePlaysAtMostFourScenarios()
    {
        // Issue 15, finding 5: one user's playbacks are capped, those without their client included.
        QStringList devices{QStringLiteral("va")};
        for (int i = 0; i < 4; i += 2) {
            const QString first = QStringLiteral("c%1").arg(i);
            QVERIFY(m_hosts->a.ip({QStringLiteral("link"), QStringLiteral("add"), first, QStringLiteral("type"), QStringLiteral("veth"),
                                   QStringLiteral("peer"), QStringLiteral("name"), QStringLiteral("c%1").arg(i + 1)})
                        .ok());
            devices << first << QStringLiteral("c%1").arg(i + 1);
        }
        const auto removeLinks = qScopeGuard([this] {
            for (const QString &device : {QStringLiteral("c0"), QStringLiteral("c2")})
                m_hosts->a.ip({QStringLiteral("link"), QStringLiteral("del"), device});
        });
        const Scenario scenario = scenarioOf(QStringLiteral("capped"), {treeStep(QStringLiteral("a"), 10000, TbfScript.arg(QStringLiteral("10mbit")))});
        const QString file = writeFile(QStringLiteral("capped.json"), documentOf(scenario));
        QStringList calls;
        for (const QString &device : std::as_const(devices)) {
            const QString target = m_hosts->a.target(device);
            calls << QStringLiteral("--") << QStringLiteral("Authorize") << QStringLiteral("s:") + target << QStringLiteral("--")
                  << QStringLiteral("PlayScenario") << QStringLiteral("s:") + target << QStringLiteral("file:") + file
                  << QStringLiteral("opts:{\"revertOnExit\":false}");
        }
        calls.removeFirst();
        const auto stopAll = qScopeGuard([&] {
            for (const QString &device : std::as_const(devices))
                call(QStringLiteral("StopScenario"), {m_hosts->a.target(device)});
        });
        QString output;
        auto client = startHeld(TestUser::Granted, calls, &output);
        const QStringList lines = output.split(u'\n', Qt::SkipEmptyParts);
        QVERIFY2(lines.size() == 11, qPrintable(output));
        for (int i = 0; i < 4; ++i)
            QVERIFY2(lines.at(2 * i + 1) == QStringLiteral("ok"), qPrintable(output));
        QVERIFY2(lines.at(9).startsWith(QStringLiteral("error org.qdiscstudio.Error.Failed")) && lines.at(9).contains(QStringLiteral("4 scenarios")),
                 qPrintable(output));
        // Gone from the bus, its four play on, and still count.
        ::kill(pid_t(client->processId()), SIGKILL);
        client->waitForFinished();
        const CommandResult again = helperCallAs(TestUser::Granted, {QStringLiteral("--authorize"), m_hosts->a.target(devices.last()),
                                                                     QStringLiteral("PlayScenario"), QStringLiteral("s:") + m_hosts->a.target(devices.last()),
                                                                     QStringLiteral("file:") + file, QStringLiteral("opts:{}")});
        QVERIFY2(again.out.contains(QStringLiteral("error org.qdiscstudio.Error.Failed")) && again.out.contains(QStringLiteral("4 scenarios")),
                 qPrintable(again.out));
        QCOMPARE(progressNow()->state, ScenarioProgress::State::Playing);
    }

    // Last, as it restarts the helper. SIGTERM: a playback whose tree is promised back is halted
    // and the promise kept once; one without a promise is stopped as its onAbort says.
    void helperExitEndsPlaybacks()
    {
        const Scenario scenario = scenarioOf(QStringLiteral("until exit"),
                                             {treeStep(QStringLiteral("a"), 10000, TbfScript.arg(QStringLiteral("10mbit")))});
        for (const bool revertOnExit : {true, false}) {
            QDBusMessage reply = play(scenario, {{QStringLiteral("revertOnExit"), revertOnExit}});
            QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
            QVERIFY(kernelRateIs(10 * Mbit));
            m_bus.stopHelper();
            const QString output = m_bus.helperOutput();
            QVERIFY(kernelTree() == m_original);
            if (revertOnExit) {
                QVERIFY2(output.contains(QStringLiteral("action=scenario-halt(helper-exit) target=\"%1\"").arg(m_target)), qPrintable(output));
                QVERIFY(output.contains(QStringLiteral("action=revert(helper-exit) target=\"%1\" result=\"ok\"").arg(m_target)));
            } else {
                QVERIFY2(output.contains(QStringLiteral("action=stop-scenario target=\"%1\" result=\"ok\"").arg(m_target)), qPrintable(output));
                QVERIFY(output.contains(QStringLiteral("action=scenario-end target=\"%1\" result=\"stopped\"").arg(m_target)));
            }
            QString error;
            QVERIFY2(m_bus.startHelper(QStringLiteral(QS_HELPER_PATH),
                                       {QStringLiteral("--state-dir"), m_stateDir, QStringLiteral("--idle-timeout"), QStringLiteral("0")}, &error),
                     qPrintable(error));
            watchTarget();
        }
    }

public Q_SLOTS:
    void onScenarioProgress(const QString &target, const QString &json)
    {
        const auto progress = ScenarioProgress::fromJson(QJsonDocument::fromJson(json.toUtf8()).object());
        if (!progress)
            qFatal("unreadable ScenarioProgress: %s", qPrintable(json));
        m_seen.append(SeenProgress{target, *progress, monotonicNowNs()});
    }
};

QTEST_GUILESS_MAIN(TestHelperScenario)
#include "tst_helper_scenario.moc"
