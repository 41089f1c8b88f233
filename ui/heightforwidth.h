#pragma once

class QWidget;

namespace qs {

/**
 * Keeps @p widget's minimum height at its height for its current width (its layout's, or its
 * own heightForWidth()), as its width changes. Docks and splitters never ask a widget's height
 * for its width: without this, wrapped lines there are cut off at the bottom.
 */
void followHeightForWidth(QWidget *widget);

} // namespace qs
