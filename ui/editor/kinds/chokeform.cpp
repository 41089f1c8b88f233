// The choke form: its limit and thresholds in packets, the average packet and the shared RED rows.
#include "redrows.h"

namespace qs {

void buildKindForm(FormBinder<ChokeParams> &b)
{
    const auto countRow = [&](const char *key, const QString &label, const QString &toolTip, quint32 ChokeParams::*member, bool automatic) {
        ParameterSpec spec = ParameterSpec::count(QString::fromLatin1(key), label, toolTip, KindForms::tr("packets"),
                                                  ParameterScale::logarithmic(1, ChokeParams::MaxLimit, automatic), 0,
                                                  ChokeParams::MaxLimit);
        if (automatic)
            spec = spec.withOffText(KindForms::tr("auto"));
        b.number(spec, member);
    };
    b.section(KindForms::tr("Queue"));
    countRow("limit", KindForms::tr("Limit"), KindForms::tr("The most packets choke holds."), &ChokeParams::limit, false);
    b.number(ParameterSpec::size(QStringLiteral("avpkt"), KindForms::tr("Average packet"),
                                 KindForms::tr("The size of an average packet (tc's avpkt), for the idle-time average; default 1000 bytes."),
                                 ParameterScale::logarithmic(64, 65536, true))
                 .withOffText(KindForms::tr("default")),
             &ChokeParams::avpkt);
    //: section title: random early detection (a name)
    b.section(KindForms::tr("RED"));
    countRow("min", KindForms::tr("Min"), KindForms::tr("Below this average queue nothing is marked; auto is max / 3."),
             &ChokeParams::min, true);
    countRow("max", KindForms::tr("Max"), KindForms::tr("At this average queue every packet is marked; auto is the limit / 4."),
             &ChokeParams::max, true);
    RedRows::add(b, &ChokeParams::burst, &ChokeParams::bandwidth, &ChokeParams::probability, &ChokeParams::ecn, static_cast<bool ChokeParams::*>(nullptr),
                 KindForms::tr("packets"));
    b.note(KindForms::tr("choke also drops a random queued packet of the arriving packet's flow: flows that do not slow "
                         "down lose the most."));
}

} // namespace qs
