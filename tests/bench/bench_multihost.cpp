// bench_multihost: how closely one step of a scenario lands on several hosts (issue 20), over a
// long run, against the client-driven way side by side in the same run.
//
//   build/tests/bench/bench_multihost [--minutes M] [--reference-minutes R]   (root; 5 and 1 by default)
//
// Three targets in three namespaces, two of them "remote": veth0 of a host reached over ssh
// (tests/helper/sshhostfixture.h: Debian's sshd and its own helper on a private system bus with
// real polkitd), v0 of another namespace behind that host's helper reached under a second address
// (its own ssh connection, bridge and clock measurement), and v0 of a namespace of this machine.
// A step every 2 s, each changing the tbf rate of every target (one of them to its own rate, through
// the step's "on"), so that each kernel announces every step.
//
//   ensemble    `qdisc-studio play --direct SCENARIO` without --dev: each lane played by its
//               host's helper (the local lane by the CLI's own player) against one start time,
//               each host's clock offset measured over its connection (what the product does);
//   client      the reference: at each step, the client applies the step to each target in turn
//               (`qdisc-studio apply --dev TARGET`, as a script of ssh + tc or an Ansible play does),
//               timed from when the step was due.
//
// For each step: when each kernel's RTM_NEWQDISC with the step's rate arrived (a netlink socket
// in each namespace, stamped with CLOCK_MONOTONIC; the namespaces share this machine's clock),
// the spread (last - first) and the lateness (last - due). Figures: median, p95, p99 and max;
// steps that never landed everywhere are counted. Figures only; no ctest entry.

#include "labnamespace.h"
#include "sshhostfixture.h"
#include "tcnotifications.h"

#include "model/treejson.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

#include <algorithm>
#include <cstdio>

using namespace qs;
using namespace qs::test;

namespace {

constexpr qint64 StepMs = 2000;

/** The rate target @p t holds in step @p s (kbit/s): every step changes every target. */
int rateKbit(int s, int t)
{
    return 1000 + (s % 10) * 500 + (t == 1 ? 100 : 0);
}

/** A step's condition: a tbf root at @p kbit. */
QJsonObject tbf(int kbit)
{
    return QJsonObject{{QStringLiteral("tree"),
                        TreeJson::toJson(targetFreeTreeOf(QStringLiteral("tc qdisc add dev x root handle 1: tbf rate %1kbit burst 64kb limit 128kb").arg(kbit)))}};
}

struct Figures
{
    std::vector<double> spreadMs;
    std::vector<double> latenessMs;
    int missed = 0;
};

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, std::size_t(p * double(values.size() - 1) + 0.5))];
}

/** Landing of steps 0…@p steps-1, due every StepMs from @p startNs, on the targets whose kernels @p notices heard. */
Figures landing(const std::vector<TcNotifications::Change> (&notices)[3], qint64 startNs, int steps)
{
    Figures f;
    for (int s = 0; s < steps; ++s) {
        const qint64 due = startNs + qint64(s) * StepMs * 1'000'000;
        qint64 first = std::numeric_limits<qint64>::max();
        qint64 last = 0;
        bool all = true;
        for (int t = 0; t < 3; ++t) {
            const quint64 bytes = quint64(rateKbit(s, t)) * 1000 / 8;
            const auto it = std::find_if(notices[t].cbegin(), notices[t].cend(), [&](const TcNotifications::Change &c) {
                return c.atNs >= due - 1'000'000 && c.atNs < due + StepMs * 1'000'000 && c.kind == u"tbf" && c.tbfRateBytes == bytes;
            });
            if (it == notices[t].cend()) {
                all = false;
                break;
            }
            first = std::min(first, it->atNs);
            last = std::max(last, it->atNs);
        }
        if (!all) {
            ++f.missed;
            continue;
        }
        f.spreadMs.push_back(double(last - first) / 1e6);
        f.latenessMs.push_back(double(last - due) / 1e6);
    }
    return f;
}

void print(const char *name, const Figures &f)
{
    std::printf("%-9s %5zu steps  spread ms: median %7.2f  p95 %7.2f  p99 %7.2f  max %7.2f   lateness ms: median %7.2f  p95 %7.2f  max %7.2f   missed %d\n",
                name, f.spreadMs.size(), percentile(f.spreadMs, 0.5), percentile(f.spreadMs, 0.95), percentile(f.spreadMs, 0.99),
                f.spreadMs.empty() ? 0.0 : *std::max_element(f.spreadMs.begin(), f.spreadMs.end()), percentile(f.latenessMs, 0.5),
                percentile(f.latenessMs, 0.95), f.latenessMs.empty() ? 0.0 : *std::max_element(f.latenessMs.begin(), f.latenessMs.end()), f.missed);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    double minutes = 5;
    double referenceMinutes = 1;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == u"--minutes")
            minutes = args[i + 1].toDouble();
        if (args[i] == u"--reference-minutes")
            referenceMinutes = args[i + 1].toDouble();
    }
    SshHostFixture host(QStringLiteral(QS_APP_PATH), QStringLiteral(QS_HELPER_PATH));
    QString error;
    if (!host.start(&error)) {
        std::fprintf(stderr, "bench_multihost: %s\n", qPrintable(error));
        return 1;
    }
    LabNamespace second(QStringLiteral("qs-bmh2"));
    LabNamespace local(QStringLiteral("qs-bmhl"));
    for (LabNamespace *ns : {&second, &local}) {
        if (!ns->ok() || !ns->ip({QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("v0"), QStringLiteral("type"), QStringLiteral("veth"),
                                  QStringLiteral("peer"), QStringLiteral("name"), QStringLiteral("v1")}).ok() ||
            !ns->up(QStringLiteral("v0")) || !ns->up(QStringLiteral("v1"))) {
            std::fprintf(stderr, "bench_multihost: cannot make the namespaces\n");
            return 1;
        }
    }
    const QString user = SshHostFixture::GrantedUser;
    const QStringList targets{host.target(user), QStringLiteral("ssh://%1@%2/%3/v0").arg(user, SshHostFixture::SecondAddress, second.name()),
                              local.name() + QStringLiteral("/v0")};
    const QString namespaces[3] = {host.remote().name(), second.name(), local.name()};

    // The product: one scenario of `minutes`, played across the three.
    const int steps = std::max(1, int(minutes * 60'000 / StepMs));
    QJsonArray stepArray;
    for (int s = 0; s < steps; ++s) {
        QJsonObject step = tbf(rateKbit(s, 0));
        step.insert(QStringLiteral("name"), QStringLiteral("step %1").arg(s + 1));
        step.insert(QStringLiteral("duration"), QStringLiteral("%1ms").arg(StepMs));
        step.insert(QStringLiteral("on"), QJsonObject{{targets[1], tbf(rateKbit(s, 1))}});
        stepArray.append(step);
    }
    QFile file(host.file(QStringLiteral("bench.json")));
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QJsonDocument(QJsonObject{{QStringLiteral("schemaVersion"), 1},
                                             {QStringLiteral("name"), QStringLiteral("bench_multihost")},
                                             {QStringLiteral("targets"), QJsonArray::fromStringList(targets)},
                                             {QStringLiteral("steps"), stepArray}})
                       .toJson()) <= 0)
        return 1;
    file.close();

    std::printf("bench_multihost: %d steps of %lld ms on %s, %s, %s\n", steps, qlonglong(StepMs), qPrintable(targets[0]), qPrintable(targets[1]),
                qPrintable(targets[2]));
    std::fflush(stdout);
    Figures ensemble;
    {
        TcNotifications n0(namespaces[0]), n1(namespaces[1]), n2(namespaces[2]);
        const CommandResult played = host.runCli({QStringLiteral("play"), QStringLiteral("--direct"), QStringLiteral("--json"), file.fileName()}, {},
                                                 int(minutes * 60'000) + 120'000);
        qint64 startAtNs = 0;
        qint64 offsets[3] = {};
        for (const QString &line : played.out.split(u'\n', Qt::SkipEmptyParts)) {
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
            if (o.value(u"event").toString() == u"schedule") {
                startAtNs = qint64(o.value(u"startAtNs").toDouble());
                const QJsonArray lanes = o.value(u"targets").toArray();
                for (int t = 0; t < 3 && t < lanes.size(); ++t)
                    offsets[t] = qint64(lanes[t].toObject().value(u"clockUncertaintyNs").toDouble());
            }
        }
        if (!played.ok() || startAtNs == 0) {
            std::fprintf(stderr, "bench_multihost: play failed: %s\n%s\n", qPrintable(played.err), qPrintable(host.bus().helperOutput().right(3000)));
            return 1;
        }
        std::printf("clock offsets measured: uncertainty (half the fastest round trip) %.3f / %.3f / %.3f ms\n", double(offsets[0]) / 1e6,
                    double(offsets[1]) / 1e6, double(offsets[2]) / 1e6);
        const std::vector<TcNotifications::Change> notices[3] = {n0.changes(), n1.changes(), n2.changes()};
        ensemble = landing(notices, startAtNs, steps);
    }

    // The reference: the client applies each step to each target in turn when it is due.
    const int referenceSteps = std::max(1, int(referenceMinutes * 60'000 / StepMs));
    Figures client;
    {
        TcNotifications n0(namespaces[0]), n1(namespaces[1]), n2(namespaces[2]);
        QList<QString> trees;
        for (int s = 0; s < referenceSteps; ++s) {
            for (int t = 0; t < 3; ++t) {
                const QString path = host.file(QStringLiteral("ref-%1-%2.sh").arg(s).arg(t));
                QFile tree(path);
                const QByteArray script = QStringLiteral("tc qdisc add dev %1 root handle 1: tbf rate %2kbit burst 64kb limit 128kb\n")
                                              .arg(t == 0 ? QStringLiteral("veth0") : QStringLiteral("v0"))
                                              .arg(rateKbit(s, t))
                                              .toUtf8();
                if (!tree.open(QIODevice::WriteOnly) || tree.write(script) != script.size())
                    return 1;
                trees.append(path);
            }
        }
        const qint64 startNs = monotonicNowNs() + 1'000'000'000;
        for (int s = 0; s < referenceSteps; ++s) {
            const qint64 due = startNs + qint64(s) * StepMs * 1'000'000;
            if (const qint64 wait = due - monotonicNowNs(); wait > 0)
                QThread::usleep(quint64(wait / 1000));
            for (int t = 0; t < 3; ++t) {
                // The local target as the ensemble's local lane (in the command's own process); the others through their host's helper.
                const QStringList direct = t == 2 ? QStringList{QStringLiteral("--direct")} : QStringList{};
                const CommandResult applied = host.runCli(QStringList{QStringLiteral("apply")} + direct + QStringList{QStringLiteral("--dev"), targets[t], trees[s * 3 + t]});
                if (!applied.ok())
                    std::fprintf(stderr, "bench_multihost: apply on %s: %s\n", qPrintable(targets[t]), qPrintable(applied.err));
            }
        }
        QThread::msleep(200);
        const std::vector<TcNotifications::Change> notices[3] = {n0.changes(), n1.changes(), n2.changes()};
        client = landing(notices, startNs, referenceSteps);
        for (const QString &target : targets)
            host.runCli({QStringLiteral("restore"), QStringLiteral("--dev"), target});
    }

    std::printf("\n");
    print("ensemble", ensemble);
    print("client", client);
    std::printf("\nspread, median: ensemble %.2f ms vs client-driven %.2f ms (%.0fx closer); p95 %.2f vs %.2f ms\n", percentile(ensemble.spreadMs, 0.5),
                percentile(client.spreadMs, 0.5), percentile(client.spreadMs, 0.5) / std::max(0.001, percentile(ensemble.spreadMs, 0.5)),
                percentile(ensemble.spreadMs, 0.95), percentile(client.spreadMs, 0.95));
    return 0;
}
