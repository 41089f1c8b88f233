#pragma once

#include "lab/labtraffic.h"
#include "targetbackend.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace qs {

/**
 * The demo lab of one window: asks the backend for a lab, opens the lab's sockets through it and
 * runs LabTraffic on them; stop() ends the traffic and has the backend remove the lab. Should
 * the process die instead, the helper (which watches its client) or the in-process backend's
 * guard process removes the lab.
 */
class DemoSession : public QObject
{
    Q_OBJECT

public:
    enum class State { Idle, Creating, Running, Failed, Stopped };
    /** How long start() waits for the backend's answer before it gives up with a message. */
    static constexpr int AnswerTimeoutMs = 15000;

    /** @p backend builds and removes the lab; it must outlive the session. */
    explicit DemoSession(TargetBackend *backend, QObject *parent = nullptr);
    /** Stops the traffic and removes the lab, as stop() does. */
    ~DemoSession() override;

    /** Asks for a lab; answers with ready() or failed(). */
    void start();
    /** Stops the traffic (at once) and asks the backend to remove the lab. */
    void stop();

    State state() const { return m_state; }
    const LabInfo &lab() const { return m_lab; }
    LabTraffic *traffic() const { return m_traffic.get(); }

    /**
     * Why a lab could not be built, and what to do about it: @p error from the backend, with a
     * hint when neither root nor a reachable helper can build one.
     */
    static QString explainFailure(const QString &error, bool backendAvailable, bool root);

Q_SIGNALS:
    /** The lab exists and the traffic runs. */
    void ready(const qs::LabInfo &lab);
    /** No lab, or no traffic in it; @p message says why and what to do. */
    void failed(const QString &message);

private:
    void onLabCreated(const LabInfo &lab, const QString &error);

    QPointer<TargetBackend> m_backend;
    LabInfo m_lab;
    std::unique_ptr<LabTraffic> m_traffic;
    State m_state = State::Idle;
    QTimer m_watchdog; ///< a backend that never answers (no bus to carry the answer) still gets a
                       ///< message
};

} // namespace qs
