#include "tcbatch.h"
#include "tcargs.h"

namespace qs {

/* TRANSLATOR qs::TcBatch

   Problems in the lines of a tc -batch file, as tc itself reports them.
*/

namespace {

bool isSpace(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\r' || c == u'\n';
}

} // namespace

QList<TcCommand> TcBatch::lines(QStringView text, const Position &position, QList<TcScriptError> *errors)
{
    QList<TcCommand> commands;
    qsizetype pos = 0;
    while (pos < text.size()) {
        // getcmdline(): a line, cut at its first '#', joined with the next while it ends in "\\\n".
        QList<qsizetype> chars; // indexes into text of the logical line's characters
        while (pos < text.size()) {
            qsizetype end = text.indexOf(u'\n', pos);
            const bool lastLine = end < 0;
            if (lastLine)
                end = text.size();
            qsizetype cut = text.mid(pos, end - pos).indexOf(u'#');
            const bool commented = cut >= 0;
            cut = commented ? pos + cut : end;
            const bool continued = !commented && !lastLine && end > pos && text[end - 1] == u'\\';
            for (qsizetype i = pos; i < (continued ? end - 1 : cut); ++i)
                chars.append(i);
            pos = lastLine ? end : end + 1;
            if (!continued)
                break;
        }
        // makeargs(): blanks separate words; a word starting with a quote runs to the same quote.
        TcCommand command;
        qsizetype i = 0;
        while (i < chars.size()) {
            while (i < chars.size() && isSpace(text[chars[i]]))
                ++i;
            if (i >= chars.size())
                break;
            TcWord word;
            const auto [line, column] = position(chars[i]);
            word.line = line;
            word.column = column;
            const QChar first = text[chars[i]];
            if (first == u'"' || first == u'\'') {
                ++i;
                while (i < chars.size() && text[chars[i]] != first)
                    word.text += text[chars[i++]];
                if (i >= chars.size()) {
                    errors->append({line, column, QString(first), tr("unterminated quoted string")});
                    command = {};
                    break;
                }
                ++i; // the closing quote ends the word, whatever follows it
            } else {
                while (i < chars.size() && !isSpace(text[chars[i]]))
                    word.text += text[chars[i++]];
            }
            command.words.append(word);
        }
        if (!command.words.isEmpty())
            commands.append(command);
    }
    return commands;
}

bool TcBatch::looksLikeBatch(QStringView text)
{
    for (QStringView line : text.split(u'\n')) {
        line = line.trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        const QStringView first = line.left(line.indexOf(u' ') < 0 ? line.size() : line.indexOf(u' ')).trimmed();
        static const char16_t *const objects[] = {u"qdisc", u"class", u"filter", u"action", u"actions", u"chain"};
        for (const char16_t *object : objects) {
            if (first == QStringView(object))
                return true;
        }
        return false;
    }
    return false;
}

bool TcBatch::onlyShows(const QList<TcWord> &words, qsizetype objectIndex)
{
    if (objectIndex >= words.size())
        return true; // "tc -V", "tc -help": no object, nothing changed
    const QStringView object = words[objectIndex].text;
    if (tcMatches(object, u"monitor") || tcMatches(object, u"help"))
        return true;
    if (objectIndex + 1 >= words.size())
        return true; // "tc qdisc" lists
    const QStringView verb = words[objectIndex + 1].text;
    return tcMatches(verb, u"list") || tcMatches(verb, u"show") || tcMatches(verb, u"lst") || tcMatches(verb, u"help");
}

} // namespace qs
