// The hfsc forms: the qdisc's default class; a class's three service curves.
#include "kindforms.h"

#include "defaultclassrow.h"

namespace qs {

void buildKindForm(FormBinder<HfscQdiscParams> &b)
{
    b.section(KindForms::tr("Classes"));
    defaultClassRow(b, &HfscQdiscParams::defaultClass,
                    KindForms::tr("The leaf class (minor number, hex as tc writes it) that traffic no filter matched goes to. "
                                  "hfsc drops such traffic when there is none."),
                    KindForms::tr("none: unclassified traffic is dropped"));
    b.note(KindForms::tr("The service curves are set on the classes: select one in the tree."));
}

namespace {

/** One curve's rows: its long-term rate (keyed by the curve: its findings show there; off: no such curve), and the first segment's slope and length. */
void curveRows(FormBinder<HfscClassParams> &b, std::optional<HfscCurve> HfscClassParams::*curve, const QString &key,
               const QString &title, const QString &toolTip)
{
    b.section(title);
    b.number(ParameterSpec::rate(key, KindForms::tr("Rate (m2)"), toolTip, true)
                 .withOffText(KindForms::tr("none")),
             [curve](const HfscClassParams &p) { return double((p.*curve) ? (p.*curve)->m2 : 0); },
             [curve](HfscClassParams &p, double value) {
                 if (value <= 0 && !((p.*curve) && (p.*curve)->m1)) {
                     (p.*curve).reset();
                     return;
                 }
                 if (!(p.*curve))
                     p.*curve = HfscCurve{};
                 (p.*curve)->m2 = quint32(std::min(value, 4294967295.0));
             });
    auto *m1 = b.number(ParameterSpec::rate(key + QStringLiteral(".m1"), KindForms::tr("First rate (m1)"),
                                            KindForms::tr("The slope of the curve's first segment, for the time d: above m2 it gives "
                                                          "a burst of lower delay, below it a later start."),
                                            true)
                            .withOffText(KindForms::tr("0")),
                        [curve](const HfscClassParams &p) { return double((p.*curve) ? (p.*curve)->m1 : 0); },
                        [curve](HfscClassParams &p, double value) {
                            if (p.*curve)
                                (p.*curve)->m1 = quint32(std::min(value, 4294967295.0));
                        });
    auto *d = b.number(ParameterSpec::time(key + QStringLiteral(".d"), KindForms::tr("First segment (d)"),
                                           KindForms::tr("How long the first slope (m1) lasts."),
                                           ParameterScale::logarithmic(100, 10.0 * 1000 * 1000, true))
                           .withOffText(KindForms::tr("0")),
                       [curve](const HfscClassParams &p) { return double((p.*curve) ? (p.*curve)->dUs : 0); },
                       [curve](HfscClassParams &p, double value) {
                           if (p.*curve)
                               (p.*curve)->dUs = quint32(value);
                       });
    for (QWidget *row : {static_cast<QWidget *>(m1), static_cast<QWidget *>(d)})
        b.enableWhen(row, [curve](const HfscClassParams &p) { return bool(p.*curve); });
}

} // namespace

void buildKindForm(FormBinder<HfscClassParams> &b)
{
    curveRows(b, &HfscClassParams::rt, QStringLiteral("rt"), KindForms::tr("Real-time curve (rt)"),
              KindForms::tr("The service this class is guaranteed for its own packets, whatever else is sent. Leaf classes only."));
    curveRows(b, &HfscClassParams::ls, QStringLiteral("ls"), KindForms::tr("Link-share curve (ls)"),
              KindForms::tr("This class's share of what its parent has left, against its siblings' curves. tc's sc sets rt "
                            "and ls alike."));
    curveRows(b, &HfscClassParams::ul, QStringLiteral("ul"), KindForms::tr("Upper limit (ul)"),
              KindForms::tr("The most link-share service this class may get; needs a link-share curve."));
}

} // namespace qs
