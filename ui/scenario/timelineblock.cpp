#include "timelineblock.h"

#include "scenario/rampparameter.h"
#include "tc/tcsummary.h"

namespace qs {

namespace {

/** Where @p ramp starts, read from @p inEffect (the tree the previous steps leave), if it is known.
 */
std::optional<double> startOf(const RampTarget &ramp, const std::optional<QdiscTree> &inEffect)
{
    if (!inEffect)
        return std::nullopt;
    QString ignored; // an unknown start is drawn as such; playback reports the real problem
    const auto node = RampParameter::locate(*inEffect, ramp.parameter, ramp.at, &ignored);
    return node ? RampParameter::read(*inEffect, ramp.parameter, *node) : std::nullopt;
}

/** Carries @p ramp's end value into @p inEffect, so a later ramp knows where it starts. */
void carryEnd(const RampTarget &ramp, std::optional<QdiscTree> &inEffect)
{
    if (!inEffect)
        return;
    QString ignored;
    const auto node = RampParameter::locate(*inEffect, ramp.parameter, ramp.at, &ignored);
    if (!node || !RampParameter::write(*inEffect, ramp.parameter, *node, ramp.to))
        inEffect.reset(); // from here on the tree in effect is not known without the target
}

QString treeDetail(const QdiscTree &tree)
{
    //: a scenario step that removes every qdisc: the device's default comes back
    return tree.isEmpty() ? TimelineBlock::tr("the device's default") : TcSummary::tree(tree);
}

} // namespace

QList<TimelineBlock> TimelineBlock::fromScenario(const Scenario &scenario)
{
    QList<TimelineBlock> blocks;
    blocks.reserve(scenario.steps.size());
    std::optional<QdiscTree> inEffect; // unknown before the first tree step: it is the target's
    qint64 startMs = 0;
    for (qsizetype i = 0; i < scenario.steps.size(); ++i) {
        const ScenarioStep &step = scenario.steps.at(i);
        TimelineBlock block;
        block.name = step.displayName(int(i) + 1);
        block.startMs = startMs;
        block.durationMs = step.durationMs;
        switch (step.kind) {
        case ScenarioStep::Kind::Hold:
            //: a scenario step that changes nothing on this target: what was in effect stays
            block.detail = tr("holds the condition before it");
            break;
        case ScenarioStep::Kind::Tree:
            block.detail = treeDetail(step.tree);
            inEffect = step.tree;
            break;
        case ScenarioStep::Kind::Profile:
            //: a scenario step that names a saved profile; %1 is its name
            block.detail = tr("profile “%1”").arg(step.reference);
            inEffect.reset();
            break;
        case ScenarioStep::Kind::Preset:
            //: a scenario step that names a built-in preset; %1 is its name
            block.detail = tr("preset “%1”").arg(step.reference);
            inEffect.reset();
            break;
        case ScenarioStep::Kind::Ramp: {
            block.isRamp = true;
            block.curve = step.curve;
            QStringList parts;
            for (qsizetype r = 0; r < step.ramps.size(); ++r) {
                const RampTarget &ramp = step.ramps.at(r);
                const std::optional<double> from = startOf(ramp, inEffect);
                if (r == 0) {
                    block.rampFrom = from;
                    block.rampTo = ramp.to;
                }
                const QString to = RampParameter::formatValue(ramp.parameter, ramp.to);
                //: a ramp on the timeline: %1 the parameter ("tbf.rate"), %2 its start, %3 its end
                //: ("10mbit")
                parts.append(from ? tr("%1 %2 → %3")
                                        .arg(ramp.parameter,
                                             RampParameter::formatValue(ramp.parameter, *from), to)
                                  //: a ramp whose start is the target's current value: %1 the
                                  //: parameter, %2 its end
                                  : tr("%1 → %2").arg(ramp.parameter, to));
                carryEnd(ramp, inEffect);
            }
            block.detail = parts.join(QStringLiteral(", "));
            break;
        }
        }
        startMs += step.durationMs;
        blocks.append(block);
    }
    return blocks;
}

} // namespace qs
