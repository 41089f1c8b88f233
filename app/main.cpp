#include "cli.h"

#include "backendlog.h"
#include "directbackend.h"
#include "helperbackend.h"
#include "log/logging.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <cstring>
#include <memory>
#include <unistd.h>
#include <vector>

namespace {

void describeApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("qdisc-studio"));
    QCoreApplication::setApplicationName(QStringLiteral("qdisc-studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(QS_VERSION));
}

/**
 * The command line without --verbose, which counts wherever it stands (before or after the
 * subcommand) up to a "--": what follows "--" is an argument, never an option. Removing it here
 * keeps it away from Qt's own option parsing and from every subcommand's parser.
 */
std::vector<char *> withoutVerbose(int argc, char **argv, bool *verbose)
{
    std::vector<char *> kept;
    bool afterDashDash = false;
    for (int i = 0; i < argc; ++i) {
        if (!afterDashDash && i > 0 && std::strcmp(argv[i], "--verbose") == 0) {
            *verbose = true;
            continue;
        }
        if (i > 0 && std::strcmp(argv[i], "--") == 0)
            afterDashDash = true;
        kept.push_back(argv[i]);
    }
    kept.push_back(nullptr); // argv[argc] is a null pointer, as Qt expects
    return kept;
}

/**
 * A subcommand, --help or --version runs headless: no display needed, no window flashes. Other
 * dash options are Qt's own (-platform, -style) and go to the window.
 */
bool wantsCli(int argc, char **argv)
{
    if (argc < 2)
        return false;
    const QString first = QString::fromLocal8Bit(argv[1]);
    return qs::Cli::isSubcommand(first) || !first.startsWith(u'-') || first == u"--help" || first == u"-h" ||
           first == u"--version" || first == u"-v";
}

/** Lines go to stderr: warnings and errors always, every step with --verbose. Qt's own messages too. */
void setUpLogging(bool verbose)
{
    qs::log::toStderr(verbose ? spdlog::level::debug : spdlog::level::warn);
    qs::log::forwardQtMessages();
}

/** Installs @p translator if it @p loaded; says which for --verbose, as a missing file is no error. */
void installIfLoaded(QCoreApplication &app, std::unique_ptr<QTranslator> translator, bool loaded, const QString &file,
                     const std::string &logPart)
{
    qs::log::get(logPart)->debug("translations {} for {}: {}", file.toStdString(), QLocale().name().toStdString(), loaded ? "loaded" : "none");
    if (!loaded)
        return;
    translator->setParent(&app); // the application owns it from here on
    QCoreApplication::installTranslator(translator.release());
}

void installTranslator(QCoreApplication &app, const QString &name, const QString &directory, const std::string &logPart)
{
    auto translator = std::make_unique<QTranslator>();
    const bool loaded = translator->load(QLocale(), name, QStringLiteral("_"), directory);
    installIfLoaded(app, std::move(translator), loaded, directory + u'/' + name + QStringLiteral("_*.qm"), logPart);
}

/**
 * Ours and Qt's own (QCommandLineParser's errors, the dialogs' buttons), in the user's language.
 * Before any text is built: help texts and widgets are translated when they are made. The last
 * installed is asked first, so the compiled-in English plural forms ("1 error", "3 errors",
 * resources/translations) only answer where no translation for the user's language does.
 */
void installTranslators(QCoreApplication &app, const std::string &logPart)
{
    auto english = std::make_unique<QTranslator>();
    const QString englishFile = QStringLiteral(":/i18n/qdisc-studio_en.qm");
    const bool loaded = english->load(englishFile);
    installIfLoaded(app, std::move(english), loaded, englishFile, logPart);
    installTranslator(app, QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath), logPart);
    installTranslator(app, QStringLiteral("qdisc-studio"), QStringLiteral(QS_TRANSLATIONS_DIR), logPart);
}

/**
 * Changes go through the helper on the system bus. Where no system bus runs (a container, a bare
 * server) and we are root, the engine runs in this process instead, with the same safety rules.
 */
std::unique_ptr<qs::TargetBackend> chooseBackend()
{
    QDBusConnection bus = QDBusConnection::systemBus();
    std::unique_ptr<qs::TargetBackend> backend;
    if (!bus.isConnected() && geteuid() == 0)
        backend = std::make_unique<qs::DirectBackend>();
    else
        backend = std::make_unique<qs::HelperBackend>(bus);
    qs::logBackendActivity(*backend);
    return backend;
}

int runCli(int &argc, char **argv)
{
    QCoreApplication app(argc, argv);
    describeApplication();
    installTranslators(app, "cli");
    QTextStream out(stdout);
    QTextStream err(stderr);
    const int status = qs::Cli(out, err).run(app.arguments().mid(1));
    out.flush();
    err.flush();
    return status;
}

/** The name the desktop file, the AppStream metadata and the icon share. */
constexpr QLatin1String AppId{"org.qdiscstudio.QdiscStudio"};

int runWindow(int &argc, char **argv)
{
    QApplication app(argc, argv);
    describeApplication();
    installTranslators(app, "window");
    QApplication::setApplicationDisplayName(QStringLiteral("Qdisc Studio"));
    // Wayland compositors and the taskbar find the icon and the name through the desktop file.
    QGuiApplication::setDesktopFileName(AppId);
    // The installed theme icon where there is one; the compiled-in copy otherwise (a build tree).
    QApplication::setWindowIcon(QIcon::fromTheme(AppId, QIcon(QStringLiteral(":/icons/org.qdiscstudio.QdiscStudio-256.png"))));
    qs::MainWindow window(chooseBackend());
    window.show();
    if (qEnvironmentVariableIsSet("QS_QUIT_WHEN_SHOWN")) // bench_startup: the time to a shown window
        QTimer::singleShot(0, &app, [&window] {
            QCoreApplication::processEvents();
            if (window.isVisible())
                QCoreApplication::quit();
        });
    return app.exec();
}

} // namespace

int main(int argc, char **argv)
{
    bool verbose = false;
    std::vector<char *> arguments = withoutVerbose(argc, argv, &verbose);
    int count = int(arguments.size()) - 1;
    setUpLogging(verbose);
    return wantsCli(count, arguments.data()) ? runCli(count, arguments.data()) : runWindow(count, arguments.data());
}
