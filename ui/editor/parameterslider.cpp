#include "parameterslider.h"

#include "unitspinbox.h"

#include <QComboBox>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace qs {

ParameterSlider::ParameterSlider(const ParameterSpec &spec, QWidget *parent)
    : ParameterRow(spec.key, spec.label, spec.toolTip, parent), m_spec(spec),
      m_units(ParameterUnit::unitsFor(spec.quantity, spec.countUnit)), m_slider(new QSlider(Qt::Horizontal, this)),
      m_spin(new UnitSpinBox(this)), m_unitBox(new QComboBox(this))
{
    for (int i = 0; i < m_units.size(); ++i) {
        if (m_units[i].name == spec.defaultUnit)
            m_unit = i;
    }

    m_slider->setRange(0, spec.scale.steps());
    m_slider->setPageStep(spec.scale.pageStep());
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_slider->setMinimumWidth(fontMetrics().averageCharWidth() * 12);
    adopt(m_slider, QStringLiteral("slider"));

    // One width for every spin box, measured by the style on a typical wide value, so the
    // columns of all rows line up whatever the range.
    m_spin->setDecimals(3);
    m_spin->setRange(0, 999999.999);
    m_spin->setFixedWidth(m_spin->sizeHint().width());
    m_spin->setSpecialValueText(spec.offText);
    adopt(m_spin, QStringLiteral("spin"));

    for (const ParameterUnit &unit : std::as_const(m_units)) {
        m_unitBox->addItem(unit.name);
        m_unitBox->setItemData(m_unitBox->count() - 1, unit.toolTip, Qt::ToolTipRole);
    }
    m_unitBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_unitBox->setMinimumContentsLength(7); // "packets"
    m_unitBox->setEnabled(m_units.size() > 1);
    m_unitBox->setCurrentIndex(m_unit);
    adopt(m_unitBox, QStringLiteral("unit"));
    label()->setBuddy(m_slider);

    addEditor(m_slider, 1, 1);
    addEditor(m_spin, 2);
    addEditor(m_unitBox, 3);

    connect(m_slider, &QSlider::valueChanged, this, &ParameterSlider::onSliderMoved);
    connect(m_slider, &QSlider::sliderReleased, this, &ParameterSlider::onSliderReleased);
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &ParameterSlider::onSpinEdited);
    connect(m_spin, &QDoubleSpinBox::editingFinished, this, &ParameterSlider::onSpinEdited);
    connect(m_unitBox, &QComboBox::activated, this, &ParameterSlider::onUnitChosen);

    m_value = normalized(0);
    showInSpinBox();
    placeHandle();
}

QDoubleSpinBox *ParameterSlider::spinBox() const
{
    return m_spin;
}

quint64 ParameterSlider::integerValue() const
{
    return m_value > 0 ? quint64(std::llround(m_value)) : 0;
}

void ParameterSlider::setValue(double value)
{
    if (value == m_value)
        return;
    m_value = value;
    if (!m_unitChosenByUser) {
        m_unit = ParameterUnit::bestUnitFor(m_units, value, std::max(0, int(m_unitBox->findText(m_spec.defaultUnit))));
        const QSignalBlocker blocker(m_unitBox);
        m_unitBox->setCurrentIndex(m_unit);
    }
    showInSpinBox();
    placeHandle();
}

QString ParameterSlider::unit() const
{
    return m_units.value(m_unit).name;
}

void ParameterSlider::setUnit(const QString &name)
{
    const int index = m_unitBox->findText(name);
    if (index < 0)
        return;
    m_unitChosenByUser = true;
    const QSignalBlocker blocker(m_unitBox);
    m_unitBox->setCurrentIndex(index);
    onUnitChosen(index);
}

double ParameterSlider::normalized(double value) const
{
    value = std::clamp(value, m_spec.minimum, m_spec.maximum);
    return m_spec.quantity == Quantity::Percent ? value : std::round(value);
}

double ParameterSlider::fromScale(int position) const
{
    return normalized(m_spec.scale.valueAt(position) * m_spec.scaleToBase);
}

void ParameterSlider::emitValue(double value, bool final)
{
    Q_EMIT valueChanged(value, final);
}

void ParameterSlider::onSliderMoved(int position)
{
    const double value = fromScale(position);
    if (value == m_value)
        return;
    m_value = value;
    showInSpinBox();
    emitValue(value, !m_slider->isSliderDown());
}

void ParameterSlider::onSliderReleased()
{
    emitValue(m_value, true);
}

void ParameterSlider::onSpinEdited()
{
    const double shown = m_spin->value();
    if (shown == m_shownInSpin)
        return; // focus left without an edit, or the second of valueChanged + editingFinished
    double value = shown * m_units[m_unit].factor;
    if (m_spec.quantity != Quantity::Percent) {
        // tc truncates fractions of the base unit ("1.5kbit" is 187 bytes/s); the tolerance
        // keeps 0.3 s from becoming 299999 µs through binary rounding.
        value = std::floor(value + 1e-9 * std::max(1.0, std::abs(value)));
    }
    value = std::clamp(value, m_spec.minimum, m_spec.maximum);
    m_shownInSpin = shown;
    if (value == m_value)
        return;
    m_value = value;
    showInSpinBox(); // what was stored, e.g. the truncated rate
    placeHandle();
    emitValue(value, true);
}

void ParameterSlider::onUnitChosen(int index)
{
    if (index < 0 || index >= m_units.size())
        return;
    m_unitChosenByUser = true;
    m_unit = index;
    showInSpinBox();
}

void ParameterSlider::showInSpinBox()
{
    const ParameterUnit &unit = m_units[m_unit];
    const QSignalBlocker blocker(m_spin);
    m_spin->setDecimals(unit.decimals); // before the range and value: both are rounded to it
    m_spin->setRange(m_spec.minimum / unit.factor, m_spec.maximum / unit.factor);
    m_spin->setValue(m_value / unit.factor);
    m_shownInSpin = m_spin->value();
}

void ParameterSlider::placeHandle()
{
    if (m_slider->isSliderDown())
        return;
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(m_spec.scale.positionOf(m_value / m_spec.scaleToBase));
}

} // namespace qs
