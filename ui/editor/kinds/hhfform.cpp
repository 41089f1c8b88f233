// The hhf form: the queue, how heavy hitters are found and how they are weighted.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<HhfParams> &b)
{
    const QString byDefault = KindForms::tr("default");
    const auto optionalRow = [&](const ParameterSpec &spec, std::optional<quint32> HhfParams::*member) {
        b.number(spec.withOffText(byDefault), [member](const HhfParams &p) { return double((p.*member).value_or(0)); },
                 [member](HhfParams &p, double value) {
                     p.*member = value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt;
                 });
    };
    b.section(KindForms::tr("Queue"));
    optionalRow(ParameterSpec::count(QStringLiteral("limit"), KindForms::tr("Limit"), KindForms::tr("The most packets hhf holds; default 1000."),
                                     KindForms::tr("packets"), ParameterScale::logarithmic(1, 1e6, true)),
                &HhfParams::limit);
    optionalRow(ParameterSpec::size(QStringLiteral("quantum"), KindForms::tr("Quantum"),
                                    KindForms::tr("Bytes each queue may send per round; default: the device's MTU."),
                                    ParameterScale::logarithmic(64, 1048576, true)),
                &HhfParams::quantum);
    //: section title: hhf's heavy-hitter detection
    b.section(KindForms::tr("Heavy hitters"));
    optionalRow(ParameterSpec::size(QStringLiteral("admit_bytes"), KindForms::tr("Admit after"),
                                    KindForms::tr("Bytes a flow sends within the reset timeout before it counts as a heavy hitter; default 128 KiB."),
                                    ParameterScale::logarithmic(1024, 1e9, true)),
                &HhfParams::admitBytes);
    optionalRow(ParameterSpec::count(QStringLiteral("hh_limit"), KindForms::tr("Tracked flows"),
                                     KindForms::tr("How many heavy hitters hhf tracks at once (tc's hh_limit); default 2048."), KindForms::tr("flows"),
                                     ParameterScale::logarithmic(1, 1e6, true)),
                &HhfParams::hhLimit);
    optionalRow(ParameterSpec::time(QStringLiteral("reset_timeout"), KindForms::tr("Reset timeout"),
                                    KindForms::tr("How often the byte counters start again; default 40 ms."),
                                    ParameterScale::logarithmic(1000, 1e8, true)),
                &HhfParams::resetTimeoutUs);
    optionalRow(ParameterSpec::time(QStringLiteral("evict_timeout"), KindForms::tr("Evict timeout"),
                                    KindForms::tr("How long a quiet heavy hitter stays tracked; default 1 s."),
                                    ParameterScale::logarithmic(1000, 1e8, true)),
                &HhfParams::evictTimeoutUs);
    optionalRow(ParameterSpec::count(QStringLiteral("non_hh_weight"), KindForms::tr("Other flows' weight"),
                                     KindForms::tr("How many quanta the other flows get for each one of the heavy hitters; default 2."),
                                     QString(), ParameterScale::logarithmic(1, 1000, true)),
                &HhfParams::nonHhWeight);
}

} // namespace qs
