// The codel form: its queue limit, CoDel's target and interval, ECN and the CE threshold.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<CodelParams> &b)
{
    b.section(KindForms::tr("Queue"));
    b.number(ParameterSpec::count(QStringLiteral("limit"), KindForms::tr("Limit"),
                                  KindForms::tr("The most packets codel holds; default 1000."), KindForms::tr("packets"),
                                  ParameterScale::logarithmic(1, 1e6, true))
                 .withOffText(KindForms::tr("default")),
             &CodelParams::limit);
    //: section title: the CoDel queue management algorithm (a name)
    b.section(KindForms::tr("CoDel"));
    b.number(ParameterSpec::time(QStringLiteral("target"), KindForms::tr("Target"),
                                 KindForms::tr("The queueing delay CoDel aims for; above it for a whole interval, it "
                                               "starts dropping (default 5 ms)."),
                                 ParameterScale::logarithmic(100, 1e6, true))
                 .withOffText(KindForms::tr("default")),
             &CodelParams::targetUs);
    b.number(ParameterSpec::time(QStringLiteral("interval"), KindForms::tr("Interval"),
                                 KindForms::tr("How long the delay must stay above target before CoDel drops; about "
                                               "a worst round trip (default 100 ms)."),
                                 ParameterScale::logarithmic(1000, 10e6, true))
                 .withOffText(KindForms::tr("default")),
             &CodelParams::intervalUs);
    b.number(ParameterSpec::time(QStringLiteral("ce_threshold"), KindForms::tr("CE threshold"),
                                 KindForms::tr("Above this queueing delay ECN-capable packets are marked at once "
                                               "(for DCTCP); off: only CoDel marks."),
                                 ParameterScale::logarithmic(10, 1e6, true))
                 .withOffText(KindForms::tr("off")),
             [](const CodelParams &p) { return double(p.ceThresholdUs.value_or(0)); },
             [](CodelParams &p, double value) {
                 p.ceThresholdUs = value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt;
             });
    // optional<bool> as three items; a QVariant of -1 stands for "the kernel's default".
    b.choice(QStringLiteral("ecn"), KindForms::tr("ECN"),
             KindForms::tr("Marks packets of ECN-capable flows instead of dropping them (codel's default is off)."),
             {{KindForms::tr("default (off)"), -1}, {KindForms::tr("on: mark"), 1}, {KindForms::tr("off: drop"), 0}},
             [](const CodelParams &p) { return QVariant(p.ecn ? int(*p.ecn) : -1); },
             [](CodelParams &p, const QVariant &value) {
                 const int v = value.toInt();
                 p.ecn = v < 0 ? std::nullopt : std::optional<bool>(v != 0);
             });
}

} // namespace qs
