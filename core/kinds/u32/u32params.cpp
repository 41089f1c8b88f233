#include "u32params.h"

#include "kinds/iptext.h"

#include <QtEndian>

#include <bit>

namespace qs {

namespace {

QString ipv6ToString(const std::array<quint32, 4> &words)
{
    IpText::Ipv6 network{};
    for (int i = 0; i < 4; ++i)
        qToBigEndian(words[size_t(i)], network.data() + 4 * i);
    return IpText::ipv6ToText(network);
}

QString hex(quint32 value)
{
    return QStringLiteral("0x") + QString::number(value, 16);
}

quint32 widthMask(int width)
{
    return width == 32 ? 0xFFFFFFFFu : ((1u << width) - 1);
}

/** tc's mask for word @p word of an IPv6 prefix of @p length bits (parse_ip6_addr). */
quint32 ip6WordMask(int length, int word)
{
    const int first = 32 * word;
    if (first + 32 <= length)
        return 0xFFFFFFFFu;
    if (first < length)
        return 0xFFFFFFFFu << (32 - (length - first));
    return 0;
}

struct Placement
{
    int offset;
    qint32 offmask;
};

/** Where tc's parse_ip/parse_ip6/parse_tcp/parse_icmp put a fixed field. */
Placement placementOf(const U32Match &m)
{
    using F = U32Match::Field;
    switch (m.field) {
    case F::IpSrc: return {12, 0};
    case F::IpDst: return {16, 0};
    case F::IpIhl: return {0, 0};
    case F::IpTos: return {1, 0};
    case F::IpNofrag:
    case F::IpFirstfrag:
    case F::IpDf:
    case F::IpMf: return {6, 0};
    case F::IpProtocol: return {9, 0};
    case F::IpSport: return {20, 0};
    case F::IpDport: return {22, 0};
    case F::IpIcmpType: return {20, 0};
    case F::IpIcmpCode: return {21, 0};
    case F::Ip6Priority:
    case F::Ip6Flowlabel: return {0, 0};
    case F::Ip6Protocol: return {6, 0};
    case F::Ip6Src: return {8, 0};
    case F::Ip6Dst: return {24, 0};
    case F::Ip6Sport: return {40, 0};
    case F::Ip6Dport: return {42, 0};
    case F::Ip6IcmpType: return {40, 0};
    case F::Ip6IcmpCode: return {41, 1}; // tc 6.1 sends ip6 icmp_code with offmask 1 (its ip icmp_code no longer)
    case F::TcpSrc:
    case F::UdpSrc: return {0, -1};
    case F::TcpDst:
    case F::UdpDst: return {2, -1};
    case F::IcmpType: return {0, -1};
    case F::IcmpCode: return {1, -1};
    case F::U32:
    case F::U16:
    case F::U8: return {m.offset, m.nexthdr ? -1 : 0};
    case F::Mark: return {0, 0};
    }
    return {m.offset, 0};
}

/** tc's pack_key16/pack_key8: a 16- or 8-bit field shifted to its place in the aligned word. */
U32Key packNarrow(quint32 value, quint32 mask, int width, Placement at)
{
    const int lane = at.offset & 3;
    int shift = 0;
    if (width == 16)
        shift = lane == 0 ? 16 : 0; // pack_key16 only shifts at offset 0 mod 4 (a quirk kept so our keys equal tc's)
    else if (width == 8)
        shift = lane == 0 ? 24 : lane == 1 ? 16 : lane == 2 ? 8 : 0;
    return U32Key{qToBigEndian((value & mask) << shift), qToBigEndian(mask << shift), at.offset & ~3, at.offmask};
}

} // namespace

U32Match U32Match::ipAddress(Field field, quint32 address, int prefixLength)
{
    const quint32 mask = prefixLength <= 0 ? 0u : 0xFFFFFFFFu << (32 - prefixLength);
    return U32Match{field, address & mask, mask, 0, false, {}};
}

U32Match U32Match::ip6Address(Field field, const std::array<quint32, 4> &address, int prefixLength)
{
    U32Match m{field, 0, quint32(std::clamp(prefixLength, 0, 128)), 0, false, {}};
    for (int i = 0; i < 4; ++i)
        m.address6[size_t(i)] = address[size_t(i)] & ip6WordMask(int(m.mask), i);
    return m;
}

U32Match U32Match::masked(Field field, quint32 value, quint32 mask, int offset)
{
    U32Match m{field, value & mask, mask, 0, false, {}};
    if (m.isRaw())
        m.offset = offset;
    return m;
}

U32Match U32Match::flag(Field field)
{
    switch (field) {
    case Field::IpNofrag: return U32Match{field, 0, 0x3FFF, 0, false, {}};
    case Field::IpFirstfrag: return U32Match{field, 0, 0x1FFF, 0, false, {}};
    case Field::IpDf: return U32Match{field, 0x4000, 0x4000, 0, false, {}};
    case Field::IpMf: return U32Match{field, 0x2000, 0x2000, 0, false, {}};
    default: return U32Match{field, 0, 0, 0, false, {}};
    }
}

int U32Match::width() const
{
    using F = Field;
    switch (field) {
    case F::IpSrc:
    case F::IpDst:
    case F::U32:
    case F::Ip6Flowlabel:
    case F::Mark:
        return 32;
    case F::Ip6Src:
    case F::Ip6Dst:
        return 128;
    case F::IpSport:
    case F::IpDport:
    case F::U16:
    case F::IpNofrag:
    case F::IpFirstfrag:
    case F::IpDf:
    case F::IpMf:
    case F::Ip6Sport:
    case F::Ip6Dport:
    case F::TcpSrc:
    case F::TcpDst:
    case F::UdpSrc:
    case F::UdpDst:
        return 16;
    case F::IpProtocol:
    case F::IpTos:
    case F::U8:
    case F::IpIhl:
    case F::IpIcmpType:
    case F::IpIcmpCode:
    case F::Ip6Priority:
    case F::Ip6Protocol:
    case F::Ip6IcmpType:
    case F::Ip6IcmpCode:
    case F::IcmpType:
    case F::IcmpCode:
        return 8;
    }
    return 32;
}

int U32Match::prefixLength() const
{
    if (field == Field::Ip6Src || field == Field::Ip6Dst)
        return int(mask);
    const int ones = std::popcount(mask);
    const quint32 contiguous = ones == 0 ? 0u : 0xFFFFFFFFu << (32 - ones);
    return contiguous == mask ? ones : -1;
}

QString U32Match::toTcWords() const
{
    using F = Field;
    const auto valueMask = [&](const char *words, bool hexValue = false) {
        return QStringLiteral("%1 %2 %3").arg(QLatin1StringView(words), hexValue ? hex(value) : QString::number(value), hex(mask));
    };
    switch (field) {
    case F::IpSrc:
    case F::IpDst: {
        const QString name = field == F::IpSrc ? QStringLiteral("src") : QStringLiteral("dst");
        // A non-contiguous mask has no prefix spelling: fall back to the raw word.
        if (prefixLength() < 0)
            return QStringLiteral("u32 %1 %2 at %3").arg(hex(value), hex(mask)).arg(field == F::IpSrc ? 12 : 16);
        return QStringLiteral("ip %1 %2/%3").arg(name, IpText::ipv4ToText(value)).arg(prefixLength());
    }
    case F::IpProtocol: return valueMask("ip protocol");
    case F::IpTos: return valueMask("ip tos", true);
    case F::IpIhl: return valueMask("ip ihl", true);
    case F::IpSport: return valueMask("ip sport");
    case F::IpDport: return valueMask("ip dport");
    case F::IpIcmpType: return valueMask("ip icmp_type");
    case F::IpIcmpCode: return valueMask("ip icmp_code");
    case F::IpNofrag: return QStringLiteral("ip nofrag");
    case F::IpFirstfrag: return QStringLiteral("ip firstfrag");
    case F::IpDf: return QStringLiteral("ip df");
    case F::IpMf: return QStringLiteral("ip mf");
    case F::Ip6Src:
    case F::Ip6Dst:
        return QStringLiteral("ip6 %1 %2/%3").arg(field == F::Ip6Src ? u"src" : u"dst", ipv6ToString(address6)).arg(mask);
    case F::Ip6Priority: return valueMask("ip6 priority", true);
    case F::Ip6Protocol: return valueMask("ip6 protocol");
    case F::Ip6Flowlabel: return valueMask("ip6 flowlabel", true);
    case F::Ip6Sport: return valueMask("ip6 sport");
    case F::Ip6Dport: return valueMask("ip6 dport");
    case F::Ip6IcmpType: return valueMask("ip6 icmp_type");
    case F::Ip6IcmpCode: return valueMask("ip6 icmp_code");
    case F::TcpSrc: return valueMask("tcp src");
    case F::TcpDst: return valueMask("tcp dst");
    case F::UdpSrc: return valueMask("udp src");
    case F::UdpDst: return valueMask("udp dst");
    case F::IcmpType: return valueMask("icmp type");
    case F::IcmpCode: return valueMask("icmp code");
    case F::Mark: return valueMask("mark", true);
    case F::U32:
    case F::U16:
    case F::U8: {
        const char *name = field == F::U32 ? "u32" : field == F::U16 ? "u16" : "u8";
        return QStringLiteral("%1 %2 %3 at %4%5")
            .arg(QLatin1StringView(name), hex(value), hex(mask), nexthdr ? QStringLiteral("nexthdr+") : QString())
            .arg(offset);
    }
    }
    return {};
}

QList<U32Key> U32Match::toKeys() const
{
    if (field == Field::Mark)
        return {}; // its own attribute, not a key
    const Placement at = placementOf(*this);
    if (field == Field::Ip6Src || field == Field::Ip6Dst) {
        QList<U32Key> keys;
        for (int i = 0; i < 4; ++i) {
            const quint32 wordMask = ip6WordMask(int(mask), i);
            if (wordMask)
                keys.append(U32Key{qToBigEndian(address6[size_t(i)] & wordMask), qToBigEndian(wordMask), at.offset + 4 * i, at.offmask});
        }
        return keys;
    }
    if (field == Field::Ip6Priority) // parse_ip6_class: the traffic class, 8 bits after the version
        return {U32Key{qToBigEndian((value & mask) << 20), qToBigEndian(mask << 20), 0, 0}};
    if (width() == 32)
        return {U32Key{qToBigEndian(value & mask), qToBigEndian(mask), at.offset, at.offmask}};
    return {packNarrow(value, mask, width(), at)};
}

ValidationIssues U32Match::validate() const
{
    ValidationIssues issues;
    const QString where = QStringLiteral("match %1").arg(toTcWords());
    if (width() < 32 && (value > widthMask(width()) || mask > widthMask(width())))
        issues.append(ValidationIssue::error(where, tr("value and mask must fit %1 bits").arg(width())));
    if ((field == Field::Ip6Src || field == Field::Ip6Dst) && mask > 128)
        issues.append(ValidationIssue::error(where, tr("an IPv6 prefix is 0…128 bits long, not %1").arg(mask)));
    if (isRaw()) {
        if (offset < 0 || offset > 0xFFFF)
            issues.append(ValidationIssue::error(where, tr("offset %1 is out of range 0…65535").arg(offset)));
        else if (width() == 32 && offset % 4 != 0)
            issues.append(ValidationIssue::error(where, tr("a u32 match needs an offset that is a multiple of 4, not %1").arg(offset)));
    }
    return issues;
}

std::optional<U32Match> U32Params::mark() const
{
    for (auto m = matches.crbegin(); m != matches.crend(); ++m) {
        if (m->field == U32Match::Field::Mark)
            return *m;
    }
    return std::nullopt;
}

std::optional<QList<U32Key>> U32Params::keys() const
{
    QList<U32Key> packed;
    for (const U32Match &match : matches) {
        for (const U32Key &key : match.toKeys()) {
            bool merged = false;
            for (U32Key &existing : packed) {
                if (existing.offset != key.offset || existing.offmask != key.offmask)
                    continue;
                if ((existing.value ^ key.value) & (existing.mask & key.mask))
                    return std::nullopt; // two matches want different bits in the same place
                existing.value |= key.value;
                existing.mask |= key.mask;
                merged = true;
                break;
            }
            if (!merged)
                packed.append(key);
        }
    }
    return packed;
}

ValidationIssues U32Params::validate() const
{
    ValidationIssues issues;
    if (divisor) {
        // A table: the kernel takes nothing of a node with it.
        if (*divisor == 0 || *divisor > 256 || (*divisor & (*divisor - 1)))
            issues.append(ValidationIssue::error(QStringLiteral("divisor"),
                                                 tr("a hash table has 1, 2, 4, … or 256 buckets, not %1").arg(*divisor)));
        if (!matches.isEmpty() || hashTable || link || hashMask || offset.any())
            issues.append(ValidationIssue::error(QStringLiteral("divisor"),
                                                 tr("a hash table (divisor) takes no matches, ht, link, hashkey or offset: "
                                                    "those belong to the filters that go in it")));
        return issues;
    }
    for (const U32Match &match : matches)
        issues += match.validate();
    const std::optional<QList<U32Key>> packed = keys();
    if (!packed)
        issues.append(ValidationIssue::error(QStringLiteral("match"),
                                             tr("two matches contradict each other on the same bits; "
                                                "the filter could never match")));
    else if (packed->size() > 128)
        issues.append(ValidationIssue::error(QStringLiteral("match"),
                                             tr("%n key(s); u32 holds at most 128", nullptr, int(packed->size()))));
    if ((hashTable & 0xFFF) != 0)
        issues.append(ValidationIssue::error(QStringLiteral("ht"), tr("\"ht\" names a table and a bucket (HT:BKT), not a filter")));
    if (link && (link & 0xFFFFF) != 0)
        issues.append(ValidationIssue::error(QStringLiteral("link"), tr("\"link\" must be a hash table (HT:), not a bucket or a filter")));
    if (hashMask && !link)
        issues.append(ValidationIssue::warning(QStringLiteral("hashkey"), tr("hashkey picks a bucket of the linked table; without \"link\" it does nothing")));
    if (hashOffset % 4 != 0)
        issues.append(ValidationIssue::error(QStringLiteral("hashkey"), tr("hashkey's offset must be a multiple of 4, not %1").arg(hashOffset)));
    if (offset.at && *offset.at % 2 != 0)
        issues.append(ValidationIssue::error(QStringLiteral("offset"), tr("offset \"at\" must be even, not %1").arg(*offset.at)));
    if (const QString problem = FilterSupport::offloadProblem(offload); !problem.isEmpty())
        issues.append(ValidationIssue::error(QStringLiteral("skip_sw"), problem));
    if (const QString problem = FilterSupport::indevProblem(indev); !problem.isEmpty())
        issues.append(ValidationIssue::error(QStringLiteral("indev"), problem));
    return issues;
}

QString u32HandleToString(quint32 handle)
{
    // The same spelling as iproute2's sprint_u32_handle(): "800::800", "800:", "1:2:3".
    if (handle == 0)
        return QStringLiteral("none");
    const quint32 htid = handle >> 20;
    const quint32 hash = (handle >> 12) & 0xFF;
    const quint32 node = handle & 0xFFF;
    QString text;
    if (htid)
        text += QString::number(htid, 16) + u':';
    if (hash)
        text += QString::number(hash, 16);
    if (node)
        text += u':' + QString::number(node, 16);
    return text;
}

QString u32HandleArgument(quint32 handle)
{
    return QStringLiteral("%1:%2:%3").arg(handle >> 20, 0, 16).arg((handle >> 12) & 0xFF, 0, 16).arg(handle & 0xFFF, 0, 16);
}

std::optional<quint32> u32HandleFromString(QStringView text)
{
    const QList<QStringView> parts = text.split(u':');
    if (parts.size() == 1) {
        // tc takes a bare handle only as 0x-prefixed hex.
        if (!text.startsWith(u"0x"))
            return std::nullopt;
        bool ok = false;
        const uint value = text.mid(2).toUInt(&ok, 16);
        return ok ? std::optional<quint32>(value) : std::nullopt;
    }
    if (parts.size() > 3)
        return std::nullopt;
    const quint32 limits[3] = {0x1000, 0x100, 0x1000};
    quint32 fields[3] = {0, 0, 0};
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (parts[i].isEmpty())
            continue;
        bool ok = false;
        const uint value = parts[i].toUInt(&ok, 16);
        if (!ok || value >= limits[i])
            return std::nullopt;
        fields[i] = value;
    }
    return (fields[0] << 20) | (fields[1] << 12) | fields[2];
}

bool u32IsPrioTableId(quint32 handle)
{
    return (handle >> 20) >= 0x800;
}

} // namespace qs
