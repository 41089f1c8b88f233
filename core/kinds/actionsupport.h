#pragma once

#include "actionkind.h"

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace qs {

class TcArgs;
class TcOptionWords;

/**
 * What every action shares: tc's control verbs (action_a2n: pass, drop, pipe, goto chain N, …),
 * the "action" lists of filters, their netlink nest (TCA_*_ACT: one nest per action with
 * TCA_ACT_KIND and TCA_ACT_OPTIONS), and an action's one-line tc form, which is also its JSON.
 */
namespace ActionSupport {

/** TC_ACT_* for a control verb at the cursor ("pass", "goto chain 3", "jump 2"), consumed; nullopt when it is none. */
std::optional<int> takeControl(TcArgs &args);
/** The same for a verb already read (police's "conform-exceed drop/pipe" splits its own words). */
std::optional<int> controlFromWord(QStringView word);
/** tc's word for a control value: "pass", "drop", "goto chain 3". */
QString controlWord(int control);
/** Whether @p word starts a control verb: for "action drop", which is the gact action. */
bool isControlWord(QStringView word);

/**
 * Reads the actions after a filter's "action"/"actions" word, up to a flowid/classid or the end:
 * each action's kind word (or a control verb, which is gact), then the kind's own words.
 */
void parseActions(TcArgs &args, QList<Action> *actions);
/** "action police rate …" for each action. */
void printActions(TcOptionWords &words, const QList<Action> &actions);
/** The kind's name and its words: "police rate 1mbit burst 10k drop" (the JSON form). */
QString actionText(const Action &action);
std::optional<Action> actionFromText(QStringView text, QString *error);
/** Reads one action kind and its words at the cursor ("police rate …", "drop"). */
Action parseOne(TcArgs &args);
/** "mirred, police, …": the action kinds the model knows. */
QString knownKinds();

/** The nest @p attr with one nested action per entry, numbered from 1 as tc numbers them. */
bool encodeActions(nl_msg *msg, int attr, const QList<Action> &actions, const CodecContext &context, QString *error);
/** The actions of a dumped nest; nullopt when one of them is beyond the model (the filter is then foreign). */
std::optional<QList<Action>> decodeActions(const nlattr *nest, const CodecContext &context);
/** A police given as a filter option: its attributes directly in @p attr (TCA_U32_POLICE). */
bool encodeLegacyPolice(nl_msg *msg, int attr, const Action &police, const CodecContext &context, QString *error);
std::optional<Action> decodeLegacyPolice(const nlattr *attr, const CodecContext &context);

} // namespace ActionSupport

} // namespace qs
