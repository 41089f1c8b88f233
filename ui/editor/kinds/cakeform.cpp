// The cake form: the shaper's bandwidth and rtt, the tins and flow isolation, the link's framing,
// and the flags. Every choice starts at "default": nothing sent, the kernel keeps what it has.
#include "flagchoice.h"

namespace qs {

namespace {

using Items = QList<std::pair<QString, QVariant>>;

/** A choice between the kernel's default (unset) and the values of an optional enum. */
template <class E> void enumChoice(FormBinder<CakeParams> &b, const QString &key, const QString &label, const QString &toolTip,
                                   Items items, std::optional<E> CakeParams::*member)
{
    items.prepend({KindForms::tr("default"), -1});
    b.choice(key, label, toolTip, items,
             [member](const CakeParams &p) { return QVariant((p.*member) ? int(*(p.*member)) : -1); },
             [member](CakeParams &p, const QVariant &value) {
                 const int v = value.toInt();
                 p.*member = v < 0 ? std::nullopt : std::optional<E>(E(v));
             });
}

} // namespace

void buildKindForm(FormBinder<CakeParams> &b)
{
    const QString byDefault = KindForms::tr("default");
    //: section title: cake's bandwidth shaper
    b.section(KindForms::tr("Shaper"));
    b.number(ParameterSpec::rate(QStringLiteral("bandwidth"), KindForms::tr("Bandwidth"),
                                 KindForms::tr("The rate cake shapes all traffic to; unlimited: no shaping, only "
                                               "fair queueing (tc's unlimited, the default)."),
                                 true)
                 .withOffText(KindForms::tr("unlimited")),
             [](const CakeParams &p) { return double(p.bandwidth.value_or(0)); },
             [](CakeParams &p, double value) { p.bandwidth = quint64(value); });
    KindFormRows::flagChoice(b, QStringLiteral("autorate-ingress"), KindForms::tr("Autorate"),
               KindForms::tr("Estimates the bandwidth from the traffic arriving (tc's autorate-ingress), for links "
                             "whose rate varies."),
               KindForms::tr("default (off)"), KindForms::tr("on"), KindForms::tr("off"), &CakeParams::autorateIngress);
    b.number(ParameterSpec::time(QStringLiteral("rtt"), KindForms::tr("RTT"),
                                 KindForms::tr("The round-trip time cake's AQM assumes (tc's rtt; the presets lan 1 ms, "
                                               "metro 10 ms, regional 30 ms, internet 100 ms, oceanic 300 ms, satellite 1 s). "
                                               "The target is a twentieth of it. Default 100 ms."),
                                 ParameterScale::logarithmic(100, 1e7, true))
                 .withOffText(byDefault),
             [](const CakeParams &p) { return double(p.rttUs.value_or(0)); },
             [](CakeParams &p, double value) { p.rttUs = value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt; });

    //: section title: cake's priority tins and flow isolation
    b.section(KindForms::tr("Queues"));
    enumChoice(b, QStringLiteral("diffserv"), KindForms::tr("Tins"),
               KindForms::tr("How DSCP marks sort packets into priority tins; default diffserv3."),
               {{QStringLiteral("diffserv3"), int(CakeDiffserv::Diffserv3)},
                {QStringLiteral("diffserv4"), int(CakeDiffserv::Diffserv4)},
                {QStringLiteral("diffserv8"), int(CakeDiffserv::Diffserv8)},
                {QStringLiteral("besteffort"), int(CakeDiffserv::Besteffort)},
                {QStringLiteral("precedence"), int(CakeDiffserv::Precedence)}},
               &CakeParams::diffserv);
    enumChoice(b, QStringLiteral("flowmode"), KindForms::tr("Isolation"),
               KindForms::tr("What cake shares the bandwidth fairly between: flows, hosts, or both; default "
                             "triple-isolate."),
               {{QStringLiteral("flowblind"), int(CakeFlowMode::Flowblind)},
                {QStringLiteral("srchost"), int(CakeFlowMode::Srchost)},
                {QStringLiteral("dsthost"), int(CakeFlowMode::Dsthost)},
                {QStringLiteral("hosts"), int(CakeFlowMode::Hosts)},
                {QStringLiteral("flows"), int(CakeFlowMode::Flows)},
                {QStringLiteral("dual-srchost"), int(CakeFlowMode::DualSrchost)},
                {QStringLiteral("dual-dsthost"), int(CakeFlowMode::DualDsthost)},
                {QStringLiteral("triple-isolate"), int(CakeFlowMode::TripleIsolate)}},
               &CakeParams::flowMode);
    KindFormRows::flagChoice(b, QStringLiteral("nat"), KindForms::tr("NAT lookup"),
               KindForms::tr("Looks up the addresses behind NAT in conntrack, so hosts behind a router are told apart."),
               KindForms::tr("default (off)"), KindForms::tr("nat"), KindForms::tr("nonat"), &CakeParams::nat);
    KindFormRows::flagChoice(b, QStringLiteral("wash"), KindForms::tr("Wash"),
               KindForms::tr("Clears the DSCP marks of packets after sorting them."), KindForms::tr("default (off)"),
               KindForms::tr("wash"), KindForms::tr("nowash"), &CakeParams::wash);
    KindFormRows::flagChoice(b, QStringLiteral("ingress"), KindForms::tr("Direction"),
               KindForms::tr("ingress: cake shapes traffic arriving (on an ifb), counting dropped packets as sent."),
               KindForms::tr("default (egress)"), KindForms::tr("ingress"), KindForms::tr("egress"), &CakeParams::ingress);
    enumChoice(b, QStringLiteral("ack-filter"), KindForms::tr("ACK filter"),
               KindForms::tr("Drops TCP ACKs made redundant by later ones, for links much slower upstream."),
               {{QStringLiteral("no-ack-filter"), int(CakeAckFilter::None)},
                {QStringLiteral("ack-filter"), int(CakeAckFilter::Filter)},
                {QStringLiteral("ack-filter-aggressive"), int(CakeAckFilter::Aggressive)}},
               &CakeParams::ackFilter);
    KindFormRows::flagChoice(b, QStringLiteral("split-gso"), KindForms::tr("Split GSO"),
               KindForms::tr("Splits GSO super-packets so other flows' packets go between them."),
               KindForms::tr("default (on)"), KindForms::tr("split-gso"), KindForms::tr("no-split-gso"), &CakeParams::splitGso);
    b.number(ParameterSpec::size(QStringLiteral("memlimit"), KindForms::tr("Memory limit"),
                                 KindForms::tr("The most memory cake's queues may use; default derived from the "
                                               "bandwidth."),
                                 ParameterScale::logarithmic(64 * 1024, 1024.0 * 1024 * 1024, true))
                 .withOffText(byDefault),
             &CakeParams::memlimit);
    b.number(ParameterSpec::count(QStringLiteral("fwmark"), KindForms::tr("Firewall mark mask"),
                                  KindForms::tr("The bits of the packet's mark that pick its tin (tc's fwmark); off: "
                                                "DSCP picks it."),
                                  QString(), ParameterScale::logarithmic(1, 4294967295.0, true))
                 .withOffText(KindForms::tr("off")),
             &CakeParams::fwmark);

    //: section title: the link's framing and per-packet overhead
    b.section(KindForms::tr("Link"));
    enumChoice(b, QStringLiteral("atm"), KindForms::tr("Framing"),
               KindForms::tr("atm: ADSL's 53-byte cells; ptm: VDSL2's 64b/65b coding; noatm: neither."),
               {{QStringLiteral("noatm"), int(CakeAtm::None)}, {QStringLiteral("atm"), int(CakeAtm::Atm)},
                {QStringLiteral("ptm"), int(CakeAtm::Ptm)}},
               &CakeParams::atm);
    b.number(ParameterSpec::count(QStringLiteral("overhead"), KindForms::tr("Overhead"),
                                  KindForms::tr("Bytes the link adds to every packet (-64…256); default 0 with raw."),
                                  KindForms::tr("bytes"),
                                  ParameterScale::linear(CakeParams::MinOverhead, CakeParams::MaxOverhead,
                                                         CakeParams::MaxOverhead - CakeParams::MinOverhead),
                                  CakeParams::MinOverhead, CakeParams::MaxOverhead),
             [](const CakeParams &p) { return double(p.overhead.value_or(0)); },
             [](CakeParams &p, double value) { p.overhead = qint32(value); });
    b.choice(QStringLiteral("raw"), KindForms::tr("Header compensation"),
             KindForms::tr("raw: count packets as the device sees them. By default cake does so until an overhead "
                           "is given; then it takes the MAC header off before adding the overhead."),
             {{KindForms::tr("default"), false}, {QStringLiteral("raw"), true}},
             [](const CakeParams &p) { return QVariant(p.raw); },
             [](CakeParams &p, const QVariant &value) { p.raw = value.toBool(); });
    b.number(ParameterSpec::count(QStringLiteral("mpu"), KindForms::tr("MPU"),
                                  KindForms::tr("The smallest packet size the link counts (0…256 bytes)."),
                                  KindForms::tr("bytes"), ParameterScale::linear(0, CakeParams::MaxMpu, int(CakeParams::MaxMpu)),
                                  0, CakeParams::MaxMpu)
                 .withOffText(byDefault),
             &CakeParams::mpu);
}

} // namespace qs
