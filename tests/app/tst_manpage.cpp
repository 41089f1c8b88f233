#include <QProcess>
#include <QRegularExpression>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

/** English, UTF-8, and no translations of this machine: the page is compared with the English help. */
QProcessEnvironment plainEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.remove(QStringLiteral("LANGUAGE"));
    env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("100"));
    env.remove(QStringLiteral("MANPAGER"));
    env.remove(QStringLiteral("MANOPT"));
    return env;
}

/** @p program with @p arguments, @p input on its stdin; with @p filter, its stdout piped through that command. */
Run runProgram(const QString &program, const QStringList &arguments, const QByteArray &input = {}, const QStringList &filter = {})
{
    QProcess process;
    QProcess filterProcess;
    process.setProcessEnvironment(plainEnvironment());
    filterProcess.setProcessEnvironment(plainEnvironment());
    if (!filter.isEmpty()) {
        process.setStandardOutputProcess(&filterProcess);
        filterProcess.start(filter.first(), filter.mid(1));
    }
    process.start(program, arguments);
    if (!process.waitForStarted()) {
        return {-1, {}, program.toUtf8() + ": cannot start: " + process.errorString().toUtf8()};
    }
    process.write(input);
    process.closeWriteChannel();
    process.waitForFinished(60000);
    Run r{process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
          process.readAllStandardError()};
    if (!filter.isEmpty()) {
        filterProcess.waitForFinished(60000);
        r.out = filterProcess.readAllStandardOutput();
        r.err += filterProcess.readAllStandardError();
    }
    return r;
}

/**
 * Text as a reader sees it, whatever the layout: one space for any run of white space, and the
 * typographic quotes and dashes groff may print read as the ASCII characters of the help.
 */
QString normalized(const QString &text)
{
    QString plain = text;
    plain.replace(u'’', u'\'').replace(u'‘', u'`').replace(u'‐', u'-').replace(u'−', u'-');
    return plain.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" ")).trimmed();
}

/** The lines of a help section ("Options:") up to the blank line that ends it. */
QStringList sectionLines(const QString &help, const QString &heading)
{
    const QStringList lines = help.split(u'\n');
    QStringList section;
    const qsizetype start = lines.indexOf(heading);
    for (qsizetype i = start + 1; start >= 0 && i < lines.size() && !lines[i].trimmed().isEmpty(); ++i)
        section.append(lines[i]);
    return section;
}

/** "-o, --output FILE" from "  -o, --output FILE   Write …": a term ends at two spaces. */
QString termOf(const QString &line)
{
    return line.trimmed().section(QStringLiteral("  "), 0, 0);
}

} // namespace

/** The generated qdisc-studio.1: clean roff, and everything `--help` says about each subcommand. */
class TstManpage : public QObject
{
    Q_OBJECT

private:
    QByteArray m_page; // the roff source, uncompressed
    QString m_rendered; // as man shows it, normalized

    static Run app(const QStringList &arguments) { return runProgram(QStringLiteral(QS_APP_PATH), arguments); }

private Q_SLOTS:
    void initTestCase()
    {
        const Run page = runProgram(QStringLiteral("gzip"), {QStringLiteral("-dc"), QStringLiteral(QS_MANPAGE_PATH)});
        QVERIFY2(page.exitCode == 0, page.err.constData());
        m_page = page.out;
        QVERIFY(m_page.startsWith(".\\\""));
        const Run shown = runProgram(QStringLiteral("man"), {QStringLiteral("-l"), QStringLiteral(QS_MANPAGE_PATH)}, {},
                                     {QStringLiteral("col"), QStringLiteral("-b")});
        QVERIFY2(shown.exitCode == 0 && !shown.out.isEmpty(),
                 QByteArray("man -l | col -b failed (packages man-db, groff-base, bsdextrautils): " + shown.err).constData());
        m_rendered = normalized(QString::fromUtf8(shown.out));
    }

    void groffFindsNothingToWarnAbout_data()
    {
        QTest::addColumn<QString>("device");
        QTest::newRow("utf8") << QStringLiteral("utf8");
        QTest::newRow("ascii") << QStringLiteral("ascii");
    }

    void groffFindsNothingToWarnAbout()
    {
        QFETCH(QString, device);
        const Run r = runProgram(QStringLiteral("groff"), {QStringLiteral("-man"), QStringLiteral("-ww"), QStringLiteral("-z"), QStringLiteral("-T") + device},
                                 m_page);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
    }

    void manFindsNothingToWarnAbout()
    {
        const Run r = runProgram(QStringLiteral("man"), {QStringLiteral("--warnings"), QStringLiteral("-l"), QStringLiteral(QS_MANPAGE_PATH)});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
    }

    void dashesAreMinusSigns()
    {
        // Debian's groff prints "-" and "\-" alike, so only the source shows an unescaped one; other
        // systems print "-" as a hyphen (U+2010), and options copied from the page no longer work.
        const QRegularExpression namedCharacter(QStringLiteral(R"(\\\(..|\\\[[^\]]*\])"));
        const QRegularExpression bareDash(QStringLiteral(R"((?<!\\)-)"));
        for (const QString &line : QString::fromUtf8(m_page).split(u'\n')) {
            if (line.startsWith(u'.'))
                continue; // a request or a comment
            QVERIFY2(!QString(line).remove(namedCharacter).contains(bareDash), qPrintable(line));
        }
    }

    void requiredSections()
    {
        for (const char *heading : {"NAME", "SYNOPSIS", "DESCRIPTION", "SUBCOMMANDS", "GLOBAL OPTIONS", "FILES", "ENVIRONMENT",
                                    "EXIT STATUS", "SEE ALSO"})
            QVERIFY2(m_page.contains(QByteArray(QByteArray(".SH ") + heading + '\n')), heading);
        for (const char *seeAlso : {"tc(8)", "tc-netem(8)", "tc-tbf(8)", "tc-htb(8)"})
            QVERIFY2(m_rendered.contains(QLatin1String(seeAlso)), seeAlso);
        QVERIFY(m_rendered.contains(u"/run/qdisc-studio"));
        QVERIFY(m_rendered.contains(u"qdisc-studio/profiles"));
        QVERIFY(m_rendered.contains(u"/qdisc-studio-helper"));
    }

    void everySubcommandWithItsUsageAndOptions()
    {
        const Run overview = app({QStringLiteral("--help")});
        QCOMPARE(overview.exitCode, 0);
        QStringList subcommands;
        for (const QString &line : sectionLines(QString::fromUtf8(overview.out), QStringLiteral("Subcommands:"))) {
            if (line.size() > 2 && !line.at(2).isSpace()) // not the wrapped rest of a summary
                subcommands.append(line.trimmed().section(u' ', 0, 0));
        }
        QVERIFY2(subcommands.size() >= 11, overview.out.constData());

        // Each subcommand's part of the page runs from its usage line to the next one's.
        QList<qsizetype> starts;
        QStringList usages;
        for (const QString &name : std::as_const(subcommands)) {
            const QString help = QString::fromUtf8(app({name, QStringLiteral("--help")}).out);
            const QString usage = normalized(help.section(u'\n', 0, 0)).remove(QRegularExpression(QStringLiteral("^Usage: ")));
            QVERIFY2(usage.startsWith(QStringLiteral("qdisc-studio ") + name), qPrintable(help));
            const qsizetype at = m_rendered.indexOf(usage, starts.isEmpty() ? 0 : starts.last() + 1);
            QVERIFY2(at >= 0, qPrintable(name + QStringLiteral(": the page has no usage line \"") + usage + u'"'));
            starts.append(at);
            usages.append(help);
        }
        starts.append(m_rendered.indexOf(u"GLOBAL OPTIONS", starts.last()));
        QVERIFY(starts.last() > 0);

        for (qsizetype i = 0; i < subcommands.size(); ++i) {
            const QString part = m_rendered.mid(starts[i], starts[i + 1] - starts[i]);
            const QString &help = usages[i];
            const QStringList options = sectionLines(help, QStringLiteral("Options:"));
            QVERIFY2(!options.isEmpty(), qPrintable(help));
            for (const QString &line : options) {
                if (!line.startsWith(QStringLiteral("  -")))
                    continue; // the wrapped rest of a description
                QVERIFY2(part.contains(termOf(line)), qPrintable(subcommands[i] + QStringLiteral(": no option ") + termOf(line) +
                                                                 QStringLiteral(" in:\n") + part));
            }
            // The description is the help's, word for word.
            const QString description = normalized(help.section(QStringLiteral("\n\n"), 1, 1));
            QVERIFY2(part.contains(description), qPrintable(subcommands[i] + QStringLiteral(": no \"") + description + u'"'));
        }
    }
};

QTEST_GUILESS_MAIN(TstManpage)
#include "tst_manpage.moc"
