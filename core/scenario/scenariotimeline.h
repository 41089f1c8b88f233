#pragma once

#include "scenario/scenario.h"

namespace qs {

/** A ramp target with its start value found in the tree in effect when its step begins. */
struct ResolvedRamp
{
    QString parameter;
    TcHandle node; ///< the qdisc or class it moves (located, never unspecified)
    double from = 0;
    double to = 0;
};

/** One step as it will be played, with the trees it holds. */
struct TimelineStep
{
    QString name;        ///< the display name
    qint64 startMs = 0;  ///< from the start of the pass
    qint64 durationMs = 0;
    bool isRamp = false;
    RampCurve curve = RampCurve::Linear;
    qint64 updateIntervalMs = 0; ///< ramps: 1000 / updatesPerSecond
    QList<ResolvedRamp> ramps;
    QdiscTree startTree; ///< applied when the step begins (a ramp's: its start values)
    QdiscTree endTree;   ///< in effect when it ends (a ramp's: its end values)
};

/**
 * One pass of a scenario whose references are resolved, compiled against the tree the target
 * holds when the pass begins: each ramp's start values found, each tree bound to the target and
 * validated. Everything that can be wrong with a scenario on this target is found here, before
 * anything is applied.
 */
class ScenarioTimeline
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScenarioTimeline)

public:
    /**
     * @p current is the target's tree (its netns and device name the target). Errors name the
     * step: a reference left unresolved, a ramp parameter with no node (or an ambiguous one) in
     * the tree in effect, an exponential ramp from or to zero, a tree the kernel would refuse.
     */
    static std::optional<ScenarioTimeline> compile(const Scenario &scenario, const QdiscTree &current, QStringList *errors);

    const QList<TimelineStep> &steps() const { return m_steps; }
    qint64 durationMs() const { return m_durationMs; }
    /** The step playing at @p positionMs (the last step at or after the end). */
    int stepAt(qint64 positionMs) const;
    /**
     * The tree the schedule holds at @p positionMs: a step's tree, or a ramp's values at the
     * last update at or before @p positionMs (updates at the step's start and every
     * updateIntervalMs after it; the end values at the step's end).
     */
    QdiscTree treeAt(qint64 positionMs) const;
    /** The next time after @p positionMs at which treeAt() changes (a step start or a ramp update); durationMs() at most. */
    qint64 nextChangeAfter(qint64 positionMs) const;
    /** The tree in effect at the end of the pass. */
    const QdiscTree &endTree() const;

private:
    QList<TimelineStep> m_steps;
    qint64 m_durationMs = 0;
};

} // namespace qs
