#include "foreignclassparams.h"

#include "tc/tcargs.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/rtnetlink.h>

namespace qs {

namespace {

struct ForeignClassKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::ForeignClassKind)

public:
    using Params = ForeignClassParams;
    static constexpr const char *name = "";
    static constexpr bool hierarchical = true;

    static ValidationIssues validate(const Params &) { return {}; }
    static Params parse(TcArgs &args, const Params *) { args.fail(tr("a class kept as the kernel reported it has no tc options")); }
    static void print(TcOptionWords &, const Params &) {}
    static QJsonObject toJson(const Params &) { return {}; }
    static Params fromJson(JsonReader &) { return {}; }
    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        return p.options.isEmpty() || nla_put(msg, TCA_OPTIONS, int(p.options.size()), p.options.constData()) == 0;
    }
    static std::optional<Params> decode(const nlattr *, const CodecContext &, const QdiscParams &) { return std::nullopt; }
    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        return running == wanted ? ChangeRule::Same : ChangeRule::InPlace;
    }
    //: %1 is the kind of a class Qdisc Studio cannot edit (hfsc, drr, …).
    static QString summary(const Params &p) { return tr("%1 class (kept as it is)").arg(p.kind); }
};

ClassKindOps foreignClassOps()
{
    ClassKindOps ops = makeClassKindOps<ForeignClassKind>();
    ops.known = false;
    ops.kindName = [](const void *value) { return Erased<ForeignClassParams>::of(value).kind; };
    return ops;
}

} // namespace

const ClassKindOps &kindOpsOf(const ForeignClassParams *)
{
    static const ClassKindOps ops = foreignClassOps();
    return ops;
}

const ClassKindOps &ClassKindOps::fallback()
{
    return kindOpsOf(static_cast<const ForeignClassParams *>(nullptr));
}

} // namespace qs
