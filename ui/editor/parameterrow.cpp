#include "parameterrow.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGridLayout>
#include <QIcon>
#include <QLabel>
#include <QStyle>

namespace qs {

ParameterRow::ParameterRow(const QString &key, const QString &label, const QString &toolTip,
                           QWidget *parent)
    : QWidget(parent), m_key(key), m_grid(new QGridLayout(this)), m_label(new QLabel(label, this)),
      m_messageIcon(new QLabel(this)), m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("param.") + key);
    setToolTip(toolTip);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setVerticalSpacing(2);
    m_label->setObjectName(objectName() + QStringLiteral(".label"));
    m_label->setToolTip(toolTip);
    m_label->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_grid->addWidget(m_label, 0, 0);

    m_message->setObjectName(objectName() + QStringLiteral(".message"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    m_messageIcon->hide();
    // Under the editing widgets, not under the label: the eye finds it below what it belongs to;
    // the icon in the label column says error or warning without relying on colour alone.
    // Line 1 is for an editor that wants the whole width (placeOnOwnLine), empty otherwise.
    m_grid->addWidget(m_messageIcon, 2, 0, Qt::AlignRight | Qt::AlignTop);
    m_grid->addWidget(m_message, 2, 1, 1, -1);
}

void ParameterRow::alignLabelTop()
{
    m_grid->setAlignment(m_label, Qt::AlignLeft | Qt::AlignTop);
    // Line up with the first line of text inside the editor's frame.
    m_label->setContentsMargins(0, style()->pixelMetric(QStyle::PM_DefaultFrameWidth) + 2, 0, 0);
}

void ParameterRow::addEditor(QWidget *widget, int column, int stretch)
{
    m_grid->addWidget(widget, 0, column);
    m_grid->setColumnStretch(column, stretch);
}

void ParameterRow::placeOnOwnLine(QWidget *widget, int column, int stretch, bool ownLine)
{
    m_grid->removeWidget(widget);
    if (ownLine) {
        m_grid->addWidget(widget, 1, 0, 1, -1);
        m_grid->setColumnStretch(column, 0);
    } else {
        m_grid->addWidget(widget, 0, column);
        m_grid->setColumnStretch(column, stretch);
    }
}

void ParameterRow::addStretch(int column)
{
    m_grid->setColumnStretch(column, 1);
}

void ParameterRow::adopt(QWidget *widget, const QString &part)
{
    widget->setObjectName(objectName() + u'.' + part);
    widget->setToolTip(toolTip());
    widget->setAccessibleName(
        m_label->text()); // a screen reader names the spin box, not just the slider
    widget->installEventFilter(this);
    m_label->setBuddy(widget);
}

void ParameterRow::setMessage(const QString &text, ValidationIssue::Severity severity)
{
    if (text == m_message->text() && severity == m_severity)
        return; // the common case while a slider is dragged: nothing to redo
    m_severity = severity;
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    m_messageIcon->setVisible(!text.isEmpty());
    updateMessageColor();
}

QString ParameterRow::message() const
{
    return m_message->text();
}

int ParameterRow::labelWidthHint() const
{
    return m_label->sizeHint().width();
}

void ParameterRow::setLabelWidth(int width)
{
    m_label->setMinimumWidth(width);
}

QColor ParameterRow::severityColor(ValidationIssue::Severity severity, const QPalette &palette)
{
    // No palette role means "error": take a red / amber and pick the shade that contrasts with
    // the window, light or dark.
    const bool dark = palette.color(QPalette::Window).lightnessF() < 0.5;
    if (severity == ValidationIssue::Severity::Error)
        return dark ? QColor(0xef, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
    return dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0x9a, 0x5b, 0x00);
}

void ParameterRow::updateMessageColor()
{
    QPalette palette = m_message->palette();
    palette.setColor(QPalette::WindowText, severityColor(m_severity, this->palette()));
    m_message->setPalette(palette);
    if (m_message->text().isEmpty())
        return;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    const QIcon icon = style()->standardIcon(m_severity == ValidationIssue::Severity::Error
                                                 ? QStyle::SP_MessageBoxCritical
                                                 : QStyle::SP_MessageBoxWarning,
                                             nullptr, this);
    m_messageIcon->setPixmap(icon.pixmap(QSize(size, size), devicePixelRatioF())); // sharp at 2×
}

bool ParameterRow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel) {
        auto *widget = qobject_cast<QWidget *>(watched);
        if (widget && !widget->hasFocus()) {
            // Hand it up the chain (the scroll area) instead of the unfocused slider or spin box.
            if (parentWidget())
                QCoreApplication::sendEvent(parentWidget(), event);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ParameterRow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        updateMessageColor();
    QWidget::changeEvent(event);
}

} // namespace qs
