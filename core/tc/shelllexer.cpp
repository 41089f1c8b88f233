#include "shelllexer.h"

namespace qs {

/* TRANSLATOR qs::ShellLexer

   Syntax problems in a pasted shell script, shown at the character they are about. Shell syntax
   quoted in the messages ($(, ${, `, <<) stays as it is.
*/

namespace {

/** How deep ${…}, $(( … )) and quotes inside them may nest: far beyond real scripts, far below the stack's limit. */
constexpr int MaxNesting = 64;
/** Characters scanned in vain for the "))" of a "((": bounds the lexer's work on a run of parentheses. */
constexpr qsizetype MaxFailedScanChars = 1 << 20;

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

bool isOperatorChar(QChar c)
{
    return c == u';' || c == u'&' || c == u'|' || c == u'(' || c == u')' || c == u'<' || c == u'>';
}

bool isSpecialParameter(QChar c)
{
    return c == u'@' || c == u'*' || c == u'#' || c == u'?' || c == u'-' || c == u'$' || c == u'!';
}

struct LexFailure
{
    qsizetype offset;
    QString word;
    QString message;
};

/** Collects parts, keeping runs of literal characters that stand side by side in the source together. */
struct PartsBuilder
{
    QList<ShellWordPart> parts;

    void literal(QChar c, qsizetype offset, bool quoted)
    {
        if (!parts.isEmpty()) {
            ShellWordPart &last = parts.last();
            if (last.kind == ShellWordPart::Kind::Literal && last.quoted == quoted && last.offset + last.text.size() == offset) {
                last.text += c;
                return;
            }
        }
        ShellWordPart part;
        part.text = QString(c);
        part.quoted = quoted;
        part.offset = offset;
        parts.append(part);
    }
    /** "" and '': an empty field that still counts as a word. */
    void emptyQuoted(qsizetype offset)
    {
        ShellWordPart part;
        part.quoted = true;
        part.offset = offset;
        parts.append(part);
    }
};

class Lexer
{
public:
    Lexer(const ShellSource &source, qsizetype begin, qsizetype end)
        : m_s(source.text()), m_pos(begin), m_end(std::min(end, source.size()))
    {
    }

    QList<ShellToken> run(std::optional<ShellProblem> *problem)
    {
        try {
            while (m_pos < m_end) {
                const QChar c = m_s[m_pos];
                if (isShellBlank(c)) {
                    ++m_pos;
                } else if (c == u'\\' && isContinuation(m_pos, m_end)) {
                    skipContinuation(m_end);
                } else if (c == u'#') {
                    while (m_pos < m_end && m_s[m_pos] != u'\n')
                        ++m_pos;
                } else if (c == u'\n') {
                    ShellToken token;
                    token.type = ShellToken::Type::Newline;
                    token.text = QStringLiteral("\n");
                    token.offset = m_pos++;
                    push(token);
                    readHereDocuments();
                } else if (c == u'(' && at(m_pos + 1) == u'(' && arithmeticCommand()) {
                    // (( … )) read as one token
                } else if (isOperatorChar(c) || startsRedirectionWithNumber()) {
                    lexOperator();
                } else {
                    lexWord();
                }
            }
            if (!m_pendingHereDocuments.isEmpty())
                readHereDocuments(); // bash reads a here-document to the end when its delimiter never comes
            if (m_wantDelimiter >= 0)
                throw LexFailure{m_tokens[m_wantDelimiter].offset, m_tokens[m_wantDelimiter].text,
                                 ShellLexer::tr("a here-document needs a delimiter word after %1").arg(m_tokens[m_wantDelimiter].text)};
        } catch (const LexFailure &failure) {
            *problem = ShellProblem{failure.offset, failure.word, failure.message};
        }
        ShellToken end;
        end.type = ShellToken::Type::End;
        end.offset = m_end;
        m_tokens.append(end);
        return m_tokens;
    }

private:
    struct PendingHereDocument
    {
        qsizetype tokenIndex;
        QString delimiter;
        bool quoted;
        bool stripTabs;
    };

    QChar at(qsizetype i) const { return i >= 0 && i < m_end ? m_s[i] : QChar(); }

    void push(const ShellToken &token)
    {
        m_tokens.append(token);
        if (token.type == ShellToken::Type::Operator && (token.text == u"<<" || token.text == u"<<-")) {
            m_wantDelimiter = m_tokens.size() - 1;
        } else if (m_wantDelimiter >= 0) {
            if (token.type != ShellToken::Type::Word)
                throw LexFailure{m_tokens[m_wantDelimiter].offset, m_tokens[m_wantDelimiter].text,
                                 ShellLexer::tr("a here-document needs a delimiter word after %1").arg(m_tokens[m_wantDelimiter].text)};
            PendingHereDocument pending;
            pending.tokenIndex = m_wantDelimiter;
            pending.stripTabs = m_tokens[m_wantDelimiter].text == u"<<-";
            pending.quoted = false;
            for (const ShellWordPart &part : token.word.parts) {
                pending.delimiter += part.text;
                pending.quoted = pending.quoted || part.quoted;
            }
            m_pendingHereDocuments.append(pending);
            m_wantDelimiter = -1;
        }
    }

    /** A backslash, maybe blanks, then a line break (or the end): the line goes on. */
    bool isContinuation(qsizetype at, qsizetype limit) const
    {
        qsizetype i = at + 1;
        while (i < limit && isShellBlank(m_s[i]))
            ++i;
        return i >= limit || m_s[i] == u'\n';
    }

    void skipContinuation(qsizetype limit)
    {
        ++m_pos;
        while (m_pos < limit && m_s[m_pos] != u'\n')
            ++m_pos;
        if (m_pos < limit)
            ++m_pos;
    }

    bool startsRedirectionWithNumber() const
    {
        qsizetype i = m_pos;
        while (i < m_end && isDigit(m_s[i]))
            ++i;
        return i > m_pos && i - m_pos <= 4 && (at(i) == u'<' || at(i) == u'>');
    }

    void lexOperator()
    {
        static const char16_t *const operators[] = {u";;&", u"<<-", u"<<<", u"&>>", u"&&", u"||", u";;", u";&", u"|&",
                                                    u"<<",  u">>",  u"<&",  u">&",  u"<>", u">|", u"&>", u";",  u"&",
                                                    u"|",   u"(",   u")",   u"<",   u">"};
        ShellToken token;
        token.type = ShellToken::Type::Operator;
        token.offset = m_pos;
        if (isDigit(m_s[m_pos])) {
            const qsizetype start = m_pos;
            while (isDigit(m_s[m_pos]))
                ++m_pos;
            token.ioNumber = m_s.mid(start, m_pos - start).toInt();
        }
        const QStringView rest = QStringView(m_s).mid(m_pos, m_end - m_pos);
        for (const char16_t *op : operators) {
            const QStringView candidate(op);
            if (rest.startsWith(candidate)) {
                token.text = candidate.toString();
                m_pos += candidate.size();
                break;
            }
        }
        push(token);
    }

    bool arithmeticCommand()
    {
        // A run of '(' would be scanned to its end again from each one: after a budget of
        // failed scans, "((" is read as two parentheses (subshells), never quadratically.
        if (m_failedArithmeticScans > MaxFailedScanChars)
            return false;
        const qsizetype close = findArithmeticClose(m_pos + 2, m_end);
        if (close < 0)
            m_failedArithmeticScans += m_end - m_pos;
        if (close < 0)
            return false;
        ShellToken token;
        token.type = ShellToken::Type::ArithmeticCommand;
        token.offset = m_pos;
        token.text = m_s.mid(m_pos + 2, close - m_pos - 2);
        const qsizetype end = close + 2;
        m_pos += 2;
        PartsBuilder builder;
        quoted(builder, close, QChar(), false, 0);
        token.word.parts = builder.parts;
        token.word.offset = token.offset;
        token.word.raw = m_s.mid(token.offset, end - token.offset);
        m_pos = end;
        push(token);
        return true;
    }

    void lexWord()
    {
        ShellToken token;
        token.type = ShellToken::Type::Word;
        token.offset = m_pos;
        PartsBuilder builder;
        while (m_pos < m_end) {
            const QChar c = m_s[m_pos];
            if (isShellBlank(c) || c == u'\n' || isOperatorChar(c))
                break;
            if (c == u'\\') {
                if (isContinuation(m_pos, m_end)) {
                    skipContinuation(m_end);
                    continue;
                }
                builder.literal(m_s[m_pos + 1], m_pos + 1, true);
                m_pos += 2;
            } else if (c == u'\'') {
                singleQuoted(builder, m_end);
            } else if (c == u'"') {
                const qsizetype open = m_pos++;
                const qsizetype before = builder.parts.size();
                quoted(builder, m_end, u'"', false, 0);
                if (builder.parts.size() == before)
                    builder.emptyQuoted(open);
            } else if (c == u'$') {
                dollar(builder, m_end, false, 0);
            } else if (c == u'`') {
                backquote(builder, m_end, false);
            } else {
                builder.literal(c, m_pos, false);
                ++m_pos;
            }
        }
        token.word.parts = builder.parts;
        token.word.offset = token.offset;
        token.word.raw = m_s.mid(token.offset, m_pos - token.offset);
        token.text = token.word.raw;
        push(token);
    }

    void singleQuoted(PartsBuilder &builder, qsizetype limit)
    {
        const qsizetype open = m_pos++;
        const qsizetype before = builder.parts.size();
        while (m_pos < limit && m_s[m_pos] != u'\'') {
            builder.literal(m_s[m_pos], m_pos, true);
            ++m_pos;
        }
        if (m_pos >= limit)
            throw LexFailure{open, QStringLiteral("'"), ShellLexer::tr("this quote is never closed")};
        ++m_pos;
        if (builder.parts.size() == before)
            builder.emptyQuoted(open);
    }

    /**
     * Text read as inside double quotes: up to @p terminator (consumed; a missing one is an
     * error), or to @p limit when there is none (a here-document, an arithmetic expression).
     */
    void quoted(PartsBuilder &builder, qsizetype limit, QChar terminator, bool stripTabs, int depth)
    {
        const qsizetype open = m_pos - 1;
        bool lineStart = true;
        while (m_pos < limit) {
            const QChar c = m_s[m_pos];
            if (stripTabs && lineStart && c == u'\t') {
                ++m_pos;
                continue;
            }
            lineStart = false;
            if (!terminator.isNull() && c == terminator) {
                ++m_pos;
                return;
            }
            if (c == u'\\' && m_pos + 1 < limit) {
                const QChar next = m_s[m_pos + 1];
                if (next == u'\n') {
                    m_pos += 2;
                    continue;
                }
                if (next == u'$' || next == u'`' || next == u'\\' || (terminator == u'"' && next == u'"')) {
                    builder.literal(next, m_pos + 1, true);
                    m_pos += 2;
                    continue;
                }
            } else if (c == u'$') {
                dollar(builder, limit, true, depth);
                continue;
            } else if (c == u'`') {
                backquote(builder, limit, true);
                continue;
            } else if (c == u'\n') {
                lineStart = true;
            }
            builder.literal(c, m_pos, true);
            ++m_pos;
        }
        if (!terminator.isNull())
            throw LexFailure{open, QString(terminator), ShellLexer::tr("this quote is never closed")};
    }

    /** The WORD of ${NAME:-WORD}: quotes work as in a word, blanks are kept. */
    void operand(PartsBuilder &builder, qsizetype limit, bool inQuotes, int depth)
    {
        while (m_pos < limit) {
            const QChar c = m_s[m_pos];
            if (c == u'\\' && m_pos + 1 < limit) {
                builder.literal(m_s[m_pos + 1], m_pos + 1, true);
                m_pos += 2;
            } else if (c == u'\'' && !inQuotes) {
                singleQuoted(builder, limit);
            } else if (c == u'"') {
                const qsizetype open = m_pos++;
                const qsizetype before = builder.parts.size();
                quoted(builder, limit, u'"', false, depth);
                if (builder.parts.size() == before)
                    builder.emptyQuoted(open);
            } else if (c == u'$') {
                dollar(builder, limit, inQuotes, depth);
            } else if (c == u'`') {
                backquote(builder, limit, inQuotes);
            } else {
                builder.literal(c, m_pos, inQuotes);
                ++m_pos;
            }
        }
    }

    void dollar(PartsBuilder &builder, qsizetype limit, bool inQuotes, int depth)
    {
        if (depth > MaxNesting)
            throw LexFailure{m_pos, QStringLiteral("$"), ShellLexer::tr("expansions nested too deeply")};
        const qsizetype start = m_pos;
        const QChar next = m_pos + 1 < limit ? m_s[m_pos + 1] : QChar();
        ShellWordPart part;
        part.offset = start;
        part.quoted = inQuotes;
        if (next == u'{') {
            braced(builder, limit, inQuotes, depth);
            return;
        }
        if (next == u'(' && m_pos + 2 < limit && m_s[m_pos + 2] == u'(') {
            const qsizetype close = findArithmeticClose(m_pos + 3, limit);
            if (close >= 0) {
                part.kind = ShellWordPart::Kind::Arithmetic;
                part.text = m_s.mid(m_pos + 3, close - m_pos - 3);
                m_pos += 3;
                PartsBuilder expression;
                quoted(expression, close, QChar(), false, depth + 1);
                part.operand = expression.parts;
                m_pos = close + 2;
                builder.parts.append(part);
                return;
            }
        }
        if (next == u'(') {
            const qsizetype close = findExpansionClose(m_pos + 2, limit, u"(", u')');
            if (close < 0)
                throw LexFailure{start, QStringLiteral("$("), ShellLexer::tr("this $( is never closed")};
            part.kind = ShellWordPart::Kind::Command;
            part.bodyBegin = m_pos + 2;
            part.bodyEnd = close;
            part.text = m_s.mid(part.bodyBegin, close - part.bodyBegin);
            m_pos = close + 1;
            builder.parts.append(part);
            return;
        }
        if (next == u'[') {
            const qsizetype close = findClose(m_pos + 2, limit, u'[', u']');
            if (close < 0)
                throw LexFailure{start, QStringLiteral("$["), ShellLexer::tr("this $[ is never closed")};
            part.kind = ShellWordPart::Kind::Arithmetic;
            part.text = m_s.mid(m_pos + 2, close - m_pos - 2);
            m_pos += 2;
            PartsBuilder expression;
            quoted(expression, close, QChar(), false, depth + 1);
            part.operand = expression.parts;
            m_pos = close + 1;
            builder.parts.append(part);
            return;
        }
        if (next == u'\'' && !inQuotes) {
            ansiC(builder, limit);
            return;
        }
        if (next == u'"' && !inQuotes) {
            ++m_pos; // $"…" is a translatable string: read as "…"
            const qsizetype open = m_pos++;
            const qsizetype before = builder.parts.size();
            quoted(builder, limit, u'"', false, depth);
            if (builder.parts.size() == before)
                builder.emptyQuoted(open);
            return;
        }
        part.kind = ShellWordPart::Kind::Parameter;
        if (isShellNameStart(next)) {
            qsizetype i = m_pos + 1;
            while (i < limit && isShellNameChar(m_s[i]))
                ++i;
            part.text = m_s.mid(m_pos + 1, i - m_pos - 1);
            m_pos = i;
        } else if (isDigit(next) || isSpecialParameter(next)) {
            part.text = QString(next);
            m_pos += 2;
        } else {
            builder.literal(u'$', m_pos, inQuotes); // a lone '$' is itself
            ++m_pos;
            return;
        }
        builder.parts.append(part);
    }

    void braced(PartsBuilder &builder, qsizetype limit, bool inQuotes, int depth)
    {
        const qsizetype start = m_pos;
        const qsizetype close = findExpansionClose(m_pos + 2, limit, u"${", u'}');
        if (close < 0)
            throw LexFailure{start, QStringLiteral("${"), ShellLexer::tr("this ${ is never closed")};
        const auto bad = [&] {
            return LexFailure{start, m_s.mid(start, close + 1 - start), ShellLexer::tr("bad substitution")};
        };
        ShellWordPart part;
        part.kind = ShellWordPart::Kind::Parameter;
        part.offset = start;
        part.quoted = inQuotes;
        qsizetype i = m_pos + 2;
        if (i < close && m_s[i] == u'#' && i + 1 < close) {
            part.op = QStringLiteral("length");
            ++i;
        }
        const qsizetype nameStart = i;
        if (i < close && isShellNameStart(m_s[i])) {
            while (i < close && isShellNameChar(m_s[i]))
                ++i;
        } else if (i < close && isDigit(m_s[i])) {
            while (i < close && isDigit(m_s[i]))
                ++i;
        } else if (i < close && isSpecialParameter(m_s[i])) {
            ++i;
        } else {
            throw bad();
        }
        part.text = m_s.mid(nameStart, i - nameStart);
        if (part.op == u"length") {
            if (i != close)
                throw bad();
        } else if (i < close) {
            static const char16_t *const operators[] = {u":-", u":=", u":+", u":?", u"%%", u"##", u"-", u"=", u"+", u"?", u"%", u"#"};
            const QStringView rest = QStringView(m_s).mid(i, close - i);
            for (const char16_t *op : operators) {
                if (rest.startsWith(QStringView(op))) {
                    part.op = QString::fromUtf16(op);
                    break;
                }
            }
            if (part.op.isEmpty()) {
                // ${V/a/b}, ${V:1:2}, ${A[1]}, ${V^^}: bash's, read but not evaluated.
                part.op = QStringLiteral("unsupported");
                part.operand.append(ShellWordPart{ShellWordPart::Kind::Literal, m_s.mid(start, close + 1 - start), true, start, {}, {}});
            } else {
                m_pos = i + part.op.size();
                PartsBuilder word;
                operand(word, close, inQuotes, depth + 1);
                part.operand = word.parts;
            }
        }
        m_pos = close + 1;
        builder.parts.append(part);
    }

    void backquote(PartsBuilder &builder, qsizetype limit, bool inQuotes)
    {
        const qsizetype start = m_pos++;
        ShellWordPart part;
        part.kind = ShellWordPart::Kind::Command;
        part.offset = start;
        part.quoted = inQuotes;
        while (m_pos < limit && m_s[m_pos] != u'`') {
            const QChar c = m_s[m_pos];
            if (c == u'\\' && m_pos + 1 < limit) {
                const QChar next = m_s[m_pos + 1];
                if (next == u'$' || next == u'`' || next == u'\\' || (inQuotes && next == u'"')) {
                    part.text += next;
                    m_pos += 2;
                    continue;
                }
            }
            part.text += c;
            ++m_pos;
        }
        if (m_pos >= limit)
            throw LexFailure{start, QStringLiteral("`"), ShellLexer::tr("this ` is never closed")};
        ++m_pos;
        builder.parts.append(part);
    }

    /** bash's $'…': C escapes. */
    void ansiC(PartsBuilder &builder, qsizetype limit)
    {
        const qsizetype start = m_pos;
        m_pos += 2;
        const qsizetype before = builder.parts.size();
        while (m_pos < limit && m_s[m_pos] != u'\'') {
            QChar c = m_s[m_pos];
            const qsizetype at = m_pos;
            if (c == u'\\' && m_pos + 1 < limit) {
                const QChar e = m_s[m_pos + 1];
                m_pos += 2;
                switch (e.unicode()) {
                case 'n': c = u'\n'; break;
                case 't': c = u'\t'; break;
                case 'r': c = u'\r'; break;
                case 'a': c = QChar(7); break;
                case 'b': c = QChar(8); break;
                case 'e': case 'E': c = QChar(27); break;
                case 'f': c = QChar(12); break;
                case 'v': c = QChar(11); break;
                case 'x': {
                    int value = 0;
                    int digits = 0;
                    while (digits < 2 && m_pos < limit && QStringLiteral("0123456789abcdefABCDEF").contains(m_s[m_pos])) {
                        value = value * 16 + QString(m_s[m_pos]).toInt(nullptr, 16);
                        ++m_pos;
                        ++digits;
                    }
                    c = QChar(value);
                    break;
                }
                default:
                    if (e >= u'0' && e <= u'7') {
                        int value = e.unicode() - '0';
                        int digits = 1;
                        while (digits < 3 && m_pos < limit && m_s[m_pos] >= u'0' && m_s[m_pos] <= u'7') {
                            value = value * 8 + (m_s[m_pos].unicode() - '0');
                            ++m_pos;
                            ++digits;
                        }
                        c = QChar(value & 0xFF);
                    } else {
                        c = e; // \\ \' \" and anything else: the character itself
                    }
                }
                builder.literal(c, at, true);
                continue;
            }
            builder.literal(c, at, true);
            ++m_pos;
        }
        if (m_pos >= limit)
            throw LexFailure{start, QStringLiteral("$'"), ShellLexer::tr("this quote is never closed")};
        ++m_pos;
        if (builder.parts.size() == before)
            builder.emptyQuoted(start);
    }

    /** Steps over a quoted stretch starting at @p i (a quote or backquote); returns the index after it, or -1. */
    qsizetype skipQuoted(qsizetype i, qsizetype limit) const
    {
        const QChar quote = m_s[i];
        ++i;
        while (i < limit && m_s[i] != quote) {
            if (quote != u'\'' && m_s[i] == u'\\')
                ++i;
            ++i;
        }
        return i < limit ? i + 1 : -1;
    }

    /**
     * The @p close ending an expansion whose body starts at @p i, or -1: quotes, backquotes
     * and escapes are stepped over, and @p opener (a '(' for $(, "${" for ${) nests.
     */
    qsizetype findExpansionClose(qsizetype i, qsizetype limit, QStringView opener, QChar close) const
    {
        int depth = 1;
        while (i < limit) {
            const QChar c = m_s[i];
            if (c == u'\\') {
                i += 2;
                continue;
            }
            if (c == u'\'' || c == u'"' || c == u'`') {
                i = skipQuoted(i, limit);
                if (i < 0)
                    return -1;
                continue;
            }
            if (QStringView(m_s).mid(i, std::min(opener.size(), limit - i)) == opener) {
                ++depth;
                i += opener.size();
                continue;
            }
            if (c == close && --depth == 0)
                return i;
            ++i;
        }
        return -1;
    }

    qsizetype findClose(qsizetype i, qsizetype limit, QChar open, QChar close) const
    {
        int depth = 1;
        for (; i < limit; ++i) {
            if (m_s[i] == open)
                ++depth;
            else if (m_s[i] == close && --depth == 0)
                return i;
        }
        return -1;
    }

    /** The first ')' of the "))" closing an arithmetic expression starting at @p i, or -1 when it is no arithmetic. */
    qsizetype findArithmeticClose(qsizetype i, qsizetype limit) const
    {
        int depth = 0;
        for (; i < limit; ++i) {
            const QChar c = m_s[i];
            if (c == u'(') {
                ++depth;
            } else if (c == u')') {
                if (depth == 0)
                    return i + 1 < limit && m_s[i + 1] == u')' ? i : -1;
                --depth;
            }
        }
        return -1;
    }

    void readHereDocuments()
    {
        const QList<PendingHereDocument> pending = std::exchange(m_pendingHereDocuments, {});
        for (const PendingHereDocument &doc : pending) {
            const qsizetype bodyStart = m_pos;
            qsizetype bodyEnd = m_end;
            qsizetype after = m_end;
            qsizetype lineStart = m_pos;
            while (lineStart < m_end) {
                qsizetype lineEnd = m_s.indexOf(u'\n', lineStart);
                if (lineEnd < 0 || lineEnd > m_end)
                    lineEnd = m_end;
                QStringView line = QStringView(m_s).mid(lineStart, lineEnd - lineStart);
                if (doc.stripTabs) {
                    while (line.startsWith(u'\t'))
                        line = line.mid(1);
                }
                if (line.endsWith(u'\r'))
                    line.chop(1);
                if (line == doc.delimiter) {
                    bodyEnd = lineStart;
                    after = std::min(m_end, lineEnd + 1);
                    break;
                }
                lineStart = lineEnd + 1;
            }
            PartsBuilder builder;
            m_pos = bodyStart;
            if (doc.quoted) {
                bool lineBegins = true;
                for (qsizetype i = bodyStart; i < bodyEnd; ++i) {
                    if (doc.stripTabs && lineBegins && m_s[i] == u'\t')
                        continue;
                    lineBegins = m_s[i] == u'\n';
                    builder.literal(m_s[i], i, true);
                }
            } else {
                quoted(builder, bodyEnd, QChar(), doc.stripTabs, 0);
            }
            m_tokens[doc.tokenIndex].hereDocument = builder.parts;
            m_pos = after;
        }
    }

    const QString &m_s;
    qsizetype m_pos;
    qsizetype m_end;
    QList<ShellToken> m_tokens;
    QList<PendingHereDocument> m_pendingHereDocuments;
    qsizetype m_wantDelimiter = -1;
    qsizetype m_failedArithmeticScans = 0;
};

} // namespace

bool ShellWord::isPlain() const
{
    return std::all_of(parts.begin(), parts.end(),
                       [](const ShellWordPart &p) { return p.kind == ShellWordPart::Kind::Literal && !p.quoted; });
}

QString ShellWord::plainText() const
{
    QString text;
    for (const ShellWordPart &part : parts)
        text += part.text;
    return text;
}

qsizetype ShellWord::assignmentNameLength() const
{
    if (parts.isEmpty() || parts.first().kind != ShellWordPart::Kind::Literal || parts.first().quoted)
        return 0;
    const QString &text = parts.first().text;
    const qsizetype equals = text.indexOf(u'=');
    if (equals <= 0 || !isShellNameStart(text[0]))
        return 0;
    for (qsizetype i = 1; i < equals; ++i) {
        if (!isShellNameChar(text[i]))
            return 0;
    }
    return equals;
}

bool ShellToken::isRedirection() const
{
    if (type != Type::Operator)
        return false;
    return text.startsWith(u'<') || text.startsWith(u'>') || text == u"&>" || text == u"&>>";
}

QList<ShellToken> ShellLexer::tokenize(const ShellSource &source, qsizetype begin, qsizetype end,
                                       std::optional<ShellProblem> *problem)
{
    return Lexer(source, begin, end).run(problem);
}

bool isShellNameStart(QChar c)
{
    return c == u'_' || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

bool isShellBlank(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\r';
}

bool isShellNameChar(QChar c)
{
    return isShellNameStart(c) || (c >= u'0' && c <= u'9');
}

} // namespace qs
