#pragma once

#include "codeccontext.h"

#include <QStringView>

#include <optional>

namespace qs {

class TcArgs;
class TcOptionWords;
struct Filter;

/**
 * The parts every classifier shares, in tc's words: where a match sends the packet (classid or
 * flowid), its legacy "police", its action list. Each filter kind's parser hands these words here;
 * each kind's encoder writes them with its own attribute numbers.
 */
namespace FilterSupport {

/**
 * Reads @p word (just taken) when it is classid/flowid, police or action(s), with what follows;
 * false when it is none of them. @p hasPolice: the kind takes a legacy police (u32, fw, basic).
 */
bool parseTargetWord(TcArgs &args, QStringView word, qsizetype at, Filter &filter, bool hasPolice);
/** "flowid 1:10 police … action …", as the exporter writes them after the kind's own words. */
void printTarget(TcOptionWords &words, const Filter &filter, QStringView classWord = u"flowid");
/** The class id, legacy police and actions in attributes @p classAttr, @p policeAttr (0: none) and @p actAttr. */
bool encodeTarget(nl_msg *msg, const Filter &filter, int classAttr, int policeAttr, int actAttr, const CodecContext &context,
                  QString *error);
/** Reads them back from a parsed attribute table; false when one is beyond the model. */
bool decodeTarget(nlattr *const *tb, int classAttr, int policeAttr, int actAttr, const CodecContext &context, Filter &filter);

/** A filter handle as tc reads it for most kinds (get_u32 with base 0: "1", "0x10"). */
std::optional<quint32> parseNumericHandle(QStringView text);

} // namespace FilterSupport

} // namespace qs
