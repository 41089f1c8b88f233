#include "treeedits.h"

#include "kinds/clsact/clsactparams.h"
#include "kinds/ingress/ingressparams.h"

#include <QSet>

#include <algorithm>

namespace qs {

namespace {

// Root, the ingress hook and "none" look like majors but belong to no qdisc.
bool namesAQdiscMajor(TcHandle h)
{
    return !h.isUnspec() && !h.isRoot() && !h.isIngressParent();
}

QSet<quint16> usedMajors(const QdiscTree &tree)
{
    // Every major the tree mentions, not only those of existing qdiscs: a new qdisc taking the
    // major of a dangling reference would silently adopt what points at it.
    QSet<quint16> majors;
    const auto use = [&](TcHandle h) {
        if (namesAQdiscMajor(h))
            majors.insert(h.major());
    };
    for (const QdiscNode &q : tree.qdiscs) {
        use(q.handle);
        use(q.parent);
    }
    for (const ClassNode &c : tree.classes) {
        use(c.classId);
        use(c.parent);
    }
    for (const Filter &f : tree.filters) {
        use(f.parent);
        use(f.classId);
    }
    return majors;
}

QSet<quint16> usedMinors(const QdiscTree &tree, quint16 major)
{
    // A class id something already hangs at would adopt it: a leaf qdisc or a class-block filter.
    QSet<quint16> minors;
    const auto use = [&](TcHandle h) {
        if (namesAQdiscMajor(h) && h.major() == major)
            minors.insert(h.minor());
    };
    for (const ClassNode &c : tree.classes) {
        use(c.classId);
        use(c.parent);
    }
    for (const QdiscNode &q : tree.qdiscs)
        use(q.parent);
    for (const Filter &f : tree.filters)
        use(f.parent);
    return minors;
}

bool isLeafClass(const QdiscTree &tree, TcHandle classId)
{
    return std::none_of(tree.classes.begin(), tree.classes.end(),
                        [&](const ClassNode &c) { return c.parent == classId; });
}

// The kernel keeps one protocol and one classifier kind per prio of a filter block.
quint16 freePrio(const QdiscTree &tree, const QdiscNode &owner, TcHandle parent, quint16 protocol, const FilterKindOps &kind)
{
    const auto sameBlock = [&](TcHandle other) {
        if (other == parent)
            return true;
        // Every parent an ingress qdisc resolves is its one block (ingress_find()).
        const QdiscNode *o = tree.filterOwner(other);
        return owner.is<IngressParams>() && o && o->handle == owner.handle;
    };
    for (quint16 prio = 1; prio < 0xFFFF; ++prio) {
        const bool taken = std::any_of(tree.filters.begin(), tree.filters.end(), [&](const Filter &f) {
            return f.prio == prio && (f.protocol != protocol || &f.ops() != &kind) && sameBlock(f.parent);
        });
        if (!taken)
            return prio;
    }
    return 0; // let the kernel pick
}

TcHandle defaultFlowId(const QdiscTree &tree, const QdiscNode &owner)
{
    const quint16 major = owner.handle.major();
    switch (owner.children()) {
    case QdiscChildren::Classes: {
        // An inner class only passes traffic on to its own filters: point at a leaf.
        const ClassNode *first = nullptr;
        for (const ClassNode &c : tree.classes) {
            if (c.classId.major() != major)
                continue;
            if (isLeafClass(tree, c.classId))
                return c.classId;
            if (!first)
                first = &c;
        }
        return first ? first->classId : TcHandle::make(major, 1);
    }
    case QdiscChildren::Bands:
    case QdiscChildren::Queues:
        return TcHandle::make(major, 1); // band 1, the highest priority
    default:
        // ingress and clsact have no classes; the id is only a mark the user can replace by an
        // action.
        return TcHandle::make(TcHandle::ingressHandle().major(), 1);
    }
}

bool holdsFilter(const QdiscTree &tree, TcHandle handle, TcHandle parent)
{
    const QdiscNode *owner = tree.filterOwner(parent);
    return owner && owner->handle == handle && owner->ops().filterBlock;
}

} // namespace

std::optional<TcHandle> TreeEdits::freeQdiscHandle(const QdiscTree &tree)
{
    const QSet<quint16> used = usedMajors(tree);
    // ffff: is the ingress handle.
    for (quint16 major = 1; major < TcHandle::ingressHandle().major(); ++major) {
        if (!used.contains(major))
            return TcHandle::make(major, 0);
    }
    return std::nullopt;
}

std::optional<TcHandle> TreeEdits::freeClassId(const QdiscTree &tree, quint16 major)
{
    const QSet<quint16> used = usedMinors(tree, major);
    for (quint32 minor = 0x10; minor <= 0xFFF0; minor += 0x10) {
        if (!used.contains(quint16(minor)))
            return TcHandle::make(major, quint16(minor));
    }
    return std::nullopt;
}

bool TreeEdits::holdsChildAt(const QdiscNode &parent, quint16 minor)
{
    const int slots = parent.ops().childSlots(parent.params.data());
    switch (parent.children()) {
    case QdiscChildren::One:
        return minor == 1; // netem_find() / tbf_find(): one class, reported as MAJOR:1
    case QdiscChildren::Bands:
        return minor >= 1 && minor <= slots; // prio_find(): bands 1…N
    case QdiscChildren::Queues:
        return minor >= 1; // the device decides how many
    case QdiscChildren::Classes:
    case QdiscChildren::None:
        break;
    }
    return false;
}

std::optional<quint16> TreeEdits::freeChildMinor(const QdiscTree &tree, const QdiscNode &parent)
{
    const int childSlots = parent.ops().childSlots(parent.params.data());
    const int slots = childSlots < 0 ? 0xFFFF : std::max(childSlots, 1);
    for (int minor = 1; minor <= slots; ++minor) {
        if (!holdsChildAt(parent, quint16(minor)))
            return std::nullopt;
        if (parent.handle.isUnspec() ||
            !tree.qdiscAt(TcHandle::make(parent.handle.major(), quint16(minor))))
            return quint16(minor);
    }
    return std::nullopt;
}

bool TreeEdits::isEmptyLeafClass(const QdiscTree &tree, TcHandle classId)
{
    return tree.findClass(classId) && isLeafClass(tree, classId) && !tree.qdiscAt(classId);
}

bool TreeEdits::giveHandle(QdiscTree &tree, qsizetype position)
{
    QdiscNode &q = tree.qdiscs[position];
    if (!q.handle.isUnspec())
        return true;
    if (q.atIngressHook()) {
        q.handle = TcHandle::ingressHandle();
        return true;
    }
    const std::optional<TcHandle> handle = freeQdiscHandle(tree);
    if (handle)
        q.handle = *handle;
    return handle.has_value();
}

QdiscParams TreeEdits::defaultParams(const QdiscKindOps &kind)
{
    return QdiscParams(kind, kind.makeNew());
}

ClassParams TreeEdits::defaultClassParams(const ClassKindOps &kind)
{
    return ClassParams(kind, kind.makeNew());
}

Filter TreeEdits::defaultFilter(const QdiscTree &tree, const QdiscNode &owner, const FilterKindOps &kind)
{
    Filter filter;
    filter.parent = owner.is<ClsactParams>() ? TcHandle(QdiscTree::ClsactIngressHook) : owner.handle;
    filter.protocol = EtherType::Ip;
    filter.prio = freePrio(tree, owner, filter.parent, filter.protocol, kind);
    filter.params = FilterParams(kind, kind.makeNew());
    filter.classId = defaultFlowId(tree, owner);
    return filter;
}

void TreeEdits::dropChildrenItCannotHold(QdiscTree &tree, TcHandle handle,
                                         const QdiscParams &before)
{
    const QdiscNode *node = tree.qdisc(handle);
    if (!node)
        return; // nothing can name a qdisc without a handle, so it has no children
    const QdiscNode after = *node;
    QdiscNode old = after;
    old.params = before;
    const bool kindChanged = !old.params.sameKind(after.params);
    const auto breaks = [&](bool heldBefore, bool heldAfter) {
        return !heldAfter && (kindChanged || heldBefore);
    };

    if (kindChanged) {
        // Classes of one kind do not carry over to another (htb's to hfsc's): they go.
        QList<TcHandle> classIds;
        for (const ClassNode &c : std::as_const(tree.classes)) {
            if (c.classId.major() == handle.major())
                classIds.append(c.classId);
        }
        for (TcHandle id : std::as_const(classIds))
            tree.removeSubtree(id); // a no-op for a class already gone with its parent
    }

    QList<TcHandle> slots;
    for (const QdiscNode &q : std::as_const(tree.qdiscs)) {
        const TcHandle at = q.parent;
        if (q.handle == handle || !namesAQdiscMajor(at) || at.major() != handle.major() ||
            at.minor() == 0 || tree.findClass(at))
            continue;
        if (breaks(holdsChildAt(old, at.minor()), holdsChildAt(after, at.minor())))
            slots.append(at);
    }
    for (TcHandle at : std::as_const(slots)) {
        while (const QdiscNode *inner = tree.qdiscAt(at)) {
            if (inner->handle == handle)
                break;
            tree.removeQdiscAt(at);
        }
    }

    // Through operator[]: QdiscTree::qdisc() hands out a pointer into the list without detaching
    // it, so writing through it would change the tree this one was copied from as well.
    QdiscTree oldTree = tree;
    const qsizetype position = std::as_const(oldTree).qdisc(handle) - oldTree.qdiscs.constData();
    oldTree.qdiscs[position].params = before;
    const auto dropsFilter = [&](TcHandle parent) {
        return !parent.isUnspec() && !parent.isRoot() && parent.major() == handle.major() &&
               breaks(holdsFilter(oldTree, handle, parent), holdsFilter(tree, handle, parent));
    };
    tree.filters.removeIf([&](const Filter &f) { return dropsFilter(f.parent); });
}

} // namespace qs
