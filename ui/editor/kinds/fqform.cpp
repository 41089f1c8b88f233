// The fq form: its queue limits, quanta, per-flow rate and pacing, and the timing options.
#include "kindforms.h"

namespace qs {

namespace {

/** Getter and setter of an optional field whose slider end ("default") means unset. */
template <typename T> auto optionalField(std::optional<T> FqParams::*member)
{
    return std::pair{[member](const FqParams &p) { return double((p.*member).value_or(0)); },
                     [member](FqParams &p, double value) { p.*member = value > 0 ? std::optional<T>(T(value)) : std::nullopt; }};
}

/** A choice between the kernel's default (unset) and the two values of an optional bool. */
void optionalBoolChoice(FormBinder<FqParams> &b, const QString &key, const QString &label, const QString &toolTip,
                        const QString &defaultText, const QString &onText, const QString &offText, std::optional<bool> FqParams::*member)
{
    b.choice(key, label, toolTip, {{defaultText, -1}, {onText, 1}, {offText, 0}},
             [member](const FqParams &p) { return QVariant((p.*member) ? int(*(p.*member)) : -1); },
             [member](FqParams &p, const QVariant &value) {
                 const int v = value.toInt();
                 p.*member = v < 0 ? std::nullopt : std::optional<bool>(v != 0);
             });
}

} // namespace

void buildKindForm(FormBinder<FqParams> &b)
{
    const QString byDefault = KindForms::tr("default");
    b.section(KindForms::tr("Queue"));
    {
        const auto [get, set] = optionalField(&FqParams::limit);
        b.number(ParameterSpec::count(QStringLiteral("limit"), KindForms::tr("Limit"),
                                      KindForms::tr("The most packets fq holds across all flows; default 10000."),
                                      KindForms::tr("packets"), ParameterScale::logarithmic(1, 1e6, true))
                     .withOffText(byDefault),
                 get, set);
    }
    {
        const auto [get, set] = optionalField(&FqParams::flowLimit);
        b.number(ParameterSpec::count(QStringLiteral("flow_limit"), KindForms::tr("Flow limit"),
                                      KindForms::tr("The most packets one flow may queue; default 100."),
                                      KindForms::tr("packets"), ParameterScale::logarithmic(1, 1e5, true))
                     .withOffText(byDefault),
                 get, set);
    }
    {
        const auto [get, set] = optionalField(&FqParams::buckets);
        b.number(ParameterSpec::count(QStringLiteral("buckets"), KindForms::tr("Buckets"),
                                      KindForms::tr("The size of the flow hash table (a power of two, 2…262144); "
                                                    "default 1024."),
                                      KindForms::tr("buckets"), ParameterScale::logarithmic(2, 262144, true), 0, 262144)
                     .withOffText(byDefault),
                 get, set);
    }
    {
        const auto [get, set] = optionalField(&FqParams::quantum);
        b.number(ParameterSpec::size(QStringLiteral("quantum"), KindForms::tr("Quantum"),
                                     KindForms::tr("How many bytes a flow sends per turn; default two frames."),
                                     ParameterScale::logarithmic(64, 1024 * 1024, true))
                     .withOffText(byDefault)
                     .withDefaultUnit(QStringLiteral("b")),
                 get, set);
    }
    {
        const auto [get, set] = optionalField(&FqParams::initialQuantum);
        b.number(ParameterSpec::size(QStringLiteral("initial_quantum"), KindForms::tr("Initial quantum"),
                                     KindForms::tr("How many bytes a new flow may send in its first turn; default ten "
                                                   "frames."),
                                     ParameterScale::logarithmic(64, 64.0 * 1024 * 1024, true))
                     .withOffText(byDefault)
                     .withDefaultUnit(QStringLiteral("b")),
                 get, set);
    }

    b.section(KindForms::tr("Pacing"));
    optionalBoolChoice(b, QStringLiteral("pacing"), KindForms::tr("Pacing"),
                       KindForms::tr("Spaces each flow's packets at the rate its sender asks for (TCP's pacing rate)."),
                       KindForms::tr("default (on)"), KindForms::tr("on"), KindForms::tr("off"), &FqParams::pacing);
    {
        const auto [get, set] = optionalField(&FqParams::maxRate);
        b.number(ParameterSpec::rate(QStringLiteral("maxrate"), KindForms::tr("Max rate"),
                                     KindForms::tr("The most one flow may send; off: no cap."), true)
                     .withOffText(KindForms::tr("off")),
                 get, set);
    }
    {
        const auto [get, set] = optionalField(&FqParams::lowRateThreshold);
        b.number(ParameterSpec::rate(QStringLiteral("low_rate_threshold"), KindForms::tr("Low rate threshold"),
                                     KindForms::tr("Flows paced below this rate send one packet per turn; default "
                                                   "550 kbit."),
                                     true)
                     .withOffText(byDefault),
                 get, set);
    }
    {
        const auto [get, set] = optionalField(&FqParams::refillDelayUs);
        b.number(ParameterSpec::time(QStringLiteral("refill_delay"), KindForms::tr("Refill delay"),
                                     KindForms::tr("How long a flow that went idle waits for its credit back; default "
                                                   "40 ms."),
                                     ParameterScale::logarithmic(1000, 10e6, true))
                     .withOffText(byDefault),
                 get, set);
    }

    b.section(KindForms::tr("Timing"));
    {
        const auto [get, set] = optionalField(&FqParams::ceThresholdUs);
        b.number(ParameterSpec::time(QStringLiteral("ce_threshold"), KindForms::tr("CE threshold"),
                                     KindForms::tr("Above this queueing delay ECN-capable packets are marked (for "
                                                   "DCTCP); off: never."),
                                     ParameterScale::logarithmic(10, 1e6, true))
                     .withOffText(KindForms::tr("off")),
                 get, set);
    }
    {
        const auto [get, set] = optionalField(&FqParams::horizonUs);
        b.number(ParameterSpec::time(QStringLiteral("horizon"), KindForms::tr("Horizon"),
                                     KindForms::tr("Packets timestamped further ahead than this are dropped or "
                                                   "capped; default 10 s."),
                                     ParameterScale::logarithmic(1000, 100e6, true))
                     .withOffText(byDefault),
                 get, set);
    }
    optionalBoolChoice(b, QStringLiteral("horizon_drop"), KindForms::tr("Beyond the horizon"),
                       KindForms::tr("What happens to a packet timestamped beyond the horizon."),
                       KindForms::tr("default (drop)"), KindForms::tr("drop"), KindForms::tr("cap"), &FqParams::horizonDrop);
    {
        const auto [get, set] = optionalField(&FqParams::orphanMask);
        b.number(ParameterSpec::count(QStringLiteral("orphan_mask"), KindForms::tr("Orphan mask"),
                                      KindForms::tr("Packets without a socket are hashed into this many flows (a "
                                                    "mask); default 1023."),
                                      QString(), ParameterScale::logarithmic(1, 65535, true))
                     .withOffText(byDefault),
                 get, set);
    }
}

} // namespace qs
