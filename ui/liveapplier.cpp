#include "liveapplier.h"

namespace qs {

LiveApplier::LiveApplier(TargetBackend *backend, QObject *parent) : QObject(parent), m_backend(backend)
{
    connect(m_backend, &TargetBackend::applied, this, &LiveApplier::onApplied);
}

void LiveApplier::submit(const QString &target, const QdiscTree &tree, const ApplyOptions &options)
{
    Request request{target, tree, options};
    if (m_inFlight)
        m_waiting = std::move(request); // the newest wins; an older waiting tree is dropped unsent
    else
        send(std::move(request));
}

void LiveApplier::send(Request request)
{
    m_inFlight = std::move(request);
    ++m_sent;
    Q_EMIT sent(m_inFlight->target, m_inFlight->tree);
    m_backend->apply(m_inFlight->target, m_inFlight->tree, m_inFlight->options);
}

void LiveApplier::onApplied(const QString &target, const BackendApplyResult &result)
{
    if (!m_inFlight || m_inFlight->target != target)
        return; // not ours
    m_inFlight.reset();
    Q_EMIT finished(target, result);
    if (m_waiting) {
        Request next = std::move(*m_waiting);
        m_waiting.reset();
        send(std::move(next));
        return;
    }
    Q_EMIT settled();
}

} // namespace qs
