#include "u32params.h"

#include <QtEndian>

#include <bit>

namespace qs {

namespace {

QString ipv4ToString(quint32 address)
{
    return QStringLiteral("%1.%2.%3.%4")
        .arg(address >> 24)
        .arg((address >> 16) & 0xFF)
        .arg((address >> 8) & 0xFF)
        .arg(address & 0xFF);
}

QString hex(quint32 value)
{
    return QStringLiteral("0x") + QString::number(value, 16);
}

quint32 widthMask(int width)
{
    return width == 32 ? 0xFFFFFFFFu : ((1u << width) - 1);
}

} // namespace

U32Match U32Match::ipAddress(Field field, quint32 address, int prefixLength)
{
    const quint32 mask = prefixLength <= 0 ? 0u : 0xFFFFFFFFu << (32 - prefixLength);
    return U32Match{field, address & mask, mask, 0};
}

U32Match U32Match::masked(Field field, quint32 value, quint32 mask, int offset)
{
    return U32Match{field, value & mask, mask, offset};
}

int U32Match::width() const
{
    switch (field) {
    case Field::IpSrc:
    case Field::IpDst:
    case Field::U32:
        return 32;
    case Field::IpSport:
    case Field::IpDport:
    case Field::U16:
        return 16;
    case Field::IpProtocol:
    case Field::IpTos:
    case Field::U8:
        return 8;
    }
    return 32;
}

int U32Match::fieldOffset() const
{
    switch (field) {
    case Field::IpSrc:
        return 12;
    case Field::IpDst:
        return 16;
    case Field::IpProtocol:
        return 9;
    case Field::IpTos:
        return 1;
    case Field::IpSport:
        return 20;
    case Field::IpDport:
        return 22;
    case Field::U32:
    case Field::U16:
    case Field::U8:
        return offset;
    }
    return offset;
}

int U32Match::prefixLength() const
{
    const int ones = std::popcount(mask);
    const quint32 contiguous = ones == 0 ? 0u : 0xFFFFFFFFu << (32 - ones);
    return contiguous == mask ? ones : -1;
}

QString U32Match::toTcWords() const
{
    switch (field) {
    case Field::IpSrc:
    case Field::IpDst: {
        const QString name = field == Field::IpSrc ? QStringLiteral("src") : QStringLiteral("dst");
        // A non-contiguous mask has no prefix spelling: fall back to the raw word.
        if (prefixLength() < 0)
            return QStringLiteral("u32 %1 %2 at %3").arg(hex(value), hex(mask)).arg(fieldOffset());
        return QStringLiteral("ip %1 %2/%3").arg(name, ipv4ToString(value)).arg(prefixLength());
    }
    case Field::IpProtocol:
        return QStringLiteral("ip protocol %1 %2").arg(value).arg(hex(mask));
    case Field::IpTos:
        return QStringLiteral("ip tos %1 %2").arg(hex(value), hex(mask));
    case Field::IpSport:
        return QStringLiteral("ip sport %1 %2").arg(value).arg(hex(mask));
    case Field::IpDport:
        return QStringLiteral("ip dport %1 %2").arg(value).arg(hex(mask));
    case Field::U32:
        return QStringLiteral("u32 %1 %2 at %3").arg(hex(value), hex(mask)).arg(offset);
    case Field::U16:
        return QStringLiteral("u16 %1 %2 at %3").arg(hex(value), hex(mask)).arg(offset);
    case Field::U8:
        return QStringLiteral("u8 %1 %2 at %3").arg(hex(value), hex(mask)).arg(offset);
    }
    return {};
}

U32Key U32Match::toKey() const
{
    const int off = fieldOffset();
    quint32 v = value & mask;
    quint32 m = mask;
    // tc shifts a 16- or 8-bit field to its place in the aligned word; pack_key16 only shifts
    // at offset 0 mod 4 (a quirk kept so our keys equal tc's).
    if (width() == 16) {
        if ((off & 3) == 0) {
            v <<= 16;
            m <<= 16;
        }
    } else if (width() == 8) {
        const int shift = (off & 3) == 0 ? 24 : (off & 3) == 1 ? 16 : (off & 3) == 2 ? 8 : 0;
        v <<= shift;
        m <<= shift;
    }
    return U32Key{qToBigEndian(v), qToBigEndian(m), width() == 32 ? off : (off & ~3)};
}

ValidationIssues U32Match::validate() const
{
    ValidationIssues issues;
    const QString where = QStringLiteral("match %1").arg(toTcWords());
    if (width() < 32 && (value > widthMask(width()) || mask > widthMask(width())))
        issues.append(ValidationIssue::error(where, tr("value and mask must fit %1 bits").arg(width())));
    if ((field == Field::U32 || field == Field::U16 || field == Field::U8)) {
        if (offset < 0 || offset > 0xFFFF)
            issues.append(ValidationIssue::error(where, tr("offset %1 is out of range 0…65535").arg(offset)));
        else if (width() == 32 && offset % 4 != 0)
            issues.append(ValidationIssue::error(where, tr("a u32 match needs an offset that is a multiple of 4, not %1").arg(offset)));
    }
    return issues;
}

std::optional<QList<U32Key>> U32Params::keys() const
{
    QList<U32Key> packed;
    for (const U32Match &match : matches) {
        const U32Key key = match.toKey();
        bool merged = false;
        for (U32Key &existing : packed) {
            if (existing.offset != key.offset)
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
    return packed;
}

ValidationIssues U32Params::validate() const
{
    ValidationIssues issues;
    for (const U32Match &match : matches)
        issues += match.validate();
    if (!keys())
        issues.append(ValidationIssue::error(QStringLiteral("match"),
                                             tr("two matches contradict each other on the same bits; "
                                                "the filter could never match")));
    if (matches.size() > 128)
        issues.append(ValidationIssue::error(QStringLiteral("match"),
                                             tr("%n matches; u32 holds at most 128 keys", nullptr, int(matches.size()))));
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

} // namespace qs
