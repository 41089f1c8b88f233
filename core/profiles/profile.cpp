#include "profile.h"

#include "model/treejson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace qs {

/* TRANSLATOR qs::Profile

   Problems with a profile (a named set of trees) and its file. JSON keys at the start of a message
   ("name: ", "trees: ") are added outside the text and stay English.
*/

bool Profile::isTargetFree() const
{
    return trees.size() == 1 && trees.first().device.isEmpty();
}

std::optional<QdiscTree> Profile::treeFor(const QString &target) const
{
    for (const QdiscTree &tree : trees) {
        if (!tree.device.isEmpty() && tree.target() == target)
            return tree;
    }
    // One tree describes one condition, whatever device it was written for.
    if (trees.size() == 1) {
        QdiscTree bound = trees.first();
        if (!QdiscTree::splitTarget(target, &bound.netns, &bound.device))
            return std::nullopt;
        return bound;
    }
    return std::nullopt;
}

QString Profile::madeFor(const QString &target) const
{
    if (trees.size() != 1 || trees.first().device.isEmpty() || trees.first().target() == target)
        return {};
    return trees.first().target();
}

QStringList Profile::targets() const
{
    QStringList out;
    for (const QdiscTree &tree : trees) {
        if (!tree.device.isEmpty())
            out.append(tree.target());
    }
    return out;
}

ValidationIssues Profile::validate() const
{
    ValidationIssues issues;
    if (name.trimmed().isEmpty())
        issues.append(ValidationIssue::error(QStringLiteral("name"), tr("a profile needs a name")));
    if (trees.isEmpty())
        issues.append(ValidationIssue::error(QStringLiteral("trees"), tr("a profile needs at least one tree")));
    QSet<QString> targets;
    for (const QdiscTree &tree : trees) {
        if (tree.device.isEmpty() && trees.size() > 1)
            issues.append(ValidationIssue::error(QStringLiteral("trees"),
                                                 tr("a tree without a target must be the profile's only tree")));
        if (!tree.device.isEmpty() && targets.contains(tree.target()))
            issues.append(ValidationIssue::error(QStringLiteral("trees"),
                                                 tr("target %1 has two trees").arg(tree.target())));
        targets.insert(tree.target());
        issues += tree.validate();
    }
    return issues;
}

QJsonObject Profile::toJson() const
{
    QJsonArray treeArray;
    for (const QdiscTree &tree : trees)
        treeArray.append(TreeJson::toJson(tree));
    QJsonObject o{{QStringLiteral("schemaVersion"), SchemaVersion},
                  {QStringLiteral("name"), name},
                  {QStringLiteral("trees"), treeArray}};
    if (!description.isEmpty())
        o.insert(QStringLiteral("description"), description);
    if (created.isValid())
        o.insert(QStringLiteral("created"), created.toUTC().toString(Qt::ISODateWithMs));
    if (modified.isValid())
        o.insert(QStringLiteral("modified"), modified.toUTC().toString(Qt::ISODateWithMs));
    return o;
}

QByteArray Profile::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

std::optional<Profile> Profile::fromJson(const QJsonObject &o, QStringList *errors)
{
    const qsizetype before = errors->size();
    //: What a file is, in "this is not a Qdisc Studio profile".
    if (!TreeJson::checkSchemaVersion(o, tr("profile"), errors))
        return std::nullopt;

    Profile profile;
    static const QSet<QString> known{QStringLiteral("schemaVersion"), QStringLiteral("name"), QStringLiteral("description"),
                                     QStringLiteral("created"), QStringLiteral("modified"), QStringLiteral("trees")};
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key()))
            errors->append(it.key() + QStringLiteral(": ") + tr("unknown key"));
    }
    const QJsonValue name = o.value(QStringLiteral("name"));
    if (!name.isString() || name.toString().trimmed().isEmpty())
        errors->append(QStringLiteral("name: ") + tr("a non-empty string is required"));
    profile.name = name.toString();
    const QJsonValue description = o.value(QStringLiteral("description"));
    if (!description.isUndefined() && !description.isString())
        errors->append(QStringLiteral("description: ") + tr("expected a string"));
    profile.description = description.toString();
    for (const char *key : {"created", "modified"}) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            continue;
        const QDateTime when = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
        if (!v.isString() || !when.isValid())
            errors->append(QString::fromLatin1(key) + QStringLiteral(": ") + tr("expected an ISO 8601 date and time"));
        else if (when.timeSpec() == Qt::LocalTime) // would mean a different instant on every machine
            errors->append(QString::fromLatin1(key) + QStringLiteral(": ") + tr("needs a time zone, like 2026-11-30T10:00:00Z"));
        (qstrcmp(key, "created") == 0 ? profile.created : profile.modified) = when.toUTC();
    }
    const QJsonValue trees = o.value(QStringLiteral("trees"));
    if (!trees.isArray()) {
        errors->append(QStringLiteral("trees: ") + tr("an array of trees is required"));
    } else {
        const QJsonArray array = trees.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (auto tree = TreeJson::fromJson(array[i], QStringLiteral("trees[%1]").arg(i), errors))
                profile.trees.append(*tree);
        }
    }
    if (errors->size() != before)
        return std::nullopt;
    return profile;
}

std::optional<Profile> Profile::fromJsonBytes(const QByteArray &bytes, QStringList *errors)
{
    //: What a profile file must hold, after "expected".
    const auto parsed = TreeJson::parseObject(bytes, tr("a JSON object at the top"), errors);
    return parsed ? fromJson(*parsed, errors) : std::nullopt;
}

} // namespace qs
