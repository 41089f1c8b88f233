#pragma once

#include <QDoubleSpinBox>

namespace qs {

/**
 * A QDoubleSpinBox that carries enough decimals to hold any value of its unit exactly but shows
 * no trailing zeros: "1.5" and "100", not "1.500000" and "100.000000".
 */
class UnitSpinBox : public QDoubleSpinBox
{
    Q_OBJECT

public:
    explicit UnitSpinBox(QWidget *parent = nullptr);

    QString textFromValue(double value) const override;
};

} // namespace qs
