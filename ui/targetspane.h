#pragma once

#include "netlink/tcengine.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace qs {

/**
 * The interfaces a tree can go on: the root namespace's, every named namespace's and every
 * container's (grouped by runtime, containerlab's nodes by lab), with their type, state, current
 * root qdisc and a veth's other end. Choosing one loads the kernel's tree, whoever built it.
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
    /**
     * Asks for a host to reach over ssh (a name, an alias of ~/.ssh/config, `user@host:port`) and
     * emits hostRequested() with it; the Add host button does this.
     */
    void askForHost();
    /** @p host is being reached: listed as connecting until a list holds it or hostFailed() says why not. */
    void setHostPending(const QString &host);
    void hostFailed(const QString &host, const QString &error);
    /** @p host answered: no longer "connecting", whatever its list holds. */
    void hostReady(const QString &host);

Q_SIGNALS:
    void targetChosen(const QString &target);
    void refreshRequested();
    void hostRequested(const QString &host);

private:
    /** The group @p t is listed under, made on first use: its namespace, or its container under its runtime (and lab). */
    QTreeWidgetItem *groupFor(const TargetInfo &t, QHash<QString, QTreeWidgetItem *> &groups);
    /** A peer target as the pane shows it beside an interface. */
    static QString shortPeer(const QString &peer);

    QTreeWidget *m_list;
    QLabel *m_problem;
    QHash<QString, QString> m_namespaceLabels;
    QString m_current;
    QList<TargetInfo> m_targets;  ///< the last list, shown again when a host's state changes
    QString m_listError;
    QStringList m_pendingHosts;   ///< hosts being reached, not listed yet
    QHash<QString, QString> m_hostErrors;

    void rebuild();
};

} // namespace qs
