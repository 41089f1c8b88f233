#pragma once

#include "model/classnode.h"
#include "model/qdiscnode.h"
#include "model/filter.h"

#include <QWidget>

class QLabel;
class QScrollArea;
class QStackedWidget;

namespace qs {

class EditorForm;
class ParameterRow;

/**
 * The right-hand panel: every parameter of the selected qdisc, htb class or u32 filter, with a
 * header (kind, handle and the one-line summary, updated as values change) and the validation
 * messages of the value being edited, inline under the row each message is about. Messages
 * whose field has no row (a netem slot, a filter's match conflict) gather at the bottom.
 *
 * Every edit emits the complete new value, valid or not, so the window can show it in the tree
 * at once; isValid() says whether it has errors (warnings do not count), and the window must not
 * send an invalid value to the kernel. final is false while a slider is dragged or a text is
 * typed and true when the edit ends (see ParameterSlider): a live window streams the non-final
 * values and always applies the final one.
 *
 * Setting the node that is already shown (the model echoing an edit, a stats refresh) only
 * updates the values; the rows are rebuilt only when the kind changes, so a drag in progress is
 * never disturbed. Optional parameters have no checkbox: the left end of the slider (and 0 in
 * the spin box) is "unset", and the spin box names it ("off", "auto", "default").
 */
class NodeEditor : public QWidget
{
    Q_OBJECT

public:
    /** What the editor shows. */
    enum class Subject { None, Qdisc, Class, Filter };

    explicit NodeEditor(QWidget *parent = nullptr);
    ~NodeEditor() override;

    /** Edits @p node's parameters; its handle and parent are shown, not edited. */
    void setQdisc(const QdiscNode &node);
    /** Edits a class's parameters. */
    void setClass(const ClassNode &node);
    /** Edits a filter: protocol, prio, the kind's rows, flowid and actions. */
    void setFilter(const Filter &filter);
    /** Shows no node: the hint (setHint()) in its place. */
    void clear();
    /**
     * What the editor says while it shows no node: how to start on an empty tree, to select a
     * node on a full one. Rich text.
     */
    void setHint(const QString &hint);
    QString hint() const;

    Subject subject() const { return m_subject; }
    /** The shown qdisc with every edit so far; meaningful while subject() is Qdisc. */
    const QdiscNode &qdisc() const { return m_qdisc; }
    const ClassNode &classNode() const { return m_class; }
    const Filter &filter() const { return m_filter; }

    /**
     * No errors in the shown value: neither from its validate() nor from text that did not
     * parse. Only the parameters edited here are checked; the node's place in the tree (handle,
     * parent) is the tree's to validate.
     */
    bool isValid() const { return m_valid; }
    /** Everything validate() and the text parsers found, field paths relative to the node. */
    ValidationIssues issues() const { return m_issues; }

    /** The row of the parameter with JSON key @p key, or nullptr. */
    ParameterRow *row(const QString &key) const;

    /**
     * An empty strip under the parameters for the window's own controls (Live, Apply); it has a
     * QHBoxLayout and takes no space until something is put in it.
     */
    QWidget *footer() const { return m_footer; }

Q_SIGNALS:
    void qdiscParamsEdited(const qs::QdiscParams &params, bool final);
    void classParamsEdited(const qs::ClassParams &params, bool final);
    void filterEdited(const qs::Filter &filter, bool final);
    /** isValid() changed, by an edit or by a newly set node. */
    void validityChanged(bool valid);

private:
    /** Which form is built: the kind's table, or the filter form. */
    quintptr formIdentity() const;
    void showForm(EditorForm *form);
    EditorForm *buildForm();
    void refresh();
    void edited(bool final);
    void updateHeader();
    ValidationIssues validate() const;

    Subject m_subject = Subject::None;
    QdiscNode m_qdisc;
    ClassNode m_class;
    Filter m_filter;
    quintptr m_formIdentity = 0;
    QString m_foreignKind; ///< a foreign kind's name: another foreign kind needs a new note

    QStackedWidget *m_stack;
    QLabel *m_hint;
    QLabel *m_title;
    QLabel *m_summary;
    QScrollArea *m_scroll;
    EditorForm *m_form = nullptr;
    QLabel *m_messages;
    QWidget *m_footer;
    ValidationIssues m_issues;
    bool m_valid = true;
    /** Set while the editor goes: a text row that loses its focus then ends an edit nobody may hear. */
    bool m_closing = false;
};

} // namespace qs
