#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace qs {

namespace {
bool hasShortcut(const QAction *action)
{
    return !action->isSeparator() && !action->shortcuts().isEmpty();
}

/** @p menu's own actions with a shortcut, then those of its submenus, each action once. */
QList<const QAction *> menuActions(const QMenu *menu, QList<const QAction *> *listed)
{
    QList<const QAction *> found;
    for (const QAction *action : menu->actions()) {
        if (const QMenu *sub = action->menu())
            found += menuActions(sub, listed);
        else if (hasShortcut(action) && !listed->contains(action)) {
            listed->append(action);
            found.append(action);
        }
    }
    return found;
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QMainWindow *window, QWidget *parent) : QDialog(parent ? parent : window), m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    //: title of Help ▸ Keyboard shortcuts
    setWindowTitle(tr("Keyboard shortcuts"));
    m_list->setObjectName(QStringLiteral("shortcuts"));
    m_list->setColumnCount(2);
    //: the keyboard shortcuts list's columns: what a key does, and the key
    m_list->setHeaderLabels({tr("Action"), tr("Shortcut")});
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::NoSelection);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(false);

    // The menus first, in the menu bar's order; then keys that live elsewhere (the tree's toolbar).
    QList<const QAction *> listed;
    for (const QAction *entry : window->menuBar()->actions()) {
        if (const QMenu *menu = entry->menu())
            addSection(actionName(entry), menuActions(menu, &listed));
    }
    QList<const QAction *> others;
    for (const QAction *action : window->findChildren<QAction *>()) {
        if (hasShortcut(action) && !listed.contains(action))
            others.append(action);
    }
    //: the keyboard shortcuts list's section of keys that are in no menu (the tree's toolbar)
    addSection(tr("Elsewhere"), others);
    m_list->expandAll();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_list);
    layout->addWidget(buttons);
    resize(560, 480);
}

QString ShortcutsDialog::keysText(const QAction *action)
{
    QStringList keys;
    for (const QKeySequence &key : action->shortcuts())
        keys.append(key.toString(QKeySequence::NativeText));
    return keys.join(QStringLiteral(", "));
}

QString ShortcutsDialog::actionName(const QAction *action)
{
    // iconText() is the text without its mnemonic; Undo and Redo set it, as their text names the step.
    return action->iconText();
}

void ShortcutsDialog::addSection(const QString &title, const QList<const QAction *> &actions)
{
    if (actions.isEmpty())
        return;
    auto *section = new QTreeWidgetItem(m_list, {title});
    section->setFirstColumnSpanned(true);
    QFont bold = section->font(0);
    bold.setBold(true);
    section->setFont(0, bold);
    for (const QAction *action : actions)
        new QTreeWidgetItem(section, {actionName(action), keysText(action)});
}

} // namespace qs
