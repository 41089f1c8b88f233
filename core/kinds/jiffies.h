#pragma once

#include <QtGlobal>

namespace qs {

/**
 * True when @p running microseconds are what the kernel makes of @p wanted kept as jiffies
 * (usecs_to_jiffies() rounds up, jiffies_to_usecs() reads whole jiffies back), at HZ 100, 250 or
 * 1000: sending @p wanted again would change nothing. pie's tupdate, fq's refill_delay.
 */
inline bool sameJiffies(quint32 wanted, quint32 running)
{
    if (wanted == running)
        return true;
    for (quint32 jiffyUs : {10000u, 4000u, 1000u}) {
        const quint64 jiffies = (quint64(wanted) + jiffyUs - 1) / jiffyUs;
        if (jiffies * jiffyUs == running)
            return true;
    }
    return false;
}

} // namespace qs
