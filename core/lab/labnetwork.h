#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace qs {

/**
 * The demo lab: two private hosts joined by one cable, where an impairment can be shown without
 * touching any real interface. Two named network namespaces, qs-lab-<id>-a and qs-lab-<id>-b
 * (named the way `ip netns add` names them, so `ip -n` and `tc -n` see them), joined by a veth
 * pair lab0 (in a, 198.18.0.1/24) ↔ lab1 (in b, 198.18.0.2/24); 198.18.0.0/15 is reserved for
 * benchmarking (RFC 2544) and never routed. The impairment goes on target() (a → b egress).
 *
 * Everything is done natively (mount, unshare, netlink), never by running `ip`. A value of this
 * class names a lab; it does not remove it when destroyed, because the lab outlives the object
 * that made it (the helper keeps it for a client): call remove(), or removeNamespaces(leftovers())
 * after a crash. Creating and removing need root (CAP_SYS_ADMIN and CAP_NET_ADMIN).
 */
class LabNetwork
{
    Q_DECLARE_TR_FUNCTIONS(qs::LabNetwork)

public:
    /**
     * Builds the lab for @p id ([a-z0-9]{1,12}). Fails with a sentence in @p error when the id is
     * malformed, a lab with this id exists, or the kernel refuses a step; a half-built lab is
     * removed again before returning, so nothing is left behind.
     */
    static std::optional<LabNetwork> create(const QString &id, QString *error);
    /**
     * Removes both namespaces (the veth pair goes with them). Removing twice is not an error.
     * Sockets still open in the lab keep its namespaces alive, nameless, until they are closed:
     * stop the LabTraffic first.
     */
    bool remove(QString *error);

    /** Every lab namespace in /run/netns (every name starting with "qs-lab-"), sorted. */
    static QStringList leftovers();
    /**
     * Removes the named namespaces like `ip netns del` (lazy unmount, then unlink). Only names
     * starting with "qs-lab-" are accepted: this never removes anybody else's namespace. Goes on
     * past a failure and reports every one.
     */
    static bool removeNamespaces(const QStringList &names, QString *error);

    /** True for 1 to 12 characters a-z, 0-9: it becomes part of namespace and file names. */
    static bool isValidId(const QString &id);
    /** "qs-lab-": the prefix of every lab namespace. */
    static QString namespacePrefix();
    /**
     * /run/qdisc-studio-labs: where a process that built a lab itself (ui/labguard.h) and its
     * guard keep <id>.lock, flock()ed for as long as either lives.
     */
    static QString appLockDirectory();
    /** True while the app (or its guard) that built lab @p id in-process holds its lock. */
    static bool isHeldByAnApp(const QString &id);

    const QString &id() const { return m_id; }
    /** qs-lab-<id>-a: the sending host, holding lab0. */
    QString namespaceA() const;
    /** qs-lab-<id>-b: the receiving host, holding lab1. */
    QString namespaceB() const;
    /** "qs-lab-<id>-a/lab0": where the impairment goes (egress a → b), in the model's target
     * syntax. */
    QString target() const;

    static QString deviceA() { return QStringLiteral("lab0"); }
    static QString deviceB() { return QStringLiteral("lab1"); }
    static QString addressA() { return QStringLiteral("198.18.0.1"); }
    static QString addressB() { return QStringLiteral("198.18.0.2"); }
    static constexpr int prefixLength = 24;

private:
    explicit LabNetwork(QString id) : m_id(std::move(id)) {}

    QString m_id;
};

} // namespace qs
