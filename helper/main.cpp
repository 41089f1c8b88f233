// qdisc-studio-helper: the root D-Bus service through which every change reaches the kernel.
// Started by D-Bus activation (resources/dbus), it exits when idle with nothing to watch.

#include "auditlog.h"
#include "busconnection.h"
#include "helperbus.h"
#include "helperobject.h"
#include "helperservice.h"
#include "log/logging.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <malloc.h>
#include <sys/signalfd.h>
#include <unistd.h>

namespace {

/** SIGTERM and SIGINT as events of the Qt loop (signalfd: no handler runs in signal context). */
int blockTerminationSignals()
{
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigprocmask(SIG_BLOCK, &signals, nullptr);
    return signalfd(-1, &signals, SFD_CLOEXEC | SFD_NONBLOCK);
}

/**
 * Any local user may send the helper messages of up to 32 MiB (the bus's limit), whatever it
 * accepts: a flood of them must pass quickly. Large blocks are reused instead of being mapped
 * and zeroed afresh for every message read.
 */
void reuseLargeBlocks()
{
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 16 * 1024 * 1024);
}

} // namespace

int main(int argc, char *argv[])
{
    reuseLargeBlocks();
    const int signalFd = blockTerminationSignals();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("qdisc-studio-helper"));
    QCoreApplication::setApplicationVersion(QStringLiteral(QS_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The privileged D-Bus service of Qdisc Studio (%1 on the system bus).").arg(qs::HelperBus::Service));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption idleTimeout(QStringLiteral("idle-timeout"),
                                         QStringLiteral("Exit after SECONDS without requests when nothing is pending or watched (0: never). Default 60."),
                                         QStringLiteral("SECONDS"), QStringLiteral("60"));
    const QCommandLineOption stateDir(QStringLiteral("state-dir"), QStringLiteral("Where snapshots are kept. Default /run/qdisc-studio."),
                                      QStringLiteral("DIR"), QStringLiteral("/run/qdisc-studio"));
    const QCommandLineOption logTo(QStringLiteral("log"),
                                   QStringLiteral("Where log and audit lines go: syslog (the journal on systemd machines), stderr, or auto "
                                                  "(syslog when /dev/log exists, else stderr). Default auto."),
                                   QStringLiteral("WHERE"), QStringLiteral("auto"));
    const QCommandLineOption verbose(QStringLiteral("verbose"), QStringLiteral("Log debug lines too."));
    const QCommandLineOption ownerless(QStringLiteral("max-ownerless-playback"),
                                       QStringLiteral("Seconds a scenario playback asked to go on without its client plays on once that client "
                                                      "left, before it is stopped as its onAbort says (default %1).")
                                           .arg(qs::HelperBus::DefaultOwnerlessPlaybackSeconds),
                                       QStringLiteral("SECONDS"), QString::number(qs::HelperBus::DefaultOwnerlessPlaybackSeconds));
    parser.addOptions({idleTimeout, stateDir, logTo, verbose, ownerless});
    parser.process(app);

    const QString where = parser.value(logTo);
    if (where != u"auto" && where != u"syslog" && where != u"stderr") {
        std::fprintf(stderr, "qdisc-studio-helper: --log takes auto, syslog or stderr, not \"%s\"\n", qPrintable(where));
        return 2;
    }
    const auto level = parser.isSet(verbose) ? spdlog::level::debug : spdlog::level::info;
    if (where == u"syslog" || (where == u"auto" && qs::log::syslogAvailable()))
        qs::log::toSyslog("qdisc-studio-helper", level);
    else
        qs::log::toStderr(level);
    qs::log::forwardQtMessages();

    auto log = qs::helperLog();
    bool numberOk = false;
    const int idleSeconds = parser.value(idleTimeout).toInt(&numberOk);
    if (!numberOk || idleSeconds < 0) {
        log->error("--idle-timeout needs a whole number of seconds, not \"{}\"", parser.value(idleTimeout).toStdString());
        return 2;
    }
    const int ownerlessSeconds = parser.value(ownerless).toInt(&numberOk);
    if (!numberOk || ownerlessSeconds < 1 || ownerlessSeconds > qs::HelperBus::DefaultOwnerlessPlaybackSeconds) {
        log->error("--max-ownerless-playback needs a whole number of seconds, 1…{}, not \"{}\"", qs::HelperBus::DefaultOwnerlessPlaybackSeconds,
                   parser.value(ownerless).toStdString());
        return 2;
    }
    if (geteuid() != 0)
        log->warn("not running as root: the kernel will refuse every change");

    QString error;
    std::unique_ptr<qs::BusConnection> bus = qs::BusConnection::openSystemBus(&qs::HelperObject::callRefusal, &error);
    if (!bus) {
        log->error("{}", error.toStdString());
        return 1;
    }
    qs::HelperService::Settings settings;
    settings.idleTimeoutMs = idleSeconds * 1000;
    settings.ownerlessPlaybackMs = ownerlessSeconds * 1000;
    settings.stateDirectory = parser.value(stateDir);
    qs::HelperService service(*bus, settings);
    qs::HelperObject object(*bus, service);
    if (!object.install(&error)) {
        log->error("cannot serve {} on the system bus: {}", std::string(qs::HelperBus::Path.data()), error.toStdString());
        return 1;
    }
    // Registered last: a client activated us and waits for the name, and everything must be ready.
    if (!bus->requestName(qs::HelperBus::Service, &error)) {
        log->error("cannot own {}: {} (another helper runs, or the D-Bus policy file is not installed)",
                   std::string(qs::HelperBus::Service.data()), error.toStdString());
        return 1;
    }
    // Only now is it sure that no other helper runs on this bus, whose labs these could be; no
    // call is served before the event loop starts, so no client can own a lab yet.
    service.removeLeftoverLabs();
    log->info("qdisc-studio-helper {} ready on the system bus (snapshots in {})", QS_VERSION, settings.stateDirectory.toStdString());

    QObject::connect(&service, &qs::HelperService::idle, &app, [&] {
        log->info("idle with nothing pending or watched: exiting");
        // The name goes first: a call racing the exit then activates a new helper instead of
        // getting no reply; calls already queued to this one are still answered.
        bus->releaseName(qs::HelperBus::Service);
        QTimer::singleShot(100, &app, [&] {
            QString again;
            if (service.isIdle())
                app.quit();
            else if (!bus->requestName(qs::HelperBus::Service, &again))
                log->error("cannot own {} again after a call arrived while exiting: {}", std::string(qs::HelperBus::Service.data()),
                           again.toStdString());
        });
    });
    // Without the bus every client is gone too: what was promised to them is kept, then the helper ends.
    QObject::connect(bus.get(), &qs::BusConnection::disconnected, &app, [&](const QString &why) {
        log->error("lost the system bus ({}): putting back every promised tree, removing the demo labs, then exiting", why.toStdString());
        service.revertEverythingPromised();
        service.removeAllLabs();
        app.exit(1);
    });
    QSocketNotifier terminate(signalFd, QSocketNotifier::Read);
    QObject::connect(&terminate, &QSocketNotifier::activated, &app, [&] {
        signalfd_siginfo info{};
        [[maybe_unused]] const ssize_t got = read(signalFd, &info, sizeof(info));
        log->info("signal {}: putting back every promised tree, removing the demo labs, then exiting", info.ssi_signo);
        service.revertEverythingPromised();
        service.removeAllLabs();
        app.quit();
    });
    const int status = app.exec();
    bus->releaseName(qs::HelperBus::Service);
    return status;
}
