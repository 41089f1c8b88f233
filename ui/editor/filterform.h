#pragma once

#include "formbinder.h"

#include "model/u32filter.h"

#include <QCoreApplication>

namespace qs {

/**
 * The rows of a u32 filter: protocol, prio, the match lines as tc writes them (parsed by the
 * importer's own parser, one match per line), the target class and an optional mirred action.
 */
class FilterForm
{
    Q_DECLARE_TR_FUNCTIONS(qs::FilterForm)

public:
    static void build(FormBinder<U32Filter> &b);
};

} // namespace qs
