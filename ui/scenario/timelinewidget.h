#pragma once

#include "scenario/scenarioprogress.h"
#include "timelineblock.h"

#include <QList>
#include <QTimer>
#include <QWidget>

#include <functional>

namespace qs {

/**
 * One pass of a scenario drawn left to right: each step a block as wide as its share of the
 * pass (never narrower than a few pixels, so a 500 ms cut in a ten-minute pass stays
 * clickable), its name and what it holds written inside, a ramp drawn as the slope of its
 * first parameter over a gradient. The step playing is highlighted and a playhead shows the
 * position, with the loop ("Loop 2 / 3") above.
 *
 * The playhead moves smoothly between the player's reports (every half second): it is
 * extrapolated from the report's CLOCK_MONOTONIC time, repainted about 30 times a second while
 * playing and visible, and never at all when paused, stopped or hidden. It waits at the end of
 * the current block until the player reports the next step, so it never runs ahead of the
 * kernel. Clicking a block asks to jump there (seekRequested) when seeking is enabled.
 */
class TimelineWidget : public QWidget
{
    Q_OBJECT

public:
    /** About 30 frames a second while playing. */
    static constexpr int FrameIntervalMs = 33;

    explicit TimelineWidget(QWidget *parent = nullptr);
    ~TimelineWidget() override;

    void setBlocks(const QList<TimelineBlock> &blocks);
    const QList<TimelineBlock> &blocks() const { return m_blocks; }

    /** Where playback is; a state other than Playing or Paused hides the playhead. */
    void setProgress(const ScenarioProgress &progress);
    const ScenarioProgress &progress() const { return m_progress; }
    /** Playing or paused: the playhead and the highlight show. */
    bool isActive() const { return m_progress.isActive(); }
    /** The step highlighted: the progress's step while active, -1 otherwise. */
    int currentStep() const;

    /** Clicking a block emits seekRequested() (only while something plays, as the panel sets it).
     */
    void setSeekEnabled(bool enabled);
    bool isSeekEnabled() const { return m_seekEnabled; }

    /** The playhead's position in the pass at CLOCK_MONOTONIC @p nowNs, extrapolated while playing.
     */
    qint64 positionAt(qint64 nowNs) const;
    /** The position drawn by the last paint. */
    qint64 paintedPositionMs() const { return m_paintedPositionMs; }
    /** The x of @p positionMs in the pass, in widget coordinates. */
    double xOf(qint64 positionMs) const;
    /** The block of @p step, in widget coordinates; empty for no such step. */
    QRectF blockRect(int step) const;
    /** The step under @p point, or -1. */
    int stepAt(const QPointF &point) const;
    /** The text above the blocks on the right: "Loop 2 / 3", "Loop 4 / ∞"; empty when idle. */
    QString loopText() const;
    /** The animation timer runs (playing and visible). */
    bool isAnimating() const { return m_frames.isActive(); }
    /** Paints so far (tests: it repaints while playing, not while paused). */
    quint64 paintCount() const { return m_paints; }

    /** The clock the playhead reads (CLOCK_MONOTONIC ns); tests give a fake one. */
    void setClock(std::function<qint64()> clock);

    /** "0:42", "12:05", "1:02:05": a playback clock people read at a glance. */
    static QString clockText(qint64 ms);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /** The user clicked the block of @p step (0-based). */
    void seekRequested(int step);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Span
    {
        double left = 0;
        double width = 0;
    };
    QRectF blocksArea() const;
    void layoutBlocks();
    void updateAnimation();
    void onFrame();
    QString headerText(qint64 positionMs) const;
    void paintBlock(QPainter &painter, int index, const QRectF &rect) const;
    void paintRamp(QPainter &painter, const TimelineBlock &block, const QRectF &rect,
                   const QColor &color) const;
    void paintPlayhead(QPainter &painter, double x) const;
    QColor blockColor(int index) const;

    QList<TimelineBlock> m_blocks;
    std::vector<Span> m_spans; ///< x of each block inside blocksArea(), recomputed on resize
    qint64 m_passMs = 0;
    ScenarioProgress m_progress;
    std::function<qint64()> m_clock;
    QTimer m_frames;
    bool m_seekEnabled = false;
    int m_pressedStep = -1;
    qint64 m_paintedPositionMs = 0;
    int m_paintedX = -1;
    QString m_paintedHeader;
    quint64 m_paints = 0;
};

} // namespace qs
