#pragma once

#include "parameterrow.h"

#include <QVariant>

class QComboBox;

namespace qs {

/**
 * A parameter with a few named values (netem's distribution, tbf's limit mode, fq_codel's ecn):
 * a combo box named "param.<key>.combo". Each item carries the value it stands for.
 */
class ParameterChoice : public ParameterRow
{
    Q_OBJECT

public:
    ParameterChoice(const QString &key, const QString &label, const QString &toolTip,
                    QWidget *parent = nullptr);

    /** Appends an item showing @p text that stands for @p value. */
    void addItem(const QString &text, const QVariant &value, const QString &toolTip = {});
    QVariant value() const;
    /** Selects the item of @p value without emitting; an unknown value is added as its own item. */
    void setValue(const QVariant &value);
    QComboBox *comboBox() const { return m_combo; }

Q_SIGNALS:
    /** The user picked an item. A choice is never dragged: every change is final. */
    void valueChanged(const QVariant &value);

private:
    QComboBox *m_combo;
};

} // namespace qs
