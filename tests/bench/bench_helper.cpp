// bench_helper: one slider-sized change from a client through D-Bus and qdisc-studio-helper to
// the kernel — the figure issue "Privileged helper" asks for (target: median ≤ 1 ms) — side by
// side, in one run, with the same change made without the helper:
//
//   helper          Apply(target, tree document, {}) on the system bus, waited for (what the
//                   window does while a slider is dragged: one request in flight)
//   helper+revert   the same with revertOnExit (the window's safety net; the first change of a
//                   client reads the tree once, the rest cost nothing more)
//   D-Bus only      GetVersion: the floor any D-Bus service pays (client → bus daemon → helper → back)
//   engine          TcEngine::apply(tree) in this process (what the helper does inside, and what
//                   the root-only CLI --direct does)
//   tc              `tc qdisc change …` spawned as a process, as a shell script would
//
// The change is a tbf rate (this machine's kernel has tbf), alternating between two values so
// every request really changes the kernel. Rounds run the four paths in a fresh random order
// (fixed seed) so the noise of a shared machine falls on all alike. Needs root: it starts a
// private system bus with the real polkitd (tests/helper/systembusfixture.h), a namespace of its
// own, and the build's helper; it removes them at the end. Figures only; no ctest entry.
//
//   build/tests/bench/bench_helper [--rounds N]      (default 600)

#include "labnamespace.h"
#include "systembusfixture.h"

#include "model/treejson.h"
#include "netlink/tcengine.h"

#include <QCoreApplication>
#include <QDBusMessage>
#include <QRandomGenerator>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>

using namespace qs;
using namespace qs::test;

namespace {

struct Path
{
    const char *name;
    std::function<bool(int round)> run; ///< one change; false when it failed
    std::vector<double> micros;
};

double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    if (p == 50.0 && values.size() % 2 == 0)
        return (values[values.size() / 2 - 1] + values[values.size() / 2]) / 2;
    const size_t rank = size_t(std::ceil(p / 100.0 * double(values.size())));
    return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

QString rateOf(int round)
{
    return round % 2 ? QStringLiteral("10mbit") : QStringLiteral("11mbit");
}

QdiscTree tbfTree(int round)
{
    return treeOf(QStringLiteral("tc qdisc add dev va root handle 1: tbf rate %1 burst 32kb latency 50ms").arg(rateOf(round)));
}

QString tbfDocument(int round)
{
    QdiscTree tree = tbfTree(round);
    tree.device.clear();
    return QString::fromUtf8(TreeJson::toDocument(tree));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    qs::test::NamespaceRegistry::removeAllOnSignals(); // Ctrl+C leaves no namespace behind
    int rounds = 600;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--rounds")); i > 0 && i + 1 < args.size())
        rounds = args[i + 1].toInt();
    if (!isRoot() || rounds < 10) {
        std::fprintf(stderr, "bench_helper needs root (a private system bus, polkitd, a namespace); --rounds ≥ 10\n");
        return 2;
    }

    SystemBusFixture bus;
    QString error;
    if (!bus.start(&error) || !bus.startHelper(QStringLiteral(QS_HELPER_PATH), {QStringLiteral("--idle-timeout"), QStringLiteral("0"),
                                                                                  QStringLiteral("--state-dir"), QStringLiteral("/run/qdisc-studio-bench")},
                                                &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    LabNamespace lab(QStringLiteral("qs-bench-helper"));
    if (!lab.ok() || !lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb"))) {
        std::fprintf(stderr, "cannot build the lab namespace\n");
        return 1;
    }
    const QString target = lab.target(QStringLiteral("va"));
    // Built once: what a window holds in memory when the slider moves (its model, serialised).
    const QdiscTree trees[2] = {tbfTree(0), tbfTree(1)};
    const QString documents[2] = {tbfDocument(0), tbfDocument(1)};
    auto tbf = [&](int round) { return trees[round % 2]; };
    auto document = [&](int round) { return documents[round % 2]; };
    auto engine = TcEngine::open(target, &error);
    if (!engine || !engine->apply(tbf(0)).ok) {
        std::fprintf(stderr, "cannot set up tbf on %s: %s\n", qPrintable(target), qPrintable(error));
        return 1;
    }

    QDBusConnection plain = bus.connection(QStringLiteral("bench-plain"));
    QDBusConnection guarded = bus.connection(QStringLiteral("bench-revert"));
    // As clients do, once per connection: the helper takes documents only from connections it authorized.
    for (QDBusConnection connection : {plain, guarded}) {
        QDBusMessage authorize = QDBusMessage::createMethodCall(QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("/org/qdiscstudio/Helper1"),
                                                                QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("Authorize"));
        authorize << target;
        if (const QDBusMessage reply = connection.call(authorize, QDBus::Block, 30000); reply.type() != QDBusMessage::ReplyMessage) {
            std::fprintf(stderr, "helper: %s\n", qPrintable(reply.errorMessage()));
            return 1;
        }
    }
    auto applyThroughHelper = [&](QDBusConnection connection, int round, const QVariantMap &options) {
        QDBusMessage call = QDBusMessage::createMethodCall(QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("/org/qdiscstudio/Helper1"),
                                                           QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("Apply"));
        call.setArguments({target, document(round), options});
        const QDBusMessage reply = connection.call(call, QDBus::Block, 30000);
        if (reply.type() != QDBusMessage::ReplyMessage)
            std::fprintf(stderr, "helper: %s\n", qPrintable(reply.errorMessage()));
        return reply.type() == QDBusMessage::ReplyMessage;
    };
    std::vector<Path> paths{
        {"helper (D-Bus Apply)", [&](int round) { return applyThroughHelper(plain, round, {}); }, {}},
        {"helper, revertOnExit", [&](int round) { return applyThroughHelper(guarded, round, {{QStringLiteral("revertOnExit"), true}}); }, {}},
        {"D-Bus round trip only (GetVersion)",
         [&](int) {
             const QDBusMessage reply = plain.call(QDBusMessage::createMethodCall(QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("/org/qdiscstudio/Helper1"),
                                                                                  QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("GetVersion")),
                                                   QDBus::Block, 30000);
             return reply.type() == QDBusMessage::ReplyMessage;
         },
         {}},
        {"engine in-process", [&](int round) { return engine->apply(tbf(round)).ok; }, {}},
        {"tc qdisc change (process)",
         [&](int round) {
             return lab.tc({QStringLiteral("qdisc"), QStringLiteral("change"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root"),
                            QStringLiteral("handle"), QStringLiteral("1:"), QStringLiteral("tbf"), QStringLiteral("rate"), rateOf(round),
                            QStringLiteral("burst"), QStringLiteral("32kb"), QStringLiteral("latency"), QStringLiteral("50ms")})
                 .ok();
         },
         {}},
    };

    // Warm-up: polkit is asked once per client, the helper opens its engine, caches fill.
    for (Path &path : paths)
        for (int i = 0; i < 5; ++i)
            path.run(i);

    QRandomGenerator random(42);
    std::vector<size_t> order(paths.size());
    int step = 0;
    for (int round = 0; round < rounds; ++round) {
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), random);
        for (const size_t index : order) {
            const auto start = std::chrono::steady_clock::now();
            if (!paths[index].run(++step)) {
                std::fprintf(stderr, "%s failed in round %d\n", paths[index].name, round);
                return 1;
            }
            paths[index].micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
        }
    }

    const double helperMedian = percentile(paths[0].micros, 50);
    std::printf("One tbf rate change on %s, %d rounds, paths interleaved in random order (µs)\n\n", qPrintable(target), rounds);
    std::printf("| path | median | p99 | median ÷ helper |\n|---|---:|---:|---:|\n");
    for (const Path &path : paths)
        std::printf("| %s | %.1f | %.1f | %.2f |\n", path.name, percentile(path.micros, 50), percentile(path.micros, 99),
                    percentile(path.micros, 50) / helperMedian);
    std::printf("\ntarget: helper median ≤ 1000 µs — %s\n", helperMedian <= 1000 ? "met" : "NOT MET");
    bus.stopHelper();
    bus.stop();
    return 0;
}
