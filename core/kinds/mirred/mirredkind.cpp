// mirred: TCA_MIRRED_PARMS, as iproute2's m_mirred.c writes it.
#include "mirredparams.h"

#include "kinds/actionsupport.h"
#include "model/qdisctree.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>
#include <linux/tc_act/tc_mirred.h>

#include <cstring>

namespace qs {

int MirredParams::defaultControl(Mode mode)
{
    return mode == Mode::Redirect ? TC_ACT_STOLEN : TC_ACT_PIPE;
}

ValidationIssues MirredParams::validate() const
{
    ValidationIssues issues;
    if (device.isEmpty())
        issues.append(ValidationIssue::error(QStringLiteral("dev"), tr("mirred needs a device to redirect to")));
    else if (!isValidDeviceName(device))
        issues.append(ValidationIssue::error(QStringLiteral("dev"), tr("\"%1\" is not a valid interface name").arg(device)));
    return issues;
}

namespace {

struct MirredKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::MirredKind)

public:
    using Params = MirredParams;
    static constexpr const char *name = "mirred";
    static constexpr const char *module = "act_mirred";

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /**
     * tc prints "(Egress Redirect to device ifb0) stolen": direction, mode and device in words
     * of its own, then the control verb, which tc reads after a mirror only.
     */
    static ShownWords readShown(ShownWords w)
    {
        if (w.size() < 5 || !w[0].text.startsWith(u'(') || w[2].text != u"to" || w[3].text != u"device" || !w[4].text.endsWith(u')'))
            return w; // not the form tc prints: read as it is, so the parser says what is wrong
        ShownWords out;
        out.append(TcWord{w[0].text.mid(1).toLower(), w[0].line, w[0].column + 1});
        out.append(TcWord{w[1].text.toLower(), w[1].line, w[1].column});
        out.append(TcWord{QStringLiteral("dev"), w[3].line, w[3].column});
        out.append(TcWord{w[4].text.chopped(1), w[4].line, w[4].column});
        const bool mirror = out[1].text == u"mirror";
        if (w.size() > 5 && mirror && w[5].text != u"pipe")
            out.append(w[5]);
        out += w.mid(6); // what follows the control verb
        return out;
    }

    static Params parse(TcArgs &c)
    {
        Params action;
        const QStringView direction = c.value(u"mirred");
        if (tcMatches(direction, u"egress"))
            action.direction = MirredParams::Direction::Egress;
        else if (tcMatches(direction, u"ingress"))
            action.direction = MirredParams::Direction::Ingress;
        else
            c.fail(tr("mirred needs a direction: egress or ingress"));
        const QStringView mode = c.value(u"mirred");
        if (tcMatches(mode, u"redirect"))
            action.mode = MirredParams::Mode::Redirect;
        else if (tcMatches(mode, u"mirror"))
            action.mode = MirredParams::Mode::Mirror;
        else
            c.fail(tr("mirred needs redirect or mirror"));
        const QStringView devWord = c.value(u"mirred");
        if (!tcMatches(devWord, u"dev"))
            c.fail(tr("mirred needs \"dev NAME\""));
        action.device = c.value(u"dev").toString();
        if (!isValidDeviceName(action.device))
            c.fail(tr("not a valid interface name"));
        action.control = MirredParams::defaultControl(action.mode);
        // tc reads a control verb after a mirror only; a redirect always steals the packet.
        if (action.mode == MirredParams::Mode::Mirror) {
            if (const auto control = ActionSupport::takeControl(c))
                action.control = *control;
        }
        return action;
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        w.add(p.direction == MirredParams::Direction::Egress ? u"egress" : u"ingress");
        w.add(p.mode == MirredParams::Mode::Redirect ? u"redirect" : u"mirror");
        w.add(u"dev", p.device);
        if (p.control != MirredParams::defaultControl(p.mode))
            w.add(ActionSupport::controlWord(p.control));
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &context, QString *error)
    {
        const int index = context.ifindex ? context.ifindex(p.device) : 0;
        if (index <= 0) {
            *error = tr("the mirred target device %1 does not exist").arg(p.device);
            return false;
        }
        const bool egress = p.direction == MirredParams::Direction::Egress;
        tc_mirred parms{};
        if (p.mode == MirredParams::Mode::Redirect)
            parms.eaction = egress ? TCA_EGRESS_REDIR : TCA_INGRESS_REDIR;
        else
            parms.eaction = egress ? TCA_EGRESS_MIRROR : TCA_INGRESS_MIRROR;
        parms.action = p.control;
        parms.ifindex = quint32(index);
        return nla_put(msg, TCA_MIRRED_PARMS, sizeof(parms), &parms) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &context)
    {
        nlattr *mirred[TCA_MIRRED_MAX + 1] = {};
        if (!options || nla_parse_nested(mirred, TCA_MIRRED_MAX, const_cast<nlattr *>(options), nullptr) < 0 ||
            !mirred[TCA_MIRRED_PARMS] || nla_len(mirred[TCA_MIRRED_PARMS]) < int(sizeof(tc_mirred)))
            return std::nullopt;
        tc_mirred parms;
        std::memcpy(&parms, nla_data(mirred[TCA_MIRRED_PARMS]), sizeof(parms));
        Params action;
        switch (parms.eaction) {
        case TCA_EGRESS_REDIR:
            break;
        case TCA_EGRESS_MIRROR:
            action.mode = MirredParams::Mode::Mirror;
            break;
        case TCA_INGRESS_REDIR:
            action.direction = MirredParams::Direction::Ingress;
            break;
        case TCA_INGRESS_MIRROR:
            action.direction = MirredParams::Direction::Ingress;
            action.mode = MirredParams::Mode::Mirror;
            break;
        default:
            return std::nullopt;
        }
        action.control = parms.action;
        // A redirect with another control than tc writes cannot be written back.
        if (action.mode == MirredParams::Mode::Redirect && action.control != TC_ACT_STOLEN)
            return std::nullopt;
        action.device = context.ifname ? context.ifname(int(parms.ifindex)) : QString();
        if (action.device.isEmpty())
            return std::nullopt;
        return action;
    }

    static QString summary(const Params &p)
    {
        //: %1 is a device such as ifb0.
        return p.mode == MirredParams::Mode::Redirect ? tr("redirect to %1").arg(p.device) : tr("mirror to %1").arg(p.device);
    }
};

} // namespace

QS_DEFINE_ACTION_KIND(MirredKind)

} // namespace qs
