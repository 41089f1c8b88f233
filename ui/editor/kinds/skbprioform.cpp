// The skbprio form: its one limit.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<SkbprioParams> &b)
{
    b.section(KindForms::tr("Queue"));
    b.number(ParameterSpec::count(QStringLiteral("limit"), KindForms::tr("Limit"),
                                  KindForms::tr("The most packets skbprio holds; when full it drops from the "
                                                "lowest-priority queue. Default 64."),
                                  KindForms::tr("packets"), ParameterScale::logarithmic(1, 100000, true))
                 .withOffText(KindForms::tr("default")),
             [](const SkbprioParams &p) { return double(p.limit.value_or(0)); },
             [](SkbprioParams &p, double value) {
                 p.limit = value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt;
             });
    b.note(KindForms::tr("skbprio queues by each packet's priority (skb->priority, 0…63; set it with "
                         "skbedit or SO_PRIORITY), the highest first."));
}

} // namespace qs
