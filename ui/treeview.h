#pragma once

#include "model/qdisctree.h"

#include <QTreeWidget>

namespace qs {

/**
 * Shows one qdisc tree as the hierarchy the kernel builds: qdiscs, the classes below them,
 * the qdiscs hanging from those classes, and each qdisc's filters, with a one-line summary.
 */
class TreeView : public QTreeWidget
{
    Q_OBJECT

public:
    explicit TreeView(QWidget *parent = nullptr);

    void setTree(const QdiscTree &tree);

private:
    void addQdisc(QTreeWidgetItem *parent, const QdiscTree &tree, const QdiscNode &node);
    void addClassesOf(QTreeWidgetItem *parent, const QdiscTree &tree, TcHandle parentId);
};

} // namespace qs
