#include "scenarioensemble.h"

#include "remote/sshtarget.h"
#include "stats/monotonicclock.h"

#include <algorithm>

namespace qs {

namespace {

/** The host part of @p target ("qs@lab4"), empty for this machine's. */
QString hostOf(const QString &target)
{
    QString ignored;
    const auto remote = SshTarget::isRemote(target) ? SshTarget::parse(target, &ignored) : std::nullopt;
    return remote ? remote->host.toString() : QString();
}

/** @p target as its own host names it (IF, NETNS/IF, docker:NAME/IF). */
QString onItsHost(const QString &target)
{
    QString ignored;
    const auto remote = SshTarget::isRemote(target) ? SshTarget::parse(target, &ignored) : std::nullopt;
    return remote ? remote->target : target;
}

} // namespace

ScenarioEnsemble::ScenarioEnsemble(TargetBackend &backend, Scenario scenario, ScenarioPlayOptions options, QObject *parent)
    : QObject(parent), m_backend(backend), m_scenario(std::move(scenario)), m_options(options)
{
    for (const QString &target : std::as_const(m_scenario.targets)) {
        Lane lane;
        lane.target = Scenario::normalTarget(target); // as the backends give it back
        lane.scenario = m_scenario.lane(target);
        lane.scenario.targets = {lane.target};
        m_lanes.append(lane);
    }
}

QString ScenarioEnsemble::phase() const
{
    switch (m_phase) {
    case Phase::Idle:
    case Phase::Connecting:
        return QStringLiteral("connecting");
    case Phase::Reading:
        return QStringLiteral("reading");
    case Phase::Authorizing:
        return QStringLiteral("authorizing");
    case Phase::Starting:
        return QStringLiteral("starting");
    case Phase::Playing:
        return QStringLiteral("playing");
    case Phase::Stopping:
        return QStringLiteral("stopping");
    case Phase::Ended:
        return QStringLiteral("ended");
    }
    return {};
}

ScenarioEnsemble::Lane *ScenarioEnsemble::laneOf(const QString &target)
{
    const auto it = std::find_if(m_lanes.begin(), m_lanes.end(), [&](const Lane &l) { return l.target == target; });
    return it == m_lanes.end() ? nullptr : &*it;
}

void ScenarioEnsemble::start()
{
    if (m_phase != Phase::Idle)
        return;
    if (m_lanes.isEmpty()) {
        refuse({tr("the scenario names no target to play on")}, true);
        return;
    }
    connect(&m_backend, &TargetBackend::treeRead, this, &ScenarioEnsemble::onTreeRead);
    connect(&m_backend, &TargetBackend::scenarioCommandDone, this, &ScenarioEnsemble::onCommandDone);
    connect(&m_backend, &TargetBackend::scenarioProgress, this, &ScenarioEnsemble::onProgress);
    connect(&m_backend, &TargetBackend::hostAdded, this, &ScenarioEnsemble::onHostAnswer);
    m_phase = Phase::Connecting;
    const QStringList reached = m_backend.hosts();
    for (const Lane &lane : std::as_const(m_lanes)) {
        const QString host = hostOf(lane.target);
        if (!host.isEmpty() && !reached.contains(host) && !m_connecting.contains(host))
            m_connecting.append(host);
    }
    for (const QString &host : std::as_const(m_connecting))
        m_backend.addHost(host);
    if (m_connecting.isEmpty())
        readAll();
}

void ScenarioEnsemble::readAll()
{
    m_phase = Phase::Reading;
    for (const Lane &lane : std::as_const(m_lanes))
        m_backend.readTree(lane.target);
}

void ScenarioEnsemble::onTreeRead(const QString &target, const std::optional<QdiscTree> &tree, const QString &error)
{
    Lane *lane = laneOf(target);
    if (m_phase != Phase::Reading || !lane || lane->read)
        return;
    lane->read = true;
    if (!tree) {
        m_errors.append(tr("cannot read %1: %2").arg(target, error));
    } else {
        // Compiled here against the tree the host holds now, so that every lane's errors are known
        // before any host is asked; the host compiles it again against its own reading.
        QdiscTree before = *tree;
        QdiscTree::splitTarget(onItsHost(target), &before.netns, &before.device);
        QStringList errors;
        lane->timeline = ScenarioTimeline::compile(lane->scenario, before, &errors);
        for (const QString &e : std::as_const(errors))
            m_errors.append(target + QStringLiteral(": ") + e);
        m_usageErrors = m_usageErrors || !errors.isEmpty();
    }
    if (std::all_of(m_lanes.cbegin(), m_lanes.cend(), [](const Lane &l) { return l.read; })) {
        if (!m_errors.isEmpty())
            refuse(m_errors, m_usageErrors);
        else
            authorizeAll();
    }
}

void ScenarioEnsemble::authorizeAll()
{
    m_phase = Phase::Authorizing;
    for (const Lane &lane : std::as_const(m_lanes))
        m_backend.authorize(lane.target);
}

void ScenarioEnsemble::measureAndPlay()
{
    m_phase = Phase::Starting;
    // One measurement a host: its lanes share its clock.
    QHash<QString, HostClock> clocks;
    qint64 slowest = 0;
    for (Lane &lane : m_lanes) {
        const QString host = hostOf(lane.target);
        if (!clocks.contains(host)) {
            QString error;
            const std::optional<HostClock> clock = m_backend.clockOf(lane.target, &error);
            if (!clock) {
                refuse({tr("cannot read the clock of %1: %2").arg(host.isEmpty() ? tr("this machine") : host, error)}, false);
                return;
            }
            clocks.insert(host, *clock);
        }
        lane.clock = clocks.value(host);
        slowest = std::max(slowest, lane.clock.roundTripNs);
    }
    m_startAtNs = monotonicNowNs() + StartLeadMs * 1'000'000 + 4 * slowest;
    for (const Lane &lane : std::as_const(m_lanes)) {
        ScenarioPlayOptions options = m_options;
        options.startAtNs = lane.clock.toRemote(m_startAtNs);
        m_backend.playScenario(lane.target, lane.scenario, options);
    }
}

void ScenarioEnsemble::onCommandDone(const QString &target, const QString &command, const QString &error)
{
    Lane *lane = laneOf(target);
    if (!lane)
        return;
    if (command == u"authorize" && m_phase == Phase::Authorizing && !lane->authorized) {
        lane->authorized = true; // answered
        if (!error.isEmpty())
            m_errors.append(tr("%1: %2").arg(target, error));
        if (std::all_of(m_lanes.cbegin(), m_lanes.cend(), [](const Lane &l) { return l.authorized; })) {
            if (!m_errors.isEmpty())
                refuse(m_errors, false);
            else
                measureAndPlay();
        }
    } else if (command == u"play" && (m_phase == Phase::Starting || m_phase == Phase::Stopping) && !lane->accepted && !lane->ended) {
        if (!error.isEmpty()) {
            ScenarioProgress refusedHere;
            refusedHere.state = ScenarioProgress::State::Failed;
            refusedHere.error = error;
            lane->ended = refusedHere;
            m_errors.append(tr("%1: %2").arg(target, error));
        } else {
            lane->accepted = true;
            if (m_phase == Phase::Stopping) { // stopped while the start was on its way
                lane->stopAsked = true;
                m_backend.stopScenario(target);
            }
        }
        if (m_phase == Phase::Stopping) {
            finishIfAllEnded(); // that answer may have been the last one awaited
            return;
        }
        const bool allAnswered = std::all_of(m_lanes.cbegin(), m_lanes.cend(), [](const Lane &l) { return l.accepted || l.ended; });
        if (!allAnswered)
            return;
        if (m_errors.isEmpty()) {
            m_phase = Phase::Playing;
            Q_EMIT started(m_startAtNs);
        } else if (std::none_of(m_lanes.cbegin(), m_lanes.cend(), [](const Lane &l) { return l.accepted; })) {
            refuse(m_errors, false);
        } else {
            // Those that took it are stopped: before the start, nothing was applied there; a
            // refusal that came after it (a host that took longer than the start left) finds
            // step 1 applied, and stopping carries out each lane's onAbort.
            abandon(m_errors.join(u'\n'));
        }
    } else if (command == u"stop" && !error.isEmpty() && !lane->ended) {
        ScenarioProgress failed;
        failed.state = ScenarioProgress::State::Failed;
        failed.error = tr("stopping was not confirmed: %1").arg(error);
        lane->ended = failed;
        if (m_failure.isEmpty())
            m_failure = tr("%1: %2").arg(target, failed.error);
        finishIfAllEnded();
    }
}

void ScenarioEnsemble::onProgress(const QString &target, const ScenarioProgress &reported)
{
    Lane *lane = laneOf(target);
    if (!lane || lane->ended || (m_phase != Phase::Starting && m_phase != Phase::Playing && m_phase != Phase::Stopping))
        return;
    // A report of no playback (a query's answer: steps 0, or one before this playback began) is not its end.
    if (!reported.isActive() && (reported.steps == 0 || (!lane->last && !lane->accepted)))
        return;
    ScenarioProgress p = reported;
    p.takenAtNs = lane->clock.toLocal(p.takenAtNs);
    if (p.isActive()) {
        const bool newStep = p.startsInMs == 0 &&
                             (!lane->last || lane->last->startsInMs > 0 || lane->last->step != p.step || lane->last->loop != p.loop);
        lane->last = p;
        Q_EMIT laneProgress(target, p);
        if (newStep) {
            const std::pair<int, int> key{p.loop, p.step};
            QList<qint64> &times = m_landing[key];
            times.append(p.takenAtNs);
            if (times.size() == m_lanes.size()) {
                const auto [first, last] = std::minmax_element(times.cbegin(), times.cend());
                Q_EMIT stepLanded(p.loop, p.step, p.stepName, *first, *last);
                // Steps a late lane skipped never complete: forgotten once a later one has.
                m_landing.erase(m_landing.begin(), std::next(m_landing.find(key)));
            }
        }
        return;
    }
    lane->ended = p;
    Q_EMIT laneProgress(target, p);
    if (p.state == ScenarioProgress::State::Failed)
        abandon(tr("%1: %2").arg(target, p.error));
    else if (p.state == ScenarioProgress::State::Stopped && !lane->stopAsked)
        abandon(tr("playback on %1 was stopped from elsewhere").arg(target));
    else
        finishIfAllEnded();
}

void ScenarioEnsemble::onHostAnswer(const QString &host, const QString &error)
{
    if (m_phase == Phase::Connecting) {
        if (!m_connecting.removeOne(host))
            return;
        if (!error.isEmpty())
            m_errors.append(error.startsWith(host) ? error : tr("%1: %2").arg(host, error));
        if (m_connecting.isEmpty()) {
            if (m_errors.isEmpty())
                readAll();
            else
                refuse(m_errors, false);
        }
        return;
    }
    if (error.isEmpty() || m_phase == Phase::Ended || m_phase == Phase::Idle)
        return; // a host added, not one lost
    const bool used = std::any_of(m_lanes.cbegin(), m_lanes.cend(), [&](const Lane &l) { return hostOf(l.target) == host; });
    if (!used)
        return;
    if (m_phase == Phase::Reading || m_phase == Phase::Authorizing) {
        // Its answers will never come (its backend is gone): nothing was sent to play anywhere.
        refuse({tr("%1: %2").arg(host, error)}, false);
        return;
    }
    for (Lane &lane : m_lanes) {
        if (lane.ended || hostOf(lane.target) != host)
            continue;
        ScenarioProgress lost;
        lost.state = ScenarioProgress::State::Failed;
        lost.error = lane.accepted ? tr("%1; its helper stops the playback and puts back the tree from before once it misses this client").arg(error)
                                   : error;
        lane.ended = lost;
        if (m_failure.isEmpty())
            m_failure = tr("%1: %2").arg(lane.target, lost.error);
    }
    // In Starting, the lanes still unanswered are now ended: the others are stopped, as on a refusal.
    abandon(m_failure);
}

void ScenarioEnsemble::stop()
{
    if (m_phase == Phase::Ended)
        return;
    if (m_phase == Phase::Idle || m_phase == Phase::Connecting || m_phase == Phase::Reading || m_phase == Phase::Authorizing) {
        m_phase = Phase::Ended; // nothing was sent to play anywhere
        Q_EMIT ended(ScenarioProgress::State::Stopped, {});
        return;
    }
    abandon({});
}

void ScenarioEnsemble::abandon(const QString &error)
{
    if (m_failure.isEmpty())
        m_failure = error;
    m_phase = Phase::Stopping;
    for (Lane &lane : m_lanes) {
        if (lane.accepted && !lane.ended && !lane.stopAsked) {
            lane.stopAsked = true;
            m_backend.stopScenario(lane.target);
        }
    }
    finishIfAllEnded();
}

void ScenarioEnsemble::finishIfAllEnded()
{
    if (m_phase != Phase::Playing && m_phase != Phase::Stopping)
        return;
    // A lane the host never took has nothing to end; one taken ends with a report (or its host lost).
    if (!std::all_of(m_lanes.cbegin(), m_lanes.cend(), [](const Lane &l) { return l.ended || !l.accepted; }))
        return;
    if (m_phase == Phase::Stopping && std::any_of(m_lanes.cbegin(), m_lanes.cend(), [](const Lane &l) { return !l.accepted && !l.ended; }))
        return; // a start still on its way: its answer is stopped when it comes
    m_phase = Phase::Ended;
    const bool allFinished = std::all_of(m_lanes.cbegin(), m_lanes.cend(),
                                         [](const Lane &l) { return l.ended && l.ended->state == ScenarioProgress::State::Finished; });
    if (!m_failure.isEmpty())
        Q_EMIT ended(ScenarioProgress::State::Failed, m_failure);
    else
        Q_EMIT ended(allFinished ? ScenarioProgress::State::Finished : ScenarioProgress::State::Stopped, {});
}

void ScenarioEnsemble::refuse(const QStringList &errors, bool usage)
{
    m_phase = Phase::Ended;
    Q_EMIT refused(errors, usage);
}

} // namespace qs
