#pragma once

#include "classnode.h"
#include "qdiscnode.h"
#include "filter.h"
#include "validationissue.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace qs {

/**
 * Everything tc configures on one device: the root (egress) qdisc and what hangs below it,
 * the ingress/clsact qdisc, classes and filters. Kept flat with parent references, as the
 * kernel holds it; the hierarchy is derived. An empty tree means "the device's default qdisc".
 */
class QdiscTree
{
    Q_DECLARE_TR_FUNCTIONS(qs::QdiscTree)

public:
    QString netns;  ///< empty: the root namespace
    QString device; ///< empty in a profile whose tree is applied to a target chosen later
    /** The device is an ifb that receives redirected incoming traffic: created when missing. */
    bool isIfb = false;

    QList<QdiscNode> qdiscs;
    QList<ClassNode> classes;
    /** In the kernel's order; foreign ones are read from the kernel, never created here. */
    QList<Filter> filters;

    /** "dev" or "netns/dev", the form the CLI takes. */
    QString target() const;
    /** Splits "netns/dev"; returns false when @p target has more than one '/' or an empty part. */
    static bool splitTarget(QStringView target, QString *netns, QString *device);

    bool isEmpty() const { return qdiscs.isEmpty() && classes.isEmpty() && filters.isEmpty(); }
    const QdiscNode *rootQdisc() const;
    const QdiscNode *ingressQdisc() const;
    /** The qdisc with @p handle; nullptr for the unspecified handle 0, which names no qdisc. */
    const QdiscNode *qdisc(TcHandle handle) const;
    QdiscNode *qdisc(TcHandle handle);
    const QdiscNode *qdiscAt(TcHandle parent) const;
    /**
     * The qdisc whose filter block a filter with @p parent lands in, as the kernel resolves it:
     * "1:" is qdisc 1:, an existing htb class "1:10" is its htb qdisc (classes have blocks of
     * their own), every ffff:XXXX is an ingress qdisc, and only the hooks ffff:fff2 / ffff:fff3
     * are a clsact. nullptr where the kernel refuses the parent.
     */
    const QdiscNode *filterOwner(TcHandle parent) const;
    const ClassNode *findClass(TcHandle classId) const;
    ClassNode *findClass(TcHandle classId);

    /**
     * Removes a qdisc or class and everything below it, like the kernel's delete. The
     * unspecified handle names nothing: remove a qdisc without a handle with removeQdiscAt().
     */
    void removeSubtree(TcHandle handle);
    /** Removes the qdisc hanging at @p parent ("root", "ingress" or a class) and its subtree. */
    void removeQdiscAt(TcHandle parent);

    /** Parent-first order for creating: qdiscs, then their classes, child qdiscs, filters. */
    QList<QdiscNode> qdiscsInCreationOrder() const;
    QList<ClassNode> classesInCreationOrder() const;
    /** The filters as listed, the tables other filters use (u32's divisor) first. */
    QList<Filter> filtersInCreationOrder() const;
    /** Whether a table other filters use is created first (FilterTableRole::Table). */
    static bool createdBeforeOtherFilters(const Filter &filter);

    /** Every node's parameters plus the structure: one root, parents that exist, unique ids. */
    ValidationIssues validate() const;

    /**
     * Equal when both configure the same kernel state: the order qdiscs and classes are listed
     * in does not matter, the order of filters sharing a parent and prio does (the kernel tries
     * them in insertion order).
     */
    friend bool operator==(const QdiscTree &a, const QdiscTree &b);

    /** Filter parents of clsact's hooks, what tc's "ingress" and "egress" words send. */
    static constexpr quint32 ClsactIngressHook = 0xFFFFFFF2u;
    static constexpr quint32 ClsactEgressHook = 0xFFFFFFF3u;

private:
    void removeNodes(QList<qsizetype> qdiscIndices, QList<TcHandle> classIds);
};

/** Device names the kernel accepts: 1…15 bytes, no '/', ':' or whitespace, not "." or "..". */
bool isValidDeviceName(QStringView name);
/** Namespace names as `ip netns` accepts them: a file name under /run/netns. */
bool isValidNetnsName(QStringView name);
/**
 * Whether @p target is written as a target: IF, NETNS/IF, or RUNTIME:CONTAINER/IF ("docker:r1/eth1")
 * with names the kernel and the runtimes could hold; its parts in @p netns and @p device. One rule
 * for every road: the CLI, the helper, profiles, scenarios, the window.
 */
bool isWellFormedTarget(QStringView target, QString *netns = nullptr, QString *device = nullptr);
/** The sentence for text that is not a target, saying how one is written. */
/** A namespace name, '/' and a device name: no target is longer (isWellFormedTarget()). */
inline constexpr qsizetype MaxTargetCharacters = 255 + 1 + 15;
QString notATarget(QStringView text);

} // namespace qs
