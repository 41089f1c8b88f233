#pragma once

#include "lab/labnetwork.h"
#include "netlink/netlinkworker.h"
#include "netlink/treewatcher.h"
#include "labguard.h"
#include "nodechangetracker.h"
#include "safety/labs.h"
#include "safety/playbacks.h"
#include "safety/safetynet.h"
#include "targetbackend.h"


#include <memory>
#include <unordered_map>
#include <vector>

namespace qs {

/**
 * The engine in this process, for root where no system bus runs (containers, servers), for
 * `--direct` and for tests. Its safety rules are the helper's own, from the one SafetyNet
 * (core/safety): a snapshot per target on disk before its first change (in the helper's folder
 * as root, so `restore --direct` and the helper find it), checked against the device's identity;
 * auto-revert of the whole chain of unconfirmed changes; revert-on-exit when this backend is
 * destroyed (the window closes); the TreeLimits checks before anything goes. Answers arrive as
 * queued signals, as the helper's would.
 *
 * Scenarios play here by the helper's rules too (Playbacks, core/safety): an apply, restore or
 * revert of the target ends its playback first; a revert-on-exit promise that playScenario()
 * made lasts as long as the playback. When this backend is destroyed every playback ends: where
 * a tree is promised back it is halted and the tree put back once; elsewhere it is stopped,
 * carrying out its onAbort, since nothing in this process can play on.
 *
 * Demo labs are built here too (root): each with a LabGuard, so the lab goes when this
 * backend is destroyed, and even when the process is killed. At construction, labs of dead
 * in-process backends (their guard gone too) are removed; nobody else's are touched.
 */
class DirectBackend : public TargetBackend
{
    Q_OBJECT
public:
    /** Snapshots in SafetyNet::defaultStateDirectory(): the helper's folder as root. */
    explicit DirectBackend(QObject *parent = nullptr);
    DirectBackend(const QString &stateDirectory, QObject *parent = nullptr);
    ~DirectBackend() override;

    QString describe() const override;
    bool isAvailable() const override { return true; }

    void listTargets() override;
    void readTree(const QString &target) override;
    void apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options) override;
    void confirm(const QString &transaction) override;
    void restore(const QString &target) override;
    void clear(const QString &target) override;
    void watch(const QString &target) override;
    std::unique_ptr<StatsReader> openForStats(const QString &target, QString *error) override;

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
    /** What the safety net did, as the window and the CLI show it. */
    static BackendApplyResult resultOf(const SafetyOutcome &outcome);
    /** Removes lab @p labId (Labs::remove()) and lets its guard go; false with the reason. */
    bool dropLab(const QString &labId, QString *error);
    static QString noSuchLab(const QString &labId);

    void later(std::function<void()> emitter);
    /** News of the safety net (a tree changed, one put back): queued, after the answer of the call under way. */
    void tell(std::function<void()> emitter);
    /** Queues the answer of the call under way, then the news it caused. */
    void answer(std::function<void()> emitter);

    /**
     * @p desired on @p engine: as @p step, the change of its one node that differs from what was
     * last applied to @p target, when that is all (NodeChangeTracker::stepTo()); else whole.
     */
    ApplyResult applyToEngine(TcEngine &engine, const QString &target, const QdiscTree &desired,
                              const std::optional<NodeChangeTracker::Step> &step);
    /** Carries out a scenario command and answers scenarioCommandDone(@p command) with its refusal (or none), before the progress it caused. */
    void answerPlayback(const QString &target, const QString &command, const std::function<SafetyOutcome()> &work);

    /** The kernel's tc notifications for the target the window shows: changes made by tc elsewhere. */
    TreeWatcher m_watcher;
    SafetyNet m_net;           ///< snapshots, promises and engines: the helper's own rules
    Playbacks m_playbacks;     ///< scenarios, by the helper's rules too
    Labs m_labs;               ///< demo labs, by the helper's rules too
    /** Each lab's guard process: it removes the lab when this process dies without doing so. */
    std::unordered_map<QString, std::unique_ptr<LabGuard>> m_guards;
    Caller m_self;             ///< this process, the owner of every promise made here
    NodeChangeTracker m_nodes; ///< what apply() last applied to each target
    bool m_answering = false;  ///< see tell()
    std::vector<std::function<void()>> m_news;
    /** readTree()'s thread, once asked; last, so that no read outlives what it answers to. */
    std::unique_ptr<NetlinkWorker> m_reader; ///< tree reads and target lists, in order, off the GUI thread
    NetlinkWorker &reader();
};

} // namespace qs
