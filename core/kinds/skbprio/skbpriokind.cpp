// skbprio: a raw tc_skbprio_qopt (iproute2's q_skbprio.c), limit read with get_size().
#include "skbprioparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <cstring>

namespace qs {

/* TRANSLATOR qs::SkbprioParams

   Findings about skbprio's parameters. limit is a word of tc's skbprio command: keep it.
*/

ValidationIssues SkbprioParams::validate() const
{
    ValidationIssues issues;
    if (limit && *limit == 0)
        issues.append(ValidationIssue::warning(QStringLiteral("limit"),
                                               tr("limit 0: the kernel takes it, and every packet is dropped")));
    return issues;
}

namespace {

struct SkbprioKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::SkbprioKind)

public:
    using Params = SkbprioParams;
    static constexpr QdiscTraits traits{.name = "skbprio", .module = "sch_skbprio"};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    static QdiscParse parse(TcArgs &c, const Params *running)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"limit")
                p.limit = c.size(u"limit");
            else
                c.failUnknownOption(at, u"skbprio");
        }
        // tc sends TCA_OPTIONS only with a limit; a change without one keeps the running limit.
        const bool sent = p.limit.has_value();
        if (running && !sent)
            p = *running;
        return qdiscParse(p, sent);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.limit)
            w.add(u"limit", QString::number(*p.limit));
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.limit)
            o.insert(QStringLiteral("limit"), double(*p.limit));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.limit = r.optionalU32("limit");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        // Always sent: an unset limit is the kernel's 64, which a change must also restore.
        tc_skbprio_qopt opt{};
        opt.limit = p.effectiveLimit();
        return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        if (!options || nla_len(options) < int(sizeof(tc_skbprio_qopt)))
            return std::nullopt;
        tc_skbprio_qopt opt;
        std::memcpy(&opt, nla_data(options), sizeof(opt));
        Params p;
        if (opt.limit != SkbprioParams::DefaultLimit)
            p.limit = opt.limit;
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        return running.effectiveLimit() == wanted.effectiveLimit() ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        //: skbprio queues by packet priority; %n is its limit in packets.
        return tr("skbprio, %n packet(s)", nullptr, int(p.effectiveLimit()));
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(SkbprioKind)

} // namespace qs
