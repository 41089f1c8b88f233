#pragma once

// The parts of netem's kind definition, each in its own file of this folder (netemkind.cpp puts
// them together): tc syntax (netemtc.cpp) and netlink (netemnetlink.cpp).

#include "netemparams.h"

#include "kinds/codeccontext.h"

#include <QList>

#include <optional>

namespace qs {

class TcArgs;
class TcOptionWords;

namespace NetemParts {

/** tc's netem options; for a change, @p running is what the kernel keeps of what is not sent. */
QdiscParse parse(TcArgs &args, const NetemParams *running);
void print(TcOptionWords &words, const NetemParams &p);
/**
 * A netem state no single tc command writes, because tc refuses it at parse time, while the
 * kernel holds it after a change that leaves it alone: ecn without a loss model, reorder with
 * gap 0, a distribution without delay or jitter. Such a qdisc is written as an add of this
 * primer, which tc takes, followed by a change with the real options minus the kept ones.
 */
std::optional<NetemParams> primer(const NetemParams &p);
/** The change that turns primer(@p p) into @p p: it leaves out what the kernel is to keep. */
NetemParams afterPrimer(NetemParams p);

bool encode(nl_msg *msg, const NetemParams &p, const CodecContext &context, QString *error);
std::optional<NetemParams> decode(const nlattr *options);

/** Reads iproute2's distribution table @p name.dist from $TC_LIB_DIR or the system's tc lib dir. */
std::optional<QList<qint16>> loadDistribution(const QString &name, QString *error);

} // namespace NetemParts

} // namespace qs
