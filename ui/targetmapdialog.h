#pragma once

#include "profiles/targetmap.h"

#include <QDialog>
#include <QList>

class QComboBox;
class QLabel;
class QPushButton;

namespace qs {

/**
 * Asks onto which target each tree of a profile with several goes — the window's side of the
 * CLI's --map: one row per tree, the targets the window lists to choose from, and room to type
 * another (an ifb the tree creates). OK only while TargetMap accepts the choice.
 */
class TargetMapDialog : public QDialog
{
    Q_OBJECT

public:
    TargetMapDialog(const Profile &profile, const QStringList &knownTargets, const QString &chosenTarget, QWidget *parent = nullptr);

    TargetMap map() const;
    /** The profile's trees on the chosen targets, ifb trees first; valid once accepted. */
    QList<QdiscTree> trees() const { return m_trees; }

private:
    void check();

    Profile m_profile;
    QStringList m_sources;
    QList<QComboBox *> m_choices;
    QLabel *m_problem;
    QPushButton *m_ok;
    QList<QdiscTree> m_trees;
};

} // namespace qs
