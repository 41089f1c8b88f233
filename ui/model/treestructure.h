#pragma once

#include "model/qdisctree.h"
#include "noderef.h"

#include <QHash>
#include <QList>
#include <QString>

namespace qs {

/**
 * Serial numbers that follow the nodes of a QdiscTree through edits, one per entry of each of
 * its lists. A row's QModelIndex carries its node's serial, so an index stays meaningful while
 * the lists around the node shrink or grow.
 */
struct NodeSerials
{
    QList<quintptr> qdiscs;
    QList<quintptr> classes;
    QList<quintptr> filters;
};

/** One row: the node, where it sits, and everything the model shows of it. */
struct TreeEntry
{
    NodeRef ref;
    qsizetype position = -1; ///< in the tree's list of the node's type
    quintptr parent = 0;
    int row = -1; ///< index in the parent's children (kept so that parent() is O(1))
    QList<quintptr> children;

    QString name;
    QString summary;
    QString kind;
    QString validation;
    quint64 statsKey = 0;
    bool foreign = false;

    /** Whether a view would see the same row (the ref included: roles expose it). */
    bool showsSameAs(const TreeEntry &other) const;
};

/**
 * The hierarchy a QdiscTree derives, keyed by node serial, with the invisible root at
 * RootSerial. Built in one go from a tree, or changed row by row while the model moves from one
 * build to the next between its begin/end signals.
 */
class TreeStructure
{
public:
    static constexpr quintptr RootSerial = 0;

    TreeStructure();
    static TreeStructure build(const QdiscTree &tree, const NodeSerials &serials);

    bool contains(quintptr serial) const { return m_entries.contains(serial); }
    /** nullptr for an unknown serial. */
    const TreeEntry *entry(quintptr serial) const;
    const QList<quintptr> &children(quintptr serial) const;
    int rowOf(quintptr serial) const;

    /** Removes children @p first … @p last of @p parent with everything below them. */
    void removeRows(quintptr parent, int first, int last);
    /** Inserts @p serials, with their subtrees as @p source has them, at @p row under @p parent. */
    void insertRows(quintptr parent, int row, const QList<quintptr> &serials,
                    const TreeStructure &source);
    /**
     * Takes the position, ref and texts of every row present here from @p source (which must
     * hold them all) and returns the rows that now show something else.
     */
    QList<quintptr> adoptDetails(const TreeStructure &source);

private:
    void placeAll(const QdiscTree &tree, const NodeSerials &serials);
    void breakCycles(const QList<quintptr> &order);
    void eraseSubtree(quintptr serial);
    void copySubtree(quintptr serial, const TreeStructure &source);
    void renumber(quintptr parent, int from);

    QHash<quintptr, TreeEntry> m_entries;
};

} // namespace qs
