// The sfb form: the queue, the bins' targets, Blue's probability steps, the penalty box and the hash timing.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<SfbParams> &b)
{
    const auto countRow = [&](const char *key, const QString &label, const QString &toolTip, const QString &unit,
                              quint32 SfbParams::*member, double maximum, bool automatic) {
        ParameterSpec spec = ParameterSpec::count(QString::fromLatin1(key), label, toolTip, unit,
                                                  ParameterScale::logarithmic(1, maximum, automatic));
        if (automatic)
            spec = spec.withOffText(KindForms::tr("default"));
        b.number(spec, member);
    };
    const auto stepRow = [&](const char *key, const QString &label, const QString &toolTip, quint32 SfbParams::*member) {
        b.number(ParameterSpec::percent(QString::fromLatin1(key), label, toolTip, ParameterScale::logarithmic(0.001, 100, true)),
                 [member](const SfbParams &p) { return double(p.*member) * 100 / SfbParams::MaxProb; },
                 [member](SfbParams &p, double value) { p.*member = SfbParams::probability(value / 100).value_or(SfbParams::MaxProb); });
    };
    b.section(KindForms::tr("Queue"));
    countRow("limit", KindForms::tr("Limit"), KindForms::tr("The most packets sfb holds; default: the device's queue length."),
             KindForms::tr("packets"), &SfbParams::limit, 1e6, true);
    countRow("max", KindForms::tr("Bin max"), KindForms::tr("The most packets one hash bin may hold."), KindForms::tr("packets"),
             &SfbParams::max, 1e5, false);
    countRow("target", KindForms::tr("Bin target"), KindForms::tr("The packets per bin Blue aims for."), KindForms::tr("packets"),
             &SfbParams::target, 1e5, false);
    //: section title: the Blue queue management algorithm (a name)
    b.section(KindForms::tr("Blue"));
    stepRow("increment", KindForms::tr("Increment"), KindForms::tr("How much a bin's drop probability rises when it overflows."),
            &SfbParams::increment);
    stepRow("decrement", KindForms::tr("Decrement"), KindForms::tr("How much a bin's drop probability falls when it runs empty."),
            &SfbParams::decrement);
    countRow("penalty_rate", KindForms::tr("Penalty rate"),
             KindForms::tr("The rate flows that do not respond to drops are held to."), KindForms::tr("packets/s"),
             &SfbParams::penaltyRate, 1e6, false);
    countRow("penalty_burst", KindForms::tr("Penalty burst"), KindForms::tr("The burst those flows may send."), KindForms::tr("packets"),
             &SfbParams::penaltyBurst, 1e5, false);
    b.section(KindForms::tr("Hashing"));
    b.number(ParameterSpec::time(QStringLiteral("rehash"), KindForms::tr("Rehash"),
                                 KindForms::tr("How often sfb changes its hash, so colliding flows part; default 600 s."),
                                 ParameterScale::logarithmic(1000, 3.6e9)),
             [](const SfbParams &p) { return double(p.rehashMs) * 1000; },
             [](SfbParams &p, double us) { p.rehashMs = quint32(us / 1000); });
    b.number(ParameterSpec::time(QStringLiteral("db"), KindForms::tr("Warm-up"),
                                 KindForms::tr("How long the next hash learns beside the current one before it takes over "
                                               "(tc's db); default 60 s."),
                                 ParameterScale::logarithmic(1000, 3.6e9)),
             [](const SfbParams &p) { return double(p.warmupMs) * 1000; },
             [](SfbParams &p, double us) { p.warmupMs = quint32(us / 1000); });
}

} // namespace qs
