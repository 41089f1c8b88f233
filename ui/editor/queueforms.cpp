#include "queueforms.h"

#include <QStringList>

namespace qs {

namespace {

/** Getter and setter for an optional limit whose slider end "default" means unset. */
template <typename P> auto optionalLimit(std::optional<quint32> P::*member)
{
    return std::pair{[member](const P &p) { return double((p.*member).value_or(0)); },
                     [member](P &p, double value) {
                         p.*member =
                             value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt;
                     }};
}

} // namespace

void QueueForms::sfq(FormBinder<SfqParams> &b)
{
    b.section(tr("Fairness"));
    b.number(ParameterSpec::count(
                 QStringLiteral("perturb"), tr("Perturb"),
                 tr("How often the flow hash is changed, so flows that collide do not stay "
                    "together."),
                 //: unit: seconds
                 tr("s"), ParameterScale::logarithmic(1, 3600, true), 0, 2147483647.0)
                 .withOffText(tr("never")),
             &SfqParams::perturbSeconds);
    b.number(
        ParameterSpec::size(QStringLiteral("quantum"), tr("Quantum"),
                            tr("How many bytes a flow sends per turn; default: the device MTU."),
                            ParameterScale::logarithmic(64, 64 * 1024, true))
            .withOffText(tr("default"))
            .withDefaultUnit(QStringLiteral("b")),
        &SfqParams::quantum);
    b.number(ParameterSpec::count(QStringLiteral("limit"), tr("Limit"),
                                  tr("The most packets sfq holds across all flows; default 127."),
                                  tr("packets"), ParameterScale::logarithmic(2, 100000, true))
                 .withOffText(tr("default")),
             &SfqParams::limit);
    b.number(ParameterSpec::count(QStringLiteral("depth"), tr("Depth"),
                                  tr("The most packets one flow may queue; default and most 127."),
                                  tr("packets"), ParameterScale::linear(0, SfqParams::MaxDepth, int(SfqParams::MaxDepth)))
                 .withOffText(tr("default")),
             &SfqParams::depth);
    b.number(ParameterSpec::count(QStringLiteral("flows"), tr("Flows"),
                                  tr("How many flows may queue at once; default 128."), tr("flows"),
                                  ParameterScale::logarithmic(1, SfqParams::MaxFlows, true))
                 .withOffText(tr("default")),
             &SfqParams::flows);
    b.number(ParameterSpec::count(QStringLiteral("divisor"), tr("Divisor"),
                                  tr("The size of the flow hash table, a power of two up to 65536; "
                                     "default 1024."),
                                  tr("buckets"), ParameterScale::logarithmic(1, 65536, true))
                 .withOffText(tr("default")),
             &SfqParams::divisor);
    b.choice(QStringLiteral("headdrop"), tr("Drop from"),
             tr("Which packet a full flow drops: the newest arriving one (tail), or its oldest "
                "(head), which tells the sender sooner."),
             {{tr("tail"), 0}, {tr("head"), 1}},
             [](const SfqParams &p) { return QVariant(int(p.headdrop)); },
             [](SfqParams &p, const QVariant &value) { p.headdrop = value.toInt() != 0; });

    b.section(tr("RED"));
    b.number(ParameterSpec::size(QStringLiteral("redflowlimit"), tr("Flow limit"),
                                 tr("Turns on RED per flow: the most bytes one flow may queue "
                                    "(tc's redflowlimit); off: no RED."),
                                 ParameterScale::logarithmic(1024, 64.0 * 1024 * 1024, true))
                 .withOffText(tr("off"))
                 .withDefaultUnit(QStringLiteral("b")),
             &SfqParams::redFlowLimit);
    QList<QWidget *> redRows;
    redRows << b.number(ParameterSpec::size(QStringLiteral("min"), tr("Min"),
                                            tr("Above this average queue (bytes) RED starts to "
                                               "drop or mark; auto is max / 3."),
                                            ParameterScale::logarithmic(64, 64.0 * 1024 * 1024, true))
                            .withOffText(tr("auto"))
                            .withDefaultUnit(QStringLiteral("b")),
                        &SfqParams::redMin);
    redRows << b.number(ParameterSpec::size(QStringLiteral("max"), tr("Max"),
                                            tr("At this average queue (bytes) RED drops or marks "
                                               "with the full probability; auto is the flow limit / 4."),
                                            ParameterScale::logarithmic(64, 64.0 * 1024 * 1024, true))
                            .withOffText(tr("auto"))
                            .withDefaultUnit(QStringLiteral("b")),
                        &SfqParams::redMax);
    redRows << b.number(ParameterSpec::percent(QStringLiteral("probability"), tr("Probability"),
                                               tr("How likely RED drops or marks at max; default 2 %."),
                                               ParameterScale::linear(0, 100, 1000)),
                        [](const SfqParams &p) { return p.redProbability.value_or(0.02) * 100; },
                        [](SfqParams &p, double value) {
                            p.redProbability = value > 0 ? std::optional<double>(value / 100) : std::nullopt;
                        });
    redRows << b.choice(QStringLiteral("ecn"), tr("ECN"),
                        tr("Marks packets of ECN-capable flows instead of dropping them."),
                        {{tr("off: drop"), 0}, {tr("on: mark"), 1}},
                        [](const SfqParams &p) { return QVariant(int(p.ecn)); },
                        [](SfqParams &p, const QVariant &value) { p.ecn = value.toInt() != 0; });
    redRows << b.choice(QStringLiteral("harddrop"), tr("Above max"),
                        tr("What ECN does above max: mark as below it, or drop (tc's harddrop)."),
                        {{tr("mark"), 0}, {tr("drop"), 1}},
                        [](const SfqParams &p) { return QVariant(int(p.harddrop)); },
                        [](SfqParams &p, const QVariant &value) { p.harddrop = value.toInt() != 0; });
    for (QWidget *row : redRows)
        b.showWhen(row, [](const SfqParams &p) { return p.red(); });
    b.note(tr("sfq cannot be changed in place: every change replaces it, and its counters and "
              "queued packets "
              "start afresh."));
}

void QueueForms::fqCodel(FormBinder<FqCodelParams> &b)
{
    b.section(tr("Queue"));
    b.number(
        ParameterSpec::count(QStringLiteral("limit"), tr("Limit"),
                             tr("The most packets fq_codel holds across all flows; default 10240."),
                             tr("packets"), ParameterScale::logarithmic(1, 1e6, true))
            .withOffText(tr("default")),
        &FqCodelParams::limit);
    b.number(ParameterSpec::count(
                 QStringLiteral("flows"), tr("Flows"),
                 tr("How many flow queues traffic is hashed into (default 1024); fixed once the "
                    "qdisc exists."),
                 tr("flows"), ParameterScale::logarithmic(1, 65536, true))
                 .withOffText(tr("default")),
             &FqCodelParams::flows);
    b.number(ParameterSpec::size(QStringLiteral("quantum"), tr("Quantum"),
                                 tr("How many bytes a flow sends per turn; default 1514."),
                                 ParameterScale::logarithmic(64, 1024 * 1024, true))
                 .withOffText(tr("default"))
                 .withDefaultUnit(QStringLiteral("b")),
             &FqCodelParams::quantum);

    //: section title: the CoDel queue management algorithm (a name)
    b.section(tr("CoDel"));
    b.number(ParameterSpec::time(
                 QStringLiteral("target"), tr("Target"),
                 tr("The queueing delay CoDel aims for; above it for a whole interval, it starts "
                    "dropping (default 5 ms)."),
                 ParameterScale::logarithmic(100, 1e6, true))
                 .withOffText(tr("default")),
             &FqCodelParams::targetUs);
    b.number(ParameterSpec::time(
                 QStringLiteral("interval"), tr("Interval"),
                 tr("How long the delay must stay above target before CoDel drops; about a worst "
                    "round trip (default 100 ms)."),
                 ParameterScale::logarithmic(1000, 10e6, true))
                 .withOffText(tr("default")),
             &FqCodelParams::intervalUs);
    // optional<bool> as three items; a QVariant of -1 stands for "the kernel's default".
    b.choice(
        QStringLiteral("ecn"), tr("ECN"),
        tr("Marks packets of ECN-capable flows instead of dropping them (the kernel's default is "
           "on)."),
        {{tr("default (on)"), -1}, {tr("on: mark"), 1}, {tr("off: drop"), 0}},
        [](const FqCodelParams &p) { return QVariant(p.ecn ? int(*p.ecn) : -1); },
        [](FqCodelParams &p, const QVariant &value) {
            const int v = value.toInt();
            p.ecn = v < 0 ? std::nullopt : std::optional<bool>(v != 0);
        });
}

void QueueForms::pfifo(FormBinder<PfifoParams> &b)
{
    b.section(tr("Queue"));
    const auto [get, set] = optionalLimit(&PfifoParams::limitPackets);
    b.number(ParameterSpec::count(
                 QStringLiteral("limit"), tr("Limit"),
                 tr("The most packets the queue holds; default: the device's txqueuelen."),
                 tr("packets"), ParameterScale::logarithmic(1, 1e6, true))
                 .withOffText(tr("default")),
             get, set);
}

void QueueForms::pfifoHeadDrop(FormBinder<PfifoHeadDropParams> &b)
{
    b.section(tr("Queue"));
    const auto [get, set] = optionalLimit(&PfifoHeadDropParams::limitPackets);
    b.number(ParameterSpec::count(QStringLiteral("limit"), tr("Limit"),
                                  tr("The most packets the queue holds; when it is full the oldest packet is dropped to make room. "
                                     "Default: the device's txqueuelen."),
                                  tr("packets"), ParameterScale::logarithmic(1, 1e6, true))
                 .withOffText(tr("default")),
             get, set);
}

void QueueForms::bfifo(FormBinder<BfifoParams> &b)
{
    b.section(tr("Queue"));
    const auto [get, set] = optionalLimit(&BfifoParams::limitBytes);
    b.number(ParameterSpec::size(QStringLiteral("limit"), tr("Limit"),
                                 tr("The most bytes the queue holds; default: txqueuelen × MTU."),
                                 ParameterScale::logarithmic(1024, 64.0 * 1024 * 1024, true))
                 .withOffText(tr("default")),
             get, set);
}

void QueueForms::prio(FormBinder<PrioParams> &b)
{
    b.section(tr("Bands"));
    b.number(ParameterSpec::count(
                 QStringLiteral("bands"), tr("Bands"),
                 tr("How many strict-priority bands there are; band 0 is always served first."),
                 tr("bands"),
                 ParameterScale::linear(PrioParams::MinBands, PrioParams::MaxBands,
                                        PrioParams::MaxBands - PrioParams::MinBands),
                 PrioParams::MinBands, PrioParams::MaxBands),
             &PrioParams::bands);
    b.readOnlyText(QStringLiteral("priomap"), tr("Priomap"),
                   tr("The band of each of the 16 packet priorities (TC_PRIO_*), as tc prints it."),
                   [](const PrioParams &p) {
                       QStringList bands;
                       for (quint8 band : p.priomap)
                           bands.append(QString::number(band));
                       return bands.join(u' ');
                   });
}

} // namespace qs
