#include "snapshotstore.h"

#include "model/treejson.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace qs {

SnapshotStore::SnapshotStore(QString directory) : m_directory(std::move(directory)) {}

QString SnapshotStore::pathFor(const QString &target) const
{
    // Target names hold '/' and any byte a namespace name may hold, up to 271 bytes: a hash is a
    // file name for every one of them (the target itself is written inside the file).
    return m_directory + u'/' + QString::fromLatin1(QCryptographicHash::hash(target.toUtf8(), QCryptographicHash::Sha256).toHex()) +
           QStringLiteral(".json");
}

std::optional<Snapshot> SnapshotStore::find(const QString &target, QString *error) const
{
    QFile file(pathFor(target));
    if (!file.exists())
        return std::nullopt;
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read the snapshot %1: %2").arg(file.fileName(), file.errorString());
        return std::nullopt;
    }
    QStringList errors;
    const QJsonObject o = TreeJson::parseObject(file.readAll(), QStringLiteral("a snapshot object"), &errors).value_or(QJsonObject());
    if (!errors.isEmpty() || !TreeJson::checkSchemaVersion(o, QStringLiteral("snapshot"), &errors)) {
        *error = file.fileName() + QStringLiteral(": ") + errors.join(u' ');
        return std::nullopt;
    }
    auto tree = TreeJson::fromJson(o.value(QStringLiteral("tree")), QStringLiteral("tree"), &errors);
    if (!tree) {
        *error = file.fileName() + QStringLiteral(": ") + errors.join(u' ');
        return std::nullopt;
    }
    Snapshot snapshot;
    snapshot.tree = std::move(*tree);
    snapshot.identity.netnsCookie = o.value(QStringLiteral("netnsCookie")).toString().toULongLong();
    snapshot.identity.ifindex = o.value(QStringLiteral("ifindex")).toInt();
    snapshot.identity.containerInstance = o.value(QStringLiteral("containerInstance")).toString();
    snapshot.taken = QDateTime::fromString(o.value(QStringLiteral("taken")).toString(), Qt::ISODateWithMs);
    return snapshot;
}

bool SnapshotStore::save(const QString &target, const Snapshot &snapshot, QString *error)
{
    if (!QDir().mkpath(m_directory)) {
        *error = QStringLiteral("cannot create %1").arg(m_directory);
        return false;
    }
    const QJsonObject o{{QStringLiteral("schemaVersion"), TreeJson::SchemaVersion},
                        {QStringLiteral("target"), target},
                        {QStringLiteral("netnsCookie"), QString::number(snapshot.identity.netnsCookie)},
                        {QStringLiteral("ifindex"), snapshot.identity.ifindex},
                        {QStringLiteral("containerInstance"), snapshot.identity.containerInstance},
                        {QStringLiteral("taken"), snapshot.taken.toUTC().toString(Qt::ISODateWithMs)},
                        {QStringLiteral("tree"), TreeJson::toJson(snapshot.tree)}};
    QSaveFile file(pathFor(target));
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(o).toJson()) < 0 || !file.commit()) {
        *error = QStringLiteral("cannot write the snapshot %1: %2").arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}

bool SnapshotStore::exists(const QString &target) const
{
    return QFile::exists(pathFor(target));
}

void SnapshotStore::remove(const QString &target)
{
    QFile::remove(pathFor(target));
}

QStringList SnapshotStore::targets() const
{
    QStringList targets;
    const QDir dir(m_directory);
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString target = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("target")).toString();
        if (!target.isEmpty() && pathFor(target) == file.fileName())
            targets.append(target);
    }
    return targets;
}

} // namespace qs
