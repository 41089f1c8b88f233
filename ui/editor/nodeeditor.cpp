#include "nodeeditor.h"

#include "editorform.h"
#include "filterform.h"
#include "netemform.h"
#include "parameterrow.h"
#include "queueforms.h"
#include "shaperforms.h"

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
constexpr int ClassFormId = 100; // form identities past every QdiscKind
constexpr int FilterFormId = 101;
} // namespace

NodeEditor::NodeEditor(QWidget *parent)
    : QWidget(parent), m_stack(new QStackedWidget(this)), m_title(new QLabel(this)),
      m_summary(new QLabel(this)), m_scroll(new QScrollArea(this)), m_messages(new QLabel(this)),
      m_footer(new QWidget(this))
{
    auto *hint = new QLabel(tr("Select a qdisc, class or filter"), this);
    hint->setObjectName(QStringLiteral("editor.hint"));
    hint->setAlignment(Qt::AlignCenter);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    m_stack->addWidget(hint);

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

NodeEditor::~NodeEditor() = default;

void NodeEditor::setQdisc(const QdiscNode &node)
{
    const bool sameNode = m_subject == Subject::Qdisc && m_qdisc.handle == node.handle &&
                          m_qdisc.parent == node.parent;
    m_subject = Subject::Qdisc;
    m_qdisc = node;
    const QString foreignKind = node.kind() == QdiscKind::Foreign ? node.kindName() : QString();
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

void NodeEditor::setFilter(const U32Filter &filter)
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
    m_formIdentity = -1;
    showForm(nullptr);
    m_stack->setCurrentIndex(0);
    m_issues.clear();
    if (!m_valid) {
        m_valid = true;
        Q_EMIT validityChanged(true);
    }
}

ParameterRow *NodeEditor::row(const QString &key) const
{
    return m_form ? m_form->row(key) : nullptr;
}

int NodeEditor::formIdentity() const
{
    switch (m_subject) {
    case Subject::Qdisc:
        return int(m_qdisc.kind());
    case Subject::Class:
        return ClassFormId;
    case Subject::Filter:
        return FilterFormId;
    case Subject::None:
        break;
    }
    return -1;
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
    const auto qdiscForm = [&]<typename P>(void (*build)(FormBinder<P> &)) {
        FormBinder<P> binder(
            form, [this]() -> P & { return std::get<P>(m_qdisc.params); }, edited);
        build(binder);
    };
    switch (m_subject) {
    case Subject::Class: {
        FormBinder<HtbClassParams> binder(
            form, [this]() -> HtbClassParams & { return m_class.params; }, edited);
        ShaperForms::htbClass(binder);
        return form;
    }
    case Subject::Filter: {
        FormBinder<U32Filter> binder(
            form, [this]() -> U32Filter & { return m_filter; }, edited);
        FilterForm::build(binder);
        return form;
    }
    case Subject::None:
        return form;
    case Subject::Qdisc:
        break;
    }
    switch (m_qdisc.kind()) {
    case QdiscKind::Netem:
        qdiscForm(&NetemForm::build);
        break;
    case QdiscKind::Tbf:
        qdiscForm(&ShaperForms::tbf);
        break;
    case QdiscKind::Htb:
        qdiscForm(&ShaperForms::htbQdisc);
        break;
    case QdiscKind::Sfq:
        qdiscForm(&QueueForms::sfq);
        break;
    case QdiscKind::FqCodel:
        qdiscForm(&QueueForms::fqCodel);
        break;
    case QdiscKind::Pfifo:
        qdiscForm(&QueueForms::pfifo);
        break;
    case QdiscKind::Bfifo:
        qdiscForm(&QueueForms::bfifo);
        break;
    case QdiscKind::Prio:
        qdiscForm(&QueueForms::prio);
        break;
    case QdiscKind::Ingress:
        form->addNote(tr("ingress has no parameters: it is the hook incoming traffic passes, where "
                         "filters hang. "
                         "To delay or drop incoming traffic, redirect it to an ifb device and edit "
                         "the tree there."));
        break;
    case QdiscKind::Clsact:
        form->addNote(tr("clsact has no parameters: it holds the ingress and egress hooks that "
                         "filters hang from."));
        break;
    case QdiscKind::Foreign:
        form->addNote(
            tr("%1 is kept as the kernel reported it; Qdisc Studio does not edit this kind.")
                .arg(m_qdisc.kindName()));
        break;
    }
    return form;
}

ValidationIssues NodeEditor::validate() const
{
    ValidationIssues issues;
    switch (m_subject) {
    case Subject::Qdisc:
        issues = std::visit(
            [](const auto &p) -> ValidationIssues {
                if constexpr (requires { p.validate(); })
                    return p.validate();
                else
                    return {};
            },
            m_qdisc.params);
        break;
    case Subject::Class:
        issues = m_class.params.validate();
        break;
    case Subject::Filter:
        // U32Filter names its fields "filter 1: prio 1.flowid", "….match ip dst …": keep what
        // follows the first dot, and send every match problem to the match lines.
        for (ValidationIssue issue : m_filter.validate()) {
            const qsizetype dot = issue.field.indexOf(u'.');
            QString field = dot < 0 ? issue.field : issue.field.mid(dot + 1);
            if (field.startsWith(QStringLiteral("match"))) {
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
        //: editor header; %1 is the class id as tc writes it (1:10)
        m_title->setText(tr("htb class %1").arg(m_class.classId.toString()));
        m_summary->setText(TcSummary::htbClass(m_class));
        break;
    case Subject::Filter:
        //: editor header; %1 is the handle of the qdisc or class the filter is attached to (1:)
        m_title->setText(tr("u32 filter on %1").arg(m_filter.parent.toString()));
        m_summary->setText(TcSummary::filter(m_filter));
        break;
    case Subject::None:
        break;
    }
}

} // namespace qs
