#pragma once

#include "kinds/filterkind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QString>

namespace qs {

/**
 * The fw classifier's own part of a filter: it matches packets whose firewall mark (skb->mark,
 * set by iptables/nftables MARK or SO_MARK), ANDed with the mask, equals the filter's handle. The
 * mask is written in the handle word ("handle 6/0xff") and shared by every fw filter of one
 * prio; indev limits it to packets that came in on that device.
 */
struct FwParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::FwParams)

public:
    static constexpr quint32 DefaultMask = 0xFFFFFFFF;
    quint32 mask = DefaultMask;
    QString indev;

    ValidationIssues validate() const;
    friend bool operator==(const FwParams &, const FwParams &) = default;
};
QS_DECLARE_FILTER_KIND(FwParams)

} // namespace qs
