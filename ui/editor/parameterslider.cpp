#include "parameterslider.h"

#include "unitspinbox.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionComboBox>

#include <algorithm>
#include <cmath>
#include <utility>

namespace qs {

ParameterSlider::ParameterSlider(const ParameterSpec &spec, QWidget *parent)
    : ParameterRow(spec.key, spec.label, spec.toolTip, parent), m_spec(spec),
      m_units(ParameterUnit::unitsFor(spec.quantity, spec.countUnit)),
      m_slider(new QSlider(Qt::Horizontal, this)), m_spin(new UnitSpinBox(this)),
      m_unitBox(new QComboBox(this))
{
    setUpSlider();
    setUpSpinBox();
    setUpUnits();
    label()->setBuddy(m_slider);

    connect(m_slider, &QSlider::valueChanged, this, &ParameterSlider::onSliderMoved);
    connect(m_slider, &QSlider::sliderReleased, this, &ParameterSlider::onSliderReleased);
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &ParameterSlider::onSpinEdited);
    connect(m_spin, &QDoubleSpinBox::editingFinished, this, &ParameterSlider::onSpinEdited);
    connect(m_unitBox, &QComboBox::activated, this, &ParameterSlider::onUnitChosen);

    m_value = normalized(0);
    showInSpinBox();
    placeHandle();
}

void ParameterSlider::setUpSlider()
{
    m_slider->setRange(0, m_spec.scale.steps());
    m_slider->setPageStep(m_spec.scale.pageStep());
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_slider->setMinimumWidth(fontMetrics().averageCharWidth() * 12);
    if (!m_spec.scale.isLogarithmic() && m_spec.scale.steps() <= 20) {
        // A handful of positions (prio 0…7, 2…16 bands): show them.
        m_slider->setTickPosition(QSlider::TicksBelow);
        m_slider->setTickInterval(1);
    }
    adopt(m_slider, QStringLiteral("slider"));
    addEditor(m_slider, 1, 1);
}

int ParameterSlider::wantedTravel() const
{
    const ParameterScale &scale = m_spec.scale;
    if (!scale.isLogarithmic())
        return 0; // a handful of positions or an even range: any width reads well
    const double lowest = scale.valueAt(scale.hasZeroAtStart() ? 1 : 0);
    const double decades = std::log10(scale.maximum() / lowest);
    return int(std::ceil(decades * MinimumPixelsPerDecade));
}

void ParameterSlider::resizeEvent(QResizeEvent *event)
{
    ParameterRow::resizeEvent(event);
    placeSlider();
}

void ParameterSlider::placeSlider()
{
    const int wanted = wantedTravel();
    if (wanted == 0)
        return;
    // What the slider would get beside the label, the value and the unit.
    const int gap = std::max(6, style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, this));
    const QWidget *unit = m_unitLabel ? static_cast<QWidget *>(m_unitLabel) : m_unitBox;
    const int beside = width() - label()->width() - m_spin->width() - unit->width() - 3 * gap;
    // A margin on the way back, so a width at the edge does not flip the slider to and fro.
    const bool ownLine = m_sliderOnOwnLine ? beside < wanted + 2 * gap : beside < wanted;
    if (ownLine == m_sliderOnOwnLine)
        return;
    m_sliderOnOwnLine = ownLine;
    placeOnOwnLine(m_slider, 1, 1, ownLine);
}

void ParameterSlider::setUpSpinBox()
{
    // One width for every spin box, measured by the style on a typical wide value, so the
    // columns of all rows line up whatever the range; the slider gets the rest.
    m_spin->setDecimals(2);
    m_spin->setRange(0, 99999.99);
    m_spin->setFixedWidth(m_spin->sizeHint().width());
    m_spin->setSpecialValueText(m_spec.offText);
    adopt(m_spin, QStringLiteral("spin"));
    addEditor(m_spin, 2);
}

void ParameterSlider::setUpUnits()
{
    for (int i = 0; i < m_units.size(); ++i) {
        if (m_units[i].name == m_spec.defaultUnit)
            m_defaultUnit = i;
    }
    m_unit = m_defaultUnit;
    for (const ParameterUnit &unit : std::as_const(m_units)) {
        m_unitBox->addItem(unit.name);
        m_unitBox->setItemData(m_unitBox->count() - 1, unit.toolTip, Qt::ToolTipRole);
    }
    m_unitBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_unitBox->setMinimumContentsLength(4); // "kbit", "mbps"
    m_unitBox->setCurrentIndex(m_unit);
    const int width = std::max(m_unitBox->sizeHint().width(),
                               fontMetrics().horizontalAdvance(QStringLiteral("packets")));
    m_unitBox->setFixedWidth(width);
    adopt(m_unitBox, QStringLiteral("unit"));
    if (m_units.size() > 1) {
        addEditor(m_unitBox, 3);
        return;
    }
    // Nothing to choose: a disabled combo would look broken, so the unit is plain text (empty
    // for a bare number, keeping the column so the spin boxes stay in line).
    m_unitBox->hide();
    m_unitLabel = new QLabel(m_units.first().name, this);
    m_unitLabel->setObjectName(objectName() + QStringLiteral(".unitLabel"));
    m_unitLabel->setToolTip(m_units.first().toolTip);
    m_unitLabel->setFixedWidth(width);
    // Indented to where a combo's text starts, so "%" lines up with the "ms" of other rows.
    QStyleOptionComboBox option;
    option.initFrom(m_unitBox);
    option.rect = QRect(QPoint(), m_unitBox->sizeHint());
    const QRect field = style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                QStyle::SC_ComboBoxEditField, m_unitBox);
    m_unitLabel->setIndent(field.left() + 1);
    addEditor(m_unitLabel, 3);
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
        m_unit = ParameterUnit::bestUnitFor(m_units, value, m_defaultUnit);
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

void ParameterSlider::onSliderMoved(int position)
{
    const double value = fromScale(position);
    if (value == m_value)
        return;
    m_value = value;
    showInSpinBox();
    const bool dragging = m_slider->isSliderDown();
    m_draggedSincePress = m_draggedSincePress || dragging;
    Q_EMIT valueChanged(value, !dragging);
}

void ParameterSlider::onSliderReleased()
{
    // A click on the handle that did not move it changed nothing: nothing to make final.
    if (!std::exchange(m_draggedSincePress, false))
        return;
    Q_EMIT valueChanged(m_value, true);
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
    Q_EMIT valueChanged(value, true);
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
    // Rounded for the eye, and the spin box holds what it shows: leaving it unedited changes nothing.
    m_spin->setValue(unit.readable(m_value / unit.factor));
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
