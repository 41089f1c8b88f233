#include "tctokenizer.h"

namespace qs {

QString TcScriptError::toString() const
{
    QString text = QStringLiteral("line %1, column %2: ").arg(line).arg(column);
    if (!word.isEmpty())
        text += u'"' + word + QStringLiteral("\": ");
    return text + message;
}

namespace {

bool isBlank(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\r';
}

/** Words the importer drops because they only silence errors or output. */
bool isIgnorableRedirection(QStringView word)
{
    static const char16_t *const forms[] = {u"2>/dev/null", u">/dev/null", u"1>/dev/null",
                                            u"&>/dev/null", u"2>&1", u">&/dev/null"};
    for (const char16_t *form : forms) {
        if (word == QStringView(form))
            return true;
    }
    return false;
}

class Splitter
{
public:
    Splitter(QStringView script, QList<TcScriptError> *errors) : m_script(script), m_errors(errors) {}

    QList<TcCommand> run()
    {
        while (m_pos < m_script.size()) {
            const QChar c = m_script[m_pos];
            if (isBlank(c)) {
                advance();
            } else if (c == u'\n') {
                endCommand();
                advance();
            } else if (c == u'\\' && peekIsNewline(m_pos + 1)) {
                skipContinuation();
            } else if (c == u'#') {
                skipComment();
            } else if (c == u';') {
                endCommand();
                advance();
            } else if (c == u'&' && peek(1) == u'&') {
                endCommand();
                advance();
                advance();
            } else if (c == u'|' && peek(1) == u'|') {
                handleOrElse();
            } else if (c == u'|' || c == u'`' || c == u'(' || c == u')' || (c == u'&' && peek(1) != u'>')) {
                report(QString(c), QStringLiteral("this needs a shell (pipes, sub-shells, background jobs); "
                                                  "paste the tc commands themselves"));
                skipToEndOfLine();
            } else {
                readWord();
            }
        }
        endCommand();
        return m_commands;
    }

private:
    QChar peek(qsizetype ahead) const
    {
        return m_pos + ahead < m_script.size() ? m_script[m_pos + ahead] : QChar();
    }

    bool peekIsNewline(qsizetype at) const
    {
        // A backslash followed only by blanks before the newline still reads as a continuation:
        // trailing spaces are invisible in a pasted snippet.
        while (at < m_script.size() && isBlank(m_script[at]))
            ++at;
        return at >= m_script.size() || m_script[at] == u'\n';
    }

    void advance()
    {
        if (m_pos < m_script.size() && m_script[m_pos] == u'\n') {
            ++m_line;
            m_lineStart = m_pos + 1;
        }
        ++m_pos;
    }

    int column() const { return int(m_pos - m_lineStart) + 1; }

    void skipContinuation()
    {
        advance(); // the backslash
        while (m_pos < m_script.size() && m_script[m_pos] != u'\n')
            advance();
        advance(); // the newline
    }

    void skipComment()
    {
        while (m_pos < m_script.size() && m_script[m_pos] != u'\n')
            advance();
    }

    void skipToEndOfLine()
    {
        skipComment();
        m_current = {};
        m_discard = true;
    }

    void handleOrElse()
    {
        // "cmd || true" and "cmd || :" only ignore a failure; anything else is shell logic.
        const int line = m_line;
        const int col = column();
        advance();
        advance();
        while (m_pos < m_script.size() && isBlank(m_script[m_pos]))
            advance();
        const qsizetype start = m_pos;
        while (m_pos < m_script.size() && !isBlank(m_script[m_pos]) && m_script[m_pos] != u'\n' &&
               m_script[m_pos] != u';' && m_script[m_pos] != u'#')
            advance();
        const QStringView next = m_script.mid(start, m_pos - start);
        if (next != u"true" && next != u":") {
            m_errors->append({line, col, QStringLiteral("||"),
                              QStringLiteral("only \"|| true\" is understood after a command; other shell "
                                             "logic is not run")});
            skipToEndOfLine();
        }
    }

    void readWord()
    {
        TcWord word;
        word.line = m_line;
        word.column = column();
        bool quoted = false;
        while (m_pos < m_script.size()) {
            const QChar c = m_script[m_pos];
            if (isBlank(c) || c == u'\n' || c == u';')
                break;
            if (c == u'&' && peek(1) == u'&')
                break;
            if (c == u'|')
                break;
            if (c == u'\\' && peekIsNewline(m_pos + 1))
                break;
            if (c == u'\'' || c == u'"') {
                if (!readQuoted(c, &word.text))
                    return;
                quoted = true;
                continue;
            }
            if (c == u'$') {
                report(QStringLiteral("$"), QStringLiteral("shell variables and substitutions are not "
                                                           "expanded; write the value itself"));
                skipToEndOfLine();
                return;
            }
            if (c == u'\\' && m_pos + 1 < m_script.size()) {
                advance();
                word.text += m_script[m_pos];
                advance();
                continue;
            }
            word.text += c;
            advance();
        }
        if (!quoted && isIgnorableRedirection(word.text))
            return;
        if (!m_discard)
            m_current.words.append(word);
    }

    bool readQuoted(QChar quote, QString *text)
    {
        const int line = m_line;
        const int col = column();
        advance();
        while (m_pos < m_script.size() && m_script[m_pos] != quote) {
            if (quote == u'"' && m_script[m_pos] == u'$') {
                report(QStringLiteral("$"), QStringLiteral("shell variables are not expanded; write the value itself"));
                skipToEndOfLine();
                return false;
            }
            *text += m_script[m_pos];
            advance();
        }
        if (m_pos >= m_script.size()) {
            m_errors->append({line, col, QString(quote), QStringLiteral("this quote is never closed")});
            m_current = {};
            m_discard = true;
            return false;
        }
        advance(); // closing quote
        return true;
    }

    void report(const QString &word, const QString &message)
    {
        m_errors->append({m_line, column(), word, message});
    }

    void endCommand()
    {
        if (!m_discard && !m_current.words.isEmpty())
            m_commands.append(m_current);
        m_current = {};
        m_discard = false;
    }

    QStringView m_script;
    QList<TcScriptError> *m_errors;
    QList<TcCommand> m_commands;
    TcCommand m_current;
    bool m_discard = false;
    qsizetype m_pos = 0;
    qsizetype m_lineStart = 0;
    int m_line = 1;
};

} // namespace

QList<TcCommand> TcTokenizer::split(QStringView script, QList<TcScriptError> *errors)
{
    return Splitter(script, errors).run();
}

} // namespace qs
