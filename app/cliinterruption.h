#pragma once

#include <QtGlobal>

#include <csignal>
#include <memory>

class QEventLoop;
class QSocketNotifier;

namespace qs {

/**
 * Ctrl-C, SIGTERM and SIGHUP while a long subcommand runs (`demo --headless`, `play`): the
 * handler only writes a byte to a pipe (all a signal handler may safely do); the event loop
 * notices it, so the command ends the normal way (the demo lab removed, the tree from before put
 * back) instead of the process dying half-way. The handlers are installed while this object
 * lives and the previous ones come back with its end. One at a time: the pipe is the process's.
 *
 * It only records the signal and wakes the loop run(): each command decides itself which of its
 * waits a signal may cut short (removing a lab or stopping a playback must not be).
 */
class CliInterruption
{
    Q_DISABLE_COPY_MOVE(CliInterruption)

public:
    CliInterruption();
    ~CliInterruption();

    /**
     * The first signal received, 0 while none was. The first one counts: a second Ctrl-C while
     * the command cleans up must not change what it reports (play's exit status is 128 + it).
     */
    int signal() const { return m_signal; }

    /**
     * loop.exec(), but a signal arriving meanwhile quits @p loop too. It runs even when a signal
     * came before: the caller checks signal() first where that should end the wait.
     */
    void run(QEventLoop &loop);

private:
    void readSignals();

    std::unique_ptr<QSocketNotifier> m_notifier;
    QEventLoop *m_loop = nullptr;
    int m_signal = 0;
    struct sigaction m_previous[NSIG] = {};
};

} // namespace qs
