#include "demosession.h"

#include "log/logging.h"

#include <unistd.h>

namespace qs {

DemoSession::DemoSession(TargetBackend *backend, QObject *parent)
    : QObject(parent), m_backend(backend)
{
    connect(backend, &TargetBackend::labCreated, this, &DemoSession::onLabCreated);
    m_watchdog.setSingleShot(true);
    m_watchdog.setInterval(AnswerTimeoutMs);
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        if (m_state != State::Creating || !m_backend)
            return;
        m_state = State::Failed;
        //: %1 a number of seconds, %2 describes the way to the kernel ("helper not reachable")
        const QString message = explainFailure(
            tr("no answer within %1 s (%2)").arg(AnswerTimeoutMs / 1000).arg(m_backend->describe()),
            m_backend->isAvailable(), geteuid() == 0);
        log::get("window")->warn("demo: {}", message.toStdString());
        Q_EMIT failed(message);
    });
}

DemoSession::~DemoSession()
{
    stop();
}

void DemoSession::start()
{
    if (m_state == State::Creating || m_state == State::Running || !m_backend)
        return;
    m_state = State::Creating;
    m_watchdog.start();
    log::get("window")->info("demo: asking {} for a lab", m_backend->describe().toStdString());
    m_backend->createLab();
}

void DemoSession::onLabCreated(const LabInfo &lab, const QString &error)
{
    m_watchdog.stop();
    if (m_state != State::Creating) {
        // Not asked for (or no longer wanted): a lab nobody uses goes at once.
        if (error.isEmpty() && !lab.id.isEmpty() && m_backend && lab.id != m_lab.id)
            m_backend->removeLab(lab.id);
        return;
    }
    if (!error.isEmpty() || lab.id.isEmpty()) {
        m_state = State::Failed;
        const QString message =
            explainFailure(error.isEmpty() ? tr("the backend gave no lab") : error,
                           m_backend && m_backend->isAvailable(), geteuid() == 0);
        log::get("window")->warn("demo: {}", message.toStdString());
        Q_EMIT failed(message);
        return;
    }
    m_lab = lab;
    QString socketError;
    auto sockets = m_backend->openLabSockets(lab.id, &socketError);
    if (!sockets) {
        m_state = State::Failed;
        Q_EMIT failed(tr("The demo lab %1 was built, but its traffic cannot start: %2")
                          .arg(lab.id, socketError));
        return;
    }
    m_traffic = std::make_unique<LabTraffic>(std::move(*sockets));
    QString trafficError;
    if (!m_traffic->start(&trafficError)) {
        m_state = State::Failed;
        Q_EMIT failed(trafficError);
        return;
    }
    connect(m_traffic.get(), &LabTraffic::failed, this, [this](const QString &reason) {
        m_state = State::Failed;
        Q_EMIT failed(tr("The lab's traffic stopped: %1").arg(reason));
    });
    m_state = State::Running;
    log::get("window")->info("demo: lab {} ready, target {}", lab.id.toStdString(),
                             lab.target.toStdString());
    Q_EMIT ready(m_lab);
}

void DemoSession::stop()
{
    if (m_traffic) {
        m_traffic->stop();
        m_traffic.reset();
    }
    if (!m_lab.id.isEmpty() && m_backend) {
        log::get("window")->info("demo: removing lab {}", m_lab.id.toStdString());
        m_backend->removeLab(m_lab.id);
    }
    m_lab = {};
    if (m_state != State::Idle)
        m_state = State::Stopped;
}

QString DemoSession::explainFailure(const QString &error, bool backendAvailable, bool root)
{
    QString reason = error.trimmed();
    while (reason.endsWith(u'.'))
        reason.chop(1);
    //: %1 is the reason, without a final full stop
    QString message = tr("The demo lab cannot be built: %1.").arg(reason);
    if (!root && !backendAvailable)
        message += u' ' + tr("Building the lab needs root privileges, which the Qdisc Studio "
                             "helper provides once it is installed: "
                             "install the package (sudo apt-get install ./qdisc-studio_*.deb, see "
                             "the README), or start the demo "
                             "as root (sudo qdisc-studio --demo).");
    return message;
}

} // namespace qs
