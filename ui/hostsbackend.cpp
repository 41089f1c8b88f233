#include "hostsbackend.h"

#include "helperbackend.h"
#include "remote/sshtarget.h"
#include "sshlink.h"

#include <QPointer>
#include <QThread>

namespace qs {

namespace {
/** A change that reached no backend. */
BackendApplyResult refusal(const QString &error)
{
    BackendApplyResult result;
    result.error = error;
    return result;
}
} // namespace

HostsBackend::HostsBackend(std::unique_ptr<TargetBackend> local, QObject *parent)
    : TargetBackend(parent), m_local(std::move(local)), m_linkCheck(new QTimer(this))
{
    // ssh ends when the network to the host stays cut (keepalives) or the host goes: checked
    // every second, so that the host can be added again and its targets are not offered in vain.
    m_linkCheck->setInterval(1000);
    connect(m_linkCheck, &QTimer::timeout, this, &HostsBackend::dropLostHosts);
    forward(m_local.get(), {});
    connect(m_local.get(), &TargetBackend::availabilityChanged, this, &TargetBackend::availabilityChanged);
    connect(m_local.get(), &TargetBackend::labCreated, this, &TargetBackend::labCreated);
    connect(m_local.get(), &TargetBackend::labRemoved, this, &TargetBackend::labRemoved);
}

HostsBackend::~HostsBackend()
{
    // A login under way ends within ssh's ConnectTimeout; its link is closed with its thread.
    for (QThread *thread : std::as_const(m_openings)) {
        thread->wait();
        delete thread;
    }
}

void HostsBackend::dropLostHosts()
{
    for (auto it = m_remote.begin(); it != m_remote.end();) {
        if (it->second->link()->connection().isConnected()) {
            ++it;
            continue;
        }
        const QString host = it->first;
        for (auto t = m_transactions.begin(); t != m_transactions.end();)
            t = t.value() == it->second.get() ? m_transactions.erase(t) : std::next(t);
        it->second.release()->deleteLater(); // it may be in the middle of a signal
        it = m_remote.erase(it);
        m_hostOrder.removeAll(host);
        m_listed.remove(host);
        m_listErrors.remove(host);
        emitTargets();
        Q_EMIT hostAdded(host, tr("the connection to %1 ended (ssh left, or the network to it was cut): add it again").arg(host));
    }
    if (m_remote.empty())
        m_linkCheck->stop();
}

QString HostsBackend::describe() const
{
    if (m_remote.empty())
        return m_local->describe();
    //: %1 says how this machine is reached, %n how many other hosts are reached over ssh
    return tr("%1; %n other host(s) over ssh", nullptr, int(m_remote.size())).arg(m_local->describe());
}

bool HostsBackend::isAvailable() const
{
    return m_local->isAvailable();
}

HostsBackend::Route HostsBackend::route(const QString &target) const
{
    if (!SshTarget::isRemote(target))
        return {m_local.get(), target, {}};
    QString error;
    const auto parsed = SshTarget::parse(target, &error);
    if (!parsed)
        return {nullptr, target, error};
    const auto it = m_remote.find(parsed->host.toString());
    if (it == m_remote.end())
        return {nullptr, target, tr("%1 is not connected: add it to the targets first").arg(parsed->host.toString())};
    return {it->second.get(), parsed->target, {}};
}

void HostsBackend::forward(TargetBackend *inner, const QString &host)
{
    const QString prefix = host.isEmpty() ? QString() : SshTarget::Scheme.toString() + host + u'/';
    const auto outer = [prefix](const QString &target) { return prefix + target; };
    connect(inner, &TargetBackend::targetsListed, this, [this, host](const QList<TargetInfo> &targets, const QString &error) {
        QList<TargetInfo> marked = targets;
        if (!host.isEmpty())
            for (TargetInfo &t : marked)
                t.placeOnHost(host);
        m_listed.insert(host, marked);
        m_listErrors.insert(host, error.isEmpty() || host.isEmpty() ? error : host + QStringLiteral(": ") + error);
        emitTargets();
    });
    connect(inner, &TargetBackend::treeRead, this,
            [this, outer](const QString &target, const std::optional<QdiscTree> &tree, const QString &error, const QList<NodeStats> &counters) {
                Q_EMIT treeRead(outer(target), tree, error, counters);
            });
    connect(inner, &TargetBackend::applied, this, [this, outer, inner](const QString &target, const BackendApplyResult &result) {
        if (!result.transaction.isEmpty())
            m_transactions.insert(result.transaction, inner);
        Q_EMIT applied(outer(target), result);
    });
    connect(inner, &TargetBackend::restored, this, [this, outer](const QString &t, const BackendApplyResult &r) { Q_EMIT restored(outer(t), r); });
    connect(inner, &TargetBackend::cleared, this, [this, outer](const QString &t, const BackendApplyResult &r) { Q_EMIT cleared(outer(t), r); });
    connect(inner, &TargetBackend::confirmed, this, &TargetBackend::confirmed);
    connect(inner, &TargetBackend::treeChanged, this, [this, outer](const QString &t) { Q_EMIT treeChanged(outer(t)); });
    connect(inner, &TargetBackend::reverted, this, [this, outer](const QString &t, const QString &reason) { Q_EMIT reverted(outer(t), reason); });
    connect(inner, &TargetBackend::scenarioCommandDone, this,
            [this, outer](const QString &t, const QString &command, const QString &error) { Q_EMIT scenarioCommandDone(outer(t), command, error); });
    connect(inner, &TargetBackend::scenarioProgress, this,
            [this, outer](const QString &t, const ScenarioProgress &progress) { Q_EMIT scenarioProgress(outer(t), progress); });
}

void HostsBackend::emitTargets()
{
    QList<TargetInfo> all = m_listed.value(QString());
    QStringList errors;
    if (const QString local = m_listErrors.value(QString()); !local.isEmpty())
        errors.append(local);
    for (const QString &host : std::as_const(m_hostOrder)) {
        all += m_listed.value(host);
        if (const QString error = m_listErrors.value(host); !error.isEmpty())
            errors.append(error);
    }
    Q_EMIT targetsListed(all, errors.join(u'\n'));
}

void HostsBackend::listTargets()
{
    m_local->listTargets();
    for (const auto &[host, backend] : m_remote)
        backend->listTargets();
}

void HostsBackend::readTree(const QString &target)
{
    const Route r = route(target);
    if (!r.backend) {
        QMetaObject::invokeMethod(this, [this, target, error = r.error] { Q_EMIT treeRead(target, std::nullopt, error, {}); }, Qt::QueuedConnection);
        return;
    }
    r.backend->readTree(r.target);
}

void HostsBackend::apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options)
{
    const Route r = route(target);
    if (!r.backend) {
        QMetaObject::invokeMethod(this, [this, target, error = r.error] { Q_EMIT applied(target, refusal(error)); },
                                  Qt::QueuedConnection);
        return;
    }
    r.backend->apply(r.target, tree, options);
}

void HostsBackend::confirm(const QString &transaction)
{
    // Transactions of this machine's helper may come from elsewhere (the CLI): they are its.
    m_transactions.value(transaction, m_local.get())->confirm(transaction);
}

void HostsBackend::restore(const QString &target)
{
    const Route r = route(target);
    if (!r.backend) {
        QMetaObject::invokeMethod(this, [this, target, error = r.error] { Q_EMIT restored(target, refusal(error)); },
                                  Qt::QueuedConnection);
        return;
    }
    r.backend->restore(r.target);
}

void HostsBackend::clear(const QString &target)
{
    const Route r = route(target);
    if (!r.backend) {
        QMetaObject::invokeMethod(this, [this, target, error = r.error] { Q_EMIT cleared(target, refusal(error)); },
                                  Qt::QueuedConnection);
        return;
    }
    r.backend->clear(r.target);
}

void HostsBackend::watch(const QString &target)
{
    if (const Route r = route(target); r.backend)
        r.backend->watch(r.target);
}

std::unique_ptr<StatsReader> HostsBackend::openForStats(const QString &target, QString *error)
{
    const Route r = route(target);
    if (!r.backend) {
        *error = r.error;
        return nullptr;
    }
    return r.backend->openForStats(r.target, error);
}

void HostsBackend::createLab()
{
    m_local->createLab();
}

std::optional<LabTrafficSockets> HostsBackend::openLabSockets(const QString &labId, QString *error)
{
    return m_local->openLabSockets(labId, error);
}

void HostsBackend::removeLab(const QString &labId)
{
    m_local->removeLab(labId);
}

void HostsBackend::routeScenarioCommand(const QString &target, const QString &command, const std::function<void(TargetBackend &, const QString &)> &call)
{
    const Route r = route(target);
    if (!r.backend) {
        QMetaObject::invokeMethod(this, [this, target, command, error = r.error] { Q_EMIT scenarioCommandDone(target, command, error); },
                                  Qt::QueuedConnection);
        return;
    }
    call(*r.backend, r.target);
}

void HostsBackend::playScenario(const QString &target, const Scenario &scenario, const ScenarioPlayOptions &options)
{
    routeScenarioCommand(target, QStringLiteral("play"), [&](TargetBackend &b, const QString &t) { b.playScenario(t, scenario, options); });
}

void HostsBackend::authorize(const QString &target)
{
    routeScenarioCommand(target, QStringLiteral("authorize"), [](TargetBackend &b, const QString &t) { b.authorize(t); });
}

std::optional<HostClock> HostsBackend::clockOf(const QString &target, QString *error)
{
    const Route r = route(target);
    if (!r.backend) {
        *error = r.error;
        return std::nullopt;
    }
    if (r.backend == m_local.get())
        return m_local->clockOf(r.target, error);
    // Eight exchanges: the fastest of them sets the offset (a round trip on a LAN takes about a millisecond).
    return HostClock::measure(static_cast<HelperBackend *>(r.backend)->link()->connection(), 8, error);
}

void HostsBackend::pauseScenario(const QString &target)
{
    routeScenarioCommand(target, QStringLiteral("pause"), [](TargetBackend &b, const QString &t) { b.pauseScenario(t); });
}

void HostsBackend::resumeScenario(const QString &target)
{
    routeScenarioCommand(target, QStringLiteral("resume"), [](TargetBackend &b, const QString &t) { b.resumeScenario(t); });
}

void HostsBackend::stopScenario(const QString &target)
{
    routeScenarioCommand(target, QStringLiteral("stop"), [](TargetBackend &b, const QString &t) { b.stopScenario(t); });
}

void HostsBackend::seekScenario(const QString &target, int step)
{
    routeScenarioCommand(target, QStringLiteral("seek"), [step](TargetBackend &b, const QString &t) { b.seekScenario(t, step); });
}

void HostsBackend::queryScenario(const QString &target)
{
    if (const Route r = route(target); r.backend)
        r.backend->queryScenario(r.target);
    else
        QMetaObject::invokeMethod(this, [this, target] { Q_EMIT scenarioProgress(target, ScenarioProgress{}); }, Qt::QueuedConnection);
}

void HostsBackend::addHost(const QString &text)
{
    QString error;
    const auto host = SshHost::parse(text.trimmed(), &error);
    const QString name = host ? host->toString() : text;
    if (host && m_remote.count(name))
        error = tr("%1 is added already").arg(name);
    if (host && m_adding.contains(name))
        return; // its answer comes when ssh is done
    if (!error.isEmpty()) {
        QMetaObject::invokeMethod(this, [this, name, error] { Q_EMIT hostAdded(name, error); }, Qt::QueuedConnection);
        return;
    }
    m_adding.insert(name);
    // ssh logs in on a thread of its own; the link comes back here, to the window's thread.
    auto result = std::make_shared<std::pair<std::unique_ptr<SshLink>, QString>>();
    QThread *thread = QThread::create([host = *host, result] { result->first = SshLink::open(host, &result->second); });
    m_openings.append(thread);
    connect(thread, &QThread::finished, this, [this, name, result, thread] {
        m_openings.removeAll(thread);
        thread->deleteLater();
        m_adding.remove(name);
        if (!result->first) {
            Q_EMIT hostAdded(name, result->second);
            return;
        }
        auto backend = std::make_unique<HelperBackend>(std::move(result->first));
        forward(backend.get(), name);
        backend->listTargets();
        m_remote.emplace(name, std::move(backend));
        m_hostOrder.append(name);
        m_linkCheck->start();
        Q_EMIT hostAdded(name, {});
    });
    thread->start();
}

} // namespace qs
