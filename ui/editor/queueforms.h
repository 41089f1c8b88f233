#pragma once

#include "formbinder.h"

#include "model/fifoparams.h"
#include "model/fqcodelparams.h"
#include "model/prioparams.h"
#include "model/sfqparams.h"

#include <QCoreApplication>

namespace qs {

/** The rows of the queueing disciplines: sfq, fq_codel, pfifo, bfifo and prio. */
class QueueForms
{
    Q_DECLARE_TR_FUNCTIONS(qs::QueueForms)

public:
    static void sfq(FormBinder<SfqParams> &b);
    static void fqCodel(FormBinder<FqCodelParams> &b);
    static void pfifo(FormBinder<PfifoParams> &b);
    static void bfifo(FormBinder<BfifoParams> &b);
    static void prio(FormBinder<PrioParams> &b);
};

} // namespace qs
