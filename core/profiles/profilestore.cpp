#include "profilestore.h"

#include "storefiles.h"

#include "builtinpresets.h"

#include <QCollator>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>
#include <QTextBoundaryFinder>

#include <algorithm>

namespace qs {

/* TRANSLATOR qs::ProfileStore

   Errors of the profile store. Profile names arrive already in quotes ("Work"); paths and the
   system's reasons (after a colon) are inserted as they are.
*/

namespace {

using namespace StoreFiles;

// A profile is a few kilobytes; refusing huge files keeps a stray file from eating memory.
constexpr qint64 MaxProfileFileBytes = 16 * 1024 * 1024;

QString jsonSuffix()
{
    return QStringLiteral(".json");
}

/** Characters that cannot, or should not, be part of a file name. */
bool isUnsafe(char32_t ucs)
{
    // Reserved on Windows and SMB/exFAT shares: profiles get copied and synced there too.
    if (ucs < 0x80 && QStringView(u"/\\:*?\"<>|").contains(QChar(char16_t(ucs))))
        return true;
    switch (QChar::category(ucs)) {
    case QChar::Other_Control:      // newlines, tabs, NUL
    case QChar::Other_Format:       // invisible: bidi overrides could disguise the name
    case QChar::Other_Surrogate:    // unpaired: not encodable in UTF-8
    case QChar::Other_PrivateUse:   // renders differently on every machine
    case QChar::Other_NotAssigned:
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
        return true;
    default:
        return false;
    }
}

/** Replaces a first or last character that hides the file, looks like an option or gets lost. */
void fixEnds(QString *stem)
{
    if (stem->isEmpty()) {
        *stem = QStringLiteral("_");
        return;
    }
    // ".x" is hidden (and "." / ".." are not files); "-x" reads as an option to command-line tools.
    const QChar first = stem->front();
    if (first == u'.' || first == u'-' || first.isSpace())
        (*stem)[0] = u'_';
    // Windows drops trailing dots and spaces, which would make two names one file there.
    const QChar last = stem->back();
    if (last == u'.' || last.isSpace())
        (*stem)[stem->size() - 1] = u'_';
}

QString sanitizedStem(const QString &name)
{
    // NFC: "é" typed precomposed or decomposed is one name to the eye and should be one file.
    const QString nfc = name.normalized(QString::NormalizationForm_C);
    QString stem;
    stem.reserve(nfc.size());
    for (qsizetype i = 0; i < nfc.size();) {
        qsizetype length = 1;
        char32_t ucs = nfc.at(i).unicode();
        if (nfc.at(i).isHighSurrogate() && i + 1 < nfc.size() && nfc.at(i + 1).isLowSurrogate()) {
            ucs = QChar::surrogateToUcs4(nfc.at(i), nfc.at(i + 1));
            length = 2;
        }
        if (isUnsafe(ucs))
            stem.append(u'_');
        else
            stem.append(QStringView(nfc).mid(i, length));
        i += length;
    }
    fixEnds(&stem);
    return stem;
}

/** The longest prefix of @p stem within @p maxBytes of UTF-8 that ends on a character boundary. */
QString truncatedStem(const QString &stem, qsizetype maxBytes)
{
    if (stem.toUtf8().size() <= maxBytes)
        return stem;
    // Cut between grapheme clusters, so that no accent is separated from its letter.
    QTextBoundaryFinder finder(QTextBoundaryFinder::Grapheme, stem);
    qsizetype cut = 0;
    while (finder.toNextBoundary() != -1) {
        if (QStringView(stem).left(finder.position()).toUtf8().size() > maxBytes)
            break;
        cut = finder.position();
    }
    if (cut == 0) {
        // A single absurdly long cluster: fall back to code points.
        for (qsizetype i = 0; i < stem.size(); ++i) {
            if (stem.at(i).isLowSurrogate())
                continue;
            if (QStringView(stem).left(i).toUtf8().size() > maxBytes)
                break;
            cut = i;
        }
    }
    QString result = stem.left(cut);
    fixEnds(&result);
    return result;
}

/** The file name for @p name with collision number @p n (1: none, 2: "-2", …). */
QString fileNameWithSuffix(const QString &name, int n)
{
    const QString suffix = (n > 1 ? u'-' + QString::number(n) : QString()) + jsonSuffix();
    return truncatedStem(sanitizedStem(name), MaxFileNameBytes - suffix.size()) + suffix;
}

std::optional<Profile> readProfileFile(const QString &path, QString *reason)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *reason = ProfileStore::tr("the file cannot be opened: %1").arg(file.errorString());
        return std::nullopt;
    }
    if (file.size() > MaxProfileFileBytes) {
        *reason = ProfileStore::tr("the file is %1 bytes; a profile file is at most %2 bytes").arg(file.size()).arg(MaxProfileFileBytes);
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        *reason = ProfileStore::tr("the file cannot be read: %1").arg(file.errorString());
        return std::nullopt;
    }
    QStringList errors;
    auto profile = Profile::fromJsonBytes(bytes, &errors);
    if (!profile)
        *reason = errors.join(QStringLiteral("; "));
    return profile;
}

QString errorSummary(const ValidationIssues &issues)
{
    QStringList messages;
    for (const ValidationIssue &issue : issues) {
        if (issue.isError())
            messages.append(issue.toString());
    }
    return messages.join(QStringLiteral("; "));
}

Profile stamped(Profile profile)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    profile.modified = now;
    if (!profile.created.isValid())
        profile.created = now;
    return profile;
}

} // namespace

ProfileStore::ProfileStore(QString directory) : m_directory(std::move(directory)) {}

QString ProfileStore::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/qdisc-studio/profiles");
}

QString ProfileStore::fileNameFor(const QString &name)
{
    return fileNameWithSuffix(name, 1);
}

QList<ProfileStore::Entry> ProfileStore::scan() const
{
    QList<Entry> entries;
    const QDir dir(m_directory);
    const QFileInfoList files = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    entries.reserve(files.size());
    for (const QFileInfo &info : files) {
        Entry entry;
        entry.path = info.filePath();
        entry.profile = readProfileFile(entry.path, &entry.problem);
        entries.append(entry);
    }
    return entries;
}

const ProfileStore::Entry *ProfileStore::find(const QList<Entry> &entries, const QString &name)
{
    // Normally one file holds a name. When a user copied a file by hand, two do: prefer the one
    // under the name's own file name, then the first in file name order, so that list(), load()
    // and save() all agree on which one counts.
    const Entry *first = nullptr;
    const QString ownFileName = fileNameFor(name);
    for (const Entry &entry : entries) {
        if (!entry.profile || entry.profile->name != name)
            continue;
        if (QFileInfo(entry.path).fileName() == ownFileName)
            return &entry;
        if (!first)
            first = &entry;
    }
    return first;
}

QString ProfileStore::pathOf(const QList<Entry> &entries, const QString &name)
{
    const Entry *entry = find(entries, name);
    return entry ? entry->path : QString();
}

QString ProfileStore::freePathFor(const QString &name, const QString &reusable) const
{
    const QDir dir(m_directory);
    for (int n = 1; n <= MaxCollisionSuffix; ++n) {
        const QString path = dir.filePath(fileNameWithSuffix(name, n));
        if (path == reusable || !pathIsTaken(path))
            return path;
    }
    return QString();
}

ProfileStore::Listing ProfileStore::list() const
{
    Listing listing;
    const QFileInfo dirInfo(m_directory);
    if (dirInfo.exists() && (!dirInfo.isDir() || !dirInfo.isReadable())) {
        listing.problems.append({nativePath(m_directory), tr("the profile directory cannot be read")});
        return listing;
    }
    const QList<Entry> entries = scan();
    for (const Entry &entry : entries) {
        if (!entry.profile) {
            listing.problems.append({nativePath(entry.path), entry.problem});
            continue;
        }
        const Entry *primary = find(entries, entry.profile->name);
        if (primary != &entry) {
            listing.problems.append({nativePath(entry.path),
                                     tr("profile %1 is already stored in %2; this copy is ignored")
                                         .arg(quoted(entry.profile->name), nativePath(primary->path))});
            continue;
        }
        listing.profiles.append(*entry.profile);
    }

    QCollator collator; // the user's locale: "Ärger" sorts with the A's in German
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    collator.setNumericMode(true);
    std::sort(listing.profiles.begin(), listing.profiles.end(), [&](const Profile &a, const Profile &b) {
        const int order = collator.compare(a.name, b.name);
        return order != 0 ? order < 0 : a.name < b.name; // "a" and "A" still in a fixed order
    });
    return listing;
}

std::optional<Profile> ProfileStore::load(const QString &name, QString *error) const
{
    const QList<Entry> entries = scan();
    if (const Entry *entry = find(entries, name))
        return entry->profile;
    setError(error, tr("There is no profile named %1 in %2.").arg(quoted(name), nativePath(m_directory)));
    return std::nullopt;
}

bool ProfileStore::save(const Profile &profile, QString *error, Profile *stored)
{
    const ValidationIssues issues = profile.validate();
    if (hasErrors(issues)) {
        setError(error, tr("Profile %1 was not saved because it is not valid: %2")
                            .arg(quoted(profile.name), errorSummary(issues)));
        return false;
    }
    if (!QDir().mkpath(m_directory)) {
        setError(error, tr("Profile %1 was not saved: the directory %2 cannot be created.")
                            .arg(quoted(profile.name), nativePath(m_directory)));
        return false;
    }
    QString path = pathOf(scan(), profile.name);
    if (path.isEmpty())
        path = freePathFor(profile.name);
    if (path.isEmpty()) {
        setError(error, tr("Profile %1 was not saved: no free file name in %2.")
                            .arg(quoted(profile.name), nativePath(m_directory)));
        return false;
    }
    const Profile toWrite = stamped(profile);
    const bool replacing = pathIsTaken(path);
    QString reason;
    if (!writeAtomically(path, toWrite.toJsonBytes(), &reason)) {
        //: %3 is the system's reason, %2 the file.
        setError(error, replacing ? tr("Profile %1 was not saved to %2: %3. The previously saved version is unchanged.")
                                        .arg(quoted(profile.name), nativePath(path), reason)
                                  : tr("Profile %1 was not saved to %2: %3.").arg(quoted(profile.name), nativePath(path), reason));
        return false;
    }
    if (stored)
        *stored = toWrite;
    return true;
}

bool ProfileStore::rename(const QString &oldName, const QString &newName, QString *error)
{
    if (newName.trimmed().isEmpty()) {
        setError(error, tr("Profile %1 was not renamed: the new name is empty.").arg(quoted(oldName)));
        return false;
    }
    const QList<Entry> entries = scan();
    const QString oldPath = pathOf(entries, oldName);
    if (oldPath.isEmpty()) {
        setError(error, tr("Profile %1 was not renamed: there is no such profile in %2.")
                            .arg(quoted(oldName), nativePath(m_directory)));
        return false;
    }
    if (newName == oldName)
        return true;
    // Commands take a preset's name as readily as a profile's; one name must mean one thing.
    if (const auto preset = BuiltinPresets::find(newName)) {
        setError(error, tr("Profile %1 was not renamed: %2 is the name of the built-in preset %3; choose another name.")
                            .arg(quoted(oldName), quoted(newName), quoted(preset->name)));
        return false;
    }
    if (!pathOf(entries, newName).isEmpty()) {
        setError(error, tr("Profile %1 was not renamed: a profile named %2 already exists "
                           "(names are case-sensitive).")
                            .arg(quoted(oldName), quoted(newName)));
        return false;
    }
    Profile profile = *find(entries, oldName)->profile;
    profile.name = newName;
    const ValidationIssues issues = profile.validate();
    if (hasErrors(issues)) {
        setError(error, tr("Profile %1 was not renamed to %2: %3")
                            .arg(quoted(oldName), quoted(newName), errorSummary(issues)));
        return false;
    }
    // Both names may map to the same file ("a/b" and "a:b"): then it is rewritten in place.
    const QString newPath = freePathFor(newName, oldPath);
    if (newPath.isEmpty()) {
        setError(error, tr("Profile %1 was not renamed: no free file name for %2 in %3.")
                            .arg(quoted(oldName), quoted(newName), nativePath(m_directory)));
        return false;
    }
    QString reason;
    if (!writeAtomically(newPath, stamped(profile).toJsonBytes(), &reason)) {
        setError(error, tr("Profile %1 was not renamed to %2: writing %3 failed: %4. The profile is unchanged.")
                            .arg(quoted(oldName), quoted(newName), nativePath(newPath), reason));
        return false;
    }
    if (newPath != oldPath) {
        QFile old(oldPath);
        if (!old.remove()) {
            // Roll back, so that the profile does not exist under two names.
            reason = old.errorString();
            QFile::remove(newPath);
            setError(error, tr("Profile %1 was not renamed: the old file %2 cannot be removed: %3.")
                                .arg(quoted(oldName), nativePath(oldPath), reason));
            return false;
        }
    }
    return true;
}

bool ProfileStore::remove(const QString &name, QString *error)
{
    const QString path = pathOf(scan(), name);
    if (path.isEmpty()) {
        setError(error, tr("Profile %1 was not deleted: there is no such profile in %2.")
                            .arg(quoted(name), nativePath(m_directory)));
        return false;
    }
    QFile file(path);
    if (!file.remove()) {
        setError(error, tr("Profile %1 was not deleted: %2 cannot be removed: %3.")
                            .arg(quoted(name), nativePath(path), file.errorString()));
        return false;
    }
    return true;
}

bool ProfileStore::importFile(const QString &path, QString *error, QString *importedName)
{
    QString reason;
    std::optional<Profile> profile = readProfileFile(path, &reason);
    if (!profile) {
        setError(error, tr("%1 was not imported: %2").arg(nativePath(path), reason));
        return false;
    }
    const ValidationIssues issues = profile->validate();
    if (hasErrors(issues)) {
        setError(error, tr("%1 was not imported: profile %2 is not valid: %3")
                            .arg(nativePath(path), quoted(profile->name), errorSummary(issues)));
        return false;
    }
    QSet<QString> taken;
    for (const Entry &entry : scan()) {
        if (entry.profile)
            taken.insert(entry.profile->name);
    }
    const QString baseName = profile->name;
    for (int n = 2; taken.contains(profile->name); ++n)
        profile->name = QStringLiteral("%1 (%2)").arg(baseName).arg(n);
    if (!save(*profile, error))
        return false;
    if (importedName)
        *importedName = profile->name;
    return true;
}

bool ProfileStore::exportTo(const QString &name, const QString &path, QString *error) const
{
    QString loadError;
    const std::optional<Profile> profile = load(name, &loadError);
    if (!profile) {
        setError(error, tr("Profile %1 was not exported: %2").arg(quoted(name), loadError));
        return false;
    }
    QString reason;
    if (!writeAtomically(path, profile->toJsonBytes(), &reason)) {
        setError(error, tr("Profile %1 was not exported to %2: %3.").arg(quoted(name), nativePath(path), reason));
        return false;
    }
    return true;
}

} // namespace qs
