#pragma once

#include "qdisctree.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <optional>

/**
 * The one JSON form of a tree, shared by profiles, the helper's D-Bus input and the CLI.
 * Values with units are written in tc's own syntax ("100ms", "50mbit", "1%", "32kb") with exact
 * formatting, so a file reads like the tc commands it stands for and round-trips bit for bit.
 * Reading is strict: an unknown key, a wrong type or a value out of range is an error naming
 * its path ("trees[0].qdiscs[1].params.delay: …"), never a silent default.
 */
namespace qs::TreeJson {

/** The version of the JSON form written today; input of a newer version is refused, not misread. */
inline constexpr int SchemaVersion = 1;

/**
 * Checks @p o's "schemaVersion": present, whole, 1…SchemaVersion. Otherwise appends why to
 * @p errors (saying what @p o was expected to be) and returns false.
 */
bool checkSchemaVersion(const QJsonObject &o, const QString &what, QStringList *errors);

/** Parses @p bytes as one JSON object; otherwise appends where and why to @p errors (@p expected names what was wanted). */
std::optional<QJsonObject> parseObject(const QByteArray &bytes, const QString &expected, QStringList *errors);

QJsonObject toJson(const QdiscTree &tree);
/** Reads a tree; on failure returns nullopt and appends one message per problem to @p errors. */
std::optional<QdiscTree> fromJson(const QJsonValue &value, const QString &path, QStringList *errors);

/** A tree on its own, as the helper receives it: {"schemaVersion": 1, "tree": {...}}, compact. */
QByteArray toDocument(const QdiscTree &tree);
/** Reads a tree document strictly: bad JSON, a newer schema and unknown keys are errors. */
std::optional<QdiscTree> fromDocument(const QByteArray &bytes, QStringList *errors);

QJsonObject qdiscParamsToJson(const QdiscParams &params);
QJsonObject classParamsToJson(const ClassParams &params);

} // namespace qs::TreeJson
