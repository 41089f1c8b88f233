#pragma once

#include "stats/counterhistory.h"

#include <QtGlobal>

namespace qs {

/**
 * Where charts and sparklines find a node's counter history. StatsPoller is the live source;
 * tests and replays provide their own, so nothing that draws needs a kernel.
 */
class HistorySource
{
public:
    virtual ~HistorySource() = default;

    /** The history of node @p key (nodeStatsKey()), or null when none is recorded. */
    virtual const CounterHistory *history(quint64 key) const = 0;
};

} // namespace qs
