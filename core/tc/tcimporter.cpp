#include "tcimporter.h"

#include "tcunits.h"

#include <algorithm>
#include <bit>

namespace qs {

/* TRANSLATOR qs::TcImporter

   Errors and warnings for tc commands pasted into Qdisc Studio, shown at the word they are about.
   Words of tc's command language (qdisc, class, filter, dev, parent, handle, classid, flowid, prio,
   the kinds netem, htb, u32, … and their options), the commands quoted in the messages, values in tc
   syntax (10mbit, 100ms, 1:10, 800::800) and the kernel's own messages in ("…"), with error names
   such as EINVAL or EBUSY, stay as they are: the user compares them with what tc prints.
*/

namespace {

/** iproute2's matches(): @p word is a non-empty prefix of @p keyword. */
bool matches(QStringView word, QStringView keyword)
{
    return !word.isEmpty() && keyword.startsWith(word);
}

/** Thrown inside one command's parse; the command is then reported and left out. */
struct Failure
{
    qsizetype index; ///< the word to point at
    QString message;
};

/** Walks the words of one command the way tc's argv loops do. */
class Cursor
{
public:
    explicit Cursor(const QList<TcWord> &words, qsizetype start = 0) : m_words(words), m_pos(start) {}

    bool atEnd() const { return m_pos >= m_words.size(); }
    qsizetype position() const { return m_pos; }
    QStringView peek() const { return atEnd() ? QStringView() : QStringView(m_words[m_pos].text); }
    QStringView peekAhead(qsizetype n) const
    {
        return m_pos + n < m_words.size() ? QStringView(m_words[m_pos + n].text) : QStringView();
    }
    QStringView next()
    {
        if (atEnd())
            fail(TcImporter::tr("the command ends too early"));
        return m_words[m_pos++].text;
    }
    /** tc's NEXT_ARG(): the value that must follow a keyword. */
    QStringView value(QStringView keyword)
    {
        if (atEnd())
            throw Failure{m_pos - 1, TcImporter::tr("\"%1\" needs a value after it").arg(keyword)};
        return m_words[m_pos++].text;
    }
    /** tc's NEXT_IS_NUMBER(). */
    bool nextIsNumber() const { return !atEnd() && TcUnits::startsWithDigit(peek()); }
    bool nextIsSignedNumber() const { return nextIsNumber() || (!atEnd() && peek().startsWith(u'-')); }

    const TcWord &word(qsizetype index) const { return m_words[std::clamp<qsizetype>(index, 0, m_words.size() - 1)]; }

    /** Fails at the word just read. */
    [[noreturn]] void fail(const QString &message) const { throw Failure{std::max<qsizetype>(0, m_pos - 1), message}; }
    [[noreturn]] void failAt(qsizetype index, const QString &message) const { throw Failure{index, message}; }

private:
    const QList<TcWord> &m_words;
    qsizetype m_pos;
};

template <typename T>
T require(Cursor &cursor, std::optional<T> parsed, const QString &what)
{
    if (!parsed)
        cursor.fail(what);
    return *parsed;
}

QString unsupported(QStringView option, QStringView kind)
{
    //: %1 is a kind (tbf, htb, htb class, sfq, …), %2 the option word from the script.
    return TcImporter::tr("%1 option \"%2\" is not supported by Qdisc Studio yet").arg(kind, option);
}

// --- value readers: tc's parser for each field, with a message naming the field ----------------

Probability readPercent(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parsePercent(word),
                   //: %1 names the value: a tc option (loss, reorder, …) or a label such as "delay correlation".
                   TcImporter::tr("%1 must be a percentage from 0 to 100, like 1% or 0.5%").arg(field));
}

/** parse_percent() without the scaling: what tc derives the loss-model defaults from. */
double readPercentFraction(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parsePercentFraction(word),
                   TcImporter::tr("%1 must be a percentage from 0 to 100, like 1% or 0.5%").arg(field));
}

quint64 readRate(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    if (word.contains(u'%'))
        c.fail(TcImporter::tr("a %1 in percent of the link speed depends on the device; give bits per second, like 10mbit").arg(field));
    return require(c, TcUnits::parseRate64(word),
                   TcImporter::tr("%1 must be a rate like 10mbit, 512kbit or 1gbit").arg(field));
}

quint32 readSize(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parseSize(word), TcImporter::tr("%1 must be a size like 1514, 32kb or 1mb").arg(field));
}

/** get_size_and_cell() without the "/cell" part, which only shapes the old rate tables. */
quint32 readSizeNoCell(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    if (word.contains(u'/'))
        c.fail(TcImporter::tr("the \"/cell\" suffix of %1 is not supported by Qdisc Studio yet").arg(field));
    return require(c, TcUnits::parseSize(word), TcImporter::tr("%1 must be a size like 1514, 32kb or 1mb").arg(field));
}

quint32 readTimeUs(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parseTimeUs(word), TcImporter::tr("%1 must be a time like 100ms, 1.5s or 500us").arg(field));
}

qint64 readTime64(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parseTime64Ns(word), TcImporter::tr("%1 must be a time like 100ms, 500us or 800ns").arg(field));
}

quint32 readU32(Cursor &c, QStringView field, int base)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parseU32(word, base),
                   base == 16 ? TcImporter::tr("%1 must be a hexadecimal number").arg(field)
                              : TcImporter::tr("%1 must be a whole number from 0 to 4294967295").arg(field));
}

/** netem's get_ticks(): microseconds that must fit the kernel's 32-bit tick field. */
quint64 readTicksUs(Cursor &c, QStringView field)
{
    const quint32 us = readTimeUs(c, field);
    if (us > NetemParams::MaxDelayUs)
        c.fail(TcImporter::tr("%1 %2 is too large; netem takes at most %3")
                   .arg(field, TcUnits::formatTimeUs(us), TcUnits::formatTimeUs(NetemParams::MaxDelayUs)));
    return us;
}

NetemDistribution readDistribution(Cursor &c)
{
    const QStringView word = c.value(u"distribution");
    const auto d = netemDistributionFromName(word);
    if (!d)
        c.fail(TcImporter::tr("unknown distribution; use uniform, normal, pareto or paretonormal"));
    return *d;
}

// --- qdisc kinds ----------------------------------------------------------------------------

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

NetemParams parseNetem(Cursor &c, NetemPresence *presence, QList<TcScriptError> *warnings)
{
    NetemParams p;
    bool lossSeen = false;
    Probability duplicateCorrelation;
    qsizetype duplicateCorrelationAt = -1;
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (matches(word, u"limit")) {
            p.limit = readSize(c, u"limit"); // tc reads the packet limit with get_size()
        } else if (matches(word, u"latency") || matches(word, u"delay")) {
            p.delayUs = readTicksUs(c, u"delay");
            if (c.nextIsNumber()) {
                p.jitterUs = readTicksUs(c, u"jitter");
                if (c.nextIsNumber()) {
                    presence->correlation = true;
                    //: Labels such as this one name a value of a netem option in other messages.
                    p.delayCorrelation = readPercent(c, TcImporter::tr("delay correlation"));
                }
            }
        } else if (matches(word, u"loss") || matches(word, u"drop")) {
            if (lossSeen)
                c.failAt(at, TcImporter::tr("loss is given twice"));
            lossSeen = true;
            const QStringView model = c.peek();
            if (TcUnits::startsWithDigit(model) || model == u"random") {
                if (model == u"random")
                    c.next();
                NetemRandomLoss loss;
                loss.probability = readPercent(c, u"loss");
                if (c.nextIsNumber()) {
                    presence->correlation = true;
                    loss.correlation = readPercent(c, TcImporter::tr("loss correlation"));
                }
                // "loss 0% 25%" is a real state (the kernel keeps the correlation); "loss 0%" is no loss.
                if (!loss.probability.isZero() || !loss.correlation.isZero())
                    p.loss = loss;
            } else if (model == u"state") {
                c.next();
                NetemStateLoss loss = NetemStateLoss::withDefaults(readPercentFraction(c, u"loss state p13"));
                Probability *rest[] = {&loss.p31, &loss.p32, &loss.p23, &loss.p14};
                const char16_t *names[] = {u"loss state p31", u"loss state p32", u"loss state p23", u"loss state p14"};
                for (int i = 0; i < 4 && c.nextIsNumber(); ++i)
                    *rest[i] = readPercent(c, QStringView(names[i]));
                p.loss = loss;
            } else if (model == u"gemodel") {
                c.next();
                NetemGilbertElliottLoss loss = NetemGilbertElliottLoss::withDefaults(readPercentFraction(c, u"loss gemodel p"));
                Probability *rest[] = {&loss.r, &loss.oneMinusH, &loss.oneMinusK};
                const char16_t *names[] = {u"loss gemodel r", u"loss gemodel 1-h", u"loss gemodel 1-k"};
                for (int i = 0; i < 3 && c.nextIsNumber(); ++i)
                    *rest[i] = readPercent(c, QStringView(names[i]));
                p.loss = loss;
            } else {
                c.next();
                c.fail(TcImporter::tr("unknown loss model; use a percentage, random, state or gemodel"));
            }
        } else if (matches(word, u"ecn")) {
            p.ecn = true;
            presence->ecn = true;
        } else if (matches(word, u"reorder")) {
            presence->reorder = true;
            p.reorder.probability = readPercent(c, u"reorder");
            if (c.nextIsNumber()) {
                presence->correlation = true;
                p.reorder.correlation = readPercent(c, TcImporter::tr("reorder correlation"));
            }
        } else if (matches(word, u"corrupt")) {
            presence->corrupt = true;
            p.corrupt.probability = readPercent(c, u"corrupt");
            if (c.nextIsNumber()) {
                presence->correlation = true;
                p.corrupt.correlation = readPercent(c, TcImporter::tr("corrupt correlation"));
            }
        } else if (matches(word, u"gap")) {
            p.gap = readU32(c, u"gap", 0);
        } else if (matches(word, u"duplicate")) {
            p.duplicate.probability = readPercent(c, u"duplicate");
            if (c.nextIsNumber()) {
                duplicateCorrelationAt = c.position();
                duplicateCorrelation = readPercent(c, TcImporter::tr("duplicate correlation"));
            }
        } else if (matches(word, u"distribution")) {
            p.distribution = readDistribution(c);
            presence->distribution = true;
        } else if (matches(word, u"rate")) {
            presence->rate = true;
            p.rate.bytesPerSecond = readRate(c, u"rate");
            if (c.nextIsSignedNumber()) {
                const QStringView v = c.next();
                p.rate.packetOverhead = require(c, TcUnits::parseS32(v, 0), TcImporter::tr("packet overhead must be a whole number of bytes"));
            }
            if (c.nextIsNumber())
                p.rate.cellSize = readU32(c, TcImporter::tr("cell size"), 0);
            if (c.nextIsSignedNumber()) {
                const QStringView v = c.next();
                p.rate.cellOverhead = require(c, TcUnits::parseS32(v, 0), TcImporter::tr("cell overhead must be a whole number of bytes"));
            }
        } else if (matches(word, u"slot")) {
            presence->slot = true;
            p.slot.enabled = true;
            if (c.nextIsNumber()) {
                p.slot.minDelayNs = readTime64(c, TcImporter::tr("slot minimum delay"));
                if (c.nextIsNumber()) {
                    p.slot.maxDelayNs = readTime64(c, TcImporter::tr("slot maximum delay"));
                    if (p.slot.maxDelayNs < p.slot.minDelayNs)
                        c.fail(TcImporter::tr("the slot maximum delay is below the minimum"));
                } else {
                    p.slot.maxDelayNs = p.slot.minDelayNs;
                }
            } else {
                const QStringView form = c.value(u"slot");
                if (form != u"distribution")
                    c.fail(TcImporter::tr("unknown slot parameter; use \"slot MIN [MAX]\" or \"slot distribution DIST DELAY JITTER\""));
                p.slot.distribution = readDistribution(c);
                p.slot.distDelayNs = readTime64(c, TcImporter::tr("slot delay"));
                p.slot.distJitterNs = readTime64(c, TcImporter::tr("slot jitter"));
                if (p.slot.distJitterNs <= 0)
                    c.fail(TcImporter::tr("the slot jitter must be above 0"));
            }
            if (!c.atEnd() && matches(c.peek(), u"packets")) {
                c.next();
                const QStringView v = c.value(u"packets");
                p.slot.maxPackets = require(c, TcUnits::parseS32(v, 0), TcImporter::tr("slot packets must be a whole number"));
            }
            if (!c.atEnd() && matches(c.peek(), u"bytes")) {
                c.next();
                p.slot.maxBytes = qint32(readSize(c, u"slot bytes"));
            }
        } else {
            c.failAt(at, TcImporter::tr("unknown netem option"));
        }
    }

    // A rate of 0 is no rate: overheads sent with it change nothing in the kernel.
    if (p.rate.bytesPerSecond == 0)
        p.rate = NetemRate{};

    // The checks tc makes before it sends anything.
    if (p.reorder.isSet()) {
        if (p.delayUs == 0)
            c.fail(TcImporter::tr("reordering is not possible without a delay"));
        if (p.gap == 0)
            p.gap = 1;
    } else if (p.gap > 0) {
        c.fail(TcImporter::tr("gap is given without a reorder probability"));
    }
    if (p.ecn && !p.hasLoss())
        c.fail(TcImporter::tr("ecn is given without a loss probability or loss model"));
    if (presence->distribution && (p.delayUs == 0 || p.jitterUs == 0))
        c.fail(TcImporter::tr("a distribution needs both a delay and a jitter"));

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
        const TcWord &word = c.word(duplicateCorrelationAt);
        warnings->append({word.line, word.column, word.text,
                          TcImporter::tr("this duplicate correlation is dropped: tc only sends it together "
                                         "with a delay, loss, reorder or corrupt correlation")});
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

TbfParams parseTbf(Cursor &c)
{
    TbfParams p;
    bool limitSeen = false;
    bool latencySeen = false;
    bool burstSeen = false;
    bool mtuSeen = false;
    bool rateSeen = false;
    bool peakSeen = false;
    const auto once = [&](bool &seen, qsizetype at, QStringView name) {
        if (seen)
            c.failAt(at, TcImporter::tr("%1 is given twice").arg(name));
        seen = true;
    };
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (matches(word, u"limit")) {
            once(limitSeen, at, u"limit");
            if (latencySeen)
                c.failAt(at, TcImporter::tr("give either limit or latency, not both"));
            p.limitMode = TbfParams::LimitMode::Bytes;
            p.limitBytes = readSize(c, u"limit");
        } else if (matches(word, u"latency")) {
            once(latencySeen, at, u"latency");
            if (limitSeen)
                c.failAt(at, TcImporter::tr("give either limit or latency, not both"));
            p.limitMode = TbfParams::LimitMode::Latency;
            p.latencyUs = readTimeUs(c, u"latency");
        } else if (matches(word, u"burst") || word == u"buffer" || word == u"maxburst") {
            once(burstSeen, at, u"burst");
            p.burstBytes = readSizeNoCell(c, u"burst");
        } else if (word == u"mtu" || word == u"minburst") {
            once(mtuSeen, at, u"mtu");
            p.mtu = readSizeNoCell(c, u"mtu");
        } else if (word == u"rate") {
            once(rateSeen, at, u"rate");
            p.rateBytesPerSecond = readRate(c, u"rate");
        } else if (matches(word, u"peakrate")) {
            once(peakSeen, at, u"peakrate");
            p.peakRateBytesPerSecond = readRate(c, u"peakrate");
        } else if (word == u"mpu" || matches(word, u"overhead") || matches(word, u"linklayer")) {
            c.failAt(at, unsupported(word, u"tbf"));
        } else {
            c.failAt(at, TcImporter::tr("unknown tbf option"));
        }
    }
    if (p.rateBytesPerSecond == 0)
        c.fail(TcImporter::tr("tbf needs a rate above 0"));
    if (p.burstBytes == 0)
        c.fail(TcImporter::tr("tbf needs a burst above 0"));
    if (p.peakRateBytesPerSecond != 0 && p.mtu == 0)
        c.fail(TcImporter::tr("a tbf peakrate needs an mtu"));
    if ((p.limitMode == TbfParams::LimitMode::Bytes && p.limitBytes == 0) ||
        (p.limitMode == TbfParams::LimitMode::Latency && p.latencyUs == 0))
        c.fail(TcImporter::tr("tbf needs a limit or a latency above 0"));
    return p;
}

HtbQdiscParams parseHtbQdisc(Cursor &c)
{
    HtbQdiscParams p;
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (matches(word, u"r2q"))
            p.r2q = readU32(c, u"r2q", 10);
        else if (matches(word, u"default"))
            p.defaultClass = readU32(c, u"default", 16);
        else if (matches(word, u"direct_qlen"))
            p.directQlen = readU32(c, u"direct_qlen", 10);
        else if (matches(word, u"debug") || matches(word, u"offload"))
            c.failAt(at, unsupported(word, u"htb"));
        else
            c.failAt(at, TcImporter::tr("unknown htb option"));
    }
    return p;
}

HtbClassParams parseHtbClass(Cursor &c)
{
    HtbClassParams p;
    bool ceilSeen = false;
    bool rateSeen = false;
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (matches(word, u"prio")) {
            p.prio = readU32(c, u"prio", 10);
        } else if (matches(word, u"mtu")) {
            p.mtu = readU32(c, u"mtu", 10);
        } else if (matches(word, u"overhead")) {
            const QStringView v = c.value(u"overhead");
            p.overhead = require(c, TcUnits::parseU16(v, 10), TcImporter::tr("overhead must be 0…65535 bytes"));
        } else if (matches(word, u"quantum")) {
            p.quantum = readU32(c, u"quantum", 10);
        } else if (matches(word, u"burst") || word == u"buffer" || word == u"maxburst") {
            p.burstBytes = readSizeNoCell(c, u"burst");
        } else if (matches(word, u"cburst") || word == u"cbuffer" || word == u"cmaxburst") {
            p.cburstBytes = readSizeNoCell(c, u"cburst");
        } else if (word == u"ceil") {
            if (ceilSeen)
                c.failAt(at, TcImporter::tr("ceil is given twice"));
            ceilSeen = true;
            p.ceilBytesPerSecond = readRate(c, u"ceil");
        } else if (word == u"rate") {
            if (rateSeen)
                c.failAt(at, TcImporter::tr("rate is given twice"));
            rateSeen = true;
            p.rateBytesPerSecond = readRate(c, u"rate");
        } else if (matches(word, u"mpu") || matches(word, u"linklayer")) {
            c.failAt(at, unsupported(word, u"htb class"));
        } else {
            c.failAt(at, TcImporter::tr("unknown htb class option"));
        }
    }
    if (p.rateBytesPerSecond == 0)
        c.fail(TcImporter::tr("an htb class needs a rate above 0"));
    // Spelled out the way tc fills it in, so "ceil = rate" round-trips as one form.
    if (p.ceilBytesPerSecond == 0)
        p.ceilBytesPerSecond = p.rateBytesPerSecond;
    return p;
}

SfqParams parseSfq(Cursor &c)
{
    SfqParams p;
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (word == u"quantum") {
            p.quantum = readSize(c, u"quantum");
        } else if (word == u"perturb") {
            const QStringView v = c.value(u"perturb");
            p.perturbSeconds = require(c, TcUnits::parseInteger(v, 0), TcImporter::tr("perturb must be a whole number of seconds"));
        } else if (word == u"limit") {
            p.limit = readU32(c, u"limit", 0);
            if (p.limit < 2)
                c.fail(TcImporter::tr("an sfq limit must be above 1"));
        } else if (word == u"divisor") {
            p.divisor = readU32(c, u"divisor", 0);
        } else if (word == u"flows") {
            p.flows = readU32(c, u"flows", 0);
        } else if (word == u"depth") {
            p.depth = readU32(c, u"depth", 0);
        } else if (word == u"headdrop") {
            p.headdrop = true;
        } else if (word == u"redflowlimit" || word == u"min" || word == u"max" || word == u"burst" ||
                   word == u"avpkt" || word == u"probability" || word == u"ecn" || word == u"harddrop") {
            c.failAt(at, unsupported(word, u"sfq"));
        } else {
            c.failAt(at, TcImporter::tr("unknown sfq option"));
        }
    }
    return p;
}

FqCodelParams parseFqCodel(Cursor &c)
{
    FqCodelParams p;
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (word == u"limit")
            p.limit = readU32(c, u"limit", 0);
        else if (word == u"flows")
            p.flows = readU32(c, u"flows", 0);
        else if (word == u"quantum")
            p.quantum = readU32(c, u"quantum", 0);
        else if (word == u"drop_batch")
            p.dropBatch = readU32(c, u"drop_batch", 0);
        else if (word == u"target")
            p.targetUs = readTimeUs(c, u"target");
        else if (word == u"ce_threshold")
            p.ceThresholdUs = readTimeUs(c, u"ce_threshold");
        else if (word == u"memory_limit")
            p.memoryLimit = readSize(c, u"memory_limit");
        else if (word == u"interval")
            p.intervalUs = readTimeUs(c, u"interval");
        else if (word == u"ecn")
            p.ecn = true;
        else if (word == u"noecn")
            p.ecn = false;
        else if (word == u"ce_threshold_selector")
            c.failAt(at, unsupported(word, u"fq_codel"));
        else
            c.failAt(at, TcImporter::tr("unknown fq_codel option"));
    }
    return p;
}

std::optional<quint32> parseFifoLimit(Cursor &c, QStringView kind)
{
    std::optional<quint32> limit;
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (word == u"limit")
            limit = readSize(c, u"limit");
        else
            //: %1 is pfifo or bfifo.
            c.failAt(at, TcImporter::tr("unknown %1 option").arg(kind));
    }
    return limit;
}

PrioParams parsePrio(Cursor &c)
{
    PrioParams p;
    bool mapping = false;
    int index = 0;
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (word == u"bands") {
            if (mapping)
                c.failAt(at, TcImporter::tr("bands must come before priomap"));
            const QStringView v = c.value(u"bands");
            p.bands = require(c, TcUnits::parseInteger(v, 10), TcImporter::tr("bands must be a whole number"));
        } else if (word == u"priomap") {
            if (mapping)
                c.failAt(at, TcImporter::tr("priomap is given twice"));
            mapping = true;
        } else if (word == u"multiqueue") {
            c.failAt(at, unsupported(word, u"prio"));
        } else if (mapping) {
            const auto band = TcUnits::parseU32(word, 10);
            if (!band)
                c.failAt(at, TcImporter::tr("a priomap entry must be a band number"));
            // tc compares unsigned ("band >= opt.bands"): 4294967295 must not wrap to -1.
            if (*band >= quint32(p.bands))
                c.failAt(at, TcImporter::tr("band %1 does not exist; there are %n bands", nullptr, p.bands).arg(*band));
            if (index >= int(p.priomap.size()))
                c.failAt(at, TcImporter::tr("the priomap has 16 entries at most"));
            p.priomap[size_t(index++)] = quint8(*band);
        } else {
            c.failAt(at, TcImporter::tr("unknown prio option"));
        }
    }
    if (p.bands < PrioParams::MinBands || p.bands > PrioParams::MaxBands)
        c.fail(TcImporter::tr("prio needs 2…16 bands, not %1").arg(p.bands));
    return p;
}

// --- u32 and mirred ---------------------------------------------------------------------------

/**
 * iproute2's get_addr_ipv4(): up to four parts separated by dots, each read with strtoul(…, 0)
 * (so "010" is octal 8 and "0x0a" is 10), each at most 255; the bytes not given are 0
 * ("10.1" is 10.1.0.0). "0x0a000001" is one part, above 255: refused as tc refuses it.
 */
std::optional<quint32> parseIpv4(QStringView text)
{
    const QList<QStringView> parts = text.split(u'.');
    if (parts.size() > 4)
        return std::nullopt;
    quint32 address = 0;
    int shift = 24;
    for (QStringView part : parts) {
        // strtoul() stops at the dot; a part it cannot read whole is "extra characters" for tc.
        const auto value = TcUnits::parseU32(part, 0);
        if (!value || *value > 255)
            return std::nullopt;
        address |= *value << shift;
        shift -= 8;
    }
    return address;
}

/** iproute2's get_netmask(): a prefix length (strtoul base 0, up to 32) or a contiguous dotted mask. */
std::optional<int> parsePrefixLength(QStringView text)
{
    if (const auto length = TcUnits::parseU32(text, 0))
        return *length <= 32 ? std::optional<int>(int(*length)) : std::nullopt;
    const auto mask = parseIpv4(text);
    if (!mask)
        return std::nullopt;
    const int ones = std::countl_one(*mask);
    if (ones < 32 && (*mask << ones) != 0)
        return std::nullopt; // mask2bits(): not contiguous
    return ones;
}

U32Match parseMatchWords(Cursor &c)
{
    const qsizetype start = c.position();
    const QStringView family = c.value(u"match");
    const auto readMasked = [&](U32Match::Field field, int offset, quint32 limit) {
        const QStringView valueWord = c.value(u"match");
        const auto value = TcUnits::parseU32(valueWord, 0);
        if (!value || *value > limit)
            c.fail(TcImporter::tr("the match value must be a number up to 0x%1").arg(limit, 0, 16));
        const QStringView maskWord = c.value(u"match");
        const auto mask = TcUnits::parseU32(maskWord, 16);
        if (!mask || *mask > limit)
            c.fail(TcImporter::tr("the match mask must be a hexadecimal number up to 0x%1").arg(limit, 0, 16));
        if (!c.atEnd() && c.peek() == u"at") {
            c.next();
            if (field != U32Match::Field::U32 && field != U32Match::Field::U16 && field != U32Match::Field::U8)
                c.fail(TcImporter::tr("\"at\" is only supported on u32, u16 and u8 matches"));
            const QStringView offWord = c.value(u"at");
            if (offWord.startsWith(u"nexthdr+"))
                c.fail(TcImporter::tr("nexthdr+ offsets are not supported by Qdisc Studio yet"));
            const auto off = TcUnits::parseInteger(offWord, 0);
            if (!off || *off < 0)
                c.fail(TcImporter::tr("the offset must be a whole number of bytes"));
            offset = *off;
        }
        if (field == U32Match::Field::U32 && offset % 4 != 0)
            c.fail(TcImporter::tr("a u32 match needs an offset that is a multiple of 4"));
        const bool raw = field == U32Match::Field::U32 || field == U32Match::Field::U16 || field == U32Match::Field::U8;
        return U32Match::masked(field, *value, *mask, raw ? offset : 0);
    };

    if (matches(family, u"u32"))
        return readMasked(U32Match::Field::U32, 0, 0xFFFFFFFFu);
    if (matches(family, u"u16"))
        return readMasked(U32Match::Field::U16, 0, 0xFFFFu);
    if (matches(family, u"u8"))
        return readMasked(U32Match::Field::U8, 0, 0xFFu);
    if (matches(family, u"ip") && family != u"ip6") {
        const QStringView field = c.value(u"match ip");
        if (field == u"src" || field == u"dst") {
            const QStringView text = c.value(u"match ip");
            // get_prefix_1(): the address, then an optional "/PREFIX".
            const qsizetype slash = text.indexOf(u'/');
            const QStringView addressText = slash >= 0 ? text.left(slash) : text;
            int prefix = 32;
            quint32 address = 0;
            if (addressText == u"any" || addressText == u"all" || addressText == u"default") {
                // Already a prefix of its own (bitlen -2): tc refuses another one after it.
                if (slash >= 0)
                    c.fail(TcImporter::tr("\"%1\" takes no prefix length; write \"%1\" alone or 0.0.0.0/0").arg(addressText));
                prefix = 0;
            } else {
                address = require(c, parseIpv4(addressText), TcImporter::tr("not an IPv4 address; write it like 198.18.0.1/32"));
            }
            if (slash >= 0)
                prefix = require(c, parsePrefixLength(text.mid(slash + 1)),
                                 TcImporter::tr("the prefix length must be 0…32 or a contiguous mask like 255.255.0.0"));
            if (!c.atEnd() && c.peek() == u"at")
                c.failAt(c.position(), TcImporter::tr("\"at\" is only supported on u32, u16 and u8 matches"));
            return U32Match::ipAddress(field == u"src" ? U32Match::Field::IpSrc : U32Match::Field::IpDst, address, prefix);
        }
        if (field == u"tos" || matches(field, u"dsfield") || matches(field, u"precedence"))
            return readMasked(U32Match::Field::IpTos, 1, 0xFF);
        if (field == u"protocol")
            return readMasked(U32Match::Field::IpProtocol, 9, 0xFF);
        if (field == u"sport")
            return readMasked(U32Match::Field::IpSport, 20, 0xFFFF);
        if (field == u"dport")
            return readMasked(U32Match::Field::IpDport, 22, 0xFFFF);
        c.fail(TcImporter::tr("this ip match is not supported by Qdisc Studio yet; use src, dst, protocol, "
                              "tos, dsfield, sport or dport, or a raw u32/u16/u8 match"));
    }
    c.failAt(start, TcImporter::tr("this match is not supported by Qdisc Studio yet; use ip, u32, u16 or u8"));
}

MirredAction parseActionWords(Cursor &c)
{
    const qsizetype start = c.position();
    const QStringView kind = c.value(u"action");
    if (!matches(kind, u"mirred"))
        c.failAt(start, TcImporter::tr("only the mirred action is supported by Qdisc Studio yet"));
    MirredAction action;
    const QStringView direction = c.value(u"mirred");
    if (matches(direction, u"egress"))
        action.direction = MirredAction::Direction::Egress;
    else if (matches(direction, u"ingress"))
        action.direction = MirredAction::Direction::Ingress;
    else
        c.fail(TcImporter::tr("mirred needs a direction: egress or ingress"));
    const QStringView mode = c.value(u"mirred");
    if (matches(mode, u"redirect"))
        action.mode = MirredAction::Mode::Redirect;
    else if (matches(mode, u"mirror"))
        action.mode = MirredAction::Mode::Mirror;
    else
        c.fail(TcImporter::tr("mirred needs redirect or mirror"));
    const QStringView devWord = c.value(u"mirred");
    if (!matches(devWord, u"dev"))
        c.fail(TcImporter::tr("mirred needs \"dev NAME\""));
    action.device = c.value(u"dev").toString();
    if (!isValidDeviceName(action.device))
        c.fail(TcImporter::tr("not a valid interface name"));
    return action;
}

// --- the commands -----------------------------------------------------------------------------

class Importer
{
public:
    TcImportResult run(QStringView script)
    {
        const QList<TcCommand> commands = TcTokenizer::split(script, &m_result.errors);
        for (const TcCommand &command : commands) {
            try {
                runCommand(command.words);
            } catch (const Failure &failure) {
                const TcWord &word = command.words[std::clamp<qsizetype>(failure.index, 0, command.words.size() - 1)];
                m_result.errors.append({word.line, word.column, word.text, failure.message});
            }
        }
        // Errors in the order they stand in the script, tokenizer and parser findings merged.
        std::stable_sort(m_result.errors.begin(), m_result.errors.end(), [](const TcScriptError &a, const TcScriptError &b) {
            return a.line != b.line ? a.line < b.line : a.column < b.column;
        });
        return m_result;
    }

    QList<TcScriptError> warnings;

private:
    void warn(const Cursor &c, qsizetype index, const QString &message)
    {
        const TcWord &word = c.word(index);
        warnings.append({word.line, word.column, word.text, message});
    }

    void runCommand(const QList<TcWord> &words)
    {
        Cursor c(words);
        QStringView program = c.next();
        if (program == u"sudo")
            program = skipSudoOptions(c);
        const QStringView base = program.mid(program.lastIndexOf(u'/') + 1);
        if (base == u"tc")
            runTc(c);
        else if (base == u"ip")
            runIp(c);
        else if (base == u"modprobe")
            runModprobe(c);
        else
            c.fail(TcImporter::tr("not a tc command"));
    }

    /** Steps over sudo's options, the values of those that take one included; returns the program word. */
    static QStringView skipSudoOptions(Cursor &c)
    {
        // sudo's options with an argument: -u user, -g group, -h host, -p prompt, -C fd,
        // -D directory, -r role, -t type, -U user, -T timeout, -a type, -c class, -R directory
        // (sudo 1.9's "a:C:c:D:g:h::p:R:r:T:t:U:u:"; it takes "-h HOST" as a host too).
        static constexpr QStringView shortWithValue = u"ughpCDrtUTacR";
        static const QStringView longWithValue[] = {u"--user",   u"--group",      u"--host",       u"--prompt",
                                                    u"--close-from", u"--chdir",  u"--role",       u"--type",
                                                    u"--other-user", u"--command-timeout", u"--auth-type",
                                                    u"--login-class", u"--chroot"};
        while (!c.atEnd() && c.peek().startsWith(u'-')) {
            const QStringView option = c.next();
            if (option == u"--")
                break;
            if (option.startsWith(u"--")) {
                if (!option.contains(u'=') && std::find(std::begin(longWithValue), std::end(longWithValue), option) !=
                                                  std::end(longWithValue))
                    c.value(option);
                continue;
            }
            // A cluster like "-Eu root" or "-uroot": the first option taking a value takes the
            // rest of the word, or the next word when it ends the cluster.
            for (qsizetype i = 1; i < option.size(); ++i) {
                if (shortWithValue.contains(option[i])) {
                    if (i == option.size() - 1)
                        c.value(option);
                    break;
                }
            }
        }
        return c.next();
    }

    void runModprobe(Cursor &c)
    {
        const QStringView module = c.value(u"modprobe");
        if (module != u"ifb")
            c.fail(TcImporter::tr("only \"modprobe ifb\" is understood; other modules load by themselves"));
        while (!c.atEnd()) {
            const QStringView option = c.next();
            if (!option.startsWith(u"numifbs="))
                c.fail(TcImporter::tr("unknown ifb module option"));
        }
    }

    /** The ip commands of the ingress recipe: create the ifb and bring it up. */
    void runIp(Cursor &c)
    {
        QString netns;
        while (!c.atEnd() && c.peek().startsWith(u'-')) {
            const QStringView option = c.next();
            if (option == u"-n" || matches(option, u"-netns"))
                netns = c.value(option).toString();
            else
                c.fail(TcImporter::tr("unknown ip option"));
        }
        const QStringView object = c.value(u"ip");
        if (!matches(object, u"link"))
            c.fail(TcImporter::tr("only \"ip link add NAME type ifb\" and \"ip link set dev NAME up\" are understood"));
        const QStringView verb = c.value(u"ip link");
        if (matches(verb, u"add")) {
            QString name;
            if (!c.atEnd() && (c.peek() == u"dev" || c.peek() == u"name"))
                c.next();
            name = c.value(u"add").toString();
            if (!isValidDeviceName(name))
                c.fail(TcImporter::tr("not a valid interface name"));
            const QStringView typeWord = c.value(u"ip link add");
            if (typeWord != u"type")
                c.fail(TcImporter::tr("expected \"type ifb\""));
            const QStringView type = c.value(u"type");
            if (type != u"ifb")
                c.fail(TcImporter::tr("only ifb devices are created by Qdisc Studio"));
            if (!c.atEnd())
                c.failAt(c.position(), TcImporter::tr("unexpected word after \"type ifb\""));
            treeFor(netns, name).isIfb = true;
        } else if (matches(verb, u"set")) {
            if (!c.atEnd() && c.peek() == u"dev")
                c.next();
            const QString name = c.value(u"set").toString();
            const QStringView state = c.value(u"ip link set");
            if (state != u"up")
                c.fail(TcImporter::tr("only \"ip link set dev NAME up\" is understood"));
            if (!c.atEnd())
                c.failAt(c.position(), TcImporter::tr("unexpected word after \"up\""));
            QdiscTree *tree = findTree(netns, name);
            if (!tree || !tree->isIfb)
                c.fail(TcImporter::tr("only an ifb device created above can be brought up here"));
        } else {
            c.fail(TcImporter::tr("only \"ip link add\" and \"ip link set\" are understood"));
        }
    }

    void runTc(Cursor &c)
    {
        QString netns;
        while (!c.atEnd() && c.peek().startsWith(u'-')) {
            const qsizetype at = c.position();
            const QStringView option = c.next();
            if (option == u"-n" || matches(option, u"-netns")) {
                netns = c.value(option).toString();
                if (!isValidNetnsName(netns))
                    c.fail(TcImporter::tr("not a valid namespace name"));
            } else if (matches(option, u"-stats") || matches(option, u"-statistics") || matches(option, u"-details") ||
                       matches(option, u"-raw") || matches(option, u"-pretty") || matches(option, u"-iec") ||
                       matches(option, u"-json")) {
                // Output options: they change nothing in the tree.
            } else if (matches(option, u"-batch")) {
                c.failAt(at, TcImporter::tr("paste the batch file's lines themselves"));
            } else {
                c.failAt(at, TcImporter::tr("unknown tc option"));
            }
        }
        const qsizetype objectAt = c.position();
        const QStringView object = c.value(u"tc");
        if (matches(object, u"qdisc"))
            runQdisc(c, netns);
        else if (matches(object, u"class"))
            runClass(c, netns);
        else if (matches(object, u"filter"))
            runFilter(c, netns);
        else
            c.failAt(objectAt, TcImporter::tr("expected qdisc, class or filter"));
    }

    enum class Verb { Add, Change, Replace, Delete, Show };

    Verb readVerb(Cursor &c)
    {
        const QStringView verb = c.value(u"tc");
        if (matches(verb, u"add"))
            return Verb::Add;
        if (matches(verb, u"change"))
            return Verb::Change;
        if (matches(verb, u"replace"))
            return Verb::Replace;
        if (matches(verb, u"delete"))
            return Verb::Delete;
        if (matches(verb, u"list") || matches(verb, u"show") || matches(verb, u"lst"))
            return Verb::Show;
        c.fail(TcImporter::tr("expected add, change, replace or del"));
    }

    QString readDevice(Cursor &c, const QString &current)
    {
        if (!current.isEmpty())
            c.fail(TcImporter::tr("dev is given twice"));
        const QString name = c.value(u"dev").toString();
        if (!isValidDeviceName(name))
            c.fail(TcImporter::tr("not a valid interface name"));
        return name;
    }

    void runQdisc(Cursor &c, const QString &netns)
    {
        const qsizetype verbAt = c.position();
        const Verb verb = readVerb(c);
        if (verb == Verb::Show)
            return; // reading the state changes nothing
        QString device;
        TcHandle handle;
        std::optional<TcHandle> parent;
        std::optional<QdiscKind> kind;
        qsizetype kindAt = -1;
        qsizetype parentAt = verbAt;
        const auto setParent = [&](TcHandle value, QStringView name) {
            if (parent)
                //: %1 is the word that names it: root, ingress, clsact or parent.
                c.fail(TcImporter::tr("a second parent (%1) is given").arg(name));
            parent = value;
            parentAt = c.position() - 1;
        };
        while (!c.atEnd() && !kind) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"dev") {
                device = readDevice(c, device);
            } else if (word == u"handle") {
                const QStringView v = c.value(u"handle");
                handle = require(c, TcHandle::parseQdiscHandle(v), TcImporter::tr("not a qdisc handle; write it like 1: or 10:"));
            } else if (word == u"root") {
                setParent(TcHandle::root(), u"root");
            } else if (word == u"ingress" || word == u"clsact") {
                setParent(TcHandle::ingressParent(), word);
                handle = TcHandle::ingressHandle();
                kind = word == u"ingress" ? QdiscKind::Ingress : QdiscKind::Clsact;
                kindAt = at;
            } else if (word == u"parent") {
                const QStringView v = c.value(u"parent");
                setParent(require(c, TcHandle::parseClassId(v), TcImporter::tr("not a parent id; write it like root, 1:1 or 1:10")), u"parent");
            } else if (matches(word, u"estimator") || matches(word, u"stab") || matches(word, u"ingress_block") ||
                       matches(word, u"egress_block")) {
                c.failAt(at, TcImporter::tr("\"%1\" is not supported by Qdisc Studio yet").arg(word));
            } else {
                kind = qdiscKindFromName(word);
                kindAt = at;
                if (!kind)
                    c.failAt(at, TcImporter::tr("unknown qdisc kind; Qdisc Studio knows netem, tbf, htb, sfq, "
                                                "fq_codel, pfifo, bfifo, prio, ingress and clsact"));
            }
        }
        if (device.isEmpty())
            c.failAt(verbAt, TcImporter::tr("no device: add \"dev NAME\""));
        if (!parent) {
            // tc sends parent 0; the kernel then goes by the handle, and only to change.
            if (verb == Verb::Delete)
                c.failAt(verbAt, TcImporter::tr("no parent: the kernel deletes a qdisc only where it hangs (\"Classid "
                                                "cannot be zero\"); add \"root\", \"ingress\" or \"parent ID\""));
            if (handle.isUnspec())
                c.failAt(verbAt, TcImporter::tr("no parent and no handle: add \"root\", \"ingress\" or \"parent ID\" "
                                                "(the kernel refuses: \"Handle cannot be zero\")"));
            if (verb == Verb::Add)
                c.failAt(verbAt, TcImporter::tr("no parent: without one the kernel only changes an existing qdisc "
                                                "(\"Exclusivity flag on, cannot modify\"); add \"root\", \"ingress\" or \"parent ID\""));
        }
        if (kind && (kind == QdiscKind::Ingress || kind == QdiscKind::Clsact) && !parent->isIngressParent())
            //: %1 is ingress or clsact, %2 a device; the quoted command stays as it is.
            c.failAt(kindAt, TcImporter::tr("%1 hangs at the ingress hook; write \"tc qdisc add dev %2 %1\"")
                                 .arg(qdiscKindName(*kind), device));

        QdiscTree &tree = treeFor(netns, device);
        if (verb == Verb::Delete) {
            // Options after the kind name are ignored by the kernel on delete.
            while (!c.atEnd())
                c.next();
            deleteQdisc(c, tree, *parent, handle, kind, verbAt);
            return;
        }
        if (!kind)
            c.failAt(verbAt, TcImporter::tr("no qdisc kind given"));

        NetemPresence presence;
        bool optionsSent = true;
        QdiscNode node;
        node.handle = handle;
        node.params = parseKind(c, *kind, &presence, &optionsSent);

        if (!parent) {
            // change / replace by handle alone: tc_modify_qdisc() looks the qdisc up by it.
            const QdiscNode *byHandle = tree.qdisc(handle);
            if (!byHandle)
                c.failAt(verbAt, TcImporter::tr("there is no qdisc %1 on %2 to change (the kernel refuses: \"Specified "
                                                "qdisc not found\")")
                                     .arg(handle.toString(), tree.target()));
            node.parent = byHandle->parent;
            changeQdisc(c, tree, *byHandle, node, presence, optionsSent, verbAt);
            return;
        }
        node.parent = *parent;

        const QdiscNode *existing = tree.qdiscAt(*parent);
        //: A place: %1 a parent (root, ingress, 1:10), %2 a device (eth0, lab/veth1).
        const QString where = TcImporter::tr("%1 of %2").arg(parent->toString(), tree.target());
        switch (verb) {
        case Verb::Add:
            if (existing)
                c.failAt(verbAt, TcImporter::tr("a qdisc already hangs at %1 (the kernel refuses: exclusivity flag "
                                                "on); use replace or change, or delete it first").arg(where));
            insertQdisc(c, tree, node, verbAt, parentAt);
            break;
        case Verb::Change:
            if (!existing) {
                warn(c, verbAt, TcImporter::tr("nothing to change at %1; read as add").arg(where));
                insertQdisc(c, tree, node, verbAt, parentAt);
                break;
            }
            if (!node.handle.isUnspec() && node.handle != existing->handle)
                c.failAt(verbAt, TcImporter::tr("the qdisc at %1 has handle %2, not %3; change cannot swap it (the kernel "
                                                "refuses: \"NLM_F_REPLACE needed to override\"): use replace")
                                     .arg(where, existing->handle.toString(), node.handle.toString()));
            changeQdisc(c, tree, *existing, node, presence, optionsSent, verbAt);
            break;
        case Verb::Replace:
            // tc_modify_qdisc(): the same handle (or none, with the same kind) is a change in
            // place; another handle or, without one, another kind grafts a new qdisc.
            if (existing && (node.handle.isUnspec() ? existing->kind() == node.kind() : node.handle == existing->handle)) {
                changeQdisc(c, tree, *existing, node, presence, optionsSent, verbAt);
            } else {
                if (const QdiscNode *elsewhere = tree.qdisc(node.handle); elsewhere && existing != elsewhere)
                    c.failAt(verbAt, TcImporter::tr("handle %1 is already used at %2 on %3; the kernel would move that "
                                                    "qdisc here, which Qdisc Studio does not model: delete it first or "
                                                    "pick another handle")
                                         .arg(node.handle.toString(), elsewhere->parent.toString(), tree.target()));
                checkGraft(c, tree, node, parentAt);
                tree.removeQdiscAt(*parent);
                insertQdisc(c, tree, node, verbAt, parentAt);
            }
            break;
        case Verb::Delete:
        case Verb::Show:
            break;
        }
    }

    QdiscParams parseKind(Cursor &c, QdiscKind kind, NetemPresence *presence, bool *optionsSent)
    {
        switch (kind) {
        case QdiscKind::Netem:
            return parseNetem(c, presence, &warnings);
        case QdiscKind::Tbf:
            return parseTbf(c);
        case QdiscKind::Htb:
            return parseHtbQdisc(c);
        case QdiscKind::Sfq:
            // tc sends TCA_OPTIONS for sfq only when an option is given.
            *optionsSent = !c.atEnd();
            return parseSfq(c);
        case QdiscKind::FqCodel:
            return parseFqCodel(c);
        case QdiscKind::Pfifo:
            *optionsSent = !c.atEnd();
            return PfifoParams{parseFifoLimit(c, u"pfifo")};
        case QdiscKind::Bfifo:
            *optionsSent = !c.atEnd();
            return BfifoParams{parseFifoLimit(c, u"bfifo")};
        case QdiscKind::Prio:
            return parsePrio(c);
        case QdiscKind::Foreign: // qdiscKindFromName() never names it
        case QdiscKind::Ingress:
        case QdiscKind::Clsact:
            if (!c.atEnd())
                //: %1 is ingress or clsact.
                c.failAt(c.position(), TcImporter::tr("%1 takes no options").arg(qdiscKindName(kind)));
            *optionsSent = false;
            return defaultQdiscParams(kind);
        }
        return {};
    }

    /** What qdisc_graft() checks about the place a new qdisc goes to. */
    void checkGraft(Cursor &c, const QdiscTree &tree, const QdiscNode &node, qsizetype parentAt)
    {
        if (node.parent.isRoot() || node.parent.isIngressParent())
            return;
        // The kernel looks the parent up when the qdisc is created: it must exist by then.
        const QdiscNode *owner = tree.qdisc(node.parent.qdiscPart());
        if (!owner)
            c.failAt(parentAt, TcImporter::tr("there is no qdisc %1 on %2 for parent %3 (the kernel refuses: \"Failed "
                                              "to find specified qdisc\"); create the parent first")
                                   .arg(node.parent.qdiscPart().toString(), tree.target(), node.parent.toString()));
        if (owner->kind() != QdiscKind::Htb)
            return;
        if (!tree.findClass(node.parent))
            c.failAt(parentAt, TcImporter::tr("there is no class %1 on %2 (the kernel refuses: \"Specified class not "
                                              "found\"); create the class first")
                                   .arg(node.parent.toString(), tree.target()));
        const bool inner = std::any_of(tree.classes.begin(), tree.classes.end(),
                                       [&](const ClassNode &k) { return k.parent == node.parent; });
        if (inner)
            c.failAt(parentAt, TcImporter::tr("class %1 has child classes: htb grafts a qdisc only onto a leaf class "
                                              "(the kernel refuses with EINVAL); attach it to a leaf class")
                                   .arg(node.parent.toString()));
    }

    void insertQdisc(Cursor &c, QdiscTree &tree, const QdiscNode &node, qsizetype verbAt, qsizetype parentAt)
    {
        checkGraft(c, tree, node, parentAt);
        if (tree.qdisc(node.handle))
            c.failAt(verbAt, TcImporter::tr("handle %1 is already used on %2").arg(node.handle.toString(), tree.target()));
        tree.qdiscs.append(node);
    }

    void changeQdisc(Cursor &c, QdiscTree &tree, const QdiscNode &existing, QdiscNode next,
                     const NetemPresence &presence, bool optionsSent, qsizetype verbAt)
    {
        //: %1 is a parent: root, ingress, 1:10.
        const QString where = TcImporter::tr("the qdisc at %1").arg(existing.parent.toString());
        if (existing.kind() != next.kind())
            //: %1 is "the qdisc at …", %2 and %3 qdisc kinds (netem, tbf, …).
            c.failAt(verbAt, TcImporter::tr("%1 is %2, not %3: the kernel changes a qdisc only in its own kind (\"Invalid "
                                            "qdisc name\"); replace it without a handle or with a new one, or delete it "
                                            "first")
                                 .arg(where, existing.kindName(), qdiscKindName(next.kind())));
        if (!next.handle.isUnspec() && next.handle != existing.handle)
            c.failAt(verbAt, TcImporter::tr("%1 has handle %2, not %3")
                                 .arg(where, existing.handle.toString(), next.handle.toString()));
        // qdisc_change() refuses options a kind without a change operation is sent.
        const auto noChangeOperation = [&](QStringView kind) {
            //: %1 is a qdisc kind (sfq).
            c.failAt(verbAt, TcImporter::tr("%1 has no change operation (the kernel refuses: \"Change operation not "
                                            "supported by specified qdisc\"); delete it and add it again, or replace it "
                                            "with a new handle")
                                 .arg(kind));
        };
        switch (next.kind()) {
        case QdiscKind::Htb:
            c.failAt(verbAt, TcImporter::tr("htb has no change operation (the kernel refuses: \"Change operation not "
                                            "supported by specified qdisc\"); delete it and add it again, or replace it "
                                            "with a new handle (its classes and filters are then rebuilt)"));
        case QdiscKind::Sfq:
            if (optionsSent)
                noChangeOperation(u"sfq");
            return; // no options sent: nothing changes
        case QdiscKind::Netem:
            next.params = mergeNetemChange(std::get<NetemParams>(existing.params), std::get<NetemParams>(next.params), presence);
            break;
        case QdiscKind::FqCodel: {
            const auto &wanted = std::get<FqCodelParams>(next.params);
            // fq_codel_change() refuses TCA_FQ_CODEL_FLOWS once the flow table exists, even the same number.
            if (wanted.flows != 0)
                c.failAt(verbAt, TcImporter::tr("fq_codel fixes its flows when it is created: the kernel refuses a change "
                                                "that sends flows (EINVAL), even the number it has; leave flows out, or "
                                                "delete it and add it again"));
            next.params = wanted.appliedOnto(std::get<FqCodelParams>(existing.params));
            break;
        }
        default:
            if (!optionsSent)
                return; // pfifo/bfifo without a limit, ingress, clsact: no TCA_OPTIONS, nothing changes
            break;
        }
        const qsizetype index = &existing - std::as_const(tree.qdiscs).constData();
        const QdiscNode changed{existing.handle, existing.parent, next.params};
        if (const auto *prio = std::get_if<PrioParams>(&changed.params); prio && !changed.handle.isUnspec()) {
            // prio_tune(): the qdiscs of bands that are gone are destroyed.
            const int oldBands = std::get<PrioParams>(existing.params).bands;
            tree.qdiscs[index] = changed;
            for (int band = prio->bands + 1; band <= oldBands; ++band)
                tree.removeQdiscAt(TcHandle::make(changed.handle.major(), quint16(band)));
            return;
        }
        tree.qdiscs[index] = changed;
    }

    void deleteQdisc(Cursor &c, QdiscTree &tree, TcHandle parent, TcHandle handle,
                     std::optional<QdiscKind> kind, qsizetype verbAt)
    {
        const QdiscNode *node = tree.qdiscAt(parent);
        // tc_get_qdisc(): the qdisc found at the parent must carry the handle given, if one is.
        if (node && !handle.isUnspec() && node->handle != handle)
            c.failAt(verbAt, TcImporter::tr("the qdisc at %1 has handle %2, not %3 (the kernel refuses: \"Invalid handle\")")
                                 .arg(parent.toString(), node->handle.toString(), handle.toString()));
        if (node && kind && node->kind() != *kind)
            c.failAt(verbAt, TcImporter::tr("the qdisc at %1 is %2, not %3 (the kernel refuses: \"Invalid qdisc name\")")
                                 .arg(parent.toString(), node->kindName(), qdiscKindName(*kind)));
        // Deleting what is not there is the usual "start clean" line of a script: the result
        // is the same empty tree, so it is not an error here.
        tree.removeQdiscAt(parent);
    }

    void runClass(Cursor &c, const QString &netns)
    {
        const qsizetype verbAt = c.position();
        const Verb verb = readVerb(c);
        if (verb == Verb::Show)
            return;
        QString device;
        std::optional<TcHandle> parent;
        std::optional<TcHandle> classId;
        bool kindSeen = false;
        while (!c.atEnd() && !kindSeen) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"dev") {
                device = readDevice(c, device);
            } else if (word == u"classid") {
                const QStringView v = c.value(u"classid");
                classId = require(c, TcHandle::parseClassId(v), TcImporter::tr("not a class id; write it like 1:10"));
            } else if (word == u"parent") {
                if (parent)
                    c.failAt(at, TcImporter::tr("parent is given twice"));
                const QStringView v = c.value(u"parent");
                parent = require(c, TcHandle::parseClassId(v), TcImporter::tr("not a parent id; write it like 1: or 1:1"));
            } else if (word == u"root" || word == u"handle" || matches(word, u"estimator")) {
                c.failAt(at, TcImporter::tr("\"%1\" is not supported for classes by Qdisc Studio yet").arg(word));
            } else if (word == u"htb") {
                kindSeen = true;
            } else {
                c.failAt(at, TcImporter::tr("unknown class kind; Qdisc Studio edits htb classes"));
            }
        }
        if (device.isEmpty())
            c.failAt(verbAt, TcImporter::tr("no device: add \"dev NAME\""));
        if (!classId)
            c.failAt(verbAt, TcImporter::tr("no classid: add \"classid MAJOR:MINOR\""));
        QdiscTree &tree = treeFor(netns, device);
        if (verb == Verb::Delete) {
            while (!c.atEnd())
                c.next();
            if (!tree.findClass(*classId))
                c.failAt(verbAt, TcImporter::tr("there is no class %1 on %2").arg(classId->toString(), tree.target()));
            // htb_delete(): a class with children, or one a filter of this htb points at, is busy.
            for (const ClassNode &child : tree.classes) {
                if (child.parent == *classId)
                    c.failAt(verbAt, TcImporter::tr("class %1 has child classes (%2); the kernel refuses to delete it "
                                                    "(\"HTB class in use\", EBUSY): delete the children first")
                                         .arg(classId->toString(), child.classId.toString()));
            }
            const QdiscNode *htb = tree.qdisc(classId->qdiscPart());
            for (const U32Filter &f : tree.filters) {
                if (f.flowId == *classId && htb && tree.filterOwner(f.parent) == htb)
                    c.failAt(verbAt, TcImporter::tr("the filter at %1 prio %2 sends traffic to class %3; the kernel refuses "
                                                    "to delete a class in use (\"HTB class in use\", EBUSY): delete the "
                                                    "filter first")
                                         .arg(f.parent.toString())
                                         .arg(f.prio)
                                         .arg(classId->toString()));
            }
            tree.removeSubtree(*classId);
            return;
        }
        if (!kindSeen)
            c.failAt(verbAt, TcImporter::tr("no class kind: add \"htb rate …\""));
        ClassNode node;
        node.classId = *classId;
        node.params = parseHtbClass(c);
        ClassNode *existing = tree.findClass(*classId);
        if (parent)
            node.parent = *parent;
        else if (existing)
            node.parent = existing->parent;
        else
            c.failAt(verbAt, TcImporter::tr("no parent: add \"parent 1:\" or \"parent 1:1\""));
        if (existing && parent && existing->parent != *parent)
            c.failAt(verbAt, TcImporter::tr("class %1 hangs at %2, not %3; the kernel cannot move a class")
                                 .arg(classId->toString(), existing->parent.toString(), parent->toString()));
        const QdiscNode *owner = tree.qdisc(classId->qdiscPart());
        if (!owner || owner->kind() != QdiscKind::Htb)
            c.failAt(verbAt, TcImporter::tr("there is no htb qdisc %1 on %2 for this class")
                                 .arg(classId->qdiscPart().toString(), tree.target()));
        if (verb == Verb::Add && existing)
            c.failAt(verbAt, TcImporter::tr("class %1 already exists; use change or replace").arg(classId->toString()));
        if (node.parent.major() != classId->major() || (node.parent.minor() != 0 && !tree.findClass(node.parent)))
            c.failAt(verbAt, TcImporter::tr("there is no parent %1 for class %2 on %3 (the kernel refuses: create "
                                            "the parent first)")
                                 .arg(node.parent.toString(), classId->toString(), tree.target()));
        if (existing) {
            existing->params = node.params;
        } else {
            if (verb == Verb::Change)
                warn(c, verbAt, TcImporter::tr("there is no class %1 to change on %2; read as add")
                                    .arg(classId->toString(), tree.target()));
            // htb_change_class(): a leaf that gets a child becomes an inner class, and the
            // qdisc hanging at it is destroyed with its subtree.
            if (node.parent.minor() != 0) {
                if (const QdiscNode *leafQdisc = tree.qdiscAt(node.parent)) {
                    warn(c, verbAt, TcImporter::tr("class %1 gets a child class: the kernel turns it into an inner class "
                                                   "and destroys the %2 qdisc %3 hanging at it")
                                        .arg(node.parent.toString(), leafQdisc->kindName(), leafQdisc->handle.toString()));
                    tree.removeQdiscAt(node.parent);
                }
            }
            tree.classes.append(node);
        }
    }

    void runFilter(Cursor &c, const QString &netns)
    {
        const qsizetype verbAt = c.position();
        const Verb verb = readVerb(c);
        if (verb == Verb::Show)
            return;
        QString device;
        U32Filter filter;
        bool parentSeen = false;
        bool prioSeen = false;
        bool protocolSeen = false;
        QString handleText;
        qsizetype handleAt = -1;
        bool kindSeen = false;
        const auto setParent = [&](TcHandle parent) {
            if (parentSeen)
                c.fail(TcImporter::tr("parent is given twice"));
            parentSeen = true;
            filter.parent = parent;
        };
        while (!c.atEnd() && !kindSeen) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"dev") {
                device = readDevice(c, device);
            } else if (word == u"root") {
                c.failAt(at, TcImporter::tr("give the qdisc the filter attaches to: \"parent 1:\""));
            } else if (word == u"ingress") {
                setParent(TcHandle(0xFFFFFFF2u));
            } else if (word == u"egress") {
                setParent(TcHandle(0xFFFFFFF3u));
            } else if (word == u"parent") {
                const QStringView v = c.value(u"parent");
                setParent(require(c, TcHandle::parseClassId(v), TcImporter::tr("not a parent id; write it like 1: or ffff:")));
            } else if (word == u"handle") {
                handleAt = c.position();
                handleText = c.value(u"handle").toString();
            } else if (matches(word, u"preference") || matches(word, u"priority")) {
                if (prioSeen)
                    c.failAt(at, TcImporter::tr("prio is given twice"));
                prioSeen = true;
                const QStringView v = c.value(word);
                const auto prio = TcUnits::parseU32(v, 0);
                if (!prio || *prio > 0xFFFF)
                    c.fail(TcImporter::tr("prio must be 0…65535"));
                filter.prio = quint16(*prio);
            } else if (matches(word, u"protocol")) {
                if (protocolSeen)
                    c.failAt(at, TcImporter::tr("protocol is given twice"));
                protocolSeen = true;
                const QStringView v = c.value(u"protocol");
                filter.protocol = require(c, EtherType::fromName(v), TcImporter::tr("unknown protocol; use ip, ipv6, all, arp or a number"));
            } else if (word == u"u32") {
                kindSeen = true;
            } else if (matches(word, u"block") || matches(word, u"chain") || matches(word, u"estimator")) {
                c.failAt(at, TcImporter::tr("\"%1\" is not supported by Qdisc Studio yet").arg(word));
            } else {
                c.failAt(at, TcImporter::tr("unknown filter kind; Qdisc Studio edits u32 filters"));
            }
        }
        if (device.isEmpty())
            c.failAt(verbAt, TcImporter::tr("no device: add \"dev NAME\""));
        if (!parentSeen)
            c.failAt(verbAt, TcImporter::tr("no parent: add \"parent 1:\" (or \"parent ffff:\" for ingress)"));
        if (!handleText.isEmpty()) {
            filter.handle = u32HandleFromString(handleText);
            if (!filter.handle)
                c.failAt(handleAt, TcImporter::tr("not a u32 handle; write it like 800::800"));
        }
        QdiscTree &tree = treeFor(netns, device);
        if (verb == Verb::Delete) {
            while (!c.atEnd())
                c.next();
            // "parent ffff:" and "ingress" are one block on an ingress qdisc.
            const QdiscNode *owner = tree.filterOwner(filter.parent);
            const auto inBlock = [&](TcHandle parent) {
                return parent == filter.parent || (owner && owner->kind() == QdiscKind::Ingress && tree.filterOwner(parent) == owner);
            };
            tree.filters.removeIf([&](const U32Filter &f) {
                return inBlock(f.parent) && (!prioSeen || f.prio == filter.prio) &&
                       (!protocolSeen || f.protocol == filter.protocol) && (!filter.handle || f.handle == filter.handle);
            });
            return;
        }
        if (!kindSeen)
            c.failAt(verbAt, TcImporter::tr("no filter kind: add \"u32 match …\""));
        parseU32Options(c, filter);
        const QdiscNode *owner = tree.filterOwner(filter.parent);
        if (!owner) {
            const QdiscNode *byMajor = tree.qdisc(filter.parent.qdiscPart());
            if (!byMajor && filter.parent.major() == TcHandle::ingressHandle().major())
                byMajor = tree.ingressQdisc();
            if (byMajor && byMajor->kind() == QdiscKind::Clsact)
                c.failAt(verbAt, TcImporter::tr("clsact takes filters only at its hooks: write \"ingress\" or \"egress\" "
                                                "instead of \"parent %1\" (the kernel refuses %1)")
                                     .arg(filter.parent.toString()));
            if (byMajor && byMajor->kind() == QdiscKind::Htb)
                c.failAt(verbAt, TcImporter::tr("there is no class %1 on %2 to attach the filter to (the kernel refuses: "
                                                "\"Specified class doesn't exist\"); create the class first")
                                     .arg(filter.parent.toString(), tree.target()));
            if (byMajor)
                //: %1 a qdisc kind, %2 its handle, %3 a parent id.
                c.failAt(verbAt, TcImporter::tr("%1 %2 has no filter block at %3 (the kernel refuses it); attach the "
                                                "filter to %2 itself")
                                     .arg(byMajor->kindName(), byMajor->handle.toString(), filter.parent.toString()));
            c.failAt(verbAt, TcImporter::tr("there is no qdisc %1 on %2 to attach the filter to (the kernel refuses: "
                                            "create it first)")
                                 .arg(filter.parent.toString(), tree.target()));
        }
        if (filter.flowId.isUnspec() && !filter.action)
            c.fail(TcImporter::tr("the filter needs a flowid (the class to send traffic to) or an action"));

        // Every minor of an ingress qdisc is its one block; elsewhere the parent names the block.
        const auto sameBlock = [&](TcHandle other) {
            if (other == filter.parent)
                return true;
            return owner->kind() == QdiscKind::Ingress && tree.filterOwner(other) == owner;
        };
        const auto existing = std::find_if(tree.filters.begin(), tree.filters.end(), [&](const U32Filter &f) {
            // Without a handle the kernel finds no filter to overwrite: replace then adds one.
            return sameBlock(f.parent) && f.prio == filter.prio && filter.prio != 0 && filter.handle && f.handle == filter.handle;
        });
        if (verb == Verb::Change) {
            if (!filter.handle)
                c.failAt(verbAt, TcImporter::tr("change needs the handle of the filter to change: without one the kernel "
                                                "finds none (ENOENT); add \"handle 800::800\", or use replace to add one"));
            if (filter.prio == 0)
                c.failAt(verbAt, TcImporter::tr("change needs the prio of the filter to change (the kernel refuses: \"Invalid "
                                                "filter command with priority of zero\")"));
            // tc sends protocol 0 on change unless given: the filter keeps the protocol of its prio.
            if (!protocolSeen) {
                const auto samePrio = std::find_if(tree.filters.begin(), tree.filters.end(), [&](const U32Filter &f) {
                    return sameBlock(f.parent) && f.prio == filter.prio;
                });
                if (samePrio != tree.filters.end())
                    filter.protocol = samePrio->protocol;
            }
        }

        // tcf_chain_tp_find(): one classifier per prio, with one protocol.
        if (filter.prio != 0 && !(verb == Verb::Change && !protocolSeen)) {
            for (const U32Filter &f : std::as_const(tree.filters)) {
                if (sameBlock(f.parent) && f.prio == filter.prio && f.protocol != filter.protocol)
                    c.failAt(verbAt, TcImporter::tr("prio %1 at %2 already holds filters for protocol %3; the kernel keeps "
                                                    "one protocol per prio and refuses %4 there (\"Filter with specified "
                                                    "priority/protocol not found\"): use another prio")
                                         .arg(filter.prio)
                                         .arg(f.parent.toString(), EtherType::name(f.protocol), EtherType::name(filter.protocol)));
            }
        }
        if (filter.prio != 0) {
            for (const ForeignFilter &f : std::as_const(tree.foreignFilters)) {
                if (sameBlock(f.parent) && f.prio == filter.prio && f.kind != u"u32")
                    c.failAt(verbAt, TcImporter::tr("prio %1 at %2 already holds %3 filters; the kernel refuses a u32 "
                                                    "filter there (\"Specified filter kind does not match existing one\"): "
                                                    "use another prio")
                                         .arg(filter.prio)
                                         .arg(f.parent.toString(), f.kind));
            }
        }

        switch (verb) {
        case Verb::Add:
            if (existing != tree.filters.end())
                c.failAt(verbAt, TcImporter::tr("a filter with this prio and handle already exists (the kernel refuses: "
                                                "\"Filter already exists\"); use replace"));
            tree.filters.append(filter);
            break;
        case Verb::Change:
            if (existing == tree.filters.end()) {
                warn(c, verbAt, TcImporter::tr("there is no filter %1 at prio %2 of %3 to change; read as add")
                                    .arg(u32HandleToString(*filter.handle))
                                    .arg(filter.prio)
                                    .arg(filter.parent.toString()));
                tree.filters.append(filter);
                break;
            }
            *existing = filter;
            break;
        case Verb::Replace:
            if (existing != tree.filters.end())
                *existing = filter;
            else
                tree.filters.append(filter);
            break;
        case Verb::Delete:
        case Verb::Show:
            break;
        }
    }

    void parseU32Options(Cursor &c, U32Filter &filter)
    {
        bool flowSeen = false;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (matches(word, u"match")) {
                // A match with mask 0 ("match u32 0 0", the ingress recipe's match-all) tests no
                // bit: it is left out so both spellings of "everything" are the same filter.
                const U32Match match = parseMatchWords(c);
                if (match.mask != 0)
                    filter.matches.append(match);
            } else if (matches(word, u"classid") || word == u"flowid") {
                if (flowSeen)
                    c.failAt(at, TcImporter::tr("flowid is given twice"));
                flowSeen = true;
                const QStringView v = c.value(word);
                filter.flowId = require(c, TcHandle::parseClassId(v), TcImporter::tr("not a class id; write it like 1:10"));
            } else if (matches(word, u"action") || matches(word, u"actions")) {
                if (filter.action)
                    c.failAt(at, TcImporter::tr("only one action per filter is supported by Qdisc Studio yet"));
                filter.action = parseActionWords(c);
            } else {
                c.failAt(at, TcImporter::tr("this u32 option is not supported by Qdisc Studio yet"));
            }
        }
        if (!filter.keys())
            c.fail(TcImporter::tr("two matches contradict each other on the same bits"));
    }

    QdiscTree *findTree(const QString &netns, const QString &device)
    {
        for (QdiscTree &tree : m_result.trees) {
            if (tree.netns == netns && tree.device == device)
                return &tree;
        }
        return nullptr;
    }

    QdiscTree &treeFor(const QString &netns, const QString &device)
    {
        if (QdiscTree *tree = findTree(netns, device))
            return *tree;
        QdiscTree tree;
        tree.netns = netns;
        tree.device = device;
        m_result.trees.append(tree);
        return m_result.trees.last();
    }

    TcImportResult m_result;
};

} // namespace

const QdiscTree *TcImportResult::tree(QStringView target) const
{
    for (const QdiscTree &t : trees) {
        if (t.target() == target)
            return &t;
    }
    return nullptr;
}

TcImportResult TcImporter::import(QStringView script)
{
    Importer importer;
    TcImportResult result = importer.run(script);
    result.warnings = importer.warnings;
    return result;
}

namespace {

template <typename T, typename Parse>
std::optional<T> parseWords(QStringView text, QString *error, Parse parse)
{
    QList<TcScriptError> tokenErrors;
    const QList<TcCommand> commands = TcTokenizer::split(text, &tokenErrors);
    if (!tokenErrors.isEmpty() || commands.size() != 1) {
        if (error)
            *error = tokenErrors.isEmpty() ? TcImporter::tr("expected one line of words") : tokenErrors.first().message;
        return std::nullopt;
    }
    const QList<TcWord> &words = commands.first().words;
    try {
        Cursor c(words);
        T value = parse(c);
        if (!c.atEnd())
            c.failAt(c.position(), TcImporter::tr("unexpected word"));
        return value;
    } catch (const Failure &failure) {
        if (error) {
            const qsizetype index = std::clamp<qsizetype>(failure.index, 0, words.size() - 1);
            *error = QStringLiteral("\"%1\": %2").arg(words[index].text, failure.message);
        }
        return std::nullopt;
    }
}

} // namespace

std::optional<U32Match> TcImporter::parseMatch(QStringView text, QString *error)
{
    return parseWords<U32Match>(text, error, [](Cursor &c) { return parseMatchWords(c); });
}

std::optional<MirredAction> TcImporter::parseAction(QStringView text, QString *error)
{
    return parseWords<MirredAction>(text, error, [](Cursor &c) { return parseActionWords(c); });
}

} // namespace qs
