#pragma once

#include "profiles/profile.h"

#include <QCoreApplication>
#include <QList>

namespace qs {

/**
 * Presets made for the demo lab, listed first in demo mode. They use only tbf, htb and u32,
 * which every kernel with traffic control has (the built-in presets need sch_netem), and each
 * shows something the Measured panel makes visible: a rate limit and the queueing delay it
 * brings, and htb with a filter that keeps the probes out of the bulk flow's queue. (A queue on
 * the sending host's own interface stays short: TCP Small Queues keep the bulk flow from filling
 * it, so these presets cannot show bufferbloat; netem's delay can.)
 */
class LabPresets
{
    Q_DECLARE_TR_FUNCTIONS(qs::LabPresets)

public:
    /** Target-free profiles (no device), in the order they are listed. */
    static QList<Profile> all();
};

} // namespace qs
