#pragma once

#include "codeccontext.h"
#include "showsupport.h"

#include <QString>
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
/**
 * tc's skip_hw / skip_sw (TCA_CLS_FLAGS_SKIP_HW/SW), the offload choice of the classifiers that can
 * run in a NIC (matchall, flower, u32, bpf). The kernel refuses both at once (tc_flags_valid).
 */
struct OffloadFlags
{
    bool skipHw = false;
    bool skipSw = false;

    quint32 bits() const;
    /** nullopt when @p bits hold more than the skip and in/not-in hardware flags (the model cannot say it). */
    static std::optional<OffloadFlags> fromKernel(quint32 bits);
    bool any() const { return skipHw || skipSw; }
    friend bool operator==(const OffloadFlags &, const OffloadFlags &) = default;
};

namespace FilterSupport {

/** Reads @p word (just taken) when it is skip_hw or skip_sw (tc compares them whole); false otherwise. */
bool parseOffloadWord(QStringView word, OffloadFlags &flags);
void printOffload(TcOptionWords &words, const OffloadFlags &flags);
/** The field message when both are given (the kernel and tc refuse it), else empty. */
QString offloadProblem(const OffloadFlags &flags);
/**
 * tc's "indev DEV" (fw, u32, flower; basic has none in 6.1): the device a packet must have come in on. tc keeps
 * the first IFNAMSIZ bytes of the word; reads the word after "indev" (just taken at @p at).
 */
QString parseIndev(TcArgs &args, qsizetype at);
/** The field message for a device name the kernel cannot hold, else empty. */
QString indevProblem(const QString &indev);
/** Puts @p indev in attribute @p attr when it is set. */
bool encodeIndev(nl_msg *msg, int attr, const QString &indev);
QString decodeIndev(const nlattr *attr);
/** tc prints the device as "input dev DEV": read as "indev DEV". */
void readShownIndev(ShownWords &words);
/** Drops what tc's show adds about the hardware (in_hw, in_hw_count N, not_in_hw): state, not configuration. */
void dropHardwareState(ShownWords &words);
/** The filter's own "police 0x1 rate … ref 1 bind 1" as the police action reads it (its readShown), in place. */
void readShownPolice(ShownWords &words);

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
/** "0x1f": the handle as tc prints it for the kinds whose handle is a number. */
QString printNumericHandle(const Filter &filter);

} // namespace FilterSupport

} // namespace qs
