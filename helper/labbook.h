#pragma once

#include "auditlog.h"
#include "lab/labnetwork.h"
#include "lab/labremains.h"

#include <QString>
#include <QStringList>

#include <map>
#include <optional>

namespace qs {

/**
 * The demo labs the helper made, each owned by the client (unique bus name) that asked for it.
 * Bookkeeping only; the helper creates and removes the namespaces.
 */
class LabBook
{
public:
    struct Lab
    {
        LabNetwork network;
        Caller owner; ///< as the bus reported it when the lab was made
    };

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

    const Lab *find(const QString &id) const;
    const Lab *ownedBy(const QString &busName) const;
    /** Whether @p netns is one of the two namespaces of the lab @p busName owns. */
    bool ownsNamespace(const QString &busName, const QString &netns) const;
    /** Whether @p target is the target of the lab @p busName owns. */
    bool ownsTarget(const QString &busName, const QString &target) const;
    /** Whether @p target lies in a namespace of any lab in this book. */
    bool holdsTarget(const QString &target) const;

    void insert(const Lab &lab);
    std::optional<Lab> take(const QString &id);
    QStringList ids() const;
    int size() const { return int(m_labs.size()); }
    bool isEmpty() const { return m_labs.empty(); }

    /**
     * Lab @p id of @p owner was removed, but sockets made in it are still open (@p remains marks
     * its namespaces): it counts as a lab of its owner's until they are closed (issue 15, finding 3).
     */
    void keepRemains(const QString &id, const Caller &owner, LabRemains remains);
    /** Forgets every removed lab whose namespaces ended; returns their ids. */
    QStringList sweepRemains();
    /** Removed labs still kept alive by open sockets: of everyone, or of user @p uid only. */
    int remainsCount() const { return int(m_remains.size()); }
    int remainsOf(qint64 uid) const;
    bool hasRemains() const { return !m_remains.empty(); }
    void releaseAllRemains() { m_remains.clear(); }

private:
    struct Remains
    {
        Caller owner;
        LabRemains namespaces;
    };
    std::map<QString, Lab> m_labs; ///< by id (LabNetwork has no default value, so not a QHash)
    std::map<QString, Remains> m_remains; ///< by id
};

} // namespace qs
