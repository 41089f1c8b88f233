// The noqueue form: nothing to set, a note on what it does.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<NoqueueParams> &b)
{
    b.note(KindForms::tr("noqueue has no parameters: packets are handed to the device at once and never queued, "
                         "as virtual devices (veth, bridges, VLANs) do by default. Nothing can be shaped here."));
}

} // namespace qs
