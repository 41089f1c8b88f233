#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QLabel;
class QPushButton;

namespace qs {

/**
 * The status bar's right side: where changes go (the helper, or the engine in-process), the
 * last apply's latency, and the auto-revert countdown with its Keep button. Kernel errors show
 * here too, in words, without a modal popup that would stop a drag.
 */
class ApplyStatus : public QWidget
{
    Q_OBJECT
public:
    explicit ApplyStatus(QWidget *parent = nullptr);

    void setBackend(bool available, const QString &description);
    void setLatency(qint64 microseconds);
    void setError(const QString &error);
    /** Shows "Reverting in N s" with Keep, counting down from @p seconds; @p transaction is kept for keep(). */
    void startCountdown(const QString &transaction, unsigned seconds);
    void stopCountdown();
    bool isCountingDown() const { return m_countdown.isActive(); }

Q_SIGNALS:
    void keepRequested(const QString &transaction);

private:
    void tick();

    QLabel *m_backend;
    QLabel *m_latency;
    QLabel *m_error;
    QLabel *m_revert;
    QPushButton *m_keep;
    QPushButton *m_details;
    QTimer m_countdown;
    QElapsedTimer m_since;
    unsigned m_seconds = 0;
    QString m_transaction;
};

} // namespace qs
