#pragma once

#include "caller.h"
#include "lab/labnetwork.h"
#include "lab/labremains.h"
#include "playbacks.h"
#include "safetynet.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <map>
#include <optional>

namespace qs {

/**
 * The demo labs of one road to the kernel — the helper's and the in-process backend's — and
 * their lifecycle, written once (issue 15): each lab with the caller that made it; the limits
 * (labs at once, labs of one user), counting removed labs whose namespaces sockets still keep
 * alive (finding 3); a fresh id no lab and no namespace has; on removal, its playbacks,
 * snapshots, promises and engines go first (an engine's socket would keep the namespace alive,
 * and there is nothing to put back on a link that is gone), and its namespaces are marked so
 * that what sockets keep of them is still counted. Every creation and removal is audited
 * through the SafetyNet.
 *
 * The roads keep what is theirs: the helper who may ask (the owner's bus name, polkit), the
 * in-process backend the guard process that removes its labs when it is killed.
 */
class Labs : public QObject
{
    Q_OBJECT
public:
    /** Demo labs at once, for all callers together. */
    static constexpr int MaxLabs = 4;
    /** Demo labs of one user at once (root is not counted): one user's connections cannot hold them all. */
    static constexpr int MaxLabsPerUser = 2;

    struct Lab
    {
        LabNetwork network;
        Caller owner; ///< as the road knew it when the lab was made
    };

    Labs(SafetyNet &net, Playbacks &playbacks, QObject *parent = nullptr);

    /** A fresh, unguessable lab id: 8 characters a-z, 0-9. */
    static QString newId();
    /** The network namespace name @p netns belongs to a demo lab (qs-lab-…), made by anyone. */
    static bool isLabNamespace(const QString &netns);
    /** The namespaces of lab @p id, whether or not they exist. */
    static QStringList namespacesOf(const QString &id);
    /** The lab target of lab @p id ("qs-lab-<id>-a/lab0"), whether or not it exists. */
    static QString targetOf(const QString &id);
    /**
     * The lab ids among namespace names @p names (what LabNetwork::leftovers() lists), in order;
     * a name that does not follow the qs-lab-<id>-a/-b pattern counts as an id of its own.
     */
    static QStringList idsOf(const QStringList &names);

    /** Runs before a lab of that id is built; false with a sentence stops it (nothing is built). */
    using BeforeBuild = std::function<bool(const QString &id, QString *error)>;
    /**
     * Builds a lab for @p owner: refused (Failed, with the numbers) when MaxLabs exist, or when the
     * owner's user (root excepted) has MaxLabsPerUser, removed ones held open counted; otherwise
     * with an id nobody uses, @p beforeBuild run first. @p made is the lab on success.
     */
    SafetyOutcome create(const Caller &owner, const BeforeBuild &beforeBuild, const Lab **made);
    /**
     * Removes lab @p id (audited as @p action by @p caller): what the net and the playbacks keep
     * about its namespaces first, then the namespaces. True when nothing of it is left (or there
     * was no such lab); false with @p error when removing failed.
     */
    bool remove(const QString &id, const QString &action, const Caller &caller, QString *error = nullptr);
    /** Removes every lab, each audited as its owner's @p action. */
    void removeAll(const QString &action);

    const Lab *find(const QString &id) const;
    const Lab *ownedBy(const QString &busName) const;
    /** Whether @p netns is one of the two namespaces of the lab @p busName owns. */
    bool ownsNamespace(const QString &busName, const QString &netns) const;
    /** Whether @p target is the target of the lab @p busName owns. */
    bool ownsTarget(const QString &busName, const QString &target) const;
    /** Whether @p target lies in a namespace of any lab in this book. */
    bool holdsTarget(const QString &target) const;
    QStringList ids() const;
    int size() const { return int(m_labs.size()); }
    bool isEmpty() const { return m_labs.empty(); }

    /** Removed labs still kept alive by open sockets. */
    int remainsCount() const { return int(m_remains.size()); }
    bool hasRemains() const { return !m_remains.empty(); }

Q_SIGNALS:
    /** A removed lab's namespaces all ended: it counts no more. */
    void remainsEnded(const QString &id);

private:
    /** Forgets every removed lab whose namespaces ended. */
    void sweepRemains();
    int remainsOf(qint64 uid) const;

    struct Remains
    {
        Caller owner;
        LabRemains namespaces;
    };
    SafetyNet &m_net;
    Playbacks &m_playbacks;
    std::map<QString, Lab> m_labs;        ///< by id (LabNetwork has no default value, so not a QHash)
    std::map<QString, Remains> m_remains; ///< by id
    QTimer m_sweep;                       ///< while removed labs are kept alive by open sockets
};

} // namespace qs
