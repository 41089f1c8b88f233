// qfq: a qdisc without options (tc sends no TCA_OPTIONS) and flat classes with TCA_QFQ_WEIGHT and
// TCA_QFQ_LMAX (iproute2's q_qfq.c). The kernel has no change operation for the qdisc; a class
// change takes the whole class again (an unsent weight is 1, an unsent maxpkt the MTU).
#include "qfqparams.h"

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
#include <linux/rtnetlink.h>

namespace qs {

/* TRANSLATOR qs::QfqClassParams

   Findings about a qfq class. weight and maxpkt are words of tc's qfq command: keep them.
*/

ValidationIssues QfqClassParams::validate() const
{
    ValidationIssues issues;
    if (weight && (*weight == 0 || *weight > MaxWeight))
        issues.append(ValidationIssue::error(QStringLiteral("weight"),
                                             tr("weight %1 is outside 1…%2; the kernel refuses it (EINVAL)").arg(*weight).arg(MaxWeight)));
    if (maxpkt && (*maxpkt < MinMaxpkt || *maxpkt > MaxMaxpkt))
        issues.append(ValidationIssue::error(QStringLiteral("maxpkt"), tr("maxpkt %1 is outside %2…%3 bytes; the kernel refuses it (EINVAL)")
                                                                           .arg(*maxpkt)
                                                                           .arg(MinMaxpkt)
                                                                           .arg(MaxMaxpkt)));
    return issues;
}

namespace {

struct QfqClassKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::QfqClassKind)

public:
    using Params = QfqClassParams;
    static constexpr const char *name = "qfq";
    static constexpr bool hierarchical = false;

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    static Params parse(TcArgs &c, const Params *)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            // q_qfq.c reads both with matches() (a prefix will do) and get_u32 in base 10.
            if (tcMatches(word, u"weight"))
                p.weight = c.u32(u"weight", 10);
            else if (tcMatches(word, u"maxpkt"))
                p.maxpkt = c.u32(u"maxpkt", 10);
            else
                c.failUnknownOption(at, u"qfq class");
        }
        return p;
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.weight)
            w.add(u"weight", QString::number(*p.weight));
        if (p.maxpkt)
            w.add(u"maxpkt", QString::number(*p.maxpkt));
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.weight)
            o.insert(QStringLiteral("weight"), double(*p.weight));
        if (p.maxpkt)
            o.insert(QStringLiteral("maxpkt"), double(*p.maxpkt));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.weight = r.optionalU32("weight");
        p.maxpkt = r.optionalU32("maxpkt");
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        // qfq_change_class() refuses a class without TCA_OPTIONS: tc always sends the nest.
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest || !KindSupport::putU32(msg, TCA_QFQ_WEIGHT, p.weight) || !KindSupport::putU32(msg, TCA_QFQ_LMAX, p.maxpkt))
            return false;
        // libnl's nla_nest_end() drops an empty nest, which the kernel then misses.
        return nla_nest_end_keep_empty(msg, nest) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &, const QdiscParams &)
    {
        nlattr *tb[TCA_QFQ_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_QFQ_MAX, options))
            return std::nullopt;
        Params p;
        p.weight = KindSupport::getU32(tb, TCA_QFQ_WEIGHT);
        p.maxpkt = KindSupport::getU32(tb, TCA_QFQ_LMAX);
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        // An unset maxpkt is the device's MTU, which the codec does not know: any running one is taken as it.
        const bool sameWeight = wanted.effectiveWeight() == running.effectiveWeight();
        const bool sameMaxpkt = !wanted.maxpkt || wanted.maxpkt == running.maxpkt;
        return sameWeight && sameMaxpkt ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QString summary(const Params &p)
    {
        //: %1 is a qfq class's weight (its share), a number.
        return p.maxpkt ? tr("qfq class, weight %1, packets up to %2").arg(p.effectiveWeight()).arg(TcUnits::formatSize(*p.maxpkt))
                        //: %1 is a qfq class's weight (its share), a number.
                        : tr("qfq class, weight %1").arg(p.effectiveWeight());
    }
};

struct QfqKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::QfqKind)

public:
    using Params = QfqQdiscParams;
    using ClassParams = QfqClassParams;
    // The kernel has no change operation for qfq ("Change operation not supported by specified qdisc").
    static constexpr QdiscTraits traits{
        .name = "qfq", .module = "sch_qfq", .children = QdiscChildren::Classes, .filterBlock = true, .hasChangeOperation = false};

    static ValidationIssues validate(const Params &) { return {}; }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        if (!c.atEnd())
            c.failUnknownOption(c.position(), u"qfq");
        return qdiscParse(Params{}, false); // tc sends no TCA_OPTIONS for qfq
    }

    static void print(TcOptionWords &, const Params &) {}
    static QJsonObject toJson(const Params &) { return {}; }
    static Params fromJson(JsonReader &) { return {}; }
    static bool encode(nl_msg *, const Params &, const CodecContext &, QString *) { return true; }
    static std::optional<Params> decode(const nlattr *, const CodecContext &) { return Params{}; }
    static ChangeRule change(const Params &, const Params &, const CodecContext &, Params *) { return ChangeRule::Same; }

    /** qfq_change_class() refuses a class whose weight takes the qdisc's sum above QFQ_MAX_WSUM. */
    static ValidationIssues validateInTree(const QdiscTreeIndex &tree, const QdiscNode &self)
    {
        quint64 sum = 0;
        for (const ClassNode *c : tree.classesOf(self.handle.major())) {
            if (const auto *p = c->params.getIf<QfqClassParams>())
                sum += p->effectiveWeight();
        }
        if (sum <= QfqClassParams::MaxWeightSum)
            return {};
        return {ValidationIssue::error(QStringLiteral("qdisc %1 (qfq)").arg(self.handle.toString()),
                                       tr("the weights of its classes add up to %1, above %2; the kernel refuses the class that "
                                          "passes it (EINVAL)")
                                           .arg(sum)
                                           .arg(QfqClassParams::MaxWeightSum))};
    }

    static QString summary(const Params &, TcHandle)
    {
        //: qfq: quick fair queueing, a name; its classes share by weight.
        return tr("qfq, classes share by weight");
    }
};

} // namespace

QS_DEFINE_CLASS_KIND(QfqClassKind)
QS_DEFINE_QDISC_KIND(QfqKind)

} // namespace qs
