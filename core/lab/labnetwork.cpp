#include "labnetwork.h"
#include "log/errnotext.h"

#include "lab/labsockets.h"
#include "log/logging.h"
#include "netlink/links.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace qs {

namespace {

constexpr char runDir[] = "/run/netns";


QByteArray namespacePath(const QString &name)
{
    return QByteArray(runDir) + '/' + QFile::encodeName(name);
}

/** A file descriptor closed when it goes out of scope. */
class Fd
{
public:
    explicit Fd(int fd) : m_fd(fd) {}
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

/**
 * /run/netns exists and is a shared mount point, as iproute2's netns_add() leaves it: a namespace
 * bind-mounted here then propagates to (and, when unmounted, disappears from) every mount
 * namespace that shares it, so deleting a lab really frees it even if some service runs in a
 * private mount namespace. The flock serialises this with `ip netns add` running concurrently
 * (recursive bind mounts raced at boot once: Debian bug 949235).
 */
bool prepareRunDir(QString *error)
{
    if (::mkdir(runDir, S_IRWXU | S_IRGRP | S_IXGRP | S_IROTH | S_IXOTH) != 0 && errno != EEXIST) {
        *error =
            LabNetwork::tr("cannot create %1: %2").arg(QLatin1String(runDir), errnoText(errno));
        return false;
    }
    const Fd lock(::open(runDir, O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (lock.get() < 0) {
        *error = LabNetwork::tr("cannot open %1: %2").arg(QLatin1String(runDir), errnoText(errno));
        return false;
    }
    ::flock(lock.get(), LOCK_EX); // best effort, like iproute2: go on without the lock
    bool madeMountPoint = false;
    while (::mount("", runDir, "none", MS_SHARED | MS_REC, nullptr) != 0) {
        // EINVAL: not a mount point yet. Make it one (once), then private and shared again so
        // that it lands in a peer group of its own.
        if (errno != EINVAL || madeMountPoint) {
            *error =
                errno == EPERM
                    ? LabNetwork::tr(
                          "creating the demo lab needs root (cannot make %1 a shared mount: %2)")
                          .arg(QLatin1String(runDir), errnoText(errno))
                    : LabNetwork::tr("cannot make %1 a shared mount: %2")
                          .arg(QLatin1String(runDir), errnoText(errno));
            return false;
        }
        if (::mount(runDir, runDir, "none", MS_BIND | MS_REC, nullptr) != 0 ||
            ::mount(runDir, runDir, "none", MS_PRIVATE | MS_REC, nullptr) != 0) {
            *error = LabNetwork::tr("cannot make %1 a mount point: %2")
                         .arg(QLatin1String(runDir), errnoText(errno));
            return false;
        }
        madeMountPoint = true;
    }
    return true;
}

/** Best effort: a lab without IPv6 sends no router solicitations or DAD, so counters show only our
 * traffic. */
void disableIpv6InCurrentNamespace()
{
    for (const char *path : {"/proc/sys/net/ipv6/conf/all/disable_ipv6",
                             "/proc/sys/net/ipv6/conf/default/disable_ipv6"}) {
        const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            continue; // a kernel without IPv6
        [[maybe_unused]] const ssize_t written = ::write(fd, "1", 1);
        ::close(fd);
    }
}

/**
 * A new network namespace bound to /run/netns/@p name. unshare() moves only the calling thread,
 * so a thread made for the purpose unshares and bind-mounts its own namespace file; the
 * namespace then lives on through the mount after the thread has ended, and no other thread of
 * the process ever changes namespace.
 */
bool createNamespace(const QString &name, QString *error)
{
    const QByteArray path = namespacePath(name);
    const int file = ::open(path.constData(), O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0);
    if (file < 0) {
        *error = errno == EEXIST
                     ? LabNetwork::tr(
                           "network namespace \"%1\" already exists (a lab with this id is running "
                           "or was left over: remove it first)")
                           .arg(name)
                     : LabNetwork::tr("cannot create %1: %2")
                           .arg(QFile::decodeName(path), errnoText(errno));
        return false;
    }
    ::close(file);

    enum class Failed { Nothing, Unshare, Mount } failed = Failed::Nothing;
    int code = 0;
    const auto work = [&] {
        if (::unshare(CLONE_NEWNET) != 0) {
            failed = Failed::Unshare;
            code = errno;
            return;
        }
        disableIpv6InCurrentNamespace();
        const QByteArray own = "/proc/self/task/" + QByteArray::number(::gettid()) + "/ns/net";
        if (::mount(own.constData(), path.constData(), "none", MS_BIND, nullptr) != 0) {
            failed = Failed::Mount;
            code = errno;
        }
    };
    try {
        std::thread(work).join();
    } catch (const std::system_error &e) {
        failed = Failed::Unshare;
        code = e.code().value();
    }
    if (failed == Failed::Nothing)
        return true;
    ::unlink(path.constData());
    *error = failed == Failed::Unshare
                 ? LabNetwork::tr("cannot create network namespace \"%1\": %2")
                       .arg(name, errnoText(code))
                 : LabNetwork::tr("cannot bind network namespace \"%1\" to %2: %3")
                       .arg(name, QFile::decodeName(path), errnoText(code));
    return false;
}

/** What `ip netns del` does: lazy unmount (the namespace dies with its last user), then unlink. */
bool deleteNamespace(const QString &name, QString *error)
{
    const QByteArray path = namespacePath(name);
    // EINVAL: a bare file of a half-made namespace (nothing mounted): unlink it all the same.
    // ENOENT: already gone.
    if (::umount2(path.constData(), MNT_DETACH) != 0 && errno != EINVAL && errno != ENOENT) {
        *error = LabNetwork::tr("cannot remove network namespace \"%1\": %2")
                     .arg(name, errnoText(errno));
        return false;
    }
    if (::unlink(path.constData()) != 0 && errno != ENOENT) {
        *error = LabNetwork::tr("cannot remove network namespace \"%1\": %2")
                     .arg(name, errnoText(errno));
        return false;
    }
    return true;
}

/** Links, addresses, `up`: everything inside the two fresh namespaces. */
bool configure(const LabNetwork &lab, QString *error)
{
    const auto a = openRouteSocketIn(lab.namespaceA(), error);
    const auto b = a ? openRouteSocketIn(lab.namespaceB(), error) : nullptr;
    if (!b)
        return false;
    Links linksA(*a);
    Links linksB(*b);
    const auto failed = [&](const QString &step, const KernelError &e) {
        *error = LabNetwork::tr("cannot %1: %2").arg(step, e.toString());
        return false;
    };
    if (auto e = linksA.setUp(QStringLiteral("lo")))
        return failed(LabNetwork::tr("bring up lo in %1").arg(lab.namespaceA()), *e);
    if (auto e = linksB.setUp(QStringLiteral("lo")))
        return failed(LabNetwork::tr("bring up lo in %1").arg(lab.namespaceB()), *e);
    {
        const Fd namespaceB(
            ::open(namespacePath(lab.namespaceB()).constData(), O_RDONLY | O_CLOEXEC));
        if (namespaceB.get() < 0) {
            *error = LabNetwork::tr("cannot open network namespace \"%1\": %2")
                         .arg(lab.namespaceB(), errnoText(errno));
            return false;
        }
        if (auto e = linksA.addVethPair({LabNetwork::deviceA()},
                                        {LabNetwork::deviceB(), namespaceB.get()}))
            return failed(LabNetwork::tr("create the veth pair %1 ↔ %2")
                              .arg(LabNetwork::deviceA(), LabNetwork::deviceB()),
                          *e);
    }
    // Both ends with gso_max_segs 1: TCP then hands the link real frames, not 64 KiB
    // super-packets. Otherwise netem would drop or delay dozens of segments as one (5 % loss would
    // behave as bursts), and the receiving end's byte counter would miss the headers of all but the
    // first segment, while tbf and htb count them all. Set while the ends are down, before any
    // socket of the lab has asked the route for its limits.
    if (auto e = linksA.setGsoMaxSegments(LabNetwork::deviceA(), 1))
        return failed(LabNetwork::tr("set gso_max_segs 1 on %1").arg(LabNetwork::deviceA()), *e);
    if (auto e = linksB.setGsoMaxSegments(LabNetwork::deviceB(), 1))
        return failed(LabNetwork::tr("set gso_max_segs 1 on %1").arg(LabNetwork::deviceB()), *e);
    if (auto e =
            linksA.addAddress(LabNetwork::deviceA(), LabNetwork::addressA(), LabNetwork::prefixLength))
        return failed(LabNetwork::tr("add address %1/%2 to %3")
                          .arg(LabNetwork::addressA())
                          .arg(LabNetwork::prefixLength)
                          .arg(LabNetwork::deviceA()),
                      *e);
    if (auto e =
            linksB.addAddress(LabNetwork::deviceB(), LabNetwork::addressB(), LabNetwork::prefixLength))
        return failed(LabNetwork::tr("add address %1/%2 to %3")
                          .arg(LabNetwork::addressB())
                          .arg(LabNetwork::prefixLength)
                          .arg(LabNetwork::deviceB()),
                      *e);
    if (auto e = linksA.setUp(LabNetwork::deviceA()))
        return failed(LabNetwork::tr("bring up %1").arg(LabNetwork::deviceA()), *e);
    if (auto e = linksB.setUp(LabNetwork::deviceB()))
        return failed(LabNetwork::tr("bring up %1").arg(LabNetwork::deviceB()), *e);
    return true;
}

} // namespace

bool LabNetwork::isValidId(const QString &id)
{
    if (id.isEmpty() || id.size() > 12)
        return false;
    return std::all_of(id.cbegin(), id.cend(), [](QChar c) {
        return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
    });
}

QString LabNetwork::namespacePrefix()
{
    return QStringLiteral("qs-lab-");
}

QString LabNetwork::appLockDirectory()
{
    return QStringLiteral("/run/qdisc-studio-labs");
}

bool LabNetwork::isHeldByAnApp(const QString &id)
{
    if (!isValidId(id))
        return false;
    const QByteArray path = QFile::encodeName(appLockDirectory() + u'/' + id + QStringLiteral(".lock"));
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return false;
    // A shared lock is refused while the owner (or its guard) holds its exclusive one.
    const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    ::close(fd);
    return held;
}

QString LabNetwork::namespaceA() const
{
    return namespacePrefix() + m_id + QStringLiteral("-a");
}

QString LabNetwork::namespaceB() const
{
    return namespacePrefix() + m_id + QStringLiteral("-b");
}

QString LabNetwork::target() const
{
    return namespaceA() + u'/' + deviceA();
}

std::optional<LabNetwork> LabNetwork::create(const QString &id, QString *error)
{
    if (!isValidId(id)) {
        *error = tr("\"%1\" is not a valid lab id: use 1 to 12 characters a-z and 0-9").arg(id);
        return std::nullopt;
    }
    LabNetwork lab(id);
    QString reason;
    if (!prepareRunDir(&reason)) {
        *error = tr("Cannot create the demo lab \"%1\": %2.").arg(id, reason);
        return std::nullopt;
    }
    QStringList created;
    bool ok = true;
    for (const QString &name : {lab.namespaceA(), lab.namespaceB()}) {
        if (!createNamespace(name, &reason)) {
            ok = false;
            break;
        }
        created.append(name);
    }
    ok = ok && configure(lab, &reason);
    if (!ok) {
        // Only what this call created: a namespace that already existed belongs to another lab.
        QString cleanupError;
        if (!removeNamespaces(created, &cleanupError))
            reason += tr("; removing the half-built lab failed too: %1").arg(cleanupError);
        *error = tr("Cannot create the demo lab \"%1\": %2.").arg(id, reason);
        log::get("lab")->warn("{}", error->toStdString());
        return std::nullopt;
    }
    log::get("lab")->info("demo lab {} created: {} ({}/{}) <-> {} ({}/{})", id.toStdString(),
                          lab.namespaceA().toStdString(), deviceA().toStdString(),
                          addressA().toStdString(), lab.namespaceB().toStdString(),
                          deviceB().toStdString(), addressB().toStdString());
    return lab;
}

bool LabNetwork::remove(QString *error)
{
    const bool ok = removeNamespaces({namespaceA(), namespaceB()}, error);
    if (ok)
        log::get("lab")->info("demo lab {} removed", m_id.toStdString());
    return ok;
}

QStringList LabNetwork::leftovers()
{
    QStringList names;
    DIR *dir = ::opendir(runDir);
    if (!dir)
        return names;
    const QByteArray prefix = namespacePrefix().toLatin1();
    while (const dirent *entry = ::readdir(dir)) {
        if (std::strncmp(entry->d_name, prefix.constData(), size_t(prefix.size())) == 0)
            names.append(QFile::decodeName(entry->d_name));
    }
    ::closedir(dir);
    names.sort();
    return names;
}

bool LabNetwork::removeNamespaces(const QStringList &names, QString *error)
{
    QStringList problems;
    for (const QString &name : names) {
        if (!name.startsWith(namespacePrefix()) || name.contains(u'/') ||
            name.size() <= namespacePrefix().size()) {
            problems.append(tr("refusing to remove \"%1\": not a demo lab namespace (%2…)")
                                .arg(name, namespacePrefix()));
            continue;
        }
        QString problem;
        if (!deleteNamespace(name, &problem))
            problems.append(problem);
    }
    if (problems.isEmpty())
        return true;
    *error = problems.join(QStringLiteral("; "));
    return false;
}

} // namespace qs
