// KernelModules on fake roots: loaded, built in, loadable and absent modules, the kernel's
// configuration (=y, =m, not set; plain and gzip), and the sentence a missing qdisc gets.
#include "kinds/kernelmodules.h"
#include "tc/tcimporter.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using Presence = KernelModules::Presence;

Q_DECLARE_METATYPE(KernelModules::Presence)

namespace {

const QString Release = QStringLiteral("6.1.0-test");

void write(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

// A machine with every source: netem loaded, htb built in, sfq on disk, cake nowhere.
KernelModules::Roots fakeMachine(const QTemporaryDir &dir)
{
    const QString root = dir.path();
    write(root + QStringLiteral("/proc/modules"),
          "sch_netem 24576 0 - Live 0x0000000000000000\nveth 40960 0 - Live 0x0000000000000000\n");
    const QString modules = root + QStringLiteral("/lib/modules/") + Release;
    write(modules + QStringLiteral("/modules.builtin"), "kernel/net/sched/sch_htb.ko\nkernel/net/sched/cls_u32.ko\n");
    write(modules + QStringLiteral("/modules.dep"),
          "kernel/net/sched/sch_netem.ko.xz:\nkernel/net/sched/sch_sfq.ko.zst:\n"
          "kernel/net/sched/act-police.ko: kernel/net/sched/act_gact.ko\n");
    return {root + QStringLiteral("/proc"), root + QStringLiteral("/lib/modules"), root + QStringLiteral("/boot"), Release};
}

const QByteArray Config = "CONFIG_MODULES=y\nCONFIG_NET_SCH_HTB=y\nCONFIG_NET_SCH_NETEM=m\nCONFIG_NET_SCH_FQ_CODEL=m\n"
                          "# CONFIG_NET_SCH_SFQ is not set\nCONFIG_NET_ACT_MIRRED=y\n";

} // namespace

class TestKernelModules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void modulesFiles_data()
    {
        QTest::addColumn<QString>("module");
        QTest::addColumn<Presence>("expected");
        QTest::newRow("loaded") << QStringLiteral("sch_netem") << Presence::Available;
        QTest::newRow("built in") << QStringLiteral("sch_htb") << Presence::Available;
        QTest::newRow("on disk") << QStringLiteral("sch_sfq") << Presence::Loadable;
        QTest::newRow("on disk, dash in the file name") << QStringLiteral("act_police") << Presence::Loadable;
        QTest::newRow("absent") << QStringLiteral("sch_cake") << Presence::Absent;
        QTest::newRow("the scheduler's core") << QStringLiteral("sch_generic") << Presence::Available;
        QTest::newRow("mq, in the scheduler's core (obj-y)") << QStringLiteral("sch_mq") << Presence::Available;
        QTest::newRow("the fifos (bool, not in modules.builtin)") << QStringLiteral("sch_fifo") << Presence::Available;
    }
    void modulesFiles()
    {
        QFETCH(QString, module);
        QFETCH(Presence, expected);
        QTemporaryDir dir;
        const KernelModules probe(fakeMachine(dir));
        QCOMPARE(probe.presence(module), expected);
    }

    void kindsNameTheirModules()
    {
        QTemporaryDir dir;
        const KernelModules probe(fakeMachine(dir));
        QCOMPARE(probe.qdisc(u"netem"), Presence::Available);
        QCOMPARE(probe.qdisc(u"cake"), Presence::Absent);
        QCOMPARE(probe.qdisc(u"pfifo_fast"), Presence::Available); // sch_generic
        QCOMPARE(probe.filter(u"u32"), Presence::Available);
        QCOMPARE(probe.filter(u"matchall"), Presence::Absent);
        QCOMPARE(probe.action(u"police"), Presence::Loadable);
        QCOMPARE(KernelModules::qdiscModule(u"clsact"), QStringLiteral("sch_ingress"));
        QCOMPARE(KernelModules::configSymbol(QStringLiteral("sch_fq_codel")), QStringLiteral("CONFIG_NET_SCH_FQ_CODEL"));
        QCOMPARE(KernelModules::configSymbol(QStringLiteral("cls_u32")), QStringLiteral("CONFIG_NET_CLS_U32"));
        QCOMPARE(KernelModules::configSymbol(QStringLiteral("veth")), QString());
    }

    void config_data()
    {
        QTest::addColumn<bool>("gzip");
        QTest::addColumn<bool>("modulesFolder");
        QTest::addColumn<QString>("module");
        QTest::addColumn<Presence>("expected");
        for (const bool gz : {false, true}) {
            const char *how = gz ? "config.gz" : "boot config";
            QTest::addRow("%s: y", how) << gz << false << QStringLiteral("sch_htb") << Presence::Available;
            QTest::addRow("%s: m", how) << gz << false << QStringLiteral("sch_netem") << Presence::Loadable;
            QTest::addRow("%s: not set", how) << gz << false << QStringLiteral("sch_sfq") << Presence::Absent;
            QTest::addRow("%s: not mentioned", how) << gz << false << QStringLiteral("sch_cake") << Presence::Absent;
            QTest::addRow("%s: action y", how) << gz << false << QStringLiteral("act_mirred") << Presence::Available;
            QTest::addRow("%s: the scheduler's core", how) << gz << false << QStringLiteral("sch_generic") << Presence::Available;
            QTest::addRow("%s: mq (no CONFIG_ of its own)", how) << gz << false << QStringLiteral("sch_mq") << Presence::Available;
        }
        // =m but modules.dep does not list it: built, not installed (a cloud kernel without its extras).
        QTest::addRow("m, not installed") << false << true << QStringLiteral("sch_fq_codel") << Presence::Absent;
        QTest::addRow("m, installed") << false << true << QStringLiteral("sch_netem") << Presence::Available; // loaded
        // not set wins over a stray module file: the running kernel was built without it.
        QTest::addRow("not set, file on disk") << false << true << QStringLiteral("sch_sfq") << Presence::Absent;
    }
    void config()
    {
        QFETCH(bool, gzip);
        QFETCH(bool, modulesFolder);
        QFETCH(QString, module);
        QFETCH(Presence, expected);
        QTemporaryDir dir;
        KernelModules::Roots roots{dir.path() + QStringLiteral("/proc"), dir.path() + QStringLiteral("/nothing"),
                                   dir.path() + QStringLiteral("/boot"), Release};
        if (modulesFolder)
            roots = fakeMachine(dir);
        if (gzip) {
            write(dir.path() + QStringLiteral("/config"), Config);
            QCOMPARE(QProcess::execute(QStringLiteral("gzip"), {QStringLiteral("-n"), dir.path() + QStringLiteral("/config")}), 0);
            QDir().mkpath(roots.proc);
            QVERIFY(QFile::rename(dir.path() + QStringLiteral("/config.gz"), roots.proc + QStringLiteral("/config.gz")));
        } else {
            write(roots.boot + QStringLiteral("/config-") + Release, Config);
        }
        QCOMPARE(KernelModules(roots).presence(module), expected);
    }

    void missingModulesOfTrees()
    {
        // Absent ones only, each once: a loadable module is loaded by the kernel on first use.
        QTemporaryDir dir;
        const KernelModules probe(fakeMachine(dir));
        const TcImportResult imported = TcImporter::import(u"tc qdisc add dev eth0 root handle 1: htb default 10\n"
                                                           u"tc class add dev eth0 parent 1: classid 1:10 htb rate 1mbit\n"
                                                           u"tc qdisc add dev eth0 parent 1:10 handle 10: cake\n"
                                                           u"tc qdisc add dev eth1 root sfq\n"
                                                           u"tc qdisc add dev eth2 root cake\n"
                                                           u"tc filter add dev eth0 parent 1: protocol ip prio 1 matchall classid 1:10\n");
        QVERIFY2(imported.ok(), imported.errors.isEmpty() ? "" : qPrintable(imported.errors.first().toString()));
        QCOMPARE(probe.missingModules(imported.trees), (QStringList{QStringLiteral("sch_cake"), QStringLiteral("cls_matchall")}));
    }

    void nothingToReadMarksNothing()
    {
        QTemporaryDir dir;
        const KernelModules probe({dir.path(), dir.path(), dir.path(), Release});
        QCOMPARE(probe.qdisc(u"netem"), Presence::Available);
    }

    void missingQdiscMessage()
    {
        const QString message = KernelModules::missingQdiscMessage(QStringLiteral("sfq"));
        QVERIFY(message.contains(QStringLiteral("the kernel has no sfq qdisc")));
        QVERIFY(message.contains(QStringLiteral("sudo modprobe sch_sfq")));
    }
};

QTEST_GUILESS_MAIN(TestKernelModules)
#include "tst_kernelmodules.moc"
