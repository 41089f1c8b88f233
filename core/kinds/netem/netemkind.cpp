// netem: its JSON form, change rule and summary, and its table of operations; the tc syntax is in
// netemtc.cpp and the netlink layout in netemnetlink.cpp.
#include "netemparts.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "tc/tcsummary.h"
#include "tc/tcunits.h"

namespace qs {

namespace {

using namespace TcUnits;

struct NetemKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::NetemKind)

public:
    using Params = NetemParams;
    static constexpr QdiscTraits traits{.name = "netem", .module = "sch_netem", .children = QdiscChildren::One};

    static ValidationIssues validate(const Params &p) { return p.validate(); }
    /**
     * tc prints the loss models with a label before each probability ("loss state p13 1% p31
     * 30% …", "loss gemodel p 1% r 10% 1-h 70% 1-k 0.1%") and the rate's overheads after theirs
     * ("rate 1Mbit packetoverhead 20 cellsize 100 celloverhead -4"); it reads them without. It
     * prints no distribution (the kernel does not report its table): such a netem imports
     * without one, and "slot distribution" (its name not printed either) is not read.
     */
    static ShownWords readShown(ShownWords w)
    {
        using namespace ShowSupport;
        if (const qsizetype state = indexOf(w, u"state"); state > 0 && w[state - 1].text == u"loss") {
            for (const char16_t *label : {u"p13", u"p31", u"p32", u"p23", u"p14"})
                drop(w, label);
        }
        if (const qsizetype ge = indexOf(w, u"gemodel"); ge > 0 && w[ge - 1].text == u"loss") {
            for (qsizetype i = ge + 1; i + 1 < w.size();) {
                if (w[i].text == u"p" || w[i].text == u"r" || w[i].text == u"1-h" || w[i].text == u"1-k")
                    w.remove(i);
                else
                    break;
                ++i; // past the value
            }
        }
        for (const char16_t *label : {u"packetoverhead", u"cellsize", u"celloverhead"})
            drop(w, label);
        return w;
    }
    /** The distributions tc cannot print: the delay's is then imported as none (uniform), the slot's not at all. */
    static QString shownCaveat(const ShownWords &w)
    {
        using ShowSupport::indexOf;
        if (const qsizetype slot = indexOf(w, u"slot"); slot >= 0 && slot + 2 < w.size() && w[slot + 1].text == u"distribution"
                                                        && TcUnits::startsWithDigit(w[slot + 2].text))
            return tr("tc does not print the slot distribution's name (the kernel does not report its table): write uniform, "
                      "normal, pareto or paretonormal after \"slot distribution\"");
        const qsizetype delay = indexOf(w, u"delay");
        if (delay >= 0 && delay + 2 < w.size() && TcUnits::parseTimeUs(w[delay + 2].text))
            return tr("tc does not print the jitter's distribution (the kernel does not report its table): imported as uniform; "
                      "add \"distribution normal\", \"pareto\" or \"paretonormal\" if it had one");
        return {};
    }
    static QdiscParse parse(TcArgs &args, const Params *running) { return NetemParts::parse(args, running); }
    static void print(TcOptionWords &words, const Params &p) { NetemParts::print(words, p); }
    static bool encode(nl_msg *msg, const Params &p, const CodecContext &context, QString *error)
    {
        return NetemParts::encode(msg, p, context, error);
    }
    static std::optional<Params> decode(const nlattr *options, const CodecContext &) { return NetemParts::decode(options); }
    static std::optional<std::pair<Params, Params>> primer(const Params &p)
    {
        const auto first = NetemParts::primer(p);
        if (!first)
            return std::nullopt;
        return std::pair{*first, NetemParts::afterPrimer(p)};
    }
    static std::size_t messageSize(const Params &p)
    {
        const bool tables = p.distribution != NetemDistribution::Uniform || p.slot.distribution;
        return tables ? 80 * 1024 : SmallNetlinkMessage; // a distribution table is up to 32 KiB
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        // netem's change keeps what it is not sent, and the encoder always sends the full set.
        QString ignored;
        const auto bytes = [&](const Params &p) {
            return encodedBytes([&](nl_msg *msg) { return NetemParts::encode(msg, p, context, &ignored); }, messageSize(p));
        };
        return bytes(running) == bytes(wanted) ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QJsonObject chanceToJson(const NetemChance &chance)
    {
        QJsonObject o{{QStringLiteral("probability"), formatPercent(chance.probability)}};
        if (!chance.correlation.isZero())
            o.insert(QStringLiteral("correlation"), formatPercent(chance.correlation));
        return o;
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.limit != NetemParams::DefaultLimit)
            o.insert(QStringLiteral("limit"), double(p.limit));
        if (p.delayUs)
            o.insert(QStringLiteral("delay"), formatTimeUs(p.delayUs));
        if (p.jitterUs)
            o.insert(QStringLiteral("jitter"), formatTimeUs(p.jitterUs));
        if (!p.delayCorrelation.isZero())
            o.insert(QStringLiteral("delayCorrelation"), formatPercent(p.delayCorrelation));
        if (p.distribution != NetemDistribution::Uniform)
            o.insert(QStringLiteral("distribution"), netemDistributionName(p.distribution));
        if (const auto *random = std::get_if<NetemRandomLoss>(&p.loss)) {
            QJsonObject loss{{QStringLiteral("model"), QStringLiteral("random")},
                             {QStringLiteral("probability"), formatPercent(random->probability)}};
            if (!random->correlation.isZero())
                loss.insert(QStringLiteral("correlation"), formatPercent(random->correlation));
            o.insert(QStringLiteral("loss"), loss);
        } else if (const auto *state = std::get_if<NetemStateLoss>(&p.loss)) {
            o.insert(QStringLiteral("loss"), QJsonObject{{QStringLiteral("model"), QStringLiteral("state")},
                                                         {QStringLiteral("p13"), formatPercent(state->p13)},
                                                         {QStringLiteral("p31"), formatPercent(state->p31)},
                                                         {QStringLiteral("p32"), formatPercent(state->p32)},
                                                         {QStringLiteral("p23"), formatPercent(state->p23)},
                                                         {QStringLiteral("p14"), formatPercent(state->p14)}});
        } else if (const auto *ge = std::get_if<NetemGilbertElliottLoss>(&p.loss)) {
            o.insert(QStringLiteral("loss"), QJsonObject{{QStringLiteral("model"), QStringLiteral("gemodel")},
                                                         {QStringLiteral("p"), formatPercent(ge->p)},
                                                         {QStringLiteral("r"), formatPercent(ge->r)},
                                                         {QStringLiteral("oneMinusH"), formatPercent(ge->oneMinusH)},
                                                         {QStringLiteral("oneMinusK"), formatPercent(ge->oneMinusK)}});
        }
        if (p.duplicate != NetemChance{})
            o.insert(QStringLiteral("duplicate"), chanceToJson(p.duplicate));
        if (p.corrupt != NetemChance{})
            o.insert(QStringLiteral("corrupt"), chanceToJson(p.corrupt));
        if (p.reorder != NetemChance{})
            o.insert(QStringLiteral("reorder"), chanceToJson(p.reorder));
        if (p.gap)
            o.insert(QStringLiteral("gap"), double(p.gap));
        if (p.rate != NetemRate{}) {
            QJsonObject rate{{QStringLiteral("rate"), formatRate(p.rate.bytesPerSecond)}};
            if (p.rate.packetOverhead)
                rate.insert(QStringLiteral("packetOverhead"), p.rate.packetOverhead);
            if (p.rate.cellSize)
                rate.insert(QStringLiteral("cellSize"), double(p.rate.cellSize));
            if (p.rate.cellOverhead)
                rate.insert(QStringLiteral("cellOverhead"), p.rate.cellOverhead);
            o.insert(QStringLiteral("rate"), rate);
        }
        if (p.slot.enabled) {
            QJsonObject slot;
            if (p.slot.distribution) {
                slot.insert(QStringLiteral("distribution"), netemDistributionName(*p.slot.distribution));
                slot.insert(QStringLiteral("delay"), formatTime64Ns(p.slot.distDelayNs));
                slot.insert(QStringLiteral("jitter"), formatTime64Ns(p.slot.distJitterNs));
            } else {
                slot.insert(QStringLiteral("min"), formatTime64Ns(p.slot.minDelayNs));
                slot.insert(QStringLiteral("max"), formatTime64Ns(p.slot.maxDelayNs));
            }
            if (p.slot.maxPackets)
                slot.insert(QStringLiteral("packets"), p.slot.maxPackets);
            if (p.slot.maxBytes)
                slot.insert(QStringLiteral("bytes"), p.slot.maxBytes);
            o.insert(QStringLiteral("slot"), slot);
        }
        if (p.ecn)
            o.insert(QStringLiteral("ecn"), true);
        return o;
    }

    static std::optional<NetemDistribution> readDistribution(JsonReader &r, const char *key)
    {
        const auto name = r.string(key);
        if (!name)
            return std::nullopt;
        const auto d = netemDistributionFromName(*name);
        if (!d)
            r.error(QString::fromLatin1(key), tr("\"%1\" is not a distribution; use uniform, normal, pareto or paretonormal").arg(*name));
        return d;
    }

    static NetemChance readChance(JsonReader &parent, const char *key)
    {
        NetemChance chance;
        if (!parent.has(key)) {
            parent.take(key);
            return chance;
        }
        JsonReader r = parent.object(key);
        chance.probability = r.percent("probability");
        chance.correlation = r.percent("correlation");
        r.finish();
        return chance;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.limit = quint32(r.integer("limit", NetemParams::DefaultLimit, 0, 0xFFFFFFFFLL));
        p.delayUs = r.timeUs("delay");
        p.jitterUs = r.timeUs("jitter");
        p.delayCorrelation = r.percent("delayCorrelation");
        p.distribution = readDistribution(r, "distribution").value_or(NetemDistribution::Uniform);
        if (r.has("loss")) {
            JsonReader loss = r.object("loss");
            const QString model = loss.string("model", true).value_or(QString());
            // As tc reads "loss …": the first value is required, the others start from tc's
            // defaults (derived from the first value's fraction, as tc does) and only what is
            // written overrides them.
            if (model == u"random") {
                loss.require("probability");
                const NetemRandomLoss random{loss.percent("probability"), loss.percent("correlation")};
                if (random != NetemRandomLoss{})
                    p.loss = random; // 0 % without a correlation is no loss, as the importer reads "loss 0%"
            } else if (model == u"state") {
                loss.require("p13");
                NetemStateLoss state = NetemStateLoss::withDefaults(loss.fraction("p13"));
                state.p31 = loss.percent("p31", state.p31);
                state.p32 = loss.percent("p32", state.p32);
                state.p23 = loss.percent("p23", state.p23);
                state.p14 = loss.percent("p14", state.p14);
                p.loss = state;
            } else if (model == u"gemodel") {
                loss.require("p");
                NetemGilbertElliottLoss ge = NetemGilbertElliottLoss::withDefaults(loss.fraction("p"));
                ge.r = loss.percent("r", ge.r);
                ge.oneMinusH = loss.percent("oneMinusH", ge.oneMinusH);
                ge.oneMinusK = loss.percent("oneMinusK", ge.oneMinusK);
                p.loss = ge;
            } else if (!model.isEmpty()) {
                loss.error(QStringLiteral("model"), tr("\"%1\" is not a loss model; use random, state or gemodel").arg(model));
            }
            loss.finish();
        } else {
            r.take("loss");
        }
        p.duplicate = readChance(r, "duplicate");
        p.corrupt = readChance(r, "corrupt");
        p.reorder = readChance(r, "reorder");
        p.gap = quint32(r.integer("gap", 0, 0, 0xFFFFFFFFLL));
        if (r.has("rate")) {
            JsonReader rate = r.object("rate");
            p.rate.bytesPerSecond = rate.rate("rate");
            p.rate.packetOverhead = qint32(rate.integer("packetOverhead", 0, INT32_MIN, INT32_MAX));
            p.rate.cellSize = quint32(rate.integer("cellSize", 0, 0, 0xFFFFFFFFLL));
            p.rate.cellOverhead = qint32(rate.integer("cellOverhead", 0, INT32_MIN, INT32_MAX));
            rate.finish();
            if (p.rate.bytesPerSecond == 0)
                p.rate = NetemRate{}; // no rate: overheads change nothing
        } else {
            r.take("rate");
        }
        if (r.has("slot")) {
            JsonReader slot = r.object("slot");
            p.slot.enabled = true;
            // Two forms, never mixed: what the other form holds would be silently dropped.
            if (slot.has("distribution") && (slot.has("min") || slot.has("max")))
                slot.error(QStringLiteral("min"), tr("min/max belong to the fixed form; with a distribution give delay and jitter"));
            if (!slot.has("distribution") && (slot.has("delay") || slot.has("jitter")))
                slot.error(QStringLiteral("delay"), tr("delay/jitter need a distribution; the fixed form takes min and max"));
            p.slot.distribution = readDistribution(slot, "distribution");
            p.slot.minDelayNs = slot.time64("min");
            p.slot.maxDelayNs = slot.time64("max");
            p.slot.distDelayNs = slot.time64("delay");
            p.slot.distJitterNs = slot.time64("jitter");
            p.slot.maxPackets = qint32(slot.integer("packets", 0, 0, INT32_MAX));
            p.slot.maxBytes = qint32(slot.integer("bytes", 0, 0, INT32_MAX));
            slot.finish();
        } else {
            r.take("slot");
        }
        p.ecn = r.boolean("ecn");
        return p;
    }

    static QString summary(const Params &p, TcHandle)
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
            parts.append(tr("%1 loss").arg(TcSummary::percent(random->probability)));
        else if (std::holds_alternative<NetemStateLoss>(p.loss))
            //: netem's 4-state Markov loss model.
            parts.append(tr("4-state loss"));
        else if (std::holds_alternative<NetemGilbertElliottLoss>(p.loss))
            //: netem's Gilbert-Elliott loss model.
            parts.append(tr("Gilbert-Elliott loss"));
        if (p.duplicate.isSet())
            //: Packets sent twice: "1 % duplicate".
            parts.append(tr("%1 duplicate").arg(TcSummary::percent(p.duplicate.probability)));
        if (p.corrupt.isSet())
            //: Packets with a flipped bit: "1 % corrupt".
            parts.append(tr("%1 corrupt").arg(TcSummary::percent(p.corrupt.probability)));
        if (p.reorder.isSet())
            //: Packets sent out of order: "25 % reorder".
            parts.append(tr("%1 reorder").arg(TcSummary::percent(p.reorder.probability)));
        if (p.rate.bytesPerSecond)
            parts.append(TcSummary::rate(p.rate.bytesPerSecond));
        if (p.slot.enabled)
            //: netem's slot option: packets leave in bursts, as on Wi-Fi.
            parts.append(tr("slotted"));
        if (p.ecn)
            parts.append(QStringLiteral("ECN"));
        if (parts.isEmpty())
            //: A netem that changes nothing.
            parts.append(tr("no impairment"));
        return QStringLiteral("netem ") + parts.join(QStringLiteral(", "));
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(NetemKind)

} // namespace qs
