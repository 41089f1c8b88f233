#include "pschedclock.h"

#include <QFile>

namespace qs {

namespace {
constexpr double TimeUnitsPerSec = 1000000.0;
}

PschedClock::PschedClock(quint32 ticksToUs, quint32 usToTicks, quint32 clockResolution, quint32 hz)
{
    // tc_core_init(): a kernel with nanosecond resolution advertises a multiplier of 1000 that really is 1.
    if (clockResolution == 1000000000)
        ticksToUs = usToTicks;
    const double clockFactor = double(clockResolution) / TimeUnitsPerSec;
    m_tickInUsec = double(ticksToUs) / double(usToTicks) * clockFactor;
    m_hz = hz;
}

const PschedClock &PschedClock::system()
{
    static const PschedClock clock = [] {
        QFile file(QStringLiteral("/proc/net/psched"));
        if (file.open(QIODevice::ReadOnly)) {
            const QList<QByteArray> fields = file.readAll().simplified().split(' ');
            if (fields.size() >= 4) {
                bool ok[4];
                const quint32 t2us = fields[0].toUInt(&ok[0], 16);
                const quint32 us2t = fields[1].toUInt(&ok[1], 16);
                const quint32 resolution = fields[2].toUInt(&ok[2], 16);
                const quint32 denominator = fields[3].toUInt(&ok[3], 16);
                if (ok[0] && ok[1] && ok[2] && ok[3] && us2t != 0)
                    // get_hz(): the fourth field is the clock rate when the third is 1000000.
                    return PschedClock(t2us, us2t, resolution, resolution == 1000000 ? denominator : 100);
            }
        }
        return PschedClock(1000, 64, 1000000, 1000000000);
    }();
    return clock;
}

namespace {
/**
 * A double narrowed to 32 bits as tc's C conversion does it on x86-64 (through a 64-bit integer,
 * so a value beyond 32 bits wraps); beyond what 64 bits hold it saturates instead of being undefined.
 */
quint32 narrowLikeTc(double value)
{
    if (!(value > -1.0))
        return 0;
    if (value >= 9.2e18)
        return 0xFFFFFFFFu;
    return quint32(quint64(value));
}
} // namespace

quint32 PschedClock::timeToTicks(quint32 microseconds) const
{
    return narrowLikeTc(microseconds * m_tickInUsec);
}

quint32 PschedClock::ticksToTime(quint32 ticks) const
{
    return quint32(ticks / m_tickInUsec);
}

quint32 PschedClock::xmitTime(quint64 rate, quint32 size) const
{
    if (rate == 0)
        return 0;
    // The double is narrowed to unsigned int first, exactly as tc passes it to tc_core_time2tick().
    return timeToTicks(narrowLikeTc(TimeUnitsPerSec * (double(size) / double(rate))));
}

quint32 PschedClock::xmitSize(quint64 rate, quint32 ticks) const
{
    return quint32((double(rate) * ticksToTime(ticks)) / TimeUnitsPerSec);
}

quint64 PschedClock::kernelLengthToNs(quint64 rate, quint32 length, int overhead)
{
    if (rate == 0)
        return 0;
    // psched_ratecfg_precompute__(): the largest mult below 2^31 with factor = 1e9 << shift.
    quint64 factor = 1000000000ULL;
    quint32 mult = 1;
    quint32 shift = 0;
    for (;;) {
        mult = quint32(factor / rate);
        if ((mult & (1U << 31)) || (factor & (1ULL << 63)))
            break;
        factor <<= 1;
        ++shift;
    }
    const quint64 len = quint64(qint64(length) + overhead);
    return (len * mult) >> shift;
}

} // namespace qs
