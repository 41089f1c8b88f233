#pragma once

#include "profiles/profile.h"

#include <QMainWindow>

class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace qs {

class TreeView;

/**
 * The main window, first edition: the built-in presets and the user's profiles on the left,
 * the selected profile's tree in the middle and the tc commands it stands for below, copyable.
 * Pasted tc commands become a profile. Applying to the kernel arrives with the helper.
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

private:
    void reloadProfiles();
    void showProfile(int row);
    void importCommands();
    void saveImported(const QList<QdiscTree> &trees);
    void copyCommands();

    QListWidget *m_profiles;
    QLabel *m_description;
    TreeView *m_tree;
    QPlainTextEdit *m_commands;
    QList<Profile> m_shown;
};

} // namespace qs
