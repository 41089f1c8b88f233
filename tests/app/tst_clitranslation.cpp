#include "cli.h"

#include <QCoreApplication>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace qs;

namespace {

constexpr QChar Open = u'⟦';
constexpr QChar Close = u'⟧';

/**
 * Translates every string of the CLI's context, and QCommandLineParser's, into "⟦source⟧". A
 * string that never reaches tr(), or reaches it under another context than the one lupdate
 * writes into the .ts file, comes out without the brackets.
 */
class PseudoTranslator : public QTranslator
{
public:
    QString translate(const char *context, const char *sourceText, const char *, int) const override
    {
        if (qstrcmp(context, "qs::Cli") != 0 && qstrcmp(context, "QCommandLineParser") != 0)
            return {};
        return Open + QString::fromUtf8(sourceText) + Close;
    }
    bool isEmpty() const override { return false; }
};

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

/**
 * The non-empty lines of @p text that carry no translated text: no bracket on the line, and not
 * inside a bracketed string that a wrapped paragraph spreads over several lines.
 */
QStringList untranslatedLines(const QString &text)
{
    QStringList found;
    int depth = 0;
    for (const QString &line : text.split(u'\n')) {
        const bool insideAtStart = depth > 0;
        bool marked = false;
        for (QChar c : line) {
            if (c == Open) {
                ++depth;
                marked = true;
            } else if (c == Close) {
                --depth;
                marked = true;
            }
        }
        if (!line.trimmed().isEmpty() && !marked && !insideAtStart)
            found.append(line);
    }
    return found;
}

} // namespace

class TstCliTranslation : public QObject
{
    Q_OBJECT

private:
    PseudoTranslator m_translator;
    QTemporaryDir m_home;

    static Run run(const QStringList &arguments)
    {
        Run r;
        QTextStream out(&r.out);
        QTextStream err(&r.err);
        r.exitCode = Cli(out, err).run(arguments);
        out.flush();
        err.flush();
        return r;
    }

    static void verifyTranslated(const QString &what, const QString &text)
    {
        QVERIFY2(!text.trimmed().isEmpty(), qPrintable(what + QStringLiteral(": nothing printed")));
        const QStringList lines = untranslatedLines(text);
        QVERIFY2(lines.isEmpty(), qPrintable(what + QStringLiteral(": not translated:\n") + lines.join(u'\n') +
                                             QStringLiteral("\n--- all of it:\n") + text));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        // The profiles help and errors must not depend on this machine's store.
        qputenv("XDG_DATA_HOME", m_home.filePath(QStringLiteral("data")).toUtf8());
        QVERIFY(QCoreApplication::installTranslator(&m_translator));
    }

    void theCheckSeesUntranslatedLines()
    {
        QCOMPARE(untranslatedLines(QStringLiteral("⟦one\ntwo⟧\n  --json  ⟦x⟧\n\n")), QStringList());
        QCOMPARE(untranslatedLines(QStringLiteral("⟦one⟧\nplain\n")), QStringList{QStringLiteral("plain")});
    }

    void overviewHelp()
    {
        const Run r = run({QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        verifyTranslated(QStringLiteral("qdisc-studio --help"), r.out);
        QCOMPARE(Cli::helpText(), r.out);
    }

    void subcommandHelp_data()
    {
        QTest::addColumn<QString>("subcommand");
        for (const QString &name : Cli::subcommands())
            QTest::newRow(qPrintable(name)) << name;
    }

    void subcommandHelp()
    {
        QFETCH(QString, subcommand);
        const Run r = run({subcommand, QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        verifyTranslated(subcommand + QStringLiteral(" --help"), r.out);
        QCOMPARE(Cli::helpText(subcommand), r.out);
    }

    /**
     * Each text of the help by itself: the line check cannot see a string that only ever appears
     * inside another one (a default inside "Default: %1.").
     */
    void everyPieceOfHelpIsTranslated_data()
    {
        QTest::addColumn<QString>("subcommand");
        QTest::newRow("qdisc-studio") << QString();
        for (const QString &name : Cli::subcommands())
            QTest::newRow(qPrintable(name)) << name;
    }

    void everyPieceOfHelpIsTranslated()
    {
        QFETCH(QString, subcommand);
        const CliHelp help = Cli::help(subcommand);
        QStringList pieces = help.synopsis + help.description;
        pieces.append(help.summary);
        for (const CliHelp::Option &o : help.options)
            pieces << o.description << o.valueName << o.defaultText;
        for (const QList<CliHelp::Entry> *entries : {&help.arguments, &help.examples})
            for (const CliHelp::Entry &e : *entries)
                pieces << e.term << e.text;
        for (const QList<CliHelp::Entry> *entries : {&help.subcommands, &help.exitStatus})
            for (const CliHelp::Entry &e : *entries)
                pieces << e.text; // the terms are names and numbers
        for (const QString &piece : std::as_const(pieces)) {
            if (!piece.isEmpty())
                QVERIFY2(piece.startsWith(Open) && piece.endsWith(Close), qPrintable(piece));
        }
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("unknown subcommand") << QStringList{QStringLiteral("frobnicate")} << 2;
        QTest::newRow("missing --dev") << QStringList{QStringLiteral("apply"), QStringLiteral("profile.json")} << 2;
        QTest::newRow("clear without --dev") << QStringList{QStringLiteral("clear")} << 2;
        QTest::newRow("unreadable file") << QStringList{QStringLiteral("import"), QStringLiteral("/nonexistent/x.tc")} << 1;
        QTest::newRow("unknown option (Qt's text)") << QStringList{QStringLiteral("validate"), QStringLiteral("--bogus"), QStringLiteral("x")} << 2;
        QTest::newRow("missing value (Qt's text)") << QStringList{QStringLiteral("export"), QStringLiteral("x"), QStringLiteral("--dev")} << 2;
        QTest::newRow("bad --revert-after")
            << QStringList{QStringLiteral("apply"), QStringLiteral("--dev"), QStringLiteral("eth0"), QStringLiteral("--revert-after"),
                           QStringLiteral("0"), QStringLiteral("x")}
            << 2;
        QTest::newRow("no such profile") << QStringList{QStringLiteral("profiles"), QStringLiteral("show"), QStringLiteral("No such thing")} << 1;
    }

    void errors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        const Run r = run(arguments);
        QCOMPARE(r.exitCode, exitCode);
        verifyTranslated(arguments.join(u' '), r.err);
    }

    void machineOutputStaysAsItIs()
    {
        QCOMPARE(run({QStringLiteral("--version")}).out, QStringLiteral("qdisc-studio " QS_VERSION "\n"));
        // The subcommands and options a person types are never translated.
        const QString help = run({QStringLiteral("show"), QStringLiteral("--help")}).out;
        QVERIFY2(help.contains(u"qdisc-studio show ⟦[options] TARGET⟧"), qPrintable(help));
        QVERIFY2(help.contains(u"  -s, --stats  "), qPrintable(help));
    }
};

QTEST_GUILESS_MAIN(TstCliTranslation)
#include "tst_clitranslation.moc"
