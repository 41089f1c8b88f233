#include "nodeeditor.h"

#include "editorform.h"
#include "filterform.h"
#include "kindforms.h"
#include "parameterrow.h"

#include "tc/tcsummary.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace qs {

namespace {
} // namespace

NodeEditor::NodeEditor(QWidget *parent)
    : QWidget(parent), m_stack(new QStackedWidget(this)), m_hint(new QLabel(this)), m_title(new QLabel(this)),
      m_summary(new QLabel(this)), m_scroll(new QScrollArea(this)), m_messages(new QLabel(this)),
      m_footer(new QWidget(this))
{
    m_hint->setText(tr("Select a qdisc, class or filter"));
    m_hint->setObjectName(QStringLiteral("editor.hint"));
    m_hint->setAlignment(Qt::AlignCenter);
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::RichText);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_stack->addWidget(m_hint);

    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(fontMetrics().height() / 4);
    m_title->setObjectName(QStringLiteral("editor.title"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(QStringLiteral("editor.summary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *rule = new QFrame(page);
    rule->setFrameShape(QFrame::HLine);
    rule->setFrameShadow(QFrame::Sunken);
    m_scroll->setObjectName(QStringLiteral("editor.scroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_messages->setObjectName(QStringLiteral("editor.messages"));
    m_messages->setWordWrap(true);
    m_messages->setTextFormat(Qt::RichText);
    m_messages->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_messages->hide();
    layout->addWidget(m_title);
    layout->addWidget(m_summary);
    layout->addWidget(rule);
    layout->addWidget(m_scroll, 1);
    layout->addWidget(m_messages);
    m_stack->addWidget(page);

    m_footer->setObjectName(QStringLiteral("editor.footer"));
    auto *footerLayout = new QHBoxLayout(m_footer);
    footerLayout->setContentsMargins(0, 0, 0, 0);

    auto *outer = new QVBoxLayout(this);
    outer->addWidget(m_stack, 1);
    outer->addWidget(m_footer);
    clear();
}

NodeEditor::~NodeEditor()
{
    // The rows go first, while this editor is whole: a text row with the focus ends its edit as it
    // is destroyed (editingFinished), and that edit must find an editor that ignores it, not one
    // whose members are already gone (QWidget deletes children only after this destructor).
    m_closing = true;
    delete m_stack;
    m_stack = nullptr;
    m_form = nullptr;
}

void NodeEditor::setQdisc(const QdiscNode &node)
{
    const bool sameNode = m_subject == Subject::Qdisc && m_qdisc.handle == node.handle &&
                          m_qdisc.parent == node.parent;
    m_subject = Subject::Qdisc;
    m_qdisc = node;
    const QString foreignKind = node.isForeign() ? node.kindName() : QString();
    if (formIdentity() != m_formIdentity || foreignKind != m_foreignKind) {
        m_foreignKind = foreignKind;
        showForm(buildForm());
    } else if (!sameNode) {
        m_form->clearInputIssues();
    }
    refresh();
}

void NodeEditor::setClass(const ClassNode &node)
{
    const bool sameNode = m_subject == Subject::Class && m_class.classId == node.classId;
    m_subject = Subject::Class;
    m_class = node;
    if (formIdentity() != m_formIdentity)
        showForm(buildForm());
    else if (!sameNode)
        m_form->clearInputIssues();
    refresh();
}

void NodeEditor::setFilter(const Filter &filter)
{
    // prio is edited here, so it does not tell filters apart; parent and handle do.
    const bool sameNode = m_subject == Subject::Filter && m_filter.parent == filter.parent &&
                          m_filter.handle == filter.handle;
    m_subject = Subject::Filter;
    m_filter = filter;
    if (formIdentity() != m_formIdentity)
        showForm(buildForm());
    else if (!sameNode)
        m_form->clearInputIssues();
    refresh();
}

void NodeEditor::clear()
{
    m_subject = Subject::None;
    m_formIdentity = 0;
    showForm(nullptr);
    m_stack->setCurrentIndex(0);
    m_issues.clear();
    if (!m_valid) {
        m_valid = true;
        Q_EMIT validityChanged(true);
    }
}

void NodeEditor::setHint(const QString &hint)
{
    m_hint->setText(hint);
}

QString NodeEditor::hint() const
{
    return m_hint->text();
}

ParameterRow *NodeEditor::row(const QString &key) const
{
    return m_form ? m_form->row(key) : nullptr;
}

quintptr NodeEditor::formIdentity() const
{
    // A form per kind: the address of the kind's table tells kinds apart.
    switch (m_subject) {
    case Subject::Qdisc:
        return quintptr(&m_qdisc.ops());
    case Subject::Class:
        return quintptr(&m_class.ops());
    case Subject::Filter:
        return quintptr(&m_filter.ops());
    case Subject::None:
        break;
    }
    return 0;
}

void NodeEditor::showForm(EditorForm *form)
{
    // Deleted later, not now: a kind change may come from a slot connected to one of its rows.
    if (QWidget *old = m_scroll->takeWidget()) {
        old->hide();
        old->deleteLater();
    }
    m_form = form;
    m_formIdentity = formIdentity();
    if (!form)
        return;
    form->alignColumns();
    m_scroll->setWidget(form);
    // The scroll area only scrolls vertically: keep the panel wide enough for the rows.
    m_scroll->setMinimumWidth(form->minimumSizeHint().width() +
                              m_scroll->verticalScrollBar()->sizeHint().width());
    m_stack->setCurrentIndex(1);
}

EditorForm *NodeEditor::buildForm()
{
    auto *form = new EditorForm;
    const auto edited = [this](bool final) { this->edited(final); };
    switch (m_subject) {
    case Subject::Qdisc:
        KindForms::qdisc(
            form, m_qdisc.ops(), [this]() -> QdiscParams & { return m_qdisc.params; }, edited);
        break;
    case Subject::Class:
        KindForms::classNode(
            form, m_class.ops(), [this]() -> ClassParams & { return m_class.params; }, edited);
        break;
    case Subject::Filter: {
        FormBinder<Filter> binder(
            form, [this]() -> Filter & { return m_filter; }, edited);
        FilterForm::build(binder);
        break;
    }
    case Subject::None:
        break;
    }
    return form;
}

ValidationIssues NodeEditor::validate() const
{
    ValidationIssues issues;
    switch (m_subject) {
    case Subject::Qdisc:
        issues = m_qdisc.ops().validate(m_qdisc.params.data());
        break;
    case Subject::Class:
        issues = m_class.ops().validate(m_class.params.data());
        break;
    case Subject::Filter:
        // Filter names its fields "filter 1: prio 1.flowid", "….match ip dst …": keep what
        // follows the first dot, and send u32's match problems to its match lines (basic has
        // a "match" row of its own).
        for (ValidationIssue issue : m_filter.validate()) {
            const qsizetype dot = issue.field.indexOf(u'.');
            QString field = dot < 0 ? issue.field : issue.field.mid(dot + 1);
            if (field.startsWith(QStringLiteral("action.")))
                field = QStringLiteral("action");
            if (field.startsWith(QStringLiteral("match")) && !(m_form && m_form->rowFor(field))) {
                const QString words = field.mid(int(qstrlen("match"))).trimmed();
                if (!words.isEmpty())
                    issue.message = words + QStringLiteral(": ") + issue.message;
                field = QStringLiteral("matches");
            }
            issue.field = field;
            issues.append(issue);
        }
        break;
    case Subject::None:
        break;
    }
    if (m_form)
        issues += m_form->inputIssues();
    return issues;
}

void NodeEditor::refresh()
{
    if (!m_form)
        return;
    m_form->refresh();
    m_issues = validate();
    const ValidationIssues unplaced = m_form->showIssues(m_issues);
    QStringList lines;
    for (const ValidationIssue &issue : unplaced) {
        const QColor color = ParameterRow::severityColor(issue.severity, palette());
        lines.append(
            QStringLiteral("<span style=\"color:%1\">%2</span>")
                .arg(color.name(),
                     QString(issue.field + QStringLiteral(": ") + issue.message).toHtmlEscaped()));
    }
    m_messages->setText(lines.join(QStringLiteral("<br>")));
    m_messages->setVisible(!lines.isEmpty());
    updateHeader();
    const bool valid = !hasErrors(m_issues);
    if (valid != m_valid) {
        m_valid = valid;
        Q_EMIT validityChanged(valid);
    }
}

void NodeEditor::edited(bool final)
{
    if (m_closing)
        return;
    refresh(); // first, so isValid() is current in the slots of the signals below
    switch (m_subject) {
    case Subject::Qdisc:
        Q_EMIT qdiscParamsEdited(m_qdisc.params, final);
        break;
    case Subject::Class:
        Q_EMIT classParamsEdited(m_class.params, final);
        break;
    case Subject::Filter:
        Q_EMIT filterEdited(m_filter, final);
        break;
    case Subject::None:
        break;
    }
}

void NodeEditor::updateHeader()
{
    switch (m_subject) {
    case Subject::Qdisc:
        m_title->setText(m_qdisc.handle.isUnspec()
                             ? m_qdisc.kindName()
                             : m_qdisc.kindName() + u' ' + m_qdisc.handle.toString());
        m_summary->setText(TcSummary::qdisc(m_qdisc));
        break;
    case Subject::Class:
        //: editor header; %1 is a kind (htb, hfsc), %2 the class id as tc writes it (1:10)
        m_title->setText(tr("%1 class %2").arg(m_class.kindName(), m_class.classId.toString()));
        m_summary->setText(TcSummary::classNode(m_class));
        break;
    case Subject::Filter:
        //: editor header; %1 is the filter's kind (u32, flower), %2 the qdisc or class it is attached to (1:)
        m_title->setText(tr("%1 filter on %2").arg(m_filter.kindName(), m_filter.parent.toString()));
        m_summary->setText(TcSummary::filter(m_filter));
        break;
    case Subject::None:
        break;
    }
}

} // namespace qs
