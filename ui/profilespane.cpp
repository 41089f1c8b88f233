#include "profilespane.h"

#include "filedialog.h"
#include "kernelmark.h"
#include "kinds/kernelmodules.h"
#include "profiles/builtinpresets.h"
#include "profiles/profilestore.h"

#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QSaveFile>
#include <QToolButton>
#include <QVBoxLayout>

namespace qs {

ProfilesPane::ProfilesPane(QWidget *parent) : QWidget(parent), m_list(new QListWidget(this)), m_problems(new QLabel(this))
{
    m_list->setObjectName(QStringLiteral("profiles"));
    m_list->setToolTip(tr("Built-in presets (in italics) and your profiles. Double-click one to apply it to the current target."));
    m_problems->setWordWrap(true);
    m_problems->hide();

    struct Button
    {
        const char *name;
        QStyle::StandardPixmap icon;
        QString tip;
        std::function<void()> action;
    };
    const Button buttons[] = {
        {"profile.save", QStyle::SP_DialogSaveButton, tr("Save the current tree into the selected profile of yours"), [this] { saveCurrent(); }},
        {"profile.saveAs", QStyle::SP_FileDialogNewFolder, tr("Save the current tree as a new profile"), [this] { saveAs(); }},
        {"profile.rename", QStyle::SP_FileDialogDetailedView, tr("Rename the selected profile"), [this] { renameCurrent(); }},
        {"profile.delete", QStyle::SP_TrashIcon, tr("Delete the selected profile"), [this] { deleteCurrent(); }},
        {"profile.import", QStyle::SP_DialogOpenButton, tr("Import a profile file"), [this] { importFile(); }},
        {"profile.export", QStyle::SP_ArrowForward, tr("Export the selected profile or preset to a file"), [this] { exportCurrent(); }},
    };
    auto *row = new QHBoxLayout;
    for (const Button &b : buttons) {
        auto *button = new QToolButton(this);
        button->setObjectName(QLatin1String(b.name));
        button->setIcon(style()->standardIcon(b.icon));
        button->setToolTip(b.tip);
        button->setAutoRaise(true);
        connect(button, &QToolButton::clicked, this, b.action);
        row->addWidget(button);
    }
    row->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("<b>Profiles</b>"), this));
    layout->addWidget(m_list, 1);
    layout->addLayout(row);
    layout->addWidget(m_problems);

    connect(m_list, &QListWidget::currentRowChanged, this, [this](int index) {
        if (index >= 0 && index < m_profiles.size())
            Q_EMIT profileSelected(m_profiles[index]);
    });
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) {
        const int index = m_list->row(item);
        if (index >= 0 && index < m_profiles.size())
            Q_EMIT profileActivated(m_profiles[index]);
    });
    reload();
}

void ProfilesPane::reload()
{
    const QString selected = current() ? current()->name : QString();
    m_profiles = m_leadingPresets + BuiltinPresets::all();
    m_presetCount = int(m_profiles.size());
    const ProfileStore::Listing listing = ProfileStore().list();
    m_profiles += listing.profiles;
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (int i = 0; i < m_profiles.size(); ++i) {
        auto *item = new QListWidgetItem(m_profiles[i].name, m_list);
        item->setToolTip(m_profiles[i].description);
        if (isPreset(i)) {
            QFont font = item->font();
            font.setItalic(true);
            font.setBold(i < m_leadingPresets.size());
            item->setFont(font);
            // A preset that needs a kind this kernel lacks fails when applied here: say so first.
            if (const QStringList missing = KernelModules::system().missingModules(m_profiles[i].trees); !missing.isEmpty()) {
                item->setIcon(KernelMark::icon());
                item->setToolTip(m_profiles[i].description + u'\n' + KernelMark::needs(missing));
            }
        }
    }
    QStringList problems;
    for (const auto &problem : listing.problems)
        problems.append(problem.path + QStringLiteral(": ") + problem.reason);
    m_problems->setText(problems.isEmpty() ? QString() : tr("Skipped: %1").arg(problems.join(QStringLiteral("; "))));
    m_problems->setVisible(!problems.isEmpty());
    if (!selected.isEmpty())
        select(selected);
}

void ProfilesPane::setLeadingPresets(const QList<Profile> &presets)
{
    m_leadingPresets = presets;
    reload();
}

const Profile *ProfilesPane::current() const
{
    const int row = m_list->currentRow();
    return row >= 0 && row < m_profiles.size() ? &m_profiles[row] : nullptr;
}

bool ProfilesPane::select(const QString &name)
{
    for (int i = 0; i < m_profiles.size(); ++i) {
        if (m_profiles[i].name == name) {
            m_list->setCurrentRow(i);
            return true;
        }
    }
    return false;
}

bool ProfilesPane::store(Profile profile, const QString &name)
{
    profile.name = name;
    QString error;
    if (!ProfileStore().save(profile, &error)) {
        QMessageBox::warning(this, tr("Profile not saved"), error);
        return false;
    }
    reload();
    select(name);
    Q_EMIT message(tr("Saved profile \"%1\"").arg(name));
    return true;
}

void ProfilesPane::saveCurrent()
{
    const Profile *selected = current();
    if (!selected || isPreset(m_list->currentRow())) {
        saveAs(selected ? tr("%1 (mine)").arg(selected->name) : QString());
        return;
    }
    Profile profile = *selected;
    profile.trees = {m_treeSource()};
    store(profile, profile.name);
}

void ProfilesPane::saveAs(const QString &suggestedName)
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save as profile"), tr("Name of the new profile:"), QLineEdit::Normal, suggestedName, &ok).trimmed();
    if (!ok || name.isEmpty())
        return;
    Profile profile;
    profile.trees = {m_treeSource()};
    store(profile, name);
}

void ProfilesPane::renameCurrent()
{
    const Profile *selected = current();
    if (!selected || isPreset(m_list->currentRow())) {
        Q_EMIT message(tr("Built-in presets cannot be renamed; save one as a profile of yours first"));
        return;
    }
    bool ok = false;
    const QString oldName = selected->name;
    const QString name = QInputDialog::getText(this, tr("Rename profile"), tr("New name:"), QLineEdit::Normal, oldName, &ok).trimmed();
    if (!ok || name.isEmpty() || name == oldName)
        return;
    QString error;
    if (!ProfileStore().rename(oldName, name, &error)) {
        QMessageBox::warning(this, tr("Not renamed"), error);
        return;
    }
    reload();
    select(name);
}

void ProfilesPane::deleteCurrent()
{
    const Profile *selected = current();
    if (!selected || isPreset(m_list->currentRow())) {
        Q_EMIT message(tr("Built-in presets cannot be deleted"));
        return;
    }
    const QString name = selected->name;
    if (QMessageBox::question(this, tr("Delete profile"), tr("Delete the profile \"%1\"?").arg(name)) != QMessageBox::Yes)
        return;
    QString error;
    if (!ProfileStore().remove(name, &error))
        QMessageBox::warning(this, tr("Not deleted"), error);
    reload();
}

void ProfilesPane::importFile()
{
    const QString path = FileDialog::openFileName(this, tr("Import a profile"), {}, tr("Profiles (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    QString name;
    if (!ProfileStore().importFile(path, &error, &name)) {
        QMessageBox::warning(this, tr("Not imported"), error);
        return;
    }
    reload();
    select(name);
}

void ProfilesPane::exportCurrent()
{
    const Profile *selected = current();
    if (!selected)
        return;
    const QString path = FileDialog::saveFileName(this, tr("Export profile"), ProfileStore::fileNameFor(selected->name),
                                                      tr("Profiles (*.json)"));
    if (path.isEmpty())
        return;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(selected->toJsonBytes()) < 0 || !file.commit())
        QMessageBox::warning(this, tr("Not exported"), file.errorString());
    else
        Q_EMIT message(tr("Exported to %1").arg(path));
}

} // namespace qs
