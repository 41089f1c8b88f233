// The "big trees" acceptance figures (issue 16): the window on an htb tree of 10 000 classes and
// 2 000 u32 filters (or 50 000 classes across several htb qdiscs) keeps memory, CPU and the event
// loop flat, beside what `tc` and the CLI take to read the same tree.
//
// Root. A namespace of its own with a veth pair (198.18.0.0/15, reserved for benchmarking); the
// tree is built with `tc -batch` from a generated file; a child process inside the namespace
// offers UDP load to a few classes (two of them above their rate, so they drop). The window is
// the real MainWindow with an in-process engine (DirectBackend), offscreen, opened the way
// `qdisc-studio --target TARGET` opens it (MainWindow::openTargetWhenListed()), at the default
// statistics interval. Measured:
//   - click to tree shown: from openTargetWhenListed() to the first paint of the tree view
//     after the model holds the tree;
//   - selecting a class deep in the tree: setCurrentIndex() to the editor and chart shown;
//   - RSS at minute 1 and at the end, CPU of this process averaged over the run (the traffic
//     runs in another process);
//   - event-loop latency (a 5 ms probe timer's lateness) while the tree is scrolled and
//     filtered (the first 20 s of every minute), and while idle;
//   - closing the window while a statistics dump is in flight.
// Then the reference: `tc -s class show`, and the CLI's `stats` and `show` on the same target.
//
//   bench_bigtree [--minutes 10] [--classes 10000] [--filters 2000] [--seconds S]
#include "directbackend.h"
#include "benchprobes.h"
#include "labnamespace.h"
#include "mainwindow.h"
#include "statspoller.h"
#include "treemodel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <QTimer>
#include <QTreeView>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

using namespace qs;
using namespace qs::bench;

namespace {

constexpr int ProbeIntervalMs = 5;
constexpr int BasePort = 5000;
constexpr int ClassesPerQdisc = 10'000;



double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

/** Class i's id: under 1:1 for the first 10 000, then under htb qdiscs 2:, 3:, … in slots 1:f00N. */
TcHandle classId(int i)
{
    const int group = i / ClassesPerQdisc;
    return TcHandle::make(quint16(group == 0 ? 1 : group + 1), quint16(0x10 + i % ClassesPerQdisc));
}

/** The tc -batch file: htb 1: with 1:1, the classes (several qdiscs beyond 10 000), the filters. */
QByteArray batchFile(int classes, int filters)
{
    QByteArray out;
    out += "qdisc add dev v0 root handle 1: htb default 1\n";
    out += "class add dev v0 parent 1: classid 1:1 htb rate 10gbit\n";
    const int groups = (classes + ClassesPerQdisc - 1) / ClassesPerQdisc;
    for (int g = 1; g < groups; ++g) {
        out += QStringLiteral("class add dev v0 parent 1: classid 1:f%1 htb rate 1gbit\n").arg(g, 3, 16, QLatin1Char('0')).toLatin1();
        out += QStringLiteral("qdisc add dev v0 parent 1:f%1 handle %2: htb\n").arg(g, 3, 16, QLatin1Char('0')).arg(g + 1, 0, 16).toLatin1();
        out += QStringLiteral("class add dev v0 parent %1: classid %1:1 htb rate 1gbit\n").arg(g + 1, 0, 16).toLatin1();
    }
    for (int i = 0; i < classes; ++i) {
        const TcHandle id = classId(i);
        const QString parent = QStringLiteral("%1:1").arg(id.major(), 0, 16);
        // The classes that get traffic: 1:10 and 1:11 at 1mbit (they drop), the others 2–9mbit.
        const int mbit = i < 2 ? 1 : 2 + i % 8;
        out += QStringLiteral("class add dev v0 parent %1 classid %2 htb rate %3mbit\n").arg(parent, id.toString()).arg(mbit).toLatin1();
    }
    for (int i = 0; i < filters && i < classes; ++i)
        out += QStringLiteral("filter add dev v0 parent 1: protocol ip prio 1 u32 match ip dport %1 0xffff flowid %2\n")
                   .arg(BasePort + i)
                   .arg(classId(i).toString())
                   .toLatin1();
    return out;
}

/** A child process in the namespace offering UDP load to ports BasePort … BasePort + 7. */
pid_t startTraffic(const QString &netns)
{
    const QByteArray path = "/run/netns/" + netns.toUtf8(); // before fork(): the child only makes system calls
    const pid_t pid = fork();
    if (pid != 0)
        return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    const int nsFd = open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (nsFd < 0 || setns(nsFd, CLONE_NEWNET) != 0)
        _exit(1);
    const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    inet_pton(AF_INET, "198.18.0.2", &to.sin_addr);
    char payload[1000] = {};
    // 8 classes at 2 Mbit/s each offered (1:10 and 1:11 have 1 Mbit/s: they queue and drop).
    for (;;) {
        for (int burst = 0; burst < 25; ++burst) { // 25 packets per class every 100 ms = 2 Mbit/s
            for (int i = 0; i < 8; ++i) {
                to.sin_port = htons(quint16(BasePort + i));
                sendto(fd, payload, sizeof(payload), MSG_DONTWAIT, reinterpret_cast<const sockaddr *>(&to), sizeof(to));
            }
        }
        usleep(100'000);
    }
}

/** Wall time of a command, median of @p runs. */
double commandMs(const QString &program, const QStringList &arguments, int runs, QString *failure)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        QProcess process;
        QElapsedTimer timer;
        timer.start();
        process.start(program, arguments);
        if (!process.waitForFinished(120'000) || process.exitCode() != 0) {
            *failure = program + u' ' + arguments.join(u' ') + QStringLiteral(": ") + QString::fromLocal8Bit(process.readAllStandardError());
            return -1;
        }
        process.readAllStandardOutput();
        times.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    return median(times);
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (geteuid() != 0) {
        std::fprintf(stderr, "bench_bigtree needs root: it builds a namespace of its own\n");
        return 1;
    }
    QApplication app(argc, argv);
    qs::test::NamespaceRegistry::removeAllOnSignals(); // Ctrl+C leaves no namespace behind
    QStandardPaths::setTestModeEnabled(true); // the window's settings go to a test location
    auto lab = std::make_unique<test::LabNamespace>(QStringLiteral("qs-bench-big"));
    if (!lab->ok() || !lab->addVethPair(QStringLiteral("v0"), QStringLiteral("v1")) ||
        !lab->ip({QStringLiteral("addr"), QStringLiteral("add"), QStringLiteral("198.18.0.1/24"), QStringLiteral("dev"), QStringLiteral("v0")}).ok() ||
        !lab->ip({QStringLiteral("neigh"), QStringLiteral("add"), QStringLiteral("198.18.0.2"), QStringLiteral("lladdr"),
                  QStringLiteral("02:00:00:00:00:02"), QStringLiteral("dev"), QStringLiteral("v0")})
             .ok()) {
        std::fprintf(stderr, "cannot build the namespace\n");
        return 1;
    }

    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption minutesOption(QStringLiteral("minutes"), QStringLiteral("Run time (default 10)."), QStringLiteral("m"), QStringLiteral("10"));
    const QCommandLineOption secondsOption(QStringLiteral("seconds"), QStringLiteral("Run time in seconds (overrides --minutes)."), QStringLiteral("s"));
    const QCommandLineOption classesOption(QStringLiteral("classes"), QStringLiteral("htb classes (default 10000; beyond 10 000 across several htb qdiscs)."),
                                           QStringLiteral("n"), QStringLiteral("10000"));
    const QCommandLineOption filtersOption(QStringLiteral("filters"), QStringLiteral("u32 filters (default 2000)."), QStringLiteral("n"), QStringLiteral("2000"));
    const QCommandLineOption appOption(QStringLiteral("app"), QStringLiteral("qdisc-studio for the CLI reference."), QStringLiteral("path"),
                                       QStringLiteral(QS_APP_PATH));
    parser.addOptions({minutesOption, secondsOption, classesOption, filtersOption, appOption});
    parser.process(app);
    const int seconds = parser.isSet(secondsOption) ? parser.value(secondsOption).toInt() : parser.value(minutesOption).toInt() * 60;
    const int classes = std::clamp(parser.value(classesOption).toInt(), 10, 300'000);
    const int filters = std::clamp(parser.value(filtersOption).toInt(), 0, classes);
    const QString target = lab->target(QStringLiteral("v0"));

    // The tree, with tc -batch.
    QTemporaryFile batch;
    if (!batch.open() || batch.write(batchFile(classes, filters)) < 0 || !batch.flush()) {
        std::fprintf(stderr, "cannot write the batch file\n");
        return 1;
    }
    QElapsedTimer buildTimer;
    buildTimer.start();
    const auto built = test::runCommand(QStringLiteral("tc"), {QStringLiteral("-n"), lab->name(), QStringLiteral("-batch"), batch.fileName()}, 900'000);
    if (!built.ok()) {
        std::fprintf(stderr, "tc -batch failed: %s\n", qPrintable(built.err));
        return 1;
    }
    const double buildS = double(buildTimer.elapsed()) / 1000.0;
    const pid_t traffic = startTraffic(lab->name());
    std::printf("bench_bigtree: htb with %d classes (+%d inner) and %d u32 filters on %s, built with tc -batch in %.1f s; %d s run\n",
                classes, 1 + 2 * ((classes - 1) / ClassesPerQdisc), filters, qPrintable(target), buildS, seconds);
    std::fflush(stdout);

    // The window, opened as qdisc-studio --target opens it.
    const double rssBeforeWindow = rssMb();
    auto window = std::make_unique<MainWindow>(std::make_unique<DirectBackend>());
    window->show();
    auto *tree = window->findChild<QTreeView *>(QStringLiteral("tree"));
    auto *filterBox = window->findChild<QLineEdit *>(QStringLiteral("treeFilter"));
    QElapsedTimer clock;
    clock.start();
    qint64 openedNs = -1;
    qint64 shownNs = -1;
    bool resetSeen = false;
    QObject::connect(window->treeModel(), &QAbstractItemModel::modelReset, [&] { resetSeen = window->treeModel()->rowCount() > 0; });
    struct PaintWatch : QObject
    {
        std::function<void()> onPaint;
        bool eventFilter(QObject *, QEvent *event) override
        {
            if (event->type() == QEvent::Paint && onPaint)
                QTimer::singleShot(0, this, [this] { if (onPaint) onPaint(); }); // after the paint
            return false;
        }
    } watch;
    watch.onPaint = [&] {
        if (resetSeen && shownNs < 0)
            shownNs = clock.nsecsElapsed();
    };
    tree->viewport()->installEventFilter(&watch);
    QTimer::singleShot(0, &app, [&] {
        openedNs = clock.nsecsElapsed();
        window->openTargetWhenListed(target);
    });
    while (shownNs < 0 && clock.elapsed() < 120'000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    if (shownNs < 0) {
        std::fprintf(stderr, "the tree was not shown within 2 minutes\n");
        kill(traffic, SIGKILL);
        return 1;
    }
    const double shownMs = double(shownNs - openedNs) / 1e6;
    const int rows = window->treeModel()->rowCount();
    std::printf("click to tree shown: %.0f ms (%lld classes in the model, %d top rows)\n", shownMs,
                qlonglong(window->tree().classes.size()), rows);

    // Selecting classes deep in the tree: editor and chart at once.
    const QModelIndex classesParent = window->treeModel()->index(0, 0, window->treeModel()->index(0, 0)); // class 1:1
    const int leafRows = window->treeModel()->rowCount(classesParent);
    std::vector<double> selectMs;
    for (int i = 0; i < 20 && leafRows > 0; ++i) {
        const QModelIndex index = window->treeModel()->index((leafRows / 21) * (i + 1), 0, classesParent);
        QElapsedTimer timer;
        timer.start();
        tree->setCurrentIndex(index);
        tree->scrollTo(index);
        QCoreApplication::processEvents(); // the editor, the chart and the tree repainted
        selectMs.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::printf("select a class (of %d under 1:1): median %.1f ms, max %.1f ms\n", leafRows, median(selectMs),
                selectMs.empty() ? 0.0 : *std::max_element(selectMs.begin(), selectMs.end()));
    std::fflush(stdout);

    // The run: scrolling and filtering in the first 20 s of every minute, idle otherwise.
    LatencyHistogram busyLatency;
    LatencyHistogram idleLatency;
    qint64 lastProbeNs = 0;
    const qint64 runStartNs = clock.nsecsElapsed();
    const auto inInteraction = [&] { return ((clock.nsecsElapsed() - runStartNs) / 1'000'000'000) % 60 < 20; };
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (lastProbeNs > 0)
            (inInteraction() ? busyLatency : idleLatency).add(double(now - lastProbeNs - ProbeIntervalMs * 1'000'000) / 1e6);
        lastProbeNs = now;
    });
    probe.start(ProbeIntervalMs);

    // A page down every 100 ms (to the end and back), a filter typed a key at a time every 5 s.
    const QStringList filterTexts{QStringLiteral("1:2a"), QStringLiteral("9mbit"), QStringLiteral("htb"), QStringLiteral("class 1:10")};
    int scrollDirection = 1;
    int typed = 0;
    quint64 scrollSteps = 0;
    quint64 filterChanges = 0;
    QTimer interaction;
    QObject::connect(&interaction, &QTimer::timeout, [&] {
        if (!inInteraction()) {
            if (!filterBox->text().isEmpty())
                filterBox->clear();
            return;
        }
        QScrollBar *bar = tree->verticalScrollBar();
        if (bar->value() >= bar->maximum())
            scrollDirection = -1;
        else if (bar->value() <= bar->minimum())
            scrollDirection = 1;
        bar->setValue(bar->value() + scrollDirection * bar->pageStep());
        ++scrollSteps;
        const qint64 tick = (clock.nsecsElapsed() - runStartNs) / 100'000'000; // 100 ms ticks
        if (tick % 50 < 12) { // type one key every 200 ms for the first 1.2 s of every 5 s
            if (tick % 2 == 0) {
                const QString text = filterTexts.at(int(tick / 50) % filterTexts.size());
                typed = std::min(typed + 1, int(text.size()));
                filterBox->setText(text.left(typed));
                ++filterChanges;
            }
        } else if (typed > 0) {
            typed = 0;
            filterBox->clear();
            ++filterChanges;
        }
    });
    interaction.start(100);

    double rssMinute1 = 0;
    double cpuAtStart = cpuSeconds();
    double cpuIdle = 0;
    double idleSeconds = 0;
    double cpuMark = cpuAtStart;
    int elapsed = 0;
    QTimer second;
    QObject::connect(&second, &QTimer::timeout, [&] {
        ++elapsed;
        const double cpu = cpuSeconds();
        // A second that was idle all through (not the first of a busy stretch's end).
        const int inMinute = elapsed % 60;
        if (inMinute > 21 || inMinute == 0) {
            cpuIdle += cpu - cpuMark;
            idleSeconds += 1;
        }
        cpuMark = cpu;
        if (elapsed == 60)
            rssMinute1 = rssMb();
        if (elapsed % 30 == 0) {
            std::printf("[%4d s] RSS %.1f MB, interval %d ms, polls %llu, CPU so far %.1f %%, busy p99 %.1f ms, idle p99 %.1f ms\n", elapsed, rssMb(),
                        window->poller()->interval(), qulonglong(window->poller()->dumpCount()), (cpu - cpuAtStart) / elapsed * 100.0,
                        busyLatency.total() ? busyLatency.percentile(99) : 0.0, idleLatency.total() ? idleLatency.percentile(99) : 0.0);
            std::fflush(stdout);
        }
        if (elapsed >= seconds)
            app.quit();
    });
    second.start(1000);
    const quint64 pollsAtStart = window->poller()->dumpCount();
    app.exec();
    const double cpu = cpuSeconds() - cpuAtStart;
    const double rssEnd = rssMb();
    if (rssMinute1 == 0)
        rssMinute1 = rssEnd;
    const quint64 polls = window->poller()->dumpCount() - pollsAtStart;
    const qsizetype historyBytes = window->poller()->historyBytes();
    const qsizetype nodes = window->poller()->nodeCount();
    const int intervalMs = window->poller()->interval();
    const int requestedMs = window->poller()->requestedInterval();
    const double pollMs = double(window->poller()->pollCostUs()) / 1000.0;
    probe.stop();
    interaction.stop();
    kill(traffic, SIGKILL);
    waitpid(traffic, nullptr, 0);

    // The reference, on the same tree (no traffic now, the window still polling).
    QString failure;
    const QString ns = lab->name();
    const double tcMs = commandMs(QStringLiteral("tc"), {QStringLiteral("-n"), ns, QStringLiteral("-s"), QStringLiteral("class"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("v0")}, 5, &failure);
    const QString appPath = parser.value(appOption);
    const double statsMs = commandMs(appPath, {QStringLiteral("stats"), target}, 5, &failure);
    const double showMs = commandMs(appPath, {QStringLiteral("show"), target}, 5, &failure);

    // Closing the window while a statistics dump runs: the dump gives up at its next part
    // (NetlinkWorker) instead of being waited for.
    window->poller()->setPaused(true);
    while (window->poller()->isDumping())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    window->poller()->poll();
    QElapsedTimer closing;
    closing.start();
    const bool closedDumping = window->poller()->isDumping();
    window.reset();
    const double closeMs = double(closing.nsecsElapsed()) / 1e6;

    std::printf("\nresults (%d classes, %d filters, %d s):\n", classes, filters, seconds);
    std::printf("  click to tree shown: %.0f ms\n", shownMs);
    std::printf("  select a class: median %.1f ms\n", median(selectMs));
    std::printf("  RSS: %.1f MB before the window, %.1f MB at minute 1, %.1f MB at the end (%+.1f %%)\n", rssBeforeWindow, rssMinute1, rssEnd,
                (rssEnd - rssMinute1) / rssMinute1 * 100.0);
    std::printf("  histories: %lld nodes, %.1f MB (%.0f bytes a node)\n", qlonglong(nodes), double(historyBytes) / 1048576.0,
                nodes ? double(historyBytes) / double(nodes) : 0.0);
    std::printf("  CPU of the window's process: %.1f %% of one core over the run, %.1f %% while idle\n", cpu / seconds * 100.0,
                idleSeconds > 0 ? cpuIdle / idleSeconds * 100.0 : 0.0);
    std::printf("  polls: %llu (%.2f/s; interval %d ms, %d asked; %.1f ms a poll)\n", qulonglong(polls), double(polls) / seconds,
                intervalMs, requestedMs, pollMs);
    std::printf("  event loop while scrolling and filtering (%llu page steps, %llu filter changes): median %.1f ms, p99 %.1f ms, max %.1f ms\n",
                qulonglong(scrollSteps), qulonglong(filterChanges), busyLatency.percentile(50), busyLatency.percentile(99), busyLatency.max());
    std::printf("  event loop while idle: median %.1f ms, p99 %.1f ms, max %.1f ms\n", idleLatency.percentile(50), idleLatency.percentile(99),
                idleLatency.max());
    std::printf("  closing the window %s: %.1f ms (a poll takes %.0f ms)\n", closedDumping ? "with a dump in flight" : "(no dump in flight)",
                closeMs, pollMs);
    if (!failure.isEmpty())
        std::printf("  reference failed: %s\n", qPrintable(failure));
    std::printf("  reference: tc -s class show %.0f ms; qdisc-studio stats %.0f ms; qdisc-studio show %.0f ms (median of 5, process start included)\n",
                tcMs, statsMs, showMs);
    const bool big = classes > ClassesPerQdisc;
    const double shownLimit = big ? 5000 : 1000;
    const double rssLimit = big ? 1024 : 300;
    std::printf("acceptance: shown <= %.0f ms %s, RSS <= %.0f MB %s, RSS within 5 %% %s, CPU <= 10 %% %s, p99 <= 16 ms %s, CLI no slower than tc %s\n",
                shownLimit, shownMs <= shownLimit ? "MET" : "NOT MET", rssLimit, rssEnd <= rssLimit ? "MET" : "NOT MET",
                std::abs(rssEnd - rssMinute1) <= 0.05 * rssMinute1 ? "MET" : "NOT MET", cpu / seconds * 100.0 <= 10.0 ? "MET" : "NOT MET",
                busyLatency.percentile(99) <= 16.0 ? "MET" : "NOT MET",
                // The issue asks it of the 50 000-class tree; below, a Qt program's start (~40 ms) weighs.
                !big ? "(asked at 50 000 only)" : statsMs <= tcMs && showMs <= tcMs ? "MET" : "NOT MET");
    std::fflush(stdout);
    return 0;
}
