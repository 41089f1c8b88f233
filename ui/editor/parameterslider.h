#pragma once

#include "parameterrow.h"
#include "parameterspec.h"

class QComboBox;
class QDoubleSpinBox;
class QSlider;

namespace qs {

class UnitSpinBox;

/**
 * One numeric parameter: label, horizontal slider, spin box and unit selector, named
 * "param.<key>.slider", ".spin" and ".unit". The value is held in the base unit (µs, bytes/s,
 * bytes, packets; % for percentages, the only non-integral quantity) and is a whole number for
 * every other quantity. Changing the unit changes only what the spin box shows. A quantity with
 * a single unit (%, packets) shows it as a label, "param.<key>.unitLabel", in place of the
 * (hidden) selector.
 *
 * valueChanged(value, final): final is false for each new value while the slider is dragged and
 * true once on release (with the last value), on Enter or focus loss in the spin box, on the spin
 * box's arrows, and on keyboard or wheel changes of the slider. setValue() never emits.
 */
class ParameterSlider : public ParameterRow
{
    Q_OBJECT

public:
    explicit ParameterSlider(const ParameterSpec &spec, QWidget *parent = nullptr);

    const ParameterSpec &spec() const { return m_spec; }

    /** The value in the base unit. */
    double value() const { return m_value; }
    /** The value as the unsigned integer the model stores (0 for negatives). */
    quint64 integerValue() const;
    /**
     * Shows @p value without emitting. While the slider is being dragged the handle stays where
     * the user holds it (only the spin box follows), so an echo of the model cannot make it jump.
     */
    void setValue(double value);

    /** The unit the spin box shows, as tc spells it ("ms"). */
    QString unit() const;
    /** Shows the value in @p name ("s", "kbit"); unknown names are ignored. */
    void setUnit(const QString &name);

    QSlider *slider() const { return m_slider; }
    QDoubleSpinBox *spinBox() const;
    /** The unit selector; hidden for a quantity with one unit, whose name a label shows instead. */
    QComboBox *unitBox() const { return m_unitBox; }

    /** True when the slider sits on a line of its own under the value (a narrow row). */
    bool sliderOnOwnLine() const { return m_sliderOnOwnLine; }

    /**
     * The travel a logarithmic slider gets per decade at least: 20 px of a drag then change the
     * value by at most a factor of 2.2. A row narrower than that puts the slider on its own line.
     */
    static constexpr int MinimumPixelsPerDecade = 60;

Q_SIGNALS:
    void valueChanged(double value, bool final);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    /** The width the slider needs for MinimumPixelsPerDecade; 0 when any width will do. */
    int wantedTravel() const;
    void placeSlider();
    void setUpSlider();
    void setUpSpinBox();
    void setUpUnits();
    void onSliderMoved(int position);
    void onSliderReleased();
    void onSpinEdited();
    void onUnitChosen(int index);
    void showInSpinBox();
    void placeHandle();
    double fromScale(int position) const;
    double normalized(double value) const;

    ParameterSpec m_spec;
    QList<ParameterUnit> m_units;
    int m_unit = 0;
    int m_defaultUnit = 0; ///< the unit a 0 is shown in
    bool m_unitChosenByUser = false;
    bool m_draggedSincePress = false;
    bool m_sliderOnOwnLine = false;
    double m_value = 0;
    double m_shownInSpin =
        0; ///< what the spin box was last given, to tell a user edit from focus loss
    QSlider *m_slider;
    UnitSpinBox *m_spin;
    QComboBox *m_unitBox;
    QLabel *m_unitLabel = nullptr;
};

} // namespace qs
