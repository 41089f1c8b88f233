#pragma once

#include "kinds/classkind.h"
#include "tchandle.h"
#include "validationissue.h"

#include <QCoreApplication>

namespace qs {

/** A class of a classful qdisc (htb, hfsc, drr, qfq): a node that children and filters hang from. */
struct ClassNode
{
    Q_DECLARE_TR_FUNCTIONS(qs::ClassNode)

public:
    TcHandle classId; ///< "1:10"
    TcHandle parent;  ///< the qdisc ("1:") or a parent class ("1:1")
    ClassParams params;

    const ClassKindOps &ops() const { return params.ops(); }
    template <class P> bool is() const { return params.holds<P>(); }
    /** The kernel's kind name of its qdisc ("htb"), foreign kinds included. */
    QString kindName() const { return ops().kindName(params.data()); }
    bool isForeign() const { return !ops().known; }
    ValidationIssues validate() const;
    friend bool operator==(const ClassNode &, const ClassNode &) = default;
};

} // namespace qs
