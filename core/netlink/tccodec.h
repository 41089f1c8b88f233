#pragma once

#include "kinds/codeccontext.h"
#include "model/qdisctree.h"

#include <QString>

#include <optional>

struct nl_msg;
struct nlattr;

namespace qs {

/**
 * Between the model and the kernel's TCA_KIND and TCA_OPTIONS. Each kind encodes and decodes its
 * own options (core/kinds/); this writes the kind's name around them, and keeps what no kind can
 * read as a foreign node instead of rewriting it.
 */
namespace TcCodec {

using Context = CodecContext;
constexpr std::size_t SmallMessage = SmallNetlinkMessage;

/** The netlink message size a qdisc with @p params needs (a distribution table is up to 32 KiB). */
std::size_t messageSizeFor(const QdiscParams &params);

/** Appends TCA_KIND and TCA_OPTIONS. */
bool encodeQdisc(nl_msg *msg, const QdiscParams &params, const Context &context, QString *error);
bool encodeClass(nl_msg *msg, const ClassParams &params, const Context &context, QString *error);
/** Appends TCA_KIND and the filter kind's TCA_OPTIONS (its keys, class id and actions). */
bool encodeFilter(nl_msg *msg, const Filter &filter, const Context &context, QString *error);

/** A dumped qdisc's parameters; a foreign node when its kind or options are beyond the model. */
QdiscParams decodeQdisc(const QString &kind, const nlattr *options, const Context &context);
/** A dumped class's parameters; @p owner is its qdisc's. Foreign when beyond the model. */
ClassParams decodeClass(const QString &kind, const nlattr *options, const Context &context, const QdiscParams &owner);
/**
 * Reads a dumped filter's kind part, class id and actions into @p filter; a foreign classifier
 * when they are beyond the model. False for what is no configuration (u32's implicit hash tables).
 */
bool decodeFilter(const QString &kind, const nlattr *options, const Context &context, Filter *filter);

} // namespace TcCodec

} // namespace qs
