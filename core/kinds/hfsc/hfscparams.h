#pragma once

#include "kinds/classkind.h"
#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/** hfsc: hierarchical fair service curves. The qdisc's one option is the default class (its minor). */
struct HfscQdiscParams
{
    /** The minor of the class unclassified traffic goes to; 0: none, and hfsc drops such traffic. */
    quint16 defaultClass = 0;
    friend bool operator==(const HfscQdiscParams &, const HfscQdiscParams &) = default;
};

/**
 * A service curve as the kernel holds it (tc_service_curve): slope m1 for the first d
 * microseconds, m2 after; slopes in bytes per second. tc's other form (umax, dmax, rate) is
 * turned into this one when it is read, as tc does.
 */
struct HfscCurve
{
    quint32 m1 = 0;
    quint32 dUs = 0;
    quint32 m2 = 0;
    friend bool operator==(const HfscCurve &, const HfscCurve &) = default;
};

/**
 * An hfsc class: a real-time curve (rt: guaranteed service for the class's own packets), a
 * link-share curve (ls: the share of what its parent has spare) and an upper limit (ul, only with
 * ls). tc's "sc" is rt and ls alike.
 */
struct HfscClassParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::HfscClassParams)

public:
    std::optional<HfscCurve> rt;
    std::optional<HfscCurve> ls;
    std::optional<HfscCurve> ul;

    ValidationIssues validate() const;
    friend bool operator==(const HfscClassParams &, const HfscClassParams &) = default;
};

QS_DECLARE_CLASS_KIND(HfscClassParams)
QS_DECLARE_QDISC_KIND(HfscQdiscParams)

} // namespace qs
