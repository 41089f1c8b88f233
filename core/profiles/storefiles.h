#pragma once

// What the profile store and the scenario store share about their files, written once: both keep
// one JSON file per name in a folder, with the same limits and the same safe writes.

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QString>

namespace qs::StoreFiles {

/** File names fit 120 UTF-8 bytes, with ".json" and any "-N" collision suffix. */
inline constexpr qsizetype MaxFileNameBytes = 120;
/** The highest "-N" tried before a save gives up finding a free name. */
inline constexpr int MaxCollisionSuffix = 10000;

/** A name as the stores' messages quote it: "Work". */
inline QString quoted(const QString &text)
{
    return u'"' + text + u'"';
}

inline QString nativePath(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

inline void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

inline bool pathIsTaken(const QString &path)
{
    const QFileInfo info(path);
    return info.exists() || info.isSymLink(); // a dangling link still occupies the name
}

/** Writes @p bytes to @p path through a temporary file, so that a failure leaves @p path untouched. */
inline bool writeAtomically(const QString &path, const QByteArray &bytes, QString *reason)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *reason = file.errorString();
        return false;
    }
    // write() may stop short without an error (the file-size limit, a full disk); the retry
    // then fails with the reason.
    for (qint64 written = 0; written < bytes.size();) {
        const qint64 n = file.write(bytes.constData() + written, bytes.size() - written);
        if (n <= 0) {
            *reason = n < 0 ? file.errorString()
                            : QCoreApplication::translate("qs::StoreFiles", "only %1 of %2 bytes could be written")
                                  .arg(written)
                                  .arg(bytes.size());
            file.cancelWriting();
            return false;
        }
        written += n;
    }
    if (!file.commit()) {
        *reason = file.errorString();
        return false;
    }
    return true;
}

} // namespace qs::StoreFiles
