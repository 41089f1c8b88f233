#include "tccodec.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

namespace qs::TcCodec {

/* TRANSLATOR qs::TcCodec

   Problems while turning a tree into netlink requests for the kernel: a missing netem distribution
   table (a file such as normal.dist from the iproute2 package), a mirred device that does not exist.
*/

namespace {

/** The translation context of the messages below. */
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcCodec)
};

} // namespace

size_t messageSizeFor(const QdiscParams &params)
{
    const auto *netem = std::get_if<NetemParams>(&params);
    const bool tables = netem && (netem->distribution != NetemDistribution::Uniform || netem->slot.distribution);
    if (tables)
        return 80 * 1024;
    if (const auto *foreign = std::get_if<ForeignParams>(&params))
        return SmallMessage + size_t(foreign->options.size());
    return SmallMessage;
}

bool encodeQdisc(nl_msg *msg, const QdiscParams &params, const Context &context, QString *error)
{
    if (const auto *foreign = std::get_if<ForeignParams>(&params)) {
        // Sent back as it was read: what restoring a tree someone else built needs.
        if (nla_put_string(msg, TCA_KIND, foreign->kind.toLatin1().constData()))
            return false;
        return foreign->options.isEmpty() || nla_put(msg, TCA_OPTIONS, int(foreign->options.size()), foreign->options.constData()) == 0;
    }
    const QByteArray kind = qdiscKindName(static_cast<QdiscKind>(params.index())).toLatin1();
    if (nla_put_string(msg, TCA_KIND, kind.constData()))
        return false;
    return std::visit(
        [&](const auto &p) -> bool {
            using T = std::decay_t<decltype(p)>;
            if constexpr (std::is_same_v<T, NetemParams>)
                return encodeNetem(msg, p, context, error);
            else if constexpr (std::is_same_v<T, TbfParams>)
                return encodeTbf(msg, p, context, error);
            else if constexpr (std::is_same_v<T, HtbQdiscParams>)
                return encodeHtbQdisc(msg, p);
            else if constexpr (std::is_same_v<T, SfqParams>)
                return encodeSfq(msg, p);
            else if constexpr (std::is_same_v<T, FqCodelParams>)
                return encodeFqCodel(msg, p);
            else if constexpr (std::is_same_v<T, PfifoParams>)
                return encodeFifo(msg, p.limitPackets);
            else if constexpr (std::is_same_v<T, BfifoParams>)
                return encodeFifo(msg, p.limitBytes);
            else if constexpr (std::is_same_v<T, PrioParams>)
                return encodePrio(msg, p);
            else
                return true; // ingress and clsact take no options
        },
        params);
}

std::optional<QdiscParams> decodeQdisc(const QString &kind, const nlattr *options, const Context &)
{
    const auto known = qdiscKindFromName(kind);
    if (!known)
        return std::nullopt;
    switch (*known) {
    case QdiscKind::Netem:
        if (auto p = decodeNetem(options))
            return QdiscParams(*p);
        break;
    case QdiscKind::Tbf:
        if (auto p = decodeTbf(options))
            return QdiscParams(*p);
        break;
    case QdiscKind::Htb:
        if (auto p = decodeHtbQdisc(options))
            return QdiscParams(*p);
        break;
    case QdiscKind::Sfq:
        if (auto p = decodeSfq(options))
            return QdiscParams(*p);
        break;
    case QdiscKind::FqCodel:
        if (auto p = decodeFqCodel(options))
            return QdiscParams(*p);
        break;
    case QdiscKind::Pfifo:
        return QdiscParams(PfifoParams{decodeFifo(options)});
    case QdiscKind::Bfifo:
        return QdiscParams(BfifoParams{decodeFifo(options)});
    case QdiscKind::Prio:
        if (auto p = decodePrio(options))
            return QdiscParams(*p);
        break;
    case QdiscKind::Ingress:
        return QdiscParams(IngressParams{});
    case QdiscKind::Clsact:
        return QdiscParams(ClsactParams{});
    case QdiscKind::Foreign:
        break;
    }
    return std::nullopt;
}

std::optional<QList<qint16>> loadDistribution(const QString &name, QString *error)
{
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

tc_ratespec rateSpec(quint64 rate, quint32 mtu, quint16 overhead)
{
    if (mtu == 0)
        mtu = 2047;
    tc_ratespec spec{};
    spec.rate = rate >= (1ULL << 32) ? ~0U : quint32(rate);
    spec.linklayer = TC_LINKLAYER_ETHERNET;
    spec.overhead = overhead;
    while ((mtu >> spec.cell_log) > 255)
        ++spec.cell_log;
    spec.cell_align = -1;
    return spec;
}

quint32 roundestInRange(quint32 low, quint32 high, quint32 preferred)
{
    for (quint32 unit : {1048576u, 1024u, 1000u}) {
        const quint64 candidate = (quint64(low) + unit - 1) / unit * unit;
        if (candidate <= high)
            return quint32(candidate);
    }
    return preferred;
}

} // namespace qs::TcCodec
