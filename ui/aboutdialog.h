#pragma once

#include <QDialog>

class QFormLayout;

namespace qs {

/**
 * Help ▸ About: what this build is and runs on, as a form of labels and values (selectable, to
 * paste into a bug report): version, Qt, libnl, kernel release, where changes go, licence, home page.
 */
class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    /** @p changesGoThrough: the backend's description, as the status bar shows it; @p available: it is reachable. */
    AboutDialog(const QString &changesGoThrough, bool available, QWidget *parent = nullptr);

    QFormLayout *form() const { return m_form; }

private:
    /** A row of the form: @p label beside a selectable @p value, named about.@p name. */
    void addRow(const QString &label, const QString &value, const char *name);

    QFormLayout *m_form;
};

} // namespace qs
