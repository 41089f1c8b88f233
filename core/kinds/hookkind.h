#pragma once

#include "qdisckind.h"
#include "tc/tcargs.h"

#include <QCoreApplication>

namespace qs {

/**
 * What ingress and clsact share: no options, no queue, the ingress hook. A kind definition
 * derives from this and adds its traits and summary.
 */
template <class P> struct HookKind
{
    using Params = P;
    /** ingress prints a row of dashes where other kinds print options. */
    static ShownWords readShown(ShownWords w)
    {
        ShowSupport::drop(w, u"----------------");
        return w;
    }
    static ValidationIssues validate(const P &) { return {}; }
    static QdiscParse parse(TcArgs &args, const P *)
    {
        if (!args.atEnd())
            //: %1 is ingress or clsact.
            args.failAt(args.position(), QCoreApplication::translate("qs::HookKind", "%1 takes no options")
                                             .arg(QString::fromLatin1(kindOpsOf(static_cast<const P *>(nullptr)).name)));
        return qdiscParse(P{}, false);
    }
    static void print(TcOptionWords &, const P &) {}
    static QJsonObject toJson(const P &) { return {}; }
    static P fromJson(JsonReader &) { return {}; }
    static bool encode(nl_msg *, const P &, const CodecContext &, QString *) { return true; }
    static std::optional<P> decode(const nlattr *, const CodecContext &) { return P{}; }
    static ChangeRule change(const P &, const P &, const CodecContext &, P *) { return ChangeRule::Same; }
};

} // namespace qs
