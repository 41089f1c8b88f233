// One behavioural suite for every road to the kernel (issue 15): the same rows, the same
// expectations, run through the helper (qdisc-studio-helper on a private system bus with the real
// polkitd, reached by HelperBackend as the window reaches it) and through the in-process backend
// (DirectBackend, the window's road as root without a bus). The CLI's --direct road is the same
// SafetyNet again; its snapshot and restore are in tests/kernel/tst_engine_apply.
//
// Rows: the auto-revert chain of a drag reverts as one and is kept by confirming any of its
// transactions; restore puts back the exact tree from before; a device made again under the same
// name gets no snapshot of the old one; the kernel's limits and a client's foreign node are
// refused before anything is sent; revert on exit is kept when the client goes; a scenario is
// halted by a change, refuses a second playback and a step it does not have, and its tree from
// before comes back when its client goes (core/safety/playbacks); a demo lab takes a tree, and
// goes with removeLab and with its client (core/safety/labs).
#include "../kernel/labnamespace.h"
#include "directbackend.h"
#include "helperbackend.h"
#include "kinds/foreign/foreignparams.h"
#include "model/qdisctree.h"
#include "scenario/scenario.h"
#include "safety/treelimits.h"
#include "systembusfixture.h"
#include "tc/tcimporter.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

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

class TstRoads : public QObject
{
    Q_OBJECT

    SystemBusFixture m_bus;
    QTemporaryDir m_files;
    std::unique_ptr<LabNamespace> m_lab;
    int m_connections = 0;
    QString m_connectionName; ///< of the helper backend made last

    /** A backend of @p road, as the window makes it; the helper's on a connection of its own, so that it can leave the bus. */
    std::unique_ptr<TargetBackend> backend(const QString &road)
    {
        std::unique_ptr<TargetBackend> made;
        if (road == u"in-process") {
            made = std::make_unique<DirectBackend>(m_files.filePath(QStringLiteral("in-process")));
        } else {
            m_connectionName = QStringLiteral("roads-%1").arg(++m_connections);
            made = std::make_unique<HelperBackend>(m_bus.connection(m_connectionName));
        }
        made->watch(m_lab->target(QStringLiteral("qsw0"))); // as the window does for the target it shows
        return made;
    }
    /** The backend goes, as the window closing or crashing does: its promises are kept. */
    void leave(std::unique_ptr<TargetBackend> backend, const QString &road)
    {
        backend.reset();
        if (road == u"helper")
            QDBusConnection::disconnectFromBus(m_connectionName);
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

    static BackendApplyResult applyAndWait(TargetBackend &backend, const QString &target, const QdiscTree &tree, const ApplyOptions &options)
    {
        QSignalSpy applied(&backend, &TargetBackend::applied);
        backend.apply(target, tree, options);
        if (!applied.wait(20000))
            return BackendApplyResult{false, QStringLiteral("no answer")};
        return applied.first().at(1).value<BackendApplyResult>();
    }
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
        m_lab.reset();
        m_bus.stop();
    }

    void rows_data()
    {
        QTest::addColumn<QString>("road");
        QTest::newRow("helper") << QStringLiteral("helper");
        QTest::newRow("in-process") << QStringLiteral("in-process");
    }

    void aDragRevertsAsOneAndAnyOfItsTransactionsKeepsIt_data() { rows_data(); }
    void aDragRevertsAsOneAndAnyOfItsTransactionsKeepsIt()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = backend(road);
        // Three steps of a drag, each to be confirmed within 2 s; none is: the tree from before the first comes back.
        for (int limit : {10, 20, 30})
            QVERIFY2(applyAndWait(*client, target, pfifo(limit), {2, false}).ok, qPrintable(road));
        QVERIFY(kernelView().contains(u"limit 30p"));
        QSignalSpy reverted(client.get(), &TargetBackend::reverted);
        QVERIFY(reverted.wait(5000));
        QCOMPARE(reverted.first().at(1).toString(), QStringLiteral("timeout"));
        QTRY_COMPARE(kernelView(), original);

        // Again; this time the first step's transaction is confirmed: the whole chain stays.
        QStringList transactions;
        for (int limit : {11, 21, 31}) {
            const BackendApplyResult step = applyAndWait(*client, target, pfifo(limit), {2, false});
            QVERIFY2(step.ok && !step.transaction.isEmpty(), qPrintable(step.error));
            transactions.append(step.transaction);
        }
        QSignalSpy confirmed(client.get(), &TargetBackend::confirmed);
        client->confirm(transactions.first());
        QVERIFY(confirmed.wait(5000));
        QVERIFY2(confirmed.first().at(1).toBool(), qPrintable(confirmed.first().at(2).toString()));
        QTest::qWait(2500);
        QCOMPARE(reverted.size(), 1);
        QVERIFY(kernelView().contains(u"limit 31p"));
        // Nothing waits for the others any more.
        client->confirm(transactions.last());
        QVERIFY(confirmed.wait(5000));
        QVERIFY(!confirmed.last().at(1).toBool());
        leave(std::move(client), road);
    }

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
        auto client = backend(road);
        QVERIFY(applyAndWait(*client, target, pfifo(10), {}).ok);
        QVERIFY(applyAndWait(*client, target, pfifo(20), {}).ok);
        QSignalSpy restored(client.get(), &TargetBackend::restored);
        client->restore(target);
        QVERIFY(restored.wait(10000));
        QVERIFY2(restored.first().at(1).toBool(), qPrintable(restored.first().at(2).toString()));
        QCOMPARE(kernelView(), original);
        client->restore(target);
        QVERIFY(restored.wait(10000));
        QVERIFY(!restored.last().at(1).toBool());
        QVERIFY2(restored.last().at(2).toString().contains(u"nothing to restore"), qPrintable(restored.last().at(2).toString()));
        leave(std::move(client), road);
    }

    void aDeviceMadeAgainGetsNoOldSnapshot_data() { rows_data(); }
    void aDeviceMadeAgainGetsNoOldSnapshot()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        auto client = backend(road);
        const BackendApplyResult first = applyAndWait(*client, target, pfifo(10), {});
        QVERIFY2(first.ok, qPrintable(first.error));
        freshTarget(); // same name, another device
        const QString fresh = kernelView();
        QSignalSpy restored(client.get(), &TargetBackend::restored);
        client->restore(target);
        QVERIFY(restored.wait(10000));
        QVERIFY(!restored.first().at(1).toBool());
        QVERIFY2(restored.first().at(2).toString().contains(u"no longer exists"), qPrintable(restored.first().at(2).toString()));
        QCOMPARE(kernelView(), fresh);
        leave(std::move(client), road);
    }

    void theLimitsAndForeignNodesAreRefusedBeforeAnythingIsSent_data() { rows_data(); }
    void theLimitsAndForeignNodesAreRefusedBeforeAnythingIsSent()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = backend(road);

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
        BackendApplyResult result = applyAndWait(*client, target, big, {});
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(u"at most 65535"), qPrintable(result.error.left(300)));
        QCOMPARE(kernelView(), original);

        // The attacker's foreign node (issue 15, finding 2): raw options of a kind never reach the kernel.
        QdiscTree foreign;
        QdiscNode node;
        node.handle = TcHandle::make(1, 0);
        node.params = ForeignParams{QStringLiteral("pfifo_head_drop"), QByteArray::fromBase64("BwAAAA==")};
        foreign.qdiscs.append(node);
        result = applyAndWait(*client, target, foreign, {});
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(u"foreign") && result.error.contains(u"pfifo_head_drop"), qPrintable(result.error));
        QCOMPARE(kernelView(), original);
        leave(std::move(client), road);
    }

    void revertOnExitIsKeptWhenTheClientGoes_data() { rows_data(); }
    void revertOnExitIsKeptWhenTheClientGoes()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = backend(road);
        for (int limit : {10, 20}) {
            const BackendApplyResult step = applyAndWait(*client, target, pfifo(limit), {0, true});
            QVERIFY2(step.ok, qPrintable(step.error));
        }
        QVERIFY(kernelView().contains(u"limit 20p"));
        leave(std::move(client), road);
        QTRY_COMPARE_WITH_TIMEOUT(kernelView(), original, 10000);
    }

    void aScenarioIsHaltedByAChangeAndItsTreeFromBeforeComesBackOnExit_data() { rows_data(); }
    void aScenarioIsHaltedByAChangeAndItsTreeFromBeforeComesBackOnExit()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = backend(road);
        QSignalSpy progress(client.get(), &TargetBackend::scenarioProgress);
        QCOMPARE(commandAndWait(*client, [&] { client->playScenario(target, twoSteps(300), {true, std::nullopt}); }), QString());
        QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 20p"), 5000); // the second step
        // A change replaces the playback: it ends without touching the kernel, and says so.
        QVERIFY(applyAndWait(*client, target, pfifo(40), {}).ok);
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().at(1).value<ScenarioProgress>().state == ScenarioProgress::State::Stopped, 5000);
        QTest::qWait(500);
        QVERIFY(kernelView().contains(u"limit 40p"));
        QVERIFY2(commandAndWait(*client, [&] { client->pauseScenario(target); }).contains(u"no scenario plays"), qPrintable(road));

        // Played again, and the client goes while it plays: the tree from before the first change comes back.
        QCOMPARE(commandAndWait(*client, [&] { client->playScenario(target, twoSteps(300), {true, std::nullopt}); }), QString());
        QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 20p"), 5000);
        leave(std::move(client), road);
        QTRY_COMPARE_WITH_TIMEOUT(kernelView(), original, 10000);
    }

    void aScenarioRefusesASecondPlaybackAndAStepItHasNot_data() { rows_data(); }
    void aScenarioRefusesASecondPlaybackAndAStepItHasNot()
    {
        QFETCH(QString, road);
        const QString target = freshTarget();
        putOriginal();
        const QString original = kernelView();
        auto client = backend(road);
        QCOMPARE(commandAndWait(*client, [&] { client->playScenario(target, twoSteps(30000), {true, std::nullopt}); }), QString());
        QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 10p"), 5000);
        const QString second = commandAndWait(*client, [&] { client->playScenario(target, twoSteps(300), {true, std::nullopt}); });
        QVERIFY2(second.contains(u"already plays") && second.contains(u"roads"), qPrintable(second));
        const QString seek = commandAndWait(*client, [&] { client->seekScenario(target, 4); });
        QVERIFY2(seek.contains(u"there is no step 5") && seek.contains(u"steps 1…2"), qPrintable(seek));
        QCOMPARE(commandAndWait(*client, [&] { client->seekScenario(target, 1); }), QString());
        QTRY_VERIFY_WITH_TIMEOUT(kernelView().contains(u"limit 20p"), 5000);
        // Stopped: its onAbort puts back the tree from before.
        QCOMPARE(commandAndWait(*client, [&] { client->stopScenario(target); }), QString());
        QTRY_COMPARE_WITH_TIMEOUT(kernelView(), original, 5000);
        // A scenario that does not validate is refused before anything happens.
        Scenario empty = twoSteps(300);
        empty.steps.clear();
        QVERIFY(!commandAndWait(*client, [&] { client->playScenario(target, empty, {true, std::nullopt}); }).isEmpty());
        QCOMPARE(kernelView(), original);
        leave(std::move(client), road);
    }

    void aLabTakesATreeAndGoesWithRemoveAndWithItsClient_data() { rows_data(); }
    void aLabTakesATreeAndGoesWithRemoveAndWithItsClient()
    {
        QFETCH(QString, road);
        auto client = backend(road);
        const auto create = [&] {
            QSignalSpy created(client.get(), &TargetBackend::labCreated);
            client->createLab();
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
        const BackendApplyResult applied = applyAndWait(*client, lab.target, tree, {0, true});
        QVERIFY2(applied.ok, qPrintable(applied.error));
        QSignalSpy removed(client.get(), &TargetBackend::labRemoved);
        client->removeLab(lab.id);
        QVERIFY(removed.wait(30000));
        QCOMPARE(removed.first().at(1).toString(), QString());
        QVERIFY(!namespaceExists(lab.namespaceA) && !namespaceExists(lab.namespaceB));
        client->removeLab(lab.id);
        QVERIFY(removed.wait(30000));
        QVERIFY2(!removed.last().at(1).toString().isEmpty(), "removing a lab twice is refused");

        const LabInfo second = create();
        QVERIFY(!second.id.isEmpty());
        QVERIFY(second.id != lab.id);
        leave(std::move(client), road);
        QTRY_VERIFY_WITH_TIMEOUT(!namespaceExists(second.namespaceA) && !namespaceExists(second.namespaceB), 10000);
    }
};

QTEST_GUILESS_MAIN(TstRoads)
#include "tst_roads.moc"
