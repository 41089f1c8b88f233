#pragma once

#include <QList>
#include <QString>

namespace qs {

/**
 * The text of a shell script and where each of its characters stands, so that every word the
 * evaluator derives, however far it travelled through variables and functions, still points at
 * the line and column it was written on. Text that a script builds and hands to the shell again
 * (`eval "…"`, a trap's command) has no place of its own: every position in it is the place of
 * the command that handed it over.
 */
class ShellSource
{
public:
    explicit ShellSource(QString text);
    /** @p text as if it all stood at @p line, @p column of another script. */
    static ShellSource at(QString text, int line, int column);

    const QString &text() const { return m_text; }
    qsizetype size() const { return m_text.size(); }
    /** 1-based line of @p offset (an offset at or past the end is on the last line). */
    int line(qsizetype offset) const;
    /** 1-based column of @p offset, counted in UTF-16 units like the editor's cursor. */
    int column(qsizetype offset) const;

private:
    qsizetype lineIndex(qsizetype offset) const;

    QString m_text;
    QList<qsizetype> m_lineStarts;
    int m_fixedLine = 0; ///< nonzero: every offset maps to m_fixedLine, m_fixedColumn
    int m_fixedColumn = 0;
};

/** A problem found while reading or evaluating a script, at an offset of its ShellSource. */
struct ShellProblem
{
    qsizetype offset = 0;
    QString word;
    QString message;
};

} // namespace qs
