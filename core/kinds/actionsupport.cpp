#include "actionsupport.h"

#include "kindtable.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <QCoreApplication>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>

namespace qs::ActionSupport {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(qs::ActionSupport)
};

/** iproute2's action_a2n(): the control verbs. */
struct Verb
{
    const char16_t *word;
    int control;
};
constexpr Verb kVerbs[] = {{u"continue", TC_ACT_UNSPEC}, {u"drop", TC_ACT_SHOT},   {u"shot", TC_ACT_SHOT},
                           {u"pass", TC_ACT_OK},         {u"ok", TC_ACT_OK},       {u"reclassify", TC_ACT_RECLASSIFY},
                           {u"pipe", TC_ACT_PIPE},       {u"trap", TC_ACT_TRAP},   {u"goto", TC_ACT_GOTO_CHAIN},
                           {u"jump", TC_ACT_JUMP}};

} // namespace

std::optional<int> controlFromWord(QStringView word)
{
    for (const Verb &verb : kVerbs) {
        if (word == QStringView(verb.word) && verb.control != TC_ACT_GOTO_CHAIN && verb.control != TC_ACT_JUMP)
            return verb.control;
    }
    return std::nullopt;
}

bool isControlWord(QStringView word)
{
    for (const Verb &verb : kVerbs) {
        if (word == QStringView(verb.word))
            return true;
    }
    return false;
}

std::optional<int> takeControl(TcArgs &args)
{
    if (args.atEnd() || !isControlWord(args.peek()))
        return std::nullopt;
    const QStringView word = args.next();
    if (word == u"goto") {
        const QStringView chainWord = args.value(u"goto");
        if (chainWord != u"chain")
            args.fail(Text::tr("\"goto\" needs \"chain N\""));
        const quint32 chain = args.u32(u"goto chain", 10);
        if (chain > TC_ACT_EXT_VAL_MASK)
            args.fail(Text::tr("the chain index must be at most %1").arg(TC_ACT_EXT_VAL_MASK));
        return int(TC_ACT_GOTO_CHAIN | chain);
    }
    if (word == u"jump") {
        const quint32 count = args.u32(u"jump", 10);
        if (count > TC_ACT_EXT_VAL_MASK)
            args.fail(Text::tr("the jump count must be at most %1").arg(TC_ACT_EXT_VAL_MASK));
        return int(TC_ACT_JUMP | count);
    }
    return controlFromWord(word);
}

QString controlWord(int control)
{
    if (TC_ACT_EXT_CMP(control, TC_ACT_GOTO_CHAIN))
        return QStringLiteral("goto chain %1").arg(control & TC_ACT_EXT_VAL_MASK);
    if (TC_ACT_EXT_CMP(control, TC_ACT_JUMP))
        return QStringLiteral("jump %1").arg(control & TC_ACT_EXT_VAL_MASK);
    switch (control) {
    case TC_ACT_UNSPEC:
        return QStringLiteral("continue");
    case TC_ACT_OK:
        return QStringLiteral("pass");
    case TC_ACT_SHOT:
        return QStringLiteral("drop");
    case TC_ACT_RECLASSIFY:
        return QStringLiteral("reclassify");
    case TC_ACT_PIPE:
        return QStringLiteral("pipe");
    case TC_ACT_STOLEN:
        return QStringLiteral("stolen");
    case TC_ACT_TRAP:
        return QStringLiteral("trap");
    default:
        return QString::number(control);
    }
}

Action parseOne(TcArgs &args)
{
    const qsizetype at = args.position();
    const QStringView word = args.peek();
    const ActionKindOps *kind = nullptr;
    if (isControlWord(word)) {
        kind = Kinds::action(u"gact"); // "action drop": tc's gact, from the verb on
        if (!kind)
            args.failAt(at, Text::tr("the gact action is not supported by Qdisc Studio yet"));
    } else {
        args.next();
        kind = Kinds::action(word);
        if (!kind)
            //: %1 lists action kinds (mirred, police, …).
            args.failAt(at, Text::tr("unknown action kind; Qdisc Studio knows %1").arg(knownKinds()));
        if (word == u"gact" && !args.atEnd() && !isControlWord(args.peek()))
            args.failAt(at + 1, Text::tr("gact needs a control verb: pass, drop, pipe, continue, reclassify, goto chain N"));
    }
    Action action(*kind, kind->parse(args));
    if (!args.atEnd() && args.peek() == u"index")
        args.failAt(args.position(), Text::tr("\"index\" names an action of the namespace's standalone action table (tc actions add … "
                                              "index N), which is not part of a device's tree: leave it out, and the filter holds "
                                              "an action of its own"));
    if (!args.atEnd() && args.peek() == u"cookie")
        args.failAt(args.position(), Text::tr("action cookies are not supported by Qdisc Studio yet"));
    return action;
}

QString knownKinds()
{
    QStringList names;
    for (const ActionKindOps *kind : Kinds::actions())
        names.append(QString(kind->name));
    return names.join(QStringLiteral(", "));
}

void parseActions(TcArgs &args, QList<Action> *actions)
{
    while (!args.atEnd()) {
        const QStringView word = args.peek();
        if (word == u"action" || word == u"actions") {
            args.next();
            continue;
        }
        if (word == u"flowid" || word == u"classid")
            break;
        actions->append(parseOne(args));
    }
}

QString actionText(const Action &action)
{
    TcOptionWords words;
    words.add(action.ops().kindName(action.data()));
    action.ops().print(words, action.data());
    return words.join();
}

void printActions(TcOptionWords &words, const QList<Action> &actions)
{
    for (const Action &action : actions)
        words.add(u"action", actionText(action));
}

std::optional<Action> actionFromText(QStringView text, QString *error)
{
    QList<TcScriptError> tokenErrors;
    const QList<TcCommand> commands = TcTokenizer::split(text, &tokenErrors);
    if (!tokenErrors.isEmpty() || commands.size() != 1) {
        if (error)
            *error = tokenErrors.isEmpty() ? Text::tr("expected one action, like \"mirred egress redirect dev ifb0\"")
                                           : tokenErrors.first().message;
        return std::nullopt;
    }
    const QList<TcWord> &words = commands.first().words;
    try {
        TcArgs args(words);
        Action action = parseOne(args);
        if (!args.atEnd())
            args.failAt(args.position(), Text::tr("unexpected word after the action"));
        return action;
    } catch (const TcArgsFailure &failure) {
        if (error) {
            const qsizetype index = std::clamp<qsizetype>(failure.index, 0, words.size() - 1);
            *error = QStringLiteral("\"%1\": %2").arg(words[index].text, failure.message);
        }
        return std::nullopt;
    }
}

bool encodeActions(nl_msg *msg, int attr, const QList<Action> &actions, const CodecContext &context, QString *error)
{
    if (actions.isEmpty())
        return true;
    nlattr *list = nla_nest_start(msg, attr);
    if (!list)
        return false;
    for (qsizetype i = 0; i < actions.size(); ++i) {
        const Action &action = actions[i];
        nlattr *one = nla_nest_start(msg, int(i + 1));
        if (!one || nla_put_string(msg, TCA_ACT_KIND, action.ops().kindName(action.data()).toLatin1().constData()))
            return false;
        nlattr *options = nla_nest_start(msg, TCA_ACT_OPTIONS | NLA_F_NESTED);
        if (!options || !action.ops().encode(msg, action.data(), context, error))
            return false;
        nla_nest_end(msg, options);
        nla_nest_end(msg, one);
    }
    nla_nest_end(msg, list);
    return true;
}

std::optional<QList<Action>> decodeActions(const nlattr *nest, const CodecContext &context)
{
    nlattr *list[TCA_ACT_MAX_PRIO + 1] = {};
    if (nla_parse_nested(list, TCA_ACT_MAX_PRIO, const_cast<nlattr *>(nest), nullptr) < 0)
        return std::nullopt;
    QList<Action> actions;
    for (int i = 1; i <= TCA_ACT_MAX_PRIO; ++i) {
        if (!list[i])
            continue;
        nlattr *tb[TCA_ACT_MAX + 1] = {};
        if (nla_parse_nested(tb, TCA_ACT_MAX, list[i], nullptr) < 0 || !tb[TCA_ACT_KIND] || !tb[TCA_ACT_OPTIONS])
            return std::nullopt;
        // A cookie or flags the model does not keep: beyond it.
        if (tb[TCA_ACT_COOKIE] || (tb[TCA_ACT_FLAGS] && nla_len(tb[TCA_ACT_FLAGS]) >= 4 &&
                                   static_cast<const nla_bitfield32 *>(nla_data(tb[TCA_ACT_FLAGS]))->value != 0))
            return std::nullopt;
        const ActionKindOps *kind = Kinds::action(QString::fromLatin1(nla_get_string(tb[TCA_ACT_KIND])));
        if (!kind)
            return std::nullopt;
        auto value = kind->decode(tb[TCA_ACT_OPTIONS], context);
        if (!value)
            return std::nullopt;
        actions.append(Action(*kind, std::move(value)));
    }
    return actions;
}

bool encodeLegacyPolice(nl_msg *msg, int attr, const Action &police, const CodecContext &context, QString *error)
{
    nlattr *nest = nla_nest_start(msg, attr);
    if (!nest || !police.ops().encode(msg, police.data(), context, error))
        return false;
    nla_nest_end(msg, nest);
    return true;
}

std::optional<Action> decodeLegacyPolice(const nlattr *attr, const CodecContext &context)
{
    const ActionKindOps *kind = Kinds::action(u"police");
    if (!kind)
        return std::nullopt;
    auto value = kind->decode(attr, context);
    if (!value)
        return std::nullopt;
    return Action(*kind, std::move(value));
}

} // namespace qs::ActionSupport
