// One behavioural suite for every road to the kernel (issue 15): the same rows, the same
// expectations, run through the helper (qdisc-studio-helper on a private system bus with the real
// polkitd, reached by HelperBackend as the window reaches it), through the in-process backend
// (DirectBackend, the window's road as root without a bus), and through the qdisc-studio command
// as a user runs it: through the same helper ("cli-helper", DBUS_SYSTEM_BUS_ADDRESS pointing at the
// private bus) and with --direct ("cli-direct", its snapshots in the helper's folder as root).
//
// Rows: the auto-revert chain of a drag reverts as one and is kept by confirming any of its
// transactions; restore puts back the exact tree from before; a device made again under the same
// name gets no snapshot of the old one; the kernel's limits and a client's foreign node are
// refused before anything is sent; revert on exit is kept when the client goes; a scenario is
// halted by a change, refuses a second playback and a step it does not have, and its tree from
// before comes back when its client goes (core/safety/playbacks); a demo lab takes a tree, and
// goes with removeLab and with its client (core/safety/labs). Where a row cannot apply to a road,
// the row says why, and checks what that road does instead.
#include "../kernel/labnamespace.h"
#include "directbackend.h"
#include "helperbackend.h"
#include "kinds/foreign/foreignparams.h"
#include "model/qdisctree.h"
#include "profiles/profile.h"
#include "safety/safetynet.h"
#include "safety/snapshotstore.h"
#include "safety/treelimits.h"
#include "scenario/scenario.h"
#include "systembusfixture.h"
#include "tc/tcimporter.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <functional>
#include <memory>
#include <vector>

using namespace qs;
using namespace qs::test;

namespace {

QdiscTree treeOf(const QString &script, const QString &device)
{
    TcImportOptions options;
    options.devicesStartEmpty = true;
    const TcImportResult imported = TcImporter::import(script, options);
    if (!imported.ok() || !imported.tree(device))
        qFatal("bad test script: %s", qPrintable(script));
    return *imported.tree(device);
}

} // namespace

// Outside the anonymous namespace: TstRoads, whose lambdas capture these, is not in it either.

static bool isCli(const QString &road)
{
    return road.startsWith(u"cli-");
}

/** What a road answered to a change or a confirmation, whichever road. */
struct Answer
{
    bool ok = false;
    QString error;
    QString transaction;
    int exitCode = -1; ///< of a command (the CLI roads)
};

/** A client of one road: a window's backend, or the qdisc-studio commands a user runs. */
struct Client
{
    QString road;
    std::unique_ptr<TargetBackend> backend; ///< the roads "helper" and "in-process"
    QString connectionName;                 ///< the helper backend's own connection, so that it can leave the bus
    /** Commands that hold something while they run (apply --hold, play): they go when the client goes. */
    std::vector<std::unique_ptr<QProcess>> commands;
};

class TstRoads : public QObject
{
    Q_OBJECT

    SystemBusFixture m_bus;
    QTemporaryDir m_files;
    std::unique_ptr<LabNamespace> m_lab;
    int m_connections = 0;
    int m_fileCount = 0;

    /** A client of @p road; a backend is made as the window makes it, the helper's on a connection of its own. */
    std::unique_ptr<Client> open(const QString &road)
    {
        auto client = std::make_unique<Client>();
        client->road = road;
        if (road == u"in-process") {
            client->backend = std::make_unique<DirectBackend>(m_files.filePath(QStringLiteral("in-process")));
        } else if (road == u"helper") {
            client->connectionName = QStringLiteral("roads-%1").arg(++m_connections);
            client->backend = std::make_unique<HelperBackend>(m_bus.connection(client->connectionName));
        }
        if (client->backend)
            client->backend->watch(m_lab->target(QStringLiteral("qsw0"))); // as the window does for the target it shows
        return client;
    }
    /**
     * The client goes, and its promises are kept: a backend as the window closing or crashing; a
     * command through the helper killed (SIGKILL: the helper keeps what it promised); a command
     * with --direct told to stop (SIGTERM), since a process killed outright keeps no promise of its own.
     */
    void leave(std::unique_ptr<Client> client)
    {
        client->backend.reset();
        if (!client->connectionName.isEmpty())
            QDBusConnection::disconnectFromBus(client->connectionName);
        for (const auto &command : client->commands) {
            if (command->state() == QProcess::NotRunning)
                continue;
            ::kill(pid_t(command->processId()), client->road == u"cli-helper" ? SIGKILL : SIGTERM);
            command->waitForFinished(10000);
        }
    }

    QString app() const { return QStringLiteral(QS_APP_PATH); }
    /** @p arguments (a subcommand first) as @p client's road gives them: with --direct on cli-direct. */
    static QStringList commandLine(const Client &client, QStringList arguments)
    {
        if (client.road == u"cli-direct")
            arguments.insert(1, QStringLiteral("--direct"));
        return arguments;
    }
    CommandResult run(const QStringList &arguments) const { return m_bus.runAs(TestUser::Root, app(), arguments); }
    QString writeFile(const QByteArray &bytes)
    {
        const QString path = m_files.filePath(QStringLiteral("file-%1.json").arg(++m_fileCount));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
    /** A command's answer: its exit status, and its --json report when it wrote one (which must agree). */
    static Answer answerOf(const CommandResult &r)
    {
        Answer answer{r.ok(), r.ok() ? QString() : r.err, {}, r.exitCode};
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        answer.transaction = report.value(u"transaction").toString();
        if (!report.isEmpty() && report.value(u"ok").toBool() != answer.ok) {
            answer.ok = false;
            answer.error = QStringLiteral("exit status %1, but the report says %2: %3").arg(r.exitCode).arg(r.out, r.err);
        }
        return answer;
    }

    /** The answer @p signal (applied, restored) brings to @p request, or "no answer" within 20 s. */
    static Answer resultOf(TargetBackend &backend, void (TargetBackend::*signal)(const QString &, const BackendApplyResult &),
                           const std::function<void()> &request)
    {
        QSignalSpy answered(&backend, signal);
        request();
        if (!answered.wait(20000))
            return Answer{false, QStringLiteral("no answer"), {}, -1};
        const auto result = answered.first().at(1).value<BackendApplyResult>();
        return Answer{result.ok, result.error, result.transaction, -1};
    }
    /** @p tree onto @p target by @p client's road: for the CLI a profile file, applied with --json. */
    Answer apply(Client &client, const QString &target, const QdiscTree &tree, const ApplyOptions &options)
    {
        if (client.backend)
            return resultOf(*client.backend, &TargetBackend::applied, [&] { client.backend->apply(target, tree, options); });
        Profile profile;
        profile.name = QStringLiteral("roads");
        profile.trees = {tree};
        QStringList arguments{QStringLiteral("apply"), QStringLiteral("--dev"), target, QStringLiteral("--json")};
        if (options.revertAfterSeconds)
            arguments << QStringLiteral("--revert-after") << QString::number(options.revertAfterSeconds);
        if (options.revertOnExit)
            arguments << QStringLiteral("--hold");
        // Compact: the tree of the limits row, indented, is larger than a command reads (16 MiB).
        arguments << writeFile(QJsonDocument(profile.toJson()).toJson(QJsonDocument::Compact));
        arguments = commandLine(client, arguments);
        if (!options.revertOnExit)
            return answerOf(run(arguments));
        // --hold: the report comes first, then the command holds the tree until it goes.
        client.commands.push_back(m_bus.startAs(TestUser::Root, app(), arguments));
        QProcess &command = *client.commands.back();
        QByteArray out;
        QElapsedTimer clock;
        clock.start();
        while (!QJsonDocument::fromJson(out).isObject() && command.state() != QProcess::NotRunning && clock.elapsed() < 20000) {
            command.waitForReadyRead(100);
            out += command.readAllStandardOutput();
        }
        if (command.state() == QProcess::NotRunning) {
            out += command.readAllStandardOutput();
            return answerOf({command.exitStatus() == QProcess::NormalExit ? command.exitCode() : -1, QString::fromUtf8(out),
                             QString::fromUtf8(command.readAllStandardError())});
        }
        if (!QJsonDocument::fromJson(out).isObject())
            return Answer{false, QStringLiteral("no report within 20 s: ") + QString::fromUtf8(out), {}, -1};
        return answerOf({0, QString::fromUtf8(out), {}}); // still holding: it has not failed
    }
    Answer confirm(Client &client, const QString &transaction)
    {
        if (client.backend) {
            QSignalSpy confirmed(client.backend.get(), &TargetBackend::confirmed);
            client.backend->confirm(transaction);
            if (!confirmed.wait(5000))
                return Answer{false, QStringLiteral("no answer"), {}, -1};
            return Answer{confirmed.first().at(1).toBool(), confirmed.first().at(2).toString(), transaction, -1};
        }
        // No --direct: only the helper outlives a command, so only it has changes waiting to be kept.
        return answerOf(run({QStringLiteral("confirm"), transaction}));
    }
    Answer restore(Client &client, const QString &target)
    {
        if (client.backend)
            return resultOf(*client.backend, &TargetBackend::restored, [&] { client.backend->restore(target); });
        return answerOf(run(commandLine(client, {QStringLiteral("restore"), QStringLiteral("--dev"), target, QStringLiteral("--json")})));
    }
    /** `play` of @p scenario on @p target by @p client's road, in the background: it plays until it ends or is stopped. */
    QProcess &startPlay(Client &client, const QString &target, const Scenario &scenario)
    {
        client.commands.push_back(
            m_bus.startAs(TestUser::Root, app(), commandLine(client, {QStringLiteral("play"), QStringLiteral("--dev"), target, writeFile(scenario.toJsonBytes())})));
        return *client.commands.back();
    }
    /** cli-direct's answer to what only the helper can keep (--revert-after, --hold): a mistake of the command line, nothing changed. */
    void refusedAsNeedingTheHelper(Client &client, const QString &target, const ApplyOptions &options)
    {
        const QString before = kernelView();
        const Answer refused = apply(client, target, pfifo(10), options);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.error.contains(u"need the helper"), qPrintable(refused.error));
        QCOMPARE(kernelView(), before);
    }
    /** The helper's audit lines of reverts by timeout on @p target so far: how the end of a command's promise is seen. */
    int timeoutRevertsLogged(const QString &target) const
    {
        return int(m_bus.helperOutput().count(QStringLiteral("action=revert(timeout) target=\"%1\"").arg(target)));
    }

    /** A fresh device for a row: deleted and made again, so no snapshot of an earlier row applies. */
    QString freshTarget()
    {
        m_lab->ip({QStringLiteral("link"), QStringLiteral("del"), QStringLiteral("qsw0")});
        if (!m_lab->addVethPair(QStringLiteral("qsw0"), QStringLiteral("qsw1")))
            qFatal("cannot make qsw0");
        return m_lab->target(QStringLiteral("qsw0"));
    }
    /** tc's view of the row's device, without counters. */
    QString kernelView() const
    {
        QString view;
        for (const QString &what : {QStringLiteral("qdisc"), QStringLiteral("class"), QStringLiteral("filter")})
            view += m_lab->tc({QStringLiteral("-d"), what, QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("qsw0")}).out;
        return view;
    }
    bool tc(const QString &line) const { return m_lab->tc(line.split(u' ')).ok(); }

    static QdiscTree pfifo(int limit)
    {
        return treeOf(QStringLiteral("tc qdisc add dev qsw0 root handle 1: pfifo limit %1\n").arg(limit), QStringLiteral("qsw0"));
    }
    /** Two pfifo steps (limit 10 for @p firstMs, then 20 for a minute), back to the tree from before at the end or on abort. */
    static Scenario twoSteps(qint64 firstMs)
    {
        Scenario scenario;
        scenario.name = QStringLiteral("roads");
        for (const auto &[limit, ms] : {std::pair{10, firstMs}, std::pair{20, qint64(60000)}}) {
            ScenarioStep step;
            step.name = QStringLiteral("limit %1").arg(limit);
            step.durationMs = ms;
            step.tree = pfifo(limit);
            step.tree.device.clear();
            scenario.steps.append(step);
        }
        return scenario;
    }
    /** Sends @p command and waits for its scenarioCommandDone: its error, or "no answer". */
    static QString commandAndWait(TargetBackend &backend, const std::function<void()> &command)
    {
        QSignalSpy done(&backend, &TargetBackend::scenarioCommandDone);
        command();
        if (!done.wait(20000))
            return QStringLiteral("no answer");
        return done.first().at(2).toString();
    }
    bool namespaceExists(const QString &name) const { return QFile::exists(QStringLiteral("/run/netns/") + name); }
    /** What someone else put there before Qdisc Studio came. */
    void putOriginal()
    {
        QVERIFY(tc(QStringLiteral("qdisc add dev qsw0 root handle 9: tbf rate 3mbit burst 32kb latency 50ms")));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(isRoot(), "needs root: a system bus, polkit and network namespaces");
        QVERIFY(m_files.isValid());
        QString error;
        QVERIFY2(m_bus.start(&error), qPrintable(error));
        QVERIFY2(m_bus.startHelper(QStringLiteral(QS_HELPER_PATH),
                                   {QStringLiteral("--state-dir"), m_files.filePath(QStringLiteral("helper")), QStringLiteral("--idle-timeout"),
                                    QStringLiteral("0")},
                                   &error),
                 qPrintable(error));
        m_lab = std::make_unique<LabNamespace>(QStringLiteral("qs-roads"));
        QVERIFY(m_lab->ok());
    }
    void cleanupTestCase()
    {
        // The snapshots cli-direct left in the helper's folder (rows that did not restore): of
        // this suite's namespace only, which is going.
        if (m_lab) {
            SnapshotStore system(SafetyNet::systemStateDirectory() + QStringLiteral("/snapshots"));
            for (const QString &target : system.targets())
                if (SafetyNet::liesIn(target, {m_lab->name()}))
                    system.remove(target);
        }
        m_lab.reset();
        m_bus.stop();
    }

    void rows_data()
    {
        QTest::addColumn<QString>("road");
        QTest::newRow("helper") << QStringLiteral("helper");
        QTest::newRow("in-process") << QStringLiteral("in-process");
        QTest::newRow("cli-helper") << QStringLiteral("cli-helper");
        QTest::newRow("cli-direct") << QStringLiteral("cli-direct");
    }

    void aDragRevertsAsOneAndAnyOfItsTransactionsKeepsIt_data() { rows_data(); }
    void aDragRevertsAsOneAndAnyOfItsTransactionsKeepsIt()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = open(road);
        if (road == u"cli-direct") {
            // Nothing of a --direct command outlives it to revert a change that is not kept, or to
            // keep one: --revert-after is a mistake of its command line, refused before anything changes.
            refusedAsNeedingTheHelper(*client, target, {2, false});
            leave(std::move(client));
            return;
        }
        // A command per step costs a process start (a few hundred ms under load): more time before
        // the revert, so that the chain does not end between two steps.
        const unsigned seconds = isCli(road) ? 4 : 2;
        // A backend hears the revert; a command has ended by then, so the helper's audit log says it.
        std::unique_ptr<QSignalSpy> heard;
        if (client->backend)
            heard = std::make_unique<QSignalSpy>(client->backend.get(), &TargetBackend::reverted);
        const int loggedBefore = timeoutRevertsLogged(target);
        const auto reverts = [&] { return heard ? int(heard->count()) : timeoutRevertsLogged(target) - loggedBefore; };

        // Three steps of a drag, each to be confirmed in time; none is: the tree from before the first comes back.
        for (int limit : {10, 20, 30}) {
            const Answer step = apply(*client, target, pfifo(limit), {seconds, false});
            QVERIFY2(step.ok, qPrintable(road + u' ' + step.error));
        }
        QVERIFY(kernelView().contains(u"limit 30p"));
        QTRY_COMPARE_WITH_TIMEOUT(reverts(), 1, int(seconds) * 1000 + 3000);
        if (heard)
            QCOMPARE(heard->first().at(1).toString(), QStringLiteral("timeout"));
        QTRY_COMPARE(kernelView(), original);

        // Again; this time the first step's transaction is confirmed: the whole chain stays.
        QStringList transactions;
        for (int limit : {11, 21, 31}) {
            const Answer step = apply(*client, target, pfifo(limit), {seconds, false});
            QVERIFY2(step.ok && !step.transaction.isEmpty(), qPrintable(step.error));
            transactions.append(step.transaction);
        }
        const Answer kept = confirm(*client, transactions.first());
        QVERIFY2(kept.ok, qPrintable(kept.error));
        QTest::qWait(int(seconds) * 1000 + 500);
        QCOMPARE(reverts(), 1);
        QVERIFY(kernelView().contains(u"limit 31p"));
        // Nothing waits for the others any more.
        const Answer again = confirm(*client, transactions.last());
        QVERIFY(!again.ok);
        QVERIFY2(again.error.contains(u"nothing waiting for confirmation"), qPrintable(again.error));
        leave(std::move(client));
    }

    /** On cli-direct, issue 15's acceptance: `apply --direct` then `restore --direct` puts back the exact tree from before. */
    void restorePutsBackTheTreeFromBefore_data() { rows_data(); }
    void restorePutsBackTheTreeFromBefore()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        QVERIFY(tc(QStringLiteral("qdisc add dev qsw0 root handle 7: htb default 3 r2q 5")));
        QVERIFY(tc(QStringLiteral("class add dev qsw0 parent 7: classid 7:3 htb rate 3mbit ceil 4mbit burst 20k")));
        QVERIFY(tc(QStringLiteral("qdisc add dev qsw0 parent 7:3 handle 30: pfifo limit 33")));
        QVERIFY(tc(QStringLiteral("filter add dev qsw0 parent 7: protocol ip prio 4 u32 match ip dport 53 0xffff flowid 7:3")));
        const QString original = kernelView();
        auto client = open(road);
        for (int limit : {10, 20}) {
            const Answer step = apply(*client, target, pfifo(limit), {});
            QVERIFY2(step.ok, qPrintable(step.error));
        }
        QVERIFY(kernelView().contains(u"limit 20p"));
        const Answer restored = restore(*client, target);
        QVERIFY2(restored.ok, qPrintable(restored.error));
        QCOMPARE(kernelView(), original);
        const Answer again = restore(*client, target);
        QVERIFY(!again.ok);
        QVERIFY2(again.error.contains(u"nothing to restore"), qPrintable(again.error));
        leave(std::move(client));
    }

    void aDeviceMadeAgainGetsNoOldSnapshot_data() { rows_data(); }
    void aDeviceMadeAgainGetsNoOldSnapshot()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        auto client = open(road);
        const Answer first = apply(*client, target, pfifo(10), {});
        QVERIFY2(first.ok, qPrintable(first.error));
        freshTarget(); // same name, another device
        const QString fresh = kernelView();
        const Answer restored = restore(*client, target);
        QVERIFY(!restored.ok);
        QVERIFY2(restored.error.contains(u"no longer exists"), qPrintable(restored.error));
        QCOMPARE(kernelView(), fresh);
        leave(std::move(client));
    }

    void theLimitsAndForeignNodesAreRefusedBeforeAnythingIsSent_data() { rows_data(); }
    void theLimitsAndForeignNodesAreRefusedBeforeAnythingIsSent()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = open(road);

        // One class more than a qdisc can number.
        QdiscTree big = treeOf(QStringLiteral("tc qdisc add dev qsw0 root handle 1: htb\n"
                                              "tc class add dev qsw0 parent 1: classid 1:1 htb rate 1mbit\n"),
                               QStringLiteral("qsw0"));
        const ClassNode model = big.classes.first();
        big.classes.clear();
        big.classes.reserve(TreeLimits::MaxClassesPerQdisc + 1);
        for (int minor = 1; minor <= TreeLimits::MaxClassesPerQdisc + 1; ++minor) {
            ClassNode c = model;
            c.classId = TcHandle::make(1, quint16(minor)); // the 65 536th wraps to 1:0: counted all the same
            big.classes.append(c);
        }
        Answer result = apply(*client, target, big, {});
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(u"at most 65535"), qPrintable(result.error.left(300)));
        QCOMPARE(kernelView(), original);

        // The attacker's foreign node (issue 15, finding 2): raw options of a kind never reach the kernel.
        QdiscTree foreign;
        QdiscNode node;
        node.handle = TcHandle::make(1, 0);
        node.params = ForeignParams{QStringLiteral("pfifo_head_drop"), QByteArray::fromBase64("BwAAAA==")};
        foreign.qdiscs.append(node);
        result = apply(*client, target, foreign, {});
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(u"foreign") && result.error.contains(u"pfifo_head_drop"), qPrintable(result.error));
        QCOMPARE(kernelView(), original);
        leave(std::move(client));
    }

    void revertOnExitIsKeptWhenTheClientGoes_data() { rows_data(); }
    void revertOnExitIsKeptWhenTheClientGoes()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = open(road);
        if (road == u"cli-direct") {
            // Nothing of a --direct command outlives it to keep the promise once it is killed:
            // --hold is a mistake of its command line, refused before anything changes.
            refusedAsNeedingTheHelper(*client, target, {0, true});
            leave(std::move(client));
            return;
        }
        // On cli-helper each step is an `apply --hold` of its own, and leaving kills them (kill -9)
        // in turn: the first one's promise brings back the tree from before, which makes the later ones moot.
        for (int limit : {10, 20}) {
            const Answer step = apply(*client, target, pfifo(limit), {0, true});
            QVERIFY2(step.ok, qPrintable(step.error));
        }
        QVERIFY(kernelView().contains(u"limit 20p"));
        leave(std::move(client));
        QTRY_COMPARE_WITH_TIMEOUT(kernelView(), original, 10000);
    }

    void aScenarioIsHaltedByAChangeAndItsTreeFromBeforeComesBackOnExit_data() { rows_data(); }
    void aScenarioIsHaltedByAChangeAndItsTreeFromBeforeComesBackOnExit()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = open(road);
        // What comes back when the client goes: the tree from before the client's first change.
        QString beforeFirstChange = original;
        if (client->backend) {
            QSignalSpy progress(client->backend.get(), &TargetBackend::scenarioProgress);
            QCOMPARE(commandAndWait(*client->backend, [&] { client->backend->playScenario(target, twoSteps(300), {true, std::nullopt}); }), QString());
            QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 20p"), 5000); // the second step
            // A change replaces the playback: it ends without touching the kernel, and says so.
            QVERIFY(apply(*client, target, pfifo(40), {}).ok);
            QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().at(1).value<ScenarioProgress>().state == ScenarioProgress::State::Stopped, 5000);
            QTest::qWait(500);
            QVERIFY(kernelView().contains(u"limit 40p"));
            QVERIFY2(commandAndWait(*client->backend, [&] { client->backend->pauseScenario(target); }).contains(u"no scenario plays"), qPrintable(road));

            // Played again, and the client goes while it plays: the tree from before the first change comes back.
            QCOMPARE(commandAndWait(*client->backend, [&] { client->backend->playScenario(target, twoSteps(300), {true, std::nullopt}); }), QString());
        } else if (road == u"cli-helper") {
            QProcess &player = startPlay(*client, target, twoSteps(300));
            QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 20p"), 10000);
            // A change by another command replaces the playback: it ends without touching the
            // kernel, and the command that played it says so and ends. (No command pauses: that
            // nothing plays any more is that command's end.) Its end must not undo the change:
            // the promise its playback made went with the playback (it did, before this row).
            const Answer change = apply(*client, target, pfifo(40), {});
            QVERIFY2(change.ok, qPrintable(change.error));
            QVERIFY(player.waitForFinished(5000));
            QCOMPARE(player.exitCode(), 1);
            const QString said = QString::fromUtf8(player.readAllStandardError());
            QVERIFY2(said.contains(u"stopped from elsewhere"), qPrintable(said));
            QTest::qWait(500);
            QVERIFY(kernelView().contains(u"limit 40p"));

            // Each command is a client of its own: the one that goes next first changed a tree of 40 packets.
            beforeFirstChange = kernelView();
            startPlay(*client, target, twoSteps(300));
        } else {
            // cli-direct: a --direct command plays in its own process, which no other command's
            // change reaches (each process has its own Playbacks; they share only the snapshots
            // on disk), so a change cannot halt it. What is left of the row: the tree from before
            // comes back when the command goes (told to stop: kill -9 of a --direct command keeps no promise).
            startPlay(*client, target, twoSteps(300));
        }
        QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 20p"), 10000);
        leave(std::move(client));
        QTRY_COMPARE_WITH_TIMEOUT(kernelView(), beforeFirstChange, 10000);
    }

    void aScenarioRefusesASecondPlaybackAndAStepItHasNot_data() { rows_data(); }
    void aScenarioRefusesASecondPlaybackAndAStepItHasNot()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = open(road);
        Scenario empty = twoSteps(300);
        empty.steps.clear();
        if (client->backend) {
            TargetBackend &backend = *client->backend;
            QCOMPARE(commandAndWait(backend, [&] { backend.playScenario(target, twoSteps(30000), {true, std::nullopt}); }), QString());
            QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 10p"), 5000);
            const QString second = commandAndWait(backend, [&] { backend.playScenario(target, twoSteps(300), {true, std::nullopt}); });
            QVERIFY2(second.contains(u"already plays") && second.contains(u"roads"), qPrintable(second));
            const QString seek = commandAndWait(backend, [&] { backend.seekScenario(target, 4); });
            QVERIFY2(seek.contains(u"there is no step 5") && seek.contains(u"steps 1…2"), qPrintable(seek));
            QCOMPARE(commandAndWait(backend, [&] { backend.seekScenario(target, 1); }), QString());
            QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 20p"), 5000);
            // Stopped: its onAbort puts back the tree from before.
            QCOMPARE(commandAndWait(backend, [&] { backend.stopScenario(target); }), QString());
            QTRY_COMPARE_WITH_TIMEOUT(kernelView(), original, 5000);
            // A scenario that does not validate is refused before anything happens.
            QVERIFY(!commandAndWait(backend, [&] { backend.playScenario(target, empty, {true, std::nullopt}); }).isEmpty());
        } else {
            QProcess &player = startPlay(*client, target, twoSteps(30000));
            QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 10p"), 10000);
            if (road == u"cli-helper") {
                const CommandResult second = run({QStringLiteral("play"), QStringLiteral("--dev"), target, writeFile(twoSteps(300).toJsonBytes())});
                QCOMPARE(second.exitCode, 1);
                QVERIFY2(second.err.contains(u"already plays") && second.err.contains(u"roads"), qPrintable(second.err));
            }
            // (cli-direct: a second --direct command would play beside the first, each process
            // with Playbacks of its own; the refusal needs one owner of every playback, the helper.)
            // No command seeks: a playback from the command line only plays, and stops.
            // Stopped with Ctrl-C: its onAbort puts back the tree from before, then the command ends with 128 + SIGINT.
            ::kill(pid_t(player.processId()), SIGINT);
            QVERIFY(player.waitForFinished(10000));
            QCOMPARE(player.exitCode(), 128 + SIGINT);
            QCOMPARE(kernelView(), original);
            // A scenario that does not validate is refused before anything is applied (exit status 2).
            const CommandResult refused = run(commandLine(*client, {QStringLiteral("play"), QStringLiteral("--dev"), target, writeFile(empty.toJsonBytes())}));
            QCOMPARE(refused.exitCode, 2);
            QVERIFY2(refused.err.contains(u"nothing was applied"), qPrintable(refused.err));
        }
        QCOMPARE(kernelView(), original);
        leave(std::move(client));
    }

    // The CLI roads have no row here: no command makes a lab and keeps it for other commands to
    // change (`demo --headless` builds one, measures it and removes it; tst_demo and
    // tst_demo_helper run it in-process and through the helper, kill -9 included).
    void aLabTakesATreeAndGoesWithRemoveAndWithItsClient_data()
    {
        QTest::addColumn<QString>("road");
        QTest::newRow("helper") << QStringLiteral("helper");
        QTest::newRow("in-process") << QStringLiteral("in-process");
    }
    void aLabTakesATreeAndGoesWithRemoveAndWithItsClient()
    {
        QFETCH(QString, road);
        auto client = open(road);
        TargetBackend &backend = *client->backend;
        const auto create = [&] {
            QSignalSpy created(&backend, &TargetBackend::labCreated);
            backend.createLab();
            if (!created.wait(30000))
                return LabInfo{};
            if (!created.first().at(1).toString().isEmpty())
                qWarning("createLab: %s", qPrintable(created.first().at(1).toString()));
            return created.first().at(0).value<LabInfo>();
        };
        const LabInfo lab = create();
        QVERIFY2(!lab.id.isEmpty(), qPrintable(road));
        QVERIFY(namespaceExists(lab.namespaceA) && namespaceExists(lab.namespaceB));
        QdiscTree tree = pfifo(50);
        tree.device.clear();
        const Answer applied = apply(*client, lab.target, tree, {0, true});
        QVERIFY2(applied.ok, qPrintable(applied.error));
        QSignalSpy removed(&backend, &TargetBackend::labRemoved);
        backend.removeLab(lab.id);
        QVERIFY(removed.wait(30000));
        QCOMPARE(removed.first().at(1).toString(), QString());
        QVERIFY(!namespaceExists(lab.namespaceA) && !namespaceExists(lab.namespaceB));
        backend.removeLab(lab.id);
        QVERIFY(removed.wait(30000));
        QVERIFY2(!removed.last().at(1).toString().isEmpty(), "removing a lab twice is refused");

        const LabInfo second = create();
        QVERIFY(!second.id.isEmpty());
        QVERIFY(second.id != lab.id);
        leave(std::move(client));
        QTRY_VERIFY_WITH_TIMEOUT(!namespaceExists(second.namespaceA) && !namespaceExists(second.namespaceB), 10000);
    }
};

QTEST_GUILESS_MAIN(TstRoads)
#include "tst_roads.moc"
