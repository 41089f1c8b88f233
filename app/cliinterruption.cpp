#include "cliinterruption.h"

#include <QEventLoop>
#include <QSocketNotifier>

#include <fcntl.h>
#include <unistd.h>

namespace qs {

namespace {

constexpr int Signals[] = {SIGINT, SIGTERM, SIGHUP};

// A handler reaches nothing but globals: the pipe is the process's, hence one CliInterruption at a time.
int signalPipe[2] = {-1, -1};

void onSignal(int signal)
{
    const char byte = char(signal);
    [[maybe_unused]] const ssize_t written = ::write(signalPipe[1], &byte, 1);
}

} // namespace

CliInterruption::CliInterruption()
{
    Q_ASSERT(signalPipe[0] == -1); // the handlers write to one pipe only
    if (::pipe2(signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return; // no pipe, no handlers: a signal then ends the process as it would have anyway
    m_notifier = std::make_unique<QSocketNotifier>(signalPipe[0], QSocketNotifier::Read);
    QObject::connect(m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(), [this] { readSignals(); });
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int s : Signals)
        sigaction(s, &action, &m_previous[s]);
}

CliInterruption::~CliInterruption()
{
    if (!m_notifier)
        return;
    for (const int s : Signals)
        sigaction(s, &m_previous[s], nullptr);
    m_notifier.reset(); // before its descriptor closes
    ::close(signalPipe[0]);
    ::close(signalPipe[1]);
    signalPipe[0] = signalPipe[1] = -1;
}

void CliInterruption::readSignals()
{
    char byte = 0;
    while (::read(signalPipe[0], &byte, 1) == 1) {
        if (!m_signal) // the first one counts: a second Ctrl-C must not change the exit status
            m_signal = byte;
    }
    if (m_loop)
        m_loop->quit();
}

void CliInterruption::run(QEventLoop &loop)
{
    QEventLoop *const outer = m_loop; // back from a wait inside a wait, a signal quits the outer loop again
    m_loop = &loop;
    loop.exec();
    m_loop = outer;
}

} // namespace qs
