#include "filedialog.h"

#include <QGuiApplication>
#include <QScreen>

namespace qs {

namespace {
// Of the window it opens over: big enough to browse in, the window still seen around it.
constexpr double WindowFraction = 0.7;

QString chosenFile(QFileDialog &dialog)
{
    return dialog.exec() == QDialog::Accepted ? dialog.selectedFiles().value(0) : QString();
}
} // namespace

QSize FileDialog::usableSize(const QWidget *parent)
{
    QSize size = MinimumSize;
    const QWidget *window = parent ? parent->window() : nullptr;
    if (window)
        size = size.expandedTo(window->size() * WindowFraction);
    const QScreen *screen = window ? window->screen() : nullptr;
    if (!screen)
        screen = QGuiApplication::primaryScreen();
    return screen ? size.boundedTo(screen->availableSize()) : size;
}

std::unique_ptr<QFileDialog> FileDialog::create(QWidget *parent, const QString &caption, const QString &path, const QString &filter,
                                                QFileDialog::AcceptMode mode)
{
    auto dialog = std::make_unique<QFileDialog>(parent, caption, path, filter);
    dialog->setAcceptMode(mode);
    dialog->setFileMode(mode == QFileDialog::AcceptOpen ? QFileDialog::ExistingFile : QFileDialog::AnyFile);
    dialog->resize(usableSize(parent));
    return dialog;
}

QString FileDialog::openFileName(QWidget *parent, const QString &caption, const QString &path, const QString &filter)
{
    return chosenFile(*create(parent, caption, path, filter, QFileDialog::AcceptOpen));
}

QString FileDialog::saveFileName(QWidget *parent, const QString &caption, const QString &path, const QString &filter)
{
    return chosenFile(*create(parent, caption, path, filter, QFileDialog::AcceptSave));
}

} // namespace qs
