#pragma once

#include "shellsource.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace qs {

/** A piece of a shell word: text as written, or an expansion the evaluator works out. */
struct ShellWordPart
{
    enum class Kind {
        Literal,    ///< quotes and escapes removed
        Parameter,  ///< $NAME, ${NAME…}, $1, $#, $@ …: text is the name
        Arithmetic, ///< $((…)) or $[…]: operand holds the expression's parts
        Command,    ///< $(…) or `…`: text is the command's source
    };
    Kind kind = Kind::Literal;
    QString text;
    /** Inside "…" or '…' or escaped: never split into fields. */
    bool quoted = false;
    /** The first character in the source: the literal's own, or the '$' or '`' of an expansion. */
    qsizetype offset = 0;
    /**
     * Parameter: the operator of ${NAME OP WORD}: ":-", "-", ":=", "=", ":+", "+", ":?", "?",
     * "%", "%%", "#", "##", or "length" for ${#NAME}; empty for a plain $NAME.
     */
    QString op;
    /** Parameter: the WORD after the operator. Arithmetic: the expression. */
    QList<ShellWordPart> operand;
    /** Command: the source range of a $(…) body, when the text is the source itself (`…` unescapes). */
    qsizetype bodyBegin = -1;
    qsizetype bodyEnd = -1;
};

/** One word as written, with its parts. */
struct ShellWord
{
    QString raw; ///< the source text
    QList<ShellWordPart> parts;
    qsizetype offset = 0;

    /** The word is plain unquoted text: a reserved word, a function name, a case pattern. */
    bool isPlain() const;
    /** The parts' text joined, quoting and expansions left out: what a plain word says. */
    QString plainText() const;
    /** NAME=VALUE with a valid name, the '=' unquoted: the length of NAME, or 0. */
    qsizetype assignmentNameLength() const;
};

struct ShellToken
{
    enum class Type {
        Word,
        Operator,          ///< ; & | && || ;; ( ) and the redirections
        Newline,
        ArithmeticCommand, ///< bash's (( … )): text is the expression, word its parts
        End,
    };
    Type type = Type::End;
    QString text; ///< the operator, or the word's source text
    ShellWord word;
    qsizetype offset = 0;
    int ioNumber = -1; ///< "2>": 2; -1 when none was written
    /** "<<" and "<<-": the here-document's body (literal when its delimiter was quoted). */
    QList<ShellWordPart> hereDocument;

    bool isOperator(QStringView op) const { return type == Type::Operator && text == op; }
    bool isRedirection() const;
};

/**
 * Splits shell text into tokens as POSIX sh does before parsing: words with their quoting and
 * expansions kept apart, operators, newlines, and here-documents read after their line.
 * Reserved words are plain words here (the parser knows where they count). A backslash followed
 * only by blanks before the line break still continues the line: trailing spaces are invisible
 * in a pasted snippet.
 */
class ShellLexer
{
    Q_DECLARE_TR_FUNCTIONS(qs::ShellLexer)

public:
    /** The tokens of source[begin, end); at the first problem it stops and reports it. */
    static QList<ShellToken> tokenize(const ShellSource &source, qsizetype begin, qsizetype end,
                                      std::optional<ShellProblem> *problem);
    static QList<ShellToken> tokenize(const ShellSource &source, std::optional<ShellProblem> *problem)
    {
        return tokenize(source, 0, source.size(), problem);
    }
};

/** A shell variable name's first character (an underscore or an ASCII letter) and the rest (digits too): one rule for the
 *  lexer, the evaluator and $(( )) arithmetic. */
bool isShellNameStart(QChar c);
/** What separates words on a line: a space, a tab, or the CR of a CRLF line end. */
bool isShellBlank(QChar c);
bool isShellNameChar(QChar c);

} // namespace qs
