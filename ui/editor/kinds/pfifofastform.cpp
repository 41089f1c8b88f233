// The pfifo_fast form: nothing to set, a note on what it does.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<PfifoFastParams> &b)
{
    b.note(KindForms::tr("pfifo_fast has no parameters: three bands, picked by each packet's priority "
                         "(TOS) through a fixed priomap, band 0 first. For other bands or maps use prio."));
}

} // namespace qs
