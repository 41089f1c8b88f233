#include "tcsummary.h"

#include <QStringList>

namespace qs {

/* TRANSLATOR qs::TcSummary

   One-line summaries of qdiscs, classes, filters and trees, as shown in tree rows, profile lists and
   the command line. Kind names at the start (netem, tbf, htb, sfq, fq_codel, pfifo, bfifo, prio,
   ingress, clsact, u32), handles (1:10) and the values inserted for %1 (100 ms, 10 Mbit/s, 1 %) stay
   as they are.
*/

namespace {

QString trimmedNumber(double value)
{
    // Up to three significant decimals, no trailing zeros: 1.5, 100, 0.05.
    QString text = QString::number(value, 'f', value < 10 ? 2 : value < 100 ? 1 : 0);
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    return text;
}

QString netemSummary(const NetemParams &p)
{
    QStringList parts;
    if (p.delayUs || p.jitterUs) {
        QString delay = TcSummary::duration(p.delayUs);
        if (p.jitterUs)
            delay += QStringLiteral(" ± ") + TcSummary::duration(p.jitterUs);
        if (p.distribution != NetemDistribution::Uniform)
            delay += QStringLiteral(" (%1)").arg(netemDistributionName(p.distribution));
        parts.append(delay);
    }
    if (const auto *random = std::get_if<NetemRandomLoss>(&p.loss))
        //: Random packet loss: "1 % loss".
        parts.append(TcSummary::tr("%1 loss").arg(TcSummary::percent(random->probability)));
    else if (std::holds_alternative<NetemStateLoss>(p.loss))
        //: netem's 4-state Markov loss model.
        parts.append(TcSummary::tr("4-state loss"));
    else if (std::holds_alternative<NetemGilbertElliottLoss>(p.loss))
        //: netem's Gilbert-Elliott loss model.
        parts.append(TcSummary::tr("Gilbert-Elliott loss"));
    if (p.duplicate.isSet())
        //: Packets sent twice: "1 % duplicate".
        parts.append(TcSummary::tr("%1 duplicate").arg(TcSummary::percent(p.duplicate.probability)));
    if (p.corrupt.isSet())
        //: Packets with a flipped bit: "1 % corrupt".
        parts.append(TcSummary::tr("%1 corrupt").arg(TcSummary::percent(p.corrupt.probability)));
    if (p.reorder.isSet())
        //: Packets sent out of order: "25 % reorder".
        parts.append(TcSummary::tr("%1 reorder").arg(TcSummary::percent(p.reorder.probability)));
    if (p.rate.bytesPerSecond)
        parts.append(TcSummary::rate(p.rate.bytesPerSecond));
    if (p.slot.enabled)
        //: netem's slot option: packets leave in bursts, as on Wi-Fi.
        parts.append(TcSummary::tr("slotted"));
    if (p.ecn)
        parts.append(QStringLiteral("ECN"));
    if (parts.isEmpty())
        //: A netem that changes nothing.
        parts.append(TcSummary::tr("no impairment"));
    return QStringLiteral("netem ") + parts.join(QStringLiteral(", "));
}

} // namespace

QString TcSummary::duration(quint64 us)
{
    if (us >= 1000000)
        return trimmedNumber(us / 1e6) + QStringLiteral(" s");
    if (us >= 1000)
        return trimmedNumber(us / 1e3) + QStringLiteral(" ms");
    return QString::number(us) + QStringLiteral(" µs");
}

QString TcSummary::rate(quint64 bytesPerSecond)
{
    const double bits = double(bytesPerSecond) * 8;
    if (bits >= 1e9)
        return trimmedNumber(bits / 1e9) + QStringLiteral(" Gbit/s");
    if (bits >= 1e6)
        return trimmedNumber(bits / 1e6) + QStringLiteral(" Mbit/s");
    if (bits >= 1e3)
        return trimmedNumber(bits / 1e3) + QStringLiteral(" kbit/s");
    return trimmedNumber(bits) + QStringLiteral(" bit/s");
}

QString TcSummary::percent(Probability probability)
{
    const double value = probability.percent();
    return (value < 0.01 && value > 0 ? QString::number(value, 'g', 2) : trimmedNumber(value)) + QStringLiteral(" %");
}

QString TcSummary::qdisc(const QdiscNode &node)
{
    return std::visit(
        [&](const auto &p) -> QString {
            using T = std::decay_t<decltype(p)>;
            if constexpr (std::is_same_v<T, NetemParams>) {
                return netemSummary(p);
            } else if constexpr (std::is_same_v<T, TbfParams>) {
                //: %1 a rate (10 Mbit/s), %2 a number of bytes; B is the symbol for bytes.
                return tr("tbf %1, burst %2 B").arg(rate(p.rateBytesPerSecond)).arg(p.burstBytes);
            } else if constexpr (std::is_same_v<T, HtbQdiscParams>) {
                //: %1 is a class id such as 1:30.
                return p.defaultClass ? tr("htb, default class %1")
                                            .arg(QString::number(node.handle.major(), 16) + u':' + QString::number(p.defaultClass, 16))
                                      : tr("htb, unclassified traffic unshaped");
            } else if constexpr (std::is_same_v<T, SfqParams>) {
                return p.perturbSeconds ? tr("sfq, rehash every %n s", nullptr, p.perturbSeconds) : QStringLiteral("sfq");
            } else if constexpr (std::is_same_v<T, FqCodelParams>) {
                //: %1 is a time such as 5 ms; target is fq_codel's option.
                return p.targetUs ? tr("fq_codel, target %1").arg(duration(p.targetUs)) : QStringLiteral("fq_codel");
            } else if constexpr (std::is_same_v<T, PfifoParams>) {
                // %1, not %n: a limit may be beyond what an int holds.
                return p.limitPackets ? tr("pfifo, %1 packets").arg(*p.limitPackets) : QStringLiteral("pfifo");
            } else if constexpr (std::is_same_v<T, BfifoParams>) {
                return p.limitBytes ? tr("bfifo, %1 bytes").arg(*p.limitBytes) : QStringLiteral("bfifo");
            } else if constexpr (std::is_same_v<T, PrioParams>) {
                return tr("prio, %n bands", nullptr, p.bands);
            } else if constexpr (std::is_same_v<T, IngressParams>) {
                return tr("ingress (incoming traffic)");
            } else if constexpr (std::is_same_v<T, ForeignParams>) {
                //: %1 is the kind of a qdisc Qdisc Studio cannot edit (cake, fq, …).
                return tr("%1 (kept as it is)").arg(p.kind);
            } else {
                return tr("clsact (incoming and outgoing filters)");
            }
        },
        node.params);
}

QString TcSummary::htbClass(const ClassNode &node)
{
    const HtbClassParams &p = node.params;
    const QString rateText = rate(p.rateBytesPerSecond);
    const QString prio = QString::number(p.prio);
    if (p.effectiveCeil() != p.rateBytesPerSecond) {
        const QString ceil = rate(p.effectiveCeil());
        //: %1 and %2 are rates (10 Mbit/s); ceil is tc's word for the rate a class may borrow up to.
        return p.prio ? tr("htb class %1 (ceil %2), prio %3").arg(rateText, ceil, prio)
                      //: %1 and %2 are rates (10 Mbit/s); ceil is tc's word for the rate a class may borrow up to.
                      : tr("htb class %1 (ceil %2)").arg(rateText, ceil);
    }
    //: %1 is a rate (10 Mbit/s), %2 the class's priority (tc's prio), a number.
    return p.prio ? tr("htb class %1, prio %2").arg(rateText, prio)
                  //: %1 is a rate such as 10 Mbit/s.
                  : tr("htb class %1").arg(rateText);
}

QString TcSummary::filter(const U32Filter &filter)
{
    QStringList matches;
    for (const U32Match &m : filter.matches)
        matches.append(m.toTcWords());
    //: What a u32 filter without matches catches: "u32 all traffic → class 1:10".
    const QString what = matches.isEmpty() ? tr("all traffic") : matches.join(QStringLiteral(", "));
    if (filter.action && filter.action->mode == MirredAction::Mode::Redirect)
        //: %1 is what the filter matches (ip dst 10.0.0.0/8, in tc's words), %2 a device such as ifb0.
        return tr("u32 %1 → redirect to %2").arg(what, filter.action->device);
    if (filter.action)
        //: %1 is what the filter matches (ip dst 10.0.0.0/8, in tc's words), %2 a device such as ifb0.
        return tr("u32 %1 → mirror to %2").arg(what, filter.action->device);
    //: %1 is what the filter matches (ip dst 10.0.0.0/8, in tc's words), %2 a class id such as 1:10.
    return tr("u32 %1 → class %2").arg(what, filter.flowId.toString());
}

QString TcSummary::tree(const QdiscTree &tree)
{
    if (tree.isEmpty())
        //: A device whose qdiscs are the kernel's defaults.
        return tr("default qdisc");
    QStringList parts;
    if (const QdiscNode *root = tree.rootQdisc())
        parts.append(qdisc(*root));
    const int below = int(tree.qdiscs.size()) - (tree.rootQdisc() ? 1 : 0) - (tree.ingressQdisc() ? 1 : 0);
    if (below > 0)
        //: After the root qdisc's summary: how many qdiscs hang below it.
        parts.append(tr("%n more qdisc(s)", nullptr, below));
    if (!tree.classes.isEmpty())
        parts.append(tr("%n class(es)", nullptr, int(tree.classes.size())));
    if (!tree.filters.isEmpty())
        parts.append(tr("%n filter(s)", nullptr, int(tree.filters.size())));
    if (tree.ingressQdisc())
        parts.append(QStringLiteral("ingress"));
    return parts.join(QStringLiteral("; "));
}

} // namespace qs
