#include "treeview.h"

#include "tc/tcsummary.h"

#include <QHeaderView>

namespace qs {

TreeView::TreeView(QWidget *parent) : QTreeWidget(parent)
{
    setColumnCount(2);
    setHeaderLabels({tr("Node"), tr("What it does")});
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
}

void TreeView::setTree(const QdiscTree &tree)
{
    clear();
    if (tree.isEmpty()) {
        auto *item = new QTreeWidgetItem(this, {tr("root"), tr("the device's default qdisc")});
        item->setDisabled(true);
        return;
    }
    for (const QdiscNode &node : tree.qdiscs) {
        if (node.parent.isRoot() || node.parent.isIngressParent())
            addQdisc(invisibleRootItem(), tree, node);
    }
    expandAll();
}

void TreeView::addQdisc(QTreeWidgetItem *parent, const QdiscTree &tree, const QdiscNode &node)
{
    const QString where = node.parent.isRoot() ? tr("root") : node.parent.isIngressParent() ? tr("incoming") : node.parent.toString();
    const QString handle = node.handle.isUnspec() ? QString() : QStringLiteral(" %1").arg(node.handle.toString());
    auto *item = new QTreeWidgetItem(parent, {QStringLiteral("%1%2 %3").arg(where, handle, qdiscKindName(node.kind())), TcSummary::qdisc(node)});
    if (node.handle.isUnspec())
        return;
    addClassesOf(item, tree, node.handle);
    // Inner qdiscs of netem, tbf and prio bands hang from MAJOR:MINOR without a class node.
    for (const QdiscNode &child : tree.qdiscs) {
        if (child.parent.major() == node.handle.major() && child.parent.minor() != 0 && !child.parent.isRoot() &&
            !child.parent.isIngressParent() && !tree.findClass(child.parent))
            addQdisc(item, tree, child);
    }
    for (const U32Filter &filter : tree.filters) {
        if (filter.parent == node.handle || (node.kind() == QdiscKind::Clsact && filter.parent.major() == 0xFFFF))
            new QTreeWidgetItem(item, {tr("filter prio %1").arg(filter.prio), TcSummary::filter(filter)});
    }
}

void TreeView::addClassesOf(QTreeWidgetItem *parent, const QdiscTree &tree, TcHandle parentId)
{
    for (const ClassNode &node : tree.classes) {
        if (node.parent != parentId)
            continue;
        auto *item = new QTreeWidgetItem(parent, {tr("class %1").arg(node.classId.toString()), TcSummary::htbClass(node)});
        addClassesOf(item, tree, node.classId);
        for (const QdiscNode &child : tree.qdiscs) {
            if (child.parent == node.classId)
                addQdisc(item, tree, child);
        }
    }
}

} // namespace qs
