#pragma once

#include "kinds/actionkind.h"

#include <QCoreApplication>
#include <QString>

namespace qs {

/** tc's "action mirred": send the packet on to (or a copy to) another device. */
struct MirredParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::MirredParams)

public:
    enum class Direction { Egress, Ingress };
    enum class Mode { Redirect, Mirror };
    Direction direction = Direction::Egress;
    Mode mode = Mode::Redirect;
    QString device;
    /** What happens to the packet after a mirror (TC_ACT_*); a redirect always steals it. */
    int control = defaultControl(Mode::Redirect);

    static int defaultControl(Mode mode);
    ValidationIssues validate() const;
    friend bool operator==(const MirredParams &, const MirredParams &) = default;
};
QS_DECLARE_ACTION_KIND(MirredParams)

} // namespace qs
