#pragma once

#include <QString>
#include <QStringView>
#include <QtGlobal>

#include <array>
#include <optional>

namespace qs {

/**
 * Addresses as iproute2 reads and prints them (lib/utils.c), for the classifiers that match on
 * them (u32's "match ip src", flower's src_ip/dst_ip). One reader, so both read "10.1" or
 * "255.255.0.0" the same way tc does.
 */
namespace IpText {

using Ipv6 = std::array<quint8, 16>; ///< network byte order

/**
 * get_addr_ipv4(): up to four parts separated by dots, each read with strtoul(…, 0) (so "010" is
 * octal 8 and "0x0a" is 10), each at most 255; the bytes not given are 0 ("10.1" is 10.1.0.0).
 * Host order.
 */
std::optional<quint32> parseIpv4(QStringView text);
/** get_netmask() for IPv4: a prefix length (strtoul base 0, up to 32) or a contiguous dotted mask. */
std::optional<int> parseIpv4PrefixLength(QStringView text);
/** inet_pton(AF_INET6) of a word with a ':' in it, as get_addr_1() takes it. */
std::optional<Ipv6> parseIpv6(QStringView text);

/**
 * get_prefix_1()'s shape: ADDRESS[/LENGTH]. any, all and default are a prefix of their own
 * (bitlen -2): their address is empty, and tc refuses a length after them (nullopt).
 */
struct PrefixWords
{
    QStringView address; ///< empty for any/all/default
    std::optional<QStringView> length;
};
std::optional<PrefixWords> splitPrefix(QStringView text);

QString ipv4ToText(quint32 address);
/** inet_ntop(): the shortest form ("2001:db8::1"). */
QString ipv6ToText(const Ipv6 &address);

} // namespace IpText

} // namespace qs
