// hhf: one attribute per option, sent when set (iproute2's q_hhf.c, the kernel's sch_hhf.c).
#include "hhfparams.h"

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

namespace qs {

/* TRANSLATOR qs::HhfParams

   Findings about hhf's parameters. quantum and non_hh_weight are words of tc's hhf command: keep them.
*/

namespace {

enum class Unit { Count, Time };

struct Field
{
    const char *word;
    int attribute;
    std::optional<quint32> HhfParams::*member;
    Unit unit;
};
// In tc's order, which is also the attributes' order.
constexpr Field kFields[] = {{"limit", TCA_HHF_BACKLOG_LIMIT, &HhfParams::limit, Unit::Count},
                             {"quantum", TCA_HHF_QUANTUM, &HhfParams::quantum, Unit::Count},
                             {"hh_limit", TCA_HHF_HH_FLOWS_LIMIT, &HhfParams::hhLimit, Unit::Count},
                             {"reset_timeout", TCA_HHF_RESET_TIMEOUT, &HhfParams::resetTimeoutUs, Unit::Time},
                             {"admit_bytes", TCA_HHF_ADMIT_BYTES, &HhfParams::admitBytes, Unit::Count},
                             {"evict_timeout", TCA_HHF_EVICT_TIMEOUT, &HhfParams::evictTimeoutUs, Unit::Time},
                             {"non_hh_weight", TCA_HHF_NON_HH_WEIGHT, &HhfParams::nonHhWeight, Unit::Count}};

QString valueText(const Field &f, quint32 value)
{
    return f.unit == Unit::Time ? TcUnits::formatTimeUs(value) : QString::number(value);
}

} // namespace

HhfParams HhfParams::appliedOnto(const HhfParams &running) const
{
    HhfParams result = *this;
    for (const Field &f : kFields)
        KindSupport::keepUnsent(result.*f.member, running.*f.member);
    return result;
}

ValidationIssues HhfParams::validate() const
{
    ValidationIssues issues;
    // hhf_change(): quantum × non_hh_weight must be 1…INT_MAX (quantum's default is the MTU, ~1514).
    const quint64 product = quint64(quantum.value_or(1514)) * nonHhWeight.value_or(2);
    if (product > 0x7FFFFFFF)
        issues.append(ValidationIssue::error(QStringLiteral("non_hh_weight"),
                                             tr("quantum × non_hh_weight is %1, above %2: the kernel refuses it (EINVAL)")
                                                 .arg(product)
                                                 .arg(0x7FFFFFFF)));
    return issues;
}

namespace {

struct HhfKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::HhfKind)

public:
    using Params = HhfParams;
    static constexpr QdiscTraits traits{.name = "hhf", .module = "sch_hhf"};

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    /** tc prints "limit 1000p quantum 1514b hh_limit 2048 reset_timeout 40ms admit_bytes 128Kb evict_timeout 1s non_hh_weight 2". */
    static ShownWords readShown(ShownWords w)
    {
        using namespace ShowSupport;
        dropSuffix(w, u"limit", u"p");
        for (QStringView keyword : {u"quantum", u"admit_bytes"}) {
            const qsizetype at = indexOf(w, keyword);
            if (at >= 0 && at + 1 < w.size()) {
                if (const auto bytes = TcUnits::parseSize(w[at + 1].text))
                    w[at + 1].text = QString::number(*bytes);
            }
        }
        return w;
    }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            const Field *field = nullptr;
            for (const Field &f : kFields) {
                if (word == QLatin1StringView(f.word))
                    field = &f;
            }
            if (!field)
                c.failUnknownOption(at, u"hhf");
            const quint32 value = field->unit == Unit::Time ? c.timeUs(word) : c.u32(word, 0);
            // tc sends an option only when it is not 0.
            p.*field->member = value ? std::optional<quint32>(value) : std::nullopt;
        }
        return qdiscParse(p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        for (const Field &f : kFields) {
            if (const auto &value = p.*f.member)
                w.add(QString::fromLatin1(f.word)).add(valueText(f, *value));
        }
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        for (const Field &f : kFields) {
            if (const auto &value = p.*f.member)
                o.insert(QString::fromLatin1(f.word), f.unit == Unit::Time ? QJsonValue(valueText(f, *value)) : QJsonValue(double(*value)));
        }
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        for (const Field &f : kFields) {
            if (f.unit == Unit::Time)
                p.*f.member = r.optionalUnit<quint32>(f.word, &TcUnits::parseTimeUs, QStringLiteral("40ms"));
            else
                p.*f.member = r.optionalU32(f.word);
            if (p.*f.member == 0u)
                p.*f.member = std::nullopt;
        }
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        for (const Field &f : kFields) {
            if (!KindSupport::putU32(msg, f.attribute, p.*f.member))
                return false;
        }
        nla_nest_end(msg, nest);
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        nlattr *tb[TCA_HHF_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_HHF_MAX, options))
            return std::nullopt;
        Params p;
        for (const Field &f : kFields)
            p.*f.member = KindSupport::getU32(tb, f.attribute);
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        // A change keeps what it does not send; the timeouts come back as whole jiffies.
        Params effective = wanted.appliedOnto(running);
        // Seen under user-mode Linux 6.1: an hhf added with hh_limit 1024 reports 2048, the kernel's
        // default, so what it reports cannot tell whether it was sent: hh_limit is left out of the comparison.
        effective.hhLimit = running.hhLimit;
        for (auto member : {&Params::resetTimeoutUs, &Params::evictTimeoutUs}) {
            if (effective.*member && running.*member && sameJiffies(*(effective.*member), *(running.*member)))
                effective.*member = running.*member;
        }
        return effective == running ? ChangeRule::Same : ChangeRule::InPlace;
    }

    static QString summary(const Params &p, TcHandle)
    {
        return tr("hhf, heavy hitters weighted 1:%1").arg(p.nonHhWeight.value_or(2));
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(HhfKind)

} // namespace qs
