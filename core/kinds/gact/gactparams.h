#pragma once

#include "kinds/actionkind.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace qs {

/**
 * tc's generic action (gact): a control verb for every packet ("action drop", "action pass",
 * "action goto chain 2"), optionally another verb for one packet in @c value, chosen at random
 * or deterministically (every value-th).
 */
struct GactParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::GactParams)

public:
    enum class RandomType { NetRand = 1, Determ = 2 }; ///< PGACT_NETRAND, PGACT_DETERM
    struct Random
    {
        RandomType type = RandomType::NetRand;
        int control = 0; ///< TC_ACT_* for the chosen packets
        quint16 value = 1;
        friend bool operator==(const Random &, const Random &) = default;
    };

    int control = 0; ///< TC_ACT_*: 0 is pass (ok)
    std::optional<Random> random;

    ValidationIssues validate() const;
    friend bool operator==(const GactParams &, const GactParams &) = default;
};
QS_DECLARE_ACTION_KIND(GactParams)

} // namespace qs
