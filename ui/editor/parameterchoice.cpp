#include "parameterchoice.h"

#include <QComboBox>
#include <QSignalBlocker>

namespace qs {

ParameterChoice::ParameterChoice(const QString &key, const QString &label, const QString &toolTip,
                                 QWidget *parent)
    : ParameterRow(key, label, toolTip, parent), m_combo(new QComboBox(this))
{
    adopt(m_combo, QStringLiteral("combo"));
    addEditor(m_combo, 1);
    addStretch(2); // a combo as wide as its longest item, not the whole row
    connect(m_combo, &QComboBox::activated, this,
            [this](int index) { Q_EMIT valueChanged(m_combo->itemData(index)); });
}

void ParameterChoice::addItem(const QString &text, const QVariant &value, const QString &toolTip)
{
    m_combo->addItem(text, value);
    if (!toolTip.isEmpty())
        m_combo->setItemData(m_combo->count() - 1, toolTip, Qt::ToolTipRole);
}

QVariant ParameterChoice::value() const
{
    return m_combo->currentData();
}

void ParameterChoice::setValue(const QVariant &value)
{
    const QSignalBlocker blocker(m_combo);
    int index = m_combo->findData(value);
    if (index < 0) {
        m_combo->addItem(value.toString(), value);
        index = m_combo->count() - 1;
    }
    m_combo->setCurrentIndex(index);
}

} // namespace qs
