#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace qs {

/** The container runtimes whose containers can be targets ("docker:NAME/IF", "podman:NAME/IF"). */
enum class ContainerRuntimeKind { Docker, Podman };

/** One container as its runtime describes it. */
struct ContainerInfo
{
    ContainerRuntimeKind runtime = ContainerRuntimeKind::Docker;
    QString id;        ///< the full id (64 hex digits)
    QString name;      ///< without Docker's leading '/'
    QString image;
    QString state;     ///< "running", "exited", "paused", "created", …
    qint64 pid = 0;    ///< its init process in the host's PID namespace; 0 unless running (inspect only)
    QString startedAt; ///< when this instance started (inspect only): a restart is another instance
    QMap<QString, QString> labels;

    bool isRunning() const { return state == u"running" && pid > 0; }
    /** What tells this instance from another of the same container: its id and start time. */
    QString instance() const { return id + u'@' + startedAt; }
    /** {"runtime", "id", "name", "image", "state", "lab", "node"}: what a targets list says of it. */
    QJsonObject toJson() const;
    static std::optional<ContainerInfo> fromJson(const QJsonObject &object);
    /** containerlab's node: its lab (label "containerlab") and node name ("clab-node-name"); empty when not one. */
    QString labName() const { return labels.value(QStringLiteral("containerlab")); }
    QString nodeName() const { return labels.value(QStringLiteral("clab-node-name")); }
};

/**
 * A container runtime's own API over its unix socket: the Docker Engine API, or Podman's
 * Docker-compatible API (the same paths and answers). No CLI is spawned and no shell is used.
 * The socket: $DOCKER_HOST (unix://…) or /var/run/docker.sock; $CONTAINER_HOST (unix://…) or
 * /run/podman/podman.sock (Podman's API service, `systemctl start podman.socket`).
 */
class ContainerRuntime
{
    Q_DECLARE_TR_FUNCTIONS(qs::ContainerRuntime)

public:
    /** Why an answer could not be had; each has its own sentence. */
    enum class Failure { None, RuntimeMissing, PermissionDenied, NoSuchContainer, NotRunning, Failed };

    explicit ContainerRuntime(ContainerRuntimeKind kind);

    ContainerRuntimeKind kind() const { return m_kind; }
    /** "docker", "podman": the prefix of its targets. */
    static QString prefix(ContainerRuntimeKind kind);
    /** "Docker", "Podman": its name in sentences. */
    static QString displayName(ContainerRuntimeKind kind);
    /** The runtime a target prefix names ("docker", "podman"). */
    static std::optional<ContainerRuntimeKind> fromPrefix(QStringView prefix);
    static QList<ContainerRuntimeKind> all() { return {ContainerRuntimeKind::Docker, ContainerRuntimeKind::Podman}; }

    QString socketPath() const { return m_socket; }
    /** Whether something could answer: the socket exists (asking costs more). */
    bool seemsPresent() const;

    /** Every container, running or not; nullopt with @p error and @p failure. */
    std::optional<QList<ContainerInfo>> list(QString *error, Failure *failure = nullptr) const;
    /** One container by name or id, with its init PID when it runs. */
    std::optional<ContainerInfo> inspect(const QString &nameOrId, QString *error, Failure *failure = nullptr) const;

    /** Container names and ids as the runtimes allow them: [a-zA-Z0-9][a-zA-Z0-9_.-]*, at most 253 characters. */
    static bool isValidName(QStringView name);

private:
    ContainerRuntimeKind m_kind;
    QString m_socket;
};

} // namespace qs
