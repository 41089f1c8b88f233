#include "foreignactionparams.h"

#include "tc/tcargs.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

namespace qs {

namespace {

struct ForeignActionKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::ForeignActionKind)

public:
    using Params = ForeignActionParams;
    static constexpr const char *name = "";
    static constexpr const char *module = "";
    static ValidationIssues validate(const Params &) { return {}; }
    static Params parse(TcArgs &args) { args.fail(tr("an action kept as the kernel reported it has no tc options")); }
    static void print(TcOptionWords &, const Params &) {}
    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        return p.options.isEmpty() || nlmsg_append(msg, const_cast<char *>(p.options.constData()), int(p.options.size()), NLMSG_ALIGNTO) == 0;
    }
    static std::optional<Params> decode(const nlattr *, const CodecContext &) { return std::nullopt; }
    //: %1 is the kind of an action Qdisc Studio cannot edit.
    static QString summary(const Params &p) { return tr("%1 (kept as it is)").arg(p.kind); }
};

ActionKindOps foreignActionOps()
{
    ActionKindOps ops = makeActionKindOps<ForeignActionKind>();
    ops.known = false;
    ops.kindName = [](const void *value) { return Erased<ForeignActionParams>::of(value).kind; };
    return ops;
}

} // namespace

const ActionKindOps &kindOpsOf(const ForeignActionParams *)
{
    static const ActionKindOps ops = foreignActionOps();
    return ops;
}

const ActionKindOps &ActionKindOps::fallback()
{
    return kindOpsOf(static_cast<const ForeignActionParams *>(nullptr));
}

} // namespace qs
