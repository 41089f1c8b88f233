#include "tcplan.h"

#include "netlinksocket.h"
#include "pschedclock.h"
#include "tccodec.h"

#include <QSet>

#include <memory>

#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <cstring>

namespace qs {

/* TRANSLATOR qs::TcOperation

   The steps of applying a tree, shown in plans and in error messages ("eth0: add qdisc 1: (netem)
   at root: …"). They follow tc's commands: the words qdisc, class, filter and prio, kinds such as
   (netem) and ids such as 1:10 or root stay as they are.
*/
QString TcOperation::describe() const
{
    //: A qdisc without a handle of its own: the kernel picks one. Stands for the handle in "add qdisc (auto) (sfq) at 1:10".
    const QString handle = qdisc.handle.isUnspec() ? tr("(auto)") : qdisc.handle.toString();
    const QString kind = qdisc.kindName();
    const QString parent = qdisc.parent.toString();
    switch (type) {
    case Type::DeleteFilter:
        //: %1 is a parent (1:, ffff:), %2 a prio (number).
        return tr("delete filters of %1 prio %2").arg(filter.parent.toString()).arg(filter.prio);
    case Type::DeleteClass:
        return tr("delete class %1").arg(classNode.classId.toString());
    case Type::DeleteQdisc:
        //: %1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).
        return tr("delete qdisc %1 (%2) at %3").arg(handle, kind, parent);
    case Type::AddQdisc:
        //: %1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).
        return tr("add qdisc %1 (%2) at %3").arg(handle, kind, parent);
    case Type::ReplaceQdisc:
        //: %1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).
        return tr("replace qdisc %1 (%2) at %3").arg(handle, kind, parent);
    case Type::ChangeQdisc:
        //: %1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).
        return tr("change qdisc %1 (%2) at %3").arg(handle, kind, parent);
    case Type::AddClass:
        //: %1 a class id (1:10), %2 its parent (1:, 1:1).
        return tr("add class %1 at %2").arg(classNode.classId.toString(), classNode.parent.toString());
    case Type::ChangeClass:
        return tr("change class %1").arg(classNode.classId.toString());
    case Type::AddFilter:
        //: %1 is a parent (1:, ffff:), %2 a prio (number).
        return tr("add filter at %1 prio %2").arg(filter.parent.toString()).arg(filter.prio);
    }
    return {};
}

bool TcOperation::sendsForeignOptions() const
{
    switch (type) {
    case Type::AddQdisc: case Type::ReplaceQdisc: case Type::ChangeQdisc:
        return qdisc.isForeign();
    case Type::AddClass: case Type::ChangeClass:
        return classNode.isForeign();
    case Type::AddFilter:
        return filter.isForeign();
    case Type::DeleteFilter: case Type::DeleteClass: case Type::DeleteQdisc:
        return false; // a deletion names the node, it sends no options
    }
    return false;
}

TcPlanner::TcPlanner(const PschedClock &clock) : m_clock(clock) {}

QList<TcOperation> TcPlanner::foreignSteps(const QList<TcOperation> &plan)
{
    QList<TcOperation> steps;
    for (const TcOperation &op : plan)
        if (op.sendsForeignOptions())
            steps.append(op);
    return steps;
}

bool TcPlanner::sameKernelState(const QdiscParams &running, const QdiscParams &wanted) const
{
    if (!running.sameKind(wanted))
        return false; // e.g. a netem read as foreign: always re-sent
    TcCodec::Context context;
    context.clock = &m_clock;
    return running.ops().change(running.data(), wanted.data(), context, nullptr) == ChangeRule::Same;
}

bool TcPlanner::sameKernelState(const ClassParams &running, const ClassParams &wanted) const
{
    if (!running.sameKind(wanted))
        return false;
    TcCodec::Context context;
    context.clock = &m_clock;
    return running.ops().change(running.data(), wanted.data(), context, nullptr) == ChangeRule::Same;
}

ChangeRule TcPlanner::qdiscChange(const QdiscNode &have, const QdiscNode &want, TcOperation *op) const
{
    TcCodec::Context context;
    context.clock = &m_clock;
    op->type = TcOperation::Type::ChangeQdisc;
    op->qdisc = want;
    if (want.handle.isUnspec())
        op->qdisc.handle = have.handle; // address the running one
    if (!have.params.sameKind(want.params)) // e.g. a netem read as foreign: always re-sent
        return want.ops().hasChangeOperation ? ChangeRule::InPlace : ChangeRule::Replace;
    std::shared_ptr<const void> sent;
    const ChangeRule rule = want.ops().change(have.params.data(), want.params.data(), context, &sent);
    op->qdisc.params = QdiscParams(want.ops(), std::move(sent));
    return rule;
}

bool TcPlanner::classRebuilt(const ClassNode &have, const ClassNode &want) const
{
    if (!have.params.sameKind(want.params))
        return false;
    TcCodec::Context context;
    context.clock = &m_clock;
    return want.params.ops().change(have.params.data(), want.params.data(), context, nullptr) == ChangeRule::Replace;
}

std::optional<TcOperation> TcPlanner::classChange(const ClassNode &have, const ClassNode &want) const
{
    if (sameKernelState(have.params, want.params))
        return std::nullopt;
    TcOperation op;
    op.type = TcOperation::Type::ChangeClass;
    op.classNode = want;
    return op;
}

bool TcPlanner::sameFilter(const Filter &running, const Filter &wanted)
{
    return running.parent == wanted.parent && (wanted.prio == 0 || running.prio == wanted.prio) &&
           running.protocol == wanted.protocol && (!wanted.handle || running.handle == wanted.handle) &&
           running.chain == wanted.chain && running.params.sameKind(wanted.params) && running.ops().sameInKernel(running, wanted) &&
           running.classId == wanted.classId && running.actions == wanted.actions && running.police == wanted.police;
}

bool TcPlanner::childGoesLeavingNoop(const QdiscTree &current, const QdiscTree &desired, const QdiscNode &have)
{
    if (!have.ops().deletedChildLeavesNoop)
        return false;
    for (const QdiscNode &child : current.qdiscs) {
        if (!child.parent.isRoot() && !child.parent.isIngressParent() && child.parent.qdiscPart() == have.handle &&
            !desired.qdiscAt(child.parent))
            return true;
    }
    return false;
}

QList<TcOperation> TcPlanner::plan(const QdiscTree &current, const QdiscTree &desired) const
{
    TcCodec::Context context;
    context.clock = &m_clock;
    QList<TcOperation> deletions;
    QList<TcOperation> creations;
    QSet<quint32> rebuilt; // qdisc handles (desired) created fresh: nothing below them survives
    // Indexed once: a slider on a 10 000-class tree must not scan every class for every class.
    QHash<quint32, const ClassNode *> currentClasses;
    for (const ClassNode &c : current.classes)
        currentClasses.insert(c.classId.raw(), &c);
    QSet<quint32> desiredClasses;
    for (const ClassNode &c : desired.classes)
        desiredClasses.insert(c.classId.raw());
    const QList<ClassNode> desiredClassOrder = desired.classesInCreationOrder();

    // Qdiscs, parents first: keep, change, replace or add each desired one.
    for (const QdiscNode &want : desired.qdiscsInCreationOrder()) {
        const QdiscNode *have = current.qdiscAt(want.parent);
        const bool parentRebuilt = !want.parent.isRoot() && !want.parent.isIngressParent() &&
                                   rebuilt.contains(want.parent.qdiscPart().raw());
        TcOperation op;
        op.qdisc = want;
        bool kept = false; // the kernel already holds it as wanted
        if (!have || parentRebuilt) {
            op.type = TcOperation::Type::AddQdisc;
            rebuilt.insert(want.handle.raw());
        } else if (have->kindName() == want.kindName() && (want.handle.isUnspec() || want.handle == have->handle)) {
            // The same kernel kind (a foreign reading of it included) changes in place.
            const ChangeRule rule = childGoesLeavingNoop(current, desired, *have) ? ChangeRule::Replace : qdiscChange(*have, want, &op);
            if (rule == ChangeRule::Same) {
                op.type = TcOperation::Type::ChangeQdisc;
                kept = true;
            } else if (rule == ChangeRule::InPlace) {
                op.type = TcOperation::Type::ChangeQdisc;
            } else {
                op.type = TcOperation::Type::ReplaceQdisc;
                rebuilt.insert(want.handle.raw());
            }
        } else {
            op.type = TcOperation::Type::ReplaceQdisc;
            rebuilt.insert(want.handle.raw());
            if (want.atIngressHook() || have->atIngressHook()) {
                // ingress and clsact cannot be grafted over each other: delete, then add.
                TcOperation removal;
                removal.type = TcOperation::Type::DeleteQdisc;
                removal.qdisc = *have;
                deletions.append(removal);
                op.type = TcOperation::Type::AddQdisc;
            }
        }
        if (!kept)
            creations.append(op);
        if (op.type == TcOperation::Type::ReplaceQdisc && have && have->handle == want.handle && !want.handle.isUnspec()) {
            // A replace with the same handle would be a change to the kernel: delete first.
            TcOperation removal;
            removal.type = TcOperation::Type::DeleteQdisc;
            removal.qdisc = *have;
            deletions.append(removal);
            creations.last().type = TcOperation::Type::AddQdisc;
        }
        // The classes of this qdisc, parents first, right after it.
        if (want.children() != QdiscChildren::Classes)
            continue;
        for (const ClassNode &wantClass : desiredClassOrder) {
            if (wantClass.classId.major() != want.handle.major())
                continue;
            TcOperation classOp;
            classOp.classNode = wantClass;
            const ClassNode *haveClass = rebuilt.contains(want.handle.raw()) ? nullptr : currentClasses.value(wantClass.classId.raw());
            if (!haveClass) {
                classOp.type = TcOperation::Type::AddClass;
            } else if (haveClass->parent != wantClass.parent || classRebuilt(*haveClass, wantClass)) {
                TcOperation removal;
                removal.type = TcOperation::Type::DeleteClass;
                removal.classNode = *haveClass;
                deletions.append(removal);
                classOp.type = TcOperation::Type::AddClass;
            } else if (const auto change = classChange(*haveClass, wantClass)) {
                classOp = *change;
            } else {
                continue;
            }
            creations.append(classOp);
        }
    }

    // Whatever runs and is not wanted, and survives the replacements above, goes.
    const auto survives = [&](TcHandle parent) {
        return parent.isRoot() || parent.isIngressParent() || !rebuilt.contains(parent.qdiscPart().raw());
    };
    QList<TcOperation> qdiscDeletions;
    for (const QdiscNode &have : current.qdiscs) {
        if (desired.qdiscAt(have.parent) || !survives(have.parent))
            continue;
        // Only the topmost doomed qdisc needs a request: the kernel takes its subtree with it.
        const QdiscNode *owner = have.parent.isRoot() || have.parent.isIngressParent() ? nullptr : current.qdisc(have.parent.qdiscPart());
        const bool ownerGoes = owner && !desired.qdiscAt(owner->parent);
        if (ownerGoes)
            continue;
        TcOperation op;
        op.type = TcOperation::Type::DeleteQdisc;
        op.qdisc = have;
        qdiscDeletions.append(op);
    }
    // Classes that go, leaves first (htb refuses to delete a class with children or filters).
    QList<TcOperation> classDeletions;
    QList<ClassNode> doomedClasses;
    for (const ClassNode &have : current.classes) {
        const QdiscNode *owner = current.qdisc(have.classId.qdiscPart());
        const QdiscNode *wantOwner = desired.qdisc(have.classId.qdiscPart());
        const bool ownerKept = owner && wantOwner && !rebuilt.contains(wantOwner->handle.raw()) &&
                               desired.qdiscAt(owner->parent) == wantOwner;
        if (ownerKept && !desiredClasses.contains(have.classId.raw()))
            doomedClasses.append(have);
    }
    for (qsizetype i = doomedClasses.size() - 1; i >= 0; --i) {
        TcOperation op;
        op.type = TcOperation::Type::DeleteClass;
        op.classNode = doomedClasses[i];
        classDeletions.append(op);
    }
    std::stable_sort(classDeletions.begin(), classDeletions.end(), [&](const TcOperation &a, const TcOperation &b) {
        // children (whose parent is another doomed class) first
        const auto depth = [&](const ClassNode &c) {
            int d = 0;
            for (TcHandle p = c.parent; p.minor() != 0; ++d) {
                const ClassNode *parent = currentClasses.value(p.raw());
                if (!parent)
                    break;
                p = parent->parent;
            }
            return d;
        };
        return depth(a.classNode) > depth(b.classNode);
    });

    // Filters, per (parent, prio) group: untouched when equal, else the group is rebuilt.
    QList<TcOperation> filterDeletions;
    QList<TcOperation> filterCreations;
    const auto ownerSurvives = [&](const QdiscTree &tree, TcHandle parent) {
        const QdiscNode *owner = tree.filterOwner(parent);
        return owner && !rebuilt.contains(owner->handle.raw());
    };
    // Foreign filters are never created or deleted here (only with their qdisc): their groups are
    // left as they are.
    QSet<QPair<quint32, quint16>> groups;
    QSet<QPair<quint32, quint16>> foreignGroups;
    for (const QdiscTree *tree : {&current, &desired}) {
        for (const Filter &f : tree->filters) {
            groups.insert({f.parent.raw(), f.prio});
            if (f.isForeign())
                foreignGroups.insert({f.parent.raw(), f.prio});
        }
    }
    QList<QPair<quint32, quint16>> ordered(groups.begin(), groups.end());
    std::sort(ordered.begin(), ordered.end());
    // Where a filter is or uses a table of its block (u32's hash tables), the kernel ties the
    // block's prios together: a change to one rebuilds them all, tables made first.
    QSet<quint32> tiedParents;
    for (const QdiscTree *tree : {&current, &desired}) {
        for (const Filter &f : tree->filters) {
            if (f.ops().tableRole(f) != FilterTableRole::None)
                tiedParents.insert(f.parent.raw());
        }
    }
    // Each tree's filters by (parent, prio), in their order: one pass, not one per group (a big
    // tree has thousands of prios).
    using FilterGroups = QHash<QPair<quint32, quint16>, QList<Filter>>;
    const auto groupsOf = [](const QdiscTree &tree) {
        FilterGroups found;
        for (const Filter &f : tree.filters)
            found[{f.parent.raw(), f.prio}].append(f);
        return found;
    };
    const FilterGroups currentGroups = groupsOf(current);
    const FilterGroups desiredGroups = groupsOf(desired);
    const auto filtersOf = [](const FilterGroups &groups, quint32 parent, quint16 prio) { return groups.value({parent, prio}); };
    const auto groupUnchanged = [&](quint32 parent, quint16 prio) {
        const QList<Filter> have = filtersOf(currentGroups, parent, prio);
        const QList<Filter> want = filtersOf(desiredGroups, parent, prio);
        return have.size() == want.size() && ownerSurvives(current, TcHandle(parent)) &&
               std::equal(have.begin(), have.end(), want.begin(), &TcPlanner::sameFilter);
    };
    // Each group with a prio is compared once; a changed one marks its parent when tables tie it.
    QSet<QPair<quint32, quint16>> changedGroups;
    QSet<quint32> changedTiedParents;
    for (const auto &[parent, prio] : ordered) {
        if (prio == 0 || foreignGroups.contains({parent, prio}) || groupUnchanged(parent, prio))
            continue;
        changedGroups.insert({parent, prio});
        if (tiedParents.contains(parent))
            changedTiedParents.insert(parent);
    }
    for (const auto &[parent, prio] : ordered) {
        if (foreignGroups.contains({parent, prio}))
            continue;
        QList<Filter> have = filtersOf(currentGroups, parent, prio);
        const QList<Filter> want = filtersOf(desiredGroups, parent, prio);
        // A wanted filter without a prio (the kernel picks one) matches a running one anywhere.
        if (prio == 0) {
            for (const Filter &w : std::as_const(want)) {
                const bool running = std::any_of(current.filters.begin(), current.filters.end(),
                                                 [&](const Filter &r) { return sameFilter(r, w); });
                if (!running || !ownerSurvives(current, w.parent)) {
                    TcOperation op;
                    op.type = TcOperation::Type::AddFilter;
                    op.filter = w;
                    filterCreations.append(op);
                }
            }
            continue;
        }
        if (!changedTiedParents.contains(parent) && !changedGroups.contains({parent, prio}))
            continue;
        // Filters matched by a prio-less wanted filter above stay.
        have.removeIf([&](const Filter &r) {
            return std::any_of(desired.filters.begin(), desired.filters.end(),
                               [&](const Filter &w) { return w.prio == 0 && sameFilter(r, w); });
        });
        if (!have.isEmpty() && ownerSurvives(current, TcHandle(parent))) {
            TcOperation op;
            op.type = TcOperation::Type::DeleteFilter;
            op.filter = have.first();
            op.filter.handle.reset(); // the whole prio
            filterDeletions.append(op);
        }
        for (const Filter &w : std::as_const(want)) {
            TcOperation op;
            op.type = TcOperation::Type::AddFilter;
            op.filter = w;
            filterCreations.append(op);
        }
    }
    std::stable_partition(filterCreations.begin(), filterCreations.end(),
                          [](const TcOperation &op) { return QdiscTree::createdBeforeOtherFilters(op.filter); });

    return filterDeletions + classDeletions + qdiscDeletions + deletions + creations + filterCreations;
}

} // namespace qs
