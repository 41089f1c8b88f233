#include "cli.h"

#include "directbackend.h"
#include "helperbackend.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QTimer>

#include <cstdio>
#include <unistd.h>

namespace {

void describeApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("qdisc-studio"));
    QCoreApplication::setApplicationName(QStringLiteral("qdisc-studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(QS_VERSION));
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

/**
 * Changes go through the helper on the system bus. Where no system bus runs (a container, a bare
 * server) and we are root, the engine runs in this process instead, with the same safety rules.
 */
std::unique_ptr<qs::TargetBackend> chooseBackend()
{
    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected() && geteuid() == 0)
        return std::make_unique<qs::DirectBackend>();
    return std::make_unique<qs::HelperBackend>(bus);
}

} // namespace

int main(int argc, char **argv)
{
    if (wantsCli(argc, argv)) {
        QCoreApplication app(argc, argv);
        describeApplication();
        QTextStream out(stdout);
        QTextStream err(stderr);
        const int status = qs::Cli(out, err).run(app.arguments().mid(1));
        out.flush();
        err.flush();
        return status;
    }
    QApplication app(argc, argv);
    describeApplication();
    QApplication::setApplicationDisplayName(QStringLiteral("Qdisc Studio"));
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
