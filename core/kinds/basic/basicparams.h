#pragma once

#include "ematch.h"
#include "kinds/filterkind.h"
#include "model/validationissue.h"

#include <QCoreApplication>

namespace qs {

/**
 * The basic classifier's own part of a filter: an ematch expression over the packet's bytes (cmp,
 * u32) and its metadata (meta: mark, priority, length, device …); no expression matches every
 * packet. The class id, the legacy police and the actions are the filter's.
 */
struct BasicParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::BasicParams)

public:
    EmatchList match;

    ValidationIssues validate() const;
    friend bool operator==(const BasicParams &, const BasicParams &) = default;
};
QS_DECLARE_FILTER_KIND(BasicParams)

} // namespace qs
