#include "tctokenizer.h"
#include "shelllexer.h"

namespace qs {

/* TRANSLATOR qs::TcTokenizer

   Problems in a pasted shell script, before its tc commands are read. Shell syntax quoted in the
   messages ("|| true", /dev/null, $VAR) stays as it is.
*/

QString TcScriptError::toString() const
{
    //: Where a problem is in a pasted script: "line 3, column 17: "foo": unknown netem option".
    QString text = TcTokenizer::tr("line %1, column %2").arg(line).arg(column) + QStringLiteral(": ");
    if (!word.isEmpty())
        text += u'"' + word + QStringLiteral("\": ");
    return text + message;
}

namespace {

/** Words the importer drops because they only silence errors or output. */
bool isIgnorableRedirection(QStringView word)
{
    static const char16_t *const forms[] = {u"2>/dev/null", u">/dev/null", u"1>/dev/null", u"&>/dev/null", u"2>&1",
                                            u">&/dev/null", u">>/dev/null", u"1>>/dev/null", u"2>>/dev/null",
                                            u"&>>/dev/null", u">&2", u"1>&2"};
    for (const char16_t *form : forms) {
        if (word == QStringView(form))
            return true;
    }
    return false;
}

/** A redirection operator written apart from its target ("> /dev/null"). */
bool isLoneRedirection(QStringView word)
{
    static const char16_t *const forms[] = {u">", u"1>", u"2>", u"&>", u">&", u">>", u"1>>", u"2>>", u"&>>"};
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
            if (isShellBlank(c)) {
                advance();
            } else if (c == u'\n') {
                endCommand(true);
                advance();
            } else if (c == u'\\' && peekIsNewline(m_pos + 1)) {
                skipContinuation();
            } else if (c == u'#') {
                skipComment();
            } else if (c == u';') {
                endCommand(true);
                advance();
            } else if (c == u'&' && peek(1) == u'&') {
                endCommand(false);
                advance();
                advance();
            } else if (c == u'|' && peek(1) == u'|') {
                handleOrElse();
            } else if (c == u'`' || c == u'(') {
                fail(QString(c), TcTokenizer::tr("this needs a shell (sub-shells, command substitution); paste the tc "
                                                 "commands themselves"));
                skipNested();
            } else if (c == u'|' || c == u')' || (c == u'&' && peek(1) != u'>')) {
                fail(QString(c), TcTokenizer::tr("this needs a shell (pipes, sub-shells, background jobs); "
                                                 "paste the tc commands themselves"));
                advance();
                if (c == u'&')
                    endCommand(true); // "cmd & next": next is a command of its own
            } else {
                readWord();
            }
        }
        endCommand(true);
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
        while (at < m_script.size() && isShellBlank(m_script[at]))
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

    /**
     * Steps over a `…` or (…) the shell would run by itself, so that what it holds (a ';', a
     * quote) is not taken for the end of the command. The command it stands in is discarded.
     */
    void skipNested()
    {
        const QChar open = m_script[m_pos];
        const QChar close = open == u'(' ? QChar(u')') : QChar(u'`');
        int depth = 1;
        advance();
        while (m_pos < m_script.size() && depth > 0) {
            const QChar c = m_script[m_pos];
            if (c == u'\\' && m_pos + 1 < m_script.size()) {
                advance();
            } else if (c == u'\'' || c == u'"') {
                QString ignored;
                if (!readQuoted(c, &ignored))
                    return;
                continue;
            } else if (c == close) {
                --depth;
            } else if (c == open && open == u'(') {
                ++depth;
            }
            advance();
        }
    }

    /** Reports the first problem of a command and drops the command; later ones in it are not reported again. */
    void fail(const QString &word, const QString &message)
    {
        failAt(m_line, column(), word, message);
    }

    void failAt(int line, int col, const QString &word, const QString &message)
    {
        if (!m_discard)
            m_errors->append({line, col, word, message});
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
        while (m_pos < m_script.size() && isShellBlank(m_script[m_pos]))
            advance();
        const qsizetype start = m_pos;
        while (m_pos < m_script.size() && !isShellBlank(m_script[m_pos]) && m_script[m_pos] != u'\n' &&
               m_script[m_pos] != u';' && m_script[m_pos] != u'#')
            advance();
        const QStringView next = m_script.mid(start, m_pos - start);
        if (next != u"true" && next != u":") {
            failAt(line, col, QStringLiteral("||"),
                   TcTokenizer::tr("only \"|| true\" is understood after a command; other shell logic is not run"));
            m_discardList = true; // what follows "||" runs only on failure: drop it up to the next ';' or line
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
            if (isShellBlank(c) || c == u'\n' || c == u';')
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
            if (c == u'`') {
                fail(QString(c), TcTokenizer::tr("this needs a shell (command substitution); write the value itself"));
                skipNested();
                continue;
            }
            if (c == u'$') {
                fail(QStringLiteral("$"), TcTokenizer::tr("shell variables and substitutions are not "
                                                          "expanded; write the value itself"));
                advance();
                if (m_pos < m_script.size() && m_script[m_pos] == u'(')
                    skipNested(); // $(…): its ';' and quotes belong to it
                continue;
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
        if (m_discard)
            return;
        if (!m_redirection.isEmpty()) {
            // The target of a lone ">" or "2>": only /dev/null is a redirection we can drop.
            const TcWord redirection = m_redirection.takeFirst();
            if (word.text != u"/dev/null")
                failAt(redirection.line, redirection.column, redirection.text,
                       TcTokenizer::tr("only redirections to /dev/null are understood; other redirections need a shell"));
            return;
        }
        if (!quoted && isIgnorableRedirection(word.text))
            return;
        if (!quoted && isLoneRedirection(word.text)) {
            m_redirection.append(word);
            return;
        }
        m_current.words.append(word);
    }

    bool readQuoted(QChar quote, QString *text)
    {
        const int line = m_line;
        const int col = column();
        advance();
        while (m_pos < m_script.size() && m_script[m_pos] != quote) {
            const QChar c = m_script[m_pos];
            if (quote == u'"' && c == u'$') {
                // Keep reading to the closing quote: a ';' inside it does not end the command.
                fail(QStringLiteral("$"), TcTokenizer::tr("shell variables are not expanded; write the value itself"));
            } else if (quote == u'"' && c == u'\\' && m_pos + 1 < m_script.size() &&
                       QStringView(u"\"\\$`").contains(m_script[m_pos + 1])) {
                advance(); // inside double quotes a backslash escapes only these
            }
            *text += m_script[m_pos];
            advance();
        }
        if (m_pos >= m_script.size()) {
            failAt(line, col, QString(quote), TcTokenizer::tr("this quote is never closed"));
            return false;
        }
        advance(); // closing quote
        return true;
    }

    /** Ends the current command; @p listEnd is a ';', a newline or the end, after which "|| …" logic stops. */
    void endCommand(bool listEnd)
    {
        if (!m_redirection.isEmpty()) {
            const TcWord redirection = m_redirection.takeFirst();
            failAt(redirection.line, redirection.column, redirection.text,
                   TcTokenizer::tr("this redirection has no target; only redirections to /dev/null are understood"));
        }
        if (!m_discard && !m_current.words.isEmpty())
            m_commands.append(m_current);
        m_current = {};
        if (listEnd)
            m_discardList = false;
        m_discard = m_discardList;
    }

    QStringView m_script;
    QList<TcScriptError> *m_errors;
    QList<TcCommand> m_commands;
    TcCommand m_current;
    QList<TcWord> m_redirection; ///< a lone redirection operator waiting for its target (at most one)
    bool m_discard = false;      ///< the current command had an error: drop it, report nothing more in it
    bool m_discardList = false;  ///< after "|| cmd": drop up to the end of the list (';' or line)
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
