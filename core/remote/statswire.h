#pragma once

#include "netlink/statsreader.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace qs {

/**
 * The counters of one dump as the helper's ReadStats sends them to a client on another host:
 * one line per node, `q|c HANDLE PARENT KIND BYTES PACKETS DROPS OVERLIMITS REQUEUES BACKLOG QLEN`
 * (handles as 32-bit hexadecimal numbers), about 60 bytes a node. The dump's time travels
 * beside it, once.
 */
namespace StatsWire {

QString encode(const QList<NodeStats> &nodes);
/** The nodes of @p text, each stamped @p timeNs; nullopt with the first bad line in @p error. */
std::optional<QList<NodeStats>> decode(const QString &text, qint64 timeNs, QString *error);

} // namespace StatsWire

} // namespace qs
