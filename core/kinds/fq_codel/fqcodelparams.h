#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/** Fair queueing with CoDel. Unset values are not sent: the kernel keeps its defaults. */
struct FqCodelParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::FqCodelParams)

public:
    /** FQ_CODEL_QUANTUM_MAX: a larger quantum is refused. */
    static constexpr quint32 MaxQuantum = 1u << 20;

    quint32 limit = 0;       ///< packets; 0: default 10240
    quint32 flows = 0;       ///< 0: default 1024 (fixed once created: a change that sends flows is refused)
    quint32 quantum = 0;     ///< bytes; 0: default 1514
    quint32 targetUs = 0;    ///< 0: default 5 ms
    quint32 intervalUs = 0;  ///< 0: default 100 ms
    std::optional<quint32> ceThresholdUs;
    quint32 memoryLimit = 0; ///< bytes; 0: default 32 MiB
    quint32 dropBatch = 0;   ///< 0: default 64
    std::optional<bool> ecn; ///< unset: the kernel's default (on)

    ValidationIssues validate() const;
    /** What the kernel holds after changing @p running to these: fq_codel keeps every attribute not sent. */
    FqCodelParams appliedOnto(const FqCodelParams &running) const;
    friend bool operator==(const FqCodelParams &, const FqCodelParams &) = default;
};
QS_DECLARE_QDISC_KIND(FqCodelParams)

} // namespace qs
