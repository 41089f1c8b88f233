#include "scenarioplayer.h"

#include "stats/monotonicclock.h"

#include <algorithm>
#include <climits>
#include <limits>

namespace qs {

/* TRANSLATOR qs::ScenarioPlayer

   Why a scenario's playback failed or stopped short: "step 2 (Outage) could not be applied: …",
   followed by the kernel's or helper's own reason. Messages start in lower case and end without a
   full stop: they are shown after "failed: " or "“Name” stopped: ".
*/

namespace {

constexpr qint64 NsPerMs = 1'000'000;

/** "step 2 (Outage)": how errors name a step of the timeline. */
QString stepLabel(const ScenarioTimeline &timeline, int index)
{
    return Scenario::stepLabel(index >= 0 && index < timeline.steps().size() ? timeline.steps().at(index).name : QString(), index);
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
        errors->append(tr("the scenario is already playing"));
        return false;
    }
    QStringList found;
    auto first = ScenarioTimeline::compile(m_scenario, m_before, &found);
    if (!first) {
        errors->append(found);
        return false;
    }
    std::optional<ScenarioTimeline> later;
    if (m_scenario.loops != 1) {
        // Every pass after the first starts from the first pass's end tree (and ends on the same
        // tree again: a tree step fixes what follows it, a ramp writes the same end values), so
        // one compilation serves them all, and what would fail at loop 2 is found now.
        later = ScenarioTimeline::compile(m_scenario, first->endTree(), &found);
        if (!later) {
            for (const QString &error : std::as_const(found))
                //: %1 says what is wrong there ("step 1 (Fade): netem.delay: there is no netem
                //: qdisc in the tree").
                errors->append(tr("loop 2 would start from the end of loop 1, where %1")
                                   .arg(nestedSentence(error)));
            return false;
        }
    }
    m_firstTimeline = std::move(first);
    m_laterTimeline = std::move(later);
    m_timeline = m_firstTimeline;
    m_loop = 1;
    startPass();
    return true;
}

void ScenarioPlayer::setClockForTesting(Clock clock)
{
    m_clock = std::move(clock);
}

qint64 ScenarioPlayer::nowNs() const
{
    return m_clock ? m_clock() : monotonicNowNs();
}

int ScenarioPlayer::loopForPeople() const
{
    return int(std::clamp<qint64>(m_loop, 1, INT_MAX));
}

void ScenarioPlayer::start()
{
    startAt(nowNs());
}

void ScenarioPlayer::startAt(qint64 startNs)
{
    if (m_state != ScenarioProgress::State::Stopped || m_passStartNs != 0)
        return; // playing, paused, or already played: a player plays once
    if (!m_timeline) {
        finish(ScenarioProgress::State::Failed,
               tr("the scenario was not prepared for this target; nothing was applied"));
        return;
    }
    m_error.clear();
    m_loop = 1;
    m_timeline = m_firstTimeline;
    startPass();
    m_state = ScenarioProgress::State::Playing;
    m_passStartNs = startNs;
    onTimer(); // applies step 1 when due now, and arms the timer for what follows
}

void ScenarioPlayer::pause()
{
    if (m_state != ScenarioProgress::State::Playing)
        return;
    m_timer.stop();
    m_pausedAtNs = nowNs();
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
    m_passStartNs += nowNs() - m_pausedAtNs;
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
                   tr("playback was stopped, but the tree from before could not be put back: %1")
                       .arg(nestedSentence(error)));
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
        return refuse(tr("nothing is playing: start the scenario before jumping to a step"));
    if (step < 0 || step >= m_timeline->steps().size())
        return refuse(tr("there is no step %1; the scenario has %2 steps")
                          .arg(step + 1)
                          .arg(m_timeline->steps().size()));

    const qint64 startMs = m_timeline->steps().at(step).startMs;
    const qint64 askedNs = nowNs();
    QString applyError;
    if (!applyTree(m_timeline->treeAt(startMs), startMs, &applyError)) {
        const QString message = tr("%1 could not be applied: %2")
                                    .arg(stepLabel(*m_timeline, step), nestedSentence(applyError));
        fail(message);
        return refuse(message);
    }
    const qint64 appliedNs = nowNs();
    if (m_state == ScenarioProgress::State::Paused) {
        // Still held: resume() continues from the step's start.
        m_passStartNs = m_pausedAtNs - startMs * NsPerMs;
        m_pausedPositionMs = startMs;
    } else {
        m_passStartNs = askedNs - startMs * NsPerMs;
    }
    m_step = step;
    m_lastAppliedMs = startMs;
    Q_EMIT stepStarted(loopForPeople(), step, askedNs, appliedNs);
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
    const qint64 now = nowNs();
    p.scenario = m_scenario.name;
    p.state = m_state;
    p.loop = loopForPeople();
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
        if (m_loop == 1 && m_step < 0 && now < m_passStartNs)
            p.startsInMs = (m_passStartNs - now + NsPerMs - 1) / NsPerMs;
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

    const qint64 now = nowNs();
    // Every pass lasts the same: the steps' durations do not depend on the tree.
    const qint64 duration = m_timeline->durationMs();
    qint64 position = positionAt(now);
    if (position >= duration) {
        if (!isLastPass()) {
            // One pass or more are over. The passes in between are skipped arithmetically (a
            // stall of an hour over a 100 ms forever loop must not replay 36000 passes): the
            // schedule stays absolute, so the pass reached starts a whole number of pass
            // durations after this one. Its end values are superseded by the next pass's first
            // tree.
            qint64 skip = position / duration;
            if (m_scenario.loops != 0)
                skip = std::min(skip, qint64(m_scenario.loops) - m_loop);
            const qint64 loop =
                m_loop > std::numeric_limits<qint64>::max() - skip ? m_loop : m_loop + skip;
            enterLaterPass(loop, m_passStartNs + skip * duration * NsPerMs);
            position = positionAt(now);
        }
        if (position >= duration) { // only the last pass can still be over
            endLastPass();
            return;
        }
    }

    // Only the latest change due is applied: stale ramp updates, and steps passed while late,
    // are skipped (and a skipped step is not announced).
    const qint64 change = changeAtOrBefore(position);
    int reached = -1;
    if (change >= 0 && change > m_lastAppliedMs) {
        const int index = m_timeline->stepAt(change);
        QdiscTree tree = m_timeline->treeAt(change); // built once per tick
        if (isRedundantUpdate(change, tree)) {
            m_lastAppliedMs = change;
        } else {
            QString error;
            if (!applyTree(std::move(tree), change, &error)) {
                fail(tr("%1 could not be applied: %2")
                         .arg(stepLabel(*m_timeline, index), nestedSentence(error)));
                return;
            }
        }
        if (index != m_step)
            reached = index;
        m_step = index;
    }
    const qint64 appliedNs = nowNs();
    if (reached >= 0) {
        Q_EMIT stepStarted(loopForPeople(), reached,
                           m_passStartNs + m_timeline->steps().at(reached).startMs * NsPerMs,
                           appliedNs);
        if (m_state != ScenarioProgress::State::Playing)
            return; // a receiver paused or stopped playback
    }
    if (reached >= 0 || appliedNs - m_lastProgressNs >= ProgressIntervalMs * NsPerMs)
        emitProgress();
    if (m_state == ScenarioProgress::State::Playing)
        armTimer();
}

bool ScenarioPlayer::isLastPass() const
{
    return m_scenario.loops != 0 && m_loop >= m_scenario.loops;
}

void ScenarioPlayer::enterLaterPass(qint64 loop, qint64 passStartNs)
{
    // Compiled by prepare() whenever the scenario loops; shared, so this copies no tree.
    m_timeline = m_laterTimeline;
    m_loop = loop;
    m_passStartNs = passStartNs;
    startPass();
}

void ScenarioPlayer::endLastPass()
{
    const QList<TimelineStep> &steps = m_timeline->steps();
    const int last = int(steps.size()) - 1;
    const TimelineStep &lastStep = steps.at(last);
    const qint64 duration = m_timeline->durationMs();
    const bool restoring = m_scenario.onEnd == ScenarioEnding::Restore;

    // A last step that holds a tree is applied even when the wake-up came after the pass's end:
    // its condition is part of the scenario. A ramp owes its exact end values, except when Restore
    // would replace them at once (no flash).
    bool applyEnd = false;
    if (!lastStep.isRamp)
        applyEnd = m_step < last;
    else
        applyEnd = !restoring && m_lastAppliedMs < duration;
    if (applyEnd) {
        QString error;
        if (!applyTree(m_timeline->treeAt(duration), duration, &error)) {
            fail(tr("%1 could not be applied: %2")
                     .arg(stepLabel(*m_timeline, last), nestedSentence(error)));
            return;
        }
    }
    m_lastAppliedMs = duration;
    if (applyEnd && m_step < last) {
        m_step = last;
        Q_EMIT stepStarted(loopForPeople(), last, m_passStartNs + lastStep.startMs * NsPerMs,
                           nowNs());
        if (m_state != ScenarioProgress::State::Playing)
            return;
    }
    if (restoring) {
        QString error;
        if (!restoreBefore(&error)) {
            finish(ScenarioProgress::State::Failed,
                   tr("the scenario ended, but the tree from before could not be put back: %1")
                       .arg(nestedSentence(error)));
            return;
        }
    }
    finish(ScenarioProgress::State::Finished);
}

void ScenarioPlayer::armTimer()
{
    if (m_state != ScenarioProgress::State::Playing || !m_timeline) {
        m_timer.stop();
        return;
    }
    const qint64 now = nowNs();
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

bool ScenarioPlayer::applyTree(QdiscTree tree, qint64 positionMs, QString *error)
{
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

bool ScenarioPlayer::isRedundantUpdate(qint64 positionMs, const QdiscTree &tree) const
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
    return tree == *m_lastTree;
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
            //: %1 is what failed first, %2 why the tree from before could not be put back.
            message = tr("%1; the tree from before could not be put back either: %2")
                          .arg(message, nestedSentence(restoreError));
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
        m_endedPositionMs = std::clamp(positionAt(nowNs()), qint64(0), m_timeline->durationMs());
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
