#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace qs {

/**
 * What is left of a removed demo lab while sockets made in it are still open. Every socket
 * keeps the network namespace it was made in alive, and the kernel has no way to end a
 * namespace sooner: a client holding the sockets OpenLabSockets handed it keeps the removed lab's
 * namespaces (nameless, with their devices) for as long as it likes. So the helper holds them by
 * descriptor before removing their names, asks now and then whether any socket is still open in
 * them, and counts them against its lab limits until none is; then it lets go and the kernel frees
 * them.
 *
 * Holding the descriptors keeps the namespaces alive too: destroy the value (or release()) once
 * openSockets() is 0.
 */
class LabRemains
{
public:
    /** Holds the namespaces @p names of /run/netns (call before their names are removed); those missing are skipped. */
    static LabRemains hold(const QStringList &names);
    LabRemains() = default;
    LabRemains(LabRemains &&other) noexcept;
    LabRemains &operator=(LabRemains &&other) noexcept;
    LabRemains(const LabRemains &) = delete;
    LabRemains &operator=(const LabRemains &) = delete;
    ~LabRemains();

    /**
     * Sockets a process holds in the namespaces (those /proc/net lists with an inode: the
     * kernel's own sockets and closing TCP connections have none, and keep nothing alive for
     * long); -1 with @p error when a namespace cannot be looked into.
     */
    int openSockets(QString *error) const;
    /** Lets go of the namespaces: the kernel frees them once nothing else holds them. */
    void release();
    bool isEmpty() const { return m_fds.empty(); }

private:
    std::vector<int> m_fds;
};

} // namespace qs
