#pragma once

#include "chartmarker.h"
#include "chartmetric.h"
#include "historysource.h"
#include "timewindow.h"

#include <QChart>
#include <QColor>
#include <QList>
#include <QPointF>
#include <QStringList>

#include <array>
#include <optional>
#include <vector>

class QGraphicsSimpleTextItem;
class QLineSeries;
class QValueAxis;

namespace qs {

/**
 * The chart of one metric for several nodes, drawn from their counter histories: one line per
 * node (plus a few hidden continuation lines so that a counter reset or polling gap leaves a
 * break instead of a straight line across). The series are created when the nodes are set and
 * only refilled (QXYSeries::replace) after that, so drawing at 10 Hz allocates next to nothing
 * and nothing grows with time.
 *
 * The time axis counts back from the newest sample ("-30 s" … "0 s", its title naming that
 * moment on the wall clock), so its range stays put while the lines scroll: a moving range
 * would make Qt Charts recompute and re-stroke every line a second time per redraw.
 */
class RateChart : public QChart
{
    Q_OBJECT

public:
    explicit RateChart(QGraphicsItem *parent = nullptr);
    ~RateChart() override;

    /** The nodes to draw, with their legend labels; series are reused where possible. */
    void setNodes(const QList<quint64> &keys, const QStringList &labels);
    QList<quint64> nodeKeys() const;
    QStringList nodeLabels() const;

    void setMetric(ChartMetric metric);
    ChartMetric metric() const { return m_metric; }

    /**
     * Refills the series from @p source: the window @p window ending at @p endNs (monotonic).
     * Each line gets at most the plot area's width in points, and fewer when many lines share
     * the chart (see PointBudget in the .cpp): merged points keep exact time averages.
     */
    void draw(const HistorySource &source, qint64 endNs, TimeWindow window);

    /** The tier of CounterHistory the last draw() read (the coarsest among the nodes), or -1. */
    int shownTier() const { return m_shownTier; }
    /**
     * What the last draw() plotted for @p key: x as wall-clock ms since the epoch (see
     * toChartTime()), y in the metric's base unit (bit/s, packets/s, bytes, …).
     */
    QList<QPointF> plottedPoints(quint64 key) const;
    /** Points held by the node series together: what the chart costs in memory. */
    qsizetype pointCount() const;

    /** Wall-clock ms since the epoch of a sample taken at @p monotonicNs (the histories' clock). */
    double toChartTime(qint64 monotonicNs) const;

    /**
     * A dashed vertical line at @p timeMs (wall clock, ms since the epoch), labelled, in
     * @p color (the text colour when invalid). It scrolls with the lines and hides once it
     * leaves the window; beyond MaxMarkers the oldest is reused, so memory stays fixed.
     */
    void addMarker(qint64 timeMs, const QString &label, const QColor &color = {});
    void clearMarkers();
    /** The markers held, oldest first. */
    QList<ChartMarker> markers() const;
    static constexpr int MaxMarkers = 16;

    /** Follows the widget palette, light or dark. */
    void applyPalette(const QPalette &palette);

protected:
    void resizeEvent(QGraphicsSceneResizeEvent *event) override;

private:
    void placeLegend();
    struct Part
    {
        QLineSeries *series = nullptr;
        // Ping-pong: while the series shares one buffer, the other is refilled without a
        // copy-on-write allocation.
        std::array<QList<QPointF>, 2> buffers;
        int next = 0;
    };
    struct Line
    {
        quint64 key = 0;
        QString label;
        std::vector<Part> parts; // parts[0] carries the legend entry
        int usedParts = 0;
    };
    struct Marker
    {
        qint64 timeMs = 0;
        QColor color;
        QLineSeries *line = nullptr;
        QGraphicsSimpleTextItem *text = nullptr;
    };

    Part makePart(const Line &line, bool withLegend);
    void stylePart(const Part &part, int lineIndex) const;
    void styleMarker(const Marker &marker) const;
    QColor lineColor(int lineIndex) const;
    double collect(const HistorySource &source, qint64 fromNs, qint64 toNs, int maxPoints);
    void updateTimeAxis(TimeWindow window);
    /** Ticks as far apart as the plot's width needs for whole labels. */
    void fitTimeTicks();
    void updateValueAxis(double maxScaled, const QString &unit);
    void fitAxesToPlot();
    void updateMarkers();
    void placeMarkerLabels();
    double toAxisTime(double wallMs) const;

    std::vector<Line> m_lines;
    std::vector<Marker> m_markers;
    QValueAxis *m_timeAxis;
    QValueAxis *m_valueAxis;
    CounterHistory::RateSeries m_rates; // reused by every draw
    ChartMetric m_metric = ChartMetric::Throughput;
    MetricUnit m_unit;
    QColor m_textColor = Qt::black;
    std::optional<TimeWindow> m_axisWindow; // what the time axis is set up for
    double m_wallOffsetMs = 0;
    double m_endWallMs = 0; // the newest sample drawn: 0 on the time axis
    double m_axisUnitMs = 1000;
    double m_valueTop = 1;
    double m_valueMaxScaled = 0; // the last draw's largest value, in the axis' unit
    int m_shownTier = -1;
    bool m_dark = false;
};

} // namespace qs
