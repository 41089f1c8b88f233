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

#include <QCoreApplication>
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

/**
 * A qdisc read from the kernel that the model cannot describe — a kind it does not know, or
 * options beyond it — kept exactly as the kernel reported it so it is shown and preserved,
 * never dropped or rewritten.
 */
struct ForeignParams
{
    QString kind;       ///< the kernel's name ("cake", "fq", …)
    QByteArray options; ///< TCA_OPTIONS as dumped
    friend bool operator==(const ForeignParams &, const ForeignParams &) = default;
};

/** The order of the alternatives is the order of QdiscKind. */
using QdiscParams = std::variant<NetemParams, TbfParams, HtbQdiscParams, SfqParams, FqCodelParams,
                                 PfifoParams, BfifoParams, PrioParams, IngressParams, ClsactParams, ForeignParams>;

enum class QdiscKind { Netem, Tbf, Htb, Sfq, FqCodel, Pfifo, Bfifo, Prio, Ingress, Clsact, Foreign };

/** The kernel's name of a kind: "netem", "fq_codel", … ("foreign" for ForeignParams; see QdiscNode::kindName()). */
QString qdiscKindName(QdiscKind kind);
/** The kinds the model describes; never Foreign. */
std::optional<QdiscKind> qdiscKindFromName(QStringView name);
/** Every kind the model describes, for menus; Foreign is not one of them. */
QList<QdiscKind> allQdiscKinds();
QdiscParams defaultQdiscParams(QdiscKind kind);
/** Kinds with classes that child qdiscs and filter targets hang from. */
bool isClassful(QdiscKind kind);
/** ingress and clsact sit at the ingress hook (parent ffff:fff1, handle ffff:). */
bool isIngressKind(QdiscKind kind);

/** One qdisc: where it hangs, its handle and its kind's parameters. */
struct QdiscNode
{
    Q_DECLARE_TR_FUNCTIONS(qs::QdiscNode)

public:
    TcHandle handle; ///< "1:"; unspecified lets the kernel choose
    TcHandle parent = TcHandle::root();
    QdiscParams params;

    QdiscKind kind() const { return static_cast<QdiscKind>(params.index()); }
    /** The kernel's kind name, foreign kinds included. */
    QString kindName() const;
    ValidationIssues validate() const;
    friend bool operator==(const QdiscNode &, const QdiscNode &) = default;
};

} // namespace qs
