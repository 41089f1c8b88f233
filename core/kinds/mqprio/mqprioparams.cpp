#include "mqprioparams.h"

#include "tc/tcunits.h"

#include <QStringList>

#include <algorithm>

namespace qs {

/* TRANSLATOR qs::MqprioParams

   Findings about mqprio's parameters. num_tc, map, queues, hw, mode, shaper, bw_rlimit, min_rate and
   max_rate are words of tc's mqprio command: keep them.
*/

std::optional<MqprioParams::QueueRange> MqprioParams::parseQueueRange(QStringView word)
{
    const qsizetype at = word.indexOf(u'@');
    if (at < 0)
        return std::nullopt;
    const auto count = TcUnits::parseU16(word.left(at), 10);
    const auto offset = TcUnits::parseU16(word.mid(at + 1), 10);
    if (!count || !offset)
        return std::nullopt;
    return QueueRange{*count, *offset};
}

QString MqprioParams::queueRangeText(const QueueRange &range)
{
    return QStringLiteral("%1@%2").arg(range.count).arg(range.offset);
}

std::optional<QList<MqprioParams::QueueRange>> MqprioParams::parseQueues(QStringView text)
{
    QList<QueueRange> ranges;
    for (QStringView word : text.split(u' ', Qt::SkipEmptyParts)) {
        const auto range = parseQueueRange(word);
        if (!range || ranges.size() >= MaxTrafficClasses)
            return std::nullopt;
        ranges.append(*range);
    }
    return ranges;
}

QString MqprioParams::queuesText() const
{
    QStringList words;
    for (const QueueRange &range : queues)
        words.append(queueRangeText(range));
    return words.join(u' ');
}

void MqprioParams::normalise()
{
    while (!queues.isEmpty() && queues.last() == QueueRange{})
        queues.removeLast();
    for (QList<quint64> *rates : {&minRate, &maxRate}) {
        const int wanted = std::clamp(trafficClasses, 0, MaxTrafficClasses); // the kernel reads num_tc of them
        if (wanted == 0)
            *rates = {}; // not resize(0): an emptied list keeps its buffer, and Qt 6.4 compares it to a null one with memcmp(…, nullptr, 0)
        else if (!rates->isEmpty())
            rates->resize(wanted);
    }
}

ValidationIssues MqprioParams::validate() const
{
    ValidationIssues issues;
    const auto error = [&](const QString &field, const QString &message) { issues.append(ValidationIssue::error(field, message)); };
    // The kernel needs every priority's class below num_tc, so num_tc 0 is refused too.
    if (trafficClasses < 1 || trafficClasses > MaxTrafficClasses) {
        error(QStringLiteral("num_tc"), tr("num_tc %1 is out of range; allowed 1…16").arg(trafficClasses));
        return issues;
    }
    QStringList beyond; // one finding for the map: tc's default map with a smaller num_tc misses many
    for (size_t i = 0; i < map.size(); ++i) {
        if (map[i] >= trafficClasses)
            beyond.append(QStringLiteral("%1→%2").arg(i).arg(map[i]));
    }
    if (!beyond.isEmpty())
        //: %1 lists priority→class pairs ("2→2, 3→3"), %2 the highest class.
        error(QStringLiteral("map"), tr("the map sends priorities to traffic classes that do not exist (%1); allowed 0…%2")
                                         .arg(beyond.join(QStringLiteral(", ")))
                                         .arg(trafficClasses - 1));
    if (queues.size() > trafficClasses)
        error(QStringLiteral("queues"), tr("%n queue range(s) for %1 traffic classes: at most one per class", nullptr, int(queues.size()))
                                            .arg(trafficClasses));
    if (!hw) {
        // mqprio_parse_opt without offload: every class has queues, and no queue is in two classes.
        for (int tc = 0; tc < trafficClasses; ++tc) {
            if (tc >= queues.size() || queues[tc].count == 0) {
                error(QStringLiteral("queues"), tr("with hw 0 every traffic class needs its queues (COUNT@OFFSET): class %1 has none")
                                                    .arg(tc));
                break;
            }
        }
        for (qsizetype a = 0; a < queues.size(); ++a) {
            for (qsizetype b = a + 1; b < queues.size(); ++b) {
                const QueueRange &x = queues[a];
                const QueueRange &y = queues[b];
                if (x.count && y.count && x.offset < y.offset + y.count && y.offset < x.offset + x.count)
                    error(QStringLiteral("queues"), tr("the queues of traffic classes %1 (%2@%3) and %4 (%5@%6) overlap")
                                                        .arg(a).arg(x.count).arg(x.offset).arg(b).arg(y.count).arg(y.offset));
            }
        }
    }
    // The kernel refuses any attribute after the options without offload, and rates without bw_rlimit.
    if (!hw && (mode != Mode::Dcb || shaper != Shaper::Dcb))
        error(QStringLiteral("hw"), tr("mode and shaper need hw 1: the kernel refuses them without offload"));
    if (shaper != Shaper::BwRlimit && (!minRate.isEmpty() || !maxRate.isEmpty()))
        error(QStringLiteral("shaper"), tr("min_rate and max_rate need shaper bw_rlimit"));
    for (const QList<quint64> *rates : {&minRate, &maxRate}) {
        if (!rates->isEmpty() && rates->size() != trafficClasses)
            error(rates == &minRate ? QStringLiteral("min_rate") : QStringLiteral("max_rate"),
                  tr("%n rate(s) for %1 traffic classes: give one per class", nullptr, int(rates->size())).arg(trafficClasses));
    }
    return issues;
}

} // namespace qs
