#pragma once

#include "caller.h"
#include "model/qdisctree.h"
#include "safetynet.h"
#include "scenario/scenario.h"
#include "scenario/scenarioplayer.h"
#include "scenario/scenarioprogress.h"
#include "targetengines.h"

#include <QHash>
#include <QLatin1String>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace qs {

/**
 * The scenario playbacks of one road to the kernel — the helper's and the in-process backend's —
 * and their lifecycle, written once (issue 15): at most one playback per target, each with the
 * caller that started it; the snapshot and the revert-on-exit promise of a change (through the
 * SafetyNet); a change of the target, a revert or the removal of its namespace ends the
 * playback first (the net's BeforeChange hook is this book's); every step checked against the
 * device the playback began on, and against the foreign-node rule of Apply; a playback whose
 * owner left plays on for a bounded time, and exit reverts of its owner wait for its end; when
 * the road goes away, every playback ends before anything promised is put back.
 *
 * The roads keep what is theirs: the helper the bus, polkit and the order of its replies, the
 * in-process backend its queued signals. Refusals are SafetyOutcomes with a sentence.
 *
 * A player ends inside its own signals (a timer tick, stop()), so it cannot be deleted there:
 * it is retired and deleted once the event loop comes back (or with the book).
 */
class Playbacks : public QObject
{
    Q_OBJECT
public:
    /**
     * Playbacks of one user at once (root is not counted). With the longest time a playback plays
     * on once its owner has left (setOwnerlessLimitMs()), this bounds what one user can leave
     * running in the helper (issue 15, finding 5).
     */
    static constexpr int MaxPerUser = 4;
    /** How long a playback whose owner left plays on, unless set otherwise. */
    static constexpr int DefaultOwnerlessLimitMs = 24 * 60 * 60 * 1000;
    /**
     * Nodes a scenario may hold in all: the qdiscs, classes and filters of every tree step, summed,
     * plus one per ramp target. PlayScenario is reachable without a password on a user's own demo
     * lab, and the road (root) keeps the scenario and compiles its timeline, so the limit per tree
     * is not enough: up to 1000 steps of such trees are allowed by the schema. 50 000 is far beyond
     * hand-built scenarios (a built-in one has a few dozen nodes) and five steps of the 10 000-class
     * benchmark tree, yet bounds what one caller makes root keep and compile.
     */
    static constexpr qsizetype MaxScenarioNodes = 50000;

    /** @p net is the road's safety net; this book becomes its BeforeChange hook. */
    explicit Playbacks(SafetyNet &net, QObject *parent = nullptr);
    ~Playbacks() override;

    void setOwnerlessLimitMs(int ms) { m_ownerlessLimitMs = ms; }

    /**
     * What is wrong with @p scenario (its loop count final) without looking at any target: it names
     * profiles or presets, a step's tree is larger than a device holds, it holds more than
     * MaxScenarioNodes nodes, it does not validate. Linear; for anyone, before polkit is asked.
     * InvalidRequest or InvalidTree, with the sentence.
     */
    static SafetyOutcome checkScenario(const Scenario &scenario);
    /** How far ahead a shared start may lie: the clients' time to send every host its lane, with room to spare. */
    static constexpr qint64 MaxStartLeadMs = 60'000;
    /** The sentence that refuses a second playback on @p target (it names the scenario and its owner); empty when none plays. */
    QString busy(const QString &target) const;

    /**
     * Plays @p scenario (checked by checkScenario()) on @p target for @p caller: a snapshot first,
     * the ramps started from the tree the kernel holds now; with @p revertOnExit that tree comes back
     * when the caller leaves (ownerLeft()), a promise lasting as long as the playback. Refused when
     * something plays there already, when the caller plays MaxPerUser already, when a step's foreign
     * node is not the kernel's, when the scenario cannot play on that tree; KernelRefused when its
     * first step fails. Its progress follows as progressed(). With @p startAtNs (CLOCK_MONOTONIC,
     * at most MaxStartLeadMs ahead) step 1 waits for that time, the start it shares with other
     * targets; a failure of step 1 then ends the playback as failed.
     */
    SafetyOutcome play(const Caller &caller, const QString &target, const Scenario &scenario, bool revertOnExit,
                       std::optional<qint64> startAtNs = std::nullopt);
    SafetyOutcome pause(const Caller &caller, const QString &target);
    SafetyOutcome resume(const Caller &caller, const QString &target);
    /** Ends the playback as its onAbort says, and drops the promise it made. */
    SafetyOutcome stop(const Caller &caller, const QString &target);
    /** Jumps to the start of @p step (0-based; the sentences count from 1, as people do). */
    SafetyOutcome seek(const Caller &caller, const QString &target, int step);
    /** Where @p target's playback is (state Stopped, steps 0 when none plays there). */
    ScenarioProgress progressOf(const QString &target) const;

    /**
     * Ends @p target's playback without touching the kernel, because @p why replaces it; audited as
     * @p caller's. When @p caller is not its owner, the revert-on-exit promise the playback made goes with it.
     */
    void halt(const QString &target, const QString &why, const Caller &caller);
    /**
     * @p leaving left (its bus name went, its process ended): its playbacks with revertOnExit end
     * and its revert-on-exit promises are kept; a playback asked to go on without it plays on for
     * the ownerless limit, and a promise about its target waits for its end.
     */
    void ownerLeft(const Caller &leaving);
    /**
     * The road goes away (the helper exits, the window closes): every playback ends, then every
     * promise is kept, audited as @p who's with @p reason. A playback whose target gets a tree back
     * (or for which @p goesAnyway holds: a lab's) is halted; any other is stopped as its onAbort says,
     * since nobody would end its half-played condition. Nothing is put back where @p goesAnyway holds.
     */
    void endAll(const Caller &who, QLatin1String reason, const std::function<bool(const QString &target)> &goesAnyway);
    /** Namespaces @p namespaces are being deleted: their playbacks end, and the net forgets them. */
    void forgetNamespaces(const QStringList &namespaces);

    bool isEmpty() const { return m_playbacks.isEmpty(); }
    /** Targets with a playback, in no particular order. */
    QStringList targets() const { return m_playbacks.keys(); }

    /** The audit line's summary of where a playback is ("scenario "x": step 2 of 3 (Loss), loop 1 of 1"). */
    static QString summary(const ScenarioProgress &progress);

Q_SIGNALS:
    /**
     * Playback on @p target moved: a new step or state, every half second while playing, and its
     * last report once (finished, stopped, failed, halted). @p owner is the bus name of the caller
     * that started it (who hears it besides the target's readers).
     */
    void progressed(const QString &target, const qs::ScenarioProgress &progress, const QString &owner);
    /** A step changed @p target's tree. */
    void kernelChanged(const QString &target);

private:
    /** An exit revert of a caller that left while a playback went on: carried out when it ends. */
    struct DeferredRevert
    {
        QdiscTree tree;
        Caller client;
    };
    struct Playback
    {
        std::unique_ptr<ScenarioPlayer> player;
        Caller owner;
        bool revertOnExit = true;
        /** The device it was started on: a device made again under the same name is not played on. */
        TargetIdentity identity;
        QList<DeferredRevert> deferredReverts;
        /**
         * play() made the owner's revert-on-exit promise about the target (none was there before):
         * it is dropped when the playback ends (finished, stopped, failed), since the scenario's own
         * ending decides what stays, and when another client's change replaces it. A promise from
         * an earlier apply stays.
         */
        bool promisedExitRevert = false;
        /** Once its owner left: when it is stopped at the latest. */
        std::unique_ptr<QTimer> ownerlessDeadline;
    };

    Playback *find(const QString &target) const;
    QString targetOf(const ScenarioPlayer *player) const;
    /** Takes @p target's playback out of the book; its player is retired, not returned. */
    std::optional<Playback> take(const QString &target);
    void retire(std::unique_ptr<ScenarioPlayer> player);
    void audit(const Caller &caller, const QString &action, const QString &target, const QString &result, const QStringList &changes = {});

    /** The player's ApplyFunction: @p target's engine, refusing a device made again since the playback began. */
    bool applyStep(const QString &target, const QdiscTree &tree, QString *error);
    void playerEnded(const ScenarioPlayer *player, const ScenarioProgress &progress);
    /** halt(), returning the exit reverts that waited for the playback's end (with @p keepDeferred the caller keeps them, else they are dropped). */
    QList<DeferredRevert> haltKeeping(const QString &target, const QString &why, const Caller &caller, bool keepDeferred);
    /** stop() of @p player, audited as @p action by @p caller; its progress afterwards. */
    ScenarioProgress stopPlayer(const QString &target, ScenarioPlayer &player, const Caller &caller, const QString &action);
    /** Forgets the revert-on-exit promise @p playback made (if it made one), audited with @p why. */
    void dropPromise(const QString &target, const Playback &playback, const QString &why);
    /** dropPromise()'s reason when the playback ended (@p how: its state, or "stopped"). */
    static QString endedItsPlayback(const QString &how);
    /** @p target's playback goes on without its owner: stopped at the latest the ownerless limit later. */
    void boundOwnerless(const QString &target);
    /** The refusal of a command (audited as @p action) when nothing plays on @p target; nullptr when something does. */
    ScenarioPlayer *playerFor(const Caller &caller, const QString &action, const QString &target, SafetyOutcome *refusal);

    SafetyNet &m_net;
    int m_ownerlessLimitMs = DefaultOwnerlessLimitMs;
    QHash<QString, std::shared_ptr<Playback>> m_playbacks; ///< by target (Playback is move-only)
    std::vector<std::unique_ptr<ScenarioPlayer>> m_retired;
};

} // namespace qs
