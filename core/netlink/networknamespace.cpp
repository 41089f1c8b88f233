#include "networknamespace.h"

#include "log/errnotext.h"
#include "model/qdisctree.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434 // Linux 5.3
#endif

namespace qs {

namespace {

/** A pidfd of @p pid, -1 when that process is gone. */
int pidfdOpen(qint64 pid)
{
    return int(::syscall(SYS_pidfd_open, pid_t(pid), 0));
}

bool pidfdAlive(int pidfd)
{
    pollfd p{pidfd, POLLIN, 0}; // readable once the process has exited
    return ::poll(&p, 1, 0) == 0;
}

void closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

/** The longest a container's PID may keep changing under us before we give up (a restart loop). */
constexpr int ResolveAttempts = 3;

} // namespace

NetworkNamespace::~NetworkNamespace()
{
    closeFd(m_fd);
    closeFd(m_pidfd);
}

NetworkNamespace::NetworkNamespace(NetworkNamespace &&other) noexcept
    : m_name(std::move(other.m_name)), m_fd(std::exchange(other.m_fd, -1)), m_pidfd(std::exchange(other.m_pidfd, -1)),
      m_container(std::move(other.m_container))
{
}

NetworkNamespace &NetworkNamespace::operator=(NetworkNamespace &&other) noexcept
{
    if (this != &other) {
        closeFd(m_fd);
        closeFd(m_pidfd);
        m_name = std::move(other.m_name);
        m_fd = std::exchange(other.m_fd, -1);
        m_pidfd = std::exchange(other.m_pidfd, -1);
        m_container = std::move(other.m_container);
    }
    return *this;
}

std::optional<std::pair<ContainerRuntimeKind, QString>> NetworkNamespace::containerOf(QStringView name)
{
    const qsizetype colon = name.indexOf(u':');
    if (colon <= 0)
        return std::nullopt;
    const std::optional<ContainerRuntimeKind> runtime = ContainerRuntime::fromPrefix(name.left(colon));
    if (!runtime)
        return std::nullopt;
    return std::pair{*runtime, name.mid(colon + 1).toString()};
}

QString NetworkNamespace::nameOf(const ContainerInfo &container)
{
    return ContainerRuntime::prefix(container.runtime) + u':' + container.name;
}

std::optional<NetworkNamespace> NetworkNamespace::open(const QString &name, QString *error, ContainerRuntime::Failure *failure)
{
    NetworkNamespace opened;
    opened.m_name = name;
    if (failure)
        *failure = ContainerRuntime::Failure::None;
    if (name.isEmpty())
        return opened;
    const auto container = containerOf(name);
    if (!container) {
        if (!isValidNetnsName(name)) {
            *error = tr("\"%1\" is not a network namespace name").arg(name.left(64));
            return std::nullopt;
        }
        opened.m_fd = ::open(QFile::encodeName(QStringLiteral("/run/netns/") + name).constData(), O_RDONLY | O_CLOEXEC);
        if (opened.m_fd < 0) {
            *error = tr("network namespace \"%1\" does not exist (%2)").arg(name, errnoText(errno));
            return std::nullopt;
        }
        return opened;
    }

    const auto &[kind, containerName] = *container;
    const ContainerRuntime runtime(kind);
    const QString runtimeName = ContainerRuntime::displayName(kind);
    for (int attempt = 0; attempt < ResolveAttempts; ++attempt) {
        std::optional<ContainerInfo> found = runtime.inspect(containerName, error, failure);
        if (!found)
            return std::nullopt;
        if (!found->isRunning()) {
            if (failure)
                *failure = ContainerRuntime::Failure::NotRunning;
            //: %1 is Docker or Podman, %2 a container, %3 its state ("exited", "created", "paused")
            *error = tr("%1 container \"%2\" is not running (%3): start it first").arg(runtimeName, containerName, found->state);
            return std::nullopt;
        }
        // Pin the process the runtime named, enter its namespace through /proc, then make sure
        // it was that process all along: the runtime still names the same PID for the same
        // container, and the pinned process has not exited.
        closeFd(opened.m_pidfd);
        closeFd(opened.m_fd);
        opened.m_pidfd = pidfdOpen(found->pid);
        if (opened.m_pidfd < 0)
            continue; // it exited between the two questions: ask again
        opened.m_fd = ::open(QStringLiteral("/proc/%1/ns/net").arg(found->pid).toLatin1().constData(), O_RDONLY | O_CLOEXEC);
        if (opened.m_fd < 0)
            continue;
        QString againError;
        const std::optional<ContainerInfo> again = runtime.inspect(found->id, &againError);
        if (!again || again->id != found->id || !again->isRunning() || again->pid != found->pid || !pidfdAlive(opened.m_pidfd))
            continue;
        opened.m_container = *again;
        return opened;
    }
    if (failure)
        *failure = ContainerRuntime::Failure::NotRunning;
    //: %1 is Docker or Podman, %2 a container
    *error = tr("%1 container \"%2\" kept changing its process while its namespace was opened (restarting?); try again").arg(runtimeName, containerName);
    return std::nullopt;
}

bool NetworkNamespace::isCurrent() const
{
    return m_pidfd < 0 || pidfdAlive(m_pidfd);
}

QString NetworkNamespace::instance() const
{
    return m_container ? m_container->instance() : QString();
}

bool NetworkNamespace::runInside(const std::function<void()> &work, QString *error) const
{
    if (isOwn()) {
        work();
        return true;
    }
    // What `tc -netns` does: enter the namespace for the work only, on this thread.
    const int own = ::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
    if (own < 0 || ::setns(m_fd, CLONE_NEWNET) != 0) {
        const int saved = errno;
        if (own >= 0)
            ::close(own);
        *error = tr("cannot enter network namespace \"%1\": %2").arg(m_name, errnoText(saved));
        return false;
    }
    work();
    const int saved = errno;
    if (::setns(own, CLONE_NEWNET) != 0)
        qFatal("cannot return to the original network namespace: %s", std::strerror(errno));
    ::close(own);
    errno = saved;
    return true;
}

} // namespace qs
