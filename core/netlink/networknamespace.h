#pragma once

#include "containers/containerruntime.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace qs {

/**
 * An open network namespace, named the way targets name it (the part before '/'): empty for
 * the process's own, NAME for /run/netns/NAME, RUNTIME:CONTAINER ("docker:r1", "podman:web")
 * for the namespace of a running container.
 *
 * A container's namespace is reached through its init process without any race a reused PID
 * could win: the runtime's API names the PID, a pidfd pins that process, the namespace is opened
 * through /proc, and the runtime is asked again — same container, same PID, still running — and
 * the pidfd must still be alive after the namespace was opened. The pidfd stays with the handle,
 * so isCurrent() tells at any later time whether the container still runs: a container stopped
 * or restarted since is never changed through an old handle (a socket would keep its namespace
 * alive after the container is gone).
 */
class NetworkNamespace
{
    Q_DECLARE_TR_FUNCTIONS(qs::NetworkNamespace)

public:
    NetworkNamespace() = default;
    ~NetworkNamespace();
    NetworkNamespace(NetworkNamespace &&other) noexcept;
    NetworkNamespace &operator=(NetworkNamespace &&other) noexcept;
    NetworkNamespace(const NetworkNamespace &) = delete;
    NetworkNamespace &operator=(const NetworkNamespace &) = delete;

    /** The namespace @p name names; nullopt with a sentence (a missing runtime, a stopped container, a permission problem each have their own). */
    static std::optional<NetworkNamespace> open(const QString &name, QString *error, ContainerRuntime::Failure *failure = nullptr);

    /** "docker:NAME" and "podman:NAME": the runtime and the container; nullopt for anything else. */
    static std::optional<std::pair<ContainerRuntimeKind, QString>> containerOf(QStringView name);
    /** @p name is a container's ("docker:…", "podman:…"). */
    static bool isContainer(QStringView name) { return containerOf(name).has_value(); }
    /** The name of @p container's namespace, as targets write it: "docker:r1". */
    static QString nameOf(const ContainerInfo &container);

    QString name() const { return m_name; }
    /** The process's own namespace: no descriptor, nothing to enter. */
    bool isOwn() const { return m_fd < 0; }
    /** The namespace file's descriptor (setns), -1 for the own one. */
    int fd() const { return m_fd; }
    /** The container whose namespace this is, as it was when opened. */
    const std::optional<ContainerInfo> &container() const { return m_container; }
    /**
     * Whether this is still the namespace the name means: for a container, its init process still
     * runs (a restart makes a new one); for the others, always (their files are checked elsewhere).
     */
    bool isCurrent() const;
    /**
     * What tells this instance from another under the same name: the container's id and start
     * time, empty for named namespaces (their cookie does it).
     */
    QString instance() const;

    /** Runs @p work with this thread inside the namespace, then back: for opening sockets there. */
    bool runInside(const std::function<void()> &work, QString *error) const;

private:
    QString m_name;
    int m_fd = -1;
    int m_pidfd = -1;
    std::optional<ContainerInfo> m_container;
};

} // namespace qs
