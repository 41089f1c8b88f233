#pragma once

#include "tctokenizer.h"

#include <QCoreApplication>
#include <QList>
#include <QStringView>

#include <functional>
#include <utility>

namespace qs {

/**
 * The lines of a `tc -batch` file (`qdisc add dev eth0 root …`, no leading `tc`), split the way
 * tc splits them — iproute2's getcmdline() and makeargs(): everything from a '#' on is a
 * comment, a backslash right before the line break joins the next line, a word that starts
 * with " or ' runs to the same quote, and there is no other quoting and no expansion.
 */
class TcBatch
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcBatch)

public:
    /** Line and column in the script of the character at an index of the text. */
    using Position = std::function<std::pair<int, int>(qsizetype index)>;

    /** One command per line that holds words; the words as tc's argv, without "tc". */
    static QList<TcCommand> lines(QStringView text, const Position &position, QList<TcScriptError> *errors);
    /** Its first command starts with qdisc, class, filter, action(s) or chain, as only a batch file's do. */
    static bool looksLikeBatch(QStringView text);
    /** tc's verb in @p words (after its options and the object) is list, show or lst: it changes nothing. */
    static bool onlyShows(const QList<TcWord> &words, qsizetype objectIndex);
};

} // namespace qs
