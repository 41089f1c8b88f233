// Shell scripts and tc -batch files, imported without running anything, against what bash (or
// tc -batch) and the real tc build from the same file: the script runs in one namespace, our
// engine applies the imported tree in a twin, and tc reads both back, field by field. Then the
// CLI puts profiles made for one device onto others (apply --direct, export, --map).
//
// One executable, two kernels: the rows this machine's kernel can build here (htb, tbf, pfifo,
// u32), the wondershaper row (sfq) under user-mode Linux (tests/kernel/CMakeLists.txt).
#include "labnamespace.h"
#include "netlink/pschedclock.h"
#include "netlink/tcengine.h"
#include "tc/tcscriptimporter.h"
#include "tcreadback.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace qs::test;

namespace {

QString scriptPath(const QString &name)
{
    return QStringLiteral(QS_SCRIPTS_DIR "/") + name;
}

QString readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

CommandResult app(const QStringList &arguments)
{
    return runCommand(QStringLiteral(QS_APP_PATH), arguments);
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

} // namespace

class TstScriptImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test builds trees in network namespaces of its own and needs root (CI runs as root)");
        QVERIFY2(runCommand(QStringLiteral("tc"), {QStringLiteral("-V")}).ok(), "tc (Debian package iproute2) is missing");
        QVERIFY2(runCommand(QStringLiteral("bash"), {QStringLiteral("-c"), QStringLiteral("true")}).ok(), "bash is missing");
    }

    void bashAndTcBuildWhatTheImportBuilds_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("devices");
        QTest::addColumn<bool>("batch");
        // Words the import does not read yet, each an error it must report (and nothing else).
        QTest::addColumn<QStringList>("notYetImported");
        // Under user-mode Linux (sfq, act_police): its ingress policer is compared as well.
        QTest::newRow("wondershaper") << QStringLiteral("wondershaper.sh") << QStringList() << QStringList{QStringLiteral("eth0")} << false
                                      << QStringList();
        QTest::newRow("shape-lan") << QStringLiteral("shape-lan.sh") << QStringList{QStringLiteral("start")}
                                   << QStringList{QStringLiteral("lan0"), QStringLiteral("lan1")} << false << QStringList();
        QTest::newRow("batch") << QStringLiteral("shaping.batch") << QStringList() << QStringList{QStringLiteral("eth0")} << true << QStringList();
    }

    void bashAndTcBuildWhatTheImportBuilds()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, devices);
        QFETCH(bool, batch);
        QFETCH(QStringList, notYetImported);
        const QString path = scriptPath(file);
        const QString text = readAll(path);
        QVERIFY2(!text.isEmpty(), qPrintable(path));

        LabNamespace scriptSide(QStringLiteral("qs-script-sh"));
        LabNamespace engineSide(QStringLiteral("qs-script-engine"));
        QVERIFY(scriptSide.ok() && engineSide.ok());
        for (const LabNamespace *ns : {&scriptSide, &engineSide}) {
            for (const QString &device : std::as_const(devices))
                QVERIFY(ns->addVethPair(device, device + u'p'));
        }

        // The real thing: bash running the script (tc -batch for a batch file) in its namespace.
        if (batch) {
            // -force: the batch's first line deletes what a fresh device does not hold, and tc
            // then exits 1 at the end; what it built is compared below.
            const CommandResult r = scriptSide.tc({QStringLiteral("-force"), QStringLiteral("-batch"), path});
            QVERIFY2(r.err.count(QStringLiteral("Command failed")) == 1, qPrintable(r.err));
        } else {
            const CommandResult r = scriptSide.exec(QStringList{QStringLiteral("bash"), path} + arguments);
            QVERIFY2(r.ok(), qPrintable(r.out + r.err));
        }

        // Ours: the import, run by nothing, applied by our engine on the twin.
        ShellEvaluatorOptions options;
        options.arguments = arguments;
        options.scriptName = path;
        const TcScriptImport imported = TcScriptImporter::import(text, options);
        QStringList errorWords;
        for (const TcScriptError &e : imported.result.errors)
            errorWords.append(e.word);
        QVERIFY2(errorWords == notYetImported, qPrintable(errorWords.join(u' ')));
        QCOMPARE(imported.result.trees.size(), devices.size());
        if (!batch && arguments.isEmpty()) {
            // The script's status and stop branches are not what it does by default.
            for (const char *branch : {"\"status\" ] is false", "\"stop\" ] is false"}) {
                QVERIFY2(std::any_of(imported.notes.begin(), imported.notes.end(),
                                     [&](const TcScriptError &n) { return n.message.contains(QLatin1String(branch)); }),
                         branch);
            }
        }
        for (const QString &device : std::as_const(devices)) {
            const QdiscTree *tree = imported.result.tree(device);
            QVERIFY2(tree, qPrintable(device));
            QString error;
            auto engine = TcEngine::open(engineSide.target(device), &error);
            QVERIFY2(engine, qPrintable(error));
            const ApplyResult result = engine->apply(*tree);
            QVERIFY2(result.ok, qPrintable(result.error));
            // And the engine reads the tree back as the model it applied: nothing left to do.
            const auto back = engine->read(&error);
            QVERIFY2(back, qPrintable(error));
            for (const TcOperation &op : TcPlanner(PschedClock::system()).plan(*back, *tree))
                QFAIL(qPrintable(device + QStringLiteral(": read back differs: ") + op.describe()));
        }

        // tc reads both back: qdiscs and filters as JSON, htb classes as text (iproute2 6.1
        // prints them as text even with -j), statistics included (no traffic: zeros on both).
        for (const QString &device : std::as_const(devices)) {
            const QStringList classArgs{QStringLiteral("-s"), QStringLiteral("-d"), QStringLiteral("class"), QStringLiteral("show"),
                                        QStringLiteral("dev"), device};
            const QStringList ourClasses = engineSide.tc(classArgs).out.split(u'\n');
            const QStringList theirClasses = scriptSide.tc(classArgs).out.split(u'\n');
            QCOMPARE(ourClasses, theirClasses);
            QVERIFY(ourClasses.size() > 8); // the comparison compared something

            // The ingress side (the wondershaper's policer) as text: iproute2 6.1's tc -j -s
            // prints a u32 filter's legacy police with its statistics as text inside the JSON
            // ("… } Sent 0 bytes 0 pkts (dropped 0, overlimits 0) }"), which no JSON reader takes.
            if (imported.result.tree(device)->ingressQdisc()) {
                const QStringList ingressArgs{QStringLiteral("-s"), QStringLiteral("-d"), QStringLiteral("filter"), QStringLiteral("show"),
                                              QStringLiteral("dev"), device, QStringLiteral("parent"), QStringLiteral("ffff:")};
                // An action's age (installed, used) depends on when, not what.
                static const QRegularExpression age(QStringLiteral("\\b(installed|used|firstused|expires) \\d+ sec"));
                const QStringList ourIngress = engineSide.tc(ingressArgs).out.replace(age, QStringLiteral("\\1 N sec")).split(u'\n');
                const QStringList theirIngress = scriptSide.tc(ingressArgs).out.replace(age, QStringLiteral("\\1 N sec")).split(u'\n');
                QCOMPARE(ourIngress, theirIngress);
                QVERIFY2(theirIngress.join(u'\n').contains(u" police 0x"), qPrintable(theirIngress.join(u'\n')));
            }
            const QList<QStringList> filterViews = {{}};
            for (const QString &what : {QStringLiteral("qdisc"), QStringLiteral("filter")}) {
                for (const QStringList &extra : (what == u"qdisc" ? QList<QStringList>{{}} : filterViews)) {
                    const QJsonDocument ours = engineSide.tcJson(what, device, extra);
                    const QJsonDocument theirs = scriptSide.tcJson(what, device, extra);
                    QVERIFY2(!ours.isNull() && !theirs.isNull(), qPrintable(what + u' ' + device));
                    const QString difference = firstDifference(ours, theirs);
                    QVERIFY2(difference.isEmpty(), qPrintable(QStringLiteral("%1 %2 %3: %4").arg(what, extra.join(u' '), device, difference)));
                    QVERIFY(ours.array().size() >= 2);
                }
            }
        }
    }

    void wondershaperPolicesAtItsDownlinkRate_data()
    {
        QTest::addColumn<int>("downlinkKbit");
        QTest::addColumn<QString>("burst");
        // The script's own burst of 10k at its 1000kbit.
        QTest::newRow("1000kbit") << 1000 << QStringLiteral("10k");
        // A second downlink, the burst scaled to keep the script's 80 ms of tokens. Not 10mbit:
        // there iperf3 under user-mode Linux on a loaded CI machine offered only 13.3 of the 20
        // Mbit/s asked, its sender starved of CPU, and each stall longer than the bucket is
        // capacity the policer cannot give back (measured -5.4 % with 100k, -9 % with 10k: the
        // token bucket working as it should, on arrivals too uneven to show its rate).
        QTest::newRow("4mbit") << 4000 << QStringLiteral("40k");
    }

    /**
     * The wondershaper imported for vb (DOWNLINK set as its users set it), applied by the engine,
     * and UDP from A offered at twice the downlink: what B receives is the policer's rate, ±5 %.
     * The policer counts IP bytes at ingress (the Ethernet header is gone there), iperf3 the UDP
     * payload: received payload × (payload + 28) / payload is the policed rate.
     */
    void wondershaperPolicesAtItsDownlinkRate()
    {
        QFETCH(int, downlinkKbit);
        QFETCH(QString, burst);
        if (QStandardPaths::findExecutable(QStringLiteral("iperf3")).isEmpty())
            QFAIL("iperf3 is missing: install the Debian package iperf3 (scripts/install-deps.sh does)");
        constexpr int kPayload = 1400;
        constexpr int kSeconds = 6;
        constexpr quint16 kPort = 5231;
        TwoHostLab lab(QStringLiteral("qs-police"));
        QVERIFY(lab.ok);

        ShellEvaluatorOptions options;
        options.scriptName = scriptPath(QStringLiteral("wondershaper.sh"));
        options.variables = {{QStringLiteral("DEV"), QStringLiteral("vb")}, {QStringLiteral("DOWNLINK"), QString::number(downlinkKbit)}};
        QString text = readAll(options.scriptName);
        QVERIFY(text.contains(u"police rate ${DOWNLINK}kbit burst 10k drop"));
        text.replace(QStringLiteral("burst 10k drop"), QStringLiteral("burst %1 drop").arg(burst));
        const TcScriptImport imported = TcScriptImporter::import(text, options);
        QVERIFY2(imported.result.ok(), qPrintable(imported.result.errors.isEmpty() ? QString() : imported.result.errors.first().toString()));
        const QdiscTree *tree = imported.result.tree(u"vb");
        QVERIFY(tree);
        QString error;
        auto engine = TcEngine::open(lab.b.target(QStringLiteral("vb")), &error);
        QVERIFY2(engine, qPrintable(error));
        const ApplyResult applied = engine->apply(*tree);
        QVERIFY2(applied.ok, qPrintable(applied.error));
        // The kernel holds the policer at the script's rate (as text: see above on tc -j -s).
        const QString filters = lab.b.tc({QStringLiteral("filter"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("vb"),
                                          QStringLiteral("parent"), QStringLiteral("ffff:")})
                                    .out;
        QVERIFY2(filters.contains(QStringLiteral(" police 0x")) &&
                     filters.contains(downlinkKbit == 1000 ? QStringLiteral("rate 1Mbit burst 10Kb") : QStringLiteral("rate 4Mbit burst 40Kb")),
                 qPrintable(filters));

        QProcess server;
        server.setProcessChannelMode(QProcess::MergedChannels);
        server.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), lab.b.name(), QStringLiteral("iperf3"), QStringLiteral("-s"),
                                            QStringLiteral("-1"), QStringLiteral("-B"), QStringLiteral("198.18.0.2"), QStringLiteral("-p"),
                                            QString::number(kPort)});
        QVERIFY(server.waitForStarted());
        QProcess client;
        const auto stopProcesses = qScopeGuard([&] {
            for (QProcess *process : {&client, &server}) {
                if (process->state() != QProcess::NotRunning) {
                    process->kill();
                    process->waitForFinished(5000);
                }
            }
        });
        QVERIFY2(lab.b.waitForListener(kPort, 5000), "the iperf3 server in namespace B did not start listening");
        const double rate = downlinkKbit * 1000.0; // bits per second, as tc reads kbit
        client.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), lab.a.name(), QStringLiteral("iperf3"), QStringLiteral("-c"),
                                            QStringLiteral("198.18.0.2"), QStringLiteral("-p"), QString::number(kPort), QStringLiteral("-u"),
                                            QStringLiteral("-b"), QString::number(qint64(2 * rate)), QStringLiteral("-l"), QString::number(kPayload),
                                            QStringLiteral("-t"), QString::number(kSeconds), QStringLiteral("-O"), QStringLiteral("1"),
                                            QStringLiteral("--connect-timeout"), QStringLiteral("3000"), QStringLiteral("-J")});
        QVERIFY(client.waitForStarted());
        QVERIFY2(client.waitForFinished((kSeconds + 20) * 1000), "iperf3 client did not finish in time");
        const QByteArray output = client.readAllStandardOutput();
        const QJsonObject report = QJsonDocument::fromJson(output).object();
        QVERIFY2(!report.isEmpty() && !report.contains(u"error"),
                 qPrintable(QString::fromUtf8(output) + QString::fromUtf8(client.readAllStandardError())));
        const QJsonObject end = report.value(u"end").toObject();
        const QJsonObject received = end.value(u"sum_received").toObject();
        const QJsonObject sent = end.value(u"sum_sent").toObject();
        QVERIFY2(received.value(u"seconds").toDouble() > kSeconds - 0.5, "iperf3 reported no receiver figures");
        const double payload = received.value(u"bits_per_second").toDouble();
        const double offered = sent.value(u"bits_per_second").toDouble();
        const double policed = payload * double(kPayload + 28) / double(kPayload);
        qInfo().noquote() << QStringLiteral("police rate %1 kbit: offered %2 kbit/s UDP payload, received %3 kbit/s payload -> %4 kbit/s IP "
                                            "(%5 %)")
                                 .arg(downlinkKbit)
                                 .arg(offered / 1000, 0, 'f', 0)
                                 .arg(payload / 1000, 0, 'f', 1)
                                 .arg(policed / 1000, 0, 'f', 1)
                                 .arg((policed - rate) / rate * 100, 0, 'f', 2);
        // iperf3 is asked for twice the rate; under user-mode Linux on a slow machine it reached only
        // 1.6 times at 10mbit. A quarter above the rate is enough to tell policing from no policing: an
        // unpoliced path would deliver at least 1.25 times the rate, far outside the ±5 % asked below.
        QVERIFY2(offered > 1.25 * rate,
                 qPrintable(QStringLiteral("iperf3 offered only %1 kbit/s: too little above the rate to show policing").arg(offered / 1000, 0, 'f', 0)));
        QVERIFY2(std::abs(policed - rate) <= 0.05 * rate,
                 qPrintable(QStringLiteral("policed rate %1 kbit/s is not within ±5 % of %2 kbit").arg(policed / 1000, 0, 'f', 1).arg(downlinkKbit)));
    }

    void cliPutsAProfileOnAnyTarget()
    {
        QTemporaryDir dir;
        const QString blogTc = dir.filePath(QStringLiteral("blog.tc"));
        const QString blogJson = dir.filePath(QStringLiteral("blog.json"));
        QVERIFY(writeFile(blogTc, "# from a blog post, for eth0\nsudo tc qdisc add dev eth0 root handle 1: tbf rate 10mbit burst 32kb latency 50ms\n"));
        LabNamespace a(QStringLiteral("qs-script-a"));
        LabNamespace b(QStringLiteral("qs-script-b"));
        QVERIFY(a.ok() && b.ok());
        QVERIFY(a.addVethPair(QStringLiteral("v0"), QStringLiteral("v0p")));
        QVERIFY(b.addVethPair(QStringLiteral("v0"), QStringLiteral("v0p")));

        // import blog.tc -o blog.json && apply --dev v0 blog.json: the one tree goes onto v0.
        CommandResult r = app({QStringLiteral("import"), blogTc, QStringLiteral("-o"), blogJson});
        QVERIFY2(r.ok(), qPrintable(r.err));
        r = app({QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), a.target(QStringLiteral("v0")), blogJson});
        QVERIFY2(r.ok(), qPrintable(r.out + r.err));
        QVERIFY2(r.err.contains(QStringLiteral("was made for eth0; it goes onto %1").arg(a.target(QStringLiteral("v0")))), qPrintable(r.err));
        // export blog.json --dev v0: the commands for v0, which tc builds into the same tree.
        r = app({QStringLiteral("export"), blogJson, QStringLiteral("--dev"), b.target(QStringLiteral("v0"))});
        QVERIFY2(r.ok(), qPrintable(r.err));
        QCOMPARE(r.out, QStringLiteral("tc -n %1 qdisc add dev v0 root handle 1: tbf rate 10mbit burst 32kb latency 50ms\n").arg(b.name()));
        QStringList words = r.out.trimmed().split(u' ');
        QVERIFY(runCommand(words.takeFirst(), words).ok());
        QCOMPARE(firstDifference(a.tcJson(QStringLiteral("qdisc"), QStringLiteral("v0")), b.tcJson(QStringLiteral("qdisc"), QStringLiteral("v0"))),
                 QString());
        QCOMPARE(a.tcJson(QStringLiteral("qdisc"), QStringLiteral("v0")).array().first()[u"kind"].toString(), QStringLiteral("tbf"));

        // A profile with two trees needs --map, and says which targets it has.
        const QString ingressSh = dir.filePath(QStringLiteral("ingress.sh"));
        const QString ingressJson = dir.filePath(QStringLiteral("ingress.json"));
        QVERIFY(writeFile(ingressSh, "ip link add ifb0 type ifb\nip link set dev ifb0 up\n"
                                     "tc qdisc add dev eth0 handle ffff: ingress\n"
                                     "tc filter add dev eth0 parent ffff: protocol all u32 match u32 0 0 action mirred egress redirect dev ifb0\n"
                                     "tc qdisc add dev ifb0 root tbf rate 5mbit burst 10kb latency 100ms\n"));
        QVERIFY2(app({QStringLiteral("import"), ingressSh, QStringLiteral("-o"), ingressJson}).ok(), "import of the ifb recipe");
        r = app({QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), a.target(QStringLiteral("v0")), ingressJson});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("has trees for ifb0, eth0")) && r.err.contains(QStringLiteral("--map ifb0=TARGET,eth0=TARGET")),
                 qPrintable(r.err));
        r = app({QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--map"),
                 QStringLiteral("eth0=%1,ifb0=%2").arg(a.target(QStringLiteral("v0")), a.target(QStringLiteral("ifb7"))), ingressJson});
        QVERIFY2(r.ok(), qPrintable(r.out + r.err));
        // The ifb was made under its new name, up, and the redirect followed it there.
        const QJsonObject ifb7 =
            QJsonDocument::fromJson(a.ip({QStringLiteral("-j"), QStringLiteral("-d"), QStringLiteral("link"), QStringLiteral("show"), QStringLiteral("ifb7")}).out.toUtf8())
                .array()
                .first()
                .toObject();
        QCOMPARE(ifb7[u"linkinfo"][u"info_kind"].toString(), QStringLiteral("ifb"));
        QVERIFY(ifb7[u"flags"].toArray().contains(QStringLiteral("UP")));
        QCOMPARE(a.tcJson(QStringLiteral("qdisc"), QStringLiteral("ifb7")).array().first()[u"kind"].toString(), QStringLiteral("tbf"));
        const QString filters = QString::fromUtf8(a.tcJson(QStringLiteral("filter"), QStringLiteral("v0"), {QStringLiteral("parent"), QStringLiteral("ffff:")}).toJson());
        QVERIFY2(filters.contains(QStringLiteral("\"to_dev\": \"ifb7\"")), qPrintable(filters));
    }
};

QTEST_GUILESS_MAIN(TstScriptImport)
#include "tst_script_import.moc"
