#pragma once

#include "kinds/actionkind.h"
#include "model/tchandle.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace qs {

/** tc's "action skbedit": sets the packet's priority, firewall mark, transmit queue or type. */
struct SkbeditParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::SkbeditParams)

public:
    enum class PacketType : quint16 { Host = 0, Broadcast = 1, Multicast = 2, OtherHost = 3 }; ///< PACKET_*
    std::optional<TcHandle> priority; ///< skb->priority, written as a class id ("1:10")
    std::optional<quint32> mark;
    std::optional<quint32> mask;      ///< only with a mark ("mark 5/0xff")
    std::optional<quint16> queueMapping;
    std::optional<PacketType> packetType;
    bool inheritDsfield = false;
    int control = defaultControl();

    static int defaultControl();
    ValidationIssues validate() const;
    friend bool operator==(const SkbeditParams &, const SkbeditParams &) = default;
};
QS_DECLARE_ACTION_KIND(SkbeditParams)

} // namespace qs
