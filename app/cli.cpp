#include "cli.h"

#include "cliexport.h"
#include "cliscenario.h"
#include "directbackend.h"
#include "helperbackend.h"
#include "helperclient.h"
#include "log/logging.h"
#include "model/treejson.h"
#include "netlink/tcengine.h"
#include "safety/treelimits.h"
#include "stats/counterhistory.h"
#include "profiles/builtinpresets.h"
#include "profiles/profile.h"
#include "profiles/profilestore.h"
#include "profiles/targetmap.h"
#include "remote/sshtarget.h"
#include "remotestatsreader.h"
#include "sshlink.h"
#include "stdiobusbridge.h"
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"
#include "tc/tcscriptimporter.h"
#include "tc/tcsummary.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusReply>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QThread>

#include <spdlog/logger.h>

#include <charconv>
#include <concepts>
#include <csignal>
#include <poll.h>
#include <string>
#include <string_view>
#include <unistd.h>

namespace qs {

namespace {

/**
 * A text of handles, kinds and counters built without QString::arg(), which was half of what
 * `stats` cost on 10 000 classes. ASCII only: what goes in is tc's own vocabulary and digits.
 */
class AsciiText
{
public:
    AsciiText &operator<<(const char *text)
    {
        m_text += text;
        return *this;
    }
    AsciiText &operator<<(char c)
    {
        m_text += c;
        return *this;
    }
    template<std::unsigned_integral Number>
    AsciiText &operator<<(Number number)
    {
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
        m_text.append(digits, size_t(end - digits));
        return *this;
    }
    AsciiText &operator<<(const QString &text) { return padded(text, 0); }
    /** @p text, then blanks up to @p width characters (QString::leftJustified()). */
    AsciiText &padded(const QString &text, qsizetype width)
    {
        for (QChar c : text)
            m_text += char(c.unicode() < 0x80 ? c.unicode() : '?');
        if (text.size() < width)
            m_text.append(size_t(width - text.size()), ' ');
        return *this;
    }
    QString toString() const { return QString::fromLatin1(m_text.data(), qsizetype(m_text.size())); }

private:
    std::string m_text;
};

/** Largest input read from a file or stdin: far above any real script, small enough to be safe. */
constexpr qint64 MaxInputBytes = 16 * 1024 * 1024;

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
        *error = Cli::tr("%1: cannot read: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    const QByteArray bytes = file.read(MaxInputBytes + 1);
    if (bytes.size() > MaxInputBytes) {
        *error = Cli::tr("%1: larger than %2 MiB; this is not a tc script or profile").arg(path).arg(MaxInputBytes >> 20);
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
        *error = Cli::tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

// issueLine() and scriptProblem() keep "error:" and "warning:" untranslated: like a compiler's,
// these lines are read by editors and CI annotations, and their messages come from core as they are.

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

QJsonArray scriptProblemsJson(const QList<TcScriptError> &list)
{
    QJsonArray array;
    for (const TcScriptError &e : list)
        array.append(QJsonObject{{QStringLiteral("line"), e.line}, {QStringLiteral("column"), e.column},
                                 {QStringLiteral("word"), e.word}, {QStringLiteral("message"), e.message}});
    return array;
}

/** The errors, warnings and notes of an imported script, one a line, in the order they stand in it. */
QStringList scriptReport(const QString &file, const TcScriptImport &imported)
{
    struct Line
    {
        const TcScriptError *entry;
        const char *kind;
    };
    QList<Line> all;
    for (const TcScriptError &e : imported.result.errors)
        all.append({&e, "error"});
    for (const TcScriptError &w : imported.result.warnings)
        all.append({&w, "warning"});
    for (const TcScriptError &n : imported.notes)
        all.append({&n, "note"});
    std::stable_sort(all.begin(), all.end(), [](const Line &a, const Line &b) {
        return a.entry->line != b.entry->line ? a.entry->line < b.entry->line : a.entry->column < b.entry->column;
    });
    QStringList lines;
    for (const Line &l : all)
        lines.append(scriptProblem(file, *l.entry, l.kind));
    return lines;
}

/** --arg and --set: the script's arguments and settings, as its users give them. */
std::optional<ShellEvaluatorOptions> scriptOptions(const QCommandLineParser &parser, const QString &path, QString *error)
{
    ShellEvaluatorOptions options;
    options.arguments = parser.values(QStringLiteral("arg"));
    options.scriptName = path == u"-" ? QStringLiteral("script") : path;
    for (const QString &assignment : parser.values(QStringLiteral("set"))) {
        QPair<QString, QString> pair;
        if (!TcScriptImporter::parseAssignment(assignment, &pair)) {
            *error = Cli::tr("--set takes NAME=VALUE, not \"%1\"").arg(assignment);
            return std::nullopt;
        }
        options.variables.append(pair);
    }
    return options;
}

/** "3 qdiscs, 2 classes, 1 filter" for the log. */
std::string treeCounts(const QdiscTree &tree)
{
    return fmt::format("{} qdisc(s), {} class(es), {} filter(s)", tree.qdiscs.size(), tree.classes.size(),
                       tree.filters.size());
}

} // namespace

bool Cli::isSubcommand(const QString &word)
{
    return subcommands().contains(word);
}

int Cli::run(const QStringList &arguments)
{
    if (arguments.isEmpty() || arguments.first() == u"--help" || arguments.first() == u"-h" ||
        (arguments.first() == u"help" && arguments.size() == 1)) {
        m_out << helpText();
        return ExitOk;
    }
    if (arguments.first() == u"help" && isSubcommand(arguments.at(1)) && arguments.size() == 2) {
        m_out << helpText(arguments.at(1));
        return ExitOk;
    }
    if (arguments.first() == u"--version" || arguments.first() == u"-v") {
        m_out << QStringLiteral("qdisc-studio " QS_VERSION "\n");
        return ExitOk;
    }
    using Handler = int (Cli::*)(const QStringList &);
    static constexpr std::pair<const char *, Handler> handlers[] = {
        {"import", &Cli::importScript}, {"export", &Cli::exportProfile}, {"validate", &Cli::validate},
        {"profiles", &Cli::profiles},   {"targets", &Cli::targets},      {"show", &Cli::show},
        {"stats", &Cli::stats},         {"apply", &Cli::apply},          {"clear", &Cli::clear},
        {"restore", &Cli::restore},     {"confirm", &Cli::confirm},      {"demo", &Cli::demo},
        {"bridge", &Cli::bridge},
    };
    const QString command = arguments.first();
    // play and scenarios live in cliscenario.cpp, with their own state (a backend, an event loop).
    if (command == u"play" || command == u"scenarios") {
        log().debug("{}: {} argument(s): {}", command.toStdString(), arguments.size() - 1, arguments.mid(1).join(u' ').toStdString());
        CliScenario scenarioCommands(m_out, m_err);
        return command == u"play" ? scenarioCommands.play(arguments.mid(1)) : scenarioCommands.scenarios(arguments.mid(1));
    }
    for (const auto &[name, handler] : handlers) {
        if (command == QLatin1String(name)) {
            log().debug("{}: {} argument(s): {}", name, arguments.size() - 1, arguments.mid(1).join(u' ').toStdString());
            return (this->*handler)(arguments.mid(1));
        }
    }
    if (arguments.first() == u"help")
        printError(QStringLiteral("help"), tr("no subcommand \"%1\"").arg(arguments.mid(1).join(u' ')));
    else
        m_err << QStringLiteral("qdisc-studio: ") << tr("unknown subcommand \"%1\"").arg(command) << u'\n';
    m_err << u'\n' << helpText();
    return ExitUsage;
}

std::optional<int> CliBase::parse(QCommandLineParser &parser, const QString &command, const QStringList &arguments)
{
    const CliHelp help = Cli::help(command);
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const CliHelp::Option &option : help.options)
        parser.addOption(option.toParserOption());
    // parse(), not process(): process() would exit the process itself, with its own messages.
    if (!parser.parse(QStringList{QStringLiteral("qdisc-studio")} + arguments))
        return usageError(command, parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        m_out << help.text();
        return ExitOk;
    }
    return std::nullopt;
}

void CliBase::printError(const QString &command, const QString &message)
{
    // Program and subcommand are names, not words: only the message is translated, so a message
    // that misses tr() shows up bare in tst_clitranslation instead of hiding inside a pattern.
    m_err << QStringLiteral("qdisc-studio ") << command << QStringLiteral(": ") << message << u'\n';
}

int CliBase::usageError(const QString &command, const QString &message)
{
    printError(command, message);
    return ExitUsage;
}

spdlog::logger &CliBase::log()
{
    static const std::shared_ptr<spdlog::logger> logger = qs::log::get("cli");
    m_out.flush();
    m_err.flush();
    return *logger;
}

int Cli::importScript(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("import"), arguments))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return usageError(QStringLiteral("import"), tr("give exactly one FILE (or - for stdin)"));
    const bool json = parser.isSet(QStringLiteral("json"));
    const bool toFile = parser.isSet(QStringLiteral("output"));
    const QString output = parser.value(QStringLiteral("output"));
    const QString path = parser.positionalArguments().first();
    QString error;
    const auto text = readInput(path, &error);
    if (!text) {
        m_err << error << u'\n';
        return ExitFailure;
    }

    const auto options = scriptOptions(parser, path, &error);
    if (!options)
        return usageError(QStringLiteral("import"), error);
    const TcScriptImport imported = TcScriptImporter::import(*text, *options);
    const TcImportResult &result = imported.result;
    log().debug("import {}: {}, {} tc command(s), {} tree(s), {} error(s), {} warning(s), {} note(s)", path.toStdString(),
                imported.show ? "tc show output" : imported.batch ? "a tc -batch file" : "a shell script", imported.commands.size(), result.trees.size(),
                result.errors.size(), result.warnings.size(), imported.notes.size());
    Profile profile;
    profile.name = parser.isSet(QStringLiteral("name")) ? parser.value(QStringLiteral("name"))
                   : path == u"-"                      ? tr("Imported")
                                                       : QFileInfo(path).completeBaseName();
    profile.description = tr("Imported from %1").arg(path == u"-" ? tr("standard input") : QFileInfo(path).fileName());
    profile.created = profile.modified = QDateTime::currentDateTimeUtc();
    profile.trees = result.trees;
    const ValidationIssues issues = result.ok() ? profile.validate() : ValidationIssues();
    const bool failed = !result.ok() || hasErrors(issues);
    const bool showCommands = parser.isSet(QStringLiteral("show-commands"));

    if (json) {
        QJsonObject report{{QStringLiteral("ok"), !failed},
                           {QStringLiteral("errors"), scriptProblemsJson(result.errors)},
                           {QStringLiteral("warnings"), scriptProblemsJson(result.warnings)},
                           {QStringLiteral("notes"), scriptProblemsJson(imported.notes)},
                           {QStringLiteral("issues"), issuesJson(issues)}};
        if (showCommands) {
            QJsonArray commands;
            for (const TcCommand &command : imported.commands)
                commands.append(QJsonObject{{QStringLiteral("line"), command.words.first().line},
                                            {QStringLiteral("command"), TcScriptImporter::commandLine(command)}});
            report.insert(QStringLiteral("commands"), commands);
        }
        if (!failed && !toFile)
            report.insert(QStringLiteral("profile"), profile.toJson());
        m_out << QString::fromUtf8(QJsonDocument(report).toJson());
    } else {
        for (const QString &line : scriptReport(path, imported))
            m_err << line << u'\n';
        for (const ValidationIssue &issue : issues)
            m_err << path << QStringLiteral(": ") << issueLine(issue) << u'\n';
        if (showCommands) {
            // A script that runs as it is: each command, and in a comment where it came from.
            for (const TcCommand &command : imported.commands)
                m_out << TcScriptImporter::commandLine(command) << QStringLiteral("  # %1:%2").arg(path).arg(command.words.first().line) << u'\n';
        }
    }
    if (failed) {
        const int errorCount = int(result.errors.size() + std::count_if(issues.begin(), issues.end(), [](const ValidationIssue &i) { return i.isError(); }));
        if (!json)
            m_err << tr("%1: not imported (%n error(s))", nullptr, errorCount).arg(path) << u'\n';
        return ExitFailure;
    }
    if (result.trees.isEmpty()) {
        m_err << tr("%1: no tc commands found").arg(path) << u'\n';
        return ExitFailure;
    }
    if (toFile) {
        if (!writeAtomically(output, profile.toJsonBytes(), &error)) {
            m_err << error << u'\n';
            return ExitFailure;
        }
        log().debug("import {}: profile \"{}\" written to {}", path.toStdString(), profile.name.toStdString(), output.toStdString());
    } else if (!json && !showCommands) {
        m_out << QString::fromUtf8(profile.toJsonBytes());
    }
    return ExitOk;
}

/** A tree and the target it goes to. */
struct Placement
{
    QString target;
    QdiscTree tree;
};

/**
 * Where a profile's trees go for --dev TARGET and --map FROM=TO,…: one tree onto TARGET (the
 * one made for it, or the profile's only tree whatever it was made for), or the mapped trees
 * onto their targets (with --dev as well, only the one mapped to TARGET). Sentences for a
 * person in @p notes; nullopt with @p error and the exit status in @p status.
 */
static std::optional<QList<Placement>> placeTrees(const Profile &profile, const QString &file, const QString &dev, const QString &mapText,
                                                  QString *error, int *status, QStringList *notes)
{
    *status = ExitFailure;
    const QStringList targets = profile.targets();
    if (!mapText.isEmpty()) {
        const auto map = TargetMap::parse(mapText, error);
        if (!map) {
            *status = ExitUsage;
            *error = QStringLiteral("--map: ") + *error;
            return std::nullopt;
        }
        const auto trees = map->apply(profile, error);
        if (!trees) {
            *error = file + QStringLiteral(": ") + *error;
            return std::nullopt;
        }
        QList<Placement> placements;
        for (const QdiscTree &tree : *trees) {
            if (dev.isEmpty() || tree.target() == dev)
                placements.append({tree.target(), tree});
        }
        if (placements.isEmpty()) {
            *status = ExitUsage;
            *error = Cli::tr("--dev %1 is none of the targets --map gives: %2").arg(dev, map->toString());
            return std::nullopt;
        }
        return placements;
    }
    auto tree = profile.treeFor(dev);
    if (!tree) {
        QStringList example;
        for (const QString &target : targets)
            example.append(target + QStringLiteral("=TARGET"));
        *status = ExitUsage;
        //: %3 lists the profile's targets, %4 is the target asked for, %5 the option to give: --map eth0=TARGET,ifb0=TARGET
        *error = Cli::tr("%1: profile \"%2\" has trees for %3, none of them %4: say where each goes with --map %5")
                     .arg(file, profile.name, targets.join(QStringLiteral(", ")), dev, example.join(u','));
        return std::nullopt;
    }
    if (const QString madeFor = profile.madeFor(dev); !madeFor.isEmpty())
        //: %3 is the device the profile was made for, %4 the target it is used on now
        notes->append(Cli::tr("%1: profile \"%2\" was made for %3; it goes onto %4").arg(file, profile.name, madeFor, dev));
    return QList<Placement>{{dev, *tree}};
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
    *error = Cli::tr("%1: no such file, and no profile or preset of that name (see \"qdisc-studio profiles\")").arg(nameOrPath);
    return std::nullopt;
}

int Cli::exportProfile(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("export"), arguments))
        return *done;
    if (parser.value(QStringLiteral("format")) == u"chaos-mesh")
        return CliExport(m_out, m_err).chaosMesh(parser, findProfile);
    if (const QString problem = CliExport::tcFormatProblem(parser); !problem.isEmpty())
        return usageError(QStringLiteral("export"), problem);
    if (parser.positionalArguments().size() != 1)
        return usageError(QStringLiteral("export"), tr("give exactly one PROFILE"));
    QString error;
    const auto profile = findProfile(parser.positionalArguments().first(), &error);
    if (!profile) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    log().debug("export {}: profile \"{}\" with {} tree(s)", parser.positionalArguments().first().toStdString(), profile->name.toStdString(),
                profile->trees.size());
    QList<QdiscTree> trees;
    const QString dev = parser.value(QStringLiteral("dev"));
    const QString map = parser.value(QStringLiteral("map"));
    if (parser.isSet(QStringLiteral("dev")) && !isWellFormedTarget(dev))
        return usageError(QStringLiteral("export"), notATarget(dev));
    if (!dev.isEmpty() || !map.isEmpty()) {
        int status = ExitFailure;
        QStringList notes;
        const auto placements = placeTrees(*profile, parser.positionalArguments().first(), dev, map, &error, &status, &notes);
        if (!placements) {
            m_err << error << u'\n';
            return status;
        }
        for (const QString &note : std::as_const(notes))
            m_err << note << u'\n';
        for (const Placement &placement : *placements)
            trees.append(placement.tree);
    } else {
        if (profile->isTargetFree()) {
            m_err << tr("profile \"%1\" is applied to a target chosen at apply time: give --dev TARGET").arg(profile->name) << u'\n';
            return ExitUsage;
        }
        trees = profile->trees;
    }
    for (const QdiscTree &tree : trees) {
        const ValidationIssues issues = tree.validate();
        for (const ValidationIssue &issue : issues)
            m_err << issueLine(issue) << u'\n';
        if (hasErrors(issues)) {
            m_err << tr("profile \"%1\" is not valid; nothing exported").arg(profile->name) << u'\n';
            return ExitFailure;
        }
    }
    m_out << TcExporter::script(trees);
    return ExitOk;
}

int Cli::validate(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("validate"), arguments))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return usageError(QStringLiteral("validate"), tr("give exactly one FILE"));
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
        log().debug("validate {}: reading a profile (JSON)", path.toStdString());
        QStringList errors;
        if (const auto profile = Profile::fromJsonBytes(text->toUtf8(), &errors))
            issues = profile->validate();
        for (const QString &e : errors)
            problems.append(path + QStringLiteral(": error: ") + e);
    } else {
        log().debug("validate {}: reading a tc script", path.toStdString());
        const auto options = scriptOptions(parser, path, &error);
        if (!options)
            return usageError(QStringLiteral("validate"), error);
        const TcScriptImport imported = TcScriptImporter::import(*text, *options);
        const TcImportResult &result = imported.result;
        problems = scriptReport(path, imported);
        for (const QdiscTree &tree : result.trees)
            issues += tree.validate();
        if (!result.ok())
            issues.append(ValidationIssue::error(QStringLiteral("script"), tr("%n line(s) could not be read", nullptr, int(result.errors.size()))));
    }
    const bool valid = !hasErrors(issues) && std::none_of(problems.begin(), problems.end(), [](const QString &p) { return p.contains(u": error: "); });
    if (parser.isSet(QStringLiteral("json"))) {
        m_out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("valid"), valid},
                                                             {QStringLiteral("problems"), QJsonArray::fromStringList(problems)},
                                                             {QStringLiteral("issues"), issuesJson(issues)}})
                                       .toJson());
    } else {
        for (const QString &p : problems)
            m_err << p << u'\n';
        for (const ValidationIssue &issue : issues)
            m_err << path << QStringLiteral(": ") << issueLine(issue) << u'\n';
        m_out << (valid ? tr("%1: valid") : tr("%1: not valid")).arg(path) << u'\n';
    }
    return valid ? ExitOk : ExitFailure;
}

int Cli::profiles(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("profiles"), arguments))
        return *done;
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0, QStringLiteral("list"));
    const bool json = parser.isSet(QStringLiteral("json"));

    ProfileStore store;
    if (action == u"list" && positional.size() <= 1) {
        const ProfileStore::Listing listing = store.list();
        log().debug("profiles: {} profile(s) and {} unreadable file(s) in {}", listing.profiles.size(), listing.problems.size(),
                    store.directory().toStdString());
        for (const ProfileStore::LoadProblem &problem : listing.problems)
            m_err << tr("warning: %1: skipped: %2").arg(problem.path, problem.reason) << u'\n';
        const QList<Profile> presets = BuiltinPresets::all();
        if (json) {
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
        m_out << tr("Built-in presets:") << u'\n';
        for (const Profile &p : presets)
            m_out << QStringLiteral("  ") << p.name.leftJustified(width) << QStringLiteral("  ") << TcSummary::tree(p.trees.first()) << u'\n';
        m_out << tr("Your profiles (%1):").arg(store.directory()) << u'\n';
        if (listing.profiles.isEmpty())
            m_out << QStringLiteral("  ") << tr("(none yet)") << u'\n';
        for (const Profile &p : listing.profiles) {
            QStringList targets;
            for (const QdiscTree &t : p.trees)
                targets.append(t.device.isEmpty() ? tr("any target") : t.target());
            m_out << QStringLiteral("  ") << p.name.leftJustified(width) << QStringLiteral("  ") << targets.join(QStringLiteral(", ")) << u'\n';
        }
        return ExitOk;
    }
    if (action == u"show" && positional.size() == 2) {
        QString error;
        auto profile = store.load(positional[1], &error);
        const bool builtIn = !profile;
        if (!profile) {
            log().debug("profiles show: \"{}\" is not in {} ({}); trying the presets", positional[1].toStdString(),
                        store.directory().toStdString(), error.toStdString());
            profile = BuiltinPresets::find(positional[1]);
        }
        if (!profile) {
            printError(QStringLiteral("profiles"), tr("no profile or preset named \"%1\"").arg(positional[1]));
            return ExitFailure;
        }
        if (json) {
            m_out << QString::fromUtf8(profile->toJsonBytes());
            return ExitOk;
        }
        m_out << (builtIn ? tr("%1 (built-in)").arg(profile->name) : profile->name) << u'\n';
        if (!profile->description.isEmpty())
            m_out << profile->description << u'\n';
        for (const QdiscTree &tree : profile->trees) {
            const bool free = tree.device.isEmpty();
            QdiscTree shown = tree;
            if (free)
                shown.device = QStringLiteral("DEV");
            m_out << u'\n' << (free ? tr("Any target (DEV)") : tree.target()) << QStringLiteral(": ") << TcSummary::tree(tree) << u'\n';
            for (const QString &line : TcExporter::commands(shown))
                m_out << QStringLiteral("  ") << line << u'\n';
        }
        return ExitOk;
    }
    return usageError(QStringLiteral("profiles"), tr("use \"profiles list\" or \"profiles show NAME\""));
}

int Cli::targets(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("targets"), arguments))
        return *done;
    if (parser.positionalArguments().size() > 1)
        return usageError(QStringLiteral("targets"), tr("give at most one HOST, as ssh://[USER@]HOST[:PORT]"));
    QString error;
    QList<TargetInfo> list;
    if (parser.positionalArguments().isEmpty()) {
        list = listTargets(&error);
    } else if (const auto remote = remoteTargets(parser.positionalArguments().first(), &error)) {
        list = *remote;
    } else {
        printError(QStringLiteral("targets"), error);
        return ExitFailure;
    }
    if (list.isEmpty() && !error.isEmpty()) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    if (!error.isEmpty()) // a runtime that refused: the rest is listed
        m_err << error << u'\n';
    log().debug("targets: {} interface(s)", list.size());
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const TargetInfo &t : list)
            array.append(t.toJson());
        m_out << QString::fromUtf8(QJsonDocument(array).toJson());
        return ExitOk;
    }
    // Columns for scripts: never translated. A container's line adds its image (and containerlab's
    // lab and node) once, a veth's its other end.
    QString lastContainer;
    for (const TargetInfo &t : list) {
        if (t.container && t.netns != lastContainer) {
            lastContainer = t.netns;
            m_out << QStringLiteral("# ") << t.netns << QStringLiteral("  ") << t.container->image << QStringLiteral("  ") << t.container->state;
            if (!t.container->labName().isEmpty())
                m_out << QStringLiteral("  lab=") << t.container->labName() << QStringLiteral(" node=") << t.container->nodeName();
            m_out << u'\n';
        }
        if (t.device.isEmpty())
            continue;
        m_out << t.target().leftJustified(24) << u' ' << t.type.leftJustified(9) << (t.up ? QStringLiteral("up     ") : QStringLiteral("down   "))
              << t.rootQdisc.leftJustified(9);
        if (!t.peer.isEmpty())
            m_out << QStringLiteral(" peer ") << t.peer;
        m_out << u'\n';
    }
    return ExitOk;
}

namespace {

/** What show and stats read on another host through: its helper over ssh. */
struct RemoteReading
{
    std::unique_ptr<SshLink> link;
    QString target; ///< as the remote helper knows it
    std::unique_ptr<StatsReader> stats;

    std::optional<QdiscTree> readTree(QString *error) const
    {
        QDBusMessage call = QDBusMessage::createMethodCall(HelperBus::Service, HelperBus::Path, HelperBus::Interface, QStringLiteral("GetTree"));
        call << target;
        const QDBusMessage reply = link->connection().call(call, QDBus::Block, 60000);
        if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty()) {
            *error = link->host().toString() + QStringLiteral(": ") + HelperClient::describe(QDBusError(reply));
            return std::nullopt;
        }
        QStringList errors;
        auto tree = TreeJson::fromDocument(reply.arguments().constFirst().toString().toUtf8(), &errors);
        if (!tree)
            *error = link->host().toString() + QStringLiteral(": ") + errors.join(QStringLiteral("; "));
        return tree;
    }
};

/** Opens the way to the helper of @p target's host (ssh://…); false with the sentence in @p error. */
bool openRemoteReading(const QString &target, RemoteReading *remote, QString *error)
{
    const auto parsed = SshTarget::parse(target, error);
    if (!parsed)
        return false;
    remote->link = SshLink::open(parsed->host, error);
    if (!remote->link)
        return false;
    remote->target = parsed->target;
    remote->stats = std::make_unique<RemoteStatsReader>(remote->link->connection(), parsed->target);
    return true;
}

} // namespace

std::optional<QList<TargetInfo>> Cli::remoteTargets(const QString &hostText, QString *error)
{
    QString text = hostText;
    if (!SshTarget::isRemote(text)) {
        *error = tr("\"%1\" is not a host: write it ssh://[USER@]HOST[:PORT]").arg(hostText.left(80));
        return std::nullopt;
    }
    text = text.mid(SshTarget::Scheme.size());
    if (text.endsWith(u'/'))
        text.chop(1);
    const auto host = SshHost::parse(text, error);
    if (!host)
        return std::nullopt;
    const auto link = SshLink::open(*host, error);
    if (!link)
        return std::nullopt;
    QDBusMessage call = QDBusMessage::createMethodCall(HelperBus::Service, HelperBus::Path, HelperBus::Interface, QStringLiteral("ListTargets"));
    const QDBusMessage reply = link->connection().call(call, QDBus::Block, 60000);
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty()) {
        *error = host->toString() + QStringLiteral(": ") + HelperClient::describe(QDBusError(reply));
        return std::nullopt;
    }
    QList<TargetInfo> list;
    for (const QJsonValue &entry : QJsonDocument::fromJson(reply.arguments().constFirst().toString().toUtf8()).array()) {
        TargetInfo info = TargetInfo::fromJson(entry.toObject());
        info.placeOnHost(host->toString());
        list.append(info);
    }
    return list;
}

int Cli::show(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("show"), arguments))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return usageError(QStringLiteral("show"), tr("give exactly one TARGET"));
    const QString target = parser.positionalArguments().first();
    const bool withStats = parser.isSet(QStringLiteral("stats"));
    log().debug("show target={}: reading {}", target.toStdString(),
                geteuid() == 0 || !target.contains(u'/') ? "directly" : "through a socket from the helper");
    QString error;
    RemoteReading remote;
    std::unique_ptr<TcEngine> engine;
    std::optional<QdiscTree> tree;
    if (SshTarget::isRemote(target)) {
        if (!openRemoteReading(target, &remote, &error)) {
            printError(QStringLiteral("show"), error);
            return ExitFailure;
        }
        tree = remote.readTree(&error);
    } else {
        engine = HelperClient().openForReading(target, &error);
        tree = engine ? engine->read(&error) : std::nullopt;
    }
    if (!tree) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    log().debug("show target={}: {}", target.toStdString(), treeCounts(*tree));
    QList<NodeStats> counters;
    if (withStats) {
        const auto read = engine ? engine->readStats(&error) : remote.stats->readStats(&error);
        if (!read) {
            m_err << error << u'\n';
            return ExitFailure;
        }
        counters = *read;
        log().debug("show target={}: counters of {} node(s)", target.toStdString(), counters.size());
    }
    // Looked up once per node: a hash, not a search (50 000 classes).
    QHash<quint64, const CounterSample *> countersByNode;
    countersByNode.reserve(counters.size());
    const auto nodeKey = [](TcHandle id, bool isClass) { return (quint64(isClass) << 32) | id.raw(); };
    for (const NodeStats &n : std::as_const(counters))
        countersByNode.insert(nodeKey(n.id, n.isClass), &n.counters);
    const auto countersOf = [&](TcHandle id, bool isClass) { return countersByNode.value(nodeKey(id, isClass)); };
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject object = TreeJson::toJson(*tree);
        if (withStats) {
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
    // The node lines follow tc's own listing (and tc -s for counters), so they stay untranslated.
    const auto counterLine = [&](const CounterSample *c) {
        if (!c)
            return QString();
        AsciiText line;
        line << "\n      sent " << c->bytes << " bytes " << c->packets << " pkt (dropped " << c->drops << ", overlimits "
             << c->overlimits << ", requeues " << c->requeues << ") backlog " << c->backlogBytes << "b " << c->backlogPackets << 'p';
        return line.toString();
    };
    m_out << (engine ? engine->target() : target) << QStringLiteral(": ") << TcSummary::tree(*tree) << u'\n';
    for (const QdiscNode &q : tree->qdiscsInCreationOrder())
        m_out << QStringLiteral("  qdisc %1 %2 at %3: %4").arg(q.kindName(), q.handle.toString(), q.parent.toString(), TcSummary::qdisc(q))
              << counterLine(countersOf(q.atIngressHook() ? TcHandle::ingressHandle() : q.handle, false)) << u'\n';
    for (const ClassNode &c : tree->classesInCreationOrder())
        m_out << QStringLiteral("  class %1 at %2: %3").arg(c.classId.toString(), c.parent.toString(), TcSummary::classNode(c))
              << counterLine(countersOf(c.classId, true)) << u'\n';
    for (const Filter &f : tree->filters)
        m_out << QStringLiteral("  filter %1 prio %2: %3").arg(f.parent.toString()).arg(f.prio).arg(TcSummary::filter(f)) << u'\n';
    return ExitOk;
}

int Cli::stats(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("stats"), arguments))
        return *done;
    bool intervalOk = false;
    bool countOk = false;
    const int intervalMs = parser.value(QStringLiteral("interval")).toInt(&intervalOk);
    const int samples = parser.value(QStringLiteral("count")).toInt(&countOk);
    if (parser.positionalArguments().size() != 1 || !intervalOk || intervalMs < 10 || !countOk || samples < 0)
        return usageError(QStringLiteral("stats"), tr("give one TARGET, --interval of at least 10 ms and a --count of 0 or more"));
    const QString target = parser.positionalArguments().first();
    const bool json = parser.isSet(QStringLiteral("json"));
    QString error;
    RemoteReading remote;
    std::unique_ptr<StatsReader> engine;
    if (SshTarget::isRemote(target)) {
        if (!openRemoteReading(target, &remote, &error)) {
            printError(QStringLiteral("stats"), error);
            return ExitFailure;
        }
        engine = std::move(remote.stats);
    } else {
        engine = HelperClient().openForReading(target, &error);
    }
    if (!engine) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    log().debug("stats target={}: {} sample(s) every {} ms", target.toStdString(), samples, intervalMs);
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
        log().debug("stats target={}: sample {}: {} node(s)", target.toStdString(), i + 1, nodes->size());
        QJsonArray array;
        AsciiText text;
        for (const NodeStats &n : *nodes) {
            const QString key = (n.isClass ? QStringLiteral("class ") : QStringLiteral("qdisc ")) + n.id.toString();
            // One sample has no rate: no history to keep for it.
            CounterHistory *history = nullptr;
            if (samples != 1) {
                CounterHistory *&kept = histories[key];
                if (!kept) {
                    // The CLI prints the latest rate only: a few samples per node, no long tiers, so
                    // ten thousand classes cost kilobytes, not the window's hours of history.
                    CounterHistoryConfig config;
                    config.pollIntervalNs = qint64(intervalMs) * 1000000;
                    config.rawSpanNs = 4 * config.pollIntervalNs;
                    config.tiers.clear();
                    kept = new CounterHistory(config);
                }
                history = kept;
            }
            std::optional<RatePoint> rate;
            if (history) {
                history->append(n.counters);
                rate = history->latest();
            }
            if (json) {
                QJsonObject o{{QStringLiteral("node"), key}, {QStringLiteral("kind"), n.kind}, {QStringLiteral("timeNs"), double(n.counters.timeNs)},
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
                // Like tc -s, for scripts: untranslated.
                text.padded(key, 14) << ' ';
                text.padded(n.kind, 8) << "  " << n.counters.bytes << " bytes " << n.counters.packets << " pkt  drops "
                                       << n.counters.drops << "  overlimits " << n.counters.overlimits << "  backlog "
                                       << n.counters.backlogBytes << "b " << n.counters.backlogPackets << 'p';
                if (rate)
                    text << QStringLiteral("  %1  %2 pkt/s  %3 drops/s")
                                .arg(TcSummary::rate(quint64(rate->bitsPerSec / 8)))
                                .arg(rate->packetsPerSec, 0, 'f', 1)
                                .arg(rate->dropsPerSec, 0, 'f', 1);
                text << '\n';
            }
        }
        if (!json)
            m_out << text.toString();
        if (json)
            m_out << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)) << u'\n';
        else if (samples != 1)
            m_out << u'\n';
        m_out.flush();
    }
    return ExitOk;
}

/** FILE as a profile: a profile as it is, or a tc script or batch file imported, its report in @p report. */
static std::optional<Profile> profileFromFile(const QString &path, const ShellEvaluatorOptions &options, QString *error, QStringList *report)
{
    const auto text = readInput(path, error);
    if (!text)
        return std::nullopt;
    if (looksLikeJson(*text)) {
        QStringList errors;
        auto profile = Profile::fromJsonBytes(text->toUtf8(), &errors);
        if (!profile)
            *error = path + QStringLiteral(": ") + errors.join(QStringLiteral("\n") + path + QStringLiteral(": "));
        return profile;
    }
    const TcScriptImport imported = TcScriptImporter::import(*text, options);
    *report = scriptReport(path, imported);
    if (!imported.ok()) {
        *error = Cli::tr("%1: nothing applied: %n line(s) could not be read", nullptr, int(imported.result.errors.size())).arg(path);
        return std::nullopt;
    }
    if (imported.result.trees.isEmpty()) {
        *error = Cli::tr("%1: no tc commands found").arg(path);
        return std::nullopt;
    }
    Profile profile;
    profile.name = path == u"-" ? Cli::tr("standard input") : QFileInfo(path).fileName();
    profile.trees = imported.result.trees;
    return profile;
}

int Cli::apply(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("apply"), arguments))
        return *done;
    if (parser.positionalArguments().size() != 1 || (!parser.isSet(QStringLiteral("dev")) && !parser.isSet(QStringLiteral("map"))))
        return usageError(QStringLiteral("apply"), tr("give --dev TARGET (or --map FROM=TO,…) and one FILE"));
    const bool direct = parser.isSet(QStringLiteral("direct"));
    const bool hold = parser.isSet(QStringLiteral("hold"));
    const bool json = parser.isSet(QStringLiteral("json"));
    unsigned revertSeconds = 0;
    if (parser.isSet(QStringLiteral("revert-after"))) {
        bool ok = false;
        revertSeconds = parser.value(QStringLiteral("revert-after")).toUInt(&ok);
        if (!ok || revertSeconds < 1 || revertSeconds > HelperBus::MaxRevertSeconds)
            return usageError(QStringLiteral("apply"), tr("--revert-after takes a whole number of seconds, 1…%1").arg(HelperBus::MaxRevertSeconds));
    }
    if (direct && (hold || revertSeconds))
        return usageError(QStringLiteral("apply"), tr("--hold and --revert-after need the helper; they cannot be combined with --direct"));
    std::unique_ptr<TargetBackend> remote;
    int routeStatus = ExitFailure;
    const auto routed = routeTarget(QStringLiteral("apply"), parser.value(QStringLiteral("dev")), direct, &remote, &routeStatus);
    if (!routed)
        return routeStatus;
    if (remote && parser.isSet(QStringLiteral("map")))
        return usageError(QStringLiteral("apply"), tr("--map places trees on this host's targets; for another host's, give one --dev ssh://…"));
    const QString dev = *routed;
    const QString path = parser.positionalArguments().first();
    QString error;
    const auto options = scriptOptions(parser, path, &error);
    if (!options)
        return usageError(QStringLiteral("apply"), error);
    QStringList report;
    const auto profile = profileFromFile(path, *options, &error, &report);
    for (const QString &line : std::as_const(report))
        m_err << line << u'\n';
    if (!profile) {
        m_err << error << u'\n';
        return ExitFailure;
    }
    int status = ExitFailure;
    QStringList notes;
    auto placements = placeTrees(*profile, path, dev, parser.value(QStringLiteral("map")), &error, &status, &notes);
    if (!placements) {
        m_err << error << u'\n';
        return status;
    }
    for (const QString &note : std::as_const(notes))
        m_err << note << u'\n';
    bool invalid = false;
    for (const Placement &placement : std::as_const(*placements)) {
        log().debug("apply target={}: the tree of {}: {}", placement.target.toStdString(), path.toStdString(), treeCounts(placement.tree));
        // The sizes first, as every road checks them: they are what is wrong with a tree too big to hold,
        // whatever validation would find in it (a 65 536th class has no minor left).
        if (const QString tooBig = TreeLimits::problem(placement.tree); !tooBig.isEmpty()) {
            printError(QStringLiteral("apply"), placement.target + QStringLiteral(": ") + tooBig);
            invalid = true;
            continue;
        }
        const ValidationIssues issues = placement.tree.validate();
        for (const ValidationIssue &issue : issues)
            m_err << issueLine(issue) << u'\n';
        invalid = invalid || hasErrors(issues);
    }
    if (invalid) {
        m_err << tr("nothing applied") << u'\n';
        return ExitFailure;
    }
    const std::unique_ptr<TargetBackend> backend = remote ? std::move(remote) : changeBackend(direct);
    return applyTrees(*backend, *placements, revertSeconds, hold, json, direct);
}

std::optional<QString> Cli::routeTarget(const QString &command, const QString &dev, bool direct, std::unique_ptr<TargetBackend> *remote, int *status)
{
    if (!SshTarget::isRemote(dev))
        return dev;
    *status = ExitUsage;
    QString error;
    const auto target = SshTarget::parse(dev, &error);
    if (!target) {
        printError(command, error);
        return std::nullopt;
    }
    if (direct) {
        printError(command, tr("--direct works on this host only; %1 is reached through its own helper").arg(target->host.toString()));
        return std::nullopt;
    }
    *status = ExitFailure;
    log().debug("{} target={}: opening ssh to {}", command.toStdString(), dev.toStdString(), target->host.toString().toStdString());
    auto link = SshLink::open(target->host, &error);
    if (!link) {
        printError(command, error);
        return std::nullopt;
    }
    if (link->remoteVersion() != QLatin1String(QS_VERSION))
        m_err << tr("note: %1 runs Qdisc Studio %2 and this is %3; their helper interfaces are the same")
                     .arg(target->host.toString(), link->remoteVersion(), QStringLiteral(QS_VERSION))
              << u'\n';
    m_remoteHost = SshTarget::Scheme.toString() + target->host.toString();
    *remote = std::make_unique<HelperBackend>(std::move(link));
    return target->target;
}

std::unique_ptr<TargetBackend> Cli::changeBackend(bool direct)
{
    if (!direct)
        return std::make_unique<HelperBackend>();
    // Not refused: a user namespace may grant CAP_NET_ADMIN. Its snapshots are the user's own, not root's.
    if (geteuid() != 0)
        m_err << tr("warning: not root: the kernel will refuse changes without CAP_NET_ADMIN, and the snapshots are this user's, "
                    "not those of root or the helper")
              << u'\n';
    return std::make_unique<DirectBackend>();
}

namespace {

/** Blocks until Ctrl-C, SIGTERM or SIGHUP and returns which; the command then ends normally (and its bus connection with it). */
int waitForTermination()
{
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGHUP);
    sigprocmask(SIG_BLOCK, &signals, nullptr);
    int received = 0;
    sigwait(&signals, &received);
    return received;
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

int Cli::applyTrees(TargetBackend &backend, const QList<Placement> &placements, unsigned revertSeconds, bool hold, bool json, bool direct)
{
    QStringList targets;
    QStringList transactions;
    for (const Placement &placement : placements) {
        const QString &target = placement.target;
        if (direct)
            log().debug("apply target={}: applying in this process (--direct), without the helper", target.toStdString());
        else
            log().debug("apply target={}: calling the helper (revertOnExit={}, revertAfterSeconds={})", target.toStdString(), hold, revertSeconds);
        if (placements.size() > 1 && !json)
            m_out << target << u':' << u'\n';
        const BackendApplyResult result = backend.applyAndWait(target, placement.tree, ApplyOptions{revertSeconds, hold});
        if (!reportChange(result, QStringLiteral("apply"), target, json))
            return ExitFailure;
        targets.append(target);
        transactions.append(result.transaction);
    }
    if (hold) {
        m_err << tr("holding the tree on %1; Ctrl-C puts back what was there").arg(targets.join(QStringLiteral(", "))) << u'\n';
        m_err.flush();
        log().info("apply target={} tx={}: holding until Ctrl-C, SIGTERM or SIGHUP", targets.join(u',').toStdString(), transactions.join(u',').toStdString());
        const int signal = waitForTermination();
        log().info("apply target={} tx={}: signal {}: ending, the helper puts back what was there", targets.join(u',').toStdString(),
                   transactions.join(u',').toStdString(), signal);
        return ExitOk;
    }
    return revertSeconds ? keepOrRevert(backend, targets, transactions, revertSeconds) : ExitOk;
}

int Cli::keepOrRevert(TargetBackend &backend, const QStringList &targets, const QStringList &transactions, unsigned revertSeconds)
{
    const std::string target = targets.join(u',').toStdString();
    const std::string tx = transactions.join(u',').toStdString();
    if (!isatty(STDIN_FILENO)) {
        // Another host's transaction is its helper's: confirm goes there.
        const QString where = m_remoteHost.isEmpty() ? QString() : QStringLiteral("--dev %1/%2 ").arg(m_remoteHost, targets.value(0));
        for (const QString &transaction : transactions)
            m_err << tr("the helper puts back what was there in %1 s unless `qdisc-studio confirm %2` keeps the change")
                         .arg(revertSeconds)
                         .arg(where + transaction)
                  << u'\n';
        return ExitOk;
    }
    //: the answer "y" is checked as it is: keep "y" in the translation
    m_err << tr("Keep this change? Without \"y\" within %1 s, what was there comes back. [y/N] ").arg(revertSeconds);
    m_err.flush();
    const auto answer = answerWithin(revertSeconds);
    if (!answer || answer->compare(QStringLiteral("y"), Qt::CaseInsensitive) != 0) {
        m_err << u'\n' << tr("not kept: the helper puts back what was there") << u'\n';
        log().info("apply target={} tx={}: not confirmed; the helper reverts it", target, tx);
        return ExitOk;
    }
    for (const QString &transaction : transactions) {
        QString error;
        if (!backend.confirmAndWait(transaction, &error)) {
            log().debug("apply target={} tx={}: confirming failed: {}", target, transaction.toStdString(), error.toStdString());
            printError(QStringLiteral("apply"), error);
            return ExitFailure;
        }
    }
    m_err << tr("kept") << u'\n';
    log().info("apply target={} tx={}: confirmed, kept", target, tx);
    return ExitOk;
}

bool Cli::reportChange(const BackendApplyResult &result, const QString &command, const QString &target, bool json)
{
    const std::string tx = result.transaction.isEmpty() ? std::string("none") : result.transaction.toStdString();
    if (result.ok)
        log().info("{} target={} tx={}: {} change(s)", command.toStdString(), target.toStdString(), tx, result.plan.size());
    else
        log().debug("{} target={} tx={}: refused after {} of {} change(s): {}", command.toStdString(), target.toStdString(), tx, result.done,
                    result.plan.size(), result.error.toStdString());
    if (json) {
        QJsonObject o{{QStringLiteral("ok"), result.ok}, {QStringLiteral("plan"), QJsonArray::fromStringList(result.plan)}};
        if (!result.transaction.isEmpty())
            o.insert(QStringLiteral("transaction"), result.transaction);
        if (!result.ok)
            o.insert(QStringLiteral("error"), result.error);
        m_out << QString::fromUtf8(QJsonDocument(o).toJson());
    } else {
        for (qsizetype i = 0; i < result.plan.size(); ++i)
            m_out << QStringLiteral("  ") << (i < result.done ? tr("done") : tr("not run")).leftJustified(8) << result.plan[i] << u'\n';
        if (result.plan.isEmpty() && result.ok)
            m_out << tr("nothing to do: the kernel already holds this tree") << u'\n';
    }
    if (result.ok)
        return true;
    printError(command, m_remoteHost.isEmpty() ? result.error : m_remoteHost + QStringLiteral(": ") + result.error);
    if (result.unreachable && m_remoteHost.isEmpty() && (command == u"apply" || command == u"clear"))
        m_err << tr("as root, --direct does it in this process, without the helper (with its snapshot, but no --hold or --revert-after)")
              << u'\n';
    return false;
}

int Cli::clear(const QStringList &arguments)
{
    return changeWithoutTree(QStringLiteral("clear"), arguments);
}

int Cli::restore(const QStringList &arguments)
{
    return changeWithoutTree(QStringLiteral("restore"), arguments);
}

int Cli::changeWithoutTree(const QString &command, const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, command, arguments))
        return *done;
    if (!parser.isSet(QStringLiteral("dev")) || !parser.positionalArguments().isEmpty())
        return usageError(command, tr("give --dev TARGET"));
    const bool direct = parser.isSet(QStringLiteral("direct"));
    std::unique_ptr<TargetBackend> remote;
    int routeStatus = ExitFailure;
    const auto routed = routeTarget(command, parser.value(QStringLiteral("dev")), direct, &remote, &routeStatus);
    if (!routed)
        return routeStatus;
    const QString target = *routed;
    if (direct)
        log().debug("{} target={}: working in this process (--direct), without the helper", command.toStdString(), target.toStdString());
    else
        log().debug("{} target={}: calling the helper", command.toStdString(), target.toStdString());
    const std::unique_ptr<TargetBackend> backend = remote ? std::move(remote) : changeBackend(direct);
    const BackendApplyResult result = command == u"clear" ? backend->clearAndWait(target) : backend->restoreAndWait(target);
    return reportChange(result, command, target, parser.isSet(QStringLiteral("json"))) ? ExitOk : ExitFailure;
}

int Cli::confirm(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("confirm"), arguments))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return usageError(QStringLiteral("confirm"), tr("give one TRANSACTION"));
    const QString transaction = parser.positionalArguments().first();
    log().debug("confirm tx={}: calling the helper", transaction.toStdString());
    // Only the helper outlives the command that made a change, so only it has changes waiting;
    // --dev ssh://HOST/… names another host's.
    std::unique_ptr<TargetBackend> remote;
    int routeStatus = ExitFailure;
    if (parser.isSet(QStringLiteral("dev")) && !routeTarget(QStringLiteral("confirm"), parser.value(QStringLiteral("dev")), false, &remote, &routeStatus))
        return routeStatus;
    const std::unique_ptr<TargetBackend> backend = remote ? std::move(remote) : changeBackend(false);
    QString error;
    if (!backend->confirmAndWait(transaction, &error)) {
        log().debug("confirm tx={}: refused: {}", transaction.toStdString(), error.toStdString());
        printError(QStringLiteral("confirm"), m_remoteHost.isEmpty() ? error : m_remoteHost + QStringLiteral(": ") + error);
        return ExitFailure;
    }
    m_err << tr("kept") << u'\n';
    log().info("confirm tx={}: kept", transaction.toStdString());
    return ExitOk;
}

int Cli::bridge(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, QStringLiteral("bridge"), arguments))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("bridge"), tr("takes no arguments"));
    const QString address = StdioBusBridge::systemBusAddress();
    if (parser.isSet(QStringLiteral("check"))) {
        QJsonObject check{{QStringLiteral("version"), QStringLiteral(QS_VERSION)},
                          {QStringLiteral("contract"), HelperClient::contract()},
                          {QStringLiteral("bus"), address}};
        {
            const QString name = QStringLiteral("qs-bridge-check");
            const QDBusConnection bus = QDBusConnection::connectToBus(address, name);
            if (!bus.isConnected()) {
                check.insert(QStringLiteral("busError"), bus.lastError().message());
            } else {
                const QDBusReply<bool> running = bus.interface()->isServiceRegistered(HelperBus::Service);
                const QDBusReply<QStringList> activatable = bus.interface()->activatableServiceNames();
                check.insert(QStringLiteral("helper"), running.isValid() && running.value() ? QStringLiteral("running")
                                                       : activatable.isValid() && activatable.value().contains(HelperBus::Service)
                                                           ? QStringLiteral("activatable")
                                                           : QStringLiteral("absent"));
            }
            QDBusConnection::disconnectFromBus(name);
        }
        m_out << QString::fromUtf8(QJsonDocument(check).toJson(QJsonDocument::Compact)) << u'\n';
        return ExitOk;
    }
    // The client's end may go at any moment: a write to it must fail, not kill the bridge unlogged.
    ::signal(SIGPIPE, SIG_IGN);
    StdioBusBridge bridge;
    QString error;
    if (!bridge.connectToBus(address, &error)) {
        printError(QStringLiteral("bridge"), error);
        return ExitFailure;
    }
    log().debug("bridge: joined the system bus at {}", address.toStdString());
    const QString why = bridge.run(STDIN_FILENO, STDOUT_FILENO, HelperBus::RemoteSilenceMs);
    log().debug("bridge: ended: {}", why.toStdString());
    return ExitOk;
}

} // namespace qs
