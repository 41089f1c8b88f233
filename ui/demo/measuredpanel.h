#pragma once

#include "lab/labtraffic.h"

#include <QElapsedTimer>
#include <QList>
#include <QPointF>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <vector>

class QChart;
class QGraphicsSimpleTextItem;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace qs {

/**
 * What the demo lab measures, beside what the editor configures: RTT median and p95 with a
 * small chart of the last 60 s, the request probe's median and 80th percentile (what a page
 * load feels like), loss of the UDP flow and of the RTT probes, the goodput of the TCP and UDP
 * flows, and the link rate. Read from LabTraffic::snapshot() on a timer in the GUI
 * thread (snapshot never waits on the network), four times a second, over the last 2 s.
 *
 * After a change the old figures describe the old condition: markChanged() starts a fresh
 * measurement and shows "settling…" for a second, so "set 100 ms" visibly becomes "measured
 * 100 ms" instead of an average of before and after. Memory is fixed: the chart keeps 60 s.
 */
class MeasuredPanel : public QWidget
{
    Q_OBJECT

public:
    /** How often the figures are read. */
    static constexpr int IntervalMs = 250;
    /** The span the figures cover (shorter right after a change). */
    static constexpr int WindowMs = 2000;
    /** How long "settling…" shows after a change. */
    static constexpr int SettleMs = 1000;
    /** What the RTT chart shows. */
    static constexpr int ChartSeconds = 60;

    explicit MeasuredPanel(QWidget *parent = nullptr);
    ~MeasuredPanel() override;

    /** The traffic to read (not owned; nullptr stops reading). Clears the chart. */
    void setTraffic(LabTraffic *traffic);
    LabTraffic *traffic() const { return m_traffic; }
    /** A change reached the lab: a fresh measurement from now, "settling…" meanwhile. */
    void markChanged();
    bool isSettling() const;

    /** Shows @p text instead of the figures (the lab could not be built, the traffic stopped). */
    void showProblem(const QString &text);
    /** "Building the demo lab…": before the traffic runs. */
    void showStarting();

    /** Shows @p m as the current figures (the timer calls it with each snapshot). */
    void showMeasurement(const LabMeasurement &m);
    const LabMeasurement &lastMeasurement() const { return m_last; }
    /** The RTT chart's median line: x in seconds before now (-60 … 0), y in ms. */
    QList<QPointF> rttPoints() const;

    /**
     * A labelled vertical line on the RTT chart where a change began (a scenario's step) at
     * CLOCK_MONOTONIC @p timeNs: it scrolls with the line and leaves on the left. At most
     * MaxMarkers are kept; a new one reuses the oldest.
     */
    void addMarker(qint64 timeNs, const QString &label);
    static constexpr int MaxMarkers = 8;
    /** The labels of the markers inside the chart now, oldest first. */
    QStringList visibleMarkerLabels() const;

public Q_SLOTS:
    /** Reads a snapshot now and shows it. */
    void refresh();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Tile
    {
        QLabel *caption = nullptr;
        QLabel *value = nullptr;
    };
    struct RttSample
    {
        qint64 timeNs = 0;
        double medianMs = 0;
        double p95Ms = 0;
    };

    Tile makeTile(const char *name, const QString &caption, const QString &tip, bool large);
    void applyPalette();
    void setFiguresDimmed(bool dimmed);
    void addRttSample(qint64 nowNs, double medianMs, double p95Ms);
    void redrawChart(qint64 nowNs);
    void placeMarkers(qint64 nowNs);

    QTimer m_timer;
    LabTraffic *m_traffic = nullptr;
    QElapsedTimer m_sinceChange;
    bool m_changed = false;
    LabMeasurement m_last;

    QLabel *m_state;
    QLabel *m_problem;
    QWidget *m_figures;
    Tile m_rttMedian;
    Tile m_rttP95;
    Tile m_requestMedian;
    Tile m_requestP80;
    Tile m_udpLoss;
    Tile m_probeLoss;
    Tile m_tcpGoodput;
    Tile m_udpGoodput;
    Tile m_linkRate;
    QLabel *m_chartCaption;
    QChartView *m_chartView;
    QChart *m_chart;
    QLineSeries *m_medianSeries;
    QLineSeries *m_p95Series;
    QValueAxis *m_timeAxis;
    QLogValueAxis *m_rttAxis;
    QLabel *m_hint;

    struct Marker
    {
        qint64 timeNs = 0;
        QLineSeries *line = nullptr;
        QGraphicsSimpleTextItem *text = nullptr;
    };
    std::vector<Marker> m_markers; // oldest first
    qint64 m_lastRedrawNs = 0;

    // A fixed ring of samples: ChartSeconds of them at IntervalMs, and a few spare.
    std::vector<RttSample> m_ring;
    size_t m_ringNext = 0;
    size_t m_ringCount = 0;
    double m_axisBottomMs = 0;
    double m_axisTopMs = 0;
};

} // namespace qs
