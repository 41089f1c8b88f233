#pragma once

#include "qdisctree.h"

#include <QString>

#include <optional>

namespace qs {

/**
 * A short digest of a tree's qdiscs, classes and filters: the same whatever order they are
 * listed in, and updated for a change of one node without looking at the others. A client and
 * the helper compare it to know they mean the same tree before a change addressed to one node
 * (ChangeNode): computing it once is linear, each change after that costs one node.
 *
 * It is the node count and the sum (modulo 2^64) of one hash per node, the first 8 bytes of the
 * SHA-1 of the node's JSON form (TreeJson) — a sum, not an exclusive or, so that two equal
 * nodes do not cancel. The target (netns, device) is not part of it.
 */
class TreeFingerprint
{
public:
    TreeFingerprint() = default;
    static TreeFingerprint of(const QdiscTree &tree);

    /** The tree after @p before was replaced by @p after (either may be a qdisc or a class). */
    void replace(const QdiscNode &before, const QdiscNode &after);
    void replace(const ClassNode &before, const ClassNode &after);

    /** "<16 hex digits>-<node count>", as it travels on D-Bus. */
    QString toString() const;
    static std::optional<TreeFingerprint> fromString(QStringView text);

    friend bool operator==(const TreeFingerprint &, const TreeFingerprint &) = default;

private:
    static quint64 hashOf(const QdiscNode &node);
    static quint64 hashOf(const ClassNode &node);
    static quint64 hashOf(const Filter &filter);

    quint64 m_sum = 0;
    quint64 m_nodes = 0;
};

} // namespace qs
