#pragma once

#include "tc/tcimporter.h"

#include <QDialog>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace qs {

/**
 * "Paste tc commands": the text is imported as the user types, each problem listed with its
 * line and column (a click puts the cursor there), and OK only once everything was understood.
 */
class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ImportDialog(QWidget *parent = nullptr);

    void setText(const QString &text);
    /** The last import of the text; trees are valid to use when result().ok(). */
    const TcImportResult &result() const { return m_result; }

private:
    void reimport();
    void jumpToProblem(int row);

    QPlainTextEdit *m_editor;
    QListWidget *m_problems;
    QLabel *m_status;
    QPushButton *m_okButton;
    QTimer *m_debounce;
    TcImportResult m_result;
};

} // namespace qs
