#include "tcexporter.h"

#include "tcunits.h"

#include <algorithm>

namespace qs {

using namespace TcUnits;

namespace {

/** Collects option words, skipping the empty ones. */
class Words
{
public:
    Words &add(const QString &word)
    {
        if (!word.isEmpty())
            m_words.append(word);
        return *this;
    }
    Words &add(const char16_t *word) { return add(QString::fromUtf16(word)); }
    Words &add(const char16_t *key, const QString &value) { return add(key).add(value); }
    QString join() const { return m_words.join(u' '); }

private:
    QStringList m_words;
};

void addChance(Words &w, const char16_t *name, const NetemChance &chance)
{
    // A correlation without a probability ("reorder 0% 25%") is a state of its own: write it.
    if (chance == NetemChance{})
        return;
    w.add(name, formatPercent(chance.probability));
    if (!chance.correlation.isZero())
        w.add(formatPercent(chance.correlation));
}

QString netemOptions(const NetemParams &p)
{
    Words w;
    if (p.limit != NetemParams::DefaultLimit)
        w.add(u"limit", QString::number(p.limit));

    const auto *random = std::get_if<NetemRandomLoss>(&p.loss);
    // tc sends the correlation block only when one of these words carries a correlation; the
    // duplicate correlation lives in that block, so it needs one of them written out.
    const bool otherCorrelationWritten = !p.delayCorrelation.isZero() || (random && !random->correlation.isZero()) ||
                                         !p.reorder.correlation.isZero() || !p.corrupt.correlation.isZero();
    const bool forceCorrelation = !p.duplicate.correlation.isZero() && !otherCorrelationWritten;
    if (p.delayUs || p.jitterUs || !p.delayCorrelation.isZero() || forceCorrelation) {
        w.add(u"delay", formatTimeUs(p.delayUs));
        if (p.jitterUs || !p.delayCorrelation.isZero() || forceCorrelation)
            w.add(formatTimeUs(p.jitterUs));
        if (!p.delayCorrelation.isZero() || forceCorrelation)
            w.add(formatPercent(p.delayCorrelation));
    }
    if (p.distribution != NetemDistribution::Uniform)
        w.add(u"distribution", netemDistributionName(p.distribution));
    if (random) {
        w.add(u"loss").add(u"random", formatPercent(random->probability));
        if (!random->correlation.isZero())
            w.add(formatPercent(random->correlation));
    } else if (const auto *state = std::get_if<NetemStateLoss>(&p.loss)) {
        w.add(u"loss").add(u"state", formatPercent(state->p13));
        w.add(formatPercent(state->p31)).add(formatPercent(state->p32));
        w.add(formatPercent(state->p23)).add(formatPercent(state->p14));
    } else if (const auto *ge = std::get_if<NetemGilbertElliottLoss>(&p.loss)) {
        w.add(u"loss").add(u"gemodel", formatPercent(ge->p));
        w.add(formatPercent(ge->r)).add(formatPercent(ge->oneMinusH)).add(formatPercent(ge->oneMinusK));
    }
    addChance(w, u"duplicate", p.duplicate);
    addChance(w, u"reorder", p.reorder);
    if (p.reorder.isSet() && p.gap != 0)
        w.add(u"gap", QString::number(p.gap));
    addChance(w, u"corrupt", p.corrupt);
    if (p.rate.bytesPerSecond) {
        w.add(u"rate", formatRate(p.rate.bytesPerSecond));
        // Positional: a later value needs the earlier ones written.
        const bool cellOverhead = p.rate.cellOverhead != 0;
        const bool cellSize = p.rate.cellSize != 0 || cellOverhead;
        if (p.rate.packetOverhead != 0 || cellSize)
            w.add(QString::number(p.rate.packetOverhead));
        if (cellSize)
            w.add(QString::number(p.rate.cellSize));
        if (cellOverhead)
            w.add(QString::number(p.rate.cellOverhead));
    }
    if (p.slot.enabled) {
        if (p.slot.distribution) {
            w.add(u"slot").add(u"distribution", netemDistributionName(*p.slot.distribution));
            w.add(formatTime64Ns(p.slot.distDelayNs)).add(formatTime64Ns(p.slot.distJitterNs));
        } else {
            w.add(u"slot", formatTime64Ns(p.slot.minDelayNs)).add(formatTime64Ns(p.slot.maxDelayNs));
        }
        if (p.slot.maxPackets)
            w.add(u"packets", QString::number(p.slot.maxPackets));
        if (p.slot.maxBytes)
            w.add(u"bytes", formatSize(quint32(p.slot.maxBytes)));
    }
    if (p.ecn)
        w.add(u"ecn");
    return w.join();
}

/**
 * A netem state no single tc command writes, because tc refuses it at parse time, while the
 * kernel holds it after a change that leaves it alone: ecn without a loss model, reorder with
 * gap 0, a distribution without delay or jitter. Such a qdisc is written as an add of this
 * primer, which tc takes, followed by a change with the real options minus the kept ones.
 */
std::optional<NetemParams> netemPrimer(const NetemParams &p)
{
    const bool ecnKept = p.ecn && !p.hasLoss();
    const bool reorderKept = p.reorder.isSet() && p.gap == 0;
    const bool distributionKept = p.distribution != NetemDistribution::Uniform && (p.delayUs == 0 || p.jitterUs == 0);
    if (!ecnKept && !reorderKept && !distributionKept)
        return std::nullopt;
    NetemParams primer = p;
    if (ecnKept) {
        const auto *random = std::get_if<NetemRandomLoss>(&p.loss);
        primer.loss = NetemRandomLoss{Probability::fromPercent(1), random ? random->correlation : Probability()};
    }
    if (reorderKept && primer.delayUs == 0)
        primer.delayUs = 1; // tc reorders only with a delay; the change sets the real one
    if (distributionKept) {
        primer.delayUs = std::max<quint64>(primer.delayUs, 1);
        primer.jitterUs = std::max<quint64>(primer.jitterUs, 1);
    }
    return primer;
}

/** The change that turns netemPrimer(@p p) into @p p: it leaves out what the kernel is to keep. */
NetemParams netemAfterPrimer(NetemParams p)
{
    if (p.ecn && !p.hasLoss())
        p.ecn = false;
    if (p.reorder.isSet() && p.gap == 0)
        p.reorder = {};
    if (p.distribution != NetemDistribution::Uniform && (p.delayUs == 0 || p.jitterUs == 0))
        p.distribution = NetemDistribution::Uniform;
    return p;
}

QString tbfOptions(const TbfParams &p)
{
    Words w;
    w.add(u"rate", formatRate(p.rateBytesPerSecond)).add(u"burst", formatSize(p.burstBytes));
    if (p.limitMode == TbfParams::LimitMode::Bytes)
        w.add(u"limit", formatSize(p.limitBytes));
    else
        w.add(u"latency", formatTimeUs(p.latencyUs));
    if (p.peakRateBytesPerSecond)
        w.add(u"peakrate", formatRate(p.peakRateBytesPerSecond));
    if (p.mtu)
        w.add(u"mtu", formatSize(p.mtu));
    return w.join();
}

QString htbQdiscOptions(const HtbQdiscParams &p)
{
    Words w;
    if (p.defaultClass)
        w.add(u"default", QString::number(p.defaultClass, 16));
    if (p.r2q != 10)
        w.add(u"r2q", QString::number(p.r2q));
    if (p.directQlen)
        w.add(u"direct_qlen", QString::number(*p.directQlen));
    return w.join();
}

QString sfqOptions(const SfqParams &p)
{
    Words w;
    if (p.perturbSeconds)
        w.add(u"perturb", QString::number(p.perturbSeconds));
    if (p.quantum)
        w.add(u"quantum", formatSize(p.quantum));
    if (p.limit)
        w.add(u"limit", QString::number(p.limit));
    if (p.divisor)
        w.add(u"divisor", QString::number(p.divisor));
    if (p.flows)
        w.add(u"flows", QString::number(p.flows));
    if (p.depth)
        w.add(u"depth", QString::number(p.depth));
    if (p.headdrop)
        w.add(u"headdrop");
    return w.join();
}

QString fqCodelOptions(const FqCodelParams &p)
{
    Words w;
    if (p.limit)
        w.add(u"limit", QString::number(p.limit));
    if (p.flows)
        w.add(u"flows", QString::number(p.flows));
    if (p.quantum)
        w.add(u"quantum", QString::number(p.quantum));
    if (p.targetUs)
        w.add(u"target", formatTimeUs(p.targetUs));
    if (p.intervalUs)
        w.add(u"interval", formatTimeUs(p.intervalUs));
    if (p.ceThresholdUs)
        w.add(u"ce_threshold", formatTimeUs(*p.ceThresholdUs));
    if (p.memoryLimit)
        w.add(u"memory_limit", formatSize(p.memoryLimit));
    if (p.dropBatch)
        w.add(u"drop_batch", QString::number(p.dropBatch));
    if (p.ecn)
        w.add(*p.ecn ? u"ecn" : u"noecn");
    return w.join();
}

QString prioOptions(const PrioParams &p)
{
    Words w;
    if (p.bands != 3)
        w.add(u"bands", QString::number(p.bands));
    if (p.priomap != PrioParams::DefaultPriomap) {
        w.add(u"priomap");
        for (quint8 band : p.priomap)
            w.add(QString::number(band));
    }
    return w.join();
}

QString joined(const QString &head, const QString &options)
{
    return options.isEmpty() ? head : head + u' ' + options;
}

QString tcPrefix(const QdiscTree &tree)
{
    return tree.netns.isEmpty() ? QStringLiteral("tc") : QStringLiteral("tc -n %1").arg(tree.netns);
}

QString filterParent(TcHandle parent)
{
    if (parent.raw() == 0xFFFFFFF2u)
        return QStringLiteral("ingress");
    if (parent.raw() == 0xFFFFFFF3u)
        return QStringLiteral("egress");
    return QStringLiteral("parent ") + parent.toString();
}

QString filterCommand(const QdiscTree &tree, const U32Filter &f)
{
    Words w;
    w.add(tcPrefix(tree)).add(u"filter").add(u"add").add(u"dev", tree.device);
    w.add(filterParent(f.parent)).add(u"protocol", EtherType::name(f.protocol));
    if (f.prio)
        w.add(u"prio", QString::number(f.prio));
    if (f.handle) {
        w.add(u"handle", u32HandleArgument(*f.handle));
    }
    w.add(u"u32");
    if (f.matches.isEmpty())
        w.add(u"match", QStringLiteral("u32 0 0")); // the kernel needs a selector; this one matches everything
    for (const U32Match &m : f.matches)
        w.add(u"match", m.toTcWords());
    if (!f.flowId.isUnspec())
        w.add(u"flowid", f.flowId.toString());
    if (f.action)
        w.add(f.action->toTcWords());
    return w.join();
}

} // namespace

QString TcExporter::qdiscOptions(const QdiscParams &params)
{
    return std::visit(
        [](const auto &p) -> QString {
            using T = std::decay_t<decltype(p)>;
            if constexpr (std::is_same_v<T, NetemParams>)
                return netemOptions(p);
            else if constexpr (std::is_same_v<T, TbfParams>)
                return tbfOptions(p);
            else if constexpr (std::is_same_v<T, HtbQdiscParams>)
                return htbQdiscOptions(p);
            else if constexpr (std::is_same_v<T, SfqParams>)
                return sfqOptions(p);
            else if constexpr (std::is_same_v<T, FqCodelParams>)
                return fqCodelOptions(p);
            else if constexpr (std::is_same_v<T, PfifoParams>)
                return p.limitPackets ? QStringLiteral("limit %1").arg(*p.limitPackets) : QString();
            else if constexpr (std::is_same_v<T, BfifoParams>)
                return p.limitBytes ? QStringLiteral("limit ") + formatSize(*p.limitBytes) : QString();
            else if constexpr (std::is_same_v<T, PrioParams>)
                return prioOptions(p);
            else
                return QString(); // ingress, clsact
        },
        params);
}

QString TcExporter::classOptions(const HtbClassParams &p)
{
    Words w;
    w.add(u"rate", formatRate(p.rateBytesPerSecond)).add(u"ceil", formatRate(p.effectiveCeil()));
    if (p.burstBytes)
        w.add(u"burst", formatSize(*p.burstBytes));
    if (p.cburstBytes)
        w.add(u"cburst", formatSize(*p.cburstBytes));
    if (p.prio)
        w.add(u"prio", QString::number(p.prio));
    if (p.quantum)
        w.add(u"quantum", QString::number(p.quantum));
    if (p.mtu != HtbClassParams::DefaultMtu)
        w.add(u"mtu", QString::number(p.mtu));
    if (p.overhead)
        w.add(u"overhead", QString::number(p.overhead));
    return w.join();
}

QStringList TcExporter::commands(const QdiscTree &tree)
{
    QStringList lines;
    const QString ipPrefix = tree.netns.isEmpty() ? QStringLiteral("ip") : QStringLiteral("ip -n %1").arg(tree.netns);
    if (tree.isIfb) {
        lines.append(QStringLiteral("%1 link add %2 type ifb").arg(ipPrefix, tree.device));
        lines.append(QStringLiteral("%1 link set dev %2 up").arg(ipPrefix, tree.device));
    }
    const QString tc = tcPrefix(tree);
    if (tree.isEmpty()) {
        if (!tree.isIfb)
            lines.append(QStringLiteral("%1 qdisc del dev %2 root").arg(tc, tree.device));
        return lines;
    }
    const QList<ClassNode> classes = tree.classesInCreationOrder();
    for (const QdiscNode &q : tree.qdiscsInCreationOrder()) {
        QString head = QStringLiteral("%1 qdisc add dev %2").arg(tc, tree.device);
        if (q.kind() == QdiscKind::Clsact) {
            lines.append(head + QStringLiteral(" clsact"));
            continue;
        }
        if (q.kind() == QdiscKind::Ingress) {
            lines.append(head + QStringLiteral(" handle ffff: ingress"));
            continue;
        }
        if (q.kind() == QdiscKind::Foreign) {
            //: A comment in an exported tc script: %1 a qdisc kind (cake, fq, …), %2 its handle, %3 its parent.
            lines.append(QStringLiteral("# ") + tr("%1 qdisc %2 at %3 is kept as it is: Qdisc Studio cannot write its options")
                                                    .arg(q.kindName(), q.handle.toString(), q.parent.toString()));
            continue;
        }
        QString where = q.parent.isRoot() ? QStringLiteral(" root") : QStringLiteral(" parent ") + q.parent.toString();
        if (!q.handle.isUnspec())
            where += QStringLiteral(" handle ") + q.handle.toString();
        const QString kind = u' ' + qdiscKindName(q.kind());
        const auto *netem = std::get_if<NetemParams>(&q.params);
        if (const auto primer = netem ? netemPrimer(*netem) : std::nullopt) {
            lines.append(joined(head + where + kind, netemOptions(*primer)));
            lines.append(joined(QStringLiteral("%1 qdisc change dev %2").arg(tc, tree.device) + where + kind,
                                netemOptions(netemAfterPrimer(*netem))));
        } else {
            lines.append(joined(head + where + kind, qdiscOptions(q.params)));
        }
        for (const ClassNode &c : classes) {
            if (c.classId.major() != q.handle.major() || q.handle.isUnspec())
                continue;
            const QString classHead = QStringLiteral("%1 class add dev %2 parent %3 classid %4 htb")
                                          .arg(tc, tree.device, c.parent.toString(), c.classId.toString());
            lines.append(joined(classHead, classOptions(c.params)));
        }
    }
    for (const U32Filter &f : tree.filters)
        lines.append(filterCommand(tree, f));
    for (const ForeignFilter &f : tree.foreignFilters)
        //: A comment in an exported tc script: %1 a classifier kind (flower, bpf, …), %2 its parent, %3 its prio.
        lines.append(QStringLiteral("# ") + tr("%1 filter at %2 prio %3 is kept as it is: Qdisc Studio cannot write its options")
                                                .arg(f.kind, f.parent.toString())
                                                .arg(f.prio));
    return lines;
}

QString TcExporter::script(const QList<QdiscTree> &trees)
{
    QStringList lines;
    // ifb devices first: a mirred redirect names a device that must exist.
    for (bool ifbPass : {true, false}) {
        for (const QdiscTree &tree : trees) {
            if (tree.isIfb == ifbPass)
                lines += commands(tree);
        }
    }
    return lines.isEmpty() ? QString() : lines.join(u'\n') + u'\n';
}

} // namespace qs
