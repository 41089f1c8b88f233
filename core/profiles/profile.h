#pragma once

#include "model/qdisctree.h"
#include "model/treejson.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace qs {

/**
 * A named network condition: one tree per target ("eth0", "lab/veth1"), or one tree without a
 * device that is applied to whatever target is chosen at apply time (every preset is such a
 * tree). Stored as JSON with a schemaVersion so that an older Qdisc Studio refuses, rather than
 * misreads, a file from a newer one.
 */
struct Profile
{
    Q_DECLARE_TR_FUNCTIONS(qs::Profile)

public:
    static constexpr int SchemaVersion = TreeJson::SchemaVersion;

    QString name;
    QString description;
    QDateTime created;  ///< UTC
    QDateTime modified; ///< UTC
    QList<QdiscTree> trees;

    /** One tree without a device: the target is chosen when applying. */
    bool isTargetFree() const;
    /** The tree for @p target, or the target-free tree bound to it. */
    std::optional<QdiscTree> treeFor(const QString &target) const;

    ValidationIssues validate() const;

    QJsonObject toJson() const;
    /** Indented JSON with a final newline, as written to disk. */
    QByteArray toJsonBytes() const;
    static std::optional<Profile> fromJson(const QJsonObject &object, QStringList *errors);
    /** Parses bytes; syntax errors name the byte offset, schema errors the key path. */
    static std::optional<Profile> fromJsonBytes(const QByteArray &bytes, QStringList *errors);

    friend bool operator==(const Profile &, const Profile &) = default;
};

} // namespace qs
