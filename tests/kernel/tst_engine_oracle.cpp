// The engine against the real tc on this machine's kernel: the same tree is built twice, once by
// our netlink engine in one namespace and once by `tc` running our exported script in a twin
// namespace; `tc -j -s qdisc|class|filter show` of both must be identical, field by field.
#include "kinds/allkinds.h"
#include "labnamespace.h"
#include "oracletrees.h"
#include "tcreadback.h"
#include "netlink/pschedclock.h"
#include "netlink/tcengine.h"
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace qs;
using namespace qs::test;


class TstEngineOracle : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test builds trees in network namespaces of its own and needs root (CI runs as root)");
        QVERIFY2(runCommand(QStringLiteral("tc"), {QStringLiteral("-V")}).ok(), "tc (Debian package iproute2) is missing");
    }

    void engineAndTcReadBackIdentical_data()
    {
        // Rows tagged "host" run on this machine's kernel; the others need modules it lacks
        // (netem, sfq, fq_codel, prio) and run under user-mode Linux (tests/kernel/CMakeLists.txt).
        QTest::addColumn<QString>("script");
        for (const OracleTree &tree : oracleTrees())
            QTest::newRow(tree.tag) << QString::fromLatin1(tree.script);
    }

    void engineAndTcReadBackIdentical()
    {
        QFETCH(QString, script);
        LabNamespace engineSide(QStringLiteral("qs-oracle-engine"));
        LabNamespace tcSide(QStringLiteral("qs-oracle-tc"));
        QVERIFY(engineSide.ok() && tcSide.ok());
        for (const LabNamespace *ns : {&engineSide, &tcSide})
            QVERIFY(ns->addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const TcImportResult imported = TcImporter::import(script);
        const bool withIfb = imported.tree(u"ifb0") != nullptr;
        if (withIfb)
            QVERIFY(engineSide.addIfb(QStringLiteral("ifb0"))); // the engine side gets its ifb from us; tc's from the script
        QVERIFY2(imported.ok(), imported.errors.isEmpty() ? "" : qPrintable(imported.errors.first().toString()));

        // Our engine, on the engine side. The ifb's tree first: the redirect names it.
        QStringList devices{QStringLiteral("va")};
        if (withIfb)
            devices.prepend(QStringLiteral("ifb0"));
        for (const QString &device : std::as_const(devices)) {
            QString error;
            auto engine = TcEngine::open(engineSide.target(device), &error);
            QVERIFY2(engine, qPrintable(error));
            const ApplyResult result = engine->apply(*imported.tree(device));
            QVERIFY2(result.ok, qPrintable(result.error));
        }

        // The real tc, running our exported script, on the twin side.
        QList<QdiscTree> trees = imported.trees;
        for (QdiscTree &tree : trees)
            tree.netns = tcSide.name();
        const QStringList lines = TcExporter::script(trees).split(u'\n', Qt::SkipEmptyParts);
        for (const QString &line : lines) {
            QStringList words = line.split(u' ', Qt::SkipEmptyParts);
            const QString program = words.takeFirst();
            const CommandResult r = runCommand(program, words);
            QVERIFY2(r.ok(), qPrintable(line + QStringLiteral(": ") + r.err));
        }

        // Field by field, statistics included (nothing was sent, so both count zero).
        for (const QString &device : std::as_const(devices)) {
            const QList<QPair<QString, QStringList>> views = {{QStringLiteral("qdisc"), {}},
                                                              {QStringLiteral("class"), {}},
                                                              {QStringLiteral("filter"), {}},
                                                              {QStringLiteral("filter"), {QStringLiteral("parent"), QStringLiteral("ffff:")}}};
            for (const auto &[what, extra] : views) {
                if (what == u"class") {
                    // iproute2 6.1 prints htb classes as text even with -j: compare the text, line by line.
                    const QStringList args = QStringList{QStringLiteral("-s"), QStringLiteral("-d"), what, QStringLiteral("show"),
                                                         QStringLiteral("dev"), device};
                    const QStringList ours = engineSide.tc(args).out.split(u'\n');
                    const QStringList theirs = tcSide.tc(args).out.split(u'\n');
                    QCOMPARE(ours, theirs);
                    if (device == u"va" && QLatin1String(QTest::currentDataTag()) == QLatin1String("host"))
                        QVERIFY(ours.size() > 10); // the comparison compared something
                    continue;
                }
                const QJsonDocument ours = engineSide.tcJson(what, device, extra);
                const QJsonDocument theirs = tcSide.tcJson(what, device, extra);
                QVERIFY2(!ours.isNull() && !theirs.isNull(), qPrintable(what + u' ' + device));
                const QString difference = firstDifference(ours, theirs);
                QVERIFY2(difference.isEmpty(), qPrintable(QStringLiteral("%1 %2 %3: %4").arg(what, extra.join(u' '), device, difference)));
                // The comparison compared something.
                if (what == u"qdisc" && device == u"va")
                    QVERIFY(ours.array().size() >= 1);
            }
        }

        // The engine reads its own tree back as the model it applied.
        QString error;
        auto engine = TcEngine::open(engineSide.target(QStringLiteral("va")), &error);
        const auto back = engine->read(&error);
        QVERIFY2(back, qPrintable(error));
        const TcPlanner planner(PschedClock::system());
        // Distribution tables are the one thing the kernel does not report: such a netem is
        // changed in place (counters kept) rather than assumed equal; a slot table makes it foreign.
        for (const TcOperation &op : planner.plan(*back, *imported.tree(u"va"))) {
            const auto *netem = op.qdisc.params.getIf<NetemParams>();
            const bool unreadable = netem && (netem->distribution != NetemDistribution::Uniform || netem->slot.distribution);
            QVERIFY2(unreadable && (op.type == TcOperation::Type::ChangeQdisc || op.type == TcOperation::Type::ReplaceQdisc),
                     qPrintable(op.describe()));
        }
    }
};

QTEST_GUILESS_MAIN(TstEngineOracle)
#include "tst_engine_oracle.moc"
