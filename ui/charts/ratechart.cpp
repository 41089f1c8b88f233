#include "ratechart.h"

#include "axisfit.h"
#include "stats/monotonicclock.h"

#include <QDateTime>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPalette>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace qs {

namespace {

// A node whose counters reset or whose polling stalled more often than this within one window
// gets its remaining segments joined: the cap keeps the series count bounded.
constexpr int MaxPartsPerLine = 8;
// Marker labels that would overlap go one row lower, up to this many rows.
constexpr int MarkerLabelRows = 3;
// Horizontal room between two marker labels in one row, in pixels.
constexpr qreal MarkerLabelGap = 6;
constexpr size_t BoldLinesUpTo = 8;
constexpr int MinPoints = 64;
constexpr int MaxPoints = 2000;
// Points stroked per redraw across all lines. Qt Charts strokes every line's outline on each
// update; with 50 lines overlaid nobody reads 100 ms detail of each, so lines share this budget
// (50 lines: 120 points each, 250 ms apiece over 30 s) and a single line keeps full detail.
constexpr int PointBudget = 6000;
// Charts at least this tall (px) keep a legend of a few lines above the plot.
constexpr qreal LegendOnTopFromHeight = 320;

// Tableau 10: distinguishable, and still readable on dark backgrounds once lightened.
constexpr std::array<QRgb, 10> LineColors{0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                          0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};

// 1, 2, 2.5 or 5 times a power of ten, at least @p raw: steps a person reads at a glance.
double niceStep(double raw)
{
    if (!(raw > 0))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / magnitude;
    const double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
    return nice * magnitude;
}

void hideLegendEntry(QChart *chart, QLineSeries *series)
{
    const QList<QLegendMarker *> markers = chart->legend()->markers(series);
    for (QLegendMarker *marker : markers)
        marker->setVisible(false);
}

} // namespace

RateChart::RateChart(QGraphicsItem *parent)
    : QChart(parent), m_timeAxis(new QValueAxis), m_valueAxis(new QValueAxis)
{
    // The histories count CLOCK_MONOTONIC; people read wall clocks. One fixed offset keeps
    // points from shifting against each other if the wall clock is stepped meanwhile.
    m_wallOffsetMs = double(QDateTime::currentMSecsSinceEpoch()) - double(monotonicNowNs()) / 1e6;

    setAnimationOptions(QChart::NoAnimation); // animating 10 redraws a second only costs CPU
    m_timeAxis->setTickType(QValueAxis::TicksDynamic);
    m_timeAxis->setTickAnchor(0);
    m_valueAxis->setTickType(QValueAxis::TicksDynamic);
    m_valueAxis->setTickAnchor(0);
    m_valueAxis->setLabelFormat(QStringLiteral("%g"));
    m_valueAxis->setRange(0, m_valueTop);
    m_valueAxis->setTickInterval(0.25);
    m_valueAxis->setMinorTickCount(0); // every grid line is a graphics item painted per frame
    addAxis(m_timeAxis, Qt::AlignBottom);
    addAxis(m_valueAxis, Qt::AlignLeft);
    legend()->setAlignment(Qt::AlignTop);
    setMetric(m_metric);
    updateTimeAxis(TimeWindow::Seconds30);
    connect(this, &QChart::plotAreaChanged, this, &RateChart::fitAxesToPlot);
}

RateChart::~RateChart() = default;

RateChart::Part RateChart::makePart(const Line &line, bool withLegend)
{
    Part part;
    part.series = new QLineSeries(this);
    part.series->setName(line.label);
    addSeries(part.series);
    part.series->attachAxis(m_timeAxis);
    part.series->attachAxis(m_valueAxis);
    if (!withLegend)
        hideLegendEntry(this, part.series);
    return part;
}

QColor RateChart::lineColor(int lineIndex) const
{
    const QColor color = QColor::fromRgb(LineColors[size_t(lineIndex) % LineColors.size()]);
    return m_dark ? color.lighter(125) : color;
}

void RateChart::stylePart(const Part &part, int lineIndex) const
{
    QPen pen(lineColor(lineIndex));
    // Bold lines read well when few; many overlaid read better thin, and a pen of at most 1 px
    // takes the raster engine's fast cosmetic stroker instead of stroking a path per line.
    pen.setWidthF(m_lines.size() <= BoldLinesUpTo ? 2.0 : 1.0);
    // Round joins cost a Bézier arc per vertex, in the painting and in the hit-test shape Qt
    // Charts strokes on every update: several times the CPU for 50 lines of 300 points.
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::BevelJoin);
    part.series->setPen(pen);
}

void RateChart::setNodes(const QList<quint64> &keys, const QStringList &labels)
{
    // Keep the series of nodes that stay, so a selection change does not flicker them.
    std::vector<Line> lines;
    lines.reserve(size_t(keys.size()));
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const auto kept = std::find_if(m_lines.begin(), m_lines.end(),
                                       [&](const Line &l) { return l.key == keys.at(i); });
        if (kept != m_lines.end()) {
            lines.push_back(std::move(*kept));
            m_lines.erase(kept);
        } else {
            Line line;
            line.key = keys.at(i);
            lines.push_back(std::move(line));
        }
        Line &line = lines.back();
        //: legend of a charted node that was given no name; %1 is its statistics key in hex
        line.label = labels.value(i, tr("node %1").arg(line.key, 0, 16));
        if (line.parts.empty())
            line.parts.push_back(makePart(line, true));
        for (Part &part : line.parts)
            part.series->setName(line.label);
    }
    for (Line &gone : m_lines) {
        for (Part &part : gone.parts) {
            removeSeries(part.series);
            delete part.series;
        }
    }
    m_lines = std::move(lines);
    for (size_t i = 0; i < m_lines.size(); ++i) {
        for (const Part &part : m_lines[i].parts)
            stylePart(part, int(i)); // colour by position; width by how many lines there are
    }
    placeLegend();
    setTitle(m_lines.empty() ? tr("No node selected") : chartMetricTitle(m_metric));
}

QList<quint64> RateChart::nodeKeys() const
{
    QList<quint64> keys;
    for (const Line &line : m_lines)
        keys.append(line.key);
    return keys;
}

QStringList RateChart::nodeLabels() const
{
    QStringList labels;
    for (const Line &line : m_lines)
        labels.append(line.label);
    return labels;
}

void RateChart::setMetric(ChartMetric metric)
{
    m_metric = metric;
    setTitle(m_lines.empty() ? tr("No node selected") : chartMetricTitle(m_metric));
}

double RateChart::toChartTime(qint64 monotonicNs) const
{
    return double(monotonicNs) / 1e6 + m_wallOffsetMs;
}

double RateChart::toAxisTime(double wallMs) const
{
    return (wallMs - m_endWallMs) / m_axisUnitMs;
}

double RateChart::collect(const HistorySource &source, qint64 fromNs, qint64 toNs, int maxPoints)
{
    double maxValue = 0;
    m_shownTier = -1;
    for (Line &line : m_lines) {
        line.usedParts = 0;
        const CounterHistory *history = source.history(line.key);
        if (!history)
            continue;
        history->rates(fromNs, toNs, maxPoints, m_rates);
        m_shownTier = std::max(m_shownTier, m_rates.tier);
        QList<QPointF> *out = nullptr;
        for (const RatePoint &p : std::as_const(m_rates.points)) {
            const bool breakHere =
                p.segmentStart && out && !out->isEmpty() && line.usedParts < MaxPartsPerLine;
            if (!out || breakHere) {
                if (size_t(line.usedParts) == line.parts.size()) {
                    // The first reset or gap of this node: one more (hidden) series, kept.
                    line.parts.push_back(makePart(line, false));
                    stylePart(line.parts.back(), int(&line - m_lines.data()));
                }
                Part &part = line.parts[size_t(line.usedParts++)];
                out = &part.buffers[size_t(part.next)];
                out->resize(0);
            }
            const double value = chartMetricValue(m_metric, p);
            maxValue = std::max(maxValue, value);
            out->append(QPointF(double(p.timeNs - toNs) / 1e6 / m_axisUnitMs, value));
        }
    }
    return maxValue;
}

void RateChart::draw(const HistorySource &source, qint64 endNs, TimeWindow window)
{
    const TimeWindowSpec spec = timeWindowSpec(window);
    const qint64 fromNs = endNs - spec.spanNs;
    m_axisUnitMs = spec.unitMs;
    m_endWallMs = toChartTime(endNs);
    const int perLine = PointBudget / std::max(1, int(m_lines.size()));
    const int maxPoints =
        std::clamp(std::min(int(plotArea().width()), perLine), MinPoints, MaxPoints);
    const double maxValue = collect(source, fromNs, endNs, maxPoints);
    m_unit = chartMetricUnit(m_metric, maxValue);

    const double scale = 1.0 / m_unit.divisor;
    for (Line &line : m_lines) {
        for (size_t i = 0; i < line.parts.size(); ++i) {
            Part &part = line.parts[i];
            if (i >= size_t(line.usedParts)) {
                if (part.series->count() > 0)
                    part.series->clear();
                continue;
            }
            QList<QPointF> &points = part.buffers[size_t(part.next)];
            for (QPointF &point : points)
                point.ry() *= scale;
            part.series->replace(points);
            part.next ^= 1;
        }
    }
    updateTimeAxis(window);
    updateValueAxis(maxValue * scale, m_unit.name);
    updateMarkers();
}

void RateChart::updateTimeAxis(TimeWindow window)
{
    const TimeWindowSpec spec = timeWindowSpec(window);
    if (m_axisWindow != window) {
        m_axisWindow = window;
        m_axisUnitMs = spec.unitMs;
        m_timeAxis->setRange(-double(spec.spanNs) / 1e6 / spec.unitMs, 0);
        // A translated unit is text in a printf format: a '%' in it must not start a conversion.
        m_timeAxis->setLabelFormat(QStringLiteral("%g ") +
                                   QString(spec.unitName).replace(u'%', QStringLiteral("%%")));
    }
    // Changes at most once a second: a relayout, but not of the lines.
    QStringList titles{tr("Time")};
    if (m_endWallMs > 0) {
        const QString reference = QDateTime::fromMSecsSinceEpoch(qint64(m_endWallMs)).toString(spec.referenceFormat);
        // Longest first: a narrow chart shows a shorter title whole rather than this one cut.
        //: time axis title; %1 is the wall-clock time the axis counts back from
        titles = QStringList{tr("Time (0 = %1)").arg(reference),
                             //: time axis title of a narrow chart; %1 is the wall-clock time of 0
                             tr("0 = %1").arg(reference), tr("Time")};
    }
    const QString title = AxisFit::fittingTitle(m_timeAxis->titleFont(), titles, plotArea().width());
    if (m_timeAxis->titleText() != title)
        m_timeAxis->setTitleText(title);
    fitTimeTicks();
}

void RateChart::fitTimeTicks()
{
    if (!m_axisWindow)
        return;
    const TimeWindowSpec spec = timeWindowSpec(*m_axisWindow);
    const double span = m_timeAxis->max() - m_timeAxis->min();
    // The widest label is the oldest one, "-30 s".
    const QString widest = QString::number(m_timeAxis->min()) + u' ' + spec.unitName;
    const double interval = AxisFit::thinnedInterval(span, spec.tickInterval, plotArea().width(),
                                                     AxisFit::widest(m_timeAxis->labelsFont(), {widest}));
    if (m_timeAxis->tickInterval() != interval)
        m_timeAxis->setTickInterval(interval);
}

void RateChart::updateValueAxis(double maxScaled, const QString &unit)
{
    m_valueMaxScaled = maxScaled;
    // Up to five intervals, fewer where the plot is too short for six labels one above the
    // other; a little headroom so a line at its ceiling stays visible.
    const qreal labelHeight = QFontMetricsF(m_valueAxis->labelsFont()).height();
    const int intervals = std::clamp(AxisFit::labelsThatFit(plotArea().height(), labelHeight) - 1, 1, 5);
    const double step = niceStep(maxScaled > 0 ? maxScaled * 1.1 / intervals : 0.2);
    const double top = std::max(step, std::ceil(maxScaled * 1.1 / step) * step);
    if (top != m_valueTop || m_valueAxis->tickInterval() != step) {
        m_valueTop = top;
        m_valueAxis->setRange(0, top);
        m_valueAxis->setTickInterval(step);
    }
    if (m_valueAxis->titleText() != unit)
        m_valueAxis->setTitleText(unit);
}

void RateChart::placeLegend()
{
    // Many lines, or a short chart: the legend beside the plot, where it costs width (there is
    // plenty) instead of the height the value axis' labels need.
    const bool beside = m_lines.size() > 4 || size().height() < LegendOnTopFromHeight;
    const Qt::Alignment alignment = beside ? Qt::AlignRight : Qt::AlignTop;
    if (legend()->alignment() != alignment)
        legend()->setAlignment(alignment);
}

void RateChart::resizeEvent(QGraphicsSceneResizeEvent *event)
{
    QChart::resizeEvent(event);
    placeLegend();
}

void RateChart::fitAxesToPlot()
{
    // The plot area changed (a resize, a legend row more): as many ticks as now fit.
    if (m_axisWindow)
        updateTimeAxis(*m_axisWindow);
    updateValueAxis(m_valueMaxScaled, m_valueAxis->titleText());
    updateMarkers();
}

QList<QPointF> RateChart::plottedPoints(quint64 key) const
{
    QList<QPointF> points;
    for (const Line &line : m_lines) {
        if (line.key != key)
            continue;
        for (int i = 0; i < line.usedParts; ++i)
            points += line.parts[size_t(i)].series->points();
    }
    for (QPointF &p : points)
        p = QPointF(m_endWallMs + p.x() * m_axisUnitMs, p.y() * m_unit.divisor);
    return points;
}

qsizetype RateChart::pointCount() const
{
    qsizetype count = 0;
    for (const Line &line : m_lines) {
        for (const Part &part : line.parts)
            count += part.series->count();
    }
    return count;
}

void RateChart::addMarker(qint64 timeMs, const QString &label, const QColor &color)
{
    // Beyond the limit the oldest marker's items are reused: the chart's memory stays fixed.
    if (m_markers.size() == size_t(MaxMarkers)) {
        // Recycle the oldest marker's items.
        std::rotate(m_markers.begin(), m_markers.begin() + 1, m_markers.end());
    } else {
        Marker marker;
        marker.line = new QLineSeries(this);
        addSeries(marker.line);
        marker.line->attachAxis(m_timeAxis);
        marker.line->attachAxis(m_valueAxis);
        hideLegendEntry(this, marker.line);
        marker.text = new QGraphicsSimpleTextItem(this);
        marker.text->setZValue(10);
        m_markers.push_back(marker);
    }
    Marker &marker = m_markers.back();
    marker.timeMs = timeMs;
    marker.color = color;
    marker.text->setText(label);
    styleMarker(marker);
    updateMarkers();
}

void RateChart::clearMarkers()
{
    for (Marker &marker : m_markers) {
        removeSeries(marker.line);
        delete marker.line;
        delete marker.text;
    }
    m_markers.clear();
}

QList<ChartMarker> RateChart::markers() const
{
    QList<ChartMarker> out;
    for (const Marker &marker : m_markers)
        out.append(ChartMarker{marker.timeMs, marker.text->text(), marker.line->isVisible(),
                               marker.text->isVisible(), marker.text->sceneBoundingRect()});
    return out;
}

void RateChart::updateMarkers()
{
    for (Marker &marker : m_markers) {
        const double x = toAxisTime(double(marker.timeMs));
        marker.line->replace(QList<QPointF>{{x, 0}, {x, m_valueTop}});
    }
    placeMarkerLabels();
}

void RateChart::placeMarkerLabels()
{
    // Left to right, each label in the first row where it clears the one before it: markers
    // a few seconds apart (scenario steps) keep readable names.
    std::array<qreal, MarkerLabelRows> rowEnds;
    rowEnds.fill(-std::numeric_limits<qreal>::infinity());
    std::vector<Marker *> shown;
    for (Marker &marker : m_markers) {
        const double x = toAxisTime(double(marker.timeMs));
        const bool inside = x >= m_timeAxis->min() && x <= m_timeAxis->max();
        marker.text->setVisible(inside);
        if (marker.line->isVisible() != inside) {
            marker.line->setVisible(inside);
            hideLegendEntry(this, marker.line); // showing a series shows its legend entry again
        }
        if (inside)
            shown.push_back(&marker);
    }
    std::sort(shown.begin(), shown.end(),
              [](const Marker *a, const Marker *b) { return a->timeMs < b->timeMs; });
    for (Marker *marker : shown) {
        const double x = toAxisTime(double(marker->timeMs));
        // Right of the line, or left of it where the text would leave the plot area.
        const QPointF top = mapToPosition(QPointF(x, m_valueTop), marker->line);
        const QRectF box = marker->text->boundingRect();
        const bool fitsRight = top.x() + 4 + box.width() <= plotArea().right();
        const qreal left = fitsRight ? top.x() + 4 : top.x() - 4 - box.width();
        int row = 0;
        while (row < MarkerLabelRows && left < rowEnds[size_t(row)] + MarkerLabelGap)
            ++row;
        // No row has room: the line stays and its name is left out rather than printed over
        // another one (the scenario's timeline names every step).
        const bool fits = row < MarkerLabelRows;
        marker->text->setVisible(fits);
        if (!fits)
            continue;
        rowEnds[size_t(row)] = left + box.width();
        marker->text->setPos(QPointF(left, top.y() + 2 + row * box.height()));
    }
}

void RateChart::applyPalette(const QPalette &palette)
{
    const QColor window = palette.color(QPalette::Window);
    const QColor text = palette.color(QPalette::WindowText);
    const bool dark = window.lightnessF() < 0.5;
    if (dark != m_dark || theme() != (dark ? ChartThemeDark : ChartThemeLight)) {
        m_dark = dark;
        setTheme(dark ? ChartThemeDark : ChartThemeLight); // resets fonts, axes and series
    }
    setBackgroundBrush(palette.color(QPalette::Base));
    setBackgroundPen(Qt::NoPen);
    setBackgroundRoundness(0);
    setTitleBrush(text);
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    setTitleFont(titleFont);
    legend()->setLabelColor(text);

    QColor grid = text;
    grid.setAlphaF(0.15);
    QColor minorGrid = text;
    minorGrid.setAlphaF(0.06);
    for (QAbstractAxis *axis :
         {static_cast<QAbstractAxis *>(m_timeAxis), static_cast<QAbstractAxis *>(m_valueAxis)}) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(minorGrid);
        axis->setLinePenColor(grid);
    }
    for (size_t i = 0; i < m_lines.size(); ++i) {
        for (const Part &part : m_lines[i].parts)
            stylePart(part, int(i));
    }
    m_textColor = text;
    for (const Marker &marker : m_markers)
        styleMarker(marker);
}

void RateChart::styleMarker(const Marker &marker) const
{
    const QColor color = marker.color.isValid() ? marker.color : m_textColor;
    QPen pen(color);
    pen.setStyle(Qt::DashLine);
    pen.setWidthF(1.0);
    marker.line->setPen(pen);
    marker.text->setBrush(color);
}

} // namespace qs
