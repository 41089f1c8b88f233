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
        for (const char *sub : {"import", "export", "validate", "profiles", "targets", "show", "stats", "apply", "clear", "restore", "confirm"})
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
        QTest::newRow("import") << QStringLiteral("import") << list("--output --name --json FILE");
        QTest::newRow("export") << QStringLiteral("export") << list("--dev PROFILE");
        QTest::newRow("validate") << QStringLiteral("validate") << list("--json FILE");
        QTest::newRow("profiles") << QStringLiteral("profiles") << list("--json list show");
        QTest::newRow("targets") << QStringLiteral("targets") << list("--json");
        QTest::newRow("show") << QStringLiteral("show") << list("--json --stats TARGET");
        QTest::newRow("stats") << QStringLiteral("stats") << list("--json --interval --count TARGET");
        QTest::newRow("apply") << QStringLiteral("apply") << list("--dev --hold --revert-after --direct --json FILE");
        QTest::newRow("clear") << QStringLiteral("clear") << list("--dev --direct --json");
        QTest::newRow("restore") << QStringLiteral("restore") << list("--dev --json");
        QTest::newRow("confirm") << QStringLiteral("confirm") << list("TRANSACTION");
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
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
