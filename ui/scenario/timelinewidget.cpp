#include "timelinewidget.h"

#include "stats/monotonicclock.h"

#include <QHelpEvent>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>

namespace qs {

namespace {

// Never narrower than this: a short cut in a long pass stays visible and clickable.
constexpr double MinBlockWidth = 6;
constexpr double Padding = 4;
// Soft hues that tell neighbouring steps apart on light and dark palettes alike.
constexpr std::array<QRgb, 6> BlockHues{0x4e79a7, 0x59a14f, 0xedc948, 0xb07aa1, 0x76b7b2, 0xf28e2b};
constexpr QRgb PlayheadColor = 0xe15759;

QColor mix(const QColor &a, const QColor &b, double towardsB)
{
    const auto channel = [&](int x, int y) { return int(std::lround(x + (y - x) * towardsB)); };
    return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()),
                  channel(a.blue(), b.blue()));
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent) : QWidget(parent), m_clock(&monotonicNowNs)
{
    setObjectName(QStringLiteral("scenario.timeline"));
    setAccessibleName(tr("Scenario timeline"));
    setMouseTracking(true); // the pointing hand over blocks that can be clicked
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_frames.setObjectName(QStringLiteral("timelineFrameTimer"));
    m_frames.setInterval(FrameIntervalMs);
    m_frames.setTimerType(Qt::PreciseTimer);
    connect(&m_frames, &QTimer::timeout, this, &TimelineWidget::onFrame);
}

TimelineWidget::~TimelineWidget() = default;

QString TimelineWidget::clockText(qint64 ms)
{
    const qint64 seconds = std::max<qint64>(0, ms) / 1000;
    const QChar zero = u'0';
    if (seconds >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(seconds / 3600)
            .arg(seconds / 60 % 60, 2, 10, zero)
            .arg(seconds % 60, 2, 10, zero);
    return QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, zero);
}

void TimelineWidget::setBlocks(const QList<TimelineBlock> &blocks)
{
    m_blocks = blocks;
    m_passMs = 0;
    for (const TimelineBlock &block : blocks)
        m_passMs = std::max(m_passMs, block.startMs + block.durationMs);
    layoutBlocks();
    updateAnimation();
    update();
}

void TimelineWidget::setProgress(const ScenarioProgress &progress)
{
    m_progress = progress;
    updateAnimation();
    update();
}

int TimelineWidget::currentStep() const
{
    return isActive() && m_progress.step >= 0 && m_progress.step < m_blocks.size() ? m_progress.step
                                                                                   : -1;
}

void TimelineWidget::setSeekEnabled(bool enabled)
{
    m_seekEnabled = enabled;
    if (!enabled)
        unsetCursor();
}

void TimelineWidget::setClock(std::function<qint64()> clock)
{
    m_clock = std::move(clock);
}

qint64 TimelineWidget::positionAt(qint64 nowNs) const
{
    if (!isActive())
        return 0;
    qint64 position = m_progress.positionMs;
    if (m_progress.state == ScenarioProgress::State::Playing)
        position += std::max<qint64>(0, nowNs - m_progress.takenAtNs) / 1'000'000;
    // Not past the end of the step the player reports: the next one has not reached the kernel yet.
    if (const int step = currentStep(); step >= 0) {
        const TimelineBlock &block = m_blocks.at(step);
        position = std::clamp(position, block.startMs, block.startMs + block.durationMs);
    }
    return std::clamp<qint64>(position, 0, m_passMs);
}

QRectF TimelineWidget::blocksArea() const
{
    const double header = fontMetrics().height() + 4;
    return QRectF(rect()).adjusted(1, header, -1, -1);
}

void TimelineWidget::layoutBlocks()
{
    m_spans.assign(size_t(m_blocks.size()), Span{});
    if (m_blocks.isEmpty())
        return;
    const double width = blocksArea().width();
    const double count = double(m_blocks.size());
    const double minimum = std::min(MinBlockWidth, width / count);
    const double shared = std::max(0.0, width - minimum * count);
    double left = 0;
    for (qsizetype i = 0; i < m_blocks.size(); ++i) {
        const double share =
            m_passMs > 0 ? double(m_blocks.at(i).durationMs) / double(m_passMs) : 1.0 / count;
        m_spans[size_t(i)] = Span{left, minimum + shared * share};
        left += m_spans[size_t(i)].width;
    }
}

double TimelineWidget::xOf(qint64 positionMs) const
{
    const QRectF area = blocksArea();
    if (m_blocks.isEmpty())
        return area.left();
    qsizetype i = 0;
    while (i + 1 < m_blocks.size() && positionMs >= m_blocks.at(i + 1).startMs)
        ++i;
    const TimelineBlock &block = m_blocks.at(i);
    const Span &span = m_spans[size_t(i)];
    const double fraction =
        block.durationMs > 0
            ? std::clamp(double(positionMs - block.startMs) / double(block.durationMs), 0.0, 1.0)
            : 0.0;
    return area.left() + span.left + span.width * fraction;
}

QRectF TimelineWidget::blockRect(int step) const
{
    if (step < 0 || step >= m_blocks.size())
        return {};
    const QRectF area = blocksArea();
    const Span &span = m_spans[size_t(step)];
    return QRectF(area.left() + span.left, area.top(), span.width, area.height());
}

int TimelineWidget::stepAt(const QPointF &point) const
{
    for (int i = 0; i < m_blocks.size(); ++i) {
        if (blockRect(i).contains(point))
            return i;
    }
    return -1;
}

QString TimelineWidget::loopText() const
{
    if (!isActive())
        return {};
    //: which pass of a scenario plays: %1 this one, %2 how many ("Loop 2 / 3")
    return m_progress.loops == 0 ? tr("Loop %1 / ∞").arg(m_progress.loop)
                                 : tr("Loop %1 / %2").arg(m_progress.loop).arg(m_progress.loops);
}

QString TimelineWidget::headerText(qint64 positionMs) const
{
    if (m_blocks.isEmpty())
        return tr("No scenario chosen");
    const QString clock = QStringLiteral("%1 / %2").arg(clockText(positionMs), clockText(m_passMs));
    const int step = currentStep();
    if (step < 0)
        // The panel's description above already counts the steps: the timeline says only that
        // nothing plays, in the clock form it shows while playing.
        //: the timeline when nothing plays: %1 "0:00 / 2:30"
        return tr("Not playing · %1").arg(clock);
    if (m_progress.state == ScenarioProgress::State::Paused)
        //: %1 the step, %2 how many, %3 "0:42 / 2:00"
        return tr("Paused in step %1 of %2 · %3").arg(step + 1).arg(m_blocks.size()).arg(clock);
    //: %1 the step, %2 how many, %3 "0:42 / 2:00"
    return tr("Step %1 of %2 · %3").arg(step + 1).arg(m_blocks.size()).arg(clock);
}

void TimelineWidget::updateAnimation()
{
    const bool run =
        m_progress.state == ScenarioProgress::State::Playing && isVisible() && !m_blocks.isEmpty();
    if (run && !m_frames.isActive())
        m_frames.start();
    else if (!run && m_frames.isActive())
        m_frames.stop();
}

void TimelineWidget::onFrame()
{
    // Repaint only when something visible moved: a long step moves the playhead less than a
    // pixel per frame, and the clock changes once a second.
    const qint64 position = positionAt(m_clock());
    if (int(std::lround(xOf(position))) != m_paintedX || headerText(position) != m_paintedHeader)
        update();
}

QColor TimelineWidget::blockColor(int index) const
{
    return QColor::fromRgb(BlockHues[size_t(index) % BlockHues.size()]);
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    ++m_paints;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = palette();
    const qint64 position = positionAt(m_clock());
    m_paintedPositionMs = position;
    m_paintedHeader = headerText(position);

    // The header: where playback is on the left, the loop on the right.
    const QRectF header(Padding, 0, width() - 2 * Padding, blocksArea().top() - 2);
    painter.setPen(pal.color(QPalette::WindowText));
    painter.drawText(header, Qt::AlignLeft | Qt::AlignVCenter, m_paintedHeader);
    if (const QString loop = loopText(); !loop.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.drawText(header, Qt::AlignRight | Qt::AlignVCenter, loop);
        painter.setFont(font());
    }

    const QRectF area = blocksArea();
    painter.setPen(Qt::NoPen);
    painter.setBrush(pal.color(QPalette::Base));
    painter.drawRoundedRect(area, 3, 3);
    for (int i = 0; i < m_blocks.size(); ++i)
        paintBlock(painter, i, blockRect(i));

    const int step = currentStep();
    if (step >= 0) {
        const double x = xOf(position);
        // What has played in this pass is dimmed a little: the eye finds "now" at once.
        QColor played = pal.color(QPalette::Base);
        played.setAlphaF(0.45);
        painter.setPen(Qt::NoPen);
        painter.setBrush(played);
        painter.drawRect(QRectF(area.left(), area.top(), x - area.left(), area.height()));
        // The step playing: a frame in the highlight colour over its block.
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(pal.color(QPalette::Highlight), 2));
        painter.drawRoundedRect(blockRect(step).adjusted(1, 1, -1, -1), 3, 3);
        paintPlayhead(painter, x);
        m_paintedX = int(std::lround(x));
    } else {
        m_paintedX = -1;
    }
}

void TimelineWidget::paintBlock(QPainter &painter, int index, const QRectF &rect) const
{
    const TimelineBlock &block = m_blocks.at(index);
    const QPalette &pal = palette();
    const bool current = index == currentStep();
    const QColor hue = blockColor(index);
    const QColor fill = mix(pal.color(QPalette::Base), hue, current ? 0.5 : 0.28);
    const QRectF inner = rect.adjusted(0.5, 0.5, -0.5, -0.5);

    painter.setPen(QPen(mix(pal.color(QPalette::Base), hue, 0.7), 1));
    painter.setBrush(fill);
    painter.drawRect(inner);
    if (block.isRamp)
        paintRamp(painter, block, inner, hue);

    // Name and what the step holds, as far as the block's width allows (the tool tip has all).
    const QRectF text = inner.adjusted(Padding, 2, -Padding, -2);
    if (text.width() < 16)
        return;
    painter.save();
    painter.setClipRect(inner);
    painter.setPen(pal.color(QPalette::Text));
    QFont nameFont = font();
    nameFont.setBold(true);
    painter.setFont(nameFont);
    const QFontMetricsF nameMetrics(nameFont);
    painter.drawText(text, Qt::AlignLeft | Qt::AlignTop,
                     nameMetrics.elidedText(block.name, Qt::ElideRight, text.width()));
    QFont detailFont = font();
    detailFont.setPointSizeF(detailFont.pointSizeF() * 0.9);
    painter.setFont(detailFont);
    const QFontMetricsF detailMetrics(detailFont);
    const QRectF detail = text.adjusted(0, nameMetrics.height() + 1, 0, 0);
    if (detail.height() >= detailMetrics.height()) {
        const QString when = Scenario::formatDurationMs(block.durationMs);
        painter.drawText(detail, Qt::AlignLeft | Qt::AlignTop,
                         detailMetrics.elidedText(QStringLiteral("%1 · %2").arg(when, block.detail),
                                                  Qt::ElideRight, text.width()));
    }
    painter.restore();
}

void TimelineWidget::paintRamp(QPainter &painter, const TimelineBlock &block, const QRectF &rect,
                               const QColor &hue) const
{
    const QColor base = palette().color(QPalette::Base);
    // The gradient runs from the lighter start to the stronger end: a ramp reads as movement
    // even when its start is the target's current value, unknown until it plays.
    QLinearGradient gradient(rect.topLeft(), rect.topRight());
    gradient.setColorAt(0, mix(base, hue, 0.12));
    gradient.setColorAt(1, mix(base, hue, 0.45));
    painter.setPen(Qt::NoPen);
    painter.setBrush(gradient);
    painter.drawRect(rect);
    if (!block.rampFrom)
        return;

    // The slope of the first parameter in the lower part of the block, shaped by the curve.
    const double from = *block.rampFrom;
    const double to = block.rampTo;
    const double low = std::min(from, to);
    const double high = std::max(from, to);
    const double top = rect.top() + rect.height() * 0.45;
    const double bottom = rect.bottom() - 3;
    const auto yOf = [&](double value) {
        return high > low ? bottom - (value - low) / (high - low) * (bottom - top)
                          : (top + bottom) / 2;
    };
    constexpr int Samples = 24;
    QPainterPath slope;
    for (int s = 0; s <= Samples; ++s) {
        const double f = double(s) / Samples;
        const QPointF point(rect.left() + rect.width() * f,
                            yOf(rampValue(block.curve, from, to, f)));
        if (s == 0)
            slope.moveTo(point);
        else
            slope.lineTo(point);
    }
    QPainterPath area = slope;
    area.lineTo(rect.right(), rect.bottom());
    area.lineTo(rect.left(), rect.bottom());
    area.closeSubpath();
    QColor under = hue;
    under.setAlphaF(0.25);
    painter.setBrush(under);
    painter.drawPath(area);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(
        QPen(hue.darker(palette().color(QPalette::Base).lightnessF() < 0.5 ? 70 : 120), 2));
    painter.drawPath(slope);
}

void TimelineWidget::paintPlayhead(QPainter &painter, double x) const
{
    const QRectF area = blocksArea();
    const QColor color = QColor::fromRgb(PlayheadColor);
    painter.setPen(QPen(color, 2));
    painter.drawLine(QPointF(x, area.top() - 2), QPointF(x, area.bottom()));
    QPainterPath head;
    head.moveTo(x - 5, area.top() - 7);
    head.lineTo(x + 5, area.top() - 7);
    head.lineTo(x, area.top() - 1);
    head.closeSubpath();
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPath(head);
}

void TimelineWidget::mousePressEvent(QMouseEvent *event)
{
    m_pressedStep =
        m_seekEnabled && event->button() == Qt::LeftButton ? stepAt(event->position()) : -1;
    QWidget::mousePressEvent(event);
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *event)
{
    // A click: pressed and released on the same block.
    const int step =
        m_seekEnabled && event->button() == Qt::LeftButton ? stepAt(event->position()) : -1;
    if (step >= 0 && step == m_pressedStep)
        Q_EMIT seekRequested(step);
    m_pressedStep = -1;
    QWidget::mouseReleaseEvent(event);
}

void TimelineWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (m_seekEnabled && stepAt(event->position()) >= 0)
        setCursor(Qt::PointingHandCursor);
    else
        unsetCursor();
    QWidget::mouseMoveEvent(event);
}

bool TimelineWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int step = stepAt(help->pos());
        if (step < 0) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        const TimelineBlock &block = m_blocks.at(step);
        //: tool tip of a step on the timeline: %1 its name, %2 its length ("20s"), %3 what it holds
        QString tip =
            tr("<b>%1</b><br>%2 · %3")
                .arg(block.name.toHtmlEscaped(), Scenario::formatDurationMs(block.durationMs),
                     block.detail.toHtmlEscaped());
        if (m_seekEnabled)
            tip += QStringLiteral("<br>") + tr("Click to jump to this step");
        QToolTip::showText(help->globalPos(), tip, this, blockRect(step).toRect());
        return true;
    }
    return QWidget::event(event);
}

void TimelineWidget::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateAnimation();
}

void TimelineWidget::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    updateAnimation(); // nobody sees it: no frames
}

void TimelineWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    layoutBlocks();
}

QSize TimelineWidget::sizeHint() const
{
    return QSize(480, fontMetrics().height() * 4 + 12);
}

QSize TimelineWidget::minimumSizeHint() const
{
    return QSize(120, fontMetrics().height() * 3 + 8);
}

} // namespace qs
