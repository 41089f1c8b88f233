#include "foreignparams.h"

#include "tc/tcargs.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/rtnetlink.h>

namespace qs {

namespace {

struct ForeignKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::ForeignKind)

public:
    using Params = ForeignParams;
    // The placement and children of an unknown kind are unknown: only what the kernel holds
    // below it is kept (the planner never creates anything there).
    static constexpr QdiscTraits traits{.name = "", .module = "", .children = QdiscChildren::Queues, .filterBlock = true};

    static ValidationIssues validate(const Params &) { return {}; }
    static QdiscParse parse(TcArgs &args, const Params *)
    {
        args.fail(tr("a qdisc kept as the kernel reported it has no tc options"));
    }
    static void print(TcOptionWords &, const Params &) {}
    static QJsonObject toJson(const Params &) { return {}; } // the tree's JSON keeps kind and options
    static Params fromJson(JsonReader &) { return {}; }
    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        // Sent back as it was read: what restoring a tree someone else built needs.
        return p.options.isEmpty() || nla_put(msg, TCA_OPTIONS, int(p.options.size()), p.options.constData()) == 0;
    }
    static std::optional<Params> decode(const nlattr *, const CodecContext &) { return std::nullopt; }
    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        return running == wanted ? ChangeRule::Same : ChangeRule::InPlace;
    }
    static QString summary(const Params &p, TcHandle)
    {
        //: %1 is the kind of a qdisc Qdisc Studio cannot edit (cake, fq, …).
        return tr("%1 (kept as it is)").arg(p.kind);
    }
    static std::size_t messageSize(const Params &p) { return SmallNetlinkMessage + std::size_t(p.options.size()); }
};

QdiscKindOps foreignOps()
{
    QdiscKindOps ops = makeQdiscKindOps<ForeignKind>();
    ops.known = false;
    ops.kindName = [](const void *value) { return Erased<ForeignParams>::of(value).kind; };
    return ops;
}

} // namespace

const QdiscKindOps &kindOpsOf(const ForeignParams *)
{
    static const QdiscKindOps ops = foreignOps();
    return ops;
}

const QdiscKindOps &QdiscKindOps::fallback()
{
    return kindOpsOf(static_cast<const ForeignParams *>(nullptr));
}

} // namespace qs
