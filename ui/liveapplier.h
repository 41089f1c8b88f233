#pragma once

#include "targetbackend.h"

#include <optional>

namespace qs {

/**
 * Streams a slider to the kernel: at most one request in flight; while one is out, only the
 * newest tree waits (older ones are dropped unsent), and the last tree submitted is always the
 * last one applied.
 */
class LiveApplier : public QObject
{
    Q_OBJECT
public:
    explicit LiveApplier(TargetBackend *backend, QObject *parent = nullptr);

    void submit(const QString &target, const QdiscTree &tree, const ApplyOptions &options);
    bool isBusy() const { return m_inFlight.has_value(); }
    /** Requests sent since construction (a drag of 200 positions may send far fewer). */
    int sentCount() const { return m_sent; }

Q_SIGNALS:
    /** A request left for the kernel (the trees in between were coalesced away). */
    void sent(const QString &target, const qs::QdiscTree &tree);
    /** The answer to one request that was sent. */
    void finished(const QString &target, const qs::BackendApplyResult &result);
    /** Nothing in flight and nothing waiting: the kernel holds the last tree submitted (or refused it). */
    void settled();

private:
    struct Request
    {
        QString target;
        QdiscTree tree;
        ApplyOptions options;
    };
    void send(Request request);
    void onApplied(const QString &target, const BackendApplyResult &result);

    TargetBackend *m_backend;
    std::optional<Request> m_inFlight;
    std::optional<Request> m_waiting;
    int m_sent = 0;
};

} // namespace qs
