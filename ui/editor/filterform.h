#pragma once

#include "formbinder.h"

#include "model/filter.h"

#include <QCoreApplication>

namespace qs {

/**
 * The rows every filter has: protocol and prio, the kind's own rows (kindforms.h: u32's match
 * lines), the target class and the action list (one action per line, as tc writes it after
 * "action", parsed by each action kind's own parser).
 */
class FilterForm
{
    Q_DECLARE_TR_FUNCTIONS(qs::FilterForm)

public:
    static void build(FormBinder<Filter> &b);
};

} // namespace qs
