#pragma once

#include "fifoparams.h"
#include "fqcodelparams.h"
#include "htbparams.h"
#include "netemparams.h"
#include "prioparams.h"
#include "sfqparams.h"
#include "tbfparams.h"
#include "tchandle.h"
#include "validationissue.h"

#include <QString>

#include <optional>
#include <variant>

namespace qs {

/** ingress: the hook for incoming traffic; it holds filters only. */
struct IngressParams
{
    friend bool operator==(const IngressParams &, const IngressParams &) = default;
};

/** clsact: ingress and egress filter hooks in one qdisc. */
struct ClsactParams
{
    friend bool operator==(const ClsactParams &, const ClsactParams &) = default;
};

/** The order of the alternatives is the order of QdiscKind. */
using QdiscParams = std::variant<NetemParams, TbfParams, HtbQdiscParams, SfqParams, FqCodelParams,
                                 PfifoParams, BfifoParams, PrioParams, IngressParams, ClsactParams>;

enum class QdiscKind { Netem, Tbf, Htb, Sfq, FqCodel, Pfifo, Bfifo, Prio, Ingress, Clsact };

/** The kernel's name of a kind: "netem", "fq_codel", … */
QString qdiscKindName(QdiscKind kind);
std::optional<QdiscKind> qdiscKindFromName(QStringView name);
QList<QdiscKind> allQdiscKinds();
QdiscParams defaultQdiscParams(QdiscKind kind);
/** Kinds with classes that child qdiscs and filter targets hang from. */
bool isClassful(QdiscKind kind);
/** ingress and clsact sit at the ingress hook (parent ffff:fff1, handle ffff:). */
bool isIngressKind(QdiscKind kind);

/** One qdisc: where it hangs, its handle and its kind's parameters. */
struct QdiscNode
{
    TcHandle handle; ///< "1:"; unspecified lets the kernel choose
    TcHandle parent = TcHandle::root();
    QdiscParams params;

    QdiscKind kind() const { return static_cast<QdiscKind>(params.index()); }
    ValidationIssues validate() const;
    friend bool operator==(const QdiscNode &, const QdiscNode &) = default;
};

} // namespace qs
