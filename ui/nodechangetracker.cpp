#include "nodechangetracker.h"

namespace qs {

namespace {

/** The one position where @p before and @p after differ; -1 when none, -2 when more than one. */
template <typename Node>
qsizetype soleDifference(const QList<Node> &before, const QList<Node> &after)
{
    if (before.size() != after.size())
        return -2;
    if (before.constData() == after.constData()) // shared: nothing changed (QList compares elements otherwise)
        return -1;
    qsizetype found = -1;
    for (qsizetype i = 0; i < before.size(); ++i) {
        if (before[i] == after[i])
            continue;
        if (found >= 0)
            return -2;
        found = i;
    }
    return found;
}

} // namespace

std::optional<NodeChangeTracker::Step> NodeChangeTracker::stepTo(const QString &target, const QdiscTree &tree) const
{
    const auto applied = m_applied.constFind(target);
    if (applied == m_applied.cend() || applied->tree.isIfb != tree.isIfb || soleDifference(applied->tree.filters, tree.filters) != -1)
        return std::nullopt;
    const qsizetype qdisc = soleDifference(applied->tree.qdiscs, tree.qdiscs);
    const qsizetype klass = soleDifference(applied->tree.classes, tree.classes);
    Step step;
    step.basis = applied->fingerprint;
    if (qdisc >= 0 && klass == -1) {
        const QdiscNode &before = applied->tree.qdiscs[qdisc];
        const QdiscNode &after = tree.qdiscs[qdisc];
        if (before.parent != after.parent || before.handle != after.handle || before.kindName() != after.kindName())
            return std::nullopt;
        step.node.qdiscs.append(after);
    } else if (klass >= 0 && qdisc == -1) {
        const ClassNode &before = applied->tree.classes[klass];
        const ClassNode &after = tree.classes[klass];
        if (before.classId != after.classId || before.parent != after.parent || !before.params.sameKind(after.params))
            return std::nullopt;
        step.node.classes.append(after);
    } else {
        return std::nullopt;
    }
    return step;
}

void NodeChangeTracker::appliedWhole(const QString &target, const QdiscTree &tree)
{
    if (tree.qdiscs.size() + tree.classes.size() + tree.filters.size() < MinNodes) {
        m_applied.remove(target);
        return;
    }
    m_applied.insert(target, Applied{tree, TreeFingerprint::of(tree)});
}

void NodeChangeTracker::appliedStep(const QString &target, const QdiscTree &tree, const Step &step,
                                    const std::optional<TreeFingerprint> &fingerprint)
{
    const auto applied = m_applied.find(target);
    if (applied == m_applied.end())
        return;
    if (fingerprint) {
        applied->fingerprint = *fingerprint;
    } else if (!step.node.classes.isEmpty()) {
        const ClassNode &changed = step.node.classes.first();
        for (const ClassNode &c : std::as_const(applied->tree.classes))
            if (c.classId == changed.classId) {
                applied->fingerprint.replace(c, changed);
                break;
            }
    } else {
        const QdiscNode &changed = step.node.qdiscs.first();
        for (const QdiscNode &q : std::as_const(applied->tree.qdiscs))
            if (q.parent == changed.parent) {
                applied->fingerprint.replace(q, changed);
                break;
            }
    }
    applied->tree = tree;
}

} // namespace qs
