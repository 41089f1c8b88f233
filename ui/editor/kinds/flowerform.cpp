// The flower form: one row per header key, in tc's words, each read by the kind's own key reader
// (so the form accepts exactly what tc does); a key that needs another first is greyed until then.
#include "kindforms.h"

#include "parametertext.h"

namespace qs {

namespace {

struct FlowerRow
{
    FlowerKey key;
    const char *label;
    const char *toolTip;
    const char *example;
};

// The keys' rows, in the order tc reads them. Labels and tips are translated where they are shown.
constexpr FlowerRow kRows[] = {
    {FlowerKey::VlanId, QT_TRANSLATE_NOOP("qs::KindForms", "VLAN id"),
     QT_TRANSLATE_NOOP("qs::KindForms", "The VLAN tag's id, 0 to 4095 (tc's vlan_id). Needs the filter's protocol 802.1Q or 802.1ad."), "100"},
    {FlowerKey::VlanPrio, QT_TRANSLATE_NOOP("qs::KindForms", "VLAN priority"),
     QT_TRANSLATE_NOOP("qs::KindForms", "The VLAN tag's priority (PCP), 0 to 7 (tc's vlan_prio)."), "3"},
    {FlowerKey::VlanEthType, QT_TRANSLATE_NOOP("qs::KindForms", "Inside the VLAN"),
     QT_TRANSLATE_NOOP("qs::KindForms", "The protocol inside the VLAN tag (tc's vlan_ethtype): ip or ipv6 lets the IP keys below "
                                        "match tagged packets."),
     "ip"},
    {FlowerKey::DstMac, QT_TRANSLATE_NOOP("qs::KindForms", "Destination MAC"),
     QT_TRANSLATE_NOOP("qs::KindForms", "A MAC address, with /BITS or /MASK for part of it (tc's dst_mac)."), "02:00:00:00:00:01"},
    {FlowerKey::SrcMac, QT_TRANSLATE_NOOP("qs::KindForms", "Source MAC"),
     QT_TRANSLATE_NOOP("qs::KindForms", "A MAC address, with /BITS or /MASK for part of it (tc's src_mac)."), "02:00:00:00:00:00/24"},
    {FlowerKey::IpProto, QT_TRANSLATE_NOOP("qs::KindForms", "IP protocol"),
     QT_TRANSLATE_NOOP("qs::KindForms", "tcp, udp, sctp, icmp (IPv4), icmpv6 (IPv6) or a number in hex (2f is GRE) (tc's "
                                        "ip_proto). Ports need tcp, udp or sctp; ICMP type and code need icmp or icmpv6."),
     "tcp"},
    {FlowerKey::IpTos, QT_TRANSLATE_NOOP("qs::KindForms", "TOS / DSCP"),
     QT_TRANSLATE_NOOP("qs::KindForms", "The IPv4 TOS or IPv6 traffic class byte, with a hex mask for part of it (tc's ip_tos): "
                                        "DSCP EF is 184/0xfc."),
     "184/0xfc"},
    {FlowerKey::IpTtl, QT_TRANSLATE_NOOP("qs::KindForms", "TTL / hop limit"),
     QT_TRANSLATE_NOOP("qs::KindForms", "The IPv4 TTL or IPv6 hop limit, with a hex mask (tc's ip_ttl)."), "64"},
    {FlowerKey::DstIp, QT_TRANSLATE_NOOP("qs::KindForms", "Destination address"),
     QT_TRANSLATE_NOOP("qs::KindForms", "An IPv4 or IPv6 address with an optional /LENGTH (tc's dst_ip), of the filter's "
                                        "protocol."),
     "198.18.0.0/15 or 2001:db8::/32"},
    {FlowerKey::SrcIp, QT_TRANSLATE_NOOP("qs::KindForms", "Source address"),
     QT_TRANSLATE_NOOP("qs::KindForms", "An IPv4 or IPv6 address with an optional /LENGTH (tc's src_ip), of the filter's "
                                        "protocol."),
     "10.0.0.0/8"},
    {FlowerKey::DstPort, QT_TRANSLATE_NOOP("qs::KindForms", "Destination port"),
     QT_TRANSLATE_NOOP("qs::KindForms", "A port, PORT/MASK, or a range MIN-MAX (tc's dst_port)."), "5201 or 1000-2000"},
    {FlowerKey::SrcPort, QT_TRANSLATE_NOOP("qs::KindForms", "Source port"),
     QT_TRANSLATE_NOOP("qs::KindForms", "A port, PORT/MASK, or a range MIN-MAX (tc's src_port)."), "53"},
    {FlowerKey::IcmpType, QT_TRANSLATE_NOOP("qs::KindForms", "ICMP type"),
     QT_TRANSLATE_NOOP("qs::KindForms", "The ICMP or ICMPv6 type, 0 to 255, with an optional /MASK (tc's type): 8 is an echo "
                                        "request, 128 in ICMPv6."),
     "8"},
    {FlowerKey::IcmpCode, QT_TRANSLATE_NOOP("qs::KindForms", "ICMP code"),
     QT_TRANSLATE_NOOP("qs::KindForms", "The ICMP or ICMPv6 code, 0 to 255, with an optional /MASK (tc's code)."), "0"},
};

} // namespace

void buildKindForm(FormBinder<Filter> &b, const FlowerParams *)
{
    b.note(KindForms::tr("flower matches header fields; a packet must carry every key given (none: every packet of the "
                         "filter's protocol). Addresses and the IP keys need the protocol ip or ipv6; VLAN keys 802.1Q or 802.1ad."));
    for (const FlowerRow &row : kRows) {
        const FlowerKey key = row.key;
        ParameterText *text = b.text(
            QString(flowerKeyName(key)), KindForms::tr(row.label), KindForms::tr(row.toolTip), false,
            [key](const Filter &f) { return f.params.get<FlowerParams>().keyWords(key, f.protocol); },
            [key](Filter &f, const QString &words) { return f.params.edit<FlowerParams>().setKeyWords(key, words, f.protocol); });
        text->setPlaceholderText(QString::fromLatin1(row.example));
        b.enableWhen(text, [key](const Filter &f) {
            const FlowerParams &p = f.params.get<FlowerParams>();
            return p.has(key) || p.contextProblem(key, f.protocol).isEmpty();
        });
    }
    indevText(b, &FlowerParams::indev);
    offloadChoice(b, &FlowerParams::offload);
}

} // namespace qs
