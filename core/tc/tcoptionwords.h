#pragma once

#include <QString>
#include <QStringList>

namespace qs {

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
