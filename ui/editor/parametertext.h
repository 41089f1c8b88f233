#pragma once

#include "parameterrow.h"

class QLineEdit;
class QPlainTextEdit;

namespace qs {

/**
 * A parameter written as text (a filter's match lines, a flowid, htb's default class): a line
 * edit "param.<key>.edit", or with @p multiLine a plain text edit of the same name. The caller
 * parses the text and reports problems through setMessage().
 */
class ParameterText : public ParameterRow
{
    Q_OBJECT

public:
    ParameterText(const QString &key, const QString &label, const QString &toolTip,
                  bool multiLine = false, QWidget *parent = nullptr);

    QString text() const;
    /** Replaces the text without emitting. */
    void setText(const QString &text);
    void setPlaceholderText(const QString &text);
    /** Shows the text for reading and copying only (prio's priomap). */
    void setReadOnly(bool readOnly);
    QWidget *editor() const;

Q_SIGNALS:
    /** final is false on each keystroke and true when editing ends (Enter or focus loss). */
    void textEdited(const QString &text, bool final);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QLineEdit *m_line = nullptr;
    QPlainTextEdit *m_lines = nullptr;
    bool m_changedSinceFinal = false;
};

} // namespace qs
