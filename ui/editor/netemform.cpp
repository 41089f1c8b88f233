#include "netemform.h"

namespace qs {

namespace {

// The ranges people use: delays from 10 µs to 10 s, chances from 0.01 % to all packets.
ParameterScale delayScale()
{
    return ParameterScale::logarithmic(10, 10e6, true);
}

ParameterScale chanceScale()
{
    return ParameterScale::logarithmic(0.01, 100, true);
}

ParameterScale correlationScale()
{
    return ParameterScale::linear(0, 100);
}

const NetemRandomLoss *randomLoss(const NetemParams &p)
{
    return std::get_if<NetemRandomLoss>(&p.loss);
}

bool hasLossModel(const NetemParams &p)
{
    return std::holds_alternative<NetemStateLoss>(p.loss) ||
           std::holds_alternative<NetemGilbertElliottLoss>(p.loss);
}

// Both parts 0 is no loss at all, as the JSON reader and tc's "loss 0%" hold it.
void setRandomLoss(NetemParams &p, Probability probability, Probability correlation)
{
    const NetemRandomLoss loss{probability, correlation};
    if (loss == NetemRandomLoss{})
        p.loss = std::monostate();
    else
        p.loss = loss;
}

void addChance(FormBinder<NetemParams> &b, NetemChance NetemParams::*member, const QString &key,
               const QString &label, const QString &toolTip, const QString &correlationToolTip)
{
    b.percent(
        ParameterSpec::percent(key, label, toolTip, chanceScale())
            .withOffText(NetemForm::tr("off")),
        [member](auto &p) -> auto & { return (p.*member).probability; });
    auto *correlation = b.percent(
        ParameterSpec::percent(key + QStringLiteral(".correlation"), NetemForm::tr("Correlation"),
                               correlationToolTip, correlationScale()),
        [member](auto &p) -> auto & { return (p.*member).correlation; });
    // Greyed until it acts, but never while it holds a value: that must stay reachable to clear.
    b.enableWhen(correlation, [member](const NetemParams &p) {
        return (p.*member).isSet() || !(p.*member).correlation.isZero();
    });
}

// The shape's name in the combo; the value stays the enum, so only the text is translated.
QString distributionText(NetemDistribution distribution)
{
    switch (distribution) {
    case NetemDistribution::Uniform:
        //: jitter distribution; tc's name is "uniform" (the default)
        return NetemForm::tr("uniform");
    case NetemDistribution::Normal:
        //: jitter distribution; tc's name is "normal" (Gaussian)
        return NetemForm::tr("normal");
    case NetemDistribution::Pareto:
        //: jitter distribution; tc's name is "pareto"
        return NetemForm::tr("pareto");
    case NetemDistribution::ParetoNormal:
        //: jitter distribution; tc's name is "paretonormal" (a mix of pareto and normal)
        return NetemForm::tr("paretonormal");
    }
    return netemDistributionName(distribution);
}

} // namespace

void NetemForm::build(FormBinder<NetemParams> &b)
{
    b.section(tr("Delay"));
    b.number(ParameterSpec::time(QStringLiteral("delay"), tr("Delay"),
                                 tr("How long netem holds every packet before sending it on."),
                                 delayScale(), NetemParams::MaxDelayUs),
             &NetemParams::delayUs);
    b.number(ParameterSpec::time(
                 QStringLiteral("jitter"), tr("Jitter"),
                 tr("A random amount up to this much is added to or taken from each packet's "
                    "delay; more jitter than delay reorders packets."),
                 delayScale(), NetemParams::MaxDelayUs)
                 .withOffText(tr("off")),
             &NetemParams::jitterUs);
    auto *delayCorrelation = b.percent(
        ParameterSpec::percent(
            QStringLiteral("delayCorrelation"), tr("Correlation"),
            tr("How closely each packet's random delay follows the previous packet's "
               "(0 %: independent)."),
            correlationScale()),
        [](auto &p) -> auto & { return p.delayCorrelation; });
    QList<std::pair<QString, QVariant>> distributions;
    for (auto d : {NetemDistribution::Uniform, NetemDistribution::Normal, NetemDistribution::Pareto,
                   NetemDistribution::ParetoNormal})
        distributions.append({distributionText(d), int(d)});
    auto *distribution = b.choice(
        QStringLiteral("distribution"), tr("Distribution"),
        tr("The shape of the jitter: uniform spreads delays evenly, normal and pareto bunch them "
           "around the delay with longer tails."),
        distributions, [](const NetemParams &p) { return QVariant(int(p.distribution)); },
        [](NetemParams &p, const QVariant &value) {
            p.distribution = NetemDistribution(value.toInt());
        });
    b.enableWhen(delayCorrelation, [](const NetemParams &p) {
        return p.jitterUs != 0 || !p.delayCorrelation.isZero();
    });
    b.enableWhen(distribution, [](const NetemParams &p) {
        return p.jitterUs != 0 || p.distribution != NetemDistribution::Uniform;
    });

    b.section(tr("Loss"));
    auto *loss = b.number(
        ParameterSpec::percent(
            QStringLiteral("loss"), tr("Loss"),
            tr("The chance that netem drops a packet, each packet drawn on its own."),
            chanceScale())
            .withOffText(tr("off")),
        [](const NetemParams &p) {
            const auto *random = randomLoss(p);
            return random ? FormBinder<NetemParams>::shortestPercent(random->probability) : 0.0;
        },
        [](NetemParams &p, double value) {
            const auto *random = randomLoss(p);
            setRandomLoss(p, Probability::fromPercent(value),
                          random ? random->correlation : Probability());
        });
    auto *lossCorrelation = b.number(
        ParameterSpec::percent(
            QStringLiteral("loss.correlation"), tr("Correlation"),
            tr("How likely a loss follows a loss: higher values make losses come in bursts."),
            correlationScale()),
        [](const NetemParams &p) {
            const auto *random = randomLoss(p);
            return random ? FormBinder<NetemParams>::shortestPercent(random->correlation) : 0.0;
        },
        [](NetemParams &p, double value) {
            const auto *random = randomLoss(p);
            setRandomLoss(p, random ? random->probability : Probability(),
                          Probability::fromPercent(value));
        });
    b.showWhen(loss, [](const NetemParams &p) { return !hasLossModel(p); });
    b.showWhen(lossCorrelation, [](const NetemParams &p) { return !hasLossModel(p); });
    b.enableWhen(lossCorrelation, [](const NetemParams &p) { return randomLoss(p) != nullptr; });
    b.showWhen(b.note(tr("This qdisc loses packets with a 4-state or Gilbert-Elliott model; it is "
                         "kept as it is. "
                         "Import tc commands to change it."),
                      QStringLiteral("note.lossModel")),
               hasLossModel);
    b.choice(
        QStringLiteral("ecn"), tr("ECN"),
        tr("Marks packets of ECN-capable flows as congested instead of dropping them (needs "
           "loss)."),
        {{tr("off: drop"), false}, {tr("on: mark"), true}},
        [](const NetemParams &p) { return QVariant(p.ecn); },
        [](NetemParams &p, const QVariant &value) { p.ecn = value.toBool(); });

    b.section(tr("Duplicate and corrupt"));
    addChance(b, &NetemParams::duplicate, QStringLiteral("duplicate"), tr("Duplicate"),
              tr("The chance that netem sends a packet twice."),
              tr("How likely a duplicate follows a duplicate."));
    addChance(b, &NetemParams::corrupt, QStringLiteral("corrupt"), tr("Corrupt"),
              tr("The chance that netem flips one random bit in a packet."),
              tr("How likely a corruption follows a corruption."));

    b.section(tr("Reorder"));
    b.number(
        ParameterSpec::percent(
            QStringLiteral("reorder"), tr("Reorder"),
            tr("The chance that a packet is sent at once, overtaking delayed ones (needs a "
               "delay)."),
            chanceScale())
            .withOffText(tr("off")),
        [](const NetemParams &p) {
            return FormBinder<NetemParams>::shortestPercent(p.reorder.probability);
        },
        [](NetemParams &p, double value) {
            p.reorder.probability = Probability::fromPercent(value);
            // tc gives gap 1 whenever reorder is given and sends gap 0 without it; do the
            // same, so turning reorder on or off never leaves a gap state that does nothing.
            if (p.reorder.isSet() && p.gap == 0)
                p.gap = 1;
            else if (!p.reorder.isSet())
                p.gap = 0;
        });
    auto *reorderCorrelation = b.percent(
        ParameterSpec::percent(QStringLiteral("reorder.correlation"), tr("Correlation"),
                               tr("How likely a reordered packet follows a reordered one."),
                               correlationScale()),
        [](auto &p) -> auto & { return p.reorder.correlation; });
    b.enableWhen(reorderCorrelation, [](const NetemParams &p) {
        return p.reorder.isSet() || !p.reorder.correlation.isZero();
    });
    auto *gap =
        b.number(ParameterSpec::count(
                     //: netem's reorder gap (tc's "gap")
                     QStringLiteral("gap"), tr("Gap"),
                     tr("Reorder only every gap-th packet; the ones between are always delayed."),
                     tr("packets"), ParameterScale::logarithmic(1, 1000, true))
                     .withOffText(tr("off")),
                 &NetemParams::gap);
    b.enableWhen(gap, [](const NetemParams &p) { return p.reorder.isSet() || p.gap != 0; });

    b.section(tr("Rate and queue"));
    b.number(
        ParameterSpec::rate(
            QStringLiteral("rate"), tr("Rate"),
            tr("Sends no faster than this, like a slower link; packets wait in the queue."), true)
            .withOffText(tr("off")),
        [](const NetemParams &p) { return double(p.rate.bytesPerSecond); },
        [](NetemParams &p, double value) {
            if (value > 0)
                p.rate.bytesPerSecond = quint64(value);
            else
                p.rate = NetemRate{}; // overheads mean nothing without a rate
        });
    b.number(
        ParameterSpec::count(
            QStringLiteral("limit"), tr("Limit"),
            tr("The most packets netem holds; more are dropped. Long delays at high rates need "
               "a large limit (tc's default is 1000)."),
            tr("packets"), ParameterScale::logarithmic(1, 1e6)),
        &NetemParams::limit);
    b.showWhen(b.note(tr("Slotting is set and kept as it is."), QStringLiteral("note.slot")),
               [](const NetemParams &p) { return p.slot.enabled; });
}

} // namespace qs
