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

namespace qs::FilterSupport {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(qs::FilterSupport)
};

} // namespace

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

} // namespace qs::FilterSupport
