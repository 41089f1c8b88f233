#include "builtinpresets.h"

#include <QCollator>
#include <QDir>
#include <QFile>
#include <QSet>
#include <QtDebug>

#include <algorithm>

namespace qs {

namespace {

QList<Profile> loadPresets()
{
    QList<Profile> presets;
    QSet<QString> names;
    const QDir dir(QStringLiteral(":/presets"));
    for (const QString &fileName : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        // A broken preset is a bug in this build, not the user's problem: say so loudly in the
        // log (tst_builtinpresets fails on it) but keep the others usable.
        const QString path = dir.filePath(fileName);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            qWarning("Built-in preset %s cannot be opened: %s", qUtf8Printable(path), qUtf8Printable(file.errorString()));
            continue;
        }
        QStringList errors;
        const std::optional<Profile> preset = Profile::fromJsonBytes(file.readAll(), &errors);
        if (!preset) {
            qWarning("Built-in preset %s is broken: %s", qUtf8Printable(path), qUtf8Printable(errors.join(QStringLiteral("; "))));
            continue;
        }
        const ValidationIssues issues = preset->validate();
        if (hasErrors(issues) || !preset->isTargetFree()) {
            QStringList messages;
            for (const ValidationIssue &issue : issues)
                messages.append(issue.toString());
            if (!preset->isTargetFree())
                messages.append(QStringLiteral("a preset needs exactly one tree without a target"));
            qWarning("Built-in preset %s is not valid: %s", qUtf8Printable(path), qUtf8Printable(messages.join(QStringLiteral("; "))));
            continue;
        }
        const QString key = preset->name.toCaseFolded();
        if (names.contains(key)) {
            qWarning("Built-in preset %s repeats the name \"%s\"", qUtf8Printable(path), qUtf8Printable(preset->name));
            continue;
        }
        names.insert(key);
        presets.append(*preset);
    }
    QCollator collator;
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    collator.setNumericMode(true); // as ProfileStore::list() sorts, so both lists read alike
    std::sort(presets.begin(), presets.end(),
              [&](const Profile &a, const Profile &b) { return collator.compare(a.name, b.name) < 0; });
    return presets;
}

} // namespace

QList<Profile> BuiltinPresets::all()
{
    static const QList<Profile> presets = loadPresets();
    return presets;
}

std::optional<Profile> BuiltinPresets::find(QStringView name)
{
    for (const Profile &preset : all()) {
        if (QStringView(preset.name).compare(name, Qt::CaseInsensitive) == 0)
            return preset;
    }
    return std::nullopt;
}

} // namespace qs
