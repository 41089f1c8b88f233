#pragma once

#include "kinds/filterkind.h"
#include "kinds/filtersupport.h"
#include "kinds/iptext.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QLatin1StringView>
#include <QString>

#include <array>
#include <optional>

namespace qs {

/**
 * The keys of a flower filter the model edits, in the order tc prints them (and an order in
 * which tc reads them: vlan_ethtype before what depends on the network protocol, ip_proto before
 * ports and ICMP). Each is named by tc's word.
 */
enum class FlowerKey {
    VlanId, VlanPrio, VlanEthType, DstMac, SrcMac, IpProto, IpTos, IpTtl, DstIp, SrcIp, DstPort, SrcPort, IcmpType, IcmpCode,
};
inline constexpr int FlowerKeyCount = int(FlowerKey::IcmpCode) + 1;
/** tc's word of @p key: "dst_ip", "ip_proto", … ("type"/"code" for the ICMP ones, as tc reads them). */
QLatin1StringView flowerKeyName(FlowerKey key);

/** An 8-bit key and the bits of it that must match (tc: "VALUE[/MASK]"). */
struct FlowerMasked8
{
    quint8 value = 0;
    quint8 mask = 0xFF;
    friend bool operator==(const FlowerMasked8 &, const FlowerMasked8 &) = default;
};

/** A port: one (with a mask, "53/0xfff0") or a range ("1000-2000", both ends included). */
struct FlowerPort
{
    quint16 min = 0;   ///< the port, or the first of the range
    quint16 max = 0;   ///< the last of the range; 0: not a range
    quint16 mask = 0xFFFF;
    bool isRange() const { return max != 0; }
    friend bool operator==(const FlowerPort &, const FlowerPort &) = default;
};

/** An IPv4 or IPv6 prefix, the address kept as written (the kernel keeps and reports it so). */
struct FlowerIp
{
    bool v6 = false;
    IpText::Ipv6 address{}; ///< network order; IPv4 in the first four bytes
    int length = 32;        ///< prefix length
    friend bool operator==(const FlowerIp &, const FlowerIp &) = default;
};

/** A MAC address and the bits of it that must match. */
struct FlowerMac
{
    std::array<quint8, 6> address{};
    std::array<quint8, 6> mask{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    friend bool operator==(const FlowerMac &, const FlowerMac &) = default;
};

/**
 * The flower classifier's own part of a filter: header fields a packet must carry, each key
 * optional (none: every packet of the filter's protocol), where it runs, and the device packets
 * came in on. Which keys make sense depends on the filter's protocol (VLAN keys need 802.1Q or
 * 802.1ad, addresses and ip_proto an IP protocol, itself or inside the VLAN) and on ip_proto
 * (ports need tcp, udp or sctp, ICMP type and code icmp or icmpv6): the key readers apply tc's
 * rules for that, validate() checks them for values set elsewhere.
 */
struct FlowerParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::FlowerParams)

public:
    std::optional<quint16> vlanId;      ///< 0…4095
    std::optional<quint8> vlanPrio;     ///< 0…7
    std::optional<quint16> vlanEthType; ///< the protocol inside the VLAN tag
    std::optional<FlowerMac> dstMac, srcMac;
    std::optional<quint8> ipProto;
    std::optional<FlowerMasked8> ipTos, ipTtl;
    std::optional<FlowerIp> dstIp, srcIp;
    std::optional<FlowerPort> dstPort, srcPort;
    std::optional<FlowerMasked8> icmpType, icmpCode;
    OffloadFlags offload;
    QString indev;

    bool has(FlowerKey key) const;
    /**
     * tc's words of a key ("10.0.0.0/8", "tcp", "1000-2000") in a filter of @p protocol (which
     * decides whether ip_proto 1 can be written "icmp"); empty when unset.
     */
    QString keyWords(FlowerKey key, quint16 protocol) const;
    void clear(FlowerKey key);
    /**
     * Reads a key's words as tc does after the key's name, for a filter of @p protocol and the
     * keys already set (the VLAN's inner protocol, ip_proto); empty words unset the key. The
     * message when it cannot, and nothing changes.
     */
    QString setKeyWords(FlowerKey key, QStringView words, quint16 protocol);
    /** The protocol the IP keys see: the one inside the VLAN tag when there is one, else @p protocol. */
    quint16 networkProtocol(quint16 protocol) const;
    bool anyKey() const;
    /** What a key needs that is not there (the filter's protocol, ip_proto), whether it is set or not; empty when nothing. */
    QString contextProblem(FlowerKey key, quint16 protocol) const;
    /** What is wrong with a set key in a filter of @p protocol (tc's rules, the kernel's ranges), or empty. */
    QString keyProblem(FlowerKey key, quint16 protocol) const;

    ValidationIssues validate(quint16 protocol) const;
    friend bool operator==(const FlowerParams &, const FlowerParams &) = default;
};
QS_DECLARE_FILTER_KIND(FlowerParams)

} // namespace qs
