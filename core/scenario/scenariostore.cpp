#include "scenariostore.h"

#include "profiles/profilestore.h"
#include "profiles/storefiles.h"

#include <QCollator>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>
#include <QtDebug>

#include <algorithm>

namespace qs {

/* TRANSLATOR qs::ScenarioStore

   Errors of the scenario store. Scenario names arrive already in quotes ("Tunnel"); paths and
   the system's reasons (after a colon) are inserted as they are.
*/

namespace {

using namespace StoreFiles;

// A scenario is a few kilobytes (a thousand inline trees at most a few megabytes); refusing huge
// files keeps a stray file from eating memory.
constexpr qint64 MaxScenarioFileBytes = 16 * 1024 * 1024;

/**
 * The file name for @p name with collision number @p n (1: none, 2: "-2", …): ProfileStore's
 * safe file name, shortened by whole characters when the suffix would not fit.
 */
QString scenarioFileNameWithSuffix(const QString &name, int n)
{
    const QString jsonSuffix = QStringLiteral(".json");
    QString stem = ProfileStore::fileNameFor(name);
    stem.chop(jsonSuffix.size());
    if (n <= 1)
        return stem + jsonSuffix;
    const QString suffix = u'-' + QString::number(n) + jsonSuffix;
    while (!stem.isEmpty() && (stem + suffix).toUtf8().size() > MaxFileNameBytes) {
        stem.chop(stem.size() >= 2 && stem.back().isLowSurrogate() ? 2 : 1);
        // Windows drops trailing dots and spaces: keep the same rule as ProfileStore.
        while (!stem.isEmpty() && (stem.back() == u'.' || stem.back().isSpace()))
            stem.back() = u'_';
    }
    if (stem.isEmpty())
        stem = QStringLiteral("_");
    return stem + suffix;
}

std::optional<Scenario> readScenarioFile(const QString &path, QString *reason, const QString &separator = QStringLiteral("; "))
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *reason = ScenarioStore::tr("the file cannot be opened: %1").arg(nestedSentence(file.errorString()));
        return std::nullopt;
    }
    if (file.size() > MaxScenarioFileBytes) {
        *reason = ScenarioStore::tr("the file is %1 bytes; a scenario file is at most %2 bytes")
                      .arg(file.size())
                      .arg(MaxScenarioFileBytes);
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        *reason = ScenarioStore::tr("the file cannot be read: %1").arg(nestedSentence(file.errorString()));
        return std::nullopt;
    }
    QStringList errors;
    auto scenario = Scenario::fromJsonBytes(bytes, &errors);
    if (!scenario)
        *reason = errors.join(separator);
    return scenario;
}

struct Entry
{
    QString path;
    std::optional<Scenario> scenario;
    QString problem; ///< why scenario is empty
};

QList<Entry> scan(const QString &directory)
{
    QList<Entry> entries;
    const QDir dir(directory);
    const QFileInfoList files =
        dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    entries.reserve(files.size());
    for (const QFileInfo &info : files) {
        Entry entry;
        entry.path = info.filePath();
        entry.scenario = readScenarioFile(entry.path, &entry.problem);
        entries.append(entry);
    }
    return entries;
}

/** The entry holding @p name: the one under the name's own file name first, then the first in file
 * order. */
const Entry *findEntry(const QList<Entry> &entries, const QString &name)
{
    const Entry *first = nullptr;
    const QString ownFileName = scenarioFileNameWithSuffix(name, 1);
    for (const Entry &entry : entries) {
        if (!entry.scenario || entry.scenario->name != name)
            continue;
        if (QFileInfo(entry.path).fileName() == ownFileName)
            return &entry;
        if (!first)
            first = &entry;
    }
    return first;
}

void sortByName(QList<Scenario> *scenarios)
{
    QCollator collator; // the user's locale, as ProfileStore sorts profiles
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    collator.setNumericMode(true);
    std::sort(scenarios->begin(), scenarios->end(), [&](const Scenario &a, const Scenario &b) {
        const int order = collator.compare(a.name, b.name);
        return order != 0 ? order < 0 : a.name < b.name;
    });
}

QList<Scenario> loadBuiltins()
{
    QList<Scenario> scenarios;
    QSet<QString> names;
    const QDir dir(QStringLiteral(":/scenarios"));
    for (const QString &fileName :
         dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        // A broken built-in is a bug in this build, not the user's problem: say so in the log
        // (tst_scenario fails on it) and keep the others usable.
        const QString path = dir.filePath(fileName);
        QString reason;
        const std::optional<Scenario> scenario = readScenarioFile(path, &reason);
        if (!scenario) {
            qWarning("Built-in scenario %s is broken: %s", qUtf8Printable(path),
                     qUtf8Printable(reason));
            continue;
        }
        const QStringList errors = scenario->validate();
        if (!errors.isEmpty()) {
            qWarning("Built-in scenario %s is not valid: %s", qUtf8Printable(path),
                     qUtf8Printable(errors.join(QStringLiteral("; "))));
            continue;
        }
        const QString key = scenario->name.toCaseFolded();
        if (names.contains(key)) {
            qWarning("Built-in scenario %s repeats the name \"%s\"", qUtf8Printable(path),
                     qUtf8Printable(scenario->name));
            continue;
        }
        names.insert(key);
        scenarios.append(*scenario);
    }
    sortByName(&scenarios);
    return scenarios;
}

} // namespace

ScenarioStore::ScenarioStore(QString directory) : m_directory(std::move(directory)) {}

QString ScenarioStore::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/qdisc-studio/scenarios");
}

ScenarioStore::Listing ScenarioStore::list() const
{
    Listing listing;
    const QFileInfo dirInfo(m_directory);
    if (dirInfo.exists() && (!dirInfo.isDir() || !dirInfo.isReadable())) {
        listing.problems.append(
            {nativePath(m_directory), tr("the scenario directory cannot be read")});
        return listing;
    }
    const QList<Entry> entries = scan(m_directory);
    for (const Entry &entry : entries) {
        if (!entry.scenario) {
            listing.problems.append({nativePath(entry.path), entry.problem});
            continue;
        }
        const Entry *primary = findEntry(entries, entry.scenario->name);
        if (primary != &entry) {
            listing.problems.append(
                {nativePath(entry.path),
                 tr("scenario %1 is already stored in %2; this copy is ignored")
                     .arg(quoted(entry.scenario->name), nativePath(primary->path))});
            continue;
        }
        listing.scenarios.append(*entry.scenario);
    }
    sortByName(&listing.scenarios);
    return listing;
}

std::optional<Scenario> ScenarioStore::load(const QString &name, QString *error) const
{
    const QList<Entry> entries = scan(m_directory);
    if (const Entry *entry = findEntry(entries, name))
        return entry->scenario;
    setError(error,
             tr("there is no scenario named %1 in %2").arg(quoted(name), nativePath(m_directory)));
    return std::nullopt;
}

bool ScenarioStore::save(const Scenario &scenario, QString *error)
{
    if (scenario.name.trimmed().isEmpty()) {
        setError(error, tr("The scenario was not saved: it needs a name."));
        return false;
    }
    if (isBuiltin(scenario.name)) {
        setError(
            error,
            tr("Scenario %1 was not saved: a built-in scenario has that name; choose another one.")
                .arg(quoted(scenario.name)));
        return false;
    }
    const QStringList problems = scenario.validate();
    if (!problems.isEmpty()) {
        setError(error, tr("Scenario %1 was not saved because it is not valid: %2")
                            .arg(quoted(scenario.name), nestedSentence(problems.join(QStringLiteral("; ")))));
        return false;
    }
    if (!QDir().mkpath(m_directory)) {
        setError(error, tr("Scenario %1 was not saved: the directory %2 cannot be created.")
                            .arg(quoted(scenario.name), nativePath(m_directory)));
        return false;
    }
    QString path;
    const QList<Entry> entries = scan(m_directory);
    if (const Entry *entry = findEntry(entries, scenario.name))
        path = entry->path;
    const QDir dir(m_directory);
    for (int n = 1; path.isEmpty() && n <= MaxCollisionSuffix; ++n) {
        const QString candidate = dir.filePath(scenarioFileNameWithSuffix(scenario.name, n));
        if (!pathIsTaken(candidate))
            path = candidate;
    }
    if (path.isEmpty()) {
        setError(error, tr("Scenario %1 was not saved: no free file name in %2.")
                            .arg(quoted(scenario.name), nativePath(m_directory)));
        return false;
    }
    const bool replacing = pathIsTaken(path);
    QString reason;
    if (!writeAtomically(path, scenario.toJsonBytes(), &reason)) {
        //: %3 is the system's reason, %2 the file.
        setError(error, replacing ? tr("Scenario %1 was not saved to %2: %3. The previously saved "
                                       "version is unchanged.")
                                        .arg(quoted(scenario.name), nativePath(path), nestedSentence(reason))
                                  : tr("Scenario %1 was not saved to %2: %3.")
                                        .arg(quoted(scenario.name), nativePath(path), nestedSentence(reason)));
        return false;
    }
    return true;
}

bool ScenarioStore::remove(const QString &name, QString *error)
{
    const QList<Entry> entries = scan(m_directory);
    const Entry *entry = findEntry(entries, name);
    if (!entry) {
        setError(error,
                 isBuiltin(name)
                     ? tr("Scenario %1 was not deleted: built-in scenarios cannot be deleted.")
                           .arg(quoted(name))
                     : tr("Scenario %1 was not deleted: there is no such scenario in %2.")
                           .arg(quoted(name), nativePath(m_directory)));
        return false;
    }
    QFile file(entry->path);
    if (!file.remove()) {
        setError(error, tr("Scenario %1 was not deleted: %2 cannot be removed: %3.")
                            .arg(quoted(name), nativePath(entry->path), nestedSentence(file.errorString())));
        return false;
    }
    return true;
}

QList<Scenario> ScenarioStore::builtins()
{
    static const QList<Scenario> scenarios = loadBuiltins();
    return scenarios;
}

std::optional<Scenario> ScenarioStore::builtin(QStringView name)
{
    for (const Scenario &scenario : builtins()) {
        if (QStringView(scenario.name).compare(name, Qt::CaseInsensitive) == 0)
            return scenario;
    }
    return std::nullopt;
}

bool ScenarioStore::isBuiltin(QStringView name)
{
    return builtin(name).has_value();
}

std::optional<Scenario> ScenarioStore::find(const QString &nameOrPath, QString *error) const
{
    if (nameOrPath.contains(u'/') ||
        nameOrPath.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
        QString reason;
        // One error a line: a file with several mistakes reads as a list, as `scenarios check` prints it.
        auto scenario = readScenarioFile(nameOrPath, &reason, QStringLiteral("\n  "));
        if (!scenario)
            setError(error,
                     tr("%1 cannot be read as a scenario:\n  %2").arg(nativePath(nameOrPath), reason));
        return scenario;
    }
    const QList<Entry> entries = scan(m_directory);
    if (const Entry *entry = findEntry(entries, nameOrPath))
        return entry->scenario;
    if (auto scenario = builtin(nameOrPath))
        return scenario;
    QStringList names;
    for (const Scenario &scenario : builtins())
        names.append(quoted(scenario.name));
    //: %2 is the user's scenario directory, %3 the built-in names ("Entering a tunnel", …).
    setError(
        error,
        tr("there is no scenario named %1: not in %2, and no built-in scenario has that name (%3); "
           "to play a file, give its path")
            .arg(quoted(nameOrPath), nativePath(m_directory), names.join(QStringLiteral(", "))));
    return std::nullopt;
}

} // namespace qs
