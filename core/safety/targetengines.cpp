#include "targetengines.h"

#include "netlink/links.h"
#include "netlink/networknamespace.h"

#include <QFile>

#include <sys/socket.h>
#include <sys/stat.h>

#ifndef SO_NETNS_COOKIE
#define SO_NETNS_COOKIE 71 // Linux 5.14
#endif

namespace qs {

namespace {
constexpr int IdleCloseMs = 3000;
constexpr int DeviceCheckMs = 1000;
}

TargetEngines::TargetEngines(QObject *parent) : QObject(parent)
{
    m_sweep.setInterval(IdleCloseMs);
    connect(&m_sweep, &QTimer::timeout, this, &TargetEngines::closeIdle);
}

TargetEngines::~TargetEngines() = default;

quint64 TargetEngines::netnsInode(const QString &netns)
{
    const QByteArray path = QFile::encodeName(netns.isEmpty() ? QStringLiteral("/proc/self/ns/net") : QStringLiteral("/run/netns/") + netns);
    struct stat info{};
    return ::stat(path.constData(), &info) == 0 ? quint64(info.st_ino) : 0;
}

quint64 TargetEngines::netnsCookie(int socketFd)
{
    quint64 cookie = 0;
    socklen_t length = sizeof(cookie);
    return ::getsockopt(socketFd, SOL_SOCKET, SO_NETNS_COOKIE, &cookie, &length) == 0 ? cookie : 0;
}

bool TargetEngines::stillValid(const QString &target, Entry &entry, DeviceCheck check)
{
    QString netns;
    QString device;
    QdiscTree::splitTarget(target, &netns, &device);
    // A container's namespace has no file to look at: its init process must still run.
    const bool sameNamespace = NetworkNamespace::isContainer(netns) ? entry.engine->namespaceIsCurrent() : netnsInode(netns) == entry.netnsInode;
    if (!sameNamespace)
        return false;
    if (check == DeviceCheck::AtMostOncePerSecond && entry.lastDeviceCheck.isValid() && entry.lastDeviceCheck.elapsed() < DeviceCheckMs)
        return true;
    entry.lastDeviceCheck.start();
    return Links(entry.engine->socket()).name(entry.identity.ifindex) == device;
}

TcEngine *TargetEngines::engineFor(const QString &target, QString *error, DeviceCheck check)
{
    auto it = m_engines.find(target);
    if (it != m_engines.end() && !stillValid(target, it->second, check)) {
        m_engines.erase(it);
        it = m_engines.end();
    }
    if (it == m_engines.end()) {
        QString netns;
        QString device;
        QdiscTree::splitTarget(target, &netns, &device);
        const quint64 inode = netnsInode(netns);
        auto engine = TcEngine::open(target, error);
        if (!engine)
            return nullptr;
        const TargetIdentity identity{netnsCookie(engine->socket().fd()), engine->ifindex(), engine->namespaceInstance()};
        it = m_engines.emplace(target, Entry{std::move(engine), identity, inode, {}, {}}).first;
        it->second.lastDeviceCheck.start();
    }
    it->second.lastUse.start();
    if (!m_sweep.isActive())
        m_sweep.start();
    return it->second.engine.get();
}

bool TargetEngines::dropIfStale(const QString &target)
{
    const auto it = m_engines.find(target);
    if (it == m_engines.end() || stillValid(target, it->second, DeviceCheck::Now))
        return false;
    m_engines.erase(it);
    return true;
}

TargetIdentity TargetEngines::identityOf(const QString &target) const
{
    const auto it = m_engines.find(target);
    return it == m_engines.end() ? TargetIdentity{} : it->second.identity;
}

void TargetEngines::closeIdle()
{
    std::erase_if(m_engines, [](const auto &entry) { return entry.second.lastUse.elapsed() >= IdleCloseMs; });
    if (m_engines.empty())
        m_sweep.stop();
}

void TargetEngines::closeIn(const QStringList &namespaces)
{
    std::erase_if(m_engines, [&](const auto &entry) {
        QString netns;
        QString device;
        QdiscTree::splitTarget(entry.first, &netns, &device);
        return !netns.isEmpty() && namespaces.contains(netns);
    });
    if (m_engines.empty())
        m_sweep.stop();
}

void TargetEngines::closeAll()
{
    m_engines.clear();
    m_sweep.stop();
}

} // namespace qs
