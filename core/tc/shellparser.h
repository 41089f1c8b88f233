#pragma once

#include "shelllexer.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace qs {

struct ShellNode;
using ShellNodePtr = std::unique_ptr<ShellNode>;

struct ShellRedirection
{
    QString op;  ///< ">", ">>", "<", "<<", "<<-", "<<<", ">&", "<&", "&>", "&>>", "<>", ">|"
    int fd = -1; ///< the number written before it, -1 when none
    ShellWord target; ///< the file, the descriptor, or a here-document's delimiter
    QList<ShellWordPart> hereDocument;
    qsizetype offset = 0;
};

struct ShellAssignment
{
    QString name;
    ShellWord value;
    qsizetype offset = 0;
};

struct ShellIfClause
{
    ShellNodePtr condition;
    ShellNodePtr body;
    qsizetype offset = 0; ///< the "if" or "elif"
};

struct ShellCaseItem
{
    QList<ShellWord> patterns;
    ShellNodePtr body; ///< may be null: an empty branch
    qsizetype offset = 0;
    QString terminator; ///< ";;", ";&", ";;&", or empty before esac
};

/** A node of a parsed script. One struct for every kind: each kind uses the fields its comment names. */
struct ShellNode
{
    enum class Kind {
        Simple,        ///< assignments, words, redirections
        Pipeline,      ///< children joined by |; negated by "!"
        AndOr,         ///< children joined by separators "&&" / "||"
        List,          ///< children, each followed by separators ";" or "&"
        If,            ///< clauses, elseBody
        Loop,          ///< while / until (until): children[0] the condition, children[1] the body
        For,           ///< name, items (or the arguments when !hasIn), body
        ArithmeticFor, ///< for ((init; condition; step)): expressions[0..2], body
        Case,          ///< subject, caseItems
        Function,      ///< name, body
        Group,         ///< { …; }: children[0]
        Subshell,      ///< ( … ): children[0]
        Arithmetic,    ///< (( … )): expressions[0]
        Test,          ///< [[ … ]]: words
    };
    Kind kind = Kind::Simple;
    qsizetype offset = 0;

    QList<ShellAssignment> assignments;
    QList<ShellWord> words;
    QList<ShellRedirection> redirections; ///< a simple command's, or a compound command's after its end
    std::vector<ShellNodePtr> children;
    QStringList separators;
    bool negated = false;
    std::vector<ShellIfClause> clauses;
    ShellNodePtr elseBody;
    bool until = false;
    QString name;
    bool hasIn = false;
    QList<ShellWord> items;
    QList<ShellWord> expressions;
    ShellNodePtr body;
    ShellWord subject;
    std::vector<ShellCaseItem> caseItems;
};

/**
 * Parses the tokens of ShellLexer into a tree, following POSIX sh's grammar (and the parts of
 * bash's that shaping scripts use: `function NAME`, `[[ … ]]`, `(( … ))`, `for ((…))`). A
 * syntax error ends the parse, as it ends a script in sh; the commands before it are kept.
 */
class ShellParser
{
    Q_DECLARE_TR_FUNCTIONS(qs::ShellParser)

public:
    /** The script as a List node (never null); @p problem is set at the first syntax error. */
    static ShellNodePtr parse(const QList<ShellToken> &tokens, std::optional<ShellProblem> *problem);
};

} // namespace qs
