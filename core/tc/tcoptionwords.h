#pragma once

#include <QString>
#include <QStringList>

namespace qs {

/**
 * @p word as a POSIX shell reads it back as one word: as it is when it holds only characters no
 * shell treats specially, else in single quotes (a quote inside as '\\''). Every script we write uses it.
 */
QString shellWord(const QString &word);

/** The words of a tc command being written, empty words skipped; what every kind prints into. */
class TcOptionWords
{
public:
    TcOptionWords &add(const QString &word)
    {
        if (!word.isEmpty())
            m_words.append(word);
        return *this;
    }
    TcOptionWords &add(const char16_t *word) { return add(QString::fromUtf16(word)); }
    TcOptionWords &add(const char16_t *key, const QString &value) { return add(key).add(value); }
    /**
     * @p value as one word of a shell script, quoted by shellWord() when it must be: for values
     * with blanks or a shell's special characters (basic's "match 'cmp(u8 at 9 eq 6)'").
     */
    TcOptionWords &addQuoted(const char16_t *key, const QString &value) { return add(key).add(shellWord(value)); }
    TcOptionWords &add(const TcOptionWords &other)
    {
        m_words += other.m_words;
        return *this;
    }
    bool isEmpty() const { return m_words.isEmpty(); }
    const QStringList &words() const { return m_words; }
    QString join() const { return m_words.join(u' '); }

private:
    QStringList m_words;
};

} // namespace qs
