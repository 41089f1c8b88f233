// qs-manpage FILE: writes qdisc-studio.1 (roff, man macros) from the help the CLI prints, so the
// page never drifts from `--help`. A build tool, not installed; run without translations, so the
// page is English.

#include "cli.h"

#include <QDateTime>
#include <QFile>
#include <QHash>
#include <QTextStream>

#include <cstdio>

namespace {

using qs::CliHelp;

/** Characters roff would read otherwise, or that groff renders better by name. */
QString escapeChar(QChar c, bool code)
{
    static const QHash<char16_t, QString> named{
        {u'\u2026', QStringLiteral("\\&...")}, {u'\u2192', QStringLiteral("\\(->")}, {u'\u2014', QStringLiteral("\\(em")},
        {u'\u2013', QStringLiteral("\\(en")},  {u'\u00b5', QStringLiteral("\\(mc")},
    };
    switch (c.unicode()) {
    case u'\\':
        return QStringLiteral("\\e");
    case u'-': // a minus to type, not a hyphen (which groff may turn into U+2010)
        return QStringLiteral("\\-");
    case u'\'': // in commands, the ASCII quote to type rather than a typographic one
        return code ? QStringLiteral("\\(aq") : QStringLiteral("'");
    case u'`':
        return code ? QStringLiteral("\\(ga") : QStringLiteral("`");
    default:
        break;
    }
    if (c.unicode() < 0x80)
        return QString(c);
    if (const auto it = named.constFind(c.unicode()); it != named.cend())
        return *it;
    return QStringLiteral("\\[u") + QString::number(c.unicode(), 16).toUpper().rightJustified(4, u'0') + u']';
}

/** @p text with roff's special characters escaped, for use inside a line. */
QString escaped(const QString &text, bool code = false)
{
    QString out;
    for (QChar c : text)
        out += escapeChar(c, code);
    return out;
}

/** A text line: a leading dot or apostrophe would make it a request, \& keeps it text. */
QString textLine(const QString &escapedText)
{
    return escapedText.startsWith(u'.') || escapedText.startsWith(u'\'') ? QStringLiteral("\\&") + escapedText : escapedText;
}

QString bold(const QString &text)
{
    return QStringLiteral("\\fB") + escaped(text, true) + QStringLiteral("\\fR");
}

QString italic(const QString &text)
{
    return QStringLiteral("\\fI") + escaped(text, true) + QStringLiteral("\\fR");
}

/** A synopsis word: options in bold, placeholders (CAPITALS) in italics, brackets and bars plain. */
QString synopsisWord(const QString &word)
{
    qsizetype begin = 0;
    qsizetype end = word.size();
    while (begin < end && QStringLiteral("[|(").contains(word[begin]))
        ++begin;
    while (end > begin && QStringLiteral("]|)").contains(word[end - 1]))
        --end;
    const QString core = word.mid(begin, end - begin);
    const QString styled = core.startsWith(u'-')             ? bold(core)
                           : !core.isEmpty() && core == core.toUpper() && core.front().isLetter() ? italic(core)
                                                                                                  : escaped(core, true);
    return escaped(word.left(begin), true) + styled + escaped(word.mid(end), true);
}

QString usageLine(const QString &command, const QString &synopsis)
{
    QStringList words{bold(command)};
    for (const QString &word : synopsis.split(u' ', Qt::SkipEmptyParts))
        words.append(synopsisWord(word));
    return textLine(words.join(u' '));
}

QString optionTerm(const CliHelp::Option &option)
{
    QStringList names;
    for (const QString &n : option.names)
        names.append(bold((n.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + n));
    QString term = names.join(QStringLiteral(", "));
    if (!option.valueName.isEmpty())
        term += u' ' + italic(option.valueName);
    return term;
}

void paragraphs(QTextStream &out, const QStringList &texts)
{
    for (const QString &text : texts)
        out << ".PP\n" << textLine(escaped(text)) << u'\n';
}

void taggedParagraph(QTextStream &out, const QString &term, const QString &text)
{
    out << ".TP\n" << textLine(term) << u'\n' << textLine(escaped(text)) << u'\n';
}

void options(QTextStream &out, const QList<CliHelp::Option> &list)
{
    for (const CliHelp::Option &option : list)
        taggedParagraph(out, optionTerm(option), option.fullDescription());
}

void examples(QTextStream &out, const QList<CliHelp::Entry> &list)
{
    for (const CliHelp::Entry &e : list)
        out << ".PP\n" << textLine(escaped(e.term)) << "\n.RS 4\n.nf\n" << textLine(escaped(e.text, true)) << "\n.fi\n.RE\n";
}

void subcommand(QTextStream &out, const CliHelp &help)
{
    out << ".SS " << escaped(help.name) << u'\n';
    for (const QString &synopsis : help.synopsis)
        out << usageLine(QStringLiteral("qdisc-studio ") + help.name, synopsis) << "\n.br\n";
    paragraphs(out, help.description);
    if (!help.options.isEmpty()) {
        out << ".PP\n" << textLine(escaped(CliHelp::heading(CliHelp::Heading::Options))) << u'\n';
        options(out, help.options);
    }
    if (!help.arguments.isEmpty()) {
        out << ".PP\n" << textLine(escaped(CliHelp::heading(CliHelp::Heading::Arguments))) << u'\n';
        for (const CliHelp::Entry &argument : help.arguments)
            taggedParagraph(out, synopsisWord(argument.term.section(u' ', 0, 0)) +
                                     (argument.term.contains(u' ') ? u' ' + italic(argument.term.section(u' ', 1)) : QString()),
                            argument.text);
    }
    if (!help.examples.isEmpty()) {
        out << ".PP\n" << textLine(escaped(CliHelp::heading(CliHelp::Heading::Examples))) << u'\n';
        examples(out, help.examples);
    }
}

/** What only a man page has: where things are kept, the environment. Not part of --help. */
void files(QTextStream &out)
{
    out << ".SH FILES\n";
    taggedParagraph(out, italic(QStringLiteral("$XDG_DATA_HOME/qdisc-studio/profiles/")),
                    QStringLiteral("Your profiles, one JSON file each; ~/.local/share/qdisc-studio/profiles/ when XDG_DATA_HOME is not set."));
    taggedParagraph(out, italic(QStringLiteral("/run/qdisc-studio/")),
                    QStringLiteral("The helper's snapshots: the tree each target had before Qdisc Studio first changed it, kept until "
                                   "it is restored or the machine reboots."));
    taggedParagraph(out, italic(QStringLiteral(QS_HELPER_PATH)),
                    QStringLiteral("qdisc-studio-helper, the root service on the system bus (org.qdiscstudio.Helper1) that applies "
                                   "changes once polkit has authorized them. D-Bus starts it on demand; it exits when idle."));
    taggedParagraph(out, italic(QStringLiteral("/usr/share/polkit-1/actions/org.qdiscstudio.policy")),
                    QStringLiteral("The polkit actions org.qdiscstudio.apply (changing a target) and org.qdiscstudio.read (reading "
                                   "another network namespace without root)."));
    taggedParagraph(out, italic(QStringLiteral("/run/netns/")),
                    QStringLiteral("The network namespaces whose interfaces are the NETNS/IF targets, as ip-netns(8) creates them."));
    taggedParagraph(out, italic(QStringLiteral(QS_TRANSLATIONS_DIR "/")),
                    QStringLiteral("Translations of the messages and of this help, qdisc-studio_LANGUAGE.qm."));
}

void environment(QTextStream &out)
{
    out << ".SH ENVIRONMENT\n";
    taggedParagraph(out, bold(QStringLiteral("XDG_DATA_HOME")), QStringLiteral("Where the profiles folder is; ~/.local/share when not set."));
    taggedParagraph(out, bold(QStringLiteral("DOCKER_HOST")),
                    QStringLiteral("Docker's socket (unix:///PATH) for the docker:CONTAINER/IF targets; /var/run/docker.sock when not set."));
    taggedParagraph(out, bold(QStringLiteral("CONTAINER_HOST")),
                    QStringLiteral("Podman's API socket (unix:///PATH) for the podman:CONTAINER/IF targets; /run/podman/podman.sock when not set."));
    taggedParagraph(out, bold(QStringLiteral("LANGUAGE")) + QStringLiteral(", ") + bold(QStringLiteral("LC_ALL")) + QStringLiteral(", ") +
                             bold(QStringLiteral("LC_MESSAGES")) + QStringLiteral(", ") + bold(QStringLiteral("LANG")),
                    QStringLiteral("The language of messages and help. Output meant for scripts (JSON, the columns of targets and "
                                   "stats, tc commands) is the same in every language."));
    taggedParagraph(out, bold(QStringLiteral("QT_QPA_PLATFORM")),
                    QStringLiteral("The window's platform plugin (wayland, xcb, offscreen), as -platform chooses it."));
}

QString pageDate()
{
    // Reproducible builds set SOURCE_DATE_EPOCH; the page then says the same on every build.
    bool ok = false;
    const qint64 epoch = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    const QDateTime when = ok ? QDateTime::fromSecsSinceEpoch(epoch, Qt::UTC) : QDateTime::currentDateTimeUtc();
    return when.toString(QStringLiteral("yyyy-MM-dd"));
}

void writePage(QTextStream &out)
{
    const CliHelp overview = qs::Cli::help();
    out << ".\\\" Generated by qs-manpage from the help of qdisc-studio; edit app/clihelptexts.cpp, not this file.\n"
        << ".TH QDISC\\-STUDIO 1 \"" << pageDate() << "\" \"qdisc\\-studio " QS_VERSION "\" \"User Commands\"\n"
        << ".nh\n"  // no hyphenation: options and commands are typed as they stand
        << ".ad l\n" // ragged right: long paths would stretch justified lines apart
        << ".SH NAME\nqdisc\\-studio \\- " << escaped(overview.summary) << u'\n' << ".SH SYNOPSIS\n";
    for (const QString &synopsis : overview.synopsis)
        out << usageLine(QStringLiteral("qdisc-studio"), synopsis) << "\n.br\n";
    out << ".SH DESCRIPTION\n";
    paragraphs(out, overview.description);
    out << ".SH SUBCOMMANDS\n";
    for (const QString &name : qs::Cli::subcommands())
        subcommand(out, qs::Cli::help(name));
    out << ".SH GLOBAL OPTIONS\n";
    options(out, overview.options);
    files(out);
    environment(out);
    out << ".SH EXIT STATUS\n";
    for (const CliHelp::Entry &status : overview.exitStatus)
        taggedParagraph(out, bold(status.term), status.text);
    out << ".SH SEE ALSO\n"
        << ".BR tc (8),\n.BR tc\\-netem (8),\n.BR tc\\-tbf (8),\n.BR tc\\-htb (8),\n.BR ip\\-netns (8),\n.BR polkit (8)\n";
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: qs-manpage FILE\n");
        return 2;
    }
    QFile file(QString::fromLocal8Bit(argv[1]));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        std::fprintf(stderr, "qs-manpage: %s: %s\n", argv[1], qPrintable(file.errorString()));
        return 1;
    }
    QTextStream out(&file);
    writePage(out);
    out.flush();
    return out.status() == QTextStream::Ok && file.error() == QFileDevice::NoError ? 0 : 1;
}
