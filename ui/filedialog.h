#pragma once

#include <QFileDialog>

#include <memory>

namespace qs {

/**
 * Every file dialog of the window, opened at a usable size: Qt's own (non-native) dialog opens
 * at its size hint, too small to read a folder of long profile and chart names.
 */
class FileDialog
{
public:
    /** The least a file dialog opens at, where the screen has room for it. */
    static constexpr QSize MinimumSize{760, 480};

    /**
     * The size a file dialog over @p parent's window opens at: most of that window, at least
     * MinimumSize, at most the screen's free area.
     */
    static QSize usableSize(const QWidget *parent);

    /** A dialog like QFileDialog's own static functions make, sized by usableSize(). */
    static std::unique_ptr<QFileDialog> create(QWidget *parent, const QString &caption, const QString &path, const QString &filter,
                                               QFileDialog::AcceptMode mode);

    /** An existing file chosen by the user, or empty when cancelled (QFileDialog::getOpenFileName()). */
    static QString openFileName(QWidget *parent, const QString &caption, const QString &path, const QString &filter);
    /** A file name to write, or empty when cancelled (QFileDialog::getSaveFileName()). */
    static QString saveFileName(QWidget *parent, const QString &caption, const QString &path, const QString &filter);
};

} // namespace qs
