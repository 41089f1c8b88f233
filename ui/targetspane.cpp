#include "targetspane.h"

#include <QTreeWidgetItemIterator>

#include <QHeaderView>
#include <QLabel>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace qs {

namespace {
constexpr int TargetRole = Qt::UserRole + 1;
}

TargetsPane::TargetsPane(QWidget *parent) : QWidget(parent), m_list(new QTreeWidget(this)), m_problem(new QLabel(this))
{
    m_list->setObjectName(QStringLiteral("targets"));
    m_list->setHeaderLabels({tr("Interface"), tr("Root qdisc")});
    m_list->setRootIsDecorated(true);
    m_list->setUniformRowHeights(true);
    // Both columns as wide as their texts: a narrow pane scrolls sideways rather than cutting
    // interface names to "l…".
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_list->setToolTip(tr("Interfaces of this machine and of its network namespaces. Choose one to load the tree "
                          "the kernel holds on it, whoever built it."));
    m_problem->setWordWrap(true);
    m_problem->hide();

    auto *refresh = new QToolButton(this);
    refresh->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    refresh->setToolTip(tr("List the interfaces again (F5)"));
    refresh->setShortcut(QKeySequence::Refresh);
    connect(refresh, &QToolButton::clicked, this, &TargetsPane::refreshRequested);

    auto *title = new QHBoxLayout;
    title->addWidget(new QLabel(tr("<b>Targets</b>"), this), 1);
    title->addWidget(refresh);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(title);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_problem);

    const auto choose = [this](QTreeWidgetItem *item) {
        const QString target = item->data(0, TargetRole).toString();
        if (!target.isEmpty())
            Q_EMIT targetChosen(target);
    };
    connect(m_list, &QTreeWidget::itemActivated, this, choose);
    connect(m_list, &QTreeWidget::itemClicked, this, choose);
}

void TargetsPane::setTargets(const QList<TargetInfo> &targets, const QString &error)
{
    m_list->clear();
    QHash<QString, QTreeWidgetItem *> namespaces;
    for (const TargetInfo &t : targets) {
        QTreeWidgetItem *&group = namespaces[t.netns];
        if (!group) {
            const QString label = m_namespaceLabels.value(t.netns);
            // A namespace by its name alone (the tooltip says what it is): names of other tools'
            // namespaces can be long. Not spanned across the row: the first column is then sized
            // to the group names too, so a long one widens it (the pane scrolls) instead of being cut.
            group = new QTreeWidgetItem(m_list, {t.netns.isEmpty() ? tr("this machine") : label.isEmpty() ? t.netns : label});
            if (!t.netns.isEmpty())
                group->setToolTip(0, tr("namespace %1").arg(t.netns));
            group->setFlags(Qt::ItemIsEnabled);
            group->setExpanded(true);
        }
        auto *item = new QTreeWidgetItem(group, {t.device, t.rootQdisc});
        item->setData(0, TargetRole, t.target());
        item->setToolTip(0, tr("%1 — %2, %3").arg(t.target(), t.type, t.up ? tr("up") : tr("down")));
        item->setIcon(0, style()->standardIcon(t.up ? QStyle::SP_DialogApplyButton : QStyle::SP_DialogCancelButton));
        if (!t.up)
            item->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
    }
    m_problem->setText(error);
    m_problem->setVisible(!error.isEmpty());
    setCurrentTarget(m_current);
}

void TargetsPane::setCurrentTarget(const QString &target)
{
    m_current = target;
    for (QTreeWidgetItemIterator it(m_list); *it; ++it) {
        if ((*it)->data(0, TargetRole).toString() == target) {
            const QSignalBlocker blocker(m_list);
            m_list->setCurrentItem(*it);
            m_list->scrollToItem(*it);
            return;
        }
    }
}

void TargetsPane::setNamespaceLabel(const QString &netns, const QString &label)
{
    m_namespaceLabels.insert(netns, label);
}

QString TargetsPane::currentTarget() const
{
    return m_current;
}

QStringList TargetsPane::targets() const
{
    QStringList out;
    for (QTreeWidgetItemIterator it(m_list); *it; ++it) {
        const QString target = (*it)->data(0, TargetRole).toString();
        if (!target.isEmpty())
            out.append(target);
    }
    return out;
}

} // namespace qs
