// The module probe against the real kernel, with real tc as the oracle: for every qdisc kind the
// app knows, KernelModules says "available or loadable" exactly when the kernel takes
// `tc qdisc add dev va root <kind> <options>` in a namespace this test creates.
//
// Why "available or loadable" and not "available": tc run as root makes the kernel load a missing
// module on demand (request_module, "sch_<kind>"), so a loadable kind succeeds too; comparing
// against "available" before the add would call every loadable kind a disagreement. After the
// adds, a fresh probe must find each loadable kind that succeeded loaded (available).
// On this machine's kernel (no loadable modules) netem must come out absent and htb available;
// QS_EXPECT_NETEM=available (set by the user-mode Linux run, which has every module) turns it round.
// QS_MODULES_ROOT: where the module tree is when it is not /lib/modules.
#include "labnamespace.h"
#include "kinds/kernelmodules.h"
#include "kinds/kindtable.h"
#include "model/qdiscnode.h"
#include "tc/tcexporter.h"

#include <QElapsedTimer>
#include <QTest>

using namespace qs;
using namespace qs::test;
using Presence = KernelModules::Presence;

namespace {

const char *name(Presence p)
{
    return p == Presence::Available ? "available" : p == Presence::Loadable ? "loadable" : "absent";
}

} // namespace

class TestKernelModules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void probeAgreesWithTc()
    {
        QVERIFY2(::geteuid() == 0, "needs root: it creates a network namespace (CI runs as root)");
        LabNamespace ns(QStringLiteral("qs-test-kmod"));
        QVERIFY(ns.ok());
        // Four transmit queues: mq and multiq refuse a single-queue device.
        QVERIFY(ns.ip({QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("va"), QStringLiteral("numtxqueues"), QStringLiteral("4"),
                       QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"), QStringLiteral("vb"),
                       QStringLiteral("numtxqueues"), QStringLiteral("4")})
                    .ok() &&
                ns.up(QStringLiteral("va")) && ns.up(QStringLiteral("vb")));

        // Inside user-mode Linux the module tree is linked under /run/modroot (uml-init.sh).
        KernelModules::Roots roots;
        if (const QString modules = qEnvironmentVariable("QS_MODULES_ROOT"); !modules.isEmpty())
            roots.modules = modules;
        QElapsedTimer clock;
        clock.start();
        const KernelModules before(roots);
        const qint64 readUs = clock.nsecsElapsed() / 1000;
        clock.restart();
        for (const QdiscKindOps *ops : Kinds::qdiscs())
            before.qdisc(QString(ops->name));
        qInfo("probe: every source read in %lld us; %lld qdisc answers in %lld us", readUs, qlonglong(Kinds::qdiscs().size()),
              clock.nsecsElapsed() / 1000);
        QStringList loadedByTc;
        int compared = 0;
        for (const QdiscKindOps *ops : Kinds::qdiscs()) {
            if (!ops->known || ops->name.isEmpty())
                continue;
            const QString kind(ops->name);
            const bool hook = ops->placement == QdiscPlacement::IngressHook;
            const QString options = TcExporter::qdiscOptions(QdiscParams(*ops, ops->makeNew()));
            QStringList add{QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("va")};
            if (!hook)
                add << QStringLiteral("root") << QStringLiteral("handle") << QStringLiteral("1:");
            add << kind << options.split(u' ', Qt::SkipEmptyParts);
            const CommandResult r = ns.tc(add);
            // Only this refusal says the kernel lacks the kind; any other failure is ours to explain.
            const bool unknown = r.err.contains(QStringLiteral("Specified qdisc kind is unknown"));
            QVERIFY2(r.ok() || unknown, qPrintable(QStringLiteral("tc %1: %2").arg(add.join(u' '), r.err)));
            const Presence probed = before.qdisc(kind);
            const bool probeSaysYes = probed != Presence::Absent;
            qInfo("%-16s probe: %-9s tc: %s", qPrintable(kind), name(probed), r.ok() ? "added" : "unknown kind");
            QVERIFY2(probeSaysYes == r.ok(),
                     qPrintable(QStringLiteral("%1 (%2): the probe says %3, tc %4")
                                    .arg(kind, KernelModules::qdiscModule(kind), QLatin1StringView(name(probed)),
                                         r.ok() ? QStringLiteral("added it") : r.err.trimmed())));
            if (probed == Presence::Loadable)
                loadedByTc << kind;
            ns.tc({QStringLiteral("qdisc"), QStringLiteral("del"), QStringLiteral("dev"), QStringLiteral("va"),
                   hook ? kind : QStringLiteral("root")});
            ++compared;
        }
        QVERIFY(compared >= 20);

        const KernelModules after(roots);
        for (const QString &kind : loadedByTc)
            QVERIFY2(after.qdisc(kind) == Presence::Available, qPrintable(kind + QStringLiteral(": tc loaded it, the probe says not")));

        // Under user-mode Linux both are modules: loadable before the adds, loaded after them.
        if (qEnvironmentVariable("QS_EXPECT_NETEM") == QLatin1StringView("available")) {
            QCOMPARE(after.qdisc(u"netem"), Presence::Available);
            QCOMPARE(after.qdisc(u"htb"), Presence::Available);
        } else {
            QVERIFY2(before.qdisc(u"netem") == Presence::Absent, "this machine's kernel has no sch_netem");
            QCOMPARE(before.qdisc(u"htb"), Presence::Available);
        }
    }
};

QTEST_GUILESS_MAIN(TestKernelModules)
#include "tst_kernel_modules.moc"
