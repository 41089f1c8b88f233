// bench_scenario_drift: how exactly ScenarioPlayer keeps a long scenario's schedule, against a
// naive player that re-arms a relative timer after each change.
//
//   build/tests/bench/bench_scenario_drift [--minutes M]      (root; M = 5 by default)
//
// The scenario: 6 * M steps of 10 s (5 min: 30 steps), tree steps (a tbf root at some rate)
// alternating with ramps of tbf.rate over the whole step at 10 updates a second, so it runs on a
// kernel without netem. Every change really goes to the kernel through TcEngine::apply (a ramp
// update is an in-place tbf change), on a veth in a network namespace this program creates.
//
// Two players run side by side in one event loop, each on its own veth of the namespace:
//   absolute  ScenarioPlayer: every change due at passStart + offset on CLOCK_MONOTONIC, the
//             timer re-armed from the clock (what the product does);
//   naive     the same changes, each followed by a relative QTimer::singleShot(next offset -
//             this offset) started once the apply returned (Qt::PreciseTimer, so what differs
//             is the scheduling, not the timer's precision): every apply's duration and every
//             timer's lateness add up.
// For both: the lateness (applied - due) of step starts and of ramp updates (median, p95, max),
// and the drift = (last step's applied - first step's applied) - their scheduled distance. All
// times are CLOCK_MONOTONIC. Figures only: nothing is asserted, and it is not a ctest entry.

#include "labnamespace.h"
#include "scenario/scenario.h"
#include "scenario/scenarioplayer.h"
#include "scenario/scenariotimeline.h"
#include "stats/monotonicclock.h"

#include <QCoreApplication>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

using namespace qs;
using namespace qs::test;

namespace {

constexpr qint64 StepMs = 10'000;
constexpr int UpdatesPerSecond = 10;

/** One apply as the kernel took it: when it began and when it returned. */
struct Apply
{
    qint64 startNs = 0;
    qint64 endNs = 0;
    bool restore = false; ///< the tree from before (the end of the scenario), not a change of the schedule
    qint64 offsetMs = -1; ///< the change it carries out, where the player says so (the naive one)
};

QdiscTree tbfTree(int mbit)
{
    QdiscTree tree = treeOf(QStringLiteral("tc qdisc add dev x root handle 1: tbf rate %1mbit burst 64kb latency 50ms").arg(mbit));
    tree.device.clear(); // a scenario's trees are target-free
    tree.netns.clear();
    return tree;
}

Scenario driftScenario(int minutes)
{
    Scenario s;
    s.name = QStringLiteral("drift bench");
    s.loops = 1;
    s.onEnd = s.onAbort = ScenarioEnding::Restore;
    const int steps = 6 * minutes;
    for (int i = 0; i < steps; ++i) {
        ScenarioStep step;
        step.durationMs = StepMs;
        if (i % 2 == 0) {
            step.name = QStringLiteral("tree %1").arg(i + 1);
            step.kind = ScenarioStep::Kind::Tree;
            step.tree = tbfTree(5 + (i / 2) % 4 * 5); // 5, 10, 15, 20 mbit
        } else {
            step.name = QStringLiteral("ramp %1").arg(i + 1);
            step.kind = ScenarioStep::Kind::Ramp;
            step.curve = RampCurve::Linear;
            step.updatesPerSecond = UpdatesPerSecond;
            // tbf.rate is held in bytes per second: up to 40 or 60 mbit.
            step.ramps = {RampTarget{QStringLiteral("tbf.rate"), TcHandle(), ((i / 2) % 2 ? 60e6 : 40e6) / 8}};
        }
        s.steps.append(step);
    }
    return s;
}

/** Every offset in the pass at which the schedule changes the tree, the start included. */
std::vector<qint64> changeOffsets(const ScenarioTimeline &timeline)
{
    std::vector<qint64> offsets{0};
    for (qint64 at = timeline.nextChangeAfter(0); at < timeline.durationMs(); at = timeline.nextChangeAfter(at)) {
        if (at <= offsets.back())
            break; // a timeline that stops moving: the walk is done
        offsets.push_back(at);
    }
    return offsets;
}

struct Figures
{
    std::vector<double> stepLatenessMs;
    std::vector<double> tickLatenessMs;
    double driftMs = 0;
    int applied = 0;
    int scheduled = 0;
};

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t rank = size_t(std::ceil(p / 100.0 * double(v.size())));
    return v[std::clamp<size_t>(rank, 1, v.size()) - 1];
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void printRow(const char *what, const std::vector<double> &v)
{
    std::printf("  %-22s n=%-5zu median %8.3f ms   p95 %8.3f ms   max %8.3f ms\n", what, v.size(), median(v), percentile(v, 95),
                v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()));
}

/**
 * Lateness of each apply against the change it carries out: the one the naive player names, or
 * for ScenarioPlayer the latest scheduled change due at or before the apply began. Step starts and ramp updates apart; changes nobody applied (a late
 * player may skip to the newest) only counted.
 */
Figures measure(const std::vector<Apply> &applies, qint64 passStartNs, const std::vector<qint64> &offsets, const QList<TimelineStep> &steps)
{
    Figures f;
    f.scheduled = int(offsets.size());
    std::vector<qint64> stepStarts;
    for (const TimelineStep &s : steps)
        stepStarts.push_back(s.startMs);
    qint64 firstStepAppliedNs = -1;
    qint64 lastStepAppliedNs = -1;
    qint64 lastStepOffset = 0;
    for (const Apply &a : applies) {
        if (a.restore)
            continue;
        qint64 offset = a.offsetMs;
        if (offset < 0) {
            // ScenarioPlayer applies only what is due, the newest change when it is late.
            const qint64 sinceStartMs = (a.startNs - passStartNs + 999'999) / 1'000'000; // rounded up: never before its due time
            const auto it = std::upper_bound(offsets.begin(), offsets.end(), sinceStartMs);
            if (it == offsets.begin())
                continue;
            offset = *(it - 1);
        }
        const double latenessMs = double(a.endNs - (passStartNs + offset * 1'000'000)) / 1e6;
        ++f.applied;
        if (std::binary_search(stepStarts.begin(), stepStarts.end(), offset)) {
            f.stepLatenessMs.push_back(latenessMs);
            if (firstStepAppliedNs < 0)
                firstStepAppliedNs = a.endNs;
            lastStepAppliedNs = a.endNs;
            lastStepOffset = offset;
        } else {
            f.tickLatenessMs.push_back(latenessMs);
        }
    }
    f.driftMs = double(lastStepAppliedNs - firstStepAppliedNs) / 1e6 - double(lastStepOffset);
    return f;
}

int fail(const char *what, const QString &why)
{
    std::fprintf(stderr, "bench_scenario_drift: %s: %s\n", what, qPrintable(why));
    return 1;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    qs::test::NamespaceRegistry::removeAllOnSignals(); // Ctrl+C leaves no namespace behind
    int minutes = 5;
    const QStringList args = app.arguments().mid(1);
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == u"--minutes" && i + 1 < args.size()) {
            bool ok = false;
            minutes = args[++i].toInt(&ok);
            if (!ok || minutes < 1 || minutes > 600)
                return fail("--minutes", QStringLiteral("a whole number from 1 to 600"));
        } else {
            std::fprintf(stderr, "usage: bench_scenario_drift [--minutes M]   (root; default 5)\n");
            return 2;
        }
    }
    if (!isRoot())
        return fail("root", QStringLiteral("needed: the bench builds a network namespace of its own"));

    LabNamespace ns(QStringLiteral("qs-bench-drift"));
    if (!ns.ok() || !ns.addVethPair(QStringLiteral("va"), QStringLiteral("vb")) || !ns.addVethPair(QStringLiteral("na"), QStringLiteral("nb")))
        return fail("namespace", QStringLiteral("cannot create %1 with two veth pairs").arg(ns.name()));

    QString error;
    auto absoluteEngine = TcEngine::open(ns.target(QStringLiteral("va")), &error);
    auto naiveEngine = absoluteEngine ? TcEngine::open(ns.target(QStringLiteral("na")), &error) : nullptr;
    if (!absoluteEngine || !naiveEngine)
        return fail("engine", error);
    const auto before = absoluteEngine->read(&error);
    const auto naiveBefore = before ? naiveEngine->read(&error) : std::nullopt;
    if (!before || !naiveBefore)
        return fail("read", error);

    const Scenario scenario = driftScenario(minutes);
    std::vector<Apply> absoluteApplies;
    absoluteApplies.reserve(size_t(minutes) * 60 * UpdatesPerSecond + 100);
    int applyFailures = 0;
    ScenarioPlayer player(scenario, *before, [&](const QdiscTree &tree, QString *why) {
        Apply a;
        a.startNs = monotonicNowNs();
        a.restore = tree.qdiscs.isEmpty();
        const ApplyResult r = absoluteEngine->apply(tree);
        a.endNs = monotonicNowNs();
        absoluteApplies.push_back(a);
        if (!r.ok) {
            ++applyFailures;
            *why = r.error;
        }
        return r.ok;
    });
    QStringList errors;
    if (!player.prepare(&errors))
        return fail("prepare", errors.join(QStringLiteral("; ")));
    const ScenarioTimeline &timeline = player.timeline();
    const std::vector<qint64> offsets = changeOffsets(timeline);

    struct StepStart
    {
        int step;
        qint64 dueNs;
        qint64 appliedNs;
    };
    std::vector<StepStart> stepStarts;
    QObject::connect(&player, &ScenarioPlayer::stepStarted, &app,
                     [&](int, int step, qint64 dueNs, qint64 appliedNs) { stepStarts.push_back({step, dueNs, appliedNs}); });
    bool absoluteDone = false;
    ScenarioProgress absoluteEnd;
    bool naiveDone = false;
    QObject::connect(&player, &ScenarioPlayer::ended, &app, [&](const ScenarioProgress &p) {
        absoluteDone = true;
        absoluteEnd = p;
        if (naiveDone)
            app.quit();
    });

    // The naive player: the same trees at the same offsets, each next change a relative timer
    // started once the apply returned.
    std::vector<Apply> naiveApplies;
    naiveApplies.reserve(offsets.size() + 1);
    qint64 naiveStartNs = 0;
    size_t naiveIndex = 0;
    std::function<void()> naiveTick = [&] {
        QdiscTree tree = timeline.treeAt(offsets[naiveIndex]);
        tree.netns = ns.name();
        tree.device = QStringLiteral("na");
        Apply a;
        a.startNs = monotonicNowNs();
        a.offsetMs = offsets[naiveIndex];
        if (naiveIndex == 0)
            naiveStartNs = a.startNs;
        const ApplyResult r = naiveEngine->apply(tree);
        a.endNs = monotonicNowNs();
        naiveApplies.push_back(a);
        if (!r.ok)
            ++applyFailures;
        if (++naiveIndex < offsets.size()) {
            QTimer::singleShot(int(offsets[naiveIndex] - offsets[naiveIndex - 1]), Qt::PreciseTimer, &app, naiveTick);
        } else {
            // The end of the pass, then the tree from before, as the player does.
            QTimer::singleShot(int(timeline.durationMs() - offsets.back()), Qt::PreciseTimer, &app, [&] {
                naiveEngine->apply(*naiveBefore);
                naiveDone = true;
                if (absoluteDone)
                    app.quit();
            });
        }
    };

    std::printf("bench_scenario_drift: %d min, %lld steps of %lld s (tbf trees alternating with tbf.rate ramps at %d Hz), "
                "%zu scheduled changes, namespace %s\n",
                minutes, qlonglong(scenario.steps.size()), qlonglong(StepMs / 1000), UpdatesPerSecond, offsets.size(), qPrintable(ns.name()));
    std::fflush(stdout);
    QTimer::singleShot(0, &app, [&] {
        player.start();
        naiveTick();
    });
    app.exec();

    if (absoluteEnd.state != ScenarioProgress::State::Finished)
        std::printf("WARNING: the player ended %s: %s\n", qPrintable(ScenarioProgress::stateName(absoluteEnd.state)), qPrintable(absoluteEnd.error));
    if (applyFailures)
        std::printf("WARNING: %d apply call(s) failed\n", applyFailures);

    // The player's own account of its step starts (stepStarted: due and applied).
    std::vector<double> reported;
    for (const StepStart &s : stepStarts)
        reported.push_back(double(s.appliedNs - s.dueNs) / 1e6);
    const qint64 passStartNs = stepStarts.empty() ? 0 : stepStarts.front().dueNs;
    const Figures absolute = measure(absoluteApplies, passStartNs, offsets, timeline.steps());
    const Figures naive = measure(naiveApplies, naiveStartNs, offsets, timeline.steps());
    double reportedDriftMs = 0;
    if (stepStarts.size() >= 2) {
        const StepStart &first = stepStarts.front();
        const StepStart &lastStart = stepStarts.back();
        reportedDriftMs = double(lastStart.appliedNs - first.appliedNs) / 1e6 -
                          double(timeline.steps()[lastStart.step].startMs - timeline.steps()[first.step].startMs);
    }

    std::printf("\nabsolute schedule (ScenarioPlayer), %d of %d changes applied%s:\n", absolute.applied, absolute.scheduled,
                absolute.applied < absolute.scheduled ? " (a ramp's first update, the tree already in effect, is not sent again)" : "");
    printRow("step starts (signal)", reported);
    printRow("step starts (applies)", absolute.stepLatenessMs);
    printRow("ramp updates", absolute.tickLatenessMs);
    std::printf("  drift (last step - first step - scheduled): %.3f ms (from stepStarted: %.3f ms)\n", absolute.driftMs, reportedDriftMs);
    std::printf("\nnaive relative timers, %d of %d changes applied:\n", naive.applied, naive.scheduled);
    printRow("step starts", naive.stepLatenessMs);
    printRow("ramp updates", naive.tickLatenessMs);
    std::printf("  drift (last step - first step - scheduled): %.3f ms\n", naive.driftMs);
    std::printf("\nlateness = applied (apply returned) - due, CLOCK_MONOTONIC; p95 nearest-rank.\n");
    return 0;
}
