#pragma once

#include <QString>

namespace qs {

/**
 * Who asks for a change, as the road to the kernel knows it (never as the caller claims): for the
 * helper the bus daemon's report of a client, for the in-process roads this process. Promises
 * (revert on exit) belong to the busName: when that caller goes, they are kept.
 */
struct Caller
{
    QString busName;
    qint64 uid = -1;
    qint64 pid = -1;
};

} // namespace qs
