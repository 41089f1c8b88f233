// fw: packets by their firewall mark; TCA_FW_MASK, _CLASSID, _INDEV, _POLICE and _ACT in
// TCA_OPTIONS (iproute2's f_fw.c, the kernel's cls_fw.c).
#include "fwparams.h"

#include "kinds/filtersupport.h"
#include "kinds/kindsupport.h"
#include "model/filter.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/if.h>
#include <linux/pkt_cls.h>

namespace qs {

/* TRANSLATOR qs::FwParams

   Findings about an fw filter. indev is tc's word: keep it.
*/

ValidationIssues FwParams::validate() const
{
    ValidationIssues issues;
    if (const QString problem = FilterSupport::indevProblem(indev); !problem.isEmpty())
        issues.append(ValidationIssue::error(QStringLiteral("indev"), problem));
    return issues;
}

namespace {

/** "/0xff00" after the mark, or nothing for the default mask: as tc writes the handle word. */
QString maskSuffix(quint32 mask)
{
    return mask == FwParams::DefaultMask ? QString() : QStringLiteral("/0x%1").arg(mask, 0, 16);
}

struct FwKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::FwKind)

public:
    using Params = FwParams;
    static constexpr const char *name = "fw";
    static constexpr const char *module = "cls_fw";

    static ValidationIssues validate(const Filter &f)
    {
        ValidationIssues issues = f.params.get<FwParams>().validate();
        // Without a handle fw reads the mark as a class id (the kernel's old method), which the
        // kernel then reports as nothing: the model cannot hold it.
        if (!f.handle)
            issues.append(ValidationIssue::error(QStringLiteral("handle"), tr("an fw filter needs a handle: the mark it matches")));
        return issues;
    }

    /**
     * What fw's print says after its name: "handle 0x6[/0xff] classid 1:10 [police …] [input dev
     * eth1]", then the actions on the lines below. The handle is a word tc reads before the kind.
     */
    static ShownFilter readShown(ShownWords w)
    {
        using namespace ShowSupport;
        ShownFilter out;
        if (const qsizetype handle = indexOf(w, u"handle"); handle >= 0 && handle + 1 < w.size()) {
            out.beforeKind = w.mid(handle, 2);
            w.remove(handle, 2);
        }
        FilterSupport::readShownIndev(w);
        FilterSupport::readShownPolice(w);
        out.options = w;
        return out;
    }

    static std::optional<quint32> parseHandle(QStringView text, Filter &filter)
    {
        // "MARK[/MASK]", both read with get_u32 in any base.
        const qsizetype slash = text.indexOf(u'/');
        const auto mark = TcUnits::parseU32(slash < 0 ? text : text.left(slash), 0);
        if (!mark)
            return std::nullopt;
        FwParams p;
        if (slash >= 0) {
            const auto mask = TcUnits::parseU32(text.mid(slash + 1), 0);
            if (!mask)
                return std::nullopt;
            p.mask = *mask;
        }
        filter.params = p;
        return mark;
    }

    static QString printHandle(const Filter &f)
    {
        return FilterSupport::printNumericHandle(f) + maskSuffix(f.params.get<FwParams>().mask);
    }

    static void parse(TcArgs &c, Filter &filter)
    {
        FwParams p;
        if (const auto *fromHandle = filter.params.getIf<FwParams>())
            p.mask = fromHandle->mask;
        if (c.atEnd())
            c.fail(tr("fw needs a classid or an action (tc sends no options then, and the kernel refuses a handle without them)"));
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"indev") {
                p.indev = FilterSupport::parseIndev(c, at);
            } else if (tcMatches(word, u"flowid") && word.size() > 1 && word != u"flowid") {
                // f_fw.c takes prefixes of flowid too ("flow"); the shared reader takes the full word.
                if (!filter.classId.isUnspec())
                    c.failAt(at, tr("flowid is given twice"));
                filter.classId = c.require(TcHandle::parseClassId(c.value(word)), tr("Illegal \"classid\""));
            } else if (word == u"actions" || !FilterSupport::parseTargetWord(c, word, at, filter, true)) {
                c.failAt(at, tr("What is \"%1\"? (fw takes classid, police, action and indev)").arg(word));
            }
        }
        if (filter.classId.isUnspec() && filter.actions.isEmpty() && !filter.police)
            // fw_dump reports such a filter without its options: it would be lost on reading back.
            c.fail(tr("the filter needs a classid (the class to send marked traffic to) or an action"));
        filter.params = p;
    }

    static void print(TcOptionWords &w, const Filter &f)
    {
        FilterSupport::printTarget(w, f, u"classid");
        if (const QString &indev = f.params.get<FwParams>().indev; !indev.isEmpty())
            w.add(u"indev", indev);
    }

    static void toJson(const Filter &f, QJsonObject &o)
    {
        if (const QString &indev = f.params.get<FwParams>().indev; !indev.isEmpty())
            o.insert(QStringLiteral("indev"), indev);
    }

    static void fromJson(JsonReader &r, Filter &f)
    {
        FwParams p;
        if (const auto *fromHandle = f.params.getIf<FwParams>())
            p.mask = fromHandle->mask; // written in the handle ("6/0xff")
        p.indev = r.string("indev").value_or(QString());
        f.params = p;
    }

    static bool encode(nl_msg *msg, const Filter &filter, const CodecContext &context, QString *error)
    {
        const FwParams &p = filter.params.get<FwParams>();
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        // tc sends the mask only when the handle word gives one; the kernel takes its absence as 0xffffffff.
        if (p.mask != FwParams::DefaultMask && nla_put_u32(msg, TCA_FW_MASK, p.mask) < 0)
            return false;
        if (!FilterSupport::encodeTarget(msg, filter, TCA_FW_CLASSID, TCA_FW_POLICE, TCA_FW_ACT, context, error))
            return false;
        if (!FilterSupport::encodeIndev(msg, TCA_FW_INDEV, p.indev))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static FilterDecode decode(const nlattr *options, const CodecContext &context, Filter &filter)
    {
        nlattr *tb[TCA_FW_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_FW_MAX, options))
            return FilterDecode::Foreign;
        FwParams p;
        if (tb[TCA_FW_MASK])
            p.mask = nla_get_u32(tb[TCA_FW_MASK]);
        p.indev = FilterSupport::decodeIndev(tb[TCA_FW_INDEV]);
        if (!FilterSupport::decodeTarget(tb, TCA_FW_CLASSID, TCA_FW_POLICE, TCA_FW_ACT, context, filter))
            return FilterDecode::Foreign;
        filter.params = p;
        return FilterDecode::Known;
    }

    static QString summary(const Filter &f)
    {
        const FwParams &p = f.params.get<FwParams>();
        const QString mark = f.handle ? FilterSupport::printNumericHandle(f) : QStringLiteral("?");
        //: What an fw filter catches: %1 a firewall mark such as 0x6, perhaps with its mask.
        QString text = QStringLiteral("fw ") + tr("mark %1").arg(mark + maskSuffix(p.mask));
        if (!p.indev.isEmpty())
            //: %1 is a device name: the fw filter only sees packets that came in there.
            text += tr(", in from %1").arg(p.indev);
        return text;
    }

    /** fw_change: the first filter of a prio sets the mask for all of them; another is EINVAL. */
    static QString prioConflict(const Filter &first, const Filter &later)
    {
        const quint32 mask = first.params.get<FwParams>().mask;
        if (later.params.get<FwParams>().mask == mask)
            return {};
        //: %1 a filter prio (number), %2 and %3 masks in hex.
        return tr("prio %1 already matches marks with mask 0x%2: every fw filter of one prio has the same mask (the kernel refuses "
                  "0x%3 there); use another prio")
            .arg(first.prio)
            .arg(mask, 0, 16)
            .arg(later.params.get<FwParams>().mask, 0, 16);
    }

    static bool sameInKernel(const Filter &running, const Filter &wanted)
    {
        return running.params.get<FwParams>() == wanted.params.get<FwParams>();
    }
};

} // namespace

QS_DEFINE_FILTER_KIND(FwKind)

} // namespace qs
