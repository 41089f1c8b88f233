#pragma once

// The rows RED-like kinds share (red, choke): the thresholds' probability, the burst, the
// bandwidth for the idle-time average, ecn and harddrop. Each kind passes its own members.
#include "kindforms.h"

namespace qs::RedRows {

template <class P>
void add(FormBinder<P> &b, quint32 P::*burst, quint32 P::*bandwidth, std::optional<double> P::*probability, bool P::*ecn,
         bool P::*harddrop, const QString &burstUnit)
{
    b.number(ParameterSpec::percent(QStringLiteral("probability"), KindForms::tr("Probability"),
                                    KindForms::tr("How likely RED drops or marks a packet when the average queue reaches max; default 2 %."),
                                    ParameterScale::linear(0, 100, 1000)),
             [probability](const P &p) { return (p.*probability).value_or(0.02) * 100; },
             [probability](P &p, double value) { p.*probability = value > 0 ? std::optional<double>(value / 100) : std::nullopt; });
    b.number(ParameterSpec::count(QStringLiteral("burst"), KindForms::tr("Burst"),
                                  KindForms::tr("How many packets of a burst pass above min before the average catches up; it "
                                                "sets the averaging constant (auto: (2 min + max) / 3 average packets)."),
                                  burstUnit, ParameterScale::logarithmic(1, 100000, true))
                 .withOffText(KindForms::tr("auto")),
             burst);
    b.number(ParameterSpec::rate(QStringLiteral("bandwidth"), KindForms::tr("Bandwidth"),
                                 KindForms::tr("The link's rate, for ageing the average while the queue is idle; default 10 Mbit."),
                                 true)
                 .withOffText(KindForms::tr("default")),
             [bandwidth](const P &p) { return double(p.*bandwidth); },
             [bandwidth](P &p, double value) { p.*bandwidth = quint32(std::min(value, 4294967295.0)); });
    b.choice(QStringLiteral("ecn"), KindForms::tr("ECN"), KindForms::tr("Marks packets of ECN-capable flows instead of dropping them."),
             {{KindForms::tr("off: drop"), 0}, {KindForms::tr("on: mark"), 1}},
             [ecn](const P &p) { return QVariant(int(p.*ecn)); }, [ecn](P &p, const QVariant &value) { p.*ecn = value.toInt() != 0; });
    if (!harddrop)
        return; // choke has none
    b.choice(QStringLiteral("harddrop"), KindForms::tr("Above max"),
             KindForms::tr("What ECN does above max: mark as below it, or drop (tc's harddrop)."),
             {{KindForms::tr("mark"), 0}, {KindForms::tr("drop"), 1}},
             [harddrop](const P &p) { return QVariant(int(p.*harddrop)); },
             [harddrop](P &p, const QVariant &value) { p.*harddrop = value.toInt() != 0; });
}

} // namespace qs::RedRows
