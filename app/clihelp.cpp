#include "clihelp.h"

#include <QCoreApplication>

namespace qs {

namespace {

/** Help lines stay below 80 columns, the width every terminal has. */
constexpr qsizetype LineWidth = 79;
/** Terms longer than this put their explanation on the next line rather than push it far right. */
constexpr qsizetype MaxTermColumn = 26;
constexpr qsizetype Indent = 2;

/**
 * @p text broken at spaces into lines of at most LineWidth columns (a longer word stands alone),
 * the first line indented by @p firstIndent, the rest by @p indent.
 */
QStringList wrap(const QString &text, qsizetype firstIndent, qsizetype indent)
{
    QStringList lines;
    QString line(firstIndent, u' ');
    bool lineHasWord = false;
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts)) {
        if (lineHasWord && line.size() + 1 + word.size() > LineWidth) {
            lines.append(line);
            line = QString(indent, u' ');
            lineHasWord = false;
        }
        if (lineHasWord)
            line += u' ';
        line += word;
        lineHasWord = true;
    }
    lines.append(line);
    return lines;
}

/** Terms in one column, their explanations wrapped in a second. */
QString table(const QList<CliHelp::Entry> &entries)
{
    qsizetype termWidth = 0;
    for (const CliHelp::Entry &e : entries)
        termWidth = std::max(termWidth, e.term.size());
    const qsizetype column = Indent + std::min(termWidth, MaxTermColumn) + 2;
    QString out;
    for (const CliHelp::Entry &e : entries) {
        QString first = QString(Indent, u' ') + e.term;
        if (first.size() + 2 > column) {
            out += first + u'\n';
            first.clear();
        }
        QStringList lines = wrap(e.text, column, column);
        if (!first.isEmpty())
            lines.first().replace(0, first.size(), first);
        out += lines.join(u'\n') + u'\n';
    }
    return out;
}

QString section(CliHelp::Heading heading, const QString &body)
{
    return u'\n' + CliHelp::heading(heading) + u'\n' + body;
}

QString exampleList(const QList<CliHelp::Entry> &entries)
{
    QString out;
    for (const CliHelp::Entry &e : entries)
        out += wrap(e.term, Indent, Indent).join(u'\n') + u'\n' + QString(2 * Indent, u' ') + e.text + u'\n';
    return out;
}

} // namespace

QString CliHelp::Option::syntax() const
{
    QStringList spelled;
    for (const QString &n : names)
        spelled.append((n.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + n);
    QString text = spelled.join(QStringLiteral(", "));
    if (!valueName.isEmpty())
        text += u' ' + valueName;
    return text;
}

QString CliHelp::Option::shownDefault() const
{
    return defaultText.isEmpty() ? defaultValue : defaultText;
}

QString CliHelp::Option::fullDescription() const
{
    const QString shown = shownDefault();
    return shown.isEmpty() ? description : description + u' ' + QCoreApplication::translate("qs::Cli", "Default: %1.").arg(shown);
}

QCommandLineOption CliHelp::Option::toParserOption() const
{
    return QCommandLineOption(names, description, valueName, defaultValue);
}

QStringList CliHelp::usageLines() const
{
    const QString command = name.isEmpty() ? QStringLiteral("qdisc-studio") : QStringLiteral("qdisc-studio ") + name;
    QStringList lines;
    for (const QString &form : synopsis)
        lines.append(command + u' ' + form);
    return lines;
}

QString CliHelp::text() const
{
    const QString usage = heading(Heading::Usage);
    QString out;
    const QStringList usages = usageLines();
    for (qsizetype i = 0; i < usages.size(); ++i)
        out += (i == 0 ? usage : QString(usage.size(), u' ')) + u' ' + usages[i] + u'\n';
    for (const QString &paragraph : description)
        out += u'\n' + wrap(paragraph, 0, 0).join(u'\n') + u'\n';
    if (!subcommands.isEmpty())
        out += section(Heading::Subcommands, table(subcommands));
    if (!options.isEmpty()) {
        QList<Entry> rows;
        for (const Option &o : options)
            rows.append({o.syntax(), o.fullDescription()});
        out += section(name.isEmpty() ? Heading::GlobalOptions : Heading::Options, table(rows));
    }
    if (!arguments.isEmpty())
        out += section(Heading::Arguments, table(arguments));
    if (!examples.isEmpty())
        out += section(Heading::Examples, exampleList(examples));
    if (!exitStatus.isEmpty())
        out += section(Heading::ExitStatus, table(exitStatus));
    return out;
}

QString CliHelp::heading(Heading heading)
{
    switch (heading) {
    case Heading::Usage:
        return QCoreApplication::translate("qs::Cli", "Usage:");
    case Heading::Options:
        return QCoreApplication::translate("qs::Cli", "Options:");
    case Heading::GlobalOptions:
        return QCoreApplication::translate("qs::Cli", "Global options:");
    case Heading::Arguments:
        return QCoreApplication::translate("qs::Cli", "Arguments:");
    case Heading::Subcommands:
        return QCoreApplication::translate("qs::Cli", "Subcommands:");
    case Heading::Examples:
        return QCoreApplication::translate("qs::Cli", "Examples:");
    case Heading::ExitStatus:
        return QCoreApplication::translate("qs::Cli", "Exit status:");
    }
    return {};
}

} // namespace qs
