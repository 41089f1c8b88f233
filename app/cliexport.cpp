#include "cliexport.h"

#include "cliscenario.h"
#include "export/chaosmeshexport.h"
#include "log/logging.h"
#include "profiles/profilestore.h"
#include "scenario/scenariostore.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <spdlog/logger.h>

namespace qs {

namespace {

/** The options only `export --format chaos-mesh` takes. */
const QStringList &chaosMeshOptionNames()
{
    static const QStringList names = {QStringLiteral("namespace"), QStringLiteral("selector"), QStringLiteral("peers"), QStringLiteral("mode"),
                                      QStringLiteral("name"), QStringLiteral("duration"), QStringLiteral("ramp-steps")};
    return names;
}

} // namespace

QString CliExport::tcFormatProblem(const QCommandLineParser &parser)
{
    const QString format = parser.value(QStringLiteral("format"));
    if (format != u"tc")
        return tr("--format takes tc or chaos-mesh, not \"%1\"").arg(format);
    for (const QString &option : chaosMeshOptionNames()) {
        if (parser.isSet(option))
            return tr("--%1 is for --format chaos-mesh").arg(option);
    }
    return {};
}

int CliExport::chaosMesh(const QCommandLineParser &parser, ProfileFinder findProfile)
{
    const QString command = QStringLiteral("export");
    if (parser.positionalArguments().size() != 1)
        return usageError(command, tr("give exactly one PROFILE or SCENARIO"));
    if (parser.isSet(QStringLiteral("dev")) || parser.isSet(QStringLiteral("map")))
        return usageError(command, tr("--dev and --map name devices; Chaos Mesh selects pods: use --selector and --namespace"));
    ChaosMeshOptions options;
    options.name = parser.value(QStringLiteral("name"));
    options.namespaceName = parser.value(QStringLiteral("namespace"));
    QString error;
    for (const auto &[option, labels] : {std::pair{QStringLiteral("selector"), &options.selector}, std::pair{QStringLiteral("peers"), &options.peers}}) {
        if (!parser.isSet(option))
            continue;
        const auto parsed = ChaosMeshExport::parseSelector(parser.value(option), &error);
        if (!parsed)
            return usageError(command, QStringLiteral("--%1: %2").arg(option, error));
        *labels = *parsed;
    }
    if (parser.isSet(QStringLiteral("mode")) && !ChaosMeshExport::parseMode(parser.value(QStringLiteral("mode")), &options, &error))
        return usageError(command, QStringLiteral("--mode: ") + error);
    if (parser.isSet(QStringLiteral("duration"))) {
        options.durationMs = Scenario::parseDurationMs(parser.value(QStringLiteral("duration")), &error);
        if (!options.durationMs)
            return usageError(command, QStringLiteral("--duration: ") + error);
    }
    if (parser.isSet(QStringLiteral("ramp-steps"))) {
        bool ok = false;
        options.rampSteps = parser.value(QStringLiteral("ramp-steps")).toInt(&ok);
        if (!ok)
            return usageError(command, tr("--ramp-steps takes a whole number, not \"%1\"").arg(parser.value(QStringLiteral("ramp-steps"))));
    }
    if (const QString problem = ChaosMeshExport::checkOptions(options); !problem.isEmpty())
        return usageError(command, problem);

    // A scenario file holds "steps"; anything else named is a profile first, then a scenario.
    const QString what = parser.positionalArguments().first();
    bool scenarioFile = false;
    if (QFileInfo(what).isFile()) {
        QFile file(what);
        if (file.open(QIODevice::ReadOnly))
            scenarioFile = QJsonDocument::fromJson(file.read(16 * 1024 * 1024)).object().contains(QStringLiteral("steps"));
    }
    std::optional<Profile> profile;
    if (!scenarioFile) {
        profile = findProfile(what, &error);
        if (!profile && QFileInfo::exists(what)) {
            m_err << error << u'\n';
            return ExitFailure;
        }
    }
    ChaosMeshResult result;
    if (profile) {
        log().debug("export {}: profile \"{}\" as Chaos Mesh manifests", what.toStdString(), profile->name.toStdString());
        result = ChaosMeshExport::profile(*profile, options);
    } else {
        ScenarioStore scenarios;
        const std::optional<Scenario> scenario = scenarios.find(what, &error);
        if (!scenario) {
            m_err << (scenarioFile ? error : tr("%1: no such file, and no profile, preset or scenario of that name").arg(what)) << u'\n';
            return ExitFailure;
        }
        if (options.durationMs)
            return usageError(command, tr("--duration is for a profile: the steps of scenario \"%1\" have their own").arg(scenario->name));
        const ProfileStore profiles;
        const QStringList problems = CliScenario::problems(*scenario, profiles);
        for (const QString &problem : problems)
            m_err << what << QStringLiteral(": ") << problem << u'\n';
        const std::optional<Scenario> resolved = problems.isEmpty() ? scenario->resolveReferences(&profiles, &error) : std::nullopt;
        if (!resolved) {
            if (problems.isEmpty())
                m_err << what << QStringLiteral(": ") << error << u'\n';
            return ExitFailure;
        }
        log().debug("export {}: scenario \"{}\" as Chaos Mesh manifests", what.toStdString(), scenario->name.toStdString());
        result = ChaosMeshExport::scenario(*resolved, options);
    }
    if (!result.notExpressed.isEmpty()) {
        m_err << tr("%1: not expressed by NetworkChaos:").arg(what) << u'\n';
        for (const QString &note : std::as_const(result.notExpressed))
            m_err << QStringLiteral("  - ") << note << u'\n';
    }
    if (!result.ok()) {
        m_err << what << QStringLiteral(": ") << result.error << u'\n';
        return ExitFailure;
    }
    if (options.selector.isEmpty())
        m_err << tr("%1: no --selector: the manifests select every pod of the namespace").arg(what) << u'\n';
    m_out << result.yaml;
    return ExitOk;
}

} // namespace qs
