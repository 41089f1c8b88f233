#pragma once

#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace qs {

/**
 * The user's scenarios, one JSON file each in a directory beside the profiles
 * (~/.local/share/qdisc-studio/scenarios), and the built-in ones (read-only, compiled in from
 * resources/scenarios/, ":/scenarios/<id>.json"). File names are derived from the name as
 * ProfileStore::fileNameFor() does; writes are atomic (QSaveFile).
 */
class ScenarioStore
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScenarioStore)

public:
    struct LoadProblem
    {
        QString path;
        QString reason;
    };
    struct Listing
    {
        QList<Scenario> scenarios; ///< sorted by name, case-insensitively
        QList<LoadProblem> problems;
    };

    explicit ScenarioStore(QString directory = defaultDirectory());
    /** GenericDataLocation + "/qdisc-studio/scenarios". */
    static QString defaultDirectory();
    QString directory() const { return m_directory; }

    /** The user's scenarios; unreadable files and newer schemas are reported and skipped. */
    Listing list() const;
    std::optional<Scenario> load(const QString &name, QString *error) const;
    /** Validates (Scenario::validate()) and writes; a built-in scenario's name is refused. */
    bool save(const Scenario &scenario, QString *error);
    bool remove(const QString &name, QString *error);

    /** The built-in scenarios, sorted by name; loaded once. */
    static QList<Scenario> builtins();
    static std::optional<Scenario> builtin(QStringView name);
    static bool isBuiltin(QStringView name);

    /**
     * What the CLI and window mean by SCENARIO: a file path (it contains '/' or ends in ".json"),
     * else a user scenario of that exact name, else a built-in one (case-insensitive). nullopt
     * with a sentence in @p error that says where it looked.
     */
    std::optional<Scenario> find(const QString &nameOrPath, QString *error) const;

private:
    QString m_directory;
};

} // namespace qs
