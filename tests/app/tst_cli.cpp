#include "../kernel/labnamespace.h"
#include "profiles/profile.h"
#include "tc/tcimporter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

/** Runs the real qdisc-studio binary with a private data directory, as a user would. */
class TstCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;

    Run run(const QStringList &arguments, const QByteArray &stdinData = {})
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("HOME"), m_home.path());
        env.remove(QStringLiteral("DISPLAY"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(QS_APP_PATH), arguments);
        if (!process.waitForStarted())
            return {};
        process.write(stdinData);
        process.closeWriteChannel();
        process.waitForFinished(30000);
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
    }

    QString writeFile(const QString &name, const QByteArray &content)
    {
        QFile file(m_home.filePath(name));
        [&] { QVERIFY(file.open(QIODevice::WriteOnly)); }();
        file.write(content);
        return file.fileName();
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_home.isValid()); }

    void importReportsEveryErrorWithItsLine()
    {
        const QString path = writeFile(QStringLiteral("broken.tc"),
                                       "# three problems\n"
                                       "tc qdisc add dev eth0 root netem delay 100ms\n"
                                       "tc qdisc add dev eth1 root netem delay 10xs\n"
                                       "tc qdisc add dev eth2 root tbf rate 1mbit\n"
                                       "tc qdisc add dev eth3 root netem loss 200%\n");
        const Run r = run({QStringLiteral("import"), path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.isEmpty()); // nothing half-imported on stdout
        QVERIFY2(r.err.contains(path + QStringLiteral(":3:40: error: \"10xs\"")), qPrintable(r.err));
        QVERIFY2(r.err.contains(path + QStringLiteral(":4:")), qPrintable(r.err));
        QVERIFY2(r.err.contains(path + QStringLiteral(":5:")), qPrintable(r.err));
        QVERIFY(!r.err.contains(path + QStringLiteral(":2:")));
    }

    void importThenExportGivesTheCommandsBack()
    {
        const QByteArray script = "sudo tc qdisc add dev eth1 root handle 1: netem delay 80ms 20ms loss 1%\n"
                                  "tc qdisc add dev eth1 parent 1:1 handle 10: tbf rate 50mbit burst 50kb limit 500kb\n";
        const QString path = writeFile(QStringLiteral("wan.tc"), script);
        const QString profilePath = m_home.filePath(QStringLiteral("wan.json"));
        const Run imported = run({QStringLiteral("import"), path, QStringLiteral("-o"), profilePath});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        QFile file(profilePath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QStringList errors;
        const auto profile = Profile::fromJsonBytes(file.readAll(), &errors);
        QVERIFY2(profile, qPrintable(errors.join(u'\n')));
        QCOMPARE(profile->name, QStringLiteral("wan"));

        const Run exported = run({QStringLiteral("export"), profilePath});
        QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
        QCOMPARE(exported.out, QStringLiteral("tc qdisc add dev eth1 root handle 1: netem delay 80ms 20ms loss random 1%\n"
                                              "tc qdisc add dev eth1 parent 1:1 handle 10: tbf rate 50mbit burst 50kb limit 500kb\n"));
        QCOMPARE(TcImporter::import(exported.out).trees, TcImporter::import(QString::fromUtf8(script)).trees);
    }

    void importFromStdinToStdout()
    {
        const Run r = run({QStringLiteral("import"), QStringLiteral("-"), QStringLiteral("--name"), QStringLiteral("Pasted")},
                          "tc qdisc add dev eth0 root netem delay 5ms\n");
        QCOMPARE(r.exitCode, 0);
        QStringList errors;
        const auto profile = Profile::fromJsonBytes(r.out.toUtf8(), &errors);
        QVERIFY(profile);
        QCOMPARE(profile->name, QStringLiteral("Pasted"));
    }

    void importEvaluatesAShellScriptWithoutRunningIt()
    {
        const QString path = writeFile(QStringLiteral("shaper.sh"),
                                       "#!/bin/sh\n"
                                       "DEV=${DEV:-eth0}\n"
                                       "TC=/sbin/tc\n"
                                       "case \"$1\" in\n"
                                       "  start) $TC qdisc add dev $DEV root netem delay $((20 * 5))ms ;;\n"
                                       "  stop) $TC qdisc del dev $DEV root ;;\n"
                                       "esac\n"
                                       "ethtool -K $DEV gso off\n"
                                       "touch \"$HOME/ran\"\n");
        Run r = run({QStringLiteral("import"), path, QStringLiteral("--arg"), QStringLiteral("start"), QStringLiteral("--set"),
                     QStringLiteral("DEV=eth1"), QStringLiteral("--show-commands")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.out, QStringLiteral("/sbin/tc qdisc add dev eth1 root netem delay 100ms  # %1:5\n").arg(path));
        QVERIFY2(r.err.contains(path + QStringLiteral(":6:3: note: not taken: \"start\" matched an earlier pattern")), qPrintable(r.err));
        QVERIFY2(r.err.contains(path + QStringLiteral(":8:1: note: \"ethtool\": not tc, skipped")), qPrintable(r.err));
        QVERIFY2(r.err.contains(path + QStringLiteral(":9:1: note: \"touch\": not tc, skipped")), qPrintable(r.err));
        QVERIFY(!QFile::exists(m_home.filePath(QStringLiteral("ran")))); // nothing was run

        r = run({QStringLiteral("import"), path, QStringLiteral("--json"), QStringLiteral("--show-commands")});
        QCOMPARE(r.exitCode, 1); // no argument: neither branch, no tc command
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY(report[u"commands"].toArray().isEmpty());
        QCOMPARE(report[u"notes"].toArray().size(), 4);

        QCOMPARE(run({QStringLiteral("import"), path, QStringLiteral("--set"), QStringLiteral("no value")}).exitCode, 2);
    }

    void profilesGoOntoAnyTarget()
    {
        const QString blog = writeFile(QStringLiteral("blog.tc"), "tc qdisc add dev eth0 root netem delay 30ms\n");
        const QString blogJson = m_home.filePath(QStringLiteral("blog.json"));
        QCOMPARE(run({QStringLiteral("import"), blog, QStringLiteral("-o"), blogJson}).exitCode, 0);
        Run r = run({QStringLiteral("export"), blogJson, QStringLiteral("--dev"), QStringLiteral("v0")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QStringLiteral("tc qdisc add dev v0 root netem delay 30ms\n"));
        QVERIFY2(r.err.contains(QStringLiteral("profile \"blog\" was made for eth0; it goes onto v0")), qPrintable(r.err));

        const QString ingress = writeFile(QStringLiteral("ingress.sh"),
                                          "ip link add ifb0 type ifb\nip link set dev ifb0 up\n"
                                          "tc qdisc add dev eth0 handle ffff: ingress\n"
                                          "tc filter add dev eth0 parent ffff: protocol all u32 match u32 0 0 action mirred egress redirect dev ifb0\n"
                                          "tc qdisc add dev ifb0 root netem delay 50ms\n");
        const QString ingressJson = m_home.filePath(QStringLiteral("ingress.json"));
        QCOMPARE(run({QStringLiteral("import"), ingress, QStringLiteral("-o"), ingressJson}).exitCode, 0);
        r = run({QStringLiteral("export"), ingressJson, QStringLiteral("--dev"), QStringLiteral("v0")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("has trees for ifb0, eth0, none of them v0: say where each goes with --map ifb0=TARGET,eth0=TARGET")),
                 qPrintable(r.err));
        r = run({QStringLiteral("export"), ingressJson, QStringLiteral("--dev"), QStringLiteral("eth0")}); // the tree made for it
        QVERIFY2(r.exitCode == 0 && r.out.contains(u"dev eth0 handle ffff: ingress"), qPrintable(r.out + r.err));
        r = run({QStringLiteral("export"), ingressJson, QStringLiteral("--map"), QStringLiteral("eth0=lab/va,ifb0=lab/ifb3")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith(u"ip -n lab link add ifb3 type ifb\n"), qPrintable(r.out));
        QVERIFY2(r.out.contains(u"action mirred egress redirect dev ifb3"), qPrintable(r.out));
        r = run({QStringLiteral("export"), ingressJson, QStringLiteral("--map"), QStringLiteral("eth0=lab/va,ifb0=other/ifb3")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(u"stays in its own namespace"), qPrintable(r.err));
        r = run({QStringLiteral("export"), ingressJson, QStringLiteral("--map"), QStringLiteral("eth0=lab/va")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(u"ifb0 is not mapped"), qPrintable(r.err));
        QCOMPARE(run({QStringLiteral("export"), ingressJson, QStringLiteral("--map"), QStringLiteral("eth0")}).exitCode, 2);
        r = run({QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), QStringLiteral("v0"), ingressJson});
        QCOMPARE(r.exitCode, 2); // before anything is applied
        QVERIFY2(r.err.contains(u"--map ifb0=TARGET,eth0=TARGET"), qPrintable(r.err));
    }

    void exportChaosMesh_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QStringList>("out"); // each must be on stdout
        QTest::addColumn<QStringList>("err"); // each must be on stderr
        const QString cm = QStringLiteral("chaos-mesh");
        const QString f = QStringLiteral("--format");
        QTest::newRow("preset") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("LTE (4G)"), QStringLiteral("--namespace"), QStringLiteral("shop"),
                                                QStringLiteral("--selector"), QStringLiteral("app=checkout"), QStringLiteral("--duration"), QStringLiteral("10min")}
                                << 0
                                << QStringList{QStringLiteral("kind: NetworkChaos\n"), QStringLiteral("  name: lte-4g\n  namespace: shop\n"),
                                               QStringLiteral("      app: checkout\n"), QStringLiteral("    latency: \"25ms\"\n"),
                                               QStringLiteral("    rate: \"25mbit\"\n"), QStringLiteral("  duration: \"10m\"\n"),
                                               QStringLiteral("#   - qdisc netem 1: distribution normal")}
                                << QStringList{QStringLiteral("LTE (4G): not expressed by NetworkChaos:\n  - qdisc netem 1: distribution normal")};
        QTest::newRow("scenario") << QStringList{QStringLiteral("export"), QStringLiteral("--format=chaos-mesh"), QStringLiteral("Flapping Wi-Fi"),
                                                 QStringLiteral("--mode"), QStringLiteral("fixed-percent=50"), QStringLiteral("--selector"), QStringLiteral("app=web")}
                                  << 0 << QStringList{QStringLiteral("kind: Schedule\n"), QStringLiteral("  schedule: \"@every 15s\"\n"), QStringLiteral("mode: fixed-percent\n")}
                                  << QStringList{QStringLiteral("loops forever")};
        QTest::newRow("no selector") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("Full outage")} << 0
                                     << QStringList{QStringLiteral("loss: \"100\"")} << QStringList{QStringLiteral("no --selector: the manifests select every pod")};
        QTest::newRow("nothing expressible") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("fair.json")} << 1 << QStringList{}
                                             << QStringList{QStringLiteral("qdisc fq_codel root"), QStringLiteral("nothing of profile \"fair\" can be expressed")};
        QTest::newRow("unknown format") << QStringList{QStringLiteral("export"), f, QStringLiteral("yaml"), QStringLiteral("LTE (4G)")} << 2 << QStringList{}
                                        << QStringList{QStringLiteral("--format takes tc or chaos-mesh, not \"yaml\"")};
        QTest::newRow("chaos option with tc") << QStringList{QStringLiteral("export"), QStringLiteral("LTE (4G)"), QStringLiteral("--dev"), QStringLiteral("eth0"),
                                                             QStringLiteral("--selector"), QStringLiteral("app=web")}
                                              << 2 << QStringList{} << QStringList{QStringLiteral("--selector is for --format chaos-mesh")};
        QTest::newRow("dev with chaos") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("LTE (4G)"), QStringLiteral("--dev"), QStringLiteral("eth0")}
                                        << 2 << QStringList{} << QStringList{QStringLiteral("--dev and --map name devices")};
        QTest::newRow("bad selector") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("LTE (4G)"), QStringLiteral("--selector"), QStringLiteral("app")}
                                      << 2 << QStringList{} << QStringList{QStringLiteral("--selector: \"app\" is not key=value")};
        QTest::newRow("bad peers") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("LTE (4G)"), QStringLiteral("--peers"), QStringLiteral("a=b c")}
                                   << 2 << QStringList{} << QStringList{QStringLiteral("--peers: \"b c\" is not a label value")};
        QTest::newRow("bad mode") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("LTE (4G)"), QStringLiteral("--mode"), QStringLiteral("fixed")}
                                  << 2 << QStringList{} << QStringList{QStringLiteral("--mode: mode fixed needs the number of pods")};
        QTest::newRow("bad name") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("LTE (4G)"), QStringLiteral("--name"), QStringLiteral("LTE")}
                                  << 2 << QStringList{} << QStringList{QStringLiteral("\"LTE\" is not a name Kubernetes takes here")};
        QTest::newRow("bad namespace") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("LTE (4G)"), QStringLiteral("--namespace"), QStringLiteral("a_b")}
                                       << 2 << QStringList{} << QStringList{QStringLiteral("\"a_b\" is not a namespace")};
        QTest::newRow("bad duration") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("LTE (4G)"), QStringLiteral("--duration"), QStringLiteral("soon")}
                                      << 2 << QStringList{} << QStringList{QStringLiteral("--duration: ")};
        QTest::newRow("duration of a scenario") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("Entering a tunnel"), QStringLiteral("--duration"), QStringLiteral("1h")}
                                                << 2 << QStringList{} << QStringList{QStringLiteral("--duration is for a profile")};
        QTest::newRow("bad ramp steps") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("Entering a tunnel"), QStringLiteral("--ramp-steps"), QStringLiteral("0")}
                                        << 2 << QStringList{} << QStringList{QStringLiteral("a ramp is held as 1 to 50 steps, not 0")};
        QTest::newRow("ramp steps not a number") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("Entering a tunnel"), QStringLiteral("--ramp-steps"), QStringLiteral("many")}
                                                 << 2 << QStringList{} << QStringList{QStringLiteral("--ramp-steps takes a whole number, not \"many\"")};
        QTest::newRow("nothing of that name") << QStringList{QStringLiteral("export"), f, cm, QStringLiteral("No such thing")} << 1 << QStringList{}
                                              << QStringList{QStringLiteral("no such file, and no profile, preset or scenario of that name")};
    }

    void exportChaosMesh()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QStringList, out);
        QFETCH(QStringList, err);
        writeFile(QStringLiteral("fair.tc"), "tc qdisc add dev eth0 root fq_codel\n");
        QCOMPARE(run({QStringLiteral("import"), m_home.filePath(QStringLiteral("fair.tc")), QStringLiteral("-o"), m_home.filePath(QStringLiteral("fair.json"))}).exitCode, 0);
        for (QString &argument : arguments) {
            if (argument.endsWith(u".json"))
                argument = m_home.filePath(argument);
        }
        const Run r = run(arguments);
        QVERIFY2(r.exitCode == exitCode, qPrintable(QStringLiteral("exit %1\n%2").arg(r.exitCode).arg(r.err)));
        for (const QString &text : out)
            QVERIFY2(r.out.contains(text), qPrintable(QStringLiteral("\"%1\" not in:\n%2").arg(text, r.out)));
        for (const QString &text : err)
            QVERIFY2(r.err.contains(text), qPrintable(QStringLiteral("\"%1\" not in:\n%2").arg(text, r.err)));
        if (exitCode != 0)
            QCOMPARE(r.out, QString());
    }

    void validate()
    {
        const QString good = writeFile(QStringLiteral("good.tc"), "tc qdisc add dev eth0 root tbf rate 10mbit burst 32kb latency 50ms\n");
        Run r = run({QStringLiteral("validate"), good});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(u"valid"));

        const QString trap = writeFile(QStringLiteral("trap.tc"), "tc qdisc add dev eth0 root tbf rate 100mbit burst 1000 latency 50ms\n");
        r = run({QStringLiteral("validate"), trap});
        QCOMPARE(r.exitCode, 0); // accepted by the kernel, so only a warning…
        QVERIFY2(r.err.contains(u"warning") && r.err.contains(u"burst"), qPrintable(r.err)); // …but said loudly

        const QString bad = writeFile(QStringLiteral("bad.json"),
                                      R"({"schemaVersion":1,"name":"x","trees":[{"qdiscs":[{"parent":"root","kind":"tbf","params":{"rate":"10mbit"}}]}]})");
        r = run({QStringLiteral("validate"), bad, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(report[u"valid"].toBool(true), false);
        QVERIFY(!report[u"issues"].toArray().isEmpty());

        const QString newer = writeFile(QStringLiteral("newer.json"), R"({"schemaVersion":7,"name":"x","trees":[]})");
        r = run({QStringLiteral("validate"), newer});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(u"newer"), qPrintable(r.err));
    }

    void profilesListAndShow()
    {
        // A corrupt file in the user's store is reported, the rest still listed.
        QDir().mkpath(m_home.filePath(QStringLiteral("data/qdisc-studio/profiles")));
        writeFile(QStringLiteral("data/qdisc-studio/profiles/broken.json"), "{ not json");
        const Run list = run({QStringLiteral("profiles"), QStringLiteral("--json")});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.err.contains(u"broken.json"), qPrintable(list.err));
        const QJsonArray presets = QJsonDocument::fromJson(list.out.toUtf8()).array();
        QVERIFY2(presets.size() >= 10, qPrintable(list.out));
        const QString first = presets.first()[u"name"].toString();

        const Run show = run({QStringLiteral("profiles"), QStringLiteral("show"), first});
        QCOMPARE(show.exitCode, 0);
        QVERIFY(show.out.contains(u"tc qdisc add dev DEV root"));

        const Run missing = run({QStringLiteral("profiles"), QStringLiteral("show"), QStringLiteral("No such thing")});
        QCOMPARE(missing.exitCode, 1);

        // A preset needs a target to become commands.
        Run exported = run({QStringLiteral("export"), first});
        QCOMPARE(exported.exitCode, 2);
        QVERIFY(exported.err.contains(u"--dev"));
        exported = run({QStringLiteral("export"), first, QStringLiteral("--dev"), QStringLiteral("lab/veth1")});
        QCOMPARE(exported.exitCode, 0);
        QVERIFY2(exported.out.startsWith(u"tc -n lab qdisc add dev veth1 root"), qPrintable(exported.out));
    }

    void commandLineMistakes()
    {
        QCOMPARE(run({QStringLiteral("frobnicate")}).exitCode, 2);
        QCOMPARE(run({QStringLiteral("import")}).exitCode, 2);
        QCOMPARE(run({QStringLiteral("import"), QStringLiteral("--bogus"), QStringLiteral("x")}).exitCode, 2);
        const Run missing = run({QStringLiteral("import"), m_home.filePath(QStringLiteral("nope.tc"))});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains(u"nope.tc"));
        QVERIFY(QRegularExpression(QStringLiteral("^qdisc-studio \\d+\\.\\d+\\.\\d+\n$")).match(run({QStringLiteral("--version")}).out).hasMatch());
    }

    void overviewHelpListsEverySubcommand()
    {
        const Run help = run({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.startsWith(u"Usage: qdisc-studio "), qPrintable(help.out));
        for (const char *sub : {"import", "export", "validate", "profiles", "targets", "show", "stats", "apply", "clear", "restore", "confirm",
                                "play", "scenarios"})
            QVERIFY2(QRegularExpression(QStringLiteral("\n  %1 +\\S").arg(QLatin1String(sub))).match(help.out).hasMatch(), sub);
        for (const char *option : {"--help", "--version", "--verbose", "-platform"})
            QVERIFY2(help.out.contains(QLatin1String(option)), option);
        QVERIFY(help.out.contains(u"window opens"));
        QCOMPARE(run({QStringLiteral("help")}).out, help.out);
    }

    void subcommandHelp_data()
    {
        QTest::addColumn<QString>("subcommand");
        QTest::addColumn<QStringList>("mentions"); // its options and arguments
        const auto list = [](const char *words) { return QString::fromLatin1(words).split(u' '); };
        QTest::newRow("import") << QStringLiteral("import") << list("--output --name --json --show-commands --arg --set FILE");
        QTest::newRow("export") << QStringLiteral("export") << list("--dev --map PROFILE");
        QTest::newRow("validate") << QStringLiteral("validate") << list("--json --arg --set FILE");
        QTest::newRow("profiles") << QStringLiteral("profiles") << list("--json list show");
        QTest::newRow("targets") << QStringLiteral("targets") << list("--json");
        QTest::newRow("show") << QStringLiteral("show") << list("--json --stats TARGET");
        QTest::newRow("stats") << QStringLiteral("stats") << list("--json --interval --count TARGET");
        QTest::newRow("apply") << QStringLiteral("apply") << list("--dev --map --hold --revert-after --direct --json --arg --set FILE");
        QTest::newRow("clear") << QStringLiteral("clear") << list("--dev --direct --json");
        QTest::newRow("restore") << QStringLiteral("restore") << list("--dev --direct --json");
        QTest::newRow("confirm") << QStringLiteral("confirm") << list("TRANSACTION");
        QTest::newRow("play") << QStringLiteral("play") << list("--dev --loop --keep --no-revert-on-exit --direct --json SCENARIO");
        QTest::newRow("scenarios") << QStringLiteral("scenarios") << list("--json --dev list show check SCENARIO");
    }

    void subcommandHelp()
    {
        QFETCH(QString, subcommand);
        QFETCH(QStringList, mentions);
        const Run r = run({subcommand, QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("Usage: qdisc-studio %1 [options]").arg(subcommand)), qPrintable(r.out));
        QVERIFY2(!r.out.contains(u"--help-all"), qPrintable(r.out)); // Qt's, which the subcommands do not take
        for (const QString &heading : {QStringLiteral("\nOptions:\n"), QStringLiteral("\nExamples:\n  ")})
            QVERIFY2(r.out.contains(heading), qPrintable(r.out));
        for (const QString &word : mentions)
            QVERIFY2(r.out.contains(word), qPrintable(word));
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QCOMPARE(run({QStringLiteral("help"), subcommand}).out, r.out);
        QCOMPARE(run({QStringLiteral("--verbose"), subcommand, QStringLiteral("-h")}).out, r.out);
    }

    void defaultsAreShown()
    {
        const QString help = run({QStringLiteral("stats"), QStringLiteral("--help")}).out;
        QVERIFY2(help.contains(u"Default: 1000.") && help.contains(u"Default: 1."), qPrintable(help));
    }

    void verboseLogsTheSteps_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected"); // a debug line of the "cli" logger

        const QString script = writeFile(QStringLiteral("one.tc"), "tc qdisc add dev eth0 root tbf rate 10mbit burst 32kb latency 50ms\n");
        QTest::newRow("show, --verbose first") << QStringList{QStringLiteral("--verbose"), QStringLiteral("show"), QStringLiteral("lo")} << 0
                                               << QStringLiteral("debug cli: show target=lo: ");
        QTest::newRow("show, --verbose last") << QStringList{QStringLiteral("show"), QStringLiteral("lo"), QStringLiteral("--verbose")} << 0
                                              << QStringLiteral("debug cli: show target=lo: ");
        // No helper here (or one that refuses a device that does not exist): nothing changes either way.
        QTest::newRow("apply through the helper")
            << QStringList{QStringLiteral("--verbose"), QStringLiteral("apply"), QStringLiteral("--dev"), QStringLiteral("nosuchdev0"), script} << 1
            << QStringLiteral("debug cli: apply target=nosuchdev0: calling the helper (revertOnExit=false, revertAfterSeconds=0)");
        QTest::newRow("apply --direct")
            << QStringList{QStringLiteral("apply"), QStringLiteral("--verbose"), QStringLiteral("--direct"), QStringLiteral("--dev"),
                           QStringLiteral("nosuchdev0"), script}
            << 1 << QStringLiteral("debug cli: apply target=nosuchdev0: applying in this process");
    }

    void verboseLogsTheSteps()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        const Run verbose = run(arguments);
        QCOMPARE(verbose.exitCode, exitCode);
        QVERIFY2(verbose.err.contains(expected), qPrintable(verbose.err));
        // Every line about the work on a target names it.
        const QString subcommand = arguments.at(arguments.first() == u"--verbose" ? 1 : 0);
        for (const QString &line : verbose.err.split(u'\n')) {
            if (line.contains(QStringLiteral(" cli: %1 ").arg(subcommand)))
                QVERIFY2(line.contains(u" target=nosuchdev0") || line.contains(u" target=lo"), qPrintable(line));
        }
        // A transaction id is logged only for a change the helper made, which needs a helper that accepts it.
        if (verbose.err.contains(u" tx=tx-"))
            QVERIFY2(QRegularExpression(QStringLiteral("info cli: apply target=\\S+ tx=tx-[0-9a-f]+: ")).match(verbose.err).hasMatch(), qPrintable(verbose.err));

        arguments.removeAll(QStringLiteral("--verbose"));
        const Run quiet = run(arguments);
        QCOMPARE(quiet.exitCode, exitCode);
        QVERIFY2(!quiet.err.contains(u" debug ") && !quiet.err.contains(u" info "), qPrintable(quiet.err));
    }

    /** The window logs too: which backend it uses, and (at debug) what it reads. */
    void windowLogsWithVerbose()
    {
        for (const bool verbose : {true, false}) {
            QProcess process;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QStringLiteral("QS_QUIT_WHEN_SHOWN"), QStringLiteral("1"));
            environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            // No system bus: as root the window uses the in-process engine, with no helper to wait for.
            environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), QStringLiteral("unix:path=/nonexistent/qs-no-bus"));
            process.setProcessEnvironment(environment);
            process.start(QStringLiteral(QS_APP_PATH), verbose ? QStringList{QStringLiteral("--verbose")} : QStringList{});
            QVERIFY(process.waitForFinished(30000));
            QCOMPARE(process.exitCode(), 0);
            const QString err = QString::fromUtf8(process.readAllStandardError());
            if (verbose) {
                QVERIFY2(err.contains(QStringLiteral(" info window: backend: ")), qPrintable(err));
                QVERIFY2(err.contains(QStringLiteral(" debug window: ")), qPrintable(err));
            } else {
                QVERIFY2(!err.contains(QStringLiteral(" info ")) && !err.contains(QStringLiteral(" debug ")), qPrintable(err));
            }
        }
    }

    void verboseAfterDashDashIsAnArgument()
    {
        const Run r = run({QStringLiteral("validate"), QStringLiteral("--"), QStringLiteral("--verbose")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(u"--verbose: cannot read"), qPrintable(r.err));
        QVERIFY2(!r.err.contains(u" debug "), qPrintable(r.err));
    }

    /** play's help says what each exit status means: scripts tell "nothing applied" from "failed". */
    void playHelpHasExitStatuses()
    {
        const Run r = run({QStringLiteral("play"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(u"\nExit status:\n"), qPrintable(r.out));
        for (const char *status : {"  0 ", "  1 ", "  2 ", "130"})
            QVERIFY2(r.out.contains(QLatin1String(status)), status);
        QVERIFY2(r.out.contains(u"Default: the scenario's \"loops\""), qPrintable(r.out));
        // The helper is asked to revert on exit unless --no-revert-on-exit: a kill -9 mid-play
        // puts the tree back, also with --keep.
        QVERIFY2(QRegularExpression(QStringLiteral("kill\\s+-9\\s+included,\\s+and\\s+also\\s+with\\s+--keep")).match(r.out).hasMatch(),
                 qPrintable(r.out));
        QVERIFY2(!r.out.contains(u"not asked to revert"), qPrintable(r.out));
    }

    void scenariosListsTheBuiltIns()
    {
        const Run json = run({QStringLiteral("scenarios"), QStringLiteral("list"), QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 0, qPrintable(json.err));
        const QJsonArray all = QJsonDocument::fromJson(json.out.toUtf8()).array();
        QStringList builtIns;
        for (const QJsonValue &v : all) {
            const QJsonObject o = v.toObject();
            if (o[u"source"].toString() != u"built-in")
                continue;
            builtIns.append(o[u"name"].toString());
            QVERIFY2(o[u"steps"].toInt() >= 1 && o[u"passDurationMs"].toDouble() > 0, qPrintable(o[u"name"].toString()));
            QVERIFY(o[u"loops"].isDouble() || o[u"loops"].toString() == u"forever");
        }
        QVERIFY2(builtIns.size() >= 5, qPrintable(json.out));

        // The same in words: one line each, with its steps and length.
        const Run text = run({QStringLiteral("scenarios")});
        QCOMPARE(text.exitCode, 0);
        for (const QString &name : std::as_const(builtIns))
            QVERIFY2(QRegularExpression(QStringLiteral("\n  %1 +built-in  \\d+ step\\S*  \\S+ a pass, ").arg(QRegularExpression::escape(name)))
                         .match(text.out)
                         .hasMatch(),
                     qPrintable(name + QStringLiteral(" in:\n") + text.out));
        QVERIFY2(text.out.contains(u"(none yet)"), qPrintable(text.out));

        // A scenario of the user's is listed as such; a broken file is reported, not fatal.
        QDir().mkpath(m_home.filePath(QStringLiteral("data/qdisc-studio/scenarios")));
        writeFile(QStringLiteral("data/qdisc-studio/scenarios/mine.json"),
                  R"j({"schemaVersion": 1, "name": "Mine", "loops": "forever", "steps": [{"duration": "1.5s", "preset": "LTE (4G)"}]})j");
        writeFile(QStringLiteral("data/qdisc-studio/scenarios/broken.json"), "{ not json");
        const Run withMine = run({QStringLiteral("scenarios"), QStringLiteral("--json")});
        QCOMPARE(withMine.exitCode, 0);
        QVERIFY2(withMine.err.contains(u"broken.json"), qPrintable(withMine.err));
        bool found = false;
        for (const QJsonValue &v : QJsonDocument::fromJson(withMine.out.toUtf8()).array())
            found = found || (v[u"name"].toString() == u"Mine" && v[u"source"].toString() == u"user" && v[u"loops"].toString() == u"forever");
        QVERIFY2(found, qPrintable(withMine.out));
        QFile::remove(m_home.filePath(QStringLiteral("data/qdisc-studio/scenarios/mine.json")));
        QFile::remove(m_home.filePath(QStringLiteral("data/qdisc-studio/scenarios/broken.json")));
    }

    void scenariosShowsABuiltIn()
    {
        const QJsonArray all = QJsonDocument::fromJson(run({QStringLiteral("scenarios"), QStringLiteral("--json")}).out.toUtf8()).array();
        QVERIFY(!all.isEmpty());
        const QString name = all.first()[u"name"].toString();
        const int steps = all.first()[u"steps"].toInt();
        const Run show = run({QStringLiteral("scenarios"), QStringLiteral("show"), name});
        QVERIFY2(show.exitCode == 0, qPrintable(show.err));
        QVERIFY2(show.out.startsWith(name + QStringLiteral(" (built-in)\n")), qPrintable(show.out));
        QVERIFY2(show.out.contains(u"\nSteps:\n"), qPrintable(show.out));
        for (int i = 1; i <= steps; ++i)
            QVERIFY2(show.out.contains(QStringLiteral("\n  %1. ").arg(i, 2)), qPrintable(show.out));
        QVERIFY2(show.out.contains(u"One pass: ") && show.out.contains(u"At the end: "), qPrintable(show.out));

        // --json: the scenario as its file, read back the same.
        const Run json = run({QStringLiteral("scenarios"), QStringLiteral("show"), name, QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject file = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(file[u"name"].toString(), name);
        QCOMPARE(file[u"steps"].toArray().size(), steps);

        // A ramp is shown with its parameter, its values and its rate.
        const QString path = writeFile(QStringLiteral("ramp.json"), R"({"schemaVersion": 1, "name": "Fade", "steps": [
            {"name": "Near", "duration": "2s", "tree": {"qdiscs": [{"parent": "root", "handle": "1:", "kind": "netem", "params": {"delay": "20ms"}}]}},
            {"name": "Away", "duration": "5s", "ramp": {"curve": "linear", "updatesPerSecond": 10, "parameters": [{"parameter": "netem.delay", "to": "200ms"}]}}]})");
        const Run ramp = run({QStringLiteral("scenarios"), QStringLiteral("show"), path});
        QVERIFY2(ramp.exitCode == 0, qPrintable(ramp.err));
        QVERIFY2(ramp.out.contains(u"ramp netem.delay 20ms → 200ms, linear at 10 updates/s"), qPrintable(ramp.out));
        QVERIFY2(ramp.out.contains(u"Near") && ramp.out.contains(u"Away") && ramp.out.contains(u"netem"), qPrintable(ramp.out));

        // An unknown name: exit status 1, and where it looked.
        const Run missing = run({QStringLiteral("scenarios"), QStringLiteral("show"), QStringLiteral("No such scenario")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains(u"No such scenario") && missing.err.contains(m_home.filePath(QStringLiteral("data/qdisc-studio/scenarios"))),
                 qPrintable(missing.err));
    }

    void scenariosCheckListsEveryError()
    {
        const QString good = writeFile(QStringLiteral("good-scenario.json"),
                                       R"j({"schemaVersion": 1, "name": "Good", "steps": [{"duration": "1s", "preset": "LTE (4G)"}]})j");
        Run r = run({QStringLiteral("scenarios"), QStringLiteral("check"), good});
        QVERIFY2(r.exitCode == 0 && r.out.contains(u": valid"), qPrintable(r.out + r.err));

        const QString bad = writeFile(QStringLiteral("bad-scenario.json"), R"({"schemaVersion": 1, "name": "Bad", "steps": [
            {"name": "A", "duration": "1s", "profile": "Nobody else"},
            {"name": "B", "duration": "1s", "preset": "No such preset"}]})");
        r = run({QStringLiteral("scenarios"), QStringLiteral("check"), bad, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(report[u"valid"].toBool(true), false);
        const QString errors = report[u"errors"].toVariant().toStringList().join(u'\n');
        QVERIFY2(errors.contains(u"Nobody else") && errors.contains(u"No such preset"), qPrintable(errors));
    }

    /** Scenarios that must be refused before anything is applied, with what the error names. */
    void playRefusesBadScenarios_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QStringList>("mentions");
        const QByteArray tbf = R"({"qdiscs": [{"parent": "root", "handle": "1:", "kind": "tbf", "params": {"rate": "10mbit", "burst": "32kb", "latency": "50ms"}}]})";
        const QByteArray netem0 = R"({"qdiscs": [{"parent": "root", "handle": "1:", "kind": "netem", "params": {"delay": "0ms"}}]})";
        const auto scenario = [](const QByteArray &steps) -> QByteArray { return QByteArray(R"({"schemaVersion": 1, "name": "Bad", "steps": [)") + steps + "]}"; };
        QTest::newRow("missing profile")
            << scenario(R"({"name": "First", "duration": "1s", "tree": )" + tbf + R"(}, {"name": "Mine", "duration": "1s", "profile": "Not there"})")
            << QStringList{QStringLiteral("step 2"), QStringLiteral("Mine"), QStringLiteral("Not there")};
        QTest::newRow("zero duration") << scenario(R"({"duration": "0s", "tree": )" + tbf + "}")
                                       << QStringList{QStringLiteral("steps[0].duration")};
        QTest::newRow("negative duration") << scenario(R"({"duration": "-2s", "tree": )" + tbf + "}")
                                           << QStringList{QStringLiteral("steps[0].duration")};
        QTest::newRow("exponential ramp from 0")
            << scenario(R"({"name": "Zero", "duration": "1s", "tree": )" + netem0 +
                        R"(}, {"name": "Up", "duration": "2s", "ramp": {"curve": "exponential", "parameters": [{"parameter": "netem.delay", "to": "100ms"}]}})")
            << QStringList{QStringLiteral("Up"), QStringLiteral("exponential")};
        QTest::newRow("unknown parameter")
            << scenario(R"({"duration": "1s", "tree": )" + tbf +
                        R"(}, {"duration": "2s", "ramp": {"parameters": [{"parameter": "tbf.bogus", "to": "1mbit"}]}})")
            << QStringList{QStringLiteral("tbf.bogus")};
        QTest::newRow("every error at once")
            << scenario(R"({"name": "P1", "duration": "1s", "profile": "Gone 1"}, {"name": "P2", "duration": "1s", "profile": "Gone 2"})")
            << QStringList{QStringLiteral("Gone 1"), QStringLiteral("Gone 2"), QStringLiteral("step 1"), QStringLiteral("step 2")};
    }

    void playRefusesBadScenarios()
    {
        QFETCH(QByteArray, json);
        QFETCH(QStringList, mentions);
        if (!qs::test::isRoot())
            QFAIL("play needs a target: this test builds one in a network namespace of its own and needs root (CI runs as root)");
        qs::test::LabNamespace ns(QStringLiteral("qs-cli-play"));
        QVERIFY(ns.ok() && ns.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        QVERIFY(ns.tc(QStringLiteral("qdisc add dev va root handle 7: tbf rate 3mbit burst 32kb latency 40ms").split(u' ')).ok());
        const QByteArray before = ns.tc(QStringLiteral("-j qdisc show dev va").split(u' ')).out.toUtf8();

        const QString path = writeFile(QStringLiteral("bad-%1.json").arg(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-')), json);
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), QStringLiteral("unix:path=/nonexistent/qs-no-bus")); // as root: in process
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(QS_APP_PATH), {QStringLiteral("play"), path, QStringLiteral("--dev"), ns.target(QStringLiteral("va"))});
        QVERIFY(process.waitForFinished(30000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(process.exitCode() == 2, qPrintable(QStringLiteral("exit %1: %2").arg(process.exitCode()).arg(err)));
        for (const QString &word : std::as_const(mentions))
            QVERIFY2(err.contains(word), qPrintable(word + QStringLiteral(" not in: ") + err));
        QVERIFY2(err.contains(u"nothing was applied"), qPrintable(err));
        QCOMPARE(ns.tc(QStringLiteral("-j qdisc show dev va").split(u' ')).out.toUtf8(), before);
    }

    void playCommandLineMistakes()
    {
        // No SCENARIO, an unknown one (with where it looked), a bad --loop, a bad target: exit 2, nothing touched.
        Run r = run({QStringLiteral("play"), QStringLiteral("--dev"), QStringLiteral("lo")});
        QCOMPARE(r.exitCode, 2);
        r = run({QStringLiteral("play"), QStringLiteral("No such scenario"), QStringLiteral("--dev"), QStringLiteral("lo")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"No such scenario") && r.err.contains(m_home.filePath(QStringLiteral("data/qdisc-studio/scenarios"))), qPrintable(r.err));
        const QString good = writeFile(QStringLiteral("one-step.json"),
                                       R"j({"schemaVersion": 1, "name": "One", "steps": [{"duration": "1s", "preset": "LTE (4G)"}]})j");
        r = run({QStringLiteral("play"), good, QStringLiteral("--dev"), QStringLiteral("lo"), QStringLiteral("--loop"), QStringLiteral("-1")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"--loop"), qPrintable(r.err));
        r = run({QStringLiteral("play"), good, QStringLiteral("--dev"), QStringLiteral("a/b/c")});
        QCOMPARE(r.exitCode, 2);
        r = run({QStringLiteral("play"), good});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"--dev"), qPrintable(r.err));
        r = run({QStringLiteral("scenarios"), QStringLiteral("frobnicate")});
        QCOMPARE(r.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
