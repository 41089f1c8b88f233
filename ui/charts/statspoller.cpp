#include "statspoller.h"

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

StatsPoller::~StatsPoller() = default;

void StatsPoller::setEngine(std::unique_ptr<TcEngine> engine)
{
    m_engine = std::move(engine);
    m_lastError.clear();
    clear();
    updateTimer();
}

void StatsPoller::setInterval(int ms)
{
    ms = qMax(1, ms);
    m_timer.setInterval(ms);
    for (auto &[key, node] : m_nodes)
        node.history->setPollIntervalNs(qint64(ms) * 1'000'000);
}

void StatsPoller::setPaused(bool paused)
{
    m_paused = paused;
    updateTimer();
}

void StatsPoller::setForgetAfterPolls(int polls)
{
    m_forgetAfterPolls = qMax(1, polls);
}

void StatsPoller::resetNodes()
{
    m_resetPending = true;
}

void StatsPoller::clear()
{
    m_resetPending = false;
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
    QString message;
    const std::optional<QList<NodeStats>> nodes = m_engine->readStats(&message);
    if (!nodes) {
        if (message != m_lastError) {
            m_lastError = message;
            Q_EMIT error(message);
        }
        return;
    }
    m_lastError.clear();
    ingest(*nodes);
}

void StatsPoller::ingest(const QList<NodeStats> &nodes)
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
            it->second.history = std::make_unique<CounterHistory>(config);
            it->second.label = labelFor(stats.isClass, stats.id);
            changed = true;
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
            (m_resetPending || ++node.absentDumps >= m_forgetAfterPolls)) {
            it = m_nodes.erase(it);
            changed = true;
        } else {
            ++it;
        }
    }
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
    return keys;
}

QString StatsPoller::label(quint64 key) const
{
    const auto it = m_nodes.find(key);
    return it == m_nodes.end() ? QString() : it->second.label;
}

QString StatsPoller::labelFor(bool isClass, TcHandle id)
{
    return (isClass ? QStringLiteral("class ") : QStringLiteral("qdisc ")) + id.toString();
}

} // namespace qs
