#include "cli.h"

#include "backendlog.h"
#include "directbackend.h"
#include "helperavailability.h"
#include "helperbackend.h"
#include "hostsbackend.h"
#include "log/logging.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDBusConnection>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QSocketNotifier>
#include <QTimer>
#include <QTranslator>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
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

/** The backend the window uses and, when it is not the helper, why, in words for the status bar. */
struct BackendChoice
{
    std::unique_ptr<qs::TargetBackend> backend;
    QString note;
};

/**
 * Changes go through the helper on the system bus. Where no system bus runs (a container, a bare
 * server) and we are root, the engine runs in this process instead, with the same safety rules;
 * so it does for root when the bus cannot start the helper (a build tree never installed), as
 * the helper would only answer "not found". Without root it is the helper, reachable or not: the
 * window then says what is missing.
 */
BackendChoice chooseBackend()
{
    QDBusConnection bus = QDBusConnection::systemBus();
    BackendChoice choice;
    const bool root = geteuid() == 0;
    if (root && !bus.isConnected()) {
        choice.backend = std::make_unique<qs::DirectBackend>();
        //: status bar: where changes go, when no system bus runs (containers, CI machines)
        choice.note = QCoreApplication::translate("qs::main", "in-process engine (running as root, no system bus)");
    } else if (root && !qs::helperOnBus(bus)) {
        choice.backend = std::make_unique<qs::DirectBackend>();
        //: status bar: where changes go, when the helper is not installed (a build tree)
        choice.note = QCoreApplication::translate("qs::main", "in-process engine (running as root, no helper installed on the system bus)");
    } else {
        choice.backend = std::make_unique<qs::HelperBackend>(bus);
        if (!bus.isConnected())
            //: status bar: changes cannot reach the kernel; the helper lives on the system bus
            choice.note = QCoreApplication::translate("qs::main", "helper not reachable: no system bus runs");
    }
    qs::log::get("window")->info("changes go through: {}", (choice.note.isEmpty() ? choice.backend->describe() : choice.note).toStdString());
    qs::logBackendActivity(*choice.backend);
    return choice;
}

/** --demo, anywhere before a "--": the window opens on the demo lab. */
bool wantsDemo(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0)
            return false;
        if (std::strcmp(argv[i], "--demo") == 0)
            return true;
    }
    return false;
}

/** --target TARGET or --target=TARGET, before a "--": the window opens on that target. */
struct TargetOption
{
    QString target;
    bool missingValue = false;
};

TargetOption targetOption(int argc, char **argv)
{
    TargetOption option;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0)
            break;
        if (std::strcmp(argv[i], "--target") == 0) {
            if (i + 1 >= argc || argv[i + 1][0] == '\0' || std::strcmp(argv[i + 1], "--") == 0)
                option.missingValue = true;
            else
                option.target = QString::fromLocal8Bit(argv[i + 1]);
            return option;
        }
        if (std::strncmp(argv[i], "--target=", 9) == 0) {
            option.target = QString::fromLocal8Bit(argv[i] + 9);
            option.missingValue = option.target.isEmpty();
            return option;
        }
    }
    return option;
}

int signalPipe[2] = {-1, -1};

void onQuitSignal(int signal)
{
    const char byte = char(signal);
    [[maybe_unused]] const ssize_t written = ::write(signalPipe[1], &byte, 1);
}

/**
 * SIGTERM, SIGINT and SIGHUP close the window as its close button does, so what it promised
 * happens before the process ends: the demo lab goes, trees are put back (in-process engine).
 * The handler only writes a byte to a pipe; the event loop does the rest.
 */
void closeOnQuitSignals(QWidget *window)
{
    if (::pipe2(signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    auto *notifier = new QSocketNotifier(signalPipe[0], QSocketNotifier::Read, window);
    QObject::connect(notifier, &QSocketNotifier::activated, window, [window] {
        char byte = 0;
        while (::read(signalPipe[0], &byte, 1) == 1) {
        }
        qs::log::get("window")->info("signal {}: closing the window", int(byte));
        window->close();
        QCoreApplication::quit();
    });
    struct sigaction action = {};
    action.sa_handler = onQuitSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : {SIGTERM, SIGINT, SIGHUP})
        sigaction(signal, &action, nullptr);
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
    const bool demo = wantsDemo(argc, argv);
    const TargetOption target = targetOption(argc, argv);
    if (target.missingValue) {
        //: the window's command line; keep --target as it is
        std::fprintf(stderr, "qdisc-studio: %s\n", qPrintable(QCoreApplication::translate("qs::main", "--target needs a TARGET (see qdisc-studio targets)")));
        return 2;
    }
    if (demo && !target.target.isEmpty()) {
        std::fprintf(stderr, "qdisc-studio: %s\n", qPrintable(QCoreApplication::translate("qs::main", "--demo and --target cannot go together")));
        return 2;
    }
    BackendChoice choice = chooseBackend();
    // This machine's way to the kernel, and the hosts the window reaches over ssh.
    qs::MainWindow window(std::make_unique<qs::HostsBackend>(std::move(choice.backend)));
    if (!choice.note.isEmpty())
        window.setBackendNote(choice.note);
    window.setManualSource(&qs::Cli::manualText);
    closeOnQuitSignals(&window);
    window.show();
    if (demo)
        window.startDemo();
    int status = 0;
    if (!target.target.isEmpty()) {
        QObject::connect(&window, &qs::MainWindow::targetUnknown, &app, [&status, &app](const QString &, const QString &message) {
            std::fprintf(stderr, "qdisc-studio: %s\n", qPrintable(message));
            status = 1;
            QTimer::singleShot(0, &app, &QCoreApplication::quit); // the list may come before exec()
        });
        window.openTargetWhenListed(target.target);
    }
    if (qEnvironmentVariableIsSet("QS_QUIT_WHEN_SHOWN")) // bench_startup: the time to a shown window
        QTimer::singleShot(0, &app, [&window] {
            QCoreApplication::processEvents();
            if (window.isVisible())
                QCoreApplication::quit();
        });
    const int exitCode = app.exec();
    return status != 0 ? status : exitCode;
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
