#pragma once

#include "model/qdisctree.h"

#include <QList>

#include <optional>

namespace qs {

/**
 * The tc rules behind the tree model's editing: which handles and class ids are free, where a
 * child qdisc can hang, what a new node starts with, and what a qdisc can no longer hold once
 * its kind or parameters change. Pure functions on a QdiscTree; the model adds the signals.
 */
class TreeEdits
{
public:
    /** The smallest major from 1: that no handle, class id, parent or flowid of @p tree uses. */
    static std::optional<TcHandle> freeQdiscHandle(const QdiscTree &tree);
    /** The smallest free class id MAJOR:10, MAJOR:20, … (hex minors, as tc writes them). */
    static std::optional<TcHandle> freeClassId(const QdiscTree &tree, quint16 major);
    /**
     * Where a new child qdisc of @p parent would hang: netem and tbf hold one inner qdisc at
     * MAJOR:1, prio one per band MAJOR:1…MAJOR:bands; nullopt when the kind holds none or the
     * slots are taken. A qdisc without a handle has no children, so its first slot is free.
     */
    static std::optional<quint16> freeChildMinor(const QdiscTree &tree, const QdiscNode &parent);
    /** Whether @p parent, a classless or prio qdisc, accepts an inner qdisc at MAJOR:@p minor. */
    static bool holdsChildAt(const QdiscNode &parent, quint16 minor);
    /** Whether @p parent is a leaf class that has no qdisc yet. */
    static bool isEmptyLeafClass(const QdiscTree &tree, TcHandle classId);

    /**
     * Gives the qdisc at @p position a handle when it has none (ffff: for ingress and clsact,
     * else freeQdiscHandle()): what hangs below a qdisc names it by its handle. False when no
     * handle is free.
     */
    static bool giveHandle(QdiscTree &tree, qsizetype position);

    /** What the Add menu creates of @p kind: values tc takes (tbf: rate, burst, latency). */
    static QdiscParams defaultParams(const QdiscKindOps &kind);
    static ClassParams defaultClassParams(const ClassKindOps &kind);
    /**
     * A u32 filter for @p owner (htb, prio, ingress or clsact): protocol ip, a free prio
     * (1 unless another protocol or classifier holds it), "match ip dport 80 0xffff", and the
     * first class (htb), band 1 (prio) or a plain mark (ingress, clsact) as flowid.
     */
    static Filter defaultFilter(const QdiscTree &tree, const QdiscNode &owner, const FilterKindOps &kind);

    /**
     * After the qdisc with @p handle got new parameters (@p before: what it had), removes what
     * it can no longer hold, with everything below: classes when it is no htb any more, inner
     * qdiscs outside its slots, filters it has no block for. Children it could not hold before
     * either stay when the kind is unchanged: a parameter edit removes only what it breaks.
     */
    static void dropChildrenItCannotHold(QdiscTree &tree, TcHandle handle,
                                         const QdiscParams &before);
};

} // namespace qs
