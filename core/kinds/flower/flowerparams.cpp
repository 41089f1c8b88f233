// flower's keys in tc's words: how iproute2 6.1's f_flower.c reads and prints each of them, and
// which filter protocol and ip_proto each one needs.
#include "flowerparams.h"

#include "model/filter.h"
#include "tc/tcunits.h"

#include <bit>

namespace qs {

/* TRANSLATOR qs::FlowerParams

   Findings about a flower filter's keys. The key names (dst_ip, ip_proto, vlan_id, …), the
   protocol names (ip, ipv6, 802.1Q, 802.1ad, tcp, udp, sctp, icmp, icmpv6) and skip_hw/skip_sw
   are tc's words: keep them.
*/

namespace {

namespace IpProto {
constexpr quint8 Icmp = 1, Tcp = 6, Udp = 17, Icmpv6 = 58, Sctp = 132;
}

constexpr quint16 EtherTypeQinQ = 0x88A8;

bool isVlanProtocol(quint16 protocol)
{
    return protocol == EtherType::Vlan || protocol == EtherTypeQinQ;
}

bool isIpProtocol(quint16 protocol)
{
    return protocol == EtherType::Ip || protocol == EtherType::Ipv6;
}

bool carriesPorts(std::optional<quint8> ipProto)
{
    return ipProto == IpProto::Tcp || ipProto == IpProto::Udp || ipProto == IpProto::Sctp;
}

/** get_u8(): strtoul in @p base, at most 255. */
std::optional<quint8> parseU8(QStringView text, int base)
{
    const auto value = TcUnits::parseU32(text, base);
    if (!value || *value > 0xFF)
        return std::nullopt;
    return quint8(*value);
}

/** Splits "VALUE/MASK" at the first slash; the mask is nullopt when there is none. */
std::pair<QStringView, std::optional<QStringView>> splitMask(QStringView words)
{
    const qsizetype slash = words.indexOf(u'/');
    if (slash < 0)
        return {words, std::nullopt};
    return {words.left(slash), words.mid(slash + 1)};
}

/**
 * flower_parse_u8() (icmp type and code: value and mask in base 10) and flower_parse_ip_tos_ttl()
 * (the value in base 10, else 16; the mask in base 16). No mask: all eight bits.
 */
std::optional<FlowerMasked8> parseMasked8(QStringView words, bool tosTtl)
{
    const auto [valueText, maskText] = splitMask(words);
    auto value = parseU8(valueText, 10);
    if (!value && tosTtl)
        value = parseU8(valueText, 16);
    if (!value)
        return std::nullopt;
    FlowerMasked8 out{*value, 0xFF};
    if (maskText) {
        const auto mask = parseU8(*maskText, tosTtl ? 16 : 10);
        if (!mask)
            return std::nullopt;
        out.mask = *mask;
    }
    return out;
}

QString masked8ToWords(const FlowerMasked8 &v, bool tosTtl)
{
    QString text = QString::number(v.value);
    if (v.mask != 0xFF)
        text += tosTtl ? QStringLiteral("/0x%1").arg(v.mask, 0, 16) : QStringLiteral("/%1").arg(v.mask);
    return text;
}

/** ll_addr_a2n() for a MAC: six hex bytes separated by colons. */
std::optional<std::array<quint8, 6>> parseMac(QStringView text)
{
    const QList<QStringView> parts = text.split(u':');
    if (parts.size() != 6)
        return std::nullopt;
    std::array<quint8, 6> out{};
    for (int i = 0; i < 6; ++i) {
        if (parts[i].isEmpty() || parts[i].size() > 2)
            return std::nullopt;
        bool ok = false;
        out[i] = quint8(parts[i].toUInt(&ok, 16));
        if (!ok)
            return std::nullopt;
    }
    return out;
}

QString macToText(const std::array<quint8, 6> &mac)
{
    QString text;
    for (quint8 byte : mac)
        text += QStringLiteral("%1:").arg(byte, 2, 16, QLatin1Char('0'));
    text.chop(1);
    return text;
}

/** The number of leading one bits when @p bytes are a contiguous mask (ones, then zeros), else -1. */
template <std::size_t N> int maskBits(const std::array<quint8, N> &bytes)
{
    int bits = 0;
    bool zeroSeen = false;
    for (quint8 byte : bytes) {
        for (int bit = 7; bit >= 0; --bit) {
            if (byte & (1 << bit)) {
                if (zeroSeen)
                    return -1;
                ++bits;
            } else {
                zeroSeen = true;
            }
        }
    }
    return bits;
}

/**
 * flower_parse_eth_addr(): "ADDRESS", "ADDRESS/BITS" (the leading BITS bits) or "ADDRESS/MASK"
 * (a MAC). tc's shift for /0 and for more than 48 bits is not defined in C: refused.
 */
std::optional<FlowerMac> parseMasked(QStringView words)
{
    const auto [addressText, maskText] = splitMask(words);
    const auto address = parseMac(addressText);
    if (!address)
        return std::nullopt;
    FlowerMac out;
    out.address = *address;
    if (!maskText)
        return out;
    if (const auto bits = TcUnits::parseU32(*maskText, 10)) {
        if (*bits < 1 || *bits > 48)
            return std::nullopt;
        const quint64 ones = ~quint64(0) << (64 - *bits);
        for (int i = 0; i < 6; ++i)
            out.mask[i] = quint8(ones >> (56 - 8 * i));
        return out;
    }
    const auto mask = parseMac(*maskText);
    if (!mask)
        return std::nullopt;
    out.mask = *mask;
    return out;
}

QString macWords(const FlowerMac &mac)
{
    QString text = macToText(mac.address);
    const int bits = maskBits(mac.mask);
    if (bits == 48)
        return text;
    // tc prints a prefix as /BITS; it reads /0 in a way C leaves undefined, so that one is a MAC.
    return text + u'/' + (bits > 0 ? QString::number(bits) : macToText(mac.mask));
}

/**
 * flower_parse_port(): "PORT" (base 10), "PORT/MASK" (both in any base) or "MIN-MAX" (base 10,
 * MAX above MIN).
 */
std::optional<FlowerPort> parsePort(QStringView words, QString *why)
{
    if (const qsizetype dash = words.indexOf(u'-'); dash >= 0) {
        const auto min = TcUnits::parseU16(words.left(dash), 10);
        const auto max = TcUnits::parseU16(words.mid(dash + 1), 10);
        if (!min || !max)
            return std::nullopt;
        if (*max <= *min) {
            *why = FlowerParams::tr("the last port of a range must be above the first (tc: max value should be greater than min value)");
            return std::nullopt;
        }
        return FlowerPort{*min, *max, 0xFFFF};
    }
    const auto [valueText, maskText] = splitMask(words);
    const auto value = TcUnits::parseU16(valueText, maskText ? 0 : 10);
    if (!value)
        return std::nullopt;
    FlowerPort out{*value, 0, 0xFFFF};
    if (maskText) {
        const auto mask = TcUnits::parseU16(*maskText, 0);
        if (!mask)
            return std::nullopt;
        out.mask = *mask;
    }
    return out;
}

QString portWords(const FlowerPort &port)
{
    if (port.isRange())
        return QStringLiteral("%1-%2").arg(port.min).arg(port.max);
    if (port.mask != 0xFFFF)
        return QStringLiteral("%1/0x%2").arg(port.min).arg(port.mask, 0, 16);
    return QString::number(port.min);
}

/** flower_parse_ip_proto(): a name (icmp and icmpv6 only for their own network protocol), else a hex number; 6.1 knows no l2tp, esp or ah. */
std::optional<quint8> parseIpProto(QStringView words, quint16 networkProtocol)
{
    if (tcMatches(words, u"tcp"))
        return IpProto::Tcp;
    if (tcMatches(words, u"udp"))
        return IpProto::Udp;
    if (tcMatches(words, u"sctp"))
        return IpProto::Sctp;
    if (tcMatches(words, u"icmp"))
        return networkProtocol == EtherType::Ip ? std::optional<quint8>(IpProto::Icmp) : std::nullopt;
    if (tcMatches(words, u"icmpv6"))
        return networkProtocol == EtherType::Ipv6 ? std::optional<quint8>(IpProto::Icmpv6) : std::nullopt;
    return parseU8(words, 16);
}

QString ipProtoWords(quint8 proto, quint16 networkProtocol)
{
    switch (proto) {
    case IpProto::Tcp: return QStringLiteral("tcp");
    case IpProto::Udp: return QStringLiteral("udp");
    case IpProto::Sctp: return QStringLiteral("sctp");
    case IpProto::Icmp:
        if (networkProtocol == EtherType::Ip)
            return QStringLiteral("icmp");
        break;
    case IpProto::Icmpv6:
        if (networkProtocol == EtherType::Ipv6)
            return QStringLiteral("icmpv6");
        break;
    default: break;
    }
    // tc reads ip_proto numbers in hex; it prints the others so too.
    return QStringLiteral("%1").arg(proto, 2, 16, QLatin1Char('0'));
}

/** get_prefix() in the family of @p networkProtocol: "ADDRESS[/LENGTH]". */
std::optional<FlowerIp> parseIp(QStringView words, quint16 networkProtocol)
{
    const auto prefix = IpText::splitPrefix(words);
    // any/all/default: a prefix of -2 bits, which tc's mask loop shifts by 34 (undefined in C).
    if (!prefix || prefix->address.isEmpty())
        return std::nullopt;
    FlowerIp out;
    out.v6 = networkProtocol == EtherType::Ipv6;
    if (out.v6) {
        const auto address = IpText::parseIpv6(prefix->address);
        if (!address)
            return std::nullopt;
        out.address = *address;
        out.length = 128;
        if (prefix->length) {
            const auto length = TcUnits::parseU32(*prefix->length, 0);
            if (!length || *length > 128)
                return std::nullopt;
            out.length = int(*length);
        }
        return out;
    }
    const auto address = IpText::parseIpv4(prefix->address);
    if (!address)
        return std::nullopt;
    for (int i = 0; i < 4; ++i)
        out.address[i] = quint8(*address >> (24 - 8 * i));
    out.length = 32;
    if (prefix->length) {
        const auto length = IpText::parseIpv4PrefixLength(*prefix->length);
        if (!length)
            return std::nullopt;
        out.length = *length;
    }
    return out;
}

QString ipWords(const FlowerIp &ip)
{
    QString text;
    if (ip.v6) {
        text = IpText::ipv6ToText(ip.address);
    } else {
        text = IpText::ipv4ToText(quint32(ip.address[0]) << 24 | quint32(ip.address[1]) << 16 | quint32(ip.address[2]) << 8
                                  | ip.address[3]);
    }
    if (ip.length < (ip.v6 ? 128 : 32))
        text += u'/' + QString::number(ip.length);
    return text;
}

/** What a key reads in the words after its name, for the keys it depends on (set in @p p). */
QString readKey(FlowerParams &p, FlowerKey key, QStringView words, quint16 protocol)
{
    const quint16 network = p.networkProtocol(protocol);
    const QString name = flowerKeyName(key);
    //: %1 is a flower key such as dst_ip, %2 what it was given.
    const QString illegal = FlowerParams::tr("%1 cannot be \"%2\"").arg(name, words.toString());
    switch (key) {
    case FlowerKey::VlanId: {
        const auto id = TcUnits::parseU16(words, 10);
        if (!id || *id > 4095)
            return FlowerParams::tr("vlan_id is a number from 0 to 4095, not \"%1\"").arg(words.toString());
        p.vlanId = *id;
        return {};
    }
    case FlowerKey::VlanPrio: {
        const auto prio = parseU8(words, 10);
        if (!prio || *prio > 7)
            return FlowerParams::tr("vlan_prio is a number from 0 to 7, not \"%1\"").arg(words.toString());
        p.vlanPrio = *prio;
        return {};
    }
    case FlowerKey::VlanEthType: {
        const auto type = EtherType::fromName(words);
        if (!type)
            return illegal;
        p.vlanEthType = *type;
        return {};
    }
    case FlowerKey::DstMac:
    case FlowerKey::SrcMac: {
        const auto mac = parseMasked(words);
        if (!mac)
            return FlowerParams::tr("%1 is a MAC address, perhaps with /BITS (1 to 48) or /MASK, not \"%2\"").arg(name, words.toString());
        (key == FlowerKey::DstMac ? p.dstMac : p.srcMac) = *mac;
        return {};
    }
    case FlowerKey::IpProto: {
        const auto proto = parseIpProto(words, network);
        if (!proto)
            return FlowerParams::tr("ip_proto is tcp, udp, sctp, icmp (ip), icmpv6 (ipv6) or a number in hex, not \"%1\"")
                .arg(words.toString());
        p.ipProto = *proto;
        return {};
    }
    case FlowerKey::IpTos:
    case FlowerKey::IpTtl: {
        const auto value = parseMasked8(words, true);
        if (!value)
            return FlowerParams::tr("%1 is VALUE[/MASK], 0 to 255 (the mask in hex), not \"%2\"").arg(name, words.toString());
        (key == FlowerKey::IpTos ? p.ipTos : p.ipTtl) = *value;
        return {};
    }
    case FlowerKey::DstIp:
    case FlowerKey::SrcIp: {
        if (!isIpProtocol(network)) {
            // No family to read the address in: keyProblem() names the protocol it needs.
            (key == FlowerKey::DstIp ? p.dstIp : p.srcIp) = FlowerIp{};
            return {};
        }
        const auto ip = parseIp(words, network);
        if (!ip) {
            return network == EtherType::Ipv6
                       ? FlowerParams::tr("%1 is an IPv6 address with an optional /LENGTH (0 to 128), not \"%2\"").arg(name, words.toString())
                       : FlowerParams::tr("%1 is an IPv4 address with an optional /LENGTH (0 to 32) or /MASK, not \"%2\"")
                             .arg(name, words.toString());
        }
        (key == FlowerKey::DstIp ? p.dstIp : p.srcIp) = *ip;
        return {};
    }
    case FlowerKey::DstPort:
    case FlowerKey::SrcPort: {
        QString why;
        const auto port = parsePort(words, &why);
        if (!port)
            return why.isEmpty() ? FlowerParams::tr("%1 is PORT, PORT/MASK or MIN-MAX, not \"%2\"").arg(name, words.toString()) : why;
        (key == FlowerKey::DstPort ? p.dstPort : p.srcPort) = *port;
        return {};
    }
    case FlowerKey::IcmpType:
    case FlowerKey::IcmpCode: {
        const auto value = parseMasked8(words, false);
        if (!value)
            return FlowerParams::tr("%1 is VALUE[/MASK], 0 to 255, not \"%2\"").arg(name, words.toString());
        (key == FlowerKey::IcmpType ? p.icmpType : p.icmpCode) = *value;
        return {};
    }
    }
    return illegal;
}

} // namespace

QLatin1StringView flowerKeyName(FlowerKey key)
{
    static constexpr const char *names[FlowerKeyCount] = {"vlan_id", "vlan_prio", "vlan_ethtype", "dst_mac", "src_mac",
                                                          "ip_proto", "ip_tos", "ip_ttl", "dst_ip", "src_ip",
                                                          "dst_port", "src_port", "type", "code"};
    return QLatin1StringView(names[int(key)]);
}

bool FlowerParams::has(FlowerKey key) const
{
    switch (key) {
    case FlowerKey::VlanId: return vlanId.has_value();
    case FlowerKey::VlanPrio: return vlanPrio.has_value();
    case FlowerKey::VlanEthType: return vlanEthType.has_value();
    case FlowerKey::DstMac: return dstMac.has_value();
    case FlowerKey::SrcMac: return srcMac.has_value();
    case FlowerKey::IpProto: return ipProto.has_value();
    case FlowerKey::IpTos: return ipTos.has_value();
    case FlowerKey::IpTtl: return ipTtl.has_value();
    case FlowerKey::DstIp: return dstIp.has_value();
    case FlowerKey::SrcIp: return srcIp.has_value();
    case FlowerKey::DstPort: return dstPort.has_value();
    case FlowerKey::SrcPort: return srcPort.has_value();
    case FlowerKey::IcmpType: return icmpType.has_value();
    case FlowerKey::IcmpCode: return icmpCode.has_value();
    }
    return false;
}

bool FlowerParams::anyKey() const
{
    for (int k = 0; k < FlowerKeyCount; ++k) {
        if (has(FlowerKey(k)))
            return true;
    }
    return false;
}

quint16 FlowerParams::networkProtocol(quint16 protocol) const
{
    return vlanEthType && isVlanProtocol(protocol) ? *vlanEthType : protocol;
}

QString FlowerParams::keyWords(FlowerKey key, quint16 protocol) const
{
    if (!has(key))
        return {};
    switch (key) {
    case FlowerKey::VlanId: return QString::number(*vlanId);
    case FlowerKey::VlanPrio: return QString::number(*vlanPrio);
    case FlowerKey::VlanEthType: return EtherType::name(*vlanEthType);
    case FlowerKey::DstMac: return macWords(*dstMac);
    case FlowerKey::SrcMac: return macWords(*srcMac);
    case FlowerKey::IpProto: return ipProtoWords(*ipProto, networkProtocol(protocol));
    case FlowerKey::IpTos: return masked8ToWords(*ipTos, true);
    case FlowerKey::IpTtl: return masked8ToWords(*ipTtl, true);
    case FlowerKey::DstIp: return ipWords(*dstIp);
    case FlowerKey::SrcIp: return ipWords(*srcIp);
    case FlowerKey::DstPort: return portWords(*dstPort);
    case FlowerKey::SrcPort: return portWords(*srcPort);
    case FlowerKey::IcmpType: return masked8ToWords(*icmpType, false);
    case FlowerKey::IcmpCode: return masked8ToWords(*icmpCode, false);
    }
    return {};
}

void FlowerParams::clear(FlowerKey key)
{
    switch (key) {
    case FlowerKey::VlanId: vlanId.reset(); break;
    case FlowerKey::VlanPrio: vlanPrio.reset(); break;
    case FlowerKey::VlanEthType: vlanEthType.reset(); break;
    case FlowerKey::DstMac: dstMac.reset(); break;
    case FlowerKey::SrcMac: srcMac.reset(); break;
    case FlowerKey::IpProto: ipProto.reset(); break;
    case FlowerKey::IpTos: ipTos.reset(); break;
    case FlowerKey::IpTtl: ipTtl.reset(); break;
    case FlowerKey::DstIp: dstIp.reset(); break;
    case FlowerKey::SrcIp: srcIp.reset(); break;
    case FlowerKey::DstPort: dstPort.reset(); break;
    case FlowerKey::SrcPort: srcPort.reset(); break;
    case FlowerKey::IcmpType: icmpType.reset(); break;
    case FlowerKey::IcmpCode: icmpCode.reset(); break;
    }
}

QString FlowerParams::setKeyWords(FlowerKey key, QStringView words, quint16 protocol)
{
    FlowerParams changed = *this;
    changed.clear(key);
    if (!words.trimmed().isEmpty()) {
        if (const QString problem = readKey(changed, key, words.trimmed(), protocol); !problem.isEmpty())
            return problem;
        if (const QString problem = changed.keyProblem(key, protocol); !problem.isEmpty())
            return problem;
    }
    *this = changed;
    return {};
}

QString FlowerParams::contextProblem(FlowerKey key, quint16 protocol) const
{
    const quint16 network = networkProtocol(protocol);
    const QString name = flowerKeyName(key);
    switch (key) {
    case FlowerKey::VlanId:
    case FlowerKey::VlanPrio:
    case FlowerKey::VlanEthType:
        if (!isVlanProtocol(protocol))
            //: %1 is vlan_id, vlan_prio or vlan_ethtype.
            return tr("%1 needs the filter's protocol to be 802.1Q or 802.1ad").arg(name);
        return {};
    case FlowerKey::DstMac:
    case FlowerKey::SrcMac:
        return {};
    case FlowerKey::IpProto:
    case FlowerKey::IpTos:
    case FlowerKey::IpTtl:
    case FlowerKey::DstIp:
    case FlowerKey::SrcIp:
        if (!isIpProtocol(network))
            //: %1 is a flower key such as dst_ip.
            return tr("%1 needs the filter's protocol to be ip or ipv6 (or, with 802.1Q or 802.1ad, a vlan_ethtype of ip or ipv6)").arg(name);
        return {};
    case FlowerKey::DstPort:
    case FlowerKey::SrcPort:
        if (!carriesPorts(ipProto))
            //: %1 is dst_port or src_port.
            return tr("%1 needs ip_proto tcp, udp or sctp first").arg(name);
        return {};
    case FlowerKey::IcmpType:
    case FlowerKey::IcmpCode:
        if (!(network == EtherType::Ip && ipProto == IpProto::Icmp) && !(network == EtherType::Ipv6 && ipProto == IpProto::Icmpv6))
            //: %1 is type or code (of ICMP).
            return tr("ICMP %1 needs ip_proto icmp (protocol ip) or icmpv6 (protocol ipv6) first").arg(name);
        return {};
    }
    return {};
}

QString FlowerParams::keyProblem(FlowerKey key, quint16 protocol) const
{
    if (!has(key))
        return {};
    if (QString problem = contextProblem(key, protocol); !problem.isEmpty())
        return problem;
    const QString name = flowerKeyName(key);
    if (key == FlowerKey::VlanId && *vlanId > 4095)
        return tr("vlan_id is a number from 0 to 4095, not %1").arg(*vlanId);
    if (key == FlowerKey::VlanPrio && *vlanPrio > 7)
        return tr("vlan_prio is a number from 0 to 7, not %1").arg(*vlanPrio);
    if (key == FlowerKey::DstIp || key == FlowerKey::SrcIp) {
        const FlowerIp &ip = key == FlowerKey::DstIp ? *dstIp : *srcIp;
        if (ip.v6 != (networkProtocol(protocol) == EtherType::Ipv6))
            return ip.v6 ? tr("%1 is an IPv6 address, but the filter's protocol is ip").arg(name)
                         : tr("%1 is an IPv4 address, but the filter's protocol is ipv6").arg(name);
        if (ip.length < 0 || ip.length > (ip.v6 ? 128 : 32))
            return tr("%1: a prefix is 0 to %2 bits long, not %3").arg(name).arg(ip.v6 ? 128 : 32).arg(ip.length);
    }
    if (key == FlowerKey::DstPort || key == FlowerKey::SrcPort) {
        const FlowerPort &port = key == FlowerKey::DstPort ? *dstPort : *srcPort;
        if (port.isRange() && (port.max <= port.min || port.mask != 0xFFFF))
            return tr("the last port of a range must be above the first (tc: max value should be greater than min value)");
    }
    return {};
}

ValidationIssues FlowerParams::validate(quint16 protocol) const
{
    ValidationIssues issues;
    for (int k = 0; k < FlowerKeyCount; ++k) {
        if (const QString problem = keyProblem(FlowerKey(k), protocol); !problem.isEmpty())
            issues.append(ValidationIssue::error(QString(flowerKeyName(FlowerKey(k))), problem));
    }
    if (const QString problem = FilterSupport::offloadProblem(offload); !problem.isEmpty())
        issues.append(ValidationIssue::error(QStringLiteral("skip_sw"), problem));
    if (const QString problem = FilterSupport::indevProblem(indev); !problem.isEmpty())
        issues.append(ValidationIssue::error(QStringLiteral("indev"), problem));
    return issues;
}

} // namespace qs
