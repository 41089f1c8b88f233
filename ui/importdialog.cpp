#include "importdialog.h"

#include "tc/tcsummary.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

namespace qs {

namespace {
constexpr int LineRole = Qt::UserRole;
constexpr int ColumnRole = Qt::UserRole + 1;
} // namespace

ImportDialog::ImportDialog(QWidget *parent)
    : QDialog(parent), m_editor(new QPlainTextEdit(this)), m_problems(new QListWidget(this)), m_status(new QLabel(this)),
      m_debounce(new QTimer(this))
{
    setWindowTitle(tr("Paste tc commands"));
    setObjectName(QStringLiteral("importDialog"));
    m_editor->setObjectName(QStringLiteral("import.editor"));
    m_problems->setObjectName(QStringLiteral("import.problems"));
    m_status->setObjectName(QStringLiteral("import.status"));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    //: an example tc command: tc's syntax stays as it is (a device name may be adapted)
    m_editor->setPlaceholderText(tr("tc qdisc add dev eth0 root netem delay 100ms 20ms loss 1%"));
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_problems->setToolTip(tr("Every line that could not be read, with where it went wrong. Click to jump there."));

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_editor);
    splitter->addWidget(m_problems);
    splitter->setStretchFactor(0, 3);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_okButton = buttons->button(QDialogButtonBox::Ok);
    m_okButton->setText(tr("Import"));
    m_okButton->setObjectName(QStringLiteral("import.ok"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    // Re-import a moment after typing stops, not on every key.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &ImportDialog::reimport);
    connect(m_editor, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_problems, &QListWidget::currentRowChanged, this, &ImportDialog::jumpToProblem);
    resize(760, 480);
    reimport();
}

void ImportDialog::setText(const QString &text)
{
    m_editor->setPlainText(text);
    reimport();
}

void ImportDialog::reimport()
{
    m_result = TcImporter::import(m_editor->toPlainText());
    m_problems->clear();
    const auto add = [&](const TcScriptError &e, const QString &kind) {
        //: a line of the problem list: %1 is "Error:" or "Note:", %2 the problem and where it is
        auto *item = new QListWidgetItem(tr("%1 %2").arg(kind, e.toString()), m_problems);
        item->setData(LineRole, e.line);
        item->setData(ColumnRole, e.column);
    };
    for (const TcScriptError &e : m_result.errors)
        add(e, tr("Error:"));
    for (const TcScriptError &w : m_result.warnings)
        add(w, tr("Note:"));
    const bool usable = m_result.ok() && !m_result.trees.isEmpty();
    m_okButton->setEnabled(usable);
    if (!m_result.ok())
        m_status->setText(tr("%n line(s) could not be read; fix them to import.", nullptr, int(m_result.errors.size())));
    else if (m_result.trees.isEmpty())
        m_status->setText(tr("Paste tc commands above."));
    else {
        QStringList devices;
        for (const QdiscTree &tree : m_result.trees)
            devices.append(QStringLiteral("%1: %2").arg(tree.target(), TcSummary::tree(tree)));
        m_status->setText(devices.join(u'\n'));
    }
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
