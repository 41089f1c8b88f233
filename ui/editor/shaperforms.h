#pragma once

#include "formbinder.h"

#include "kinds/htb/htbparams.h"
#include "kinds/tbf/tbfparams.h"

#include <QCoreApplication>

namespace qs {

/** The rows of the shapers: tbf, the htb qdisc and an htb class. */
class ShaperForms
{
    Q_DECLARE_TR_FUNCTIONS(qs::ShaperForms)

public:
    static void tbf(FormBinder<TbfParams> &b);
    static void htbQdisc(FormBinder<HtbQdiscParams> &b);
    static void htbClass(FormBinder<HtbClassParams> &b);
};

} // namespace qs
