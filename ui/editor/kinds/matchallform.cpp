// The matchall form: it matches every packet; only where it runs is its own.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<Filter> &b, const MatchallParams *)
{
    b.note(KindForms::tr("matchall takes every packet of its protocol; what happens to it is the class and the actions below."));
    offloadChoice(b, &MatchallParams::offload);
}

} // namespace qs
