// The mq and multiq forms: nothing to set, a note on what the queues hold.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<MqParams> &b)
{
    b.note(KindForms::tr("mq has no parameters: it gives each transmit queue of the device a qdisc of its own, at "
                         "MAJOR:1, MAJOR:2, … (one per queue). A queue without one below holds the kernel's default "
                         "(net.core.default_qdisc). Add a qdisc below mq to shape a queue; mq needs a device with "
                         "several transmit queues and can only be the root."));
}

void buildKindForm(FormBinder<MultiqParams> &b)
{
    b.note(KindForms::tr("multiq has no parameters: it has one band per transmit queue of the device (MAJOR:1, "
                         "MAJOR:2, …) and serves them in turn. Filters, or skbedit queue_mapping, choose the band; "
                         "each band can hold a qdisc."));
}

} // namespace qs
