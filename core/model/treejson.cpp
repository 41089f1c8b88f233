#include "treejson.h"

#include "tc/tcimporter.h"
#include "tc/tcunits.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace qs::TreeJson {

using namespace TcUnits;

namespace {

/* TRANSLATOR qs::TreeJson

   Errors in a profile or tree file, each after the path of the value it is about
   ("trees[0].qdiscs[1].params.delay: is required"). JSON keys, the values quoted from the file and
   examples in tc syntax ("10mbit", "100ms", "1:10", "800::800") stay as they are.
*/
/** The translation context of the messages below. */
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(qs::TreeJson)
};

// --- reading ----------------------------------------------------------------------------------

/**
 * Reads one JSON object field by field, recording which keys were used so that leftovers
 * (typos such as "dealy") are reported instead of ignored.
 */
class ObjectReader
{
public:
    ObjectReader(const QJsonValue &value, QString path, QStringList *errors)
        : m_path(std::move(path)), m_errors(errors)
    {
        if (!value.isObject()) {
            error(QString(), Messages::tr("expected an object"));
            m_valid = false;
        }
        m_object = value.toObject();
    }

    bool valid() const { return m_valid; }
    const QString &path() const { return m_path; }
    QString pathOf(const QString &key) const { return m_path.isEmpty() ? key : m_path + u'.' + key; }

    void error(const QString &key, const QString &message)
    {
        const QString where = key.isEmpty() ? m_path : pathOf(key);
        m_errors->append((where.isEmpty() ? QString() : where + QStringLiteral(": ")) + message);
    }

    bool has(const char *key) const { return m_object.contains(QLatin1String(key)); }

    QJsonValue take(const char *key)
    {
        const QString k = QString::fromLatin1(key);
        m_used.insert(k);
        return m_object.value(k);
    }

    std::optional<QString> string(const char *key, bool required = false)
    {
        const QJsonValue v = take(key);
        if (v.isUndefined()) {
            if (required)
                error(QString::fromLatin1(key), Messages::tr("is required"));
            return std::nullopt;
        }
        if (!v.isString()) {
            error(QString::fromLatin1(key), Messages::tr("expected a string"));
            return std::nullopt;
        }
        return v.toString();
    }

    /** A whole number in [min, max]; @p fallback when absent. */
    qint64 integer(const char *key, qint64 fallback, qint64 min, qint64 max)
    {
        const QJsonValue v = take(key);
        if (v.isUndefined())
            return fallback;
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || std::floor(d) != d || d < double(min) || d > double(max)) {
            error(QString::fromLatin1(key), Messages::tr("expected a whole number from %1 to %2").arg(min).arg(max));
            return fallback;
        }
        return qint64(d);
    }

    std::optional<quint32> optionalU32(const char *key)
    {
        if (!has(key)) {
            take(key);
            return std::nullopt;
        }
        return quint32(integer(key, 0, 0, 0xFFFFFFFFLL));
    }

    bool boolean(const char *key, bool fallback = false)
    {
        const QJsonValue v = take(key);
        if (v.isUndefined())
            return fallback;
        if (!v.isBool()) {
            error(QString::fromLatin1(key), Messages::tr("expected true or false"));
            return fallback;
        }
        return v.toBool();
    }

    std::optional<bool> optionalBool(const char *key)
    {
        if (!has(key)) {
            take(key);
            return std::nullopt;
        }
        return boolean(key);
    }

    /** A value in tc's syntax, read with one of TcUnits' parsers. */
    template <typename T, typename Parser>
    T unit(const char *key, T fallback, Parser parse, const QString &example)
    {
        const QJsonValue v = take(key);
        if (v.isUndefined())
            return fallback;
        if (!v.isString()) {
            error(QString::fromLatin1(key), Messages::tr("expected a string with a unit, like \"%1\"").arg(example));
            return fallback;
        }
        // tc reads "" and "%" as 0 %; in a file that is a mistake, not a value.
        const QString text = v.toString();
        const bool hasDigit = std::any_of(text.begin(), text.end(), [](QChar ch) { return ch.isDigit(); });
        const auto parsed = hasDigit ? parse(QStringView(text)) : std::nullopt;
        if (!parsed) {
            error(QString::fromLatin1(key), Messages::tr("\"%1\" is not valid; write it like \"%2\"").arg(v.toString(), example));
            return fallback;
        }
        return *parsed;
    }

    quint64 rate(const char *key, quint64 fallback = 0)
    {
        return unit<quint64>(key, fallback, &parseRate64, QStringLiteral("10mbit"));
    }
    quint32 size(const char *key, quint32 fallback = 0)
    {
        if (take(key).isDouble())
            return quint32(integer(key, fallback, 0, 0xFFFFFFFFLL)); // a plain number is bytes, as in tc
        return unit<quint32>(key, fallback, &parseSize, QStringLiteral("32kb"));
    }
    std::optional<quint32> optionalSize(const char *key)
    {
        if (!has(key)) {
            take(key);
            return std::nullopt;
        }
        return size(key);
    }
    quint32 timeUs(const char *key, quint32 fallback = 0)
    {
        return unit<quint32>(key, fallback, &parseTimeUs, QStringLiteral("100ms"));
    }
    qint64 time64(const char *key, qint64 fallback = 0)
    {
        return unit<qint64>(key, fallback, &parseTime64Ns, QStringLiteral("2ms"));
    }
    Probability percent(const char *key, Probability fallback = Probability())
    {
        return unit<Probability>(key, fallback, &parsePercent, QStringLiteral("1%"));
    }
    /** A percentage as tc's parse_percent() reads it, before netem scales it. */
    double fraction(const char *key, double fallback = 0.0)
    {
        return unit<double>(key, fallback, &parsePercentFraction, QStringLiteral("1%"));
    }
    /** Reports a missing key that tc itself would require. */
    void require(const char *key)
    {
        if (!has(key))
            error(QString::fromLatin1(key), Messages::tr("is required"));
    }

    ObjectReader object(const char *key)
    {
        return ObjectReader(take(key), pathOf(QString::fromLatin1(key)), m_errors);
    }

    /** Reports every key that no reader asked for. */
    void finish()
    {
        if (!m_valid)
            return;
        for (auto it = m_object.begin(); it != m_object.end(); ++it) {
            if (!m_used.contains(it.key()))
                error(it.key(), Messages::tr("unknown key"));
        }
    }

private:
    QJsonObject m_object;
    QString m_path;
    QStringList *m_errors;
    QSet<QString> m_used;
    bool m_valid = true;
};

std::optional<TcHandle> readHandle(ObjectReader &r, const char *key, bool classId, bool required)
{
    const auto text = r.string(key, required);
    if (!text)
        return std::nullopt;
    const auto handle = classId ? TcHandle::parseClassId(*text) : TcHandle::parseQdiscHandle(*text);
    if (!handle)
        r.error(QString::fromLatin1(key), Messages::tr("\"%1\" is not a handle; write it like \"1:\" or \"1:10\"").arg(*text));
    return handle;
}

std::optional<NetemDistribution> readDistribution(ObjectReader &r, const char *key)
{
    const auto name = r.string(key);
    if (!name)
        return std::nullopt;
    const auto d = netemDistributionFromName(*name);
    if (!d)
        r.error(QString::fromLatin1(key), Messages::tr("\"%1\" is not a distribution; use uniform, normal, pareto or paretonormal").arg(*name));
    return d;
}

NetemChance readChance(ObjectReader &parent, const char *key)
{
    NetemChance chance;
    if (!parent.has(key)) {
        parent.take(key);
        return chance;
    }
    ObjectReader r = parent.object(key);
    chance.probability = r.percent("probability");
    chance.correlation = r.percent("correlation");
    r.finish();
    return chance;
}

NetemParams readNetem(ObjectReader &r)
{
    NetemParams p;
    p.limit = quint32(r.integer("limit", NetemParams::DefaultLimit, 0, 0xFFFFFFFFLL));
    p.delayUs = r.timeUs("delay");
    p.jitterUs = r.timeUs("jitter");
    p.delayCorrelation = r.percent("delayCorrelation");
    p.distribution = readDistribution(r, "distribution").value_or(NetemDistribution::Uniform);
    if (r.has("loss")) {
        ObjectReader loss = r.object("loss");
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
            loss.error(QStringLiteral("model"), Messages::tr("\"%1\" is not a loss model; use random, state or gemodel").arg(model));
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
        ObjectReader rate = r.object("rate");
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
        ObjectReader slot = r.object("slot");
        p.slot.enabled = true;
        // Two forms, never mixed: what the other form holds would be silently dropped.
        if (slot.has("distribution") && (slot.has("min") || slot.has("max")))
            slot.error(QStringLiteral("min"), Messages::tr("min/max belong to the fixed form; with a distribution give delay and jitter"));
        if (!slot.has("distribution") && (slot.has("delay") || slot.has("jitter")))
            slot.error(QStringLiteral("delay"), Messages::tr("delay/jitter need a distribution; the fixed form takes min and max"));
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

TbfParams readTbf(ObjectReader &r)
{
    TbfParams p;
    p.rateBytesPerSecond = r.rate("rate");
    p.burstBytes = r.size("burst");
    if (r.has("limit") && r.has("latency"))
        r.error(QStringLiteral("limit"), Messages::tr("give either limit or latency, not both"));
    if (r.has("limit")) {
        p.limitMode = TbfParams::LimitMode::Bytes;
        p.limitBytes = r.size("limit");
        r.take("latency");
    } else {
        p.limitMode = TbfParams::LimitMode::Latency;
        p.latencyUs = r.timeUs("latency");
        r.take("limit");
    }
    p.peakRateBytesPerSecond = r.rate("peakrate");
    p.mtu = r.size("mtu");
    return p;
}

HtbQdiscParams readHtbQdisc(ObjectReader &r)
{
    HtbQdiscParams p;
    if (const auto text = r.string("default")) {
        const auto minor = parseU32(*text, 16);
        if (!minor || *minor > 0xFFFF)
            r.error(QStringLiteral("default"), Messages::tr("\"%1\" is not a class minor; write it in hex like tc, e.g. \"30\"").arg(*text));
        else
            p.defaultClass = *minor;
    }
    p.r2q = quint32(r.integer("r2q", 10, 0, 0xFFFFFFFFLL)); // tc takes 0; the kernel then uses 1
    p.directQlen = r.optionalU32("directQlen");
    return p;
}

HtbClassParams readHtbClass(ObjectReader &r)
{
    HtbClassParams p;
    p.rateBytesPerSecond = r.rate("rate");
    p.ceilBytesPerSecond = r.rate("ceil", p.rateBytesPerSecond);
    if (p.ceilBytesPerSecond == 0)
        p.ceilBytesPerSecond = p.rateBytesPerSecond; // tc's reading of "ceil 0": the same as the rate
    p.burstBytes = r.optionalSize("burst");
    p.cburstBytes = r.optionalSize("cburst");
    p.prio = quint32(r.integer("prio", 0, 0, 0xFFFFFFFFLL));
    p.quantum = quint32(r.integer("quantum", 0, 0, 0xFFFFFFFFLL));
    p.mtu = quint32(r.integer("mtu", HtbClassParams::DefaultMtu, 0, 0xFFFFFFFFLL));
    p.overhead = quint16(r.integer("overhead", 0, 0, 0xFFFF));
    return p;
}

SfqParams readSfq(ObjectReader &r)
{
    SfqParams p;
    p.perturbSeconds = int(r.integer("perturb", 0, INT32_MIN, INT32_MAX));
    p.quantum = r.size("quantum");
    p.limit = quint32(r.integer("limit", 0, 0, 0xFFFFFFFFLL));
    p.divisor = quint32(r.integer("divisor", 0, 0, 0xFFFFFFFFLL));
    p.flows = quint32(r.integer("flows", 0, 0, 0xFFFFFFFFLL));
    p.depth = quint32(r.integer("depth", 0, 0, 0xFFFFFFFFLL));
    p.headdrop = r.boolean("headdrop");
    return p;
}

FqCodelParams readFqCodel(ObjectReader &r)
{
    FqCodelParams p;
    p.limit = quint32(r.integer("limit", 0, 0, 0xFFFFFFFFLL));
    p.flows = quint32(r.integer("flows", 0, 0, 0xFFFFFFFFLL));
    p.quantum = quint32(r.integer("quantum", 0, 0, 0xFFFFFFFFLL));
    p.targetUs = r.timeUs("target");
    p.intervalUs = r.timeUs("interval");
    if (r.has("ceThreshold"))
        p.ceThresholdUs = r.timeUs("ceThreshold");
    else
        r.take("ceThreshold");
    p.memoryLimit = r.size("memoryLimit");
    p.dropBatch = quint32(r.integer("dropBatch", 0, 0, 0xFFFFFFFFLL));
    p.ecn = r.optionalBool("ecn");
    return p;
}

PrioParams readPrio(ObjectReader &r)
{
    PrioParams p;
    p.bands = int(r.integer("bands", 3, PrioParams::MinBands, PrioParams::MaxBands));
    const QJsonValue map = r.take("priomap");
    if (!map.isUndefined()) {
        const QJsonArray array = map.toArray();
        if (!map.isArray() || array.size() != 16) {
            r.error(QStringLiteral("priomap"), Messages::tr("expected 16 band numbers"));
        } else {
            for (int i = 0; i < 16; ++i) {
                const int band = array[i].toInt(-1);
                if (band < 0 || band >= p.bands)
                    r.error(QStringLiteral("priomap[%1]").arg(i), Messages::tr("expected a band from 0 to %1").arg(p.bands - 1));
                else
                    p.priomap[size_t(i)] = quint8(band);
            }
        }
    }
    return p;
}

QdiscParams readQdiscParams(QdiscKind kind, ObjectReader &r)
{
    switch (kind) {
    case QdiscKind::Netem:
        return readNetem(r);
    case QdiscKind::Tbf:
        return readTbf(r);
    case QdiscKind::Htb:
        return readHtbQdisc(r);
    case QdiscKind::Sfq:
        return readSfq(r);
    case QdiscKind::FqCodel:
        return readFqCodel(r);
    case QdiscKind::Pfifo:
        return PfifoParams{r.optionalU32("limit")};
    case QdiscKind::Bfifo:
        return BfifoParams{r.optionalSize("limit")};
    case QdiscKind::Prio:
        return readPrio(r);
    case QdiscKind::Ingress:
    case QdiscKind::Clsact:
    case QdiscKind::Foreign: // read from "foreign": true, never from a kind name
        break;
    }
    return defaultQdiscParams(kind);
}

/** Iterates an optional array member, handing each element's path to @p read. */
template <typename Read>
void forEachIn(ObjectReader &r, const char *key, Read read)
{
    const QJsonValue v = r.take(key);
    if (v.isUndefined())
        return;
    if (!v.isArray()) {
        r.error(QString::fromLatin1(key), Messages::tr("expected an array"));
        return;
    }
    const QJsonArray array = v.toArray();
    for (qsizetype i = 0; i < array.size(); ++i)
        read(array[i], r.pathOf(QString::fromLatin1(key)) + QStringLiteral("[%1]").arg(i));
}

// --- writing ----------------------------------------------------------------------------------

QJsonObject chanceToJson(const NetemChance &chance)
{
    QJsonObject o{{QStringLiteral("probability"), formatPercent(chance.probability)}};
    if (!chance.correlation.isZero())
        o.insert(QStringLiteral("correlation"), formatPercent(chance.correlation));
    return o;
}

QJsonObject netemToJson(const NetemParams &p)
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

QJsonObject tbfToJson(const TbfParams &p)
{
    QJsonObject o{{QStringLiteral("rate"), formatRate(p.rateBytesPerSecond)},
                  {QStringLiteral("burst"), formatSize(p.burstBytes)}};
    if (p.limitMode == TbfParams::LimitMode::Bytes)
        o.insert(QStringLiteral("limit"), formatSize(p.limitBytes));
    else
        o.insert(QStringLiteral("latency"), formatTimeUs(p.latencyUs));
    if (p.peakRateBytesPerSecond)
        o.insert(QStringLiteral("peakrate"), formatRate(p.peakRateBytesPerSecond));
    if (p.mtu)
        o.insert(QStringLiteral("mtu"), formatSize(p.mtu));
    return o;
}

QJsonObject htbQdiscToJson(const HtbQdiscParams &p)
{
    QJsonObject o;
    if (p.defaultClass)
        o.insert(QStringLiteral("default"), QString::number(p.defaultClass, 16));
    if (p.r2q != 10)
        o.insert(QStringLiteral("r2q"), double(p.r2q));
    if (p.directQlen)
        o.insert(QStringLiteral("directQlen"), double(*p.directQlen));
    return o;
}

QJsonObject sfqToJson(const SfqParams &p)
{
    QJsonObject o;
    if (p.perturbSeconds)
        o.insert(QStringLiteral("perturb"), p.perturbSeconds);
    if (p.quantum)
        o.insert(QStringLiteral("quantum"), formatSize(p.quantum));
    if (p.limit)
        o.insert(QStringLiteral("limit"), double(p.limit));
    if (p.divisor)
        o.insert(QStringLiteral("divisor"), double(p.divisor));
    if (p.flows)
        o.insert(QStringLiteral("flows"), double(p.flows));
    if (p.depth)
        o.insert(QStringLiteral("depth"), double(p.depth));
    if (p.headdrop)
        o.insert(QStringLiteral("headdrop"), true);
    return o;
}

QJsonObject fqCodelToJson(const FqCodelParams &p)
{
    QJsonObject o;
    if (p.limit)
        o.insert(QStringLiteral("limit"), double(p.limit));
    if (p.flows)
        o.insert(QStringLiteral("flows"), double(p.flows));
    if (p.quantum)
        o.insert(QStringLiteral("quantum"), double(p.quantum));
    if (p.targetUs)
        o.insert(QStringLiteral("target"), formatTimeUs(p.targetUs));
    if (p.intervalUs)
        o.insert(QStringLiteral("interval"), formatTimeUs(p.intervalUs));
    if (p.ceThresholdUs)
        o.insert(QStringLiteral("ceThreshold"), formatTimeUs(*p.ceThresholdUs));
    if (p.memoryLimit)
        o.insert(QStringLiteral("memoryLimit"), formatSize(p.memoryLimit));
    if (p.dropBatch)
        o.insert(QStringLiteral("dropBatch"), double(p.dropBatch));
    if (p.ecn)
        o.insert(QStringLiteral("ecn"), *p.ecn);
    return o;
}

QJsonObject prioToJson(const PrioParams &p)
{
    QJsonObject o;
    if (p.bands != 3)
        o.insert(QStringLiteral("bands"), p.bands);
    if (p.priomap != PrioParams::DefaultPriomap) {
        QJsonArray map;
        for (quint8 band : p.priomap)
            map.append(int(band));
        o.insert(QStringLiteral("priomap"), map);
    }
    return o;
}

} // namespace

QJsonObject qdiscParamsToJson(const QdiscParams &params)
{
    return std::visit(
        [](const auto &p) -> QJsonObject {
            using T = std::decay_t<decltype(p)>;
            if constexpr (std::is_same_v<T, NetemParams>)
                return netemToJson(p);
            else if constexpr (std::is_same_v<T, TbfParams>)
                return tbfToJson(p);
            else if constexpr (std::is_same_v<T, HtbQdiscParams>)
                return htbQdiscToJson(p);
            else if constexpr (std::is_same_v<T, SfqParams>)
                return sfqToJson(p);
            else if constexpr (std::is_same_v<T, FqCodelParams>)
                return fqCodelToJson(p);
            else if constexpr (std::is_same_v<T, PfifoParams>)
                return p.limitPackets ? QJsonObject{{QStringLiteral("limit"), double(*p.limitPackets)}} : QJsonObject();
            else if constexpr (std::is_same_v<T, BfifoParams>)
                return p.limitBytes ? QJsonObject{{QStringLiteral("limit"), formatSize(*p.limitBytes)}} : QJsonObject();
            else if constexpr (std::is_same_v<T, PrioParams>)
                return prioToJson(p);
            else
                return QJsonObject();
        },
        params);
}

QJsonObject classParamsToJson(const HtbClassParams &p)
{
    QJsonObject o{{QStringLiteral("rate"), formatRate(p.rateBytesPerSecond)},
                  {QStringLiteral("ceil"), formatRate(p.effectiveCeil())}};
    if (p.burstBytes)
        o.insert(QStringLiteral("burst"), formatSize(*p.burstBytes));
    if (p.cburstBytes)
        o.insert(QStringLiteral("cburst"), formatSize(*p.cburstBytes));
    if (p.prio)
        o.insert(QStringLiteral("prio"), double(p.prio));
    if (p.quantum)
        o.insert(QStringLiteral("quantum"), double(p.quantum));
    if (p.mtu != HtbClassParams::DefaultMtu)
        o.insert(QStringLiteral("mtu"), double(p.mtu));
    if (p.overhead)
        o.insert(QStringLiteral("overhead"), p.overhead);
    return o;
}

QJsonObject toJson(const QdiscTree &tree)
{
    QJsonObject o;
    if (!tree.device.isEmpty())
        o.insert(QStringLiteral("target"), tree.target());
    if (tree.isIfb)
        o.insert(QStringLiteral("ifb"), true);
    QJsonArray qdiscs;
    for (const QdiscNode &q : tree.qdiscs) {
        QJsonObject node{{QStringLiteral("parent"), q.parent.toString()}, {QStringLiteral("kind"), q.kindName()}};
        if (const auto *foreign = std::get_if<ForeignParams>(&q.params)) {
            node.insert(QStringLiteral("foreign"), true);
            node.insert(QStringLiteral("options"), QString::fromLatin1(foreign->options.toBase64()));
        }
        if (!q.handle.isUnspec())
            node.insert(QStringLiteral("handle"), q.handle.toString());
        const QJsonObject params = qdiscParamsToJson(q.params);
        if (!params.isEmpty())
            node.insert(QStringLiteral("params"), params);
        qdiscs.append(node);
    }
    o.insert(QStringLiteral("qdiscs"), qdiscs);
    if (!tree.classes.isEmpty()) {
        QJsonArray classes;
        for (const ClassNode &c : tree.classes)
            classes.append(QJsonObject{{QStringLiteral("classid"), c.classId.toString()},
                                       {QStringLiteral("parent"), c.parent.toString()},
                                       {QStringLiteral("kind"), QStringLiteral("htb")},
                                       {QStringLiteral("params"), classParamsToJson(c.params)}});
        o.insert(QStringLiteral("classes"), classes);
    }
    if (!tree.filters.isEmpty()) {
        QJsonArray filters;
        for (const U32Filter &f : tree.filters) {
            QJsonObject node{{QStringLiteral("parent"), f.parent.toString()},
                             {QStringLiteral("kind"), QStringLiteral("u32")},
                             {QStringLiteral("protocol"), EtherType::name(f.protocol)}};
            if (f.prio)
                node.insert(QStringLiteral("prio"), f.prio);
            if (f.handle)
                node.insert(QStringLiteral("handle"), u32HandleArgument(*f.handle));
            QJsonArray matches;
            for (const U32Match &m : f.matches)
                matches.append(m.toTcWords());
            node.insert(QStringLiteral("matches"), matches);
            if (!f.flowId.isUnspec())
                node.insert(QStringLiteral("flowid"), f.flowId.toString());
            if (f.action)
                node.insert(QStringLiteral("action"), f.action->toTcWords().mid(int(qstrlen("action "))));
            filters.append(node);
        }
        o.insert(QStringLiteral("filters"), filters);
    }
    if (!tree.foreignFilters.isEmpty()) {
        QJsonArray foreign;
        for (const ForeignFilter &f : tree.foreignFilters)
            foreign.append(QJsonObject{{QStringLiteral("parent"), f.parent.toString()},
                                       {QStringLiteral("protocol"), EtherType::name(f.protocol)},
                                       {QStringLiteral("prio"), f.prio},
                                       {QStringLiteral("handle"), double(f.handle)},
                                       {QStringLiteral("kind"), f.kind},
                                       {QStringLiteral("options"), QString::fromLatin1(f.options.toBase64())}});
        o.insert(QStringLiteral("foreignFilters"), foreign);
    }
    return o;
}

std::optional<QdiscTree> fromJson(const QJsonValue &value, const QString &path, QStringList *errors)
{
    const qsizetype errorsBefore = errors->size();
    ObjectReader r(value, path, errors);
    if (!r.valid())
        return std::nullopt;
    QdiscTree tree;
    if (const auto target = r.string("target")) {
        if (!QdiscTree::splitTarget(*target, &tree.netns, &tree.device) || !isValidDeviceName(tree.device) ||
            (!tree.netns.isEmpty() && !isValidNetnsName(tree.netns)))
            r.error(QStringLiteral("target"), Messages::tr("\"%1\" is not a target; write it as IF or NETNS/IF").arg(*target));
    }
    tree.isIfb = r.boolean("ifb");

    forEachIn(r, "qdiscs", [&](const QJsonValue &v, const QString &p) {
        ObjectReader q(v, p, errors);
        if (!q.valid())
            return;
        QdiscNode node;
        node.parent = readHandle(q, "parent", true, true).value_or(TcHandle::root());
        node.handle = readHandle(q, "handle", false, false).value_or(TcHandle());
        const QString kindName = q.string("kind", true).value_or(QString());
        const auto kind = qdiscKindFromName(kindName);
        if (q.boolean("foreign")) {
            // Kept from a kernel read: the options travel as the kernel reported them.
            const auto options = q.string("options").value_or(QString());
            const auto decoded = QByteArray::fromBase64Encoding(options.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded || kindName.isEmpty())
                q.error(QStringLiteral("options"), Messages::tr("a foreign qdisc needs its kind and base64 options"));
            node.params = ForeignParams{kindName, decoded.decoded};
            q.take("params");
        } else if (!kind) {
            if (!kindName.isEmpty())
                q.error(QStringLiteral("kind"), Messages::tr("\"%1\" is not a qdisc kind Qdisc Studio knows").arg(kindName));
            q.take("params");
        } else {
            ObjectReader params(q.has("params") ? q.take("params") : QJsonValue(QJsonObject()), q.pathOf(QStringLiteral("params")), errors);
            node.params = readQdiscParams(*kind, params);
            params.finish();
        }
        q.finish();
        tree.qdiscs.append(node);
    });
    forEachIn(r, "classes", [&](const QJsonValue &v, const QString &p) {
        ObjectReader c(v, p, errors);
        if (!c.valid())
            return;
        ClassNode node;
        node.classId = readHandle(c, "classid", true, true).value_or(TcHandle());
        node.parent = readHandle(c, "parent", true, true).value_or(TcHandle());
        const QString kind = c.string("kind").value_or(QStringLiteral("htb"));
        if (kind != u"htb")
            c.error(QStringLiteral("kind"), Messages::tr("\"%1\": only htb classes are supported").arg(kind));
        ObjectReader params = c.object("params");
        node.params = readHtbClass(params);
        params.finish();
        c.finish();
        tree.classes.append(node);
    });
    forEachIn(r, "filters", [&](const QJsonValue &v, const QString &p) {
        ObjectReader f(v, p, errors);
        if (!f.valid())
            return;
        U32Filter filter;
        filter.parent = readHandle(f, "parent", true, true).value_or(TcHandle());
        const QString kind = f.string("kind").value_or(QStringLiteral("u32"));
        if (kind != u"u32")
            f.error(QStringLiteral("kind"), Messages::tr("\"%1\": only u32 filters are supported").arg(kind));
        if (const auto protocol = f.string("protocol")) {
            const auto parsed = EtherType::fromName(*protocol);
            if (!parsed)
                f.error(QStringLiteral("protocol"), Messages::tr("\"%1\" is not a protocol; use ip, ipv6, all or a number").arg(*protocol));
            else
                filter.protocol = *parsed;
        }
        filter.prio = quint16(f.integer("prio", 0, 0, 0xFFFF));
        if (const auto handle = f.string("handle")) {
            filter.handle = u32HandleFromString(*handle);
            if (!filter.handle)
                f.error(QStringLiteral("handle"), Messages::tr("\"%1\" is not a u32 handle; write it like \"800::800\"").arg(*handle));
        }
        forEachIn(f, "matches", [&](const QJsonValue &mv, const QString &mp) {
            QString error;
            const auto match = mv.isString() ? TcImporter::parseMatch(mv.toString(), &error) : std::nullopt;
            if (!mv.isString())
                errors->append(mp + QStringLiteral(": ") + Messages::tr("expected a string like \"ip dst 198.18.0.0/15\""));
            else if (!match)
                errors->append(mp + QStringLiteral(": ") + error);
            else if (match->mask != 0)
                filter.matches.append(*match);
        });
        filter.flowId = readHandle(f, "flowid", true, false).value_or(TcHandle());
        if (const auto action = f.string("action")) {
            QString error;
            filter.action = TcImporter::parseAction(*action, &error);
            if (!filter.action)
                f.error(QStringLiteral("action"), error);
        }
        f.finish();
        tree.filters.append(filter);
    });
    forEachIn(r, "foreignFilters", [&](const QJsonValue &v, const QString &p) {
        ObjectReader f(v, p, errors);
        if (!f.valid())
            return;
        ForeignFilter filter;
        filter.parent = readHandle(f, "parent", true, true).value_or(TcHandle());
        filter.protocol = EtherType::fromName(f.string("protocol").value_or(QStringLiteral("all"))).value_or(EtherType::All);
        filter.prio = quint16(f.integer("prio", 0, 0, 0xFFFF));
        filter.handle = quint32(f.integer("handle", 0, 0, 0xFFFFFFFFLL));
        filter.kind = f.string("kind", true).value_or(QString());
        const auto decoded = QByteArray::fromBase64Encoding(f.string("options").value_or(QString()).toLatin1(),
                                                            QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            f.error(QStringLiteral("options"), Messages::tr("expected base64"));
        filter.options = decoded.decoded;
        f.finish();
        tree.foreignFilters.append(filter);
    });
    r.finish();
    if (errors->size() != errorsBefore)
        return std::nullopt;
    return tree;
}

bool checkSchemaVersion(const QJsonObject &o, const QString &what, QStringList *errors)
{
    const QJsonValue version = o.value(QStringLiteral("schemaVersion"));
    if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble())) {
        //: %1 says what the file should be: "profile" or "tree document".
        errors->append(QStringLiteral("schemaVersion: ") +
                       Messages::tr("missing or not a whole number; this is not a Qdisc Studio %1").arg(what));
        return false;
    }
    const double number = version.toDouble();
    if (number > SchemaVersion) {
        errors->append(QStringLiteral("schemaVersion: ") +
                       Messages::tr("%1 was written by a newer Qdisc Studio; this version reads %2")
                           .arg(QString::number(number, 'f', 0))
                           .arg(SchemaVersion));
        return false;
    }
    if (number < 1) {
        errors->append(QStringLiteral("schemaVersion: ") + Messages::tr("%1 is not a valid version").arg(QString::number(number, 'f', 0)));
        return false;
    }
    return true;
}

QByteArray toDocument(const QdiscTree &tree)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("schemaVersion"), SchemaVersion}, {QStringLiteral("tree"), toJson(tree)}})
        .toJson(QJsonDocument::Compact);
}

std::optional<QJsonObject> parseObject(const QByteArray &bytes, const QString &expected, QStringList *errors)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        errors->append(Messages::tr("not valid JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString()));
        return std::nullopt;
    }
    if (!document.isObject()) {
        //: %1 says what was wanted: "a JSON object at the top", …
        errors->append(Messages::tr("expected %1").arg(expected));
        return std::nullopt;
    }
    return document.object();
}

std::optional<QdiscTree> fromDocument(const QByteArray &bytes, QStringList *errors)
{
    //: What a tree document must be, after "expected"; the JSON stays as it is.
    const auto parsed = parseObject(bytes, Messages::tr("a JSON object {\"schemaVersion\": 1, \"tree\": {...}}"), errors);
    if (!parsed)
        return std::nullopt;
    const QJsonObject &o = *parsed;
    //: What a file is, in "this is not a Qdisc Studio tree document".
    if (!checkSchemaVersion(o, Messages::tr("tree document"), errors))
        return std::nullopt;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() != u"schemaVersion" && it.key() != u"tree") {
            errors->append(it.key() + QStringLiteral(": ") + Messages::tr("unknown key"));
            return std::nullopt;
        }
    }
    if (!o.contains(QStringLiteral("tree"))) {
        //: After the JSON key "tree: ": the document has no tree.
        errors->append(QStringLiteral("tree: ") + Messages::tr("missing"));
        return std::nullopt;
    }
    return fromJson(o.value(QStringLiteral("tree")), QStringLiteral("tree"), errors);
}

} // namespace qs::TreeJson
