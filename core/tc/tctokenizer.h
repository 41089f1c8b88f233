#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringView>

namespace qs {

/** A word of a tc script with where it stands (1-based line and column of its first character). */
struct TcWord
{
    QString text;
    int line = 0;
    int column = 0;
};

/** A problem found in a script, pointing at the word to fix. */
struct TcScriptError
{
    int line = 0;
    int column = 0;
    QString word;
    QString message;
    /** "line 3, column 17: \"foo\": unknown netem option" */
    QString toString() const;
};

/** One shell command of a script, split into words. */
struct TcCommand
{
    QList<TcWord> words;
};

/**
 * Splits a pasted shell script into commands the way a shell would for the simple scripts
 * that runbooks hold: comments, blank lines, backslash continuations, quotes, and ';' / '&&'
 * between commands. Redirections to /dev/null (written "2>/dev/null" or "2> /dev/null") and a
 * trailing "|| true" (the usual "ignore the error" idioms) are dropped; anything needing a real
 * shell ($VAR, pipes, sub-shells) is reported, never guessed at. Such a command is reported
 * once, at its first problem, and left out up to its end (the next ';', '&&' or unescaped line
 * break), so the commands after it on the same line are still read.
 */
class TcTokenizer
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcTokenizer)

public:
    static QList<TcCommand> split(QStringView script, QList<TcScriptError> *errors);
};

} // namespace qs
