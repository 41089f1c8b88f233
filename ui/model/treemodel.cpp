#include "treemodel.h"

#include "kinds/kindtable.h"

#include "treeedits.h"

#include <QFont>

#include <algorithm>
#include <utility>

namespace qs {

namespace {

// The serials of @p after, a copy of @p before with nodes removed: each survivor keeps its own.
// Survivors keep their order, so a walk in step finds them; @p key must not change with the
// edit (a qdisc's parameters do, its parent and handle do not).
template <typename T, typename Key, typename Fresh>
QList<quintptr> alignedSerials(const QList<T> &before, const QList<quintptr> &serials,
                               const QList<T> &after, Key key, Fresh fresh)
{
    QList<quintptr> result;
    result.reserve(after.size());
    qsizetype next = 0;
    for (const T &node : after) {
        qsizetype i = next;
        while (i < before.size() && !(key(before.at(i)) == key(node)))
            ++i;
        if (i < before.size()) {
            result.append(serials.at(i));
            next = i + 1;
        } else {
            result.append(fresh());
        }
    }
    return result;
}

/** The kinds that may hang at @p parent: the root or (@p rootOnly false) below a class or band. */
QList<const QdiscKindOps *> egressKinds(bool atRoot)
{
    QList<const QdiscKindOps *> kinds = Kinds::qdiscs();
    kinds.removeIf([&](const QdiscKindOps *kind) {
        return kind->placement == QdiscPlacement::IngressHook || (!atRoot && kind->placement == QdiscPlacement::RootOnly);
    });
    return kinds;
}

QList<const QdiscKindOps *> ingressKinds()
{
    QList<const QdiscKindOps *> kinds = Kinds::qdiscs();
    kinds.removeIf([](const QdiscKindOps *kind) { return kind->placement != QdiscPlacement::IngressHook; });
    return kinds;
}

template <typename T> qsizetype positionOf(const QList<T> &list, auto predicate)
{
    const auto it = std::find_if(list.begin(), list.end(), predicate);
    return it == list.end() ? -1 : it - list.begin();
}

} // namespace

TreeModel::TreeModel(QObject *parent) : QAbstractItemModel(parent) {}

void TreeModel::setTree(const QdiscTree &tree)
{
    beginResetModel();
    m_tree = tree;
    m_serials = {};
    const auto fill = [this](QList<quintptr> &serials, qsizetype count) {
        for (qsizetype i = 0; i < count; ++i)
            serials.append(newSerial());
    };
    fill(m_serials.qdiscs, m_tree.qdiscs.size());
    fill(m_serials.classes, m_tree.classes.size());
    fill(m_serials.filters, m_tree.filters.size());
    m_structure = TreeStructure::build(m_tree, m_serials);
    endResetModel();
}

QModelIndex TreeModel::indexOf(const NodeRef &ref) const
{
    switch (ref.type) {
    case NodeRef::Type::Qdisc: {
        const qsizetype i = positionOf(m_tree.qdiscs, [&](const QdiscNode &q) {
            return ref.id.isUnspec() ? q.handle.isUnspec() && q.parent == ref.parent
                                     : q.handle == ref.id;
        });
        return i < 0 ? QModelIndex() : indexOfSerial(m_serials.qdiscs.at(i));
    }
    case NodeRef::Type::Class: {
        const qsizetype i =
            positionOf(m_tree.classes, [&](const ClassNode &c) { return c.classId == ref.id; });
        return i < 0 ? QModelIndex() : indexOfSerial(m_serials.classes.at(i));
    }
    case NodeRef::Type::Filter:
        if (ref.filterIndex < 0 || ref.filterIndex >= m_tree.filters.size() ||
            m_tree.filters.at(ref.filterIndex).parent != ref.parent)
            return {};
        return indexOfSerial(m_serials.filters.at(ref.filterIndex));
    }
    return {};
}

std::optional<NodeRef> TreeModel::refAt(const QModelIndex &index) const
{
    const TreeEntry *e = entryAt(index);
    return e ? std::optional(e->ref) : std::nullopt;
}

QList<const QdiscKindOps *> TreeModel::kindsAllowedAt(const QModelIndex &parent) const
{
    if (!parent.isValid()) {
        QList<const QdiscKindOps *> kinds;
        if (!m_tree.rootQdisc())
            kinds = egressKinds(true);
        if (!m_tree.ingressQdisc())
            kinds += ingressKinds();
        return kinds;
    }
    const TreeEntry *e = entryAt(parent);
    if (!e || e->foreign)
        return {};
    if (e->ref.type == NodeRef::Type::Class) {
        const ClassNode &c = m_tree.classes.at(e->position);
        const QdiscNode *owner = m_tree.qdisc(c.classId.qdiscPart());
        const bool ok = owner && owner->children() == QdiscChildren::Classes && !owner->isForeign() &&
                        TreeEdits::isEmptyLeafClass(m_tree, c.classId);
        return ok ? egressKinds(false) : QList<const QdiscKindOps *>();
    }
    if (e->ref.type == NodeRef::Type::Qdisc &&
        TreeEdits::freeChildMinor(m_tree, m_tree.qdiscs.at(e->position)))
        return egressKinds(false);
    return {};
}

QModelIndex TreeModel::addQdisc(const QModelIndex &parent, const QdiscKindOps &kind)
{
    if (!kindsAllowedAt(parent).contains(&kind))
        return {};
    QdiscTree next = m_tree;
    QdiscNode node;
    node.params = TreeEdits::defaultParams(kind);
    if (kind.placement == QdiscPlacement::IngressHook) {
        node.parent = TcHandle::ingressParent();
        node.handle = TcHandle::ingressHandle();
    } else {
        if (!parent.isValid()) {
            node.parent = TcHandle::root();
        } else if (const TreeEntry *e = entryAt(parent); e->ref.type == NodeRef::Type::Class) {
            node.parent = e->ref.id;
        } else {
            if (!TreeEdits::giveHandle(next, e->position))
                return {};
            const QdiscNode &owner = next.qdiscs.at(e->position);
            node.parent =
                TcHandle::make(owner.handle.major(), *TreeEdits::freeChildMinor(next, owner));
        }
        const std::optional<TcHandle> handle = TreeEdits::freeQdiscHandle(next);
        if (!handle)
            return {};
        node.handle = *handle;
    }
    next.qdiscs.append(node);
    return appendNode(std::move(next), &NodeSerials::qdiscs);
}

QModelIndex TreeModel::addClass(const QModelIndex &parent)
{
    const TreeEntry *e = entryAt(parent);
    if (!e || e->foreign)
        return {};
    QdiscTree next = m_tree;
    TcHandle parentId;
    if (e->ref.type == NodeRef::Type::Qdisc) {
        const QdiscNode &owner = next.qdiscs.at(e->position);
        if (!owner.ops().classKind || owner.isForeign() || !TreeEdits::giveHandle(next, e->position))
            return {};
        parentId = next.qdiscs.at(e->position).handle;
    } else if (e->ref.type == NodeRef::Type::Class) {
        const QdiscNode *owner = m_tree.qdisc(e->ref.id.qdiscPart());
        // A class with a leaf qdisc loses that qdisc when it gets a child (htb_change_class());
        // drr and qfq classes all hang at their qdisc.
        if (!owner || !owner->ops().classKind || owner->isForeign() || !owner->ops().classKind->hierarchical ||
            m_tree.qdiscAt(e->ref.id))
            return {};
        parentId = e->ref.id;
    } else {
        return {};
    }
    const std::optional<TcHandle> classId = TreeEdits::freeClassId(next, parentId.major());
    if (!classId)
        return {};
    const ClassKindOps &classKind = *next.qdisc(parentId.qdiscPart())->ops().classKind;
    next.classes.append({*classId, parentId, TreeEdits::defaultClassParams(classKind)});
    return appendNode(std::move(next), &NodeSerials::classes);
}

QModelIndex TreeModel::addFilter(const QModelIndex &parent, const FilterKindOps &kind)
{
    const TreeEntry *e = entryAt(parent);
    if (!e || e->foreign || e->ref.type != NodeRef::Type::Qdisc ||
        !m_tree.qdiscs.at(e->position).ops().filterBlock)
        return {};
    QdiscTree next = m_tree;
    if (!TreeEdits::giveHandle(next, e->position))
        return {};
    next.filters.append(TreeEdits::defaultFilter(next, next.qdiscs.at(e->position), kind));
    return appendNode(std::move(next), &NodeSerials::filters);
}

bool TreeModel::removeNode(const QModelIndex &index)
{
    const TreeEntry *e = entryAt(index);
    if (!e)
        return false;
    QdiscTree next = m_tree;
    switch (e->ref.type) {
    case NodeRef::Type::Qdisc:
        // Nothing can name a qdisc without a handle, so it has nothing below it: take exactly
        // this one (removeQdiscAt() would take the first at its parent).
        if (e->ref.id.isUnspec())
            next.qdiscs.removeAt(e->position);
        else
            next.removeSubtree(e->ref.id);
        break;
    case NodeRef::Type::Class:
        next.removeSubtree(e->ref.id);
        break;
    case NodeRef::Type::Filter:
        if (e->foreign)
            return false; // the planner never deletes them: removing the row would change nothing
        next.filters.removeAt(e->position);
        break;
    }
    NodeSerials serials = serialsAfterRemoval(next);
    commit(std::move(next), std::move(serials));
    return true;
}

bool TreeModel::changeKind(const QModelIndex &index, const QdiscKindOps &kind)
{
    const TreeEntry *e = entryAt(index);
    if (!e || e->ref.type != NodeRef::Type::Qdisc || !kind.known)
        return false;
    const QdiscNode &q = m_tree.qdiscs.at(e->position);
    // Only ingress and clsact sit at the ingress hook, and nothing else can; mq only at the root.
    if ((kind.placement == QdiscPlacement::IngressHook) != q.parent.isIngressParent() || &kind == &q.ops() ||
        (kind.placement == QdiscPlacement::RootOnly && !q.parent.isRoot()))
        return false;
    return replaceQdiscParams(serialAt(index), TreeEdits::defaultParams(kind));
}

bool TreeModel::setQdiscParams(const QModelIndex &index, const QdiscParams &params)
{
    const TreeEntry *e = entryAt(index);
    if (!e || e->foreign || e->ref.type != NodeRef::Type::Qdisc)
        return false;
    const QdiscNode &q = m_tree.qdiscs.at(e->position);
    if (!params.sameKind(q.params))
        return false; // a new kind goes through changeKind()
    if (params == q.params)
        return true;
    return replaceQdiscParams(serialAt(index), params);
}

bool TreeModel::setClassParams(const QModelIndex &index, const ClassParams &params)
{
    const TreeEntry *e = entryAt(index);
    if (!e || e->ref.type != NodeRef::Type::Class || !params.sameKind(m_tree.classes.at(e->position).params))
        return false;
    if (m_tree.classes.at(e->position).params == params)
        return true;
    QdiscTree next = m_tree;
    next.classes[e->position].params = params;
    commit(std::move(next), m_serials, serialAt(index));
    return true;
}

bool TreeModel::setFilter(const QModelIndex &index, const Filter &filter)
{
    const TreeEntry *e = entryAt(index);
    if (!e || e->foreign || e->ref.type != NodeRef::Type::Filter)
        return false;
    if (m_tree.filters.at(e->position) == filter)
        return true;
    QdiscTree next = m_tree;
    next.filters[e->position] = filter;
    commit(std::move(next), m_serials, serialAt(index));
    return true;
}

QModelIndex TreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount ||
        (parent.isValid() && (parent.column() != NameColumn || !entryAt(parent))))
        return {};
    const QList<quintptr> &children =
        m_structure.children(parent.isValid() ? serialAt(parent) : TreeStructure::RootSerial);
    return row < children.size() ? createIndex(row, column, children.at(row)) : QModelIndex();
}

QModelIndex TreeModel::parent(const QModelIndex &child) const
{
    const TreeEntry *e = entryAt(child);
    return e ? indexOfSerial(e->parent) : QModelIndex();
}

int TreeModel::rowCount(const QModelIndex &parent) const
{
    // Only column 0 has children, as QTreeView expects.
    if (parent.isValid() && (parent.column() != NameColumn || !entryAt(parent)))
        return 0;
    return int(m_structure.children(parent.isValid() ? serialAt(parent) : TreeStructure::RootSerial)
                   .size());
}

int TreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant TreeModel::data(const QModelIndex &index, int role) const
{
    const TreeEntry *e = entryAt(index);
    if (!e)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return e->name;
        case SummaryColumn:
            return e->summary;
        default:
            return QString(); // the sparkline delegate paints the live column
        }
    case Qt::ToolTipRole: {
        QString tip = e->summary;
        if (e->foreign)
            tip += u'\n' + tr("Read from the kernel and kept as it is; Qdisc Studio does not edit it.");
        if (!e->validation.isEmpty())
            tip += u'\n' + e->validation;
        return tip;
    }
    case Qt::FontRole:
        if (e->foreign) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case NodeRefRole:
        return QVariant::fromValue(e->ref);
    case KindRole:
        return e->kind;
    case StatsKeyRole:
        return QVariant::fromValue(e->statsKey);
    case IsForeignRole:
        return e->foreign;
    case ValidationRole:
        return e->validation;
    default:
        return {};
    }
}

QVariant TreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Node");
    case SummaryColumn:
        return tr("Summary");
    case LiveColumn:
        return tr("Live");
    default:
        return {};
    }
}

Qt::ItemFlags TreeModel::flags(const QModelIndex &index) const
{
    const TreeEntry *e = entryAt(index);
    if (!e)
        return Qt::NoItemFlags;
    // The editor panel edits; nothing is edited in place.
    Qt::ItemFlags flags = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    if (e->ref.type == NodeRef::Type::Filter)
        flags |= Qt::ItemNeverHasChildren;
    return flags;
}

QHash<int, QByteArray> TreeModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractItemModel::roleNames();
    names.insert(NodeRefRole, QByteArrayLiteral("nodeRef"));
    names.insert(KindRole, QByteArrayLiteral("kind"));
    names.insert(StatsKeyRole, QByteArrayLiteral("statsKey"));
    names.insert(IsForeignRole, QByteArrayLiteral("isForeign"));
    names.insert(ValidationRole, QByteArrayLiteral("validation"));
    return names;
}

void TreeModel::visitRows(const std::function<bool(const QModelIndex &, const TreeEntry &, bool)> &visit) const
{
    if (const TreeEntry *root = m_structure.entry(TreeStructure::RootSerial))
        visitBelow(*root, visit);
}

bool TreeModel::visitBelow(const TreeEntry &parent, const std::function<bool(const QModelIndex &, const TreeEntry &, bool)> &visit) const
{
    bool any = false;
    for (const quintptr serial : parent.children) {
        const TreeEntry &e = *m_structure.entry(serial);
        const bool below = visitBelow(e, visit);
        any = visit(createIndex(e.row, NameColumn, serial), e, below) || any;
    }
    return any;
}

const TreeEntry *TreeModel::entryAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    return index.internalId() == TreeStructure::RootSerial ? nullptr
                                                           : m_structure.entry(index.internalId());
}

quintptr TreeModel::serialAt(const QModelIndex &index) const
{
    return entryAt(index) ? index.internalId() : TreeStructure::RootSerial;
}

QModelIndex TreeModel::indexOfSerial(quintptr serial, int column) const
{
    const int row = m_structure.rowOf(serial);
    return row < 0 ? QModelIndex() : createIndex(row, column, serial);
}

quintptr TreeModel::newSerial()
{
    return m_nextSerial++;
}

NodeSerials TreeModel::serialsAfterRemoval(const QdiscTree &next)
{
    const auto fresh = [this] { return newSerial(); };
    NodeSerials serials;
    serials.qdiscs = alignedSerials(
        m_tree.qdiscs, m_serials.qdiscs, next.qdiscs,
        [](const QdiscNode &q) { return std::pair(q.parent.raw(), q.handle.raw()); }, fresh);
    serials.classes = alignedSerials(
        m_tree.classes, m_serials.classes, next.classes,
        [](const ClassNode &c) { return c.classId.raw(); }, fresh);
    serials.filters = alignedSerials(
        m_tree.filters, m_serials.filters, next.filters, [](const Filter &f) { return f; }, fresh);
    return serials;
}

QModelIndex TreeModel::appendNode(QdiscTree next, QList<quintptr> NodeSerials::*list)
{
    // A parent that got a handle on the way shows it through commit(): its row's text changed.
    NodeSerials serials = m_serials;
    const quintptr serial = newSerial();
    (serials.*list).append(serial);
    commit(std::move(next), std::move(serials));
    return indexOfSerial(serial);
}

bool TreeModel::replaceQdiscParams(quintptr serial, const QdiscParams &params)
{
    const TreeEntry *e = m_structure.entry(serial);
    QdiscTree next = m_tree;
    QdiscNode &q = next.qdiscs[e->position];
    const QdiscParams before = std::exchange(q.params, params);
    TreeEdits::dropChildrenItCannotHold(next, q.handle, before);
    NodeSerials serials = serialsAfterRemoval(next);
    commit(std::move(next), std::move(serials), serial);
    return true;
}

void TreeModel::commit(QdiscTree next, NodeSerials serials, quintptr edited)
{
    const TreeStructure target = TreeStructure::build(next, serials);
    // Three steps, each a valid tree for views: take out the rows that go (or move), let the
    // rows that stay show the new tree, put in the rows that are new (or moved).
    removeVanishedRows(target, TreeStructure::RootSerial);
    m_tree = std::move(next);
    m_serials = std::move(serials);
    QList<quintptr> changed = m_structure.adoptDetails(target);
    insertNewRows(target, TreeStructure::RootSerial);
    // The edited row changes even where nothing shown does: an editor reads it anew.
    if (edited != TreeStructure::RootSerial && !changed.contains(edited))
        changed.append(edited);
    for (const quintptr serial : std::as_const(changed)) {
        if (m_structure.contains(serial))
            Q_EMIT dataChanged(indexOfSerial(serial, NameColumn),
                               indexOfSerial(serial, LiveColumn));
    }
    Q_EMIT treeEdited();
}

void TreeModel::removeVanishedRows(const TreeStructure &next, quintptr parent)
{
    const QList<quintptr> children = m_structure.children(parent);
    const QList<quintptr> &wanted = next.children(parent);
    // A row stays when its node keeps this parent and its order among the rows that stay;
    // anything else is removed here and inserted again where it belongs.
    QList<bool> stays(children.size(), false);
    qsizetype lastWanted = -1;
    for (qsizetype row = 0; row < children.size(); ++row) {
        const TreeEntry *e = next.entry(children.at(row));
        const qsizetype at = e && e->parent == parent ? wanted.indexOf(children.at(row)) : -1;
        if (at > lastWanted) {
            stays[row] = true;
            lastWanted = at;
        }
    }
    const QModelIndex parentIndex = indexOfSerial(parent);
    for (int last = int(children.size()) - 1; last >= 0;) {
        if (stays.at(last)) {
            --last;
            continue;
        }
        int first = last;
        while (first > 0 && !stays.at(first - 1))
            --first;
        beginRemoveRows(parentIndex, first, last);
        m_structure.removeRows(parent, first, last);
        endRemoveRows();
        last = first - 1;
    }
    const QList<quintptr> kept = m_structure.children(parent);
    for (const quintptr child : kept)
        removeVanishedRows(next, child);
}

void TreeModel::insertNewRows(const TreeStructure &next, quintptr parent)
{
    const QList<quintptr> existing = m_structure.children(parent);
    const QList<quintptr> &wanted = next.children(parent);
    const QModelIndex parentIndex = indexOfSerial(parent);
    int row = 0;
    for (qsizetype t = 0; t < wanted.size();) {
        if (m_structure.contains(wanted.at(t))) {
            Q_ASSERT(m_structure.children(parent).value(row) == wanted.at(t));
            ++row;
            ++t;
            continue;
        }
        qsizetype end = t + 1;
        while (end < wanted.size() && !m_structure.contains(wanted.at(end)))
            ++end;
        const int count = int(end - t);
        beginInsertRows(parentIndex, row, row + count - 1);
        m_structure.insertRows(parent, row, wanted.mid(t, count), next);
        endInsertRows();
        row += count;
        t = end;
    }
    // Inserted rows came with their whole subtree; only the rows that were there can lack children.
    for (const quintptr child : existing)
        insertNewRows(next, child);
}

} // namespace qs
