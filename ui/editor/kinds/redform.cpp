// The red form: the queue's limit and average packet, RED's thresholds and the shared RED rows.
#include "redrows.h"

namespace qs {

void buildKindForm(FormBinder<RedParams> &b)
{
    const auto sizeRow = [&](const char *key, const QString &label, const QString &toolTip, quint32 RedParams::*member, bool automatic) {
        ParameterSpec spec = ParameterSpec::size(QString::fromLatin1(key), label, toolTip,
                                                 ParameterScale::logarithmic(64, 64.0 * 1024 * 1024, automatic));
        if (automatic)
            spec = spec.withOffText(KindForms::tr("auto"));
        b.number(spec.withDefaultUnit(QStringLiteral("b")), member);
    };
    b.section(KindForms::tr("Queue"));
    sizeRow("limit", KindForms::tr("Limit"), KindForms::tr("The most bytes red holds; beyond it every packet is dropped."),
            &RedParams::limit, false);
    sizeRow("avpkt", KindForms::tr("Average packet"), KindForms::tr("The size of an average packet (tc's avpkt), for the averaging."),
            &RedParams::avpkt, false);
    //: section title: random early detection (a name)
    b.section(KindForms::tr("RED"));
    sizeRow("min", KindForms::tr("Min"), KindForms::tr("Below this average queue (bytes) nothing is marked; auto is max / 3."),
            &RedParams::min, true);
    sizeRow("max", KindForms::tr("Max"),
            KindForms::tr("At this average queue (bytes) RED marks with the full probability; auto is min × 3, or the limit / 4."),
            &RedParams::max, true);
    RedRows::add(b, &RedParams::burst, &RedParams::bandwidth, &RedParams::probability, &RedParams::ecn, &RedParams::harddrop,
                 KindForms::tr("packets"));
    b.choice(QStringLiteral("adaptive"), KindForms::tr("Adaptive"),
             KindForms::tr("Adaptive RED moves the probability between 1 % and 50 % to keep the average between min and max."),
             {{KindForms::tr("off"), 0}, {KindForms::tr("on"), 1}}, [](const RedParams &p) { return QVariant(int(p.adaptive)); },
             [](RedParams &p, const QVariant &value) { p.adaptive = value.toInt() != 0; });
    b.choice(QStringLiteral("nodrop"), KindForms::tr("Not ECN-capable"),
             KindForms::tr("What happens to packets RED would mark that cannot be marked: drop them, or let them through "
                           "(tc's nodrop; needs ECN)."),
             {{KindForms::tr("drop"), 0}, {KindForms::tr("pass (nodrop)"), 1}},
             [](const RedParams &p) { return QVariant(int(p.nodrop)); },
             [](RedParams &p, const QVariant &value) { p.nodrop = value.toInt() != 0; });
}

} // namespace qs
