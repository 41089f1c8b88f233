#include "foreignfilterparams.h"

#include "kinds/filtersupport.h"
#include "model/filter.h"
#include "tc/tcargs.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/rtnetlink.h>

namespace qs {

namespace {

struct ForeignFilterKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::ForeignFilterKind)

public:
    using Params = ForeignFilterParams;
    static constexpr const char *name = "";
    static constexpr const char *module = "";
    static ValidationIssues validate(const Filter &) { return {}; }
    static void parse(TcArgs &args, Filter &) { args.fail(tr("a filter kept as the kernel reported it has no tc options")); }
    static void print(TcOptionWords &, const Filter &) {}
    static std::optional<quint32> parseHandle(QStringView, Filter &) { return std::nullopt; }
    static QString printHandle(const Filter &f) { return FilterSupport::printNumericHandle(f); }
    static void toJson(const Filter &, QJsonObject &) {} // the tree's JSON keeps kind and options
    static void fromJson(JsonReader &, Filter &) {}
    static bool encode(nl_msg *msg, const Filter &f, const CodecContext &, QString *)
    {
        const auto &p = f.params.get<Params>();
        return p.options.isEmpty() || nla_put(msg, TCA_OPTIONS, int(p.options.size()), p.options.constData()) == 0;
    }
    static FilterDecode decode(const nlattr *, const CodecContext &, Filter &) { return FilterDecode::Foreign; }
    //: %1 is the kind of a filter Qdisc Studio cannot edit (flower, bpf, …).
    static QString summary(const Filter &f) { return tr("%1 (kept as it is)").arg(f.kindName()); }
    static bool sameInKernel(const Filter &running, const Filter &wanted) { return running.params == wanted.params; }
};

FilterKindOps foreignFilterOps()
{
    FilterKindOps ops = makeFilterKindOps<ForeignFilterKind>();
    ops.known = false;
    ops.kindName = [](const void *value) { return Erased<ForeignFilterParams>::of(value).kind; };
    return ops;
}

} // namespace

const FilterKindOps &kindOpsOf(const ForeignFilterParams *)
{
    static const FilterKindOps ops = foreignFilterOps();
    return ops;
}

const FilterKindOps &FilterKindOps::fallback()
{
    return kindOpsOf(static_cast<const ForeignFilterParams *>(nullptr));
}

} // namespace qs
