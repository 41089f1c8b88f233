// drr: a qdisc without options (tc sends no TCA_OPTIONS) and flat classes with TCA_DRR_QUANTUM
// (iproute2's q_drr.c). The kernel has no change operation for the qdisc; classes change in place.
#include "drrparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

namespace qs {

/* TRANSLATOR qs::DrrClassParams

   Findings about a drr class. quantum is a word of tc's drr command: keep it.
*/

ValidationIssues DrrClassParams::validate() const
{
    ValidationIssues issues;
    if (quantum && *quantum == 0)
        issues.append(ValidationIssue::error(QStringLiteral("quantum"),
                                             tr("quantum 0 sends nothing; the kernel refuses it (\"Specified DRR quantum cannot be "
                                                "zero\"). Leave it out for the device's MTU")));
    return issues;
}

namespace {

struct DrrClassKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::DrrClassKind)

public:
    using Params = DrrClassParams;
    static constexpr const char *name = "drr";
    static constexpr bool hierarchical = false;

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    static Params parse(TcArgs &c, const Params *)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"quantum")
                p.quantum = c.size(u"quantum");
            else
                c.failUnknownOption(at, u"drr class");
        }
        return p;
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.quantum)
            w.add(u"quantum", TcUnits::formatSize(*p.quantum));
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.quantum)
            o.insert(QStringLiteral("quantum"), TcUnits::formatSize(*p.quantum));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.quantum = r.optionalSize("quantum");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        // drr_change_class() refuses a class without TCA_OPTIONS: tc always sends the nest.
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest || !KindSupport::putU32(msg, TCA_DRR_QUANTUM, p.quantum))
            return false;
        // libnl's nla_nest_end() drops an empty nest, which the kernel then misses.
        return nla_nest_end_keep_empty(msg, nest) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &, const QdiscParams &)
    {
        nlattr *tb[TCA_DRR_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_DRR_MAX, options))
            return std::nullopt;
        Params p;
        p.quantum = KindSupport::getU32(tb, TCA_DRR_QUANTUM);
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        // A change without a quantum keeps the one the class has (drr_change_class()).
        return !wanted.quantum || wanted.quantum == running.quantum ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QString summary(const Params &p)
    {
        //: %1 is a size in tc's words such as 1514b; quantum is tc's word for what a drr class sends per round.
        return p.quantum ? tr("drr class, quantum %1").arg(TcUnits::formatSize(*p.quantum))
                         : tr("drr class, quantum of one MTU");
    }
};

struct DrrKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::DrrKind)

public:
    using Params = DrrQdiscParams;
    using ClassParams = DrrClassParams;
    // The kernel has no change operation for drr ("Change operation not supported by specified qdisc").
    static constexpr QdiscTraits traits{
        .name = "drr", .module = "sch_drr", .children = QdiscChildren::Classes, .filterBlock = true, .hasChangeOperation = false};

    static ValidationIssues validate(const Params &) { return {}; }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        if (!c.atEnd())
            c.failUnknownOption(c.position(), u"drr");
        return qdiscParse(Params{}, false); // tc sends no TCA_OPTIONS for drr
    }

    static void print(TcOptionWords &, const Params &) {}
    static QJsonObject toJson(const Params &) { return {}; }
    static Params fromJson(JsonReader &) { return {}; }
    static bool encode(nl_msg *, const Params &, const CodecContext &, QString *) { return true; }
    static std::optional<Params> decode(const nlattr *, const CodecContext &) { return Params{}; }
    static ChangeRule change(const Params &, const Params &, const CodecContext &, Params *) { return ChangeRule::Same; }

    static QString summary(const Params &, TcHandle)
    {
        //: drr: deficit round robin, a name; its classes take turns.
        return tr("drr, classes take turns by quantum");
    }
};

} // namespace

QS_DEFINE_CLASS_KIND(DrrClassKind)
QS_DEFINE_QDISC_KIND(DrrKind)

} // namespace qs
