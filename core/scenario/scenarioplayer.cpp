#include "scenarioplayer.h"

#include "stats/monotonicclock.h"

#include <algorithm>

namespace qs {

/* TRANSLATOR qs::ScenarioPlayer

   Why a scenario's playback failed or stopped short: "step 2 (Outage) could not be applied: …",
   followed by the kernel's or helper's own reason.
*/

namespace {

constexpr qint64 NsPerMs = 1'000'000;

/** "step 2 (Outage)": how errors name a step of the timeline. */
QString stepLabel(const ScenarioTimeline &timeline, int index)
{
    if (index < 0 || index >= timeline.steps().size())
        return ScenarioPlayer::tr("step %1").arg(index + 1);
    //: %1 is the 1-based step number, %2 the step's name.
    return ScenarioPlayer::tr("step %1 (%2)").arg(index + 1).arg(timeline.steps().at(index).name);
}

} // namespace

ScenarioPlayer::ScenarioPlayer(Scenario scenario, QdiscTree before, ApplyFunction apply,
                               QObject *parent)
    : QObject(parent), m_scenario(std::move(scenario)), m_before(std::move(before)),
      m_apply(std::move(apply))
{
    qRegisterMetaType<qs::ScenarioProgress>();
    m_timer.setSingleShot(true);
    // A coarse timer may fire up to 5 % late: a 100 ms ramp update would drift by 5 ms each time.
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &ScenarioPlayer::onTimer);
}

ScenarioPlayer::~ScenarioPlayer() = default;

bool ScenarioPlayer::prepare(QStringList *errors)
{
    if (m_state == ScenarioProgress::State::Playing || m_state == ScenarioProgress::State::Paused) {
        errors->append(tr("The scenario is already playing."));
        return false;
    }
    QStringList found;
    auto timeline = ScenarioTimeline::compile(m_scenario, m_before, &found);
    if (!timeline) {
        errors->append(found);
        return false;
    }
    m_timeline = std::move(timeline);
    m_loop = 1;
    startPass();
    return true;
}

void ScenarioPlayer::start()
{
    if (m_state != ScenarioProgress::State::Stopped || m_passStartNs != 0)
        return; // playing, paused, or already played: a player plays once
    if (!m_timeline) {
        finish(ScenarioProgress::State::Failed,
               tr("The scenario was not prepared for this target; nothing was applied."));
        return;
    }
    m_error.clear();
    m_loop = 1;
    startPass();
    m_state = ScenarioProgress::State::Playing;
    m_passStartNs = monotonicNowNs();
    onTimer(); // applies step 1 at once and arms the timer for what follows
}

void ScenarioPlayer::pause()
{
    if (m_state != ScenarioProgress::State::Playing)
        return;
    m_timer.stop();
    m_pausedAtNs = monotonicNowNs();
    m_pausedPositionMs = std::clamp(positionAt(m_pausedAtNs), qint64(0), m_timeline->durationMs());
    m_state = ScenarioProgress::State::Paused;
    emitProgress();
}

void ScenarioPlayer::resume()
{
    if (m_state != ScenarioProgress::State::Paused)
        return;
    // The whole schedule moves by the pause, so the step that was cut short gets its remaining
    // time.
    m_passStartNs += monotonicNowNs() - m_pausedAtNs;
    m_state = ScenarioProgress::State::Playing;
    emitProgress();
    onTimer();
}

void ScenarioPlayer::stop()
{
    if (m_state != ScenarioProgress::State::Playing && m_state != ScenarioProgress::State::Paused)
        return;
    m_timer.stop();
    if (m_scenario.onAbort == ScenarioEnding::Restore) {
        QString error;
        if (!restoreBefore(&error)) {
            finish(ScenarioProgress::State::Failed,
                   tr("Playback was stopped, but the tree from before could not be put back: %1")
                       .arg(error));
            return;
        }
    }
    finish(ScenarioProgress::State::Stopped);
}

void ScenarioPlayer::halt()
{
    if (m_state != ScenarioProgress::State::Playing && m_state != ScenarioProgress::State::Paused)
        return;
    finish(ScenarioProgress::State::Stopped);
}

bool ScenarioPlayer::seek(int step, QString *error)
{
    const auto refuse = [&](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (m_state != ScenarioProgress::State::Playing && m_state != ScenarioProgress::State::Paused)
        return refuse(tr("Nothing is playing: start the scenario before jumping to a step."));
    if (step < 0 || step >= m_timeline->steps().size())
        return refuse(tr("There is no step %1; the scenario has %2 steps.")
                          .arg(step + 1)
                          .arg(m_timeline->steps().size()));

    const qint64 startMs = m_timeline->steps().at(step).startMs;
    const qint64 askedNs = monotonicNowNs();
    QString applyError;
    if (!applyAt(startMs, &applyError)) {
        const QString message =
            tr("%1 could not be applied: %2").arg(stepLabel(*m_timeline, step), applyError);
        fail(message);
        return refuse(message);
    }
    const qint64 appliedNs = monotonicNowNs();
    if (m_state == ScenarioProgress::State::Paused) {
        // Still held: resume() continues from the step's start.
        m_passStartNs = m_pausedAtNs - startMs * NsPerMs;
        m_pausedPositionMs = startMs;
    } else {
        m_passStartNs = askedNs - startMs * NsPerMs;
    }
    m_step = step;
    m_lastAppliedMs = startMs;
    Q_EMIT stepStarted(m_loop, step, askedNs, appliedNs);
    if (m_state != ScenarioProgress::State::Playing && m_state != ScenarioProgress::State::Paused)
        return true; // a receiver stopped playback
    emitProgress();
    if (m_state == ScenarioProgress::State::Playing)
        armTimer();
    return true;
}

ScenarioProgress ScenarioPlayer::progress() const
{
    ScenarioProgress p;
    const qint64 now = monotonicNowNs();
    p.scenario = m_scenario.name;
    p.state = m_state;
    p.loop = m_loop;
    p.loops = m_scenario.loops;
    p.step = std::max(m_step, 0);
    p.steps = int(m_scenario.steps.size());
    if (m_timeline && p.step < m_timeline->steps().size()) {
        p.stepName = m_timeline->steps().at(p.step).name;
        p.passDurationMs = m_timeline->durationMs();
    } else {
        if (p.step < m_scenario.steps.size())
            p.stepName = m_scenario.steps.at(p.step).displayName(p.step);
        p.passDurationMs = m_scenario.passDurationMs();
    }
    switch (m_state) {
    case ScenarioProgress::State::Playing:
        p.positionMs = std::clamp(positionAt(now), qint64(0), p.passDurationMs);
        break;
    case ScenarioProgress::State::Paused:
        p.positionMs = m_pausedPositionMs;
        break;
    default:
        p.positionMs = m_endedPositionMs;
        break;
    }
    p.takenAtNs = now;
    p.error = m_error;
    return p;
}

void ScenarioPlayer::onTimer()
{
    if (m_state != ScenarioProgress::State::Playing || !m_timeline)
        return;

    struct Started
    {
        int loop;
        int step;
        qint64 dueNs;
    };
    QList<Started> started;
    qint64 applyPosition =
        -1; // only the latest due change is applied (-1: none); stale ramp updates are skipped
    const qint64 now = monotonicNowNs();

    for (;;) {
        const qint64 duration = m_timeline->durationMs();
        const QList<TimelineStep> &steps = m_timeline->steps();
        const qint64 position = positionAt(now);
        const qint64 change = changeAtOrBefore(std::min(position, duration));
        const int reached =
            position >= duration ? int(steps.size()) - 1 : m_timeline->stepAt(change);
        for (int j = m_step + 1; j <= reached; ++j)
            started.append({m_loop, j, m_passStartNs + steps.at(j).startMs * NsPerMs});
        m_step = std::max(m_step, reached);

        if (position < duration) {
            if (change > m_lastAppliedMs) {
                applyPosition = change;
                m_lastAppliedMs = change;
            }
            break;
        }

        // The pass is over. A ramp at the end still owes its exact end values.
        if (steps.last().isRamp && m_lastAppliedMs < duration)
            applyPosition = duration;
        m_lastAppliedMs = duration;

        const bool anotherPass = m_scenario.loops == 0 || m_loop < m_scenario.loops;
        if (!anotherPass) {
            const bool restoring = m_scenario.onEnd == ScenarioEnding::Restore;
            // With Restore the end values would be replaced at once; don't flash them.
            if (applyPosition >= 0 && !restoring) {
                QString error;
                if (!applyAt(applyPosition, &error)) {
                    fail(tr("%1 could not be applied: %2")
                             .arg(stepLabel(*m_timeline, int(steps.size()) - 1), error));
                    return;
                }
            }
            const qint64 appliedNs = monotonicNowNs();
            for (const Started &s : std::as_const(started)) {
                Q_EMIT stepStarted(s.loop, s.step, s.dueNs, appliedNs);
                if (m_state != ScenarioProgress::State::Playing)
                    return;
            }
            if (restoring) {
                QString error;
                if (!restoreBefore(&error)) {
                    finish(
                        ScenarioProgress::State::Failed,
                        tr("The scenario ended, but the tree from before could not be put back: %1")
                            .arg(error));
                    return;
                }
            }
            finish(ScenarioProgress::State::Finished);
            return;
        }

        // The next pass starts from what this one left, exactly one pass duration later on the
        // clock (absolute: lateness in this pass does not push the next one back).
        QStringList errors;
        auto next = ScenarioTimeline::compile(m_scenario, m_timeline->endTree(), &errors);
        if (!next) {
            //: %1 is the 1-based pass that could not start, %2 the reasons.
            fail(tr("Loop %1 cannot start: %2")
                     .arg(m_loop + 1)
                     .arg(errors.join(QStringLiteral("; "))));
            return;
        }
        m_passStartNs += duration * NsPerMs;
        m_timeline = std::move(next);
        ++m_loop;
        startPass();
        applyPosition = -1; // the next pass's first tree supersedes the end values
    }

    if (applyPosition >= 0 && isRedundantUpdate(applyPosition)) {
        m_lastAppliedMs = applyPosition;
    } else if (applyPosition >= 0) {
        QString error;
        if (!applyAt(applyPosition, &error)) {
            fail(tr("%1 could not be applied: %2")
                     .arg(stepLabel(*m_timeline, m_timeline->stepAt(applyPosition)), error));
            return;
        }
    }
    const qint64 appliedNs = monotonicNowNs();
    for (const Started &s : std::as_const(started)) {
        Q_EMIT stepStarted(s.loop, s.step, s.dueNs, appliedNs);
        if (m_state != ScenarioProgress::State::Playing)
            return; // a receiver paused or stopped playback
    }
    if (!started.isEmpty() || appliedNs - m_lastProgressNs >= ProgressIntervalMs * NsPerMs)
        emitProgress();
    if (m_state == ScenarioProgress::State::Playing)
        armTimer();
}

void ScenarioPlayer::armTimer()
{
    if (m_state != ScenarioProgress::State::Playing || !m_timeline) {
        m_timer.stop();
        return;
    }
    const qint64 now = monotonicNowNs();
    // From the last change handled, not from now: a change that fell due while the previous one
    // was being applied is then taken at once instead of being skipped.
    const qint64 next = m_timeline->nextChangeAfter(m_lastAppliedMs);
    const qint64 changeDueNs = m_passStartNs + next * NsPerMs;
    const qint64 progressDueNs = m_lastProgressNs + ProgressIntervalMs * NsPerMs;
    const qint64 wakeNs = std::min(changeDueNs, progressDueNs);
    // Rounded up: waking a millisecond early would find nothing due and cost another wake-up.
    const qint64 delayMs = std::max<qint64>(0, (wakeNs - now + NsPerMs - 1) / NsPerMs);
    m_timer.start(int(std::min<qint64>(delayMs, ProgressIntervalMs)));
}

qint64 ScenarioPlayer::positionAt(qint64 nowNs) const
{
    const qint64 elapsed = nowNs - m_passStartNs;
    // Floor, also before the start: a change is due only once its millisecond has fully begun.
    return elapsed >= 0 ? elapsed / NsPerMs : -((-elapsed + NsPerMs - 1) / NsPerMs);
}

bool ScenarioPlayer::applyAt(qint64 positionMs, QString *error)
{
    QdiscTree tree = m_timeline->treeAt(positionMs);
    if (!m_apply(tree, error))
        return false;
    m_lastTree = std::move(tree);
    m_lastAppliedMs = positionMs;
    return true;
}

bool ScenarioPlayer::restoreBefore(QString *error)
{
    if (!m_apply(m_before, error))
        return false;
    m_lastTree = m_before;
    return true;
}

bool ScenarioPlayer::isRedundantUpdate(qint64 positionMs) const
{
    // A ramp's first update holds the tree already in effect, and a slow ramp of a whole-number
    // value can round to the same tree twice: sending it again would only load the kernel. A
    // step that holds a tree is always applied, so that it reasserts its condition.
    if (!m_lastTree)
        return false;
    const int index = m_timeline->stepAt(positionMs);
    const TimelineStep &step = m_timeline->steps().at(index);
    if (!step.isRamp)
        return false;
    return m_timeline->treeAt(positionMs) == *m_lastTree;
}

void ScenarioPlayer::startPass()
{
    m_step = -1;
    m_lastAppliedMs = -1;
}

qint64 ScenarioPlayer::changeAtOrBefore(qint64 positionMs) const
{
    if (positionMs < 0)
        return -1; // nothing is due before the pass begins
    const qint64 duration = m_timeline->durationMs();
    if (positionMs >= duration)
        return duration;
    const TimelineStep &step = m_timeline->steps().at(m_timeline->stepAt(positionMs));
    if (!step.isRamp)
        return step.startMs;
    const qint64 local = positionMs - step.startMs;
    return step.startMs + (local / step.updateIntervalMs) * step.updateIntervalMs;
}

void ScenarioPlayer::fail(const QString &error)
{
    m_timer.stop();
    QString message = error;
    if (m_scenario.onAbort == ScenarioEnding::Restore) {
        QString restoreError;
        if (!restoreBefore(&restoreError))
            message +=
                u' ' +
                tr("The tree from before could not be put back either: %1").arg(restoreError);
    }
    finish(ScenarioProgress::State::Failed, message);
}

void ScenarioPlayer::emitProgress()
{
    const ScenarioProgress p = progress();
    m_lastProgressNs = p.takenAtNs;
    Q_EMIT progressChanged(p);
}

void ScenarioPlayer::finish(ScenarioProgress::State state, const QString &error)
{
    m_timer.stop();
    if (m_state == ScenarioProgress::State::Playing && m_timeline)
        m_endedPositionMs =
            std::clamp(positionAt(monotonicNowNs()), qint64(0), m_timeline->durationMs());
    else if (m_state == ScenarioProgress::State::Paused)
        m_endedPositionMs = m_pausedPositionMs;
    if (state == ScenarioProgress::State::Finished && m_timeline)
        m_endedPositionMs = m_timeline->durationMs();
    m_state = state;
    m_error = error;
    const ScenarioProgress p = progress();
    m_lastProgressNs = p.takenAtNs;
    Q_EMIT progressChanged(p);
    // Last: a receiver may delete the player (deleteLater) once it has ended.
    Q_EMIT ended(p);
}

} // namespace qs
