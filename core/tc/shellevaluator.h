#pragma once

#include "tctokenizer.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace qs {

/** What the script's user gives it, as they would run it. */
struct ShellEvaluatorOptions
{
    /** $1, $2 …: `import SCRIPT --arg start`. */
    QStringList arguments;
    /**
     * Variables set from outside (`--set DEV=eth1`): they hold from the start, and the script's
     * own assignments to them are not made (the way its users edit a script's settings).
     */
    QList<QPair<QString, QString>> variables;
    /** $0 */
    QString scriptName = QStringLiteral("script");
};

/** What the evaluation derived, each item at the line and column it came from. */
struct ShellEvaluation
{
    /** The tc commands the script runs (tc's own words), and the ip lines of the ifb recipe. */
    QList<TcCommand> commands;
    /** What could not be evaluated although a tc command depends on it, and syntax errors. */
    QList<TcScriptError> errors;
    /** What evaluates, but may not do on a device what it does here (a delete under set -e). */
    QList<TcScriptError> warnings;
    /** Commands that are not tc and were skipped, branches not taken, what was not evaluated. */
    QList<TcScriptError> notes;
};

/**
 * Works out, without running anything, which tc commands a shaping script runs: the subset of
 * POSIX sh (and bash) such scripts are written in — variables and their defaults, arithmetic,
 * quoting, lists, if/case on the arguments, for and while loops, functions, test, $TC-style
 * command variables, sudo, tc -batch with a here-document, `ip netns exec`. Nothing is ever
 * executed: a command that is not tc is skipped and noted; what depends on something that
 * cannot be known here (another program's output, a file test, a loop without a bound) is
 * reported as an error when a tc command depends on it, and as a note when none does. The
 * work is bounded (steps, loop rounds, call depth, value sizes), whatever the script.
 */
class ShellEvaluator
{
    Q_DECLARE_TR_FUNCTIONS(qs::ShellEvaluator)

public:
    static constexpr int MaxSteps = 50000;
    static constexpr int MaxLoopRounds = 10000;
    static constexpr int MaxCommands = 10000;
    static constexpr int MaxCallDepth = 100;
    static constexpr qsizetype MaxValueLength = 1 << 20;

    static ShellEvaluation evaluate(const QString &script, const ShellEvaluatorOptions &options = {});
};

} // namespace qs
