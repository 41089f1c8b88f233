// u32 filters with an optional mirred action, laid out as iproute2's f_u32.c and m_mirred.c do.
#include "tccodec.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>
#include <linux/pkt_sched.h>
#include <linux/tc_act/tc_mirred.h>

#include <QCoreApplication>
#include <QtEndian>

#include <cstring>
#include <vector>

namespace qs::TcCodec {

namespace {

/** The translation context of the messages below, shared with tccodec.cpp. */
struct U32Messages
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcCodec)
};

int mirredEaction(const MirredAction &action)
{
    const bool egress = action.direction == MirredAction::Direction::Egress;
    if (action.mode == MirredAction::Mode::Redirect)
        return egress ? TCA_EGRESS_REDIR : TCA_INGRESS_REDIR;
    return egress ? TCA_EGRESS_MIRROR : TCA_INGRESS_MIRROR;
}

bool encodeMirred(nl_msg *msg, const MirredAction &action, const Context &context, QString *error)
{
    const int index = context.ifindex ? context.ifindex(action.device) : 0;
    if (index <= 0) {
        *error = U32Messages::tr("the mirred target device %1 does not exist").arg(action.device);
        return false;
    }
    tc_mirred parms{};
    parms.eaction = mirredEaction(action);
    parms.action = action.mode == MirredAction::Mode::Redirect ? TC_ACT_STOLEN : TC_ACT_PIPE;
    parms.ifindex = quint32(index);
    nlattr *actions = nla_nest_start(msg, TCA_U32_ACT);
    nlattr *first = actions ? nla_nest_start(msg, 1) : nullptr;
    if (!first || nla_put_string(msg, TCA_ACT_KIND, "mirred"))
        return false;
    nlattr *options = nla_nest_start(msg, TCA_ACT_OPTIONS | NLA_F_NESTED);
    if (!options || nla_put(msg, TCA_MIRRED_PARMS, sizeof(parms), &parms))
        return false;
    nla_nest_end(msg, options);
    nla_nest_end(msg, first);
    nla_nest_end(msg, actions);
    return true;
}

std::optional<MirredAction> decodeMirred(const nlattr *actions, const Context &context)
{
    nlattr *list[TCA_ACT_MAX_PRIO + 1] = {};
    if (nla_parse_nested(list, TCA_ACT_MAX_PRIO, const_cast<nlattr *>(actions), nullptr) < 0)
        return std::nullopt;
    std::optional<MirredAction> found;
    for (int i = 1; i <= TCA_ACT_MAX_PRIO; ++i) {
        if (!list[i])
            continue;
        if (found)
            return std::nullopt; // more than one action: beyond the model
        nlattr *tb[TCA_ACT_MAX + 1] = {};
        if (nla_parse_nested(tb, TCA_ACT_MAX, list[i], nullptr) < 0 || !tb[TCA_ACT_KIND] ||
            std::strcmp(nla_get_string(tb[TCA_ACT_KIND]), "mirred") != 0 || !tb[TCA_ACT_OPTIONS])
            return std::nullopt;
        nlattr *mirred[TCA_MIRRED_MAX + 1] = {};
        if (nla_parse_nested(mirred, TCA_MIRRED_MAX, tb[TCA_ACT_OPTIONS], nullptr) < 0 || !mirred[TCA_MIRRED_PARMS] ||
            nla_len(mirred[TCA_MIRRED_PARMS]) < int(sizeof(tc_mirred)))
            return std::nullopt;
        tc_mirred parms;
        std::memcpy(&parms, nla_data(mirred[TCA_MIRRED_PARMS]), sizeof(parms));
        MirredAction action;
        switch (parms.eaction) {
        case TCA_EGRESS_REDIR:
            break;
        case TCA_EGRESS_MIRROR:
            action.mode = MirredAction::Mode::Mirror;
            break;
        case TCA_INGRESS_REDIR:
            action.direction = MirredAction::Direction::Ingress;
            break;
        case TCA_INGRESS_MIRROR:
            action.direction = MirredAction::Direction::Ingress;
            action.mode = MirredAction::Mode::Mirror;
            break;
        default:
            return std::nullopt;
        }
        // A control action other than the default (stolen / pipe) is beyond the model.
        if (parms.action != (action.mode == MirredAction::Mode::Redirect ? TC_ACT_STOLEN : TC_ACT_PIPE))
            return std::nullopt;
        action.device = context.ifname ? context.ifname(int(parms.ifindex)) : QString();
        if (action.device.isEmpty())
            return std::nullopt;
        found = action;
    }
    return found;
}

/** Splits one kernel key (network order) back into the matches a person writes. */
void keyToMatches(const tc_u32_key &key, QList<U32Match> *out)
{
    const quint32 value = qFromBigEndian(key.val);
    const quint32 mask = qFromBigEndian(key.mask);
    const auto rawRest = [&](quint32 restMask) {
        if (restMask)
            out->append(U32Match::masked(U32Match::Field::U32, value, restMask, key.off));
    };
    switch (key.off) {
    case 12:
    case 16: {
        const U32Match::Field field = key.off == 12 ? U32Match::Field::IpSrc : U32Match::Field::IpDst;
        const U32Match match = U32Match::masked(field, value, mask);
        if (match.prefixLength() >= 0)
            out->append(match);
        else
            rawRest(mask);
        return;
    }
    case 0:
        if (mask & 0x00FF0000u)
            out->append(U32Match::masked(U32Match::Field::IpTos, (value >> 16) & 0xFF, (mask >> 16) & 0xFF));
        rawRest(mask & ~0x00FF0000u);
        return;
    case 8:
        if (mask & 0x00FF0000u)
            out->append(U32Match::masked(U32Match::Field::IpProtocol, (value >> 16) & 0xFF, (mask >> 16) & 0xFF));
        rawRest(mask & ~0x00FF0000u);
        return;
    case 20:
        if (mask & 0xFFFF0000u)
            out->append(U32Match::masked(U32Match::Field::IpSport, value >> 16, mask >> 16));
        if (mask & 0x0000FFFFu)
            out->append(U32Match::masked(U32Match::Field::IpDport, value & 0xFFFF, mask & 0xFFFF));
        return;
    default:
        rawRest(mask);
    }
}

} // namespace

bool encodeU32(nl_msg *msg, const U32Filter &filter, const Context &context, QString *error)
{
    const auto keys = filter.keys();
    if (!keys) {
        *error = U32Messages::tr("two matches of the filter contradict each other");
        return false;
    }
    // An empty selector is refused by the kernel: "match u32 0 0", one key that tests nothing.
    const qsizetype count = keys->isEmpty() ? 1 : keys->size();
    std::vector<char> buffer(sizeof(tc_u32_sel) + size_t(count) * sizeof(tc_u32_key), 0);
    auto *sel = reinterpret_cast<tc_u32_sel *>(buffer.data());
    sel->nkeys = quint8(count);
    if (!filter.flowId.isUnspec() || filter.action)
        sel->flags |= TC_U32_TERMINAL;
    for (qsizetype i = 0; i < keys->size(); ++i) {
        sel->keys[i].val = keys->at(i).value;
        sel->keys[i].mask = keys->at(i).mask;
        sel->keys[i].off = keys->at(i).offset;
    }
    if (nla_put_string(msg, TCA_KIND, "u32"))
        return false;
    nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
    if (!nest)
        return false;
    if (!filter.flowId.isUnspec() && nla_put_u32(msg, TCA_U32_CLASSID, filter.flowId.raw()))
        return false;
    if (filter.action && !encodeMirred(msg, *filter.action, context, error))
        return false;
    if (nla_put(msg, TCA_U32_SEL, int(buffer.size()), buffer.data()))
        return false;
    nla_nest_end(msg, nest);
    return true;
}

std::optional<U32Filter> decodeU32(const nlattr *options, const Context &context, bool *isHashTable)
{
    *isHashTable = false;
    nlattr *tb[TCA_U32_MAX + 1] = {};
    if (!options || nla_parse_nested(tb, TCA_U32_MAX, const_cast<nlattr *>(options), nullptr) < 0)
        return std::nullopt;
    if (tb[TCA_U32_DIVISOR]) {
        *isHashTable = true; // the kernel's own hash-table node, created with the first filter
        return std::nullopt;
    }
    if (!tb[TCA_U32_SEL] || tb[TCA_U32_LINK] || tb[TCA_U32_POLICE] || tb[TCA_U32_INDEV] || tb[TCA_U32_MARK])
        return std::nullopt;
    const auto *sel = static_cast<const tc_u32_sel *>(nla_data(tb[TCA_U32_SEL]));
    if (nla_len(tb[TCA_U32_SEL]) < int(sizeof(tc_u32_sel) + sel->nkeys * sizeof(tc_u32_key)))
        return std::nullopt;
    if (sel->offshift || sel->offmask || sel->off || sel->offoff || sel->hoff || sel->hmask || (sel->flags & ~TC_U32_TERMINAL))
        return std::nullopt;
    U32Filter filter;
    for (int i = 0; i < sel->nkeys; ++i) {
        if (sel->keys[i].offmask)
            return std::nullopt; // nexthdr-relative offsets are beyond the model
        keyToMatches(sel->keys[i], &filter.matches);
    }
    if (tb[TCA_U32_CLASSID])
        filter.flowId = TcHandle(nla_get_u32(tb[TCA_U32_CLASSID]));
    if (tb[TCA_U32_ACT]) {
        filter.action = decodeMirred(tb[TCA_U32_ACT], context);
        if (!filter.action)
            return std::nullopt;
    }
    return filter;
}

} // namespace qs::TcCodec
