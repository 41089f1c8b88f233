#include "tcsummary.h"

#include <QStringList>

namespace qs {

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
        parts.append(TcSummary::percent(random->probability) + QStringLiteral(" loss"));
    else if (std::holds_alternative<NetemStateLoss>(p.loss))
        parts.append(QStringLiteral("4-state loss"));
    else if (std::holds_alternative<NetemGilbertElliottLoss>(p.loss))
        parts.append(QStringLiteral("Gilbert-Elliott loss"));
    if (p.duplicate.isSet())
        parts.append(TcSummary::percent(p.duplicate.probability) + QStringLiteral(" duplicate"));
    if (p.corrupt.isSet())
        parts.append(TcSummary::percent(p.corrupt.probability) + QStringLiteral(" corrupt"));
    if (p.reorder.isSet())
        parts.append(TcSummary::percent(p.reorder.probability) + QStringLiteral(" reorder"));
    if (p.rate.bytesPerSecond)
        parts.append(TcSummary::rate(p.rate.bytesPerSecond));
    if (p.slot.enabled)
        parts.append(QStringLiteral("slotted"));
    if (p.ecn)
        parts.append(QStringLiteral("ECN"));
    if (parts.isEmpty())
        parts.append(QStringLiteral("no impairment"));
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
                return QStringLiteral("tbf %1, burst %2 B").arg(rate(p.rateBytesPerSecond)).arg(p.burstBytes);
            } else if constexpr (std::is_same_v<T, HtbQdiscParams>) {
                return p.defaultClass ? QStringLiteral("htb, default class %1:%2")
                                            .arg(QString::number(node.handle.major(), 16), QString::number(p.defaultClass, 16))
                                      : QStringLiteral("htb, unclassified traffic unshaped");
            } else if constexpr (std::is_same_v<T, SfqParams>) {
                return p.perturbSeconds ? QStringLiteral("sfq, rehash every %1 s").arg(p.perturbSeconds) : QStringLiteral("sfq");
            } else if constexpr (std::is_same_v<T, FqCodelParams>) {
                return p.targetUs ? QStringLiteral("fq_codel, target %1").arg(duration(p.targetUs)) : QStringLiteral("fq_codel");
            } else if constexpr (std::is_same_v<T, PfifoParams>) {
                return p.limitPackets ? QStringLiteral("pfifo, %1 packets").arg(*p.limitPackets) : QStringLiteral("pfifo");
            } else if constexpr (std::is_same_v<T, BfifoParams>) {
                return p.limitBytes ? QStringLiteral("bfifo, %1 bytes").arg(*p.limitBytes) : QStringLiteral("bfifo");
            } else if constexpr (std::is_same_v<T, PrioParams>) {
                return QStringLiteral("prio, %1 bands").arg(p.bands);
            } else if constexpr (std::is_same_v<T, IngressParams>) {
                return QStringLiteral("ingress (incoming traffic)");
            } else if constexpr (std::is_same_v<T, ForeignParams>) {
                return QStringLiteral("%1 (kept as it is)").arg(p.kind);
            } else {
                return QStringLiteral("clsact (incoming and outgoing filters)");
            }
        },
        node.params);
}

QString TcSummary::htbClass(const ClassNode &node)
{
    const HtbClassParams &p = node.params;
    QString text = QStringLiteral("htb class %1").arg(rate(p.rateBytesPerSecond));
    if (p.effectiveCeil() != p.rateBytesPerSecond)
        text += QStringLiteral(" (ceil %1)").arg(rate(p.effectiveCeil()));
    if (p.prio)
        text += QStringLiteral(", prio %1").arg(p.prio);
    return text;
}

QString TcSummary::filter(const U32Filter &filter)
{
    QStringList matches;
    for (const U32Match &m : filter.matches)
        matches.append(m.toTcWords());
    QString text = QStringLiteral("u32 ") + (matches.isEmpty() ? QStringLiteral("all traffic") : matches.join(QStringLiteral(", ")));
    if (filter.action)
        text += QStringLiteral(" → %1 %2").arg(filter.action->mode == MirredAction::Mode::Redirect ? QStringLiteral("redirect to") : QStringLiteral("mirror to"), filter.action->device);
    else
        text += QStringLiteral(" → class %1").arg(filter.flowId.toString());
    return text;
}

QString TcSummary::tree(const QdiscTree &tree)
{
    if (tree.isEmpty())
        return QStringLiteral("default qdisc");
    QStringList parts;
    if (const QdiscNode *root = tree.rootQdisc())
        parts.append(qdisc(*root));
    const int below = int(tree.qdiscs.size()) - (tree.rootQdisc() ? 1 : 0) - (tree.ingressQdisc() ? 1 : 0);
    if (below > 0)
        parts.append(QStringLiteral("%1 more qdisc%2").arg(below).arg(below == 1 ? QString() : QStringLiteral("s")));
    if (!tree.classes.isEmpty())
        parts.append(QStringLiteral("%1 class%2").arg(tree.classes.size()).arg(tree.classes.size() == 1 ? QString() : QStringLiteral("es")));
    if (!tree.filters.isEmpty())
        parts.append(QStringLiteral("%1 filter%2").arg(tree.filters.size()).arg(tree.filters.size() == 1 ? QString() : QStringLiteral("s")));
    if (tree.ingressQdisc())
        parts.append(QStringLiteral("ingress"));
    return parts.join(QStringLiteral("; "));
}

} // namespace qs
