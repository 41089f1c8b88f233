#include "containerruntime.h"

#include "unixhttp.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <algorithm>

namespace qs {

namespace {

/** The Engine API version both answer to: Docker 20.10 (Debian 12) speaks 1.41, Podman 4's compatible API too. */
constexpr char ApiPrefix[] = "/v1.41";

QString socketFromEnvironment(const char *variable, const QString &fallback)
{
    const QString value = qEnvironmentVariable(variable);
    return value.startsWith(u"unix://") ? value.mid(7) : fallback;
}

QMap<QString, QString> labelsOf(const QJsonValue &value)
{
    QMap<QString, QString> labels;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it)
        labels.insert(it.key(), it.value().toString());
    return labels;
}

} // namespace

QJsonObject ContainerInfo::toJson() const
{
    QJsonObject o{{QStringLiteral("runtime"), ContainerRuntime::prefix(runtime)}, {QStringLiteral("id"), id},
                  {QStringLiteral("name"), name}, {QStringLiteral("image"), image}, {QStringLiteral("state"), state}};
    if (!startedAt.isEmpty())
        o.insert(QStringLiteral("startedAt"), startedAt);
    if (!labName().isEmpty())
        o.insert(QStringLiteral("lab"), labName());
    if (!nodeName().isEmpty())
        o.insert(QStringLiteral("node"), nodeName());
    return o;
}

std::optional<ContainerInfo> ContainerInfo::fromJson(const QJsonObject &o)
{
    const std::optional<ContainerRuntimeKind> kind = ContainerRuntime::fromPrefix(o.value(QStringLiteral("runtime")).toString());
    if (!kind)
        return std::nullopt;
    ContainerInfo info;
    info.runtime = *kind;
    info.id = o.value(QStringLiteral("id")).toString();
    info.name = o.value(QStringLiteral("name")).toString();
    info.image = o.value(QStringLiteral("image")).toString();
    info.state = o.value(QStringLiteral("state")).toString();
    info.startedAt = o.value(QStringLiteral("startedAt")).toString();
    if (o.contains(QStringLiteral("lab")))
        info.labels.insert(QStringLiteral("containerlab"), o.value(QStringLiteral("lab")).toString());
    if (o.contains(QStringLiteral("node")))
        info.labels.insert(QStringLiteral("clab-node-name"), o.value(QStringLiteral("node")).toString());
    return info;
}

ContainerRuntime::ContainerRuntime(ContainerRuntimeKind kind) : m_kind(kind)
{
    m_socket = kind == ContainerRuntimeKind::Docker ? socketFromEnvironment("DOCKER_HOST", QStringLiteral("/var/run/docker.sock"))
                                                    : socketFromEnvironment("CONTAINER_HOST", QStringLiteral("/run/podman/podman.sock"));
}

QString ContainerRuntime::prefix(ContainerRuntimeKind kind)
{
    return kind == ContainerRuntimeKind::Docker ? QStringLiteral("docker") : QStringLiteral("podman");
}

QString ContainerRuntime::displayName(ContainerRuntimeKind kind)
{
    return kind == ContainerRuntimeKind::Docker ? QStringLiteral("Docker") : QStringLiteral("Podman");
}

std::optional<ContainerRuntimeKind> ContainerRuntime::fromPrefix(QStringView prefix)
{
    for (const ContainerRuntimeKind kind : all())
        if (prefix == ContainerRuntime::prefix(kind))
            return kind;
    return std::nullopt;
}

bool ContainerRuntime::seemsPresent() const
{
    return QFileInfo(m_socket).exists();
}

bool ContainerRuntime::isValidName(QStringView name)
{
    if (name.isEmpty() || name.size() > 253 || !name.front().isLetterOrNumber() || name.front().unicode() > 0x7F)
        return false;
    return std::all_of(name.begin(), name.end(), [](QChar c) {
        return c.unicode() < 0x80 && (c.isLetterOrNumber() || c == u'_' || c == u'.' || c == u'-');
    });
}

namespace {

/** The runtime's answer as JSON, or a sentence saying why there is none. */
std::optional<QJsonDocument> ask(const ContainerRuntime &runtime, const QByteArray &path, const QString &container, QString *error,
                                 ContainerRuntime::Failure *failure)
{
    const auto fail = [&](ContainerRuntime::Failure why, const QString &text) -> std::optional<QJsonDocument> {
        if (failure)
            *failure = why;
        *error = text;
        return std::nullopt;
    };
    const QString name = ContainerRuntime::displayName(runtime.kind());
    const UnixHttpResponse answer = unixHttpGet(runtime.socketPath(), ApiPrefix + path);
    switch (answer.failure) {
    case UnixHttpResponse::Failure::None:
        break;
    case UnixHttpResponse::Failure::NoSocket:
        return fail(ContainerRuntime::Failure::RuntimeMissing,
                    runtime.kind() == ContainerRuntimeKind::Docker
                        //: %1 is a socket path
                        ? ContainerRuntime::tr("Docker is not running here (nothing listens on %1); start it (systemctl start docker) or set DOCKER_HOST")
                              .arg(runtime.socketPath())
                        //: %1 is a socket path
                        : ContainerRuntime::tr("Podman's API service is not running here (nothing listens on %1); start it (systemctl start "
                                               "podman.socket) or set CONTAINER_HOST")
                              .arg(runtime.socketPath()));
    case UnixHttpResponse::Failure::PermissionDenied:
        //: %1 is Docker or Podman, %2 a socket path
        return fail(ContainerRuntime::Failure::PermissionDenied,
                    ContainerRuntime::tr("%1 refuses this user (permission denied on %2): run as root, through the helper, or as a member "
                                         "of the runtime's group")
                        .arg(name, runtime.socketPath()));
    case UnixHttpResponse::Failure::Failed:
        //: %1 is Docker or Podman, %2 what went wrong
        return fail(ContainerRuntime::Failure::Failed, ContainerRuntime::tr("cannot ask %1: %2").arg(name, answer.error));
    }
    if (answer.status == 404 && !container.isEmpty())
        //: %1 is Docker or Podman, %2 a container name
        return fail(ContainerRuntime::Failure::NoSuchContainer,
                    ContainerRuntime::tr("%1 has no container \"%2\"").arg(name, container));
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(answer.body, &parseError);
    if (answer.status != 200 || parseError.error != QJsonParseError::NoError) {
        const QString said = document.object().value(QStringLiteral("message")).toString().left(300);
        //: %1 is Docker or Podman, %2 an HTTP status, %3 the runtime's message
        return fail(ContainerRuntime::Failure::Failed, ContainerRuntime::tr("%1 answered %2: %3")
                                                           .arg(name)
                                                           .arg(answer.status)
                                                           .arg(said.isEmpty() ? QString::fromUtf8(answer.body.left(200)) : said));
    }
    if (failure)
        *failure = ContainerRuntime::Failure::None;
    return document;
}

} // namespace

std::optional<QList<ContainerInfo>> ContainerRuntime::list(QString *error, Failure *failure) const
{
    const std::optional<QJsonDocument> document = ask(*this, "/containers/json?all=1", {}, error, failure);
    if (!document)
        return std::nullopt;
    QList<ContainerInfo> containers;
    for (const QJsonValue &value : document->array()) {
        const QJsonObject o = value.toObject();
        ContainerInfo info;
        info.runtime = m_kind;
        info.id = o.value(QStringLiteral("Id")).toString();
        QString name = o.value(QStringLiteral("Names")).toArray().first().toString();
        if (name.startsWith(u'/'))
            name.remove(0, 1);
        info.name = name;
        info.image = o.value(QStringLiteral("Image")).toString();
        info.state = o.value(QStringLiteral("State")).toString();
        info.labels = labelsOf(o.value(QStringLiteral("Labels")));
        if (!info.id.isEmpty())
            containers.append(info);
    }
    return containers;
}

std::optional<ContainerInfo> ContainerRuntime::inspect(const QString &nameOrId, QString *error, Failure *failure) const
{
    if (!isValidName(nameOrId)) {
        if (failure)
            *failure = Failure::NoSuchContainer;
        //: %1 is a container name as written
        *error = tr("\"%1\" is not a container name or id").arg(nameOrId.left(64));
        return std::nullopt;
    }
    const std::optional<QJsonDocument> document =
        ask(*this, "/containers/" + QUrl::toPercentEncoding(nameOrId) + "/json", nameOrId, error, failure);
    if (!document)
        return std::nullopt;
    const QJsonObject o = document->object();
    const QJsonObject state = o.value(QStringLiteral("State")).toObject();
    ContainerInfo info;
    info.runtime = m_kind;
    info.id = o.value(QStringLiteral("Id")).toString();
    info.name = o.value(QStringLiteral("Name")).toString();
    if (info.name.startsWith(u'/'))
        info.name.remove(0, 1);
    info.image = o.value(QStringLiteral("Config")).toObject().value(QStringLiteral("Image")).toString();
    info.state = state.value(QStringLiteral("Status")).toString();
    info.pid = state.value(QStringLiteral("Running")).toBool() ? qint64(state.value(QStringLiteral("Pid")).toDouble()) : 0;
    info.startedAt = state.value(QStringLiteral("StartedAt")).toString();
    info.labels = labelsOf(o.value(QStringLiteral("Config")).toObject().value(QStringLiteral("Labels")));
    if (info.id.isEmpty()) {
        if (failure)
            *failure = Failure::Failed;
        //: %1 is Docker or Podman
        *error = tr("%1 described the container without an id").arg(displayName(m_kind));
        return std::nullopt;
    }
    return info;
}

} // namespace qs
