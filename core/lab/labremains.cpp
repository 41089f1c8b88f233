#include "labremains.h"

#include "lab/labsockets.h"
#include "log/errnotext.h"
#include "netlink/links.h"

#include <QFile>
#include <QScopeGuard>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace qs {

namespace {

/** Interface 1 of every namespace: the loopback, made with the namespace and gone with it. */
const QString remainsLoopback = QStringLiteral("lo");

} // namespace

bool LabRemains::mark(const QStringList &names, const QString &token, LabRemains *remains, QString *error)
{
    const auto own = NetlinkSocket::open(QString(), error);
    if (!own)
        return false;
    for (const QString &name : names) {
        Mark mark;
        mark.alias = QStringLiteral("%1 %2").arg(token, name).toUtf8().left(Links::maxAliasBytes);
        // The alias, set from inside: a socket made in the namespace.
        const auto inside = openRouteSocketIn(name, error);
        if (!inside)
            return false;
        if (const auto failure = Links(*inside).setAlias(remainsLoopback, QString::fromUtf8(mark.alias))) {
            *error = QStringLiteral("cannot mark network namespace \"%1\": %2").arg(name, failure->toString());
            return false;
        }
        // The id, in the caller's namespace (one it had already stays).
        const int nsfd = ::open(QFile::encodeName(QStringLiteral("/run/netns/") + name).constData(), O_RDONLY | O_CLOEXEC);
        if (nsfd < 0) {
            *error = QStringLiteral("cannot open network namespace \"%1\": %2").arg(name, errnoText(errno));
            return false;
        }
        const auto closeNamespace = qScopeGuard([nsfd] { ::close(nsfd); });
        KernelError failure;
        const std::optional<int> id = Links(*own).assignNamespaceId(nsfd, &failure);
        if (!id) {
            *error = QStringLiteral("cannot give network namespace \"%1\" an id: %2")
                         .arg(name, failure.code ? failure.toString() : QStringLiteral("no id in the answer"));
            return false;
        }
        mark.nsid = *id;
        remains->m_marks.push_back(mark);
    }
    return true;
}

int LabRemains::alive() const
{
    QString error;
    const auto own = NetlinkSocket::open(QString(), &error);
    if (!own)
        return 0;
    Links links(*own);
    int living = 0;
    for (const Mark &mark : m_marks) {
        // The kernel finds a namespace by id only while something holds it; an id it reused
        // for another namespace shows another loopback alias.
        const std::optional<Link> loopback = links.findInNamespace(mark.nsid, remainsLoopback);
        living += loopback && loopback->alias.toUtf8() == mark.alias ? 1 : 0;
    }
    return living;
}

} // namespace qs
