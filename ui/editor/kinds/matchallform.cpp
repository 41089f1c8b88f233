// The matchall form: it matches every packet; only where it runs is its own.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<Filter> &b, const MatchallParams *)
{
    b.note(KindForms::tr("matchall takes every packet of its protocol; what happens to it is the class and the actions below."));
    b.choice(QStringLiteral("skip_hw"), KindForms::tr("Runs in"),
             KindForms::tr("Where the kernel runs the filter: in software and, when the device can take it, in the "
                           "NIC (tc's default); in software only (skip_hw); or in the NIC only (skip_sw, refused by a "
                           "device that cannot offload it)."),
             {{KindForms::tr("software and hardware"), 0}, {KindForms::tr("software only (skip_hw)"), 1},
              {KindForms::tr("hardware only (skip_sw)"), 2}},
             [](const Filter &f) {
                 const OffloadFlags &flags = f.params.get<MatchallParams>().offload;
                 return QVariant(flags.skipHw ? 1 : flags.skipSw ? 2 : 0);
             },
             [](Filter &f, const QVariant &value) {
                 OffloadFlags &flags = f.params.edit<MatchallParams>().offload;
                 flags.skipHw = value.toInt() == 1;
                 flags.skipSw = value.toInt() == 2;
             });
}

} // namespace qs
