// The helper at scale (issue 16, Deliver 4), on a private system bus with the real polkitd and
// the real kernel in a namespace of the test's own, tc as the oracle:
// - the limits are the kernel's: a full htb qdisc (65 535 classes) is applied, one class more
//   under one qdisc or one qdisc more on the device is refused with the kernel's limit named;
// - what is checked before polkit is asked stays linear: trees at the limits whose naive checks
//   were quadratic are answered within the guard;
// - ChangeNode changes one class of the tree the helper holds when the caller's basis is that
//   tree's fingerprint, and is refused (TreeMismatch, nothing changed) when it is not: after
//   another change, after a change made with tc; it keeps Apply's auto-revert.

#include "systembusfixture.h"

#include "../kernel/labnamespace.h"
#include "model/treefingerprint.h"
#include "model/treejson.h"

#include <QDBusMessage>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace qs;
using namespace qs::test;

namespace {

const QString Service = QStringLiteral("org.qdiscstudio.Helper1");
const QString ObjectPath = QStringLiteral("/org/qdiscstudio/Helper1");
const QString Interface = QStringLiteral("org.qdiscstudio.Helper1");

/** What is checked before polkit must answer within this, whatever the input (not a benchmark). */
constexpr qint64 GuardMs = 5000;

QString rateText(int mbit)
{
    return QStringLiteral("%1mbit").arg(mbit);
}

/** An htb root 1: with classes 1:1 … 1:@p classes under it, each at @p mbit (ceil twice that). */
QdiscTree htbTree(int classes, int mbit = 1)
{
    const QdiscTree one = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: htb default 1\n"
                                                "tc class add dev va parent 1: classid 1:1 htb rate %1 ceil %2 burst 15k cburst 15k\n")
                                     .arg(rateText(mbit), rateText(2 * mbit)));
    QdiscTree tree;
    tree.qdiscs = one.qdiscs;
    tree.classes.reserve(classes);
    for (int i = 1; i <= classes; ++i) {
        ClassNode c = one.classes.first();
        c.classId = TcHandle::make(1, quint16(i));
        tree.classes.append(c);
    }
    return tree;
}

/** @p tree with class 1:@p minor at @p mbit. */
QdiscTree withClassRate(QdiscTree tree, int minor, int mbit)
{
    const QdiscTree changed = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: htb\n"
                                                    "tc class add dev va parent 1: classid 1:%1 htb rate %2 ceil %3 burst 15k cburst 15k\n")
                                         .arg(QString::number(minor, 16), rateText(mbit), rateText(2 * mbit)));
    *tree.findClass(TcHandle::make(1, quint16(minor))) = changed.classes.first();
    return tree;
}

/** The node document of class 1:@p minor of @p tree. */
QString classDocument(const QdiscTree &tree, int minor)
{
    QdiscTree node;
    node.classes.append(*tree.findClass(TcHandle::make(1, quint16(minor))));
    return QString::fromUtf8(TreeJson::toDocument(node));
}

QString documentOf(const QdiscTree &tree)
{
    return QString::fromUtf8(TreeJson::toDocument(tree));
}

} // namespace

class TestHelperBigTree : public QObject
{
    Q_OBJECT

    SystemBusFixture m_bus;
    std::unique_ptr<LabNamespace> m_lab;
    QTemporaryDir m_files;
    QString m_target;

    QDBusConnection root() { return m_bus.connection(QStringLiteral("bigtree-root")); }
    QDBusMessage call(const QString &method, const QVariantList &arguments)
    {
        QDBusMessage message = QDBusMessage::createMethodCall(Service, ObjectPath, Interface, method);
        message.setArguments(arguments);
        return root().call(message, QDBus::Block, 300000);
    }
    QString failure(const QDBusMessage &reply) { return reply.errorName() + QStringLiteral(": ") + reply.errorMessage().left(500); }

    /** tc's own words for class @p classId on va: "rate 3Mbit ceil 6Mbit", empty when there is none. */
    QString tcClass(const QString &classId)
    {
        const CommandResult shown = m_lab->tc({QStringLiteral("class"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("va"),
                                               QStringLiteral("classid"), classId});
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("class htb %1 .*(rate \\S+ ceil \\S+)")
                                                                 .arg(QRegularExpression::escape(classId)))
                                              .match(shown.out);
        return m.hasMatch() ? m.captured(1) : QString();
    }
    int tcClassCount()
    {
        const CommandResult shown = m_lab->tc({QStringLiteral("class"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("va")});
        return int(shown.out.count(QStringLiteral("class htb ")));
    }
    bool tcShowsNoQdisc()
    {
        const CommandResult shown = m_lab->tc({QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("va")});
        return !shown.out.contains(QStringLiteral("qdisc htb")) && !shown.out.contains(QStringLiteral("qdisc pfifo "));
    }

    /** Applies @p tree whole; the basis for ChangeNode is then its fingerprint. */
    void applyWhole(const QdiscTree &tree)
    {
        const QDBusMessage reply = call(QStringLiteral("Apply"), {m_target, documentOf(tree), QVariantMap()});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(failure(reply)));
    }
    QDBusMessage changeNode(const QString &node, const TreeFingerprint &basis, const QVariantMap &options = {})
    {
        return call(QStringLiteral("ChangeNode"), {m_target, node, basis.toString(), options});
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(isRoot(), "the helper tests need root (a system bus, polkit and network namespaces)");
        QVERIFY(m_files.isValid());
        QString error;
        QVERIFY2(m_bus.start(&error), qPrintable(error));
        m_lab = std::make_unique<LabNamespace>(QStringLiteral("qs-bigtree"));
        QVERIFY(m_lab->ok());
        QVERIFY(m_lab->addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        m_target = m_lab->target(QStringLiteral("va"));
        QVERIFY2(m_bus.startHelper(QStringLiteral(QS_HELPER_PATH),
                                   {QStringLiteral("--idle-timeout"), QStringLiteral("0"), QStringLiteral("--state-dir"), m_files.filePath(QStringLiteral("state"))},
                                   &error),
                 qPrintable(error));
        // Root's connection is known to the helper once it has called: documents are then taken at once.
        const QDBusMessage authorized = call(QStringLiteral("Authorize"), {m_target});
        QVERIFY2(authorized.type() == QDBusMessage::ReplyMessage, qPrintable(failure(authorized)));
    }

    void init()
    {
        call(QStringLiteral("Restore"), {m_target});
        m_lab->tc({QStringLiteral("qdisc"), QStringLiteral("del"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root")});
        QVERIFY(tcShowsNoQdisc());
    }

    void cleanupTestCase()
    {
        if (m_lab)
            call(QStringLiteral("Restore"), {m_target});
        m_bus.stopHelper();
        m_bus.stop();
        m_lab.reset();
    }

    // --- the kernel's limits ----------------------------------------------------------------

    void fullQdiscOfClassesPassesEveryCheck()
    {
        // Every class id a qdisc has, 1:1 … 1:ffff: what htb takes, so the helper's checks take it
        // too. Sent to a device that does not exist, it is answered NoSuchTarget: past the size,
        // schema, limits and validation, which come first. (The kernel itself takes minutes to add
        // 65 535 classes one by one: each add walks every class of the qdisc, tc_bind_tclass.)
        const QdiscTree tree = htbTree(0xFFFF);
        const QString document = documentOf(tree);
        QElapsedTimer answered;
        answered.start();
        const QDBusMessage reply = call(QStringLiteral("Apply"), {m_lab->target(QStringLiteral("nosuch0")), document, QVariantMap()});
        qInfo("65 535 classes (%lld bytes) checked in %lld ms", qint64(document.toUtf8().size()), answered.elapsed());
        QVERIFY2(answered.elapsed() < GuardMs, qPrintable(QStringLiteral("answered after %1 ms").arg(answered.elapsed())));
        QVERIFY2(reply.errorName() == QStringLiteral("org.qdiscstudio.Error.NoSuchTarget"), qPrintable(failure(reply)));
    }

    void tenThousandClassesAreApplied()
    {
        const QdiscTree tree = htbTree(10000);
        QElapsedTimer applied;
        applied.start();
        applyWhole(tree);
        qInfo("10 000 classes applied through the helper in %lld ms", applied.elapsed());
        QCOMPARE(tcClassCount(), 10000);
        QCOMPARE(tcClass(QStringLiteral("1:2710")), QStringLiteral("rate 1Mbit ceil 2Mbit"));
    }

    void overTheKernelsLimitsIsRefused_data()
    {
        QTest::addColumn<QString>("document");
        QTest::addColumn<QString>("says");
        {
            // One class more than a qdisc has ids for: the last repeats 1:1.
            QdiscTree tree = htbTree(0xFFFF);
            tree.classes.append(tree.classes.first());
            QTest::newRow("65 536 classes under 1:") << documentOf(tree) << QStringLiteral("more than 65535 classes under qdisc 1:.*1:1…1:ffff");
        }
        {
            // One qdisc more than a device has majors for.
            QdiscTree tree = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: pfifo\n"));
            const QdiscNode one = tree.qdiscs.first();
            tree.device.clear();
            tree.qdiscs = QList<QdiscNode>(0x10000, one);
            QTest::newRow("65 536 qdiscs") << documentOf(tree) << QStringLiteral("65536 qdiscs.*16-bit major.*at most 65535");
        }
        {
            QdiscTree tree = htbTree(1);
            const Filter filter = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: htb\n"
                                                        "tc filter add dev va parent 1: protocol ip prio 1 u32 match ip dport 80 0xffff flowid 1:1\n"))
                                      .filters.first();
            tree.filters = QList<Filter>(131071, filter);
            QTest::newRow("131 071 filters") << documentOf(tree) << QStringLiteral("131071 filters.*at most 131070");
        }
    }
    void overTheKernelsLimitsIsRefused()
    {
        QFETCH(QString, document);
        QFETCH(QString, says);
        QElapsedTimer answered;
        answered.start();
        const QDBusMessage reply = call(QStringLiteral("Apply"), {m_target, document, QVariantMap()});
        QVERIFY2(answered.elapsed() < GuardMs, qPrintable(QStringLiteral("answered after %1 ms").arg(answered.elapsed())));
        QCOMPARE(reply.errorName(), QStringLiteral("org.qdiscstudio.Error.InvalidTree"));
        QVERIFY2(reply.errorMessage().contains(QRegularExpression(says)), qPrintable(reply.errorMessage()));
        QVERIFY(tcShowsNoQdisc());
    }

    // --- linear checks before polkit --------------------------------------------------------

    void checksStayLinearAtTheLimits_data()
    {
        QTest::addColumn<QString>("document");
        QTest::addColumn<QString>("says");
        {
            // LibreQoS's shape at the limit: 65 534 leaf classes, each with a qdisc of its own
            // (majors 2:…ffff:). A search of the classes per qdisc made this 4·10⁹ steps. The one
            // wrong filter at the end makes it a refusal, found after everything was checked.
            QdiscTree tree = htbTree(0xFFFE);
            const QdiscNode leaf = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: htb\n"
                                                         "tc class add dev va parent 1: classid 1:1 htb rate 1mbit\n"
                                                         "tc qdisc add dev va parent 1:1 handle 2: pfifo limit 100\n"))
                                       .qdiscs.last();
            for (int i = 1; i <= 0xFFFE; ++i) {
                QdiscNode q = leaf;
                q.parent = TcHandle::make(1, quint16(i));
                q.handle = TcHandle::make(quint16(i + 1), 0);
                tree.qdiscs.append(q);
            }
            Filter stray = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: htb\n"
                                                 "tc filter add dev va parent 1: protocol ip prio 1 u32 match ip dport 80 0xffff flowid 1:1\n"))
                               .filters.first();
            stray.classId = TcHandle::make(7, 1);
            tree.filters.append(stray);
            QTest::newRow("65 534 leaf qdiscs") << documentOf(tree) << QStringLiteral("flowid 7:1 is not a class of 1:");
        }
        {
            // 131 070 filters at one prio under many protocols: comparing each with all before it
            // made this 8·10⁹ steps; each is refused for the protocol the prio holds.
            QdiscTree tree = htbTree(1);
            const Filter filter = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: htb\n"
                                                        "tc filter add dev va parent 1: protocol ip prio 1 u32 match ip dport 80 0xffff flowid 1:1\n"))
                                      .filters.first();
            for (int i = 0; i < 131070; ++i) {
                Filter f = filter;
                f.protocol = quint16(0x0800 + i % 1000);
                tree.filters.append(f);
            }
            QTest::newRow("131 070 filters at one prio") << documentOf(tree) << QStringLiteral("prio 1 already holds filters for protocol ip");
        }
    }
    void checksStayLinearAtTheLimits()
    {
        QFETCH(QString, document);
        QFETCH(QString, says);
        QElapsedTimer answered;
        answered.start();
        const QDBusMessage reply = call(QStringLiteral("Apply"), {m_target, document, QVariantMap()});
        qInfo("%lld bytes answered in %lld ms", qint64(document.toUtf8().size()), answered.elapsed());
        QVERIFY2(answered.elapsed() < GuardMs, qPrintable(QStringLiteral("answered after %1 ms").arg(answered.elapsed())));
        QCOMPARE(reply.errorName(), QStringLiteral("org.qdiscstudio.Error.InvalidTree"));
        QVERIFY2(reply.errorMessage().contains(says), qPrintable(reply.errorMessage().left(500)));
        QVERIFY(tcShowsNoQdisc());
    }

    // --- ChangeNode -------------------------------------------------------------------------

    void changeNodeNeedsTheHeldTree()
    {
        const QdiscTree tree = htbTree(300);
        applyWhole(tree);
        const TreeFingerprint applied = TreeFingerprint::of(tree);

        // The basis is the tree the helper holds: one class changes, and only it.
        const QdiscTree faster = withClassRate(tree, 7, 3);
        QDBusMessage reply = changeNode(classDocument(faster, 7), applied);
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(failure(reply)));
        const QJsonObject report = QJsonDocument::fromJson(reply.arguments().value(1).toString().toUtf8()).object();
        QCOMPARE(report.value(QStringLiteral("plan")).toVariant().toStringList(), QStringList{QStringLiteral("change class 1:7")});
        QCOMPARE(report.value(QStringLiteral("fingerprint")).toString(), TreeFingerprint::of(faster).toString());
        QCOMPARE(tcClass(QStringLiteral("1:7")), QStringLiteral("rate 3Mbit ceil 6Mbit"));
        QCOMPARE(tcClass(QStringLiteral("1:8")), QStringLiteral("rate 1Mbit ceil 2Mbit"));

        // The basis of before that change is refused: nothing changes.
        reply = changeNode(classDocument(withClassRate(tree, 7, 5), 7), applied);
        QCOMPARE(reply.errorName(), QStringLiteral("org.qdiscstudio.Error.TreeMismatch"));
        QVERIFY2(reply.errorMessage().contains(QStringLiteral("not the one this change was made for")), qPrintable(reply.errorMessage()));
        QCOMPARE(tcClass(QStringLiteral("1:7")), QStringLiteral("rate 3Mbit ceil 6Mbit"));

        // Someone changes another class with tc: the tree the helper holds is no longer the caller's.
        QVERIFY(m_lab->tc({QStringLiteral("class"), QStringLiteral("change"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("parent"),
                           QStringLiteral("1:"), QStringLiteral("classid"), QStringLiteral("1:8"), QStringLiteral("htb"), QStringLiteral("rate"),
                           QStringLiteral("9mbit"), QStringLiteral("ceil"), QStringLiteral("9mbit")})
                    .ok());
        reply = changeNode(classDocument(withClassRate(faster, 7, 4), 7), TreeFingerprint::of(faster));
        QCOMPARE(reply.errorName(), QStringLiteral("org.qdiscstudio.Error.TreeMismatch"));
        QCOMPARE(tcClass(QStringLiteral("1:7")), QStringLiteral("rate 3Mbit ceil 6Mbit"));
        QCOMPARE(tcClass(QStringLiteral("1:8")), QStringLiteral("rate 9Mbit ceil 9Mbit"));

        // The whole tree again, as a client does after TreeMismatch: its fingerprint is the basis again.
        applyWhole(faster);
        QCOMPARE(tcClass(QStringLiteral("1:8")), QStringLiteral("rate 1Mbit ceil 2Mbit"));
        reply = changeNode(classDocument(withClassRate(faster, 300, 8), 300), TreeFingerprint::of(faster));
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(failure(reply)));
        QCOMPARE(tcClass(QStringLiteral("1:12c")), QStringLiteral("rate 8Mbit ceil 16Mbit"));
    }

    void changeNodeRefusesWhatIsNotOneNodeInPlace_data()
    {
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("basis");
        QTest::addColumn<QString>("errorName");
        QTest::addColumn<QString>("says");
        const QdiscTree tree = htbTree(300);
        const QString basis = TreeFingerprint::of(tree).toString();
        QdiscTree absent;
        absent.classes.append(tree.classes.first());
        absent.classes.first().classId = TcHandle::make(1, 0x999);
        QTest::newRow("a class the tree lacks") << documentOf(absent) << basis << "InvalidTree" << "class 1:999 (htb, parent 1:) is not in the tree";
        QdiscTree moved;
        moved.classes.append(tree.classes[6]);
        moved.classes.first().parent = TcHandle::make(1, 1);
        QTest::newRow("a class moved") << documentOf(moved) << basis << "InvalidTree" << "is not in the tree";
        QdiscTree two;
        two.classes = tree.classes.mid(0, 2);
        QTest::newRow("two classes") << documentOf(two) << basis << "InvalidTree" << "exactly one class or one qdisc";
        QdiscTree root;
        root.qdiscs = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: htb default 2\n")).qdiscs;
        QTest::newRow("htb's default") << documentOf(root) << basis << "InvalidTree" << "cannot change that in place";
        QTest::newRow("a basis that is no fingerprint") << classDocument(tree, 7) << QStringLiteral("xyz") << "InvalidArguments" << "not a tree fingerprint";
        QTest::newRow("a whole tree") << documentOf(tree) << basis << "InvalidTree" << "exactly one class or one qdisc";
        QTest::newRow("a document over 64 KiB") << documentOf(htbTree(1000)) << basis << "InvalidTree" << "accepts at most 65536";
    }
    void changeNodeRefusesWhatIsNotOneNodeInPlace()
    {
        QFETCH(QString, node);
        QFETCH(QString, basis);
        QFETCH(QString, errorName);
        QFETCH(QString, says);
        const QdiscTree tree = htbTree(300);
        applyWhole(tree);
        const QDBusMessage reply = call(QStringLiteral("ChangeNode"), {m_target, node, basis, QVariantMap()});
        QCOMPARE(reply.errorName(), QStringLiteral("org.qdiscstudio.Error.") + errorName);
        QVERIFY2(reply.errorMessage().contains(says), qPrintable(reply.errorMessage()));
        QCOMPARE(tcClassCount(), 300);
        QCOMPARE(tcClass(QStringLiteral("1:7")), QStringLiteral("rate 1Mbit ceil 2Mbit"));
    }

    void changeNodeNeedsAuthorizationFirst()
    {
        const QdiscTree tree = htbTree(300);
        applyWhole(tree);
        const CommandResult r = m_bus.runAs(TestUser::Granted, QStringLiteral(QS_HELPERCALL_PATH),
                                            {QStringLiteral("ChangeNode"), QStringLiteral("s:") + m_target,
                                             QStringLiteral("s:") + classDocument(withClassRate(tree, 7, 3), 7),
                                             QStringLiteral("s:") + TreeFingerprint::of(tree).toString(), QStringLiteral("opts:{}")});
        QVERIFY2(r.out.startsWith(QStringLiteral("error org.qdiscstudio.Error.AuthorizeFirst")), qPrintable(r.out + r.err));
        QCOMPARE(tcClass(QStringLiteral("1:7")), QStringLiteral("rate 1Mbit ceil 2Mbit"));
    }

    void changeNodeIsRevertedLikeApply()
    {
        const QdiscTree tree = htbTree(300);
        applyWhole(tree);
        // Not confirmed within two seconds: the tree from before the change comes back.
        const QDBusMessage reply = changeNode(classDocument(withClassRate(tree, 7, 3), 7), TreeFingerprint::of(tree),
                                              {{QStringLiteral("revertAfterSeconds"), 2u}});
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(failure(reply)));
        QCOMPARE(tcClass(QStringLiteral("1:7")), QStringLiteral("rate 3Mbit ceil 6Mbit"));
        QTRY_COMPARE_WITH_TIMEOUT(tcClass(QStringLiteral("1:7")), QStringLiteral("rate 1Mbit ceil 2Mbit"), 10000);
        QCOMPARE(tcClassCount(), 300);
    }
};

QTEST_GUILESS_MAIN(TestHelperBigTree)
#include "tst_helper_bigtree.moc"
