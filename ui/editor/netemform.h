#pragma once

#include "formbinder.h"

#include "kinds/netem/netemparams.h"

#include <QCoreApplication>

namespace qs {

/**
 * The rows of a netem qdisc: delay (jitter, correlation, distribution), random loss, duplicate,
 * corrupt, reorder, rate and queue limit. What the editor does not offer (the 4-state and
 * Gilbert-Elliott loss models, slotting, rate overheads) is kept unchanged and named in a note.
 */
class NetemForm
{
    Q_DECLARE_TR_FUNCTIONS(qs::NetemForm)

public:
    static void build(FormBinder<NetemParams> &b);
};

} // namespace qs
