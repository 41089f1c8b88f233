#include "tchandle.h"

namespace qs {

namespace {

/** strtoul(…, 16) on a whole field: hex digits only, optional 0x, at least one digit. */
std::optional<quint32> parseHexField(QStringView text)
{
    if (text.startsWith(u"0x") || text.startsWith(u"0X"))
        text = text.mid(2);
    if (text.isEmpty() || text.size() > 8)
        return std::nullopt;
    bool ok = false;
    const quint32 value = text.toUInt(&ok, 16);
    if (!ok)
        return std::nullopt;
    return value;
}

} // namespace

std::optional<TcHandle> TcHandle::parseQdiscHandle(QStringView text)
{
    if (text == u"none")
        return TcHandle(UnspecValue);
    qsizetype colon = text.indexOf(u':');
    const QStringView majorText = colon < 0 ? text : text.left(colon);
    if (colon >= 0 && colon != text.size() - 1) {
        // tc accepts "1:0" for a qdisc handle only because strtoul stops at ':'; it ignores
        // the minor. Anything but a zero minor would be silently dropped there, so refuse it.
        const auto minor = parseHexField(text.mid(colon + 1));
        if (!minor || *minor != 0)
            return std::nullopt;
    }
    const auto major = parseHexField(majorText);
    if (!major || *major >= 0x10000)
        return std::nullopt;
    return make(quint16(*major), 0);
}

std::optional<TcHandle> TcHandle::parseClassId(QStringView text)
{
    if (text == u"root")
        return root();
    if (text == u"none")
        return TcHandle(UnspecValue);
    if (text == u"ingress")
        return ingressParent();
    const qsizetype colon = text.indexOf(u':');
    if (colon < 0) {
        // A bare number is the whole 32-bit id, as strtoul would read it.
        const auto whole = parseHexField(text);
        if (!whole)
            return std::nullopt;
        return TcHandle(*whole);
    }
    quint32 major = 0;
    if (colon > 0) {
        const auto parsed = parseHexField(text.left(colon));
        if (!parsed || *parsed >= 0x10000)
            return std::nullopt;
        major = *parsed;
    }
    quint32 minor = 0;
    const QStringView minorText = text.mid(colon + 1);
    if (!minorText.isEmpty()) {
        const auto parsed = parseHexField(minorText);
        if (!parsed || *parsed >= 0x10000)
            return std::nullopt;
        minor = *parsed;
    }
    return make(quint16(major), quint16(minor));
}

QString TcHandle::toString() const
{
    if (isRoot())
        return QStringLiteral("root");
    if (isIngressParent())
        return QStringLiteral("ingress");
    if (isUnspec())
        return QStringLiteral("none");
    if (major() == 0)
        return u':' + QString::number(minor(), 16);
    if (minor() == 0)
        return QString::number(major(), 16) + u':';
    return QString::number(major(), 16) + u':' + QString::number(minor(), 16);
}

} // namespace qs
