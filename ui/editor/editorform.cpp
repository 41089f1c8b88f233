#include "editorform.h"

#include "parameterrow.h"

#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace qs {

EditorForm::EditorForm(QWidget *parent) : QWidget(parent), m_layout(new QVBoxLayout(this))
{
    m_indent = fontMetrics().averageCharWidth() * 2;
    m_layout->setSpacing(fontMetrics().height() / 3);
    m_layout->addStretch(1); // everything is inserted above it: short forms sit at the top
}

void EditorForm::addSection(const QString &title)
{
    auto *label = new QLabel(title, this);
    label->setObjectName(QStringLiteral("section.") + title);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    if (m_layout->count() > 1) // air above every section but the first
        label->setContentsMargins(0, fontMetrics().height() / 2, 0, 0);
    m_layout->insertWidget(m_layout->count() - 1, label);
}

QLabel *EditorForm::addNote(const QString &text, const QString &objectName)
{
    auto *label = new QLabel(text, this);
    label->setObjectName(objectName.isEmpty() ? QStringLiteral("note") : objectName);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setContentsMargins(m_indent, 0, 0, 0);
    label->setForegroundRole(
        QPalette::PlaceholderText); // secondary text, in the theme's own colour
    m_layout->insertWidget(m_layout->count() - 1, label);
    return label;
}

void EditorForm::addRow(ParameterRow *row)
{
    row->setParent(this);
    row->setContentsMargins(m_indent, 0, 0, 0);
    m_layout->insertWidget(m_layout->count() - 1, row);
    m_rows.insert(row->key(), row);
    m_order.append(row);
}

void EditorForm::addRefresh(std::function<void()> refresh)
{
    m_refreshers.append(std::move(refresh));
}

void EditorForm::refresh()
{
    for (const auto &refresh : std::as_const(m_refreshers))
        refresh();
}

void EditorForm::alignColumns()
{
    int width = 0;
    for (const ParameterRow *row : std::as_const(m_order))
        width = std::max(width, row->labelWidthHint());
    for (ParameterRow *row : std::as_const(m_order))
        row->setLabelWidth(width);
}

void EditorForm::setInputIssue(const QString &key, const QString &message)
{
    if (message.isEmpty())
        m_inputIssues.remove(key);
    else
        m_inputIssues.insert(key, message);
}

void EditorForm::clearInputIssues()
{
    m_inputIssues.clear();
}

ValidationIssues EditorForm::inputIssues() const
{
    ValidationIssues issues;
    for (auto it = m_inputIssues.cbegin(); it != m_inputIssues.cend(); ++it)
        issues.append(ValidationIssue::error(it.key(), it.value()));
    return issues;
}

ParameterRow *EditorForm::rowFor(const QString &field) const
{
    QString key = field;
    while (!key.isEmpty()) {
        if (ParameterRow *row = m_rows.value(key); row && !row->isHidden())
            return row;
        const qsizetype cut = std::max(key.lastIndexOf(u'.'), key.lastIndexOf(u'['));
        if (cut <= 0)
            break;
        key.truncate(cut);
    }
    return nullptr;
}

ValidationIssues EditorForm::showIssues(const ValidationIssues &issues)
{
    QHash<ParameterRow *, QStringList> texts;
    QHash<ParameterRow *, ValidationIssue::Severity> worst;
    ValidationIssues unplaced;
    for (const ValidationIssue &issue : issues) {
        ParameterRow *row = rowFor(issue.field);
        if (!row) {
            unplaced.append(issue);
            continue;
        }
        texts[row].append(issue.message);
        if (issue.isError() || !worst.contains(row))
            worst[row] = issue.severity;
    }
    for (ParameterRow *row : std::as_const(m_order))
        row->setMessage(texts.value(row).join(u'\n'),
                        worst.value(row, ValidationIssue::Severity::Error));
    return unplaced;
}

} // namespace qs
