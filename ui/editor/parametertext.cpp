#include "parametertext.h"

#include <QEvent>
#include <QFontDatabase>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>

namespace qs {

ParameterText::ParameterText(const QString &key, const QString &label, const QString &toolTip,
                             bool multiLine, QWidget *parent)
    : ParameterRow(key, label, toolTip, parent)
{
    QWidget *editor = nullptr;
    if (multiLine) {
        m_lines = new QPlainTextEdit(this);
        m_lines->setTabChangesFocus(true);
        m_lines->setLineWrapMode(QPlainTextEdit::NoWrap);
        m_lines->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont)); // tc syntax lines up
        // Four lines tall: enough for a typical filter without crowding out the form.
        m_lines->setFixedHeight(m_lines->fontMetrics().lineSpacing() * 4 +
                                2 * m_lines->frameWidth() +
                                int(m_lines->document()->documentMargin() * 2));
        connect(m_lines, &QPlainTextEdit::textChanged, this, [this] {
            m_changedSinceFinal = true;
            Q_EMIT textEdited(text(), false);
        });
        editor = m_lines;
        alignLabelTop();
    } else {
        m_line = new QLineEdit(this);
        connect(m_line, &QLineEdit::textEdited, this, [this] {
            m_changedSinceFinal = true;
            Q_EMIT textEdited(text(), false);
        });
        connect(m_line, &QLineEdit::editingFinished, this, [this] {
            if (!m_changedSinceFinal)
                return;
            m_changedSinceFinal = false;
            Q_EMIT textEdited(text(), true);
        });
        editor = m_line;
    }
    adopt(editor, QStringLiteral("edit"));
    addEditor(editor, 1, 1);
}

QString ParameterText::text() const
{
    return m_line ? m_line->text() : m_lines->toPlainText();
}

void ParameterText::setText(const QString &text)
{
    if (text == this->text())
        return;
    if (m_line) {
        m_line->setText(text); // setText does not emit textEdited
    } else {
        const QSignalBlocker blocker(m_lines);
        m_lines->setPlainText(text);
    }
}

void ParameterText::setPlaceholderText(const QString &text)
{
    if (m_line)
        m_line->setPlaceholderText(text);
    else
        m_lines->setPlaceholderText(text);
}

void ParameterText::setReadOnly(bool readOnly)
{
    if (m_line)
        m_line->setReadOnly(readOnly);
    else
        m_lines->setReadOnly(readOnly);
}

QWidget *ParameterText::editor() const
{
    return m_line ? static_cast<QWidget *>(m_line) : m_lines;
}

bool ParameterText::eventFilter(QObject *watched, QEvent *event)
{
    // QPlainTextEdit has no editingFinished: leaving it is the end of an edit.
    if (watched == m_lines && event->type() == QEvent::FocusOut && m_changedSinceFinal) {
        m_changedSinceFinal = false;
        Q_EMIT textEdited(text(), true);
    }
    return ParameterRow::eventFilter(watched, event);
}

} // namespace qs
