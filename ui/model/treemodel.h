#pragma once

#include "kinds/u32/u32params.h"

#include "model/qdisctree.h"
#include "noderef.h"
#include "treestructure.h"

#include <QAbstractItemModel>
#include <QList>

#include <functional>
#include <optional>

namespace qs {

/**
 * A QdiscTree as tc shows it: the root qdisc and the ingress (or clsact) qdisc at the top; below
 * a qdisc its classes, the inner qdiscs in its slots (netem and tbf MAJOR:1, prio bands) and
 * the filters in its block; below a class its child classes, its leaf qdisc and the filters of
 * its own block. Foreign qdiscs and filters show too, marked (IsForeignRole) and read-only.
 *
 * Edits go through the methods below, never through setData(): each emits the row signals of
 * what it inserts, removes and changes (only setTree() resets), then treeEdited().
 */
class TreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, SummaryColumn, LiveColumn, ColumnCount };

    enum Role {
        /** NodeRef: the node of the row. */
        NodeRefRole = Qt::UserRole + 1,
        /** QString: the kernel's kind ("netem"; "htb" for classes; "u32"; a foreign kind). */
        KindRole,
        /** quint64: nodeStatsKey(isClass, id); 0 for filters and qdiscs without a handle. */
        StatsKeyRole,
        /** bool: read from the kernel, beyond the model, kept as it is and not editable. */
        IsForeignRole,
        /** QString: the node's findings of QdiscTree::validate(), one a line; empty when fine. */
        ValidationRole,
    };
    Q_ENUM(Role)

    explicit TreeModel(QObject *parent = nullptr);

    /** Shows @p tree, with a model reset; treeEdited() is not emitted. */
    void setTree(const QdiscTree &tree);
    const QdiscTree &tree() const { return m_tree; }

    /** The row of @p ref as refAt() gives it; invalid when the tree has no such node. */
    QModelIndex indexOf(const NodeRef &ref) const;
    /**
     * The node of a row, in column 0's terms. Qdisc and class refs stay valid across every edit
     * that keeps the node; a filter ref is a position, which shifts when an earlier filter is
     * removed (indexOf() then finds nothing unless the filter moving up has the same parent).
     * Keep a QPersistentModelIndex to follow a row through any edit.
     */
    std::optional<NodeRef> refAt(const QModelIndex &index) const;

    /**
     * The kinds addQdisc() accepts at @p parent: at the top a root qdisc while there is none and
     * ingress / clsact while neither exists; below an htb class that is a leaf without a qdisc,
     * and below netem, tbf (one inner qdisc) and prio (one per band) while a slot is free.
     */
    QList<const QdiscKindOps *> kindsAllowedAt(const QModelIndex &parent) const;
    /**
     * Adds a qdisc of @p kind with default parameters at @p parent (see kindsAllowedAt()), with
     * the smallest free handle (ingress and clsact: ffff:). A netem, tbf or prio parent without
     * a handle gets one first: nothing could name its slot otherwise. Returns the new row, or an
     * invalid index when @p kind cannot go there.
     */
    QModelIndex addQdisc(const QModelIndex &parent, const QdiscKindOps &kind);
    /**
     * Adds an htb class (rate 1mbit) below an htb qdisc or below a class without a leaf qdisc
     * (the kernel would destroy that qdisc), with the smallest free id MAJOR:10, MAJOR:20, ….
     */
    QModelIndex addClass(const QModelIndex &parent);
    /**
     * Adds a filter of @p kind (what its Add menu entry creates: u32's match ip dport 80 0xffff)
     * to the block of a classful, ingress or clsact (its ingress hook) qdisc: protocol ip, prio 1
     * unless taken by another protocol or kind, flowid the first leaf class (htb), band 1 (prio)
     * or ffff:1 (ingress, clsact).
     */
    QModelIndex addFilter(const QModelIndex &parent, const FilterKindOps &kind = filterKindOf<U32Params>());
    /**
     * Removes a qdisc or class with everything below it, like the kernel's delete, or one u32
     * filter. Foreign filters cannot be removed: the planner never touches them.
     */
    bool removeNode(const QModelIndex &index);
    /**
     * Gives a qdisc the default parameters of @p kind, keeping its handle and parent, and removes
     * the children the new kind cannot hold. ingress and clsact only replace each other.
     * Returns false when nothing changed.
     */
    bool changeKind(const QModelIndex &index, const QdiscKindOps &kind);
    /**
     * New parameters of the qdisc's own kind (foreign qdiscs are read-only). Inner qdiscs the
     * change leaves without a slot (prio with fewer bands) are removed, as the kernel does.
     */
    bool setQdiscParams(const QModelIndex &index, const QdiscParams &params);
    bool setClassParams(const QModelIndex &index, const ClassParams &params);
    /** Replaces a u32 filter; a new parent moves its row. */
    bool setFilter(const QModelIndex &index, const Filter &filter);

    /**
     * Visits every row in column 0, the rows below a row before the row itself: @p visit gets the
     * row, its entry (texts, kind, statistics key) and whether it accepted any row below, and
     * answers whether it accepts the row. A filter over 50 000 rows this way looks nothing up
     * and makes no QVariant per row.
     */
    void visitRows(const std::function<bool(const QModelIndex &row, const TreeEntry &entry, bool acceptedBelow)> &visit) const;

    QModelIndex index(int row, int column,
                      const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    /** After every edit through this model's methods (not after setTree()). */
    void treeEdited();

private:
    const TreeEntry *entryAt(const QModelIndex &index) const;
    bool visitBelow(const TreeEntry &parent, const std::function<bool(const QModelIndex &, const TreeEntry &, bool)> &visit) const;
    quintptr serialAt(const QModelIndex &index) const;
    QModelIndex indexOfSerial(quintptr serial, int column = NameColumn) const;
    quintptr newSerial();
    NodeSerials serialsAfterRemoval(const QdiscTree &next);
    QModelIndex appendNode(QdiscTree next, QList<quintptr> NodeSerials::*list);
    bool replaceQdiscParams(quintptr serial, const QdiscParams &params);

    void commit(QdiscTree next, NodeSerials serials, quintptr edited = TreeStructure::RootSerial);
    void removeVanishedRows(const TreeStructure &next, quintptr parent);
    void insertNewRows(const TreeStructure &next, quintptr parent);

    QdiscTree m_tree;
    NodeSerials m_serials;
    TreeStructure m_structure;
    quintptr m_nextSerial = TreeStructure::RootSerial + 1;
};

} // namespace qs
