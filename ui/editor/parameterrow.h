#pragma once

#include "model/validationissue.h"

#include <QWidget>

class QGridLayout;
class QLabel;

namespace qs {

/**
 * One row of the node editor: a label, the row's own editing widgets, and an inline validation
 * message under them (hidden when empty). The row's objectName is "param.<key>", its parts
 * "param.<key>.label" and "param.<key>.message"; <key> is the parameter's JSON key.
 *
 * Rows ignore the mouse wheel until they have focus, so scrolling the editor never changes a
 * value by accident.
 */
class ParameterRow : public QWidget
{
    Q_OBJECT

public:
    /** The row for @p key, labelled @p label, with @p toolTip as its one-sentence explanation. */
    ParameterRow(const QString &key, const QString &label, const QString &toolTip,
                 QWidget *parent = nullptr);

    QString key() const { return m_key; }
    QLabel *label() const { return m_label; }

    /** Shows @p text under the row in the colour of @p severity; an empty text hides it. */
    void setMessage(const QString &text,
                    ValidationIssue::Severity severity = ValidationIssue::Severity::Error);
    QString message() const;
    QLabel *messageLabel() const { return m_message; }

    /** The width the label needs; the editor gives every row the widest so the columns line up. */
    int labelWidthHint() const;
    void setLabelWidth(int width);

    /** The colour of @p severity, light or dark to suit the palette's window colour. */
    static QColor severityColor(ValidationIssue::Severity severity, const QPalette &palette);

protected:
    /** Places @p widget at @p column (1 and up); a stretch of 0 keeps it at its size hint. */
    void addEditor(QWidget *widget, int column, int stretch = 0);
    /**
     * Moves @p widget, placed by addEditor() at @p column with @p stretch, onto a line of its own
     * under the row, across the whole width (@p ownLine), or back.
     */
    void placeOnOwnLine(QWidget *widget, int column, int stretch, bool ownLine);
    /** Lets the empty @p column take the spare width, so editors before it keep their size hint. */
    void addStretch(int column);
    /** Puts the label at the top of a tall editor (a multi-line text) instead of its middle. */
    void alignLabelTop();
    /** Names @p widget "param.<key>.<part>", installs the wheel guard and the row's tool tip. */
    void adopt(QWidget *widget, const QString &part);

    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void updateMessageColor();

    QString m_key;
    QGridLayout *m_grid;
    QLabel *m_label;
    QLabel *m_messageIcon;
    QLabel *m_message;
    ValidationIssue::Severity m_severity = ValidationIssue::Severity::Error;
};

} // namespace qs
