#pragma once

#include <QDialog>

class QAction;
class QMainWindow;
class QTreeWidget;

namespace qs {

/**
 * Help ▸ Keyboard shortcuts: every action of a window that has a shortcut, under the menu it is
 * in, read from the actions when the dialog opens, so the list is never older than the keys.
 */
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(QMainWindow *window, QWidget *parent = nullptr);

    /** The keys of @p action as the list shows them: "Ctrl+Shift+Z, Ctrl+Y". */
    static QString keysText(const QAction *action);
    /** What the list calls @p action: its text without mnemonics ("Save profile as…"). */
    static QString actionName(const QAction *action);

    QTreeWidget *list() const { return m_list; }

private:
    void addSection(const QString &title, const QList<const QAction *> &actions);

    QTreeWidget *m_list;
};

} // namespace qs
