#pragma once

#include "qdisckind.h"

namespace qs {

/**
 * The parts of a qdisc kind without options (noqueue, mq, ingress, clsact): nothing to validate,
 * print, store or send, and nothing a change could alter. A kind definition derives from this and
 * adds its traits, its parser (each kind refuses words in tc's own sentence) and its summary; a
 * kind that still sends a fixed struct (multiq) defines its own encode and decode.
 */
template <class P> struct OptionlessKind
{
    using Params = P;
    static ValidationIssues validate(const P &) { return {}; }
    static void print(TcOptionWords &, const P &) {}
    static QJsonObject toJson(const P &) { return {}; }
    static P fromJson(JsonReader &) { return {}; }
    static bool encode(nl_msg *, const P &, const CodecContext &, QString *) { return true; }
    static std::optional<P> decode(const nlattr *, const CodecContext &) { return P{}; }
    static ChangeRule change(const P &, const P &, const CodecContext &, P *) { return ChangeRule::Same; }
};

} // namespace qs
