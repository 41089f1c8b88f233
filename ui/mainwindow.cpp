#include "mainwindow.h"

#include "importdialog.h"
#include "profiles/builtinpresets.h"
#include "profiles/profilestore.h"
#include "tc/tcexporter.h"
#include "tc/tcsummary.h"
#include "treeview.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QFontDatabase>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

namespace qs {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_profiles(new QListWidget(this)), m_description(new QLabel(this)), m_tree(new TreeView(this)), m_commands(new QPlainTextEdit(this))
{
    setWindowTitle(tr("Qdisc Studio"));
    m_profiles->setToolTip(tr("Built-in presets and your profiles. Select one to see its tree and tc commands."));
    m_commands->setReadOnly(true);
    m_commands->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_commands->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_commands->setToolTip(tr("The tc commands that build this tree on a clean device (DEV stands for the target you choose)."));

    auto *copy = new QPushButton(tr("&Copy commands"), this);
    connect(copy, &QPushButton::clicked, this, &MainWindow::copyCommands);
    auto *commandsPane = new QWidget(this);
    auto *commandsLayout = new QVBoxLayout(commandsPane);
    commandsLayout->setContentsMargins(0, 0, 0, 0);
    commandsLayout->addWidget(new QLabel(tr("Equivalent tc commands"), commandsPane));
    commandsLayout->addWidget(m_commands);
    commandsLayout->addWidget(copy, 0, Qt::AlignRight);

    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_description->setContentsMargins(4, 4, 4, 4);
    auto *treePane = new QWidget(this);
    auto *treeLayout = new QVBoxLayout(treePane);
    treeLayout->setContentsMargins(0, 0, 0, 0);
    treeLayout->addWidget(m_description);
    treeLayout->addWidget(m_tree, 1);

    auto *centre = new QSplitter(Qt::Vertical, this);
    centre->addWidget(treePane);
    centre->addWidget(commandsPane);
    centre->setStretchFactor(0, 3);
    centre->setStretchFactor(1, 2);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_profiles);
    split->addWidget(centre);
    split->setStretchFactor(1, 1);
    split->setSizes({260, 740});
    setCentralWidget(split);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Paste tc commands…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), this, &MainWindow::importCommands);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Qdisc Studio"), this, [this] {
        QMessageBox::about(this, tr("About Qdisc Studio"),
                           tr("<h3>Qdisc Studio %1</h3><p>Shape and impair network traffic with the kernel's traffic control.</p>"
                              "<p>Built with Qt %2 (running on %3).</p>")
                               .arg(QApplication::applicationVersion(), QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion())));
    });

    connect(m_profiles, &QListWidget::currentRowChanged, this, &MainWindow::showProfile);
    reloadProfiles();
    resize(1100, 700);
}

void MainWindow::reloadProfiles()
{
    m_shown = BuiltinPresets::all();
    const int presetCount = int(m_shown.size());
    const ProfileStore::Listing listing = ProfileStore().list();
    m_shown += listing.profiles;
    m_profiles->clear();
    for (int i = 0; i < m_shown.size(); ++i) {
        auto *item = new QListWidgetItem(m_shown[i].name, m_profiles);
        item->setToolTip(m_shown[i].description);
        if (i < presetCount)
            item->setData(Qt::UserRole, true);
    }
    QString status = tr("%n built-in preset(s), ", nullptr, presetCount) + tr("%n profile(s) of yours", nullptr, int(listing.profiles.size()));
    if (!listing.problems.isEmpty())
        status += tr(" — %n file(s) skipped: ", nullptr, int(listing.problems.size())) + listing.problems.first().path + u' ' +
                  listing.problems.first().reason;
    statusBar()->showMessage(status);
    if (!m_shown.isEmpty())
        m_profiles->setCurrentRow(0);
}

void MainWindow::showProfile(int row)
{
    if (row < 0 || row >= m_shown.size())
        return;
    const Profile &profile = m_shown[row];
    QList<QdiscTree> trees = profile.trees;
    for (QdiscTree &tree : trees) {
        if (tree.device.isEmpty())
            tree.device = QStringLiteral("DEV");
    }
    m_description->setText(QStringLiteral("<b>%1</b><br>%2").arg(profile.name.toHtmlEscaped(),
                                                                  profile.description.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"))));
    m_tree->setTree(trees.isEmpty() ? QdiscTree() : trees.first());
    m_commands->setPlainText(TcExporter::script(trees));
}

void MainWindow::importCommands()
{
    ImportDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted && dialog.result().ok())
        saveImported(dialog.result().trees);
}

void MainWindow::saveImported(const QList<QdiscTree> &trees)
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save as profile"), tr("Profile name:"), QLineEdit::Normal,
                                               tr("Imported %1").arg(QDateTime::currentDateTime().toString(Qt::ISODate)), &ok);
    if (!ok)
        return;
    Profile profile;
    profile.name = name;
    profile.trees = trees;
    QString error;
    if (!ProfileStore().save(profile, &error)) {
        QMessageBox::warning(this, tr("Not saved"), error);
        return;
    }
    reloadProfiles();
    const QList<QListWidgetItem *> found = m_profiles->findItems(name, Qt::MatchExactly);
    if (!found.isEmpty())
        m_profiles->setCurrentItem(found.last());
}

void MainWindow::copyCommands()
{
    QApplication::clipboard()->setText(m_commands->toPlainText());
    statusBar()->showMessage(tr("tc commands copied"), 3000);
}

} // namespace qs
