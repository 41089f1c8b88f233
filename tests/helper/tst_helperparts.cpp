// The helper's bookkeeping on its own: RevertBook's promises and timers, SnapshotStore's files,
// Labs' ids and names.

#include "helpercontract.h"
#include "readbudget.h"
#include "safety/labs.h"
#include "safety/revertbook.h"
#include "safety/snapshotstore.h"

#include "../kernel/labnamespace.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace qs::test;

class TestHelperParts : public QObject
{
    Q_OBJECT

    static QdiscTree tree(const QString &rate)
    {
        return treeOf(QStringLiteral("tc qdisc add dev va root handle 1: tbf rate %1 burst 32kb latency 50ms").arg(rate));
    }

private Q_SLOTS:
    void readBudgetBoundsEachUsersShare()
    {
        ReadBudget budget;
        const qint64 second = ReadBudget::WindowNs;
        const qint64 start = 100 * second;
        // A user reading without pause, 20 ms a read, for 10 s: a quarter of the time, not more.
        qint64 now = start;
        qint64 spent = 0;
        while (now < start + 10 * second) {
            if (budget.allows(1000, now)) {
                budget.spend(1000, now, now + 20'000'000);
                spent += 20'000'000;
                now += 20'000'000;
            } else {
                now += 1'000'000;
            }
        }
        QVERIFY2(spent >= 10 * ReadBudget::MaxShareNs && spent <= 10 * ReadBudget::MaxShareNs + ReadBudget::MaxShareNs + 20'000'000,
                 qPrintable(QString::number(spent)));
        // Others are not held back by that user, nor is root.
        QVERIFY(budget.allows(1001, now));
        budget.spend(0, now, now + second);
        QVERIFY(budget.allows(0, now));
        // Reads longer than the share: each is let in, then the debt keeps the user out for three times as long.
        now = start + 100 * second;
        qint64 slow = 0;
        for (qint64 t = now; t < now + 20 * second; t += 10'000'000) {
            if (budget.allows(1002, t)) {
                budget.spend(1002, t, t + second);
                slow += second;
                t += second;
            }
        }
        QVERIFY2(slow >= 4 * second && slow <= 6 * second, qPrintable(QString::number(slow)));
        // A user who stopped reading is forgotten once its bucket is full again.
        QCOMPARE(budget.spentNs(1000, start + 1000 * second), 0);
    }

    void transactionsAreUniqueAndOpaque()
    {
        QSet<QString> seen;
        for (int i = 0; i < 1000; ++i)
            seen.insert(RevertBook::newTransaction());
        QCOMPARE(seen.size(), 1000);
        QCOMPARE(seen.begin()->size(), 3 + 32);
    }

    void unconfirmedChainRevertsToTheTreeBeforeItsFirstStep()
    {
        RevertBook book;
        QSignalSpy timedOut(&book, &RevertBook::timedOut);
        book.armTimeout(QStringLiteral("ns/va"), QStringLiteral("tx-1"), tree(QStringLiteral("1mbit")), 1);
        QVERIFY(book.hasPendingTimeout(QStringLiteral("ns/va")));
        book.armTimeout(QStringLiteral("ns/va"), QStringLiteral("tx-2"), tree(QStringLiteral("2mbit")), 1); // a later step
        QVERIFY(!book.isEmpty());
        QVERIFY(timedOut.wait(3000));
        QCOMPARE(timedOut.size(), 1);
        QCOMPARE(timedOut.first().value(0).toString(), QStringLiteral("ns/va"));
        QCOMPARE(timedOut.first().value(1).value<QdiscTree>(), tree(QStringLiteral("1mbit")));
        QVERIFY(book.isEmpty());
        QString target;
        QVERIFY(!book.confirm(QStringLiteral("tx-1"), &target)); // reverted: nothing left to keep
    }

    void confirmingAnyStepKeepsTheChain()
    {
        RevertBook book;
        QSignalSpy timedOut(&book, &RevertBook::timedOut);
        book.armTimeout(QStringLiteral("va"), QStringLiteral("tx-1"), tree(QStringLiteral("1mbit")), 1);
        book.armTimeout(QStringLiteral("va"), QStringLiteral("tx-2"), tree(QStringLiteral("2mbit")), 1);
        book.armTimeout(QStringLiteral("vb"), QStringLiteral("tx-3"), tree(QStringLiteral("3mbit")), 1);
        QString target;
        QVERIFY(book.confirm(QStringLiteral("tx-1"), &target));
        QCOMPARE(target, QStringLiteral("va"));
        QVERIFY(!book.confirm(QStringLiteral("tx-2"), &target));
        QVERIFY(timedOut.wait(3000)); // vb's was not confirmed
        QCOMPARE(timedOut.first().value(0).toString(), QStringLiteral("vb"));
        QTest::qWait(300);
        QCOMPARE(timedOut.size(), 1);
    }

    void pendingTransactionsNameTheirTarget()
    {
        RevertBook book;
        book.armTimeout(QStringLiteral("qs-lab-x-a/lab0"), QStringLiteral("tx-1"), tree(QStringLiteral("1mbit")), 60);
        book.armTimeout(QStringLiteral("qs-lab-x-a/lab0"), QStringLiteral("tx-2"), tree(QStringLiteral("2mbit")), 60);
        book.rememberForExit(QStringLiteral(":1.5"), QStringLiteral("vb"), tree(QStringLiteral("3mbit")));
        QCOMPARE(book.pendingTarget(QStringLiteral("tx-2")), QStringLiteral("qs-lab-x-a/lab0"));
        QVERIFY(book.pendingTarget(QStringLiteral("tx-3")).isEmpty());
        QStringList targets = book.targets();
        targets.sort();
        QCOMPARE(targets, (QStringList{QStringLiteral("qs-lab-x-a/lab0"), QStringLiteral("vb")}));
        book.forgetTarget(QStringLiteral("qs-lab-x-a/lab0"));
        QVERIFY(book.pendingTarget(QStringLiteral("tx-1")).isEmpty());
        QCOMPARE(book.targets(), QStringList{QStringLiteral("vb")});
    }

    void labIdsAreFreshAndWellFormed()
    {
        QSet<QString> seen;
        for (int i = 0; i < 1000; ++i) {
            const QString id = Labs::newId();
            QCOMPARE(id.size(), 8);
            QVERIFY2(LabNetwork::isValidId(id), qPrintable(id));
            seen.insert(id);
        }
        QCOMPARE(seen.size(), 1000);
        QCOMPARE(Labs::targetOf(QStringLiteral("ab12cd34")), QStringLiteral("qs-lab-ab12cd34-a/lab0"));
        QCOMPARE(Labs::namespacesOf(QStringLiteral("ab12cd34")),
                 (QStringList{QStringLiteral("qs-lab-ab12cd34-a"), QStringLiteral("qs-lab-ab12cd34-b")}));
        QVERIFY(Labs::isLabNamespace(QStringLiteral("qs-lab-ab12cd34-b")));
        QVERIFY(!Labs::isLabNamespace(QStringLiteral("qs-helper-12")));
        // Leftovers, as LabNetwork::leftovers() lists them: one id per lab, odd names kept whole.
        QCOMPARE(Labs::idsOf({QStringLiteral("qs-lab-aaaa-a"), QStringLiteral("qs-lab-aaaa-b"), QStringLiteral("qs-lab-bbbb-b"),
                                 QStringLiteral("qs-lab-odd")}),
                 (QStringList{QStringLiteral("aaaa"), QStringLiteral("bbbb"), QStringLiteral("odd")}));
        QTemporaryDir state;
        SafetyNet net(state.path());
        Playbacks playbacks(net);
        Labs book(net, playbacks);
        QVERIFY(book.isEmpty());
        QVERIFY(!book.ownedBy(QStringLiteral(":1.5")));
        QVERIFY(!book.holdsTarget(QStringLiteral("qs-lab-ab12cd34-a/lab0")));
    }

    void exitRevertsKeepTheFirstTreePerClientAndTarget()
    {
        RevertBook book;
        book.rememberForExit(QStringLiteral(":1.5"), QStringLiteral("va"), tree(QStringLiteral("1mbit")));
        book.rememberForExit(QStringLiteral(":1.5"), QStringLiteral("va"), tree(QStringLiteral("2mbit")));
        book.rememberForExit(QStringLiteral(":1.5"), QStringLiteral("vb"), tree(QStringLiteral("3mbit")));
        book.rememberForExit(QStringLiteral(":1.6"), QStringLiteral("va"), tree(QStringLiteral("4mbit")));
        QVERIFY(book.hasExitRevert(QStringLiteral(":1.5"), QStringLiteral("va")));
        QCOMPARE(book.clientsWithExitReverts().size(), 2);
        const auto reverts = book.takeExitReverts(QStringLiteral(":1.5"));
        QCOMPARE(reverts.size(), 2);
        QCOMPARE(reverts.value(QStringLiteral("va")), tree(QStringLiteral("1mbit")));
        QVERIFY(book.takeExitReverts(QStringLiteral(":1.5")).isEmpty());
        book.forgetTarget(QStringLiteral("va")); // restored: :1.6's promise about va is moot
        QVERIFY(book.isEmpty());
    }

    void takeAllPrefersTheEarliestTree()
    {
        RevertBook book;
        book.rememberForExit(QStringLiteral(":1.5"), QStringLiteral("va"), tree(QStringLiteral("1mbit")));
        book.armTimeout(QStringLiteral("va"), QStringLiteral("tx-1"), tree(QStringLiteral("2mbit")), 60);
        book.armTimeout(QStringLiteral("vb"), QStringLiteral("tx-2"), tree(QStringLiteral("3mbit")), 60);
        const auto all = book.takeAll();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all.value(QStringLiteral("va")), tree(QStringLiteral("1mbit")));
        QCOMPARE(all.value(QStringLiteral("vb")), tree(QStringLiteral("3mbit")));
        QVERIFY(book.isEmpty());
    }

    void snapshotsRoundTripPerTarget()
    {
        QTemporaryDir dir;
        SnapshotStore store(dir.filePath(QStringLiteral("snapshots")));
        QString error;
        QVERIFY(!store.find(QStringLiteral("lab/va"), &error));
        QVERIFY(error.isEmpty());
        const Snapshot snapshot{tree(QStringLiteral("5mbit")), TargetIdentity{4026532281ull, 7}, QDateTime::currentDateTimeUtc()};
        QVERIFY2(store.save(QStringLiteral("lab/va"), snapshot, &error), qPrintable(error));
        QVERIFY(store.save(QStringLiteral("lab/vb"), Snapshot{tree(QStringLiteral("6mbit")), {1, 2}, {}}, &error));
        // A namespace name may hold any byte but '/': the file name must not care.
        QVERIFY(store.save(QStringLiteral("ä ../..\\x/va"), Snapshot{tree(QStringLiteral("7mbit")), {1, 3}, {}}, &error));
        const QString longest = QString(255, u'n') + QStringLiteral("/abcdefghijklmno"); // the longest target there is
        QVERIFY2(store.save(longest, Snapshot{tree(QStringLiteral("8mbit")), {1, 4}, {}}, &error), qPrintable(error));
        QCOMPARE(store.find(longest, &error)->tree, tree(QStringLiteral("8mbit")));
        const auto found = store.find(QStringLiteral("lab/va"), &error);
        QVERIFY2(found, qPrintable(error));
        QCOMPARE(found->tree, snapshot.tree);
        QCOMPARE(found->identity, snapshot.identity);
        QCOMPARE(found->taken.toMSecsSinceEpoch(), snapshot.taken.toMSecsSinceEpoch());
        QCOMPARE(store.find(QStringLiteral("ä ../..\\x/va"), &error)->tree, tree(QStringLiteral("7mbit")));
        QCOMPARE(QDir(store.directory()).entryList(QDir::Files).size(), 4);
        QStringList targets = store.targets();
        targets.sort();
        QCOMPARE(targets, (QStringList{QStringLiteral("lab/va"), QStringLiteral("lab/vb"), longest, QStringLiteral("ä ../..\\x/va")}));
        store.remove(QStringLiteral("lab/va"));
        QVERIFY(!store.find(QStringLiteral("lab/va"), &error));
        QVERIFY(store.find(QStringLiteral("lab/vb"), &error));
        QVERIFY(!store.targets().contains(QStringLiteral("lab/va")));
    }

    void corruptSnapshotIsReportedNotUsed()
    {
        QTemporaryDir dir;
        SnapshotStore store(dir.path());
        QString error;
        QVERIFY(store.save(QStringLiteral("va"), Snapshot{tree(QStringLiteral("5mbit")), {1, 2}, {}}, &error));
        const QString file = QDir(dir.path()).entryInfoList(QDir::Files).first().filePath();
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("{\"schemaVersion\": 1, \"tree\": {\"qdiscs\": 5}}");
        f.close();
        QVERIFY(!store.find(QStringLiteral("va"), &error));
        QVERIFY2(error.contains(file) && error.contains(QStringLiteral("qdiscs")), qPrintable(error));
    }

    void snapshotKeepsTheContainerInstance()
    {
        QTemporaryDir dir;
        SnapshotStore store(dir.path());
        QString error;
        const TargetIdentity identity{7, 3, QStringLiteral("0bb6fbeb0ff3@2026-12-06T01:37:41Z")};
        QVERIFY(store.save(QStringLiteral("docker:r1/eth1"), Snapshot{tree(QStringLiteral("5mbit")), identity, {}}, &error));
        const auto found = store.find(QStringLiteral("docker:r1/eth1"), &error);
        QVERIFY2(found, qPrintable(error));
        QCOMPARE(found->identity, identity);
    }

    void contractIsTheInterfaceFile()
    {
        // The helper serves what resources/dbus/org.qdiscstudio.Helper1.xml says, compiled in.
        const HelperContract &contract = HelperContract::compiledIn();
        QVERIFY(contract.isValid());
        QCOMPARE(contract.method(QStringLiteral("Apply"))->in, QStringLiteral("ssa{sv}"));
        QCOMPARE(contract.method(QStringLiteral("Apply"))->out, QStringLiteral("ss"));
        QCOMPARE(contract.method(QStringLiteral("GetVersion"))->in, QString());
        QCOMPARE(contract.method(QStringLiteral("OpenLabSockets"))->out, QStringLiteral("hhhhhhhhh"));
        QCOMPARE(contract.method(QStringLiteral("SeekScenario"))->in, QStringLiteral("su"));
        QVERIFY(!contract.method(QStringLiteral("Reboot")));
        QCOMPARE(*contract.signal(QStringLiteral("Reverted")), QStringLiteral("ss"));
        QVERIFY(!contract.signal(QStringLiteral("Apply")));
        QVERIFY(contract.xml().contains("<interface name=\"org.qdiscstudio.Helper1\">"));
    }

    void contractReadsOnlyItsInterface()
    {
        const QByteArray xml = R"(<node>
  <interface name="org.example.Other"><method name="Apply"><arg type="i" direction="in"/></method></interface>
  <interface name="org.qdiscstudio.Helper1">
    <method name="Apply"><arg type="s" direction="in"/><arg type="a{sv}"/><arg type="s" direction="out"/></method>
    <signal name="Gone"><arg type="s"/><arg type="u"/></signal>
  </interface>
</node>)";
        const HelperContract contract = HelperContract::fromXml(xml, QStringLiteral("org.qdiscstudio.Helper1"));
        QVERIFY(contract.isValid());
        QCOMPARE(contract.methodNames(), QStringList{QStringLiteral("Apply")});
        QCOMPARE(contract.method(QStringLiteral("Apply"))->in, QStringLiteral("sa{sv}")); // an arg without direction is "in"
        QCOMPARE(contract.method(QStringLiteral("Apply"))->out, QStringLiteral("s"));
        QCOMPARE(*contract.signal(QStringLiteral("Gone")), QStringLiteral("su"));
        QVERIFY(!HelperContract::fromXml("<node><interface name=", QStringLiteral("org.qdiscstudio.Helper1")).isValid());
    }
};

QTEST_GUILESS_MAIN(TestHelperParts)
#include "tst_helperparts.moc"
