// cake: nested attributes, only those tc sends (iproute2's q_cake.c); the kernel keeps the rest.
#include "cakeparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcsummary.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <array>
#include <limits>

namespace qs {

namespace {

/** A word of tc's and the enum value it names, in the order tc lists them. */
template <class E> struct CakeWord
{
    const char16_t *word;
    E value;
};

constexpr std::array<CakeWord<CakeDiffserv>, 5> DiffservWords{{{u"diffserv3", CakeDiffserv::Diffserv3},
                                                               {u"diffserv4", CakeDiffserv::Diffserv4},
                                                               {u"diffserv8", CakeDiffserv::Diffserv8},
                                                               {u"besteffort", CakeDiffserv::Besteffort},
                                                               {u"precedence", CakeDiffserv::Precedence}}};
constexpr std::array<CakeWord<CakeFlowMode>, 8> FlowModeWords{{{u"flowblind", CakeFlowMode::Flowblind},
                                                               {u"srchost", CakeFlowMode::Srchost},
                                                               {u"dsthost", CakeFlowMode::Dsthost},
                                                               {u"hosts", CakeFlowMode::Hosts},
                                                               {u"flows", CakeFlowMode::Flows},
                                                               {u"dual-srchost", CakeFlowMode::DualSrchost},
                                                               {u"dual-dsthost", CakeFlowMode::DualDsthost},
                                                               {u"triple-isolate", CakeFlowMode::TripleIsolate}}};
constexpr std::array<CakeWord<CakeAckFilter>, 3> AckFilterWords{{{u"no-ack-filter", CakeAckFilter::None},
                                                                 {u"ack-filter", CakeAckFilter::Filter},
                                                                 {u"ack-filter-aggressive", CakeAckFilter::Aggressive}}};
constexpr std::array<CakeWord<CakeAtm>, 3> AtmWords{{{u"noatm", CakeAtm::None}, {u"atm", CakeAtm::Atm}, {u"ptm", CakeAtm::Ptm}}};

template <class E, std::size_t N> std::optional<E> valueOf(const std::array<CakeWord<E>, N> &words, QStringView word)
{
    for (const auto &w : words) {
        if (word == w.word)
            return w.value;
    }
    return std::nullopt;
}

template <class E, std::size_t N> QString wordOf(const std::array<CakeWord<E>, N> &words, E value)
{
    for (const auto &w : words) {
        if (w.value == value)
            return QString::fromUtf16(w.word);
    }
    return {};
}

/** An enum the kernel reports, or nullopt when it is beyond the words tc knows. */
template <class E, std::size_t N> std::optional<E> fromKernel(const std::array<CakeWord<E>, N> &words, quint32 value)
{
    for (const auto &w : words) {
        if (quint32(w.value) == value)
            return w.value;
    }
    return std::nullopt;
}

/** tc's rtt presets: the interval (µs); the target is always a twentieth of it. */
struct CakeRttPreset
{
    const char16_t *word;
    quint32 intervalUs;
};
constexpr std::array<CakeRttPreset, 8> RttPresets{{{u"datacentre", 100},
                                                   {u"lan", 1000},
                                                   {u"metro", 10000},
                                                   {u"regional", 30000},
                                                   {u"internet", 100000},
                                                   {u"oceanic", 300000},
                                                   {u"satellite", 1000000},
                                                   {u"interplanetary", 1000000000}}};

/** tc's framing keywords: what each adds to the overhead, and the link and mpu it sets. */
struct CakeFraming
{
    const char16_t *word;
    qint32 addedOverhead;
    std::optional<CakeAtm> atm;
    quint32 mpu = 0; ///< 0: the mpu stays as it is
};
constexpr std::array<CakeFraming, 14> Framings{{
    {u"ipoa-vcmux", 8, CakeAtm::Atm},
    {u"ipoa-llcsnap", 16, CakeAtm::Atm},
    {u"bridged-vcmux", 24, CakeAtm::Atm},
    {u"bridged-llcsnap", 32, CakeAtm::Atm},
    {u"pppoa-vcmux", 10, CakeAtm::Atm},
    {u"pppoa-llc", 14, CakeAtm::Atm},
    {u"pppoe-vcmux", 32, CakeAtm::Atm},
    {u"pppoe-llcsnap", 40, CakeAtm::Atm},
    {u"pppoe-ptm", 30, CakeAtm::Ptm},
    {u"bridged-ptm", 22, CakeAtm::Ptm},
    {u"ethernet", 38, std::nullopt, 84},
    {u"ether-vlan", 4, std::nullopt},
    {u"docsis", 18, CakeAtm::None, 64},
    // via-ethernet is read and ignored (the kernel compensates on its own now)
    {u"via-ethernet", 0, std::nullopt},
}};

struct CakeKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::CakeKind)

public:
    using Params = CakeParams;
    static constexpr QdiscTraits traits{.name = "cake", .module = "sch_cake"};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /** tc prints "bandwidth unlimited", which its parser reads as the word unlimited alone. */
    static ShownWords readShown(ShownWords w)
    {
        for (qsizetype i = ShowSupport::indexOf(w, u"bandwidth"); i >= 0 && i + 1 < w.size();
             i = ShowSupport::indexOf(w, u"bandwidth", i + 1)) {
            if (w[i + 1].text == u"unlimited")
                w.remove(i);
        }
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *running)
    {
        // The locals of tc's cake_parse_opt(); what it sends is decided after the loop.
        quint64 bandwidth = 0;
        bool unlimited = false;
        int autorate = -1;
        quint32 interval = 0;
        quint32 target = 0;
        std::optional<qsizetype> presetAt;
        quint32 diffserv = 0;
        std::optional<CakeFlowMode> flowMode;
        std::optional<bool> nat, wash, splitGso, ingress;
        std::optional<CakeAckFilter> ackFilter;
        std::optional<CakeAtm> atm;
        qint32 overhead = 0;
        bool overheadSet = false;
        bool overheadOverride = false;
        quint32 mpu = 0;
        quint32 memlimit = 0;
        quint32 fwmark = 0;

        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"bandwidth") {
                bandwidth = c.rate(u"bandwidth");
                unlimited = false;
                autorate = 0;
            } else if (word == u"unlimited") {
                bandwidth = 0;
                unlimited = true;
                autorate = 0;
            } else if (word == u"autorate-ingress") {
                autorate = 1;
            } else if (word == u"rtt") {
                interval = c.timeUs(u"rtt");
                target = CakeParams::targetForRtt(interval);
            } else if (const auto preset = presetOf(word)) {
                if (presetAt)
                    c.failAt(at, tr("\"%1\" is the second rtt preset after \"%2\": tc takes one (duplicate)")
                                     .arg(word, c.word(*presetAt).text));
                presetAt = at;
                interval = *preset;
                target = CakeParams::targetForRtt(interval);
            } else if (word == u"diffserv") {
                diffserv = quint32(CakeDiffserv::Diffserv4);
            } else if (const auto mode = valueOf(DiffservWords, word)) {
                diffserv = quint32(*mode);
            } else if (const auto mode = valueOf(FlowModeWords, word)) {
                flowMode = *mode;
            } else if (word == u"nat" || word == u"nonat") {
                nat = word == u"nat";
            } else if (word == u"wash" || word == u"nowash") {
                wash = word == u"wash";
            } else if (word == u"split-gso" || word == u"no-split-gso") {
                splitGso = word == u"split-gso";
            } else if (word == u"ingress" || word == u"egress") {
                ingress = word == u"ingress";
            } else if (const auto filter = valueOf(AckFilterWords, word)) {
                ackFilter = *filter;
            } else if (const auto link = valueOf(AtmWords, word)) {
                atm = *link;
            } else if (word == u"raw") {
                atm = CakeAtm::None;
                overhead = 0;
                overheadSet = true;
                overheadOverride = true;
            } else if (word == u"conservative") {
                // One whole ATM cell plus ATM framing: tc's safe guess when the overhead is unknown.
                atm = CakeAtm::Atm;
                overhead = 48;
                overheadSet = true;
            } else if (const CakeFraming *framing = framingOf(word)) {
                if (framing->word != std::u16string_view(u"via-ethernet")) {
                    if (framing->atm)
                        atm = framing->atm;
                    overhead += framing->addedOverhead;
                    overheadSet = true;
                    if (framing->mpu)
                        mpu = framing->mpu;
                }
            } else if (word == u"overhead") {
                const QStringView text = c.value(u"overhead");
                const auto value = TcUnits::parseS32(text, 10);
                if (!value || *value < CakeParams::MinOverhead || *value > CakeParams::MaxOverhead)
                    c.fail(tr("Illegal \"overhead\", valid range is -64 to 256"));
                overhead = *value;
                overheadSet = true;
            } else if (word == u"mpu") {
                const QStringView text = c.value(u"mpu");
                const auto value = TcUnits::parseS32(text, 10);
                if (!value || *value < 0 || quint32(*value) > CakeParams::MaxMpu)
                    c.fail(tr("Illegal \"mpu\", valid range is 0 to 256"));
                mpu = quint32(*value);
            } else if (word == u"memlimit") {
                memlimit = c.size(u"memlimit");
            } else if (word == u"fwmark") {
                fwmark = c.u32(u"fwmark", 0);
            } else {
                c.failUnknownOption(at, u"cake");
            }
        }

        Params p;
        if (bandwidth || unlimited)
            p.bandwidth = bandwidth;
        if (autorate != -1)
            p.autorateIngress = autorate == 1;
        if (interval || target)
            p.rttUs = interval;
        if (diffserv)
            p.diffserv = CakeDiffserv(diffserv);
        p.flowMode = flowMode;
        p.nat = nat;
        p.wash = wash;
        p.splitGso = splitGso;
        p.ingress = ingress;
        p.ackFilter = ackFilter;
        p.atm = atm;
        if (overheadSet)
            p.overhead = overhead;
        p.raw = overheadOverride;
        p.mpu = mpu;
        p.memlimit = memlimit;
        p.fwmark = fwmark;
        return qdiscParse(running ? p.appliedOnto(*running) : p);
    }

    /** Words tc reads back into the same parameters, in the order tc prints them. */
    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.bandwidth) {
            if (*p.bandwidth == 0)
                w.add(u"unlimited");
            else
                w.add(u"bandwidth", TcUnits::formatRate(*p.bandwidth));
        } else if (p.autorateIngress == false) {
            w.add(u"bandwidth", QStringLiteral("0")); // tc's only way to send autorate off alone
        }
        if (p.autorateIngress == true)
            w.add(u"autorate-ingress");
        if (p.diffserv)
            w.add(wordOf(DiffservWords, *p.diffserv));
        if (p.flowMode)
            w.add(wordOf(FlowModeWords, *p.flowMode));
        if (p.nat)
            w.add(*p.nat ? u"nat" : u"nonat");
        if (p.wash)
            w.add(*p.wash ? u"wash" : u"nowash");
        if (p.ingress)
            w.add(*p.ingress ? u"ingress" : u"egress");
        if (p.ackFilter)
            w.add(wordOf(AckFilterWords, *p.ackFilter));
        if (p.splitGso)
            w.add(*p.splitGso ? u"split-gso" : u"no-split-gso");
        if (p.rttUs)
            w.add(u"rtt", TcUnits::formatTimeUs(*p.rttUs));
        // raw resets the link to noatm and the overhead to 0: the words after it set them again.
        if (p.raw)
            w.add(u"raw");
        if (p.atm && !(p.raw && *p.atm == CakeAtm::None))
            w.add(wordOf(AtmWords, *p.atm));
        if (p.overhead && !(p.raw && *p.overhead == 0)) {
            // tc takes overhead up to 256; the framing keywords add on top (an even sum): above
            // 256 it is written as 256 (or 254) and ether-vlan's 4 bytes as often as needed.
            const qint32 overhead = *p.overhead;
            if (overhead > CakeParams::MaxOverhead && CakeParams::tcWritesOverhead(overhead)) {
                const qint32 base = overhead % 4 == 0 ? CakeParams::MaxOverhead : CakeParams::MaxOverhead - 2;
                w.add(u"overhead", QString::number(base));
                for (qint32 i = 0; i < (overhead - base) / 4; ++i)
                    w.add(u"ether-vlan");
            } else {
                w.add(u"overhead", QString::number(overhead));
            }
        }
        if (p.mpu)
            w.add(u"mpu", QString::number(p.mpu));
        if (p.memlimit)
            w.add(u"memlimit", TcUnits::formatSize(p.memlimit));
        if (p.fwmark)
            w.add(u"fwmark", QStringLiteral("0x%1").arg(p.fwmark, 0, 16));
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.bandwidth)
            o.insert(QStringLiteral("bandwidth"), *p.bandwidth ? TcUnits::formatRate(*p.bandwidth) : QStringLiteral("unlimited"));
        if (p.autorateIngress)
            o.insert(QStringLiteral("autorateIngress"), *p.autorateIngress);
        if (p.rttUs)
            o.insert(QStringLiteral("rtt"), TcUnits::formatTimeUs(*p.rttUs));
        if (p.diffserv)
            o.insert(QStringLiteral("diffserv"), wordOf(DiffservWords, *p.diffserv));
        if (p.flowMode)
            o.insert(QStringLiteral("flowMode"), wordOf(FlowModeWords, *p.flowMode));
        KindSupport::insertIf(o, "nat", p.nat, [](bool v) { return v; });
        KindSupport::insertIf(o, "wash", p.wash, [](bool v) { return v; });
        KindSupport::insertIf(o, "splitGso", p.splitGso, [](bool v) { return v; });
        KindSupport::insertIf(o, "ingress", p.ingress, [](bool v) { return v; });
        if (p.ackFilter)
            o.insert(QStringLiteral("ackFilter"), wordOf(AckFilterWords, *p.ackFilter));
        if (p.atm)
            o.insert(QStringLiteral("atm"), wordOf(AtmWords, *p.atm));
        KindSupport::insertIf(o, "overhead", p.overhead, [](qint32 v) { return v; });
        if (p.raw)
            o.insert(QStringLiteral("raw"), true);
        if (p.mpu)
            o.insert(QStringLiteral("mpu"), double(p.mpu));
        if (p.memlimit)
            o.insert(QStringLiteral("memlimit"), TcUnits::formatSize(p.memlimit));
        if (p.fwmark)
            o.insert(QStringLiteral("fwmark"), double(p.fwmark));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        if (r.has("bandwidth")) {
            if (r.take("bandwidth") == QJsonValue(QStringLiteral("unlimited")))
                p.bandwidth = 0;
            else
                p.bandwidth = r.optionalRate("bandwidth");
        }
        p.autorateIngress = r.optionalBool("autorateIngress");
        p.rttUs = r.optionalTimeUs("rtt");
        p.diffserv = enumFromJson(r, "diffserv", DiffservWords);
        p.flowMode = enumFromJson(r, "flowMode", FlowModeWords);
        p.nat = r.optionalBool("nat");
        p.wash = r.optionalBool("wash");
        p.splitGso = r.optionalBool("splitGso");
        p.ingress = r.optionalBool("ingress");
        p.ackFilter = enumFromJson(r, "ackFilter", AckFilterWords);
        p.atm = enumFromJson(r, "atm", AtmWords);
        if (const auto overhead = r.optionalInteger("overhead", std::numeric_limits<qint32>::min(), std::numeric_limits<qint32>::max()))
            p.overhead = qint32(*overhead);
        p.raw = r.boolean("raw");
        p.mpu = quint32(r.integer("mpu", 0, 0, 0xFFFFFFFFLL));
        p.memlimit = r.size("memlimit");
        p.fwmark = quint32(r.integer("fwmark", 0, 0, 0xFFFFFFFFLL));
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        using namespace KindSupport;
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        const auto enumValue = [](const auto &value) -> std::optional<quint32> {
            return value ? std::optional<quint32>(quint32(*value)) : std::nullopt;
        };
        const auto boolValue = [](const std::optional<bool> &value) -> std::optional<quint32> {
            return value ? std::optional<quint32>(*value ? 1u : 0u) : std::nullopt;
        };
        const auto nonZero = [](quint32 value) { return value ? std::optional<quint32>(value) : std::nullopt; };
        std::optional<quint32> rtt, target;
        if (p.rttUs) {
            rtt = nonZero(*p.rttUs);
            target = CakeParams::targetForRtt(*p.rttUs);
        }
        // tc's order; the kernel reads them in an order of its own (raw after overhead).
        const bool ok = putU64(msg, TCA_CAKE_BASE_RATE64, p.bandwidth) && putU32(msg, TCA_CAKE_DIFFSERV_MODE, enumValue(p.diffserv)) &&
                        putU32(msg, TCA_CAKE_ATM, enumValue(p.atm)) && putU32(msg, TCA_CAKE_FLOW_MODE, enumValue(p.flowMode)) &&
                        putS32(msg, TCA_CAKE_OVERHEAD, p.overhead) && putU32(msg, TCA_CAKE_RAW, p.raw ? std::optional<quint32>(0) : std::nullopt) &&
                        putU32(msg, TCA_CAKE_MPU, nonZero(p.mpu)) && putU32(msg, TCA_CAKE_RTT, rtt) && putU32(msg, TCA_CAKE_TARGET, target) &&
                        putU32(msg, TCA_CAKE_AUTORATE, boolValue(p.autorateIngress)) && putU32(msg, TCA_CAKE_MEMORY, nonZero(p.memlimit)) &&
                        putU32(msg, TCA_CAKE_FWMARK, nonZero(p.fwmark)) && putU32(msg, TCA_CAKE_NAT, boolValue(p.nat)) &&
                        putU32(msg, TCA_CAKE_WASH, boolValue(p.wash)) && putU32(msg, TCA_CAKE_SPLIT_GSO, boolValue(p.splitGso)) &&
                        putU32(msg, TCA_CAKE_INGRESS, boolValue(p.ingress)) && putU32(msg, TCA_CAKE_ACK_FILTER, enumValue(p.ackFilter));
        if (!ok)
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        using namespace KindSupport;
        nlattr *tb[TCA_CAKE_MAX + 1] = {};
        if (!parseNested(tb, TCA_CAKE_MAX, options))
            return std::nullopt;
        Params p;
        p.bandwidth = getU64(tb, TCA_CAKE_BASE_RATE64);
        const auto flag = [&](int type) -> std::optional<bool> {
            const auto value = getU32(tb, type);
            return value ? std::optional<bool>(*value != 0) : std::nullopt;
        };
        p.autorateIngress = flag(TCA_CAKE_AUTORATE);
        const auto rtt = getU32(tb, TCA_CAKE_RTT);
        const auto target = getU32(tb, TCA_CAKE_TARGET);
        if (rtt || target) {
            // tc sends a target of rtt/20 only; another one is beyond what its syntax says.
            if (!rtt || !target || *target != CakeParams::targetForRtt(*rtt))
                return std::nullopt;
            p.rttUs = *rtt;
        }
        bool known = true;
        const auto mode = [&](const auto &words, int type) {
            using E = decltype(words[0].value);
            const auto value = getU32(tb, type);
            if (!value)
                return std::optional<E>();
            const auto e = fromKernel(words, *value);
            known = known && e.has_value();
            return e;
        };
        p.diffserv = mode(DiffservWords, TCA_CAKE_DIFFSERV_MODE);
        p.flowMode = mode(FlowModeWords, TCA_CAKE_FLOW_MODE);
        p.ackFilter = mode(AckFilterWords, TCA_CAKE_ACK_FILTER);
        p.atm = mode(AtmWords, TCA_CAKE_ATM);
        if (!known)
            return std::nullopt;
        p.nat = flag(TCA_CAKE_NAT);
        p.wash = flag(TCA_CAKE_WASH);
        p.splitGso = flag(TCA_CAKE_SPLIT_GSO);
        p.ingress = flag(TCA_CAKE_INGRESS);
        p.overhead = getS32(tb, TCA_CAKE_OVERHEAD);
        p.raw = tb[TCA_CAKE_RAW] != nullptr;
        p.mpu = getU32(tb, TCA_CAKE_MPU).value_or(0);
        p.memlimit = getU32(tb, TCA_CAKE_MEMORY).value_or(0);
        p.fwmark = getU32(tb, TCA_CAKE_FWMARK).value_or(0);
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        // cake_change() takes every attribute in place; what is not sent stays.
        return changeWhenEncodingDiffers<CakeKind>(running, wanted.appliedOnto(running), context);
    }

    static QString summary(const Params &p, TcHandle)
    {
        if (p.bandwidth && *p.bandwidth)
            //: %1 is a rate such as 100 Mbit/s: cake's bandwidth.
            return tr("cake %1").arg(TcSummary::rate(*p.bandwidth));
        if (p.autorateIngress == true)
            //: cake estimating the bandwidth from arriving traffic (tc's autorate-ingress)
            return tr("cake, rate from arriving traffic");
        return QStringLiteral("cake");
    }

private:
    static std::optional<quint32> presetOf(QStringView word)
    {
        for (const CakeRttPreset &preset : RttPresets) {
            if (word == preset.word)
                return preset.intervalUs;
        }
        return std::nullopt;
    }

    static const CakeFraming *framingOf(QStringView word)
    {
        for (const CakeFraming &framing : Framings) {
            if (word == framing.word)
                return &framing;
        }
        return nullptr;
    }

    template <class E, std::size_t N> static std::optional<E> enumFromJson(JsonReader &r, const char *key, const std::array<CakeWord<E>, N> &words)
    {
        const std::optional<QString> text = r.string(key);
        if (!text)
            return std::nullopt;
        const auto value = valueOf(words, *text);
        if (!value) {
            QStringList names;
            for (const auto &w : words)
                names.append(QString::fromUtf16(w.word));
            //: %1 is the value found, %2 the words cake takes there.
            r.error(QString::fromLatin1(key), tr("\"%1\" is none of %2").arg(*text, names.join(QStringLiteral(", "))));
        }
        return value;
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(CakeKind)

} // namespace qs
