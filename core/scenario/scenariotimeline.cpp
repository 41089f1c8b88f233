#include "scenariotimeline.h"

#include <QSet>

#include <algorithm>

namespace qs {

/* TRANSLATOR qs::ScenarioTimeline

   Why a scenario cannot be played on a target, found before anything is applied. Each message
   starts with the step it is about ("step 2 (Outage): "); parameter names ("netem.delay") and
   values in tc syntax ("200ms") stay as they are.
*/

namespace {

/** Puts @p tree on the target @p current names: the kernel applies it there. */
QdiscTree boundTo(QdiscTree tree, const QdiscTree &current)
{
    tree.netns = current.netns;
    tree.device = current.device;
    tree.isIfb = current.isIfb;
    return tree;
}

/** The tree a ramp holds at @p fraction of its step. */
QdiscTree rampTree(const TimelineStep &step, double fraction)
{
    if (fraction <= 0)
        return step.startTree;
    if (fraction >= 1)
        return step.endTree;
    QdiscTree tree = step.startTree;
    for (const ResolvedRamp &ramp : step.ramps)
        RampParameter::write(tree, ramp.parameter, ramp.node,
                             rampValue(step.curve, ramp.from, ramp.to, fraction));
    return tree;
}

} // namespace

std::optional<ScenarioTimeline>
ScenarioTimeline::compile(const Scenario &scenario, const QdiscTree &current, QStringList *errors)
{
    const qsizetype before = errors->size();
    const QStringList invalid = scenario.validate();
    if (!invalid.isEmpty()) {
        errors->append(invalid);
        return std::nullopt;
    }

    ScenarioTimeline timeline;
    QdiscTree inEffect = current;
    qint64 startMs = 0;
    for (int i = 0; i < scenario.steps.size(); ++i) {
        const ScenarioStep &step = scenario.steps.at(i);
        const QString label = Scenario::stepLabel(step.name, i);
        const auto error = [&](const QString &message) {
            errors->append(label + QStringLiteral(": ") + message);
        };

        TimelineStep compiled;
        compiled.name = step.displayName(i);
        compiled.startMs = startMs;
        compiled.durationMs = step.durationMs;
        startMs += step.durationMs;

        switch (step.kind) {
        case ScenarioStep::Kind::Profile:
        case ScenarioStep::Kind::Preset:
            //: %1 is the profile's or preset's name.
            error(tr("%1 was not looked up; resolve the scenario's references before playing it")
                      .arg(step.reference));
            continue;
        case ScenarioStep::Kind::Tree:
            compiled.startTree = boundTo(step.tree, current);
            compiled.endTree = compiled.startTree;
            break;
        case ScenarioStep::Kind::Hold:
            // Brings nothing: the tree in effect stays (re-applying it changes nothing in the kernel).
            compiled.startTree = inEffect;
            compiled.endTree = inEffect;
            timeline.m_steps.append(compiled);
            continue;
        case ScenarioStep::Kind::Ramp: {
            compiled.isRamp = true;
            compiled.curve = step.curve;
            compiled.updateIntervalMs = 1000 / step.updatesPerSecond;
            compiled.startTree = inEffect;
            compiled.endTree = inEffect;
            QSet<QString> moved;
            bool ok = true;
            for (const RampTarget &target : step.ramps) {
                QString locateError;
                const auto node =
                    RampParameter::locate(inEffect, target.parameter, target.at, &locateError);
                if (!node) {
                    error(nestedSentence(locateError));
                    ok = false;
                    continue;
                }
                const QString key = target.parameter + u'@' + node->toString();
                if (moved.contains(key)) {
                    error(tr("%1 on %2 is ramped twice in one step")
                              .arg(target.parameter, node->toString()));
                    ok = false;
                    continue;
                }
                moved.insert(key);
                const auto from = RampParameter::read(inEffect, target.parameter, *node);
                if (!from) {
                    error(tr("%1 cannot be read on %2").arg(target.parameter, node->toString()));
                    ok = false;
                    continue;
                }
                if (step.curve == RampCurve::Exponential && (*from <= 0 || target.to <= 0)) {
                    //: %1 is the parameter, %2 and %3 its start and end values ("0us", "200ms").
                    error(tr("an exponential ramp cannot start or end at 0: %1 goes from %2 to %3; "
                             "use a linear ramp, "
                             "or start from a small value above 0")
                              .arg(target.parameter,
                                   RampParameter::formatValue(target.parameter, *from),
                                   RampParameter::formatValue(target.parameter, target.to)));
                    ok = false;
                    continue;
                }
                RampParameter::write(compiled.endTree, target.parameter, *node, target.to);
                compiled.ramps.append(ResolvedRamp{target.parameter, *node, *from, target.to});
            }
            if (!ok)
                continue;
            break;
        }
        }

        // A ramp's start is the tree already in effect (checked when its own step began, or the
        // target's current tree, which is what the kernel holds): only what a step brings is
        // checked.
        for (const ValidationIssue &issue : compiled.endTree.validate()) {
            if (issue.isError())
                error(issue.field + QStringLiteral(": ") + nestedSentence(issue.message));
        }
        inEffect = compiled.endTree;
        timeline.m_steps.append(compiled);
    }
    timeline.m_durationMs = startMs;
    if (errors->size() != before)
        return std::nullopt;
    return timeline;
}

int ScenarioTimeline::stepAt(qint64 positionMs) const
{
    if (m_steps.isEmpty())
        return -1;
    // The last step that has begun at positionMs.
    const auto it = std::upper_bound(
        m_steps.begin(), m_steps.end(), positionMs,
        [](qint64 position, const TimelineStep &step) { return position < step.startMs; });
    if (it == m_steps.begin())
        return 0;
    return int(std::distance(m_steps.begin(), it)) - 1;
}

QdiscTree ScenarioTimeline::treeAt(qint64 positionMs) const
{
    const int index = stepAt(positionMs);
    if (index < 0)
        return QdiscTree();
    const TimelineStep &step = m_steps.at(index);
    if (!step.isRamp)
        return step.startTree;
    const qint64 local = positionMs - step.startMs;
    if (local <= 0)
        return step.startTree;
    if (local >= step.durationMs)
        return step.endTree;
    // Quantised to the update ticks: tick k is at k * interval and holds the value at that
    // fraction.
    const qint64 tick = (local / step.updateIntervalMs) * step.updateIntervalMs;
    return rampTree(step, double(tick) / double(step.durationMs));
}

qint64 ScenarioTimeline::nextChangeAfter(qint64 positionMs) const
{
    if (m_steps.isEmpty() || positionMs >= m_durationMs)
        return m_durationMs;
    if (positionMs < 0)
        return 0;
    const TimelineStep &step = m_steps.at(stepAt(positionMs));
    const qint64 stepEnd = step.startMs + step.durationMs;
    if (!step.isRamp)
        return std::min(stepEnd, m_durationMs);
    const qint64 local = positionMs - step.startMs;
    const qint64 nextTick = (local / step.updateIntervalMs + 1) * step.updateIntervalMs;
    return std::min(nextTick < step.durationMs ? step.startMs + nextTick : stepEnd, m_durationMs);
}

const QdiscTree &ScenarioTimeline::endTree() const
{
    static const QdiscTree empty;
    return m_steps.isEmpty() ? empty : m_steps.last().endTree;
}

} // namespace qs
