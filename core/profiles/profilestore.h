#pragma once

#include "profile.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace qs {

/**
 * The user's profiles: one JSON file per profile in a directory. The name inside a file is the
 * truth; the file name is only derived from it (safe for any Unicode name, suffixed "-2", "-3"…
 * when two names map to the same file name), so a profile is always found by its name.
 *
 * Every write goes through QSaveFile (a temporary file renamed over the target), so a crash or
 * a failed write leaves the previous file as it was. Names are compared case-sensitively:
 * "Work" and "work" are two profiles. Error messages name the profile or path and the reason,
 * ready to show to a person.
 */
class ProfileStore
{
    Q_DECLARE_TR_FUNCTIONS(qs::ProfileStore)

public:
    /** A file in the directory that could not be read as a profile, and why. */
    struct LoadProblem
    {
        QString path;
        QString reason;
    };

    struct Listing
    {
        QList<Profile> profiles; ///< sorted by name, case-insensitively, in the user's locale
        QList<LoadProblem> problems;
    };

    /** A store in @p directory, created on the first save. */
    explicit ProfileStore(QString directory = defaultDirectory());

    /** GenericDataLocation + "/qdisc-studio/profiles", e.g. ~/.local/share/qdisc-studio/profiles. */
    static QString defaultDirectory();

    QString directory() const { return m_directory; }

    /**
     * The file name (without directory or collision suffix) a profile named @p name is stored
     * under: letters, digits, symbols and spaces kept (in NFC); '/', '\\', the characters Windows
     * reserves (: * ? " < > |), control and invisible format characters, a leading '.' or '-' and
     * a leading or trailing space or trailing '.' replaced with '_'; cut between characters so
     * that it fits 120 UTF-8 bytes with ".json" and any collision suffix.
     */
    static QString fileNameFor(const QString &name);

    /** Every readable profile; unreadable files, newer schemas and duplicate names are reported and skipped. */
    Listing list() const;

    /** The profile named @p name (exact, case-sensitive). */
    std::optional<Profile> load(const QString &name, QString *error) const;

    /**
     * Validates and writes @p profile, replacing the stored profile of the same name. Sets
     * modified to now (UTC) and created too when it is unset; @p stored receives the profile as
     * written. Validation errors refuse the save; warnings do not.
     */
    bool save(const Profile &profile, QString *error, Profile *stored = nullptr);

    /**
     * Renames a profile: refused when @p newName is empty or taken by another profile. The
     * renamed profile is written safely before the old file is removed.
     */
    bool rename(const QString &oldName, const QString &newName, QString *error);

    bool remove(const QString &name, QString *error);

    /**
     * Reads a profile file from anywhere, validates it and saves it into the store. A name that
     * is already taken gets " (2)", " (3)"… appended instead of replacing the stored profile.
     */
    bool importFile(const QString &path, QString *error, QString *importedName = nullptr);

    /** Writes the profile named @p name to @p path (atomically, replacing what is there). */
    bool exportTo(const QString &name, const QString &path, QString *error) const;

private:
    struct Entry
    {
        QString path;
        std::optional<Profile> profile;
        QString problem; ///< why profile is empty
    };

    /** Every *.json file in the directory, read, in file name order. */
    QList<Entry> scan() const;
    /** The entry holding the profile @p name, or nullptr. */
    static const Entry *find(const QList<Entry> &entries, const QString &name);
    /** The file @p name is stored in, or empty. */
    static QString pathOf(const QList<Entry> &entries, const QString &name);
    /** A free file path for a new profile named @p name; @p reusable may be taken already. */
    QString freePathFor(const QString &name, const QString &reusable = QString()) const;

    QString m_directory;
};

} // namespace qs
