#include "netlinkworker.h"

namespace qs {

NetlinkWorker::NetlinkWorker(const QString &name) : m_context(new QObject)
{
    m_thread.setObjectName(name);
    m_context->moveToThread(&m_thread);
    // Deleted on its own thread as that thread ends, with the jobs still queued to it.
    QObject::connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

NetlinkWorker::~NetlinkWorker()
{
    m_cancelled.store(true);
    m_thread.quit();
    m_thread.wait();
}

void NetlinkWorker::post(std::function<void()> job)
{
    QMetaObject::invokeMethod(
        m_context,
        [this, job = std::move(job)] {
            if (!m_cancelled.load())
                job();
        },
        Qt::QueuedConnection);
}

} // namespace qs
