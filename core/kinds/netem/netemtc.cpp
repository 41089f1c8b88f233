// netem's tc syntax: iproute2 6.1's q_netem.c, word for word, and what its change keeps.
#include "netemparts.h"

#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

namespace qs::NetemParts {

using namespace TcUnits;

namespace {

struct NetemText
{
    Q_DECLARE_TR_FUNCTIONS(qs::NetemKind)
};

/** netem's get_ticks(): microseconds that must fit the kernel's 32-bit tick field. */
quint64 readTicksUs(TcArgs &c, QStringView field)
{
    const quint32 us = c.timeUs(field);
    if (us > NetemParams::MaxDelayUs)
        c.fail(NetemText::tr("%1 %2 is too large; netem takes at most %3")
                   .arg(field, TcUnits::formatTimeUs(us), TcUnits::formatTimeUs(NetemParams::MaxDelayUs)));
    return us;
}

NetemDistribution readDistribution(TcArgs &c)
{
    const QStringView word = c.value(u"distribution");
    const auto d = netemDistributionFromName(word);
    if (!d)
        c.fail(NetemText::tr("unknown distribution; use uniform, normal, pareto or paretonormal"));
    return *d;
}

/** Which netem attributes the command sends: the kernel keeps the others on change. */
struct NetemPresence
{
    bool correlation = false;
    bool reorder = false;
    bool corrupt = false;
    bool rate = false;
    bool slot = false;
    bool ecn = false;
    bool distribution = false;
};

NetemParams parseNetem(TcArgs &c, NetemPresence *presence)
{
    NetemParams p;
    bool lossSeen = false;
    Probability duplicateCorrelation;
    qsizetype duplicateCorrelationAt = -1;
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (tcMatches(word, u"limit")) {
            p.limit = c.size(u"limit"); // tc reads the packet limit with get_size()
        } else if (tcMatches(word, u"latency") || tcMatches(word, u"delay")) {
            p.delayUs = readTicksUs(c, u"delay");
            if (c.nextIsNumber()) {
                p.jitterUs = readTicksUs(c, u"jitter");
                if (c.nextIsNumber()) {
                    presence->correlation = true;
                    //: Labels such as this one name a value of a netem option in other messages.
                    p.delayCorrelation = c.percent(NetemText::tr("delay correlation"));
                }
            }
        } else if (tcMatches(word, u"loss") || tcMatches(word, u"drop")) {
            if (lossSeen)
                c.failAt(at, NetemText::tr("loss is given twice"));
            lossSeen = true;
            const QStringView model = c.peek();
            if (TcUnits::startsWithDigit(model) || model == u"random") {
                if (model == u"random")
                    c.next();
                NetemRandomLoss loss;
                loss.probability = c.percent(u"loss");
                if (c.nextIsNumber()) {
                    presence->correlation = true;
                    loss.correlation = c.percent(NetemText::tr("loss correlation"));
                }
                // "loss 0% 25%" is a real state (the kernel keeps the correlation); "loss 0%" is no loss.
                if (!loss.probability.isZero() || !loss.correlation.isZero())
                    p.loss = loss;
            } else if (model == u"state") {
                c.next();
                NetemStateLoss loss = NetemStateLoss::withDefaults(c.percentFraction(u"loss state p13"));
                Probability *rest[] = {&loss.p31, &loss.p32, &loss.p23, &loss.p14};
                const char16_t *names[] = {u"loss state p31", u"loss state p32", u"loss state p23", u"loss state p14"};
                for (int i = 0; i < 4 && c.nextIsNumber(); ++i)
                    *rest[i] = c.percent(QStringView(names[i]));
                p.loss = loss;
            } else if (model == u"gemodel") {
                c.next();
                NetemGilbertElliottLoss loss = NetemGilbertElliottLoss::withDefaults(c.percentFraction(u"loss gemodel p"));
                Probability *rest[] = {&loss.r, &loss.oneMinusH, &loss.oneMinusK};
                const char16_t *names[] = {u"loss gemodel r", u"loss gemodel 1-h", u"loss gemodel 1-k"};
                for (int i = 0; i < 3 && c.nextIsNumber(); ++i)
                    *rest[i] = c.percent(QStringView(names[i]));
                p.loss = loss;
            } else {
                c.next();
                c.fail(NetemText::tr("unknown loss model; use a percentage, random, state or gemodel"));
            }
        } else if (tcMatches(word, u"ecn")) {
            p.ecn = true;
            presence->ecn = true;
        } else if (tcMatches(word, u"reorder")) {
            presence->reorder = true;
            p.reorder.probability = c.percent(u"reorder");
            if (c.nextIsNumber()) {
                presence->correlation = true;
                p.reorder.correlation = c.percent(NetemText::tr("reorder correlation"));
            }
        } else if (tcMatches(word, u"corrupt")) {
            presence->corrupt = true;
            p.corrupt.probability = c.percent(u"corrupt");
            if (c.nextIsNumber()) {
                presence->correlation = true;
                p.corrupt.correlation = c.percent(NetemText::tr("corrupt correlation"));
            }
        } else if (tcMatches(word, u"gap")) {
            p.gap = c.u32(u"gap", 0);
        } else if (tcMatches(word, u"duplicate")) {
            p.duplicate.probability = c.percent(u"duplicate");
            if (c.nextIsNumber()) {
                duplicateCorrelationAt = c.position();
                duplicateCorrelation = c.percent(NetemText::tr("duplicate correlation"));
            }
        } else if (tcMatches(word, u"distribution")) {
            p.distribution = readDistribution(c);
            presence->distribution = true;
        } else if (tcMatches(word, u"rate")) {
            presence->rate = true;
            p.rate.bytesPerSecond = c.rate(u"rate");
            if (c.nextIsSignedNumber()) {
                const QStringView v = c.next();
                p.rate.packetOverhead = c.require(TcUnits::parseS32(v, 0), NetemText::tr("packet overhead must be a whole number of bytes"));
            }
            if (c.nextIsNumber())
                p.rate.cellSize = c.u32(NetemText::tr("cell size"), 0);
            if (c.nextIsSignedNumber()) {
                const QStringView v = c.next();
                p.rate.cellOverhead = c.require(TcUnits::parseS32(v, 0), NetemText::tr("cell overhead must be a whole number of bytes"));
            }
        } else if (tcMatches(word, u"slot")) {
            presence->slot = true;
            p.slot.enabled = true;
            if (c.nextIsNumber()) {
                p.slot.minDelayNs = c.time64Ns(NetemText::tr("slot minimum delay"));
                if (c.nextIsNumber()) {
                    p.slot.maxDelayNs = c.time64Ns(NetemText::tr("slot maximum delay"));
                    if (p.slot.maxDelayNs < p.slot.minDelayNs)
                        c.fail(NetemText::tr("the slot maximum delay is below the minimum"));
                } else {
                    p.slot.maxDelayNs = p.slot.minDelayNs;
                }
            } else {
                const QStringView form = c.value(u"slot");
                if (form != u"distribution")
                    c.fail(NetemText::tr("unknown slot parameter; use \"slot MIN [MAX]\" or \"slot distribution DIST DELAY JITTER\""));
                p.slot.distribution = readDistribution(c);
                p.slot.distDelayNs = c.time64Ns(NetemText::tr("slot delay"));
                p.slot.distJitterNs = c.time64Ns(NetemText::tr("slot jitter"));
                if (p.slot.distJitterNs <= 0)
                    c.fail(NetemText::tr("the slot jitter must be above 0"));
            }
            if (!c.atEnd() && tcMatches(c.peek(), u"packets")) {
                c.next();
                const QStringView v = c.value(u"packets");
                p.slot.maxPackets = c.require(TcUnits::parseS32(v, 0), NetemText::tr("slot packets must be a whole number"));
            }
            if (!c.atEnd() && tcMatches(c.peek(), u"bytes")) {
                c.next();
                p.slot.maxBytes = qint32(c.size(u"slot bytes"));
            }
        } else {
            c.failUnknownOption(at, u"netem");
        }
    }

    // A rate of 0 is no rate: overheads sent with it change nothing in the kernel.
    if (p.rate.bytesPerSecond == 0)
        p.rate = NetemRate{};

    // The checks tc makes before it sends anything.
    if (p.reorder.isSet()) {
        if (p.delayUs == 0)
            c.fail(NetemText::tr("reordering is not possible without a delay"));
        if (p.gap == 0)
            p.gap = 1;
    } else if (p.gap > 0) {
        c.fail(NetemText::tr("gap is given without a reorder probability"));
    }
    if (p.ecn && !p.hasLoss())
        c.fail(NetemText::tr("ecn is given without a loss probability or loss model"));
    if (presence->distribution && (p.delayUs == 0 || p.jitterUs == 0))
        c.fail(NetemText::tr("a distribution needs both a delay and a jitter"));

    // One slot form reaches the kernel's use: with a distribution table it ignores min/max,
    // without one the distribution delay and jitter. Keep only what counts, so both spellings
    // of the same slot (a second "slot" word overwrites parts of the first) compare equal.
    if (p.slot.distribution) {
        p.slot.minDelayNs = 0;
        p.slot.maxDelayNs = 0;
    } else {
        p.slot.distDelayNs = 0;
        p.slot.distJitterNs = 0;
    }

    // tc 6.1 sends the correlations only when a delay, loss, reorder or corrupt correlation is
    // given: a duplicate correlation on its own never reaches the kernel.
    if (presence->correlation)
        p.duplicate.correlation = duplicateCorrelation;
    else if (!duplicateCorrelation.isZero()) {
        c.warn(duplicateCorrelationAt, NetemText::tr("this duplicate correlation is dropped: tc only sends it together "
                                                     "with a delay, loss, reorder or corrupt correlation"));
    }
    return p;
}

/** What netem's change keeps from the running qdisc when tc does not send it. */
NetemParams mergeNetemChange(const NetemParams &old, NetemParams next, const NetemPresence &presence)
{
    if (!presence.correlation) {
        // No TCA_NETEM_CORR: the kernel keeps all three correlations, the loss one included even
        // when this command drops the loss (it then holds "loss 0%" with the old correlation).
        next.delayCorrelation = old.delayCorrelation;
        next.duplicate.correlation = old.duplicate.correlation;
        const auto *oldRandom = std::get_if<NetemRandomLoss>(&old.loss);
        const Probability kept = oldRandom ? oldRandom->correlation : Probability();
        if (auto *random = std::get_if<NetemRandomLoss>(&next.loss))
            random->correlation = kept;
        else if (std::holds_alternative<std::monostate>(next.loss) && !kept.isZero())
            next.loss = NetemRandomLoss{Probability(), kept};
    }
    if (const auto *random = std::get_if<NetemRandomLoss>(&next.loss); random && *random == NetemRandomLoss{})
        next.loss = std::monostate(); // no probability, no correlation: no loss
    if (!presence.reorder)
        next.reorder = old.reorder; // while qopt's gap is rewritten: 0 unless reorder is given
    if (!presence.corrupt)
        next.corrupt = old.corrupt;
    if (!presence.rate)
        next.rate = old.rate;
    if (!presence.ecn)
        next.ecn = old.ecn;
    if (!presence.slot)
        next.slot = old.slot;
    if (!presence.distribution)
        next.distribution = old.distribution;
    return next;
}

void addChance(TcOptionWords &w, const char16_t *name, const NetemChance &chance)
{
    // A correlation without a probability ("reorder 0% 25%") is a state of its own: write it.
    if (chance == NetemChance{})
        return;
    w.add(name, formatPercent(chance.probability));
    if (!chance.correlation.isZero())
        w.add(formatPercent(chance.correlation));
}

TcOptionWords netemOptions(const NetemParams &p)
{
    TcOptionWords w;
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
    return w;
}

std::optional<NetemParams> primerOf(const NetemParams &p)
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

NetemParams afterPrimerOf(NetemParams p)
{
    if (p.ecn && !p.hasLoss())
        p.ecn = false;
    if (p.reorder.isSet() && p.gap == 0)
        p.reorder = {};
    if (p.distribution != NetemDistribution::Uniform && (p.delayUs == 0 || p.jitterUs == 0))
        p.distribution = NetemDistribution::Uniform;
    return p;
}

} // namespace

QdiscParse parse(TcArgs &args, const NetemParams *running)
{
    NetemPresence presence;
    NetemParams p = parseNetem(args, &presence);
    if (running)
        p = mergeNetemChange(*running, p, presence);
    return qdiscParse(p);
}

void print(TcOptionWords &words, const NetemParams &p)
{
    words.add(netemOptions(p));
}

std::optional<NetemParams> primer(const NetemParams &p)
{
    return primerOf(p);
}

NetemParams afterPrimer(NetemParams p)
{
    return afterPrimerOf(std::move(p));
}

} // namespace qs::NetemParts
