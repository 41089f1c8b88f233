#pragma once

#include <QString>
#include <QStringView>
#include <QtGlobal>

#include <optional>

namespace qs {

/**
 * A tc handle or class id (major:minor, 16 bits each), with the kernel's special values.
 * Text forms follow iproute2: "root", "none", "1:", "1:10", ":10", hexadecimal numbers.
 */
class TcHandle
{
public:
    static constexpr quint32 RootValue = 0xFFFFFFFFu;    // TC_H_ROOT
    static constexpr quint32 IngressValue = 0xFFFFFFF1u; // TC_H_INGRESS, also TC_H_CLSACT
    static constexpr quint32 UnspecValue = 0u;           // TC_H_UNSPEC

    constexpr TcHandle() = default;
    constexpr explicit TcHandle(quint32 raw) : m_raw(raw) {}
    static constexpr TcHandle make(quint16 major, quint16 minor)
    {
        return TcHandle((quint32(major) << 16) | minor);
    }
    static constexpr TcHandle root() { return TcHandle(RootValue); }
    static constexpr TcHandle ingressParent() { return TcHandle(IngressValue); }
    /** The handle of the ingress and clsact qdiscs themselves: ffff:. */
    static constexpr TcHandle ingressHandle() { return make(0xFFFF, 0); }

    constexpr quint32 raw() const { return m_raw; }
    constexpr quint16 major() const { return quint16(m_raw >> 16); }
    constexpr quint16 minor() const { return quint16(m_raw & 0xFFFFu); }
    constexpr bool isRoot() const { return m_raw == RootValue; }
    constexpr bool isIngressParent() const { return m_raw == IngressValue; }
    constexpr bool isUnspec() const { return m_raw == UnspecValue; }
    /** A qdisc handle has minor 0 ("1:"). */
    constexpr bool isQdiscHandle() const { return !isRoot() && !isIngressParent() && minor() == 0 && major() != 0; }
    /** The qdisc that owns this class ("1:10" → "1:"). */
    constexpr TcHandle qdiscPart() const { return make(major(), 0); }

    /** iproute2's get_qdisc_handle(): "1:", "1", "ffff:", "none". */
    static std::optional<TcHandle> parseQdiscHandle(QStringView text);
    /** iproute2's get_tc_classid(): "root", "none", "1:10", "1:", ":10", "1". */
    static std::optional<TcHandle> parseClassId(QStringView text);
    /** iproute2's print_tc_classid(): "root", "none", ":a", "1:", "1:a". The ingress parent prints as "ingress". */
    QString toString() const;

    friend constexpr bool operator==(TcHandle, TcHandle) = default;
    friend constexpr auto operator<=>(TcHandle a, TcHandle b) { return a.m_raw <=> b.m_raw; }

private:
    quint32 m_raw = UnspecValue;
};

} // namespace qs
