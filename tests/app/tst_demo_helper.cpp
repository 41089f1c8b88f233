// `qdisc-studio demo --headless` through the helper: a private system bus with polkitd, the
// helper started on it, and the real CLI run as root and as a user granted only the lab action
// (org.qdiscstudio.lab). The lab comes from CreateLab, the traffic runs on the sockets of
// OpenLabSockets, the conditions go through Apply, and RemoveLab leaves nothing behind.
#include "../helper/systembusfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <unistd.h>

using namespace qs::test;

namespace {

QStringList labNamespaces()
{
    const CommandResult r = runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("list")});
    QStringList names;
    for (const QString &line : r.out.split(u'\n', Qt::SkipEmptyParts))
        if (line.startsWith(QStringLiteral("qs-lab-")))
            names.append(line.section(u' ', 0, 0));
    return names;
}

QJsonObject row(const QJsonObject &report, const QString &name)
{
    for (const QJsonValue &v : report.value(QStringLiteral("conditions")).toArray())
        if (v.toObject().value(QStringLiteral("name")).toString() == name)
            return v.toObject();
    return {};
}

} // namespace

class TstDemoHelper : public QObject
{
    Q_OBJECT

private:
    SystemBusFixture m_bus;
    QTemporaryDir m_files;

    void runDemo(TestUser user)
    {
        const CommandResult r = m_bus.runAs(user, QStringLiteral(QS_APP_PATH),
                                            {QStringLiteral("demo"), QStringLiteral("--headless"), QStringLiteral("--seconds"),
                                             QStringLiteral("2"), QStringLiteral("--json")},
                                            180000);
        qInfo("exit %d\n%s\nstderr: %s", r.exitCode, qPrintable(r.out), qPrintable(r.err));
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(report.value(QStringLiteral("backend")).toString().contains(QStringLiteral("helper")), qPrintable(r.out));
        QVERIFY2(!r.err.contains(QStringLiteral("in this process")), qPrintable(r.err)); // no fallback
        const QString id = report.value(QStringLiteral("lab")).toObject().value(QStringLiteral("id")).toString();
        QVERIFY(!id.isEmpty());
        QVERIFY2(m_bus.helperOutput().contains(QStringLiteral("lab %1").arg(id)), qPrintable(m_bus.helperOutput()));
        QVERIFY(report.value(QStringLiteral("removed")).toBool());
        QCOMPARE(row(report, QStringLiteral("baseline")).value(QStringLiteral("verdict")).toString(), QStringLiteral("ok"));
        // The request probe ran on the two sockets OpenLabSockets passed (server in a, client in b).
        const QJsonObject baseline = row(report, QStringLiteral("baseline")).value(QStringLiteral("measured")).toObject();
        qInfo("baseline requests: median %.2f ms, p80 %.2f ms, %d completed, %d failed",
              baseline.value(QStringLiteral("requestMedianMs")).toDouble(-1), baseline.value(QStringLiteral("requestP80Ms")).toDouble(-1),
              baseline.value(QStringLiteral("requestsCompleted")).toInt(), baseline.value(QStringLiteral("requestsFailed")).toInt());
        QVERIFY2(baseline.value(QStringLiteral("requestsCompleted")).toInt() >= 2 && baseline.value(QStringLiteral("requestMedianMs")).toDouble() > 0,
                 QJsonDocument(baseline).toJson().constData());
        QCOMPARE(baseline.value(QStringLiteral("requestsFailed")).toInt(), 0);
        for (const QString &name : {QStringLiteral("tbf"), QStringLiteral("htb")}) {
            const QJsonObject o = row(report, name);
            const double rate = o.value(QStringLiteral("measured")).toObject().value(QStringLiteral("linkRateBitsPerSec")).toDouble();
            const double configured = o.value(QStringLiteral("expected")).toObject().value(QStringLiteral("rateBitsPerSec")).toDouble();
            qInfo("%s: %.0f of %.0f bit/s", qPrintable(name), rate, configured);
            QVERIFY2(std::abs(rate / configured - 1) <= 0.05, QJsonDocument(o).toJson().constData());
        }
        for (const QString &name : {QStringLiteral("netem delay"), QStringLiteral("netem loss"), QStringLiteral("netem rate")}) {
            const QJsonObject o = row(report, name);
            const QString verdict = o.value(QStringLiteral("verdict")).toString();
            QVERIFY2(verdict == u"ok" || (verdict == u"not available" && o.value(QStringLiteral("missingModule")).toString() == u"sch_netem"),
                     QJsonDocument(o).toJson().constData());
        }
        QVERIFY2(!labNamespaces().join(u' ').contains(id), qPrintable(labNamespaces().join(u' ')));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(::geteuid() == 0, "needs root: a private system bus, polkitd and the helper (CI runs as root)");
        QVERIFY(m_files.isValid());
        QString error;
        QVERIFY2(m_bus.start(&error), qPrintable(error));
        QVERIFY2(m_bus.startHelper(QStringLiteral(QS_HELPER_PATH),
                                   {QStringLiteral("--state-dir"), m_files.filePath(QStringLiteral("state")), QStringLiteral("--idle-timeout"),
                                    QStringLiteral("0")},
                                   &error),
                 qPrintable(error));
    }

    void asRoot() { runDemo(TestUser::Root); }

    /** Unprivileged, with only the lab action: sockets passed over the bus, changes on its own lab only. */
    void asLabUser() { runDemo(TestUser::LabOnly); }

    void cleanupTestCase()
    {
        m_bus.stopHelper();
        m_bus.stop();
    }
};

QTEST_GUILESS_MAIN(TstDemoHelper)
#include "tst_demo_helper.moc"
