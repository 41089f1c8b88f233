#include "chartpanel.h"

#include "chartcsv.h"
#include "filedialog.h"
#include "ratechart.h"
#include "stats/monotonicclock.h"

#include <QButtonGroup>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QEvent>
#include <QFile>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QMessageBox>
#include <QPixmap>
#include <QStandardPaths>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <limits>

namespace qs {

namespace {

QString metricFileTag(ChartMetric metric)
{
    switch (metric) {
    case ChartMetric::Throughput:
        return QStringLiteral("throughput");
    case ChartMetric::Packets:
        return QStringLiteral("packets");
    case ChartMetric::Drops:
        return QStringLiteral("drops");
    case ChartMetric::BacklogBytes:
        return QStringLiteral("backlog-bytes");
    case ChartMetric::BacklogPackets:
        return QStringLiteral("backlog-packets");
    case ChartMetric::Overlimits:
        return QStringLiteral("overlimits");
    }
    return {};
}

} // namespace

ChartPanel::ChartPanel(QWidget *parent)
    : QWidget(parent), m_chart(new RateChart), m_view(new QChartView(m_chart))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFrameShape(QFrame::NoFrame);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0); // the chart fills the view, edge to edge
    // Tall enough for whole tick labels and axis titles under the title: below this Qt Charts
    // cuts them to "…" (at 160 px the plot kept 33 px); the panes around give way instead.
    m_view->setMinimumHeight(210);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(buildToolRow());
    layout->addWidget(m_view, 1);

    m_refreshTimer.setObjectName(QStringLiteral("chartRefreshTimer")); // names it in profiles
    m_refreshTimer.setSingleShot(true);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] {
        if (m_dirty && canDraw())
            refresh();
    });
    m_sinceRefresh.start();
    applyPalette();
}

ChartPanel::~ChartPanel() = default;

QWidget *ChartPanel::buildToolRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(4, 2, 4, 0);

    m_metricBox = new QComboBox(row);
    m_metricBox->setObjectName(QStringLiteral("metric"));
    m_metricBox->setToolTip(tr("What to chart"));
    const QList<ChartMetric> metrics = allChartMetrics();
    for (ChartMetric metric : metrics)
        m_metricBox->addItem(chartMetricTitle(metric), int(metric));
    connect(m_metricBox, &QComboBox::currentIndexChanged, this,
            [this](int index) { setMetric(ChartMetric(m_metricBox->itemData(index).toInt())); });
    layout->addWidget(m_metricBox);
    layout->addSpacing(8);

    m_windowButtons = new QButtonGroup(row);
    m_windowButtons->setExclusive(true);
    const QList<TimeWindow> windows = allTimeWindows();
    for (TimeWindow window : windows) {
        auto *button = new QToolButton(row);
        button->setText(timeWindowSpec(window).label);
        button->setToolTip(tr("Show the last %1").arg(timeWindowSpec(window).label));
        button->setCheckable(true);
        button->setChecked(window == m_window);
        button->setAutoRaise(true);
        m_windowButtons->addButton(button, int(window));
        layout->addWidget(button);
    }
    connect(m_windowButtons, &QButtonGroup::idClicked, this,
            [this](int id) { setTimeWindow(TimeWindow(id)); });
    layout->addStretch(1);

    m_pauseButton = new QToolButton(row);
    m_pauseButton->setObjectName(QStringLiteral("pause"));
    m_pauseButton->setText(tr("Pause"));
    m_pauseButton->setToolTip(tr("Freeze the view; recording goes on"));
    m_pauseButton->setIcon(QIcon::fromTheme(QStringLiteral("media-playback-pause"),
                                            style()->standardIcon(QStyle::SP_MediaPause)));
    m_pauseButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_pauseButton->setCheckable(true);
    m_pauseButton->setAutoRaise(true);
    connect(m_pauseButton, &QToolButton::toggled, this, &ChartPanel::setPaused);
    layout->addWidget(m_pauseButton);

    const QIcon save = QIcon::fromTheme(QStringLiteral("document-save"),
                                        style()->standardIcon(QStyle::SP_DialogSaveButton));
    auto *png = new QToolButton(row);
    png->setObjectName(QStringLiteral("exportPng"));
    png->setText(tr("PNG…"));
    png->setToolTip(tr("Save the chart as a PNG image"));
    png->setIcon(save);
    png->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    png->setAutoRaise(true);
    connect(png, &QToolButton::clicked, this, &ChartPanel::exportPngInteractively);
    layout->addWidget(png);

    auto *csv = new QToolButton(row);
    csv->setObjectName(QStringLiteral("exportCsv"));
    csv->setText(tr("CSV…"));
    csv->setToolTip(tr("Save the shown window of every shown node as CSV"));
    csv->setIcon(save);
    csv->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    csv->setAutoRaise(true);
    connect(csv, &QToolButton::clicked, this, &ChartPanel::exportCsvInteractively);
    layout->addWidget(csv);
    return row;
}

void ChartPanel::setSource(const HistorySource *source)
{
    m_source = source;
    refresh();
}

void ChartPanel::setNodes(const QList<quint64> &keys, const QStringList &labels)
{
    m_chart->setNodes(keys, labels);
    refresh();
}

QList<quint64> ChartPanel::nodes() const
{
    return m_chart->nodeKeys();
}

void ChartPanel::setMetric(ChartMetric metric)
{
    if (m_metricBox) {
        const int index = m_metricBox->findData(int(metric));
        if (index != m_metricBox->currentIndex()) {
            m_metricBox->setCurrentIndex(index); // comes back here through the signal
            return;
        }
    }
    if (metric == m_chart->metric() && m_refreshes > 0)
        return;
    m_chart->setMetric(metric);
    refresh();
}

ChartMetric ChartPanel::metric() const
{
    return m_chart->metric();
}

void ChartPanel::setTimeWindow(TimeWindow window)
{
    if (QAbstractButton *button = m_windowButtons->button(int(window)))
        button->setChecked(true);
    if (window == m_window)
        return;
    m_window = window;
    refresh();
}

void ChartPanel::setPaused(bool paused)
{
    if (paused == m_paused)
        return;
    m_paused = paused;
    m_pauseButton->setChecked(paused);
    if (paused) {
        m_refreshTimer.stop();
        m_frozenEndNs = m_refreshes > 0 ? m_viewEndNs : latestSampleNs();
    } else {
        refresh();
    }
    Q_EMIT pausedChanged(paused);
}

bool ChartPanel::canDraw() const
{
    return !m_paused && isVisible() && !(window() && window()->isMinimized());
}

void ChartPanel::requestRefresh()
{
    if (m_paused)
        return;
    m_dirty = true;
    if (!canDraw() || m_refreshTimer.isActive())
        return; // showEvent() catches up on what was missed while hidden
    const int minimumGapMs = timeWindowSpec(m_window).refreshMs;
    m_refreshTimer.start(int(qMax<qint64>(0, minimumGapMs - m_sinceRefresh.elapsed())));
}

qint64 ChartPanel::latestSampleNs() const
{
    qint64 latest = std::numeric_limits<qint64>::min();
    if (m_source) {
        const QList<quint64> keys = m_chart->nodeKeys();
        for (quint64 key : keys) {
            if (const CounterHistory *history = m_source->history(key)) {
                if (const auto sample = history->latestSample())
                    latest = qMax(latest, sample->timeNs);
            }
        }
    }
    // Nothing recorded yet: end the empty view now, so its time axis reads right.
    return latest == std::numeric_limits<qint64>::min() ? monotonicNowNs() : latest;
}

void ChartPanel::refresh()
{
    // The view ends at the newest poll rather than at "now": it moves in whole poll steps and
    // the newest point sits at the right edge instead of up to one interval short of it.
    m_viewEndNs = m_paused ? m_frozenEndNs : latestSampleNs();
    static const struct : HistorySource
    {
        const CounterHistory *history(quint64) const override { return nullptr; }
    } nothing;
    m_chart->draw(m_source ? *m_source : nothing, m_viewEndNs, m_window);
    m_dirty = false;
    m_sinceRefresh.restart();
    ++m_refreshes;
}

void ChartPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty && !m_paused)
        refresh();
}

void ChartPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void ChartPanel::applyPalette()
{
    m_view->setBackgroundBrush(palette().color(QPalette::Base));
    m_chart->applyPalette(palette());
}

int ChartPanel::shownTier() const
{
    return m_chart->shownTier();
}

qsizetype ChartPanel::pointCount() const
{
    return m_chart->pointCount();
}

double ChartPanel::toChartTime(qint64 monotonicNs) const
{
    return m_chart->toChartTime(monotonicNs);
}

QList<QPointF> ChartPanel::plottedPoints(ChartMetric metric, quint64 key) const
{
    return metric == m_chart->metric() ? m_chart->plottedPoints(key) : QList<QPointF>();
}

void ChartPanel::addMarker(qint64 timeMs, const QString &label, const QColor &color)
{
    m_chart->addMarker(timeMs, label, color);
}

QList<ChartMarker> ChartPanel::markers() const
{
    return m_chart->markers();
}

void ChartPanel::clearMarkers()
{
    m_chart->clearMarkers();
}

bool ChartPanel::exportPng(const QString &path)
{
    if (m_dirty && !m_paused)
        refresh();
    // Titles, axis titles and the legend are laid out on the next event loop pass; render what
    // was just set, not the previous layout.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    return m_view->grab().save(path, "PNG");
}

bool ChartPanel::exportCsv(const QString &path) const
{
    if (!m_source)
        return false;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const qint64 end = m_refreshes > 0 ? m_viewEndNs : latestSampleNs();
    ChartCsvRequest request;
    request.keys = m_chart->nodeKeys();
    request.labels = m_chart->nodeLabels();
    request.fromNs = end - timeWindowSpec(m_window).spanNs;
    request.toNs = end;
    request.toWallMs = [this](qint64 ns) { return m_chart->toChartTime(ns); };
    return writeChartCsv(file, *m_source, request) && file.flush();
}

QString ChartPanel::suggestedFileName(const QString &suffix) const
{
    const QString directory = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    return directory +
           QStringLiteral("/qdisc-studio-%1-%2.%3")
               .arg(metricFileTag(m_chart->metric()),
                    QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")),
                    suffix);
}

void ChartPanel::exportPngInteractively()
{
    const QString path = FileDialog::saveFileName(this, tr("Export chart as PNG"),
                                                      suggestedFileName(QStringLiteral("png")),
                                                      tr("PNG images (*.png)"));
    if (!path.isEmpty() && !exportPng(path))
        QMessageBox::warning(this, tr("Export failed"), tr("Could not write %1.").arg(path));
}

void ChartPanel::exportCsvInteractively()
{
    const QString path = FileDialog::saveFileName(this, tr("Export statistics as CSV"),
                                                      suggestedFileName(QStringLiteral("csv")),
                                                      tr("CSV files (*.csv)"));
    if (!path.isEmpty() && !exportCsv(path))
        QMessageBox::warning(this, tr("Export failed"), tr("Could not write %1.").arg(path));
}

} // namespace qs
