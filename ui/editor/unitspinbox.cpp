#include "unitspinbox.h"

namespace qs {

UnitSpinBox::UnitSpinBox(QWidget *parent) : QDoubleSpinBox(parent)
{
    setKeyboardTracking(false); // one value per Enter, not one per keystroke
    setStepType(
        QAbstractSpinBox::AdaptiveDecimalStepType); // arrows step in the shown digit: 9 → 10 → 20
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setAccelerated(true);
}

QString UnitSpinBox::textFromValue(double value) const
{
    QString text = QDoubleSpinBox::textFromValue(value);
    const QString point = locale().decimalPoint();
    const qsizetype at = text.indexOf(point);
    if (at < 0)
        return text;
    qsizetype end = text.size();
    while (end > at + point.size() && text.at(end - 1) == locale().zeroDigit().at(0))
        --end;
    if (end == at + point.size())
        end = at;
    text.truncate(end);
    return text;
}

} // namespace qs
