#pragma once

#include "hostclock.h"
#include "scenario/scenario.h"
#include "scenario/scenarioprogress.h"
#include "scenario/scenariotimeline.h"
#include "targetbackend.h"

#include <QObject>
#include <QTimer>

#include <map>
#include <optional>

namespace qs {

/**
 * One scenario played on several targets at once, on this machine and on hosts over ssh: each
 * target's lane (Scenario::lane) is played by the helper of its own host against one start time,
 * so that a step lands everywhere together however far the hosts are.
 *
 * start() goes through phases, each for every lane before the next begins, so that nothing is
 * applied anywhere unless every lane can play: the hosts not reached yet are logged in to
 * (TargetBackend::addHost), the trees are read and each lane compiled against
 * its own (every error of every lane reported at once), polkit is asked for each target and each
 * host's clock measured, then one start is chosen StartLeadMs ahead (plus four of the slowest
 * round trip) and sent to every host in its own clock. Once playing, a lane that fails or whose
 * host is lost stops the others (each carries out its onAbort), so that no lane plays on alone.
 *
 * @p backend routes every target (a HostsBackend with the hosts added; this machine's backend for
 * local targets only). All times given out are this process's CLOCK_MONOTONIC.
 */
class ScenarioEnsemble : public QObject
{
    Q_OBJECT

public:
    /** Room for every host to receive its lane, read its tree and take a snapshot before the start. */
    static constexpr qint64 StartLeadMs = 1500;

    /** A target's part. */
    struct Lane
    {
        QString target;          ///< as the scenario names it, a host's written as SshTarget writes it
        Scenario scenario;       ///< its lane, references resolved
        std::optional<ScenarioTimeline> timeline;
        HostClock clock;
        bool read = false;
        bool authorized = false;
        bool accepted = false;   ///< the host took the playback
        bool stopAsked = false;
        std::optional<ScenarioProgress> last;
        std::optional<ScenarioProgress> ended;
    };

    /** @p scenario: references resolved, its targets the lanes to play. */
    ScenarioEnsemble(TargetBackend &backend, Scenario scenario, ScenarioPlayOptions options, QObject *parent = nullptr);

    void start();
    /** Ends every lane's playback (each carries out its onAbort); ended() follows. */
    void stop();

    const QList<Lane> &lanes() const { return m_lanes; }
    /** The shared start on this process's clock (0 until started()). */
    qint64 startAtNs() const { return m_startAtNs; }
    /** The phase reached, for a caller that gives up waiting: "connecting", "reading", "authorizing", "starting", "playing", "stopping", "ended". */
    QString phase() const;

Q_SIGNALS:
    /** Before anything was applied: why the scenario cannot play (every reason, one a line). @p usage: the scenario itself is wrong for a target. */
    void refused(const QStringList &errors, bool usage);
    /** Every host took its lane; step 1 is due at @p startAtNs. */
    void started(qint64 startAtNs);
    /** A lane's report, its takenAtNs on this process's clock. */
    void laneProgress(const QString &target, const qs::ScenarioProgress &progress);
    /** Every lane has begun step @p step of pass @p loop: the first at @p firstNs, the last at @p lastNs (reports taken right after each kernel had it). */
    void stepLanded(int loop, int step, const QString &name, qint64 firstNs, qint64 lastNs);
    /** Every lane has ended: Finished when all finished, else Failed (with why) or Stopped. */
    void ended(qs::ScenarioProgress::State state, const QString &error);

private:
    enum class Phase { Idle, Connecting, Reading, Authorizing, Starting, Playing, Stopping, Ended };

    Lane *laneOf(const QString &target);
    void onTreeRead(const QString &target, const std::optional<QdiscTree> &tree, const QString &error);
    void onCommandDone(const QString &target, const QString &command, const QString &error);
    void onProgress(const QString &target, const ScenarioProgress &progress);
    /** While connecting: a host reached (or not); once playing: a host lost. */
    void onHostAnswer(const QString &host, const QString &error);
    void readAll();
    void authorizeAll();
    void measureAndPlay();
    /** A lane failed while the others play or start: they are stopped; @p error is what ended() will say. */
    void abandon(const QString &error);
    void finishIfAllEnded();
    void refuse(const QStringList &errors, bool usage);

    TargetBackend &m_backend;
    Scenario m_scenario;
    ScenarioPlayOptions m_options;
    QList<Lane> m_lanes;
    Phase m_phase = Phase::Idle;
    QStringList m_errors;
    bool m_usageErrors = false;
    qint64 m_startAtNs = 0;
    QString m_failure; ///< the first lane's failure, said by ended()
    QStringList m_connecting; ///< hosts whose login is under way
    /** (loop, step) → the lanes' start times so far, until every lane has begun it. */
    std::map<std::pair<int, int>, QList<qint64>> m_landing;
};

} // namespace qs
