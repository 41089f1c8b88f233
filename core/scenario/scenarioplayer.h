#pragma once

#include "scenario/scenario.h"
#include "scenario/scenarioprogress.h"
#include "scenario/scenariotimeline.h"

#include <QObject>
#include <QTimer>

#include <functional>

namespace qs {

/**
 * Plays a scenario (references resolved) on one target through an apply function: the helper
 * gives it its engine, the in-process backend its own. Used by both, so playback behaves the
 * same everywhere.
 *
 * The schedule is absolute: every change is due at passStart + its offset on CLOCK_MONOTONIC
 * and the timer is re-armed for the next one from the clock, never by adding intervals, so
 * lateness never accumulates over a long scenario. A ramp applies a whole tree at each update;
 * the engine turns it into an in-place change, so no queue is flushed and no counter resets.
 */
class ScenarioPlayer : public QObject
{
    Q_OBJECT

public:
    /** Makes the kernel hold @p tree on the target; false with a sentence in @p error. */
    using ApplyFunction = std::function<bool(const QdiscTree &tree, QString *error)>;

    /**
     * @p before is the target's tree now (netns and device name the target): what Restore puts
     * back, and what the first pass's ramps start from. Call prepare() before start().
     */
    ScenarioPlayer(Scenario scenario, QdiscTree before, ApplyFunction apply, QObject *parent = nullptr);
    ~ScenarioPlayer() override;

    /**
     * Compiles the first pass against @p before and, when the scenario loops, the pass every
     * later loop plays (against the first pass's end tree: every pass after the first starts from
     * the same tree); false with errors (nothing was applied).
     */
    bool prepare(QStringList *errors);

    /** Reads CLOCK_MONOTONIC in nanoseconds. */
    using Clock = std::function<qint64()>;
    /**
     * For tests: the player reads the time from @p clock instead of monotonicNowNs() (an empty
     * function puts that back). Set it before start(); the timer still waits in real time, so a
     * test that moves its clock sees the player catch up at the next wake-up.
     */
    void setClockForTesting(Clock clock);

    /** Applies step 1 and plays; progressChanged() follows. */
    void start();
    /**
     * Plays with step 1 due at @p startNs (CLOCK_MONOTONIC, as the clock reads): a start shared
     * with players on other targets and hosts. Until then the state is Playing, nothing is
     * applied, and progress says how long until the start (ScenarioProgress::startsInMs).
     */
    void startAt(qint64 startNs);
    /** Holds the current values (nothing applied) until resume(). */
    void pause();
    /** Continues from where pause() held, on a schedule shifted by the pause. */
    void resume();
    /** Ends playback early: the scenario's onAbort is carried out (the tree from before put back, or the last kept). */
    void stop();
    /** Ends playback without touching the kernel (someone else puts back the tree: the helper's revert book). */
    void halt();
    /** Jumps to the start of @p step (0-based) of the current pass and applies it; paused playback stays paused. */
    bool seek(int step, QString *error);

    ScenarioProgress progress() const;
    const Scenario &scenario() const { return m_scenario; }
    const QdiscTree &treeBefore() const { return m_before; }
    /** The pass being played (valid after prepare()). */
    const ScenarioTimeline &timeline() const { return *m_timeline; }

Q_SIGNALS:
    /**
     * A step's tree was applied (or was already in effect): when it was due and when the kernel
     * took it (CLOCK_MONOTONIC ns). Only for the step actually reached: a step (or a whole pass)
     * that a late wake-up skipped is never announced. @p loop is 1-based, INT_MAX at most.
     */
    void stepStarted(int loop, int step, qint64 dueNs, qint64 appliedNs);
    /** State, loop or step changed; also every ProgressIntervalMs while playing. */
    void progressChanged(const qs::ScenarioProgress &progress);
    /** Playback ended (Finished, Stopped or Failed); the player does nothing more. */
    void ended(const qs::ScenarioProgress &progress);

public:
    static constexpr int ProgressIntervalMs = 500;

private:
    void onTimer();
    void armTimer();
    qint64 nowNs() const;
    qint64 positionAt(qint64 nowNs) const;
    /** Applies @p tree, the schedule's tree at @p positionMs. */
    bool applyTree(QdiscTree tree, qint64 positionMs, QString *error);
    void startPass();
    /** The pass being played is the scenario's last (never with loops == 0). */
    bool isLastPass() const;
    /** Moves on to later pass @p loop (2 or more) starting at @p passStartNs, on the timeline compiled once for it. */
    void enterLaterPass(qint64 loop, qint64 passStartNs);
    /** The last pass is over: its end applied as far as due, then the tree from before (Restore). */
    void endLastPass();
    /** m_loop as ScenarioProgress and stepStarted() carry it (INT_MAX at most). */
    int loopForPeople() const;
    void finish(ScenarioProgress::State state, const QString &error = {});
    /** The latest change of the pass at or before @p positionMs (a step start or ramp update). */
    qint64 changeAtOrBefore(qint64 positionMs) const;
    /** Ends playback as Failed after @p error, putting back the tree from before when onAbort says so. */
    void fail(const QString &error);
    void emitProgress();
    /** Applies the tree from before (Restore). */
    bool restoreBefore(QString *error);
    /** @p tree, due at @p positionMs, is a ramp update holding the tree the target already has. */
    bool isRedundantUpdate(qint64 positionMs, const QdiscTree &tree) const;

    Scenario m_scenario;
    QdiscTree m_before;
    ApplyFunction m_apply;
    std::optional<ScenarioTimeline> m_timeline;      ///< the pass being played
    std::optional<ScenarioTimeline> m_firstTimeline; ///< pass 1, from m_before
    std::optional<ScenarioTimeline> m_laterTimeline; ///< passes 2…, from pass 1's end (loops != 1)
    Clock m_clock;
    QTimer m_timer;
    ScenarioProgress::State m_state = ScenarioProgress::State::Stopped;
    qint64 m_loop = 1; ///< 64-bit: a forever loop of short passes outlasts INT_MAX
    int m_step = -1;               ///< the step last applied
    qint64 m_passStartNs = 0;      ///< CLOCK_MONOTONIC of the pass's position 0 (shifted by pauses)
    qint64 m_pausedPositionMs = 0; ///< while Paused
    qint64 m_lastAppliedMs = -1;   ///< position of the last change applied in this pass
    qint64 m_lastProgressNs = 0;
    qint64 m_pausedAtNs = 0;       ///< CLOCK_MONOTONIC when pause() held playback
    qint64 m_endedPositionMs = 0;  ///< where playback ended (Finished, Stopped, Failed)
    std::optional<QdiscTree> m_lastTree; ///< what the last successful apply put on the target
    QString m_error;
};

} // namespace qs
