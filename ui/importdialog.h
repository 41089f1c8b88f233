#pragma once

#include "tc/tcscriptimporter.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTimer;

namespace qs {

/**
 * "Paste tc commands": tc commands, a shaping script or a tc -batch file, imported as the user
 * types (the script evaluated with the arguments and variables given, nothing run). Every
 * problem, skipped command and branch not taken is listed with its line and column (a click
 * puts the cursor there), the tc commands read are shown, the status says onto which target
 * they go, and Import is enabled only once everything was understood.
 */
class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ImportDialog(QWidget *parent = nullptr);

    void setText(const QString &text);
    /** The script's arguments ($1 …) and variables (NAME=VALUE …), blank-separated. */
    void setArguments(const QString &arguments);
    void setVariables(const QString &variables);
    /** The window's chosen target, where one tree goes (empty: none chosen yet). */
    void setTarget(const QString &target);
    /** The last import of the text; trees are valid to use when result().ok(). */
    const TcImportResult &result() const { return m_import.result; }
    const TcScriptImport &import() const { return m_import; }

private:
    void reimport();
    void jumpToProblem(int row);
    QString destination() const;

    QPlainTextEdit *m_editor;
    QLineEdit *m_arguments;
    QLineEdit *m_variables;
    QTabWidget *m_tabs;
    QListWidget *m_problems;
    QPlainTextEdit *m_commands;
    QLabel *m_status;
    QLabel *m_destination; ///< onto which target the commands go
    QPushButton *m_okButton;
    QTimer *m_debounce;
    QString m_target;
    TcScriptImport m_import;
};

} // namespace qs
