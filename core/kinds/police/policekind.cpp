// police: TCA_POLICE_TBF with the rate tables tc sends beside it (TCA_POLICE_RATE, _PEAKRATE),
// as iproute2 6.1's m_police.c writes them, in an action's options or directly in a filter's
// TCA_*_POLICE (the legacy form). The kernel refuses a rate without its table.
#include "policeparams.h"

#include "kinds/actionsupport.h"
#include "kinds/kindsupport.h"
#include "kinds/showsupport.h"
#include "netlink/pschedclock.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcsummary.h"
#include "tc/tcunits.h"

#include <QRegularExpression>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>
#include <linux/pkt_sched.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace qs {

namespace {

/** tc's default cell_log for an mtu (none given: 2047), and so the kernel's default mtu, 255 cells. */
quint32 defaultMtuForRate()
{
    return 255u << KindSupport::rateSpec(1, 0).cell_log;
}

/** The burst's time at @p rate in the scheduler's ticks, as tc computes it, before the narrowing to 32 bits. */
double burstTicks(quint64 rate, quint32 burst)
{
    if (rate == 0)
        return 0;
    return std::floor(1e6 * double(burst) / double(rate)) * PschedClock::system().tickInUsec();
}

/** The byte count tc's conversion turns into @p ticks at @p rate, the roundest of them. */
quint32 bytesForTicks(const PschedClock &clock, quint64 rate, quint32 ticks)
{
    const auto sizes = KindSupport::tcSizesAtTicks(clock, rate, ticks);
    if (!sizes)
        return clock.xmitSize(rate, ticks);
    return KindSupport::roundestInRange(sizes->low, sizes->high, sizes->low);
}

tc_ratespec policeSpec(const PoliceParams &p, quint64 rate)
{
    return KindSupport::rateSpec(rate, p.mtu, p.overhead, p.mpu, p.linkLayer);
}

/** action_a2n() with numbers allowed: one half of "conform-exceed EXCEED/CONFORM". */
std::optional<int> controlOfHalf(QStringView word)
{
    if (word == u"goto")
        return TC_ACT_GOTO_CHAIN;
    if (word == u"jump")
        return TC_ACT_JUMP;
    if (const auto control = ActionSupport::controlFromWord(word))
        return control;
    return TcUnits::parseInteger(word, 10);
}

bool isGoto(int control)
{
    return TC_ACT_EXT_CMP(control, TC_ACT_GOTO_CHAIN);
}

struct PoliceKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::PoliceKind)

public:
    using Params = PoliceParams;
    static constexpr const char *name = "police";
    static constexpr const char *module = "act_police";

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /**
     * What tc's print_police says after "police": "0x1 rate 1Mbit burst 10Kb mtu 2Kb [peakrate …]
     * [avrate …] action drop[/pipe] overhead 0b [linklayer ethernet]", then "ref 1 bind 1
     * [installed N sec used N sec]" and, for a filter's own police with -s, " Sent N bytes N pkts
     * (dropped N, overlimits N)". The index, the references and the counters are state; the mtu
     * tc fills in when none was given (2Kb at a rate) reads as none, as decode does.
     */
    static ShownWords readShown(ShownWords w)
    {
        using namespace ShowSupport;
        static const QRegularExpression index(QStringLiteral("^0x[0-9a-f]+$"));
        if (!w.isEmpty() && index.match(w.first().text).hasMatch())
            w.removeFirst();
        for (const char16_t *state : {u"ref", u"bind", u"installed", u"used", u"firstused", u"expires"}) {
            for (qsizetype at = indexOf(w, state); at >= 0 && at + 1 < w.size(); at = indexOf(w, state, at)) {
                const bool seconds = at + 2 < w.size() && w[at + 2].text == u"sec";
                w.remove(at, seconds ? 3 : 2);
            }
        }
        if (const qsizetype sent = indexOf(w, u"Sent"); sent >= 0) {
            qsizetype end = sent;
            while (end < w.size() && !w[end].text.endsWith(u')'))
                ++end;
            w.remove(sent, std::min(end + 1, w.size()) - sent);
        }
        if (const qsizetype action = indexOf(w, u"action"); action >= 0)
            w[action].text = QStringLiteral("conform-exceed");
        dropSuffix(w, u"overhead", u"b");
        drop(w, u"overhead", 1, u"0");
        drop(w, u"linklayer", 1, u"ethernet");
        if (indexOf(w, u"peakrate") < 0)
            drop(w, u"mtu", 1, indexOf(w, u"rate") >= 0 ? u"2Kb" : u"4096Mb");
        sizeAtRate(w, u"burst", u"rate");
        return w;
    }

    static Params parse(TcArgs &c)
    {
        Params p;
        bool burstSeen = false;
        bool mtuSeen = false;
        bool controlSeen = false;
        const auto once = [&](bool seen, qsizetype at, QStringView what) {
            if (seen)
                c.failAt(at, tr("%1 is given twice").arg(what));
        };
        bool any = false;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.peek();
            if (word == u"rate") {
                c.next();
                once(p.rateBytesPerSecond != 0, at, u"rate");
                p.rateBytesPerSecond = c.rate(u"rate");
            } else if (tcMatches(word, u"burst") || word == u"buffer" || word == u"maxburst") {
                c.next();
                once(burstSeen, at, u"burst");
                burstSeen = true;
                p.burstBytes = c.sizeNoCell(u"burst");
            } else if (word == u"mtu" || word == u"minburst") {
                c.next();
                once(mtuSeen, at, u"mtu");
                mtuSeen = true;
                p.mtu = c.sizeNoCell(u"mtu");
            } else if (word == u"mpu") {
                c.next();
                once(p.mpu != 0, at, u"mpu");
                const quint32 mpu = c.size(u"mpu");
                if (mpu > 0xFFFF)
                    c.fail(tr("mpu must be at most 65535 bytes"));
                p.mpu = quint16(mpu);
            } else if (tcMatches(word, u"peakrate")) {
                c.next();
                once(p.peakRateBytesPerSecond != 0, at, u"peakrate");
                p.peakRateBytesPerSecond = c.rate(u"peakrate");
            } else if (word == u"avrate") {
                c.next();
                once(p.avrateBytesPerSecond != 0, at, u"avrate");
                const quint64 avrate = c.rate(u"avrate");
                if (avrate > 0xFFFFFFFFu)
                    c.fail(tr("avrate must be below 34 Gbit/s (the kernel keeps it in 32 bits)"));
                p.avrateBytesPerSecond = quint32(avrate);
            } else if (tcMatches(word, u"overhead")) {
                c.next();
                p.overhead = c.u16(u"overhead", 10);
            } else if (tcMatches(word, u"linklayer")) {
                c.next();
                p.linkLayer = c.require(KindSupport::parseLinkLayer(c.value(u"linklayer")), tr("linklayer must be ethernet, atm or adsl"));
            } else if (word == u"reclassify" || word == u"drop" || word == u"shot" || word == u"continue" || word == u"pass" ||
                       word == u"ok" || word == u"pipe" || word == u"goto") {
                once(controlSeen, at, u"the control verb");
                controlSeen = true;
                p.exceed = *ActionSupport::takeControl(c);
            } else if (word == u"conform-exceed") {
                c.next();
                once(controlSeen, at, u"the control verb");
                controlSeen = true;
                const QStringView verbs = c.peek();
                if (const qsizetype slash = verbs.indexOf(u'/'); slash >= 0) {
                    c.next();
                    const auto exceed = controlOfHalf(verbs.left(slash));
                    const auto conform = controlOfHalf(verbs.mid(slash + 1));
                    if (!exceed || !conform)
                        c.fail(tr("conform-exceed needs EXCEED[/CONFORM] verbs: pass, ok, drop, pipe, continue, reclassify"));
                    p.exceed = *exceed;
                    p.conform = *conform;
                } else if (const auto control = ActionSupport::takeControl(c)) {
                    p.exceed = *control;
                } else {
                    p.exceed = c.integer(u"conform-exceed", 10);
                }
            } else if (word == u"pkts_rate" || word == u"pkts_burst") {
                c.failUnsupported(at, u"police");
            } else {
                break; // the end of the police: flowid, the next action, index (refused by the caller)
            }
            any = true;
        }
        if (!any)
            c.fail(tr("police needs a rate and a burst, like \"police rate 1mbit burst 10k drop\""));
        if (p.rateBytesPerSecond && p.avrateBytesPerSecond)
            c.fail(tr("police takes rate or avrate, not both"));
        if (!p.rateBytesPerSecond && !p.avrateBytesPerSecond && !p.mtu)
            c.fail(tr("police needs a rate, an avrate or an mtu"));
        if (p.rateBytesPerSecond && !p.burstBytes)
            c.fail(tr("a police rate needs a burst"));
        if (p.peakRateBytesPerSecond && !p.rateBytesPerSecond)
            c.fail(tr("a police peakrate needs a rate"));
        if (p.peakRateBytesPerSecond && !p.mtu)
            c.fail(tr("a police peakrate needs an mtu"));
        if (!p.rateBytesPerSecond)
            p.burstBytes = 0; // tc sends no bucket without a rate
        return p;
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        using namespace TcUnits;
        if (p.rateBytesPerSecond)
            w.add(u"rate", formatRate(p.rateBytesPerSecond)).add(u"burst", formatSize(p.burstBytes));
        if (p.mtu)
            w.add(u"mtu", formatSize(p.mtu));
        if (p.peakRateBytesPerSecond)
            w.add(u"peakrate", formatRate(p.peakRateBytesPerSecond));
        if (p.avrateBytesPerSecond)
            w.add(u"avrate", formatRate(p.avrateBytesPerSecond));
        if (p.overhead)
            w.add(u"overhead", QString::number(p.overhead));
        if (p.mpu)
            w.add(u"mpu", QString::number(p.mpu));
        if (p.linkLayer == LinkLayer::Atm)
            w.add(u"linklayer").add(u"atm");
        if (p.conform != 0)
            w.add(u"conform-exceed", ActionSupport::controlWord(p.exceed) + u'/' + ActionSupport::controlWord(p.conform));
        else if (p.exceed != PoliceParams::defaultExceed())
            w.add(ActionSupport::controlWord(p.exceed));
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &context, QString *)
    {
        const PschedClock &clock = context.clock ? *context.clock : PschedClock::system();
        tc_police opt{};
        opt.action = p.exceed;
        opt.mtu = p.mtu;
        QByteArray rateTable;
        QByteArray peakTable;
        if (p.rateBytesPerSecond) {
            opt.rate = policeSpec(p, p.rateBytesPerSecond);
            opt.burst = clock.xmitTime(p.rateBytesPerSecond, p.burstBytes);
            rateTable = KindSupport::rateTable(opt.rate, p.rateBytesPerSecond, clock);
            if (p.peakRateBytesPerSecond) {
                opt.peakrate = policeSpec(p, p.peakRateBytesPerSecond);
                peakTable = KindSupport::rateTable(opt.peakrate, p.peakRateBytesPerSecond, clock);
            }
        }
        if (nla_put(msg, TCA_POLICE_TBF, sizeof(opt), &opt))
            return false;
        if (!rateTable.isEmpty()) {
            if (nla_put(msg, TCA_POLICE_RATE, int(rateTable.size()), rateTable.constData()))
                return false;
            if (p.rateBytesPerSecond >= (1ULL << 32) && nla_put_u64(msg, TCA_POLICE_RATE64, p.rateBytesPerSecond))
                return false;
        }
        if (!peakTable.isEmpty()) {
            if (nla_put(msg, TCA_POLICE_PEAKRATE, int(peakTable.size()), peakTable.constData()))
                return false;
            if (p.peakRateBytesPerSecond >= (1ULL << 32) && nla_put_u64(msg, TCA_POLICE_PEAKRATE64, p.peakRateBytesPerSecond))
                return false;
        }
        if (p.avrateBytesPerSecond && nla_put_u32(msg, TCA_POLICE_AVRATE, p.avrateBytesPerSecond))
            return false;
        return p.conform == 0 || nla_put_u32(msg, TCA_POLICE_RESULT, quint32(p.conform)) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &context)
    {
        nlattr *tb[TCA_POLICE_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_POLICE_MAX, options) || !tb[TCA_POLICE_TBF] ||
            nla_len(tb[TCA_POLICE_TBF]) < int(sizeof(tc_police)))
            return std::nullopt;
        // A packet-rate policer is beyond the model: keep the filter as the kernel has it.
        if (tb[TCA_POLICE_PKTRATE64] || tb[TCA_POLICE_PKTBURST64])
            return std::nullopt;
        const PschedClock &clock = context.clock ? *context.clock : PschedClock::system();
        tc_police opt;
        std::memcpy(&opt, nla_data(tb[TCA_POLICE_TBF]), sizeof(opt));
        Params p;
        p.rateBytesPerSecond = tb[TCA_POLICE_RATE64] ? nla_get_u64(tb[TCA_POLICE_RATE64]) : opt.rate.rate;
        if (p.rateBytesPerSecond) {
            p.burstBytes = bytesForTicks(clock, p.rateBytesPerSecond, opt.burst);
            p.peakRateBytesPerSecond = tb[TCA_POLICE_PEAKRATE64] ? nla_get_u64(tb[TCA_POLICE_PEAKRATE64]) : opt.peakrate.rate;
            p.overhead = opt.rate.overhead;
            p.mpu = opt.rate.mpu;
            p.linkLayer = KindSupport::linkLayerOf(opt.rate.linklayer);
        }
        p.mtu = opt.mtu;
        // The kernel's own default for an mtu not given reads back as the mtu tc would not send.
        if (!p.peakRateBytesPerSecond && p.mtu == (p.rateBytesPerSecond ? defaultMtuForRate() : 0xFFFFFFFFu))
            p.mtu = 0;
        if (tb[TCA_POLICE_AVRATE])
            p.avrateBytesPerSecond = nla_get_u32(tb[TCA_POLICE_AVRATE]);
        p.exceed = opt.action;
        if (tb[TCA_POLICE_RESULT])
            p.conform = int(nla_get_u32(tb[TCA_POLICE_RESULT]));
        // tc cannot write a goto chain beside a conform verb (the slash form has no chain).
        if (p.conform != 0 && (isGoto(p.exceed) || TC_ACT_EXT_CMP(p.exceed, TC_ACT_JUMP)))
            return std::nullopt;
        return p;
    }

    static QString summary(const Params &p)
    {
        const QString beyond = ActionSupport::controlWord(p.exceed);
        if (!p.rateBytesPerSecond && p.avrateBytesPerSecond)
            //: %1 a rate (1 Mbit/s), %2 a tc verb (drop, pass, reclassify …).
            return tr("police at an average of %1, %2 beyond").arg(TcSummary::rate(p.avrateBytesPerSecond), beyond);
        if (!p.rateBytesPerSecond)
            //: %1 a number of bytes, %2 a tc verb (drop, pass, reclassify …); B is the symbol for bytes.
            return tr("police packets above %1 B: %2").arg(p.mtu).arg(beyond);
        //: %1 a rate (1 Mbit/s), %2 a number of bytes, %3 a tc verb (drop, pass, reclassify …); B is the symbol for bytes.
        return tr("police %1, burst %2 B, %3 beyond").arg(TcSummary::rate(p.rateBytesPerSecond)).arg(p.burstBytes).arg(beyond);
    }
};

} // namespace

int PoliceParams::defaultExceed()
{
    return TC_ACT_RECLASSIFY; // tc's TC_POLICE_RECLASSIFY
}

quint32 PoliceParams::effectiveMtu() const
{
    if (mtu)
        return mtu;
    return rateBytesPerSecond ? defaultMtuForRate() : 0xFFFFFFFFu;
}

bool operator==(const PoliceParams &a, const PoliceParams &b)
{
    return a.rateBytesPerSecond == b.rateBytesPerSecond && a.burstBytes == b.burstBytes && a.effectiveMtu() == b.effectiveMtu() &&
           a.peakRateBytesPerSecond == b.peakRateBytesPerSecond && a.overhead == b.overhead && a.mpu == b.mpu &&
           a.linkLayer == b.linkLayer && a.avrateBytesPerSecond == b.avrateBytesPerSecond && a.exceed == b.exceed &&
           a.conform == b.conform;
}

ValidationIssues PoliceParams::validate() const
{
    ValidationIssues issues;
    const auto error = [&](const char *field, const QString &message) {
        issues.append(ValidationIssue::error(QString::fromLatin1(field), message));
    };
    if (rateBytesPerSecond && avrateBytesPerSecond)
        error("avrate", tr("police takes rate or avrate, not both"));
    if (!rateBytesPerSecond && !avrateBytesPerSecond && !mtu)
        error("rate", tr("police needs a rate, an avrate or an mtu"));
    if (rateBytesPerSecond && !burstBytes)
        error("burst", tr("a police rate needs a burst"));
    if (burstBytes && burstTicks(rateBytesPerSecond, burstBytes) > double(std::numeric_limits<quint32>::max()))
        error("burst", tr("the burst must last at most %1 s at the police rate (the kernel keeps it in 32-bit ticks)")
                           .arg(std::floor(double(std::numeric_limits<quint32>::max()) / PschedClock::system().tickInUsec() / 1e6)));
    if (peakRateBytesPerSecond && !rateBytesPerSecond)
        error("peakrate", tr("a police peakrate needs a rate"));
    if (peakRateBytesPerSecond && !mtu)
        error("mtu", tr("a police peakrate needs an mtu"));
    if (avrateBytesPerSecond)
        error("avrate", tr("avrate polices on the rate estimator of the action, which Qdisc Studio does not set up; without "
                           "one the kernel refuses it: give rate and burst"));
    if (isGoto(conform))
        error("conform", tr("the kernel does not allow goto chain as the conform verb"));
    if (conform != 0 && (isGoto(exceed) || TC_ACT_EXT_CMP(exceed, TC_ACT_JUMP)))
        error("conform", tr("tc cannot write a goto chain or jump beside a conform verb: give one or the other"));
    return issues;
}

QS_DEFINE_ACTION_KIND(PoliceKind)

} // namespace qs
