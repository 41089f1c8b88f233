#pragma once

#include "cli.h"
#include "profiles/profile.h"

#include <QCoreApplication>
#include <QString>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace qs {

/**
 * `export --format chaos-mesh`: a profile or a scenario as Chaos Mesh manifests, for pods
 * (ChaosMeshExport in core does the work). Kept out of cli.cpp, which holds the tc export.
 */
class CliExport : public CliBase
{
    // The same context as Cli: one CLI for translators and for tst_clitranslation.
    Q_DECLARE_TR_FUNCTIONS(qs::Cli)

public:
    /** How Cli finds a profile: a file, else a stored profile or a built-in preset of that name. */
    using ProfileFinder = std::optional<Profile> (*)(const QString &nameOrPath, QString *error);

    CliExport(QTextStream &out, QTextStream &err) : CliBase(out, err) {}

    /** What is wrong with a tc export's command line: another --format, or an option only a Chaos Mesh export takes; empty when nothing. */
    static QString tcFormatProblem(const QCommandLineParser &parser);
    /** The export of PROFILE|SCENARIO with the options of @p parser, which parsed `export`'s command line. */
    int chaosMesh(const QCommandLineParser &parser, ProfileFinder findProfile);
};

} // namespace qs
