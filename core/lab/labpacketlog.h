#pragma once

#include <QtGlobal>

#include <vector>

namespace qs {

/** What a LabPacketLog makes of the packets whose fate was decided inside a window. */
struct LabPacketTally
{
    int decided = 0;  ///< received + lost
    int received = 0; ///< arrived in time, counted once
    int lost = 0;
    int reordered = 0;            ///< arrived after a packet sent later: late, not lost
    int duplicates = 0;           ///< extra copies of received packets
    std::vector<qint64> delaysNs; ///< each received packet's delay (the RTT, for echoed probes)
};

/**
 * The fate of numbered packets, sent at a steady pace: when each was sent and when (if ever) it
 * arrived. Fixed memory: a ring indexed by sequence number, the oldest entries overwritten.
 *
 * A packet is lost when it has not arrived within its loss timeout, or earlier, when it is
 * missing from a sequence gap that a later packet opened at least reorderAllowance ago. A packet
 * that still arrives within its timeout was reordered, not lost (a later tally says so), and
 * copies are counted as duplicates, never as more packets received. Not thread-safe.
 *
 * The loss timeout is fixed per packet when it is sent, and follows the delay (lossTimeoutFor()):
 * behind a bloated queue of several seconds a fixed 2 s would call every packet lost while each
 * one arrives (the panel then said "100 % loss" beside a goodput, and showed no RTT at all).
 */
class LabPacketLog
{
public:
    explicit LabPacketLog(qsizetype capacity = 2);

    /** The sequence number the next packet gets. */
    quint64 next() const { return m_next; }
    /** Packet next() left at @p sentNs; it is lost unless it arrives within @p lossTimeoutNs. */
    void recordSent(qint64 sentNs, qint64 lossTimeoutNs);

    /**
     * The loss timeout for a packet sent now: @p floorNs plus twice the latest delay seen (late
     * arrivals included), at most @p capNs; so it grows with a queue that grows, as TCP's
     * retransmission timeout follows the RTT.
     */
    qint64 lossTimeoutFor(qint64 floorNs, qint64 capNs) const;

    enum class Arrival { Counted, Duplicate, Late, Unknown };
    /**
     * Packet @p sequence, sent at @p sentNs (as carried in it), arrived at @p arrivedNs; its delay
     * is the time in between less @p excludedNs (an echo's own time in the reflector). Late:
     * after its loss timeout, so it stays lost (its delay still raises the next timeouts).
     * Unknown: never sent, or overwritten in the ring.
     */
    Arrival recordArrival(quint64 sequence, qint64 sentNs, qint64 arrivedNs,
                          qint64 excludedNs = 0);

    /**
     * The packets sent at or after @p sentSinceNs whose fate was decided in (@p startNs, @p nowNs]:
     * when they arrived, or when they became lost. Deciding by that moment rather than by send
     * time lets a window show an outage (a loss timeout after it began) instead of packets in
     * flight. @p maxLossTimeoutNs bounds every packet's timeout (how far back to look).
     */
    LabPacketTally tally(qint64 startNs, qint64 nowNs, qint64 sentSinceNs,
                         qint64 maxLossTimeoutNs, qint64 reorderAllowanceNs) const;

private:
    struct Slot
    {
        quint64 sequence = ~quint64(0);
        qint64 sentNs = 0;
        qint64 deadlineNs = 0; ///< lost when not arrived by then
        qint64 arrivedNs = 0;  ///< 0: not arrived (in time)
        qint64 delayNs = 0;
        quint16 duplicates = 0;
        bool reordered = false;
    };
    const Slot &slot(quint64 sequence) const { return m_slots[sequence % m_slots.size()]; }
    Slot &slot(quint64 sequence) { return m_slots[sequence % m_slots.size()]; }

    std::vector<Slot> m_slots;
    quint64 m_next = 0;
    quint64 m_highestArrived = 0;
    bool m_anyArrived = false;
    qint64 m_latestDelayNs = 0;
};

} // namespace qs
