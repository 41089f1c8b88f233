#pragma once

#include "netlink/tcengine.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QTreeWidget;

namespace qs {

/**
 * The interfaces a tree can go on: the root namespace's and every named namespace's, with
 * their type, state and current root qdisc. Choosing one loads the kernel's tree, whoever built it.
 */
class TargetsPane : public QWidget
{
    Q_OBJECT
public:
    explicit TargetsPane(QWidget *parent = nullptr);

    void setTargets(const QList<TargetInfo> &targets, const QString &error);
    /**
     * Marks @p target as the one being edited (without emitting targetChosen). A target not listed
     * yet (a namespace just made, the demo lab's link) is marked when a list that holds it comes.
     */
    void setCurrentTarget(const QString &target);
    /** The target marked as being edited, listed or not yet. */
    QString currentTarget() const;
    /** Every target listed, in the order shown. */
    QStringList targets() const;
    /** Shows namespace @p netns as @p label (its name goes to the tool tip), e.g. the demo lab's hosts. */
    void setNamespaceLabel(const QString &netns, const QString &label);

Q_SIGNALS:
    void targetChosen(const QString &target);
    void refreshRequested();

private:
    QTreeWidget *m_list;
    QLabel *m_problem;
    QHash<QString, QString> m_namespaceLabels;
    QString m_current;
};

} // namespace qs
