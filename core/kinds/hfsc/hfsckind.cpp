// hfsc: a tc_hfsc_qopt (the default class) for the qdisc; classes with TCA_HFSC_RSC, _FSC and _USC
// service curves in TCA_OPTIONS (iproute2's q_hfsc.c, the kernel's sch_hfsc.c).
#include "hfscparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "model/qdisctree.h"
#include "model/qdisctreeindex.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <cmath>
#include <limits>
#include <cstring>

namespace qs {

namespace {

/**
 * hfsc_get_sc(): "[m1 RATE] [d TIME] m2 RATE" or "[umax SIZE] [dmax TIME] rate RATE", from the
 * word after rt, ls, sc or ul. tc tries the first form and then the second from the same word; the
 * words are taken once one of them reads.
 */
struct CurveReader
{
    Q_DECLARE_TR_FUNCTIONS(qs::HfscCurveReader)

public:
    TcArgs &c;
    QStringView curveName;

    HfscCurve read()
    {
        if (c.atEnd())
            c.fail(tr("\"%1\" needs a service curve after it").arg(curveName));
        if (const auto curve = slopes())
            return checked(*curve);
        if (const auto curve = workAndDelay())
            return checked(*curve);
        c.failAt(c.position(), tr("HFSC: Illegal \"%1\" (a curve is [m1 RATE] [d TIME] m2 RATE or [umax SIZE] [dmax TIME] rate RATE)")
                                   .arg(curveName));
    }

private:
    /** The word @p i ahead, as tc's NEXT_ARG() wants it: a command that ends here is incomplete. */
    QStringView at(qsizetype i) const
    {
        const QStringView word = c.peekAhead(i);
        if (word.isNull())
            c.failAt(c.position() + i - 1, tr("the command ends too early (tc: Command line is not complete)"));
        return word;
    }
    template <class T> T value(qsizetype i, std::optional<T> parsed, QStringView keyword) const
    {
        if (!parsed)
            c.failAt(c.position() + i, tr("HFSC: Illegal \"%1\"").arg(keyword));
        return *parsed;
    }
    void take(qsizetype words)
    {
        for (qsizetype i = 0; i < words; ++i)
            c.next();
    }

    std::optional<HfscCurve> slopes()
    {
        HfscCurve curve;
        qsizetype i = 0;
        if (tcMatches(at(i), u"m1")) {
            curve.m1 = value(i + 1, TcUnits::parseRate32(at(i + 1)), u"m1");
            i += 2;
        }
        if (tcMatches(at(i), u"d")) {
            curve.dUs = value(i + 1, TcUnits::parseTimeUs(at(i + 1)), u"d");
            i += 2;
        }
        if (!tcMatches(at(i), u"m2"))
            return std::nullopt;
        curve.m2 = value(i + 1, TcUnits::parseRate32(at(i + 1)), u"m2");
        take(i + 2);
        return curve;
    }

    std::optional<HfscCurve> workAndDelay()
    {
        quint32 umax = 0;
        quint32 dmax = 0;
        qsizetype i = 0;
        if (tcMatches(at(i), u"umax")) {
            umax = value(i + 1, TcUnits::parseSize(at(i + 1)), u"umax");
            i += 2;
        }
        if (tcMatches(at(i), u"dmax")) {
            dmax = value(i + 1, TcUnits::parseTimeUs(at(i + 1)), u"dmax");
            i += 2;
        }
        if (!tcMatches(at(i), u"rate"))
            return std::nullopt;
        const qsizetype rateAt = i + 1;
        const quint32 rate = value(rateAt, TcUnits::parseRate32(at(rateAt)), u"rate");
        take(i + 2);
        if (umax != 0 && dmax == 0)
            c.fail(tr("HFSC: umax given but dmax is zero."));
        HfscCurve curve;
        curve.m2 = rate;
        const double firstSlope = dmax != 0 ? std::ceil(1.0 * umax * 1000000.0 / dmax) : 0.0;
        if (dmax != 0 && firstSlope > rate) {
            // Concave: umax bytes within dmax, then the rate. tc stores the slope in 32 bits
            // without a check (undefined above 4 GB/s); refused here instead.
            if (firstSlope > double(std::numeric_limits<quint32>::max()))
                c.fail(tr("HFSC: umax within dmax is %1 bytes/s, above the 32-bit slope the kernel takes").arg(firstSlope, 0, 'f', 0));
            curve.m1 = quint32(firstSlope);
            curve.dUs = dmax;
        } else {
            // Convex: nothing until dmax - umax / rate. tc computes it in unsigned int, wrapping as here;
            // a rate of 0 makes it divide by zero, refused below as two zero slopes.
            if (rate == 0)
                return curve;
            curve.dUs = dmax - quint32(umax * 1000000u) / rate;
        }
        return curve;
    }

    HfscCurve checked(const HfscCurve &curve) const
    {
        if (curve.m1 == 0 && curve.m2 == 0)
            c.fail(tr("HFSC: Service Curve has two zero slopes"));
        return curve;
    }
};

void printCurve(TcOptionWords &w, const char16_t *name, const HfscCurve &curve)
{
    w.add(name);
    if (curve.m1)
        w.add(u"m1", TcUnits::formatRate(curve.m1));
    if (curve.dUs)
        w.add(u"d", TcUnits::formatTimeUs(curve.dUs));
    w.add(u"m2", TcUnits::formatRate(curve.m2));
}

QJsonObject curveJson(const HfscCurve &curve)
{
    QJsonObject o{{QStringLiteral("m2"), TcUnits::formatRate(curve.m2)}};
    if (curve.m1)
        o.insert(QStringLiteral("m1"), TcUnits::formatRate(curve.m1));
    if (curve.dUs)
        o.insert(QStringLiteral("d"), TcUnits::formatTimeUs(curve.dUs));
    return o;
}

struct HfscClassKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::HfscClassKind)

public:
    using Params = HfscClassParams;
    static constexpr const char *name = "hfsc";
    static constexpr bool hierarchical = true;

    /** What the editor adds: 1 Mbit/s, link-share and real-time alike. */
    static Params newNode()
    {
        Params p;
        p.rt = p.ls = HfscCurve{0, 0, 1000000 / 8};
        return p;
    }

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    static Params parse(TcArgs &c, const Params *running)
    {
        // A change sends only the curves given; the kernel keeps the others.
        Params p = running ? *running : Params{};
        bool given = false;
        bool lsGiven = false; // in this command: tc refuses ul without ls or sc beside it
        bool ulGiven = false;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (tcMatches(word, u"rt")) {
                p.rt = CurveReader{c, u"rt"}.read();
            } else if (tcMatches(word, u"ls")) {
                p.ls = CurveReader{c, u"ls"}.read();
                lsGiven = true;
            } else if (tcMatches(word, u"sc")) {
                p.rt = p.ls = CurveReader{c, u"sc"}.read();
                lsGiven = true;
            } else if (tcMatches(word, u"ul")) {
                p.ul = CurveReader{c, u"ul"}.read();
                ulGiven = true;
            } else {
                c.failAt(at, tr("HFSC: What is \"%1\" ? (an hfsc class takes rt, ls, sc and ul curves)").arg(word));
            }
            given = true;
        }
        if (!given)
            c.fail(tr("HFSC: no parameters given"));
        if (ulGiven && !lsGiven)
            c.fail(tr("HFSC: Upper-limit Service Curve without Link-Share Service Curve"));
        return p;
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.rt && p.ls && *p.rt == *p.ls) {
            printCurve(w, u"sc", *p.rt);
        } else {
            if (p.rt)
                printCurve(w, u"rt", *p.rt);
            if (p.ls)
                printCurve(w, u"ls", *p.ls);
        }
        if (p.ul)
            printCurve(w, u"ul", *p.ul);
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.rt && p.ls && *p.rt == *p.ls) {
            o.insert(QStringLiteral("sc"), curveJson(*p.rt));
        } else {
            if (p.rt)
                o.insert(QStringLiteral("rt"), curveJson(*p.rt));
            if (p.ls)
                o.insert(QStringLiteral("ls"), curveJson(*p.ls));
        }
        if (p.ul)
            o.insert(QStringLiteral("ul"), curveJson(*p.ul));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        const auto curve = [&r](const char *key) -> std::optional<HfscCurve> {
            if (!r.has(key))
                return std::nullopt;
            JsonReader o = r.object(key);
            HfscCurve k;
            const auto rate32 = [&o, key](const char *field) -> quint32 {
                const quint64 rate = o.rate(field);
                if (rate > 0xFFFFFFFFu) {
                    o.error(QLatin1String(field), tr("hfsc's slopes are below 34.4 Gbit/s (32 bits of bytes per second)"));
                    return 0;
                }
                return quint32(rate);
            };
            k.m1 = rate32("m1");
            k.dUs = o.timeUs("d");
            o.require("m2");
            k.m2 = rate32("m2");
            return k;
        };
        if (const auto sc = curve("sc"))
            p.rt = p.ls = sc;
        if (const auto rt = curve("rt"))
            p.rt = rt;
        if (const auto ls = curve("ls"))
            p.ls = ls;
        p.ul = curve("ul");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        for (const auto &[type, curve] : {std::pair{TCA_HFSC_RSC, &p.rt}, std::pair{TCA_HFSC_FSC, &p.ls}, std::pair{TCA_HFSC_USC, &p.ul}}) {
            if (!*curve)
                continue;
            const tc_service_curve sc{(*curve)->m1, (*curve)->dUs, (*curve)->m2};
            if (nla_put(msg, type, sizeof(sc), &sc) < 0)
                return false;
        }
        return nla_nest_end_keep_empty(msg, nest) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &, const QdiscParams &)
    {
        nlattr *tb[TCA_HFSC_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_HFSC_MAX, options))
            return std::nullopt;
        Params p;
        for (const auto &[type, curve] : {std::pair{TCA_HFSC_RSC, &p.rt}, std::pair{TCA_HFSC_FSC, &p.ls}, std::pair{TCA_HFSC_USC, &p.ul}}) {
            if (!tb[type])
                continue;
            if (nla_len(tb[type]) < int(sizeof(tc_service_curve)))
                return std::nullopt;
            tc_service_curve sc;
            std::memcpy(&sc, nla_data(tb[type]), sizeof(sc));
            *curve = HfscCurve{sc.m1, sc.d, sc.m2};
        }
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        Params held = running;
        // An inner class with only rt gets it as its link-share curve too, from the kernel itself
        // (hfsc_change_class when a child arrives): not a difference from what was asked.
        if (!wanted.ls && held.ls && held.rt && *held.ls == *held.rt)
            held.ls.reset();
        if (held == wanted)
            return ChangeRule::Same;
        // A change keeps every curve it is not sent: a curve that goes needs the class made again.
        if ((held.rt && !wanted.rt) || (held.ls && !wanted.ls) || (held.ul && !wanted.ul))
            return ChangeRule::Replace;
        return ChangeRule::InPlace;
    }

    static QString summary(const Params &p)
    {
        const HfscCurve *main = p.ls ? &*p.ls : p.rt ? &*p.rt : nullptr;
        if (!main)
            return QStringLiteral("hfsc class");
        const QString rate = TcUnits::formatRate(main->m2);
        if (p.ul)
            //: %1 the class's share (a rate such as 10mbit), %2 its upper limit.
            return tr("hfsc class, %1, at most %2").arg(rate, TcUnits::formatRate(p.ul->m2));
        //: %1 is a rate such as 10mbit; "real-time" and "link-share" are hfsc's curves.
        return p.rt && p.ls ? tr("hfsc class, %1 real-time and link-share").arg(rate)
               : p.rt       ? tr("hfsc class, %1 real-time").arg(rate)
                            : tr("hfsc class, %1 link-share").arg(rate);
    }
};

struct HfscKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::HfscKind)

public:
    using Params = HfscQdiscParams;
    using ClassParams = HfscClassParams;
    static constexpr QdiscTraits traits{.name = "hfsc", .module = "sch_hfsc", .children = QdiscChildren::Classes, .filterBlock = true};

    static ValidationIssues validate(const Params &) { return {}; }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (tcMatches(word, u"default")) {
                const QStringView minor = c.value(word);
                if (p.defaultClass != 0)
                    c.fail(tr("HFSC: Double \"default\""));
                const auto value = TcUnits::parseU16(minor, 16);
                if (!value)
                    c.fail(tr("HFSC: Illegal \"default\" (a class minor in hex, such as 10)"));
                p.defaultClass = *value;
            } else {
                c.failAt(at, tr("HFSC: What is \"%1\" ? (hfsc takes default CLASSID)").arg(word));
            }
        }
        return qdiscParse(p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.defaultClass)
            w.add(u"default", QString::number(p.defaultClass, 16));
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.defaultClass)
            o.insert(QStringLiteral("default"), QString::number(p.defaultClass, 16));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        if (const auto text = r.string("default")) {
            const auto minor = TcUnits::parseU16(*text, 16);
            if (!minor)
                r.error(QStringLiteral("default"), tr("\"%1\" is not a class minor; write it in hex like tc, e.g. \"30\"").arg(*text));
            else
                p.defaultClass = *minor;
        }
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        const tc_hfsc_qopt opt{p.defaultClass};
        return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        if (!options || nla_len(options) < int(sizeof(tc_hfsc_qopt)))
            return std::nullopt;
        tc_hfsc_qopt opt;
        std::memcpy(&opt, nla_data(options), sizeof(opt));
        return Params{opt.defcls};
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        return changeWhenEncodingDiffers<HfscKind>(running, wanted, context);
    }

    /** hfsc drops what no filter classifies unless the default class is a leaf that exists (hfsc_classify). */
    static ValidationIssues validateInTree(const QdiscTreeIndex &tree, const QdiscNode &self)
    {
        const auto &p = self.params.get<HfscQdiscParams>();
        const QString field = QStringLiteral("qdisc %1 (hfsc).default").arg(self.handle.toString());
        const TcHandle defaultClass = TcHandle::make(self.handle.major(), p.defaultClass);
        if (p.defaultClass == 0)
            return {ValidationIssue::warning(field, tr("no default class: traffic no filter classifies is dropped"))};
        if (!tree.findClass(defaultClass))
            return {ValidationIssue::warning(field, tr("default class %1 does not exist: traffic no filter classifies is dropped")
                                                        .arg(defaultClass.toString()))};
        if (tree.hasChildClasses(defaultClass))
            return {ValidationIssue::warning(field, tr("default class %1 has child classes: traffic no filter classifies is dropped "
                                                       "(only a leaf class can hold packets)")
                                                        .arg(defaultClass.toString()))};
        return {};
    }

    static QString summary(const Params &p, TcHandle handle)
    {
        //: %1 is a class id such as 1:30.
        return p.defaultClass ? tr("hfsc, default class %1").arg(TcHandle::make(handle.major(), p.defaultClass).toString())
                              : tr("hfsc, unclassified traffic dropped");
    }
};

} // namespace

QS_DEFINE_CLASS_KIND(HfscClassKind)
QS_DEFINE_QDISC_KIND(HfscKind)

} // namespace qs
