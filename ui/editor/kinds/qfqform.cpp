// The qfq forms: the qdisc has nothing to set; a class, its weight and largest packet.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<QfqQdiscParams> &b)
{
    b.note(KindForms::tr("qfq has no parameters of its own: its classes share the link by weight. Add classes below it "
                         "and filters that steer traffic into them; unclassified packets are dropped."));
}

void buildKindForm(FormBinder<QfqClassParams> &b)
{
    b.section(KindForms::tr("Class"));
    b.number(ParameterSpec::count(QStringLiteral("weight"), KindForms::tr("Weight"),
                                  KindForms::tr("This class's share against the others' (1…1024; all of one qfq together at "
                                                "most 65536); default 1."),
                                  QString(), ParameterScale::logarithmic(1, QfqClassParams::MaxWeight, true), 0,
                                  QfqClassParams::MaxWeight)
                 .withOffText(KindForms::tr("default")),
             [](const QfqClassParams &p) { return double(p.weight.value_or(0)); },
             [](QfqClassParams &p, double value) {
                 p.weight = value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt;
             });
    b.number(ParameterSpec::size(QStringLiteral("maxpkt"), KindForms::tr("Largest packet"),
                                 KindForms::tr("The largest packet this class sends, in bytes (tc's maxpkt, 512…65536); default "
                                               "the device's MTU."),
                                 ParameterScale::logarithmic(QfqClassParams::MinMaxpkt, QfqClassParams::MaxMaxpkt, true))
                 .withOffText(KindForms::tr("one MTU"))
                 .withDefaultUnit(QStringLiteral("b")),
             [](const QfqClassParams &p) { return double(p.maxpkt.value_or(0)); },
             [](QfqClassParams &p, double value) {
                 p.maxpkt = value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt;
             });
}

} // namespace qs
