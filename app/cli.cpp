#include "cli.h"

#include "helperclient.h"
#include "model/treejson.h"
#include "netlink/tcengine.h"
#include "stats/counterhistory.h"
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
#include <QThread>

#include <csignal>
#include <poll.h>
#include <unistd.h>

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
    {"targets", "targets [--json]                                      interfaces of every namespace, with their root qdisc"},
    {"show", "show TARGET [--json] [-s]                             the tree the kernel holds (TARGET: IF or NETNS/IF)"},
    {"stats", "stats TARGET [--json] [--interval MS] [--count N]     counters and rates of every node"},
    {"apply", "apply --dev TARGET PROFILE.json|SCRIPT.tc [--hold]    make the kernel hold this tree (through the helper)"},
    {"clear", "clear --dev TARGET                                    back to the device's default qdisc"},
    {"restore", "restore --dev TARGET                                  back to the tree TARGET had before Qdisc Studio changed it"},
    {"confirm", "confirm TRANSACTION                                   keep a change applied with --revert-after"},
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
    using Handler = int (Cli::*)(const QStringList &);
    // In the order of kSubcommands, which the usage text lists.
    static constexpr std::pair<const char *, Handler> handlers[] = {
        {"import", &Cli::importScript}, {"export", &Cli::exportProfile}, {"validate", &Cli::validate},
        {"profiles", &Cli::profiles},   {"targets", &Cli::targets},      {"show", &Cli::show},
        {"stats", &Cli::stats},         {"apply", &Cli::apply},          {"clear", &Cli::clear},
        {"restore", &Cli::restore},     {"confirm", &Cli::confirm},
    };
    static_assert(std::size(handlers) == std::size(kSubcommands));
    const QString command = arguments.first();
    for (const auto &[name, handler] : handlers) {
        if (command == QLatin1String(name))
            return (this->*handler)(arguments.mid(1));
    }
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

int Cli::targets(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Lists the interfaces of the root namespace and of every namespace in /run/netns."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Output as JSON."));
    parser.addOption(json);
    QS_PARSE_OR_RETURN(parser, "targets", arguments)
    QString error;
    const QList<TargetInfo> list = listTargets(&error);
    if (list.isEmpty() && !error.isEmpty()) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    if (parser.isSet(json)) {
        QJsonArray array;
        for (const TargetInfo &t : list)
            array.append(QJsonObject{{QStringLiteral("target"), t.target()}, {QStringLiteral("type"), t.type},
                                     {QStringLiteral("up"), t.up}, {QStringLiteral("rootQdisc"), t.rootQdisc}});
        m_out << QString::fromUtf8(QJsonDocument(array).toJson());
        return ExitOk;
    }
    for (const TargetInfo &t : list)
        m_out << t.target().leftJustified(24) << u' ' << t.type.leftJustified(9) << (t.up ? QStringLiteral("up     ") : QStringLiteral("down   "))
              << t.rootQdisc << u'\n';
    return ExitOk;
}

int Cli::show(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Shows the tree the kernel holds for TARGET (IF or NETNS/IF), whoever built it."));
    parser.addPositionalArgument(QStringLiteral("TARGET"), QStringLiteral("IF or NETNS/IF"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Output as JSON (the profile tree form)."));
    const QCommandLineOption withStats({QStringLiteral("s"), QStringLiteral("stats")}, QStringLiteral("Add each node's counters."));
    parser.addOptions({json, withStats});
    QS_PARSE_OR_RETURN(parser, "show", arguments)
    if (parser.positionalArguments().size() != 1) {
        m_err << QStringLiteral("qdisc-studio show: give exactly one TARGET\n");
        return ExitUsage;
    }
    QString error;
    auto engine = HelperClient().openForReading(parser.positionalArguments().first(), &error);
    const auto tree = engine ? engine->read(&error) : std::nullopt;
    if (!tree) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    QList<NodeStats> counters;
    if (parser.isSet(withStats)) {
        const auto read = engine->readStats(&error);
        if (!read) {
            m_err << error << u'\n';
            return ExitFailure;
        }
        counters = *read;
    }
    const auto countersOf = [&](TcHandle id, bool isClass) -> const CounterSample * {
        for (const NodeStats &n : std::as_const(counters)) {
            if (n.id == id && n.isClass == isClass)
                return &n.counters;
        }
        return nullptr;
    };
    if (parser.isSet(json)) {
        QJsonObject object = TreeJson::toJson(*tree);
        if (parser.isSet(withStats)) {
            QJsonArray stats;
            for (const NodeStats &n : std::as_const(counters))
                stats.append(QJsonObject{{QStringLiteral("id"), n.id.toString()}, {QStringLiteral("class"), n.isClass},
                                         {QStringLiteral("kind"), n.kind}, {QStringLiteral("bytes"), double(n.counters.bytes)},
                                         {QStringLiteral("packets"), double(n.counters.packets)}, {QStringLiteral("drops"), double(n.counters.drops)},
                                         {QStringLiteral("overlimits"), double(n.counters.overlimits)},
                                         {QStringLiteral("requeues"), double(n.counters.requeues)},
                                         {QStringLiteral("backlogBytes"), double(n.counters.backlogBytes)},
                                         {QStringLiteral("backlogPackets"), double(n.counters.backlogPackets)}});
            object.insert(QStringLiteral("stats"), stats);
        }
        m_out << QString::fromUtf8(QJsonDocument(object).toJson());
        return ExitOk;
    }
    const auto counterLine = [&](const CounterSample *c) {
        if (!c)
            return QString();
        return QStringLiteral("\n      sent %1 bytes %2 pkt (dropped %3, overlimits %4, requeues %5) backlog %6b %7p")
            .arg(c->bytes).arg(c->packets).arg(c->drops).arg(c->overlimits).arg(c->requeues).arg(c->backlogBytes).arg(c->backlogPackets);
    };
    m_out << engine->target() << QStringLiteral(": ") << TcSummary::tree(*tree) << u'\n';
    for (const QdiscNode &q : tree->qdiscsInCreationOrder())
        m_out << QStringLiteral("  qdisc %1 %2 at %3: %4").arg(q.kindName(), q.handle.toString(), q.parent.toString(), TcSummary::qdisc(q))
              << counterLine(countersOf(isIngressKind(q.kind()) ? TcHandle::ingressHandle() : q.handle, false)) << u'\n';
    for (const ClassNode &c : tree->classesInCreationOrder())
        m_out << QStringLiteral("  class %1 at %2: %3").arg(c.classId.toString(), c.parent.toString(), TcSummary::htbClass(c))
              << counterLine(countersOf(c.classId, true)) << u'\n';
    for (const U32Filter &f : tree->filters)
        m_out << QStringLiteral("  filter %1 prio %2: %3").arg(f.parent.toString()).arg(f.prio).arg(TcSummary::filter(f)) << u'\n';
    for (const ForeignFilter &f : tree->foreignFilters)
        m_out << QStringLiteral("  filter %1 prio %2: %3 (kept as it is)").arg(f.parent.toString()).arg(f.prio).arg(f.kind) << u'\n';
    return ExitOk;
}

int Cli::stats(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Prints every node's counters and rates, one sample per interval. No root needed."));
    parser.addPositionalArgument(QStringLiteral("TARGET"), QStringLiteral("IF or NETNS/IF"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("One JSON object per line and sample."));
    const QCommandLineOption interval(QStringLiteral("interval"), QStringLiteral("Milliseconds between samples (default 1000)."), QStringLiteral("MS"), QStringLiteral("1000"));
    const QCommandLineOption count(QStringLiteral("count"), QStringLiteral("Samples to print (default 1; 0: until interrupted)."), QStringLiteral("N"), QStringLiteral("1"));
    parser.addOptions({json, interval, count});
    QS_PARSE_OR_RETURN(parser, "stats", arguments)
    bool intervalOk = false;
    bool countOk = false;
    const int intervalMs = parser.value(interval).toInt(&intervalOk);
    const int samples = parser.value(count).toInt(&countOk);
    if (parser.positionalArguments().size() != 1 || !intervalOk || intervalMs < 10 || !countOk || samples < 0) {
        m_err << QStringLiteral("qdisc-studio stats: give one TARGET, --interval of at least 10 ms and a --count of 0 or more\n");
        return ExitUsage;
    }
    QString error;
    auto engine = HelperClient().openForReading(parser.positionalArguments().first(), &error);
    if (!engine) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    QHash<QString, CounterHistory *> histories;
    const auto cleanup = qScopeGuard([&] { qDeleteAll(histories); });
    for (int i = 0; samples == 0 || i < samples; ++i) {
        if (i > 0)
            QThread::msleep(ulong(intervalMs));
        const auto nodes = engine->readStats(&error);
        if (!nodes) {
            m_err << error << u'\n';
            return ExitFailure;
        }
        QJsonArray array;
        for (const NodeStats &n : *nodes) {
            const QString key = (n.isClass ? QStringLiteral("class ") : QStringLiteral("qdisc ")) + n.id.toString();
            CounterHistory *&history = histories[key];
            if (!history) {
                // The CLI prints the latest rate only: a few samples per node, no long tiers, so
                // ten thousand classes cost kilobytes, not the window's hours of history.
                CounterHistoryConfig config;
                config.pollIntervalNs = qint64(intervalMs) * 1000000;
                config.rawSpanNs = 4 * config.pollIntervalNs;
                config.tiers.clear();
                history = new CounterHistory(config);
            }
            history->append(n.counters);
            const auto rate = history->latest();
            if (parser.isSet(json)) {
                QJsonObject o{{QStringLiteral("node"), key}, {QStringLiteral("kind"), n.kind},
                              {QStringLiteral("bytes"), double(n.counters.bytes)}, {QStringLiteral("packets"), double(n.counters.packets)},
                              {QStringLiteral("drops"), double(n.counters.drops)}, {QStringLiteral("overlimits"), double(n.counters.overlimits)},
                              {QStringLiteral("backlogBytes"), double(n.counters.backlogBytes)},
                              {QStringLiteral("backlogPackets"), double(n.counters.backlogPackets)}};
                if (rate) {
                    o.insert(QStringLiteral("bitsPerSec"), rate->bitsPerSec);
                    o.insert(QStringLiteral("packetsPerSec"), rate->packetsPerSec);
                    o.insert(QStringLiteral("dropsPerSec"), rate->dropsPerSec);
                    o.insert(QStringLiteral("overlimitsPerSec"), rate->overlimitsPerSec);
                }
                array.append(o);
            } else {
                m_out << QStringLiteral("%1 %2  %3 bytes %4 pkt  drops %5  overlimits %6  backlog %7b %8p")
                             .arg(key.leftJustified(14), n.kind.leftJustified(8))
                             .arg(n.counters.bytes).arg(n.counters.packets).arg(n.counters.drops).arg(n.counters.overlimits)
                             .arg(n.counters.backlogBytes).arg(n.counters.backlogPackets);
                if (rate)
                    m_out << QStringLiteral("  %1  %2 pkt/s  %3 drops/s").arg(TcSummary::rate(quint64(rate->bitsPerSec / 8)))
                                 .arg(rate->packetsPerSec, 0, 'f', 1).arg(rate->dropsPerSec, 0, 'f', 1);
                m_out << u'\n';
            }
        }
        if (parser.isSet(json))
            m_out << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)) << u'\n';
        else if (samples != 1)
            m_out << u'\n';
        m_out.flush();
    }
    return ExitOk;
}

/** The tree for @p target from a profile (JSON) or a tc script file. */
static std::optional<QdiscTree> treeFromFile(const QString &path, const QString &target, QString *error)
{
    const auto text = readInput(path, error);
    if (!text)
        return std::nullopt;
    if (looksLikeJson(*text)) {
        QStringList errors;
        const auto profile = Profile::fromJsonBytes(text->toUtf8(), &errors);
        if (!profile) {
            *error = path + QStringLiteral(": ") + errors.join(QStringLiteral("\n") + path + QStringLiteral(": "));
            return std::nullopt;
        }
        const auto tree = profile->treeFor(target);
        if (!tree)
            *error = QStringLiteral("%1: profile \"%2\" has no tree for %3").arg(path, profile->name, target);
        return tree;
    }
    const TcImportResult result = TcImporter::import(*text);
    if (!result.ok()) {
        QStringList lines;
        for (const TcScriptError &e : result.errors)
            lines.append(scriptProblem(path, e, "error"));
        *error = lines.join(u'\n');
        return std::nullopt;
    }
    // A script's own device names are not trusted to match: it must build exactly one tree.
    if (result.trees.size() != 1) {
        *error = QStringLiteral("%1: the script configures %2 devices; apply takes a script for one").arg(path).arg(result.trees.size());
        return std::nullopt;
    }
    return result.trees.first();
}

int Cli::apply(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Makes the kernel hold the tree of a profile or tc script on TARGET, changing in place what can be\n"
                                   "changed in place. All or nothing: when the kernel refuses a step, the target is put back as it was.\n"
                                   "The helper applies it (polkit asks for authorization) and keeps a snapshot of what was there,\n"
                                   "which `qdisc-studio restore` puts back."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("a profile (JSON) or a tc script"));
    const QCommandLineOption direct(QStringLiteral("direct"), QStringLiteral("Apply in this process, without the helper (root; no snapshot, no revert)."));
    const QCommandLineOption dev(QStringLiteral("dev"), QStringLiteral("The target: IF or NETNS/IF."), QStringLiteral("TARGET"));
    const QCommandLineOption hold(QStringLiteral("hold"), QStringLiteral("Keep the tree only while this command runs: on Ctrl-C, kill or crash the helper puts back what was there."));
    const QCommandLineOption revertAfter(QStringLiteral("revert-after"),
                                         QStringLiteral("Put back what was there after SECONDS unless the change is confirmed (asked on a terminal, else `qdisc-studio confirm`)."),
                                         QStringLiteral("SECONDS"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Report as JSON."));
    parser.addOptions({direct, dev, hold, revertAfter, json});
    QS_PARSE_OR_RETURN(parser, "apply", arguments)
    if (parser.positionalArguments().size() != 1 || !parser.isSet(dev)) {
        m_err << QStringLiteral("qdisc-studio apply: give --dev TARGET and one FILE\n");
        return ExitUsage;
    }
    unsigned revertSeconds = 0;
    if (parser.isSet(revertAfter)) {
        bool ok = false;
        revertSeconds = parser.value(revertAfter).toUInt(&ok);
        if (!ok || revertSeconds < 1 || revertSeconds > HelperBus::MaxRevertSeconds) {
            m_err << QStringLiteral("qdisc-studio apply: --revert-after takes a whole number of seconds, 1…%1\n").arg(HelperBus::MaxRevertSeconds);
            return ExitUsage;
        }
    }
    if (parser.isSet(direct) && (parser.isSet(hold) || parser.isSet(revertAfter))) {
        m_err << QStringLiteral("qdisc-studio apply: --hold and --revert-after need the helper; they cannot be combined with --direct\n");
        return ExitUsage;
    }
    const QString target = parser.value(dev);
    QString error;
    auto tree = treeFromFile(parser.positionalArguments().first(), target, &error);
    if (!tree) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    const ValidationIssues issues = tree->validate();
    for (const ValidationIssue &issue : issues)
        m_err << issueLine(issue) << u'\n';
    if (hasErrors(issues)) {
        m_err << QStringLiteral("nothing applied\n");
        return ExitFailure;
    }
    if (!parser.isSet(direct))
        return applyThroughHelper(*tree, target, revertSeconds, parser.isSet(hold), parser.isSet(json));

    if (geteuid() != 0)
        m_err << QStringLiteral("warning: not root: the kernel will refuse changes without CAP_NET_ADMIN\n");
    if (tree->isIfb && !TcEngine::ensureIfb(target, &error)) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    auto engine = TcEngine::open(target, &error);
    if (!engine) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    const ApplyResult result = engine->apply(*tree);
    return reportApply(result, parser.isSet(json));
}

namespace {

/** Blocks until Ctrl-C, SIGTERM or SIGHUP; the command then ends normally (and its bus connection with it). */
void waitForTermination()
{
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGHUP);
    sigprocmask(SIG_BLOCK, &signals, nullptr);
    int received = 0;
    sigwait(&signals, &received);
}

/** A line from a terminal on stdin within @p seconds, or nullopt. */
std::optional<QString> answerWithin(unsigned seconds)
{
    pollfd input{STDIN_FILENO, POLLIN, 0};
    if (::poll(&input, 1, int(seconds) * 1000) <= 0)
        return std::nullopt;
    char line[64] = {};
    const ssize_t got = ::read(STDIN_FILENO, line, sizeof(line) - 1);
    return got > 0 ? std::optional(QString::fromLocal8Bit(line, got).trimmed()) : std::nullopt;
}

} // namespace

int Cli::applyThroughHelper(QdiscTree tree, const QString &target, unsigned revertSeconds, bool hold, bool json)
{
    QdiscTree::splitTarget(target, &tree.netns, &tree.device);
    QVariantMap options;
    if (revertSeconds)
        options.insert(HelperBus::RevertAfterSeconds, revertSeconds);
    if (hold)
        options.insert(HelperBus::RevertOnExit, true);
    HelperClient helper;
    QDBusPendingReply<QString, QString> reply = helper.proxy().Apply(target, QString::fromUtf8(TreeJson::toDocument(tree)), options);
    reply.waitForFinished();
    if (!reportHelperReply(reply, QStringLiteral("apply"), json, reply.isError() ? QString() : reply.argumentAt<0>()))
        return ExitFailure;
    const QString transaction = reply.argumentAt<0>();
    if (hold) {
        m_err << QStringLiteral("holding the tree on %1; Ctrl-C puts back what was there\n").arg(target);
        m_err.flush();
        waitForTermination();
        return ExitOk;
    }
    if (!revertSeconds)
        return ExitOk;
    if (!isatty(STDIN_FILENO)) {
        m_err << QStringLiteral("the helper puts back what was there in %1 s unless `qdisc-studio confirm %2` keeps the change\n")
                     .arg(revertSeconds)
                     .arg(transaction);
        return ExitOk;
    }
    m_err << QStringLiteral("Keep this change? Without \"y\" within %1 s, what was there comes back. [y/N] ").arg(revertSeconds);
    m_err.flush();
    const auto answer = answerWithin(revertSeconds);
    if (!answer || answer->compare(QStringLiteral("y"), Qt::CaseInsensitive) != 0) {
        m_err << QStringLiteral("\nnot kept: the helper puts back what was there\n");
        return ExitOk;
    }
    QDBusPendingReply<> confirmed = helper.proxy().Confirm(transaction);
    confirmed.waitForFinished();
    if (confirmed.isError()) {
        m_err << QStringLiteral("qdisc-studio apply: %1\n").arg(HelperClient::describe(confirmed.error()));
        return ExitFailure;
    }
    m_err << QStringLiteral("kept\n");
    return ExitOk;
}

bool Cli::reportHelperReply(const QDBusPendingCall &call, const QString &command, bool json, const QString &transaction)
{
    const QDBusMessage message = call.reply();
    if (call.isError()) {
        if (json)
            m_out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("ok"), false},
                                                                {QStringLiteral("errorName"), call.error().name()},
                                                                {QStringLiteral("error"), HelperClient::describe(call.error())}})
                                           .toJson());
        m_err << QStringLiteral("qdisc-studio %1: %2\n").arg(command, HelperClient::describe(call.error()));
        if (HelperClient::isUnreachable(call.error()) && (command == u"apply" || command == u"clear"))
            m_err << QStringLiteral("as root, --direct does it without the helper (and without its snapshot and revert)\n");
        return false;
    }
    // Every reply carrying a report has it as its last string argument.
    const QString reportText = message.arguments().isEmpty() ? QString() : message.arguments().constLast().toString();
    const QJsonArray plan = QJsonDocument::fromJson(reportText.toUtf8()).object().value(QStringLiteral("plan")).toArray();
    if (json) {
        QJsonObject o{{QStringLiteral("ok"), true}, {QStringLiteral("plan"), plan}};
        if (!transaction.isEmpty())
            o.insert(QStringLiteral("transaction"), transaction);
        m_out << QString::fromUtf8(QJsonDocument(o).toJson());
        return true;
    }
    for (const QJsonValue &op : plan)
        m_out << QStringLiteral("  done    ") << op.toString() << u'\n';
    if (plan.isEmpty())
        m_out << QStringLiteral("nothing to do: the kernel already holds this tree\n");
    return true;
}

int Cli::clear(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Removes every qdisc, class and filter of TARGET: the device returns to its default qdisc.\n"
                                   "Through the helper, a snapshot is kept first: `qdisc-studio restore` puts the tree back."));
    const QCommandLineOption direct(QStringLiteral("direct"), QStringLiteral("Clear in this process, without the helper (root; no snapshot)."));
    const QCommandLineOption dev(QStringLiteral("dev"), QStringLiteral("The target: IF or NETNS/IF."), QStringLiteral("TARGET"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Report as JSON."));
    parser.addOptions({direct, dev, json});
    QS_PARSE_OR_RETURN(parser, "clear", arguments)
    if (!parser.isSet(dev) || !parser.positionalArguments().isEmpty()) {
        m_err << QStringLiteral("qdisc-studio clear: give --dev TARGET\n");
        return ExitUsage;
    }
    if (!parser.isSet(direct)) {
        HelperClient helper;
        QDBusPendingReply<QString> reply = helper.proxy().Clear(parser.value(dev));
        reply.waitForFinished();
        return reportHelperReply(reply, QStringLiteral("clear"), parser.isSet(json)) ? ExitOk : ExitFailure;
    }
    QString error;
    auto engine = TcEngine::open(parser.value(dev), &error);
    if (!engine) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    return reportApply(engine->clear(), parser.isSet(json));
}

int Cli::restore(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Puts back the tree TARGET had before Qdisc Studio first changed it (the helper's snapshot)."));
    const QCommandLineOption dev(QStringLiteral("dev"), QStringLiteral("The target: IF or NETNS/IF."), QStringLiteral("TARGET"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Report as JSON."));
    parser.addOptions({dev, json});
    QS_PARSE_OR_RETURN(parser, "restore", arguments)
    if (!parser.isSet(dev) || !parser.positionalArguments().isEmpty()) {
        m_err << QStringLiteral("qdisc-studio restore: give --dev TARGET\n");
        return ExitUsage;
    }
    HelperClient helper;
    QDBusPendingReply<QString> reply = helper.proxy().Restore(parser.value(dev));
    reply.waitForFinished();
    return reportHelperReply(reply, QStringLiteral("restore"), parser.isSet(json)) ? ExitOk : ExitFailure;
}

int Cli::confirm(const QStringList &arguments)
{
    QCommandLineParser parser;
    prepare(parser, QStringLiteral("Keeps a change applied with --revert-after, before the helper puts back what was there."));
    parser.addPositionalArgument(QStringLiteral("TRANSACTION"), QStringLiteral("the id apply printed"));
    QS_PARSE_OR_RETURN(parser, "confirm", arguments)
    if (parser.positionalArguments().size() != 1) {
        m_err << QStringLiteral("qdisc-studio confirm: give one TRANSACTION\n");
        return ExitUsage;
    }
    HelperClient helper;
    QDBusPendingReply<> reply = helper.proxy().Confirm(parser.positionalArguments().first());
    reply.waitForFinished();
    if (reply.isError()) {
        m_err << QStringLiteral("qdisc-studio confirm: %1\n").arg(HelperClient::describe(reply.error()));
        return ExitFailure;
    }
    m_err << QStringLiteral("kept\n");
    return ExitOk;
}

int Cli::reportApply(const ApplyResult &result, bool json)
{
    if (json) {
        QJsonArray plan;
        for (const TcOperation &op : result.plan)
            plan.append(op.describe());
        m_out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("ok"), result.ok}, {QStringLiteral("plan"), plan},
                                                            {QStringLiteral("done"), result.done}, {QStringLiteral("error"), result.error},
                                                            {QStringLiteral("restored"), result.restored},
                                                            {QStringLiteral("restoreError"), result.restoreError}})
                                       .toJson());
    } else {
        for (int i = 0; i < result.plan.size(); ++i)
            m_out << (i < result.done ? QStringLiteral("  done    ") : QStringLiteral("  not run ")) << result.plan[i].describe() << u'\n';
        if (result.plan.isEmpty() && result.ok)
            m_out << QStringLiteral("nothing to do: the kernel already holds this tree\n");
    }
    if (result.ok)
        return ExitOk;
    m_err << result.error << u'\n';
    if (result.done > 0)
        m_err << (result.restored ? QStringLiteral("the target was put back as it was\n")
                                  : QStringLiteral("putting the target back failed: %1\n").arg(result.restoreError));
    return ExitFailure;
}

} // namespace qs
