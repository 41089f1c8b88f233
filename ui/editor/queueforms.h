#pragma once

#include "formbinder.h"

#include "kinds/fifo/fifoparams.h"
#include "kinds/fq_codel/fqcodelparams.h"
#include "kinds/prio/prioparams.h"
#include "kinds/sfq/sfqparams.h"

#include <QCoreApplication>

namespace qs {

/** The rows of the queueing disciplines: sfq, fq_codel, pfifo, bfifo, pfifo_head_drop and prio. */
class QueueForms
{
    Q_DECLARE_TR_FUNCTIONS(qs::QueueForms)

public:
    static void sfq(FormBinder<SfqParams> &b);
    static void fqCodel(FormBinder<FqCodelParams> &b);
    static void pfifo(FormBinder<PfifoParams> &b);
    static void bfifo(FormBinder<BfifoParams> &b);
    static void pfifoHeadDrop(FormBinder<PfifoHeadDropParams> &b);
    static void prio(FormBinder<PrioParams> &b);
};

} // namespace qs
