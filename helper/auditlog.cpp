#include "auditlog.h"

#include "log/logging.h"

namespace qs {

namespace {
// An audit line stays readable: a 10 000-class apply is summarised, not listed.
constexpr int ChangesListed = 12;

QString quoted(QString text)
{
    text.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\"")).replace(u'\n', QStringLiteral("\\n"));
    return u'"' + text + u'"';
}
} // namespace

std::shared_ptr<spdlog::logger> helperLog()
{
    static const std::shared_ptr<spdlog::logger> logger = log::get("helper");
    return logger;
}

void audit(const Caller &caller, const QString &action, const QString &target, const QString &transaction,
           const QString &result, const QStringList &changes)
{
    QStringList listed = changes.mid(0, ChangesListed);
    if (changes.size() > ChangesListed)
        listed.append(QStringLiteral("… %1 more").arg(changes.size() - ChangesListed));
    QString line = QStringLiteral("audit uid=%1 pid=%2 sender=%3 action=%4 target=%5")
                       .arg(caller.uid)
                       .arg(caller.pid)
                       .arg(caller.busName.isEmpty() ? QStringLiteral("-") : caller.busName, action, quoted(target));
    if (!transaction.isEmpty())
        line += QStringLiteral(" tx=") + transaction;
    line += QStringLiteral(" result=") + quoted(result);
    if (!listed.isEmpty())
        line += QStringLiteral(" changes=") + quoted(listed.join(QStringLiteral("; ")));
    helperLog()->info("{}", line.toStdString());
}

} // namespace qs
