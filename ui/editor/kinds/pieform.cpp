// The pie form: its queue limit, PIE's target, update interval and gains, and the flags.
#include "flagchoice.h"

namespace qs {

void buildKindForm(FormBinder<PieParams> &b)
{
    const QString byDefault = KindForms::tr("default");
    b.section(KindForms::tr("Queue"));
    b.number(ParameterSpec::count(QStringLiteral("limit"), KindForms::tr("Limit"),
                                  KindForms::tr("The most packets pie holds; default 1000."), KindForms::tr("packets"),
                                  ParameterScale::logarithmic(1, 1e6, true))
                 .withOffText(byDefault),
             &PieParams::limit);
    //: section title: the PIE queue management algorithm (a name)
    b.section(KindForms::tr("PIE"));
    b.number(ParameterSpec::time(QStringLiteral("target"), KindForms::tr("Target"),
                                 KindForms::tr("The queueing delay PIE aims for; default 15 ms."),
                                 ParameterScale::logarithmic(100, 1e6, true))
                 .withOffText(byDefault),
             &PieParams::targetUs);
    b.number(ParameterSpec::time(QStringLiteral("tupdate"), KindForms::tr("Update interval"),
                                 KindForms::tr("How often PIE recomputes its drop probability (tc's tupdate); "
                                               "default 15 ms, kept in kernel ticks."),
                                 ParameterScale::logarithmic(1000, 1e6, true))
                 .withOffText(byDefault),
             &PieParams::tupdateUs);
    b.number(ParameterSpec::count(QStringLiteral("alpha"), KindForms::tr("Alpha"),
                                  KindForms::tr("How strongly the delay's distance from target moves the drop "
                                                "probability (0…32); default 2."),
                                  QString(), ParameterScale::linear(0, PieParams::MaxAlphaBeta, 32), 0, PieParams::MaxAlphaBeta)
                 .withOffText(byDefault),
             &PieParams::alpha);
    b.number(ParameterSpec::count(QStringLiteral("beta"), KindForms::tr("Beta"),
                                  KindForms::tr("How strongly the delay's trend moves the drop probability (0…32); "
                                                "default 20."),
                                  QString(), ParameterScale::linear(0, PieParams::MaxAlphaBeta, 32), 0, PieParams::MaxAlphaBeta)
                 .withOffText(byDefault),
             &PieParams::beta);
    KindFormRows::flagChoice(b, QStringLiteral("ecn"), KindForms::tr("ECN"),
               KindForms::tr("Marks packets of ECN-capable flows instead of dropping them."), KindForms::tr("default (off)"),
               KindForms::tr("on: mark"), KindForms::tr("off: drop"), &PieParams::ecn);
    KindFormRows::flagChoice(b, QStringLiteral("bytemode"), KindForms::tr("Byte mode"),
               KindForms::tr("Scales the drop probability by packet size, so small packets are dropped less."),
               KindForms::tr("default (off)"), KindForms::tr("on"), KindForms::tr("off"), &PieParams::bytemode);
    KindFormRows::flagChoice(b, QStringLiteral("dq_rate_estimator"), KindForms::tr("Rate estimator"),
               KindForms::tr("Estimates the queueing delay from the dequeue rate (RFC 8033) instead of timestamps."),
               KindForms::tr("default (off)"), KindForms::tr("on"), KindForms::tr("off"), &PieParams::dqRateEstimator);
}

} // namespace qs
