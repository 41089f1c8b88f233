#pragma once

#include <QObject>
#include <QString>
#include <QThread>

#include <atomic>
#include <functional>
#include <utility>

namespace qs {

/**
 * A thread of its own for netlink reads that take long on big trees, so that the thread asking
 * (the window's) never waits for them: a statistics dump or a tree read of 50 000 htb classes takes
 * about a second, most of it in the kernel. Jobs run one at a time, in the order they were given;
 * each answer is called on the thread of the receiver named with its job.
 *
 * Destruction cancels: sockets the jobs read given cancelFlag() (NetlinkSocket::setCancelFlag())
 * give up at the next part of the dump they are reading, jobs not begun are dropped, answers not yet
 * delivered are dropped; the destructor then waits for the thread, which is at most one part of a
 * dump (a few milliseconds of kernel work) plus what the cancelled job does before it returns.
 *
 * Answers are posted to their receiver from the worker's thread, so a receiver must outlive the
 * worker: the object that owns it, with the worker its last member (destroyed first).
 */
class NetlinkWorker
{
public:
    /** @p name names the thread (in a debugger, in top -H). */
    explicit NetlinkWorker(const QString &name);
    ~NetlinkWorker();
    NetlinkWorker(const NetlinkWorker &) = delete;
    NetlinkWorker &operator=(const NetlinkWorker &) = delete;

    /** Set when the worker is destroyed: give it to every socket a job reads. */
    const std::atomic<bool> *cancelFlag() const { return &m_cancelled; }

    /**
     * Runs @p job on the worker's thread, then @p answer with its result on @p receiver's thread.
     * The job must not touch what the receiver's thread uses: it gets copies, or what only jobs use.
     */
    template <typename Job, typename Answer>
    void run(QObject *receiver, Job job, Answer answer)
    {
        post([this, receiver, job = std::move(job), answer = std::move(answer)] {
            auto result = job();
            if (m_cancelled.load())
                return;
            QMetaObject::invokeMethod(
                receiver, [answer, result = std::move(result)] { answer(result); }, Qt::QueuedConnection);
        });
    }

private:
    void post(std::function<void()> job);

    QThread m_thread;
    QObject *m_context; ///< lives in m_thread: jobs are posted to it
    std::atomic<bool> m_cancelled{false};
};

} // namespace qs
