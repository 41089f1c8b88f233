#include "iptext.h"

#include "tc/tcunits.h"

#include <arpa/inet.h>

#include <bit>

namespace qs::IpText {

std::optional<quint32> parseIpv4(QStringView text)
{
    const QList<QStringView> parts = text.split(u'.');
    if (parts.size() > 4)
        return std::nullopt;
    quint32 address = 0;
    int shift = 24;
    for (QStringView part : parts) {
        // strtoul() stops at the dot; a part it cannot read whole is "extra characters" for tc.
        const auto value = TcUnits::parseU32(part, 0);
        if (!value || *value > 255)
            return std::nullopt;
        address |= *value << shift;
        shift -= 8;
    }
    return address;
}

std::optional<int> parseIpv4PrefixLength(QStringView text)
{
    if (const auto length = TcUnits::parseU32(text, 0))
        return *length <= 32 ? std::optional<int>(int(*length)) : std::nullopt;
    const auto mask = parseIpv4(text);
    if (!mask)
        return std::nullopt;
    const int ones = std::countl_one(*mask);
    if (ones < 32 && (*mask << ones) != 0)
        return std::nullopt; // mask2bits(): not contiguous
    return ones;
}

std::optional<Ipv6> parseIpv6(QStringView text)
{
    if (!text.contains(u':'))
        return std::nullopt;
    Ipv6 address{};
    const QByteArray latin = text.toLatin1();
    if (inet_pton(AF_INET6, latin.constData(), address.data()) != 1)
        return std::nullopt;
    return address;
}

std::optional<PrefixWords> splitPrefix(QStringView text)
{
    const qsizetype slash = text.indexOf(u'/');
    const QStringView address = slash >= 0 ? text.left(slash) : text;
    const std::optional<QStringView> length = slash >= 0 ? std::optional<QStringView>(text.mid(slash + 1)) : std::nullopt;
    if (address == u"any" || address == u"all" || address == u"default") {
        if (length)
            return std::nullopt;
        return PrefixWords{};
    }
    return PrefixWords{address, length};
}

QString ipv4ToText(quint32 address)
{
    return QStringLiteral("%1.%2.%3.%4").arg(address >> 24).arg((address >> 16) & 0xFF).arg((address >> 8) & 0xFF).arg(address & 0xFF);
}

QString ipv6ToText(const Ipv6 &address)
{
    char text[INET6_ADDRSTRLEN] = {};
    inet_ntop(AF_INET6, address.data(), text, sizeof text);
    return QString::fromLatin1(text);
}

} // namespace qs::IpText
