// The installed tc (iproute2) as the oracle for our units: every spelling is handed to the real
// tc, which configures a qdisc on the loopback device of a network namespace this test creates;
// what the kernel then holds (tc -j) must equal what our parser computes, and tc's own display
// text must equal what our printers make of the kernel's values.
#include "tc/tcunits.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <unistd.h>

using namespace qs;

class TstTcOracleUnits : public QObject
{
    Q_OBJECT

private:
    QString m_netns;

    /** Runs a command; fails the test with its stderr when it does not succeed. */
    QString run(const QString &program, const QStringList &arguments, bool *ok)
    {
        QProcess process;
        process.start(program, arguments);
        const bool finished = process.waitForFinished(20000);
        *ok = finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
        if (!*ok)
            qWarning("%s %s: %s", qPrintable(program), qPrintable(arguments.join(u' ')), process.readAllStandardError().constData());
        return QString::fromUtf8(process.readAllStandardOutput());
    }

    /** Configures @p qdisc on lo of our namespace; returns tc's JSON options and display text. */
    bool configure(const QStringList &qdisc, QJsonObject *options, QString *text)
    {
        bool ok = false;
        run(QStringLiteral("tc"), QStringList{QStringLiteral("-n"), m_netns, QStringLiteral("qdisc"), QStringLiteral("replace"),
                                              QStringLiteral("dev"), QStringLiteral("lo"), QStringLiteral("root")} + qdisc, &ok);
        if (!ok)
            return false;
        const QString json = run(QStringLiteral("tc"), {QStringLiteral("-n"), m_netns, QStringLiteral("-j"), QStringLiteral("qdisc"),
                                                        QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("lo")}, &ok);
        if (!ok)
            return false;
        *options = QJsonDocument::fromJson(json.toUtf8()).array().first()[u"options"].toObject();
        *text = run(QStringLiteral("tc"), {QStringLiteral("-n"), m_netns, QStringLiteral("qdisc"), QStringLiteral("show"),
                                           QStringLiteral("dev"), QStringLiteral("lo")}, &ok);
        return ok;
    }

    /** The word after @p key in tc's display text ("rate 1500Kbit" → "1500Kbit"). */
    static QString wordAfter(const QString &text, const QString &key)
    {
        const QRegularExpression re(QStringLiteral("\\b%1 (\\S+)").arg(key));
        return re.match(text).captured(1);
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (geteuid() != 0)
            QFAIL("this test configures qdiscs in a network namespace of its own and needs root (CI runs as root)");
        bool ok = false;
        run(QStringLiteral("tc"), {QStringLiteral("-V")}, &ok);
        QVERIFY2(ok, "the tc binary (Debian package iproute2) is missing");
        m_netns = QStringLiteral("qs-units-%1").arg(getpid());
        run(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("add"), m_netns}, &ok);
        QVERIFY2(ok, "cannot create a network namespace");
    }

    void cleanupTestCase()
    {
        bool ok = false;
        if (!m_netns.isEmpty())
            run(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("del"), m_netns}, &ok);
    }

    void rates_data()
    {
        QTest::addColumn<QString>("spelling");
        for (const char *s : {"8bit", "1000", "1kbit", "1Kbit", "1kibit", "1.5mbit", "1500Kbit", "100mbit", "1MiBit", "12345678bit",
                              "1gbit", "2.5Gbit", "10gbit", "40gibit", "100gbit", "1tbit", "1bps", "1kbps", "1KiBps", "10mbps",
                              "3mibps", "1gbps", "1gibps", "1tbps", "1tibps", "0.5gbit", "1e6bit", "999999bit", "1000001bit",
                              "4294967295bps", "4294967296bps", "34359738360bit"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }

    void rates()
    {
        QFETCH(QString, spelling);
        const auto ours = TcUnits::parseRate64(spelling);
        QVERIFY(ours);
        QJsonObject options;
        QString text;
        QVERIFY(configure({QStringLiteral("tbf"), QStringLiteral("rate"), spelling, QStringLiteral("burst"), QStringLiteral("64kb"),
                           QStringLiteral("latency"), QStringLiteral("10ms")},
                          &options, &text));
        const quint64 kernel = quint64(options[u"rate"].toDouble());
        QCOMPARE(*ours, kernel);                                         // parse: what tc made of the word
        QCOMPARE(TcUnits::printRate(kernel), wordAfter(text, QStringLiteral("rate"))); // print: tc's own text
        QCOMPARE(TcUnits::parseRate64(TcUnits::formatRate(kernel)), std::optional<quint64>(kernel));
        // The burst the kernel derived from 64kb and this rate, printed as tc prints sizes.
        QCOMPARE(TcUnits::printSize(quint32(options[u"burst"].toDouble())), wordAfter(text, QStringLiteral("burst")));
        QCOMPARE(TcUnits::printTimeUs(quint32(options[u"lat"].toDouble())), wordAfter(text, QStringLiteral("lat")));
    }

    void sizes_data()
    {
        QTest::addColumn<QString>("spelling");
        for (const char *s : {"1", "1514", "1514b", "1k", "1kb", "1KB", "10kb", "1.5k", "1030", "1039", "1040", "1536", "64kb",
                              "1m", "1mb", "2.5MB", "1023k", "1kbit", "8kbit", "1mbit", "1gbit", "1g", "3g", "4294967295",
                              "1048575", "1048577", "2097152", "0x400"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }

    void sizes()
    {
        QFETCH(QString, spelling);
        const auto ours = TcUnits::parseSize(spelling);
        QVERIFY(ours);
        QJsonObject options;
        QString text;
        QVERIFY(configure({QStringLiteral("bfifo"), QStringLiteral("limit"), spelling}, &options, &text));
        const quint32 kernel = quint32(options[u"limit"].toDouble());
        QCOMPARE(*ours, kernel);
        QCOMPARE(TcUnits::printSize(kernel), wordAfter(text, QStringLiteral("limit")));
        QCOMPARE(TcUnits::parseSize(TcUnits::formatSize(kernel)), std::optional<quint32>(kernel));
    }

    void refusedLikeTc_data()
    {
        QTest::addColumn<QString>("rate");
        for (const char *s : {"abc", "10xbit", "1 mbit", "mbit", "10mbit/s", "1kb"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }

    void refusedLikeTc()
    {
        QFETCH(QString, rate);
        QVERIFY(!TcUnits::parseRate64(rate));
        QJsonObject options;
        QString text;
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^tc ")));
        QVERIFY(!configure({QStringLiteral("tbf"), QStringLiteral("rate"), rate, QStringLiteral("burst"), QStringLiteral("64kb"),
                            QStringLiteral("latency"), QStringLiteral("10ms")},
                           &options, &text));
    }
};

QTEST_GUILESS_MAIN(TstTcOracleUnits)
#include "tst_tcoracle_units.moc"
