#pragma once

#include "auditlog.h"
#include "buscall.h"
#include "helperbus.h"
#include "authorizer.h"
#include "readbudget.h"
#include "safety/labs.h"
#include "safety/playbacks.h"
#include "safety/safetynet.h"
#include "netlink/treewatcher.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <QVariantMap>

#include <functional>
#include <memory>
#include <optional>

struct sd_bus_message;

namespace qs {

class BusConnection;
struct ApplyResult;

/**
 * The object at /org/qdiscstudio/Helper1. Its public methods are called by HelperObject, which
 * checks each call against resources/dbus/org.qdiscstudio.Helper1.xml and hands it over with
 * serve().
 *
 * Every request is checked in full before polkit is asked (size, target syntax, schema,
 * validation), answered later (a delayed reply, so a password dialog never blocks other
 * clients), and then carried out at once on this one thread: work on one target never
 * interleaves with other work, so two clients racing on a target each get a whole tree or
 * a clean error, never a mix.
 */
class HelperService : public QObject
{
    Q_OBJECT
public:
    struct Settings
    {
        QString stateDirectory = QStringLiteral("/run/qdisc-studio");
        int idleTimeoutMs = 60 * 1000;
        /**
         * A playback whose client left the bus (it asked for no revert on exit) is stopped, as its
         * onAbort says, this long after: nothing the helper plays outlives its client unbounded.
         */
        int ownerlessPlaybackMs = HelperBus::DefaultOwnerlessPlaybackSeconds * 1000;
    };

    HelperService(BusConnection &bus, Settings settings, QObject *parent = nullptr);
    ~HelperService() override;

    /** Nothing pending or watched: the helper may exit. */
    bool isIdle() const { return !hasWork(); }

    /**
     * The helper is going away (SIGTERM): every scenario playback ends first (halted where a
     * promised tree comes back, else stopped as its onAbort says), then every promised revert is
     * carried out (except on targets of demo labs, which removeAllLabs() removes next).
     */
    void revertEverythingPromised();
    /** The helper is going away: every demo lab is removed. */
    void removeAllLabs();
    /**
     * Removes every demo lab namespace a helper before this one left behind (it crashed or was
     * killed): no client can own one yet. Call once the service name is this helper's, before
     * any call is served, so no other helper's labs are touched.
     */
    void removeLeftoverLabs();

    /**
     * Runs @p method for @p call (the D-Bus context the methods below answer through: message(),
     * refuse(), a delayed reply). What @p method returns is the answer, unless it answered or
     * delayed the call itself.
     */
    void serve(const BusCall &call, const std::function<QVariantList()> &method);
    /**
     * Whether the caller of the call being served may send a change of @p target now: a
     * well-formed target and the grant held already (authorizedAlready()). Otherwise answers
     * the refusal. Apply, ChangeNode and PlayScenario ask it first; the bus object asks it
     * before it reads their documents at all.
     */
    bool mayChange(const QString &target);
    /**
     * Answers AuthorizeFirst to the call being served: its caller holds no grant of @p action
     * (of any action when empty: its document was left unread by the BusRelay).
     */
    void refuseUngranted(const QString &action);

    // D-Bus methods (see the XML for their contract)
    QString GetVersion();
    qint64 GetClock();
    QString Authorize(const QString &target);
    QString ListTargets();
    QString GetTree(const QString &target);
    void ReadStats(const QString &target);
    QString Apply(const QString &target, const QString &treeJson, const QVariantMap &options);
    void Confirm(const QString &transaction);
    QString Restore(const QString &target);
    QString Clear(const QString &target);
    void Watch(const QString &target);
    void OpenStatsSocket(const QString &netns);
    QString CreateLab(const QVariantMap &options);
    void RemoveLab(const QString &lab);
    void OpenLabSockets(const QString &lab);
    void PlayScenario(const QString &target, const QString &scenarioJson, const QVariantMap &options);
    void PauseScenario(const QString &target);
    void ResumeScenario(const QString &target);
    void StopScenario(const QString &target);
    void SeekScenario(const QString &target, uint step);
    QString GetScenarioProgress(const QString &target);
    QString ChangeNode(const QString &target, const QString &nodeJson, const QString &basis, const QVariantMap &options);

    // TreeChanged, Reverted and ScenarioProgress are not Qt signals here (the adaptor would
    // broadcast them to every client on the bus): signalReaders() sends them to whom they concern.

Q_SIGNALS:
    /** Nothing pending or watched for the idle timeout: the helper may exit. */
    void idle();

private:
    void onNameOwnerChanged(const QString &name, const QString &newOwner);

    using Work = std::function<void(const BusCall &call, const Caller &caller)>;

    /** Defers the reply and runs @p work once polkit allows @p action to the sender. */
    void authorizeThen(const QString &action, const QString &target, Work work);
    using Answered = std::function<void(const BusCall &call, const Caller &caller, Authorizer::Outcome outcome, const QString &detail)>;
    /**
     * Defers the reply and calls @p answered with polkit's answer about @p action for the sender:
     * at once when granted already, else once polkit replied. A call that waits is counted
     * against MaxWaitingPerSender and MaxWaitingPerUser (root is not counted); beyond them it
     * is answered TooManyWaiting at once.
     */
    void askThen(const QString &action, Answered answered);
    /** The caller's user is known: counts it against MaxWaitingPerUser, or answers TooManyWaiting (false). */
    bool admitWaiting(const BusCall &call, const Caller &caller);
    void releaseWaiting(const Caller &caller);
    /** @p caller left the bus: its calls waiting for polkit count no more, for it or its user. */
    void forgetWaiting(const Caller &caller);
    static QString tooManyWaiting(int cap, const QString &whose);
    /**
     * For calls that carry a document (Apply, PlayScenario): true when the sender may go on at
     * once (root, or a live grant of @p action); else answers AuthorizeFirst now, so that no
     * such call is ever parked waiting for polkit with its document.
     */
    bool authorizedAlready(const QString &action);
    /**
     * Like authorizeThen() for reading: namespace @p netns needs org.qdiscstudio.read (or
     * org.qdiscstudio.lab when it is one of the caller's own lab), the helper's own does not.
     */
    void readThen(const QString &netns, const QString &what, Work work);
    /** @p read (a dump of the kernel, which answers @p call) within the user's ReadBudget; answers LimitsExceeded beyond it. */
    void readWithinBudget(const BusCall &call, const Caller &caller, const std::function<void()> &read);
    /** What changing @p target needs from the sender: org.qdiscstudio.lab for its own lab's target, else org.qdiscstudio.apply. */
    QString changeAction(const QString &target) const;
    /**
     * The lab @p lab of the sender, checked before polkit is asked: a well-formed id, a lab that
     * exists, owned by the sender. Replies with the error and returns nullptr otherwise.
     */
    const Labs::Lab *ownLab(const QString &lab, const QString &doing);
    /**
     * Forgets everything about the targets in @p namespaces (snapshots, promises, open sockets,
     * watches) before they are deleted; a promise to put back a tree there is moot.
     */
    void forgetNamespaces(const QStringList &namespaces);
    /**
     * Removes lab @p id (Labs::remove()), its watches ended first and its watchers told after;
     * false with @p error. By value: callers pass the id and owner of the very entry this erases.
     */
    bool removeLab(QString id, const QString &action, Caller caller, QString *error = nullptr);
    /**
     * Sends the interface's signal @p name (TreeChanged, Reverted, ScenarioProgress) about
     * @p target to the clients that may read it: its watchers (Watch checked that, as GetTree
     * does) and @p also (a playback's owner, a Restore's caller: it passed the change check), each
     * addressed by unique name. Never broadcast: a user without the read grant must not learn
     * another user's targets, lab ids or step names (issue 15, finding 4).
     */
    void signalReaders(const QString &target, const QString &name, const QVariantList &arguments, const QString &also = {});
    /** The call being served: its sender, its member, how it is answered. */
    const BusCall &message() const { return m_call; }
    /** A reply now, for checks that fail before any delay. */
    void refuse(QLatin1String name, const QString &text);
    bool checkTarget(const QString &target, QString *netns = nullptr);

    /** Asks the bus daemon's @p member about @p busName without blocking; @p then gets its reply (an error reply, or null when it could not be sent). */
    void askBusDaemon(const char *member, const QString &busName, std::function<void(sd_bus_message *reply)> then);
    static constexpr quint64 BusDaemonTimeoutUs = 25'000'000;
    /** Who @p busName is, asked of the bus daemon without blocking unless known already; then @p then. */
    void withCaller(const QString &busName, std::function<void(const Caller &)> then);
    void trackClient(const QString &busName);
    void clientLeft(const QString &busName);

    /** Replies with @p outcome's refusal; true when there is none (the caller replies then). */
    bool replyRefusal(const BusCall &call, const SafetyOutcome &outcome);
    /** The D-Bus error a refusal of the safety net is sent as. */
    static QLatin1String errorName(SafetyOutcome::Refusal refusal);
    /** The reply to a change (Apply, ChangeNode): its transaction and @p report, or its refusal; a revert-on-exit caller is watched. */
    void answerChange(const BusCall &call, const ChangeGuards &guards, const SafetyOutcome &outcome, const QString &report);

    /**
     * Pause, Resume, Stop and Seek: polkit as for a change, then @p work (one of Playbacks') for the
     * caller; the reply, or the refusal as an error, before the progress it caused.
     */
    void controlScenario(const QString &target, const std::function<SafetyOutcome(const Caller &)> &work);
    /** Sends ScenarioProgress now or, within ScenarioProgressIntervalMs of the last one, later (see HelperBus). */
    void emitProgress(const QString &target, const qs::ScenarioProgress &progress, const QString &owner);
    /** emitProgress() past holdProgress(): the signal, at most one per interval and target, to its readers and @p owner. */
    void sendProgress(const QString &target, const qs::ScenarioProgress &progress, const QString &owner);
    /**
     * While a scenario call on @p target is carried out, its progress signals wait until
     * releaseProgress(), after the reply: a client hears "played" before "step 1 playing".
     */
    void holdProgress(const QString &target);
    void releaseProgress();

    /** Reads @p options of @p method; refuses (InvalidArguments) and returns nullopt on a key or value it does not know. */
    std::optional<ChangeGuards> readChangeGuards(const QVariantMap &options, const QString &method);
    void touch();
    bool hasWork() const;

    BusConnection &m_bus;
    BusCall m_call; ///< see serve()
    Settings m_settings;
    Authorizer m_authorizer;
    SafetyNet m_net; ///< the policy: snapshots, promises, engines
    ReadBudget m_readBudget; ///< GetTree's and ReadStats' share of the helper's time, per user
    TreeWatcher m_watcher;
    Playbacks m_playbacks; ///< the policy of scenarios, beside the net
    Labs m_labs;           ///< and of demo labs
    QString m_heldTarget; ///< see holdProgress()
    QList<std::pair<qs::ScenarioProgress, QString>> m_heldProgress; ///< with the owner each goes to
    /** Per target: when its last ScenarioProgress went out, and the report held back since. */
    struct ProgressGate
    {
        qint64 sentAtNs = 0;
        qs::ScenarioProgress::State sentState = qs::ScenarioProgress::State::Stopped;
        std::optional<qs::ScenarioProgress> pending;
        QString owner; ///< the client whose playback reports there
        QTimer timer; ///< sends pending when the interval ends
    };
    QHash<QString, std::shared_ptr<ProgressGate>> m_progressGates; ///< while a playback reports
    QHash<QString, Caller> m_callers;  ///< by unique bus name, while it is on the bus
    QHash<QString, int> m_waitingBySender; ///< calls waiting for polkit, see admitWaiting(); gone with the sender
    QHash<qint64, int> m_waitingByUid;
    QSet<QString> m_tracked;           ///< clients whose departure matters (reverts, watches)
    QTimer m_idle;
};

} // namespace qs
