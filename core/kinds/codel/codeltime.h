#pragma once

#include <QtGlobal>

namespace qs::CodelTime {

/** The kernel keeps CoDel times in 1024 ns units (CODEL_SHIFT): what a microsecond value reads back as. */
inline quint32 roundTrip(quint32 us)
{
    const quint64 codel = (quint64(us) * 1000) >> 10;
    return quint32((codel << 10) / 1000);
}

/** The microsecond value a person most likely gave, among those the kernel reads back as @p us. */
inline quint32 fromKernel(quint32 us)
{
    quint32 best = us;
    for (quint32 candidate = us; candidate <= us + 2; ++candidate) {
        if (roundTrip(candidate) != us)
            continue;
        for (quint32 unit : {1000000u, 1000u, 100u, 10u}) {
            if (candidate % unit == 0 && best % unit != 0) {
                best = candidate;
                break;
            }
        }
    }
    return best;
}

} // namespace qs::CodelTime
