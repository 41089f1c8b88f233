#include "directbackend.h"

#include "log/logging.h"
#include "safety/treelimits.h"
#include "stats/monotonicclock.h"

#include <QElapsedTimer>
#include <QRandomGenerator>

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
    m_net.setBeforeChange([this](const QString &target, const QString &, const Caller &) { haltPlayback(target); });
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
    // Playbacks end first, so that none applies anything after the reverts below. One whose
    // target gets a tree back below (a promise holds one) is halted: that tree comes back once.
    // Any other cannot play on without this process, and nobody would end its half-played
    // condition: it is stopped as its onAbort says.
    const QStringList promised = m_net.reverts().targets();
    for (auto &[target, playback] : m_playbacks) {
        playback.player->disconnect(this); // no playbackEnded() while m_playbacks is walked
        if (playback.revertOnExit || promised.contains(target))
            playback.player->halt();
        else
            playback.player->stop();
    }
    m_playbacks.clear();
    // The window goes away: what it was promised comes back now (an unconfirmed change too).
    const QHash<QString, QdiscTree> trees = m_net.takeAllPromises();
    for (auto it = trees.cbegin(); it != trees.cend(); ++it)
        m_net.revertTo(it.key(), it.value(), RevertReason::ClientExit, m_self);
    // Then the labs, each with its guard dismissed (or, when removing failed, left to it).
    QString error;
    for (auto &[id, lab] : m_labs)
        dropLab(lab, &error);
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

void DirectBackend::listTargets()
{
    QString error;
    const QList<TargetInfo> targets = qs::listTargets(&error);
    later([this, targets, error] { Q_EMIT targetsListed(targets, error); });
}

void DirectBackend::readTree(const QString &target)
{
    QString error;
    TcEngine *engine = m_net.engines().engineFor(target, &error);
    std::optional<QdiscTree> tree = engine ? engine->read(&error) : std::nullopt;
    later([this, target, tree, error] { Q_EMIT treeRead(target, tree, error); });
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
        const SafetyOutcome outcome = m_net.change(m_self, QStringLiteral("apply"), target, desired.isIfb, guards, {},
                                                   [&](TcEngine &engine, QString *) { return applyToEngine(engine, target, desired, step); });
        result.ok = outcome.ok();
        result.error = outcome.error;
        result.transaction = outcome.transaction;
        result.missingModule = outcome.result.missingModule;
        for (const TcOperation &op : outcome.result.plan)
            result.plan.append(op.describe());
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
    const SafetyOutcome outcome = m_net.restore(m_self, target);
    answer([this, target, outcome] { Q_EMIT restored(target, outcome.ok(), outcome.error); });
}

void DirectBackend::watch(const QString &target)
{
    // Changes made here are signalled as they are made; the watcher adds tc's and anyone else's.
    m_watcher.unwatchClient(WindowClient);
    QString error;
    if (!m_watcher.watch(WindowClient, target, &error))
        log::get("window")->warn("not watching {}: {}", target.toStdString(), error.toStdString());
}

std::unique_ptr<TcEngine> DirectBackend::openForStats(const QString &target, QString *error)
{
    return TcEngine::open(target, error);
}

void DirectBackend::createLab()
{
    static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    QString id;
    do {
        id.clear();
        for (int i = 0; i < 8; ++i)
            id.append(QLatin1Char(alphabet[QRandomGenerator::system()->bounded(36)]));
    } while (m_labs.count(id));
    QString error;
    LabInfo info;
    // The guard first: the lab never exists unguarded.
    std::unique_ptr<LabGuard> guard = LabGuard::start(id, &error);
    std::optional<LabNetwork> network;
    if (guard)
        network = LabNetwork::create(id, &error);
    if (guard && !network)
        guard->dismiss(); // create() leaves nothing behind when it fails
    if (network) {
        info = LabInfo{id, network->target(), network->namespaceA(), network->namespaceB()};
        m_labs.emplace(id, Lab{std::move(*network), std::move(guard)});
    }
    later([this, info, error] { Q_EMIT labCreated(info, error); });
}

std::optional<LabTrafficSockets> DirectBackend::openLabSockets(const QString &labId, QString *error)
{
    const auto it = m_labs.find(labId);
    if (it == m_labs.end()) {
        *error = tr("there is no demo lab \"%1\" in this process").arg(labId);
        return std::nullopt;
    }
    return LabTrafficSockets::open(it->second.network.namespaceA(), it->second.network.namespaceB(), error);
}

void DirectBackend::removeLab(const QString &labId)
{
    QString error;
    const auto it = m_labs.find(labId);
    if (it == m_labs.end()) {
        error = tr("there is no demo lab \"%1\" in this process").arg(labId);
    } else {
        dropLab(it->second, &error);
        m_labs.erase(it);
    }
    later([this, labId, error] { Q_EMIT labRemoved(labId, error); });
}

bool DirectBackend::dropLab(Lab &lab, QString *error)
{
    // Engines, snapshots and reverts of the lab's target go first: an engine's socket would keep
    // the namespace alive, and there is nothing to put back on a link that is gone.
    haltPlayback(lab.network.target());
    m_watcher.unwatchNamespaces({lab.network.namespaceA(), lab.network.namespaceB()});
    m_net.forgetNamespaces({lab.network.namespaceA(), lab.network.namespaceB()});
    const bool ok = lab.network.remove(error);
    if (ok)
        lab.guard->dismiss();
    else
        lab.guard.reset(); // not dismissed: the guard tries too
    return ok;
}

qint64 DirectBackend::labGuardProcessId(const QString &labId) const
{
    const auto it = m_labs.find(labId);
    return it == m_labs.end() || !it->second.guard ? -1 : it->second.guard->processId();
}

// --- scenarios -------------------------------------------------------------------------------

bool DirectBackend::applyForScenario(const QString &target, const QdiscTree &tree, QString *error)
{
    TcEngine *engine = m_net.engines().engineFor(target, error);
    if (!engine)
        return false;
    const ApplyResult result = engine->apply(tree);
    if (!result.ok) {
        // A clause, as the helper's: the player nests it ("step 2 (Outage) could not be applied: …").
        *error = tr("the kernel refused: %1").arg(nestedSentence(result.error));
        if (result.done > 0)
            *error += result.restored ? tr("; %1 was put back as it was before this step").arg(target)
                                      : tr("; putting %1 back failed too: %2").arg(target, nestedSentence(result.restoreError));
        return false;
    }
    if (!result.plan.isEmpty())
        later([this, target] { Q_EMIT treeChanged(target); }); // as for an apply of the window's
    return true;
}

void DirectBackend::retire(std::unique_ptr<ScenarioPlayer> player)
{
    player->disconnect(this);
    m_retired.push_back(std::move(player));
    if (m_retired.size() == 1)
        QTimer::singleShot(0, this, [this] { m_retired.clear(); });
}

void DirectBackend::haltPlayback(const QString &target)
{
    const auto it = m_playbacks.find(target);
    if (it == m_playbacks.end())
        return;
    std::unique_ptr<ScenarioPlayer> player = std::move(it->second.player);
    m_playbacks.erase(it);
    player->disconnect(this);
    player->halt();
    ScenarioProgress progress = player->progress();
    if (progress.isActive())
        progress.state = ScenarioProgress::State::Stopped;
    later([this, target, progress] { Q_EMIT scenarioProgress(target, progress); });
    retire(std::move(player));
}

void DirectBackend::playbackEnded(const QString &target, const ScenarioPlayer *player, const ScenarioProgress &progress)
{
    const auto it = m_playbacks.find(target);
    if (it == m_playbacks.end() || it->second.player.get() != player)
        return;
    std::unique_ptr<ScenarioPlayer> ended = std::move(it->second.player);
    // Finished, stopped or failed: its onEnd or onAbort decided what stays, so the promise it
    // made no longer holds (one an apply made before it does).
    if (it->second.promisedExitRevert)
        m_net.reverts().forgetExitRevert(m_self.busName, target);
    m_playbacks.erase(it);
    later([this, target, progress] { Q_EMIT scenarioProgress(target, progress); });
    retire(std::move(ended));
}

void DirectBackend::playScenario(const QString &target, const Scenario &scenario, const ScenarioPlayOptions &options)
{
    const QString command = QStringLiteral("play");
    const auto refuse = [this, target, command](const QString &error) {
        later([this, target, command, error] { Q_EMIT scenarioCommandDone(target, command, error); });
    };
    if (const auto it = m_playbacks.find(target); it != m_playbacks.end()) {
        refuse(tr("scenario \"%1\" already plays on %2: stop it first").arg(it->second.player->scenario().name, target));
        return;
    }
    if (scenario.hasReferences()) {
        refuse(tr("scenario \"%1\" names profiles or presets: they must be replaced by their trees before it plays").arg(scenario.name));
        return;
    }
    Scenario played = scenario;
    if (options.loops)
        played.loops = *options.loops;
    if (const QStringList problems = played.validate(); !problems.isEmpty()) {
        refuse(tr("scenario \"%1\" is not valid: %2").arg(played.name, problems.join(QStringLiteral("; "))));
        return;
    }
    // The same safety net as an apply: a snapshot before the first change, and the tree to put back on exit.
    SafetyOutcome opened;
    std::optional<QdiscTree> unused;
    TcEngine *engine = m_net.openForChange(m_self, QStringLiteral("play"), target, false, &unused, &opened);
    QString error = opened.error;
    std::optional<QdiscTree> before = engine ? engine->read(&error) : std::nullopt;
    if (!before) {
        refuse(error);
        return;
    }
    QdiscTree::splitTarget(target, &before->netns, &before->device);
    auto player = std::make_unique<ScenarioPlayer>(played, *before, [this, target](const QdiscTree &tree, QString *applyError) {
        return applyForScenario(target, tree, applyError);
    });
    QStringList errors;
    if (!player->prepare(&errors)) {
        refuse(tr("scenario \"%1\" cannot play on %2: %3; nothing changed").arg(played.name, target, errors.join(QStringLiteral("; "))));
        return;
    }
    const bool promised = options.revertOnExit && !m_net.reverts().hasExitRevert(m_self.busName, target);
    if (promised)
        m_net.reverts().rememberForExit(m_self.busName, target, *before);
    ScenarioPlayer *raw = player.get();
    connect(raw, &ScenarioPlayer::progressChanged, this, [this, target](const ScenarioProgress &progress) {
        if (progress.isActive()) // the last one goes out with ended(), once
            later([this, target, progress] { Q_EMIT scenarioProgress(target, progress); });
    });
    connect(raw, &ScenarioPlayer::ended, this,
            [this, target, raw](const ScenarioProgress &progress) { playbackEnded(target, raw, progress); });
    m_playbacks.emplace(target, Playback{std::move(player), options.revertOnExit, promised});
    // Queued before start() so the answer comes before the progress start() reports; filled in after.
    auto outcome = std::make_shared<QString>();
    later([this, target, command, outcome] { Q_EMIT scenarioCommandDone(target, command, *outcome); });
    raw->start();
    const ScenarioProgress started = raw->progress(); // still alive: a failed one is retired, not deleted
    if (started.state == ScenarioProgress::State::Failed)
        *outcome = tr("scenario \"%1\" could not start on %2: %3").arg(played.name, target, nestedSentence(started.error));
}

void DirectBackend::controlPlayback(const QString &target, const QString &command, const std::function<QString(ScenarioPlayer &)> &action)
{
    const auto it = m_playbacks.find(target);
    auto outcome = std::make_shared<QString>(it == m_playbacks.end() ? tr("no scenario plays on %1").arg(target) : QString());
    // Queued first, filled in below: the answer comes before the progress the command causes.
    later([this, target, command, outcome] { Q_EMIT scenarioCommandDone(target, command, *outcome); });
    if (it != m_playbacks.end())
        *outcome = action(*it->second.player);
}

void DirectBackend::pauseScenario(const QString &target)
{
    controlPlayback(target, QStringLiteral("pause"), [](ScenarioPlayer &player) {
        if (player.progress().state == ScenarioProgress::State::Playing)
            player.pause();
        return QString();
    });
}

void DirectBackend::resumeScenario(const QString &target)
{
    controlPlayback(target, QStringLiteral("resume"), [](ScenarioPlayer &player) {
        if (player.progress().state == ScenarioProgress::State::Paused)
            player.resume();
        return QString();
    });
}

void DirectBackend::stopScenario(const QString &target)
{
    controlPlayback(target, QStringLiteral("stop"), [this, target](ScenarioPlayer &player) {
        // onAbort is carried out; playbackEnded() retires it (it stays valid until the loop
        // returns) and drops the revert-on-exit promise it made.
        player.stop();
        const ScenarioProgress after = player.progress();
        if (const auto it = m_playbacks.find(target); it != m_playbacks.end() && it->second.player.get() == &player) {
            if (it->second.promisedExitRevert)
                m_net.reverts().forgetExitRevert(m_self.busName, target);
            haltPlayback(target); // it did not end by itself: it must not play on
        }
        return after.state == ScenarioProgress::State::Failed ? nestedSentence(after.error) : QString();
    });
}

void DirectBackend::seekScenario(const QString &target, int step)
{
    controlPlayback(target, QStringLiteral("seek"), [step](ScenarioPlayer &player) {
        QString error;
        // @p step counts from 0; people count steps from 1, as the window and the CLI show them.
        const qsizetype steps = player.scenario().steps.size();
        if (step < 0 || step >= steps)
            return steps == 1 ? tr("there is no step %1: scenario \"%2\" has only one step").arg(qint64(step) + 1).arg(player.scenario().name)
                              : tr("there is no step %1: scenario \"%2\" has steps 1…%3").arg(qint64(step) + 1).arg(player.scenario().name).arg(steps);
        if (!player.seek(step, &error))
            error = error.isEmpty() ? tr("seeking to step %1 failed").arg(step + 1) : nestedSentence(error);
        return error;
    });
}

void DirectBackend::queryScenario(const QString &target)
{
    const auto it = m_playbacks.find(target);
    ScenarioProgress progress;
    if (it != m_playbacks.end()) {
        progress = it->second.player->progress();
    } else {
        progress.steps = 0;
        progress.takenAtNs = monotonicNowNs();
    }
    later([this, target, progress] { Q_EMIT scenarioProgress(target, progress); });
}

} // namespace qs
