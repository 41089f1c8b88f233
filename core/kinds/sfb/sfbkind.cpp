// sfb: one tc_sfb_qopt (iproute2's q_sfb.c, the kernel's sch_sfb.c).
#include "sfbparams.h"

#include "kinds/jiffies.h"
#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <cstring>

namespace qs {

/* TRANSLATOR qs::SfbParams

   Findings about sfb's parameters. rehash, db, limit, max, target, increment, decrement,
   penalty_rate and penalty_burst are words of tc's sfb command: keep them.
*/

std::optional<quint32> SfbParams::probability(double fraction)
{
    if (!(fraction >= 0.0 && fraction <= 1.0))
        return std::nullopt;
    return quint32(fraction * MaxProb + 0.5);
}

QString SfbParams::probabilityText(quint32 scaled)
{
    const double fraction = double(scaled) / MaxProb;
    for (int precision = 1; precision < 17; ++precision) {
        const QString text = QString::number(fraction, 'g', precision);
        if (probability(text.toDouble()) == scaled)
            return text;
    }
    return QString::number(fraction, 'g', 17);
}

ValidationIssues SfbParams::validate() const
{
    ValidationIssues issues;
    if (increment > MaxProb)
        issues.append(ValidationIssue::error(QStringLiteral("increment"), tr("increment must be a fraction from 0 to 1")));
    if (decrement > MaxProb)
        issues.append(ValidationIssue::error(QStringLiteral("decrement"), tr("decrement must be a fraction from 0 to 1")));
    if (warmupMs > rehashMs)
        issues.append(ValidationIssue::warning(QStringLiteral("db"), tr("db %1 ms is longer than rehash %2 ms: the filters are rebuilt before they warm up")
                                                                         .arg(warmupMs)
                                                                         .arg(rehashMs)));
    return issues;
}

namespace {

struct Field
{
    const char16_t *word;
    quint32 SfbParams::*member;
};
// tc's words for the plain counts, in the order it reads and prints them.
constexpr Field kCounts[] = {{u"limit", &SfbParams::limit},
                             {u"max", &SfbParams::max},
                             {u"target", &SfbParams::target},
                             {u"penalty_rate", &SfbParams::penaltyRate},
                             {u"penalty_burst", &SfbParams::penaltyBurst}};

tc_sfb_qopt options(const SfbParams &p)
{
    tc_sfb_qopt opt{};
    opt.rehash_interval = p.rehashMs;
    opt.warmup_time = p.warmupMs;
    opt.max = p.max;
    opt.bin_size = p.target;
    opt.increment = p.increment;
    opt.decrement = p.decrement;
    opt.limit = p.limit;
    opt.penalty_rate = p.penaltyRate;
    opt.penalty_burst = p.penaltyBurst;
    return opt;
}

struct SfbKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::SfbKind)

public:
    using Params = SfbParams;
    // sfb holds one inner qdisc (a pfifo of its limit unless one is grafted).
    static constexpr QdiscTraits traits{.name = "sfb", .module = "sch_sfb", .children = QdiscChildren::One};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /**
     * tc prints "rehash 600s db 60s limit 1000p max 25p target 20p increment 0.000503548
     * decrement 4.57771e-05 penalty_rate 10pps penalty_burst 20p": the times become the
     * milliseconds tc reads, the counts lose their units.
     */
    static ShownWords readShown(ShownWords w)
    {
        using namespace ShowSupport;
        for (QStringView keyword : {u"rehash", u"db"}) {
            const qsizetype at = indexOf(w, keyword);
            if (at < 0 || at + 1 >= w.size())
                continue;
            if (const auto us = TcUnits::parseTimeUs(w[at + 1].text))
                w[at + 1].text = QString::number(*us / 1000);
        }
        for (QStringView keyword : {u"limit", u"max", u"target", u"penalty_burst"})
            dropSuffix(w, keyword, u"p");
        dropSuffix(w, u"penalty_rate", u"pps");
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        quint32 max = 0;
        quint32 target = 0;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            bool count = false;
            for (const Field &f : kCounts) {
                if (word == QStringView(f.word)) {
                    const quint32 value = c.u32(word, 0);
                    if (f.member == &SfbParams::max)
                        max = value;
                    else if (f.member == &SfbParams::target)
                        target = value;
                    else
                        p.*f.member = value;
                    count = true;
                }
            }
            if (count)
                continue;
            if (word == u"rehash") {
                p.rehashMs = c.u32(u"rehash", 0);
            } else if (word == u"db") {
                p.warmupMs = c.u32(u"db", 0);
            } else if (word == u"increment" || word == u"decrement") {
                bool ok = false;
                const double fraction = c.value(word).toDouble(&ok);
                const auto scaled = ok ? SfbParams::probability(fraction) : std::nullopt;
                (word == u"increment" ? p.increment : p.decrement) =
                    c.require(scaled, tr("%1 must be a fraction from 0 to 1, such as 0.0005").arg(word));
            } else {
                c.failUnknownOption(at, u"sfb");
            }
        }
        // tc fills a missing max or target from the other.
        if (max == 0)
            max = target >= 1 ? (target * 5 + 1) / 4 : 25;
        if (target == 0)
            target = (max * 4 + 3) / 5;
        p.max = max;
        p.target = target;
        return qdiscParse(p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        const Params defaults;
        if (p.rehashMs != defaults.rehashMs)
            w.add(u"rehash", QString::number(p.rehashMs));
        if (p.warmupMs != defaults.warmupMs)
            w.add(u"db", QString::number(p.warmupMs));
        // tc fills a missing max or target from the other (see parse): either given, both printed,
        // or "max 20 target 20" would read back with target 16.
        const bool binPair = p.max != defaults.max || p.target != defaults.target;
        for (const Field &f : kCounts) {
            const bool ofPair = f.member == &SfbParams::max || f.member == &SfbParams::target;
            if (p.*f.member != defaults.*f.member || (ofPair && binPair))
                w.add(f.word, QString::number(p.*f.member));
        }
        if (p.increment != defaults.increment)
            w.add(u"increment", SfbParams::probabilityText(p.increment));
        if (p.decrement != defaults.decrement)
            w.add(u"decrement", SfbParams::probabilityText(p.decrement));
    }

    static QJsonObject toJson(const Params &p)
    {
        const Params defaults;
        QJsonObject o;
        if (p.rehashMs != defaults.rehashMs)
            o.insert(QStringLiteral("rehash"), double(p.rehashMs));
        if (p.warmupMs != defaults.warmupMs)
            o.insert(QStringLiteral("db"), double(p.warmupMs));
        for (const Field &f : kCounts) {
            if (p.*f.member != defaults.*f.member)
                o.insert(QString::fromUtf16(f.word), double(p.*f.member));
        }
        if (p.increment != defaults.increment)
            o.insert(QStringLiteral("increment"), SfbParams::probabilityText(p.increment).toDouble());
        if (p.decrement != defaults.decrement)
            o.insert(QStringLiteral("decrement"), SfbParams::probabilityText(p.decrement).toDouble());
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.rehashMs = quint32(r.integer("rehash", p.rehashMs, 0, 0xFFFFFFFFLL));
        p.warmupMs = quint32(r.integer("db", p.warmupMs, 0, 0xFFFFFFFFLL));
        for (const Field &f : kCounts) {
            const QByteArray key = QString::fromUtf16(f.word).toLatin1();
            p.*f.member = quint32(r.integer(key.constData(), p.*f.member, 0, 0xFFFFFFFFLL));
        }
        for (const auto &[key, member] : {std::pair{"increment", &SfbParams::increment}, {"decrement", &SfbParams::decrement}}) {
            const QJsonValue v = r.take(key);
            if (v.isUndefined())
                continue;
            const auto scaled = v.isDouble() ? SfbParams::probability(v.toDouble()) : std::nullopt;
            if (scaled)
                p.*member = *scaled;
            else
                r.error(QString::fromLatin1(key), tr("expected a fraction from 0 to 1"));
        }
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        const tc_sfb_qopt opt = options(p);
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest || nla_put(msg, TCA_SFB_PARMS, sizeof(opt), &opt))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_SFB_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_SFB_MAX, options) || !tb[TCA_SFB_PARMS] || nla_len(tb[TCA_SFB_PARMS]) < int(sizeof(tc_sfb_qopt)))
            return std::nullopt;
        tc_sfb_qopt opt{};
        std::memcpy(&opt, nla_data(tb[TCA_SFB_PARMS]), sizeof(opt));
        Params p;
        p.rehashMs = opt.rehash_interval;
        p.warmupMs = opt.warmup_time;
        p.max = opt.max;
        p.target = opt.bin_size;
        p.increment = opt.increment;
        p.decrement = opt.decrement;
        p.limit = opt.limit;
        p.penaltyRate = opt.penalty_rate;
        p.penaltyBurst = opt.penalty_burst;
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        // The kernel keeps the times in jiffies, and reports the device's queue length for a limit of 0.
        Params effective = wanted;
        if (sameJiffies(wanted.rehashMs * 1000, running.rehashMs * 1000))
            effective.rehashMs = running.rehashMs;
        if (sameJiffies(wanted.warmupMs * 1000, running.warmupMs * 1000))
            effective.warmupMs = running.warmupMs;
        if (wanted.limit == 0)
            effective.limit = running.limit;
        return effective == running ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        if (p.limit)
            return tr("sfb, %n packet(s)", nullptr, int(p.limit));
        return QStringLiteral("sfb");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(SfbKind)

} // namespace qs
