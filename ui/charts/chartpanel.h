#pragma once

#include "chartmarker.h"
#include "chartmetric.h"
#include "historysource.h"
#include "timewindow.h"

#include <QColor>
#include <QElapsedTimer>
#include <QList>
#include <QPointF>
#include <QStringList>
#include <QTimer>
#include <QWidget>

class QButtonGroup;
class QChartView;
class QComboBox;
class QToolButton;

namespace qs {

class RateChart;

/**
 * The charts of the selected nodes: one metric at a time (throughput, packets/s, drops/s,
 * backlog in bytes or packets, overlimits/s) with every selected node overlaid and named in
 * the legend, over the last 30 s, 5 min or 1 h. A tool row picks the metric and the window,
 * pauses, and exports PNG or CSV.
 *
 * Drawing is cheap and bounded: requestRefresh() (connect StatsPoller::sampled to it) is
 * coalesced to at most one redraw per 100 ms (less for the longer windows), nothing is drawn
 * while the panel is hidden or paused, and the series are reused, never recreated, so memory
 * stays flat however long it runs. Pausing freezes the view; the poller keeps recording.
 */
class ChartPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ChartPanel(QWidget *parent = nullptr);
    ~ChartPanel() override;

    /** Where the histories come from (a StatsPoller, or any HistorySource); not owned. */
    void setSource(const HistorySource *source);
    const HistorySource *source() const { return m_source; }

    /** The nodes to chart (nodeStatsKey()) with their legend labels ("class 1:10"). */
    void setNodes(const QList<quint64> &keys, const QStringList &labels);
    QList<quint64> nodes() const;

    void setMetric(ChartMetric metric);
    ChartMetric metric() const;

    void setTimeWindow(TimeWindow window);
    TimeWindow timeWindow() const { return m_window; }

    /** Freezes the view at its current end; changing metric or window redraws that moment. */
    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }

    /** Writes the chart as shown to @p path as PNG. */
    bool exportPng(const QString &path);
    /**
     * Writes the shown window of every shown node to @p path as tidy CSV (see writeChartCsv():
     * one row per node and point, one column per metric, full resolution).
     */
    bool exportCsv(const QString &path) const;

    /**
     * What is plotted for node @p key: x as wall-clock ms (toChartTime()), y in the metric's
     * base unit (bit/s, packets/s, bytes, …). Empty unless @p metric is the one shown.
     */
    QList<QPointF> plottedPoints(ChartMetric metric, quint64 key) const;
    /** The CounterHistory tier the last redraw read, or -1 before the first. */
    int shownTier() const;
    /** The monotonic time (ns) the view ends at. */
    qint64 viewEndNs() const { return m_viewEndNs; }
    /** Points held by all series: the chart's memory, bounded by nodes × window width. */
    qsizetype pointCount() const;
    /** Redraws so far. */
    quint64 refreshCount() const { return m_refreshes; }
    /**
     * Wall-clock ms since the epoch of a sample taken at @p monotonicNs (the histories'
     * CLOCK_MONOTONIC): the x of plottedPoints() and the time of addMarker().
     */
    double toChartTime(qint64 monotonicNs) const;

    /**
     * A labelled vertical line at @p timeMs (wall clock, ms since the epoch), e.g. an apply or
     * a scenario's step, in @p color (the text colour when invalid); see RateChart::addMarker().
     */
    void addMarker(qint64 timeMs, const QString &label, const QColor &color = {});
    void clearMarkers();
    /** The markers held, oldest first (at most RateChart::MaxMarkers). */
    QList<ChartMarker> markers() const;

    RateChart *chart() const { return m_chart; }
    QChartView *chartView() const { return m_view; }

public Q_SLOTS:
    /** New samples arrived: redraw soon, coalesced, unless hidden or paused. */
    void requestRefresh();
    /** Redraws now from the histories (also when hidden; tests and exports use it). */
    void refresh();

Q_SIGNALS:
    void pausedChanged(bool paused);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QWidget *buildToolRow();
    void applyPalette();
    void exportPngInteractively();
    void exportCsvInteractively();
    QString suggestedFileName(const QString &suffix) const;
    bool canDraw() const;
    qint64 latestSampleNs() const;

    RateChart *m_chart;
    QChartView *m_view;
    QComboBox *m_metricBox = nullptr;
    QButtonGroup *m_windowButtons = nullptr;
    QToolButton *m_pauseButton = nullptr;
    const HistorySource *m_source = nullptr;
    QTimer m_refreshTimer;
    QElapsedTimer m_sinceRefresh;
    TimeWindow m_window = TimeWindow::Seconds30;
    qint64 m_viewEndNs = 0;
    qint64 m_frozenEndNs = 0;
    quint64 m_refreshes = 0;
    bool m_paused = false;
    bool m_dirty = false;
};

} // namespace qs
