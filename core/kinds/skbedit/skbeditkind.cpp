// skbedit: TCA_SKBEDIT_PARMS and one attribute per field set, as iproute2 6.1's m_skbedit.c
// writes them (priority, mark[/mask], queue_mapping, ptype, inheritdsfield; pipe by default).
#include "skbeditparams.h"

#include "kinds/actionsupport.h"
#include "kinds/kindsupport.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>
#include <linux/tc_act/tc_skbedit.h>

#include <cstring>

namespace qs {

namespace {

constexpr const char16_t *kPacketTypes[] = {u"host", u"broadcast", u"multicast", u"otherhost"};

struct SkbeditKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::SkbeditKind)

public:
    using Params = SkbeditParams;
    static constexpr const char *name = "skbedit";
    static constexpr const char *module = "act_skbedit";

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    static Params parse(TcArgs &c)
    {
        Params p;
        bool any = false;
        while (!c.atEnd()) {
            const QStringView word = c.peek();
            if (tcMatches(word, u"queue_mapping")) {
                c.next();
                const quint32 queue = c.u32(u"queue_mapping", 10);
                if (queue > 65535)
                    c.fail(tr("queue_mapping must be at most 65535"));
                p.queueMapping = quint16(queue);
                if (!c.atEnd() && (c.peek() == u"skbhash" || c.peek() == u"classid" || c.peek() == u"cpuid"))
                    c.failUnsupported(c.position(), u"skbedit");
            } else if (tcMatches(word, u"priority")) {
                c.next();
                const QStringView value = c.value(u"priority");
                if (value == u"root")
                    p.priority = TcHandle(TC_H_ROOT);
                else if (value == u"none")
                    p.priority = TcHandle(0);
                else
                    p.priority = c.require(TcHandle::parseClassId(value), tr("priority must be a class id like 1:10"));
            } else if (tcMatches(word, u"mark")) {
                c.next();
                const QStringView value = c.value(u"mark");
                const qsizetype slash = value.indexOf(u'/');
                p.mark = c.require(TcUnits::parseU32(slash < 0 ? value : value.left(slash), 0), tr("mark must be a 32-bit number"));
                if (slash >= 0)
                    p.mask = c.require(TcUnits::parseU32(value.mid(slash + 1), 0), tr("the mark's mask must be a 32-bit number"));
            } else if (tcMatches(word, u"ptype")) {
                c.next();
                const QStringView value = c.value(u"ptype");
                bool found = false;
                for (quint16 i = 0; i < 4; ++i) {
                    if (tcMatches(value, kPacketTypes[i])) {
                        p.packetType = SkbeditParams::PacketType(i);
                        found = true;
                        break;
                    }
                }
                if (!found)
                    c.fail(tr("ptype must be host, broadcast, multicast or otherhost"));
            } else if (tcMatches(word, u"inheritdsfield")) {
                c.next();
                p.inheritDsfield = true;
            } else {
                break;
            }
            any = true;
        }
        if (const auto control = ActionSupport::takeControl(c))
            p.control = *control;
        if (!any)
            c.fail(tr("skbedit needs priority, mark, queue_mapping, ptype or inheritdsfield"));
        return p;
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.queueMapping)
            w.add(u"queue_mapping", QString::number(*p.queueMapping));
        if (p.priority)
            w.add(u"priority", p.priority->toString()); // print_tc_classid(): root, none, 1:10
        if (p.mark)
            w.add(u"mark", QStringLiteral("%1").arg(*p.mark) + (p.mask ? QStringLiteral("/0x%1").arg(*p.mask, 0, 16) : QString()));
        if (p.packetType)
            w.add(u"ptype", QString::fromUtf16(kPacketTypes[int(*p.packetType)]));
        if (p.inheritDsfield)
            w.add(u"inheritdsfield");
        if (p.control != SkbeditParams::defaultControl())
            w.add(ActionSupport::controlWord(p.control));
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        tc_skbedit parms{};
        parms.action = p.control;
        if (nla_put(msg, TCA_SKBEDIT_PARMS, sizeof(parms), &parms))
            return false;
        if (p.queueMapping && nla_put_u16(msg, TCA_SKBEDIT_QUEUE_MAPPING, *p.queueMapping))
            return false;
        if (p.priority && nla_put_u32(msg, TCA_SKBEDIT_PRIORITY, p.priority->raw()))
            return false;
        if (p.mark && nla_put_u32(msg, TCA_SKBEDIT_MARK, *p.mark))
            return false;
        if (p.mark && p.mask && nla_put_u32(msg, TCA_SKBEDIT_MASK, *p.mask))
            return false;
        if (p.packetType && nla_put_u16(msg, TCA_SKBEDIT_PTYPE, quint16(*p.packetType)))
            return false;
        return !p.inheritDsfield || nla_put_u64(msg, TCA_SKBEDIT_FLAGS, SKBEDIT_F_INHERITDSFIELD) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_SKBEDIT_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_SKBEDIT_MAX, options) || !tb[TCA_SKBEDIT_PARMS] ||
            nla_len(tb[TCA_SKBEDIT_PARMS]) < int(sizeof(tc_skbedit)))
            return std::nullopt;
        // A queue range chosen by hash is beyond the model.
        if (tb[TCA_SKBEDIT_QUEUE_MAPPING_MAX])
            return std::nullopt;
        tc_skbedit parms;
        std::memcpy(&parms, nla_data(tb[TCA_SKBEDIT_PARMS]), sizeof(parms));
        Params p;
        p.control = parms.action;
        if (const auto queue = KindSupport::getU16(tb, TCA_SKBEDIT_QUEUE_MAPPING))
            p.queueMapping = quint16(*queue);
        if (const auto priority = KindSupport::getU32(tb, TCA_SKBEDIT_PRIORITY))
            p.priority = TcHandle(*priority);
        p.mark = KindSupport::getU32(tb, TCA_SKBEDIT_MARK);
        p.mask = KindSupport::getU32(tb, TCA_SKBEDIT_MASK);
        if (const auto type = KindSupport::getU16(tb, TCA_SKBEDIT_PTYPE)) {
            if (*type > quint32(SkbeditParams::PacketType::OtherHost))
                return std::nullopt;
            p.packetType = SkbeditParams::PacketType(*type);
        }
        if (const auto flags = KindSupport::getU64(tb, TCA_SKBEDIT_FLAGS)) {
            if (*flags & ~quint64(SKBEDIT_F_INHERITDSFIELD))
                return std::nullopt;
            p.inheritDsfield = (*flags & SKBEDIT_F_INHERITDSFIELD) != 0;
        }
        return p;
    }

    static QString summary(const Params &p)
    {
        QStringList parts;
        if (p.priority)
            //: %1 a class id such as 1:10.
            parts.append(tr("priority %1").arg(p.priority->toString()));
        if (p.mark)
            //: %1 a firewall mark (number).
            parts.append(tr("mark %1").arg(*p.mark));
        if (p.queueMapping)
            //: %1 a transmit queue number.
            parts.append(tr("queue %1").arg(*p.queueMapping));
        if (p.packetType)
            //: %1 a packet type: host, broadcast, multicast, otherhost.
            parts.append(tr("type %1").arg(QString::fromUtf16(kPacketTypes[int(*p.packetType)])));
        if (p.inheritDsfield)
            parts.append(tr("priority from DS field"));
        //: %1 lists what skbedit sets ("mark 5, queue 2").
        return tr("set %1").arg(parts.join(QStringLiteral(", ")));
    }
};

} // namespace

int SkbeditParams::defaultControl()
{
    return TC_ACT_PIPE;
}

ValidationIssues SkbeditParams::validate() const
{
    ValidationIssues issues;
    if (!priority && !mark && !queueMapping && !packetType && !inheritDsfield)
        issues.append(ValidationIssue::error(QStringLiteral("skbedit"),
                                             tr("skbedit needs priority, mark, queue_mapping, ptype or inheritdsfield")));
    if (mask && !mark)
        issues.append(ValidationIssue::error(QStringLiteral("mask"), tr("a mask needs a mark")));
    return issues;
}

QS_DEFINE_ACTION_KIND(SkbeditKind)

} // namespace qs
