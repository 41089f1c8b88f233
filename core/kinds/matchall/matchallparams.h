#pragma once

#include "kinds/filterkind.h"
#include "kinds/filtersupport.h"
#include "model/validationissue.h"

#include <QCoreApplication>

namespace qs {

/**
 * The matchall classifier's own part of a filter: it matches every packet, so all it holds is
 * where it runs (skip_hw / skip_sw); the class id and the actions are the filter's.
 */
struct MatchallParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::MatchallParams)

public:
    OffloadFlags offload;

    ValidationIssues validate() const;
    friend bool operator==(const MatchallParams &, const MatchallParams &) = default;
};
QS_DECLARE_FILTER_KIND(MatchallParams)

} // namespace qs
