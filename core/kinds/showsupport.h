#pragma once

#include "tc/tctokenizer.h"

#include <QList>
#include <QStringView>

#include <optional>

namespace qs {

/**
 * What tc printed about one qdisc, class, filter or action (`tc -s -d qdisc|class|filter show`),
 * word by word, each word where it stands in the pasted text. A kind's readShown turns its
 * printed words into the words its tc parser reads; the kind's part of the show reader
 * (tc/tcshowreader.h), so an error still points at the printed word.
 */
using ShownWords = QList<TcWord>;

/** What a filter kind makes of one filter tc printed. */
struct ShownFilter
{
    ShownWords beforeKind; ///< words tc reads before the kind's name ("handle 800::10")
    ShownWords options;    ///< the words after it
    /** The kernel made it on its own (u32's hash table 800: of a new prio): nothing to add. */
    bool implicit = false;
};

namespace ShowSupport {

/** The index of @p keyword in @p words from @p from on, or -1. */
qsizetype indexOf(const ShownWords &words, QStringView keyword, qsizetype from = 0);
/** The word after @p keyword (from @p from on), or an empty view when there is none. */
QStringView valueAfter(const ShownWords &words, QStringView keyword, qsizetype from = 0);
/**
 * Removes every @p keyword with the @p values words after it; with @p only given, only where the
 * first value is @p only (tc printing a default: "mpu 0b", "linklayer ethernet").
 */
void drop(ShownWords &words, QStringView keyword, int values = 0, QStringView only = {});
/** The value after @p keyword loses @p suffix ("limit 50p": pfifo parses a count). */
void dropSuffix(ShownWords &words, QStringView keyword, QStringView suffix);
/** The value after @p keyword loses tc's "/1" cell size (a cell of one byte: none given). */
void dropCellOfOne(ShownWords &words, QStringView keyword);
/**
 * The size after @p sizeKeyword (a burst) as tc printed it, computed back from the ticks the
 * kernel holds at the rate after @p rateKeyword (tc_calc_xmitsize), becomes a size that gives
 * the same ticks again (tc_calc_xmittime): the smallest size tc prints the same way. Printed as
 * it is, tc's rounding would lose a little at every round.
 */
void sizeAtRate(ShownWords &words, QStringView sizeKeyword, QStringView rateKeyword);

} // namespace ShowSupport

} // namespace qs
