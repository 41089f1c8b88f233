#include "tcargs.h"

#include "tcunits.h"

#include <algorithm>

namespace qs {

/* TRANSLATOR qs::TcArgs

   Errors about one value of a tc command, shown at the word they are about. tc's words (rate, burst,
   limit, the kinds netem, cake, … and their options) and examples in tc syntax (10mbit, 100ms, 32kb)
   stay as they are.
*/

bool tcMatches(QStringView word, QStringView keyword)
{
    return !word.isEmpty() && keyword.startsWith(word);
}

TcArgs::TcArgs(const QList<TcWord> &words, qsizetype start, QList<TcScriptError> *warnings)
    : m_words(words), m_pos(start), m_warnings(warnings)
{
}

QStringView TcArgs::peekAhead(qsizetype n) const
{
    return m_pos + n < m_words.size() ? QStringView(m_words[m_pos + n].text) : QStringView();
}

QStringView TcArgs::next()
{
    if (atEnd())
        fail(tr("the command ends too early"));
    return m_words[m_pos++].text;
}

QStringView TcArgs::value(QStringView keyword)
{
    if (atEnd())
        throw TcArgsFailure{m_pos - 1, tr("\"%1\" needs a value after it").arg(keyword)};
    return m_words[m_pos++].text;
}

bool TcArgs::nextIsNumber() const
{
    return !atEnd() && TcUnits::startsWithDigit(peek());
}

bool TcArgs::nextIsSignedNumber() const
{
    return nextIsNumber() || (!atEnd() && peek().startsWith(u'-'));
}

bool TcArgs::takeIf(QStringView keyword)
{
    if (atEnd() || !tcMatches(peek(), keyword))
        return false;
    ++m_pos;
    return true;
}

const TcWord &TcArgs::word(qsizetype index) const
{
    return m_words[std::clamp<qsizetype>(index, 0, m_words.size() - 1)];
}

void TcArgs::fail(const QString &message) const
{
    throw TcArgsFailure{std::max<qsizetype>(0, m_pos - 1), message};
}

void TcArgs::failAt(qsizetype index, const QString &message) const
{
    throw TcArgsFailure{index, message};
}

void TcArgs::failUnknownOption(qsizetype index, QStringView kind) const
{
    //: %1 is a kind (netem, cake, htb class, u32, police, …).
    failAt(index, tr("unknown %1 option").arg(kind));
}

void TcArgs::failUnsupported(qsizetype index, QStringView kind) const
{
    //: %1 is a kind (tbf, htb, htb class, sfq, …), %2 the option word from the script.
    failAt(index, tr("%1 option \"%2\" is not supported by Qdisc Studio yet").arg(kind, word(index).text));
}

void TcArgs::warn(qsizetype index, const QString &message)
{
    if (!m_warnings)
        return;
    const TcWord &w = word(index);
    m_warnings->append({w.line, w.column, w.text, message});
}

Probability TcArgs::percent(QStringView field)
{
    const QStringView word = value(field);
    return require(TcUnits::parsePercent(word),
                   //: %1 names the value: a tc option (loss, reorder, …) or a label such as "delay correlation".
                   tr("%1 must be a percentage from 0 to 100, like 1% or 0.5%").arg(field));
}

double TcArgs::percentFraction(QStringView field)
{
    const QStringView word = value(field);
    return require(TcUnits::parsePercentFraction(word), tr("%1 must be a percentage from 0 to 100, like 1% or 0.5%").arg(field));
}

quint64 TcArgs::rate(QStringView field)
{
    const QStringView word = value(field);
    if (word.contains(u'%'))
        fail(tr("a %1 in percent of the link speed depends on the device; give bits per second, like 10mbit").arg(field));
    return require(TcUnits::parseRate64(word), tr("%1 must be a rate like 10mbit, 512kbit or 1gbit").arg(field));
}

quint32 TcArgs::size(QStringView field)
{
    const QStringView word = value(field);
    return require(TcUnits::parseSize(word), tr("%1 must be a size like 1514, 32kb or 1mb").arg(field));
}

quint32 TcArgs::packetCount(QStringView field)
{
    const QStringView word = value(field);
    return require(TcUnits::parseSize(word), tr("%1 must be a number of packets like 100").arg(field));
}

quint32 TcArgs::sizeNoCell(QStringView field)
{
    const QStringView word = value(field);
    if (word.contains(u'/'))
        fail(tr("the \"/cell\" suffix of %1 is not supported by Qdisc Studio yet").arg(field));
    return require(TcUnits::parseSize(word), tr("%1 must be a size like 1514, 32kb or 1mb").arg(field));
}

quint32 TcArgs::timeUs(QStringView field)
{
    const QStringView word = value(field);
    return require(TcUnits::parseTimeUs(word), tr("%1 must be a time like 100ms, 1.5s or 500us").arg(field));
}

qint64 TcArgs::time64Ns(QStringView field)
{
    const QStringView word = value(field);
    return require(TcUnits::parseTime64Ns(word), tr("%1 must be a time like 100ms, 500us or 800ns").arg(field));
}

quint32 TcArgs::u32(QStringView field, int base)
{
    const QStringView word = value(field);
    return require(TcUnits::parseU32(word, base), base == 16 ? tr("%1 must be a hexadecimal number").arg(field)
                                                             : tr("%1 must be a whole number from 0 to 4294967295").arg(field));
}

qint32 TcArgs::s32(QStringView field, int base)
{
    const QStringView word = value(field);
    return require(TcUnits::parseS32(word, base), tr("%1 must be a whole number").arg(field));
}

quint16 TcArgs::u16(QStringView field, int base)
{
    const QStringView word = value(field);
    return require(TcUnits::parseU16(word, base), tr("%1 must be a whole number from 0 to 65535").arg(field));
}

int TcArgs::integer(QStringView field, int base)
{
    const QStringView word = value(field);
    return require(TcUnits::parseInteger(word, base), tr("%1 must be a whole number").arg(field));
}

} // namespace qs
