#pragma once

#include "kinds/showsupport.h"

#include <QtGlobal>

#include <optional>

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
    // How round a value is: its trailing decimal zeros (1000000 over 1000 over 10).
    const auto roundness = [](quint32 v) {
        int zeros = 0;
        for (; v != 0 && v % 10 == 0 && zeros < 6; v /= 10)
            ++zeros;
        return zeros;
    };
    // The kernel's own values read back within two microseconds below what was given.
    std::optional<quint32> best;
    for (quint32 candidate = us; candidate <= us + 2; ++candidate) {
        if (roundTrip(candidate) == us && (!best || roundness(candidate) > roundness(*best)))
            best = candidate;
    }
    return best.value_or(us);
}

/**
 * tc prints CoDel's times as the kernel holds them: 1ms reads back as "999us". The microsecond
 * values after target, interval and ce_threshold become the value most likely given, so that
 * what tc printed applies to the same kernel state again (codel's and fq_codel's readShown).
 */
inline void readShownTimes(ShownWords &w)
{
    for (const char16_t *keyword : {u"target", u"interval", u"ce_threshold"}) {
        const qsizetype at = ShowSupport::indexOf(w, keyword);
        if (at < 0 || at + 1 >= w.size() || !w[at + 1].text.endsWith(u"us") || w[at + 1].text.contains(u'.'))
            continue;
        bool ok = false;
        const quint32 shown = w[at + 1].text.chopped(2).toUInt(&ok);
        if (ok)
            w[at + 1].text = QString::number(fromKernel(shown)) + QStringLiteral("us");
    }
}

} // namespace qs::CodelTime
