// netem: a tc_netem_qopt followed by nested attributes inside TCA_OPTIONS (the layout of
// iproute2's q_netem.c). Built by hand: libnl's writer corrupts the length once correlations or a
// table are set, and it knows nothing of rate, slot, ecn or the loss models (NETLINK-NOTES.md).
#include "netemparts.h"

#include "netlink/pschedclock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <cstring>

namespace qs::NetemParts {

namespace {

bool putTable(nl_msg *msg, int type, const QString &name, QString *error)
{
    const auto table = loadDistribution(name, error);
    if (!table)
        return false;
    return nla_put(msg, type, int(table->size() * sizeof(qint16)), table->constData()) == 0;
}

} // namespace

bool encode(nl_msg *msg, const NetemParams &p, const CodecContext &context, QString *error)
{
    tc_netem_qopt qopt{};
    qopt.limit = p.limit;
    qopt.latency = context.clock->timeToTicks(quint32(p.delayUs));
    qopt.jitter = context.clock->timeToTicks(quint32(p.jitterUs));
    const auto *random = std::get_if<NetemRandomLoss>(&p.loss);
    qopt.loss = random ? random->probability.scaled() : 0;
    qopt.gap = p.gap;
    qopt.duplicate = p.duplicate.probability.scaled();

    nlattr *options = static_cast<nlattr *>(nla_reserve(msg, TCA_OPTIONS, sizeof(qopt)));
    if (!options)
        return false;
    std::memcpy(nla_data(options), &qopt, sizeof(qopt));

    // The complete set every time: on change the kernel keeps whatever is not sent.
    const tc_netem_corr corr{p.delayCorrelation.scaled(), random ? random->correlation.scaled() : 0,
                             p.duplicate.correlation.scaled()};
    const tc_netem_reorder reorder{p.reorder.probability.scaled(), p.reorder.correlation.scaled()};
    const tc_netem_corrupt corrupt{p.corrupt.probability.scaled(), p.corrupt.correlation.scaled()};
    const quint32 ecn = p.ecn ? 1 : 0;
    tc_netem_slot slot{};
    if (p.slot.enabled) {
        slot.min_delay = p.slot.distribution ? 0 : p.slot.minDelayNs;
        slot.max_delay = p.slot.distribution ? 0 : p.slot.maxDelayNs;
        slot.dist_delay = p.slot.distribution ? p.slot.distDelayNs : 0;
        slot.dist_jitter = p.slot.distribution ? p.slot.distJitterNs : 0;
        slot.max_packets = p.slot.maxPackets;
        slot.max_bytes = p.slot.maxBytes;
    }
    if (nla_put(msg, TCA_NETEM_CORR, sizeof(corr), &corr) || nla_put(msg, TCA_NETEM_REORDER, sizeof(reorder), &reorder) ||
        nla_put(msg, TCA_NETEM_ECN, sizeof(ecn), &ecn) || nla_put(msg, TCA_NETEM_CORRUPT, sizeof(corrupt), &corrupt) ||
        nla_put(msg, TCA_NETEM_SLOT, sizeof(slot), &slot))
        return false;

    if (const auto *state = std::get_if<NetemStateLoss>(&p.loss)) {
        nlattr *nest = nla_nest_start(msg, TCA_NETEM_LOSS | NLA_F_NESTED);
        const tc_netem_gimodel gi{state->p13.scaled(), state->p31.scaled(), state->p32.scaled(), state->p14.scaled(),
                                  state->p23.scaled()};
        if (!nest || nla_put(msg, NETEM_LOSS_GI, sizeof(gi), &gi))
            return false;
        nla_nest_end(msg, nest);
    } else if (const auto *ge = std::get_if<NetemGilbertElliottLoss>(&p.loss)) {
        nlattr *nest = nla_nest_start(msg, TCA_NETEM_LOSS | NLA_F_NESTED);
        // tc's "1-h" becomes the kernel's h; "1-k" is stored as it is (k1).
        const tc_netem_gemodel model{ge->p.scaled(), ge->r.scaled(), ge->oneMinusH.complement().scaled(), ge->oneMinusK.scaled()};
        if (!nest || nla_put(msg, NETEM_LOSS_GE, sizeof(model), &model))
            return false;
        nla_nest_end(msg, nest);
    }

    tc_netem_rate rate{};
    const quint64 rate64 = p.rate.bytesPerSecond;
    rate.rate = rate64 >= (1ULL << 32) ? ~0U : quint32(rate64);
    rate.packet_overhead = p.rate.packetOverhead;
    rate.cell_size = p.rate.cellSize;
    rate.cell_overhead = p.rate.cellOverhead;
    if (rate64 >= (1ULL << 32) && nla_put_u64(msg, TCA_NETEM_RATE64, rate64))
        return false;
    if (nla_put(msg, TCA_NETEM_RATE, sizeof(rate), &rate))
        return false;

    if (p.distribution != NetemDistribution::Uniform && !putTable(msg, TCA_NETEM_DELAY_DIST, netemDistributionName(p.distribution), error))
        return false;
    if (p.slot.enabled && p.slot.distribution && !putTable(msg, TCA_NETEM_SLOT_DIST, netemDistributionName(*p.slot.distribution), error))
        return false;

    // The outer attribute covers the struct and every nested attribute after it.
    options->nla_len = quint16(reinterpret_cast<char *>(nlmsg_tail(nlmsg_hdr(msg))) - reinterpret_cast<char *>(options));
    return true;
}

std::optional<NetemParams> decode(const nlattr *options)
{
    if (!options || nla_len(options) < int(sizeof(tc_netem_qopt)))
        return std::nullopt;
    tc_netem_qopt qopt;
    std::memcpy(&qopt, nla_data(options), sizeof(qopt));
    nlattr *tb[TCA_NETEM_MAX + 1] = {};
    const int offset = NLA_ALIGN(int(sizeof(qopt)));
    if (nla_len(options) > offset) {
        auto *first = reinterpret_cast<nlattr *>(static_cast<char *>(nla_data(options)) + offset);
        if (nla_parse(tb, TCA_NETEM_MAX, first, nla_len(options) - offset, nullptr) < 0)
            return std::nullopt;
    }
    const auto ticksToUs = [](quint32 ticks) { return (quint64(ticks) * 64 + 500) / 1000; };
    const auto nsToUs = [](qint64 ns) { return quint64((ns + 500) / 1000); };
    const auto get = [&](int type, auto *out) {
        if (!tb[type] || nla_len(tb[type]) < int(sizeof(*out)))
            return false;
        std::memcpy(out, nla_data(tb[type]), sizeof(*out));
        return true;
    };

    NetemParams p;
    p.limit = qopt.limit;
    qint64 ns = 0;
    p.delayUs = get(TCA_NETEM_LATENCY64, &ns) ? nsToUs(ns) : ticksToUs(qopt.latency);
    p.jitterUs = get(TCA_NETEM_JITTER64, &ns) ? nsToUs(ns) : ticksToUs(qopt.jitter);
    p.gap = qopt.gap;
    p.duplicate.probability = Probability::fromScaled(qopt.duplicate);

    tc_netem_corr corr{};
    get(TCA_NETEM_CORR, &corr);
    p.delayCorrelation = Probability::fromScaled(corr.delay_corr);
    p.duplicate.correlation = Probability::fromScaled(corr.dup_corr);

    tc_netem_reorder reorder{};
    if (get(TCA_NETEM_REORDER, &reorder))
        p.reorder = {Probability::fromScaled(reorder.probability), Probability::fromScaled(reorder.correlation)};
    tc_netem_corrupt corrupt{};
    if (get(TCA_NETEM_CORRUPT, &corrupt))
        p.corrupt = {Probability::fromScaled(corrupt.probability), Probability::fromScaled(corrupt.correlation)};
    quint32 ecn = 0;
    p.ecn = get(TCA_NETEM_ECN, &ecn) && ecn != 0;

    tc_netem_rate rate{};
    if (get(TCA_NETEM_RATE, &rate)) {
        quint64 rate64 = 0;
        p.rate.bytesPerSecond = get(TCA_NETEM_RATE64, &rate64) ? rate64 : rate.rate;
        p.rate.packetOverhead = rate.packet_overhead;
        p.rate.cellSize = rate.cell_size;
        p.rate.cellOverhead = rate.cell_overhead;
    }

    tc_netem_slot slot{};
    if (get(TCA_NETEM_SLOT, &slot)) {
        // The kernel does not report which table a slot distribution uses: the model cannot say it.
        if (slot.dist_jitter != 0)
            return std::nullopt;
        p.slot.enabled = true;
        p.slot.minDelayNs = slot.min_delay;
        p.slot.maxDelayNs = slot.max_delay;
        p.slot.maxPackets = slot.max_packets;
        p.slot.maxBytes = slot.max_bytes;
    }

    if (tb[TCA_NETEM_LOSS]) {
        nlattr *loss[NETEM_LOSS_MAX + 1] = {};
        if (nla_parse_nested(loss, NETEM_LOSS_MAX, tb[TCA_NETEM_LOSS], nullptr) < 0)
            return std::nullopt;
        tc_netem_gimodel gi{};
        tc_netem_gemodel ge{};
        if (loss[NETEM_LOSS_GI] && nla_len(loss[NETEM_LOSS_GI]) >= int(sizeof(gi))) {
            std::memcpy(&gi, nla_data(loss[NETEM_LOSS_GI]), sizeof(gi));
            p.loss = NetemStateLoss{Probability::fromScaled(gi.p13), Probability::fromScaled(gi.p31), Probability::fromScaled(gi.p32),
                                    Probability::fromScaled(gi.p23), Probability::fromScaled(gi.p14)};
        } else if (loss[NETEM_LOSS_GE] && nla_len(loss[NETEM_LOSS_GE]) >= int(sizeof(ge))) {
            std::memcpy(&ge, nla_data(loss[NETEM_LOSS_GE]), sizeof(ge));
            p.loss = NetemGilbertElliottLoss{Probability::fromScaled(ge.p), Probability::fromScaled(ge.r),
                                             Probability::fromScaled(ge.h).complement(), Probability::fromScaled(ge.k1)};
        }
    }
    if (std::holds_alternative<std::monostate>(p.loss) && (qopt.loss != 0 || corr.loss_corr != 0))
        p.loss = NetemRandomLoss{Probability::fromScaled(qopt.loss), Probability::fromScaled(corr.loss_corr)};
    return p;
}


/* TRANSLATOR qs::NetemParts

   Problems while turning a netem qdisc into a netlink request: a missing distribution table (a file
   such as normal.dist from the iproute2 package).
*/

std::optional<QList<qint16>> loadDistribution(const QString &name, QString *error)
{
    struct Messages
    {
        Q_DECLARE_TR_FUNCTIONS(qs::NetemParts)
    };
    // iproute2's lib dir; never the working directory (libnl looks there, unsafe in a root helper).
    QStringList dirs;
    const QByteArray custom = qgetenv("TC_LIB_DIR");
    if (!custom.isEmpty())
        dirs.append(QFile::decodeName(custom));
    dirs << QStringLiteral("/usr/lib/x86_64-linux-gnu/tc") << QStringLiteral("/usr/lib/tc") << QStringLiteral("/usr/lib64/tc");
    for (const QString &dir : std::as_const(dirs)) {
        QFile file(QDir(dir).filePath(name + QStringLiteral(".dist")));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        QList<qint16> table;
        while (!file.atEnd()) {
            const QByteArray line = file.readLine();
            if (line.startsWith('#') || line.trimmed().isEmpty())
                continue;
            for (const QByteArray &word : line.simplified().split(' ')) {
                bool ok = false;
                const int value = word.toInt(&ok, 0);
                if (!ok || value < -32768 || value > 32767) {
                    *error = Messages::tr("%1: \"%2\" is not a table value").arg(file.fileName(), QString::fromLatin1(word));
                    return std::nullopt;
                }
                table.append(qint16(value));
                if (table.size() > 16384) {
                    *error = Messages::tr("%1: more than 16384 values").arg(file.fileName());
                    return std::nullopt;
                }
            }
        }
        if (table.isEmpty()) {
            *error = Messages::tr("%1 holds no values").arg(file.fileName());
            return std::nullopt;
        }
        return table;
    }
    //: %1 is a table name (normal, pareto, …), %2 the folders searched.
    *error = Messages::tr("no distribution table %1.dist in %2 (Debian package iproute2)").arg(name, dirs.join(QStringLiteral(", ")));
    return std::nullopt;
}

} // namespace qs::NetemParts
