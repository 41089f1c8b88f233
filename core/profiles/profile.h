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
    /**
     * The tree to put on @p target: the one made for it; else the profile's only tree — made
     * for any target, or for another device — bound to @p target. nullopt when the profile
     * holds trees for several targets, none of them @p target (TargetMap maps those).
     */
    std::optional<QdiscTree> treeFor(const QString &target) const;
    /** The target treeFor(@p target) was made for when that is another one ("eth0" on v0), else empty. */
    QString madeFor(const QString &target) const;
    /** The targets its trees were made for, in order ("eth0", "lab/veth1"); empty for a target-free one. */
    QStringList targets() const;

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
