#pragma once

#include <QFont>
#include <QStringList>

namespace qs {

/**
 * How many tick labels an axis of Qt Charts can show whole. Qt Charts gives each label of an
 * axis an equal share of its length and elides a label longer than its share to "…"; an axis
 * that gives way keeps fewer, wider-spaced ticks instead (and a shorter title).
 */
namespace AxisFit {

/** Room Qt Charts keeps around each label, and a little air between neighbours, in pixels. */
constexpr qreal LabelMargin = 14;

/** Labels of @p extent pixels (width along a time axis, height up a value axis) that fit in @p length. */
int labelsThatFit(qreal length, qreal extent);

/**
 * The tick interval for an axis of @p span units whose labels are at most @p labelWidth wide
 * along @p length pixels: @p base times the first of 1, 2, 3, 6, 10, 12, 30, 60 that leaves every
 * label its room (the largest when none does).
 */
double thinnedInterval(double span, double base, qreal length, qreal labelWidth);

/** The widest of @p texts in @p font. */
qreal widest(const QFont &font, const QStringList &texts);

/** The first of @p titles, longest first, that fits @p length pixels in @p font; else the last. */
QString fittingTitle(const QFont &font, const QStringList &titles, qreal length);

} // namespace AxisFit

} // namespace qs
