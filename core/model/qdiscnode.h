#pragma once

#include "kinds/qdisckind.h"
#include "tchandle.h"
#include "validationissue.h"

#include <QCoreApplication>
#include <QString>

namespace qs {

/** One qdisc: where it hangs, its handle and its kind's parameters. */
struct QdiscNode
{
    Q_DECLARE_TR_FUNCTIONS(qs::QdiscNode)

public:
    TcHandle handle; ///< "1:"; unspecified lets the kernel choose
    TcHandle parent = TcHandle::root();
    QdiscParams params;

    const QdiscKindOps &ops() const { return params.ops(); }
    template <class P> bool is() const { return params.holds<P>(); }
    /** The kernel's kind name, foreign kinds included. */
    QString kindName() const { return ops().kindName(params.data()); }
    /** Read from the kernel and kept as it was: a kind or options the model cannot describe. */
    bool isForeign() const { return !ops().known; }
    /** ingress and clsact sit at the ingress hook (parent ffff:fff1, handle ffff:). */
    bool atIngressHook() const { return ops().placement == QdiscPlacement::IngressHook; }
    /** What hangs below it: classes, bands, one inner qdisc or nothing. */
    QdiscChildren children() const { return ops().children; }
    ValidationIssues validate() const;
    friend bool operator==(const QdiscNode &, const QdiscNode &) = default;
};

} // namespace qs
