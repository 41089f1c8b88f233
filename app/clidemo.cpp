// `qdisc-studio demo --headless`: the demo lab without a window. A sequence of conditions is
// applied to the lab's target, each measured by LabTraffic, and a table of configured versus
// measured values is printed (or JSON).

#include "cli.h"

#include "cliinterruption.h"
#include "directbackend.h"
#include "helperavailability.h"
#include "helperbackend.h"
#include "lab/labnetwork.h"
#include "lab/labtraffic.h"
#include "log/logging.h"
#include "kinds/kernelmodules.h"
#include "netlink/tcengine.h"
#include "stats/binomial.h"
#include "tc/tcimporter.h"

#include <QCommandLineParser>
#include <QDBusConnection>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <spdlog/logger.h>

#include <cmath>
#include <unistd.h>

namespace qs {

namespace {

using namespace std::chrono_literals;

/** Time for the flows to settle after a change (TCP finds the new rate) before measuring. */
constexpr auto SettleTime = 2s;
/** The tolerances the verdict uses: rate ±5 %, delay ±5 ms, loss in the binomial 99 % interval. */
constexpr double RateTolerancePercent = 5.0;
constexpr double DelayToleranceMs = 5.0;
constexpr double LossConfidence = 0.99;

/** One step of the sequence: what is applied to the lab's target and what it should show. */
struct Condition
{
    QString name;       ///< "tbf": a kind, never translated
    QString configured; ///< "rate 10mbit", in tc's words
    QString script;     ///< tc commands for lab0; empty: no qdisc
    QString kind;       ///< the qdisc kind it needs ("" for the baseline)
    std::optional<double> rateBitsPerSec;
    std::optional<double> delayMs;
    std::optional<double> lossPercent;
};

QList<Condition> demoConditions()
{
    const QString root = QStringLiteral("tc qdisc add dev lab0 root handle 1: ");
    return {
        {QStringLiteral("baseline"), QStringLiteral("no qdisc"), {}, {}, {}, {}, {}},
        {QStringLiteral("tbf"), QStringLiteral("rate 10mbit"), root + QStringLiteral("tbf rate 10mbit burst 32kb latency 50ms"),
         QStringLiteral("tbf"), 10e6, {}, {}},
        // htb's default burst is one tick of its rate plus an MTU: at 20mbit about one packet, so
        // every millisecond the machine is late to dequeue is lost for good (a busy CI machine
        // measured -6 %). 32kb, as tbf's, rides out such delays and is what scripts write.
        {QStringLiteral("htb"), QStringLiteral("rate 20mbit"),
         root + QStringLiteral("htb default 10\ntc class add dev lab0 parent 1: classid 1:10 htb rate 20mbit ceil 20mbit "
                               "burst 32kb cburst 32kb"),
         QStringLiteral("htb"), 20e6, {}, {}},
        {QStringLiteral("netem delay"), QStringLiteral("delay 100ms"), root + QStringLiteral("netem delay 100ms"),
         QStringLiteral("netem"), {}, 100.0, {}},
        {QStringLiteral("netem loss"), QStringLiteral("loss 5%"), root + QStringLiteral("netem loss 5%"), QStringLiteral("netem"), {}, {},
         5.0},
        {QStringLiteral("netem rate"), QStringLiteral("rate 10mbit"), root + QStringLiteral("netem rate 10mbit"),
         QStringLiteral("netem"), 10e6, {}, {}},
    };
}

enum class Verdict { Ok, Off, NotAvailable, Failed, NotRun };

QString verdictWord(Verdict v)
{
    // JSON's words: never translated.
    switch (v) {
    case Verdict::Ok: return QStringLiteral("ok");
    case Verdict::Off: return QStringLiteral("off");
    case Verdict::NotAvailable: return QStringLiteral("not available");
    case Verdict::Failed: return QStringLiteral("failed");
    case Verdict::NotRun: return QStringLiteral("not run");
    }
    return {};
}

/** What became of one condition. */
struct Row
{
    Condition condition;
    Verdict verdict = Verdict::NotRun;
    QString message;       ///< not available: the module sentence; failed: the error
    QString missingModule; ///< "sch_netem"
    QString error;         ///< the refusal in full (kernel's words included)
    std::optional<LabMeasurement> measured;
    std::optional<std::pair<int, int>> lossInterval; ///< lost datagrams, for udpSent
};

Verdict judge(Row &row)
{
    const Condition &c = row.condition;
    const LabMeasurement &m = *row.measured;
    bool ok = true;
    if (c.rateBitsPerSec)
        ok = ok && m.linkRateBitsPerSec && std::abs(*m.linkRateBitsPerSec / *c.rateBitsPerSec - 1.0) * 100.0 <= RateTolerancePercent;
    if (c.delayMs)
        ok = ok && m.rttMedianMs && std::abs(*m.rttMedianMs - *c.delayMs) <= DelayToleranceMs;
    if (c.lossPercent) {
        if (m.udpSent > 0) {
            row.lossInterval = binomialInterval(m.udpSent, *c.lossPercent / 100.0, LossConfidence);
            ok = ok && m.udpLost >= row.lossInterval->first && m.udpLost <= row.lossInterval->second;
        } else {
            ok = false;
        }
    }
    if (!c.rateBitsPerSec && !c.delayMs && !c.lossPercent) // the baseline: answers, no loss
        ok = m.rttMedianMs.has_value() && m.udpSent > 0 && m.udpLost == 0 && m.tcpConnected;
    return ok ? Verdict::Ok : Verdict::Off;
}

QJsonValue number(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QString megabits(const std::optional<double> &bitsPerSec)
{
    //: a rate in the demo's table; %1 is the number
    return bitsPerSec ? Cli::tr("%1 Mbit/s").arg(*bitsPerSec / 1e6, 0, 'f', 2) : QStringLiteral("—");
}

QString milliseconds(const std::optional<double> &ms)
{
    return ms ? QString::number(*ms, 'f', *ms < 10 ? 2 : 1) : QStringLiteral("—");
}

// The demo's waits, on top of CliInterruption: each in a loop of its own and always cut short by
// a signal (the lab's removal waits without them). play waits differently (cliscenario.cpp).

/**
 * Runs the event loop until @p done says so (checked whenever @p sender emits @p signal),
 * @p timeout passes, or a signal arrives (or came already: then it does not wait). True when @p done.
 */
template<typename Sender, typename Signal>
bool waitFor(CliInterruption &interruption, Sender *sender, Signal signal, const std::function<bool()> &done,
             std::chrono::milliseconds timeout)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(sender, signal, &loop, [&] {
        if (done())
            loop.quit();
    });
    timer.start(timeout);
    if (!interruption.signal())
        interruption.run(loop);
    return !interruption.signal() && done();
}

/** Runs the event loop for @p duration; false when a signal cut it short (or came before). */
bool sleep(CliInterruption &interruption, std::chrono::milliseconds duration)
{
    QEventLoop loop;
    QTimer::singleShot(duration, &loop, &QEventLoop::quit);
    if (!interruption.signal())
        interruption.run(loop);
    return !interruption.signal();
}

} // namespace

int Cli::demo(const QStringList &arguments)
{
    const QString command = QStringLiteral("demo");
    QCommandLineParser parser;
    if (const auto done = parse(parser, command, arguments))
        return *done;
    if (!parser.positionalArguments().isEmpty())
        return usageError(command, tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    if (!parser.isSet(QStringLiteral("headless")))
        return usageError(command, tr("give --headless for the demo in the terminal; the window opens on the demo lab with: "
                                      "qdisc-studio --demo"));
    bool numeric = false;
    const int seconds = parser.value(QStringLiteral("seconds")).toInt(&numeric);
    if (!numeric || seconds < 1 || seconds > 3600)
        return usageError(command, tr("--seconds takes a whole number from 1 to 3600"));
    const bool json = parser.isSet(QStringLiteral("json"));
    const bool direct = parser.isSet(QStringLiteral("direct"));

    // Ctrl-C, SIGTERM and SIGHUP end the run the normal way, removing the lab.
    CliInterruption interruption;

    // Where the lab comes from: the helper when the system bus has it, else this process as root.
    std::unique_ptr<TargetBackend> backend;
    QString whyNotHelper;
    if (!direct) {
        backend = helperBackendOnSystemBus(&whyNotHelper);
    } else if (geteuid() != 0) {
        return usageError(command, tr("--direct needs root: the lab is built in this process"));
    }
    const auto inProcess = [&] {
        backend = std::make_unique<DirectBackend>();
        if (!direct) {
            m_err << tr("%1: building the lab in this process (running as root)").arg(whyNotHelper) << u'\n';
            m_err.flush();
        }
    };
    if (!backend) {
        if (geteuid() != 0) {
            printError(command, tr("the demo lab needs the Qdisc Studio helper on the system bus, or root: %1. Run it as root "
                                   "(sudo qdisc-studio demo --headless), or install Qdisc Studio so that D-Bus starts its helper.")
                                    .arg(whyNotHelper));
            return ExitFailure;
        }
        inProcess();
    }

    const auto createLab = [&](LabInfo *lab, QString *error) {
        bool answered = false;
        QObject context;
        QObject::connect(backend.get(), &TargetBackend::labCreated, &context, [&](const LabInfo &made, const QString &why) {
            answered = true;
            *lab = made;
            *error = why;
        });
        backend->createLab();
        if (!waitFor(interruption, backend.get(), &TargetBackend::labCreated, [&] { return answered; }, 60s) && !answered)
            *error = interruption.signal() ? tr("interrupted") : tr("no answer to the request for a lab within 60 s");
        return answered && error->isEmpty();
    };
    LabInfo lab;
    QString error;
    bool created = createLab(&lab, &error);
    if (!created && !interruption.signal() && !direct && geteuid() == 0 && dynamic_cast<HelperBackend *>(backend.get())) {
        m_err << tr("the helper could not build the lab (%1)").arg(error) << u'\n';
        whyNotHelper = tr("falling back");
        inProcess();
        created = createLab(&lab, &error);
    }
    if (!created) {
        printError(command, tr("cannot build the demo lab: %1").arg(error));
        return ExitFailure;
    }
    log().info("demo: lab {} on {} ({})", lab.id.toStdString(), lab.target.toStdString(), backend->describe().toStdString());
    if (!json) {
        m_out << tr("Demo lab %1: %2 → %3, impairments on %4 (%5).").arg(lab.id, lab.namespaceA, lab.namespaceB, lab.target,
                                                                          backend->describe())
              << u'\n';
        m_out << tr("Each condition is measured for %n second(s) after %1 s to settle.", nullptr, seconds)
                     .arg(std::chrono::seconds(SettleTime).count())
              << QStringLiteral("\n\n");
        m_out.flush();
    }

    QList<Row> rows;
    for (const Condition &c : demoConditions()) {
        Row row;
        row.condition = c;
        rows.append(row);
    }
    bool failed = false;
    QString trafficFailure;
    std::optional<LabTrafficSockets> sockets = backend->openLabSockets(lab.id, &error);
    std::unique_ptr<LabTraffic> traffic;
    if (!sockets) {
        printError(command, tr("cannot open the lab's sockets: %1").arg(error));
        failed = true;
    } else {
        traffic = std::make_unique<LabTraffic>(std::move(*sockets));
        QObject::connect(traffic.get(), &LabTraffic::failed, traffic.get(), [&](const QString &reason) { trafficFailure = reason; });
        if (!traffic->start(&error)) {
            printError(command, tr("cannot start the lab's traffic: %1").arg(error));
            failed = true;
        }
    }

    for (Row &row : rows) {
        if (failed || interruption.signal() || !trafficFailure.isEmpty())
            break;
        const Condition &c = row.condition;
        QdiscTree tree;
        if (!c.script.isEmpty()) {
            const TcImportResult imported = TcImporter::import(c.script);
            Q_ASSERT(imported.ok() && !imported.trees.isEmpty());
            tree = imported.trees.first();
        }
        log().info("demo: {} {}", c.name.toStdString(), c.configured.toStdString());
        std::optional<BackendApplyResult> result;
        QObject context;
        QObject::connect(backend.get(), &TargetBackend::applied, &context, [&](const QString &target, const BackendApplyResult &r) {
            if (target == lab.target)
                result = r;
        });
        backend->apply(lab.target, tree, ApplyOptions{});
        waitFor(interruption, backend.get(), &TargetBackend::applied, [&] { return result.has_value(); }, 120s);
        if (interruption.signal())
            break;
        if (!result) {
            row.verdict = Verdict::Failed;
            row.message = row.error = tr("no answer to the change within 120 s");
            failed = true;
            continue;
        }
        if (!result->ok) {
            row.error = result->error;
            row.missingModule = result->missingModule;
            if (!row.missingModule.isEmpty()) {
                row.verdict = Verdict::NotAvailable;
                row.message = KernelModules::missingQdiscMessage(c.kind);
            } else {
                row.verdict = Verdict::Failed;
                row.message = result->error;
                failed = true;
            }
            log().info("demo: {}: {}", c.name.toStdString(), result->error.toStdString());
            continue;
        }
        if (!sleep(interruption, SettleTime))
            break;
        traffic->reset();
        if (!sleep(interruption, std::chrono::seconds(seconds)))
            break;
        if (!trafficFailure.isEmpty())
            break;
        row.measured = traffic->snapshot(LabTraffic::sinceReset);
        row.verdict = judge(row);
    }
    if (traffic)
        traffic->stop();
    if (!trafficFailure.isEmpty()) {
        printError(command, tr("the lab's traffic stopped: %1").arg(trafficFailure));
        failed = true;
    }

    // The lab goes, whatever happened (and the backend would remove it when destroyed anyway).
    bool removed = false;
    QString removeError;
    {
        QObject context;
        QObject::connect(backend.get(), &TargetBackend::labRemoved, &context, [&](const QString &id, const QString &why) {
            if (id == lab.id) {
                removed = true;
                removeError = why;
            }
        });
        backend->removeLab(lab.id);
        // Not cut short by a signal: the lab must go.
        QEventLoop loop;
        QTimer::singleShot(30s, &loop, &QEventLoop::quit);
        QObject::connect(backend.get(), &TargetBackend::labRemoved, &loop, &QEventLoop::quit);
        if (!removed)
            loop.exec();
    }
    if (!removed || !removeError.isEmpty()) {
        printError(command, tr("removing the demo lab %1 failed: %2").arg(lab.id, removed ? removeError : tr("no answer within 30 s")));
        failed = true;
    }
    const QString backendDescription = backend->describe();
    backend.reset();
    log().info("demo: lab {} removed", lab.id.toStdString());

    const bool interrupted = interruption.signal() != 0;
    if (json) {
        QJsonArray conditions;
        for (const Row &row : rows) {
            const Condition &c = row.condition;
            QJsonObject expected;
            if (c.rateBitsPerSec)
                expected.insert(QStringLiteral("rateBitsPerSec"), *c.rateBitsPerSec);
            if (c.delayMs)
                expected.insert(QStringLiteral("delayMs"), *c.delayMs);
            if (c.lossPercent)
                expected.insert(QStringLiteral("lossPercent"), *c.lossPercent);
            QJsonObject o{{QStringLiteral("name"), c.name},
                          {QStringLiteral("configured"), c.configured},
                          {QStringLiteral("tc"), c.script},
                          {QStringLiteral("expected"), expected},
                          {QStringLiteral("verdict"), verdictWord(row.verdict)}};
            if (!row.message.isEmpty())
                o.insert(QStringLiteral("message"), row.message);
            if (!row.error.isEmpty())
                o.insert(QStringLiteral("error"), row.error);
            if (!row.missingModule.isEmpty())
                o.insert(QStringLiteral("missingModule"), row.missingModule);
            if (row.measured) {
                const LabMeasurement &m = *row.measured;
                QJsonObject measured{{QStringLiteral("windowSeconds"), double(m.window.count()) / 1e9},
                                     {QStringLiteral("rttMedianMs"), number(m.rttMedianMs)},
                                     {QStringLiteral("rttP95Ms"), number(m.rttP95Ms)},
                                     {QStringLiteral("requestMedianMs"), number(m.requestMedianMs)},
                                     {QStringLiteral("requestP80Ms"), number(m.requestP80Ms)},
                                     {QStringLiteral("requestsCompleted"), m.requestsCompleted},
                                     {QStringLiteral("requestsFailed"), m.requestsFailed},
                                     {QStringLiteral("probesAnswered"), m.probesAnswered},
                                     {QStringLiteral("probesLost"), m.probesLost},
                                     {QStringLiteral("udpSent"), m.udpSent},
                                     {QStringLiteral("udpLost"), m.udpLost},
                                     {QStringLiteral("udpLossPercent"), number(m.udpLossPercent)},
                                     {QStringLiteral("udpGoodputBitsPerSec"), number(m.udpGoodputBitsPerSec)},
                                     {QStringLiteral("tcpGoodputBitsPerSec"), number(m.tcpGoodputBitsPerSec)},
                                     {QStringLiteral("tcpConnected"), m.tcpConnected},
                                     {QStringLiteral("linkRateBitsPerSec"), number(m.linkRateBitsPerSec)}};
                o.insert(QStringLiteral("measured"), measured);
                if (row.lossInterval && m.udpSent > 0)
                    o.insert(QStringLiteral("lossInterval99Percent"),
                             QJsonArray{100.0 * row.lossInterval->first / m.udpSent, 100.0 * row.lossInterval->second / m.udpSent});
                if (c.rateBitsPerSec && m.linkRateBitsPerSec)
                    o.insert(QStringLiteral("rateErrorPercent"), (*m.linkRateBitsPerSec / *c.rateBitsPerSec - 1.0) * 100.0);
                if (c.delayMs && m.rttMedianMs)
                    o.insert(QStringLiteral("delayErrorMs"), *m.rttMedianMs - *c.delayMs);
            }
            conditions.append(o);
        }
        const QJsonObject labJson{{QStringLiteral("id"), lab.id},
                                  {QStringLiteral("target"), lab.target},
                                  {QStringLiteral("namespaceA"), lab.namespaceA},
                                  {QStringLiteral("namespaceB"), lab.namespaceB}};
        m_out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("ok"), !failed && !interrupted},
                                                            {QStringLiteral("interrupted"), interrupted},
                                                            {QStringLiteral("backend"), backendDescription},
                                                            {QStringLiteral("seconds"), seconds},
                                                            {QStringLiteral("lab"), labJson},
                                                            {QStringLiteral("removed"), removed && removeError.isEmpty()},
                                                            {QStringLiteral("conditions"), conditions}})
                                       .toJson());
    } else {
        //: the demo table's column headings
        QList<QStringList> table{{tr("condition"), tr("configured"), tr("RTT median/p95 (ms)"), tr("request median/p80 (ms)"),
                                  tr("loss %"), tr("TCP goodput"), tr("link rate"), tr("verdict")}};
        for (const Row &row : rows) {
            const Condition &c = row.condition;
            QStringList cells{c.name, c.configured};
            if (row.measured) {
                const LabMeasurement &m = *row.measured;
                cells << milliseconds(m.rttMedianMs) + u'/' + milliseconds(m.rttP95Ms);
                QString requests = milliseconds(m.requestMedianMs) + u'/' + milliseconds(m.requestP80Ms);
                if (m.requestsFailed > 0)
                    //: the request figures, then how many requests failed (timed out or reset)
                    requests = tr("%1 (%n failed)", nullptr, m.requestsFailed).arg(requests);
                cells << requests;
                QString loss = m.udpLossPercent ? QString::number(*m.udpLossPercent, 'f', 1) : QStringLiteral("—");
                if (row.lossInterval && m.udpSent > 0)
                    //: the measured loss, then the 99 % binomial interval of the configured loss for as many datagrams
                    loss = tr("%1 (99 %: %2–%3)")
                               .arg(loss)
                               .arg(100.0 * row.lossInterval->first / m.udpSent, 0, 'f', 1)
                               .arg(100.0 * row.lossInterval->second / m.udpSent, 0, 'f', 1);
                cells << loss << megabits(m.tcpGoodputBitsPerSec) << megabits(m.linkRateBitsPerSec);
            } else {
                cells << QStringLiteral("—") << QStringLiteral("—") << QStringLiteral("—") << QStringLiteral("—") << QStringLiteral("—");
            }
            switch (row.verdict) {
            case Verdict::Ok: cells << tr("ok"); break;
            case Verdict::Off: cells << tr("off"); break;
            case Verdict::NotAvailable: cells << tr("not available: %1").arg(row.message); break;
            case Verdict::Failed: cells << tr("failed: %1").arg(row.message); break;
            case Verdict::NotRun: cells << tr("not run"); break;
            }
            table.append(cells);
        }
        QList<int> widths(table.first().size(), 0);
        for (const QStringList &line : table)
            for (int i = 0; i < line.size() - 1; ++i)
                widths[i] = std::max(widths[i], int(line[i].size()));
        for (const QStringList &line : table) {
            QString text;
            for (int i = 0; i < line.size(); ++i)
                text += i + 1 < line.size() ? line[i].leftJustified(widths[i]) + QStringLiteral("  ") : line[i];
            m_out << text << u'\n';
        }
        m_out << u'\n'
              << tr("ok: rate within ±%1 %, delay within ±%2 ms, loss within the binomial 99 % interval; off: outside.")
                     .arg(RateTolerancePercent)
                     .arg(DelayToleranceMs)
              << u'\n'
              << (removed && removeError.isEmpty() ? tr("The demo lab was removed.") : tr("The demo lab could not be removed."))
              << u'\n';
    }
    m_out.flush();
    if (interrupted) {
        printError(command, tr("interrupted (signal %1); the demo lab was removed").arg(interruption.signal()));
        return ExitFailure;
    }
    return failed ? ExitFailure : ExitOk;
}

} // namespace qs
