#pragma once

#include "codeccontext.h"

#include <QByteArray>
#include <QtGlobal>
#include <QJsonObject>
#include <QString>
#include <QStringView>

#include <functional>
#include <optional>

struct tc_ratespec;

namespace qs {

class PschedClock;
class TcArgs;

/** The option bytes @p encode writes, for comparing two parameter sets as the kernel sees them. */
QByteArray encodedBytes(const std::function<bool(nl_msg *)> &encode, std::size_t size = SmallNetlinkMessage);

/**
 * The usual change rule of a kind the kernel changes in place: nothing to do when @p running and
 * @p effective (what the kernel would hold after the change) encode the same, else a change.
 */
template <class K, class P> ChangeRule changeWhenEncodingDiffers(const P &running, const P &effective, const CodecContext &context)
{
    QString ignored;
    const auto bytes = [&](const P &p) {
        return encodedBytes([&](nl_msg *msg) { return K::encode(msg, p, context, &ignored); });
    };
    return bytes(running) == bytes(effective) ? ChangeRule::Same : ChangeRule::InPlace;
}

/**
 * The link layer a shaper counts packets on (tc's linklayer; tc_ratespec.linklayer): Ethernet
 * (bytes as they are), or ATM, where every packet fills whole 53-byte cells of 48 payload bytes
 * (tc's "atm" and "adsl" are the same).
 */
enum class LinkLayer { Ethernet, Atm };

namespace KindSupport {

/**
 * A rate as tc fills tc_ratespec (tc_calc_rtable): 32-bit rate (~0 when the 64-bit attribute
 * carries it), the link layer (Ethernet or ATM: the kernel needs no rate table for either), the
 * overhead and minimum packet unit the kernel adds and rounds up to, tc's cell_log for @p mtu
 * (2047 when none is given).
 */
tc_ratespec rateSpec(quint64 rate, quint32 mtu, quint16 overhead = 0, quint16 mpu = 0, LinkLayer linkLayer = LinkLayer::Ethernet);
/** The link layer a tc_ratespec.linklayer reports (anything but ATM counts bytes as Ethernet). */
LinkLayer linkLayerOf(quint8 linklayer);
/** tc's get_linklayer(): "ethernet", "atm", "adsl" or a prefix tc's matches() takes. */
std::optional<LinkLayer> parseLinkLayer(QStringView word);
/** The word tc prints for @p linkLayer ("ethernet", "atm"). */
QString linkLayerName(LinkLayer linkLayer);

/**
 * RED's averaging constant as tc computes it (tc_red_eval_ewma): the smallest Wlog whose queue
 * average lets @p burst packets of @p avpkt bytes through above @p qmin; nullopt when there is none.
 */
std::optional<int> redEwmaLog(quint32 qmin, quint32 burst, quint32 avpkt);
/** RED's probability slope as tc computes it (tc_red_eval_P); nullopt when qmax <= qmin or none fits. */
std::optional<int> redProbabilityLog(quint32 qmin, quint32 qmax, double probability);
/**
 * RED's idle-time table as tc computes it (tc_red_eval_idle_damping): Scell_log, and in @p stab the
 * 256 bytes of TCA_*_STAB, for a queue that sends @p avpkt bytes at @p rate bytes/s; nullopt when
 * no cell size fits.
 */
std::optional<int> redIdleDamping(int wlog, quint32 avpkt, quint32 rate, const PschedClock &clock, QByteArray *stab = nullptr);
/** tc's RED bandwidth when none is given: 10 Mbit. */
inline constexpr quint32 RedDefaultBandwidth = 1250000;
/**
 * What the kernel keeps of RED is the thresholds, Wlog, Plog, Scell_log and max_P; tc's burst and
 * bandwidth are read back as values that make tc compute the same. The burst (0 when tc's default
 * @p defaultBurst already does) that gives @p wlog for @p qmin and @p avpkt; nullopt when none does.
 */
std::optional<quint32> redBurstForWlog(quint32 qmin, quint32 avpkt, int wlog, quint32 defaultBurst);
/** The bandwidth in bytes/s (0 when tc's default does) that gives @p scellLog; nullopt when none does. */
std::optional<quint32> redBandwidthForScellLog(int wlog, quint32 avpkt, int scellLog, const PschedClock &clock);
/** The value after "probability" as tc's sscanf("%lg") reads it (RED, choke, sfq), canonicalRedProbability(); fails @p args when it is no number. */
double parseRedProbability(TcArgs &args);
/** tc's max_P for a probability (probability × 2³², truncated). */
quint32 redMaxP(double probability);
/** The shortest decimal text of a probability that reads back (strtod) as the same max_P. */
QString redProbabilityText(double probability);
/** The probability as its text reads back (redProbabilityText()): the one value of all that give its max_P, for tc words and JSON alike. */
double canonicalRedProbability(double probability);

/**
 * tc_calc_rtable_64()'s 256 transmit times (TCA_*_RATE, 1024 bytes) for @p spec: what the kernel
 * still asks police for, though it computes with the rate itself (spec's cell_log, mpu and link
 * layer are tc's; the table's cells are mpu-padded and, for ATM, padded to 53-byte cells).
 */
QByteArray rateTable(const tc_ratespec &spec, quint64 rate, const PschedClock &clock);

/**
 * The byte count in [@p low, @p high] a person most likely typed: the unset default, a multiple of
 * 1024, of 1000, else @p preferred. Used to read back sizes the kernel only keeps as time.
 */
quint32 roundestInRange(quint32 low, quint32 high, quint32 preferred);

/** A run of byte counts, both ends included. */
struct SizeRange
{
    quint32 low = 0;
    quint32 high = 0;
};

/**
 * The byte counts in [@p first, @p last] that @p toTicks maps to exactly @p ticks, found by
 * bisection (@p toTicks never decreases with the size); nullopt when none does. How a size the
 * kernel keeps only as transmit time (bursts, buffers) is read back.
 */
std::optional<SizeRange> sizesAtTicks(quint64 first, quint64 last, quint64 ticks, const std::function<quint64(quint32)> &toTicks);
/** The byte counts tc's own conversion (PschedClock::xmitTime(), as for htb's and police's bursts) turns into @p ticks. */
std::optional<SizeRange> tcSizesAtTicks(const PschedClock &clock, quint64 rate, quint32 ticks);

/**
 * Nested attributes that are sent only when set (the AQM kinds: fq_codel, cake, fq, pie, …):
 * a change then keeps every attribute not sent, as the kernel does. One put per width.
 */
bool putU8(nl_msg *msg, int type, const std::optional<quint32> &value);
bool putU16(nl_msg *msg, int type, const std::optional<quint32> &value);
bool putU32(nl_msg *msg, int type, const std::optional<quint32> &value);
bool putS32(nl_msg *msg, int type, const std::optional<qint32> &value);
bool putU64(nl_msg *msg, int type, const std::optional<quint64> &value);
/** A flag attribute (no payload) when @p set. */
bool putFlag(nl_msg *msg, int type, bool set);
/** Reads an attribute of a parsed table, or nullopt when it is absent or too short. */
std::optional<quint32> getU8(nlattr *const *tb, int type);
std::optional<quint32> getU16(nlattr *const *tb, int type);
std::optional<quint32> getU32(nlattr *const *tb, int type);
std::optional<qint32> getS32(nlattr *const *tb, int type);
std::optional<quint64> getU64(nlattr *const *tb, int type);

/** Parses the nest @p options into @p tb (size max + 1); false when it is absent or malformed. */
bool parseNested(nlattr **tb, int max, const nlattr *options);

/** Inserts @p key with @p format(value) when @p value is set: the JSON of optional fields. */
template <class T, class Format> void insertIf(QJsonObject &o, const char *key, const std::optional<T> &value, Format format)
{
    if (value)
        o.insert(QString::fromLatin1(key), format(*value));
}

/** Takes every field of @p wanted that is set, the rest from @p running: what a change leaves. */
template <class T> void keepUnsent(std::optional<T> &wanted, const std::optional<T> &running)
{
    if (!wanted)
        wanted = running;
}

} // namespace KindSupport

} // namespace qs
