// gact: TCA_GACT_PARMS (the verb) and TCA_GACT_PROB (random determ|netrand VERB VAL), as
// iproute2 6.1's m_gact.c writes them. "action drop" is gact with its verb.
#include "gactparams.h"

#include "kinds/showsupport.h"

#include "kinds/actionsupport.h"
#include "kinds/kindsupport.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>
#include <linux/tc_act/tc_gact.h>

#include <cstring>

namespace qs {

namespace {

struct GactKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::GactKind)

public:
    using Params = GactParams;
    static constexpr const char *name = "gact";
    static constexpr const char *module = "act_gact";

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /**
     * tc prints "action pass" and, on a kernel with GACT_PROB, "random type none pass val 0" or
     * "random type determ drop val 10": read as the verb, and "random determ drop 10" when a type is set.
     */
    static ShownWords readShown(ShownWords w)
    {
        if (!w.isEmpty() && w[0].text == u"action")
            w.removeFirst();
        const qsizetype random = ShowSupport::indexOf(w, u"random");
        if (random >= 0 && random + 5 < w.size() && w[random + 1].text == u"type" && w[random + 4].text == u"val") {
            if (w[random + 2].text == u"none") {
                w.remove(random, 6);
            } else {
                w.remove(random + 4); // "val"
                w.remove(random + 1); // "type"
            }
        }
        return w;
    }

    static Params parse(TcArgs &c)
    {
        Params p;
        const auto control = ActionSupport::takeControl(c);
        if (!control)
            c.failAt(c.position(), tr("gact needs a control verb: pass, drop, pipe, continue, reclassify, goto chain N"));
        p.control = *control;
        if (!c.atEnd() && c.peek() == u"random") {
            c.next();
            GactParams::Random random;
            const QStringView type = c.value(u"random");
            if (type == u"netrand")
                random.type = GactParams::RandomType::NetRand;
            else if (type == u"determ")
                random.type = GactParams::RandomType::Determ;
            else
                c.fail(tr("random needs its type: netrand or determ"));
            const auto other = ActionSupport::takeControl(c);
            if (!other)
                c.failAt(c.position(), tr("random needs a control verb and a value, like \"random determ drop 10\""));
            random.control = *other;
            const quint16 value = c.u16(u"random", 10);
            if (value > 10000)
                c.fail(tr("the random value must be at most 10000"));
            random.value = value;
            p.random = random;
        }
        return p;
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        w.add(ActionSupport::controlWord(p.control));
        if (p.random) {
            w.add(u"random").add(p.random->type == GactParams::RandomType::Determ ? u"determ" : u"netrand");
            w.add(ActionSupport::controlWord(p.random->control)).add(QString::number(p.random->value));
        }
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        tc_gact parms{};
        parms.action = p.control;
        if (nla_put(msg, TCA_GACT_PARMS, sizeof(parms), &parms))
            return false;
        if (p.random) {
            tc_gact_p prob{};
            prob.ptype = quint16(p.random->type);
            prob.pval = p.random->value;
            prob.paction = p.random->control;
            if (nla_put(msg, TCA_GACT_PROB, sizeof(prob), &prob))
                return false;
        }
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_GACT_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_GACT_MAX, options) || !tb[TCA_GACT_PARMS] ||
            nla_len(tb[TCA_GACT_PARMS]) < int(sizeof(tc_gact)))
            return std::nullopt;
        tc_gact parms;
        std::memcpy(&parms, nla_data(tb[TCA_GACT_PARMS]), sizeof(parms));
        Params p;
        p.control = parms.action;
        if (tb[TCA_GACT_PROB] && nla_len(tb[TCA_GACT_PROB]) >= int(sizeof(tc_gact_p))) {
            tc_gact_p prob;
            std::memcpy(&prob, nla_data(tb[TCA_GACT_PROB]), sizeof(prob));
            if (prob.ptype == PGACT_NETRAND || prob.ptype == PGACT_DETERM) {
                p.random = GactParams::Random{GactParams::RandomType(prob.ptype), prob.paction, prob.pval};
            } else if (prob.ptype != PGACT_NONE) {
                return std::nullopt;
            }
        }
        return p;
    }

    static QString summary(const Params &p)
    {
        const QString verb = ActionSupport::controlWord(p.control);
        if (!p.random)
            return verb;
        //: %1 and %3 are tc verbs (drop, pass …), %2 a count: "pass, every 10th packet drop".
        if (p.random->type == GactParams::RandomType::Determ)
            return tr("%1, every %2th packet %3").arg(verb).arg(p.random->value).arg(ActionSupport::controlWord(p.random->control));
        //: %1 and %3 are tc verbs (drop, pass …), %2 a count: "pass, one packet in 10 at random drop".
        return tr("%1, one packet in %2 at random %3").arg(verb).arg(p.random->value).arg(ActionSupport::controlWord(p.random->control));
    }
};

} // namespace

ValidationIssues GactParams::validate() const
{
    ValidationIssues issues;
    if (random) {
        if (TC_ACT_EXT_CMP(random->control, TC_ACT_GOTO_CHAIN))
            issues.append(ValidationIssue::error(QStringLiteral("random"), tr("the kernel does not allow goto chain as the random verb")));
        if (random->value == 0 || random->value > 10000)
            issues.append(ValidationIssue::error(QStringLiteral("random"),
                                                 tr("the random value must be from 1 to 10000 (one packet in that many)")));
    }
    return issues;
}

QS_DEFINE_ACTION_KIND(GactKind)

} // namespace qs
