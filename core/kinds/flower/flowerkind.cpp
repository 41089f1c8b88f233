// flower: packets by their header fields (iproute2's f_flower.c, the kernel's cls_flower.c). The
// keys are TCA_FLOWER_KEY_* attributes, each with its _MASK, in TCA_OPTIONS beside the class id,
// the actions, the offload flags and the input device.
#include "flowerparams.h"

#include "kinds/filtersupport.h"
#include "kinds/kindsupport.h"
#include "model/filter.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"

#include <QtEndian>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>

#include <bitset>
#include <cstring>

namespace qs {

namespace {

/** What an attribute pair of one key is called in the kernel: the value and its mask (0: none). */
struct KeyAttrs
{
    int value = 0;
    int mask = 0;
};

constexpr quint8 kTcp = 6, kUdp = 17, kSctp = 132, kIcmp = 1, kIcmpv6 = 58;

/** The attributes of a port, by ip_proto: TCA_FLOWER_KEY_TCP_DST and _MASK, …; nothing for other protocols. */
KeyAttrs portAttrs(std::optional<quint8> ipProto, bool dst)
{
    switch (ipProto.value_or(0)) {
    case kTcp: return dst ? KeyAttrs{TCA_FLOWER_KEY_TCP_DST, TCA_FLOWER_KEY_TCP_DST_MASK} : KeyAttrs{TCA_FLOWER_KEY_TCP_SRC, TCA_FLOWER_KEY_TCP_SRC_MASK};
    case kUdp: return dst ? KeyAttrs{TCA_FLOWER_KEY_UDP_DST, TCA_FLOWER_KEY_UDP_DST_MASK} : KeyAttrs{TCA_FLOWER_KEY_UDP_SRC, TCA_FLOWER_KEY_UDP_SRC_MASK};
    case kSctp:
        return dst ? KeyAttrs{TCA_FLOWER_KEY_SCTP_DST, TCA_FLOWER_KEY_SCTP_DST_MASK} : KeyAttrs{TCA_FLOWER_KEY_SCTP_SRC, TCA_FLOWER_KEY_SCTP_SRC_MASK};
    default: return {};
    }
}

KeyAttrs portRangeAttrs(bool dst)
{
    return dst ? KeyAttrs{TCA_FLOWER_KEY_PORT_DST_MIN, TCA_FLOWER_KEY_PORT_DST_MAX} : KeyAttrs{TCA_FLOWER_KEY_PORT_SRC_MIN, TCA_FLOWER_KEY_PORT_SRC_MAX};
}

/** ICMP type or code attributes for the network protocol and ip_proto; nothing when they are not ICMP. */
KeyAttrs icmpAttrs(quint16 network, std::optional<quint8> ipProto, bool type)
{
    if (network == EtherType::Ip && ipProto == kIcmp)
        return type ? KeyAttrs{TCA_FLOWER_KEY_ICMPV4_TYPE, TCA_FLOWER_KEY_ICMPV4_TYPE_MASK}
                    : KeyAttrs{TCA_FLOWER_KEY_ICMPV4_CODE, TCA_FLOWER_KEY_ICMPV4_CODE_MASK};
    if (network == EtherType::Ipv6 && ipProto == kIcmpv6)
        return type ? KeyAttrs{TCA_FLOWER_KEY_ICMPV6_TYPE, TCA_FLOWER_KEY_ICMPV6_TYPE_MASK}
                    : KeyAttrs{TCA_FLOWER_KEY_ICMPV6_CODE, TCA_FLOWER_KEY_ICMPV6_CODE_MASK};
    return {};
}

KeyAttrs ipAttrs(bool v6, bool dst)
{
    if (v6)
        return dst ? KeyAttrs{TCA_FLOWER_KEY_IPV6_DST, TCA_FLOWER_KEY_IPV6_DST_MASK} : KeyAttrs{TCA_FLOWER_KEY_IPV6_SRC, TCA_FLOWER_KEY_IPV6_SRC_MASK};
    return dst ? KeyAttrs{TCA_FLOWER_KEY_IPV4_DST, TCA_FLOWER_KEY_IPV4_DST_MASK} : KeyAttrs{TCA_FLOWER_KEY_IPV4_SRC, TCA_FLOWER_KEY_IPV4_SRC_MASK};
}

/** The prefix mask tc builds from a length: @p length leading ones in @p bytes bytes. */
IpText::Ipv6 prefixMask(int length, int bytes)
{
    IpText::Ipv6 mask{};
    for (int i = 0; i < bytes; ++i) {
        const int bits = std::clamp(length - 8 * i, 0, 8);
        mask[i] = quint8(0xFF00 >> bits);
    }
    return mask;
}

/** The length of a prefix mask, or -1 when the ones are not all in front. */
int prefixLength(const quint8 *mask, int bytes)
{
    int length = 0;
    bool zeroSeen = false;
    for (int i = 0; i < bytes * 8; ++i) {
        const bool one = mask[i / 8] & (0x80 >> (i % 8));
        if (one && zeroSeen)
            return -1;
        zeroSeen = zeroSeen || !one;
        length += one;
    }
    return length;
}

/** The JSON key (and the summary's name) of a flower key: tc's word, but the ICMP ones spelt as tc's show does. */
QString jsonKey(FlowerKey key)
{
    if (key == FlowerKey::IcmpType)
        return QStringLiteral("icmp_type");
    if (key == FlowerKey::IcmpCode)
        return QStringLiteral("icmp_code");
    return QString(flowerKeyName(key));
}

/** What a word of flower's parse loop is, in the loop's order (tc takes the first keyword it is a prefix of). */
enum class FlowerWord { Class, Unsupported, SkipHw, SkipSw, Indev, Key, Action };
struct FlowerWordEntry
{
    const char16_t *keyword;
    FlowerWord what;
    FlowerKey key = FlowerKey::VlanId;
};
constexpr FlowerWordEntry kFlowerWords[] = {
    {u"classid", FlowerWord::Class}, {u"flowid", FlowerWord::Class}, {u"hw_tc", FlowerWord::Unsupported},
    {u"ip_flags", FlowerWord::Unsupported}, {u"l2_miss", FlowerWord::Unsupported}, {u"verbose", FlowerWord::Unsupported},
    {u"skip_hw", FlowerWord::SkipHw}, {u"skip_sw", FlowerWord::SkipSw}, {u"ct_state", FlowerWord::Unsupported},
    {u"ct_zone", FlowerWord::Unsupported}, {u"ct_mark", FlowerWord::Unsupported}, {u"ct_label", FlowerWord::Unsupported},
    {u"indev", FlowerWord::Indev}, {u"num_of_vlans", FlowerWord::Unsupported},
    {u"vlan_id", FlowerWord::Key, FlowerKey::VlanId}, {u"vlan_prio", FlowerWord::Key, FlowerKey::VlanPrio},
    {u"vlan_ethtype", FlowerWord::Key, FlowerKey::VlanEthType}, {u"cvlan_id", FlowerWord::Unsupported},
    {u"cvlan_prio", FlowerWord::Unsupported}, {u"cvlan_ethtype", FlowerWord::Unsupported}, {u"mpls", FlowerWord::Unsupported},
    {u"mpls_label", FlowerWord::Unsupported}, {u"mpls_tc", FlowerWord::Unsupported}, {u"mpls_bos", FlowerWord::Unsupported},
    {u"mpls_ttl", FlowerWord::Unsupported}, {u"dst_mac", FlowerWord::Key, FlowerKey::DstMac},
    {u"src_mac", FlowerWord::Key, FlowerKey::SrcMac}, {u"ip_proto", FlowerWord::Key, FlowerKey::IpProto},
    {u"ip_tos", FlowerWord::Key, FlowerKey::IpTos}, {u"ip_ttl", FlowerWord::Key, FlowerKey::IpTtl},
    {u"dst_ip", FlowerWord::Key, FlowerKey::DstIp}, {u"src_ip", FlowerWord::Key, FlowerKey::SrcIp},
    {u"dst_port", FlowerWord::Key, FlowerKey::DstPort}, {u"src_port", FlowerWord::Key, FlowerKey::SrcPort},
    {u"tcp_flags", FlowerWord::Unsupported}, {u"type", FlowerWord::Key, FlowerKey::IcmpType},
    {u"code", FlowerWord::Key, FlowerKey::IcmpCode}, {u"l2tpv3_sid", FlowerWord::Unsupported}, {u"spi", FlowerWord::Unsupported},
    {u"arp_tip", FlowerWord::Unsupported}, {u"arp_sip", FlowerWord::Unsupported}, {u"arp_op", FlowerWord::Unsupported},
    {u"arp_tha", FlowerWord::Unsupported}, {u"arp_sha", FlowerWord::Unsupported}, {u"pppoe_sid", FlowerWord::Unsupported},
    {u"ppp_proto", FlowerWord::Unsupported}, {u"enc_dst_ip", FlowerWord::Unsupported}, {u"enc_src_ip", FlowerWord::Unsupported},
    {u"enc_key_id", FlowerWord::Unsupported}, {u"enc_dst_port", FlowerWord::Unsupported}, {u"enc_tos", FlowerWord::Unsupported},
    {u"enc_ttl", FlowerWord::Unsupported}, {u"geneve_opts", FlowerWord::Unsupported}, {u"vxlan_opts", FlowerWord::Unsupported},
    {u"erspan_opts", FlowerWord::Unsupported}, {u"gtp_opts", FlowerWord::Unsupported}, {u"action", FlowerWord::Action},
    {u"cfm", FlowerWord::Unsupported},
};

const FlowerWordEntry *flowerWord(QStringView word)
{
    for (const FlowerWordEntry &entry : kFlowerWords) {
        if (tcMatches(word, QStringView(entry.keyword)))
            return &entry;
    }
    return nullptr;
}

struct FlowerKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::FlowerKind)

public:
    using Params = FlowerParams;
    static constexpr const char *name = "flower";
    static constexpr const char *module = "cls_flower";

    static ValidationIssues validate(const Filter &f) { return f.params.get<FlowerParams>().validate(f.protocol); }

    /**
     * What flower's print says after its name: "handle 0x1 classid 1:1", then one indented line
     * per key ("eth_type ipv4", "ip_proto tcp", "dst_ip 10.0.0.0/8", "icmp_type 8", …), the flags
     * and the hardware state. The handle is a word tc reads before the kind; eth_type is the
     * filter's protocol again; the ICMP keys are read as "type" and "code".
     */
    static ShownFilter readShown(ShownWords w)
    {
        using namespace ShowSupport;
        ShownFilter out;
        if (const qsizetype handle = indexOf(w, u"handle"); handle >= 0 && handle + 1 < w.size()) {
            out.beforeKind = w.mid(handle, 2);
            w.remove(handle, 2);
        }
        if (const qsizetype ethType = indexOf(w, u"eth_type"); ethType >= 0 && ethType + 1 < w.size())
            w.remove(ethType, 2);
        FilterSupport::dropHardwareState(w);
        for (TcWord &word : w) {
            if (word.text == u"icmp_type")
                word.text = QStringLiteral("type");
            else if (word.text == u"icmp_code")
                word.text = QStringLiteral("code");
        }
        out.options = w;
        return out;
    }

    static std::optional<quint32> parseHandle(QStringView text, Filter &) { return FilterSupport::parseNumericHandle(text); }
    static QString printHandle(const Filter &f) { return FilterSupport::printNumericHandle(f); }

    static void parse(TcArgs &c, Filter &filter)
    {
        FlowerParams p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            const FlowerWordEntry *entry = flowerWord(word);
            if (!entry)
                c.failAt(at, tr("What is \"%1\"? (flower takes classid, skip_hw, skip_sw, indev, its keys and action)").arg(word));
            switch (entry->what) {
            case FlowerWord::Class:
                if (!filter.classId.isUnspec())
                    c.failAt(at, tr("classid is given twice"));
                filter.classId = c.require(TcHandle::parseClassId(c.value(word)), tr("Illegal \"classid\""));
                break;
            case FlowerWord::Unsupported: c.failUnsupported(at, u"flower");
            case FlowerWord::SkipHw: p.offload.skipHw = true; break;
            case FlowerWord::SkipSw: p.offload.skipSw = true; break;
            case FlowerWord::Indev: p.indev = FilterSupport::parseIndev(c, at); break;
            case FlowerWord::Key: {
                if (p.has(entry->key))
                    c.failAt(at, tr("%1 is given twice").arg(flowerKeyName(entry->key)));
                const QStringView words = c.value(word);
                if (const QString problem = p.setKeyWords(entry->key, words, filter.protocol); !problem.isEmpty())
                    c.fail(problem);
                break;
            }
            case FlowerWord::Action: FilterSupport::parseTargetWord(c, word, at, filter, false); break;
            }
        }
        filter.params = p;
        if (const QString problem = FilterSupport::offloadProblem(p.offload); !problem.isEmpty())
            c.fail(problem);
    }

    static void print(TcOptionWords &w, const Filter &f)
    {
        const FlowerParams &p = f.params.get<FlowerParams>();
        if (!p.indev.isEmpty())
            w.add(u"indev", p.indev);
        for (int k = 0; k < FlowerKeyCount; ++k) {
            if (p.has(FlowerKey(k)))
                w.add(QString(flowerKeyName(FlowerKey(k)))).add(p.keyWords(FlowerKey(k), f.protocol));
        }
        FilterSupport::printOffload(w, p.offload);
        FilterSupport::printTarget(w, f, u"classid");
    }

    static void toJson(const Filter &f, QJsonObject &o)
    {
        const FlowerParams &p = f.params.get<FlowerParams>();
        for (int k = 0; k < FlowerKeyCount; ++k) {
            if (p.has(FlowerKey(k)))
                o.insert(jsonKey(FlowerKey(k)), p.keyWords(FlowerKey(k), f.protocol));
        }
        if (p.offload.skipHw)
            o.insert(QStringLiteral("skip_hw"), true);
        if (p.offload.skipSw)
            o.insert(QStringLiteral("skip_sw"), true);
        if (!p.indev.isEmpty())
            o.insert(QStringLiteral("indev"), p.indev);
    }

    static void fromJson(JsonReader &r, Filter &f)
    {
        FlowerParams p;
        // In the keys' order, so that what one reads by (vlan_ethtype, ip_proto) is there before it.
        for (int k = 0; k < FlowerKeyCount; ++k) {
            const FlowerKey key = FlowerKey(k);
            const QString name = jsonKey(key);
            const QByteArray latin = name.toLatin1();
            const QJsonValue v = r.take(latin.constData());
            if (v.isUndefined() || v.isNull())
                continue;
            QString words;
            if (v.isString())
                words = v.toString();
            else if (v.isDouble() && v.toDouble() == double(v.toInteger()) && v.toInteger() >= 0)
                // A JSON number is the value itself: ip_proto 17 is UDP, though tc reads its words in hex.
                words = QString::number(v.toInteger(), key == FlowerKey::IpProto ? 16 : 10);
            else {
                r.error(name, tr("write it in tc's words, as a string (\"10.0.0.0/8\", \"tcp\", \"1000-2000\")"));
                continue;
            }
            if (const QString problem = p.setKeyWords(key, words, f.protocol); !problem.isEmpty())
                r.error(name, problem);
        }
        p.offload.skipHw = r.boolean("skip_hw");
        p.offload.skipSw = r.boolean("skip_sw");
        p.indev = r.string("indev").value_or(QString());
        f.params = p;
    }

    static bool encode(nl_msg *msg, const Filter &filter, const CodecContext &context, QString *error)
    {
        const FlowerParams &p = filter.params.get<FlowerParams>();
        const quint16 network = p.networkProtocol(filter.protocol);
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        if (!FilterSupport::encodeTarget(msg, filter, TCA_FLOWER_CLASSID, 0, TCA_FLOWER_ACT, context, error))
            return false;
        if (!FilterSupport::encodeIndev(msg, TCA_FLOWER_INDEV, p.indev))
            return false;
        bool ok = true;
        const auto put8 = [&](KeyAttrs attrs, const FlowerMasked8 &v) {
            ok = ok && nla_put_u8(msg, attrs.value, v.value) == 0 && nla_put_u8(msg, attrs.mask, v.mask) == 0;
        };
        if (p.vlanId)
            ok = ok && nla_put_u16(msg, TCA_FLOWER_KEY_VLAN_ID, *p.vlanId) == 0;
        if (p.vlanPrio)
            ok = ok && nla_put_u8(msg, TCA_FLOWER_KEY_VLAN_PRIO, *p.vlanPrio) == 0;
        if (p.vlanEthType)
            ok = ok && nla_put_u16(msg, TCA_FLOWER_KEY_VLAN_ETH_TYPE, qToBigEndian(*p.vlanEthType)) == 0;
        for (const auto &[mac, attrs] : {std::pair{&p.dstMac, KeyAttrs{TCA_FLOWER_KEY_ETH_DST, TCA_FLOWER_KEY_ETH_DST_MASK}},
                                         std::pair{&p.srcMac, KeyAttrs{TCA_FLOWER_KEY_ETH_SRC, TCA_FLOWER_KEY_ETH_SRC_MASK}}}) {
            if (*mac)
                ok = ok && nla_put(msg, attrs.value, 6, (*mac)->address.data()) == 0 && nla_put(msg, attrs.mask, 6, (*mac)->mask.data()) == 0;
        }
        if (p.ipProto)
            ok = ok && nla_put_u8(msg, TCA_FLOWER_KEY_IP_PROTO, *p.ipProto) == 0;
        if (p.ipTos)
            put8({TCA_FLOWER_KEY_IP_TOS, TCA_FLOWER_KEY_IP_TOS_MASK}, *p.ipTos);
        if (p.ipTtl)
            put8({TCA_FLOWER_KEY_IP_TTL, TCA_FLOWER_KEY_IP_TTL_MASK}, *p.ipTtl);
        for (const auto &[ip, dst] : {std::pair{&p.dstIp, true}, std::pair{&p.srcIp, false}}) {
            if (!*ip)
                continue;
            const int bytes = (*ip)->v6 ? 16 : 4;
            const KeyAttrs attrs = ipAttrs((*ip)->v6, dst);
            const IpText::Ipv6 mask = prefixMask((*ip)->length, bytes);
            ok = ok && nla_put(msg, attrs.value, bytes, (*ip)->address.data()) == 0 && nla_put(msg, attrs.mask, bytes, mask.data()) == 0;
        }
        for (const auto &[port, dst] : {std::pair{&p.dstPort, true}, std::pair{&p.srcPort, false}}) {
            if (!*port)
                continue;
            if ((*port)->isRange()) {
                const KeyAttrs attrs = portRangeAttrs(dst);
                ok = ok && nla_put_u16(msg, attrs.value, qToBigEndian((*port)->min)) == 0
                     && nla_put_u16(msg, attrs.mask, qToBigEndian((*port)->max)) == 0;
                continue;
            }
            const KeyAttrs attrs = portAttrs(p.ipProto, dst);
            ok = ok && attrs.value && nla_put_u16(msg, attrs.value, qToBigEndian((*port)->min)) == 0;
            // tc sends the mask only when one is written; the kernel takes its absence as every bit.
            if ((*port)->mask != 0xFFFF)
                ok = ok && nla_put_u16(msg, attrs.mask, qToBigEndian((*port)->mask)) == 0;
        }
        for (const auto &[icmp, type] : {std::pair{&p.icmpType, true}, std::pair{&p.icmpCode, false}}) {
            if (*icmp) {
                const KeyAttrs attrs = icmpAttrs(network, p.ipProto, type);
                ok = ok && attrs.value && nla_put_u8(msg, attrs.value, (*icmp)->value) == 0 && nla_put_u8(msg, attrs.mask, (*icmp)->mask) == 0;
            }
        }
        // tc always sends the flags, and the filter's protocol as the ethernet type unless it is "all".
        ok = ok && nla_put_u32(msg, TCA_FLOWER_FLAGS, p.offload.bits()) == 0;
        if (filter.protocol != EtherType::All)
            ok = ok && nla_put_u16(msg, TCA_FLOWER_KEY_ETH_TYPE, qToBigEndian(filter.protocol)) == 0;
        if (!ok)
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static FilterDecode decode(const nlattr *options, const CodecContext &context, Filter &filter)
    {
        nlattr *tb[TCA_FLOWER_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_FLOWER_MAX, options))
            return FilterDecode::Foreign;
        // Every attribute the kernel reported must be read below; one that is not is beyond the model.
        std::bitset<TCA_FLOWER_MAX + 1> read;
        const auto take = [&](int attr) -> const nlattr * {
            if (attr <= 0 || !tb[attr])
                return nullptr;
            read.set(attr);
            return tb[attr];
        };
        const auto sized = [](const nlattr *a, int bytes) { return a && nla_len(a) == bytes; };
        const auto masked8 = [&](KeyAttrs attrs, std::optional<FlowerMasked8> &out) {
            const nlattr *value = take(attrs.value);
            const nlattr *mask = take(attrs.mask);
            if (value)
                out = FlowerMasked8{nla_get_u8(value), mask ? nla_get_u8(mask) : quint8(0xFF)};
        };

        FlowerParams p;
        take(TCA_FLOWER_CLASSID);
        take(TCA_FLOWER_ACT);
        take(TCA_FLOWER_IN_HW_COUNT); // state: how many devices run it
        p.indev = FilterSupport::decodeIndev(take(TCA_FLOWER_INDEV));
        if (const nlattr *flags = take(TCA_FLOWER_FLAGS)) {
            const auto offload = OffloadFlags::fromKernel(nla_get_u32(flags));
            if (!offload)
                return FilterDecode::Foreign;
            p.offload = *offload;
        }
        if (const nlattr *id = take(TCA_FLOWER_KEY_VLAN_ID))
            p.vlanId = nla_get_u16(id);
        if (const nlattr *prio = take(TCA_FLOWER_KEY_VLAN_PRIO))
            p.vlanPrio = nla_get_u8(prio);
        // The kernel reports the inner type of a VLAN filter as 0 when none was given.
        if (const nlattr *inner = take(TCA_FLOWER_KEY_VLAN_ETH_TYPE); inner && nla_get_u16(inner))
            p.vlanEthType = qFromBigEndian(nla_get_u16(inner));
        const quint16 network = p.networkProtocol(filter.protocol);
        if (const nlattr *ethType = take(TCA_FLOWER_KEY_ETH_TYPE)) {
            const quint16 type = qFromBigEndian(nla_get_u16(ethType));
            if (type != network && type != filter.protocol)
                return FilterDecode::Foreign;
        }
        for (const auto &[mac, attrs] : {std::pair{&p.dstMac, KeyAttrs{TCA_FLOWER_KEY_ETH_DST, TCA_FLOWER_KEY_ETH_DST_MASK}},
                                         std::pair{&p.srcMac, KeyAttrs{TCA_FLOWER_KEY_ETH_SRC, TCA_FLOWER_KEY_ETH_SRC_MASK}}}) {
            const nlattr *value = take(attrs.value);
            const nlattr *mask = take(attrs.mask);
            if (!value)
                continue;
            if (!sized(value, 6) || (mask && !sized(mask, 6)))
                return FilterDecode::Foreign;
            FlowerMac m;
            std::memcpy(m.address.data(), nla_data(value), 6);
            if (mask)
                std::memcpy(m.mask.data(), nla_data(mask), 6);
            *mac = m;
        }
        if (const nlattr *proto = take(TCA_FLOWER_KEY_IP_PROTO))
            p.ipProto = nla_get_u8(proto);
        masked8({TCA_FLOWER_KEY_IP_TOS, TCA_FLOWER_KEY_IP_TOS_MASK}, p.ipTos);
        masked8({TCA_FLOWER_KEY_IP_TTL, TCA_FLOWER_KEY_IP_TTL_MASK}, p.ipTtl);
        if (network == EtherType::Ip || network == EtherType::Ipv6) {
            const bool v6 = network == EtherType::Ipv6;
            const int bytes = v6 ? 16 : 4;
            for (const auto &[ip, dst] : {std::pair{&p.dstIp, true}, std::pair{&p.srcIp, false}}) {
                const KeyAttrs attrs = ipAttrs(v6, dst);
                const nlattr *value = take(attrs.value);
                const nlattr *mask = take(attrs.mask);
                if (!value)
                    continue;
                if (!sized(value, bytes) || !sized(mask, bytes))
                    return FilterDecode::Foreign;
                const int length = prefixLength(static_cast<const quint8 *>(nla_data(mask)), bytes);
                if (length < 0)
                    return FilterDecode::Foreign; // a mask tc cannot write as a prefix
                FlowerIp out;
                out.v6 = v6;
                std::memcpy(out.address.data(), nla_data(value), bytes);
                out.length = length;
                *ip = out;
            }
        }
        for (const auto &[port, dst] : {std::pair{&p.dstPort, true}, std::pair{&p.srcPort, false}}) {
            const KeyAttrs range = portRangeAttrs(dst);
            const nlattr *min = take(range.value);
            const nlattr *max = take(range.mask);
            const KeyAttrs attrs = portAttrs(p.ipProto, dst);
            const nlattr *value = take(attrs.value);
            const nlattr *mask = take(attrs.mask);
            if ((min || max) && (value || !min || !max))
                return FilterDecode::Foreign;
            if (min)
                *port = FlowerPort{qFromBigEndian(nla_get_u16(min)), qFromBigEndian(nla_get_u16(max)), 0xFFFF};
            else if (value)
                *port = FlowerPort{qFromBigEndian(nla_get_u16(value)), 0, mask ? qFromBigEndian(nla_get_u16(mask)) : quint16(0xFFFF)};
        }
        masked8(icmpAttrs(network, p.ipProto, true), p.icmpType);
        masked8(icmpAttrs(network, p.ipProto, false), p.icmpCode);

        for (int attr = 1; attr <= TCA_FLOWER_MAX; ++attr) {
            if (tb[attr] && !read.test(attr))
                return FilterDecode::Foreign;
        }
        if (!p.validate(filter.protocol).isEmpty())
            return FilterDecode::Foreign;
        if (!FilterSupport::decodeTarget(tb, TCA_FLOWER_CLASSID, 0, TCA_FLOWER_ACT, context, filter))
            return FilterDecode::Foreign;
        filter.params = p;
        return FilterDecode::Known;
    }

    static QString summary(const Filter &f)
    {
        const FlowerParams &p = f.params.get<FlowerParams>();
        QStringList parts;
        for (int k = 0; k < FlowerKeyCount; ++k) {
            if (p.has(FlowerKey(k)))
                parts.append(jsonKey(FlowerKey(k)) + u' ' + p.keyWords(FlowerKey(k), f.protocol));
        }
        if (!p.indev.isEmpty())
            //: %1 is a device name: the flower filter only sees packets that came in there.
            parts.append(tr("in from %1").arg(p.indev));
        if (p.offload.skipHw)
            parts.append(QStringLiteral("skip_hw"));
        if (p.offload.skipSw)
            parts.append(QStringLiteral("skip_sw"));
        //: What a flower filter without keys catches: every packet of its protocol.
        return QStringLiteral("flower ") + (parts.isEmpty() ? tr("all traffic") : parts.join(QStringLiteral(", ")));
    }

    static bool sameInKernel(const Filter &running, const Filter &wanted)
    {
        return running.params.get<FlowerParams>() == wanted.params.get<FlowerParams>();
    }
};

} // namespace

QS_DEFINE_FILTER_KIND(FlowerKind)

} // namespace qs
