// u32: the selector of matches (tc_u32_sel with its keys), the class id and actions, as iproute2's
// f_u32.c writes them.
#include "u32params.h"

#include "kinds/filtersupport.h"
#include "model/filter.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <QJsonArray>
#include <QtEndian>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>
#include <linux/rtnetlink.h>

#include <bit>
#include <cstring>
#include <vector>

namespace qs {

namespace {

struct U32Text
{
    Q_DECLARE_TR_FUNCTIONS(qs::U32Kind)
};

/**
 * iproute2's get_addr_ipv4(): up to four parts separated by dots, each read with strtoul(…, 0)
 * (so "010" is octal 8 and "0x0a" is 10), each at most 255; the bytes not given are 0
 * ("10.1" is 10.1.0.0). "0x0a000001" is one part, above 255: refused as tc refuses it.
 */
std::optional<quint32> parseIpv4(QStringView text)
{
    const QList<QStringView> parts = text.split(u'.');
    if (parts.size() > 4)
        return std::nullopt;
    quint32 address = 0;
    int shift = 24;
    for (QStringView part : parts) {
        // strtoul() stops at the dot; a part it cannot read whole is "extra characters" for tc.
        const auto value = TcUnits::parseU32(part, 0);
        if (!value || *value > 255)
            return std::nullopt;
        address |= *value << shift;
        shift -= 8;
    }
    return address;
}

/** iproute2's get_netmask(): a prefix length (strtoul base 0, up to 32) or a contiguous dotted mask. */
std::optional<int> parsePrefixLength(QStringView text)
{
    if (const auto length = TcUnits::parseU32(text, 0))
        return *length <= 32 ? std::optional<int>(int(*length)) : std::nullopt;
    const auto mask = parseIpv4(text);
    if (!mask)
        return std::nullopt;
    const int ones = std::countl_one(*mask);
    if (ones < 32 && (*mask << ones) != 0)
        return std::nullopt; // mask2bits(): not contiguous
    return ones;
}

U32Match parseMatchWords(TcArgs &c)
{
    const qsizetype start = c.position();
    const QStringView family = c.value(u"match");
    const auto readMasked = [&](U32Match::Field field, int offset, quint32 limit) {
        const QStringView valueWord = c.value(u"match");
        const auto value = TcUnits::parseU32(valueWord, 0);
        if (!value || *value > limit)
            c.fail(U32Text::tr("the match value must be a number up to 0x%1").arg(limit, 0, 16));
        const QStringView maskWord = c.value(u"match");
        const auto mask = TcUnits::parseU32(maskWord, 16);
        if (!mask || *mask > limit)
            c.fail(U32Text::tr("the match mask must be a hexadecimal number up to 0x%1").arg(limit, 0, 16));
        if (!c.atEnd() && c.peek() == u"at") {
            c.next();
            if (field != U32Match::Field::U32 && field != U32Match::Field::U16 && field != U32Match::Field::U8)
                c.fail(U32Text::tr("\"at\" is only supported on u32, u16 and u8 matches"));
            const QStringView offWord = c.value(u"at");
            if (offWord.startsWith(u"nexthdr+"))
                c.fail(U32Text::tr("nexthdr+ offsets are not supported by Qdisc Studio yet"));
            const auto off = TcUnits::parseInteger(offWord, 0);
            if (!off || *off < 0)
                c.fail(U32Text::tr("the offset must be a whole number of bytes"));
            offset = *off;
        }
        if (field == U32Match::Field::U32 && offset % 4 != 0)
            c.fail(U32Text::tr("a u32 match needs an offset that is a multiple of 4"));
        const bool raw = field == U32Match::Field::U32 || field == U32Match::Field::U16 || field == U32Match::Field::U8;
        return U32Match::masked(field, *value, *mask, raw ? offset : 0);
    };

    if (tcMatches(family, u"u32"))
        return readMasked(U32Match::Field::U32, 0, 0xFFFFFFFFu);
    if (tcMatches(family, u"u16"))
        return readMasked(U32Match::Field::U16, 0, 0xFFFFu);
    if (tcMatches(family, u"u8"))
        return readMasked(U32Match::Field::U8, 0, 0xFFu);
    if (tcMatches(family, u"ip") && family != u"ip6") {
        const QStringView field = c.value(u"match ip");
        if (field == u"src" || field == u"dst") {
            const QStringView text = c.value(u"match ip");
            // get_prefix_1(): the address, then an optional "/PREFIX".
            const qsizetype slash = text.indexOf(u'/');
            const QStringView addressText = slash >= 0 ? text.left(slash) : text;
            int prefix = 32;
            quint32 address = 0;
            if (addressText == u"any" || addressText == u"all" || addressText == u"default") {
                // Already a prefix of its own (bitlen -2): tc refuses another one after it.
                if (slash >= 0)
                    c.fail(U32Text::tr("\"%1\" takes no prefix length; write \"%1\" alone or 0.0.0.0/0").arg(addressText));
                prefix = 0;
            } else {
                address = c.require(parseIpv4(addressText), U32Text::tr("not an IPv4 address; write it like 198.18.0.1/32"));
            }
            if (slash >= 0)
                prefix = c.require(parsePrefixLength(text.mid(slash + 1)),
                                 U32Text::tr("the prefix length must be 0…32 or a contiguous mask like 255.255.0.0"));
            if (!c.atEnd() && c.peek() == u"at")
                c.failAt(c.position(), U32Text::tr("\"at\" is only supported on u32, u16 and u8 matches"));
            return U32Match::ipAddress(field == u"src" ? U32Match::Field::IpSrc : U32Match::Field::IpDst, address, prefix);
        }
        if (field == u"tos" || tcMatches(field, u"dsfield") || tcMatches(field, u"precedence"))
            return readMasked(U32Match::Field::IpTos, 1, 0xFF);
        if (field == u"protocol")
            return readMasked(U32Match::Field::IpProtocol, 9, 0xFF);
        if (field == u"sport")
            return readMasked(U32Match::Field::IpSport, 20, 0xFFFF);
        if (field == u"dport")
            return readMasked(U32Match::Field::IpDport, 22, 0xFFFF);
        c.fail(U32Text::tr("this ip match is not supported by Qdisc Studio yet; use src, dst, protocol, "
                              "tos, dsfield, sport or dport, or a raw u32/u16/u8 match"));
    }
    c.failAt(start, U32Text::tr("this match is not supported by Qdisc Studio yet; use ip, u32, u16 or u8"));
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


struct U32Kind
{
    Q_DECLARE_TR_FUNCTIONS(qs::U32Kind)

public:
    using Params = U32Params;
    static constexpr const char *name = "u32";
    static constexpr const char *module = "cls_u32";

    static Params newNode()
    {
        Params p;
        p.matches = {U32Match::masked(U32Match::Field::IpDport, 80, 0xFFFF)};
        return p;
    }

    static ValidationIssues validate(const Filter &f) { return f.params.get<U32Params>().validate(); }

    /**
     * What u32's print says: "fh 800: ht divisor 1" for the hash table every new prio gets (the
     * kernel's, nothing to add), then per filter "fh 800::800 order 2048 key ht 800 bkt 0
     * [terminal] *flowid 1:10 not_in_hw" and one "match VALUE/MASK at OFFSET" line per key, in
     * hex. A key is read back as "match u32 0xVALUE 0xMASK at OFFSET" (the same key); one with
     * mask 0 at 12 or 16 as "ip src|dst 0.0.0.0/0", which tc sends there. The handle is kept
     * where it is not the one the kernel gives the first filter of a prio (HT::800).
     */
    static ShownFilter readShown(ShownWords w)
    {
        using namespace ShowSupport;
        ShownFilter out;
        const qsizetype fh = indexOf(w, u"fh");
        const std::optional<quint32> handle = fh >= 0 && fh + 1 < w.size() ? u32HandleFromString(w[fh + 1].text) : std::nullopt;
        const qsizetype ht = indexOf(w, u"ht");
        if (ht >= 0 && ht + 2 < w.size() && w[ht + 1].text == u"divisor") {
            // A hash table: the kernel's own (800: and up, one bucket), or one the user made.
            out.implicit = w[ht + 2].text == u"1" && handle && (*handle >> 20) >= 0x800 && (*handle & 0xFFFFF) == 0;
            if (!out.implicit) {
                if (fh >= 0 && fh + 1 < w.size()) {
                    out.beforeKind = {w[fh], w[fh + 1]};
                    out.beforeKind.first().text = QStringLiteral("handle");
                }
                out.options = w.mid(ht + 1);
            }
            return out;
        }
        if (fh >= 0 && fh + 1 < w.size()) {
            if (handle && (*handle & 0xFFF) != 0x800) {
                out.beforeKind = {w[fh], w[fh + 1]};
                out.beforeKind.first().text = QStringLiteral("handle");
            }
            w.remove(fh, 2);
        }
        drop(w, u"order", 1);
        if (const qsizetype key = indexOf(w, u"key"); key >= 0 && key + 4 < w.size() && w[key + 1].text == u"ht" && w[key + 3].text == u"bkt")
            w.remove(key, 5);
        drop(w, u"terminal");
        FilterSupport::dropHardwareState(w);
        // "(rule hit N success N)", "(success N )": the counters of a kernel with CONFIG_CLS_U32_PERF.
        for (qsizetype i = 0; i < w.size();) {
            if (w[i].text.startsWith(u'(') && (w[i].text == u"(rule" || w[i].text == u"(success")) {
                qsizetype end = i;
                while (end < w.size() && !w[end].text.endsWith(u')'))
                    ++end;
                w.remove(i, std::min(end + 1, w.size()) - i);
            } else {
                ++i;
            }
        }
        for (qsizetype i = 0; i < w.size(); ++i) {
            QString &word = w[i].text;
            if (word == u"*flowid")
                word = QStringLiteral("flowid");
            if (word == u"flowid" && (i + 1 >= w.size() || !w[i + 1].text.contains(u':'))) {
                // "terminal flowid ???": a filter with actions and no class
                w.remove(i, i + 1 < w.size() && w[i + 1].text == u"???" ? 2 : 1);
                --i;
                continue;
            }
            const qsizetype slash = word.indexOf(u'/');
            if (word == u"match" || slash < 0 || i == 0 || w[i - 1].text != u"match")
                continue;
            // "match 00100000/00ff0000 at 0"
            const QString value = word.left(slash);
            const QString mask = word.mid(slash + 1);
            const QString offset = i + 2 < w.size() && w[i + 1].text == u"at" ? w[i + 2].text : QString();
            const TcWord at = w[i];
            if (mask.toUInt(nullptr, 16) == 0 && (offset == u"12" || offset == u"16")) {
                w.replace(i, TcWord{QStringLiteral("ip"), at.line, at.column});
                w.insert(i + 1, TcWord{offset == u"12" ? QStringLiteral("src") : QStringLiteral("dst"), at.line, at.column});
                w.insert(i + 2, TcWord{QStringLiteral("0.0.0.0/0"), at.line, at.column});
                w.remove(i + 3, 2); // "at OFFSET": ip src|dst has its own
                i += 2;
                continue;
            }
            w.replace(i, TcWord{QStringLiteral("u32"), at.line, at.column});
            w.insert(i + 1, TcWord{u"0x" + value, at.line, at.column + 0});
            w.insert(i + 2, TcWord{u"0x" + mask, at.line, at.column + int(slash) + 1});
            i += 2;
        }
        out.options = w;
        return out;
    }

    static void parse(TcArgs &c, Filter &filter)
    {
        U32Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (tcMatches(word, u"match")) {
                // A match with mask 0 ("match u32 0 0", the ingress recipe's match-all) tests no
                // bit: it is left out so both spellings of "everything" are the same filter. But
                // "ip src|dst 0.0.0.0/0" stays: tc sends its key at offset 12 or 16, and the
                // kernel's tree is read back with it (a classic shaper's catch-all is one).
                const U32Match match = parseMatchWords(c);
                if (match.mask != 0 || match.field == U32Match::Field::IpSrc || match.field == U32Match::Field::IpDst)
                    p.matches.append(match);
            } else if (!FilterSupport::parseTargetWord(c, word, at, filter, true)) {
                c.failAt(at, tr("this u32 option is not supported by Qdisc Studio yet"));
            }
        }
        if (!p.keys())
            c.fail(tr("two matches contradict each other on the same bits"));
        if (filter.classId.isUnspec() && filter.actions.isEmpty() && !filter.police)
            c.fail(tr("the filter needs a flowid (the class to send traffic to) or an action"));
        filter.params = p;
    }

    static void print(TcOptionWords &w, const Filter &f)
    {
        const auto &p = f.params.get<U32Params>();
        if (p.matches.isEmpty())
            w.add(u"match", QStringLiteral("u32 0 0")); // the kernel needs a selector; this one matches everything
        for (const U32Match &m : p.matches)
            w.add(u"match", m.toTcWords());
        FilterSupport::printTarget(w, f);
    }

    static std::optional<quint32> parseHandle(QStringView text, Filter &) { return u32HandleFromString(text); }
    static QString printHandle(const Filter &f) { return u32HandleArgument(f.handle.value_or(0)); }

    static void toJson(const Filter &f, QJsonObject &o)
    {
        QJsonArray matches;
        for (const U32Match &m : f.params.get<U32Params>().matches)
            matches.append(m.toTcWords());
        o.insert(QStringLiteral("matches"), matches);
    }

    static void fromJson(JsonReader &r, Filter &f)
    {
        U32Params p;
        const QJsonValue v = r.take("matches");
        if (!v.isUndefined() && !v.isArray())
            r.error(QStringLiteral("matches"), tr("expected an array"));
        const QJsonArray array = v.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString where = r.pathOf(QStringLiteral("matches")) + QStringLiteral("[%1]: ").arg(i);
            if (!array[i].isString()) {
                r.errors()->append(where + tr("expected a string like \"ip dst 198.18.0.0/15\""));
                continue;
            }
            QString error;
            const auto match = U32Match::fromTcWords(array[i].toString(), &error);
            if (!match)
                r.errors()->append(where + error);
            else if (match->mask != 0 || match->field == U32Match::Field::IpSrc || match->field == U32Match::Field::IpDst)
                p.matches.append(*match);
        }
        f.params = p;
    }

    static bool encode(nl_msg *msg, const Filter &filter, const CodecContext &context, QString *error)
    {
        const auto keys = filter.params.get<U32Params>().keys();
        if (!keys) {
            *error = tr("two matches of the filter contradict each other");
            return false;
        }
        // An empty selector is refused by the kernel: "match u32 0 0", one key that tests nothing.
        const qsizetype count = keys->isEmpty() ? 1 : keys->size();
        std::vector<char> buffer(sizeof(tc_u32_sel) + size_t(count) * sizeof(tc_u32_key), 0);
        auto *sel = reinterpret_cast<tc_u32_sel *>(buffer.data());
        sel->nkeys = quint8(count);
        if (!filter.classId.isUnspec() || !filter.actions.isEmpty() || filter.police)
            sel->flags |= TC_U32_TERMINAL;
        for (qsizetype i = 0; i < keys->size(); ++i) {
            sel->keys[i].val = keys->at(i).value;
            sel->keys[i].mask = keys->at(i).mask;
            sel->keys[i].off = keys->at(i).offset;
        }
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        if (!FilterSupport::encodeTarget(msg, filter, TCA_U32_CLASSID, TCA_U32_POLICE, TCA_U32_ACT, context, error))
            return false;
        if (nla_put(msg, TCA_U32_SEL, int(buffer.size()), buffer.data()))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static FilterDecode decode(const nlattr *options, const CodecContext &context, Filter &filter)
    {
        nlattr *tb[TCA_U32_MAX + 1] = {};
        if (!options || nla_parse_nested(tb, TCA_U32_MAX, const_cast<nlattr *>(options), nullptr) < 0)
            return FilterDecode::Foreign;
        if (tb[TCA_U32_DIVISOR])
            return FilterDecode::Skip; // the kernel's own hash-table node, created with the first filter
        if (!tb[TCA_U32_SEL] || tb[TCA_U32_LINK] || tb[TCA_U32_INDEV] || tb[TCA_U32_MARK])
            return FilterDecode::Foreign;
        const auto *sel = static_cast<const tc_u32_sel *>(nla_data(tb[TCA_U32_SEL]));
        if (nla_len(tb[TCA_U32_SEL]) < int(sizeof(tc_u32_sel) + sel->nkeys * sizeof(tc_u32_key)))
            return FilterDecode::Foreign;
        if (sel->offshift || sel->offmask || sel->off || sel->offoff || sel->hoff || sel->hmask || (sel->flags & ~TC_U32_TERMINAL))
            return FilterDecode::Foreign;
        U32Params p;
        for (int i = 0; i < sel->nkeys; ++i) {
            if (sel->keys[i].offmask)
                return FilterDecode::Foreign; // nexthdr-relative offsets are beyond the model
            keyToMatches(sel->keys[i], &p.matches);
        }
        if (!FilterSupport::decodeTarget(tb, TCA_U32_CLASSID, TCA_U32_POLICE, TCA_U32_ACT, context, filter))
            return FilterDecode::Foreign;
        filter.params = p;
        return FilterDecode::Known;
    }

    static QString summary(const Filter &f)
    {
        QStringList matches;
        for (const U32Match &m : f.params.get<U32Params>().matches)
            matches.append(m.toTcWords());
        //: What a u32 filter without matches catches: "u32 all traffic → class 1:10".
        const QString what = matches.isEmpty() ? tr("all traffic") : matches.join(QStringLiteral(", "));
        return QStringLiteral("u32 ") + what;
    }

    static bool sameInKernel(const Filter &running, const Filter &wanted)
    {
        return running.params.get<U32Params>().keys() == wanted.params.get<U32Params>().keys();
    }
};

} // namespace

std::optional<U32Match> U32Match::fromTcWords(QStringView text, QString *error)
{
    QList<TcScriptError> tokenErrors;
    const QList<TcCommand> commands = TcTokenizer::split(text, &tokenErrors);
    if (!tokenErrors.isEmpty() || commands.size() != 1) {
        if (error)
            *error = tokenErrors.isEmpty() ? U32Text::tr("expected one line of words") : tokenErrors.first().message;
        return std::nullopt;
    }
    const QList<TcWord> &words = commands.first().words;
    try {
        TcArgs c(words);
        const U32Match match = parseMatchWords(c);
        if (!c.atEnd())
            c.failAt(c.position(), U32Text::tr("unexpected word"));
        return match;
    } catch (const TcArgsFailure &failure) {
        if (error) {
            const qsizetype index = std::clamp<qsizetype>(failure.index, 0, words.size() - 1);
            *error = QStringLiteral("\"%1\": %2").arg(words[index].text, failure.message);
        }
        return std::nullopt;
    }
}

QS_DEFINE_FILTER_KIND(U32Kind)

} // namespace qs
