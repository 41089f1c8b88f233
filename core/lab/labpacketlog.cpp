#include "labpacketlog.h"

#include <algorithm>
#include <limits>

namespace qs {

LabPacketLog::LabPacketLog(qsizetype capacity) : m_slots(size_t(std::max<qsizetype>(capacity, 2)))
{
}

void LabPacketLog::recordSent(qint64 sentNs, qint64 lossTimeoutNs)
{
    slot(m_next) = Slot{m_next, sentNs, sentNs + lossTimeoutNs, 0, 0, 0, false};
    ++m_next;
}

qint64 LabPacketLog::lossTimeoutFor(qint64 floorNs, qint64 capNs) const
{
    return std::clamp(floorNs + 2 * m_latestDelayNs, floorNs, std::max(floorNs, capNs));
}

LabPacketLog::Arrival LabPacketLog::recordArrival(quint64 sequence, qint64 sentNs, qint64 arrivedNs,
                                                  qint64 excludedNs)
{
    Slot &s = slot(sequence);
    if (sequence >= m_next || s.sequence != sequence || s.sentNs != sentNs)
        return Arrival::Unknown;
    if (s.arrivedNs != 0) {
        ++s.duplicates;
        return Arrival::Duplicate;
    }
    const qint64 delayNs =
        std::clamp<qint64>(arrivedNs - sentNs - excludedNs, 0, std::max<qint64>(arrivedNs - sentNs, 0));
    m_latestDelayNs = delayNs;
    if (arrivedNs > s.deadlineNs)
        return Arrival::Late;
    s.arrivedNs = std::max(arrivedNs, sentNs + 1); // 0 means "not arrived"
    s.delayNs = delayNs;
    s.reordered = m_anyArrived && sequence < m_highestArrived;
    if (!m_anyArrived || sequence > m_highestArrived)
        m_highestArrived = sequence;
    m_anyArrived = true;
    return Arrival::Counted;
}

LabPacketTally LabPacketLog::tally(qint64 startNs, qint64 nowNs, qint64 sentSinceNs,
                                   qint64 maxLossTimeoutNs, qint64 reorderAllowanceNs) const
{
    LabPacketTally t;
    // Newest first: a missing packet's gap is known from the packets after it, visited before it.
    // Nothing sent more than a timeout before the window can be decided inside it.
    qint64 firstLaterArrival = std::numeric_limits<qint64>::max();
    for (quint64 seq = m_next; seq-- > 0 && m_next - seq <= m_slots.size();) {
        const Slot &s = slot(seq);
        if (s.sequence != seq || s.sentNs < startNs - maxLossTimeoutNs)
            break;
        if (s.arrivedNs != 0) {
            const qint64 arrived = s.arrivedNs;
            firstLaterArrival = std::min(firstLaterArrival, arrived);
            if (s.sentNs < sentSinceNs || arrived <= startNs || arrived > nowNs)
                continue;
            ++t.decided;
            ++t.received;
            t.reordered += s.reordered ? 1 : 0;
            t.duplicates += s.duplicates;
            t.delaysNs.push_back(s.delayNs);
            continue;
        }
        if (s.sentNs < sentSinceNs)
            continue;
        qint64 lostAt = s.deadlineNs;
        if (firstLaterArrival != std::numeric_limits<qint64>::max())
            lostAt = std::min(lostAt, firstLaterArrival + reorderAllowanceNs);
        if (lostAt <= startNs || lostAt > nowNs)
            continue; // decided before the window, or still in flight
        ++t.decided;
        ++t.lost;
    }
    return t;
}

} // namespace qs
