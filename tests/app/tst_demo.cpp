// `qdisc-studio demo --headless`: the real binary run as a process (root, real kernel). On this
// machine's kernel (ctest tst_demo): tbf and htb measure within ±5 % of their rate, the netem rows
// are "not available" naming sch_netem, exit 0, and no lab is left; kill -9 of a running demo
// leaves the lab to its guard, which removes it within 3 s; SIGTERM ends it cleanly. Under
// user-mode Linux (ctest uml_demo): netem delay, loss and rate measure within their tolerances.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <unistd.h>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run runApp(const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    // No system bus here: the lab is built in-process (root), as on a bare server.
    env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), QStringLiteral("unix:path=/nonexistent/qs-test-no-bus"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(QS_APP_PATH), arguments);
    if (!process.waitForStarted()) {
        qWarning("cannot start %s: %s", QS_APP_PATH, qPrintable(process.errorString()));
        return {};
    }
    if (!process.waitForFinished(timeoutMs)) {
        process.terminate();
        process.waitForFinished(30000);
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QStringList labNamespaces()
{
    // `ip netns list` as the oracle: "NAME" or "NAME (id: N)".
    QProcess ip;
    ip.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("list")});
    ip.waitForFinished(10000);
    QStringList names;
    for (const QString &line : QString::fromUtf8(ip.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts))
        if (line.startsWith(QStringLiteral("qs-lab-")))
            names.append(line.section(u' ', 0, 0));
    return names;
}

QStringList namespacesOf(const QString &id)
{
    QStringList found;
    for (const QString &name : labNamespaces())
        if (name.startsWith(QStringLiteral("qs-lab-") + id + u'-'))
            found.append(name);
    return found;
}

QJsonObject row(const QJsonObject &report, const QString &name)
{
    for (const QJsonValue &v : report.value(QStringLiteral("conditions")).toArray())
        if (v.toObject().value(QStringLiteral("name")).toString() == name)
            return v.toObject();
    return {};
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

/** A demo started as a process, until its lab exists. */
struct RunningDemo
{
    QProcess process;
    QString id;

    bool start(const QStringList &extra)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), QStringLiteral("unix:path=/nonexistent/qs-test-no-bus"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(QS_APP_PATH), QStringList{QStringLiteral("demo"), QStringLiteral("--headless")} + extra);
        if (!process.waitForStarted()) {
            qWarning("cannot start %s: %s", QS_APP_PATH, qPrintable(process.errorString()));
            return false;
        }
        // The first line names the lab: "Demo lab ID: qs-lab-ID-a → …".
        static const QRegularExpression labLine(QStringLiteral("qs-lab-([a-z0-9]+)-a"));
        QByteArray seen;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 30000 && process.state() == QProcess::Running) {
            process.waitForReadyRead(500);
            seen += process.readAllStandardOutput();
            const auto match = labLine.match(QString::fromUtf8(seen));
            if (match.hasMatch()) {
                id = match.captured(1);
                return true;
            }
        }
        qWarning("no lab line: %s %s", seen.constData(), process.readAllStandardError().constData());
        return false;
    }
};

} // namespace

class TstDemo : public QObject
{
    Q_OBJECT

private:
    void needRoot()
    {
        QVERIFY2(::geteuid() == 0, "needs root: the demo lab is made of network namespaces (CI runs as root)");
    }

    /**
     * The whole sequence as JSON; checks what every kernel must give, and with @p checkShapers
     * tbf and htb within ±5 % (this machine's kernel; under user-mode Linux htb's timers are
     * coarser, and only netem is the point there).
     */
    QJsonObject runSequence(int seconds, bool checkShapers)
    {
        const Run r = runApp({QStringLiteral("demo"), QStringLiteral("--headless"), QStringLiteral("--seconds"),
                              QString::number(seconds), QStringLiteral("--json")},
                             (seconds + 10) * 6 * 1000 + 60000);
        qInfo("%s", qPrintable(r.out));
        if (!r.err.isEmpty())
            qInfo("stderr: %s", qPrintable(r.err));
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        [&] {
            QCOMPARE(r.exitCode, 0);
            QVERIFY(report.value(QStringLiteral("ok")).toBool());
            QVERIFY(report.value(QStringLiteral("removed")).toBool());
            const QString id = report.value(QStringLiteral("lab")).toObject().value(QStringLiteral("id")).toString();
            QVERIFY(!id.isEmpty());
            QCOMPARE(namespacesOf(id), QStringList());
            QCOMPARE(report.value(QStringLiteral("conditions")).toArray().size(), 6);
            const QJsonObject baseline = row(report, QStringLiteral("baseline"));
            QCOMPARE(baseline.value(QStringLiteral("verdict")).toString(), QStringLiteral("ok"));
            // This kernel's shapers: the link rate within ±5 % of the configured one.
            for (const QString &name : {QStringLiteral("tbf"), QStringLiteral("htb")}) {
                const QJsonObject o = row(report, name);
                const double rate = o.value(QStringLiteral("measured")).toObject().value(QStringLiteral("linkRateBitsPerSec")).toDouble();
                const double configured = o.value(QStringLiteral("expected")).toObject().value(QStringLiteral("rateBitsPerSec")).toDouble();
                qInfo("%s: configured %.0f bit/s, measured %.0f bit/s (%+.2f %%)", qPrintable(name), configured, rate,
                      (rate / configured - 1) * 100);
                if (!checkShapers)
                    continue;
                QVERIFY2(configured > 0 && std::abs(rate / configured - 1) <= 0.05, qPrintable(compact(o)));
                QCOMPARE(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("ok"));
            }
        }();
        return report;
    }

private Q_SLOTS:
    void usageErrors()
    {
        Run r = runApp({QStringLiteral("demo")}, 10000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--headless")) && r.err.contains(QStringLiteral("qdisc-studio --demo")), qPrintable(r.err));
        r = runApp({QStringLiteral("demo"), QStringLiteral("--headless"), QStringLiteral("--seconds"), QStringLiteral("0")}, 10000);
        QCOMPARE(r.exitCode, 2);
        r = runApp({QStringLiteral("demo"), QStringLiteral("--help")}, 10000);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("--seconds N")));
    }

    /** This machine's kernel: tbf and htb measured, netem reported missing by module name. */
    void hostKernelSequence()
    {
        needRoot();
        const QJsonObject report = runSequence(5, true);
        if (QTest::currentTestFailed())
            return;
        for (const QString &name : {QStringLiteral("netem delay"), QStringLiteral("netem loss"), QStringLiteral("netem rate")}) {
            const QJsonObject o = row(report, name);
            // A kernel with netem measures the row (its tolerances are judged by the demo itself).
            if (o.value(QStringLiteral("verdict")).toString() == u"ok")
                continue;
            QCOMPARE(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("not available"));
            QCOMPARE(o.value(QStringLiteral("missingModule")).toString(), QStringLiteral("sch_netem"));
            QVERIFY2(o.value(QStringLiteral("message")).toString().contains(QStringLiteral("sudo modprobe sch_netem")), qPrintable(compact(o)));
        }
    }

    /** User-mode Linux (every module): delay, loss and rate of netem measured within their tolerances. */
    void netemSequence()
    {
        needRoot();
        const QJsonObject report = runSequence(5, false);
        if (QTest::currentTestFailed())
            return;
        const QJsonObject delay = row(report, QStringLiteral("netem delay"));
        QVERIFY2(delay.value(QStringLiteral("verdict")).toString() != u"not available",
                 "netem is missing: run this under user-mode Linux (ctest -R uml_demo)");
        const double median = delay.value(QStringLiteral("measured")).toObject().value(QStringLiteral("rttMedianMs")).toDouble();
        qInfo("netem delay 100ms: RTT median %.2f ms", median);
        QVERIFY2(std::abs(median - 100.0) <= 5.0, qPrintable(compact(delay)));

        const QJsonObject loss = row(report, QStringLiteral("netem loss"));
        const QJsonObject lossMeasured = loss.value(QStringLiteral("measured")).toObject();
        const int sent = lossMeasured.value(QStringLiteral("udpSent")).toInt();
        const int lost = lossMeasured.value(QStringLiteral("udpLost")).toInt();
        const QJsonArray interval = loss.value(QStringLiteral("lossInterval99Percent")).toArray();
        qInfo("netem loss 5%%: %d of %d lost (%.2f %%), 99 %% interval %.2f…%.2f %%", lost, sent, 100.0 * lost / std::max(sent, 1),
              interval.at(0).toDouble(), interval.at(1).toDouble());
        QVERIFY2(sent >= 300 && interval.size() == 2, qPrintable(compact(loss)));
        const double percent = 100.0 * lost / sent;
        QVERIFY2(percent >= interval.at(0).toDouble() - 1e-9 && percent <= interval.at(1).toDouble() + 1e-9, qPrintable(compact(loss)));

        const QJsonObject rate = row(report, QStringLiteral("netem rate"));
        const double link = rate.value(QStringLiteral("measured")).toObject().value(QStringLiteral("linkRateBitsPerSec")).toDouble();
        qInfo("netem rate 10mbit: link rate %.0f bit/s (%+.2f %%)", link, (link / 10e6 - 1) * 100);
        QVERIFY2(std::abs(link / 10e6 - 1) <= 0.05, qPrintable(compact(rate)));
        for (const QJsonObject &o : {delay, loss, rate})
            QCOMPARE(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("ok"));
    }

    void killNineLeavesTheLabToItsGuard()
    {
        needRoot();
        RunningDemo demo;
        QVERIFY(demo.start({QStringLiteral("--seconds"), QStringLiteral("60")}));
        QCOMPARE(namespacesOf(demo.id).size(), 2);
        demo.process.kill(); // SIGKILL: no destructor, no handler runs
        QVERIFY(demo.process.waitForFinished(5000));
        QElapsedTimer clock;
        clock.start();
        while (!namespacesOf(demo.id).isEmpty() && clock.elapsed() < 3000)
            QTest::qWait(20);
        qInfo("after kill -9 the lab was gone in %lld ms", clock.elapsed());
        QCOMPARE(namespacesOf(demo.id), QStringList());
        QVERIFY(!QFile::exists(QStringLiteral("/run/qdisc-studio-labs/%1.lock").arg(demo.id)));
    }

    void sigtermRemovesTheLab()
    {
        needRoot();
        RunningDemo demo;
        QVERIFY(demo.start({QStringLiteral("--seconds"), QStringLiteral("60")}));
        demo.process.terminate(); // SIGTERM
        QVERIFY(demo.process.waitForFinished(30000));
        const QString err = QString::fromUtf8(demo.process.readAllStandardError());
        QCOMPARE(demo.process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(demo.process.exitCode(), 1);
        QVERIFY2(err.contains(QStringLiteral("interrupted")), qPrintable(err));
        QCOMPARE(namespacesOf(demo.id), QStringList());
    }
};

QTEST_GUILESS_MAIN(TstDemo)
#include "tst_demo.moc"
