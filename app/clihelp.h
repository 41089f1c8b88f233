#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>

namespace qs {

/**
 * The help of one subcommand, or of qdisc-studio itself: the one source of the text that
 * `--help` prints and that the man page is generated from. Every string in it is already
 * translated (Cli::help() builds it through tr()).
 */
struct CliHelp
{
    struct Option
    {
        QStringList names;        ///< without dashes: {"o", "output"}
        QString valueName;        ///< empty for a switch
        QString description;      ///< one paragraph
        QString defaultValue;     ///< what the parser takes when the option is absent, shown as the default
        QString defaultText;      ///< the default in words, where it is no literal value ("standard output")

        /** "-o, --output FILE", as typed. */
        QString syntax() const;
        /** The default to show, or empty when there is none (switches). */
        QString shownDefault() const;
        /** The description followed by the default, as --help and the man page show it. */
        QString fullDescription() const;
        QCommandLineOption toParserOption() const;
    };

    /** A term and its explanation: an argument, a subcommand, an example, an exit status. */
    struct Entry
    {
        QString term;
        QString text;
    };

    enum class Heading { Usage, Options, GlobalOptions, Arguments, Subcommands, Examples, ExitStatus };

    QString name;            ///< the subcommand; empty for qdisc-studio itself
    QStringList synopsis;    ///< what follows "qdisc-studio NAME" on a usage line, one per form
    QString summary;         ///< one line, for the list of subcommands
    QStringList description; ///< paragraphs
    QList<Entry> subcommands;
    QList<Option> options;
    QList<Entry> arguments;
    QList<Entry> examples;   ///< term: what the example does; text: the command line
    QList<Entry> exitStatus;

    /** "qdisc-studio NAME SYNOPSIS" for each form. */
    QStringList usageLines() const;
    /** The whole help as the terminal shows it, wrapped at 80 columns. */
    QString text() const;

    /** The translated word a section starts with ("Options:"), shared with the man page. */
    static QString heading(Heading heading);
};

} // namespace qs
