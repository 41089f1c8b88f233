// A kernel refusing an unknown qdisc kind: the engine's message names the module and the fix.
// This machine's kernel has no sch_netem: adding netem in a namespace this test creates fails
// with "Specified qdisc kind is unknown" (ENOENT), and the message says which module is missing
// and how to load it. Root, real kernel; skipped where netem works.
#include "labnamespace.h"
#include "kinds/kernelmodules.h"
#include "netlink/tcengine.h"
#include "tc/tcimporter.h"

#include <QTest>

using namespace qs;
using namespace qs::test;

class TestMissingModule : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void moduleNames()
    {
        QCOMPARE(KernelModules::qdiscModule(QStringLiteral("netem")), QStringLiteral("sch_netem"));
        QCOMPARE(KernelModules::qdiscModule(QStringLiteral("fq_codel")), QStringLiteral("sch_fq_codel"));
        QCOMPARE(KernelModules::qdiscModule(QStringLiteral("clsact")), QStringLiteral("sch_ingress"));
        const QString message = KernelModules::missingQdiscMessage(QStringLiteral("sfq"));
        QVERIFY(message.contains(QStringLiteral("the kernel has no sfq qdisc")));
        QVERIFY(message.contains(QStringLiteral("sudo modprobe sch_sfq")));
    }

    void netemRefusalNamesTheModule()
    {
        QVERIFY2(::geteuid() == 0, "needs root: it creates a network namespace (CI runs as root)");
        LabNamespace ns(QStringLiteral("qs-test-mod"));
        QVERIFY(ns.ok());
        QVERIFY(ns.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const TcImportResult imported =
            TcImporter::import(u"tc qdisc add dev va root handle 1: netem delay 100ms");
        QVERIFY(imported.ok());
        QdiscTree tree = imported.trees.first();
        QString error;
        auto engine = TcEngine::open(ns.target(QStringLiteral("va")), &error);
        QVERIFY2(engine, qPrintable(error));
        const ApplyResult result = engine->apply(tree);
        QVERIFY2(!result.ok, "this kernel has netem, so no module is missing: the test needs a kernel without "
                             "sch_netem (as Debian's cloud kernel here); under user-mode Linux netem is checked instead");
        qInfo("%s", qPrintable(result.error));
        QCOMPARE(result.missingModule, QStringLiteral("sch_netem"));
        // The kernel's own words, then what is missing and the fix.
        QVERIFY(result.error.contains(QStringLiteral("Specified qdisc kind is unknown")));
        QVERIFY(result.error.contains(QStringLiteral("the kernel has no netem qdisc: its module sch_netem is not loaded")));
        QVERIFY(result.error.contains(QStringLiteral("sudo modprobe sch_netem")));
        QVERIFY(result.error.contains(QStringLiteral("full kernel/modules package")));

        // Any other refusal (also ENOENT: a parent that is not there) is left as the kernel said it.
        const TcImportResult tbf = TcImporter::import(u"tc qdisc add dev va root handle 2: tbf rate 1mbit burst 10k latency 50ms");
        QVERIFY(tbf.ok());
        TcOperation op;
        op.type = TcOperation::Type::AddQdisc;
        op.qdisc = tbf.trees.first().qdiscs.first();
        op.qdisc.parent = TcHandle::make(7, 1);
        const ApplyResult other = engine->execute({op});
        qInfo("%s", qPrintable(other.error));
        QVERIFY(!other.ok);
        QCOMPARE(other.missingModule, QString());
        QVERIFY(!other.error.contains(QStringLiteral("modprobe")));
    }
};

QTEST_GUILESS_MAIN(TestMissingModule)
#include "tst_missing_module.moc"
