#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/** pfifo: a queue limited in packets. Unset limit: the device's txqueuelen. */
struct PfifoParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::PfifoParams)

public:
    std::optional<quint32> limitPackets;
    ValidationIssues validate() const;
    friend bool operator==(const PfifoParams &, const PfifoParams &) = default;
};

/** bfifo: a queue limited in bytes. Unset limit: txqueuelen × MTU. */
struct BfifoParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::BfifoParams)

public:
    std::optional<quint32> limitBytes;
    ValidationIssues validate() const;
    friend bool operator==(const BfifoParams &, const BfifoParams &) = default;
};

/** pfifo_head_drop: a packet-limited queue that drops its oldest packet when full. */
struct PfifoHeadDropParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::PfifoHeadDropParams)

public:
    std::optional<quint32> limitPackets;
    ValidationIssues validate() const;
    friend bool operator==(const PfifoHeadDropParams &, const PfifoHeadDropParams &) = default;
};

QS_DECLARE_QDISC_KIND(PfifoParams)
QS_DECLARE_QDISC_KIND(BfifoParams)
QS_DECLARE_QDISC_KIND(PfifoHeadDropParams)

} // namespace qs
