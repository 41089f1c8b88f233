#include "statspoller.h"
#include "stats/monotonicclock.h"

#include <algorithm>
#include <initializer_list>
#include <iterator>

namespace qs {

StatsPoller::StatsPoller(QObject *parent) : QObject(parent)
{
    // Coarse timers may fire 5 % early or late; every interval is divided by its real length,
    // but an even cadence keeps 100 ms points comparable on a chart.
    m_timer.setObjectName(QStringLiteral("statsPollTimer")); // names it in profiles
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &StatsPoller::poll);
}

StatsPoller::~StatsPoller()
{
    // A dump under way gives up at its next part (NetlinkWorker): the window closes without
    // waiting for a second of a big tree's dump.
    m_worker.reset();
}

void StatsPoller::setEngine(std::unique_ptr<StatsReader> engine)
{
    if (engine && !m_worker)
        m_worker = std::make_unique<NetlinkWorker>(QStringLiteral("statistics"));
    if (engine)
        engine->setCancelFlag(m_worker->cancelFlag());
    m_engine = std::move(engine);
    m_lastError.clear();
    clear();
    // The cost that stretched the interval was the previous tree's.
    m_costUs = 0;
    m_stretchVotes = 0;
    if (m_timer.interval() != m_requestedMs) {
        applyInterval(m_requestedMs);
        Q_EMIT intervalStretched(m_requestedMs, m_requestedMs);
    }
    updateTimer();
}

void StatsPoller::setInterval(int ms)
{
    m_requestedMs = qMax(1, ms);
    m_stretchVotes = 0;
    // A stretch the measured cost calls for stays; the next polls shrink it if the tree did.
    const int interval = m_maxLoadPercent > 0 ? stretchedInterval(neededMs()) : m_requestedMs;
    applyInterval(interval);
    if (interval != m_requestedMs)
        Q_EMIT intervalStretched(interval, m_requestedMs);
}

double StatsPoller::neededMs() const
{
    // cost / (percent / 100), from microseconds to milliseconds
    return m_maxLoadPercent > 0 ? m_costUs / 10.0 / double(m_maxLoadPercent) : 0.0;
}

int StatsPoller::stretchedInterval(double neededMs) const
{
    // Up to 30 s: a dump of 50 000 classes costs about a second of kernel time, and most of
    // it is the kernel walking its qdisc hash again for every part of the dump.
    static constexpr int Steps[] = {100, 250, 500, 1000, 2000, 5000, 10000, 20000, 30000};
    if (neededMs <= m_requestedMs)
        return m_requestedMs;
    for (const int step : Steps) {
        if (step >= neededMs)
            return qMax(step, m_requestedMs);
    }
    return qMax(Steps[std::size(Steps) - 1], m_requestedMs);
}

void StatsPoller::applyInterval(int ms)
{
    const bool changed = ms != m_timer.interval();
    m_timer.setInterval(ms);
    if (!changed)
        return;
    for (auto &[key, node] : m_nodes)
        node.history->setPollIntervalNs(qint64(ms) * 1'000'000);
}

void StatsPoller::setMaximumLoadPercent(int percent)
{
    m_maxLoadPercent = qMax(0, percent);
    if (m_maxLoadPercent == 0 && m_timer.interval() != m_requestedMs) {
        applyInterval(m_requestedMs);
        Q_EMIT intervalStretched(m_requestedMs, m_requestedMs);
    }
}

void StatsPoller::stretchForCost(qint64 costNs)
{
    const double costUs = double(costNs) / 1000.0;
    m_costUs = m_costUs <= 0 ? costUs : 0.8 * m_costUs + 0.2 * costUs;
    if (m_maxLoadPercent <= 0)
        return;
    // The shortest step that keeps the load under the bound; a step down only to a step the
    // cost fits with a quarter to spare, so the interval does not flip between two steps.
    const double needed = neededMs();
    const int current = m_timer.interval();
    int wanted = stretchedInterval(needed);
    if (wanted < current)
        wanted = qMin(current, stretchedInterval(needed * 1.25));
    if (wanted == current) {
        m_stretchVotes = 0;
        return;
    }
    // Several polls in a row must agree: one slow dump (a busy machine) stretches nothing.
    if (wanted != m_stretchCandidate) {
        m_stretchCandidate = wanted;
        m_stretchVotes = 0;
    }
    if (++m_stretchVotes < 5)
        return;
    m_stretchVotes = 0;
    applyInterval(wanted);
    Q_EMIT intervalStretched(wanted, m_requestedMs);
}

void StatsPoller::setPaused(bool paused)
{
    m_paused = paused;
    updateTimer();
}

void StatsPoller::setFocus(const QSet<quint64> &charted, const QSet<quint64> &visible)
{
    // Only the nodes whose detail changes are touched: a scroll costs the rows it brings in
    // and takes out, not a walk over the tree.
    QSet<quint64> touched;
    if (!m_focus) {
        for (const auto &[key, node] : m_nodes)
            touched.insert(key);
    } else {
        for (const QSet<quint64> *set : std::initializer_list<const QSet<quint64> *>{&m_charted, &m_visible, &charted, &visible})
            for (const quint64 key : *set)
                touched.insert(key);
    }
    m_focus = true;
    m_charted = charted;
    m_visible = visible;
    for (const quint64 key : std::as_const(touched)) {
        const auto it = m_nodes.find(key);
        if (it != m_nodes.end())
            it->second.history->setDetail(wantedDetail(key));
    }
}

CounterHistory::Detail StatsPoller::wantedDetail(quint64 key) const
{
    if (!m_focus || m_charted.contains(key))
        return CounterHistory::Detail::Full;
    return m_visible.contains(key) ? CounterHistory::Detail::Recent : CounterHistory::Detail::Compact;
}

CounterHistory::Detail StatsPoller::detailOf(quint64 key) const
{
    const auto it = m_nodes.find(key);
    return it == m_nodes.end() ? wantedDetail(key) : it->second.history->detail();
}

qsizetype StatsPoller::historyBytes() const
{
    qsizetype bytes = 0;
    for (const auto &[key, node] : m_nodes)
        bytes += node.history->memoryBytes();
    return bytes;
}

void StatsPoller::setForgetAfterPolls(int polls)
{
    m_forgetAfterPolls = qMax(1, polls);
}

void StatsPoller::resetNodes()
{
    // A dump asked for before the change saw the tree from before it: it decides nothing.
    m_resetPending = true;
    m_resetFrom = m_requests + 1;
}

void StatsPoller::clear()
{
    m_resetPending = false;
    m_acceptFrom = m_requests + 1;
    if (m_nodes.empty())
        return;
    m_nodes.clear();
    Q_EMIT nodesChanged();
}

void StatsPoller::updateTimer()
{
    if (m_engine && !m_paused)
        m_timer.start();
    else
        m_timer.stop();
}

void StatsPoller::poll()
{
    if (!m_engine)
        return;
    if (m_inFlight) {
        // Queued, ticks would pile up behind a dump slower than the interval.
        ++m_skippedTicks;
        return;
    }
    m_inFlight = true;
    const quint64 request = ++m_requests;
    m_worker->run(
        this,
        [engine = m_engine] {
            Dump dump;
            const qint64 cpu = threadCpuTimeNs();
            dump.nodes = engine->readStats(&dump.error);
            dump.costNs = threadCpuTimeNs() - cpu;
            return dump;
        },
        [this, request](const Dump &dump) { onDumped(request, dump); });
}

void StatsPoller::onDumped(quint64 request, const Dump &dump)
{
    m_inFlight = false;
    if (request < m_acceptFrom)
        return;
    if (!dump.nodes) {
        if (dump.error != m_lastError) {
            m_lastError = dump.error;
            Q_EMIT error(dump.error);
        }
        return;
    }
    m_lastError.clear();
    const quint64 created = m_created;
    const qint64 cpu = threadCpuTimeNs();
    record(*dump.nodes, m_resetPending && request >= m_resetFrom);
    // A dump that gave nodes their first history (a new tree) costs more than the ones after.
    // CPU time, not wall time: the dump's thread waits for a core while this one draws, and on a
    // busy machine the wall-clock cost of a 10 000-class dump stretched its interval to 5 s.
    if (m_created == created)
        stretchForCost(dump.costNs + threadCpuTimeNs() - cpu);
}

void StatsPoller::ingest(const QList<NodeStats> &nodes)
{
    record(nodes, m_resetPending);
}

void StatsPoller::record(const QList<NodeStats> &nodes, bool reset)
{
    ++m_dumps;
    bool changed = false;
    for (const NodeStats &stats : nodes) {
        const quint64 key = nodeStatsKey(stats.isClass, stats.id);
        const auto [it, created] = m_nodes.try_emplace(key);
        if (created) {
            CounterHistoryConfig config;
            config.pollIntervalNs = qint64(m_timer.interval()) * 1'000'000;
            config.packets64 = stats.packets64;
            // With a focus, nothing is paid up front: a node's rings grow with its samples, to
            // the bounds of the detail it is looked at with.
            config.growOnDemand = m_focus;
            config.compact = wantedDetail(key) == CounterHistory::Detail::Compact;
            it->second.history = std::make_unique<CounterHistory>(config);
            if (wantedDetail(key) == CounterHistory::Detail::Recent)
                it->second.history->setDetail(CounterHistory::Detail::Recent);
            changed = true;
            ++m_created;
        }
        Node &node = it->second;
        if (stats.packets64)
            node.history->setPackets64(true);
        node.history->append(stats.counters);
        node.seenInDump = m_dumps;
        node.absentDumps = 0;
    }
    for (auto it = m_nodes.begin(); it != m_nodes.end();) {
        Node &node = it->second;
        if (node.seenInDump != m_dumps &&
            (reset || ++node.absentDumps >= m_forgetAfterPolls)) {
            it = m_nodes.erase(it);
            changed = true;
        } else {
            ++it;
        }
    }
    if (reset)
        m_resetPending = false;
    if (changed)
        Q_EMIT nodesChanged();
    Q_EMIT sampled();
}

const CounterHistory *StatsPoller::history(quint64 key) const
{
    const auto it = m_nodes.find(key);
    return it == m_nodes.end() ? nullptr : it->second.history.get();
}

QList<quint64> StatsPoller::keys() const
{
    QList<quint64> keys;
    keys.reserve(qsizetype(m_nodes.size()));
    for (const auto &[key, node] : m_nodes)
        keys.append(key);
    std::sort(keys.begin(), keys.end());
    return keys;
}

QString StatsPoller::label(quint64 key) const
{
    // Worded when asked: 50 000 labels made up front would cost what the dump costs.
    if (!m_nodes.contains(key))
        return {};
    return labelFor(nodeStatsKeyIsClass(key), nodeStatsKeyId(key));
}

QString StatsPoller::labelFor(bool isClass, TcHandle id)
{
    return (isClass ? QStringLiteral("class ") : QStringLiteral("qdisc ")) + id.toString();
}

} // namespace qs
