#include "cli.h"

#include "model/treejson.h"
#include "profiles/builtinpresets.h"
#include "profiles/profile.h"
#include "profiles/profilestore.h"
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"
#include "tc/tcsummary.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace qs {

namespace {

constexpr int ExitOk = 0;
constexpr int ExitFailure = 1;
constexpr int ExitUsage = 2;

/** Largest input read from a file or stdin: far above any real script, small enough to be safe. */
constexpr qint64 MaxInputBytes = 16 * 1024 * 1024;

struct Subcommand
{
    const char *name;
    const char *summary;
};

constexpr Subcommand kSubcommands[] = {
    {"import", "import FILE [-o PROFILE.json] [--name NAME] [--json]   tc commands → profile"},
    {"export", "export PROFILE [--dev TARGET]                         profile → tc script on stdout"},
    {"validate", "validate FILE [--json]                                check a profile or tc script"},
    {"profiles", "profiles [list | show NAME] [--json]                 built-in presets and your profiles"},
};

/** Reads @p path ("-" is stdin) as UTF-8, refusing what is too large to be a script. */
std::optional<QString> readInput(const QString &path, QString *error)
{
    QFile file;
    bool opened = false;
    if (path == u"-")
        opened = file.open(stdin, QIODevice::ReadOnly);
    else {
        file.setFileName(path);
        opened = file.open(QIODevice::ReadOnly);
    }
    if (!opened) {
        *error = QStringLiteral("%1: cannot read: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    const QByteArray bytes = file.read(MaxInputBytes + 1);
    if (bytes.size() > MaxInputBytes) {
        *error = QStringLiteral("%1: larger than %2 MiB; this is not a tc script or profile").arg(path).arg(MaxInputBytes >> 20);
        return std::nullopt;
    }
    return QString::fromUtf8(bytes);
}

bool looksLikeJson(const QString &text)
{
    for (QChar c : text) {
        if (!c.isSpace())
            return c == u'{';
    }
    return false;
}

bool writeAtomically(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QString issueLine(const ValidationIssue &issue)
{
    return (issue.isError() ? QStringLiteral("error: ") : QStringLiteral("warning: ")) + issue.field + QStringLiteral(": ") + issue.message;
}

QJsonArray issuesJson(const ValidationIssues &issues)
{
    QJsonArray array;
    for (const ValidationIssue &issue : issues)
        array.append(QJsonObject{{QStringLiteral("severity"), issue.isError() ? QStringLiteral("error") : QStringLiteral("warning")},
                                 {QStringLiteral("field"), issue.field},
                                 {QStringLiteral("message"), issue.message}});
    return array;
}

/** "FILE:LINE:COLUMN: error: "word": message", the form editors jump to. */
QString scriptProblem(const QString &file, const TcScriptError &e, const char *kind)
{
    QString text = QStringLiteral("%1:%2:%3: %4: ").arg(file).arg(e.line).arg(e.column).arg(QLatin1String(kind));
    if (!e.word.isEmpty())
        text += u'"' + e.word + QStringLiteral("\": ");
    return text + e.message;
}

/** Creates a parser for one subcommand with the options every subcommand shares. */
void prepare(QCommandLineParser &parser, const QString &description)
{
    parser.setApplicationDescription(description);
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addHelpOption();
}

} // namespace

bool Cli::isSubcommand(const QString &word)
{
    for (const Subcommand &s : kSubcommands) {
        if (word == QLatin1String(s.name))
            return true;
    }
    return false;
}

QString Cli::usage()
{
    QString text = QStringLiteral("Usage: qdisc-studio [SUBCOMMAND [ARGUMENTS]]\n\n"
                                  "Without a subcommand the window opens.\n\nSubcommands:\n");
    for (const Subcommand &s : kSubcommands)
        text += QStringLiteral("  ") + QLatin1String(s.summary) + u'\n';
    text += QStringLiteral("\n\"qdisc-studio SUBCOMMAND --help\" describes one subcommand.\n"
                           "Exit status: 0 done, 1 bad input or failure, 2 bad command line.\n");
    return text;
}

int Cli::run(const QStringList &arguments)
{
    if (arguments.isEmpty() || arguments.first() == u"--help" || arguments.first() == u"-h" || arguments.first() == u"help") {
        m_out << usage();
        return ExitOk;
    }
    if (arguments.first() == u"--version" || arguments.first() == u"-v") {
        m_out << QCoreApplication::applicationName() << u' ' << QCoreApplication::applicationVersion() << u'\n';
        return ExitOk;
    }
    const QString command = arguments.first();
    const QStringList rest = arguments.mid(1);
    if (command == u"import")
        return importScript(rest);
    if (command == u"export")
        return exportProfile(rest);
    if (command == u"validate")
        return validate(rest);
    if (command == u"profiles")
        return profiles(rest);
    m_err << QStringLiteral("qdisc-studio: unknown subcommand \"%1\"\n\n").arg(command) << usage();
    return ExitUsage;
}

// One parser per subcommand; QCommandLineParser::process() would exit the process itself,
// so parse() is used and its errors reported here with the usage exit code.
#define QS_PARSE_OR_RETURN(parser, name, arguments)                                                                     \
    if (!(parser).parse(QStringList{QStringLiteral("qdisc-studio " name)} + (arguments))) {                           \
        m_err << QStringLiteral("qdisc-studio " name ": ") << (parser).errorText() << u'\n';                         \
        return ExitUsage;                                                                                              \
    }                                                                                                                  \
    if ((parser).isSet(QStringLiteral("help"))) {                                                                      \
        m_out << (parser).helpText();                                                                                  \
        return ExitOk;                                                                                                 \
    }

int Cli::importScript(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Reads tc commands (a script, a runbook snippet, \"-\" for stdin) and turns them into a profile.\n"
                                   "Every line it cannot read is reported with its line and column; nothing is skipped."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("tc commands, or - for stdin"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write the profile to FILE instead of stdout."), QStringLiteral("FILE"));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("The profile's name (default: the file's base name)."), QStringLiteral("NAME"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Report problems as JSON on stdout."));
    parser.addOptions({output, name, json});
    QS_PARSE_OR_RETURN(parser, "import", arguments)
    if (parser.positionalArguments().size() != 1) {
        m_err << QStringLiteral("qdisc-studio import: give exactly one FILE (or - for stdin)\n");
        return ExitUsage;
    }
    const QString path = parser.positionalArguments().first();
    QString error;
    const auto text = readInput(path, &error);
    if (!text) {
        m_err << error << u'\n';
        return ExitFailure;
    }

    const TcImportResult result = TcImporter::import(*text);
    Profile profile;
    profile.name = parser.isSet(name) ? parser.value(name)
                   : path == u"-"     ? QStringLiteral("Imported")
                                      : QFileInfo(path).completeBaseName();
    profile.description = QStringLiteral("Imported from %1").arg(path == u"-" ? QStringLiteral("standard input") : QFileInfo(path).fileName());
    profile.created = profile.modified = QDateTime::currentDateTimeUtc();
    profile.trees = result.trees;
    const ValidationIssues issues = result.ok() ? profile.validate() : ValidationIssues();
    const bool failed = !result.ok() || hasErrors(issues);

    if (parser.isSet(json)) {
        QJsonArray errors;
        for (const TcScriptError &e : result.errors)
            errors.append(QJsonObject{{QStringLiteral("line"), e.line}, {QStringLiteral("column"), e.column},
                                      {QStringLiteral("word"), e.word}, {QStringLiteral("message"), e.message}});
        QJsonObject report{{QStringLiteral("ok"), !failed}, {QStringLiteral("errors"), errors}, {QStringLiteral("issues"), issuesJson(issues)}};
        if (!failed && !parser.isSet(output))
            report.insert(QStringLiteral("profile"), profile.toJson());
        m_out << QString::fromUtf8(QJsonDocument(report).toJson());
    } else {
        for (const TcScriptError &e : result.errors)
            m_err << scriptProblem(path, e, "error") << u'\n';
        for (const TcScriptError &w : result.warnings)
            m_err << scriptProblem(path, w, "warning") << u'\n';
        for (const ValidationIssue &issue : issues)
            m_err << path << QStringLiteral(": ") << issueLine(issue) << u'\n';
    }
    if (failed) {
        if (!parser.isSet(json))
            m_err << QStringLiteral("%1: not imported (%2 error%3)\n")
                         .arg(path)
                         .arg(result.errors.size() + std::count_if(issues.begin(), issues.end(), [](const ValidationIssue &i) { return i.isError(); }))
                         .arg(result.errors.size() == 1 ? QString() : QStringLiteral("s"));
        return ExitFailure;
    }
    if (result.trees.isEmpty()) {
        m_err << QStringLiteral("%1: no tc commands found\n").arg(path);
        return ExitFailure;
    }
    if (parser.isSet(output)) {
        if (!writeAtomically(parser.value(output), profile.toJsonBytes(), &error)) {
            m_err << error << u'\n';
            return ExitFailure;
        }
    } else if (!parser.isSet(json)) {
        m_out << QString::fromUtf8(profile.toJsonBytes());
    }
    return ExitOk;
}

/** A profile file, or else a stored profile or built-in preset of that name. */
static std::optional<Profile> findProfile(const QString &nameOrPath, QString *error)
{
    if (QFileInfo::exists(nameOrPath)) {
        const auto text = readInput(nameOrPath, error);
        if (!text)
            return std::nullopt;
        QStringList errors;
        auto profile = Profile::fromJsonBytes(text->toUtf8(), &errors);
        if (!profile)
            *error = nameOrPath + QStringLiteral(": ") + errors.join(QStringLiteral("\n") + nameOrPath + QStringLiteral(": "));
        return profile;
    }
    ProfileStore store;
    QString storeError;
    if (auto profile = store.load(nameOrPath, &storeError))
        return profile;
    if (auto preset = BuiltinPresets::find(nameOrPath))
        return preset;
    *error = QStringLiteral("%1: no such file, and no profile or preset of that name (see \"qdisc-studio profiles\")").arg(nameOrPath);
    return std::nullopt;
}

int Cli::exportProfile(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Writes a profile as the tc commands that build it, on stdout.\n"
                                   "PROFILE is a profile file, or the name of one of your profiles or a built-in preset."));
    parser.addPositionalArgument(QStringLiteral("PROFILE"), QStringLiteral("profile file or name"));
    const QCommandLineOption dev(QStringLiteral("dev"), QStringLiteral("The target (IF or NETNS/IF) for a profile without one, or the one tree to export."),
                                 QStringLiteral("TARGET"));
    parser.addOption(dev);
    QS_PARSE_OR_RETURN(parser, "export", arguments)
    if (parser.positionalArguments().size() != 1) {
        m_err << QStringLiteral("qdisc-studio export: give exactly one PROFILE\n");
        return ExitUsage;
    }
    QString error;
    const auto profile = findProfile(parser.positionalArguments().first(), &error);
    if (!profile) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    QList<QdiscTree> trees;
    if (parser.isSet(dev)) {
        const QString target = parser.value(dev);
        QString netns;
        QString device;
        if (!QdiscTree::splitTarget(target, &netns, &device) || !isValidDeviceName(device) ||
            (!netns.isEmpty() && !isValidNetnsName(netns))) {
            m_err << QStringLiteral("qdisc-studio export: \"%1\" is not a target; write it as IF or NETNS/IF\n").arg(target);
            return ExitUsage;
        }
        const auto tree = profile->treeFor(target);
        if (!tree) {
            QStringList targets;
            for (const QdiscTree &t : profile->trees)
                targets.append(t.target());
            m_err << QStringLiteral("%1: profile \"%2\" has no tree for %3; its targets: %4\n")
                         .arg(parser.positionalArguments().first(), profile->name, target, targets.join(QStringLiteral(", ")));
            return ExitFailure;
        }
        trees.append(*tree);
    } else {
        if (profile->isTargetFree()) {
            m_err << QStringLiteral("profile \"%1\" is applied to a target chosen at apply time: give --dev IF (or NETNS/IF)\n").arg(profile->name);
            return ExitUsage;
        }
        trees = profile->trees;
    }
    for (const QdiscTree &tree : trees) {
        const ValidationIssues issues = tree.validate();
        for (const ValidationIssue &issue : issues)
            m_err << issueLine(issue) << u'\n';
        if (hasErrors(issues)) {
            m_err << QStringLiteral("profile \"%1\" is not valid; nothing exported\n").arg(profile->name);
            return ExitFailure;
        }
    }
    m_out << TcExporter::script(trees);
    return ExitOk;
}

int Cli::validate(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Checks a profile (JSON) or a tc script against the kernel's limits and tc's rules.\n"
                                   "Errors are what the kernel or tc would refuse; warnings are what it accepts but breaks traffic."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("a profile or a tc script, or - for stdin"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Report as JSON on stdout."));
    parser.addOption(json);
    QS_PARSE_OR_RETURN(parser, "validate", arguments)
    if (parser.positionalArguments().size() != 1) {
        m_err << QStringLiteral("qdisc-studio validate: give exactly one FILE\n");
        return ExitUsage;
    }
    const QString path = parser.positionalArguments().first();
    QString error;
    const auto text = readInput(path, &error);
    if (!text) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    QStringList problems; // errors that stop the reading itself
    ValidationIssues issues;
    if (looksLikeJson(*text)) {
        QStringList errors;
        if (const auto profile = Profile::fromJsonBytes(text->toUtf8(), &errors))
            issues = profile->validate();
        for (const QString &e : errors)
            problems.append(path + QStringLiteral(": error: ") + e);
    } else {
        const TcImportResult result = TcImporter::import(*text);
        for (const TcScriptError &e : result.errors)
            problems.append(scriptProblem(path, e, "error"));
        for (const TcScriptError &w : result.warnings)
            problems.append(scriptProblem(path, w, "warning"));
        for (const QdiscTree &tree : result.trees)
            issues += tree.validate();
        if (!result.ok())
            issues.append(ValidationIssue::error(QStringLiteral("script"), QStringLiteral("%1 line(s) could not be read").arg(result.errors.size())));
    }
    const bool valid = !hasErrors(issues) && std::none_of(problems.begin(), problems.end(), [](const QString &p) { return p.contains(u": error: "); });
    if (parser.isSet(json)) {
        m_out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("valid"), valid},
                                                             {QStringLiteral("problems"), QJsonArray::fromStringList(problems)},
                                                             {QStringLiteral("issues"), issuesJson(issues)}})
                                       .toJson());
    } else {
        for (const QString &p : problems)
            m_err << p << u'\n';
        for (const ValidationIssue &issue : issues)
            m_err << path << QStringLiteral(": ") << issueLine(issue) << u'\n';
        m_out << path << (valid ? QStringLiteral(": valid\n") : QStringLiteral(": not valid\n"));
    }
    return valid ? ExitOk : ExitFailure;
}

int Cli::profiles(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Lists the built-in presets and your profiles, or shows one.\n"
                                   "Your profiles live in %1.").arg(ProfileStore::defaultDirectory()));
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("list (default) or show NAME"), QStringLiteral("[list | show NAME]"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Output as JSON."));
    parser.addOption(json);
    QS_PARSE_OR_RETURN(parser, "profiles", arguments)
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0, QStringLiteral("list"));

    ProfileStore store;
    if (action == u"list" && positional.size() <= 1) {
        const ProfileStore::Listing listing = store.list();
        for (const ProfileStore::LoadProblem &problem : listing.problems)
            m_err << QStringLiteral("warning: %1: skipped: %2\n").arg(problem.path, problem.reason);
        const QList<Profile> presets = BuiltinPresets::all();
        if (parser.isSet(json)) {
            QJsonArray array;
            const auto add = [&](const Profile &p, const char *source) {
                array.append(QJsonObject{{QStringLiteral("name"), p.name},
                                         {QStringLiteral("source"), QLatin1String(source)},
                                         {QStringLiteral("description"), p.description},
                                         {QStringLiteral("summary"), p.trees.isEmpty() ? QString() : TcSummary::tree(p.trees.first())}});
            };
            for (const Profile &p : presets)
                add(p, "built-in");
            for (const Profile &p : listing.profiles)
                add(p, "user");
            m_out << QString::fromUtf8(QJsonDocument(array).toJson());
            return ExitOk;
        }
        qsizetype width = 0;
        for (const Profile &p : presets + listing.profiles)
            width = std::max(width, p.name.size());
        m_out << QStringLiteral("Built-in presets:\n");
        for (const Profile &p : presets)
            m_out << QStringLiteral("  ") << p.name.leftJustified(width) << QStringLiteral("  ") << TcSummary::tree(p.trees.first()) << u'\n';
        m_out << QStringLiteral("Your profiles (%1):\n").arg(store.directory());
        if (listing.profiles.isEmpty())
            m_out << QStringLiteral("  (none yet)\n");
        for (const Profile &p : listing.profiles) {
            QStringList targets;
            for (const QdiscTree &t : p.trees)
                targets.append(t.device.isEmpty() ? QStringLiteral("any target") : t.target());
            m_out << QStringLiteral("  ") << p.name.leftJustified(width) << QStringLiteral("  ") << targets.join(QStringLiteral(", ")) << u'\n';
        }
        return ExitOk;
    }
    if (action == u"show" && positional.size() == 2) {
        QString error;
        auto profile = store.load(positional[1], &error);
        const bool builtIn = !profile;
        if (!profile)
            profile = BuiltinPresets::find(positional[1]);
        if (!profile) {
            m_err << QStringLiteral("qdisc-studio profiles: no profile or preset named \"%1\"\n").arg(positional[1]);
            return ExitFailure;
        }
        if (parser.isSet(json)) {
            m_out << QString::fromUtf8(profile->toJsonBytes());
            return ExitOk;
        }
        m_out << profile->name << (builtIn ? QStringLiteral(" (built-in)") : QString()) << u'\n';
        if (!profile->description.isEmpty())
            m_out << profile->description << u'\n';
        for (const QdiscTree &tree : profile->trees) {
            const bool free = tree.device.isEmpty();
            QdiscTree shown = tree;
            if (free)
                shown.device = QStringLiteral("DEV");
            m_out << u'\n' << (free ? QStringLiteral("Any target (DEV)") : tree.target()) << QStringLiteral(": ") << TcSummary::tree(tree) << u'\n';
            for (const QString &line : TcExporter::commands(shown))
                m_out << QStringLiteral("  ") << line << u'\n';
        }
        return ExitOk;
    }
    m_err << QStringLiteral("qdisc-studio profiles: use \"profiles list\" or \"profiles show NAME\"\n");
    return ExitUsage;
}

} // namespace qs
