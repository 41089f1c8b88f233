#pragma once

#include "editorform.h"
#include "parameterchoice.h"
#include "parameterslider.h"
#include "parametertext.h"

#include "model/probability.h"
#include "tc/tcunits.h"

#include <QLabel>
#include <QObject>

#include <functional>

namespace qs {

/**
 * Ties rows of an EditorForm to the fields of one parameter struct P: each row gets a getter
 * (run on every refresh) and a setter (run on every edit, followed by the editor's edited()
 * callback). The struct is reached through an accessor, never a pointer kept from build time,
 * because the editor replaces the value it holds whenever the window sets a new one.
 */
template <typename P> class FormBinder
{
public:
    using Access = std::function<P &()>;
    using Edited = std::function<void(bool final)>;

    FormBinder(EditorForm *form, Access params, Edited edited)
        : m_form(form), m_params(std::move(params)), m_edited(std::move(edited))
    {
    }

    EditorForm *form() const { return m_form; }
    P &params() const { return m_params(); }

    void section(const QString &title) { m_form->addSection(title); }
    QLabel *note(const QString &text, const QString &objectName = {})
    {
        return m_form->addNote(text, objectName);
    }

    /** A slider row for a numeric field, in the spec's base unit. */
    ParameterSlider *number(const ParameterSpec &spec, std::function<double(const P &)> get,
                            std::function<void(P &, double)> set)
    {
        auto *row = new ParameterSlider(spec);
        m_form->addRow(row);
        m_form->addRefresh([row, get, access = m_params] { row->setValue(get(access())); });
        QObject::connect(row, &ParameterSlider::valueChanged, row,
                         [set, access = m_params, edited = m_edited](double value, bool final) {
                             set(access(), value);
                             edited(final);
                         });
        return row;
    }

    /** A slider row for an integer member of P. */
    template <typename T> ParameterSlider *number(const ParameterSpec &spec, T P::*member)
    {
        return number(
            spec, [member](const P &p) { return double(p.*member); },
            [member](P &p, double value) { p.*member = T(value); });
    }

    /**
     * A slider row for a probability, shown as the shortest percentage that is exactly it.
     * @p field is a generic lambda reaching the member: [](auto &p) -> auto & { return p.x; }.
     */
    template <typename Field> ParameterSlider *percent(const ParameterSpec &spec, Field field)
    {
        return number(
            spec, [field](const P &p) { return shortestPercent(field(p)); },
            [field](P &p, double value) { field(p) = Probability::fromPercent(value); });
    }

    /** A combo row; @p set receives the picked item's value. */
    ParameterChoice *choice(const QString &key, const QString &label, const QString &toolTip,
                            const QList<std::pair<QString, QVariant>> &items,
                            std::function<QVariant(const P &)> get,
                            std::function<void(P &, const QVariant &)> set)
    {
        auto *row = new ParameterChoice(key, label, toolTip);
        for (const auto &[text, value] : items)
            row->addItem(text, value);
        m_form->addRow(row);
        m_form->addRefresh([row, get, access = m_params] { row->setValue(get(access())); });
        QObject::connect(row, &ParameterChoice::valueChanged, row,
                         [set, access = m_params, edited = m_edited](const QVariant &value) {
                             set(access(), value);
                             edited(true);
                         });
        return row;
    }

    /**
     * A text row. @p set parses the text into P and returns a message when it cannot (P is then
     * left as it was and the message shows under the row as an error). The text is refreshed
     * from P only while the user is not in it and it parses, so typing is never overwritten.
     */
    ParameterText *text(const QString &key, const QString &label, const QString &toolTip,
                        bool multiLine, std::function<QString(const P &)> get,
                        std::function<QString(P &, const QString &)> set)
    {
        auto *row = new ParameterText(key, label, toolTip, multiLine);
        EditorForm *form = m_form;
        m_form->addRow(row);
        m_form->addRefresh([row, form, key, get, access = m_params] {
            if (!row->editor()->hasFocus() && !form->hasInputIssue(key))
                row->setText(get(access()));
        });
        QObject::connect(row, &ParameterText::textEdited, row,
                         [form, key, set, access = m_params, edited = m_edited](const QString &text,
                                                                                bool final) {
                             form->setInputIssue(key, set(access(), text));
                             edited(final);
                         });
        return row;
    }

    /** A read-only text row (a value shown for reference, not edited here). */
    ParameterText *readOnlyText(const QString &key, const QString &label, const QString &toolTip,
                                std::function<QString(const P &)> get)
    {
        auto *row = new ParameterText(key, label, toolTip);
        row->setReadOnly(true);
        m_form->addRow(row);
        m_form->addRefresh([row, get, access = m_params] { row->setText(get(access())); });
        return row;
    }

    /** Shows @p row only while @p visible holds for the current value. */
    void showWhen(QWidget *row, std::function<bool(const P &)> visible)
    {
        m_form->addRefresh(
            [row, visible, access = m_params] { row->setVisible(visible(access())); });
    }

    /**
     * Enables @p row only while @p enabled holds: a parameter that means nothing yet (a loss
     * correlation without loss) is greyed, and the eye finds the ones that act.
     */
    void enableWhen(QWidget *row, std::function<bool(const P &)> enabled)
    {
        m_form->addRefresh(
            [row, enabled, access = m_params] { row->setEnabled(enabled(access())); });
    }

    /** "1" for 1 %: what formatPercent() writes, which parses back to the same probability. */
    static double shortestPercent(Probability probability)
    {
        QString text = TcUnits::formatPercent(probability);
        text.chop(1); // "%"
        return text.toDouble();
    }

private:
    EditorForm *m_form;
    Access m_params;
    Edited m_edited;
};

} // namespace qs
