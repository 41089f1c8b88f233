#include "backendlog.h"

#include "log/logging.h"
#include "targetbackend.h"

namespace qs {

namespace {
std::string text(const QString &s)
{
    return s.toStdString();
}
} // namespace

void logBackendActivity(TargetBackend &backend)
{
    auto log = log::get("window");
    log->info("backend: {}", text(backend.describe()));
    QObject::connect(&backend, &TargetBackend::targetsListed, &backend, [log](const QList<TargetInfo> &targets, const QString &error) {
        if (error.isEmpty())
            log->debug("{} target(s) listed", targets.size());
        else
            log->warn("listing targets: {}", text(error));
    });
    QObject::connect(&backend, &TargetBackend::availabilityChanged, &backend, [log](bool available, const QString &description) {
        if (available)
            log->info("backend: {}", text(description));
        else
            log->warn("backend unavailable: {}", text(description));
    });
    QObject::connect(&backend, &TargetBackend::applied, &backend, [log](const QString &target, const BackendApplyResult &result) {
        if (result.ok)
            log->info("apply target={} tx={}: {} change(s) in {} µs{}{}", text(target), text(result.transaction), result.plan.size(),
                      result.latencyUs, result.plan.isEmpty() ? "" : ": ", text(result.plan.join(QStringLiteral("; "))));
        else
            log->warn("apply target={}: refused: {}", text(target), text(result.error));
    });
    QObject::connect(&backend, &TargetBackend::confirmed, &backend, [log](const QString &transaction, bool ok, const QString &error) {
        if (ok)
            log->info("confirm tx={}: kept", text(transaction));
        else
            log->warn("confirm tx={}: {}", text(transaction), text(error));
    });
    QObject::connect(&backend, &TargetBackend::restored, &backend, [log](const QString &target, const BackendApplyResult &result) {
        if (result.ok)
            log->info("restore target={}: the snapshot is back", text(target));
        else
            log->warn("restore target={}: {}", text(target), text(result.error));
    });
    QObject::connect(&backend, &TargetBackend::reverted, &backend, [log](const QString &target, const QString &reason) {
        log->info("reverted target={} ({})", text(target), text(reason));
    });
    QObject::connect(&backend, &TargetBackend::treeRead, &backend,
                     [log](const QString &target, const std::optional<QdiscTree> &tree, const QString &error) {
                         if (tree)
                             log->debug("read target={}: {} qdisc(s){}{}", text(target), tree->qdiscs.size(), error.isEmpty() ? "" : "; ",
                                        text(error));
                         else
                             log->warn("read target={}: {}", text(target), text(error));
                     });
    QObject::connect(&backend, &TargetBackend::treeChanged, &backend,
                     [log](const QString &target) { log->debug("target={} changed in the kernel", text(target)); });
}

} // namespace qs
