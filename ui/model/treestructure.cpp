#include "treestructure.h"

#include "netlink/tcengine.h"
#include "nodevalidation.h"
#include "tc/tcsummary.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <numeric>

namespace qs {

namespace {

QString qdiscName(const QdiscNode &q)
{
    // A qdisc added without a handle gets one from the kernel; until then it has none to show.
    if (q.handle.isUnspec())
        return QStringLiteral("qdisc %1").arg(q.kindName());
    return QStringLiteral("qdisc %1 %2").arg(q.handle.toString(), q.kindName());
}

QString filterName(TcHandle parent, quint16 prio, const QString &kind)
{
    QString name = QStringLiteral("filter ");
    // clsact's two hooks are the only place where the parent says which traffic a filter sees.
    if (parent.raw() == QdiscTree::ClsactIngressHook)
        name += QStringLiteral("ingress ");
    else if (parent.raw() == QdiscTree::ClsactEgressHook)
        name += QStringLiteral("egress ");
    if (prio != 0) // 0: the kernel picks one
        name += QStringLiteral("prio %1 ").arg(prio);
    return name + kind;
}

TreeEntry describeQdisc(const QdiscNode &q, qsizetype position, const NodeValidation &validation)
{
    TreeEntry e;
    e.ref = {NodeRef::Type::Qdisc, q.handle, q.handle.isUnspec() ? q.parent : TcHandle(), -1};
    e.position = position;
    e.name = qdiscName(q);
    e.summary = TcSummary::qdisc(q);
    e.kind = q.kindName();
    e.validation = validation.qdisc(position);
    e.statsKey = q.handle.isUnspec() ? 0 : nodeStatsKey(false, q.handle);
    e.foreign = q.isForeign();
    return e;
}

TreeEntry describeClass(const ClassNode &c, qsizetype position, const NodeValidation &validation)
{
    TreeEntry e;
    e.ref = {NodeRef::Type::Class, c.classId, TcHandle(), -1};
    e.position = position;
    e.name = QStringLiteral("class %1").arg(c.classId.toString());
    e.summary = TcSummary::classNode(c);
    e.kind = c.kindName();
    e.validation = validation.classNode(position);
    e.foreign = c.isForeign();
    e.statsKey = nodeStatsKey(true, c.classId);
    return e;
}

TreeEntry describeFilter(const Filter &f, qsizetype position, const NodeValidation &validation)
{
    TreeEntry e;
    e.ref = {NodeRef::Type::Filter, TcHandle(), f.parent, int(position)};
    e.position = position;
    e.kind = f.kindName();
    e.name = filterName(f.parent, f.prio, e.kind);
    e.summary = f.isForeign()
                    //: summary of a filter Qdisc Studio does not edit; %1 is its tc kind ("flower"), %2 the
                    //: protocol as tc names it ("ip")
                    ? QCoreApplication::translate("qs::TreeModel", "%1 filter for %2 (kept as it is)")
                          .arg(e.kind, EtherType::name(f.protocol))
                    : TcSummary::filter(f);
    e.validation = validation.filter(position);
    e.foreign = f.isForeign();
    return e;
}

// Finds the serials of the nodes a parent reference names.
// Hashed, so that placing 10 000 classes is not 10 000 scans of the class list.
class Lookup
{
public:
    Lookup(const QdiscTree &tree, const NodeSerials &serials) : m_tree(tree), m_serials(serials)
    {
        m_classes.reserve(tree.classes.size());
        // The first of equal ids wins, as QdiscTree::findClass() finds it.
        for (qsizetype i = tree.classes.size() - 1; i >= 0; --i)
            m_classes.insert(tree.classes.at(i).classId.raw(), i);
    }

    quintptr qdisc(const QdiscNode *q) const
    {
        return q ? m_serials.qdiscs.at(q - m_tree.qdiscs.constData()) : 0;
    }
    quintptr qdisc(TcHandle handle) const { return qdisc(m_tree.qdisc(handle)); }
    quintptr classSerial(TcHandle id) const
    {
        const auto it = m_classes.constFind(id.raw());
        return it == m_classes.constEnd() ? 0 : m_serials.classes.at(*it);
    }
    bool hasClass(TcHandle id) const { return m_classes.contains(id.raw()); }

    // A qdisc hangs at the class it names; where there is no such class (netem, tbf and prio
    // slots, or a dangling id) at the qdisc of the parent's major; at the top when neither exists.
    quintptr parentOfQdisc(const QdiscNode &q) const
    {
        if (q.parent.isRoot() || q.parent.isIngressParent())
            return TreeStructure::RootSerial;
        if (const quintptr c = classSerial(q.parent))
            return c;
        const QdiscNode *owner = m_tree.qdisc(q.parent.qdiscPart());
        return owner != &q ? qdisc(owner) : TreeStructure::RootSerial;
    }

    // Under its parent class; a class whose parent is the qdisc (or missing) under its own qdisc.
    quintptr parentOfClass(const ClassNode &c) const
    {
        if (c.parent.minor() != 0 && c.parent != c.classId) {
            if (const quintptr p = classSerial(c.parent))
                return p;
        }
        return qdisc(c.classId.qdiscPart());
    }

    // Under the block the kernel puts it in (QdiscTree::filterOwner(): an htb class's own block,
    // the qdisc's, ingress for every ffff: parent, clsact's hooks). One the kernel would refuse
    // still shows, next to the class or qdisc its parent names, flagged by the validation.
    quintptr parentOfFilter(TcHandle parent) const
    {
        const QdiscNode *owner = m_tree.filterOwner(parent);
        if (owner) {
            const quintptr c =
                owner->children() == QdiscChildren::Classes && parent.minor() != 0 ? classSerial(parent) : 0;
            return c ? c : qdisc(owner);
        }
        if (parent.isUnspec() || parent.isRoot())
            return TreeStructure::RootSerial;
        if (const quintptr c = classSerial(parent))
            return c;
        return qdisc(parent.qdiscPart());
    }

private:
    const QdiscTree &m_tree;
    const NodeSerials &m_serials;
    QHash<quint32, qsizetype> m_classes; // class id → position in tree.classes
};

} // namespace

bool TreeEntry::showsSameAs(const TreeEntry &other) const
{
    return ref == other.ref && name == other.name && summary == other.summary &&
           kind == other.kind && validation == other.validation && statsKey == other.statsKey &&
           foreign == other.foreign;
}

TreeStructure::TreeStructure()
{
    m_entries.insert(RootSerial, TreeEntry());
}

TreeStructure TreeStructure::build(const QdiscTree &tree, const NodeSerials &serials)
{
    Q_ASSERT(serials.qdiscs.size() == tree.qdiscs.size() &&
             serials.classes.size() == tree.classes.size() &&
             serials.filters.size() == tree.filters.size());
    TreeStructure structure;
    const NodeValidation validation(tree);
    for (qsizetype i = 0; i < tree.qdiscs.size(); ++i)
        structure.m_entries.insert(serials.qdiscs.at(i),
                                   describeQdisc(tree.qdiscs.at(i), i, validation));
    for (qsizetype i = 0; i < tree.classes.size(); ++i)
        structure.m_entries.insert(serials.classes.at(i),
                                   describeClass(tree.classes.at(i), i, validation));
    for (qsizetype i = 0; i < tree.filters.size(); ++i)
        structure.m_entries.insert(serials.filters.at(i),
                                   describeFilter(tree.filters.at(i), i, validation));
    structure.placeAll(tree, serials);
    return structure;
}

void TreeStructure::placeAll(const QdiscTree &tree, const NodeSerials &serials)
{
    const Lookup lookup(tree, serials);
    // The order rows get under their parent: the root qdisc before the ingress side, then
    // classes, inner qdiscs (a class's leaf after its child classes), filters.
    // Classes and inner qdiscs in the numeric order of their handles, as the kernel numbers them
    // (class 1:9 before 1:a before 1:10; the kernel's dump order follows its hash buckets);
    // equal handles and filters keep the tree's order.
    QList<quintptr> order;
    for (const TcHandle top : {TcHandle::root(), TcHandle::ingressParent()}) {
        for (qsizetype i = 0; i < tree.qdiscs.size(); ++i) {
            if (tree.qdiscs.at(i).parent == top)
                order.append(serials.qdiscs.at(i));
        }
    }
    QList<qsizetype> byHandle(tree.classes.size());
    std::iota(byHandle.begin(), byHandle.end(), 0);
    std::stable_sort(byHandle.begin(), byHandle.end(), [&](qsizetype a, qsizetype b) {
        return tree.classes.at(a).classId.raw() < tree.classes.at(b).classId.raw();
    });
    for (const qsizetype i : std::as_const(byHandle)) {
        m_entries[serials.classes.at(i)].parent = lookup.parentOfClass(tree.classes.at(i));
        order.append(serials.classes.at(i));
    }
    byHandle.resize(tree.qdiscs.size());
    std::iota(byHandle.begin(), byHandle.end(), 0);
    std::stable_sort(byHandle.begin(), byHandle.end(), [&](qsizetype a, qsizetype b) {
        const QdiscNode &x = tree.qdiscs.at(a);
        const QdiscNode &y = tree.qdiscs.at(b);
        return std::pair(x.parent.raw(), x.handle.raw()) < std::pair(y.parent.raw(), y.handle.raw());
    });
    for (const qsizetype i : std::as_const(byHandle)) {
        const QdiscNode &q = tree.qdiscs.at(i);
        m_entries[serials.qdiscs.at(i)].parent = lookup.parentOfQdisc(q);
        if (!q.parent.isRoot() && !q.parent.isIngressParent())
            order.append(serials.qdiscs.at(i));
    }
    for (qsizetype i = 0; i < tree.filters.size(); ++i) {
        m_entries[serials.filters.at(i)].parent = lookup.parentOfFilter(tree.filters.at(i).parent);
        order.append(serials.filters.at(i));
    }
    // Which node of a loop goes to the top follows the tree's own order, not the display's.
    QList<quintptr> treeOrder;
    treeOrder.reserve(order.size());
    for (const TcHandle top : {TcHandle::root(), TcHandle::ingressParent()}) {
        for (qsizetype i = 0; i < tree.qdiscs.size(); ++i) {
            if (tree.qdiscs.at(i).parent == top)
                treeOrder.append(serials.qdiscs.at(i));
        }
    }
    treeOrder += serials.classes;
    for (qsizetype i = 0; i < tree.qdiscs.size(); ++i) {
        if (!tree.qdiscs.at(i).parent.isRoot() && !tree.qdiscs.at(i).parent.isIngressParent())
            treeOrder.append(serials.qdiscs.at(i));
    }
    treeOrder += serials.filters;
    breakCycles(treeOrder);
    for (const quintptr serial : std::as_const(order)) {
        QList<quintptr> &siblings = m_entries[m_entries.value(serial).parent].children;
        const int row = int(siblings.size());
        siblings.append(serial);
        m_entries[serial].row = row;
    }
}

void TreeStructure::breakCycles(const QList<quintptr> &order)
{
    // Parents naming each other (qdisc 1: at 2:1, qdisc 2: at 1:1) would hide both from a view;
    // the first node found on such a loop goes to the top, where validation flags it.
    // Nodes known to reach the top are not walked again, so this stays linear in the tree.
    QSet<quintptr> reachesTop;
    reachesTop.reserve(order.size());
    for (const quintptr start : order) {
        QSet<quintptr> path;
        quintptr current = start;
        while (current != RootSerial && !reachesTop.contains(current) && !path.contains(current)) {
            path.insert(current);
            current = m_entries.value(current).parent;
        }
        if (current != RootSerial && !reachesTop.contains(current))
            m_entries[current].parent = RootSerial;
        for (const quintptr node : std::as_const(path))
            reachesTop.insert(node);
    }
}

const TreeEntry *TreeStructure::entry(quintptr serial) const
{
    const auto it = m_entries.constFind(serial);
    return it == m_entries.constEnd() ? nullptr : &it.value();
}

const QList<quintptr> &TreeStructure::children(quintptr serial) const
{
    static const QList<quintptr> none;
    const TreeEntry *e = entry(serial);
    return e ? e->children : none;
}

int TreeStructure::rowOf(quintptr serial) const
{
    const TreeEntry *e = entry(serial);
    return e && serial != RootSerial ? e->row : -1;
}

void TreeStructure::removeRows(quintptr parent, int first, int last)
{
    QList<quintptr> &siblings = m_entries[parent].children;
    for (int row = first; row <= last; ++row)
        eraseSubtree(siblings.at(row));
    siblings.remove(first, last - first + 1);
    renumber(parent, first);
}

void TreeStructure::renumber(quintptr parent, int from)
{
    const QList<quintptr> siblings = m_entries.value(parent).children;
    for (qsizetype row = from; row < siblings.size(); ++row)
        m_entries[siblings.at(row)].row = int(row);
}

void TreeStructure::insertRows(quintptr parent, int row, const QList<quintptr> &serials,
                               const TreeStructure &source)
{
    for (const quintptr serial : serials)
        copySubtree(serial, source);
    QList<quintptr> &siblings = m_entries[parent].children;
    for (qsizetype i = 0; i < serials.size(); ++i)
        siblings.insert(row + i, serials.at(i));
    renumber(parent, row);
}

QList<quintptr> TreeStructure::adoptDetails(const TreeStructure &source)
{
    QList<quintptr> changed;
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
        if (it.key() == RootSerial)
            continue;
        const TreeEntry *next = source.entry(it.key());
        Q_ASSERT(next);
        if (!next)
            continue;
        TreeEntry &e = it.value();
        if (!e.showsSameAs(*next))
            changed.append(it.key());
        const quintptr parent = e.parent;
        const int row = e.row;
        const QList<quintptr> children = e.children;
        e = *next;
        // The rows below stay as they are until the model inserts what is missing.
        e.parent = parent;
        e.row = row;
        e.children = children;
    }
    return changed;
}

void TreeStructure::eraseSubtree(quintptr serial)
{
    const TreeEntry removed = m_entries.take(serial);
    for (const quintptr child : removed.children)
        eraseSubtree(child);
}

void TreeStructure::copySubtree(quintptr serial, const TreeStructure &source)
{
    const TreeEntry *e = source.entry(serial);
    Q_ASSERT(e);
    if (!e)
        return;
    m_entries.insert(serial, *e);
    for (const quintptr child : e->children)
        copySubtree(child, source);
}

} // namespace qs
