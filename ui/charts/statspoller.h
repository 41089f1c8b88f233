#pragma once

#include "historysource.h"
#include "netlink/netlinkworker.h"
#include "netlink/tcengine.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QTimer>

#include <memory>
#include <unordered_map>

namespace qs {

/**
 * Polls the statistics of one target and keeps a CounterHistory per qdisc and class: the
 * live source of the charts and sparklines.
 *
 * One TcEngine::readStats() per tick on a precise timer (100 ms by default). The dump runs on a
 * thread of the poller's own, where the engine lives (a dump of 50 000 classes takes about a
 * second); its result is recorded on the poller's thread, so histories are only ever touched
 * there. At most one dump is in flight: a tick that comes while one is running is skipped, not
 * queued. A node's history is created the first time a dump shows it and dropped when it has
 * been absent for forgetAfterPolls() dumps in a row, or at the next dump after resetNodes(). In
 * steady state a tick allocates nothing beyond the dump itself: the histories are fixed-size rings.
 */
class StatsPoller : public QObject, public HistorySource
{
    Q_OBJECT

public:
    explicit StatsPoller(QObject *parent = nullptr);
    ~StatsPoller() override;

    /**
     * Polls @p engine from now on (opened by the window, possibly on a socket the helper
     * handed over); null stops polling. All histories are dropped, and so is the result of a
     * dump still running, and the interval is the one asked for again: they belonged to the
     * previous target. Never waits for a dump: the old engine goes once its dump is done.
     */
    void setEngine(std::unique_ptr<StatsReader> engine);
    bool hasEngine() const { return m_engine != nullptr; }

    /**
     * The poll interval. Histories created afterwards size their full-resolution ring for it;
     * existing ones only adjust their gap detection, so their raw span scales with the change.
     */
    void setInterval(int ms);
    /** The interval polls follow now: the one asked for, or longer when stretched. */
    int interval() const { return m_timer.interval(); }
    /** The interval asked for with setInterval(). */
    int requestedInterval() const { return m_requestedMs; }

    /**
     * Lets a big tree stretch the interval so that polling (the dump and recording it) takes at
     * most @p percent of the time: 10 000 classes cost ~15 ms a dump, which at 100 ms would be a
     * sixth of a core, and 50 000 classes under five qdiscs about a second. The interval comes
     * from the steps 100, 250, 500 ms, 1, 2, 5, 10, 20, 30 s; it shrinks back when the tree does.
     * 0 turns stretching off (the default).
     */
    void setMaximumLoadPercent(int percent);
    int maximumLoadPercent() const { return m_maxLoadPercent; }
    /** The CPU time a poll took recently (the dump on its thread and recording it), in microseconds. */
    qint64 pollCostUs() const { return qint64(m_costUs); }

    /**
     * Stops and resumes polling; a pause longer than a few polls shows as a gap in charts. A
     * dump running when the pause begins is still recorded: it is of the same target.
     */
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    /** Polling now: an engine is set and the poller is not paused. */
    bool isActive() const { return m_timer.isActive(); }

    /**
     * From now on only @p charted nodes keep the full history (24 h tiers), the @p visible ones
     * their last 32 s at full resolution, every other node a compact one of a few kilobytes
     * (CounterHistory::Detail): memory follows what is looked at, not the size of the tree.
     * Histories grow on demand from then on. Until this is called every node keeps it all.
     */
    void setFocus(const QSet<quint64> &charted, const QSet<quint64> &visible);
    bool hasFocus() const { return m_focus; }
    /** The detail a node's history keeps (for tests and benchmarks). */
    CounterHistory::Detail detailOf(quint64 key) const;
    /** What every history occupies (CounterHistory::memoryBytes()), summed. */
    qsizetype historyBytes() const;
    /** Nodes in the last dump. */
    qsizetype nodeCount() const { return qsizetype(m_nodes.size()); }

    /** How many dumps in a row a node may be missing before its history is dropped. */
    void setForgetAfterPolls(int polls);
    int forgetAfterPolls() const { return m_forgetAfterPolls; }

    /**
     * The tree changed: nodes absent from the next dump are dropped at once instead of after
     * forgetAfterPolls(). Nodes still present keep their histories (an in-place change keeps
     * the kernel's counters, and a replaced node shows as a counter reset).
     */
    void resetNodes();
    /** Drops every history now, and the result of a dump still running. */
    void clear();

    /**
     * Records one dump: what every tick does with readStats()' result. Public so that a replay
     * or a test can feed counters without a kernel, and so that the counters a tree read saw
     * (TcEngine::read()) are the first sample of a target just opened.
     */
    void ingest(const QList<NodeStats> &nodes);

    const CounterHistory *history(quint64 key) const override;
    /** The nodes with a history, in ascending key order. */
    QList<quint64> keys() const;
    /** "class 1:10", "qdisc 1:" for legends; empty for an unknown key. */
    QString label(quint64 key) const;
    /** The label of a node as label() words it. */
    static QString labelFor(bool isClass, TcHandle id);

    /** The message of the failure streak going on, empty after a good dump. */
    QString lastError() const { return m_lastError; }
    /** Good dumps so far (for tests and benchmarks). */
    quint64 dumpCount() const { return m_dumps; }
    /** A dump runs on the poller's thread now. */
    bool isDumping() const { return m_inFlight; }
    /** Ticks that came while a dump was still running, so asked for none (for tests and benchmarks). */
    quint64 skippedTicks() const { return m_skippedTicks; }

public Q_SLOTS:
    /** Asks for one dump now (the timer calls this); none while one is still running. */
    void poll();

Q_SIGNALS:
    /** After every good dump: the histories hold one more sample. */
    void sampled();
    /**
     * A dump failed; polling goes on. Emitted when a failure streak starts or its message
     * changes, not on every tick, so a status bar is not flooded at 10 Hz.
     */
    void error(const QString &message);
    /** A node got a history or lost it: legends and pickers may want to refresh. */
    void nodesChanged();
    /** The interval polls follow changed by itself (see setMaximumLoadPercent()). */
    void intervalStretched(int intervalMs, int requestedMs);

private:
    struct Node
    {
        std::unique_ptr<CounterHistory> history;
        quint64 seenInDump = 0; ///< m_dumps when the node was last in a dump
        int absentDumps = 0;
    };

    /** What one dump on the poller's thread gave. */
    struct Dump
    {
        std::optional<QList<NodeStats>> nodes;
        QString error;
        qint64 costNs = 0;
    };
    void onDumped(quint64 request, const Dump &dump);
    void record(const QList<NodeStats> &nodes, bool reset);
    void updateTimer();
    void applyInterval(int ms);
    void stretchForCost(qint64 costNs);
    double neededMs() const;
    int stretchedInterval(double neededMs) const;
    CounterHistory::Detail wantedDetail(quint64 key) const;

    /** Used on m_worker's thread only; each dump holds it too, so a replaced engine ends with its dump. */
    std::shared_ptr<StatsReader> m_engine;
    QTimer m_timer;
    // Hashed: a dump of 50 000 nodes finds each in O(1); keys() sorts when asked.
    std::unordered_map<quint64, Node> m_nodes;
    QString m_lastError;
    quint64 m_dumps = 0;
    int m_forgetAfterPolls = 50;
    bool m_paused = false;
    bool m_resetPending = false;
    int m_requestedMs = 100;
    int m_maxLoadPercent = 0;
    double m_costUs = 0;
    int m_stretchVotes = 0;
    quint64 m_created = 0; ///< histories made so far
    int m_stretchCandidate = 0;
    bool m_focus = false;
    QSet<quint64> m_charted;
    QSet<quint64> m_visible;
    bool m_inFlight = false;
    quint64 m_requests = 0;     ///< dumps asked for so far
    quint64 m_acceptFrom = 1;   ///< results of earlier requests are another target's, or cleared
    quint64 m_resetFrom = 1;    ///< resetNodes() concerns dumps asked for from this request on
    quint64 m_skippedTicks = 0;
    /** Last: it goes first, so no dump outlives what it reports to. */
    std::unique_ptr<NetlinkWorker> m_worker;
};

} // namespace qs
