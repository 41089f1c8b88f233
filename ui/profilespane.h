#pragma once

#include "profiles/profile.h"

#include <QWidget>

#include <functional>

class QListWidget;
class QLabel;

namespace qs {

/**
 * Built-in presets and the user's profiles: a double-click applies one; save, save as, rename,
 * delete, import and export work on the user's own (presets are read-only). A problem with a
 * file is shown in the pane, never as a popup that interrupts a demo.
 */
class ProfilesPane : public QWidget
{
    Q_OBJECT
public:
    explicit ProfilesPane(QWidget *parent = nullptr);

    /** Where "Save" and "Save as" take the tree from: the window's current tree. */
    void setTreeSource(std::function<QdiscTree()> source) { m_treeSource = std::move(source); }
    void reload();
    /**
     * Presets listed before the built-in ones, read-only like them (the demo lab's): they are
     * there only while this window shows them.
     */
    void setLeadingPresets(const QList<Profile> &presets);
    /** The selected profile, if any. */
    const Profile *current() const;
    bool isPreset(int row) const { return row >= 0 && row < m_presetCount; }
    /** Selects the profile named @p name; false when there is none. */
    bool select(const QString &name);

    // The actions, also reachable from menus and shortcuts.
    void saveCurrent();
    void saveAs(const QString &suggestedName = {});
    void renameCurrent();
    void deleteCurrent();
    void importFile();
    void exportCurrent();

Q_SIGNALS:
    void profileSelected(const qs::Profile &profile);
    void profileActivated(const qs::Profile &profile);
    void message(const QString &text);

private:
    /** Saves @p profile under @p name; reports and returns false on failure. */
    bool store(Profile profile, const QString &name);

    QListWidget *m_list;
    QLabel *m_problems;
    QList<Profile> m_profiles;
    QList<Profile> m_leadingPresets;
    int m_presetCount = 0;
    std::function<QdiscTree()> m_treeSource;
};

} // namespace qs
