#pragma once

#include "helperclient.h"
#include "sshlink.h"
#include "nodechangetracker.h"
#include "targetbackend.h"

#include <QDBusServiceWatcher>
#include <QSet>

namespace qs {

/** The window's way to the kernel on a desktop: qdisc-studio-helper on the system bus. */
class HelperBackend : public TargetBackend
{
    Q_OBJECT
public:
    explicit HelperBackend(const QDBusConnection &bus = QDBusConnection::systemBus(), QObject *parent = nullptr);
    /** The helper of another host, over @p link (kept open as long as this backend). */
    explicit HelperBackend(std::unique_ptr<SshLink> link, QObject *parent = nullptr);
    /** Removes the labs this backend made (the helper would too, when this client leaves the bus). */
    ~HelperBackend() override;

    QString describe() const override;
    /** The way to another host's helper; null on this host's bus. */
    const SshLink *link() const { return m_link.get(); }
    bool isAvailable() const override;

    void listTargets() override;
    void readTree(const QString &target) override;
    void apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options) override;
    void confirm(const QString &transaction) override;
    void restore(const QString &target) override;
    void clear(const QString &target) override;
    void watch(const QString &target) override;
    std::unique_ptr<StatsReader> openForStats(const QString &target, QString *error) override;

    /** CreateLab, OpenLabSockets, RemoveLab: the helper builds the lab, owned by this client. */
    void createLab() override;
    std::optional<LabTrafficSockets> openLabSockets(const QString &labId, QString *error) override;
    void removeLab(const QString &labId) override;

    /** PlayScenario … GetScenarioProgress; progress comes from the helper's ScenarioProgress signal. */
    void playScenario(const QString &target, const Scenario &scenario, const ScenarioPlayOptions &options) override;
    void authorize(const QString &target) override;
    void pauseScenario(const QString &target) override;
    void resumeScenario(const QString &target) override;
    void stopScenario(const QString &target) override;
    void seekScenario(const QString &target, int step) override;
    void queryScenario(const QString &target) override;

private:
    /** What the helper's answer to Apply, ChangeNode, Clear or Restore says: its report, or its error in words. */
    static BackendApplyResult resultOf(const QDBusPendingCall &call);
    /** scenarioCommandDone(@p target, @p command, …) once the helper answers @p call. */
    void answerScenarioCommand(const QString &target, const QString &command, const QDBusPendingCall &call);
    /** A refusal without asking the helper, answered like the others: queued. */
    void answerLater(const QString &target, const QString &command, const QString &error);
    /**
     * Authorize(@p target), then @p send once polkit said yes: the helper takes a document
     * (Apply, PlayScenario) only from a connection it has authorized already, so that none is
     * ever kept waiting for polkit. @p refused gets Authorize's failed call instead.
     */
    void authorizeThen(const QString &target, std::function<void()> send, std::function<void(const QDBusPendingCall &)> refused);
    /** Calls @p onReply with the finished call, on this thread, when the helper answers. */
    void whenDone(const QDBusPendingCall &call, std::function<void(const QDBusPendingCall &)> onReply);
    void checkVersion();
    /**
     * ChangeNode for @p step, the newest value of a slider on one node of a big tree; when the
     * helper holds another tree (TreeMismatch) or the node cannot change alone, @p whole
     * sends the whole tree instead. @p answered as for Apply.
     */
    void changeNode(const QString &target, const QdiscTree &tree, const NodeChangeTracker::Step &step, const QVariantMap &options,
                    std::function<void()> whole, std::function<void(const QDBusPendingCall &)> answered);

    std::unique_ptr<SshLink> m_link; ///< the way to another host's helper; null on this host's bus
    HelperClient m_client;
    QDBusServiceWatcher m_watcher;
    QString m_version;
    QSet<QString> m_labs; ///< made by CreateLab and not removed yet
    NodeChangeTracker m_nodes; ///< what was applied to each target, for ChangeNode
};

} // namespace qs
