#include "filtersupport.h"

#include "actionsupport.h"
#include "kindtable.h"
#include "model/filter.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <QCoreApplication>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>

#include <net/if.h>

namespace qs {

quint32 OffloadFlags::bits() const
{
    return (skipHw ? TCA_CLS_FLAGS_SKIP_HW : 0) | (skipSw ? TCA_CLS_FLAGS_SKIP_SW : 0);
}

std::optional<OffloadFlags> OffloadFlags::fromKernel(quint32 bits)
{
    // The kernel reports where the filter runs (in_hw / not_in_hw) beside what was asked.
    if (bits & ~quint32(TCA_CLS_FLAGS_SKIP_HW | TCA_CLS_FLAGS_SKIP_SW | TCA_CLS_FLAGS_IN_HW | TCA_CLS_FLAGS_NOT_IN_HW))
        return std::nullopt;
    OffloadFlags flags;
    flags.skipHw = bits & TCA_CLS_FLAGS_SKIP_HW;
    flags.skipSw = bits & TCA_CLS_FLAGS_SKIP_SW;
    return flags;
}

} // namespace qs

namespace qs::FilterSupport {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(qs::FilterSupport)
};

} // namespace

bool parseOffloadWord(QStringView word, OffloadFlags &flags)
{
    if (word == u"skip_hw")
        flags.skipHw = true;
    else if (word == u"skip_sw")
        flags.skipSw = true;
    else
        return false;
    return true;
}

void printOffload(TcOptionWords &w, const OffloadFlags &flags)
{
    if (flags.skipHw)
        w.add(u"skip_hw");
    if (flags.skipSw)
        w.add(u"skip_sw");
}

QString offloadProblem(const OffloadFlags &flags)
{
    if (flags.skipHw && flags.skipSw)
        return Text::tr("skip_hw and skip_sw are mutually exclusive (the kernel refuses both: EINVAL)");
    return {};
}

QString parseIndev(TcArgs &c, qsizetype at)
{
    if (c.atEnd())
        c.failAt(at, Text::tr("Illegal indev (a device name must follow)"));
    return QString::fromUtf8(c.next().toUtf8().left(IFNAMSIZ));
}

QString indevProblem(const QString &indev)
{
    if (indev.toUtf8().size() >= IFNAMSIZ)
        return Text::tr("a device name has at most %1 bytes, not %2").arg(IFNAMSIZ - 1).arg(indev.toUtf8().size());
    return {};
}

bool encodeIndev(nl_msg *msg, int attr, const QString &indev)
{
    return indev.isEmpty() || nla_put_string(msg, attr, indev.toUtf8().constData()) >= 0;
}

QString decodeIndev(const nlattr *attr)
{
    if (!attr)
        return {};
    const auto *text = static_cast<const char *>(nla_data(attr));
    return QString::fromUtf8(text, qstrnlen(text, uint(nla_len(attr))));
}

void readShownIndev(ShownWords &w)
{
    if (const qsizetype input = ShowSupport::indexOf(w, u"input"); input >= 0 && input + 2 < w.size() && w[input + 1].text == u"dev") {
        w[input].text = QStringLiteral("indev");
        w.remove(input + 1);
    }
}

void dropHardwareState(ShownWords &w)
{
    ShowSupport::drop(w, u"not_in_hw");
    ShowSupport::drop(w, u"in_hw");
    ShowSupport::drop(w, u"in_hw_count", 1);
}

void readShownPolice(ShownWords &w)
{
    const qsizetype police = ShowSupport::indexOf(w, u"police");
    const ActionKindOps *kind = Kinds::action(u"police");
    if (police < 0 || !kind || !kind->readShown)
        return;
    // What follows the police is the police's: the kind prints it last, the actions come on their own lines.
    const ShownWords read = kind->readShown(w.mid(police + 1));
    w.resize(police + 1);
    w += read;
}

bool parseTargetWord(TcArgs &c, QStringView word, qsizetype at, Filter &filter, bool hasPolice)
{
    if (tcMatches(word, u"classid") || word == u"flowid") {
        if (!filter.classId.isUnspec())
            c.failAt(at, Text::tr("flowid is given twice"));
        const QStringView v = c.value(word);
        filter.classId = c.require(TcHandle::parseClassId(v), Text::tr("not a class id; write it like 1:10"));
        return true;
    }
    if (tcMatches(word, u"action") || tcMatches(word, u"actions")) {
        ActionSupport::parseActions(c, &filter.actions);
        return true;
    }
    if (hasPolice && tcMatches(word, u"police")) {
        if (filter.police)
            c.failAt(at, Text::tr("police is given twice"));
        const ActionKindOps *police = Kinds::action(u"police");
        if (!police)
            c.failAt(at, Text::tr("the police action is not supported by Qdisc Studio yet"));
        filter.police = Action(*police, police->parse(c));
        return true;
    }
    return false;
}

void printTarget(TcOptionWords &w, const Filter &filter, QStringView classWord)
{
    if (!filter.classId.isUnspec())
        w.add(classWord.toString()).add(filter.classId.toString());
    if (filter.police) {
        w.add(u"police");
        filter.police->ops().print(w, filter.police->data());
    }
    ActionSupport::printActions(w, filter.actions);
}

bool encodeTarget(nl_msg *msg, const Filter &filter, int classAttr, int policeAttr, int actAttr, const CodecContext &context,
                  QString *error)
{
    if (!filter.classId.isUnspec() && nla_put_u32(msg, classAttr, filter.classId.raw()))
        return false;
    if (filter.police && policeAttr && !ActionSupport::encodeLegacyPolice(msg, policeAttr, *filter.police, context, error))
        return false;
    return ActionSupport::encodeActions(msg, actAttr, filter.actions, context, error);
}

bool decodeTarget(nlattr *const *tb, int classAttr, int policeAttr, int actAttr, const CodecContext &context, Filter &filter)
{
    if (tb[classAttr])
        filter.classId = TcHandle(nla_get_u32(tb[classAttr]));
    if (policeAttr && tb[policeAttr]) {
        filter.police = ActionSupport::decodeLegacyPolice(tb[policeAttr], context);
        if (!filter.police)
            return false;
    }
    if (tb[actAttr]) {
        auto actions = ActionSupport::decodeActions(tb[actAttr], context);
        if (!actions)
            return false;
        filter.actions = *actions;
    }
    return true;
}

std::optional<quint32> parseNumericHandle(QStringView text)
{
    return TcUnits::parseU32(text, 0);
}

QString printNumericHandle(const Filter &filter)
{
    return QStringLiteral("0x%1").arg(filter.handle.value_or(0), 0, 16);
}

} // namespace qs::FilterSupport
