// htb: the qdisc (TCA_HTB_INIT, direct_qlen) and its classes (TCA_HTB_PARMS with 64-bit rates),
// as iproute2's q_htb.c writes them. Bursts are always sent, as tc computes them: libnl's
// defaults fall below the MTU at 10 Gbit.
#include "htbparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "model/qdisctree.h"
#include "model/qdisctreeindex.h"
#include "netlink/pschedclock.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcsummary.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <algorithm>
#include <cstring>

namespace qs {

namespace {

/** tc's default bucket when none is given: one clock tick's worth of bytes plus the MTU. */
quint32 defaultBucket(quint64 rate, quint32 mtu, const PschedClock &clock)
{
    return quint32(rate / clock.hz() + mtu);
}

/** Reads a bucket back from ticks: the default (nullopt) when it fits, else the roundest size. */
std::optional<quint32> bucketFromTicks(quint64 rate, quint32 ticks, const PschedClock &clock)
{
    if (rate == 0)
        return 0u;
    const auto sizes = KindSupport::tcSizesAtTicks(clock, rate, ticks);
    if (!sizes)
        return clock.xmitSize(rate, ticks);
    const quint32 fallback = defaultBucket(rate, HtbClassParams::DefaultMtu, clock);
    if (fallback >= sizes->low && fallback <= sizes->high)
        return std::nullopt;
    return KindSupport::roundestInRange(sizes->low, sizes->high, sizes->low);
}

/** The TCA_HTB_PARMS tc would send for @p p (bursts as tc computes them when unset). */
tc_htb_opt htbClassOptions(const HtbClassParams &p, const PschedClock &clock)
{
    const quint64 ceil = p.effectiveCeil();
    tc_htb_opt opt{};
    opt.rate = KindSupport::rateSpec(p.rateBytesPerSecond, p.mtu, p.overhead, p.mpu, p.linkLayer);
    opt.ceil = KindSupport::rateSpec(ceil, p.mtu, p.overhead, p.mpu, p.linkLayer);
    opt.buffer = clock.xmitTime(p.rateBytesPerSecond, p.burstBytes.value_or(defaultBucket(p.rateBytesPerSecond, p.mtu, clock)));
    opt.cbuffer = clock.xmitTime(ceil, p.cburstBytes.value_or(defaultBucket(ceil, p.mtu, clock)));
    opt.quantum = p.quantum;
    opt.prio = p.prio;
    return opt;
}

struct HtbClassKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::HtbClassKind)

public:
    using Params = HtbClassParams;
    static constexpr const char *name = "htb";
    static constexpr bool hierarchical = true;

    static Params newNode()
    {
        Params p;
        p.rateBytesPerSecond = 1000000 / 8; // 1mbit: rate / r2q stays above htb's 1000-byte quantum floor
        return p;
    }

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /**
     * tc -d prints "linklayer ethernet", "burst 15Kb/1 mpu 0b" and "level N", none of which
     * a class is added with; its bursts are computed back from the kernel's ticks at the rate
     * (cburst at the ceil), a little below what gives those ticks again; "cburst 0b" is tc's
     * default at a ceil of 20gbit (its computation overflows), which is left unset.
     */
    static ShownWords readShown(ShownWords w)
    {
        ShowSupport::drop(w, u"level", 1);
        ShowSupport::drop(w, u"linklayer", 1, u"ethernet");
        ShowSupport::drop(w, u"mpu", 1, u"0b");
        ShowSupport::dropSuffix(w, u"mpu", u"b"); // printed as a size, read by tc as a number (get_u16)
        ShowSupport::dropCellOfOne(w, u"burst");
        ShowSupport::dropCellOfOne(w, u"cburst");
        // A burst of 0b is what tc's default (rate / HZ + mtu) shows at rates it overflows at.
        ShowSupport::drop(w, u"burst", 1, u"0b");
        ShowSupport::drop(w, u"cburst", 1, u"0b");
        ShowSupport::sizeAtRate(w, u"burst", u"rate");
        ShowSupport::sizeAtRate(w, u"cburst", u"ceil");
        return w;
    }

    static Params parse(TcArgs &c, const Params *)
    {
        Params p;
        bool ceilSeen = false;
        bool rateSeen = false;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (tcMatches(word, u"prio")) {
                p.prio = c.u32(u"prio", 10);
            } else if (tcMatches(word, u"mtu")) {
                p.mtu = c.u32(u"mtu", 10);
            } else if (tcMatches(word, u"overhead")) {
                p.overhead = c.require(TcUnits::parseU16(c.value(u"overhead"), 10), tr("overhead must be 0…65535 bytes"));
            } else if (tcMatches(word, u"quantum")) {
                p.quantum = c.u32(u"quantum", 10);
            } else if (tcMatches(word, u"burst") || word == u"buffer" || word == u"maxburst") {
                p.burstBytes = c.sizeNoCell(u"burst");
            } else if (tcMatches(word, u"cburst") || word == u"cbuffer" || word == u"cmaxburst") {
                p.cburstBytes = c.sizeNoCell(u"cburst");
            } else if (word == u"ceil") {
                if (ceilSeen)
                    c.failAt(at, tr("ceil is given twice"));
                ceilSeen = true;
                p.ceilBytesPerSecond = c.rate(u"ceil");
            } else if (word == u"rate") {
                if (rateSeen)
                    c.failAt(at, tr("rate is given twice"));
                rateSeen = true;
                p.rateBytesPerSecond = c.rate(u"rate");
            } else if (tcMatches(word, u"mpu")) {
                p.mpu = c.require(TcUnits::parseU16(c.value(u"mpu"), 10), tr("mpu must be 0…65535 bytes"));
            } else if (tcMatches(word, u"linklayer")) {
                p.linkLayer = c.require(KindSupport::parseLinkLayer(c.value(u"linklayer")),
                                        tr("linklayer must be ethernet, atm or adsl"));
            } else {
                c.failUnknownOption(at, u"htb class");
            }
        }
        if (p.rateBytesPerSecond == 0)
            c.fail(tr("an htb class needs a rate above 0"));
        // Spelled out the way tc fills it in, so "ceil = rate" round-trips as one form.
        if (p.ceilBytesPerSecond == 0)
            p.ceilBytesPerSecond = p.rateBytesPerSecond;
        return p;
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        using namespace TcUnits;
        w.add(u"rate", formatRate(p.rateBytesPerSecond)).add(u"ceil", formatRate(p.effectiveCeil()));
        if (p.burstBytes)
            w.add(u"burst", formatSize(*p.burstBytes));
        if (p.cburstBytes)
            w.add(u"cburst", formatSize(*p.cburstBytes));
        if (p.prio)
            w.add(u"prio", QString::number(p.prio));
        if (p.quantum)
            w.add(u"quantum", QString::number(p.quantum));
        if (p.mtu != HtbClassParams::DefaultMtu)
            w.add(u"mtu", QString::number(p.mtu));
        if (p.overhead)
            w.add(u"overhead", QString::number(p.overhead));
        if (p.mpu)
            w.add(u"mpu", QString::number(p.mpu));
        if (p.linkLayer != LinkLayer::Ethernet)
            w.add(u"linklayer", KindSupport::linkLayerName(p.linkLayer));
    }

    static QJsonObject toJson(const Params &p)
    {
        using namespace TcUnits;
        QJsonObject o{{QStringLiteral("rate"), formatRate(p.rateBytesPerSecond)}, {QStringLiteral("ceil"), formatRate(p.effectiveCeil())}};
        if (p.burstBytes)
            o.insert(QStringLiteral("burst"), formatSize(*p.burstBytes));
        if (p.cburstBytes)
            o.insert(QStringLiteral("cburst"), formatSize(*p.cburstBytes));
        if (p.prio)
            o.insert(QStringLiteral("prio"), double(p.prio));
        if (p.quantum)
            o.insert(QStringLiteral("quantum"), double(p.quantum));
        if (p.mtu != HtbClassParams::DefaultMtu)
            o.insert(QStringLiteral("mtu"), double(p.mtu));
        if (p.overhead)
            o.insert(QStringLiteral("overhead"), p.overhead);
        if (p.mpu)
            o.insert(QStringLiteral("mpu"), p.mpu);
        if (p.linkLayer != LinkLayer::Ethernet)
            o.insert(QStringLiteral("linklayer"), KindSupport::linkLayerName(p.linkLayer));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.rateBytesPerSecond = r.rate("rate");
        p.ceilBytesPerSecond = r.rate("ceil", p.rateBytesPerSecond);
        if (p.ceilBytesPerSecond == 0)
            p.ceilBytesPerSecond = p.rateBytesPerSecond; // tc's reading of "ceil 0": the same as the rate
        p.burstBytes = r.optionalSize("burst");
        p.cburstBytes = r.optionalSize("cburst");
        p.prio = quint32(r.integer("prio", 0, 0, 0xFFFFFFFFLL));
        p.quantum = quint32(r.integer("quantum", 0, 0, 0xFFFFFFFFLL));
        p.mtu = quint32(r.integer("mtu", HtbClassParams::DefaultMtu, 0, 0xFFFFFFFFLL));
        p.overhead = quint16(r.integer("overhead", 0, 0, 0xFFFF));
        p.mpu = quint16(r.integer("mpu", 0, 0, 0xFFFF));
        if (const auto text = r.string("linklayer")) {
            if (const auto layer = KindSupport::parseLinkLayer(*text))
                p.linkLayer = *layer;
            else
                r.error(QStringLiteral("linklayer"), tr("linklayer must be ethernet, atm or adsl"));
        }
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &context, QString *)
    {
        const quint64 ceil = p.effectiveCeil();
        const tc_htb_opt opt = htbClassOptions(p, *context.clock);
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        if (p.rateBytesPerSecond >= (1ULL << 32) && nla_put_u64(msg, TCA_HTB_RATE64, p.rateBytesPerSecond))
            return false;
        if (ceil >= (1ULL << 32) && nla_put_u64(msg, TCA_HTB_CEIL64, ceil))
            return false;
        if (nla_put(msg, TCA_HTB_PARMS, sizeof(opt), &opt))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &context, const QdiscParams &owner)
    {
        nlattr *tb[TCA_HTB_MAX + 1] = {};
        if (!options || nla_parse_nested(tb, TCA_HTB_MAX, const_cast<nlattr *>(options), nullptr) < 0 || !tb[TCA_HTB_PARMS] ||
            nla_len(tb[TCA_HTB_PARMS]) < int(sizeof(tc_htb_opt)))
            return std::nullopt;
        tc_htb_opt opt;
        std::memcpy(&opt, nla_data(tb[TCA_HTB_PARMS]), sizeof(opt));
        Params p;
        p.mpu = opt.rate.mpu;
        p.linkLayer = KindSupport::linkLayerOf(opt.rate.linklayer);
        p.rateBytesPerSecond = tb[TCA_HTB_RATE64] ? nla_get_u64(tb[TCA_HTB_RATE64]) : opt.rate.rate;
        p.ceilBytesPerSecond = tb[TCA_HTB_CEIL64] ? nla_get_u64(tb[TCA_HTB_CEIL64]) : opt.ceil.rate;
        p.overhead = opt.rate.overhead;
        p.prio = opt.prio;
        p.burstBytes = bucketFromTicks(p.rateBytesPerSecond, opt.buffer, *context.clock);
        p.cburstBytes = bucketFromTicks(p.ceilBytesPerSecond, opt.cbuffer, *context.clock);
        // The kernel reports the quantum it uses; one it derived from r2q reads as "automatic".
        const auto *htb = owner.getIf<HtbQdiscParams>();
        const quint32 r2q = htb ? htb->r2q : 10;
        const quint64 derived = r2q ? std::clamp<quint64>(p.rateBytesPerSecond / r2q, 1000, 200000) : 0;
        p.quantum = opt.quantum == derived ? 0 : opt.quantum;
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        // Compared as the parameters the kernel receives, without building messages: a slider on a
        // large tree compares every class on every step.
        Params adjusted = wanted;
        adjusted.mtu = running.mtu; // the mtu only shapes tc's rate tables, which the kernel does not keep
        const tc_htb_opt a = htbClassOptions(running, *context.clock);
        const tc_htb_opt b = htbClassOptions(adjusted, *context.clock);
        const bool same = running.rateBytesPerSecond == adjusted.rateBytesPerSecond &&
                          running.effectiveCeil() == adjusted.effectiveCeil() && std::memcmp(&a, &b, sizeof(a)) == 0;
        return same ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QString summary(const Params &p)
    {
        const QString rateText = TcSummary::rate(p.rateBytesPerSecond);
        const QString prio = QString::number(p.prio);
        if (p.effectiveCeil() != p.rateBytesPerSecond) {
            const QString ceil = TcSummary::rate(p.effectiveCeil());
            //: %1 and %2 are rates (10 Mbit/s); ceil is tc's word for the rate a class may borrow up to.
            return p.prio ? tr("htb class %1 (ceil %2), prio %3").arg(rateText, ceil, prio)
                          //: %1 and %2 are rates (10 Mbit/s); ceil is tc's word for the rate a class may borrow up to.
                          : tr("htb class %1 (ceil %2)").arg(rateText, ceil);
        }
        //: %1 is a rate (10 Mbit/s), %2 the class's priority (tc's prio), a number.
        return p.prio ? tr("htb class %1, prio %2").arg(rateText, prio)
                      //: %1 is a rate such as 10 Mbit/s.
                      : tr("htb class %1").arg(rateText);
    }
};

struct HtbKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::HtbKind)

public:
    using Params = HtbQdiscParams;
    using ClassParams = HtbClassParams;
    // htb has no change operation: default and r2q changes rebuild it (NETLINK-NOTES.md).
    static constexpr QdiscTraits traits{.name = "htb",
                                        .module = "sch_htb",
                                        .children = QdiscChildren::Classes,
                                        .filterBlock = true,
                                        .hasChangeOperation = false};

    /** The qdisc prints its counter of direct packets and (with -d) its version besides its options. */
    static ShownWords readShown(ShownWords w)
    {
        ShowSupport::drop(w, u"direct_packets_stat", 1);
        ShowSupport::drop(w, u"ver", 1);
        return w;
    }

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (tcMatches(word, u"r2q"))
                p.r2q = c.u32(u"r2q", 10);
            else if (tcMatches(word, u"default"))
                p.defaultClass = c.u32(u"default", 16);
            else if (tcMatches(word, u"direct_qlen"))
                p.directQlen = c.u32(u"direct_qlen", 10);
            else if (tcMatches(word, u"debug") || tcMatches(word, u"offload"))
                c.failUnsupported(at, u"htb");
            else
                c.failUnknownOption(at, u"htb");
        }
        return qdiscParse(p); // tc always sends TCA_HTB_INIT
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.defaultClass)
            w.add(u"default", QString::number(p.defaultClass, 16));
        if (p.r2q != 10)
            w.add(u"r2q", QString::number(p.r2q));
        if (p.directQlen)
            w.add(u"direct_qlen", QString::number(*p.directQlen));
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.defaultClass)
            o.insert(QStringLiteral("default"), QString::number(p.defaultClass, 16));
        if (p.r2q != 10)
            o.insert(QStringLiteral("r2q"), double(p.r2q));
        if (p.directQlen)
            o.insert(QStringLiteral("directQlen"), double(*p.directQlen));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        if (const auto text = r.string("default")) {
            const auto minor = TcUnits::parseU32(*text, 16);
            if (!minor || *minor > 0xFFFF)
                r.error(QStringLiteral("default"), tr("\"%1\" is not a class minor; write it in hex like tc, e.g. \"30\"").arg(*text));
            else
                p.defaultClass = *minor;
        }
        p.r2q = quint32(r.integer("r2q", 10, 0, 0xFFFFFFFFLL)); // tc takes 0; the kernel then uses 1
        p.directQlen = r.optionalU32("directQlen");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        tc_htb_glob glob{};
        glob.version = 3;
        glob.rate2quantum = p.r2q;
        glob.defcls = p.defaultClass;
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest || nla_put(msg, TCA_HTB_INIT, sizeof(glob), &glob))
            return false;
        if (p.directQlen && nla_put_u32(msg, TCA_HTB_DIRECT_QLEN, *p.directQlen))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_HTB_MAX + 1] = {};
        if (!options || nla_parse_nested(tb, TCA_HTB_MAX, const_cast<nlattr *>(options), nullptr) < 0 || !tb[TCA_HTB_INIT] ||
            nla_len(tb[TCA_HTB_INIT]) < int(sizeof(tc_htb_glob)))
            return std::nullopt;
        if (tb[TCA_HTB_OFFLOAD])
            return std::nullopt;
        tc_htb_glob glob;
        std::memcpy(&glob, nla_data(tb[TCA_HTB_INIT]), sizeof(glob));
        Params p;
        p.r2q = glob.rate2quantum;
        p.defaultClass = glob.defcls;
        // The kernel always reports direct_qlen (the device's queue length when none was given): read
        // it, so a changed one is seen; an unset wanted direct_qlen matches any (the change rule).
        p.directQlen = KindSupport::getU32(tb, TCA_HTB_DIRECT_QLEN);
        return p;
    }

    static ChangeRule change(const Params &old, const Params &wanted, const CodecContext &, Params *)
    {
        const bool same = old.r2q == wanted.r2q && old.defaultClass == wanted.defaultClass &&
                          (!wanted.directQlen || wanted.directQlen == old.directQlen);
        return same ? ChangeRule::Same : ChangeRule::Replace;
    }

    static ValidationIssues validateInTree(const QdiscTreeIndex &tree, const QdiscNode &self)
    {
        ValidationIssues issues;
        const auto &htb = self.params.get<HtbQdiscParams>();
        if (htb.defaultClass != 0 && !tree.findClass(TcHandle::make(self.handle.major(), quint16(htb.defaultClass))))
            issues.append(ValidationIssue::warning(QStringLiteral("qdisc %1 (htb).default").arg(self.handle.toString()),
                                                   tr("default class %1:%2 does not exist: unclassified traffic bypasses the shaping")
                                                       .arg(QString::number(self.handle.major(), 16), QString::number(htb.defaultClass, 16))));
        for (const ClassNode *node : tree.classesOf(self.handle.major())) {
            const ClassNode &c = *node;
            const auto *p = c.params.getIf<HtbClassParams>();
            if (!p)
                continue;
            if (p->quantum == 0 && p->rateBytesPerSecond / htb.effectiveR2q() < 1000 && p->rateBytesPerSecond != 0)
                issues.append(ValidationIssue::warning(QStringLiteral("class %1.quantum").arg(c.classId.toString()),
                                                       tr("rate / r2q is below 1000 bytes; the kernel raises the quantum to 1000 and "
                                                          "warns. Set a quantum or lower r2q")));
        }
        return issues;
    }

    static QString summary(const Params &p, TcHandle handle)
    {
        //: %1 is a class id such as 1:30.
        return p.defaultClass ? tr("htb, default class %1").arg(QString::number(handle.major(), 16) + u':' + QString::number(p.defaultClass, 16))
                              : tr("htb, unclassified traffic unshaped");
    }
};

} // namespace

QS_DEFINE_CLASS_KIND(HtbClassKind)
QS_DEFINE_QDISC_KIND(HtbKind)

} // namespace qs
