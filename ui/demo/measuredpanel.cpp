#include "measuredpanel.h"

#include "axisfit.h"

#include "stats/monotonicclock.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QGridLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs {

namespace {

/** Three significant digits at most, never a trailing ".0": 0.214, 21.4, 214. */
QString number(double value)
{
    const double magnitude = std::abs(value);
    const int decimals = magnitude < 10 ? 2 : magnitude < 100 ? 1 : 0;
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    return text;
}

} // namespace

MeasuredPanel::MeasuredPanel(QWidget *parent)
    : QWidget(parent), m_state(new QLabel(this)), m_problem(new QLabel(this)),
      m_figures(new QWidget(this)), m_chart(new QChart), m_medianSeries(new QLineSeries),
      m_p95Series(new QLineSeries), m_timeAxis(new QValueAxis), m_rttAxis(new QLogValueAxis),
      m_hint(new QLabel(this))
{
    setObjectName(QStringLiteral("measured"));
    m_ring.resize(size_t(ChartSeconds * 1000 / IntervalMs + 8));

    //: the demo lab's panel of what it measures, beside what the editor configures
    auto *title = new QLabel(tr("<b>Measured</b> in the lab"), this);
    title->setObjectName(QStringLiteral("measured.title"));
    title->setToolTip(
        tr("What the demo lab's own traffic measures across the impaired link, right now"));
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    title->setFont(titleFont);
    m_state->setObjectName(QStringLiteral("measured.state"));
    m_state->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_state->setForegroundRole(QPalette::PlaceholderText);
    m_problem->setObjectName(QStringLiteral("measured.problem"));
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->hide();
    QPalette warning = m_problem->palette();
    warning.setColor(QPalette::WindowText, QColor(0xd0, 0x30, 0x30));
    m_problem->setPalette(warning);

    m_rttMedian = makeTile("rttMedian", tr("RTT median"),
                           tr("Round-trip time of UDP probes sent every 50 ms from host a to host "
                              "b and back: the median"),
                           true);
    m_rttP95 = makeTile(
        "rttP95", tr("RTT p95"),
        tr("Round-trip time of the probes: 95 % of them came back faster than this"), true);
    m_requestMedian = makeTile(
        "requestMedian", tr("Request median"),
        tr("Short HTTP-like transactions from host b to a server on host a, a new TCP connection "
           "each (5, 25 and 100 kB in turn): the median time from connect() to the last byte"),
        true);
    m_requestP80 = makeTile(
        "requestP80", tr("Request p80"),
        tr("The requests' 80th percentile: 80 % of them were done faster than this"), true);
    // What "lost" means must sit beside the figure: a datagram is lost when it has not arrived
    // within the loss timeout, which follows the delay (a late one is not counted twice).
    m_udpLoss = makeTile(
        "udpLoss", tr("Loss, UDP flow"),
        tr("Datagrams of the constant-rate UDP flow (100 a second) that did not arrive within "
           "the loss timeout (2 s, longer when the delay is long)"),
        false);
    m_probeLoss = makeTile(
        "probeLoss", tr("Loss, RTT probes"),
        tr("RTT probes that did not come back within the loss timeout (2 s, longer when the RTT "
           "is long)"),
        false);
    m_tcpGoodput = makeTile(
        "tcpGoodput", tr("TCP goodput"),
        tr("Payload received per second by the bulk TCP flow, which takes all it can get"), false);
    m_udpGoodput = makeTile(
        "udpGoodput", tr("UDP goodput"),
        tr("Payload received per second by the constant-rate UDP flow (160 kbit/s when nothing "
           "is lost), late datagrams included"),
        false);
    m_linkRate = makeTile("linkRate", tr("Link rate"),
                          tr("Whole frames received per second at host b's end of the link: what "
                             "tbf, htb and netem's rate limit"),
                          true);

    m_chartCaption = new QLabel(this);
    m_chartCaption->setObjectName(QStringLiteral("measured.rttChartCaption"));
    m_chartCaption->setForegroundRole(QPalette::PlaceholderText);
    m_chartCaption->setTextFormat(Qt::RichText);

    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->setMargins(QMargins(4, 4, 16, 4)); // room for the last time label, "0 s"
    m_chart->setBackgroundRoundness(0);
    //: the RTT chart's line of medians (of the probes of each quarter second)
    m_medianSeries->setName(tr("median"));
    //: the RTT chart's line of 95th percentiles
    m_p95Series->setName(tr("p95"));
    m_chart->addSeries(m_p95Series);
    m_chart->addSeries(m_medianSeries);
    m_chart->addAxis(m_timeAxis, Qt::AlignBottom);
    m_chart->addAxis(m_rttAxis, Qt::AlignLeft);
    for (QLineSeries *series : {m_p95Series, m_medianSeries}) {
        series->attachAxis(m_timeAxis);
        series->attachAxis(m_rttAxis);
    }
    // A fixed time axis (seconds before now): only the lines move, never the axis.
    m_timeAxis->setRange(-ChartSeconds, 0);
    m_timeAxis->setTickType(QValueAxis::TicksDynamic);
    m_timeAxis->setTickAnchor(0);
    m_timeAxis->setTickInterval(15);
    m_timeAxis->setMinorTickCount(0);
    //: the RTT chart's time axis: seconds before now ("-60 s" … "0 s"); a printf format
    m_timeAxis->setLabelFormat(QStringLiteral("%d ") + tr("s").replace(u'%', QStringLiteral("%%")));
    // A narrow panel spaces the ticks wider (15, 30, 60 s) rather than cutting "-60 s" to "…".
    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF &plot) {
        const QString widest = QStringLiteral("%1 %2").arg(-ChartSeconds).arg(tr("s"));
        const double interval = AxisFit::thinnedInterval(
            ChartSeconds, 15, plot.width(), AxisFit::widest(m_timeAxis->labelsFont(), {widest}));
        if (m_timeAxis->tickInterval() != interval)
            m_timeAxis->setTickInterval(interval);
    });
    // Logarithmic: an RTT of 20 µs, of 2 ms behind a queue and of 600 ms on a satellite link all
    // read on one chart, a decade per grid line.
    m_rttAxis->setBase(10);
    m_rttAxis->setMinorTickCount(-1); // 2 … 9 between the decades, faintly
    m_rttAxis->setLabelFormat(QStringLiteral("%g"));
    m_rttAxis->setTitleText(tr("ms"));
    m_axisBottomMs = 0.01;
    m_axisTopMs = 1;
    m_rttAxis->setRange(m_axisBottomMs, m_axisTopMs);
    m_chart->legend()->hide(); // the caption above names the lines, in their colours
    m_chartView = new QChartView(m_chart, this);
    m_chartView->setObjectName(QStringLiteral("measured.rttChart"));
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setFrameShape(QFrame::NoFrame);
    m_chartView->setMinimumHeight(120);
    m_chartView->setToolTip(
        tr("RTT of the probes, a point every quarter second: the median and the 95th percentile"));

    m_hint->setObjectName(QStringLiteral("measured.hint"));
    m_hint->setWordWrap(true);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_hint->setText(tr("Double-click a preset on the left: it goes on the lab's link at once, and "
                       "these figures show its effect."));

    auto *grid = new QGridLayout(m_figures);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(16);
    grid->setVerticalSpacing(2);
    int row = 0;
    const auto addPair = [&](const Tile &left, const Tile &right) {
        grid->addWidget(left.caption, row, 0);
        grid->addWidget(left.value, row + 1, 0);
        if (right.caption) {
            grid->addWidget(right.caption, row, 1);
            grid->addWidget(right.value, row + 1, 1);
        }
        grid->setRowMinimumHeight(row + 2, 8);
        row += 3;
    };
    addPair(m_rttMedian, m_rttP95);
    addPair(m_requestMedian, m_requestP80);
    addPair(m_udpLoss, m_probeLoss);
    addPair(m_tcpGoodput, m_udpGoodput);
    addPair(m_linkRate, Tile{});
    grid->addWidget(m_chartCaption, row++, 0, 1, 2);
    grid->addWidget(m_chartView, row, 0, 1, 2);
    grid->setRowStretch(row++, 1);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);

    auto *header = new QHBoxLayout;
    header->addWidget(title);
    header->addStretch(1);
    header->addWidget(m_state);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addLayout(header);
    layout->addWidget(m_problem);
    layout->addWidget(m_figures, 1);
    layout->addWidget(m_hint);

    m_timer.setObjectName(QStringLiteral("measuredTimer"));
    m_timer.setInterval(IntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &MeasuredPanel::refresh);
    applyPalette();
    showMeasurement({});
    showStarting();
}

MeasuredPanel::~MeasuredPanel() = default;

MeasuredPanel::Tile MeasuredPanel::makeTile(const char *name, const QString &caption,
                                            const QString &tip, bool large)
{
    Tile tile;
    tile.caption = new QLabel(caption, this);
    tile.caption->setObjectName(QStringLiteral("measured.%1.caption").arg(QLatin1String(name)));
    tile.caption->setForegroundRole(QPalette::PlaceholderText);
    tile.caption->setToolTip(tip);
    tile.value = new QLabel(this);
    tile.value->setObjectName(QStringLiteral("measured.%1").arg(QLatin1String(name)));
    tile.value->setToolTip(tip);
    QFont font = tile.value->font();
    font.setPointSizeF(font.pointSizeF() * (large ? 1.5 : 1.25));
    font.setBold(large);
    tile.value->setFont(font);
    tile.value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return tile;
}

void MeasuredPanel::setTraffic(LabTraffic *traffic)
{
    m_traffic = traffic;
    m_ringNext = 0;
    m_ringCount = 0;
    m_changed = false;
    m_last = {};
    redrawChart(monotonicNowNs());
    if (traffic) {
        m_problem->hide();
        m_figures->show();
        m_hint->show();
        m_timer.start();
        refresh();
    } else {
        m_timer.stop();
    }
}

void MeasuredPanel::markChanged()
{
    m_hint->hide(); // the preset was found; the chart gets the room
    if (m_traffic)
        m_traffic->reset();
    m_sinceChange.start();
    m_changed = true;
    refresh();
}

bool MeasuredPanel::isSettling() const
{
    return m_changed && m_sinceChange.isValid() && m_sinceChange.elapsed() < SettleMs;
}

void MeasuredPanel::showProblem(const QString &text)
{
    m_timer.stop();
    m_problem->setText(text);
    m_problem->setToolTip(text);
    m_problem->show();
    m_figures->hide(); // no figures to show: only what went wrong and what to do
    m_state->setText(tr("not measuring"));
    m_hint->hide();
}

void MeasuredPanel::showStarting()
{
    m_state->setText(tr("starting…"));
}

void MeasuredPanel::refresh()
{
    if (!m_traffic)
        return;
    const qint64 now = monotonicNowNs();
    const LabMeasurement m = m_traffic->snapshot(std::chrono::milliseconds(WindowMs));
    // The chart gets the probes of the last half second: a quarter-second step, yet a median
    // of ten probes rather than of five.
    const LabMeasurement recent = m_traffic->snapshot(std::chrono::milliseconds(2 * IntervalMs));
    if (recent.rttMedianMs)
        addRttSample(now, *recent.rttMedianMs, recent.rttP95Ms.value_or(*recent.rttMedianMs));
    redrawChart(now);
    showMeasurement(m);
}

void MeasuredPanel::showMeasurement(const LabMeasurement &m)
{
    m_last = m;
    //: no measurement yet (nothing decided in the window)
    const QString none = tr("—");
    const auto ms = [&](const std::optional<double> &v) {
        //: a round-trip time in milliseconds
        return v ? tr("%1 ms").arg(number(*v)) : none;
    };
    const auto percent = [&](const std::optional<double> &v) {
        //: a loss in percent
        return v ? tr("%1 %").arg(number(*v)) : none;
    };
    const auto rate = [&](const std::optional<double> &v) {
        if (!v)
            return none;
        // SI prefixes, as tc and network people count rates (1 kbit = 1000 bit).
        const double bits = *v;
        if (bits >= 1e9)
            return tr("%1 Gbit/s").arg(number(bits / 1e9));
        if (bits >= 1e6)
            return tr("%1 Mbit/s").arg(number(bits / 1e6));
        if (bits >= 1e3)
            return tr("%1 kbit/s").arg(number(bits / 1e3));
        return tr("%1 bit/s").arg(number(bits));
    };
    m_rttMedian.value->setText(ms(m.rttMedianMs));
    m_rttP95.value->setText(ms(m.rttP95Ms));
    m_requestMedian.value->setText(ms(m.requestMedianMs));
    m_requestP80.value->setText(ms(m.requestP80Ms));
    const QString seconds = number(double(m.window.count()) / 1e9);
    const QString requestsTip =
        m.requestsCompleted + m.requestsFailed > 0
            //: %1 requests completed, %2 failed (timed out or reset), in the last %3 seconds
            ? tr("%1 requests completed, %2 failed, in the last %3 s")
                  .arg(m.requestsCompleted)
                  .arg(m.requestsFailed)
                  .arg(seconds)
            : QString();
    m_requestMedian.value->setToolTip(requestsTip.isEmpty() ? m_requestMedian.caption->toolTip()
                                                            : requestsTip);
    m_requestP80.value->setToolTip(requestsTip.isEmpty() ? m_requestP80.caption->toolTip()
                                                         : requestsTip);
    m_udpLoss.value->setText(percent(m.udpLossPercent));
    m_udpLoss.value->setToolTip(
        m.udpSent > 0
            //: %1 of %2 datagrams; %3 seconds of window; %4 the loss timeout in seconds
            ? tr("%1 of %2 datagrams lost in the last %3 s (not arrived within %4 s)")
                  .arg(m.udpLost)
                  .arg(m.udpSent)
                  .arg(seconds, number(m.udpLossTimeoutMs / 1000))
            : m_udpLoss.caption->toolTip());
    m_probeLoss.value->setText(percent(m.probeLossPercent));
    m_tcpGoodput.value->setText(
        m.tcpGoodputBitsPerSec || m.tcpConnected ? rate(m.tcpGoodputBitsPerSec) : none);
    m_udpGoodput.value->setText(rate(m.udpGoodputBitsPerSec));
    m_linkRate.value->setText(rate(m.linkRateBitsPerSec));

    const bool settling = isSettling();
    setFiguresDimmed(settling);
    if (settling) {
        //: the measurement restarted after a change and covers too little time yet
        m_state->setText(tr("settling…"));
        m_state->setToolTip(tr("A change reached the lab: the figures start afresh, so they show "
                               "the new condition only"));
    } else if (m.msSinceLastProbeReply && *m.msSinceLastProbeReply >= 1000) {
        //: the probes get no answer (an outage); %1 is a number of seconds
        m_state->setText(
            tr("no reply for %1 s").arg(QString::number(*m.msSinceLastProbeReply / 1000, 'f', 1)));
        m_state->setToolTip(
            tr("No RTT probe has come back for this long: the link passes nothing"));
    } else if (m.window.count() > 0 && m_traffic) {
        //: %1 is a number of seconds the figures cover
        m_state->setText(
            tr("last %1 s").arg(QString::number(double(m.window.count()) / 1e9, 'f', 1)));
        m_state->setToolTip(tr("The figures cover this span, updated four times a second"));
    }
}

void MeasuredPanel::setFiguresDimmed(bool dimmed)
{
    for (const Tile *tile : {&m_rttMedian, &m_rttP95, &m_requestMedian, &m_requestP80, &m_udpLoss,
                             &m_probeLoss, &m_tcpGoodput, &m_udpGoodput, &m_linkRate})
        tile->value->setEnabled(!dimmed);
}

void MeasuredPanel::addRttSample(qint64 nowNs, double medianMs, double p95Ms)
{
    m_ring[m_ringNext] = RttSample{nowNs, medianMs, p95Ms};
    m_ringNext = (m_ringNext + 1) % m_ring.size();
    m_ringCount = std::min(m_ringCount + 1, m_ring.size());
}

void MeasuredPanel::redrawChart(qint64 nowNs)
{
    QList<QPointF> median;
    QList<QPointF> p95;
    median.reserve(qsizetype(m_ringCount));
    p95.reserve(qsizetype(m_ringCount));
    double top = 0;
    double bottom = std::numeric_limits<double>::max();
    const qint64 spanNs = qint64(ChartSeconds) * 1'000'000'000;
    for (size_t i = 0; i < m_ringCount; ++i) {
        const RttSample &s = m_ring[(m_ringNext + m_ring.size() - m_ringCount + i) % m_ring.size()];
        if (nowNs - s.timeNs > spanNs)
            continue;
        const double x = double(s.timeNs - nowNs) / 1e9;
        median.append(QPointF(x, s.medianMs));
        p95.append(QPointF(x, s.p95Ms));
        top = std::max(top, s.p95Ms);
        bottom = std::min(bottom, s.medianMs);
    }
    m_medianSeries->replace(median);
    m_p95Series->replace(p95);
    // Whole decades around what is shown (at least 0.01 … 1 ms): the axis changes only when a
    // line leaves them, not with every point.
    const double wantedTop = std::pow(10.0, std::ceil(std::log10(std::max(top, 1.0) * 1.05)));
    const double wantedBottom =
        std::pow(10.0, std::floor(std::log10(std::clamp(bottom, 1e-3, 0.01))));
    if (wantedTop != m_axisTopMs || wantedBottom != m_axisBottomMs) {
        m_axisTopMs = wantedTop;
        m_axisBottomMs = wantedBottom;
        // A hair below the decade: its label is drawn (exactly on the edge, rounding may drop it).
        m_rttAxis->setRange(m_axisBottomMs * 0.999, m_axisTopMs);
    }
    m_lastRedrawNs = nowNs;
    placeMarkers(nowNs);
}

void MeasuredPanel::addMarker(qint64 timeNs, const QString &label)
{
    if (m_markers.size() == size_t(MaxMarkers)) {
        std::rotate(m_markers.begin(), m_markers.begin() + 1,
                    m_markers.end()); // reuse the oldest's items
    } else {
        Marker marker;
        marker.line = new QLineSeries(m_chart);
        m_chart->addSeries(marker.line);
        marker.line->attachAxis(m_timeAxis);
        marker.line->attachAxis(m_rttAxis);
        marker.text = new QGraphicsSimpleTextItem(m_chart);
        marker.text->setZValue(10);
        m_markers.push_back(marker);
    }
    Marker &marker = m_markers.back();
    marker.timeNs = timeNs;
    marker.text->setText(label);
    QPen pen(QColor(0xe1, 0x57, 0x59)); // the scenario's colour, as on the main charts
    pen.setStyle(Qt::DashLine);
    marker.line->setPen(pen);
    marker.text->setBrush(pen.color());
    placeMarkers(m_lastRedrawNs > 0 ? m_lastRedrawNs : monotonicNowNs());
}

void MeasuredPanel::placeMarkers(qint64 nowNs)
{
    const double bottom = m_axisBottomMs * 0.999;
    for (const Marker &marker : m_markers) {
        const double x = double(marker.timeNs - nowNs) / 1e9;
        const bool inside = x >= -ChartSeconds && x <= 0;
        marker.line->setVisible(inside);
        marker.text->setVisible(inside);
        if (!inside)
            continue;
        marker.line->replace(QList<QPointF>{{x, bottom}, {x, m_axisTopMs}});
        const QPointF top = m_chart->mapToPosition(QPointF(x, m_axisTopMs), marker.line);
        const qreal width = marker.text->boundingRect().width();
        const bool fitsRight = top.x() + 3 + width <= m_chart->plotArea().right();
        marker.text->setPos(top + QPointF(fitsRight ? 3 : -3 - width, 1));
    }
}

QStringList MeasuredPanel::visibleMarkerLabels() const
{
    QStringList labels;
    for (const Marker &marker : m_markers) {
        if (marker.line->isVisible())
            labels.append(marker.text->text());
    }
    return labels;
}

QList<QPointF> MeasuredPanel::rttPoints() const
{
    return m_medianSeries->points();
}

void MeasuredPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyPalette();
}

void MeasuredPanel::applyPalette()
{
    const QPalette p = palette();
    const QColor text = p.color(QPalette::WindowText);
    const bool dark = p.color(QPalette::Window).lightnessF() < 0.5;
    m_chart->setBackgroundBrush(p.color(QPalette::Base));
    m_chart->setBackgroundPen(Qt::NoPen);
    m_chartView->setBackgroundBrush(p.color(QPalette::Base));
    m_chart->legend()->setLabelColor(text);
    QColor grid = text;
    grid.setAlphaF(0.15);
    QColor minorGrid = text;
    minorGrid.setAlphaF(0.05);
    for (QAbstractAxis *axis :
         {static_cast<QAbstractAxis *>(m_timeAxis), static_cast<QAbstractAxis *>(m_rttAxis)}) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(minorGrid);
        axis->setLinePenColor(grid);
    }
    QPen median(dark ? QColor(0x4e79a7).lighter(135) : QColor(0x4e79a7));
    median.setWidthF(2.0);
    m_medianSeries->setPen(median);
    QPen p95(dark ? QColor(0xf28e2b).lighter(125) : QColor(0xf28e2b));
    p95.setWidthF(1.0);
    p95.setStyle(Qt::DashLine);
    m_p95Series->setPen(p95);
    const auto swatch = [](const QColor &color, const QString &text) {
        return QStringLiteral("<span style=\"color:%1\">■</span>&nbsp;%2")
            .arg(color.name(), text.toHtmlEscaped());
    };
    //: caption of the RTT chart; %1 a number of seconds, %2 and %3 the lines' legends (median, p95)
    m_chartCaption->setText(tr("RTT over the last %1 s: %2 %3")
                                .arg(ChartSeconds)
                                .arg(swatch(median.color(), m_medianSeries->name()),
                                     swatch(p95.color(), m_p95Series->name())));
}

} // namespace qs
