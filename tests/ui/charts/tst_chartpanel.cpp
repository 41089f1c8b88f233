// ChartPanel, StatsPoller's bookkeeping and SparklineDelegate on synthetic counters, offscreen:
// what is plotted is exactly what the histories say, windows read the right tier, pausing
// freezes, exports write what is shown, series are reused and memory stays bounded.
#include "chartpanel.h"
#include "ratechart.h"
#include "sparklinedelegate.h"
#include "statspoller.h"
#include "synthetichistories.h"

#include <QAbstractSeries>
#include <QChartView>
#include <QDir>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QLegendMarker>
#include <QPainter>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QXYSeries>

#include <cmath>
#include <limits>

using namespace qs;
using namespace qs::test;

Q_DECLARE_METATYPE(qs::ChartMetric)

namespace {

const quint64 kLeaf = nodeStatsKey(true, TcHandle::make(1, 0x10));
const quint64 kRoot = nodeStatsKey(false, TcHandle::make(1, 0));
constexpr qint64 Second = 1'000'000'000;

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

NodeStats stats(bool isClass, quint16 minor, qint64 timeNs, quint64 bytes)
{
    NodeStats n;
    n.isClass = isClass;
    n.id = TcHandle::make(1, minor);
    n.kind = QStringLiteral("htb");
    n.counters.timeNs = timeNs;
    n.counters.bytes = bytes;
    n.counters.packets = bytes / 100;
    return n;
}

} // namespace

class TstChartPanel : public QObject
{
    Q_OBJECT

private:
    SyntheticHistories m_source;
    std::unique_ptr<ChartPanel> m_panel;

    /** A fresh panel over two nodes with a minute of samples, shown offscreen. */
    void makePanel()
    {
        m_source = SyntheticHistories();
        m_source.add(kLeaf);
        m_source.add(kRoot);
        m_source.feed(kLeaf, 600, 20e6);
        m_source.feed(kRoot, 600, 25e6);
        m_panel = std::make_unique<ChartPanel>();
        m_panel->resize(1100, 500);
        m_panel->setSource(&m_source);
        m_panel->setNodes({kLeaf, kRoot},
                          {QStringLiteral("class 1:10"), QStringLiteral("qdisc 1:")});
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
        m_panel->refresh(); // the plot area has its real size now
    }

private Q_SLOTS:
    void cleanup() { m_panel.reset(); }

    void plottedPointsAreTheHistoryRates_data()
    {
        QTest::addColumn<ChartMetric>("metric");
        for (ChartMetric metric : allChartMetrics())
            QTest::newRow(qPrintable(chartMetricTitle(metric))) << metric;
    }

    void plottedPointsAreTheHistoryRates()
    {
        QFETCH(ChartMetric, metric);
        makePanel();
        m_panel->setMetric(metric);
        QCOMPARE(m_panel->metric(), metric);
        QCOMPARE(m_panel->shownTier(), 0);
        for (quint64 key : {kLeaf, kRoot}) {
            const CounterHistory *history = m_source.history(key);
            const qint64 end = m_panel->viewEndNs();
            QCOMPARE(end, history->latestSample()->timeNs);
            const auto expected = history->rates(end - 30 * Second, end);
            const QList<QPointF> plotted = m_panel->plottedPoints(metric, key);
            QCOMPARE(plotted.size(), expected.points.size());
            QVERIFY(plotted.size() >= 290); // 30 s of ~101 ms polls
            for (qsizetype i = 0; i < plotted.size(); ++i) {
                const RatePoint &p = expected.points.at(i);
                QVERIFY2(std::abs(plotted.at(i).x() - m_panel->toChartTime(p.timeNs)) < 0.01,
                         qPrintable(QString::number(i)));
                QVERIFY2(near(plotted.at(i).y(), chartMetricValue(metric, p)),
                         qPrintable(QStringLiteral("point %1: %2 vs %3")
                                        .arg(i)
                                        .arg(plotted.at(i).y())
                                        .arg(chartMetricValue(metric, p))));
            }
        }
        // Only the metric shown is plotted.
        const ChartMetric other =
            metric == ChartMetric::Drops ? ChartMetric::Throughput : ChartMetric::Drops;
        QVERIFY(m_panel->plottedPoints(other, kLeaf).isEmpty());
    }

    void axisShowsUnits()
    {
        makePanel();
        const auto *valueAxis =
            qobject_cast<QValueAxis *>(m_panel->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(valueAxis);
        QCOMPARE(valueAxis->titleText(), QStringLiteral("Mbit/s"));
        QVERIFY(valueAxis->max() >= 37.5 &&
                valueAxis->max() <= 50); // peak 1.5 × 25 Mbit/s, nice ceiling
        m_panel->setMetric(ChartMetric::BacklogBytes);
        QCOMPARE(valueAxis->titleText(), QStringLiteral("KiB"));
        QCOMPARE(m_panel->chart()->title(), QStringLiteral("Backlog (bytes)"));
    }

    void windowsReadTheirTier()
    {
        makePanel();
        // Ten more minutes: the full-resolution ring (5 min) no longer reaches back an hour.
        m_source.feed(kLeaf, 6000, 20e6);
        m_source.feed(kRoot, 6000, 25e6);
        m_panel->refresh();
        const int width = int(m_panel->chart()->plotArea().width());

        m_panel->setTimeWindow(TimeWindow::Seconds30);
        QCOMPARE(m_panel->shownTier(), 0);
        const qint64 end = m_panel->viewEndNs();
        QCOMPARE(m_panel->plottedPoints(ChartMetric::Throughput, kLeaf).size(),
                 m_source.history(kLeaf)->rates(end - 30 * Second, end).points.size());

        m_panel->setTimeWindow(TimeWindow::Minutes5);
        QCOMPARE(m_panel->shownTier(), 0); // 3000 raw points, merged to the chart's width
        const qsizetype fiveMinutes = m_panel->plottedPoints(ChartMetric::Throughput, kLeaf).size();
        QVERIFY2(fiveMinutes <= width && fiveMinutes > width / 2,
                 qPrintable(QString::number(fiveMinutes)));

        m_panel->setTimeWindow(TimeWindow::Hour1);
        QCOMPARE(m_panel->shownTier(), 1); // 1 s buckets
        const QList<QPointF> hour = m_panel->plottedPoints(ChartMetric::Throughput, kLeaf);
        QVERIFY(hour.size() <= width);
        // 11 minutes of data: the points span them, at one second or coarser.
        QVERIFY(hour.last().x() - hour.first().x() > 10.5 * 60'000);
        // The time average is kept by merging: the mean over the hour matches the history's totals.
        const CounterHistory *history = m_source.history(kLeaf);
        const auto whole =
            history->rates(m_panel->viewEndNs() - 3600 * Second, m_panel->viewEndNs(), 1);
        double weighted = 0;
        double span = 0;
        for (qsizetype i = 1; i < hour.size(); ++i) {
            const double dt = hour.at(i).x() - hour.at(i - 1).x();
            weighted += hour.at(i).y() * dt;
            span += dt;
        }
        QVERIFY(std::abs(weighted / span - whole.points.first().bitsPerSec) <
                0.01 * whole.points.first().bitsPerSec);
    }

    void pauseFreezesTheView()
    {
        makePanel();
        const QList<QPointF> before = m_panel->plottedPoints(ChartMetric::Throughput, kLeaf);
        const qint64 end = m_panel->viewEndNs();
        QSignalSpy paused(m_panel.get(), &ChartPanel::pausedChanged);
        m_panel->setPaused(true);
        QCOMPARE(paused.count(), 1);

        m_source.feed(kLeaf, 50, 20e6); // the poller keeps recording
        const quint64 refreshes = m_panel->refreshCount();
        for (int i = 0; i < 5; ++i) {
            m_panel->requestRefresh();
            QTest::qWait(120);
        }
        QCOMPARE(m_panel->refreshCount(), refreshes);
        QCOMPARE(m_panel->plottedPoints(ChartMetric::Throughput, kLeaf), before);

        // Switching the window while paused shows the same moment, longer.
        m_panel->setTimeWindow(TimeWindow::Minutes5);
        QCOMPARE(m_panel->viewEndNs(), end);
        m_panel->setTimeWindow(TimeWindow::Seconds30);
        QCOMPARE(m_panel->plottedPoints(ChartMetric::Throughput, kLeaf), before);

        // The pause button resumes, and the view catches up.
        auto *button = m_panel->findChild<QToolButton *>(QStringLiteral("pause"));
        QVERIFY(button && button->isChecked());
        button->click();
        QVERIFY(!m_panel->isPaused());
        QCOMPARE(m_panel->viewEndNs(), m_source.history(kLeaf)->latestSample()->timeNs);
        QVERIFY(m_panel->plottedPoints(ChartMetric::Throughput, kLeaf) != before);
    }

    void refreshIsCoalescedAndSkippedWhenHidden()
    {
        makePanel();
        quint64 refreshes = m_panel->refreshCount();
        for (int i = 0; i < 50; ++i)
            m_panel->requestRefresh();
        QTRY_COMPARE_WITH_TIMEOUT(m_panel->refreshCount(), refreshes + 1, 1000);
        QTest::qWait(250);
        QCOMPARE(m_panel->refreshCount(), refreshes + 1);

        // At most one redraw per 100 ms however often samples arrive.
        refreshes = m_panel->refreshCount();
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 1000) {
            m_panel->requestRefresh();
            QTest::qWait(5);
        }
        const quint64 redraws = m_panel->refreshCount() - refreshes;
        QVERIFY2(redraws >= 5 && redraws <= 11, qPrintable(QString::number(redraws)));

        m_panel->hide();
        QTest::qWait(150); // let a redraw already scheduled pass
        refreshes = m_panel->refreshCount();
        for (int i = 0; i < 5; ++i) {
            m_panel->requestRefresh();
            QTest::qWait(120);
        }
        QCOMPARE(m_panel->refreshCount(), refreshes);
        m_panel->show(); // catches up at once
        QCOMPARE(m_panel->refreshCount(), refreshes + 1);
    }

    void seriesAreReusedAndMemoryStaysFlat()
    {
        makePanel();
        const QList<QAbstractSeries *> series = m_panel->chart()->series();
        QCOMPARE(series.size(), 2);
        // Ten simulated minutes, one redraw per poll: once the 30 s window is full the point
        // count only wobbles with the polls' jitter (297…301 per node), it never grows.
        qsizetype fewest = std::numeric_limits<qsizetype>::max();
        qsizetype most = 0;
        for (int poll = 0; poll < 6000; ++poll) {
            m_source.feed(kLeaf, 1, 20e6);
            m_source.feed(kRoot, 1, 25e6);
            m_panel->refresh();
            fewest = std::min(fewest, m_panel->pointCount());
            most = std::max(most, m_panel->pointCount());
        }
        QCOMPARE(m_panel->chart()->series(), series);
        QVERIFY2(most <= 2 * 301 && most - fewest <= 8,
                 qPrintable(QStringLiteral("%1…%2 points").arg(fewest).arg(most)));
        for (QAbstractSeries *s : series)
            QVERIFY(static_cast<QXYSeries *>(s)->count() <= 301);
    }

    void gapBreaksTheLine()
    {
        makePanel();
        m_source.skip(kLeaf, 2 * Second); // polling stalled for two seconds
        m_source.feed(kLeaf, 50, 20e6);
        m_source.feed(kRoot, 70, 25e6);
        m_panel->refresh();
        // One extra series carries the segment after the gap; it has no legend entry.
        QCOMPARE(m_panel->chart()->series().size(), 3);
        const QList<QPointF> points = m_panel->plottedPoints(ChartMetric::Throughput, kLeaf);
        qsizetype widest = 0;
        double widestGap = 0;
        for (qsizetype i = 1; i < points.size(); ++i) {
            if (points.at(i).x() - points.at(i - 1).x() > widestGap) {
                widestGap = points.at(i).x() - points.at(i - 1).x();
                widest = i;
            }
        }
        QVERIFY(widestGap > 2000);
        // The segment before the gap and the one after it are different series.
        auto *second = static_cast<QXYSeries *>(m_panel->chart()->series().last());
        QCOMPARE(second->count(), points.size() - widest);
        const auto markers = m_panel->chart()->legend()->markers(second);
        QVERIFY(!markers.isEmpty() && !markers.first()->isVisible());
        // Drawing it again reuses that series too.
        m_panel->refresh();
        QCOMPARE(m_panel->chart()->series().size(), 3);
    }

    void exportsWriteWhatIsShown()
    {
        makePanel();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString png = dir.filePath(QStringLiteral("chart.png"));
        QVERIFY(m_panel->exportPng(png));
        const QImage image(png);
        QCOMPARE(image.size(),
                 m_panel->chartView()->size() * m_panel->chartView()->devicePixelRatio());
        // Something was drawn: many distinct colours (lines, text), not a blank canvas.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 3) {
            for (int x = 0; x < image.width(); x += 3)
                colours.insert(image.pixel(x, y));
        }
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));

        const QString csv = dir.filePath(QStringLiteral("chart.csv"));
        QVERIFY(m_panel->exportCsv(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QCOMPARE(lines.first(),
                 QByteArray("time,node,interval_s,bits_per_s,packets_per_s,drops_per_s,"
                            "overlimits_per_s,backlog_bytes,backlog_packets"));
        const qint64 end = m_panel->viewEndNs();
        const auto leaf = m_source.history(kLeaf)->rates(end - 30 * Second, end);
        const auto root = m_source.history(kRoot)->rates(end - 30 * Second, end);
        QCOMPARE(lines.size(), 1 + leaf.points.size() + root.points.size() + 1); // trailing newline
        QVERIFY(lines.last().isEmpty());
        // The first data row: the oldest point of class 1:10.
        const QList<QByteArray> row = lines.at(1).split(',');
        QCOMPARE(row.size(), 9);
        const RatePoint &p = leaf.points.first();
        const QDateTime time =
            QDateTime::fromString(QString::fromLatin1(row.at(0)), Qt::ISODateWithMs);
        QVERIFY(time.isValid());
        QVERIFY(std::abs(double(time.toMSecsSinceEpoch()) - m_panel->toChartTime(p.timeNs)) <= 1.0);
        QCOMPARE(row.at(1), QByteArray("class 1:10"));
        QCOMPARE(row.at(2).toDouble(), std::round(double(p.coveredNs) / 1e6) / 1e3);
        QCOMPARE(row.at(3).toDouble(), std::round(p.bitsPerSec));
        QCOMPARE(row.at(7).toUInt(), p.backlogBytes);
        QCOMPARE(row.at(8).toUInt(), p.backlogPackets);
        QCOMPARE(lines.at(1 + leaf.points.size()).split(',').at(1), QByteArray("qdisc 1:"));
        QVERIFY(!m_panel->exportCsv(dir.filePath(QStringLiteral("missing/dir/chart.csv"))));
    }

    void markersAreVerticalLines()
    {
        makePanel();
        const double x = m_panel->toChartTime(m_panel->viewEndNs() - 10 * Second);
        m_panel->addMarker(qint64(x), QStringLiteral("rate 10mbit"));
        const QList<QAbstractSeries *> series = m_panel->chart()->series();
        QCOMPARE(series.size(), 3);
        auto *line = static_cast<QXYSeries *>(series.last());
        QCOMPARE(line->count(), 2);
        QCOMPARE(line->at(0).x(), line->at(1).x());
        QVERIFY(line->isVisible());
        // Markers are bounded: the oldest is recycled.
        for (int i = 0; i < 40; ++i)
            m_panel->addMarker(qint64(x) - i, QStringLiteral("m%1").arg(i));
        QCOMPARE(m_panel->chart()->series().size(), 2 + 16);
        m_panel->clearMarkers();
        QCOMPARE(m_panel->chart()->series().size(), 2);
        // Marker series do not count as plotted data.
        const qint64 end = m_panel->viewEndNs();
        QCOMPARE(m_panel->plottedPoints(ChartMetric::Throughput, kLeaf).size(),
                 m_source.history(kLeaf)->rates(end - 30 * Second, end).points.size());
    }

    void closeMarkerLabelsDoNotOverlap()
    {
        // Scenario steps a second or two apart: each label is in a row of its own or left out,
        // never printed over another (three rows were shared by any number before).
        makePanel();
        const qint64 end = m_panel->viewEndNs();
        for (int i = 0; i < 10; ++i) {
            m_panel->addMarker(qint64(m_panel->toChartTime(end - (15 - i) * Second)),
                               QStringLiteral("step %1: rate %2mbit").arg(i + 1).arg(10 + i));
        }
        m_panel->refresh();
        QTest::qWait(20);
        const QList<ChartMarker> markers = m_panel->markers();
        QCOMPARE(markers.size(), 10);
        for (const ChartMarker &marker : markers)
            QVERIFY(marker.visible); // every line is drawn
        // The labels as drawn: the chart's text items that show a step's name.
        QList<QGraphicsSimpleTextItem *> labels;
        for (QGraphicsItem *item : m_panel->chart()->scene()->items()) {
            auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item);
            if (text && text->isVisible() && text->text().startsWith(QStringLiteral("step ")))
                labels.append(text);
        }
        const qsizetype shown = labels.size();
        for (qsizetype i = 0; i < labels.size(); ++i) {
            const QRectF box = labels.at(i)->sceneBoundingRect();
            QVERIFY2(m_panel->chart()->plotArea().adjusted(-1, -1, 1, 1).contains(box), qPrintable(labels.at(i)->text()));
            for (qsizetype j = 0; j < i; ++j) {
                QVERIFY2(!box.intersects(labels.at(j)->sceneBoundingRect()),
                         qPrintable(labels.at(i)->text() + QStringLiteral(" covers ") + labels.at(j)->text()));
            }
        }
        qsizetype reported = 0;
        for (const ChartMarker &marker : markers)
            reported += marker.labelShown ? 1 : 0;
        QCOMPARE(reported, shown);
        qInfo("%lld of %lld labels shown", qlonglong(shown), qlonglong(markers.size()));
        QVERIFY(shown >= 3);
    }

    void nodesChangeKeepsSurvivingSeries()
    {
        makePanel();
        auto *leafSeries = m_panel->chart()->series().first();
        m_panel->setNodes({kLeaf}, {QStringLiteral("class 1:10")});
        QCOMPARE(m_panel->chart()->series(), QList<QAbstractSeries *>{leafSeries});
        m_panel->setNodes({}, {});
        QVERIFY(m_panel->chart()->series().isEmpty());
        QCOMPARE(m_panel->chart()->title(), QStringLiteral("No node selected"));
    }

    void pollerKeepsOneHistoryPerNode()
    {
        StatsPoller poller;
        QSignalSpy sampled(&poller, &StatsPoller::sampled);
        QSignalSpy changed(&poller, &StatsPoller::nodesChanged);
        poller.setForgetAfterPolls(3);
        qint64 t = 5 * Second;
        quint64 bytes = 0;
        const auto dump = [&](bool withLeaf) {
            t += SyntheticHistories::PollNs;
            bytes += 250'000;
            QList<NodeStats> nodes{stats(false, 0, t, bytes)};
            if (withLeaf)
                nodes.append(stats(true, 0x10, t, bytes));
            poller.ingest(nodes);
        };
        dump(true);
        QCOMPARE(poller.keys(), (QList<quint64>{kRoot, kLeaf}));
        QCOMPARE(poller.label(kLeaf), QStringLiteral("class 1:10"));
        QCOMPARE(poller.label(kRoot), QStringLiteral("qdisc 1:"));
        QCOMPARE(changed.count(), 1);
        const CounterHistory *leaf = poller.history(kLeaf);
        for (int i = 0; i < 10; ++i)
            dump(true);
        QCOMPARE(poller.history(kLeaf), leaf); // same object: no allocation per tick
        QCOMPARE(sampled.count(), 11);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(leaf->latest()->bitsPerSec, 250'000 * 8 * 10.0);

        // Missing twice: kept (an apply in progress); the third time: dropped.
        dump(false);
        dump(false);
        QVERIFY(poller.history(kLeaf));
        dump(true);
        dump(false);
        dump(false);
        dump(false);
        QVERIFY(!poller.history(kLeaf));
        QCOMPARE(changed.count(), 2);

        // After resetNodes(), the next dump decides at once.
        dump(true);
        QVERIFY(poller.history(kLeaf));
        poller.resetNodes();
        dump(false);
        QVERIFY(!poller.history(kLeaf));
        QVERIFY(poller.history(kRoot));
        poller.clear();
        QVERIFY(poller.keys().isEmpty());

        // Without an engine nothing polls.
        QVERIFY(!poller.isActive());
        QCOMPARE(poller.interval(), 100);
    }

    void sparklineFollowsPaletteAndKey()
    {
        SyntheticHistories source;
        source.add(kLeaf);
        source.feed(kLeaf, 400, 20e6);
        SparklineDelegate delegate(&source);
        QStandardItemModel model(2, 1);
        model.setData(model.index(0, 0), QVariant::fromValue<quint64>(kLeaf),
                      SparklineDelegate::StatsKeyRole);
        model.setData(model.index(1, 0), QVariant::fromValue<quint64>(0),
                      SparklineDelegate::StatsKeyRole);

        for (const bool dark : {false, true}) {
            QPalette palette;
            palette.setColor(QPalette::Base, dark ? QColor(0x20, 0x20, 0x20) : Qt::white);
            palette.setColor(QPalette::Highlight,
                             dark ? QColor(0x80, 0xc0, 0xff) : QColor(0x30, 0x60, 0xc0));
            const auto paint = [&](int row) {
                QImage image(120, 24, QImage::Format_ARGB32);
                image.fill(palette.color(QPalette::Base));
                QPainter painter(&image);
                QStyleOptionViewItem option;
                option.rect = image.rect();
                option.palette = palette;
                option.state = QStyle::State_Enabled;
                delegate.paint(&painter, option, model.index(row, 0));
                painter.end();
                int lit = 0;
                for (int y = 0; y < image.height(); ++y) {
                    for (int x = 0; x < image.width(); ++x)
                        lit += image.pixelColor(x, y) != palette.color(QPalette::Base);
                }
                return lit;
            };
            QVERIFY2(paint(0) > 100, "the sparkline of class 1:10 is missing");
            QCOMPARE(paint(1), 0); // key 0: nothing
        }
    }

    /** For review: the panel and a tree with sparklines, light and dark. */
    void screenshots()
    {
        QDir().mkpath(QStringLiteral(QS_SCREENSHOT_DIR));
        for (const bool dark : {false, true}) {
            SyntheticHistories source;
            QList<quint64> keys;
            QStringList labels;
            for (quint16 minor : {0x10, 0x20, 0x30}) {
                const quint64 key = nodeStatsKey(true, TcHandle::make(1, minor));
                source.add(key);
                source.feed(key, 150, minor == 0x10 ? 20e6 : minor == 0x20 ? 8e6 : 2e6);
                if (minor == 0x20) // a polling gap: the line breaks
                    source.skip(key, 3 * Second);
                source.feed(key, 150, minor == 0x10 ? 20e6 : minor == 0x20 ? 8e6 : 2e6);
                keys.append(key);
                labels.append(StatsPoller::labelFor(true, TcHandle::make(1, minor)));
            }
            QWidget window;
            QPalette palette = window.palette();
            if (dark) {
                palette.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
                palette.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
                palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
                palette.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
                palette.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
                palette.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
                palette.setColor(QPalette::Highlight, QColor(0x3d, 0x8e, 0xe6));
            }
            window.setPalette(palette);
            window.resize(1000, 700);
            auto *layout = new QVBoxLayout(&window);
            QStandardItemModel model(0, 2);
            model.setHorizontalHeaderLabels(
                {QStringLiteral("Node"), QStringLiteral("Throughput (30 s)")});
            for (qsizetype i = 0; i < keys.size(); ++i) {
                auto *spark = new QStandardItem;
                spark->setData(QVariant::fromValue(keys.at(i)), SparklineDelegate::StatsKeyRole);
                model.appendRow({new QStandardItem(labels.at(i)), spark});
            }
            auto *tree = new QTreeView(&window);
            tree->setModel(&model);
            SparklineDelegate delegate(&source);
            tree->setItemDelegateForColumn(1, &delegate);
            tree->header()->resizeSection(0, 200);
            tree->setCurrentIndex(model.index(1, 0));
            layout->addWidget(tree, 1);
            auto *panel = new ChartPanel(&window);
            panel->setSource(&source);
            panel->setNodes(keys, labels);
            layout->addWidget(panel, 3);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            panel->refresh();
            panel->addMarker(qint64(panel->toChartTime(panel->viewEndNs() - 8 * Second)),
                             QStringLiteral("rate 8mbit → 10mbit"));
            QTest::qWait(50);
            const QString name =
                dark ? QStringLiteral("/charts-dark.png") : QStringLiteral("/charts-light.png");
            QVERIFY(window.grab().save(QStringLiteral(QS_SCREENSHOT_DIR) + name, "PNG"));
            // The chart follows the palette: its background is the palette's base colour.
            const QImage image = panel->chartView()->grab().toImage();
            QCOMPARE(image.pixelColor(5, 5), palette.color(QPalette::Base));
        }
    }
};

QTEST_MAIN(TstChartPanel)
#include "tst_chartpanel.moc"
