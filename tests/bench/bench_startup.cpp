// bench_startup: cold start of the window — from exec() of `qdisc-studio` to its main window
// shown (QS_QUIT_WHEN_SHOWN makes it quit at the first turn of the event loop after show()),
// side by side with the floor every Qt Widgets program pays: this executable started again
// with --bare, which shows an empty QMainWindow the same way. Offscreen platform, so no
// compositor's timing gets in; runs interleaved in random order (fixed seed); median and p99.
//
//   build/tests/bench/bench_startup [--runs N]      (default 40)

#include <QApplication>
#include <QElapsedTimer>
#include <QMainWindow>
#include <QProcess>
#include <QRandomGenerator>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace {

double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    if (p == 50.0 && values.size() % 2 == 0)
        return (values[values.size() / 2 - 1] + values[values.size() / 2]) / 2;
    const size_t rank = size_t(std::ceil(p / 100.0 * double(values.size())));
    return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

/** Milliseconds from start to exit of @p program; negative when it failed. */
double timeToExit(const QString &program, const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("QS_QUIT_WHEN_SHOWN"), QStringLiteral("1"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), QStringLiteral("/tmp/qs-bench-startup-config")); // no saved layout
    process.setProcessEnvironment(env);
    process.setStandardOutputFile(QProcess::nullDevice());
    process.setStandardErrorFile(QProcess::nullDevice());
    QElapsedTimer clock;
    clock.start();
    process.start(program, arguments);
    if (!process.waitForFinished(20000) || process.exitCode() != 0)
        return -1;
    return double(clock.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc > 1 && qstrcmp(argv[1], "--bare") == 0) {
        QApplication app(argc, argv);
        QMainWindow window;
        window.resize(1280, 800);
        window.show();
        QTimer::singleShot(0, &app, [] { QCoreApplication::quit(); });
        return app.exec();
    }
    int runs = 40;
    for (int i = 1; i + 1 < argc; ++i)
        if (qstrcmp(argv[i], "--runs") == 0)
            runs = std::max(5, atoi(argv[i + 1]));

    const QString self = QString::fromLocal8Bit(argv[0]);
    const QString app = QStringLiteral(QS_APP_PATH);
    std::vector<double> ours;
    std::vector<double> bare;
    QRandomGenerator random(7);
    timeToExit(app, {}); // warm the page cache: "cold" here means a new process, not a cold disk
    timeToExit(self, {QStringLiteral("--bare")});
    for (int i = 0; i < runs; ++i) {
        const bool oursFirst = random.bounded(2) == 0;
        for (int k = 0; k < 2; ++k) {
            const bool isOurs = (k == 0) == oursFirst;
            const double ms = isOurs ? timeToExit(app, {}) : timeToExit(self, {QStringLiteral("--bare")});
            if (ms < 0) {
                std::fprintf(stderr, "%s failed to start and quit\n", isOurs ? "qdisc-studio" : "the bare window");
                return 1;
            }
            (isOurs ? ours : bare).push_back(ms);
        }
    }
    std::printf("Start to a shown window (offscreen), %d runs each, interleaved (ms)\n\n", runs);
    std::printf("| program | median | p99 |\n|---|---:|---:|\n");
    std::printf("| qdisc-studio (window, presets, backend) | %.1f | %.1f |\n", percentile(ours, 50), percentile(ours, 99));
    std::printf("| an empty QMainWindow (the floor of Qt Widgets) | %.1f | %.1f |\n", percentile(bare, 50), percentile(bare, 99));
    std::printf("\ntarget: qdisc-studio median ≤ 300 ms — %s\n", percentile(ours, 50) <= 300 ? "met" : "NOT MET");
    return 0;
}
