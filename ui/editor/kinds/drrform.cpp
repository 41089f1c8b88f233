// The drr forms: the qdisc has nothing to set; a class, its quantum.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<DrrQdiscParams> &b)
{
    b.note(KindForms::tr("drr has no parameters of its own: its classes take turns, each sending up to its quantum per "
                         "round. Add classes below it and filters that steer traffic into them; unclassified packets are dropped."));
}

void buildKindForm(FormBinder<DrrClassParams> &b)
{
    b.section(KindForms::tr("Class"));
    b.number(ParameterSpec::size(QStringLiteral("quantum"), KindForms::tr("Quantum"),
                                 KindForms::tr("How many bytes this class sends per round; others get the same turn with "
                                               "theirs. Default: the device's MTU."),
                                 ParameterScale::logarithmic(64, 1024 * 1024, true))
                 .withOffText(KindForms::tr("one MTU"))
                 .withDefaultUnit(QStringLiteral("b")),
             [](const DrrClassParams &p) { return double(p.quantum.value_or(0)); },
             [](DrrClassParams &p, double value) {
                 p.quantum = value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt;
             });
}

} // namespace qs
