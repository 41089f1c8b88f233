// The scenario timeline on its own, offscreen, with a fake clock and made-up progress reports:
// block geometry (proportional, never too thin to click), the playhead extrapolated between
// reports and held at the end of the step the player reports, seeking by clicking a block,
// repaints only while playing, and the blocks built from a scenario (a ramp's start known from
// the step before it).

#include "scenario/timelineblock.h"
#include "scenario/timelinewidget.h"
#include "stats/monotonicclock.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace qs;

namespace {

constexpr qint64 Ms = 1'000'000;

TimelineBlock block(const char *name, qint64 startMs, qint64 durationMs)
{
    TimelineBlock b;
    b.name = QString::fromUtf8(name);
    b.startMs = startMs;
    b.durationMs = durationMs;
    return b;
}

/** Afternoon 20 s, a ramp 30 s, Peak 20 s, a ramp 30 s: the shape of "Evening congestion". */
QList<TimelineBlock> evening()
{
    return {block("Afternoon", 0, 20000), block("Fall", 20000, 30000), block("Peak", 50000, 20000),
            block("Rise", 70000, 30000)};
}

ScenarioProgress playing(int step, qint64 positionMs, qint64 takenAtNs,
                         ScenarioProgress::State state = ScenarioProgress::State::Playing)
{
    ScenarioProgress p;
    p.scenario = QStringLiteral("test");
    p.state = state;
    p.loop = 2;
    p.loops = 3;
    p.step = step;
    p.steps = 4;
    p.positionMs = positionMs;
    p.passDurationMs = 100000;
    p.takenAtNs = takenAtNs;
    return p;
}

} // namespace

class TstTimelineWidget : public QObject
{
    Q_OBJECT

    qint64 m_now = 1000 * 1000 * Ms; // the fake CLOCK_MONOTONIC

private Q_SLOTS:
    void blocksAreProportionalAndContiguous()
    {
        TimelineWidget timeline;
        timeline.resize(1002, 80);
        timeline.setBlocks(evening());
        double total = 0;
        for (int i = 0; i < 4; ++i) {
            const QRectF r = timeline.blockRect(i);
            total += r.width();
            if (i > 0)
                QCOMPARE(r.left(), timeline.blockRect(i - 1).right());
        }
        QCOMPARE(total, 1000.0);
        // 30 s is 1.5 times 20 s (up to the few pixels every block is given at least).
        QVERIFY(std::abs(timeline.blockRect(1).width() / timeline.blockRect(0).width() - 1.5) <
                0.02);
        QVERIFY(timeline.blockRect(4).isEmpty());
        QCOMPARE(timeline.stepAt(timeline.blockRect(2).center()), 2);
        QCOMPARE(timeline.stepAt(QPointF(-5, 40)), -1);
        // Positions map into their blocks: a boundary is the next block's left edge.
        QCOMPARE(timeline.xOf(50000), timeline.blockRect(2).left());
        QCOMPARE(timeline.xOf(60000), timeline.blockRect(2).center().x());
    }

    void aShortStepStaysClickable()
    {
        TimelineWidget timeline;
        timeline.resize(402, 80);
        timeline.setBlocks({block("Long", 0, 600000), block("Cut", 600000, 500),
                            block("Long again", 600500, 600000)});
        QVERIFY(timeline.blockRect(1).width() >= 6);
        QCOMPARE(timeline.stepAt(timeline.blockRect(1).center()), 1);
    }

    void playheadIsExtrapolatedAndHeldAtTheStepEnd()
    {
        TimelineWidget timeline;
        timeline.setClock([this] { return m_now; });
        timeline.setBlocks(evening());
        QCOMPARE(timeline.currentStep(), -1);
        QVERIFY(timeline.loopText().isEmpty());

        timeline.setProgress(playing(1, 25000, m_now));
        QCOMPARE(timeline.currentStep(), 1);
        QCOMPARE(timeline.loopText(), TimelineWidget::tr("Loop %1 / %2").arg(2).arg(3));
        QCOMPARE(timeline.positionAt(m_now + 1500 * Ms), 26500);
        // The next step has not been reported: the playhead waits at the end of this one.
        QCOMPARE(timeline.positionAt(m_now + 60000 * Ms), 50000);

        timeline.setProgress(playing(1, 25000, m_now, ScenarioProgress::State::Paused));
        QCOMPARE(timeline.positionAt(m_now + 5000 * Ms), 25000);
        QCOMPARE(timeline.currentStep(), 1);

        ScenarioProgress forever = playing(0, 0, m_now);
        forever.loops = 0;
        timeline.setProgress(forever);
        QCOMPARE(timeline.loopText(), TimelineWidget::tr("Loop %1 / ∞").arg(2));

        timeline.setProgress(playing(3, 99000, m_now, ScenarioProgress::State::Finished));
        QCOMPARE(timeline.currentStep(), -1);
        QCOMPARE(timeline.positionAt(m_now), 0);
    }

    void clickingABlockSeeksOnlyWhenEnabled()
    {
        TimelineWidget timeline;
        timeline.resize(600, 80);
        timeline.setBlocks(evening());
        timeline.show();
        QVERIFY(QTest::qWaitForWindowExposed(&timeline));
        QSignalSpy seeks(&timeline, &TimelineWidget::seekRequested);
        QTest::mouseClick(&timeline, Qt::LeftButton, {}, timeline.blockRect(2).center().toPoint());
        QCOMPARE(seeks.size(), 0);
        timeline.setSeekEnabled(true);
        QTest::mouseClick(&timeline, Qt::LeftButton, {}, timeline.blockRect(2).center().toPoint());
        QCOMPARE(seeks.size(), 1);
        QCOMPARE(seeks.first().first().toInt(), 2);
        // Pressed on one block and released on another: not a click.
        QTest::mousePress(&timeline, Qt::LeftButton, {}, timeline.blockRect(0).center().toPoint());
        QTest::mouseRelease(&timeline, Qt::LeftButton, {},
                            timeline.blockRect(3).center().toPoint());
        QCOMPARE(seeks.size(), 1);
    }

    void repaintsOnlyWhilePlayingAndVisible()
    {
        TimelineWidget timeline;
        timeline.resize(800, 80);
        // A one-second pass: the playhead crosses pixels on every frame.
        timeline.setBlocks({block("A", 0, 500), block("B", 500, 500)});
        timeline.show();
        QVERIFY(QTest::qWaitForWindowExposed(&timeline));
        QTest::qWait(50);
        const auto now = &monotonicNowNs;
        ScenarioProgress p = playing(0, 0, now());
        p.passDurationMs = 1000;
        timeline.setProgress(p);
        QVERIFY(timeline.isAnimating());
        const quint64 before = timeline.paintCount();
        QTest::qWait(400);
        QVERIFY2(timeline.paintCount() >= before + 5,
                 qPrintable(QString::number(timeline.paintCount() - before)));

        p.state = ScenarioProgress::State::Paused;
        p.positionMs = 300;
        timeline.setProgress(p);
        QVERIFY(!timeline.isAnimating());
        QTest::qWait(50);
        const quint64 paused = timeline.paintCount();
        QTest::qWait(300);
        QCOMPARE(timeline.paintCount(), paused);

        p.state = ScenarioProgress::State::Playing;
        p.takenAtNs = now();
        timeline.setProgress(p);
        QVERIFY(timeline.isAnimating());
        timeline.hide();
        QVERIFY(!timeline.isAnimating()); // nobody sees it
        timeline.show();
        QVERIFY(timeline.isAnimating());
    }

    void blocksFromAScenario()
    {
        const QByteArray json = R"({"schemaVersion": 1, "name": "t", "steps": [
            {"name": "Fast", "duration": "20s", "tree": {"qdiscs": [{"parent": "root", "handle": "1:", "kind": "tbf",
                "params": {"rate": "50mbit", "burst": "64kb", "latency": "50ms"}}]}},
            {"duration": "30s", "ramp": {"curve": "exponential", "parameters": [{"parameter": "tbf.rate", "at": "1:", "to": "8mbit"}]}},
            {"name": "Back", "duration": "500ms", "ramp": {"parameters": [{"parameter": "tbf.rate", "to": "50mbit"}]}}]})";
        QStringList errors;
        const auto scenario = Scenario::fromJsonBytes(json, &errors);
        QVERIFY2(scenario, qPrintable(errors.join(u'\n')));
        const QList<TimelineBlock> blocks = TimelineBlock::fromScenario(*scenario);
        QCOMPARE(blocks.size(), 3);
        QCOMPARE(blocks.at(0).name, QStringLiteral("Fast"));
        QVERIFY(!blocks.at(0).isRamp);
        QVERIFY2(blocks.at(0).detail.contains(QStringLiteral("tbf")),
                 qPrintable(blocks.at(0).detail));
        QCOMPARE(blocks.at(1).name, scenario->steps.at(1).displayName(2)); // "Step 2"
        QCOMPARE(blocks.at(1).startMs, 20000);
        QVERIFY(blocks.at(1).isRamp);
        QCOMPARE(blocks.at(1).curve, RampCurve::Exponential);
        QVERIFY(blocks.at(1).rampFrom);
        QCOMPARE(*blocks.at(1).rampFrom, 50e6 / 8);
        QCOMPARE(blocks.at(1).rampTo, 8e6 / 8);
        QVERIFY2(blocks.at(1).detail.contains(QStringLiteral("50mbit")) &&
                     blocks.at(1).detail.contains(QStringLiteral("8mbit")),
                 qPrintable(blocks.at(1).detail));
        // The second ramp starts where the first ended.
        QCOMPARE(*blocks.at(2).rampFrom, 8e6 / 8);
        QCOMPARE(blocks.at(2).startMs, 50000);
        QCOMPARE(blocks.at(2).durationMs, 500);
    }
};

QTEST_MAIN(TstTimelineWidget)
#include "tst_timelinewidget.moc"
