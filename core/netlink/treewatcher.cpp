#include "treewatcher.h"

#include "model/qdisctree.h"
#include "netlink/links.h"
#include "netlink/netlinksocket.h"

#include <QSocketNotifier>

#include <linux/netlink.h>
#include <linux/rtnetlink.h>

namespace qs {

namespace {
// Long enough to gather one apply's notifications into a single signal, short enough to feel live.
constexpr int CoalesceMs = 20;
}

TreeWatcher::TreeWatcher(QObject *parent) : QObject(parent)
{
    m_flush.setSingleShot(true);
    m_flush.setInterval(CoalesceMs);
    connect(&m_flush, &QTimer::timeout, this, [this] {
        const QSet<QString> dirty = std::exchange(m_dirty, {});
        for (const QString &target : dirty)
            Q_EMIT treeChanged(target);
    });
}

TreeWatcher::~TreeWatcher() = default;

QStringList TreeWatcher::watchersOf(const QString &target) const
{
    QStringList clients;
    for (auto it = m_watches.cbegin(); it != m_watches.cend(); ++it)
        if (it->contains(target))
            clients.append(it.key());
    return clients;
}

void TreeWatcher::noteChanged(const QString &target)
{
    m_dirty.insert(target);
    if (!m_flush.isActive())
        m_flush.start();
}

bool TreeWatcher::watch(const QString &client, const QString &target, QString *error)
{
    QString netns;
    QString device;
    QdiscTree::splitTarget(target, &netns, &device);
    auto it = m_monitors.find(netns);
    if (it != m_monitors.end() && !it->second.ns.isCurrent()) {
        // Its container restarted: the socket listens to the old instance's namespace, which it
        // alone keeps alive. The targets watched there are watched in the new one from now on.
        m_monitors.erase(it);
        it = m_monitors.end();
    }
    if (it == m_monitors.end()) {
        Monitor monitor;
        std::optional<NetworkNamespace> ns = NetworkNamespace::open(netns, error);
        if (!ns)
            return false;
        monitor.ns = std::move(*ns);
        monitor.socket = NetlinkSocket::open(monitor.ns, error);
        if (!monitor.socket)
            return false;
        if (!monitor.socket->joinGroup(RTNLGRP_TC)) {
            *error = QStringLiteral("cannot subscribe to tc notifications in %1").arg(netns.isEmpty() ? QStringLiteral("the root namespace") : netns);
            return false;
        }
        it = m_monitors.emplace(netns, std::move(monitor)).first;
        Monitor &added = it->second;
        added.notifier = std::make_unique<QSocketNotifier>(added.socket->fd(), QSocketNotifier::Read);
        connect(added.notifier.get(), &QSocketNotifier::activated, this, [this, netns] {
            const auto found = m_monitors.find(netns);
            if (found != m_monitors.end())
                readNotifications(found->second);
        });
    }
    if (Links(*it->second.socket).ifindex(device) == 0) {
        *error = QStringLiteral("there is no interface \"%1\" in %2").arg(device, netns.isEmpty() ? QStringLiteral("the root namespace") : QStringLiteral("namespace \"%1\"").arg(netns));
        if (it->second.targetsByIfindex.isEmpty())
            m_monitors.erase(it);
        return false;
    }
    m_watches[client].insert(target);
    rebuildIndexes();
    return true;
}

void TreeWatcher::unwatchClient(const QString &client)
{
    if (m_watches.remove(client))
        rebuildIndexes();
}

void TreeWatcher::unwatchNamespaces(const QStringList &namespaces)
{
    for (auto it = m_watches.begin(); it != m_watches.end();) {
        it->removeIf([&](const QString &target) {
            QString netns;
            QString device;
            QdiscTree::splitTarget(target, &netns, &device);
            return !netns.isEmpty() && namespaces.contains(netns);
        });
        it = it->isEmpty() ? m_watches.erase(it) : std::next(it);
    }
    rebuildIndexes();
    for (const QString &netns : namespaces)
        m_monitors.erase(netns);
}

void TreeWatcher::rebuildIndexes()
{
    for (auto &[netns, monitor] : m_monitors)
        monitor.targetsByIfindex.clear();
    for (const QSet<QString> &targets : std::as_const(m_watches)) {
        for (const QString &target : targets) {
            QString netns;
            QString device;
            QdiscTree::splitTarget(target, &netns, &device);
            const auto it = m_monitors.find(netns);
            if (it == m_monitors.end())
                continue;
            if (const int index = Links(*it->second.socket).ifindex(device))
                it->second.targetsByIfindex.insert(index, target);
        }
    }
    // A namespace nobody watches any more is let go: our socket would keep it alive after `ip netns del`.
    std::erase_if(m_monitors, [](const auto &entry) { return entry.second.targetsByIfindex.isEmpty(); });
}

void TreeWatcher::readNotifications(Monitor &monitor)
{
    const bool complete = monitor.socket->drainNotifications([&](const nlmsghdr *message) {
        if (message->nlmsg_type < RTM_NEWQDISC || message->nlmsg_type > RTM_GETTFILTER)
            return;
        const auto *header = static_cast<const tcmsg *>(NLMSG_DATA(message));
        const auto target = monitor.targetsByIfindex.constFind(header->tcm_ifindex);
        if (target != monitor.targetsByIfindex.cend())
            noteChanged(*target);
    });
    if (!complete) // the kernel dropped notifications: any watched target may have changed
        for (const QString &target : std::as_const(monitor.targetsByIfindex))
            noteChanged(target);
}

} // namespace qs
