#pragma once

#include "htbparams.h"
#include "tchandle.h"
#include "validationissue.h"

#include <QCoreApplication>

namespace qs {

/** An htb class: a node with a guaranteed rate that children borrow through. */
struct ClassNode
{
    Q_DECLARE_TR_FUNCTIONS(qs::ClassNode)

public:
    TcHandle classId; ///< "1:10"
    TcHandle parent;  ///< the htb qdisc ("1:") or a parent class ("1:1")
    HtbClassParams params;

    ValidationIssues validate() const;
    friend bool operator==(const ClassNode &, const ClassNode &) = default;
};

} // namespace qs
