#pragma once

#include "model/qdisctree.h"

#include <QString>

#include <functional>
#include <optional>

struct nl_msg;
struct nlattr;
struct tc_ratespec;
struct tc_htb_opt;

namespace qs {

class PschedClock;

/**
 * Per-kind translation between the model and the kernel's TCA_OPTIONS: encode() writes the
 * complete attribute set (netem's change keeps what it is not sent, so nothing is left out),
 * laid out as iproute2 lays it out; decode() reads what a dump returns. decode() returns
 * nullopt when the kernel holds something the model cannot say: the caller then keeps the node
 * as a foreign one instead of rewriting it.
 */
namespace TcCodec {

/** Room for any message but a netem with distribution tables. */
constexpr size_t SmallMessage = 8 * 1024;
/** The netlink message size a qdisc with @p params needs (a distribution table is up to 32 KiB). */
size_t messageSizeFor(const QdiscParams &params);

struct Context
{
    const PschedClock *clock = nullptr;
    /** Interface name → index in the target's namespace (mirred needs the index). */
    std::function<int(const QString &)> ifindex;
    /** Interface index → name, for reading mirred back. */
    std::function<QString(int)> ifname;
};

/** Appends TCA_KIND and TCA_OPTIONS. */
bool encodeQdisc(nl_msg *msg, const QdiscParams &params, const Context &context, QString *error);
bool encodeClass(nl_msg *msg, const HtbClassParams &params, const Context &context, QString *error);
/** Appends TCA_KIND "u32" and its options (selector, classid, actions). */
bool encodeU32(nl_msg *msg, const U32Filter &filter, const Context &context, QString *error);

std::optional<QdiscParams> decodeQdisc(const QString &kind, const nlattr *options, const Context &context);
std::optional<HtbClassParams> decodeHtbClass(const nlattr *options, const Context &context, quint32 r2q);
/** Reads a u32 filter's options; @p isHashTable is set for the kernel's implicit hash-table nodes. */
std::optional<U32Filter> decodeU32(const nlattr *options, const Context &context, bool *isHashTable);

// One function pair per kind (one file each).
bool encodeNetem(nl_msg *msg, const NetemParams &p, const Context &context, QString *error);
std::optional<NetemParams> decodeNetem(const nlattr *options);
bool encodeTbf(nl_msg *msg, const TbfParams &p, const Context &context, QString *error);
std::optional<TbfParams> decodeTbf(const nlattr *options);
bool encodeHtbQdisc(nl_msg *msg, const HtbQdiscParams &p);
std::optional<HtbQdiscParams> decodeHtbQdisc(const nlattr *options);
bool encodeSfq(nl_msg *msg, const SfqParams &p);
std::optional<SfqParams> decodeSfq(const nlattr *options);
bool encodeFqCodel(nl_msg *msg, const FqCodelParams &p);
std::optional<FqCodelParams> decodeFqCodel(const nlattr *options);
bool encodePrio(nl_msg *msg, const PrioParams &p);
std::optional<PrioParams> decodePrio(const nlattr *options);
bool encodeFifo(nl_msg *msg, std::optional<quint32> limit);
/** The fifo limit; the kernel always reports one, so unset only for an empty message. */
std::optional<quint32> decodeFifo(const nlattr *options);

/**
 * A rate as tc fills tc_ratespec (tc_calc_rtable): 32-bit rate (~0 when the 64-bit attribute
 * carries it), Ethernet link layer so the kernel needs no rate table, tc's cell_log for @p mtu
 * (2047 when none is given).
 */
tc_ratespec rateSpec(quint64 rate, quint32 mtu, quint16 overhead = 0);

/** The TCA_HTB_PARMS tc would send for @p params (bursts as tc computes them when unset). */
tc_htb_opt htbClassOptions(const HtbClassParams &params, const PschedClock &clock);

/** Reads iproute2's distribution table @p name.dist from $TC_LIB_DIR or the system's tc lib dir. */
std::optional<QList<qint16>> loadDistribution(const QString &name, QString *error);

/**
 * The byte count in [@p low, @p high] a person most likely typed: the unset default, a multiple of
 * 1024, of 1000, else @p preferred. Used to read back sizes the kernel only keeps as time.
 */
quint32 roundestInRange(quint32 low, quint32 high, quint32 preferred);

} // namespace TcCodec

} // namespace qs
