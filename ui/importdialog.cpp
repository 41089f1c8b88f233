#include "importdialog.h"

#include "kernelmark.h"
#include "kinds/kernelmodules.h"
#include "kinds/kindtable.h"
#include "tc/tcsummary.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace qs {

namespace {
constexpr int LineRole = Qt::UserRole;
constexpr int ColumnRole = Qt::UserRole + 1;

// The kind words of a tc command (qdisc, filter, action kinds) with the module each needs.
QList<QPair<TcWord, QString>> kindWords(const TcCommand &command)
{
    QList<QPair<TcWord, QString>> kinds;
    const QList<TcWord> &w = command.words;
    qsizetype object = 0;
    while (object < w.size() && w[object].text != QLatin1StringView("qdisc") && w[object].text != QLatin1StringView("filter"))
        ++object;
    if (object + 1 >= w.size())
        return kinds;
    const bool qdisc = w[object].text == QLatin1StringView("qdisc");
    bool kindSeen = false;
    for (qsizetype i = object + 2; i < w.size(); ++i) { // after the verb
        const QString &text = w[i].text;
        const QString before = w[i - 1].text;
        if (before == QLatin1StringView("action") || before == QLatin1StringView("actions")) {
            if (const ActionKindOps *action = Kinds::action(text))
                kinds.append({w[i], QString(action->module)});
        } else if (qdisc && !kindSeen) {
            // dev X, parent X, handle X and root come before the kind (tc qdisc add dev eth0 root netem …)
            static const QStringList withValue{QStringLiteral("dev"), QStringLiteral("parent"), QStringLiteral("handle")};
            if (withValue.contains(text)) {
                ++i;
            } else if (text != QLatin1StringView("root")) {
                kindSeen = true;
                if (Kinds::qdisc(text))
                    kinds.append({w[i], KernelModules::qdiscModule(text)});
            }
        } else if (!qdisc && !kindSeen && before != QLatin1StringView("dev")) {
            if (const FilterKindOps *filter = Kinds::filter(text)) {
                kindSeen = true;
                kinds.append({w[i], QString(filter->module)});
            }
        } else if (!qdisc && text == QLatin1StringView("police")) {
            if (const ActionKindOps *police = Kinds::action(text))
                kinds.append({w[i], QString(police->module)});
        }
    }
    return kinds;
}

// One warning a kind this kernel lacks, at its word: the commands import, but fail when applied here.
QList<TcScriptError> kernelWarnings(const QList<TcCommand> &commands)
{
    QList<TcScriptError> warnings;
    for (const TcCommand &command : commands)
        for (const auto &[word, module] : kindWords(command))
            if (const QString note = KernelMark::note(module); !note.isEmpty())
                warnings.append({word.line, word.column, word.text, note});
    return warnings;
}
} // namespace

ImportDialog::ImportDialog(QWidget *parent)
    : QDialog(parent), m_editor(new QPlainTextEdit(this)), m_arguments(new QLineEdit(this)), m_variables(new QLineEdit(this)),
      m_tabs(new QTabWidget(this)), m_problems(new QListWidget(this)), m_commands(new QPlainTextEdit(this)), m_status(new QLabel(this)),
      m_destination(new QLabel(this)), m_debounce(new QTimer(this))
{
    setWindowTitle(tr("Paste tc commands"));
    setObjectName(QStringLiteral("importDialog"));
    m_editor->setObjectName(QStringLiteral("import.editor"));
    m_arguments->setObjectName(QStringLiteral("import.arguments"));
    m_variables->setObjectName(QStringLiteral("import.variables"));
    m_problems->setObjectName(QStringLiteral("import.problems"));
    m_commands->setObjectName(QStringLiteral("import.commands"));
    m_status->setObjectName(QStringLiteral("import.status"));
    m_status->setWordWrap(true);
    m_destination->setObjectName(QStringLiteral("import.destination"));
    m_destination->setWordWrap(true);
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_editor->setFont(fixed);
    m_commands->setFont(fixed);
    //: an example tc command: tc's syntax stays as it is (a device name may be adapted)
    m_editor->setPlaceholderText(tr("tc qdisc add dev eth0 root netem delay 100ms 20ms loss 1%"));
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setToolTip(tr("tc commands, a shell script that runs them (evaluated here, never run), a tc -batch file, or what tc qdisc|class|filter show printed."));
    //: an example of a script's arguments, as typed after its name ("start")
    m_arguments->setPlaceholderText(tr("start"));
    m_arguments->setToolTip(tr("What the script is run with: $1, $2 … separated by blanks. Its if and case branches follow them."));
    //: an example of a script's variables: NAME=VALUE, the name stays as it is
    m_variables->setPlaceholderText(tr("DEV=eth1 RATE=10mbit"));
    m_variables->setToolTip(tr("NAME=VALUE, separated by blanks: set from the start, the script's own assignments to them are not made."));
    m_problems->setToolTip(tr("Every line that could not be read, every command skipped and every branch not taken, with where it is. "
                              "Click to jump there."));
    m_commands->setReadOnly(true);
    m_commands->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_commands->setToolTip(tr("The tc commands read from the text, as a script that runs them."));

    auto *settings = new QFormLayout;
    settings->addRow(tr("&Arguments:"), m_arguments);
    settings->addRow(tr("&Variables:"), m_variables);

    m_tabs->addTab(m_problems, tr("Messages"));
    m_tabs->addTab(m_commands, tr("tc commands"));
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_editor);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 3);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_okButton = buttons->button(QDialogButtonBox::Ok);
    m_okButton->setText(tr("Import"));
    m_okButton->setObjectName(QStringLiteral("import.ok"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);
    layout->addLayout(settings);
    layout->addWidget(m_status);
    layout->addWidget(m_destination);
    layout->addWidget(buttons);

    // Re-import a moment after typing stops, not on every key.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &ImportDialog::reimport);
    connect(m_editor, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_arguments, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_variables, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_problems, &QListWidget::currentRowChanged, this, &ImportDialog::jumpToProblem);
    resize(780, 560);
    reimport();
}

void ImportDialog::setText(const QString &text)
{
    m_editor->setPlainText(text);
    reimport();
}

void ImportDialog::setArguments(const QString &arguments)
{
    m_arguments->setText(arguments);
    reimport();
}

void ImportDialog::setVariables(const QString &variables)
{
    m_variables->setText(variables);
    reimport();
}

void ImportDialog::setTarget(const QString &target)
{
    m_target = target;
    reimport();
}

void ImportDialog::reimport()
{
    m_debounce->stop();
    ShellEvaluatorOptions options;
    options.arguments = m_arguments->text().split(u' ', Qt::SkipEmptyParts);
    QStringList badVariables;
    for (const QString &assignment : m_variables->text().split(u' ', Qt::SkipEmptyParts)) {
        QPair<QString, QString> pair;
        if (TcScriptImporter::parseAssignment(assignment, &pair))
            options.variables.append(pair);
        else
            badVariables.append(assignment);
    }
    m_import = TcScriptImporter::import(m_editor->toPlainText(), options);
    const TcImportResult &result = m_import.result;

    m_problems->clear();
    struct Entry
    {
        const TcScriptError *problem;
        QString kind;
    };
    QList<Entry> entries;
    for (const TcScriptError &e : result.errors)
        entries.append({&e, tr("Error:")});
    for (const TcScriptError &w : result.warnings)
        entries.append({&w, tr("Warning:")});
    const QList<TcScriptError> missing = kernelWarnings(m_import.commands);
    for (const TcScriptError &w : missing)
        entries.append({&w, tr("Warning:")});
    for (const TcScriptError &n : m_import.notes)
        entries.append({&n, tr("Note:")});
    std::stable_sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        return a.problem->line != b.problem->line ? a.problem->line < b.problem->line : a.problem->column < b.problem->column;
    });
    for (const Entry &entry : std::as_const(entries)) {
        //: a line of the problem list: %1 is "Error:", "Warning:" or "Note:", %2 the problem and where it is
        auto *item = new QListWidgetItem(tr("%1 %2").arg(entry.kind, entry.problem->toString()), m_problems);
        item->setData(LineRole, entry.problem->line);
        item->setData(ColumnRole, entry.problem->column);
    }
    QStringList commands;
    for (const TcCommand &command : m_import.commands)
        commands.append(TcScriptImporter::commandLine(command));
    m_commands->setPlainText(commands.join(u'\n'));

    const bool usable = result.ok() && !result.trees.isEmpty() && badVariables.isEmpty();
    m_okButton->setEnabled(usable);
    QStringList kinds;
    for (const TcScriptError &w : missing)
        if (!kinds.contains(w.word))
            kinds.append(w.word);
    QStringList said{usable ? destination() : QString()};
    if (usable && !kinds.isEmpty())
        //: under the pasted trees' summary; %1 lists the kinds ("netem, sfq") the running kernel lacks
        said.append(tr("This kernel lacks %1: they import, but applying them here fails until the module is loaded "
                       "(see Messages).").arg(kinds.join(QStringLiteral(", "))));
    m_destination->setText(said.join(u'\n'));
    if (!badVariables.isEmpty()) {
        //: %1 lists what was typed; NAME=VALUE stays as it is
        m_status->setText(tr("Variables are NAME=VALUE, not %1.").arg(badVariables.join(QStringLiteral(", "))));
    } else if (!result.ok()) {
        m_status->setText(tr("%n line(s) could not be read; fix them to import.", nullptr, int(result.errors.size())));
    } else if (result.trees.isEmpty()) {
        m_status->setText(m_editor->toPlainText().trimmed().isEmpty()
                              ? tr("Paste tc commands above, a script that runs them, a tc -batch file, or what tc … show printed.")
                              : tr("No tc command changes anything here; the messages say what was skipped."));
    } else {
        QStringList devices;
        for (const QdiscTree &tree : result.trees)
            devices.append(QStringLiteral("%1: %2").arg(tree.target(), TcSummary::tree(tree)));
        m_status->setText(devices.join(u'\n'));
    }
}

QString ImportDialog::destination() const
{
    const QList<QdiscTree> &trees = m_import.result.trees;
    if (trees.size() > 1) {
        QStringList targets;
        for (const QdiscTree &tree : trees)
            targets.append(tree.target());
        //: %1 lists the devices the commands configure ("ifb0, eth0")
        return tr("They configure %1: Import asks onto which target each goes.").arg(targets.join(QStringLiteral(", ")));
    }
    if (m_target.isEmpty())
        return tr("Choose a target in the window to put them on.");
    if (trees.first().target() != m_target)
        //: %1 is the device the pasted commands name, %2 the window's chosen target
        return tr("They name %1; they go onto %2, the chosen target.").arg(trees.first().target(), m_target);
    return tr("They go onto %1.").arg(m_target);
}

void ImportDialog::jumpToProblem(int row)
{
    QListWidgetItem *item = m_problems->item(row);
    if (!item)
        return;
    const QTextBlock block = m_editor->document()->findBlockByNumber(item->data(LineRole).toInt() - 1);
    QTextCursor cursor(block);
    cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, std::max(0, item->data(ColumnRole).toInt() - 1));
    m_editor->setTextCursor(cursor);
    m_editor->setFocus();
}

} // namespace qs
