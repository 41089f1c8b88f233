#include "qdisctree.h"

#include "containers/containerruntime.h"

#include <QCoreApplication>
#include "qdisctreeindex.h"

#include "kinds/clsact/clsactparams.h"
#include "kinds/ingress/ingressparams.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <numeric>
#include <vector>

namespace qs {

namespace {

template <typename T, typename Key>
QList<T> sortedBy(QList<T> list, Key key)
{
    std::stable_sort(list.begin(), list.end(), [&](const T &x, const T &y) { return key(x) < key(y); });
    return list;
}

} // namespace

bool operator==(const QdiscTree &a, const QdiscTree &b)
{
    if (a.netns != b.netns || a.device != b.device || a.isIfb != b.isIfb || a.qdiscs.size() != b.qdiscs.size() ||
        a.classes.size() != b.classes.size() || a.filters.size() != b.filters.size())
        return false;
    const auto qdiscKey = [](const QdiscNode &q) { return std::pair(q.parent.raw(), q.handle.raw()); };
    const auto classKey = [](const ClassNode &c) { return c.classId.raw(); };
    const auto filterKey = [](const Filter &f) { return std::pair(f.parent.raw(), f.prio); };
    return sortedBy(a.qdiscs, qdiscKey) == sortedBy(b.qdiscs, qdiscKey) &&
           sortedBy(a.classes, classKey) == sortedBy(b.classes, classKey) &&
           sortedBy(a.filters, filterKey) == sortedBy(b.filters, filterKey);
}

QString QdiscTree::target() const
{
    return netns.isEmpty() ? device : netns + u'/' + device;
}

bool QdiscTree::splitTarget(QStringView target, QString *netnsOut, QString *deviceOut)
{
    const qsizetype slash = target.indexOf(u'/');
    if (slash < 0) {
        *netnsOut = QString();
        *deviceOut = target.toString();
        return !target.isEmpty();
    }
    if (target.indexOf(u'/', slash + 1) >= 0 || slash == 0 || slash == target.size() - 1)
        return false;
    *netnsOut = target.left(slash).toString();
    *deviceOut = target.mid(slash + 1).toString();
    return true;
}

const QdiscNode *QdiscTree::rootQdisc() const
{
    return qdiscAt(TcHandle::root());
}

const QdiscNode *QdiscTree::ingressQdisc() const
{
    return qdiscAt(TcHandle::ingressParent());
}

const QdiscNode *QdiscTree::qdisc(TcHandle handle) const
{
    // Handle 0 means "the kernel picks one": it names no qdisc, however many were added without one.
    if (handle.isUnspec())
        return nullptr;
    for (const QdiscNode &node : qdiscs) {
        if (node.handle == handle)
            return &node;
    }
    return nullptr;
}

QdiscNode *QdiscTree::qdisc(TcHandle handle)
{
    // Found in the shared list, then taken from the detached one: writing through the pointer
    // must change this tree only, never a copy that shares the list.
    const QdiscNode *found = std::as_const(*this).qdisc(handle);
    if (!found)
        return nullptr;
    const qsizetype index = found - std::as_const(qdiscs).data();
    return qdiscs.data() + index;
}

const QdiscNode *QdiscTree::qdiscAt(TcHandle parent) const
{
    for (const QdiscNode &node : qdiscs) {
        if (node.parent == parent)
            return &node;
    }
    return nullptr;
}

const QdiscNode *QdiscTree::filterOwner(TcHandle parent) const
{
    return detail::resolveFilterOwner(
        parent, [this](TcHandle h) { return qdisc(h); }, [this](TcHandle id) { return findClass(id) != nullptr; },
        [this] { return ingressQdisc(); });
}

const ClassNode *QdiscTree::findClass(TcHandle classId) const
{
    for (const ClassNode &node : classes) {
        if (node.classId == classId)
            return &node;
    }
    return nullptr;
}

ClassNode *QdiscTree::findClass(TcHandle classId)
{
    const ClassNode *found = std::as_const(*this).findClass(classId);
    if (!found)
        return nullptr;
    const qsizetype index = found - std::as_const(classes).data();
    return classes.data() + index;
}

void QdiscTree::removeSubtree(TcHandle handle)
{
    if (handle.isUnspec())
        return; // names nothing: a qdisc without a handle goes through removeQdiscAt()
    if (handle.minor() == 0 && !handle.isRoot() && !handle.isIngressParent()) {
        for (qsizetype i = 0; i < qdiscs.size(); ++i) {
            if (qdiscs[i].handle == handle) {
                removeNodes({i}, {});
                return;
            }
        }
        return;
    }
    if (findClass(handle))
        removeNodes({}, {handle});
}

void QdiscTree::removeQdiscAt(TcHandle parent)
{
    for (qsizetype i = 0; i < qdiscs.size(); ++i) {
        if (qdiscs[i].parent == parent) {
            removeNodes({i}, {});
            return;
        }
    }
}

void QdiscTree::removeNodes(QList<qsizetype> pendingQdiscs, QList<TcHandle> pendingClasses)
{
    // Collect the doomed nodes first, then erase: a qdisc takes its classes (same major), its
    // filters and the qdiscs below those classes with it; a class its child classes, the qdisc
    // at it and the filters attached to it. Qdiscs are tracked by position, not by handle: one
    // without a handle owns nothing, but it still has to go when what it hangs at goes.
    QSet<qsizetype> doomedQdiscs;
    QSet<quint32> doomedQdiscMajors;
    QSet<quint32> doomedClasses;
    while (!pendingQdiscs.isEmpty() || !pendingClasses.isEmpty()) {
        if (!pendingQdiscs.isEmpty()) {
            const qsizetype index = pendingQdiscs.takeLast();
            if (doomedQdiscs.contains(index))
                continue;
            doomedQdiscs.insert(index);
            const TcHandle handle = std::as_const(qdiscs)[index].handle;
            if (handle.isUnspec())
                continue;
            doomedQdiscMajors.insert(handle.major());
            for (const ClassNode &c : std::as_const(classes)) {
                if (c.classId.major() == handle.major())
                    pendingClasses.append(c.classId);
            }
            // Inner qdiscs of classless kinds (netem, tbf) and prio bands hang from "major:minor" too.
            for (qsizetype i = 0; i < qdiscs.size(); ++i) {
                const TcHandle parent = std::as_const(qdiscs)[i].parent;
                if (parent.major() == handle.major() && parent.minor() != 0 && !parent.isRoot() && !parent.isIngressParent())
                    pendingQdiscs.append(i);
            }
            continue;
        }
        const TcHandle current = pendingClasses.takeLast();
        if (doomedClasses.contains(current.raw()))
            continue;
        doomedClasses.insert(current.raw());
        for (const ClassNode &c : std::as_const(classes)) {
            if (c.parent == current)
                pendingClasses.append(c.classId);
        }
        for (qsizetype i = 0; i < qdiscs.size(); ++i) {
            if (std::as_const(qdiscs)[i].parent == current)
                pendingQdiscs.append(i);
        }
    }
    const auto filterDoomed = [&](TcHandle parent) {
        if (doomedClasses.contains(parent.raw()))
            return true;
        const QdiscNode *owner = filterOwner(parent);
        if (owner)
            return doomedQdiscs.contains(owner - qdiscs.constData());
        // An owner this model cannot resolve (a foreign classful qdisc's class): go by the major.
        return !parent.isRoot() && doomedQdiscMajors.contains(parent.major());
    };
    filters.removeIf([&](const Filter &f) { return filterDoomed(f.parent); });
    QList<QdiscNode> keptQdiscs;
    for (qsizetype i = 0; i < qdiscs.size(); ++i) {
        if (!doomedQdiscs.contains(i))
            keptQdiscs.append(qdiscs[i]);
    }
    qdiscs = keptQdiscs;
    classes.removeIf([&](const ClassNode &c) { return doomedClasses.contains(c.classId.raw()); });
}

namespace {

/**
 * @p nodes in passes: each pass takes, in list order, every node that isReady() now, then
 * markPlaced() it. Linear per pass (a tree is as many passes as it is deep); nodes never ready
 * (an unreachable parent) keep their order at the end, where validate() reports them.
 */
template<typename Node, typename Ready, typename Place>
QList<Node> inPasses(const QList<Node> &nodes, Ready isReady, Place markPlaced)
{
    QList<Node> ordered;
    ordered.reserve(nodes.size());
    std::vector<qsizetype> remaining(size_t(nodes.size()));
    std::iota(remaining.begin(), remaining.end(), 0);
    std::vector<qsizetype> next;
    bool progress = true;
    while (!remaining.empty() && progress) {
        progress = false;
        next.clear();
        for (qsizetype i : remaining) {
            if (isReady(nodes[i])) {
                markPlaced(nodes[i]);
                ordered.append(nodes[i]);
                progress = true;
            } else {
                next.push_back(i);
            }
        }
        remaining.swap(next);
    }
    for (qsizetype i : remaining)
        ordered.append(nodes[i]);
    return ordered;
}

} // namespace

QList<QdiscNode> QdiscTree::qdiscsInCreationOrder() const
{
    // A qdisc can be created once what it hangs from exists: root/ingress, or its parent's
    // qdisc. Classes are created right after their qdisc, so "parent qdisc exists" suffices.
    QSet<quint32> placed;
    return inPasses(
        qdiscs,
        [&](const QdiscNode &q) {
            return q.parent.isRoot() || q.parent.isIngressParent() || placed.contains(q.parent.qdiscPart().raw());
        },
        [&](const QdiscNode &q) {
            if (!q.handle.isUnspec()) // nothing can name a qdisc without a handle
                placed.insert(q.handle.raw());
        });
}

bool QdiscTree::createdBeforeOtherFilters(const Filter &filter)
{
    return filter.ops().tableRole(filter) == FilterTableRole::Table;
}

QList<Filter> QdiscTree::filtersInCreationOrder() const
{
    QList<Filter> ordered = filters;
    std::stable_partition(ordered.begin(), ordered.end(), &QdiscTree::createdBeforeOtherFilters);
    return ordered;
}

QList<ClassNode> QdiscTree::classesInCreationOrder() const
{
    QSet<quint32> placed;
    return inPasses(
        classes, [&](const ClassNode &c) { return c.parent.minor() == 0 || placed.contains(c.parent.raw()); },
        [&](const ClassNode &c) { placed.insert(c.classId.raw()); });
}

/* TRANSLATOR qs::QdiscTree

   Findings about a whole tree of qdiscs, classes and filters. Handles (1:, 1:10, ffff:), kinds (htb,
   prio, netem, tbf, ingress, clsact, u32) and the tc words qdisc, class, filter, prio, flowid, classid,
   r2q and quantum stay as they are.
*/
ValidationIssues QdiscTree::validate() const
{
    ValidationIssues issues;
    //: Where a finding is when the tree has no device yet: "tree: qdisc 1: (netem).delay: …".
    const QString where = device.isEmpty() ? tr("tree") : target();
    const auto error = [&](const QString &field, const QString &message) {
        issues.append(ValidationIssue::error(where + u": " + field, message));
    };
    const auto warning = [&](const QString &field, const QString &message) {
        issues.append(ValidationIssue::warning(where + u": " + field, message));
    };

    if (!device.isEmpty() && !isValidDeviceName(device))
        error(QStringLiteral("device"), tr("\"%1\" is not a valid interface name (1…15 characters, no '/', ':' or spaces)").arg(device));
    if (!netns.isEmpty() && !isValidNetnsName(netns))
        error(QStringLiteral("netns"), tr("\"%1\" is not a valid namespace name").arg(netns));

    // Every lookup goes through the index: the helper validates trees of 65 535 classes before
    // polkit is asked, and a search of all nodes per node would make that quadratic.
    const QdiscTreeIndex index(*this);
    QSet<quint32> seenHandles;
    QSet<quint32> seenParents;
    for (const QdiscNode &q : qdiscs) {
        issues += prefixed(q.validate(), where);
        const QString name = QStringLiteral("qdisc %1 (%2)").arg(q.handle.toString(), q.kindName());
        for (ValidationIssue issue : q.ops().validateInTree(index, q)) {
            issue.field = where + u": " + issue.field;
            issues.append(issue);
        }
        if (!q.handle.isUnspec() && seenHandles.contains(q.handle.raw()))
            error(name, tr("handle %1 is used twice").arg(q.handle.toString()));
        seenHandles.insert(q.handle.raw());
        if (seenParents.contains(q.parent.raw()))
            error(name, tr("two qdiscs hang at %1; only one can").arg(q.parent.toString()));
        seenParents.insert(q.parent.raw());

        if (q.parent.isRoot() || q.parent.isIngressParent())
            continue;
        const QdiscNode *owner = index.qdisc(q.parent.qdiscPart());
        if (!owner) {
            error(name, tr("its parent %1 does not exist").arg(q.parent.toString()));
            continue;
        }
        if (owner == &q) {
            error(name, tr("hangs below itself (parent %1)").arg(q.parent.toString()));
            continue;
        }
        const QString ownerMajor = owner->handle.toString().chopped(1);
        switch (owner->children()) {
        case QdiscChildren::Classes:
            if (!index.findClass(q.parent))
                error(name, tr("its parent class %1 does not exist").arg(q.parent.toString()));
            else if (index.hasChildClasses(q.parent))
                error(name, tr("class %1 has child classes: a qdisc can only hang at a leaf class (the kernel "
                               "refuses to graft one onto an inner class, and destroys a leaf's qdisc when "
                               "the class gets a child)")
                                .arg(q.parent.toString()));
            break;
        case QdiscChildren::Bands: {
            const int bands = owner->ops().childSlots(owner->params.data());
            if (q.parent.minor() < 1 || q.parent.minor() > bands)
                //: %1 is a kind (prio, ets), %2 the qdisc's major number (1 of 1:), %3 its last band, %4 a parent id.
                error(name, tr("%1 %2 has bands %2:1…%2:%3, not %4")
                                .arg(owner->kindName(), ownerMajor, QString::number(bands, 16), q.parent.toString()));
            break;
        }
        case QdiscChildren::Queues:
            if (q.parent.minor() < 1)
                //: %1 is a kind (mq, multiq), %2 the qdisc's major number, %3 a parent id.
                error(name, tr("%1 holds its qdiscs at %2:1, %2:2, …, not %3").arg(owner->kindName(), ownerMajor, q.parent.toString()));
            break;
        case QdiscChildren::One:
            if (q.parent.minor() != 1)
                //: %1 is a kind (netem or tbf), %2 its major number, %3 a parent id.
                error(name, tr("%1 holds one inner qdisc, at %2:1, not %3").arg(owner->kindName(), ownerMajor, q.parent.toString()));
            break;
        case QdiscChildren::None:
            //: %1 is a kind (sfq, fq_codel, …), %2 its handle.
            error(name, tr("%1 %2 cannot hold child qdiscs").arg(owner->kindName(), owner->handle.toString()));
            break;
        }
    }

    // Anything not reachable from root or ingress would never be created (a cycle, an orphan).
    // Each chain of parents is walked once; what a walk learns about every qdisc on it is kept.
    QHash<quint32, bool> qdiscReachable; // by handle
    for (const QdiscNode &start : qdiscs) {
        QList<quint32> chain;
        QSet<quint32> onChain;
        const QdiscNode *step = &start;
        bool ok = true;
        while (true) {
            if (step->parent.isRoot() || step->parent.isIngressParent())
                break;
            if (const auto known = qdiscReachable.constFind(step->parent.qdiscPart().raw()); known != qdiscReachable.cend()) {
                ok = *known;
                break;
            }
            const QdiscNode *above = index.qdisc(step->parent.qdiscPart());
            if (!above || onChain.contains(above->handle.raw())) { // an orphan is reported above; a cycle below
                ok = false;
                break;
            }
            onChain.insert(above->handle.raw());
            chain.append(above->handle.raw());
            step = above;
        }
        for (const quint32 handle : chain)
            qdiscReachable.insert(handle, ok);
        if (!start.handle.isUnspec() && !qdiscReachable.contains(start.handle.raw()))
            qdiscReachable.insert(start.handle.raw(), ok);
        if (!ok && index.qdisc(start.parent.qdiscPart()))
            error(QStringLiteral("qdisc %1").arg(start.handle.toString()),
                  tr("is not reachable from the root (its parents form a cycle)"));
    }
    // A child qdisc without a handle is fine: the kernel assigns one (tc qdisc add … parent 1:10 sfq).

    const auto classWithId = [&index](TcHandle id) { return index.findClass(id); };
    QSet<quint32> seenClasses;
    for (const ClassNode &c : classes) {
        issues += prefixed(c.validate(), where);
        const QString name = QStringLiteral("class %1").arg(c.classId.toString());
        if (seenClasses.contains(c.classId.raw()))
            error(name, tr("classid %1 is used twice").arg(c.classId.toString()));
        seenClasses.insert(c.classId.raw());
        const QdiscNode *owner = index.qdisc(c.classId.qdiscPart());
        // A class kept as the kernel reported it belongs to a qdisc of the kind it names.
        const bool ownKind = owner && (owner->ops().classKind == &c.ops() || (c.isForeign() && owner->kindName() == c.kindName()));
        if (!ownKind) {
            //: %1 a kind (htb, hfsc, …), %2 a qdisc handle.
            error(name, tr("there is no %1 qdisc %2 for it").arg(c.kindName(), c.classId.qdiscPart().toString()));
            continue;
        }
        if (c.parent.major() != c.classId.major())
            error(name, tr("its parent %1 belongs to another qdisc").arg(c.parent.toString()));
        else if (c.parent.minor() != 0 && !classWithId(c.parent))
            error(name, tr("its parent class %1 does not exist").arg(c.parent.toString()));
        else if (c.parent == c.classId)
            error(name, tr("is its own parent"));
    }
    // A class whose parent chain never reaches the qdisc would never be created: a cycle. Each
    // chain is walked once; what a walk learns about every class on it is kept.
    enum class Reach { Qdisc, Missing, Cycle };
    QHash<quint32, Reach> reach;
    for (const ClassNode &start : classes) {
        QList<const ClassNode *> chain;
        QSet<quint32> onChain;
        const ClassNode *step = &start;
        Reach result = Reach::Qdisc;
        while (true) {
            if (const auto known = reach.constFind(step->classId.raw()); known != reach.cend()) {
                result = *known;
                break;
            }
            if (onChain.contains(step->classId.raw())) {
                result = Reach::Cycle;
                break;
            }
            chain.append(step);
            onChain.insert(step->classId.raw());
            if (step->parent.minor() == 0)
                break;
            step = classWithId(step->parent);
            if (!step) {
                result = Reach::Missing;
                break;
            }
        }
        for (const ClassNode *c : chain)
            reach.insert(c->classId.raw(), result);
        // A chain that ends at a missing class is reported at that class already, a class that
        // is its own parent where it is checked above.
        if (result == Reach::Cycle && start.parent != start.classId)
            error(QStringLiteral("class %1").arg(start.classId.toString()),
                  tr("is not reachable from its qdisc: its parents form a cycle"));
    }

    for (const Filter &f : filters) {
        issues += prefixed(f.validate(), where);
        const QString name = QStringLiteral("filter %1 prio %2").arg(f.parent.toString()).arg(f.prio);
        const QdiscNode *owner = index.filterOwner(f.parent);
        if (!owner) {
            error(name, tr("there is no qdisc %1 to attach it to").arg(f.parent.toString()));
            continue;
        }
        if (owner->is<IngressParams>() && f.parent.raw() == ClsactEgressHook)
            warning(name, tr("an ingress qdisc has no egress hook: the kernel puts this filter in its one "
                             "(ingress) block, where it sees incoming traffic; use clsact for egress"));
        if (!owner->ops().filterBlock) {
            //: %1 is a kind (sfq, netem, …), %2 its handle.
            error(name, tr("%1 %2 has no classes to steer traffic into; attach filters to a classful qdisc (htb, prio, …), "
                           "ingress or clsact")
                            .arg(owner->kindName(), owner->handle.toString()));
            continue;
        }
        if (!f.classId.isUnspec() && !owner->atIngressHook()) {
            const int slots = owner->ops().childSlots(owner->params.data());
            const bool bandKind = owner->children() == QdiscChildren::Bands || owner->children() == QdiscChildren::Queues;
            const bool isBand = bandKind && f.classId.major() == owner->handle.major() && f.classId.minor() >= 1 &&
                                (slots < 0 || f.classId.minor() <= slots);
            if (f.classId.major() != owner->handle.major())
                error(name + u".flowid", tr("flowid %1 is not a class of %2")
                                             .arg(f.classId.toString(), owner->handle.toString()));
            else if (!isBand && !classWithId(f.classId))
                warning(name + u".flowid", tr("class %1 does not exist: matching traffic falls through to the default")
                                               .arg(f.classId.toString()));
        }
    }

    // One classifier per prio of a block's chain (tcf_chain_tp_find): the kernel refuses a second
    // protocol (or kind) there; another chain has prios of its own.
    struct PrioUser
    {
        quint32 block;
        quint32 chain;
        quint16 prio;
        quint16 protocol;
        QString kind;
        QString name;
    };
    QList<PrioUser> prioUsers;
    const auto blockOf = [&](TcHandle parent) {
        const QdiscNode *owner = index.filterOwner(parent);
        // Every minor of an ingress qdisc is the same block.
        return owner && owner->is<IngressParams>() ? owner->handle.raw() : parent.raw();
    };
    for (const Filter &f : filters)
        prioUsers.append({blockOf(f.parent), f.chain, f.prio, f.protocol, f.kindName(),
                          QStringLiteral("filter %1 prio %2").arg(f.parent.toString()).arg(f.prio)});
    // A filter meets the first earlier one of its prio that differs from it in protocol or kind:
    // that is the prio's first user, or its second distinct one when the first is like this
    // filter. So two per prio are kept, and each filter is compared with those, not with all before it.
    QHash<std::pair<quint64, quint16>, QList<qsizetype>> distinctUsers;
    for (qsizetype i = 0; i < prioUsers.size(); ++i) {
        const PrioUser &later = prioUsers[i];
        if (later.prio == 0) // the kernel picks a free prio
            continue;
        QList<qsizetype> &earlier = distinctUsers[{(quint64(later.block) << 32) | later.chain, later.prio}];
        const auto differing = std::find_if(earlier.cbegin(), earlier.cend(), [&](qsizetype j) {
            return prioUsers[j].protocol != later.protocol || prioUsers[j].kind != later.kind;
        });
        if (differing == earlier.cend()) {
            if (earlier.isEmpty())
                earlier.append(i);
            else if (const QString conflict = filters[i].ops().prioConflict(filters[earlier.first()], filters[i]); !conflict.isEmpty())
                error(later.name, conflict);
            continue;
        }
        const PrioUser &first = prioUsers[*differing];
        if (first.protocol != later.protocol)
            error(later.name + u".protocol",
                  //: %1 a filter prio (number), %2 and %3 protocols (ip, ipv6, …).
                  tr("prio %1 already holds filters for protocol %2; the kernel keeps one protocol per "
                     "prio and refuses %3 there: use another prio")
                      .arg(later.prio)
                      .arg(EtherType::name(first.protocol), EtherType::name(later.protocol)));
        else
            //: %1 a filter prio (number), %2 and %3 classifier kinds (u32, flower, …).
            error(later.name, tr("prio %1 already holds %2 filters; the kernel keeps one classifier kind "
                                 "per prio and refuses %3 there: use another prio")
                                  .arg(later.prio)
                                  .arg(first.kind, later.kind));
        if (earlier.size() < 2)
            earlier.append(i);
    }
    return issues;
}

bool isValidDeviceName(QStringView name)
{
    // The length first: a UTF-8 byte per UTF-16 unit at least, and a caller's 4 MB name is not converted.
    if (name.isEmpty() || name.size() > 15 || name.toUtf8().size() > 15 || name == u"." || name == u"..")
        return false;
    return std::none_of(name.begin(), name.end(),
                        [](QChar c) { return c == u'/' || c == u':' || c.isSpace() || c.unicode() < 0x20; });
}

bool isWellFormedTarget(QStringView target, QString *netnsOut, QString *deviceOut)
{
    // Longer than a namespace name, '/' and a device name: refused before anything is copied
    // (the helper checks targets before polkit is asked; 40 targets of 4 MB cost it 2.4 s).
    if (target.size() > MaxTargetCharacters)
        return false;
    QString netns;
    QString device;
    if (!QdiscTree::splitTarget(target, &netns, &device) || !isValidDeviceName(device) || (!netns.isEmpty() && !isValidNetnsName(netns)))
        return false;
    // A container's namespace: the name after the runtime must be one the runtime could hold.
    if (const qsizetype colon = netns.indexOf(u':'); colon > 0 && ContainerRuntime::fromPrefix(QStringView(netns).left(colon)) &&
                                                      !ContainerRuntime::isValidName(QStringView(netns).mid(colon + 1)))
        return false;
    if (netnsOut)
        *netnsOut = netns;
    if (deviceOut)
        *deviceOut = device;
    return true;
}

QString notATarget(QStringView text)
{
    QString shown = text.left(64).toString();
    if (text.size() > 64)
        shown += QStringLiteral("…");
    //: %1 is what was given; IF, NETNS/IF and docker:CONTAINER/IF stay as they are
    return QCoreApplication::translate("qs::Targets", "\"%1\" is not a target; write it as IF, NETNS/IF or docker:CONTAINER/IF "
                                                      "(podman:CONTAINER/IF)")
        .arg(shown);
}

bool isValidNetnsName(QStringView name)
{
    if (name.isEmpty() || name.size() > 255 || name.toUtf8().size() > 255 || name == u"." || name == u"..")
        return false;
    return std::none_of(name.begin(), name.end(), [](QChar c) { return c == u'/' || c.unicode() < 0x20; });
}

} // namespace qs
