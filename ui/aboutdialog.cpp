#include "aboutdialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <netlink/version.h>
#include <sys/utsname.h>

namespace qs {

namespace {
// The project has no other web address recorded; this is the domain of its packaging contact.
constexpr QLatin1String HomePage{"https://qdiscstudio.org/"};

QString kernelRelease()
{
    utsname kernel{};
    return uname(&kernel) == 0 ? QString::fromLocal8Bit(kernel.release) : QString();
}
} // namespace

AboutDialog::AboutDialog(const QString &changesGoThrough, bool available, QWidget *parent) : QDialog(parent), m_form(new QFormLayout)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Qdisc Studio"));
    auto *title = new QLabel(tr("<h3>Qdisc Studio</h3><p>Shape and impair network traffic with the kernel's traffic control.</p>"), this);
    title->setObjectName(QStringLiteral("about.title"));
    title->setWordWrap(true);

    m_form->setObjectName(QStringLiteral("about.form"));
    // Labels right-aligned against their values on every style, not only where the style says so.
    m_form->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    //: About box rows: a label, and beside it its value (version numbers, the kernel release)
    addRow(tr("Version:"), QApplication::applicationVersion(), "version");
    //: About box: the Qt library running now, and the one this build was compiled against
    addRow(tr("Qt:"), tr("%1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR)), "qt");
    addRow(tr("libnl:"), QStringLiteral(LIBNL_VERSION), "libnl");
    addRow(tr("Kernel:"), kernelRelease(), "kernel");
    //: About box: %1 is where changes go (the helper on the system bus, or the engine in-process)
    addRow(tr("Changes go through:"), available ? tr("%1 (ready)").arg(changesGoThrough) : tr("%1 (not reachable)").arg(changesGoThrough),
           "backend");
    //: About box: the licence's name (GPL-3.0-or-later)
    addRow(tr("Licence:"), tr("GNU General Public License, version 3 or later"), "licence");
    addRow(tr("Home page:"), QStringLiteral("<a href=\"%1\">%1</a>").arg(HomePage), "homePage");
    auto *link = findChild<QLabel *>(QStringLiteral("about.homePage"));
    link->setTextFormat(Qt::RichText);
    link->setTextInteractionFlags(Qt::TextBrowserInteraction);
    link->setOpenExternalLinks(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addLayout(m_form);
    layout->addWidget(buttons);
    // Wrapping labels ask for little width: wide enough that a kernel release or the licence stays on one line.
    const int width = fontMetrics().averageCharWidth() * 64;
    setMinimumWidth(width);
    resize(width, layout->totalHeightForWidth(width)); // not the height the labels need when narrow
}

void AboutDialog::addRow(const QString &label, const QString &value, const char *name)
{
    auto *field = new QLabel(value, this);
    field->setObjectName(QStringLiteral("about.") + QLatin1String(name));
    field->setTextFormat(Qt::PlainText); // a kernel release or a backend's words are no markup
    field->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    field->setWordWrap(true);
    m_form->addRow(label, field);
}

} // namespace qs
