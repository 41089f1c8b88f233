#pragma once

#include "optionlesskind.h"
#include "tc/tcargs.h"

#include <QCoreApplication>

namespace qs {

/**
 * What ingress and clsact share: no options, no queue, the ingress hook. A kind definition
 * derives from this and adds its traits and summary.
 */
template <class P> struct HookKind : OptionlessKind<P>
{
    /** ingress prints a row of dashes where other kinds print options. */
    static ShownWords readShown(ShownWords w)
    {
        ShowSupport::drop(w, u"----------------");
        return w;
    }
    static QdiscParse parse(TcArgs &args, const P *)
    {
        if (!args.atEnd())
            //: %1 is ingress or clsact.
            args.failAt(args.position(), QCoreApplication::translate("qs::HookKind", "%1 takes no options")
                                             .arg(QString::fromLatin1(kindOpsOf(static_cast<const P *>(nullptr)).name)));
        return qdiscParse(P{}, false);
    }
};

} // namespace qs
