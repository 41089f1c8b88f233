#pragma once

#include "model/qdisctree.h"
#include "model/treefingerprint.h"

#include <QHash>
#include <QString>

#include <optional>

namespace qs {

/**
 * What a backend last applied to each target, so that a slider step on one node of a big tree
 * goes as a change of that node (ChangeNode, TcEngine::changeNode()) instead of the whole tree.
 * The fingerprint is computed once per whole apply and updated per node after that: a step
 * costs the comparison that finds the changed node, not a hash of the tree.
 */
class NodeChangeTracker
{
public:
    /** Trees with fewer nodes than this go whole: sending them costs no more than one node. */
    static constexpr qsizetype MinNodes = 256;

    /** A change of one node of the tree last applied: the node alone, and the fingerprint it was made on. */
    struct Step
    {
        QdiscTree node; ///< one class or one qdisc, no target
        TreeFingerprint basis;
    };

    /**
     * The step that turns the tree last applied to @p target into @p tree, when they differ in
     * exactly one class or one qdisc kept in place (same list position, id, parent and kind) and
     * the tree is big; nullopt otherwise (send the whole tree).
     */
    std::optional<Step> stepTo(const QString &target, const QdiscTree &tree) const;
    /** @p tree went to @p target whole (its fingerprint computed now), or is forgotten when small. */
    void appliedWhole(const QString &target, const QdiscTree &tree);
    /** @p step went through: @p tree is what the target holds now, @p fingerprint the one the helper reported (if any). */
    void appliedStep(const QString &target, const QdiscTree &tree, const Step &step, const std::optional<TreeFingerprint> &fingerprint);
    /** Nothing is known of @p target: its next change goes whole. */
    void forget(const QString &target) { m_applied.remove(target); }

private:
    struct Applied
    {
        QdiscTree tree;
        TreeFingerprint fingerprint;
    };
    QHash<QString, Applied> m_applied;
};

} // namespace qs
