#include "showsupport.h"

#include "netlink/pschedclock.h"
#include "tc/tcunits.h"

namespace qs::ShowSupport {

qsizetype indexOf(const ShownWords &words, QStringView keyword, qsizetype from)
{
    for (qsizetype i = from; i < words.size(); ++i) {
        if (words[i].text == keyword)
            return i;
    }
    return -1;
}

QStringView valueAfter(const ShownWords &words, QStringView keyword, qsizetype from)
{
    const qsizetype at = indexOf(words, keyword, from);
    return at >= 0 && at + 1 < words.size() ? QStringView(words[at + 1].text) : QStringView();
}

void drop(ShownWords &words, QStringView keyword, int values, QStringView only)
{
    for (qsizetype i = indexOf(words, keyword); i >= 0; i = indexOf(words, keyword, i)) {
        const bool complete = i + values < words.size(); // else the parser reports the missing value
        const bool wanted = only.isEmpty() || (values > 0 && complete && words[i + 1].text == only);
        if (complete && wanted)
            words.remove(i, 1 + values);
        else
            ++i;
    }
}

void dropSuffix(ShownWords &words, QStringView keyword, QStringView suffix)
{
    for (qsizetype i = indexOf(words, keyword); i >= 0 && i + 1 < words.size(); i = indexOf(words, keyword, i + 1)) {
        QString &value = words[i + 1].text;
        if (value.endsWith(suffix) && value.size() > suffix.size())
            value.chop(suffix.size());
    }
}

void dropCellOfOne(ShownWords &words, QStringView keyword)
{
    for (qsizetype i = indexOf(words, keyword); i >= 0 && i + 1 < words.size(); i = indexOf(words, keyword, i + 1)) {
        QString &value = words[i + 1].text;
        if (value.endsWith(u"/1"))
            value.chop(2);
    }
}

void sizeAtRate(ShownWords &words, QStringView sizeKeyword, QStringView rateKeyword)
{
    const qsizetype rateAt = indexOf(words, rateKeyword);
    const qsizetype sizeAt = indexOf(words, sizeKeyword);
    if (rateAt < 0 || sizeAt < 0 || rateAt + 1 >= words.size() || sizeAt + 1 >= words.size())
        return;
    const std::optional<quint64> rate = TcUnits::parseRate64(words[rateAt + 1].text);
    QString sizeText = words[sizeAt + 1].text;
    QString cell;
    if (const qsizetype slash = sizeText.indexOf(u'/'); slash >= 0) {
        cell = sizeText.mid(slash);
        sizeText.truncate(slash);
    }
    const std::optional<quint32> shown = TcUnits::parseSize(sizeText);
    if (!rate || *rate == 0 || !shown || *shown == 0)
        return;
    const PschedClock &clock = PschedClock::system();
    // tc prints the size within 16 bytes as Kb, within 1 KiB as Mb (sprint_size), from ticks a
    // microsecond's bytes (and a tick's rounding) below the size that gives them. Of the sizes
    // that print the same, the one whose ticks give back the printed value most nearly (exactly,
    // where tc printed bytes) is the smallest such.
    const quint64 reach = *rate / 1000000 * 2 + 4;
    const quint64 from = *shown > 1024 ? *shown - 1024 : 1;
    std::optional<quint64> best;
    quint64 bestDistance = 0;
    for (quint64 size = from; size <= quint64(*shown) + 1024 + reach && size <= 0xFFFFFFFFull; ++size) {
        const quint32 back = clock.xmitSize(*rate, clock.xmitTime(*rate, quint32(size)));
        if (TcUnits::printSize(back) != sizeText)
            continue;
        const quint64 distance = back > *shown ? back - *shown : *shown - back;
        if (!best || distance < bestDistance) {
            best = size;
            bestDistance = distance;
        }
    }
    if (best)
        words[sizeAt + 1].text = QString::number(*best) + u'b' + cell;
}

} // namespace qs::ShowSupport
