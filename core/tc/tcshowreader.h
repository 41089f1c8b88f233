#pragma once

#include "tctokenizer.h"

#include <QCoreApplication>
#include <QList>
#include <QStringView>

namespace qs {

/** What tc's show output reads as: the tc add commands it stands for, and what was said about it. */
struct TcShowReading
{
    /** `tc qdisc|class|filter add …`, each word at the line and column of the printed word it came from. */
    QList<TcCommand> commands;
    QList<TcScriptError> errors;
    /** What was left out and why (the kernel's default qdiscs, a device the text does not name). */
    QList<TcScriptError> notes;
};

/**
 * Reads what `tc [-s] [-d] qdisc|class|filter show [dev IF]` printed — one, two or all three,
 * one after the other, each optionally after the command line that printed it — back into the
 * tc commands that build it. The generic parts of tc's print are read here: "qdisc KIND HANDLE
 * [dev IF] root|parent P [refcnt N]", "class KIND ID root|parent P [leaf H]", "filter [dev IF]
 * [parent P] protocol X pref N KIND [chain N]", "action order N: KIND", the statistics lines
 * (Sent, backlog, lended, tokens, the kinds' xstats, "index N ref N bind N" …) and the
 * kernel's own qdiscs (handle 0:), which are left out. What a kind prints differently than it
 * parses is the kind's readShown (core/kinds/*, showsupport.h). Objects come out in an order tc
 * can add them in: a class before the qdisc below it, filters last.
 *
 * The device is the one the text names (a pasted "tc … show dev IF" line, or "dev IF" in
 * tc's output without dev); text that names none is read for UnnamedDevice, which a one-tree
 * profile puts onto whatever target it is applied to.
 */
class TcShowReader
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcShowReader)

public:
    static constexpr const char16_t *UnnamedDevice = u"shown0";

    static TcShowReading read(QStringView text);
    /** The text is tc's show output: its first line (after a "tc … show" line) is a printed qdisc, class or filter. */
    static bool looksLikeShow(QStringView text);
};

} // namespace qs
