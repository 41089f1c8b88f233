// The fq_pie form: the queue and its flow table, PIE's target, update interval and gains, ECN's
// reach, and the flags.
#include "flagchoice.h"

namespace qs {

void buildKindForm(FormBinder<FqPieParams> &b)
{
    const QString byDefault = KindForms::tr("default");
    b.section(KindForms::tr("Queue"));
    b.number(ParameterSpec::count(QStringLiteral("limit"), KindForms::tr("Limit"),
                                  KindForms::tr("The most packets fq_pie holds across all flows; default 10240."), KindForms::tr("packets"),
                                  ParameterScale::logarithmic(1, 1e6, true))
                 .withOffText(byDefault),
             &FqPieParams::limit);
    b.number(ParameterSpec::count(QStringLiteral("flows"), KindForms::tr("Flows"),
                                  KindForms::tr("How many flow queues traffic is hashed into (1…65536, default 1024); fixed once "
                                                "the qdisc exists."),
                                  KindForms::tr("flows"), ParameterScale::logarithmic(1, FqPieParams::MaxFlows, true), 0,
                                  FqPieParams::MaxFlows)
                 .withOffText(byDefault),
             &FqPieParams::flows);
    b.number(ParameterSpec::size(QStringLiteral("quantum"), KindForms::tr("Quantum"),
                                 KindForms::tr("How many bytes a flow sends per turn; default one MTU."),
                                 ParameterScale::logarithmic(64, 1024 * 1024, true))
                 .withOffText(byDefault)
                 .withDefaultUnit(QStringLiteral("b")),
             &FqPieParams::quantum);
    b.number(ParameterSpec::size(QStringLiteral("memory_limit"), KindForms::tr("Memory limit"),
                                 KindForms::tr("The most memory the queued packets may take; default 32 MiB."),
                                 ParameterScale::logarithmic(64 * 1024, 1024.0 * 1024 * 1024, true))
                 .withOffText(byDefault),
             &FqPieParams::memoryLimit);
    //: section title: the PIE queue management algorithm (a name)
    b.section(KindForms::tr("PIE"));
    b.number(ParameterSpec::time(QStringLiteral("target"), KindForms::tr("Target"),
                                 KindForms::tr("The queueing delay PIE aims for in each flow; default 15 ms."),
                                 ParameterScale::logarithmic(100, 1e6, true))
                 .withOffText(byDefault),
             &FqPieParams::targetUs);
    b.number(ParameterSpec::time(QStringLiteral("tupdate"), KindForms::tr("Update interval"),
                                 KindForms::tr("How often PIE recomputes its drop probability (tc's tupdate); "
                                               "default 15 ms, kept in kernel ticks."),
                                 ParameterScale::logarithmic(1000, 1e6, true))
                 .withOffText(byDefault),
             &FqPieParams::tupdateUs);
    b.number(ParameterSpec::count(QStringLiteral("alpha"), KindForms::tr("Alpha"),
                                  KindForms::tr("How strongly the delay's distance from target moves the drop "
                                                "probability (0…32); default 2."),
                                  QString(), ParameterScale::linear(0, FqPieParams::MaxAlphaBeta, 32), 0, FqPieParams::MaxAlphaBeta)
                 .withOffText(byDefault),
             &FqPieParams::alpha);
    b.number(ParameterSpec::count(QStringLiteral("beta"), KindForms::tr("Beta"),
                                  KindForms::tr("How strongly the delay's trend moves the drop probability (0…32); "
                                                "default 20."),
                                  QString(), ParameterScale::linear(0, FqPieParams::MaxAlphaBeta, 32), 0, FqPieParams::MaxAlphaBeta)
                 .withOffText(byDefault),
             &FqPieParams::beta);
    b.number(ParameterSpec::count(QStringLiteral("ecn_prob"), KindForms::tr("ECN up to"),
                                  KindForms::tr("The drop probability up to which ECN-capable packets are marked instead of "
                                                "dropped (tc's ecn_prob, 1…99 %); default 10 %."),
                                  QStringLiteral("%"), ParameterScale::linear(0, FqPieParams::MaxEcnProb, 99), 0,
                                  FqPieParams::MaxEcnProb)
                 .withOffText(byDefault),
             &FqPieParams::ecnProb);
    KindFormRows::flagChoice(b, QStringLiteral("ecn"), KindForms::tr("ECN"),
                             KindForms::tr("Marks packets of ECN-capable flows instead of dropping them."), KindForms::tr("default (off)"),
                             KindForms::tr("on: mark"), KindForms::tr("off: drop"), &FqPieParams::ecn);
    KindFormRows::flagChoice(b, QStringLiteral("bytemode"), KindForms::tr("Byte mode"),
                             KindForms::tr("Scales the drop probability by packet size, so small packets are dropped less."),
                             KindForms::tr("default (off)"), KindForms::tr("on"), KindForms::tr("off"), &FqPieParams::bytemode);
    KindFormRows::flagChoice(b, QStringLiteral("dq_rate_estimator"), KindForms::tr("Rate estimator"),
                             KindForms::tr("Estimates the queueing delay from the dequeue rate (RFC 8033) instead of timestamps."),
                             KindForms::tr("default (off)"), KindForms::tr("on"), KindForms::tr("off"), &FqPieParams::dqRateEstimator);
}

} // namespace qs
