#include "playbacks.h"

#include "netlink/pschedclock.h"
#include "netlink/tcengine.h"
#include "netlink/tcplan.h"
#include "safetynet.h"
#include "stats/monotonicclock.h"
#include "treelimits.h"

#include <algorithm>

namespace qs {

namespace {
using Refusal = SafetyOutcome::Refusal;

QString nothingPlays(const QString &target)
{
    return QStringLiteral("no scenario plays on %1 (it ended, was stopped or replaced by a change, or never started)").arg(target);
}
} // namespace

Playbacks::Playbacks(SafetyNet &net, QObject *parent) : QObject(parent), m_net(net)
{
    // A change, a restore or a revert of a target replaces what its playback would apply next.
    m_net.setBeforeChange([this](const QString &target, const QString &action, const Caller &caller) { halt(target, action, caller); });
}

// Players still in the book are deleted without touching the kernel: whoever destroys the book
// has ended them already (endAll()), and no signal of theirs may reach a half-destroyed road.
Playbacks::~Playbacks()
{
    m_net.setBeforeChange({});
    for (const auto &playback : std::as_const(m_playbacks))
        if (playback->player)
            playback->player->disconnect();
}

QString Playbacks::summary(const ScenarioProgress &progress)
{
    return QStringLiteral("scenario \"%1\": step %2 of %3 (%4), loop %5 of %6")
        .arg(progress.scenario)
        .arg(progress.step + 1)
        .arg(progress.steps)
        .arg(progress.stepName)
        .arg(progress.loop)
        .arg(progress.loops == 0 ? QStringLiteral("forever") : QString::number(progress.loops));
}

void Playbacks::audit(const Caller &caller, const QString &action, const QString &target, const QString &result, const QStringList &changes)
{
    m_net.audit(caller, action, target, {}, result, changes);
}

// --- the book --------------------------------------------------------------------------------

Playbacks::Playback *Playbacks::find(const QString &target) const
{
    const auto it = m_playbacks.constFind(target);
    return it == m_playbacks.cend() ? nullptr : it->get();
}

QString Playbacks::targetOf(const ScenarioPlayer *player) const
{
    for (auto it = m_playbacks.cbegin(); it != m_playbacks.cend(); ++it)
        if (it.value()->player.get() == player)
            return it.key();
    return {};
}

std::optional<Playbacks::Playback> Playbacks::take(const QString &target)
{
    const std::shared_ptr<Playback> playback = m_playbacks.take(target);
    if (!playback)
        return std::nullopt;
    Playback taken = std::move(*playback);
    retire(std::move(taken.player));
    return taken;
}

void Playbacks::retire(std::unique_ptr<ScenarioPlayer> player)
{
    if (!player)
        return;
    // It may be the sender of the signal being handled: nothing of it is heard again, and it
    // goes when the event loop comes back.
    player->disconnect();
    m_retired.push_back(std::move(player));
    if (m_retired.size() == 1)
        QTimer::singleShot(0, this, [this] { m_retired.clear(); });
}

// --- checks ----------------------------------------------------------------------------------

SafetyOutcome Playbacks::checkScenario(const Scenario &scenario)
{
    if (scenario.targets.size() > 1)
        return SafetyOutcome::refused(Refusal::InvalidRequest,
                                      QStringLiteral("the scenario names %1 targets; a helper plays one target's lane of a scenario for several "
                                                     "targets, which the client sends each target on its own (Scenario::lane)")
                                          .arg(scenario.targets.size()));
    if (!scenario.perTarget.isEmpty())
        return SafetyOutcome::refused(Refusal::InvalidRequest,
                                      QStringLiteral("steps[%1].on: a helper plays one target's lane of a scenario for several targets; the "
                                                     "client sends each target its own (Scenario::lane)")
                                          .arg(scenario.perTarget.first().step));
    qsizetype nodes = 0;
    for (qsizetype i = 0; i < scenario.steps.size(); ++i) {
        const ScenarioStep &step = scenario.steps[i];
        nodes += step.ramps.size();
        if (step.kind == ScenarioStep::Kind::Profile || step.kind == ScenarioStep::Kind::Preset)
            return SafetyOutcome::refused(
                Refusal::InvalidRequest,
                QStringLiteral("steps[%1] names the %2 \"%3\": only resolved scenarios play, since profiles are the user's own; "
                               "the client replaces each profile and preset step with its tree (Scenario::resolveReferences) "
                               "before it asks for the playback")
                    .arg(i)
                    .arg(step.kind == ScenarioStep::Kind::Profile ? QStringLiteral("profile") : QStringLiteral("preset"),
                         step.reference.left(64)));
        if (step.kind != ScenarioStep::Kind::Tree)
            continue;
        nodes += step.tree.qdiscs.size() + step.tree.classes.size() + step.tree.filters.size();
        if (const QString tooBig = TreeLimits::problem(step.tree); !tooBig.isEmpty())
            return SafetyOutcome::refused(Refusal::InvalidTree, QStringLiteral("steps[%1]: ").arg(i) + tooBig);
    }
    if (nodes > MaxScenarioNodes)
        return SafetyOutcome::refused(Refusal::InvalidRequest,
                                      QStringLiteral("the scenario's %1 steps hold %2 nodes in all (qdiscs, classes and filters of its "
                                                     "trees, and ramp parameters); at most %3 play: split it into shorter scenarios")
                                          .arg(scenario.steps.size())
                                          .arg(nodes)
                                          .arg(MaxScenarioNodes));
    if (const QStringList problems = scenario.validate(); !problems.isEmpty())
        return SafetyOutcome::refused(Refusal::InvalidRequest,
                                      QStringLiteral("scenario \"%1\" is not valid: %2").arg(scenario.name, problems.mid(0, 20).join(QStringLiteral("; "))));
    return {};
}

QString Playbacks::busy(const QString &target) const
{
    const Playback *playback = find(target);
    if (!playback)
        return {};
    const ScenarioProgress progress = playback->player->progress();
    return QStringLiteral("scenario \"%1\" already plays on %2 (%3, started by uid %4, %5): stop it first")
        .arg(progress.scenario, target, ScenarioProgress::stateName(progress.state))
        .arg(playback->owner.uid)
        .arg(playback->owner.busName);
}

// --- playing ---------------------------------------------------------------------------------

SafetyOutcome Playbacks::play(const Caller &caller, const QString &target, const Scenario &scenario, bool revertOnExit,
                              std::optional<qint64> startAtNs)
{
    const QString action = QStringLiteral("play-scenario");
    if (const QString playing = busy(target); !playing.isEmpty())
        return SafetyOutcome::refused(Refusal::InvalidRequest, playing);
    // Those whose owner left count too: they are what this bounds (issue 15, finding 5).
    const auto owned = std::count_if(m_playbacks.cbegin(), m_playbacks.cend(), [&](const auto &p) { return p->owner.uid == caller.uid; });
    if (caller.uid != 0 && owned >= MaxPerUser) {
        audit(caller, action, target, QStringLiteral("refused: the user plays %1 scenarios already").arg(owned));
        return SafetyOutcome::refused(Refusal::Failed,
                                      QStringLiteral("You play %1 scenarios already, the most that play for one user at once (also those "
                                                     "asked to go on after their program ended): stop one, then try again")
                                          .arg(owned));
    }
    const bool ifb = std::any_of(scenario.steps.cbegin(), scenario.steps.cend(),
                                 [](const ScenarioStep &step) { return step.kind == ScenarioStep::Kind::Tree && step.tree.isIfb; });
    std::optional<QdiscTree> unused;
    SafetyOutcome opened;
    TcEngine *engine = m_net.openForChange(caller, action, target, ifb, &unused, &opened, TargetEngines::DeviceCheck::Now);
    if (!engine)
        return opened;
    // The ramps start from what the kernel holds now, read afresh, not from a cached view.
    QString error;
    std::optional<QdiscTree> current = engine->read(&error);
    if (!current)
        return SafetyOutcome::refused(Refusal::Failed, QStringLiteral("cannot read the tree of %1 to play on it: %2; nothing changed").arg(target, error));
    QdiscTree::splitTarget(target, &current->netns, &current->device);
    // A step's foreign node must be one the kernel holds now, kept as it is: the rule of an apply
    // (TcEngine::ForeignNodes::KeepOnly), checked for every step before anything plays.
    const TcPlanner planner(PschedClock::system());
    for (qsizetype i = 0; i < scenario.steps.size(); ++i) {
        if (scenario.steps[i].kind != ScenarioStep::Kind::Tree)
            continue;
        const QList<TcOperation> raw = TcPlanner::foreignSteps(planner.plan(*current, scenario.steps[i].tree));
        if (raw.isEmpty())
            continue;
        const QString refusal = QStringLiteral("steps[%1]: ").arg(i) + TcEngine::foreignRefusal(target, raw.first());
        audit(caller, action, target, QStringLiteral("refused: ") + refusal);
        return SafetyOutcome::refused(Refusal::InvalidTree, refusal);
    }
    auto player = std::make_unique<ScenarioPlayer>(scenario, *current, [this, target](const QdiscTree &tree, QString *applyError) {
        return applyStep(target, tree, applyError);
    });
    QStringList errors;
    if (!player->prepare(&errors)) {
        audit(caller, action, target, QStringLiteral("refused: ") + errors.mid(0, 5).join(QStringLiteral("; ")));
        return SafetyOutcome::refused(Refusal::InvalidTree, QStringLiteral("scenario \"%1\" cannot play on %2: %3; nothing changed")
                                                                .arg(scenario.name, target, errors.mid(0, 20).join(QStringLiteral("; "))));
    }
    ScenarioPlayer *raw = player.get();
    connect(raw, &ScenarioPlayer::progressChanged, this, [this, raw](const ScenarioProgress &progress) {
        const QString on = targetOf(raw);
        if (!on.isEmpty() && progress.isActive()) // the last one goes out with ended(), once
            Q_EMIT progressed(on, progress, find(on)->owner.busName);
    });
    connect(raw, &ScenarioPlayer::ended, this, [this, raw](const ScenarioProgress &progress) { playerEnded(raw, progress); });
    // As an apply's: the tree from before this caller's first change. A promise made here lasts
    // as long as the playback; one already made (an apply of this caller's) stays as it was.
    const bool promised = revertOnExit && !m_net.reverts().hasExitRevert(caller.busName, target);
    if (promised)
        m_net.reverts().rememberForExit(caller.busName, target, *current);
    m_playbacks.insert(target, std::make_shared<Playback>(Playback{std::move(player), caller, revertOnExit,
                                                                   m_net.engines().identityOf(target), {}, promised, nullptr}));
    audit(caller, action, target, QStringLiteral("ok"),
          {QStringLiteral("scenario \"%1\": %2 steps, %3 per pass, loops %4, revertOnExit %5")
               .arg(scenario.name)
               .arg(scenario.steps.size())
               .arg(Scenario::formatDurationMs(scenario.passDurationMs()))
               .arg(scenario.loops == 0 ? QStringLiteral("forever") : QString::number(scenario.loops))
               .arg(revertOnExit ? QStringLiteral("yes") : QStringLiteral("no"))});
    if (startAtNs)
        raw->startAt(*startAtNs);
    else
        raw->start();
    // A refusal of step 1 ends the playback at once (playerEnded() forgot it); the player itself
    // is deleted only when the event loop comes back.
    const ScenarioProgress started = raw->progress();
    if (started.state == ScenarioProgress::State::Failed)
        return SafetyOutcome::refused(Refusal::KernelRefused, QStringLiteral("scenario \"%1\" could not start on %2: %3")
                                                                  .arg(scenario.name, target, nestedSentence(started.error)));
    return {};
}

bool Playbacks::applyStep(const QString &target, const QdiscTree &tree, QString *error)
{
    TcEngine *engine = m_net.engines().engineFor(target, error); // reopened when closed after idling
    if (!engine)
        return false;
    const Playback *playback = find(target);
    if (playback && !(m_net.engines().identityOf(target) == playback->identity)) {
        *error = QStringLiteral("%1 is not the device the scenario began on any more (its namespace or interface was created "
                                "again); playback ended")
                     .arg(target);
        return false;
    }
    // The steps are the caller's (their foreign nodes only kept in place); the tree from before,
    // put back at the end, is the kernel's own.
    const bool kernelsOwn = playback && tree == playback->player->treeBefore();
    const ApplyResult result = engine->apply(tree, kernelsOwn ? TcEngine::ForeignNodes::Send : TcEngine::ForeignNodes::KeepOnly);
    if (result.done > 0)
        Q_EMIT kernelChanged(target);
    if (result.foreignRefused) {
        *error = nestedSentence(result.error);
        return false;
    }
    if (!result.ok) {
        // A clause: the player nests it ("step 2 (Outage) could not be applied: …"), and so do clients.
        *error = QStringLiteral("the kernel refused: %1").arg(nestedSentence(result.error));
        if (result.done > 0)
            *error += result.restored ? QStringLiteral("; %1 was put back as it was before this step").arg(target)
                                      : QStringLiteral("; putting %1 back failed too: %2").arg(target, nestedSentence(result.restoreError));
    }
    return result.ok;
}

void Playbacks::playerEnded(const ScenarioPlayer *player, const ScenarioProgress &progress)
{
    const QString target = targetOf(player);
    if (target.isEmpty())
        return;
    std::optional<Playback> ended = take(target);
    Q_EMIT progressed(target, progress, ended->owner.busName);
    QString result = ScenarioProgress::stateName(progress.state);
    if (!progress.error.isEmpty())
        result += QStringLiteral(": ") + nestedSentence(progress.error);
    audit(ended->owner, QStringLiteral("scenario-end"), target, result, {summary(progress)});
    dropPromise(target, *ended, endedItsPlayback(ScenarioProgress::stateName(progress.state)));
    // An owner that left while it played asked for its tree back: now is when.
    if (!ended->deferredReverts.isEmpty())
        m_net.revertTo(target, ended->deferredReverts.first().tree, RevertReason::ClientExit, ended->deferredReverts.first().client);
}

QString Playbacks::endedItsPlayback(const QString &how)
{
    return QStringLiteral("the playback that asked for it ended (%1); its onEnd or onAbort decided what stays").arg(how);
}

void Playbacks::dropPromise(const QString &target, const Playback &playback, const QString &why)
{
    if (!playback.promisedExitRevert || !m_net.reverts().forgetExitRevert(playback.owner.busName, target))
        return;
    audit(playback.owner, QStringLiteral("revert(client-exit)"), target, QStringLiteral("dropped: ") + why);
}

// --- commands --------------------------------------------------------------------------------

ScenarioPlayer *Playbacks::playerFor(const Caller &caller, const QString &action, const QString &target, SafetyOutcome *refusal)
{
    if (Playback *playback = find(target))
        return playback->player.get();
    audit(caller, action, target, QStringLiteral("refused: nothing plays"));
    *refusal = SafetyOutcome::refused(Refusal::InvalidRequest, nothingPlays(target));
    return nullptr;
}

SafetyOutcome Playbacks::pause(const Caller &caller, const QString &target)
{
    const QString action = QStringLiteral("pause-scenario");
    SafetyOutcome outcome;
    ScenarioPlayer *player = playerFor(caller, action, target, &outcome);
    if (!player)
        return outcome;
    const bool playing = player->progress().state == ScenarioProgress::State::Playing;
    if (playing)
        player->pause();
    audit(caller, action, target, playing ? QStringLiteral("ok") : QStringLiteral("ok (already paused)"), {summary(player->progress())});
    return outcome;
}

SafetyOutcome Playbacks::resume(const Caller &caller, const QString &target)
{
    const QString action = QStringLiteral("resume-scenario");
    SafetyOutcome outcome;
    ScenarioPlayer *player = playerFor(caller, action, target, &outcome);
    if (!player)
        return outcome;
    const bool paused = player->progress().state == ScenarioProgress::State::Paused;
    if (paused)
        player->resume();
    audit(caller, action, target, paused ? QStringLiteral("ok") : QStringLiteral("ok (not paused)"), {summary(player->progress())});
    return outcome;
}

SafetyOutcome Playbacks::stop(const Caller &caller, const QString &target)
{
    const QString action = QStringLiteral("stop-scenario");
    SafetyOutcome outcome;
    ScenarioPlayer *player = playerFor(caller, action, target, &outcome);
    if (!player)
        return outcome;
    const ScenarioProgress after = stopPlayer(target, *player, caller, action);
    if (after.state == ScenarioProgress::State::Failed)
        return SafetyOutcome::refused(Refusal::KernelRefused, QStringLiteral("on %1, %2").arg(target, nestedSentence(after.error)));
    return outcome;
}

ScenarioProgress Playbacks::stopPlayer(const QString &target, ScenarioPlayer &player, const Caller &caller, const QString &action)
{
    const bool restores = player.scenario().onAbort == ScenarioEnding::Restore;
    audit(caller, action, target, QStringLiteral("ok"),
          {summary(player.progress()), restores ? QStringLiteral("onAbort: the tree from before comes back") : QStringLiteral("onAbort: the last step stays")});
    // The player carries out onAbort and ends; playerEnded() forgets it, with the revert-on-exit
    // promise the playback made (the player stays valid until the event loop returns).
    player.stop();
    if (Playback *still = find(target); still && still->player.get() == &player) {
        const Playback stopped{nullptr, still->owner, still->revertOnExit, {}, {}, still->promisedExitRevert, nullptr};
        halt(target, QStringLiteral("stop"), caller); // it did not end by itself: it must not play on
        dropPromise(target, stopped, endedItsPlayback(QStringLiteral("stopped")));
    }
    return player.progress();
}

SafetyOutcome Playbacks::seek(const Caller &caller, const QString &target, int step)
{
    const QString action = QStringLiteral("seek-scenario");
    SafetyOutcome outcome;
    ScenarioPlayer *player = playerFor(caller, action, target, &outcome);
    if (!player)
        return outcome;
    const qint64 number = qint64(step) + 1; // people count steps from 1, as the window and the CLI show them
    const qsizetype steps = player->scenario().steps.size();
    if (step < 0 || step >= steps) {
        audit(caller, action, target, QStringLiteral("refused: no step %1 of %2").arg(number).arg(steps));
        return SafetyOutcome::refused(Refusal::InvalidRequest,
                                      QStringLiteral("there is no step %1: scenario \"%2\" has %3")
                                          .arg(number)
                                          .arg(player->scenario().name,
                                               steps == 1 ? QStringLiteral("only one step") : QStringLiteral("steps 1…%1").arg(steps)));
    }
    QString error;
    const bool ok = player->seek(step, &error);
    audit(caller, action, target, ok ? QStringLiteral("ok") : QStringLiteral("failed: ") + nestedSentence(error), {summary(player->progress())});
    if (!ok)
        return SafetyOutcome::refused(Refusal::KernelRefused,
                                      QStringLiteral("seeking to step %1 on %2 failed: %3").arg(number).arg(target, nestedSentence(error)));
    return outcome;
}

ScenarioProgress Playbacks::progressOf(const QString &target) const
{
    if (const Playback *playback = find(target))
        return playback->player->progress();
    ScenarioProgress progress;
    progress.steps = 0;
    progress.takenAtNs = monotonicNowNs();
    return progress;
}

// --- endings ---------------------------------------------------------------------------------

void Playbacks::halt(const QString &target, const QString &why, const Caller &caller)
{
    const Playback *playback = find(target);
    if (!playback)
        return;
    // The promise the playback made was the playback's: replaced by another client's change, it
    // would otherwise undo that change when its owner goes (a `play` command ends right then). The
    // owner's own change keeps it: the tree from before its first change comes back when it goes.
    const Playback made{nullptr, playback->owner, playback->revertOnExit, {}, {}, playback->promisedExitRevert, nullptr};
    haltKeeping(target, why, caller, false);
    if (caller.busName != made.owner.busName)
        dropPromise(target, made, QStringLiteral("%1 by another client replaced the playback that asked for it").arg(why));
}

QList<Playbacks::DeferredRevert> Playbacks::haltKeeping(const QString &target, const QString &why, const Caller &caller, bool keepDeferred)
{
    Playback *playback = find(target);
    if (!playback)
        return {};
    ScenarioPlayer *player = playback->player.get();
    player->disconnect(this); // this end is reported here, not as one that came by itself
    player->halt();
    ScenarioProgress progress = player->progress();
    if (progress.isActive())
        progress.state = ScenarioProgress::State::Stopped;
    const Playback halted = std::move(*take(target));
    Q_EMIT progressed(target, progress, halted.owner.busName);
    audit(caller, QStringLiteral("scenario-halt(%1)").arg(why), target, QStringLiteral("ok: the kernel keeps the last step applied"),
          {summary(progress)});
    if (!keepDeferred)
        for (const DeferredRevert &deferred : halted.deferredReverts)
            audit(deferred.client, QStringLiteral("revert(client-exit)"), target, QStringLiteral("dropped: %1 replaced the playback it waited for").arg(why));
    return halted.deferredReverts;
}

void Playbacks::boundOwnerless(const QString &target)
{
    Playback *playback = find(target);
    if (!playback || playback->ownerlessDeadline)
        return;
    ScenarioPlayer *player = playback->player.get();
    auto deadline = std::make_unique<QTimer>();
    deadline->setSingleShot(true);
    connect(deadline.get(), &QTimer::timeout, this, [this, target, player] {
        Playback *still = find(target);
        if (!still || still->player.get() != player)
            return;
        still->ownerlessDeadline.release()->deleteLater(); // this timer: the playback it belongs to ends now
        stopPlayer(target, *player, Caller{QStringLiteral("ownerless-limit")}, QStringLiteral("stop-scenario(ownerless-limit)"));
    });
    deadline->start(std::max(0, m_ownerlessLimitMs));
    audit(playback->owner, QStringLiteral("scenario-ownerless"), target, QStringLiteral("ok"),
          {QStringLiteral("its client left; it plays on for at most %1 s, then stops as its onAbort says").arg(m_ownerlessLimitMs / 1000.0)});
    playback->ownerlessDeadline = std::move(deadline);
}

void Playbacks::ownerLeft(const Caller &leaving)
{
    QStringList owned;
    for (auto it = m_playbacks.cbegin(); it != m_playbacks.cend(); ++it)
        if (it.value()->owner.busName == leaving.busName)
            owned.append(it.key());
    // Its playbacks with revertOnExit end before anything is put back, so that nothing they would
    // apply later undoes the revert; the revert book holds the tree from before them.
    QHash<QString, QdiscTree> earlier;
    for (const QString &target : std::as_const(owned)) {
        if (!find(target)->revertOnExit)
            continue;
        const QList<DeferredRevert> deferred = haltKeeping(target, QStringLiteral("client-exit"), leaving, true);
        if (!deferred.isEmpty())
            earlier.insert(target, deferred.first().tree); // promised by a caller that left before: the older tree
    }
    // The others were asked to go on without it: they do, for a bounded time (issue 15, finding 5).
    for (const QString &target : std::as_const(owned))
        boundOwnerless(target);
    QHash<QString, QdiscTree> reverts = m_net.takeExitReverts(leaving.busName);
    for (auto it = earlier.cbegin(); it != earlier.cend(); ++it)
        reverts.insert(it.key(), it.value());
    for (auto it = reverts.cbegin(); it != reverts.cend(); ++it) {
        if (Playback *playback = find(it.key())) {
            // Someone asked this playback to go on without its owner: the promise is kept for its end.
            playback->deferredReverts.append(DeferredRevert{it.value(), leaving});
            audit(leaving, QStringLiteral("revert(client-exit)"), it.key(), QStringLiteral("deferred until the scenario playing there ends"));
            continue;
        }
        m_net.revertTo(it.key(), it.value(), RevertReason::ClientExit, leaving);
    }
}

void Playbacks::endAll(const Caller &who, QLatin1String reason, const std::function<bool(const QString &)> &goesAnyway)
{
    // Playbacks end first, so none applies anything after the reverts.
    const QStringList promisedTargets = m_net.reverts().targets();
    QHash<QString, QdiscTree> deferred;
    for (const QString &target : targets()) {
        Playback *playback = find(target);
        if (!playback)
            continue;
        if (promisedTargets.contains(target) || !playback->deferredReverts.isEmpty() || goesAnyway(target)) {
            const QList<DeferredRevert> waiting = haltKeeping(target, reason, who, true);
            if (!waiting.isEmpty())
                deferred.insert(target, waiting.first().tree);
            continue;
        }
        ScenarioPlayer *player = playback->player.get();
        stopPlayer(target, *player, who, QStringLiteral("stop-scenario"));
    }
    QHash<QString, QdiscTree> promised = m_net.takeAllPromises();
    for (auto it = deferred.cbegin(); it != deferred.cend(); ++it)
        if (!promised.contains(it.key()))
            promised.insert(it.key(), it.value());
    for (auto it = promised.cbegin(); it != promised.cend(); ++it)
        if (!goesAnyway(it.key()))
            m_net.revertTo(it.key(), it.value(), reason, who);
}

void Playbacks::forgetNamespaces(const QStringList &namespaces)
{
    for (const QString &target : targets())
        if (SafetyNet::liesIn(target, namespaces))
            halt(target, QStringLiteral("namespace-removed"), Caller{QStringLiteral("safety")});
    m_net.forgetNamespaces(namespaces);
}

} // namespace qs
