#include "shellarithmetic.h"

#include "shelllexer.h"

#include <limits>

namespace qs {

/* TRANSLATOR qs::ShellArithmetic

   Errors in a shell script's arithmetic ($(( … )), $[ … ]), as bash reports them.
*/

namespace {

constexpr int MaxArithmeticDepth = 200;      ///< nested parentheses and variables holding expressions
constexpr int MaxVariableDepth = 16;

struct ArithmeticFailure
{
    QString message;
};

struct UnknownVariable
{
    QString name;
};

qint64 wrap(quint64 value)
{
    return qint64(value); // two's complement, as bash's intmax_t arithmetic behaves
}

qint64 add(qint64 a, qint64 b) { return wrap(quint64(a) + quint64(b)); }
qint64 sub(qint64 a, qint64 b) { return wrap(quint64(a) - quint64(b)); }
qint64 mul(qint64 a, qint64 b) { return wrap(quint64(a) * quint64(b)); }

int digitValue(QChar c)
{
    if (c >= u'0' && c <= u'9')
        return c.unicode() - '0';
    if (c >= u'a' && c <= u'z')
        return c.unicode() - 'a' + 10;
    if (c >= u'A' && c <= u'Z')
        return c.unicode() - 'A' + 36;
    if (c == u'@')
        return 62;
    if (c == u'_')
        return 63;
    return -1;
}

class ArithmeticEvaluator
{
public:
    ArithmeticEvaluator(QStringView text, const ShellArithmetic::Read &read, const ShellArithmetic::Write &write, int variableDepth)
        : m_text(text), m_read(read), m_write(write), m_variableDepth(variableDepth)
    {
    }

    qint64 run()
    {
        skipBlanks();
        if (m_pos >= m_text.size())
            return 0; // $(( )) is 0
        const qint64 value = comma(true);
        skipBlanks();
        if (m_pos < m_text.size())
            throw ArithmeticFailure{ShellArithmetic::tr("syntax error in expression (error token is \"%1\")").arg(m_text.mid(m_pos).toString())};
        return value;
    }

private:
    struct Depth
    {
        explicit Depth(ArithmeticEvaluator &e) : m_e(e)
        {
            if (++m_e.m_depth > MaxArithmeticDepth)
                throw ArithmeticFailure{ShellArithmetic::tr("expression nested too deeply")};
        }
        ~Depth() { --m_e.m_depth; }
        ArithmeticEvaluator &m_e;
    };

    void skipBlanks()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == u' ' || m_text[m_pos] == u'\t' || m_text[m_pos] == u'\n' || m_text[m_pos] == u'\r'))
            ++m_pos;
    }

    bool accept(QStringView op)
    {
        skipBlanks();
        if (m_text.mid(m_pos).startsWith(op)) {
            m_pos += op.size();
            return true;
        }
        return false;
    }

    /** @p op next, but not as the start of a longer operator listed in @p longer. */
    bool acceptExactly(QStringView op, std::initializer_list<QStringView> longer)
    {
        skipBlanks();
        const QStringView rest = m_text.mid(m_pos);
        if (!rest.startsWith(op))
            return false;
        for (QStringView l : longer) {
            if (rest.startsWith(l))
                return false;
        }
        m_pos += op.size();
        return true;
    }

    qint64 comma(bool live)
    {
        qint64 value = assignment(live);
        while (accept(u","))
            value = assignment(live);
        return value;
    }

    qint64 assignment(bool live)
    {
        Depth depth(*this);
        skipBlanks();
        const qsizetype start = m_pos;
        if (m_pos < m_text.size() && isShellNameStart(m_text[m_pos])) {
            qsizetype end = m_pos;
            while (end < m_text.size() && isShellNameChar(m_text[end]))
                ++end;
            const QString name = m_text.mid(m_pos, end - m_pos).toString();
            m_pos = end;
            static const char16_t *const ops[] = {u"<<=", u">>=", u"*=", u"/=", u"%=", u"+=", u"-=", u"&=", u"^=", u"|=", u"="};
            skipBlanks();
            for (const char16_t *op : ops) {
                const QStringView o(op);
                if (o == u"=" ? acceptExactly(o, {u"=="}) : accept(o)) {
                    const qint64 right = assignment(live);
                    if (!live)
                        return right;
                    qint64 value = right;
                    if (o != u"=") {
                        const qint64 left = variable(name, live);
                        value = binary(o.chopped(1), left, right);
                    }
                    m_write(name, value);
                    return value;
                }
            }
            m_pos = start;
        }
        return conditional(live);
    }

    qint64 conditional(bool live)
    {
        const qint64 condition = logicalOr(live);
        if (!accept(u"?"))
            return condition;
        const qint64 yes = comma(live && condition != 0);
        if (!accept(u":"))
            throw ArithmeticFailure{ShellArithmetic::tr("syntax error: \":\" expected for the conditional expression")};
        const qint64 no = assignment(live && condition == 0);
        return condition != 0 ? yes : no;
    }

    qint64 logicalOr(bool live)
    {
        qint64 value = logicalAnd(live);
        while (acceptExactly(u"||", {})) {
            const bool decided = value != 0;
            const qint64 right = logicalAnd(live && !decided);
            value = decided || right != 0;
        }
        return value;
    }

    qint64 logicalAnd(bool live)
    {
        qint64 value = bitOr(live);
        while (accept(u"&&")) {
            const bool decided = value == 0;
            const qint64 right = bitOr(live && !decided);
            value = !decided && right != 0;
        }
        return value;
    }

    qint64 bitOr(bool live)
    {
        qint64 value = bitXor(live);
        while (acceptExactly(u"|", {u"||", u"|="}))
            value |= bitXor(live);
        return value;
    }

    qint64 bitXor(bool live)
    {
        qint64 value = bitAnd(live);
        while (acceptExactly(u"^", {u"^="}))
            value ^= bitAnd(live);
        return value;
    }

    qint64 bitAnd(bool live)
    {
        qint64 value = equality(live);
        while (acceptExactly(u"&", {u"&&", u"&="}))
            value &= equality(live);
        return value;
    }

    qint64 equality(bool live)
    {
        qint64 value = relational(live);
        while (true) {
            if (accept(u"=="))
                value = value == relational(live);
            else if (accept(u"!="))
                value = value != relational(live);
            else
                return value;
        }
    }

    qint64 relational(bool live)
    {
        qint64 value = shift(live);
        while (true) {
            if (accept(u"<="))
                value = value <= shift(live);
            else if (accept(u">="))
                value = value >= shift(live);
            else if (acceptExactly(u"<", {u"<<"}))
                value = value < shift(live);
            else if (acceptExactly(u">", {u">>"}))
                value = value > shift(live);
            else
                return value;
        }
    }

    qint64 shift(bool live)
    {
        qint64 value = additive(live);
        while (true) {
            if (acceptExactly(u"<<", {u"<<="}))
                value = binary(u"<<", value, additive(live));
            else if (acceptExactly(u">>", {u">>="}))
                value = binary(u">>", value, additive(live));
            else
                return value;
        }
    }

    qint64 additive(bool live)
    {
        qint64 value = multiplicative(live);
        while (true) {
            if (acceptExactly(u"+", {u"+=", u"++"}))
                value = add(value, multiplicative(live));
            else if (acceptExactly(u"-", {u"-=", u"--"}))
                value = sub(value, multiplicative(live));
            else
                return value;
        }
    }

    qint64 multiplicative(bool live)
    {
        qint64 value = power(live);
        while (true) {
            if (acceptExactly(u"*", {u"*=", u"**"}))
                value = mul(value, power(live));
            else if (acceptExactly(u"/", {u"/="}))
                value = live ? binary(u"/", value, power(live)) : (power(live), 0);
            else if (acceptExactly(u"%", {u"%="}))
                value = live ? binary(u"%", value, power(live)) : (power(live), 0);
            else
                return value;
        }
    }

    qint64 power(bool live)
    {
        Depth depth(*this);
        const qint64 base = unary(live);
        if (!accept(u"**"))
            return base;
        const qint64 exponent = power(live); // right-associative
        if (!live)
            return 0;
        if (exponent < 0)
            throw ArithmeticFailure{ShellArithmetic::tr("exponent less than 0")};
        qint64 result = 1;
        qint64 factor = base;
        for (quint64 e = quint64(exponent); e; e >>= 1) {
            if (e & 1)
                result = mul(result, factor);
            factor = mul(factor, factor);
        }
        return result;
    }

    qint64 unary(bool live)
    {
        Depth depth(*this);
        skipBlanks();
        if (accept(u"++") || accept(u"--")) {
            const bool increment = m_text[m_pos - 1] == u'+';
            skipBlanks();
            const QString name = readName();
            if (name.isEmpty())
                throw ArithmeticFailure{ShellArithmetic::tr("syntax error: ++ and -- need a variable")};
            const qint64 value = increment ? add(variable(name, live), 1) : sub(variable(name, live), 1);
            if (live)
                m_write(name, value);
            return value;
        }
        if (acceptExactly(u"-", {u"-="}))
            return sub(0, unary(live));
        if (acceptExactly(u"+", {u"+="}))
            return unary(live);
        if (acceptExactly(u"!", {u"!="}))
            return unary(live) == 0;
        if (accept(u"~"))
            return ~unary(live);
        return postfix(live);
    }

    QString readName()
    {
        if (m_pos >= m_text.size() || !isShellNameStart(m_text[m_pos]))
            return {};
        const qsizetype start = m_pos;
        while (m_pos < m_text.size() && isShellNameChar(m_text[m_pos]))
            ++m_pos;
        return m_text.mid(start, m_pos - start).toString();
    }

    qint64 postfix(bool live)
    {
        skipBlanks();
        if (accept(u"(")) {
            const qint64 value = comma(live);
            if (!accept(u")"))
                throw ArithmeticFailure{ShellArithmetic::tr("syntax error: \")\" expected")};
            return value;
        }
        if (m_pos < m_text.size() && isShellNameStart(m_text[m_pos])) {
            const QString name = readName();
            const qint64 value = variable(name, live);
            if (accept(u"++") || accept(u"--")) {
                if (live)
                    m_write(name, m_text[m_pos - 1] == u'+' ? add(value, 1) : sub(value, 1));
            }
            return value;
        }
        const qsizetype start = m_pos;
        while (m_pos < m_text.size() && (isShellNameChar(m_text[m_pos]) || m_text[m_pos] == u'#' || m_text[m_pos] == u'@'))
            ++m_pos;
        if (start == m_pos)
            throw ArithmeticFailure{m_pos < m_text.size()
                              ? ShellArithmetic::tr("syntax error: operand expected (error token is \"%1\")").arg(m_text.mid(m_pos).toString())
                              : ShellArithmetic::tr("syntax error: operand expected")};
        const auto number = ShellArithmetic::parseInteger(m_text.mid(start, m_pos - start));
        if (!number)
            throw ArithmeticFailure{ShellArithmetic::tr("value too great for base (error token is \"%1\")").arg(m_text.mid(start, m_pos - start).toString())};
        return *number;
    }

    qint64 variable(const QString &name, bool live)
    {
        if (!live)
            return 0;
        const std::optional<QString> value = m_read(name);
        if (!value)
            throw UnknownVariable{name};
        const QString trimmed = value->trimmed();
        if (trimmed.isEmpty())
            return 0;
        if (const auto number = ShellArithmetic::parseInteger(trimmed))
            return *number;
        // bash evaluates a variable holding an expression as that expression.
        if (m_variableDepth >= MaxVariableDepth)
            throw ArithmeticFailure{ShellArithmetic::tr("expression recursion level exceeded (error token is \"%1\")").arg(name)};
        return ArithmeticEvaluator(trimmed, m_read, m_write, m_variableDepth + 1).run();
    }

    qint64 binary(QStringView op, qint64 a, qint64 b)
    {
        if (op == u"+")
            return add(a, b);
        if (op == u"-")
            return sub(a, b);
        if (op == u"*")
            return mul(a, b);
        if (op == u"/" || op == u"%") {
            if (b == 0)
                throw ArithmeticFailure{ShellArithmetic::tr("division by 0")};
            if (a == std::numeric_limits<qint64>::min() && b == -1)
                return op == u"/" ? a : 0;
            return op == u"/" ? a / b : a % b;
        }
        if (op == u"<<")
            return wrap(quint64(a) << (quint64(b) & 63));
        if (op == u">>")
            return a >> (quint64(b) & 63);
        if (op == u"&")
            return a & b;
        if (op == u"^")
            return a ^ b;
        if (op == u"|")
            return a | b;
        throw ArithmeticFailure{ShellArithmetic::tr("syntax error in expression")};
    }

    QStringView m_text;
    const ShellArithmetic::Read &m_read;
    const ShellArithmetic::Write &m_write;
    qsizetype m_pos = 0;
    int m_depth = 0;
    int m_variableDepth;
};

} // namespace

std::optional<qint64> ShellArithmetic::parseInteger(QStringView text)
{
    text = text.trimmed();
    bool negative = false;
    if (text.startsWith(u'-') || text.startsWith(u'+')) {
        negative = text.startsWith(u'-');
        text = text.mid(1);
    }
    if (text.isEmpty())
        return std::nullopt;
    int base = 10;
    if (const qsizetype hash = text.indexOf(u'#'); hash > 0) {
        bool ok = false;
        base = text.left(hash).toInt(&ok);
        if (!ok || base < 2 || base > 64)
            return std::nullopt;
        text = text.mid(hash + 1);
    } else if (text.size() > 2 && text[0] == u'0' && (text[1] == u'x' || text[1] == u'X')) {
        base = 16;
        text = text.mid(2);
    } else if (text.size() > 1 && text[0] == u'0') {
        base = 8;
        text = text.mid(1);
    }
    if (text.isEmpty())
        return std::nullopt;
    quint64 value = 0;
    for (QChar c : text) {
        int digit = digitValue(c);
        if (base <= 36 && digit >= 36 && digit < 62)
            digit -= 26; // below base 37 upper and lower case are the same digits
        if (digit < 0 || digit >= base)
            return std::nullopt;
        value = value * quint64(base) + quint64(digit);
    }
    return negative ? sub(0, wrap(value)) : wrap(value);
}

ShellArithmetic::Result ShellArithmetic::evaluate(QStringView expression, const Read &read, const Write &write)
{
    Result result;
    try {
        result.value = ArithmeticEvaluator(expression, read, write, 0).run();
    } catch (const ArithmeticFailure &failure) {
        result.error = failure.message;
    } catch (const UnknownVariable &unknown) {
        result.unknownVariable = unknown.name;
    }
    return result;
}

} // namespace qs
