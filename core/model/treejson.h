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

QJsonObject toJson(const QdiscTree &tree);
/** Reads a tree; on failure returns nullopt and appends one message per problem to @p errors. */
std::optional<QdiscTree> fromJson(const QJsonValue &value, const QString &path, QStringList *errors);

QJsonObject qdiscParamsToJson(const QdiscParams &params);
QJsonObject classParamsToJson(const HtbClassParams &params);

} // namespace qs::TreeJson
