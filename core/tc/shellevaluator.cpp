#include "shellevaluator.h"
#include "tcargs.h"

#include "shellarithmetic.h"
#include "shelllexer.h"
#include "shellparser.h"
#include "sudocommand.h"
#include "tcbatch.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace qs {

/* TRANSLATOR qs::ShellEvaluator

   What Qdisc Studio made of a pasted shell script without running it: commands it skipped,
   branches not taken, and what it could not work out. Shell words and syntax quoted in the
   messages (set -e, $TC, exit, return, -force, || true, $(…), `cmd`) stay as they are.
*/

namespace {

// --- values and state --------------------------------------------------------------------------

struct Value
{
    Value() = default;
    explicit Value(QString t) : text(std::move(t)) {}
    Value(QString t, bool k, QString r) : text(std::move(t)), known(k), reason(std::move(r)) {}

    QString text;
    bool known = true;
    QString reason; ///< why it is not known: "it comes from $(…) at line 3: `cat` is not run here"
};

bool sameValue(const Value &a, const Value &b)
{
    return a.known == b.known && (a.known ? a.text == b.text : a.reason == b.reason);
}

Value unknownValue(const QString &reason)
{
    return Value{QString(), false, reason};
}

struct Variable
{
    Value value;
    bool exported = false;
    bool readonly = false;
};

struct Program
{
    std::shared_ptr<const ShellSource> source;
    ShellNodePtr root;
};
using ProgramPtr = std::shared_ptr<const Program>;

struct Function
{
    const ShellNode *body = nullptr;
    ProgramPtr program;
    /** Defined under a condition that was not evaluated: its calls are uncertain too. */
    QString uncertainReason;
    qsizetype uncertainOffset = 0;
    ProgramPtr uncertainProgram;
};

struct LocalFrame
{
    QHash<QString, std::optional<Variable>> saved;
};

/** What a subshell copies and a branch that was not decided forks. */
struct State
{
    QHash<QString, Variable> variables;
    QList<Value> positional;
    QHash<QString, Function> functions;
    QList<LocalFrame> locals;
    bool errexit = false;
    bool nounset = false;
    std::optional<int> status = 0;
    QString statusReason;
    /** After a file was sourced (and not read): a variable not set here may be set there. */
    QString unsetReason;
};

/** Text with the source offset of each of its characters. */
struct Text
{
    QString chars;
    QList<qsizetype> origin;
    bool known = true;
    QString reason;

    void append(QStringView s, const QList<qsizetype> &from)
    {
        chars += s;
        origin += from;
    }
    void markUnknown(const QString &why)
    {
        if (known) {
            known = false;
            reason = why;
        }
    }
};

/** What standard input a command reads: a here-document, a pipe, or none given. */
struct Input
{
    Text text;
    qsizetype position = 0;
};

struct Field
{
    QString text;
    QList<qsizetype> origin;
    qsizetype offset = 0; ///< where an error about it points: the word's start, or its first character's origin
    bool known = true;
    QString reason;
    QString raw; ///< the word as written
};

enum class Flow { Normal, Break, Continue, Return, Exit };

/** The evaluation cannot go on: a limit was reached. */
struct Abort
{
    qsizetype offset;
    QString message;
};

/** The script stops here (set -u, ${V:?}): like exit, from inside an expansion. */
struct StopScript
{
};

struct Uncertainty
{
    ProgramPtr program;
    qsizetype offset = 0;
    QString word;
    QString reason;
    bool reported = false;
    int changes = 0;
};

struct Branch
{
    int line = 0;
    int column = 0;
    QString message;
    bool taken = false;
};

struct Pattern
{
    QString chars;
    QList<bool> literal;
    bool known = true;
    QString reason;
};

/** A tri-state truth: a test on something not known is neither true nor false. */
struct Truth
{
    std::optional<bool> value;
    QString reason;
    QString error; ///< a usage error ("integer expression expected"): status 2
};

Truth known(bool value)
{
    return Truth{value, {}, {}};
}

Truth notTruth(Truth t)
{
    if (t.value)
        t.value = !*t.value;
    return t;
}

Truth andTruth(const Truth &a, const Truth &b)
{
    if (!a.error.isEmpty())
        return a;
    if (!b.error.isEmpty())
        return b;
    if ((a.value && !*a.value) || (b.value && !*b.value))
        return known(false);
    if (!a.value)
        return a;
    return b;
}

Truth orTruth(const Truth &a, const Truth &b)
{
    if (!a.error.isEmpty())
        return a;
    if (!b.error.isEmpty())
        return b;
    if ((a.value && *a.value) || (b.value && *b.value))
        return known(true);
    if (!a.value)
        return a;
    return b;
}

bool isValidName(QStringView name)
{
    if (name.isEmpty() || !isShellNameStart(name[0]))
        return false;
    return std::all_of(name.begin(), name.end(), isShellNameChar);
}

QString backquoted(const QString &command)
{
    return u'`' + command + u'`';
}

/** Characters copied and compared in all: bounds what a few steps on huge values could cost. */
constexpr qint64 MaxWork = 20'000'000;
/** Nested commands, function calls, evals and substitutions: far beyond scripts, well within the stack. */
constexpr int MaxNodeDepth = 250;

QString workExceeded()
{
    return ShellEvaluator::tr("stopped: the script handles too much text to be read here");
}

// --- glob patterns (case, ${V%pattern}, [[ == ]]) -------------------------------------------

bool matchClass(const Pattern &p, qsizetype *at, QChar c, bool *matched)
{
    // p.chars[*at] is '['; on success *at is past the closing ']'.
    qsizetype i = *at + 1;
    bool negate = false;
    if (i < p.chars.size() && !p.literal[i] && (p.chars[i] == u'!' || p.chars[i] == u'^')) {
        negate = true;
        ++i;
    }
    bool hit = false;
    bool first = true;
    while (i < p.chars.size()) {
        if (p.chars[i] == u']' && !first && !p.literal[i]) {
            *at = i + 1;
            *matched = hit != negate;
            return true;
        }
        first = false;
        if (p.chars[i] == u'[' && i + 1 < p.chars.size() && p.chars[i + 1] == u':') {
            const qsizetype end = p.chars.indexOf(QStringLiteral(":]"), i + 2);
            if (end > 0) {
                const QStringView name = QStringView(p.chars).mid(i + 2, end - i - 2);
                if ((name == u"digit" && c.isDigit()) || (name == u"alpha" && c.isLetter()) || (name == u"alnum" && c.isLetterOrNumber()) ||
                    (name == u"space" && c.isSpace()) || (name == u"upper" && c.isUpper()) || (name == u"lower" && c.isLower()) ||
                    (name == u"punct" && c.isPunct()) || (name == u"xdigit" && QStringLiteral("0123456789abcdefABCDEF").contains(c)))
                    hit = true;
                i = end + 2;
                continue;
            }
        }
        if (i + 2 < p.chars.size() && p.chars[i + 1] == u'-' && !(p.chars[i + 2] == u']' && !p.literal[i + 2])) {
            if (c >= p.chars[i] && c <= p.chars[i + 2])
                hit = true;
            i += 3;
            continue;
        }
        if (p.chars[i] == c)
            hit = true;
        ++i;
    }
    return false; // no closing ']': the '[' is itself
}

bool globMatch(const Pattern &p, QStringView s, qint64 *work = nullptr)
{
    if (work && (*work += (s.size() + 1) * (p.chars.size() + 1)) > MaxWork)
        throw Abort{0, workExceeded()};
    qsizetype pi = 0;
    qsizetype si = 0;
    qsizetype starP = -1;
    qsizetype starS = -1;
    while (si < s.size()) {
        if (pi < p.chars.size() && !p.literal[pi] && p.chars[pi] == u'*') {
            starP = pi++;
            starS = si;
            continue;
        }
        if (pi < p.chars.size()) {
            qsizetype next = pi + 1;
            bool ok = false;
            if (!p.literal[pi] && p.chars[pi] == u'?') {
                ok = true;
            } else if (!p.literal[pi] && p.chars[pi] == u'[') {
                qsizetype at = pi;
                bool matched = false;
                if (matchClass(p, &at, s[si], &matched)) {
                    ok = matched;
                    next = at;
                } else {
                    ok = s[si] == u'[';
                }
            } else {
                ok = p.chars[pi] == s[si];
            }
            if (ok) {
                pi = next;
                ++si;
                continue;
            }
        }
        if (starP >= 0) {
            pi = starP + 1;
            si = ++starS;
            continue;
        }
        return false;
    }
    while (pi < p.chars.size() && !p.literal[pi] && p.chars[pi] == u'*')
        ++pi;
    return pi == p.chars.size();
}

QString removePattern(const QString &value, const Pattern &pattern, QStringView op, qint64 *work)
{
    const qsizetype n = value.size();
    if (op == u"#") {
        for (qsizetype i = 0; i <= n; ++i)
            if (globMatch(pattern, QStringView(value).left(i), work))
                return value.mid(i);
    } else if (op == u"##") {
        for (qsizetype i = n; i >= 0; --i)
            if (globMatch(pattern, QStringView(value).left(i), work))
                return value.mid(i);
    } else if (op == u"%") {
        for (qsizetype i = n; i >= 0; --i)
            if (globMatch(pattern, QStringView(value).mid(i), work))
                return value.left(i);
    } else if (op == u"%%") {
        for (qsizetype i = 0; i <= n; ++i)
            if (globMatch(pattern, QStringView(value).mid(i), work))
                return value.left(i);
    }
    return value;
}

// --- expansion ------------------------------------------------------------------------------

/** Characters of a word being expanded, each with its origin and whether field splitting may cut there. */
struct Builder
{
    QString chars;
    QList<qsizetype> origin;
    QList<bool> split;
    QList<bool> literal;
    QList<qsizetype> breaks;  ///< "$@": a field ends before chars[i]
    bool joinAt = false;      ///< "$@" joined with spaces: no fields wanted here
    bool quotedSeen = false;  ///< "" counts as a word even when empty
    bool emptyAt = false;     ///< a "$@" without arguments
    bool otherContent = false;
    bool known = true;
    QString reason;
    qint64 *work = nullptr; ///< the evaluation's budget of characters handled

    void add(QStringView text, qsizetype at, bool exact, bool splittable, bool isLiteral)
    {
        if (chars.size() + text.size() > ShellEvaluator::MaxValueLength)
            throw Abort{at, ShellEvaluator::tr("a value grows beyond %1 characters").arg(ShellEvaluator::MaxValueLength)};
        if (work && (*work += text.size()) > MaxWork)
            throw Abort{at, workExceeded()};
        for (qsizetype i = 0; i < text.size(); ++i) {
            chars += text[i];
            origin.append(exact ? at + i : at);
            split.append(splittable);
            literal.append(isLiteral);
        }
    }
    void unknown(const QString &why)
    {
        if (known) {
            known = false;
            reason = why;
        }
    }
};

class Evaluator
{
public:
    explicit Evaluator(const ShellEvaluatorOptions &options) : m_options(options) {}

    ShellEvaluation run(const QString &script)
    {
        auto source = std::make_shared<const ShellSource>(script);
        std::optional<ShellProblem> problem;
        const QList<ShellToken> tokens = ShellLexer::tokenize(*source, &problem);
        std::optional<ShellProblem> parseProblem;
        auto program = std::make_shared<Program>();
        program->source = source;
        program->root = ShellParser::parse(tokens, &parseProblem);
        if (!problem)
            problem = parseProblem;
        m_program = program;
        m_programs.push_back(program);

        for (const QString &argument : m_options.arguments)
            m_state.positional.append(Value{argument});
        for (const auto &[name, value] : m_options.variables) {
            m_state.variables.insert(name, Variable{Value{value}, true, false});
            m_pinned.insert(name, value);
        }

        try {
            runNode(*program->root, false);
        } catch (const Abort &abort) {
            error(abort.offset, {}, abort.message);
        } catch (const StopScript &) {
        }
        if (problem) {
            m_program = program;
            error(problem->offset, problem->word, problem->message);
        }
        for (const Branch &branch : std::as_const(m_branches)) {
            if (!branch.taken)
                m_result.notes.append({branch.line, branch.column, {}, branch.message});
        }
        for (QList<TcScriptError> *list : {&m_result.errors, &m_result.warnings, &m_result.notes})
            std::stable_sort(list->begin(), list->end(), [](const TcScriptError &a, const TcScriptError &b) {
                return a.line != b.line ? a.line < b.line : a.column < b.column;
            });
        return m_result;
    }

private:
    // --- reports ------------------------------------------------------------------------------

    int lineOf(qsizetype offset) const { return m_program->source->line(offset); }
    int columnOf(qsizetype offset) const { return m_program->source->column(offset); }

    void report(QList<TcScriptError> &list, qsizetype offset, const QString &word, const QString &message)
    {
        const TcScriptError entry{lineOf(offset), columnOf(offset), word, message};
        const QString key = QStringLiteral("%1:%2:%3:%4").arg(entry.line).arg(entry.column).arg(word, message);
        if (m_reported.contains(key))
            return;
        m_reported.insert(key);
        list.append(entry);
    }
    void error(qsizetype offset, const QString &word, const QString &message) { report(m_result.errors, offset, word, message); }
    void warning(qsizetype offset, const QString &word, const QString &message) { report(m_result.warnings, offset, word, message); }
    void note(qsizetype offset, const QString &word, const QString &message) { report(m_result.notes, offset, word, message); }

    void step(qsizetype offset)
    {
        if (++m_steps > ShellEvaluator::MaxSteps)
            throw Abort{offset, ShellEvaluator::tr("stopped after %1 steps: the script runs too long to be read here (a loop without a "
                                                   "bound?); loops without a bound are not run")
                                    .arg(ShellEvaluator::MaxSteps)};
    }

    /** The first line of a command as written, for "not taken: … is false". */
    QString sourceLine(qsizetype offset) const
    {
        const QString &text = m_program->source->text();
        qsizetype end = text.indexOf(u'\n', offset);
        if (end < 0)
            end = text.size();
        QString line = text.mid(offset, end - offset).trimmed();
        static const QRegularExpression tail(QStringLiteral("\\s*(;\\s*)?(then|do)?\\s*(#.*)?$"));
        line.remove(tail);
        if (line.endsWith(u';'))
            line.chop(1);
        if (line.size() > 60)
            line = line.left(59) + u'…';
        return line;
    }

    void decide(qsizetype offset, const QString &message, bool taken)
    {
        if (!m_uncertain.empty())
            return;
        const QString key = QStringLiteral("%1:%2").arg(quintptr(m_program.get())).arg(offset);
        auto it = m_branches.find(key);
        if (it == m_branches.end())
            it = m_branches.insert(key, Branch{lineOf(offset), columnOf(offset), message, false});
        it->taken = it->taken || taken;
    }

    // --- uncertainty ----------------------------------------------------------------------------

    /** A tc command that changes something was reached where it is not known whether it runs. */
    void reportUncertain(qsizetype tcOffset)
    {
        for (Uncertainty &u : m_uncertain)
            ++u.changes;
        Uncertainty &root = m_uncertain.front();
        if (root.reported)
            return;
        root.reported = true;
        const int tcLine = lineOf(tcOffset);
        const ProgramPtr current = m_program;
        m_program = root.program;
        error(root.offset, root.word,
              ShellEvaluator::tr("cannot decide this: %1; the tc command at line %2 depends on it").arg(root.reason).arg(tcLine));
        m_program = current;
    }

    /**
     * Runs each alternative (and, with @p orNothing, none of them) from the same state, as when a
     * condition cannot be evaluated: tc commands reached meanwhile are errors, and what the
     * branches set differently is not known afterwards.
     */
    Flow runUncertain(qsizetype offset, const QString &word, const QString &reason,
                      const std::vector<std::function<Flow()>> &alternatives, bool orNothing)
    {
        step(offset);
        const State before = m_state;
        const ProgramPtr program = m_program;
        m_uncertain.push_back(Uncertainty{m_program, offset, word, reason, false, 0});
        struct Outcome
        {
            State state;
            Flow flow;
        };
        std::vector<Outcome> outcomes;
        for (const auto &alternative : alternatives) {
            m_state = before;
            Flow flow = Flow::Normal;
            try {
                flow = alternative();
            } catch (const StopScript &) {
                flow = Flow::Exit;
            }
            m_program = program;
            outcomes.push_back({m_state, flow});
        }
        const Uncertainty done = m_uncertain.back();
        m_uncertain.pop_back();
        if (orNothing)
            outcomes.push_back({before, Flow::Normal});
        std::vector<const State *> going;
        Flow leaving = Flow::Normal;
        for (const Outcome &outcome : outcomes) {
            if (outcome.flow == Flow::Normal)
                going.push_back(&outcome.state);
            else if (leaving == Flow::Normal)
                leaving = outcome.flow;
        }
        if (going.empty()) {
            m_state = outcomes.front().state;
            m_state.status = std::nullopt;
            m_state.statusReason = reason;
            return outcomes.front().flow;
        }
        m_state = merge(going, offset, reason);
        m_state.status = std::nullopt;
        m_state.statusReason = reason;
        if (!done.reported && done.changes == 0 && m_uncertain.empty()) {
            if (leaving != Flow::Normal) {
                static const char16_t *const names[] = {u"", u"break", u"continue", u"return", u"exit"};
                note(offset, word,
                     //: %2 is a shell word: exit, return, break or continue
                     ShellEvaluator::tr("not evaluated: %1; read as if the script goes on past the %2 it may take")
                         .arg(reason, QString::fromUtf16(names[int(leaving)])));
            } else {
                note(offset, word, ShellEvaluator::tr("not evaluated: %1; no tc command depends on it").arg(reason));
            }
        }
        return Flow::Normal;
    }

    State merge(const std::vector<const State *> &states, qsizetype offset, const QString &reason)
    {
        State merged = *states.front();
        // A function defined alike on every way on is certain again.
        for (auto it = merged.functions.begin(); it != merged.functions.end(); ++it) {
            if (it->uncertainReason.isEmpty() || it->uncertainOffset != offset || it->uncertainProgram != m_program)
                continue;
            const bool everywhere = std::all_of(states.begin(), states.end(), [&](const State *s) {
                const auto f = s->functions.constFind(it.key());
                return f != s->functions.constEnd() && f->body == it->body;
            });
            if (everywhere)
                it->uncertainReason.clear();
        }
        if (states.size() == 1)
            return merged;
        const QString why = ShellEvaluator::tr("it is set differently depending on line %1, which is not evaluated: %2")
                                .arg(lineOf(offset))
                                .arg(reason);
        QSet<QString> names;
        QSet<QString> functions;
        for (const State *s : states) {
            for (auto it = s->variables.begin(); it != s->variables.end(); ++it)
                names.insert(it.key());
            for (auto it = s->functions.begin(); it != s->functions.end(); ++it)
                functions.insert(it.key());
            merged.errexit = merged.errexit || s->errexit;
            merged.nounset = merged.nounset || s->nounset;
            if (merged.unsetReason.isEmpty())
                merged.unsetReason = s->unsetReason;
        }
        for (const QString &name : std::as_const(names)) {
            const auto first = states.front()->variables.constFind(name);
            bool same = true;
            for (const State *s : states) {
                const auto it = s->variables.constFind(name);
                const bool present = it != s->variables.constEnd();
                const bool firstPresent = first != states.front()->variables.constEnd();
                if (present != firstPresent || (present && !sameValue(it->value, first->value))) {
                    same = false;
                    break;
                }
            }
            if (!same)
                merged.variables[name].value = unknownValue(why);
        }
        for (const QString &name : std::as_const(functions)) {
            const ShellNode *body = nullptr;
            bool same = true;
            for (const State *s : states) {
                const auto it = s->functions.constFind(name);
                const ShellNode *b = it == s->functions.constEnd() ? nullptr : it->body;
                if (s == states.front())
                    body = b;
                else if (b != body)
                    same = false;
            }
            if (!same) {
                for (const State *s : states) {
                    if (const auto it = s->functions.constFind(name); it != s->functions.constEnd()) {
                        Function f = *it;
                        f.uncertainReason = reason;
                        f.uncertainOffset = offset;
                        f.uncertainProgram = m_program;
                        merged.functions[name] = f;
                        break;
                    }
                }
            }
        }
        for (const State *s : states) {
            bool same = s->positional.size() == merged.positional.size();
            for (qsizetype i = 0; same && i < s->positional.size(); ++i)
                same = sameValue(s->positional[i], merged.positional[i]);
            if (!same) {
                for (Value &v : merged.positional)
                    v = unknownValue(why);
                break;
            }
        }
        return merged;
    }

    // --- variables ------------------------------------------------------------------------------

    std::optional<Value> lookup(const QString &name) const
    {
        if (!name.isEmpty() && name[0].isDigit()) {
            const int n = name.toInt();
            if (n == 0)
                return Value{m_options.scriptName};
            if (n <= m_state.positional.size())
                return m_state.positional[n - 1];
            return std::nullopt;
        }
        if (name == u"#")
            return Value{QString::number(m_state.positional.size())};
        if (name == u"?")
            return m_state.status ? Value{QString::number(*m_state.status)} : unknownValue(m_state.statusReason);
        if (name == u"$")
            return unknownValue(ShellEvaluator::tr("the shell's process id is not known here"));
        if (name == u"!")
            return unknownValue(ShellEvaluator::tr("the id of a background job is not known here"));
        if (name == u"-")
            return Value{QString(m_state.errexit ? QStringLiteral("e") : QString()) + (m_state.nounset ? QStringLiteral("u") : QString())};
        const auto it = m_state.variables.constFind(name);
        if (it != m_state.variables.constEnd())
            return it->value;
        if (!m_state.unsetReason.isEmpty())
            return unknownValue(m_state.unsetReason);
        return std::nullopt;
    }

    QString ifs() const
    {
        const auto it = m_state.variables.constFind(QStringLiteral("IFS"));
        return it == m_state.variables.constEnd() || !it->value.known ? QStringLiteral(" \t\n") : it->value.text;
    }

    /** An assignment the script makes: not made to a variable given from outside. */
    void assign(const QString &name, const Value &value, qsizetype offset)
    {
        if (const auto pinned = m_pinned.constFind(name); pinned != m_pinned.constEnd()) {
            if (m_uncertain.empty())
                //: %1 is a variable, %2 the value given for it on the command line or in the dialog
                note(offset, name, ShellEvaluator::tr("given as %1=%2: this assignment is not made").arg(name, *pinned));
            return;
        }
        assignDirectly(name, value);
    }

    void assignDirectly(const QString &name, const Value &value)
    {
        if (value.text.size() > ShellEvaluator::MaxValueLength)
            throw Abort{0, ShellEvaluator::tr("a value grows beyond %1 characters").arg(ShellEvaluator::MaxValueLength)};
        Variable &variable = m_state.variables[name];
        if (variable.readonly)
            return;
        variable.value = value;
    }

    void makeLocal(const QString &name)
    {
        if (m_state.locals.isEmpty())
            return;
        LocalFrame &frame = m_state.locals.last();
        if (frame.saved.contains(name))
            return;
        const auto it = m_state.variables.constFind(name);
        frame.saved.insert(name, it == m_state.variables.constEnd() ? std::nullopt : std::optional<Variable>(*it));
    }

    // --- expansion ------------------------------------------------------------------------------

    void expandParts(const QList<ShellWordPart> &parts, Builder &b)
    {
        for (const ShellWordPart &part : parts)
            expandPart(part, b);
    }

    void expandPart(const ShellWordPart &part, Builder &b)
    {
        if (part.quoted)
            b.quotedSeen = true;
        switch (part.kind) {
        case ShellWordPart::Kind::Literal:
            b.otherContent = true;
            b.add(part.text, part.offset, true, false, part.quoted);
            return;
        case ShellWordPart::Kind::Parameter:
            parameter(part, b);
            return;
        case ShellWordPart::Kind::Arithmetic: {
            b.otherContent = true;
            const Value v = arithmetic(part.operand, part.offset, part.text);
            if (!v.known)
                b.unknown(v.reason);
            else
                b.add(v.text, part.offset, false, !part.quoted, part.quoted);
            return;
        }
        case ShellWordPart::Kind::Command: {
            b.otherContent = true;
            Text out = substitute(part);
            if (!out.known) {
                b.unknown(out.reason);
                return;
            }
            while (out.chars.endsWith(u'\n'))
                out.chars.chop(1);
            b.add(out.chars, part.offset, false, !part.quoted, part.quoted);
            return;
        }
        }
    }

    void addValue(const Value &v, const ShellWordPart &part, Builder &b)
    {
        if (!v.known)
            b.unknown(v.reason);
        else
            b.add(v.text, part.offset, false, !part.quoted, part.quoted);
    }

    [[noreturn]] void stopScript(qsizetype offset, const QString &word, const QString &message)
    {
        if (m_uncertain.empty())
            note(offset, word, message);
        throw StopScript{};
    }

    void checkSet(const QString &name, const ShellWordPart &part)
    {
        if (m_state.nounset && (isValidName(name) || name[0].isDigit()))
            stopScript(part.offset, u'$' + name, ShellEvaluator::tr("the script stops here: %1 is not set, and set -u is on").arg(name));
    }

    void parameter(const ShellWordPart &part, Builder &b)
    {
        const QString &name = part.text;
        const QString &op = part.op;
        if ((name == u"@" || name == u"*") && (op.isEmpty() || op == u"length")) {
            const QList<Value> &args = m_state.positional;
            if (op == u"length") {
                b.otherContent = true;
                b.add(QString::number(args.size()), part.offset, false, !part.quoted, part.quoted);
                return;
            }
            if (name == u"@" && part.quoted && !b.joinAt) {
                if (args.isEmpty())
                    b.emptyAt = true;
                for (qsizetype i = 0; i < args.size(); ++i) {
                    if (i > 0)
                        b.breaks.append(b.chars.size());
                    addValue(args[i], part, b);
                }
                return;
            }
            b.otherContent = b.otherContent || !args.isEmpty();
            const QString separator = part.quoted && name == u"*" ? ifs().left(1) : QStringLiteral(" ");
            for (qsizetype i = 0; i < args.size(); ++i) {
                if (i > 0)
                    b.add(separator, part.offset, false, !part.quoted, part.quoted);
                addValue(args[i], part, b);
            }
            return;
        }
        b.otherContent = true;
        if (op == u"unsupported") {
            b.unknown(ShellEvaluator::tr("%1 is bash's and is not evaluated here").arg(part.operand.value(0).text));
            return;
        }
        const std::optional<Value> v = lookup(name);
        if (op == u"length") {
            if (!v)
                checkSet(name, part);
            if (v && !v->known)
                b.unknown(v->reason);
            else
                b.add(QString::number(v ? v->text.size() : 0), part.offset, false, !part.quoted, part.quoted);
            return;
        }
        if (op.isEmpty()) {
            if (!v) {
                checkSet(name, part);
                return;
            }
            addValue(*v, part, b);
            return;
        }
        const QChar kind = op.back();
        if (op != u"%" && op != u"%%" && op != u"#" && op != u"##") {
            const bool colon = op.startsWith(u':');
            if (v && !v->known) {
                b.unknown(v->reason); // whether it is empty is not known either
                return;
            }
            const bool missing = !v || (colon && v->text.isEmpty());
            if (kind == u'-') {
                if (missing)
                    expandParts(part.operand, b);
                else
                    addValue(*v, part, b);
            } else if (kind == u'=') {
                if (missing) {
                    const Value fallback = stringOf(part.operand);
                    if (isValidName(name))
                        assign(name, fallback, part.offset);
                    addValue(fallback, part, b);
                } else {
                    addValue(*v, part, b);
                }
            } else if (kind == u'+') {
                if (!missing)
                    expandParts(part.operand, b);
            } else if (kind == u'?') {
                if (missing) {
                    const Value message = stringOf(part.operand);
                    stopScript(part.offset, u'$' + name,
                               ShellEvaluator::tr("the script stops here: %1: %2")
                                   .arg(name, message.known && !message.text.isEmpty() ? message.text
                                                                                       : ShellEvaluator::tr("parameter null or not set")));
                }
                addValue(*v, part, b);
            }
            return;
        }
        if (!v) {
            checkSet(name, part);
            return;
        }
        if (!v->known) {
            b.unknown(v->reason);
            return;
        }
        const Pattern pattern = patternOf(part.operand);
        if (!pattern.known) {
            b.unknown(pattern.reason);
            return;
        }
        if (v->text.size() > 4096 || pattern.chars.size() > 256) {
            b.unknown(ShellEvaluator::tr("the value of %1 is too long to cut a pattern from here").arg(name));
            return;
        }
        b.add(removePattern(v->text, pattern, op, &m_work), part.offset, false, !part.quoted, part.quoted);
    }

    Value arithmetic(const QList<ShellWordPart> &operand, qsizetype offset, const QString &written)
    {
        step(offset);
        const Value expression = stringOf(operand);
        if (!expression.known)
            return expression;
        const ShellArithmetic::Read read = [this](const QString &name) -> std::optional<QString> {
            const std::optional<Value> v = lookup(name);
            if (!v)
                return QString();
            if (!v->known)
                return std::nullopt;
            return v->text;
        };
        const ShellArithmetic::Write write = [this, offset](const QString &name, qint64 value) {
            assign(name, Value{QString::number(value)}, offset);
        };
        const ShellArithmetic::Result result = ShellArithmetic::evaluate(expression.text, read, write);
        if (result.value)
            return Value{QString::number(*result.value)};
        if (!result.unknownVariable.isEmpty())
            return unknownValue(lookup(result.unknownVariable).value_or(Value{}).reason);
        const QString why = ShellEvaluator::tr("the arithmetic %1 at line %2 fails: %3").arg(written.trimmed()).arg(lineOf(offset)).arg(result.error);
        if (m_uncertain.empty())
            note(offset, written.trimmed(), ShellEvaluator::tr("this arithmetic fails: %1").arg(result.error));
        return unknownValue(why);
    }

    /** A word as the fields a command receives. */
    QList<Field> fieldsOf(const ShellWord &word)
    {
        Builder b;
        b.work = &m_work;
        expandParts(word.parts, b);
        if (!b.known) {
            Field field;
            field.known = false;
            field.reason = b.reason;
            field.offset = word.offset;
            field.raw = word.raw;
            return {field};
        }
        if (b.emptyAt && !b.otherContent && b.chars.isEmpty())
            return {};
        const QString separators = ifs();
        const auto isIfs = [&](qsizetype i) { return b.split[i] && separators.contains(b.chars[i]); };
        const auto isWhite = [&](qsizetype i) {
            const QChar c = b.chars[i];
            return isIfs(i) && (c == u' ' || c == u'\t' || c == u'\n');
        };
        QList<Field> fields;
        Field current;
        qsizetype first = -1;
        bool has = false;
        const auto push = [&] {
            current.offset = first <= 0 ? word.offset : b.origin[first];
            current.raw = word.raw;
            fields.append(current);
            current = Field{};
            first = -1;
            has = false;
        };
        qsizetype nextBreak = 0;
        for (qsizetype i = 0; i < b.chars.size();) {
            if (nextBreak < b.breaks.size() && b.breaks[nextBreak] == i) {
                ++nextBreak;
                push();
                continue;
            }
            if (isIfs(i)) {
                qsizetype j = i;
                while (j < b.chars.size() && isWhite(j))
                    ++j;
                bool hard = false;
                if (j < b.chars.size() && isIfs(j) && !isWhite(j)) {
                    hard = true;
                    ++j;
                    while (j < b.chars.size() && isWhite(j))
                        ++j;
                }
                if (has || hard)
                    push();
                i = j;
                continue;
            }
            if (first < 0)
                first = i;
            current.text += b.chars[i];
            current.origin.append(b.origin[i]);
            has = true;
            ++i;
        }
        if (has || (fields.isEmpty() && b.quotedSeen))
            push();
        return fields;
    }

    /** A word as one string: assignments, case subjects, redirection targets. */
    Value stringOf(const QList<ShellWordPart> &parts)
    {
        Builder b;
        b.work = &m_work;
        b.joinAt = true;
        expandParts(parts, b);
        if (!b.known)
            return unknownValue(b.reason);
        return Value{b.chars};
    }

    Text textOf(const QList<ShellWordPart> &parts)
    {
        Builder b;
        b.work = &m_work;
        b.joinAt = true;
        expandParts(parts, b);
        Text text;
        if (!b.known)
            text.markUnknown(b.reason);
        text.chars = b.chars;
        text.origin = b.origin;
        return text;
    }

    Pattern patternOf(const QList<ShellWordPart> &parts)
    {
        Builder b;
        b.work = &m_work;
        b.joinAt = true;
        expandParts(parts, b);
        return Pattern{b.chars, b.literal, b.known, b.reason};
    }

    // --- programs inside the script: $(…), eval, sh -c, traps -------------------------------------

    ProgramPtr parseRange(qsizetype begin, qsizetype end, std::optional<ShellProblem> *problem)
    {
        const QString key = QStringLiteral("%1:%2:%3").arg(quintptr(m_program->source.get())).arg(begin).arg(end);
        if (const auto it = m_parsed.constFind(key); it != m_parsed.constEnd()) {
            *problem = it->second;
            return it->first;
        }
        const QList<ShellToken> tokens = ShellLexer::tokenize(*m_program->source, begin, end, problem);
        std::optional<ShellProblem> parseProblem;
        auto program = std::make_shared<Program>();
        program->source = m_program->source;
        program->root = ShellParser::parse(tokens, &parseProblem);
        if (!*problem)
            *problem = parseProblem;
        m_parsed.insert(key, {program, *problem});
        return program;
    }

    ProgramPtr parseText(const QString &text, int line, int column, std::optional<ShellProblem> *problem)
    {
        const QString key = QStringLiteral("%1:%2:%3").arg(line).arg(column).arg(text);
        if (const auto it = m_parsed.constFind(key); it != m_parsed.constEnd()) {
            *problem = it->second;
            return it->first;
        }
        auto source = std::make_shared<const ShellSource>(ShellSource::at(text, line, column));
        const QList<ShellToken> tokens = ShellLexer::tokenize(*source, problem);
        std::optional<ShellProblem> parseProblem;
        auto program = std::make_shared<Program>();
        program->source = source;
        program->root = ShellParser::parse(tokens, &parseProblem);
        if (!*problem)
            *problem = parseProblem;
        m_parsed.insert(key, {program, *problem});
        return program;
    }

    Text substitute(const ShellWordPart &part)
    {
        step(part.offset);
        const Nesting nesting(m_depth, part.offset);
        std::optional<ShellProblem> problem;
        const ProgramPtr program = part.bodyBegin >= 0 ? parseRange(part.bodyBegin, part.bodyEnd, &problem)
                                                       : parseText(part.text, lineOf(part.offset), columnOf(part.offset), &problem);
        Text out;
        const int line = lineOf(part.offset);
        if (problem) {
            out.markUnknown(ShellEvaluator::tr("it comes from $(…) at line %1, which has a syntax error: %2").arg(line).arg(problem->message));
            return out;
        }
        const State saved = m_state;
        const ProgramPtr savedProgram = m_program;
        const std::shared_ptr<Input> savedInput = m_stdin;
        m_program = program;
        m_stdin.reset();
        m_captures.push_back(Text{});
        try {
            runNode(*program->root, false);
        } catch (const StopScript &) {
        }
        out = m_captures.back();
        m_captures.pop_back();
        const std::optional<int> status = m_state.status;
        const QString statusReason = m_state.statusReason;
        m_state = saved;
        m_program = savedProgram;
        m_stdin = savedInput;
        m_substituted = true;
        m_substitutionStatus = status;
        m_substitutionReason = statusReason;
        if (!out.known)
            out.reason = ShellEvaluator::tr("it comes from $(…) at line %1: %2").arg(line).arg(out.reason);
        return out;
    }

    /** Text the script hands back to the shell (eval, sh -c, a trap), every position being @p line, @p column. */
    Flow runString(const QString &text, int line, int column, bool subshell)
    {
        const Nesting nesting(m_depth, 0);
        std::optional<ShellProblem> problem;
        const ProgramPtr program = parseText(text, line, column, &problem);
        m_programs.push_back(program);
        const ProgramPtr savedProgram = m_program;
        m_program = program;
        if (problem) {
            error(problem->offset, problem->word, problem->message);
            m_program = savedProgram;
            m_state.status = 2;
            return Flow::Normal;
        }
        const State saved = m_state;
        Flow flow = Flow::Normal;
        try {
            flow = runNode(*program->root, false);
        } catch (const StopScript &) {
            flow = Flow::Exit;
        }
        m_program = savedProgram;
        if (subshell) {
            const std::optional<int> status = m_state.status;
            const QString reason = m_state.statusReason;
            m_state = saved;
            m_state.status = status;
            m_state.statusReason = reason;
            return Flow::Normal;
        }
        return flow;
    }

    // --- output and input -----------------------------------------------------------------------

    void output(const QString &text, const QList<qsizetype> &origin)
    {
        if (!m_captures.empty())
            m_captures.back().append(text, origin);
    }

    void outputUnknown(const QString &reason)
    {
        if (!m_captures.empty())
            m_captures.back().markUnknown(reason);
    }

    /** What the command reads on standard input: its here-document or here-string, else the pipe it stands in. */
    std::shared_ptr<Input> inputOf(const ShellNode &node)
    {
        for (const ShellRedirection &r : node.redirections) {
            if ((r.op == u"<<" || r.op == u"<<-") && (r.fd < 0 || r.fd == 0)) {
                auto input = std::make_shared<Input>();
                input->text = textOf(r.hereDocument);
                return input;
            }
            if (r.op == u"<<<" && (r.fd < 0 || r.fd == 0)) {
                auto input = std::make_shared<Input>();
                input->text = textOf(r.target.parts);
                input->text.append(QStringLiteral("\n"), {r.offset});
                return input;
            }
            if (r.op == u"<" && (r.fd < 0 || r.fd == 0)) {
                auto input = std::make_shared<Input>();
                const Value file = stringOf(r.target.parts);
                input->text.markUnknown(ShellEvaluator::tr("it reads %1, which is not read here").arg(file.known ? file.text : r.target.raw));
                return input;
            }
        }
        return m_stdin;
    }

    /** Output redirections to a file: such a command writes somewhere, and is noted. */
    QString writtenFile(const ShellNode &node)
    {
        for (const ShellRedirection &r : node.redirections) {
            if (r.op != u">" && r.op != u">>" && r.op != u"&>" && r.op != u"&>>" && r.op != u">|" && r.op != u">&")
                continue;
            const Value target = stringOf(r.target.parts);
            if (!target.known)
                return r.target.raw;
            if (target.text == u"/dev/null" || target.text == u"/dev/stderr" || target.text == u"/dev/stdout" ||
                (r.op == u">&" && (target.text == u"1" || target.text == u"2" || target.text == u"-")))
                continue;
            return target.text;
        }
        return {};
    }

    // --- commands -------------------------------------------------------------------------------

    struct Nesting
    {
        Nesting(int &depth, qsizetype offset) : m_depth(depth)
        {
            if (++m_depth > MaxNodeDepth)
                throw Abort{offset, ShellEvaluator::tr("commands, functions and substitutions nested more than %1 deep").arg(MaxNodeDepth)};
        }
        ~Nesting() { --m_depth; }
        int &m_depth;
    };

    Flow runNode(const ShellNode &node, bool tested)
    {
        const Nesting nesting(m_depth, node.offset);
        // A compound command's own here-document feeds what reads inside it (while read …; done <<EOF).
        std::shared_ptr<Input> savedInput;
        const bool redirected = node.kind != ShellNode::Kind::Simple && !node.redirections.isEmpty();
        if (redirected) {
            savedInput = m_stdin;
            m_stdin = inputOf(node);
        }
        Flow flow = Flow::Normal;
        switch (node.kind) {
        case ShellNode::Kind::Simple:
            flow = runSimple(node, tested);
            break;
        case ShellNode::Kind::Pipeline:
            flow = runPipeline(node, tested);
            break;
        case ShellNode::Kind::AndOr:
            flow = runChain(node, 0, tested);
            break;
        case ShellNode::Kind::List:
            for (const ShellNodePtr &child : node.children) {
                flow = runNode(*child, tested);
                if (flow != Flow::Normal)
                    break;
            }
            break;
        case ShellNode::Kind::If:
            flow = runIf(node, 0, tested);
            break;
        case ShellNode::Kind::Loop:
            flow = runLoop(node);
            break;
        case ShellNode::Kind::For:
            flow = runFor(node);
            break;
        case ShellNode::Kind::ArithmeticFor:
            flow = runArithmeticFor(node);
            break;
        case ShellNode::Kind::Case:
            flow = runCase(node, tested);
            break;
        case ShellNode::Kind::Function:
            step(node.offset);
            m_state.functions.insert(node.name, Function{node.body.get(), m_program,
                                                         m_uncertain.empty() ? QString() : m_uncertain.back().reason,
                                                         m_uncertain.empty() ? 0 : m_uncertain.back().offset,
                                                         m_uncertain.empty() ? ProgramPtr() : m_uncertain.back().program});
            m_state.status = 0;
            break;
        case ShellNode::Kind::Group:
            flow = runNode(*node.children[0], tested);
            break;
        case ShellNode::Kind::Subshell: {
            const State saved = m_state;
            try {
                runNode(*node.children[0], tested);
            } catch (const StopScript &) {
            }
            const std::optional<int> status = m_state.status;
            const QString reason = m_state.statusReason;
            m_state = saved;
            m_state.status = status;
            m_state.statusReason = reason;
            break;
        }
        case ShellNode::Kind::Arithmetic: {
            const Value v = arithmetic(node.expressions[0].parts, node.offset, node.expressions[0].raw);
            setStatus(v.known ? std::optional<int>(v.text != u"0" ? 0 : 1) : std::nullopt, v.reason);
            flow = errexit(node.offset, tested);
            break;
        }
        case ShellNode::Kind::Test: {
            step(node.offset);
            const Truth t = doubleBracket(node.words);
            applyTruth(t, node.offset, QStringLiteral("[["));
            flow = errexit(node.offset, tested);
            break;
        }
        }
        if (redirected)
            m_stdin = savedInput;
        return flow;
    }

    void setStatus(std::optional<int> status, const QString &reason = {})
    {
        m_state.status = status;
        m_state.statusReason = reason;
    }

    Flow errexit(qsizetype offset, bool tested)
    {
        if (tested || !m_state.errexit || !m_state.status || *m_state.status == 0)
            return Flow::Normal;
        if (m_uncertain.empty())
            note(offset, {}, ShellEvaluator::tr("set -e: the script stops here, where a command fails"));
        return Flow::Exit;
    }

    Flow runChain(const ShellNode &node, size_t from, bool tested)
    {
        const size_t last = node.children.size() - 1;
        Flow flow = runNode(*node.children[from], from == last ? tested : true);
        for (size_t k = from; k < last; ++k) {
            if (flow != Flow::Normal)
                return flow;
            if (!m_state.status) {
                const ShellNode &left = *node.children[k];
                return runUncertain(left.offset, firstWord(left), m_state.statusReason,
                                    {[this, &node, k, tested] { return runChain(node, k + 1, tested); }}, true);
            }
            if ((node.separators[k] == u"&&") != (*m_state.status == 0))
                continue; // skipped; the status stays for the next && or ||
            flow = runNode(*node.children[k + 1], k + 1 == last ? tested : true);
        }
        return flow;
    }

    QString firstWord(const ShellNode &node) const
    {
        const QString &text = m_program->source->text();
        qsizetype end = node.offset;
        while (end < text.size() && !text[end].isSpace() && text[end] != u';')
            ++end;
        return text.mid(node.offset, end - node.offset);
    }

    Flow runPipeline(const ShellNode &node, bool tested)
    {
        if (node.children.size() == 1) {
            const Flow flow = runNode(*node.children[0], true);
            if (flow != Flow::Normal)
                return flow;
            if (node.negated && m_state.status)
                m_state.status = *m_state.status == 0 ? 1 : 0;
            return errexit(node.offset, tested || node.negated);
        }
        std::shared_ptr<Input> input = m_stdin;
        const std::shared_ptr<Input> savedInput = m_stdin;
        std::optional<int> status;
        QString reason;
        for (size_t i = 0; i < node.children.size(); ++i) {
            const bool last = i + 1 == node.children.size();
            const State saved = m_state;
            const ProgramPtr program = m_program;
            if (!last)
                m_captures.push_back(Text{});
            m_stdin = input;
            try {
                runNode(*node.children[i], true);
            } catch (const StopScript &) {
            }
            if (!last) {
                input = std::make_shared<Input>();
                input->text = m_captures.back();
                m_captures.pop_back();
            }
            status = m_state.status;
            reason = m_state.statusReason;
            m_state = saved; // every part of a pipeline runs in a subshell
            m_program = program;
        }
        m_stdin = savedInput;
        setStatus(status, reason);
        if (node.negated && m_state.status)
            m_state.status = *m_state.status == 0 ? 1 : 0;
        return errexit(node.offset, tested || node.negated);
    }

    Flow runIf(const ShellNode &node, size_t from, bool tested)
    {
        for (size_t i = from; i < node.clauses.size(); ++i) {
            const ShellIfClause &clause = node.clauses[i];
            const Flow flow = runNode(*clause.condition, true);
            if (flow != Flow::Normal)
                return flow;
            const QString word = i == 0 ? QStringLiteral("if") : QStringLiteral("elif");
            if (!m_state.status) {
                return runUncertain(clause.offset, word, m_state.statusReason,
                                    {[this, &node, i, tested] { return runNode(*node.clauses[i].body, tested); },
                                     [this, &node, i, tested] { return runIf(node, i + 1, tested); }},
                                    false);
            }
            const QString condition = sourceLine(clause.condition->offset);
            if (*m_state.status == 0) {
                decide(clause.offset, ShellEvaluator::tr("not taken: %1 is false").arg(condition), true);
                if (node.elseBody)
                    decide(node.elseBody->offset, ShellEvaluator::tr("not taken: else (the condition at line %1 holds)").arg(lineOf(clause.offset)), false);
                return runNode(*clause.body, tested);
            }
            decide(clause.offset, ShellEvaluator::tr("not taken: %1 is false").arg(condition), false);
        }
        if (node.elseBody) {
            decide(node.elseBody->offset, {}, true);
            return runNode(*node.elseBody, tested);
        }
        setStatus(0);
        return Flow::Normal;
    }

    /** A loop's body ended with @p flow: whether the loop ends, and with what. */
    static bool loopEnds(Flow *flow, int *levels)
    {
        if (*flow == Flow::Break) {
            if (--*levels > 0)
                return true;
            *flow = Flow::Normal;
            return true;
        }
        if (*flow == Flow::Continue) {
            if (--*levels > 0)
                return true;
            *flow = Flow::Normal;
            return false;
        }
        return *flow != Flow::Normal;
    }

    void loopWithoutBound(const ShellNode &node, qsizetype commandsBefore, const QString &word)
    {
        if (!m_uncertain.empty())
            return;
        if (m_result.commands.size() > commandsBefore)
            error(node.offset, word,
                  ShellEvaluator::tr("this loop does not end within %1 rounds; loops without a bound are not run, and the tc "
                                     "commands in it depend on it")
                      .arg(ShellEvaluator::MaxLoopRounds));
        else
            note(node.offset, word,
                 ShellEvaluator::tr("not evaluated: this loop does not end within %1 rounds; no tc command depends on it")
                     .arg(ShellEvaluator::MaxLoopRounds));
    }

    Flow runLoop(const ShellNode &node)
    {
        const QString word = node.until ? QStringLiteral("until") : QStringLiteral("while");
        const qsizetype commandsBefore = m_result.commands.size();
        for (int round = 0;; ++round) {
            step(node.offset);
            Flow flow = runNode(*node.children[0], true);
            if (flow == Flow::Exit || flow == Flow::Return)
                return flow;
            if (!m_state.status) {
                return runUncertain(node.offset, word, m_state.statusReason,
                                    {[this, &node] {
                                        Flow body = runNode(*node.children[1], false);
                                        return body == Flow::Break || body == Flow::Continue ? Flow::Normal : body;
                                    }},
                                    true);
            }
            if ((*m_state.status == 0) == node.until)
                break;
            if (round >= ShellEvaluator::MaxLoopRounds) {
                loopWithoutBound(node, commandsBefore, word);
                break;
            }
            flow = runNode(*node.children[1], false);
            if (loopEnds(&flow, &m_levels)) {
                if (flow != Flow::Normal)
                    return flow;
                break;
            }
        }
        setStatus(0);
        return Flow::Normal;
    }

    Flow runFor(const ShellNode &node)
    {
        QList<Field> items;
        if (node.hasIn) {
            try {
                for (const ShellWord &word : node.items)
                    items += fieldsOf(word);
            } catch (const StopScript &) {
                return Flow::Exit;
            }
        } else {
            for (const Value &v : std::as_const(m_state.positional))
                items.append(Field{v.text, {}, node.offset, v.known, v.reason, {}});
        }
        for (const Field &item : std::as_const(items)) {
            if (!item.known) {
                return runUncertain(node.offset, QStringLiteral("for"), item.reason,
                                    {[this, &node, item] {
                                        assignDirectly(node.name, unknownValue(item.reason));
                                        Flow body = runNode(*node.body, false);
                                        return body == Flow::Break || body == Flow::Continue ? Flow::Normal : body;
                                    }},
                                    true);
            }
        }
        setStatus(0);
        for (const Field &item : std::as_const(items)) {
            step(node.offset);
            assignDirectly(node.name, Value{item.text});
            Flow flow = runNode(*node.body, false);
            if (loopEnds(&flow, &m_levels)) {
                if (flow != Flow::Normal)
                    return flow;
                break;
            }
        }
        return Flow::Normal;
    }

    Flow runArithmeticFor(const ShellNode &node)
    {
        const qsizetype commandsBefore = m_result.commands.size();
        const auto evaluate = [&](const ShellWord &w) { return arithmetic(w.parts, node.offset, w.raw); };
        const Value init = evaluate(node.expressions[0]);
        if (!init.known)
            return runUncertain(node.offset, QStringLiteral("for"), init.reason, {[this, &node] { return runNode(*node.body, false); }}, true);
        for (int round = 0;; ++round) {
            step(node.offset);
            const bool noCondition = node.expressions[1].parts.isEmpty();
            const Value condition = noCondition ? Value{QStringLiteral("1")} : evaluate(node.expressions[1]);
            if (!condition.known)
                return runUncertain(node.offset, QStringLiteral("for"), condition.reason,
                                    {[this, &node] {
                                        Flow body = runNode(*node.body, false);
                                        return body == Flow::Break || body == Flow::Continue ? Flow::Normal : body;
                                    }},
                                    true);
            if (condition.text == u"0")
                break;
            if (round >= ShellEvaluator::MaxLoopRounds) {
                loopWithoutBound(node, commandsBefore, QStringLiteral("for"));
                break;
            }
            Flow flow = runNode(*node.body, false);
            if (loopEnds(&flow, &m_levels)) {
                if (flow != Flow::Normal)
                    return flow;
                break;
            }
            evaluate(node.expressions[2]);
        }
        setStatus(0);
        return Flow::Normal;
    }

    Flow runCase(const ShellNode &node, bool tested)
    {
        step(node.offset);
        Value subject;
        try {
            subject = stringOf(node.subject.parts);
        } catch (const StopScript &) {
            return Flow::Exit;
        }
        const auto uncertainFrom = [&](size_t from, const QString &reason) {
            std::vector<std::function<Flow()>> alternatives;
            for (size_t i = from; i < node.caseItems.size(); ++i) {
                if (node.caseItems[i].body)
                    alternatives.push_back([this, &node, i, tested] { return runNode(*node.caseItems[i].body, tested); });
            }
            return runUncertain(node.offset, QStringLiteral("case"), reason, alternatives, true);
        };
        if (!subject.known)
            return uncertainFrom(0, subject.reason);
        const QString quoted = u'"' + subject.text + u'"';
        bool matchedEarlier = false;
        bool fallthrough = false;
        setStatus(0);
        for (size_t i = 0; i < node.caseItems.size(); ++i) {
            const ShellCaseItem &item = node.caseItems[i];
            QStringList written;
            for (const ShellWord &p : item.patterns)
                written.append(p.raw);
            bool hit = fallthrough;
            for (qsizetype k = 0; !hit && k < item.patterns.size(); ++k) {
                Pattern pattern;
                try {
                    pattern = patternOf(item.patterns[k].parts);
                } catch (const StopScript &) {
                    return Flow::Exit;
                }
                if (!pattern.known)
                    return uncertainFrom(i, pattern.reason);
                hit = globMatch(pattern, subject.text, &m_work);
            }
            if (!hit) {
                decide(item.offset,
                       matchedEarlier ? ShellEvaluator::tr("not taken: %1 matched an earlier pattern").arg(quoted)
                                      //: %1 is the value tested ("start"), %2 the case pattern as written (stop|restart)
                                      : ShellEvaluator::tr("not taken: %1 does not match %2").arg(quoted, written.join(u'|')),
                       false);
                continue;
            }
            decide(item.offset, {}, true);
            Flow flow = item.body ? runNode(*item.body, tested) : Flow::Normal;
            if (flow != Flow::Normal)
                return flow;
            fallthrough = item.terminator == u";&";
            if (fallthrough)
                continue;
            matchedEarlier = true;
            if (item.terminator == u";;&")
                continue;
            for (size_t j = i + 1; j < node.caseItems.size(); ++j)
                decide(node.caseItems[j].offset, ShellEvaluator::tr("not taken: %1 matched an earlier pattern").arg(quoted), false);
            return Flow::Normal;
        }
        return Flow::Normal;
    }

    Flow runSimple(const ShellNode &node, bool tested)
    {
        step(node.offset);
        m_substituted = false;
        QList<Field> fields;
        QList<Value> values;
        try {
            const bool declaration = !node.words.isEmpty() && node.words[0].isPlain() &&
                                     QStringList{QStringLiteral("export"), QStringLiteral("readonly"), QStringLiteral("local"),
                                                 QStringLiteral("declare"), QStringLiteral("typeset")}
                                         .contains(node.words[0].plainText());
            for (qsizetype i = 0; i < node.words.size(); ++i) {
                const ShellWord &word = node.words[i];
                if (declaration && i > 0 && word.assignmentNameLength() > 0) {
                    // bash's declaration commands take NAME=VALUE whole, unsplit.
                    Builder b;
                    b.work = &m_work;
                    b.joinAt = true;
                    expandParts(word.parts, b);
                    if (!b.known)
                        b.chars = word.parts.first().text.left(word.assignmentNameLength() + 1); // NAME=, its value not known
                    fields.append(Field{b.chars, b.origin, word.offset, b.known, b.reason, word.raw});
                } else {
                    fields += fieldsOf(word);
                }
                if (fields.size() > 10000)
                    throw Abort{node.offset, ShellEvaluator::tr("a command with more than 10000 words")};
            }
            for (const ShellAssignment &a : node.assignments)
                values.append(stringOf(a.value.parts));
        } catch (const StopScript &) {
            return Flow::Exit;
        }

        if (fields.isEmpty()) {
            for (qsizetype i = 0; i < node.assignments.size(); ++i)
                assign(node.assignments[i].name, values[i], node.assignments[i].offset);
            if (m_substituted)
                setStatus(m_substitutionStatus, m_substitutionReason);
            else
                setStatus(0);
            return errexit(node.offset, tested);
        }
        const Flow flow = runFields(fields, node, tested, QString());
        if (flow != Flow::Normal)
            return flow;
        return errexit(node.offset, tested);
    }

    void skipped(const Field &name)
    {
        if (m_uncertain.empty())
            note(name.offset, name.text, ShellEvaluator::tr("not tc, skipped"));
        const QString reason = ShellEvaluator::tr("%1 is not run here").arg(backquoted(name.text));
        outputUnknown(reason);
        setStatus(std::nullopt, reason);
    }

    /** @p words[@p from…] is the command after a prefix such as sudo or env. */
    Flow runRest(const QList<Field> &fields, qsizetype from, const ShellNode &node, bool tested, const QString &netns)
    {
        if (from < 0 || from >= fields.size()) {
            skipped(fields.first());
            return Flow::Normal;
        }
        return runFields(fields.mid(from), node, tested, netns, true);
    }

    Flow runFields(const QList<Field> &fields, const ShellNode &node, bool tested, const QString &netns, bool external = false)
    {
        const Field &name = fields.first();
        if (!name.known)
            return unknownCommand(fields);
        const QString &program = name.text;
        const QString base = program.mid(program.lastIndexOf(u'/') + 1);
        if (!external && !program.contains(u'/')) {
            if (const auto it = m_state.functions.constFind(program); it != m_state.functions.constEnd())
                return callFunction(*it, fields);
            if (std::optional<Flow> flow = builtin(program, fields, node, tested))
                return *flow;
        }
        QStringList texts;
        for (const Field &f : fields)
            texts.append(f.known ? f.text : QString());
        if (base == u"sudo" || base == u"doas")
            return runRest(fields, SudoCommand::programIndex(texts, 1), node, tested, netns);
        if (base == u"env") {
            qsizetype i = 1;
            while (i < fields.size()) {
                const QString &t = texts[i];
                if (t == u"-u" || t == u"--unset" || t == u"-C" || t == u"--chdir")
                    i += 2;
                else if (t.startsWith(u'-') || (t.contains(u'=') && isValidName(t.left(t.indexOf(u'=')))))
                    ++i;
                else
                    break;
            }
            return runRest(fields, i, node, tested, netns);
        }
        if (base == u"nice") {
            qsizetype i = 1;
            if (i < texts.size() && (texts[i] == u"-n" || texts[i] == u"--adjustment"))
                i += 2;
            else if (i < texts.size() && texts[i].startsWith(u'-'))
                ++i;
            return runRest(fields, i, node, tested, netns);
        }
        if (base == u"nohup" || base == u"time") {
            qsizetype i = 1;
            while (i < texts.size() && texts[i].startsWith(u'-'))
                ++i;
            return runRest(fields, i, node, tested, netns);
        }
        if (base == u"timeout") {
            qsizetype i = 1;
            while (i < texts.size() && texts[i].startsWith(u'-'))
                i += (texts[i] == u"-s" || texts[i] == u"-k" || texts[i] == u"--signal" || texts[i] == u"--kill-after") ? 2 : 1;
            return runRest(fields, i + 1, node, tested, netns);
        }
        if (base == u"tc")
            return runTc(fields, node, tested, netns);
        if (base == u"ip")
            return runIp(fields, node, tested);
        if ((base == u"sh" || base == u"bash" || base == u"dash") && fields.size() >= 3 && texts[1] == u"-c") {
            const Field &script = fields[2];
            if (!script.known)
                return unknownScriptText(script, base);
            return runString(script.text, lineOf(script.offset), columnOf(script.offset), true);
        }
        if (std::optional<Flow> flow = pureCommand(base, fields, node))
            return *flow;
        if (base == u"qdisc" || base == u"class" || base == u"filter") {
            if (m_uncertain.empty())
                error(name.offset, name.text, ShellEvaluator::tr("not a command: a tc -batch line here, or a variable meant to hold tc "
                                                                 "($TC) is not set (give it, like TC=tc)"));
            else
                reportUncertain(name.offset);
            setStatus(std::nullopt, ShellEvaluator::tr("%1 is not run here").arg(backquoted(name.text)));
            return Flow::Normal;
        }
        skipped(name);
        return Flow::Normal;
    }

    Flow unknownCommand(const QList<Field> &fields)
    {
        const Field &name = fields.first();
        static const QStringList tcWords = {QStringLiteral("qdisc"), QStringLiteral("class"), QStringLiteral("filter"),
                                            QStringLiteral("action"), QStringLiteral("actions"), QStringLiteral("-batch"),
                                            QStringLiteral("-b"), QStringLiteral("-n"), QStringLiteral("-force")};
        const bool looksLikeTc = fields.size() > 1 && fields[1].known && tcWords.contains(fields[1].text);
        if (!m_uncertain.empty()) {
            if (looksLikeTc)
                reportUncertain(name.offset);
        } else if (looksLikeTc) {
            error(name.offset, name.raw, ShellEvaluator::tr("the command's name is not known here: %1").arg(name.reason));
        } else {
            note(name.offset, name.raw, ShellEvaluator::tr("not evaluated: the command's name is not known here: %1").arg(name.reason));
        }
        outputUnknown(name.reason);
        setStatus(std::nullopt, name.reason);
        return Flow::Normal;
    }

    Flow unknownScriptText(const Field &text, const QString &command)
    {
        if (!m_uncertain.empty())
            reportUncertain(text.offset);
        else
            //: %1 is eval, sh or bash
            error(text.offset, text.raw, ShellEvaluator::tr("the text given to %1 is not known here, and it may run tc: %2").arg(command, text.reason));
        setStatus(std::nullopt, text.reason);
        return Flow::Normal;
    }

    Flow callFunction(const Function &function, const QList<Field> &fields)
    {
        if (++m_callDepth > ShellEvaluator::MaxCallDepth)
            throw Abort{fields.first().offset, ShellEvaluator::tr("functions call each other more than %1 deep").arg(ShellEvaluator::MaxCallDepth)};
        step(fields.first().offset);
        const QList<Value> savedPositional = m_state.positional;
        m_state.positional.clear();
        for (qsizetype i = 1; i < fields.size(); ++i)
            m_state.positional.append(Value{fields[i].text, fields[i].known, fields[i].reason});
        m_state.locals.append(LocalFrame{});
        const ProgramPtr savedProgram = m_program;
        const bool uncertain = !function.uncertainReason.isEmpty() && m_uncertain.empty();
        if (uncertain)
            m_uncertain.push_back(Uncertainty{function.uncertainProgram ? function.uncertainProgram : m_program, function.uncertainOffset,
                                              QString(),
                                              //: %1 is a shell function's name
                                              ShellEvaluator::tr("whether %1 is defined: %2").arg(fields.first().text, function.uncertainReason),
                                              false, 0});
        m_program = function.program;
        Flow flow = runNode(*function.body, false);
        if (uncertain)
            m_uncertain.pop_back();
        m_program = savedProgram;
        if (!m_state.locals.isEmpty()) {
            const LocalFrame frame = m_state.locals.takeLast();
            for (auto it = frame.saved.begin(); it != frame.saved.end(); ++it) {
                if (it.value())
                    m_state.variables.insert(it.key(), *it.value());
                else
                    m_state.variables.remove(it.key());
            }
        }
        m_state.positional = savedPositional;
        --m_callDepth;
        if (flow == Flow::Return || flow == Flow::Break || flow == Flow::Continue)
            flow = Flow::Normal;
        return flow;
    }

    // --- tc, ip ---------------------------------------------------------------------------------

    TcWord wordOf(const Field &field) const
    {
        return TcWord{field.text, lineOf(field.offset), columnOf(field.offset)};
    }

    /** A tc command needs a value that is not known here. */
    void dependsOnUnknown(const Field &field)
    {
        if (!m_uncertain.empty())
            reportUncertain(field.offset);
        else
            error(field.offset, field.raw, ShellEvaluator::tr("its value is not known here: %1").arg(field.reason));
    }

    void emitCommand(const QList<TcWord> &words, bool changing, qsizetype offset)
    {
        if (!m_uncertain.empty()) {
            if (changing)
                reportUncertain(offset);
            return;
        }
        if (m_result.commands.size() >= ShellEvaluator::MaxCommands)
            throw Abort{offset, ShellEvaluator::tr("the script runs more than %1 tc commands").arg(ShellEvaluator::MaxCommands)};
        m_result.commands.append(TcCommand{words});
    }

    Flow runTc(const QList<Field> &fields, const ShellNode &node, bool tested, const QString &netns)
    {
        setStatus(0);
        outputUnknown(ShellEvaluator::tr("tc's output is not known here"));
        for (const Field &field : fields) {
            if (!field.known) {
                dependsOnUnknown(field);
                return Flow::Normal;
            }
        }
        QList<TcWord> words;
        for (const Field &field : fields)
            words.append(wordOf(field));
        qsizetype i = 1;
        bool force = false;
        bool hasNetns = false;
        qsizetype batchAt = -1;
        while (i < words.size() && words[i].text.startsWith(u'-')) {
            const QStringView option = words[i].text;
            if (option == u"-n" || tcMatches(option, u"-netns")) {
                hasNetns = true;
                i += 2;
                continue;
            }
            if (tcMatches(option, u"-batch")) {
                batchAt = i;
                i += 2;
                continue;
            }
            if (option == u"-cf" || tcMatches(option, u"-conf")) {
                i += 2;
                continue;
            }
            if (tcMatches(option, u"-force"))
                force = true;
            ++i;
        }
        if (!netns.isEmpty() && !hasNetns) {
            // ip netns exec NS tc …: the same as tc -n NS …
            words.insert(1, TcWord{QStringLiteral("-n"), words[0].line, words[0].column});
            words.insert(2, TcWord{netns, words[0].line, words[0].column});
            i += 2;
            if (batchAt >= 0)
                batchAt += 2;
        }
        if (batchAt >= 0)
            return runBatch(words, batchAt, node, force, fields.first().offset);
        const bool changing = !TcBatch::onlyShows(words, i);
        emitCommand(words, changing, fields.first().offset);
        if (changing && !tested && m_state.errexit && m_uncertain.empty() && i + 1 < words.size() && tcMatches(words[i + 1].text, u"delete"))
            warning(fields[i + 1].offset, words[i + 1].text,
                    ShellEvaluator::tr("set -e is on: on a device that holds nothing to delete, tc fails here and the script stops "
                                       "(add || true)"));
        return Flow::Normal;
    }

    Flow runBatch(const QList<TcWord> &words, qsizetype batchAt, const ShellNode &node, bool force, qsizetype offset)
    {
        if (batchAt + 1 >= words.size()) {
            error(offset, words[batchAt].text, ShellEvaluator::tr("-batch needs a file name after it"));
            return Flow::Normal;
        }
        const TcWord &file = words[batchAt + 1];
        if (file.text != u"-" && file.text != u"/dev/stdin") {
            if (!m_uncertain.empty())
                reportUncertain(offset);
            else
                error(offset, file.text,
                      ShellEvaluator::tr("tc reads its commands from %1, which is not read here: paste the file's lines instead").arg(file.text));
            return Flow::Normal;
        }
        const std::shared_ptr<Input> input = inputOf(node);
        if (!input) {
            if (m_uncertain.empty())
                error(offset, file.text, ShellEvaluator::tr("tc reads its commands from standard input, which is not given here"));
            return Flow::Normal;
        }
        if (!input->text.known) {
            if (!m_uncertain.empty())
                reportUncertain(offset);
            else
                error(offset, file.text, ShellEvaluator::tr("the commands tc reads are not known here: %1").arg(input->text.reason));
            return Flow::Normal;
        }
        QList<TcWord> prefix;
        for (qsizetype k = 0; k < words.size(); ++k) {
            if (k == batchAt || k == batchAt + 1)
                continue;
            if (k > 0 && !words[k].text.startsWith(u'-') && !(k >= 2 && (words[k - 1].text == u"-n" || tcMatches(words[k - 1].text, u"-netns"))))
                break;
            prefix.append(words[k]);
        }
        const QString rest = input->text.chars.mid(input->position);
        const QList<qsizetype> origins = input->text.origin.mid(input->position);
        input->position = input->text.chars.size();
        QList<TcScriptError> errors;
        const QList<TcCommand> lines = TcBatch::lines(rest, [&](qsizetype index) {
            const qsizetype at = origins.value(index, offset);
            return std::pair<int, int>{lineOf(at), columnOf(at)};
        }, &errors);
        for (const TcScriptError &e : std::as_const(errors))
            m_result.errors.append(e);
        bool warned = false;
        for (const TcCommand &line : lines) {
            QList<TcWord> command = prefix;
            command += line.words;
            const bool changing = !TcBatch::onlyShows(command, prefix.size());
            if (!m_uncertain.empty()) {
                if (changing)
                    reportUncertain(offset);
                continue;
            }
            if (m_result.commands.size() >= ShellEvaluator::MaxCommands)
                throw Abort{offset, ShellEvaluator::tr("the script runs more than %1 tc commands").arg(ShellEvaluator::MaxCommands)};
            m_result.commands.append(TcCommand{command});
            if (!force && !warned && line.words.size() > 1 && tcMatches(line.words[1].text, u"delete")) {
                warned = true;
                const TcWord &verb = line.words[1];
                m_result.warnings.append({verb.line, verb.column, verb.text,
                                          ShellEvaluator::tr("without -force, tc -batch stops at the first line that fails: on a device "
                                                             "that holds nothing to delete, this line fails and the lines after it are not run")});
            }
        }
        return Flow::Normal;
    }

    Flow runIp(const QList<Field> &fields, const ShellNode &node, bool tested)
    {
        for (const Field &f : fields) {
            if (!f.known) {
                skipped(fields.first());
                return Flow::Normal;
            }
        }
        qsizetype i = 1;
        QString netns;
        while (i < fields.size() && fields[i].text.startsWith(u'-')) {
            const QStringView option = fields[i].text;
            if (option == u"-n" || tcMatches(option, u"-netns")) {
                if (i + 1 < fields.size())
                    netns = fields[i + 1].text;
                i += 2;
            } else {
                ++i;
            }
        }
        const auto text = [&](qsizetype k) { return k < fields.size() ? fields[k].text : QString(); };
        if (tcMatches(text(i), u"netns") && text(i + 1) == u"exec" && i + 3 < fields.size())
            return runFields(fields.mid(i + 3), node, tested, text(i + 2), true);
        const QString target = netns.isEmpty() ? QString() : netns + u'/';
        if (tcMatches(text(i), u"link")) {
            const QString verb = text(i + 1);
            qsizetype j = i + 2;
            if (tcMatches(verb, u"add")) {
                if (text(j) == u"dev" || text(j) == u"name")
                    ++j;
                if (j + 3 == fields.size() && text(j + 1) == u"type" && text(j + 2) == u"ifb") {
                    // The ifb recipe: the importer marks the device as an ifb to create.
                    m_ifbs.insert(target + text(j));
                    QList<TcWord> words;
                    for (const Field &f : fields)
                        words.append(wordOf(f));
                    emitCommand(words, true, fields.first().offset);
                    setStatus(0);
                    return Flow::Normal;
                }
            } else if (tcMatches(verb, u"set")) {
                if (text(j) == u"dev")
                    ++j;
                if (j + 2 == fields.size() && text(j + 1) == u"up" && m_ifbs.contains(target + text(j))) {
                    QList<TcWord> words;
                    for (const Field &f : fields)
                        words.append(wordOf(f));
                    emitCommand(words, true, fields.first().offset);
                    setStatus(0);
                    return Flow::Normal;
                }
            }
        }
        skipped(fields.first());
        return Flow::Normal;
    }

    // --- builtins -------------------------------------------------------------------------------

    QList<qsizetype> originsOf(const Field &f) const
    {
        if (f.origin.size() == f.text.size())
            return f.origin;
        return QList<qsizetype>(f.text.size(), f.offset);
    }

    /** echo's and printf's text to what captures it; to a file it is noted. */
    bool print(const QList<Field> &fields, const ShellNode &node, const QString &text, const QList<qsizetype> &origin)
    {
        if (const QString file = writtenFile(node); !file.isEmpty()) {
            if (m_uncertain.empty())
                note(fields.first().offset, fields.first().text, ShellEvaluator::tr("writes %1: not tc, skipped").arg(file));
            return true;
        }
        for (const Field &f : fields) {
            if (!f.known) {
                outputUnknown(f.reason);
                return true;
            }
        }
        output(text, origin);
        return true;
    }

    static QString unescape(const QString &s, bool *stop)
    {
        QString out;
        for (qsizetype i = 0; i < s.size(); ++i) {
            if (s[i] != u'\\' || i + 1 >= s.size()) {
                out += s[i];
                continue;
            }
            const QChar e = s[++i];
            switch (e.unicode()) {
            case 'n': out += u'\n'; break;
            case 't': out += u'\t'; break;
            case 'r': out += u'\r'; break;
            case '\\': out += u'\\'; break;
            case 'a': out += QChar(7); break;
            case 'b': out += QChar(8); break;
            case 'f': out += QChar(12); break;
            case 'v': out += QChar(11); break;
            case 'e': out += QChar(27); break;
            case 'c':
                if (stop)
                    *stop = true;
                return out;
            default:
                out += u'\\';
                out += e;
            }
        }
        return out;
    }

    QString printfFormat(const QString &format, const QList<Field> &args, qsizetype *used)
    {
        QString out;
        qsizetype arg = 0;
        for (qsizetype i = 0; i < format.size(); ++i) {
            const QChar c = format[i];
            if (c == u'\\') {
                bool stop = false;
                qsizetype j = i + 1;
                out += unescape(format.mid(i, 2), &stop);
                i = j;
                continue;
            }
            if (c != u'%' || i + 1 >= format.size()) {
                out += c;
                continue;
            }
            qsizetype j = i + 1;
            QString flags;
            while (j < format.size() && QStringLiteral("-+ #0").contains(format[j]))
                flags += format[j++];
            int width = 0;
            while (j < format.size() && format[j].isDigit())
                width = std::min(1000, width * 10 + format[j++].digitValue());
            int precision = -1;
            if (j < format.size() && format[j] == u'.') {
                precision = 0;
                ++j;
                while (j < format.size() && format[j].isDigit())
                    precision = std::min(1000, precision * 10 + format[j++].digitValue());
            }
            if (j >= format.size())
                break;
            const QChar conversion = format[j];
            i = j;
            if (conversion == u'%') {
                out += u'%';
                continue;
            }
            const QString value = arg < args.size() ? args[arg].text : QString();
            ++arg;
            QString piece;
            if (conversion == u's' || conversion == u'b') {
                piece = conversion == u'b' ? unescape(value, nullptr) : value;
                if (precision >= 0)
                    piece = piece.left(precision);
            } else if (conversion == u'd' || conversion == u'i' || conversion == u'u' || conversion == u'x' || conversion == u'X' ||
                       conversion == u'o' || conversion == u'c') {
                if (conversion == u'c') {
                    piece = value.left(1);
                } else {
                    const qint64 n = ShellArithmetic::parseInteger(value.isEmpty() ? QStringLiteral("0") : value).value_or(0);
                    const int base = conversion == u'x' || conversion == u'X' ? 16 : conversion == u'o' ? 8 : 10;
                    piece = base == 10 && conversion != u'u' ? QString::number(n) : QString::number(quint64(n), base);
                    if (conversion == u'X')
                        piece = piece.toUpper();
                }
            } else {
                piece = value; // floating point and the rest: as given
            }
            if (piece.size() < width)
                piece = flags.contains(u'-') ? piece.leftJustified(width)
                                             : piece.rightJustified(width, flags.contains(u'0') && conversion != u's' ? u'0' : u' ');
            out += piece;
        }
        *used = arg;
        return out;
    }

    std::optional<Flow> builtin(const QString &name, const QList<Field> &fields, const ShellNode &node, bool tested)
    {
        const auto text = [&](qsizetype k) { return k < fields.size() ? fields[k].text : QString(); };
        const qsizetype offset = fields.first().offset;
        if (name == u":" || name == u"true") {
            setStatus(0);
        } else if (name == u"false") {
            setStatus(1);
        } else if (name == u"echo") {
            qsizetype i = 1;
            bool newline = true;
            bool escapes = false;
            while (i < fields.size() && fields[i].known && fields[i].text.size() > 1 && fields[i].text.startsWith(u'-') &&
                   std::all_of(fields[i].text.begin() + 1, fields[i].text.end(), [](QChar c) { return c == u'n' || c == u'e' || c == u'E'; })) {
                newline = newline && !fields[i].text.contains(u'n');
                if (fields[i].text.contains(u'e'))
                    escapes = true;
                if (fields[i].text.contains(u'E'))
                    escapes = false;
                ++i;
            }
            QString out;
            QList<qsizetype> origin;
            for (qsizetype k = i; k < fields.size(); ++k) {
                if (k > i) {
                    out += u' ';
                    origin.append(fields[k].offset);
                }
                out += fields[k].text;
                origin += originsOf(fields[k]);
            }
            if (escapes) {
                bool stop = false;
                out = unescape(out, &stop);
                origin = QList<qsizetype>(out.size(), offset);
                newline = newline && !stop;
            }
            if (newline) {
                out += u'\n';
                origin.append(offset);
            }
            print(fields, node, out, origin);
            setStatus(0);
        } else if (name == u"printf") {
            qsizetype i = 1;
            QString variable;
            if (text(i) == u"-v") {
                variable = text(i + 1);
                i += 2;
            }
            if (text(i) == u"--")
                ++i;
            QString out;
            const QList<Field> args = fields.mid(i + 1);
            qsizetype used = 0;
            qsizetype from = 0;
            do {
                out += printfFormat(text(i), args.mid(from), &used);
                from += used;
            } while (used > 0 && from < args.size() && out.size() < ShellEvaluator::MaxValueLength);
            if (!variable.isEmpty()) {
                bool allKnown = std::all_of(fields.begin(), fields.end(), [](const Field &f) { return f.known; });
                assign(variable, allKnown ? Value{out} : unknownValue(fields.first().reason), offset);
            } else {
                print(fields, node, out, QList<qsizetype>(out.size(), offset));
            }
            setStatus(0);
        } else if (name == u"test" || name == u"[") {
            QList<Field> args = fields.mid(1);
            if (name == u"[") {
                if (args.isEmpty() || !args.last().known || args.last().text != u"]") {
                    if (m_uncertain.empty())
                        note(offset, name, ShellEvaluator::tr("[: missing \"]\""));
                    setStatus(2);
                    return Flow::Normal;
                }
                args.removeLast();
            }
            applyTruth(testArguments(args), offset, name);
        } else if (name == u"export" || name == u"readonly" || name == u"local" || name == u"declare" || name == u"typeset") {
            setStatus(0);
            for (qsizetype k = 1; k < fields.size(); ++k) {
                const Field &f = fields[k];
                if (f.known && f.text.startsWith(u'-')) {
                    if (f.text.contains(u'f'))
                        return Flow::Normal; // declare -f: functions
                    continue;
                }
                const qsizetype equals = f.text.indexOf(u'=');
                const QString varName = equals >= 0 ? f.text.left(equals) : (f.known ? f.text : QString());
                if (!f.known) {
                    if (isValidName(varName)) {
                        if (name == u"local")
                            makeLocal(varName);
                        assign(varName, unknownValue(f.reason), f.offset);
                    }
                    continue;
                }
                if (!isValidName(varName))
                    continue;
                if (name == u"local" || ((name == u"declare" || name == u"typeset") && !m_state.locals.isEmpty()))
                    makeLocal(varName);
                if (equals >= 0)
                    assign(varName, Value{f.text.mid(equals + 1)}, f.offset);
                else if (name == u"local")
                    m_state.variables.remove(varName);
                if (name == u"export")
                    m_state.variables[varName].exported = true;
                if (name == u"readonly" && !m_pinned.contains(varName))
                    m_state.variables[varName].readonly = true;
            }
        } else if (name == u"unset") {
            bool functions = false;
            for (qsizetype k = 1; k < fields.size(); ++k) {
                if (text(k) == u"-f")
                    functions = true;
                else if (text(k) == u"-v")
                    functions = false;
                else if (functions)
                    m_state.functions.remove(text(k));
                else if (!m_pinned.contains(text(k)) && !m_state.variables.value(text(k)).readonly)
                    m_state.variables.remove(text(k));
            }
            setStatus(0);
        } else if (name == u"shift") {
            const int n = fields.size() > 1 ? text(1).toInt() : 1;
            if (n < 0 || n > m_state.positional.size()) {
                setStatus(1);
            } else {
                m_state.positional.remove(0, n);
                setStatus(0);
            }
        } else if (name == u"set") {
            setBuiltin(fields);
        } else if (name == u"exit" || name == u"return") {
            if (fields.size() > 1) {
                if (fields[1].known)
                    setStatus(text(1).toInt() & 0xFF);
                else
                    setStatus(std::nullopt, fields[1].reason);
            }
            if (name == u"return" && !m_state.locals.isEmpty())
                return Flow::Return;
            if (m_uncertain.empty() && m_captures.empty() && somethingFollows(offset))
                note(offset, name, ShellEvaluator::tr("the script ends here: nothing after it runs"));
            return Flow::Exit;
        } else if (name == u"break" || name == u"continue") {
            m_levels = std::max(1, fields.size() > 1 ? text(1).toInt() : 1);
            return name == u"break" ? Flow::Break : Flow::Continue;
        } else if (name == u"eval") {
            QStringList words;
            for (qsizetype k = 1; k < fields.size(); ++k) {
                if (!fields[k].known)
                    return unknownScriptText(fields[k], name);
                words.append(fields[k].text);
            }
            return runString(words.join(u' '), lineOf(offset), columnOf(offset), false);
        } else if (name == u"." || name == u"source") {
            if (m_uncertain.empty())
                note(offset, name + u' ' + text(1),
                     ShellEvaluator::tr("not read: a file this script reads; what it sets is not known here"));
            m_state.unsetReason = ShellEvaluator::tr("it may be set by %1, which line %2 reads and Qdisc Studio does not").arg(text(1)).arg(lineOf(offset));
            setStatus(std::nullopt, ShellEvaluator::tr("%1 is not read here").arg(text(1)));
        } else if (name == u"read") {
            const std::shared_ptr<Input> input = inputOf(node);
            QStringList names;
            for (qsizetype k = 1; k < fields.size(); ++k) {
                const QString &t = text(k);
                if (t == u"-p" || t == u"-t" || t == u"-n" || t == u"-N" || t == u"-d" || t == u"-u" || t == u"-a" || t == u"-i")
                    ++k;
                else if (!t.startsWith(u'-') && isValidName(t))
                    names.append(t);
            }
            if (names.isEmpty())
                names.append(QStringLiteral("REPLY"));
            readLine(input, names, offset);
        } else if (name == u"getopts") {
            if (fields.size() > 2)
                assign(text(2), unknownValue(ShellEvaluator::tr("getopts reads options only when the script runs")), offset);
            setStatus(std::nullopt, ShellEvaluator::tr("getopts reads options only when the script runs"));
        } else if (name == u"trap") {
            trapBuiltin(fields, offset);
        } else if (name == u"let") {
            std::optional<int> status = 1;
            for (qsizetype k = 1; k < fields.size(); ++k) {
                ShellWordPart part;
                part.text = text(k);
                part.quoted = true;
                part.offset = fields[k].offset;
                const Value v = arithmetic({part}, fields[k].offset, text(k));
                status = v.known ? std::optional<int>(v.text != u"0" ? 0 : 1) : std::nullopt;
            }
            setStatus(status);
        } else if (name == u"exec") {
            if (fields.size() == 1) {
                setStatus(0);
                return Flow::Normal;
            }
            const Flow flow = runRest(fields, 1, node, tested, QString());
            return flow == Flow::Normal ? Flow::Exit : flow;
        } else if (name == u"command" || name == u"builtin") {
            if (text(1) == u"-v" || text(1) == u"-V") {
                commandPath(fields.mid(2), node);
                return Flow::Normal;
            }
            qsizetype i = 1;
            while (text(i) == u"-p")
                ++i;
            if (i >= fields.size()) {
                setStatus(0);
                return Flow::Normal;
            }
            const QList<Field> rest = fields.mid(i);
            if (rest.first().known)
                if (std::optional<Flow> flow = builtin(rest.first().text, rest, node, tested))
                    return *flow;
            return runRest(fields, i, node, tested, QString());
        } else if (name == u"type" || name == u"which" || name == u"hash") {
            qsizetype i = 1;
            while (i < fields.size() && text(i).startsWith(u'-'))
                ++i;
            if (name == u"hash") {
                setStatus(0);
                return Flow::Normal;
            }
            commandPath(fields.mid(i), node);
        } else if (name == u"wait" || name == u"cd" || name == u"umask" || name == u"ulimit" || name == u"alias" ||
                   name == u"unalias" || name == u"shopt" || name == u"pwd" || name == u"printenv" || name == u"enable") {
            setStatus(0);
        } else {
            return std::nullopt;
        }
        return Flow::Normal;
    }

    /** `command -v tc`, `which tc`: the name, which is all a script needs of the answer here. */
    void commandPath(const QList<Field> &names, const ShellNode &node)
    {
        QString out;
        QList<qsizetype> origin;
        for (const Field &f : names) {
            out += f.text + u'\n';
            origin += originsOf(f);
            origin.append(f.offset);
        }
        print(names.isEmpty() ? QList<Field>{Field{}} : names, node, out, origin);
        setStatus(names.isEmpty() ? 1 : 0);
    }

    bool somethingFollows(qsizetype offset) const
    {
        const QString &text = m_program->source->text();
        qsizetype lineEnd = text.indexOf(u'\n', offset);
        if (lineEnd < 0 || m_program->source->line(0) == m_program->source->line(text.size()))
            return false;
        for (const QStringView line : QStringView(text).mid(lineEnd + 1).split(u'\n')) {
            const QStringView t = line.trimmed();
            if (!t.isEmpty() && !t.startsWith(u'#') && t != u"fi" && t != u"esac" && t != u";;" && t != u"}" && t != u"done")
                return true;
        }
        return false;
    }

    void setBuiltin(const QList<Field> &fields)
    {
        setStatus(0);
        for (qsizetype k = 1; k < fields.size(); ++k) {
            const QString &t = fields[k].text;
            if (t == u"--") {
                m_state.positional.clear();
                for (qsizetype a = k + 1; a < fields.size(); ++a)
                    m_state.positional.append(Value{fields[a].text, fields[a].known, fields[a].reason});
                return;
            }
            if ((t == u"-o" || t == u"+o") && k + 1 < fields.size()) {
                const QString &option = fields[++k].text;
                if (option == u"errexit")
                    m_state.errexit = t == u"-o";
                else if (option == u"nounset")
                    m_state.nounset = t == u"-o";
                continue;
            }
            if (t.size() > 1 && (t.startsWith(u'-') || t.startsWith(u'+'))) {
                const bool on = t.startsWith(u'-');
                for (QChar c : t.mid(1)) {
                    if (c == u'e')
                        m_state.errexit = on;
                    else if (c == u'u')
                        m_state.nounset = on;
                }
                continue;
            }
            m_state.positional.clear();
            for (qsizetype a = k; a < fields.size(); ++a)
                m_state.positional.append(Value{fields[a].text, fields[a].known, fields[a].reason});
            return;
        }
    }

    void readLine(const std::shared_ptr<Input> &input, const QStringList &names, qsizetype offset)
    {
        if (!input || !input->text.known) {
            const QString why = input ? input->text.reason
                                      : ShellEvaluator::tr("it is read from standard input at line %1, when the script runs").arg(lineOf(offset));
            for (const QString &n : names)
                assign(n, unknownValue(why), offset);
            setStatus(std::nullopt, input ? why : ShellEvaluator::tr("read gets its input only when the script runs"));
            return;
        }
        if (input->position >= input->text.chars.size()) {
            setStatus(1);
            return;
        }
        qsizetype end = input->text.chars.indexOf(u'\n', input->position);
        const bool complete = end >= 0;
        if (!complete)
            end = input->text.chars.size();
        const QString line = input->text.chars.mid(input->position, end - input->position);
        input->position = complete ? end + 1 : end;
        const QString separators = ifs();
        QStringList parts;
        qsizetype i = 0;
        while (i < line.size() && separators.contains(line[i]))
            ++i;
        while (i < line.size()) {
            if (parts.size() == names.size() - 1) {
                QString last = line.mid(i);
                while (!last.isEmpty() && separators.contains(last.back()))
                    last.chop(1);
                parts.append(last);
                break;
            }
            qsizetype j = i;
            while (j < line.size() && !separators.contains(line[j]))
                ++j;
            parts.append(line.mid(i, j - i));
            while (j < line.size() && separators.contains(line[j]))
                ++j;
            i = j;
        }
        for (qsizetype k = 0; k < names.size(); ++k)
            assignDirectly(names[k], Value{parts.value(k)});
        setStatus(complete ? 0 : 1);
    }

    /**
     * A trap is not run: a profile is the tree the script sets up, not what its clean-up on
     * exit or on a signal leaves behind.
     */
    void trapBuiltin(const QList<Field> &fields, qsizetype offset)
    {
        setStatus(0);
        if (fields.size() < 3 || !m_uncertain.empty())
            return;
        const Field &action = fields[1];
        if (action.known && (action.text == u"-" || action.text.isEmpty()))
            return;
        QStringList signals;
        for (qsizetype k = 2; k < fields.size(); ++k)
            signals.append(fields[k].text);
        note(offset, QStringLiteral("trap"),
             //: %1 lists signals as the script names them: EXIT, INT, TERM
             ShellEvaluator::tr("not run: this trap runs when the script ends or gets a signal (%1), and the tree it sets up is what is imported")
                 .arg(signals.join(QStringLiteral(", "))));
    }

    /** Programs whose output is known without running them: basename, dirname, seq, expr, cat of a here-document. */
    std::optional<Flow> pureCommand(const QString &base, const QList<Field> &fields, const ShellNode &node)
    {
        const auto text = [&](qsizetype k) { return k < fields.size() ? fields[k].text : QString(); };
        for (const Field &f : fields) {
            if (!f.known)
                return std::nullopt;
        }
        const qsizetype offset = fields.first().offset;
        const auto out = [&](const QString &s) { print(fields, node, s, QList<qsizetype>(s.size(), offset)); };
        if (base == u"basename" && fields.size() >= 2) {
            QString name = text(1);
            while (name.size() > 1 && name.endsWith(u'/'))
                name.chop(1);
            name = name.mid(name.lastIndexOf(u'/') + 1);
            if (fields.size() > 2 && name.endsWith(text(2)) && name != text(2))
                name.chop(text(2).size());
            out(name + u'\n');
        } else if (base == u"dirname" && fields.size() >= 2) {
            QString path = text(1);
            while (path.size() > 1 && path.endsWith(u'/'))
                path.chop(1);
            const qsizetype slash = path.lastIndexOf(u'/');
            out((slash < 0 ? QStringLiteral(".") : slash == 0 ? QStringLiteral("/") : path.left(slash)) + u'\n');
        } else if (base == u"seq" && fields.size() >= 2 && fields.size() <= 4) {
            bool ok1 = true;
            bool ok2 = true;
            bool ok3 = true;
            const qint64 first = fields.size() > 2 ? text(1).toLongLong(&ok1) : 1;
            const qint64 increment = fields.size() > 3 ? text(2).toLongLong(&ok2) : 1;
            const qint64 last = text(fields.size() - 1).toLongLong(&ok3);
            if (!ok1 || !ok2 || !ok3 || increment == 0)
                return std::nullopt;
            const double count = (double(last) - double(first)) / double(increment);
            if (count > ShellEvaluator::MaxLoopRounds)
                return std::nullopt;
            QString s;
            for (qint64 k = 0; k <= qint64(count); ++k)
                s += QString::number(qint64(quint64(first) + quint64(k) * quint64(increment))) + u'\n';
            out(s);
        } else if (base == u"expr" && (fields.size() == 2 || fields.size() == 4)) {
            if (fields.size() == 2) {
                out(text(1) + u'\n');
            } else {
                const auto a = ShellArithmetic::parseInteger(text(1));
                const auto b = ShellArithmetic::parseInteger(text(3));
                const QString &op = text(2);
                if (!a || !b)
                    return std::nullopt;
                qint64 r = 0;
                if (op == u"+") r = qint64(quint64(*a) + quint64(*b));
                else if (op == u"-") r = qint64(quint64(*a) - quint64(*b));
                else if (op == u"*") r = qint64(quint64(*a) * quint64(*b));
                else if ((op == u"/" || op == u"%") && *b != 0 && !(*b == -1 && *a == std::numeric_limits<qint64>::min())) r = op == u"/" ? *a / *b : *a % *b;
                else if (op == u"<") r = *a < *b;
                else if (op == u">") r = *a > *b;
                else if (op == u"=") r = *a == *b;
                else if (op == u"!=") r = *a != *b;
                else
                    return std::nullopt;
                out(QString::number(r) + u'\n');
                setStatus(r != 0 ? 0 : 1);
                return Flow::Normal;
            }
        } else if (base == u"cat" && (fields.size() == 1 || (fields.size() == 2 && text(1) == u"-"))) {
            const std::shared_ptr<Input> input = inputOf(node);
            if (!input || !input->text.known)
                return std::nullopt;
            const QString rest = input->text.chars.mid(input->position);
            const QList<qsizetype> origins = input->text.origin.mid(input->position);
            input->position = input->text.chars.size();
            print(fields, node, rest, origins);
        } else {
            return std::nullopt;
        }
        setStatus(0);
        return Flow::Normal;
    }

    // --- test, [ … ], [[ … ]] ---------------------------------------------------------------

    void applyTruth(const Truth &t, qsizetype offset, const QString &word)
    {
        if (!t.error.isEmpty()) {
            if (m_uncertain.empty())
                note(offset, word, t.error);
            setStatus(2);
        } else if (!t.value) {
            setStatus(std::nullopt, t.reason);
        } else {
            setStatus(*t.value ? 0 : 1);
        }
    }

    static bool isUnaryFileTest(QStringView op)
    {
        static const char16_t *const ops[] = {u"-e", u"-f", u"-d", u"-r", u"-w", u"-x", u"-s", u"-L", u"-h", u"-b",
                                              u"-c", u"-p", u"-S", u"-g", u"-u", u"-k", u"-O", u"-G", u"-N", u"-t", u"-a"};
        for (const char16_t *o : ops) {
            if (op == QStringView(o))
                return true;
        }
        return false;
    }

    static bool isBinaryOperator(QStringView op)
    {
        static const char16_t *const ops[] = {u"=", u"==", u"!=", u"<", u">", u"-eq", u"-ne", u"-lt", u"-le", u"-gt", u"-ge", u"-nt", u"-ot", u"-ef"};
        for (const char16_t *o : ops) {
            if (op == QStringView(o))
                return true;
        }
        return false;
    }

    Truth unaryTest(const Field &op, const Field &arg)
    {
        if (!arg.known)
            return Truth{std::nullopt, arg.reason, {}};
        if (op.text == u"-z")
            return known(arg.text.isEmpty());
        if (op.text == u"-n")
            return known(!arg.text.isEmpty());
        if (op.text == u"-v")
            return known(lookup(arg.text).has_value());
        if (op.text == u"-o")
            return Truth{std::nullopt, ShellEvaluator::tr("shell options are not known here (-o %1)").arg(arg.text), {}};
        return Truth{std::nullopt, ShellEvaluator::tr("file tests are not run here (%1 %2)").arg(op.text, arg.text), {}};
    }

    Truth binaryTest(const Field &a, const QString &op, const Field &b, const Pattern *pattern = nullptr)
    {
        if (!a.known)
            return Truth{std::nullopt, a.reason, {}};
        if (!b.known)
            return Truth{std::nullopt, b.reason, {}};
        if (op == u"=" || op == u"==")
            return known(pattern ? globMatch(*pattern, a.text, &m_work) : a.text == b.text);
        if (op == u"!=")
            return known(pattern ? !globMatch(*pattern, a.text, &m_work) : a.text != b.text);
        if (op == u"<")
            return known(a.text < b.text);
        if (op == u">")
            return known(a.text > b.text);
        if (op == u"=~") {
            const QRegularExpression re(b.text);
            if (!re.isValid())
                return Truth{std::nullopt, {}, ShellEvaluator::tr("[[: invalid regular expression %1").arg(b.text)};
            return known(re.match(a.text).hasMatch());
        }
        if (op == u"-nt" || op == u"-ot" || op == u"-ef")
            return Truth{std::nullopt, ShellEvaluator::tr("file tests are not run here (%1 %2 %3)").arg(a.text, op, b.text), {}};
        const auto x = ShellArithmetic::parseInteger(a.text);
        const auto y = ShellArithmetic::parseInteger(b.text);
        if (!x || !y || a.text.trimmed().isEmpty() || b.text.trimmed().isEmpty())
            return Truth{std::nullopt, {}, ShellEvaluator::tr("%1: integer expression expected").arg(!x ? a.text : b.text)};
        if (op == u"-eq")
            return known(*x == *y);
        if (op == u"-ne")
            return known(*x != *y);
        if (op == u"-lt")
            return known(*x < *y);
        if (op == u"-le")
            return known(*x <= *y);
        if (op == u"-gt")
            return known(*x > *y);
        return known(*x >= *y);
    }

    Truth singleTest(const Field &arg) const
    {
        if (!arg.known)
            return Truth{std::nullopt, arg.reason, {}};
        return known(!arg.text.isEmpty());
    }

    static bool is(const Field &f, QStringView text) { return f.known && f.text == text; }

    /** POSIX test: by the number of arguments for up to four, then by precedence. */
    Truth testArguments(const QList<Field> &args)
    {
        switch (args.size()) {
        case 0:
            return known(false);
        case 1:
            return singleTest(args[0]);
        case 2:
            if (is(args[0], u"!"))
                return notTruth(singleTest(args[1]));
            if (args[0].known && (isUnaryFileTest(args[0].text) || args[0].text == u"-z" || args[0].text == u"-n" || args[0].text == u"-v"))
                return unaryTest(args[0], args[1]);
            return Truth{std::nullopt, {}, ShellEvaluator::tr("%1: unary operator expected").arg(args[0].text)};
        case 3:
            if (args[1].known && (isBinaryOperator(args[1].text) || args[1].text == u"-a" || args[1].text == u"-o")) {
                if (args[1].text == u"-a")
                    return andTruth(singleTest(args[0]), singleTest(args[2]));
                if (args[1].text == u"-o")
                    return orTruth(singleTest(args[0]), singleTest(args[2]));
                return binaryTest(args[0], args[1].text, args[2]);
            }
            if (is(args[0], u"!"))
                return notTruth(testArguments(args.mid(1)));
            if (is(args[0], u"(") && is(args[2], u")"))
                return singleTest(args[1]);
            return Truth{std::nullopt, {}, ShellEvaluator::tr("%1: binary operator expected").arg(args[1].text)};
        case 4:
            if (is(args[0], u"!"))
                return notTruth(testArguments(args.mid(1)));
            if (is(args[0], u"(") && is(args[3], u")"))
                return testArguments(args.mid(1, 2));
            break;
        default:
            break;
        }
        qsizetype at = 0;
        Truth t = testOr(args, &at);
        if (at < args.size())
            return Truth{std::nullopt, {}, ShellEvaluator::tr("too many arguments")};
        return t;
    }

    /** A chain of @p next joined by the operator @p isOperator finds, folded with @p combine. */
    template <typename Items, typename Next, typename IsOperator>
    static Truth chain(const Items &items, qsizetype *at, Next next, IsOperator isOperator, Truth (*combine)(const Truth &, const Truth &))
    {
        Truth t = next();
        while (*at < items.size() && isOperator(items[*at])) {
            ++*at;
            t = combine(t, next());
        }
        return t;
    }

    Truth testOr(const QList<Field> &args, qsizetype *at)
    {
        return chain(args, at, [&] { return testAnd(args, at); }, [](const Field &f) { return is(f, u"-o"); }, orTruth);
    }

    Truth testAnd(const QList<Field> &args, qsizetype *at)
    {
        return chain(args, at, [&] { return testNot(args, at); }, [](const Field &f) { return is(f, u"-a"); }, andTruth);
    }

    Truth testNot(const QList<Field> &args, qsizetype *at)
    {
        if (++m_testDepth > 200) {
            --m_testDepth;
            return Truth{std::nullopt, {}, ShellEvaluator::tr("too many arguments")};
        }
        Truth t;
        if (*at < args.size() && is(args[*at], u"!")) {
            ++*at;
            t = notTruth(testNot(args, at));
        } else {
            t = testPrimary(args, at);
        }
        --m_testDepth;
        return t;
    }

    Truth testPrimary(const QList<Field> &args, qsizetype *at)
    {
        if (*at >= args.size())
            return Truth{std::nullopt, {}, ShellEvaluator::tr("argument expected")};
        if (is(args[*at], u"(")) {
            ++*at;
            Truth t = testOr(args, at);
            if (*at >= args.size() || !is(args[*at], u")"))
                return Truth{std::nullopt, {}, ShellEvaluator::tr("\")\" expected")};
            ++*at;
            return t;
        }
        if (*at + 2 < args.size() && args[*at + 1].known && isBinaryOperator(args[*at + 1].text)) {
            const Truth t = binaryTest(args[*at], args[*at + 1].text, args[*at + 2]);
            *at += 3;
            return t;
        }
        if (*at + 1 < args.size() && args[*at].known &&
            (isUnaryFileTest(args[*at].text) || args[*at].text == u"-z" || args[*at].text == u"-n" || args[*at].text == u"-v")) {
            const Truth t = unaryTest(args[*at], args[*at + 1]);
            *at += 2;
            return t;
        }
        return singleTest(args[(*at)++]);
    }

    /** bash's [[ … ]]: no field splitting, && || ! ( ), == against a pattern, =~, and arithmetic -eq. */
    Truth doubleBracket(const QList<ShellWord> &words)
    {
        qsizetype at = 0;
        Truth t = bracketOr(words, &at);
        if (at < words.size())
            return Truth{std::nullopt, {}, ShellEvaluator::tr("[[: syntax error near %1").arg(words[at].raw)};
        return t;
    }

    Field bracketField(const ShellWord &word)
    {
        const Value v = stringOf(word.parts);
        return Field{v.text, {}, word.offset, v.known, v.reason, word.raw};
    }

    static bool isOperatorWord(const ShellWord &word, QStringView op) { return word.isPlain() && word.plainText() == op; }

    Truth bracketOr(const QList<ShellWord> &words, qsizetype *at)
    {
        return chain(words, at, [&] { return bracketAnd(words, at); }, [](const ShellWord &w) { return isOperatorWord(w, u"||"); }, orTruth);
    }

    Truth bracketAnd(const QList<ShellWord> &words, qsizetype *at)
    {
        return chain(words, at, [&] { return bracketNot(words, at); }, [](const ShellWord &w) { return isOperatorWord(w, u"&&"); }, andTruth);
    }

    Truth bracketNot(const QList<ShellWord> &words, qsizetype *at)
    {
        if (++m_testDepth > 200) {
            --m_testDepth;
            return Truth{std::nullopt, {}, ShellEvaluator::tr("[[: nested too deeply")};
        }
        Truth t;
        if (*at < words.size() && isOperatorWord(words[*at], u"!")) {
            ++*at;
            t = notTruth(bracketNot(words, at));
        } else if (*at < words.size() && isOperatorWord(words[*at], u"(")) {
            ++*at;
            t = bracketOr(words, at);
            if (*at < words.size() && isOperatorWord(words[*at], u")"))
                ++*at;
            else
                t = Truth{std::nullopt, {}, ShellEvaluator::tr("[[: \")\" expected")};
        } else {
            t = bracketPrimary(words, at);
        }
        --m_testDepth;
        return t;
    }

    Truth bracketPrimary(const QList<ShellWord> &words, qsizetype *at)
    {
        if (*at >= words.size())
            return Truth{std::nullopt, {}, ShellEvaluator::tr("[[: argument expected")};
        const ShellWord &first = words[*at];
        if (*at + 2 < words.size() && words[*at + 1].isPlain()) {
            const QString op = words[*at + 1].plainText();
            if (isBinaryOperator(op) || op == u"=~") {
                const Field a = bracketField(first);
                const ShellWord &right = words[*at + 2];
                *at += 3;
                if (op == u"==" || op == u"=" || op == u"!=") {
                    const Pattern pattern = patternOf(right.parts);
                    const Field b{pattern.chars, {}, right.offset, pattern.known, pattern.reason, right.raw};
                    return binaryTest(a, op, b, &pattern);
                }
                if (op.startsWith(u'-') && op != u"-nt" && op != u"-ot" && op != u"-ef") {
                    // [[ ]] compares arithmetic expressions.
                    const Value x = a.known ? arithmetic({ShellWordPart{ShellWordPart::Kind::Literal, a.text, true, a.offset, {}, {}}}, a.offset, a.text)
                                            : unknownValue(a.reason);
                    const Field bf = bracketField(right);
                    const Value y = bf.known ? arithmetic({ShellWordPart{ShellWordPart::Kind::Literal, bf.text, true, bf.offset, {}, {}}}, bf.offset, bf.text)
                                             : unknownValue(bf.reason);
                    return binaryTest(Field{x.text, {}, a.offset, x.known, x.reason, a.raw}, op, Field{y.text, {}, bf.offset, y.known, y.reason, bf.raw});
                }
                return binaryTest(a, op, bracketField(right));
            }
        }
        if (*at + 1 < words.size() && first.isPlain()) {
            const QString op = first.plainText();
            if (isUnaryFileTest(op) || op == u"-z" || op == u"-n" || op == u"-v" || op == u"-o") {
                const Field arg = bracketField(words[*at + 1]);
                *at += 2;
                return unaryTest(Field{op, {}, first.offset, true, {}, first.raw}, arg);
            }
        }
        ++*at;
        return singleTest(bracketField(first));
    }

    const ShellEvaluatorOptions &m_options;
    ShellEvaluation m_result;
    State m_state;
    ProgramPtr m_program;
    std::vector<ProgramPtr> m_programs;
    QHash<QString, std::pair<ProgramPtr, std::optional<ShellProblem>>> m_parsed;
    QHash<QString, QString> m_pinned;
    QSet<QString> m_reported;
    QHash<QString, Branch> m_branches;
    QSet<QString> m_ifbs;
    std::vector<Uncertainty> m_uncertain;
    std::vector<Text> m_captures;
    std::shared_ptr<Input> m_stdin;
    bool m_substituted = false;
    std::optional<int> m_substitutionStatus;
    QString m_substitutionReason;
    int m_steps = 0;
    qint64 m_work = 0;
    int m_callDepth = 0;
    int m_depth = 0;
    int m_levels = 0;
    int m_testDepth = 0;
};

} // namespace

ShellEvaluation ShellEvaluator::evaluate(const QString &script, const ShellEvaluatorOptions &options)
{
    return Evaluator(options).run(script);
}

} // namespace qs
