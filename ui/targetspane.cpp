#include "targetspane.h"

#include "netlink/networknamespace.h"
#include "remote/sshconfig.h"

#include <QTreeWidgetItemIterator>

#include <QHeaderView>
#include <QInputDialog>
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

    auto *addHost = new QToolButton(this);
    addHost->setObjectName(QStringLiteral("addHost"));
    addHost->setIcon(style()->standardIcon(QStyle::SP_DriveNetIcon));
    addHost->setToolTip(tr("Add a host reached over ssh: its interfaces are listed here and its helper makes the changes"));
    connect(addHost, &QToolButton::clicked, this, &TargetsPane::askForHost);

    auto *title = new QHBoxLayout;
    title->addWidget(new QLabel(tr("<b>Targets</b>"), this), 1);
    title->addWidget(addHost);
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

QTreeWidgetItem *TargetsPane::groupFor(const TargetInfo &t, QHash<QString, QTreeWidgetItem *> &groups)
{
    const auto make = [this](QTreeWidgetItem *parent, const QString &text, const QString &toolTip) {
        auto *item = parent ? new QTreeWidgetItem(parent, {text}) : new QTreeWidgetItem(m_list, {text});
        item->setToolTip(0, toolTip);
        item->setFlags(Qt::ItemIsEnabled);
        item->setExpanded(true);
        return item;
    };
    // Another host's targets under that host, grouped there as this machine's are at the top.
    QTreeWidgetItem *top = nullptr;
    if (!t.host.isEmpty()) {
        QTreeWidgetItem *&hostItem = groups[u'\x02' + t.host];
        if (!hostItem)
            hostItem = make(nullptr, t.host, tr("%1, reached over ssh: its helper makes the changes").arg(t.host));
        top = hostItem;
    }
    const QString key = t.host + u'\x03' + t.netns;
    QTreeWidgetItem *&group = groups[key];
    if (group)
        return group;
    if (top && t.netns.isEmpty()) {
        group = top;
        return group;
    }
    if (!t.container) {
        const QString label = m_namespaceLabels.value(t.netns);
        // A namespace by its name alone (the tooltip says what it is): names of other tools'
        // namespaces can be long. Not spanned across the row: the first column is then sized
        // to the group names too, so a long one widens it (the pane scrolls) instead of being cut.
        group = make(top, t.netns.isEmpty() ? tr("this machine") : label.isEmpty() ? t.netns : label,
                     t.netns.isEmpty() ? QString() : tr("namespace %1").arg(t.netns));
        return group;
    }
    // Containers under their runtime, containerlab's nodes under their lab.
    const ContainerInfo &c = *t.container;
    const QString runtimeKey = t.host + u'\x01' + ContainerRuntime::prefix(c.runtime);
    QTreeWidgetItem *&runtime = groups[runtimeKey];
    if (!runtime)
        //: a group of the targets pane: "Docker containers", "Podman containers"
        runtime = make(top, tr("%1 containers").arg(ContainerRuntime::displayName(c.runtime)), {});
    QTreeWidgetItem *parent = runtime;
    if (!c.labName().isEmpty()) {
        QTreeWidgetItem *&lab = groups[runtimeKey + u'\x01' + c.labName()];
        if (!lab)
            //: %1 is the name of a containerlab topology
            lab = make(runtime, tr("lab %1").arg(c.labName()), tr("containerlab topology %1").arg(c.labName()));
        parent = lab;
    }
    const QString name = c.nodeName().isEmpty() ? c.name : c.nodeName();
    //: %1 is a container (or containerlab node), %2 its image, %3 its state ("running", "exited")
    group = make(parent, c.state == u"running" ? name : tr("%1 (%2)").arg(name, c.state),
                 tr("container %1 (%2), image %3, %4").arg(c.name, c.id.left(12), c.image, c.state));
    if (c.state != u"running")
        group->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
    return group;
}

void TargetsPane::setTargets(const QList<TargetInfo> &targets, const QString &error)
{
    m_targets = targets;
    m_listError = error;
    for (const TargetInfo &t : targets)
        m_pendingHosts.removeAll(t.host);
    rebuild();
}

void TargetsPane::askForHost()
{
    bool ok = false;
    const QString host = QInputDialog::getItem(this, tr("Add a host"),
                                               tr("A host to reach over ssh, with your keys and ~/.ssh/config: a name, an alias, or "
                                                  "USER@HOST:PORT. Qdisc Studio and its helper must be installed there."),
                                               SshConfig::userHostAliases(), 0, true, &ok);
    if (ok && !host.trimmed().isEmpty())
        Q_EMIT hostRequested(host.trimmed());
}

void TargetsPane::setHostPending(const QString &host)
{
    m_hostErrors.remove(host);
    if (!m_pendingHosts.contains(host))
        m_pendingHosts.append(host);
    rebuild();
}

void TargetsPane::hostFailed(const QString &host, const QString &error)
{
    m_pendingHosts.removeAll(host);
    m_hostErrors.insert(host, error);
    rebuild();
}

void TargetsPane::hostReady(const QString &host)
{
    m_pendingHosts.removeAll(host);
    m_hostErrors.remove(host);
    rebuild();
}

void TargetsPane::rebuild()
{
    m_list->clear();
    QHash<QString, QTreeWidgetItem *> groups;
    for (const TargetInfo &t : std::as_const(m_targets)) {
        QTreeWidgetItem *group = groupFor(t, groups);
        if (t.device.isEmpty())
            continue; // a container that does not run: its group says so
        auto *item = new QTreeWidgetItem(group, {t.device, t.rootQdisc});
        item->setData(0, TargetRole, t.target());
        const QString state = t.up ? tr("up") : tr("down");
        item->setToolTip(0, t.peer.isEmpty() ? tr("%1 — %2, %3").arg(t.target(), t.type, state)
                                             //: %1 is a target, %2 its type, %3 up or down, %4 the target at the veth's other end
                                             : tr("%1 — %2, %3, linked to %4").arg(t.target(), t.type, state, t.peer));
        if (!t.peer.isEmpty() && t.container)
            //: an interface and where its veth leads, in the targets pane: "eth1 → node2/eth1"
            item->setText(0, tr("%1 → %2").arg(t.device, shortPeer(t.peer)));
        item->setIcon(0, style()->standardIcon(t.up ? QStyle::SP_DialogApplyButton : QStyle::SP_DialogCancelButton));
        if (!t.up)
            item->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
    }
    for (const QString &host : std::as_const(m_pendingHosts)) {
        //: a host of the targets pane while ssh logs in
        auto *item = new QTreeWidgetItem(m_list, {tr("%1 (connecting…)").arg(host)});
        item->setFlags(Qt::ItemIsEnabled);
        item->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
    }
    QStringList problems;
    if (!m_listError.isEmpty())
        problems.append(m_listError);
    for (auto it = m_hostErrors.cbegin(); it != m_hostErrors.cend(); ++it)
        problems.append(it.value());
    m_problem->setText(problems.join(u'\n'));
    m_problem->setVisible(!problems.isEmpty());
    setCurrentTarget(m_current);
}

QString TargetsPane::shortPeer(const QString &peer)
{
    // "docker:clab-lab1-node2/eth1" → "clab-lab1-node2/eth1": the runtime is the group's already.
    const std::optional<std::pair<ContainerRuntimeKind, QString>> container = NetworkNamespace::containerOf(peer.section(u'/', 0, 0));
    return container ? container->second + u'/' + peer.section(u'/', 1) : peer;
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
