#pragma once

#include "targetbackend.h"

#include <QHash>
#include <QSet>
#include <QThread>
#include <QTimer>

#include <functional>

#include <map>
#include <memory>

namespace qs {

class HelperBackend;

/**
 * The window's one backend for this machine and the hosts added over ssh: every call about a
 * target goes to the backend of its host — this machine's (the helper or the in-process engine)
 * for IF, NETNS/IF and docker:NAME/IF, that host's helper over its SshLink for
 * ssh://HOST/TARGET — with the target as that backend knows it, and every answer comes back with
 * the target as the window knows it. The list of targets is this machine's and every host's,
 * each host's entries marked with it (TargetInfo::host). Labs stay on this machine.
 *
 * Adding a host runs ssh on a thread of its own (a login can take seconds); the window goes on.
 */
class HostsBackend : public TargetBackend
{
    Q_OBJECT
public:
    explicit HostsBackend(std::unique_ptr<TargetBackend> local, QObject *parent = nullptr);
    ~HostsBackend() override;

    QString describe() const override;
    bool isAvailable() const override;

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
    void authorize(const QString &target) override;
    std::optional<HostClock> clockOf(const QString &target, QString *error) override;
    void pauseScenario(const QString &target) override;
    void resumeScenario(const QString &target) override;
    void stopScenario(const QString &target) override;
    void seekScenario(const QString &target, int step) override;
    void queryScenario(const QString &target) override;

    void addHost(const QString &host) override;
    /** The hosts added so far ("qs@lab4"), in the order they were. */
    QStringList hosts() const override { return m_hostOrder; }
    TargetBackend *local() const { return m_local.get(); }

private:
    /** Where a target's calls go: the backend, and the target as it knows it. */
    struct Route
    {
        TargetBackend *backend = nullptr;
        QString target;
        QString error; ///< why there is no backend (not a target, host not added)
    };
    Route route(const QString &target) const;
    /** @p call on the backend of @p target's host, or scenarioCommandDone(@p command) with why there is none. */
    void routeScenarioCommand(const QString &target, const QString &command, const std::function<void(TargetBackend &, const QString &)> &call);
    /** Forwards @p inner's answers, each target given back the prefix @p prefix ("ssh://qs@lab4/", empty on this machine). */
    void forward(TargetBackend *inner, const QString &host);
    /** The lists of every host so far as one. */
    void emitTargets();

    /** Drops the hosts whose connection ended, saying so (hostAdded with the reason). */
    void dropLostHosts();

    std::unique_ptr<TargetBackend> m_local;
    QList<QThread *> m_openings; ///< ssh logging in; waited for when the window closes
    QTimer *m_linkCheck;
    std::map<QString, std::unique_ptr<HelperBackend>> m_remote; ///< by SshHost::toString()
    QStringList m_hostOrder;
    QSet<QString> m_adding;                           ///< hosts whose ssh runs now
    QHash<QString, TargetBackend *> m_transactions;   ///< which backend made each transaction, for confirm()
    QHash<QString, QList<TargetInfo>> m_listed;       ///< each host's last list ("" is this machine)
    QHash<QString, QString> m_listErrors;
};

} // namespace qs
