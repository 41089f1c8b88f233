// u32: the selector of matches (tc_u32_sel with its keys), the class id and actions, as iproute2's
// f_u32.c writes them.
#include "u32params.h"

#include "kinds/filtersupport.h"
#include "kinds/iptext.h"
#include "model/filter.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <QJsonArray>
#include <QJsonObject>
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

/** tc's parse_at(): "at N", "at nexthdr+N" or "at nexthdr+ N"; sets @p nexthdr for the latter two. */
int parseAt(TcArgs &c, bool *nexthdr)
{
    QStringView word = c.value(u"at");
    if (word.size() > 8 && word.startsWith(u"nexthdr+")) {
        *nexthdr = true;
        word = word.mid(8);
    } else if (tcMatches(word, u"nexthdr+")) {
        *nexthdr = true;
        word = c.value(u"nexthdr+");
    }
    const auto off = TcUnits::parseInteger(word, 0);
    if (!off || *off < 0)
        c.fail(U32Text::tr("the offset must be a whole number of bytes"));
    return *off;
}

/** IpText::splitPrefix(), failing with tc's refusal of a length after any/all/default (@p zero: how to write it instead). */
IpText::PrefixWords splitPrefix(TcArgs &c, QStringView text, QStringView zero)
{
    const auto words = IpText::splitPrefix(text);
    if (!words) {
        const QStringView address = text.left(text.indexOf(u'/'));
        c.fail(U32Text::tr("\"%1\" takes no prefix length; write \"%1\" alone or %2").arg(address, zero));
    }
    return *words;
}

/** tc reads "at" after an address too; the model keeps addresses at their header's offsets. */
void refuseAtAfterAddress(TcArgs &c)
{
    if (!c.atEnd() && c.peek() == u"at")
        c.failAt(c.position(), U32Text::tr("\"at\" is only supported on u32, u16 and u8 matches"));
}

U32Match parseIpv4Prefix(TcArgs &c, U32Match::Field field)
{
    const IpText::PrefixWords words = splitPrefix(c, c.value(u"match ip"), u"0.0.0.0/0");
    quint32 address = 0;
    int prefix = 0;
    if (!words.address.isEmpty()) {
        address = c.require(IpText::parseIpv4(words.address), U32Text::tr("not an IPv4 address; write it like 198.18.0.1/32"));
        prefix = 32;
    }
    if (words.length)
        prefix = c.require(IpText::parseIpv4PrefixLength(*words.length), U32Text::tr("the prefix length must be 0…32 or a contiguous mask like 255.255.0.0"));
    refuseAtAfterAddress(c);
    return U32Match::ipAddress(field, address, prefix);
}

/** get_prefix_1() for AF_INET6: an address with ':' and an optional "/PREFIX" (0…128). */
U32Match parseIp6Prefix(TcArgs &c, U32Match::Field field)
{
    const IpText::PrefixWords words = splitPrefix(c, c.value(u"match ip6"), u"::/0");
    std::array<quint32, 4> address{};
    int prefix = 0;
    if (!words.address.isEmpty()) {
        const IpText::Ipv6 network = c.require(IpText::parseIpv6(words.address), U32Text::tr("not an IPv6 address; write it like 2001:db8::1/128"));
        for (int i = 0; i < 4; ++i)
            address[size_t(i)] = qFromBigEndian<quint32>(network.data() + 4 * i);
        prefix = 128;
    }
    if (words.length) {
        const auto length = TcUnits::parseU32(*words.length, 0);
        if (!length || *length > 128)
            c.fail(U32Text::tr("the prefix length of an IPv6 address is 0…128"));
        prefix = int(*length);
    }
    refuseAtAfterAddress(c);
    return U32Match::ip6Address(field, address, prefix);
}

U32Match parseMatchWords(TcArgs &c)
{
    using F = U32Match::Field;
    const qsizetype start = c.position();
    const QStringView family = c.value(u"match");
    const auto readMasked = [&](F field, quint32 limit) {
        const QStringView valueWord = c.value(u"match");
        const auto value = TcUnits::parseU32(valueWord, 0);
        if (!value || *value > limit)
            c.fail(U32Text::tr("the match value must be a number up to 0x%1").arg(limit, 0, 16));
        const QStringView maskWord = c.value(u"match");
        const auto mask = TcUnits::parseU32(maskWord, 16);
        if (!mask || *mask > limit)
            c.fail(U32Text::tr("the match mask must be a hexadecimal number up to 0x%1").arg(limit, 0, 16));
        const bool raw = field == F::U32 || field == F::U16 || field == F::U8;
        int offset = 0;
        bool nexthdr = false;
        if (!c.atEnd() && c.peek() == u"at") {
            if (!raw)
                c.failAt(c.position(), U32Text::tr("\"at\" is only supported on u32, u16 and u8 matches"));
            c.next();
            offset = parseAt(c, &nexthdr);
        }
        if (field == F::U32 && offset % 4 != 0)
            c.fail(U32Text::tr("a u32 match needs an offset that is a multiple of 4"));
        U32Match m = U32Match::masked(field, *value, *mask, offset);
        m.nexthdr = raw && nexthdr;
        return m;
    };

    if (tcMatches(family, u"u32"))
        return readMasked(F::U32, 0xFFFFFFFFu);
    if (tcMatches(family, u"u16"))
        return readMasked(F::U16, 0xFFFFu);
    if (tcMatches(family, u"u8"))
        return readMasked(F::U8, 0xFFu);
    if (tcMatches(family, u"ip")) {
        const QStringView field = c.value(u"match ip");
        if (field == u"src" || field == u"dst")
            return parseIpv4Prefix(c, field == u"src" ? F::IpSrc : F::IpDst);
        // parse_ip()'s order: tos and dsfield, ihl, protocol, precedence, the flags, ports, icmp.
        if (field == u"tos" || tcMatches(field, u"dsfield"))
            return readMasked(F::IpTos, 0xFF);
        if (field == u"ihl")
            return readMasked(F::IpIhl, 0xFF);
        if (field == u"protocol")
            return readMasked(F::IpProtocol, 0xFF);
        if (tcMatches(field, u"precedence"))
            return readMasked(F::IpTos, 0xFF);
        if (field == u"nofrag")
            return U32Match::flag(F::IpNofrag);
        if (field == u"firstfrag")
            return U32Match::flag(F::IpFirstfrag);
        if (field == u"df")
            return U32Match::flag(F::IpDf);
        if (field == u"mf")
            return U32Match::flag(F::IpMf);
        if (field == u"dport")
            return readMasked(F::IpDport, 0xFFFF);
        if (field == u"sport")
            return readMasked(F::IpSport, 0xFFFF);
        if (field == u"icmp_type")
            return readMasked(F::IpIcmpType, 0xFF);
        if (field == u"icmp_code")
            return readMasked(F::IpIcmpCode, 0xFF);
        c.failAt(c.position() - 1, U32Text::tr("an ip match is src, dst, tos, dsfield, ihl, protocol, precedence, nofrag, "
                                               "firstfrag, df, mf, sport, dport, icmp_type or icmp_code"));
    }
    if (tcMatches(family, u"ip6")) {
        const QStringView field = c.value(u"match ip6");
        if (field == u"src")
            return parseIp6Prefix(c, F::Ip6Src);
        if (field == u"dst")
            return parseIp6Prefix(c, F::Ip6Dst);
        if (field == u"priority")
            return readMasked(F::Ip6Priority, 0xFF);
        if (field == u"protocol")
            return readMasked(F::Ip6Protocol, 0xFF);
        if (field == u"flowlabel")
            return readMasked(F::Ip6Flowlabel, 0xFFFFFFFFu);
        if (field == u"dport")
            return readMasked(F::Ip6Dport, 0xFFFF);
        if (field == u"sport")
            return readMasked(F::Ip6Sport, 0xFFFF);
        if (field == u"icmp_type")
            return readMasked(F::Ip6IcmpType, 0xFF);
        if (field == u"icmp_code")
            return readMasked(F::Ip6IcmpCode, 0xFF);
        c.failAt(c.position() - 1, U32Text::tr("an ip6 match is src, dst, priority, protocol, flowlabel, sport, dport, "
                                               "icmp_type or icmp_code"));
    }
    const bool udp = tcMatches(family, u"udp");
    if (udp || tcMatches(family, u"tcp")) {
        const QStringView field = c.value(family);
        if (field == u"src")
            return readMasked(udp ? F::UdpSrc : F::TcpSrc, 0xFFFF);
        if (field == u"dst")
            return readMasked(udp ? F::UdpDst : F::TcpDst, 0xFFFF);
        c.failAt(c.position() - 1, U32Text::tr("a %1 match is src or dst (the port)").arg(udp ? u"udp" : u"tcp"));
    }
    if (tcMatches(family, u"mark")) {
        // parse_mark(): both numbers with strtoul base 0; a value outside its mask can never match.
        const auto value = TcUnits::parseU32(c.value(u"match mark"), 0);
        if (!value)
            c.fail(U32Text::tr("Illegal \"mark\" value"));
        const auto mask = TcUnits::parseU32(c.value(u"match mark"), 0);
        if (!mask)
            c.fail(U32Text::tr("Illegal \"mark\" mask"));
        if ((*value & *mask) != *value)
            c.fail(U32Text::tr("Illegal \"mark\" (impossible combination)"));
        return U32Match::masked(F::Mark, *value, *mask);
    }
    if (tcMatches(family, u"icmp")) {
        const QStringView field = c.value(u"match icmp");
        if (field == u"type")
            return readMasked(F::IcmpType, 0xFF);
        if (field == u"code")
            return readMasked(F::IcmpCode, 0xFF);
        c.failAt(c.position() - 1, U32Text::tr("an icmp match is type or code"));
    }
    c.failAt(start, U32Text::tr("this match is not supported by Qdisc Studio yet; use ip, ip6, tcp, udp, icmp, mark, u32, u16 or u8"));
}

/**
 * The matches a person writes for the kernel's keys, in their order; false when a key is beyond
 * what a match can say. An IPv6 filter's keys are read as IPv6 fields, every other one as IPv4's
 * (tc's own pretty printer does the same with the filter's protocol).
 */
bool keysToMatches(const tc_u32_key *keys, int count, bool ipv6, QList<U32Match> *out)
{
    using F = U32Match::Field;
    for (int k = 0; k < count; ++k) {
        const tc_u32_key &key = keys[k];
        const quint32 value = qFromBigEndian(key.val);
        const quint32 mask = qFromBigEndian(key.mask);
        const auto rawRest = [&](quint32 restMask) {
            if (restMask) {
                U32Match m = U32Match::masked(F::U32, value, restMask, key.off);
                m.nexthdr = key.offmask == -1;
                out->append(m);
            }
        };
        const auto halves = [&](F high, F low) {
            if (mask & 0xFFFF0000u)
                out->append(U32Match::masked(high, value >> 16, mask >> 16));
            if (mask & 0x0000FFFFu)
                out->append(U32Match::masked(low, value & 0xFFFF, mask & 0xFFFF));
        };
        if (key.offmask == 1 && ipv6 && key.off == 40 && mask && (mask & ~0x00FF0000u) == 0) {
            // tc's ip6 icmp_code: the byte after the type, sent with offmask 1.
            out->append(U32Match::masked(F::Ip6IcmpCode, (value >> 16) & 0xFF, (mask >> 16) & 0xFF));
            continue;
        }
        if (key.offmask != 0 && key.offmask != -1)
            return false;
        if (key.offmask == -1) {
            if (key.off == 0 && mask)
                halves(F::TcpSrc, F::TcpDst); // the TCP and UDP ports are the same words
            else
                rawRest(mask);
            continue;
        }
        if (key.off % 4 != 0)
            return false;
        if (ipv6) {
            if (key.off == 0) {
                if (mask & 0x0FF00000u)
                    out->append(U32Match::masked(F::Ip6Priority, (value >> 20) & 0xFF, (mask >> 20) & 0xFF));
                rawRest(mask & ~0x0FF00000u);
            } else if (key.off == 4) {
                if (mask & 0x0000FF00u)
                    out->append(U32Match::masked(F::Ip6Protocol, (value >> 8) & 0xFF, (mask >> 8) & 0xFF));
                rawRest(mask & ~0x0000FF00u);
            } else if (key.off == 8 || key.off == 24) {
                // An address: the words tc packs for one prefix, in a row (full words, then a part).
                std::array<quint32, 4> words{};
                int length = 0;
                int k2 = k;
                for (int word = 0; word < 4 && k2 < count; ++word, ++k2) {
                    const tc_u32_key &part = keys[k2];
                    const quint32 partMask = qFromBigEndian(part.mask);
                    const int ones = std::countl_one(partMask);
                    if (part.off != key.off + 4 * word || part.offmask != 0 || (ones < 32 && (partMask << ones) != 0) || ones == 0)
                        break;
                    words[size_t(word)] = qFromBigEndian(part.val);
                    length += ones;
                    if (ones < 32) {
                        ++k2;
                        break;
                    }
                }
                if (length == 0) {
                    rawRest(mask);
                    continue;
                }
                out->append(U32Match::ip6Address(key.off == 8 ? F::Ip6Src : F::Ip6Dst, words, length));
                k = k2 - 1;
            } else if (key.off == 40) {
                halves(F::Ip6Sport, F::Ip6Dport);
            } else {
                rawRest(mask);
            }
            continue;
        }
        switch (key.off) {
        case 12:
        case 16: {
            const F field = key.off == 12 ? F::IpSrc : F::IpDst;
            const U32Match match = U32Match::masked(field, value, mask);
            if (match.prefixLength() >= 0)
                out->append(match);
            else
                rawRest(mask);
            break;
        }
        case 0:
            if (mask & 0xFF000000u)
                out->append(U32Match::masked(F::IpIhl, value >> 24, mask >> 24));
            if (mask & 0x00FF0000u)
                out->append(U32Match::masked(F::IpTos, (value >> 16) & 0xFF, (mask >> 16) & 0xFF));
            rawRest(mask & 0x0000FFFFu);
            break;
        case 4: {
            // The fragment flags are whole-word patterns of the low half; anything else stays raw.
            bool flagged = false;
            for (F flag : {F::IpNofrag, F::IpFirstfrag, F::IpDf, F::IpMf}) {
                const U32Match m = U32Match::flag(flag);
                if (mask == m.mask && value == m.value) {
                    out->append(m);
                    flagged = true;
                }
            }
            if (!flagged)
                rawRest(mask);
            break;
        }
        case 8:
            if (mask & 0x00FF0000u)
                out->append(U32Match::masked(F::IpProtocol, (value >> 16) & 0xFF, (mask >> 16) & 0xFF));
            rawRest(mask & ~0x00FF0000u);
            break;
        case 20:
            halves(F::IpSport, F::IpDport);
            break;
        default:
            rawRest(mask);
        }
    }
    return true;
}

/** tc's u32_hash_fold() of "sample": the masked word, shifted down to the mask's lowest bit. */
quint32 sampleHash(const U32Key &key)
{
    const quint32 mask = qFromBigEndian(key.mask);
    const int shift = mask ? std::countr_zero(mask) : 0;
    return qFromBigEndian(key.value & key.mask) >> shift;
}

/**
 * A node in its prio's own table is kept without that table's id: the kernel numbers a prio's
 * table anew (800:, 801:, …) when the prio is made again, and takes a handle with no table id as
 * "in the prio's own". So "ht 800::" reads as no "ht" (the recipes' way of naming the prio's own
 * table), and "handle 800::5" as "::5". Nodes in the user's tables keep theirs.
 */
void settleHandle(Filter &filter)
{
    auto &p = filter.params.edit<U32Params>();
    if (p.isTable())
        return;
    if (u32IsPrioTableId(p.hashTable) && (p.hashTable & 0xFF000) == 0)
        p.hashTable = 0;
    if (!p.hashTable && filter.handle && u32IsPrioTableId(*filter.handle) && ((*filter.handle >> 12) & 0xFF) == 0)
        *filter.handle &= 0xFFF;
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

    static ValidationIssues validate(const Filter &f)
    {
        const auto &p = f.params.get<U32Params>();
        ValidationIssues issues = p.validate();
        if (p.isTable()) {
            if (f.handle && (*f.handle & 0xFFFFF) != 0)
                issues.append(ValidationIssue::error(QStringLiteral("handle"),
                                                     tr("a hash table's handle is a table id alone, like 42: (not %1)")
                                                         .arg(u32HandleToString(*f.handle))));
            else if (!f.handle)
                issues.append(ValidationIssue::warning(QStringLiteral("handle"),
                                                       tr("give the table a handle like 42:, so that filters can name it "
                                                          "(ht, link) and it reads back as yours")));
            else if (u32IsPrioTableId(*f.handle) && p.divisor == 1u)
                issues.append(ValidationIssue::warning(QStringLiteral("handle"),
                                                       tr("tables from 800: up with one bucket are where the kernel keeps "
                                                          "each prio's own and read back as such: number yours below 800:")));
        } else if (f.handle && p.hashTable && (*f.handle >> 20) && (*f.handle & 0xFFFFF000u) != p.hashTable) {
            issues.append(ValidationIssue::error(QStringLiteral("handle"),
                                                 tr("the handle names another table or bucket than \"ht\" (the kernel refuses it)")));
        }
        return issues;
    }

    /**
     * What u32's print says: "fh 800: ht divisor 1" for the hash table every new prio gets (the
     * kernel's, nothing to add) and "fh 42: ht divisor 256" for a user's; then per filter
     * "fh 800::800 order 2048 key ht 800 bkt 0 [terminal] *flowid 1:10 [link 42:] not_in_hw", one
     * "match VALUE/MASK at [nexthdr+]OFFSET" line per key, in hex, "offset MASK>>SHIFT at N plus
     * N", "eat", "hash mask MASK at N". A key is read back as "match u32 0xVALUE 0xMASK at OFFSET"
     * (the same key); one with mask 0 at 12 or 16 as "ip src|dst 0.0.0.0/0", which tc sends there.
     * The handle is kept where it is not the one the kernel gives the first filter of a table
     * (HT::800); "ht HT:BKT" where the filter is not in its prio's own table.
     */
    static ShownFilter readShown(ShownWords w)
    {
        using namespace ShowSupport;
        ShownFilter out;
        const qsizetype fh = indexOf(w, u"fh");
        const std::optional<quint32> handle = fh >= 0 && fh + 1 < w.size() ? u32HandleFromString(w[fh + 1].text) : std::nullopt;
        const auto keepHandle = [&] {
            out.beforeKind = {w[fh], w[fh + 1]};
            out.beforeKind.first().text = QStringLiteral("handle");
        };
        const qsizetype ht = indexOf(w, u"ht");
        if (ht >= 0 && ht + 2 < w.size() && w[ht + 1].text == u"divisor") {
            // A hash table: a prio's own (800: and up, one bucket), or one the user made.
            out.implicit = w[ht + 2].text == u"1" && handle && u32IsPrioTableId(*handle) && (*handle & 0xFFFFF) == 0;
            if (!out.implicit) {
                if (fh >= 0 && fh + 1 < w.size())
                    keepHandle();
                out.options = w.mid(ht + 1, 2);
                ShownWords rest = w.mid(ht + 3);
                FilterSupport::dropHardwareState(rest);
                out.options += rest;
            }
            return out;
        }
        if (fh >= 0 && fh + 1 < w.size()) {
            if (handle && (*handle & 0xFFF) != 0x800)
                keepHandle();
            w.remove(fh, 2);
        }
        drop(w, u"order", 1);
        if (const qsizetype key = indexOf(w, u"key"); key >= 0 && key + 4 < w.size() && w[key + 1].text == u"ht" && w[key + 3].text == u"bkt") {
            // "key ht 43 bkt 1": the table and bucket; "ht 43:1" unless it is the prio's own table.
            const auto table = TcUnits::parseU32(w[key + 2].text, 16);
            const auto bucket = TcUnits::parseU32(w[key + 4].text, 16);
            if (table && bucket && *table < 0x1000 && *bucket < 0x100 && (!u32IsPrioTableId(*table << 20) || *bucket != 0)) {
                w[key + 1].text = QString::number(*table, 16) + u':' + QString::number(*bucket, 16);
                w.remove(key + 2, 3);
                w[key].text = QStringLiteral("ht");
            } else {
                w.remove(key, 5);
            }
        }
        drop(w, u"terminal");
        FilterSupport::dropHardwareState(w);
        FilterSupport::readShownIndev(w);
        FilterSupport::readShownPolice(w);
        // "mark 0x0001 0x00ff (success 0)": tc's "match mark"
        if (const qsizetype mark = indexOf(w, u"mark"); mark >= 0 && (mark == 0 || w[mark - 1].text != u"match"))
            w.insert(mark, TcWord{QStringLiteral("match"), w[mark].line, w[mark].column});
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
            const TcWord at = w[i];
            const auto synthetic = [&](const QString &text) { return TcWord{text, at.line, at.column}; };
            if (word == u"*flowid")
                word = QStringLiteral("flowid");
            if (word == u"flowid" && (i + 1 >= w.size() || !w[i + 1].text.contains(u':'))) {
                // "terminal flowid ???": a filter with actions and no class
                w.remove(i, i + 1 < w.size() && w[i + 1].text == u"???" ? 2 : 1);
                --i;
                continue;
            }
            if (word == u"hash" && i + 4 < w.size() && w[i + 1].text == u"mask" && w[i + 3].text == u"at") {
                // "hash mask 0000ff00 at 12"
                word = QStringLiteral("hashkey");
                w[i + 2].text.prepend(u"0x");
                i += 4;
                continue;
            }
            if (word == u"offset" && i + 1 < w.size()) {
                // "offset 0f00>>6 at 0 plus 4" (the first three when the offset is read from the packet)
                const QString &spec = w[i + 1].text;
                const qsizetype shift = spec.indexOf(u">>");
                if (shift > 0) {
                    const QString mask = spec.left(shift);
                    const QString bits = spec.mid(shift + 2);
                    w.replace(i + 1, synthetic(QStringLiteral("mask")));
                    w.insert(i + 2, synthetic(u"0x" + mask));
                    w.insert(i + 3, synthetic(QStringLiteral("shift")));
                    w.insert(i + 4, synthetic(bits));
                    i += 4;
                }
                continue;
            }
            if (word == u"eat" && (i == 0 || w[i - 1].text != u"offset")) {
                // tc prints "eat" on its own after the offset: read as part of it.
                w.insert(i, synthetic(QStringLiteral("offset")));
                ++i;
                continue;
            }
            const qsizetype slash = word.indexOf(u'/');
            if (word == u"match" || slash < 0 || i == 0 || w[i - 1].text != u"match")
                continue;
            // "match 00100000/00ff0000 at 0"
            const QString value = word.left(slash);
            const QString mask = word.mid(slash + 1);
            const QString offset = i + 2 < w.size() && w[i + 1].text == u"at" ? w[i + 2].text : QString();
            if (mask.toUInt(nullptr, 16) == 0 && (offset == u"12" || offset == u"16")) {
                w.replace(i, synthetic(QStringLiteral("ip")));
                w.insert(i + 1, synthetic(offset == u"12" ? QStringLiteral("src") : QStringLiteral("dst")));
                w.insert(i + 2, synthetic(QStringLiteral("0.0.0.0/0")));
                w.remove(i + 3, 2); // "at OFFSET": ip src|dst has its own
                i += 2;
                continue;
            }
            w.replace(i, synthetic(QStringLiteral("u32")));
            w.insert(i + 1, TcWord{u"0x" + value, at.line, at.column});
            w.insert(i + 2, TcWord{u"0x" + mask, at.line, at.column + int(slash) + 1});
            i += 2;
        }
        out.options = w;
        return out;
    }

    static void parse(TcArgs &c, Filter &filter)
    {
        U32Params p;
        std::optional<quint32> order;
        quint32 htid = 0;
        bool sampled = false;
        bool terminal = false;
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
            } else if (tcMatches(word, u"offset")) {
                parseOffset(c, p.offset);
            } else if (tcMatches(word, u"hashkey")) {
                parseHashkey(c, p);
            } else if (tcMatches(word, u"divisor")) {
                const auto divisor = TcUnits::parseU32(c.value(word), 0);
                if (!divisor || *divisor == 0 || *divisor > 0x100 || ((*divisor - 1) & *divisor))
                    c.fail(tr("Illegal \"divisor\": a hash table has 1, 2, 4, … or 256 buckets"));
                p.divisor = *divisor;
            } else if (tcMatches(word, u"order")) {
                order = c.require(TcUnits::parseU32(c.value(word), 0), tr("Illegal \"order\""));
            } else if (word == u"link") {
                const quint32 link = c.require(u32HandleFromString(c.value(word)), tr("Illegal \"link\": write a table like 43:"));
                if (link & 0xFFF)
                    c.fail(tr("\"link\" must be a hash table."));
                p.link = link;
            } else if (word == u"ht") {
                const quint32 table = c.require(u32HandleFromString(c.value(word)), tr("Illegal \"ht\": write a table like 43: or a bucket like 43:1"));
                if (filter.handle && (table & 0xFFF))
                    c.fail(tr("\"ht\" must be a hash table."));
                // tc: a "sample" before keeps its bucket, "ht" gives the table.
                htid = sampled ? ((htid & 0xFF000) | (table & 0xFFF00000u)) : (table & 0xFFFFF000u);
            } else if (word == u"sample") {
                U32Params sample;
                sample.matches.append(parseMatchWords(c));
                const auto keys = sample.keys();
                if (!keys || keys->size() != 1)
                    c.fail(tr("\"sample\" must contain exactly ONE key."));
                quint32 divisor = 0x100;
                if (!c.atEnd() && c.peek() == u"divisor") {
                    c.next();
                    const auto given = TcUnits::parseU32(c.value(u"divisor"), 0);
                    if (!given || *given == 0 || *given > 0x100 || ((*given - 1) & *given))
                        c.fail(tr("Illegal sample \"divisor\""));
                    divisor = *given;
                }
                htid = ((sampleHash(keys->first()) % divisor) << 12) | (htid & 0xFFF00000u);
                sampled = true;
            } else if (word == u"indev") {
                p.indev = FilterSupport::parseIndev(c, at);
            } else if (FilterSupport::parseOffloadWord(word, p.offload)) {
                continue;
            } else if (FilterSupport::parseTargetWord(c, word, at, filter, true)) {
                terminal = true;
            } else {
                c.failAt(at, tr("this u32 option is not supported by Qdisc Studio yet"));
            }
        }
        if (order) {
            if (filter.handle && (*filter.handle & 0xFFF) && *order != (*filter.handle & 0xFFF))
                c.fail(tr("\"order\" contradicts \"handle\""));
            filter.handle = filter.handle.value_or(0) | *order;
        }
        p.hashTable = htid;
        if (const QString problem = FilterSupport::offloadProblem(p.offload); !problem.isEmpty())
            c.fail(problem);
        if (!p.keys())
            c.fail(tr("two matches contradict each other on the same bits"));
        if (!terminal && filter.classId.isUnspec() && filter.actions.isEmpty() && !filter.police && !p.isTable() && !p.link)
            c.fail(tr("the filter needs a flowid (the class to send traffic to), an action or a link to a table"));
        filter.params = p;
        settleHandle(filter);
    }

    /** parse_hashkey(): "mask M" (hex) and "at N" (a multiple of 4), in any order. */
    static void parseHashkey(TcArgs &c, U32Params &p)
    {
        while (!c.atEnd()) {
            if (tcMatches(c.peek(), u"mask")) {
                c.next();
                p.hashMask = c.require(TcUnits::parseU32(c.value(u"mask"), 16), tr("Illegal \"hashkey\": the mask is a hexadecimal word"));
            } else if (tcMatches(c.peek(), u"at")) {
                c.next();
                const auto off = TcUnits::parseInteger(c.value(u"at"), 0);
                if (!off || *off % 4 != 0)
                    c.fail(tr("Illegal \"hashkey\": its offset is a multiple of 4"));
                p.hashOffset = *off;
            } else {
                break;
            }
        }
    }

    /** parse_offset(): plus, at, mask, shift, eat in any order, each as tc takes it. */
    static void parseOffset(TcArgs &c, U32Offset &o)
    {
        while (!c.atEnd()) {
            const QStringView word = c.peek();
            if (tcMatches(word, u"plus")) {
                c.next();
                o.plus = qint16(c.require(TcUnits::parseInteger(c.value(word), 0), tr("Illegal \"offset\": plus takes a number of bytes")));
            } else if (tcMatches(word, u"at")) {
                c.next();
                const int off = c.require(TcUnits::parseInteger(c.value(word), 0), tr("Illegal \"offset\": at takes a number of bytes"));
                if (off % 2)
                    c.fail(tr("offset \"at\" must be even"));
                o.at = qint16(off);
            } else if (tcMatches(word, u"mask")) {
                c.next();
                o.mask = c.require(TcUnits::parseU16(c.value(word), 16), tr("Illegal \"offset\": the mask is a hexadecimal 16-bit word"));
            } else if (tcMatches(word, u"shift")) {
                c.next();
                o.shift = quint8(c.require(TcUnits::parseInteger(c.value(word), 0), tr("Illegal \"offset\": shift takes a number of bits")));
            } else if (tcMatches(word, u"eat")) {
                c.next();
                o.eat = true;
            } else {
                break;
            }
        }
    }

    static void print(TcOptionWords &w, const Filter &f)
    {
        const auto &p = f.params.get<U32Params>();
        if (p.isTable()) {
            w.add(u"divisor", QString::number(*p.divisor));
            FilterSupport::printOffload(w, p.offload);
            return;
        }
        if (p.hashTable)
            w.add(u"ht", p.optionWords(u"ht"));
        if (p.matches.isEmpty())
            w.add(u"match", QStringLiteral("u32 0 0")); // the kernel needs a selector; this one matches everything
        for (const U32Match &m : p.matches)
            w.add(u"match", m.toTcWords());
        for (const char16_t *option : {u"offset", u"link", u"hashkey"}) {
            if (const QString words = p.optionWords(option); !words.isEmpty())
                w.add(option, words);
        }
        FilterSupport::printOffload(w, p.offload);
        if (!p.indev.isEmpty())
            w.add(u"indev", p.indev);
        FilterSupport::printTarget(w, f);
    }

    static std::optional<quint32> parseHandle(QStringView text, Filter &) { return u32HandleFromString(text); }
    static QString printHandle(const Filter &f) { return u32HandleArgument(f.handle.value_or(0)); }

    static void toJson(const Filter &f, QJsonObject &o)
    {
        const auto &p = f.params.get<U32Params>();
        if (p.isTable())
            o.insert(QStringLiteral("divisor"), qint64(*p.divisor));
        // A table's matches are an error of validation, but what was loaded is written back.
        if (!p.isTable() || !p.matches.isEmpty()) {
            QJsonArray matches;
            for (const U32Match &m : p.matches)
                matches.append(m.toTcWords());
            o.insert(QStringLiteral("matches"), matches);
        }
        for (const char *option : {"ht", "link", "hashkey", "offset"}) {
            if (const QString words = p.optionWords(QString::fromLatin1(option)); !words.isEmpty())
                o.insert(QLatin1StringView(option), words);
        }
        if (!p.indev.isEmpty())
            o.insert(QStringLiteral("indev"), p.indev);
        if (p.offload.skipHw)
            o.insert(QStringLiteral("skip_hw"), true);
        if (p.offload.skipSw)
            o.insert(QStringLiteral("skip_sw"), true);
    }

    static void fromJson(JsonReader &r, Filter &f)
    {
        U32Params p;
        if (r.has("divisor"))
            p.divisor = quint32(r.integer("divisor", 1, 1, 256));
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
        p.offload.skipHw = r.boolean("skip_hw");
        p.offload.skipSw = r.boolean("skip_sw");
        p.indev = r.string("indev").value_or(QString());
        for (const char *option : {"ht", "link", "hashkey", "offset"}) {
            if (const std::optional<QString> words = r.string(option)) {
                if (const QString problem = p.setOptionWords(QString::fromLatin1(option), *words); !problem.isEmpty())
                    r.error(QLatin1StringView(option), problem);
            }
        }
        f.params = p;
        settleHandle(f);
    }

    static bool encode(nl_msg *msg, const Filter &filter, const CodecContext &context, QString *error)
    {
        const auto &p = filter.params.get<U32Params>();
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        if (p.offload.any() && nla_put_u32(msg, TCA_U32_FLAGS, p.offload.bits()))
            return false;
        if (p.isTable()) {
            // The kernel makes a table of a message with a divisor and takes nothing else of it.
            if (nla_put_u32(msg, TCA_U32_DIVISOR, *p.divisor))
                return false;
            nla_nest_end(msg, nest);
            return true;
        }
        const auto keys = p.keys();
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
            sel->keys[i].offmask = keys->at(i).offmask;
        }
        sel->hmask = qToBigEndian(p.hashMask);
        sel->hoff = qint16(p.hashOffset);
        if (p.offset.plus) {
            sel->off = *p.offset.plus;
            sel->flags |= TC_U32_OFFSET;
        }
        if (p.offset.isVariable()) {
            sel->offoff = p.offset.at.value_or(0);
            sel->offmask = qToBigEndian(p.offset.mask.value_or(0));
            sel->offshift = p.offset.shift.value_or(0);
            sel->flags |= TC_U32_VAROFFSET;
        }
        if (p.offset.eat)
            sel->flags |= TC_U32_EAT;
        if (p.hashTable && nla_put_u32(msg, TCA_U32_HASH, p.hashTable))
            return false;
        if (p.link && nla_put_u32(msg, TCA_U32_LINK, p.link))
            return false;
        if (!FilterSupport::encodeIndev(msg, TCA_U32_INDEV, p.indev))
            return false;
        if (const auto mark = p.mark()) {
            const tc_u32_mark kernelMark{mark->value, mark->mask, 0};
            if (nla_put(msg, TCA_U32_MARK, sizeof kernelMark, &kernelMark))
                return false;
        }
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
        U32Params p;
        if (tb[TCA_U32_FLAGS]) {
            const auto flags = OffloadFlags::fromKernel(nla_get_u32(tb[TCA_U32_FLAGS]));
            if (!flags)
                return FilterDecode::Foreign;
            p.offload = *flags;
        }
        if (tb[TCA_U32_DIVISOR]) {
            const quint32 divisor = nla_get_u32(tb[TCA_U32_DIVISOR]);
            const quint32 handle = filter.handle.value_or(0);
            if (divisor == 1 && u32IsPrioTableId(handle))
                return FilterDecode::Skip; // a prio's own table, made with its first filter
            p.divisor = divisor;
            filter.params = p;
            return FilterDecode::Known;
        }
        if (!tb[TCA_U32_SEL])
            return FilterDecode::Foreign;
        p.indev = FilterSupport::decodeIndev(tb[TCA_U32_INDEV]);
        if (tb[TCA_U32_MARK]) {
            if (nla_len(tb[TCA_U32_MARK]) < int(sizeof(tc_u32_mark)))
                return FilterDecode::Foreign;
            const auto *mark = static_cast<const tc_u32_mark *>(nla_data(tb[TCA_U32_MARK]));
            p.matches.append(U32Match::masked(U32Match::Field::Mark, mark->val, mark->mask)); // tc prints it before the keys
        }
        const auto *sel = static_cast<const tc_u32_sel *>(nla_data(tb[TCA_U32_SEL]));
        if (nla_len(tb[TCA_U32_SEL]) < int(sizeof(tc_u32_sel)) ||
            nla_len(tb[TCA_U32_SEL]) < int(sizeof(tc_u32_sel) + sel->nkeys * sizeof(tc_u32_key)))
            return FilterDecode::Foreign;
        if (sel->flags & ~(TC_U32_TERMINAL | TC_U32_OFFSET | TC_U32_VAROFFSET | TC_U32_EAT))
            return FilterDecode::Foreign;
        if (!keysToMatches(sel->keys, sel->nkeys, filter.protocol == EtherType::Ipv6, &p.matches))
            return FilterDecode::Foreign;
        p.hashMask = qFromBigEndian(sel->hmask);
        p.hashOffset = sel->hoff;
        if (sel->flags & TC_U32_OFFSET)
            p.offset.plus = sel->off;
        if (sel->flags & TC_U32_VAROFFSET) {
            p.offset.at = sel->offoff;
            p.offset.mask = qFromBigEndian(sel->offmask);
            p.offset.shift = sel->offshift;
        }
        p.offset.eat = sel->flags & TC_U32_EAT;
        if (tb[TCA_U32_HASH]) {
            const quint32 htid = nla_get_u32(tb[TCA_U32_HASH]) & 0xFFFFF000u;
            if (!(u32IsPrioTableId(htid) && (htid & 0xFF000) == 0))
                p.hashTable = htid;
        }
        if (tb[TCA_U32_LINK])
            p.link = nla_get_u32(tb[TCA_U32_LINK]);
        if (!FilterSupport::decodeTarget(tb, TCA_U32_CLASSID, TCA_U32_POLICE, TCA_U32_ACT, context, filter))
            return FilterDecode::Foreign;
        filter.params = p;
        settleHandle(filter);
        return FilterDecode::Known;
    }

    static QString summary(const Filter &f)
    {
        const auto &p = f.params.get<U32Params>();
        if (p.isTable())
            //: A u32 hash table: "u32 hash table 42: of 256 buckets".
            return tr("u32 hash table %1 of %n bucket(s)", nullptr, int(*p.divisor)).arg(u32HandleToString(f.handle.value_or(0)));
        QStringList matches;
        for (const U32Match &m : p.matches)
            matches.append(m.toTcWords());
        //: What a u32 filter without matches catches: "u32 all traffic → class 1:10".
        QString what = matches.isEmpty() ? tr("all traffic") : matches.join(QStringLiteral(", "));
        if (p.hashTable)
            //: Where a u32 filter sits: "ip dst 10.0.0.0/8 in table 43:1".
            what += u' ' + tr("in table %1").arg(u32HandleToString(p.hashTable));
        if (p.link)
            //: A u32 filter that sends matching packets on to another table.
            what += u' ' + tr("→ table %1").arg(u32HandleToString(p.link));
        if (!p.indev.isEmpty())
            //: A u32 filter for packets that came in on a device: "…, in from eth1".
            what += tr(", in from %1").arg(p.indev);
        return QStringLiteral("u32 ") + what;
    }

    static bool sameInKernel(const Filter &running, const Filter &wanted)
    {
        const auto &r = running.params.get<U32Params>();
        const auto &w = wanted.params.get<U32Params>();
        return r.keys() == w.keys() && r.mark() == w.mark() && r.indev == w.indev && r.divisor == w.divisor && r.hashTable == w.hashTable && r.link == w.link &&
               r.hashMask == w.hashMask && r.hashOffset == w.hashOffset && r.offset == w.offset && r.offload == w.offload;
    }

    static bool needsTarget(const Filter &f)
    {
        const auto &p = f.params.get<U32Params>();
        return !p.isTable() && !p.link;
    }

    /** Tables are made before the filters that go in them or link to them, in any prio of the block. */
    static FilterTableRole tableRole(const Filter &f)
    {
        const auto &p = f.params.get<U32Params>();
        if (p.isTable())
            return FilterTableRole::Table;
        return p.hashTable || p.link ? FilterTableRole::UsesTable : FilterTableRole::None;
    }
};

} // namespace

QString U32Params::optionWords(QStringView option) const
{
    // "TABLE:[BUCKET]", the table always written ("0:9" is read back; tc's own "9" is not a handle).
    const auto tableWords = [](quint32 id) -> QString {
        const quint32 bucket = (id >> 12) & 0xFF;
        return QString::number(id >> 20, 16) + u':' + (bucket ? QString::number(bucket, 16) : QString());
    };
    if (option == u"ht")
        return hashTable ? tableWords(hashTable) : QString();
    if (option == u"link")
        return link ? tableWords(link) : QString();
    if (option == u"hashkey")
        return hashMask || hashOffset ? QStringLiteral("mask 0x%1 at %2").arg(hashMask, 8, 16, QChar(u'0')).arg(hashOffset) : QString();
    if (option == u"offset") {
        QStringList words;
        if (offset.at)
            words << QStringLiteral("at %1").arg(*offset.at);
        if (offset.mask)
            words << QStringLiteral("mask 0x%1").arg(*offset.mask, 4, 16, QChar(u'0'));
        if (offset.shift)
            words << QStringLiteral("shift %1").arg(*offset.shift);
        if (offset.plus)
            words << QStringLiteral("plus %1").arg(*offset.plus);
        if (offset.eat)
            words << QStringLiteral("eat");
        return words.join(u' ');
    }
    return {};
}

QString U32Params::setOptionWords(QStringView option, QStringView text)
{
    QList<TcScriptError> tokenErrors;
    const QList<TcCommand> commands = TcTokenizer::split(QString(option.toString() + u' ' + text.toString()), &tokenErrors);
    if (!tokenErrors.isEmpty() || commands.size() != 1)
        return tokenErrors.isEmpty() ? U32Text::tr("expected one line of words") : tokenErrors.first().message;
    const QList<TcWord> &words = commands.first().words;
    U32Params changed = *this;
    try {
        TcArgs c(words);
        c.next();
        if (option == u"offset") {
            changed.offset = {};
            U32Kind::parseOffset(c, changed.offset);
        } else if (option == u"hashkey") {
            changed.hashMask = 0;
            changed.hashOffset = 0;
            U32Kind::parseHashkey(c, changed);
        } else if (c.atEnd()) {
            (option == u"link" ? changed.link : changed.hashTable) = 0;
        } else {
            const bool isLink = option == u"link";
            const auto handle = u32HandleFromString(c.next());
            if (!handle || (isLink ? (*handle & 0xFFFFF) != 0 : (*handle & 0xFFF) != 0))
                c.failAt(c.position() - 1, isLink ? U32Text::tr("expected a table like 43:") : U32Text::tr("expected a table like 43: or a bucket like 43:1"));
            (isLink ? changed.link : changed.hashTable) = *handle;
        }
        if (!c.atEnd())
            c.failAt(c.position(), U32Text::tr("unexpected word"));
    } catch (const TcArgsFailure &failure) {
        const qsizetype index = std::clamp<qsizetype>(failure.index, 0, words.size() - 1);
        return QStringLiteral("\"%1\": %2").arg(words[index].text, failure.message);
    }
    *this = changed;
    return {};
}

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
