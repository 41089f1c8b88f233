// The "charts" acceptance figures: charting 50 nodes at 10 Hz for 10 minutes keeps the event
// loop's p99 latency under 16 ms and the RSS flat after warm-up (growth < 5 MB).
//
// What runs is what the window runs: a tree view of the nodes with a sparkline column
// (SparklineDelegate) above a ChartPanel showing the selected nodes overlaid (all 50 by
// default), both fed by a StatsPoller polling at 100 ms, offscreen (QT_QPA_PLATFORM=offscreen
// unless set: painting really happens, into the offscreen backing store).
//
// As root the poller reads a real device: a namespace with a veth whose htb tree (built with
// TcEngine) has 50 leaf classes, one u32 filter each, and a sender thread inside the namespace
// offering every class its own wandering UDP load (some above their rate, so drops, backlog and
// overlimits move too). Without root, or with --synthetic, the same poller is fed made-up
// counters through StatsPoller::ingest() at 10 Hz.
//
// The probe: a 5 ms precise timer on the GUI thread; its lateness (time since its previous
// firing minus 5 ms) is the event loop's latency. RSS is read from /proc/self/statm each second.
// Figures are taken after the warm-up (--warmup, default 30 s).
//
//   bench_charts [--seconds 600] [--warmup 30] [--nodes 50] [--chart-nodes 50] [--mbit 40]
//                [--synthetic] [--profile]
#include "chartpanel.h"
#include "benchprobes.h"
#include "labnamespace.h"
#include "sparklinedelegate.h"
#include "statspoller.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

using namespace qs;
using namespace qs::bench;

namespace {

constexpr int ProbeIntervalMs = 5;
constexpr int BasePort = 5000;

/**
 * With --profile: the time the GUI thread spends per receiver and event type (outermost events
 * only), to tell what a latency spike is made of.
 */
class ProfilingApplication : public QApplication
{
public:
    using QApplication::QApplication;
    bool profiling = false;

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!profiling || m_depth > 0)
            return QApplication::notify(receiver, event);
        ++m_depth;
        QElapsedTimer timer;
        timer.start();
        const bool result = QApplication::notify(receiver, event);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        --m_depth;
        const QString name = (receiver->objectName().isEmpty()
                                  ? QString::fromLatin1(receiver->metaObject()->className())
                                  : receiver->objectName()) +
                             QStringLiteral(" / event ") + QString::number(int(event->type()));
        Entry &entry = m_entries[name];
        entry.totalMs += ms;
        entry.maxMs = std::max(entry.maxMs, ms);
        ++entry.count;
        if (ms > 16.0)
            ++entry.over16;
        return result;
    }
    void print() const
    {
        QList<std::pair<QString, Entry>> sorted;
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
            sorted.append({it.key(), it.value()});
        std::sort(sorted.begin(), sorted.end(),
                  [](const auto &a, const auto &b) { return a.second.totalMs > b.second.totalMs; });
        std::printf("  profile (GUI thread, outermost events), by total time:\n");
        for (qsizetype i = 0; i < std::min<qsizetype>(10, sorted.size()); ++i) {
            const Entry &e = sorted.at(i).second;
            std::printf("    %-48s %7llu x, mean %6.2f ms, max %6.1f ms, %llu over 16 ms\n",
                        qPrintable(sorted.at(i).first), qulonglong(e.count),
                        e.totalMs / double(e.count), e.maxMs, qulonglong(e.over16));
        }
    }

private:
    struct Entry
    {
        double totalMs = 0;
        double maxMs = 0;
        quint64 count = 0;
        quint64 over16 = 0;
    };
    QHash<QString, Entry> m_entries;
    int m_depth = 0;
};



/** Offers class i (port BasePort + i) its own slowly wandering UDP load, from inside the namespace.
 */
class Sender
{
public:
    Sender(const QString &netns, int classes, double totalMbit)
        : m_classes(classes), m_meanBitsPerSec(totalMbit * 1e6 / classes)
    {
        const QByteArray path = "/run/netns/" + netns.toUtf8(); // a QByteArray, not a lazy builder
        m_thread = std::thread([this, path] { run(path); });
    }
    ~Sender()
    {
        m_stop = true;
        m_thread.join();
    }
    quint64 packets() const { return m_packets; }

private:
    void run(const QByteArray &nsPath)
    {
        // setns() moves only this thread into the namespace; the socket stays there.
        const int nsFd = open(nsPath.constData(), O_RDONLY | O_CLOEXEC);
        if (nsFd < 0 || setns(nsFd, CLONE_NEWNET) != 0) {
            std::fprintf(stderr, "sender: cannot enter %s\n", nsPath.constData());
            return;
        }
        ::close(nsFd);
        const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_in to{};
        to.sin_family = AF_INET;
        inet_pton(AF_INET, "198.18.0.2", &to.sin_addr);
        char payload[1000] = {};
        std::vector<double> credit(size_t(m_classes), 0.0);
        QElapsedTimer clock;
        clock.start();
        double last = 0;
        while (!m_stop) {
            const double now = double(clock.nsecsElapsed()) / 1e9;
            const double dt = now - last;
            last = now;
            for (int i = 0; i < m_classes; ++i) {
                // Each class wanders between 0.2× and 1.8× its mean over its own period.
                const double rate =
                    m_meanBitsPerSec * (1.0 + 0.8 * std::sin(2 * M_PI * now / (20.0 + i) + i));
                credit[size_t(i)] += rate * dt / 8.0 / double(sizeof(payload));
                to.sin_port = htons(quint16(BasePort + i));
                while (credit[size_t(i)] >= 1.0) {
                    credit[size_t(i)] -= 1.0;
                    sendto(fd, payload, sizeof(payload), MSG_DONTWAIT,
                           reinterpret_cast<const sockaddr *>(&to), sizeof(to));
                    ++m_packets;
                }
            }
            usleep(10'000);
        }
        ::close(fd);
    }

    int m_classes;
    double m_meanBitsPerSec;
    std::atomic<bool> m_stop{false};
    std::atomic<quint64> m_packets{0};
    std::thread m_thread;
};

/** The htb tree: 50 leaves under one parent, each with its own u32 filter on the UDP port. */
QString treeScript(int classes)
{
    QString script = QStringLiteral("tc qdisc add dev v0 root handle 1: htb default 1\n"
                                    "tc class add dev v0 parent 1: classid 1:1 htb rate 1gbit\n");
    for (int i = 0; i < classes; ++i) {
        const QString id = QStringLiteral("1:%1").arg(0x100 + i, 0, 16);
        // Rates of 1…5 mbit: with 0.8 Mbit/s mean offered and peaks of 1.44, the 1mbit classes
        // queue and drop at their peaks.
        script += QStringLiteral("tc class add dev v0 parent 1:1 classid %1 htb rate %2mbit\n")
                      .arg(id)
                      .arg(1 + i % 5);
        script += QStringLiteral("tc filter add dev v0 parent 1: protocol ip prio 1 u32 match ip "
                                 "dport %1 0xffff flowid %2\n")
                      .arg(BasePort + i)
                      .arg(id);
    }
    return script;
}

/** Made-up counters for StatsPoller::ingest() when the kernel is not available. */
class SyntheticDumps
{
public:
    explicit SyntheticDumps(int classes) : m_bytes(size_t(classes), 0), m_drops(size_t(classes), 0)
    {
    }
    QList<NodeStats> next()
    {
        timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        const qint64 t = qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
        QList<NodeStats> nodes;
        nodes.reserve(qsizetype(m_bytes.size()));
        for (size_t i = 0; i < m_bytes.size(); ++i) {
            const double rate = 1e6 * (1.0 + 0.8 * std::sin(double(t) / 1e9 / (20.0 + double(i))));
            m_bytes[i] += quint64(rate / 80.0);
            m_drops[i] += quint32(i % 3);
            NodeStats n;
            n.isClass = true;
            n.id = TcHandle::make(1, quint16(0x100 + i));
            n.counters =
                CounterSample{t, m_bytes[i],       m_bytes[i] / 1000, m_drops[i], m_drops[i] * 2,
                              0, quint32(i * 100), quint32(i)};
            nodes.append(n);
        }
        return nodes;
    }

private:
    std::vector<quint64> m_bytes;
    std::vector<quint32> m_drops;
};

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    ProfilingApplication app(argc, argv);
    qs::test::NamespaceRegistry::removeAllOnSignals(); // Ctrl+C leaves no namespace behind
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption secondsOption(QStringLiteral("seconds"),
                                           QStringLiteral("Run time (default 600)."),
                                           QStringLiteral("s"), QStringLiteral("600"));
    const QCommandLineOption warmupOption(QStringLiteral("warmup"),
                                          QStringLiteral("Warm-up not measured (default 30)."),
                                          QStringLiteral("s"), QStringLiteral("30"));
    const QCommandLineOption nodesOption(QStringLiteral("nodes"),
                                         QStringLiteral("htb classes (default 50)."),
                                         QStringLiteral("n"), QStringLiteral("50"));
    const QCommandLineOption chartOption(
        QStringLiteral("chart-nodes"), QStringLiteral("Nodes overlaid in the chart (default 50)."),
        QStringLiteral("n"), QStringLiteral("50"));
    const QCommandLineOption mbitOption(QStringLiteral("mbit"),
                                        QStringLiteral("Total offered load (default 40)."),
                                        QStringLiteral("mbit"), QStringLiteral("40"));
    const QCommandLineOption syntheticOption(
        QStringLiteral("synthetic"),
        QStringLiteral("Made-up counters instead of a kernel device."));
    const QCommandLineOption profileOption(
        QStringLiteral("profile"), QStringLiteral("Print where the GUI thread's time goes."));
    parser.addOptions({secondsOption, warmupOption, nodesOption, chartOption, mbitOption,
                       syntheticOption, profileOption});
    parser.process(app);
    const int seconds = parser.value(secondsOption).toInt();
    const int warmup = std::min(parser.value(warmupOption).toInt(), seconds / 2);
    const int classes = std::clamp(parser.value(nodesOption).toInt(), 1, 200);
    const int chartNodes = std::clamp(parser.value(chartOption).toInt(), 0, classes);
    const bool synthetic = parser.isSet(syntheticOption) || geteuid() != 0;
    app.profiling = parser.isSet(profileOption);

    // The source: a real device in a namespace, or made-up counters.
    std::unique_ptr<test::LabNamespace> lab;
    std::unique_ptr<Sender> sender;
    StatsPoller poller;
    SyntheticDumps dumps(classes);
    QTimer syntheticTimer;
    if (!synthetic) {
        lab = std::make_unique<test::LabNamespace>(QStringLiteral("qs-bench-charts"));
        if (!lab->ok() || !lab->addVethPair(QStringLiteral("v0"), QStringLiteral("v1")) ||
            !lab->ip({QStringLiteral("addr"), QStringLiteral("add"),
                      QStringLiteral("198.18.0.1/24"), QStringLiteral("dev"), QStringLiteral("v0")})
                 .ok() ||
            // A fixed neighbour: no ARP, the packets leave v0 through the qdisc and die at v1.
            !lab->ip({QStringLiteral("neigh"), QStringLiteral("add"), QStringLiteral("198.18.0.2"),
                      QStringLiteral("lladdr"), QStringLiteral("02:00:00:00:00:02"),
                      QStringLiteral("dev"), QStringLiteral("v0")})
                 .ok()) {
            std::fprintf(stderr, "cannot build the namespace\n");
            return 1;
        }
        QString error;
        auto applier = TcEngine::open(lab->target(QStringLiteral("v0")), &error);
        const ApplyResult applied =
            applier ? applier->apply(test::treeOf(treeScript(classes))) : ApplyResult{};
        if (!applied.ok) {
            std::fprintf(stderr, "cannot build the tree: %s %s\n", qPrintable(error),
                         qPrintable(applied.error));
            return 1;
        }
        auto engine = TcEngine::open(lab->target(QStringLiteral("v0")), &error);
        poller.setEngine(std::move(engine));
        sender =
            std::make_unique<Sender>(lab->name(), classes, parser.value(mbitOption).toDouble());
    } else {
        syntheticTimer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&syntheticTimer, &QTimer::timeout, &poller,
                         [&] { poller.ingest(dumps.next()); });
        syntheticTimer.start(100);
    }
    QObject::connect(&poller, &StatsPoller::error, [](const QString &message) {
        std::fprintf(stderr, "poll error: %s\n", qPrintable(message));
    });

    // The window's arrangement: the tree with sparklines above the chart of the selection.
    QWidget window;
    window.resize(1280, 900);
    auto *layout = new QVBoxLayout(&window);
    auto *splitter = new QSplitter(Qt::Vertical, &window);
    layout->addWidget(splitter);
    QStandardItemModel model(0, 2);
    model.setHorizontalHeaderLabels({QStringLiteral("Node"), QStringLiteral("Throughput (30 s)")});
    auto *tree = new QTreeView(splitter);
    tree->setModel(&model);
    tree->setUniformRowHeights(true);
    SparklineDelegate sparklines(&poller);
    tree->setItemDelegateForColumn(1, &sparklines);
    tree->header()->resizeSection(0, 300);
    auto *panel = new ChartPanel(splitter);
    panel->setSource(&poller);
    splitter->setSizes({450, 450});

    QList<quint64> keys;
    QStringList labels;
    for (int i = 0; i < classes; ++i) {
        const TcHandle id = TcHandle::make(1, quint16(0x100 + i));
        const quint64 key = nodeStatsKey(true, id);
        auto *name = new QStandardItem(StatsPoller::labelFor(true, id));
        auto *spark = new QStandardItem;
        spark->setData(QVariant::fromValue<quint64>(key), SparklineDelegate::StatsKeyRole);
        model.appendRow({name, spark});
        if (i < chartNodes) {
            keys.append(key);
            labels.append(StatsPoller::labelFor(true, id));
        }
    }
    panel->setNodes(keys, labels);
    QObject::connect(&poller, &StatsPoller::sampled, panel, &ChartPanel::requestRefresh);
    QObject::connect(&poller, &StatsPoller::sampled, tree->viewport(),
                     qOverload<>(&QWidget::update));
    window.show();

    // Measurements.
    LatencyHistogram latency;
    QElapsedTimer clock;
    clock.start();
    qint64 lastProbeNs = 0;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (lastProbeNs > 0 && now > qint64(warmup) * 1'000'000'000)
            latency.add(double(now - lastProbeNs - ProbeIntervalMs * 1'000'000) / 1e6);
        lastProbeNs = now;
    });
    probe.start(ProbeIntervalMs);

    double rssAtWarmup = 0;
    double rssMin = 1e9;
    double rssMax = 0;
    double cpuAtWarmup = 0;
    quint64 pollsAtWarmup = 0;
    quint64 refreshesAtWarmup = 0;
    int elapsedSeconds = 0;
    const int reportEvery = seconds >= 300 ? 60 : 10;
    QTimer second;
    QObject::connect(&second, &QTimer::timeout, [&] {
        ++elapsedSeconds;
        const double rss = rssMb();
        if (elapsedSeconds == warmup) {
            rssAtWarmup = rss;
            cpuAtWarmup = cpuSeconds();
            pollsAtWarmup = poller.dumpCount();
            refreshesAtWarmup = panel->refreshCount();
        }
        if (elapsedSeconds >= warmup) {
            rssMin = std::min(rssMin, rss);
            rssMax = std::max(rssMax, rss);
        }
        if (elapsedSeconds % reportEvery == 0) {
            std::printf("[%4d s] RSS %.1f MB, polls %llu, redraws %llu, probe p99 so far %.1f ms\n",
                        elapsedSeconds, rss, qulonglong(poller.dumpCount()),
                        qulonglong(panel->refreshCount()),
                        latency.total() ? latency.percentile(99) : 0.0);
            std::fflush(stdout);
        }
        if (elapsedSeconds >= seconds)
            app.quit();
    });
    second.start(1000);

    std::printf("bench_charts: %s, %d nodes in the tree (sparklines), %d overlaid in the chart, %d "
                "s (warm-up %d s), probe every %d ms\n",
                synthetic ? "synthetic counters" : "real htb device in a namespace", classes,
                chartNodes, seconds, warmup, ProbeIntervalMs);
    std::fflush(stdout);
    app.exec();

    const double rssEnd = rssMb();
    const double measured = double(seconds - warmup);
    const double cpu = cpuSeconds() - cpuAtWarmup;
    double load[3] = {};
    getloadavg(load, 3);
    std::printf("\nafter warm-up (%d s measured):\n", seconds - warmup);
    std::printf(
        "  event-loop latency (5 ms probe, %llu ticks): median %.1f ms, p99 %.1f ms, max %.1f ms\n",
        qulonglong(latency.total()), latency.percentile(50), latency.percentile(99), latency.max());
    std::printf(
        "  RSS: %.1f MB at warm-up, %.1f MB at the end (growth %+.1f MB; range %.1f…%.1f MB)\n",
        rssAtWarmup, rssEnd, rssEnd - rssAtWarmup, rssMin, rssMax);
    std::printf("  polls %.1f/s, chart redraws %.1f/s, CPU of this process %.0f %% of one core, "
                "load average %.2f\n",
                double(poller.dumpCount() - pollsAtWarmup) / measured,
                double(panel->refreshCount() - refreshesAtWarmup) / measured,
                cpu / measured * 100.0, load[0]);
    if (sender)
        std::printf("  sender: %llu packets offered\n", qulonglong(sender->packets()));
    if (app.profiling)
        app.print();
    const bool latencyOk = latency.percentile(99) < 16.0;
    const bool rssOk = rssEnd - rssAtWarmup < 5.0;
    std::printf("acceptance: p99 < 16 ms %s, RSS growth < 5 MB %s\n", latencyOk ? "MET" : "NOT MET",
                rssOk ? "MET" : "NOT MET");
    sender.reset();
    return 0;
}
