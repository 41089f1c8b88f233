#include "tcimporter.h"

#include "tcunits.h"

#include <algorithm>


namespace qs {

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
            fail(QStringLiteral("the command ends too early"));
        return m_words[m_pos++].text;
    }
    /** tc's NEXT_ARG(): the value that must follow a keyword. */
    QStringView value(QStringView keyword)
    {
        if (atEnd())
            throw Failure{m_pos - 1, QStringLiteral("\"%1\" needs a value after it").arg(keyword)};
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
    return QStringLiteral("%1 option \"%2\" is not supported by Qdisc Studio yet").arg(kind, option);
}

// --- value readers: tc's parser for each field, with a message naming the field ----------------

Probability readPercent(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parsePercent(word),
                   QStringLiteral("%1 must be a percentage from 0 to 100, like 1% or 0.5%").arg(field));
}

quint64 readRate(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    if (word.contains(u'%'))
        c.fail(QStringLiteral("a %1 in percent of the link speed depends on the device; give bits per second, like 10mbit").arg(field));
    return require(c, TcUnits::parseRate64(word),
                   QStringLiteral("%1 must be a rate like 10mbit, 512kbit or 1gbit").arg(field));
}

quint32 readSize(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parseSize(word), QStringLiteral("%1 must be a size like 1514, 32kb or 1mb").arg(field));
}

/** get_size_and_cell() without the "/cell" part, which only shapes the old rate tables. */
quint32 readSizeNoCell(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    if (word.contains(u'/'))
        c.fail(QStringLiteral("the \"/cell\" suffix of %1 is not supported by Qdisc Studio yet").arg(field));
    return require(c, TcUnits::parseSize(word), QStringLiteral("%1 must be a size like 1514, 32kb or 1mb").arg(field));
}

quint32 readTimeUs(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parseTimeUs(word), QStringLiteral("%1 must be a time like 100ms, 1.5s or 500us").arg(field));
}

qint64 readTime64(Cursor &c, QStringView field)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parseTime64Ns(word), QStringLiteral("%1 must be a time like 100ms, 500us or 800ns").arg(field));
}

quint32 readU32(Cursor &c, QStringView field, int base)
{
    const QStringView word = c.value(field);
    return require(c, TcUnits::parseU32(word, base),
                   base == 16 ? QStringLiteral("%1 must be a hexadecimal number").arg(field)
                              : QStringLiteral("%1 must be a whole number from 0 to 4294967295").arg(field));
}

/** netem's get_ticks(): microseconds that must fit the kernel's 32-bit tick field. */
quint64 readTicksUs(Cursor &c, QStringView field)
{
    const quint32 us = readTimeUs(c, field);
    if (us > NetemParams::MaxDelayUs)
        c.fail(QStringLiteral("%1 %2 is too large; netem takes at most %3")
                   .arg(field, TcUnits::formatTimeUs(us), TcUnits::formatTimeUs(NetemParams::MaxDelayUs)));
    return us;
}

NetemDistribution readDistribution(Cursor &c)
{
    const QStringView word = c.value(u"distribution");
    const auto d = netemDistributionFromName(word);
    if (!d)
        c.fail(QStringLiteral("unknown distribution; use uniform, normal, pareto or paretonormal"));
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
                    p.delayCorrelation = readPercent(c, u"delay correlation");
                }
            }
        } else if (matches(word, u"loss") || matches(word, u"drop")) {
            if (lossSeen)
                c.failAt(at, QStringLiteral("loss is given twice"));
            lossSeen = true;
            const QStringView model = c.peek();
            if (TcUnits::startsWithDigit(model) || model == u"random") {
                if (model == u"random")
                    c.next();
                NetemRandomLoss loss;
                loss.probability = readPercent(c, u"loss");
                if (c.nextIsNumber()) {
                    presence->correlation = true;
                    loss.correlation = readPercent(c, u"loss correlation");
                }
                if (!loss.probability.isZero() || !loss.correlation.isZero())
                    p.loss = loss;
            } else if (model == u"state") {
                c.next();
                NetemStateLoss loss = NetemStateLoss::withDefaults(readPercent(c, u"loss state p13"));
                Probability *rest[] = {&loss.p31, &loss.p32, &loss.p23, &loss.p14};
                const char16_t *names[] = {u"loss state p31", u"loss state p32", u"loss state p23", u"loss state p14"};
                for (int i = 0; i < 4 && c.nextIsNumber(); ++i)
                    *rest[i] = readPercent(c, QStringView(names[i]));
                p.loss = loss;
            } else if (model == u"gemodel") {
                c.next();
                NetemGilbertElliottLoss loss = NetemGilbertElliottLoss::withDefaults(readPercent(c, u"loss gemodel p"));
                Probability *rest[] = {&loss.r, &loss.oneMinusH, &loss.oneMinusK};
                const char16_t *names[] = {u"loss gemodel r", u"loss gemodel 1-h", u"loss gemodel 1-k"};
                for (int i = 0; i < 3 && c.nextIsNumber(); ++i)
                    *rest[i] = readPercent(c, QStringView(names[i]));
                p.loss = loss;
            } else {
                c.next();
                c.fail(QStringLiteral("unknown loss model; use a percentage, random, state or gemodel"));
            }
        } else if (matches(word, u"ecn")) {
            p.ecn = true;
            presence->ecn = true;
        } else if (matches(word, u"reorder")) {
            presence->reorder = true;
            p.reorder.probability = readPercent(c, u"reorder");
            if (c.nextIsNumber()) {
                presence->correlation = true;
                p.reorder.correlation = readPercent(c, u"reorder correlation");
            }
        } else if (matches(word, u"corrupt")) {
            presence->corrupt = true;
            p.corrupt.probability = readPercent(c, u"corrupt");
            if (c.nextIsNumber()) {
                presence->correlation = true;
                p.corrupt.correlation = readPercent(c, u"corrupt correlation");
            }
        } else if (matches(word, u"gap")) {
            p.gap = readU32(c, u"gap", 0);
        } else if (matches(word, u"duplicate")) {
            p.duplicate.probability = readPercent(c, u"duplicate");
            if (c.nextIsNumber()) {
                duplicateCorrelationAt = c.position();
                duplicateCorrelation = readPercent(c, u"duplicate correlation");
            }
        } else if (matches(word, u"distribution")) {
            p.distribution = readDistribution(c);
            presence->distribution = true;
        } else if (matches(word, u"rate")) {
            presence->rate = true;
            p.rate.bytesPerSecond = readRate(c, u"rate");
            if (c.nextIsSignedNumber()) {
                const QStringView v = c.next();
                p.rate.packetOverhead = require(c, TcUnits::parseS32(v, 0), QStringLiteral("packet overhead must be a whole number of bytes"));
            }
            if (c.nextIsNumber())
                p.rate.cellSize = readU32(c, u"cell size", 0);
            if (c.nextIsSignedNumber()) {
                const QStringView v = c.next();
                p.rate.cellOverhead = require(c, TcUnits::parseS32(v, 0), QStringLiteral("cell overhead must be a whole number of bytes"));
            }
        } else if (matches(word, u"slot")) {
            presence->slot = true;
            p.slot.enabled = true;
            if (c.nextIsNumber()) {
                p.slot.minDelayNs = readTime64(c, u"slot minimum delay");
                if (c.nextIsNumber()) {
                    p.slot.maxDelayNs = readTime64(c, u"slot maximum delay");
                    if (p.slot.maxDelayNs < p.slot.minDelayNs)
                        c.fail(QStringLiteral("the slot maximum delay is below the minimum"));
                } else {
                    p.slot.maxDelayNs = p.slot.minDelayNs;
                }
            } else {
                const QStringView form = c.value(u"slot");
                if (form != u"distribution")
                    c.fail(QStringLiteral("unknown slot parameter; use \"slot MIN [MAX]\" or \"slot distribution DIST DELAY JITTER\""));
                p.slot.distribution = readDistribution(c);
                p.slot.distDelayNs = readTime64(c, u"slot delay");
                p.slot.distJitterNs = readTime64(c, u"slot jitter");
                if (p.slot.distJitterNs <= 0)
                    c.fail(QStringLiteral("the slot jitter must be above 0"));
            }
            if (!c.atEnd() && matches(c.peek(), u"packets")) {
                c.next();
                const QStringView v = c.value(u"packets");
                p.slot.maxPackets = require(c, TcUnits::parseS32(v, 0), QStringLiteral("slot packets must be a whole number"));
            }
            if (!c.atEnd() && matches(c.peek(), u"bytes")) {
                c.next();
                p.slot.maxBytes = qint32(readSize(c, u"slot bytes"));
            }
        } else {
            c.failAt(at, QStringLiteral("unknown netem option"));
        }
    }

    // The checks tc makes before it sends anything.
    if (p.reorder.isSet()) {
        if (p.delayUs == 0)
            c.fail(QStringLiteral("reordering is not possible without a delay"));
        if (p.gap == 0)
            p.gap = 1;
    } else if (p.gap > 0) {
        c.fail(QStringLiteral("gap is given without a reorder probability"));
    }
    if (p.ecn && !p.hasLoss())
        c.fail(QStringLiteral("ecn is given without a loss probability or loss model"));
    if (presence->distribution && (p.delayUs == 0 || p.jitterUs == 0))
        c.fail(QStringLiteral("a distribution needs both a delay and a jitter"));

    // tc 6.1 sends the correlations only when a delay, loss, reorder or corrupt correlation is
    // given: a duplicate correlation on its own never reaches the kernel.
    if (presence->correlation)
        p.duplicate.correlation = duplicateCorrelation;
    else if (!duplicateCorrelation.isZero()) {
        const TcWord &word = c.word(duplicateCorrelationAt);
        warnings->append({word.line, word.column, word.text,
                          QStringLiteral("this duplicate correlation is dropped: tc only sends it together "
                                         "with a delay, loss, reorder or corrupt correlation")});
    }
    return p;
}

/** What netem's change keeps from the running qdisc when tc does not send it. */
NetemParams mergeNetemChange(const NetemParams &old, NetemParams next, const NetemPresence &presence)
{
    if (!presence.correlation) {
        next.delayCorrelation = old.delayCorrelation;
        next.duplicate.correlation = old.duplicate.correlation;
        const auto *oldRandom = std::get_if<NetemRandomLoss>(&old.loss);
        if (auto *random = std::get_if<NetemRandomLoss>(&next.loss); random && oldRandom)
            random->correlation = oldRandom->correlation;
    }
    if (!presence.reorder)
        next.reorder = old.reorder;
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
            c.failAt(at, QStringLiteral("%1 is given twice").arg(name));
        seen = true;
    };
    while (!c.atEnd()) {
        const qsizetype at = c.position();
        const QStringView word = c.next();
        if (matches(word, u"limit")) {
            once(limitSeen, at, u"limit");
            if (latencySeen)
                c.failAt(at, QStringLiteral("give either limit or latency, not both"));
            p.limitMode = TbfParams::LimitMode::Bytes;
            p.limitBytes = readSize(c, u"limit");
        } else if (matches(word, u"latency")) {
            once(latencySeen, at, u"latency");
            if (limitSeen)
                c.failAt(at, QStringLiteral("give either limit or latency, not both"));
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
            c.failAt(at, QStringLiteral("unknown tbf option"));
        }
    }
    if (p.rateBytesPerSecond == 0)
        c.fail(QStringLiteral("tbf needs a rate above 0"));
    if (p.burstBytes == 0)
        c.fail(QStringLiteral("tbf needs a burst above 0"));
    if (p.peakRateBytesPerSecond != 0 && p.mtu == 0)
        c.fail(QStringLiteral("a tbf peakrate needs an mtu"));
    if ((p.limitMode == TbfParams::LimitMode::Bytes && p.limitBytes == 0) ||
        (p.limitMode == TbfParams::LimitMode::Latency && p.latencyUs == 0))
        c.fail(QStringLiteral("tbf needs a limit or a latency above 0"));
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
            c.failAt(at, QStringLiteral("unknown htb option"));
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
            p.overhead = require(c, TcUnits::parseU16(v, 10), QStringLiteral("overhead must be 0…65535 bytes"));
        } else if (matches(word, u"quantum")) {
            p.quantum = readU32(c, u"quantum", 10);
        } else if (matches(word, u"burst") || word == u"buffer" || word == u"maxburst") {
            p.burstBytes = readSizeNoCell(c, u"burst");
        } else if (matches(word, u"cburst") || word == u"cbuffer" || word == u"cmaxburst") {
            p.cburstBytes = readSizeNoCell(c, u"cburst");
        } else if (word == u"ceil") {
            if (ceilSeen)
                c.failAt(at, QStringLiteral("ceil is given twice"));
            ceilSeen = true;
            p.ceilBytesPerSecond = readRate(c, u"ceil");
        } else if (word == u"rate") {
            if (rateSeen)
                c.failAt(at, QStringLiteral("rate is given twice"));
            rateSeen = true;
            p.rateBytesPerSecond = readRate(c, u"rate");
        } else if (matches(word, u"mpu") || matches(word, u"linklayer")) {
            c.failAt(at, unsupported(word, u"htb class"));
        } else {
            c.failAt(at, QStringLiteral("unknown htb class option"));
        }
    }
    if (p.rateBytesPerSecond == 0)
        c.fail(QStringLiteral("an htb class needs a rate above 0"));
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
            p.perturbSeconds = require(c, TcUnits::parseInteger(v, 0), QStringLiteral("perturb must be a whole number of seconds"));
        } else if (word == u"limit") {
            p.limit = readU32(c, u"limit", 0);
            if (p.limit < 2)
                c.fail(QStringLiteral("an sfq limit must be above 1"));
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
            c.failAt(at, QStringLiteral("unknown sfq option"));
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
            c.failAt(at, QStringLiteral("unknown fq_codel option"));
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
            c.failAt(at, QStringLiteral("unknown %1 option").arg(kind));
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
                c.failAt(at, QStringLiteral("bands must come before priomap"));
            const QStringView v = c.value(u"bands");
            p.bands = require(c, TcUnits::parseInteger(v, 10), QStringLiteral("bands must be a whole number"));
        } else if (word == u"priomap") {
            if (mapping)
                c.failAt(at, QStringLiteral("priomap is given twice"));
            mapping = true;
        } else if (word == u"multiqueue") {
            c.failAt(at, unsupported(word, u"prio"));
        } else if (mapping) {
            const auto band = TcUnits::parseU32(word, 10);
            if (!band)
                c.failAt(at, QStringLiteral("a priomap entry must be a band number"));
            if (int(*band) >= p.bands)
                c.failAt(at, QStringLiteral("band %1 does not exist; there are %2 bands").arg(*band).arg(p.bands));
            if (index >= int(p.priomap.size()))
                c.failAt(at, QStringLiteral("the priomap has 16 entries at most"));
            p.priomap[size_t(index++)] = quint8(*band);
        } else {
            c.failAt(at, QStringLiteral("unknown prio option"));
        }
    }
    if (p.bands < PrioParams::MinBands || p.bands > PrioParams::MaxBands)
        c.fail(QStringLiteral("prio needs 2…16 bands, not %1").arg(p.bands));
    return p;
}

// --- u32 and mirred ---------------------------------------------------------------------------

/** Four dotted decimal parts, each 0…255. */
std::optional<quint32> parseIpv4(QStringView text)
{
    const QList<QStringView> parts = text.split(u'.');
    if (parts.size() != 4)
        return std::nullopt;
    quint32 address = 0;
    for (QStringView part : parts) {
        if (part.isEmpty() || part.size() > 3 || !std::all_of(part.begin(), part.end(), [](QChar ch) { return ch.isDigit() && ch.unicode() < 128; }))
            return std::nullopt;
        const uint value = part.toUInt();
        if (value > 255)
            return std::nullopt;
        address = (address << 8) | value;
    }
    return address;
}

U32Match parseMatchWords(Cursor &c)
{
    const qsizetype start = c.position();
    const QStringView family = c.value(u"match");
    const auto readMasked = [&](U32Match::Field field, int offset, quint32 limit) {
        const QStringView valueWord = c.value(u"match");
        const auto value = TcUnits::parseU32(valueWord, 0);
        if (!value || *value > limit)
            c.fail(QStringLiteral("the match value must be a number up to 0x%1").arg(limit, 0, 16));
        const QStringView maskWord = c.value(u"match");
        const auto mask = TcUnits::parseU32(maskWord, 16);
        if (!mask || *mask > limit)
            c.fail(QStringLiteral("the match mask must be a hexadecimal number up to 0x%1").arg(limit, 0, 16));
        if (!c.atEnd() && c.peek() == u"at") {
            c.next();
            if (field != U32Match::Field::U32 && field != U32Match::Field::U16 && field != U32Match::Field::U8)
                c.fail(QStringLiteral("\"at\" is only supported on u32, u16 and u8 matches"));
            const QStringView offWord = c.value(u"at");
            if (offWord.startsWith(u"nexthdr+"))
                c.fail(QStringLiteral("nexthdr+ offsets are not supported by Qdisc Studio yet"));
            const auto off = TcUnits::parseInteger(offWord, 0);
            if (!off || *off < 0)
                c.fail(QStringLiteral("the offset must be a whole number of bytes"));
            offset = *off;
        }
        if (field == U32Match::Field::U32 && offset % 4 != 0)
            c.fail(QStringLiteral("a u32 match needs an offset that is a multiple of 4"));
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
            int prefix = 32;
            QStringView addressText = text;
            if (const qsizetype slash = text.indexOf(u'/'); slash >= 0) {
                addressText = text.left(slash);
                const auto parsed = TcUnits::parseU32(text.mid(slash + 1), 10);
                if (!parsed || *parsed > 32)
                    c.fail(QStringLiteral("the prefix length must be 0…32"));
                prefix = int(*parsed);
            }
            quint32 address = 0;
            if (addressText == u"any" || addressText == u"all" || addressText == u"default") {
                prefix = text.contains(u'/') ? prefix : 0;
            } else {
                address = require(c, parseIpv4(addressText), QStringLiteral("not an IPv4 address; write it like 198.18.0.1/32"));
            }
            if (!c.atEnd() && c.peek() == u"at")
                c.failAt(c.position(), QStringLiteral("\"at\" is only supported on u32, u16 and u8 matches"));
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
        c.fail(QStringLiteral("this ip match is not supported by Qdisc Studio yet; use src, dst, protocol, "
                              "tos, dsfield, sport or dport, or a raw u32/u16/u8 match"));
    }
    c.failAt(start, QStringLiteral("this match is not supported by Qdisc Studio yet; use ip, u32, u16 or u8"));
}

MirredAction parseActionWords(Cursor &c)
{
    const qsizetype start = c.position();
    const QStringView kind = c.value(u"action");
    if (!matches(kind, u"mirred"))
        c.failAt(start, QStringLiteral("only the mirred action is supported by Qdisc Studio yet"));
    MirredAction action;
    const QStringView direction = c.value(u"mirred");
    if (matches(direction, u"egress"))
        action.direction = MirredAction::Direction::Egress;
    else if (matches(direction, u"ingress"))
        action.direction = MirredAction::Direction::Ingress;
    else
        c.fail(QStringLiteral("mirred needs a direction: egress or ingress"));
    const QStringView mode = c.value(u"mirred");
    if (matches(mode, u"redirect"))
        action.mode = MirredAction::Mode::Redirect;
    else if (matches(mode, u"mirror"))
        action.mode = MirredAction::Mode::Mirror;
    else
        c.fail(QStringLiteral("mirred needs redirect or mirror"));
    const QStringView devWord = c.value(u"mirred");
    if (!matches(devWord, u"dev"))
        c.fail(QStringLiteral("mirred needs \"dev NAME\""));
    action.device = c.value(u"dev").toString();
    if (!isValidDeviceName(action.device))
        c.fail(QStringLiteral("not a valid interface name"));
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
        if (program == u"sudo") {
            while (!c.atEnd() && c.peek().startsWith(u'-'))
                c.next();
            program = c.next();
        }
        const QStringView base = program.mid(program.lastIndexOf(u'/') + 1);
        if (base == u"tc")
            runTc(c);
        else if (base == u"ip")
            runIp(c);
        else if (base == u"modprobe")
            runModprobe(c);
        else
            c.fail(QStringLiteral("not a tc command"));
    }

    void runModprobe(Cursor &c)
    {
        const QStringView module = c.value(u"modprobe");
        if (module != u"ifb")
            c.fail(QStringLiteral("only \"modprobe ifb\" is understood; other modules load by themselves"));
        while (!c.atEnd()) {
            const QStringView option = c.next();
            if (!option.startsWith(u"numifbs="))
                c.fail(QStringLiteral("unknown ifb module option"));
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
                c.fail(QStringLiteral("unknown ip option"));
        }
        const QStringView object = c.value(u"ip");
        if (!matches(object, u"link"))
            c.fail(QStringLiteral("only \"ip link add NAME type ifb\" and \"ip link set dev NAME up\" are understood"));
        const QStringView verb = c.value(u"ip link");
        if (matches(verb, u"add")) {
            QString name;
            if (!c.atEnd() && (c.peek() == u"dev" || c.peek() == u"name"))
                c.next();
            name = c.value(u"add").toString();
            if (!isValidDeviceName(name))
                c.fail(QStringLiteral("not a valid interface name"));
            const QStringView typeWord = c.value(u"ip link add");
            if (typeWord != u"type")
                c.fail(QStringLiteral("expected \"type ifb\""));
            const QStringView type = c.value(u"type");
            if (type != u"ifb")
                c.fail(QStringLiteral("only ifb devices are created by Qdisc Studio"));
            if (!c.atEnd())
                c.failAt(c.position(), QStringLiteral("unexpected word after \"type ifb\""));
            treeFor(netns, name).isIfb = true;
        } else if (matches(verb, u"set")) {
            if (!c.atEnd() && c.peek() == u"dev")
                c.next();
            const QString name = c.value(u"set").toString();
            const QStringView state = c.value(u"ip link set");
            if (state != u"up")
                c.fail(QStringLiteral("only \"ip link set dev NAME up\" is understood"));
            if (!c.atEnd())
                c.failAt(c.position(), QStringLiteral("unexpected word after \"up\""));
            QdiscTree *tree = findTree(netns, name);
            if (!tree || !tree->isIfb)
                c.fail(QStringLiteral("only an ifb device created above can be brought up here"));
        } else {
            c.fail(QStringLiteral("only \"ip link add\" and \"ip link set\" are understood"));
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
                    c.fail(QStringLiteral("not a valid namespace name"));
            } else if (matches(option, u"-stats") || matches(option, u"-statistics") || matches(option, u"-details") ||
                       matches(option, u"-raw") || matches(option, u"-pretty") || matches(option, u"-iec") ||
                       matches(option, u"-json")) {
                // Output options: they change nothing in the tree.
            } else if (matches(option, u"-batch")) {
                c.failAt(at, QStringLiteral("paste the batch file's lines themselves"));
            } else {
                c.failAt(at, QStringLiteral("unknown tc option"));
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
            c.failAt(objectAt, QStringLiteral("expected qdisc, class or filter"));
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
        c.fail(QStringLiteral("expected add, change, replace or del"));
    }

    QString readDevice(Cursor &c, const QString &current)
    {
        if (!current.isEmpty())
            c.fail(QStringLiteral("dev is given twice"));
        const QString name = c.value(u"dev").toString();
        if (!isValidDeviceName(name))
            c.fail(QStringLiteral("not a valid interface name"));
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
                c.fail(QStringLiteral("a second parent (%1) is given").arg(name));
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
                handle = require(c, TcHandle::parseQdiscHandle(v), QStringLiteral("not a qdisc handle; write it like 1: or 10:"));
            } else if (word == u"root") {
                setParent(TcHandle::root(), u"root");
            } else if (word == u"ingress" || word == u"clsact") {
                setParent(TcHandle::ingressParent(), word);
                handle = TcHandle::ingressHandle();
                kind = word == u"ingress" ? QdiscKind::Ingress : QdiscKind::Clsact;
                kindAt = at;
            } else if (word == u"parent") {
                const QStringView v = c.value(u"parent");
                setParent(require(c, TcHandle::parseClassId(v), QStringLiteral("not a parent id; write it like root, 1:1 or 1:10")), u"parent");
            } else if (matches(word, u"estimator") || matches(word, u"stab") || matches(word, u"ingress_block") ||
                       matches(word, u"egress_block")) {
                c.failAt(at, QStringLiteral("\"%1\" is not supported by Qdisc Studio yet").arg(word));
            } else {
                kind = qdiscKindFromName(word);
                kindAt = at;
                if (!kind)
                    c.failAt(at, QStringLiteral("unknown qdisc kind; Qdisc Studio knows netem, tbf, htb, sfq, "
                                                "fq_codel, pfifo, bfifo, prio, ingress and clsact"));
            }
        }
        if (device.isEmpty())
            c.failAt(verbAt, QStringLiteral("no device: add \"dev NAME\""));
        if (!parent)
            c.failAt(verbAt, QStringLiteral("no parent: add \"root\", \"ingress\" or \"parent ID\""));
        if (kind && (kind == QdiscKind::Ingress || kind == QdiscKind::Clsact) && !parent->isIngressParent())
            c.failAt(kindAt, QStringLiteral("%1 hangs at the ingress hook; write \"tc qdisc add dev %2 %1\"")
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
            c.failAt(verbAt, QStringLiteral("no qdisc kind given"));

        NetemPresence presence;
        QdiscNode node;
        node.handle = handle;
        node.parent = *parent;
        node.params = parseKind(c, *kind, &presence);

        const QdiscNode *existing = tree.qdiscAt(*parent);
        const QString where = QStringLiteral("%1 of %2").arg(parent->toString(), tree.target());
        switch (verb) {
        case Verb::Add:
            if (existing)
                c.failAt(verbAt, QStringLiteral("a qdisc already hangs at %1 (the kernel refuses: exclusivity flag "
                                                "on); use replace or change, or delete it first").arg(where));
            insertQdisc(c, tree, node, verbAt, parentAt);
            break;
        case Verb::Change:
            if (!existing) {
                warn(c, verbAt, QStringLiteral("nothing to change at %1; read as add").arg(where));
                insertQdisc(c, tree, node, verbAt, parentAt);
                break;
            }
            changeQdisc(c, tree, *existing, node, presence, verbAt);
            break;
        case Verb::Replace:
            if (existing && existing->kind() == node.kind() && (node.handle.isUnspec() || node.handle == existing->handle)) {
                changeQdisc(c, tree, *existing, node, presence, verbAt);
            } else {
                tree.removeQdiscAt(*parent);
                insertQdisc(c, tree, node, verbAt, parentAt);
            }
            break;
        case Verb::Delete:
        case Verb::Show:
            break;
        }
    }

    QdiscParams parseKind(Cursor &c, QdiscKind kind, NetemPresence *presence)
    {
        switch (kind) {
        case QdiscKind::Netem:
            return parseNetem(c, presence, &warnings);
        case QdiscKind::Tbf:
            return parseTbf(c);
        case QdiscKind::Htb:
            return parseHtbQdisc(c);
        case QdiscKind::Sfq:
            return parseSfq(c);
        case QdiscKind::FqCodel:
            return parseFqCodel(c);
        case QdiscKind::Pfifo:
            return PfifoParams{parseFifoLimit(c, u"pfifo")};
        case QdiscKind::Bfifo:
            return BfifoParams{parseFifoLimit(c, u"bfifo")};
        case QdiscKind::Prio:
            return parsePrio(c);
        case QdiscKind::Foreign: // qdiscKindFromName() never names it
        case QdiscKind::Ingress:
        case QdiscKind::Clsact:
            if (!c.atEnd())
                c.failAt(c.position(), QStringLiteral("%1 takes no options").arg(qdiscKindName(kind)));
            return defaultQdiscParams(kind);
        }
        return {};
    }

    void insertQdisc(Cursor &c, QdiscTree &tree, const QdiscNode &node, qsizetype verbAt, qsizetype parentAt)
    {
        // The kernel looks the parent up when the qdisc is created: it must exist by then.
        if (!node.parent.isRoot() && !node.parent.isIngressParent() && !tree.qdisc(node.parent.qdiscPart()))
            c.failAt(parentAt, QStringLiteral("there is no qdisc %1 on %2 for parent %3 (the kernel refuses: "
                                            "create the parent first)")
                                 .arg(node.parent.qdiscPart().toString(), tree.target(), node.parent.toString()));
        if (!node.handle.isUnspec() && tree.qdisc(node.handle))
            c.failAt(verbAt, QStringLiteral("handle %1 is already used on %2").arg(node.handle.toString(), tree.target()));
        tree.qdiscs.append(node);
    }

    void changeQdisc(Cursor &c, QdiscTree &tree, const QdiscNode &existing, QdiscNode next,
                     const NetemPresence &presence, qsizetype verbAt)
    {
        if (existing.kind() != next.kind())
            c.failAt(verbAt, QStringLiteral("the qdisc at %1 is %2, not %3: change keeps the kind; use replace")
                                 .arg(existing.parent.toString(), qdiscKindName(existing.kind()), qdiscKindName(next.kind())));
        if (!next.handle.isUnspec() && next.handle != existing.handle)
            c.failAt(verbAt, QStringLiteral("the qdisc at %1 has handle %2, not %3")
                                 .arg(existing.parent.toString(), existing.handle.toString(), next.handle.toString()));
        if (next.kind() == QdiscKind::Htb)
            c.failAt(verbAt, QStringLiteral("the kernel cannot change an htb qdisc in place; use replace "
                                            "(its classes are then rebuilt)"));
        QdiscNode *target = tree.qdisc(existing.handle);
        if (!target) {
            // A root qdisc added without a handle: find it by where it hangs.
            for (QdiscNode &q : tree.qdiscs) {
                if (q.parent == existing.parent)
                    target = &q;
            }
        }
        if (next.kind() == QdiscKind::Netem)
            next.params = mergeNetemChange(std::get<NetemParams>(existing.params), std::get<NetemParams>(next.params), presence);
        else if (next.kind() == QdiscKind::Sfq)
            next.params = std::get<SfqParams>(next.params).appliedOnto(std::get<SfqParams>(existing.params));
        else if (next.kind() == QdiscKind::FqCodel)
            next.params = std::get<FqCodelParams>(next.params).appliedOnto(std::get<FqCodelParams>(existing.params));
        target->params = next.params;
    }

    void deleteQdisc(Cursor &c, QdiscTree &tree, TcHandle parent, TcHandle handle,
                     std::optional<QdiscKind> kind, qsizetype verbAt)
    {
        const QdiscNode *node = tree.qdiscAt(parent);
        if (!handle.isUnspec() && !parent.isIngressParent()) {
            const QdiscNode *byHandle = tree.qdisc(handle);
            if (node && byHandle && node != byHandle)
                c.failAt(verbAt, QStringLiteral("the qdisc at %1 has handle %2, not %3")
                                     .arg(parent.toString(), node->handle.toString(), handle.toString()));
        }
        if (node && kind && node->kind() != *kind)
            c.failAt(verbAt, QStringLiteral("the qdisc at %1 is %2, not %3")
                                 .arg(parent.toString(), qdiscKindName(node->kind()), qdiscKindName(*kind)));
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
                classId = require(c, TcHandle::parseClassId(v), QStringLiteral("not a class id; write it like 1:10"));
            } else if (word == u"parent") {
                if (parent)
                    c.failAt(at, QStringLiteral("parent is given twice"));
                const QStringView v = c.value(u"parent");
                parent = require(c, TcHandle::parseClassId(v), QStringLiteral("not a parent id; write it like 1: or 1:1"));
            } else if (word == u"root" || word == u"handle" || matches(word, u"estimator")) {
                c.failAt(at, QStringLiteral("\"%1\" is not supported for classes by Qdisc Studio yet").arg(word));
            } else if (word == u"htb") {
                kindSeen = true;
            } else {
                c.failAt(at, QStringLiteral("unknown class kind; Qdisc Studio edits htb classes"));
            }
        }
        if (device.isEmpty())
            c.failAt(verbAt, QStringLiteral("no device: add \"dev NAME\""));
        if (!classId)
            c.failAt(verbAt, QStringLiteral("no classid: add \"classid MAJOR:MINOR\""));
        QdiscTree &tree = treeFor(netns, device);
        if (verb == Verb::Delete) {
            while (!c.atEnd())
                c.next();
            if (!tree.findClass(*classId))
                c.failAt(verbAt, QStringLiteral("there is no class %1 on %2").arg(classId->toString(), tree.target()));
            tree.removeSubtree(*classId);
            return;
        }
        if (!kindSeen)
            c.failAt(verbAt, QStringLiteral("no class kind: add \"htb rate …\""));
        ClassNode node;
        node.classId = *classId;
        node.params = parseHtbClass(c);
        ClassNode *existing = tree.findClass(*classId);
        if (parent)
            node.parent = *parent;
        else if (existing)
            node.parent = existing->parent;
        else
            c.failAt(verbAt, QStringLiteral("no parent: add \"parent 1:\" or \"parent 1:1\""));
        if (existing && parent && existing->parent != *parent)
            c.failAt(verbAt, QStringLiteral("class %1 hangs at %2, not %3; the kernel cannot move a class")
                                 .arg(classId->toString(), existing->parent.toString(), parent->toString()));
        const QdiscNode *owner = tree.qdisc(classId->qdiscPart());
        if (!owner || owner->kind() != QdiscKind::Htb)
            c.failAt(verbAt, QStringLiteral("there is no htb qdisc %1 on %2 for this class")
                                 .arg(classId->qdiscPart().toString(), tree.target()));
        if (verb == Verb::Add && existing)
            c.failAt(verbAt, QStringLiteral("class %1 already exists; use change or replace").arg(classId->toString()));
        if (node.parent.major() != classId->major() || (node.parent.minor() != 0 && !tree.findClass(node.parent)))
            c.failAt(verbAt, QStringLiteral("there is no parent %1 for class %2 on %3 (the kernel refuses: create "
                                            "the parent first)")
                                 .arg(node.parent.toString(), classId->toString(), tree.target()));
        if (existing) {
            existing->params = node.params;
        } else {
            if (verb == Verb::Change)
                warn(c, verbAt, QStringLiteral("there is no class %1 to change on %2; read as add")
                                    .arg(classId->toString(), tree.target()));
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
                c.fail(QStringLiteral("parent is given twice"));
            parentSeen = true;
            filter.parent = parent;
        };
        while (!c.atEnd() && !kindSeen) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"dev") {
                device = readDevice(c, device);
            } else if (word == u"root") {
                c.failAt(at, QStringLiteral("give the qdisc the filter attaches to: \"parent 1:\""));
            } else if (word == u"ingress") {
                setParent(TcHandle(0xFFFFFFF2u));
            } else if (word == u"egress") {
                setParent(TcHandle(0xFFFFFFF3u));
            } else if (word == u"parent") {
                const QStringView v = c.value(u"parent");
                setParent(require(c, TcHandle::parseClassId(v), QStringLiteral("not a parent id; write it like 1: or ffff:")));
            } else if (word == u"handle") {
                handleAt = c.position();
                handleText = c.value(u"handle").toString();
            } else if (matches(word, u"preference") || matches(word, u"priority")) {
                if (prioSeen)
                    c.failAt(at, QStringLiteral("prio is given twice"));
                prioSeen = true;
                const QStringView v = c.value(word);
                const auto prio = TcUnits::parseU32(v, 0);
                if (!prio || *prio > 0xFFFF)
                    c.fail(QStringLiteral("prio must be 0…65535"));
                filter.prio = quint16(*prio);
            } else if (matches(word, u"protocol")) {
                if (protocolSeen)
                    c.failAt(at, QStringLiteral("protocol is given twice"));
                protocolSeen = true;
                const QStringView v = c.value(u"protocol");
                filter.protocol = require(c, EtherType::fromName(v), QStringLiteral("unknown protocol; use ip, ipv6, all, arp or a number"));
            } else if (word == u"u32") {
                kindSeen = true;
            } else if (matches(word, u"block") || matches(word, u"chain") || matches(word, u"estimator")) {
                c.failAt(at, QStringLiteral("\"%1\" is not supported by Qdisc Studio yet").arg(word));
            } else {
                c.failAt(at, QStringLiteral("unknown filter kind; Qdisc Studio edits u32 filters"));
            }
        }
        if (device.isEmpty())
            c.failAt(verbAt, QStringLiteral("no device: add \"dev NAME\""));
        if (!parentSeen)
            c.failAt(verbAt, QStringLiteral("no parent: add \"parent 1:\" (or \"parent ffff:\" for ingress)"));
        if (!handleText.isEmpty()) {
            filter.handle = u32HandleFromString(handleText);
            if (!filter.handle)
                c.failAt(handleAt, QStringLiteral("not a u32 handle; write it like 800::800"));
        }
        QdiscTree &tree = treeFor(netns, device);
        if (verb == Verb::Delete) {
            while (!c.atEnd())
                c.next();
            tree.filters.removeIf([&](const U32Filter &f) {
                return f.parent == filter.parent && (!prioSeen || f.prio == filter.prio) &&
                       (!protocolSeen || f.protocol == filter.protocol) && (!filter.handle || f.handle == filter.handle);
            });
            return;
        }
        if (!kindSeen)
            c.failAt(verbAt, QStringLiteral("no filter kind: add \"u32 match …\""));
        parseU32Options(c, filter);
        if (!tree.filterOwner(filter.parent))
            c.failAt(verbAt, QStringLiteral("there is no qdisc %1 on %2 to attach the filter to (the kernel refuses: "
                                            "create it first)")
                                 .arg(filter.parent.toString(), tree.target()));
        if (filter.flowId.isUnspec() && !filter.action)
            c.fail(QStringLiteral("the filter needs a flowid (the class to send traffic to) or an action"));

        const auto same = [&](const U32Filter &f) {
            return f.parent == filter.parent && f.prio == filter.prio && f.prio != 0 && f.handle == filter.handle;
        };
        const auto existing = std::find_if(tree.filters.begin(), tree.filters.end(), same);
        if (verb == Verb::Add) {
            if (existing != tree.filters.end() && filter.handle)
                c.failAt(verbAt, QStringLiteral("a filter with this prio and handle already exists; use replace"));
            tree.filters.append(filter);
        } else if (existing != tree.filters.end()) {
            *existing = filter;
        } else {
            tree.filters.append(filter);
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
                    c.failAt(at, QStringLiteral("flowid is given twice"));
                flowSeen = true;
                const QStringView v = c.value(word);
                filter.flowId = require(c, TcHandle::parseClassId(v), QStringLiteral("not a class id; write it like 1:10"));
            } else if (matches(word, u"action") || matches(word, u"actions")) {
                if (filter.action)
                    c.failAt(at, QStringLiteral("only one action per filter is supported by Qdisc Studio yet"));
                filter.action = parseActionWords(c);
            } else {
                c.failAt(at, QStringLiteral("this u32 option is not supported by Qdisc Studio yet"));
            }
        }
        if (!filter.keys())
            c.fail(QStringLiteral("two matches contradict each other on the same bits"));
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
            *error = tokenErrors.isEmpty() ? QStringLiteral("expected one line of words") : tokenErrors.first().message;
        return std::nullopt;
    }
    const QList<TcWord> &words = commands.first().words;
    try {
        Cursor c(words);
        T value = parse(c);
        if (!c.atEnd())
            c.failAt(c.position(), QStringLiteral("unexpected word"));
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
