// matchall: every packet, a class id and actions, the offload flags (iproute2's f_matchall.c,
// the kernel's cls_matchall.c).
#include "matchallparams.h"

#include "kinds/filtersupport.h"
#include "model/filter.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>
#include <linux/rtnetlink.h>

namespace qs {

/* TRANSLATOR qs::MatchallParams

   Findings about a matchall filter. skip_hw and skip_sw are tc's words: keep them.
*/

ValidationIssues MatchallParams::validate() const
{
    ValidationIssues issues;
    if (const QString problem = FilterSupport::offloadProblem(offload); !problem.isEmpty())
        issues.append(ValidationIssue::error(QStringLiteral("skip_sw"), problem));
    return issues;
}

namespace {

struct MatchallKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::MatchallKind)

public:
    using Params = MatchallParams;
    static constexpr const char *name = "matchall";
    static constexpr const char *module = "cls_matchall";

    static ValidationIssues validate(const Filter &f) { return f.params.get<MatchallParams>().validate(); }

    /**
     * What matchall's print says after its name: "handle 0x1 flowid 1:1", then indented
     * "skip_hw", "skip_sw", where it runs ("not_in_hw", "in_hw") and with -s "(rule hit N)". The
     * handle is a word tc reads before the kind.
     */
    static ShownFilter readShown(ShownWords w)
    {
        using namespace ShowSupport;
        ShownFilter out;
        if (const qsizetype handle = indexOf(w, u"handle"); handle >= 0 && handle + 1 < w.size()) {
            out.beforeKind = w.mid(handle, 2);
            w.remove(handle, 2);
        }
        FilterSupport::dropHardwareState(w);
        if (const qsizetype rule = indexOf(w, u"(rule"); rule >= 0 && rule + 2 < w.size() && w[rule + 1].text == u"hit")
            w.remove(rule, 3);
        out.options = w;
        return out;
    }

    static void parse(TcArgs &c, Filter &filter)
    {
        MatchallParams p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (FilterSupport::parseOffloadWord(word, p.offload)) {
                // f_matchall.c steps past the flag with NEXT_ARG(): a flag as the last word is incomplete.
                if (c.atEnd())
                    c.failAt(at, tr("\"%1\" needs another word after it (tc: Command line is not complete)").arg(word));
            } else if (word == u"actions" || !FilterSupport::parseTargetWord(c, word, at, filter, false)) {
                // tc's matchall takes "action" and its prefixes, not "actions", and no legacy police.
                c.failUnknownOption(at, u"matchall");
            }
        }
        if (const QString problem = FilterSupport::offloadProblem(p.offload); !problem.isEmpty())
            c.fail(problem);
        filter.params = p;
    }

    static void print(TcOptionWords &w, const Filter &f)
    {
        FilterSupport::printOffload(w, f.params.get<MatchallParams>().offload);
        FilterSupport::printTarget(w, f);
    }

    static std::optional<quint32> parseHandle(QStringView text, Filter &) { return FilterSupport::parseNumericHandle(text); }
    static QString printHandle(const Filter &f) { return FilterSupport::printNumericHandle(f); }

    static void toJson(const Filter &f, QJsonObject &o)
    {
        const OffloadFlags &flags = f.params.get<MatchallParams>().offload;
        if (flags.skipHw)
            o.insert(QStringLiteral("skip_hw"), true);
        if (flags.skipSw)
            o.insert(QStringLiteral("skip_sw"), true);
    }

    static void fromJson(JsonReader &r, Filter &f)
    {
        MatchallParams p;
        p.offload.skipHw = r.boolean("skip_hw");
        p.offload.skipSw = r.boolean("skip_sw");
        f.params = p;
    }

    static bool encode(nl_msg *msg, const Filter &filter, const CodecContext &context, QString *error)
    {
        // tc opens TCA_OPTIONS even when nothing goes in it.
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        if (!FilterSupport::encodeTarget(msg, filter, TCA_MATCHALL_CLASSID, 0, TCA_MATCHALL_ACT, context, error))
            return false;
        const quint32 flags = filter.params.get<MatchallParams>().offload.bits();
        if (flags && nla_put_u32(msg, TCA_MATCHALL_FLAGS, flags))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static FilterDecode decode(const nlattr *options, const CodecContext &context, Filter &filter)
    {
        nlattr *tb[TCA_MATCHALL_MAX + 1] = {};
        if (!options || nla_parse_nested(tb, TCA_MATCHALL_MAX, const_cast<nlattr *>(options), nullptr) < 0)
            return FilterDecode::Foreign;
        MatchallParams p;
        if (tb[TCA_MATCHALL_FLAGS]) {
            const auto flags = OffloadFlags::fromKernel(nla_get_u32(tb[TCA_MATCHALL_FLAGS]));
            if (!flags)
                return FilterDecode::Foreign;
            p.offload = *flags;
        }
        // TCA_MATCHALL_PCNT is the hit counter: state, not configuration.
        if (!FilterSupport::decodeTarget(tb, TCA_MATCHALL_CLASSID, 0, TCA_MATCHALL_ACT, context, filter))
            return FilterDecode::Foreign;
        filter.params = p;
        return FilterDecode::Known;
    }

    static QString summary(const Filter &f)
    {
        const OffloadFlags &flags = f.params.get<MatchallParams>().offload;
        //: What a matchall filter catches: "matchall all traffic → class 1:10".
        QString text = QStringLiteral("matchall ") + tr("all traffic");
        if (flags.skipHw)
            text += QStringLiteral(", skip_hw");
        if (flags.skipSw)
            text += QStringLiteral(", skip_sw");
        return text;
    }

    static bool sameInKernel(const Filter &running, const Filter &wanted)
    {
        return running.params.get<MatchallParams>() == wanted.params.get<MatchallParams>();
    }
};

} // namespace

QS_DEFINE_FILTER_KIND(MatchallKind)

} // namespace qs
