#pragma once

#include "model/validationissue.h"

#include <QHash>
#include <QWidget>

#include <functional>

class QLabel;
class QVBoxLayout;

namespace qs {

class ParameterRow;

/**
 * The body of the node editor for one kind: section titles, notes and parameter rows, top to
 * bottom. It knows nothing of the model: the form builders register refresh functions that copy
 * the edited value into the rows, and rows by key so validation messages find their place.
 */
class EditorForm : public QWidget
{
    Q_OBJECT

public:
    explicit EditorForm(QWidget *parent = nullptr);

    /** Starts a section: a bold title over the rows that follow ("Delay", "Loss"). */
    void addSection(const QString &title);
    /** A sentence for the reader (why a kind has no parameters, what is kept as it is). */
    QLabel *addNote(const QString &text, const QString &objectName = {});
    void addRow(ParameterRow *row);
    /** Called by refresh(), in the order added, to show the current value. */
    void addRefresh(std::function<void()> refresh);

    /** Shows the current values in every row (rows ignore values they already show). */
    void refresh();
    /** Gives every row the widest label width so the sliders start in one column. */
    void alignColumns();

    ParameterRow *row(const QString &key) const { return m_rows.value(key); }
    QList<ParameterRow *> rows() const { return m_order; }

    /**
     * A problem with what was typed into @p key that never reached the model (a match line that
     * does not parse); an empty @p message clears it. These count as errors.
     */
    void setInputIssue(const QString &key, const QString &message);
    void clearInputIssues();
    ValidationIssues inputIssues() const;
    bool hasInputIssue(const QString &key) const { return m_inputIssues.contains(key); }

    /**
     * Puts each issue under the row its field path names ("loss.correlation"; "priomap[3]" and
     * "slot.jitter" fall back to "priomap" and "slot") and clears the other rows' messages.
     * Returns the issues no visible row took.
     */
    ValidationIssues showIssues(const ValidationIssues &issues);
    /** The visible row that takes issues about @p field, or none. */
    ParameterRow *rowFor(const QString &field) const;

private:

    QVBoxLayout *m_layout;
    QHash<QString, ParameterRow *> m_rows;
    QList<ParameterRow *> m_order;
    QList<std::function<void()>> m_refreshers;
    QHash<QString, QString> m_inputIssues;
    int m_indent;
};

} // namespace qs
