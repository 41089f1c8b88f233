#include "applystatus.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>

namespace qs {

ApplyStatus::ApplyStatus(QWidget *parent)
    : QWidget(parent), m_backend(new QLabel(this)), m_latency(new QLabel(this)), m_error(new QLabel(this)), m_revert(new QLabel(this)),
      m_keep(new QPushButton(tr("&Keep"), this)), m_details(new QPushButton(tr("Details…"), this))
{
    m_backend->setObjectName(QStringLiteral("status.backend"));
    m_latency->setObjectName(QStringLiteral("status.latency"));
    m_error->setObjectName(QStringLiteral("status.error"));
    m_revert->setObjectName(QStringLiteral("status.revert"));
    m_keep->setObjectName(QStringLiteral("status.keep"));
    m_details->setObjectName(QStringLiteral("status.errorDetails"));
    m_details->setToolTip(tr("Read the whole answer, with its advice"));
    m_details->setFlat(true);
    m_details->hide();
    m_latency->setToolTip(tr("How long the last change took from the window to the kernel and back"));
    m_keep->setToolTip(tr("Keep the last change; otherwise what was there comes back when the countdown ends"));
    QPalette warning = m_error->palette();
    warning.setColor(QPalette::WindowText, QColor(0xd0, 0x30, 0x30));
    m_error->setPalette(warning);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_revert->hide();
    m_keep->hide();

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_error, 1);
    layout->addWidget(m_details);
    layout->addWidget(m_revert);
    layout->addWidget(m_keep);
    layout->addWidget(m_latency);
    layout->addWidget(m_backend);

    m_countdown.setInterval(200);
    connect(&m_countdown, &QTimer::timeout, this, &ApplyStatus::tick);
    connect(m_keep, &QPushButton::clicked, this, [this] {
        Q_EMIT keepRequested(m_transaction);
        stopCountdown();
    });
    // A kernel's refusal and its advice rarely fit the status bar: the whole text, on request,
    // in a window that does not stop a drag in progress.
    connect(m_details, &QPushButton::clicked, this, [this] {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("The last change was not made"), m_error->toolTip(), QMessageBox::Close, this);
        box->setObjectName(QStringLiteral("status.errorDialog"));
        box->setTextInteractionFlags(Qt::TextSelectableByMouse);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
}

void ApplyStatus::setBackend(bool available, const QString &description)
{
    m_backend->setText(available ? QStringLiteral("● ") + description : QStringLiteral("○ ") + description);
    m_backend->setToolTip(available ? tr("Changes go to the kernel through: %1").arg(description)
                                    : tr("Changes cannot reach the kernel: %1").arg(description));
}

void ApplyStatus::setLatency(qint64 microseconds)
{
    //: status bar: how long the last change took to reach the kernel, in milliseconds
    m_latency->setText(microseconds < 10000 ? tr("last apply %1 ms").arg(double(microseconds) / 1000.0, 0, 'f', 2)
                                            : tr("last apply %1 ms").arg(microseconds / 1000));
}

void ApplyStatus::setError(const QString &error)
{
    m_error->setText(error);
    m_error->setToolTip(error);
    m_details->setVisible(!error.isEmpty());
}

void ApplyStatus::startCountdown(const QString &transaction, unsigned seconds)
{
    m_transaction = transaction;
    m_seconds = seconds;
    m_since.start();
    m_countdown.start();
    m_revert->show();
    m_keep->show();
    tick();
}

void ApplyStatus::stopCountdown()
{
    m_countdown.stop();
    m_revert->hide();
    m_keep->hide();
}

void ApplyStatus::tick()
{
    const qint64 left = qint64(m_seconds) * 1000 - m_since.elapsed();
    if (left <= 0) {
        stopCountdown();
        return;
    }
    m_revert->setText(tr("Reverting in %1 s").arg((left + 999) / 1000));
}

} // namespace qs
