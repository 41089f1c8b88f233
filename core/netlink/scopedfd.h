#pragma once

#include <utility>

#include <unistd.h>

namespace qs {

/** A file descriptor closed when it goes out of scope. */
class ScopedFd
{
public:
    explicit ScopedFd(int fd = -1) : m_fd(fd) {}
    ~ScopedFd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    ScopedFd(const ScopedFd &) = delete;
    ScopedFd &operator=(const ScopedFd &) = delete;
    int get() const { return m_fd; }
    int release() { return std::exchange(m_fd, -1); }

private:
    int m_fd;
};

} // namespace qs
