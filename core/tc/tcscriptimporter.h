#pragma once

#include "shellevaluator.h"
#include "tcimporter.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace qs {

/** What a pasted script or file imports to, and everything said about it, line by line. */
struct TcScriptImport
{
    /** The trees, and every error and warning: the shell evaluation's and the tc commands'. */
    TcImportResult result;
    /** Commands that are not tc and were skipped, branches not taken, what was not evaluated. */
    QList<TcScriptError> notes;
    /** The tc commands as they were read (what `import --show-commands` prints). */
    QList<TcCommand> commands;
    /** The text was read as a tc -batch file (tc's lines without "tc"). */
    bool batch = false;
    /** The text was read as tc's show output (`tc -s -d qdisc|class|filter show`). */
    bool show = false;

    bool ok() const { return result.ok(); }
};

/**
 * The way every pasted or given text is imported: what `tc qdisc|class|filter show` printed as
 * the commands that build it (TcShowReader), a tc -batch file as tc reads one, anything
 * else as a shell script evaluated without running anything (ShellEvaluator), and the tc
 * commands either yields read by TcImporter, every message pointing at the line and column of
 * the text it is about.
 */
class TcScriptImporter
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcScriptImporter)

public:
    static TcScriptImport import(const QString &text, const ShellEvaluatorOptions &options = {});
    /** A command as one line a shell reads back the same: words with blanks or shell characters quoted. */
    static QString commandLine(const TcCommand &command);
    /** "NAME=VALUE" as --set and the paste dialog take it; false when NAME is no variable name. */
    static bool parseAssignment(const QString &text, QPair<QString, QString> *assignment);
};

} // namespace qs
