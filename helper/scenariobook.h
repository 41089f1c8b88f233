#pragma once

#include "auditlog.h"
#include "model/qdisctree.h"
#include "scenario/scenarioplayer.h"
#include "safety/snapshotstore.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

namespace qs {

/**
 * The scenarios the helper plays: at most one player per target, each with the client that
 * started it (its unique bus name) and how it was asked to play. Bookkeeping only; the helper
 * wires the players to its engines and carries out what a departure or a change implies.
 *
 * A player ends inside its own signals (a timer tick, stop()), so it cannot be deleted there:
 * retire() moves it aside and deletes it once the event loop comes back (or with the book).
 */
class ScenarioBook : public QObject
{
    Q_OBJECT
public:
    /** An exit revert of a client that left while a playback went on: carried out when it ends. */
    struct DeferredRevert
    {
        QdiscTree tree;
        Caller client;
    };

    struct Playback
    {
        std::unique_ptr<ScenarioPlayer> player;
        Caller owner;
        bool revertOnExit = true;
        /** The device it was started on: a device made again under the same name is not played on. */
        TargetIdentity identity;
        QList<DeferredRevert> deferredReverts;
        /**
         * PlayScenario made the owner's revert-on-exit promise about the target (none was there
         * before): it is dropped when the playback ends (finished, stopped, failed), since the
         * scenario's own ending decides what stays. A promise from an earlier Apply stays.
         */
        bool promisedExitRevert = false;
        /** Once its owner left the bus: when it is stopped at the latest (HelperService::boundOwnerless()). */
        std::unique_ptr<QTimer> ownerlessDeadline;
    };

    explicit ScenarioBook(QObject *parent = nullptr);
    ~ScenarioBook() override;

    Playback *find(const QString &target);
    const Playback *find(const QString &target) const;
    /** The target @p player plays on; empty when it is not (or no longer) in the book. */
    QString targetOf(const ScenarioPlayer *player) const;
    Playback &insert(const QString &target, Playback playback);
    /** Takes @p target's playback out of the book; its player is retired (deleted later), not returned. */
    std::optional<Playback> take(const QString &target);

    /** Targets with a playback, in no particular order. */
    QStringList targets() const { return m_playbacks.keys(); }
    /** Targets whose playback @p busName started. */
    QStringList targetsOf(const QString &busName) const;
    bool isEmpty() const { return m_playbacks.isEmpty(); }

private:
    void retire(std::unique_ptr<ScenarioPlayer> player);

    QHash<QString, std::shared_ptr<Playback>> m_playbacks; ///< by target (Playback is move-only)
    std::vector<std::unique_ptr<ScenarioPlayer>> m_retired;
};

} // namespace qs
