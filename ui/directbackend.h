#pragma once

#include "lab/labnetwork.h"
#include "netlink/treewatcher.h"
#include "labguard.h"
#include "scenario/scenarioplayer.h"
#include "nodechangetracker.h"
#include "targetbackend.h"

#include <QHash>
#include <QTimer>

#include <memory>
#include <unordered_map>
#include <vector>

namespace qs {

/**
 * The engine in this process, for root where no system bus runs (containers, servers) and for
 * tests: the helper's safety rules kept here — a snapshot per target before its first change,
 * restore, auto-revert, and revert-on-exit when this backend is destroyed (the window closes).
 * Answers arrive as queued signals, as the helper's would.
 *
 * Scenarios play here with a ScenarioPlayer per target, as in the helper: an apply, restore or
 * revert of the target ends its playback first (the change replaces it). A revert-on-exit
 * promise that playScenario() made lasts as long as the playback (when it ends by itself or is
 * stopped, its onEnd or onAbort decides what stays); one an apply made before stays. When this
 * backend is destroyed every playback ends: where a tree is promised back it is halted and the
 * tree put back once; elsewhere it is stopped, carrying out its onAbort, since nothing in this
 * process can play on.
 *
 * Demo labs are built here too (root): each with a LabGuard, so the lab goes when this
 * backend is destroyed, and even when the process is killed. At construction, labs of dead
 * in-process backends (their guard gone too) are removed; nobody else's are touched.
 */
class DirectBackend : public TargetBackend
{
    Q_OBJECT
public:
    explicit DirectBackend(QObject *parent = nullptr);
    ~DirectBackend() override;

    QString describe() const override;
    bool isAvailable() const override { return true; }

    void listTargets() override;
    void readTree(const QString &target) override;
    void apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options) override;
    void confirm(const QString &transaction) override;
    void restore(const QString &target) override;
    void watch(const QString &target) override;
    std::unique_ptr<TcEngine> openForStats(const QString &target, QString *error) override;

    void createLab() override;
    std::optional<LabTrafficSockets> openLabSockets(const QString &labId, QString *error) override;
    void removeLab(const QString &labId) override;

    void playScenario(const QString &target, const Scenario &scenario, const ScenarioPlayOptions &options) override;
    void pauseScenario(const QString &target) override;
    void resumeScenario(const QString &target) override;
    void stopScenario(const QString &target) override;
    void seekScenario(const QString &target, int step) override;
    void queryScenario(const QString &target) override;

    /** The guard process of lab @p labId, or -1 (for tests). */
    qint64 labGuardProcessId(const QString &labId) const;

private:
    struct Lab
    {
        LabNetwork network;
        std::unique_ptr<LabGuard> guard;
    };
    /** Removes @p lab and forgets everything kept for its target; false with the reason. */
    bool dropLab(Lab &lab, QString *error);

    TcEngine *engineFor(const QString &target, QString *error);
    /** Puts @p tree back on @p target; false with the reason otherwise. */
    bool putBack(const QString &target, const QdiscTree &tree, QString *error);
    void later(std::function<void()> emitter);

    /**
     * @p desired on @p engine: with @p byNode, as a change of its one node that differs from
     * what was last applied to @p target, when that is all (NodeChangeTracker); else whole.
     */
    ApplyResult applyToEngine(TcEngine &engine, const QString &target, const QdiscTree &desired, bool byNode);
    /** The player's ApplyFunction: this backend's engine, with treeChanged() as for an apply. */
    bool applyForScenario(const QString &target, const QdiscTree &tree, QString *error);
    /** Runs @p action on @p target's player and answers scenarioCommandDone(@p command) with what it returns (an error or nothing). */
    void controlPlayback(const QString &target, const QString &command, const std::function<QString(ScenarioPlayer &)> &action);
    void playbackEnded(const QString &target, const ScenarioPlayer *player, const ScenarioProgress &progress);
    /** Ends @p target's playback without touching the kernel (a change replaces it). */
    void haltPlayback(const QString &target);
    /** Deletes @p player once the event loop comes back: it may be the sender of the signal being handled. */
    void retire(std::unique_ptr<ScenarioPlayer> player);

    struct PendingRevert
    {
        QdiscTree before;
        QString transaction;
        std::unique_ptr<QTimer> timer;
    };
    /** The kernel's tc notifications for the target the window shows: changes made by tc elsewhere. */
    TreeWatcher m_watcher;
    std::unordered_map<QString, std::unique_ptr<TcEngine>> m_engines;
    QHash<QString, QdiscTree> m_snapshots;   ///< before the first change, per target
    NodeChangeTracker m_nodes;               ///< what apply() last applied to each target
    QHash<QString, QdiscTree> m_exitReverts; ///< what to put back when the window goes away
    std::unordered_map<QString, PendingRevert> m_timeouts;
    quint64 m_nextTransaction = 1;
    std::unordered_map<QString, Lab> m_labs;
    struct Playback
    {
        std::unique_ptr<ScenarioPlayer> player;
        bool revertOnExit = true;
        /** playScenario() put the tree from before in m_exitReverts: dropped when the playback ends. */
        bool promisedExitRevert = false;
    };
    std::unordered_map<QString, Playback> m_playbacks; ///< by target
    std::vector<std::unique_ptr<ScenarioPlayer>> m_retired;
};

} // namespace qs
