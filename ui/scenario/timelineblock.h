#pragma once

#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace qs {

/**
 * One step of a scenario as the timeline draws it: where it sits in the pass, what it holds in
 * words, and for a ramp which way its first parameter moves. Built from the scenario alone (no
 * target needed), so a timeline shows before anything plays.
 */
struct TimelineBlock
{
    Q_DECLARE_TR_FUNCTIONS(qs::TimelineBlock)

public:
    QString name;   ///< the step's display name ("Step 3" when it has none)
    QString detail; ///< "tbf 10 Mbit/s", "tbf.rate 10mbit → 1mbit"
    qint64 startMs = 0;
    qint64 durationMs = 0;
    bool isRamp = false;
    RampCurve curve = RampCurve::Linear;
    /**
     * A ramp's first parameter at the start of the step, when an earlier step of the pass holds
     * it (a ramp that opens the pass starts from the target's tree: unknown here).
     */
    std::optional<double> rampFrom;
    double rampTo = 0;

    /**
     * The blocks of one pass of @p scenario. Profile and preset steps are named by reference;
     * resolve them first (Scenario::resolveReferences()) to see their trees summarised.
     */
    static QList<TimelineBlock> fromScenario(const Scenario &scenario);
};

} // namespace qs
