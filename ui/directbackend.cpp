#include "directbackend.h"

#include "log/logging.h"
#include "safety/treelimits.h"

#include <QElapsedTimer>

#include <algorithm>
#include <unistd.h>

namespace qs {

namespace {
// TreeWatcher counts watches per client: the window is this backend's only one.
const QString WindowClient = QStringLiteral("window");
} // namespace

DirectBackend::DirectBackend(QObject *parent) : DirectBackend(SafetyNet::defaultStateDirectory(), parent) {}

DirectBackend::DirectBackend(const QString &stateDirectory, QObject *parent)
    : TargetBackend(parent),
      m_net(stateDirectory),
      m_playbacks(m_net),
      m_labs(m_net, m_playbacks),
      m_self{QStringLiteral("in-process:%1").arg(::getpid()), qint64(::geteuid()), qint64(::getpid())}
{
    connect(&m_watcher, &TreeWatcher::treeChanged, this, &TargetBackend::treeChanged);
    // The policy is the safety net's (core/safety), the one the helper keeps; its news go out as
    // queued signals, after the answer to the call that caused them.
    connect(&m_net, &SafetyNet::kernelChanged, this, [this](const QString &target) { tell([this, target] { Q_EMIT treeChanged(target); }); });
    connect(&m_net, &SafetyNet::reverted, this, [this](const QString &target, const QString &reason, const QString &) {
        tell([this, target, reason] { Q_EMIT reverted(target, reason); });
    });
    connect(&m_net, &SafetyNet::audited, this, [](const Caller &, const QString &action, const QString &target, const QString &,
                                                 const QString &result, const QStringList &) {
        log::get("window")->debug("{} {}: {}", action.toStdString(), target.toStdString(), result.toStdString());
    });
    connect(&m_playbacks, &Playbacks::progressed, this, [this](const QString &target, const ScenarioProgress &progress, const QString &) {
        tell([this, target, progress] { Q_EMIT scenarioProgress(target, progress); });
    });
    connect(&m_playbacks, &Playbacks::kernelChanged, this, [this](const QString &target) { tell([this, target] { Q_EMIT treeChanged(target); }); });
    // Labs left by in-process backends that died with their guard (kill -9 of both, a
    // crash of the guard): only those whose lock nobody holds.
    if (::geteuid() == 0) {
        QStringList removed;
        QString error;
        if (!LabGuard::removeUnguardedLeftovers(&removed, &error))
            log::get("lab")->warn("removing left-over demo labs: {}", error.toStdString());
        if (!removed.isEmpty())
            log::get("lab")->info("removed left-over demo lab namespaces: {}",
                                  removed.join(QStringLiteral(", ")).toStdString());
    }
}

DirectBackend::~DirectBackend()
{
    // The window goes away: playbacks end, then what it was promised comes back (an unconfirmed
    // change too), as when a client of the helper leaves it; a lab's tree goes with its lab.
    m_playbacks.endAll(m_self, RevertReason::ClientExit, [this](const QString &target) { return m_labs.holdsTarget(target); });
    // Then the labs, each with its guard dismissed (or, when removing failed, left to it).
    for (const QString &id : m_labs.ids())
        dropLab(id, nullptr);
}

QString DirectBackend::describe() const
{
    return tr("in-process engine (root, no helper)");
}

void DirectBackend::later(std::function<void()> emitter)
{
    QMetaObject::invokeMethod(this, std::move(emitter), Qt::QueuedConnection);
}

void DirectBackend::tell(std::function<void()> emitter)
{
    if (m_answering)
        m_news.push_back(std::move(emitter));
    else
        later(std::move(emitter));
}

void DirectBackend::answer(std::function<void()> emitter)
{
    later(std::move(emitter));
    for (auto &news : m_news)
        later(std::move(news));
    m_news.clear();
    m_answering = false;
}

NetlinkWorker &DirectBackend::reader()
{
    if (!m_reader)
        m_reader = std::make_unique<NetlinkWorker>(QStringLiteral("reads"));
    return *m_reader;
}

void DirectBackend::listTargets()
{
    // Off this thread: it asks every namespace and the container runtimes' sockets, every 3 s
    // while a container's interface is shown.
    struct Listed
    {
        QList<TargetInfo> targets;
        QString error;
    };
    reader().run(
        this,
        [] {
            Listed listed;
            listed.targets = qs::listTargets(&listed.error);
            return listed;
        },
        [this](const Listed &listed) { Q_EMIT targetsListed(listed.targets, listed.error); });
}

void DirectBackend::readTree(const QString &target)
{
    // On a thread of its own, with an engine of its own: the cached engines serve changes on this
    // thread, and a big tree takes a second to read.
    struct Read
    {
        std::optional<QdiscTree> tree;
        QString error;
        QList<NodeStats> counters;
    };
    reader().run(
        this,
        [target, cancel = reader().cancelFlag()] {
            Read read;
            if (auto engine = TcEngine::open(target, &read.error)) {
                engine->socket().setCancelFlag(cancel);
                read.tree = engine->read(&read.error, &read.counters);
            }
            return read;
        },
        [this, target](const Read &read) { Q_EMIT treeRead(target, read.tree, read.error, read.tree ? read.counters : QList<NodeStats>()); });
}

void DirectBackend::apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options)
{
    QElapsedTimer clock;
    clock.start();
    m_answering = true;
    BackendApplyResult result;
    QdiscTree desired = tree;
    QdiscTree::splitTarget(target, &desired.netns, &desired.device);
    // The checks the helper makes before polkit is asked, made here too: one rule for every road.
    // A step of one node is checked as the helper's ChangeNode checks it (the node alone: the rest
    // is what was last applied), so a drag on a big tree does not check it whole at every step.
    const std::optional<NodeChangeTracker::Step> step = m_nodes.stepTo(target, desired);
    result.error = step ? TreeLimits::nodeRefusal(step->node) : TreeLimits::refusal(desired);
    if (result.error.isEmpty()) {
        const ChangeGuards guards{options.revertAfterSeconds, options.revertOnExit};
        result = resultOf(m_net.change(m_self, QStringLiteral("apply"), target, desired.isIfb, guards, {},
                                       [&](TcEngine &engine, QString *) { return applyToEngine(engine, target, desired, step); }));
    }
    result.latencyUs = clock.nsecsElapsed() / 1000;
    answer([this, target, result] { Q_EMIT applied(target, result); });
}

ApplyResult DirectBackend::applyToEngine(TcEngine &engine, const QString &target, const QdiscTree &desired,
                                         const std::optional<NodeChangeTracker::Step> &step)
{
    // A step on a tree the engine no longer holds (a snapshot's read replaced it) is a mismatch,
    // and goes whole below.
    if (step) {
        QdiscTree node = step->node;
        QdiscTree::splitTarget(target, &node.netns, &node.device);
        const NodeChangeResult change = engine.changeNode(node, step->basis);
        if (change.outcome == NodeChangeResult::Outcome::Changed)
            m_nodes.appliedStep(target, desired, *step, change.fingerprint);
        if (change.outcome == NodeChangeResult::Outcome::Changed || change.outcome == NodeChangeResult::Outcome::Failed) {
            if (!change.result.ok)
                m_nodes.forget(target);
            return change.result;
        }
        // The engine holds another tree than the one the step was made on, or the node cannot
        // change alone: the whole tree says what is wanted.
    }
    // The window's tree holds foreign nodes only as the kernel reported them: kept in place, never sent.
    const ApplyResult applied = engine.apply(desired, TcEngine::ForeignNodes::KeepOnly);
    if (applied.ok)
        m_nodes.appliedWhole(target, desired);
    else
        m_nodes.forget(target);
    return applied;
}

void DirectBackend::confirm(const QString &transaction)
{
    const SafetyOutcome outcome = m_net.confirm(m_self, transaction);
    later([this, transaction, outcome] { Q_EMIT confirmed(transaction, outcome.ok(), outcome.error); });
}

void DirectBackend::restore(const QString &target)
{
    m_answering = true;
    const BackendApplyResult result = resultOf(m_net.restore(m_self, target));
    answer([this, target, result] { Q_EMIT restored(target, result); });
}

void DirectBackend::clear(const QString &target)
{
    m_answering = true;
    const BackendApplyResult result = resultOf(m_net.clear(m_self, target));
    answer([this, target, result] { Q_EMIT cleared(target, result); });
}

BackendApplyResult DirectBackend::resultOf(const SafetyOutcome &outcome)
{
    BackendApplyResult result;
    result.ok = outcome.ok();
    result.error = outcome.error;
    result.transaction = outcome.transaction;
    result.missingModule = outcome.result.missingModule;
    for (const TcOperation &op : outcome.result.plan)
        result.plan.append(op.describe());
    result.done = outcome.result.done;
    return result;
}

void DirectBackend::watch(const QString &target)
{
    // Changes made here are signalled as they are made; the watcher adds tc's and anyone else's.
    m_watcher.unwatchClient(WindowClient);
    QString error;
    if (!m_watcher.watch(WindowClient, target, &error))
        log::get("window")->warn("not watching {}: {}", target.toStdString(), error.toStdString());
}

std::unique_ptr<StatsReader> DirectBackend::openForStats(const QString &target, QString *error)
{
    return TcEngine::open(target, error);
}

void DirectBackend::createLab()
{
    // The guard first: the lab never exists unguarded.
    std::unique_ptr<LabGuard> guard;
    const Labs::Lab *lab = nullptr;
    const SafetyOutcome outcome = m_labs.create(m_self, [&guard](const QString &id, QString *error) {
        guard = LabGuard::start(id, error);
        return guard != nullptr;
    }, &lab);
    LabInfo info;
    if (lab) {
        info = LabInfo{lab->network.id(), lab->network.target(), lab->network.namespaceA(), lab->network.namespaceB()};
        m_guards.emplace(info.id, std::move(guard));
    } else if (guard) {
        guard->dismiss(); // nothing was built
    }
    later([this, info, error = outcome.error] { Q_EMIT labCreated(info, error); });
}

std::optional<LabTrafficSockets> DirectBackend::openLabSockets(const QString &labId, QString *error)
{
    const Labs::Lab *lab = m_labs.find(labId);
    if (!lab) {
        *error = noSuchLab(labId);
        return std::nullopt;
    }
    return LabTrafficSockets::open(lab->network.namespaceA(), lab->network.namespaceB(), error);
}

QString DirectBackend::noSuchLab(const QString &labId)
{
    return tr("there is no demo lab \"%1\" in this process").arg(labId);
}

void DirectBackend::removeLab(const QString &labId)
{
    QString error;
    if (!m_labs.find(labId))
        error = noSuchLab(labId);
    else
        dropLab(labId, &error);
    later([this, labId, error] { Q_EMIT labRemoved(labId, error); });
}

bool DirectBackend::dropLab(const QString &labId, QString *error)
{
    const Labs::Lab *lab = m_labs.find(labId);
    m_watcher.unwatchNamespaces({lab->network.namespaceA(), lab->network.namespaceB()});
    const bool ok = m_labs.remove(labId, QStringLiteral("remove-lab"), m_self, error);
    std::unique_ptr<LabGuard> guard = std::move(m_guards[labId]);
    m_guards.erase(labId);
    if (ok && guard)
        guard->dismiss();
    // Not dismissed when removing failed: the guard tries too, when it is let go.
    return ok;
}

qint64 DirectBackend::labGuardProcessId(const QString &labId) const
{
    const auto it = m_guards.find(labId);
    return it == m_guards.end() || !it->second ? -1 : it->second->processId();
}

// --- scenarios -------------------------------------------------------------------------------
// The policy is core's (Playbacks), the helper's own; this backend answers with queued signals.

void DirectBackend::answerPlayback(const QString &target, const QString &command, const std::function<SafetyOutcome()> &work)
{
    m_answering = true; // the progress the command causes goes out after its answer
    const QString error = work().error;
    answer([this, target, command, error] { Q_EMIT scenarioCommandDone(target, command, error); });
}

void DirectBackend::playScenario(const QString &target, const Scenario &scenario, const ScenarioPlayOptions &options)
{
    answerPlayback(target, QStringLiteral("play"), [&] {
        Scenario played = scenario;
        if (options.loops)
            played.loops = *options.loops;
        const SafetyOutcome checked = Playbacks::checkScenario(played);
        return checked.ok() ? m_playbacks.play(m_self, target, played, options.revertOnExit, options.startAtNs) : checked;
    });
}

void DirectBackend::pauseScenario(const QString &target)
{
    answerPlayback(target, QStringLiteral("pause"), [&] { return m_playbacks.pause(m_self, target); });
}

void DirectBackend::resumeScenario(const QString &target)
{
    answerPlayback(target, QStringLiteral("resume"), [&] { return m_playbacks.resume(m_self, target); });
}

void DirectBackend::stopScenario(const QString &target)
{
    answerPlayback(target, QStringLiteral("stop"), [&] { return m_playbacks.stop(m_self, target); });
}

void DirectBackend::seekScenario(const QString &target, int step)
{
    answerPlayback(target, QStringLiteral("seek"), [&] { return m_playbacks.seek(m_self, target, step); });
}

void DirectBackend::queryScenario(const QString &target)
{
    const ScenarioProgress progress = m_playbacks.progressOf(target);
    later([this, target, progress] { Q_EMIT scenarioProgress(target, progress); });
}

} // namespace qs
