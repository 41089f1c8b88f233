#include "labremains.h"

#include "log/errnotext.h"

#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sched.h>
#include <system_error>
#include <thread>
#include <utility>
#include <unistd.h>

namespace qs {

namespace {

/**
 * The files of /proc/net that list a namespace's sockets, and which column of a data line holds
 * the socket's inode (0 for sockets no process holds). The headers do not say it: tcp's header
 * names tx_queue and rx_queue apart, its lines join them.
 */
struct RemainsSocketTable
{
    const char *file;
    int inodeColumn;
};
constexpr RemainsSocketTable RemainsSocketTables[] = {
    {"tcp", 9}, {"tcp6", 9}, {"udp", 9}, {"udp6", 9}, {"raw", 9}, {"raw6", 9}, {"icmp", 9}, {"icmp6", 9},
    {"netlink", 9}, {"packet", 8}, {"unix", 6},
};

/** Sockets with an inode in the tables of the calling thread's namespace; -1 when none can be read. */
int remainsCountHeldSockets()
{
    int held = 0;
    int read = 0;
    for (const RemainsSocketTable &table : RemainsSocketTables) {
        // thread-self: /proc/self/net is the namespace of the whole process's leader.
        QFile file(QStringLiteral("/proc/thread-self/net/") + QLatin1String(table.file));
        if (!file.open(QIODevice::ReadOnly))
            continue; // a protocol this kernel lacks
        ++read;
        const QList<QByteArray> lines = file.readAll().split('\n');
        for (qsizetype i = 1; i < lines.size(); ++i) { // the first line is the header
            const QList<QByteArray> fields = lines[i].simplified().split(' ');
            if (fields.size() > table.inodeColumn && fields[table.inodeColumn] != "0")
                ++held;
        }
    }
    return read > 0 ? held : -1;
}

} // namespace

LabRemains LabRemains::hold(const QStringList &names)
{
    LabRemains remains;
    for (const QString &name : names) {
        const int fd = ::open(QFile::encodeName(QStringLiteral("/run/netns/") + name).constData(), O_RDONLY | O_CLOEXEC);
        if (fd >= 0)
            remains.m_fds.push_back(fd);
    }
    return remains;
}

LabRemains::LabRemains(LabRemains &&other) noexcept : m_fds(std::exchange(other.m_fds, {})) {}

LabRemains &LabRemains::operator=(LabRemains &&other) noexcept
{
    if (this != &other) {
        release();
        m_fds = std::exchange(other.m_fds, {});
    }
    return *this;
}

LabRemains::~LabRemains()
{
    release();
}

void LabRemains::release()
{
    for (const int fd : m_fds)
        ::close(fd);
    m_fds.clear();
}

int LabRemains::openSockets(QString *error) const
{
    int total = 0;
    for (const int fd : m_fds) {
        int count = -1;
        int code = 0;
        // setns() moves only the calling thread: one that exists just for this look leaves every
        // other thread where it was (as openSocketIn() does).
        const auto look = [&] {
            if (::setns(fd, CLONE_NEWNET) != 0) {
                code = errno;
                return;
            }
            count = remainsCountHeldSockets();
        };
        try {
            std::thread(look).join();
        } catch (const std::system_error &e) {
            *error = QStringLiteral("cannot start a thread to look into a removed lab's namespace: %1").arg(QString::fromLocal8Bit(e.what()));
            return -1;
        }
        if (count < 0) {
            *error = code ? QStringLiteral("cannot enter a removed lab's namespace: %1").arg(errnoText(code))
                          : QStringLiteral("cannot read the sockets of a removed lab's namespace in /proc/thread-self/net");
            return -1;
        }
        total += count;
    }
    return total;
}

} // namespace qs
