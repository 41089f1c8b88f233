#pragma once

#include <QtGlobal>

namespace qs {

/**
 * The packet scheduler's clock as tc sees it (/proc/net/psched), and tc's own conversions
 * between bytes, microseconds and scheduler ticks (iproute2's tc_core.c), reproduced with the
 * same truncations so that what we send equals, bit for bit, what tc would send. Also the
 * kernel's side (psched_ratecfg and PSCHED_NS2TICKS) for reading values back.
 */
class PschedClock
{
public:
    /** Read once from /proc/net/psched; falls back to the 64 ns tick every modern kernel uses. */
    static const PschedClock &system();
    PschedClock(quint32 ticksToUs, quint32 usToTicks, quint32 clockResolution, quint32 hz);

    double tickInUsec() const { return m_tickInUsec; }
    /** iproute2's get_hz(): the default htb burst is rate / hz + mtu. */
    quint32 hz() const { return m_hz; }

    quint32 timeToTicks(quint32 microseconds) const;
    quint32 ticksToTime(quint32 ticks) const;
    /** tc_calc_xmittime(): ticks to send @p size bytes at @p rate bytes/s. */
    quint32 xmitTime(quint64 rate, quint32 size) const;
    /** tc_calc_xmitsize(): bytes sent in @p ticks at @p rate. */
    quint32 xmitSize(quint64 rate, quint32 ticks) const;

    /** The kernel's psched_l2t_ns(): nanoseconds to send @p length bytes at @p rate (plain Ethernet). */
    static quint64 kernelLengthToNs(quint64 rate, quint32 length, int overhead = 0);

private:
    double m_tickInUsec;
    quint32 m_hz;
};

} // namespace qs
