#include "safetynet.h"

#include "log/logging.h"

#include <QDateTime>
#include <QDir>

#include <unistd.h>

namespace qs {

namespace {
auto safetyLog()
{
    return log::get("safety");
}
} // namespace

QString SafetyNet::defaultStateDirectory()
{
    if (::geteuid() == 0)
        return systemStateDirectory();
    // Not the helper's: a user's in-process snapshots are theirs (tests, a user's own namespaces).
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    const QString base = runtime.isEmpty() ? QDir::tempPath() + QStringLiteral("/qdisc-studio-%1").arg(::geteuid())
                                           : QString::fromLocal8Bit(runtime) + QStringLiteral("/qdisc-studio");
    return base;
}

SafetyNet::SafetyNet(const QString &stateDirectory, QObject *parent)
    : QObject(parent), m_snapshots(stateDirectory + QStringLiteral("/snapshots"))
{
    connect(&m_reverts, &RevertBook::timedOut, this, [this](const QString &target, const QdiscTree &before, const QString &transaction) {
        revertTo(target, before, RevertReason::Timeout, Caller{QStringLiteral("auto-revert")}, transaction);
    });
}

SafetyNet::~SafetyNet() = default;

QStringList SafetyNet::changesOf(const ApplyResult &result)
{
    QStringList changes;
    for (int i = 0; i < result.done && i < result.plan.size(); ++i)
        changes.append(result.plan[i].describe());
    return changes;
}

TcEngine *SafetyNet::openForChange(const Caller &caller, const QString &action, const QString &target, bool createIfb,
                                   std::optional<QdiscTree> *current, SafetyOutcome *outcome, TargetEngines::DeviceCheck check)
{
    QString error;
    TcEngine *engine = nullptr;
    if (!createIfb || TcEngine::ensureIfb(target, &error))
        engine = m_engines.engineFor(target, &error, check);
    if (!engine) {
        Q_EMIT audited(caller, action, target, {}, QStringLiteral("no such target: ") + error, {});
        *outcome = SafetyOutcome::refused(SafetyOutcome::Refusal::NoSuchTarget, error);
        return nullptr;
    }
    const TargetIdentity identity = m_engines.identityOf(target);
    // Known to match, and still on disk: another road (`restore --direct`) may have removed it.
    if (m_snapshotOf.value(target) == identity && m_snapshots.exists(target))
        return engine;
    QString findError;
    const auto existing = m_snapshots.find(target, &findError);
    if (!findError.isEmpty())
        safetyLog()->warn("{}; taking a new snapshot", findError.toStdString());
    if (!existing || !(existing->identity == identity)) {
        *current = engine->read(&error);
        if (!*current) {
            *outcome = SafetyOutcome::refused(SafetyOutcome::Refusal::Failed,
                        QStringLiteral("cannot read the tree of %1 to snapshot it: %2; nothing changed").arg(target, error));
            return nullptr;
        }
        if (!m_snapshots.save(target, Snapshot{**current, identity, QDateTime::currentDateTimeUtc()}, &error)) {
            *outcome = SafetyOutcome::refused(SafetyOutcome::Refusal::Failed, error + QStringLiteral("; nothing changed"));
            return nullptr;
        }
        safetyLog()->info("snapshot of {} taken before its first change", target.toStdString());
    }
    m_snapshotOf.insert(target, identity);
    return engine;
}

bool SafetyNet::account(const Caller &caller, const QString &action, const QString &target, const ApplyResult &result,
                        const QString &transaction, SafetyOutcome *outcome)
{
    outcome->result = result;
    if (result.ok) {
        Q_EMIT audited(caller, action, target, transaction, QStringLiteral("ok"), changesOf(result));
        if (!result.plan.isEmpty())
            Q_EMIT kernelChanged(target);
        return true;
    }
    if (result.foreignRefused) { // issue 15, finding 2: a client's raw options never reach the kernel
        Q_EMIT audited(caller, action, target, transaction, QStringLiteral("refused: ") + result.error, {});
        outcome->refusal = SafetyOutcome::Refusal::InvalidTree;
        outcome->error = result.error;
        return false;
    }
    QString text = QStringLiteral("The kernel refused: %1").arg(result.error);
    if (result.done > 0)
        text += result.restored ? QStringLiteral(". %1 was put back as it was.").arg(target)
                                : QStringLiteral(". Putting %1 back failed: %2").arg(target, result.restoreError);
    else
        text += QStringLiteral(". Nothing was changed.");
    Q_EMIT audited(caller, action, target, transaction, QStringLiteral("kernel refused: ") + result.error, changesOf(result));
    Q_EMIT kernelChanged(target);
    outcome->refusal = SafetyOutcome::Refusal::KernelRefused;
    outcome->error = text;
    return false;
}

SafetyOutcome SafetyNet::change(const Caller &caller, const QString &action, const QString &target, bool createIfb, const ChangeGuards &guards,
                                const HeldBefore &heldBefore, const Change &change, QString *report)
{
    SafetyOutcome outcome;
    std::optional<QdiscTree> before;
    std::optional<ApplyResult> result;
    QString written;
    // A cached engine checks its device at most once a second (a drag must not pay for it): when
    // a change fails before doing anything on a device made again since, it is tried once more
    // on the new device, which gets a snapshot of its own.
    for (int attempt = 0; attempt < 2; ++attempt) {
        before.reset();
        TcEngine *engine = openForChange(caller, action, target, createIfb, &before, &outcome);
        if (!engine)
            return outcome;
        const bool needBefore = (guards.revertAfter && !m_reverts.hasPendingTimeout(target)) ||
                                (guards.revertOnExit && !m_reverts.hasExitRevert(caller.busName, target));
        QString error;
        if (needBefore && !before && !(before = heldBefore ? heldBefore(*engine, &error) : engine->read(&error)))
            return SafetyOutcome::refused(SafetyOutcome::Refusal::Failed,
                                          QStringLiteral("cannot read the tree of %1 to be able to revert: %2; nothing changed").arg(target, error));
        written.clear();
        result = change(*engine, &written);
        if (!result)
            return SafetyOutcome::refused(SafetyOutcome::Refusal::Declined, {});
        if (result->ok || result->done > 0 || result->foreignRefused || !m_engines.dropIfStale(target))
            break;
        m_snapshotOf.remove(target);
    }
    // The change replaces what a scenario would apply next; one refused unsent replaces nothing.
    if (m_beforeChange && !result->foreignRefused)
        m_beforeChange(target, action, caller);
    const QString transaction = RevertBook::newTransaction();
    if (!account(caller, action, target, *result, transaction, &outcome))
        return outcome;
    // `before` was read only when a promise needs it; an existing promise keeps its own tree.
    if (guards.revertAfter)
        m_reverts.armTimeout(target, transaction, before.value_or(QdiscTree()), guards.revertAfter);
    if (guards.revertOnExit)
        m_reverts.rememberForExit(caller.busName, target, before.value_or(QdiscTree()));
    outcome.transaction = transaction;
    if (report)
        *report = written;
    return outcome;
}

SafetyOutcome SafetyNet::apply(const Caller &caller, const QString &target, const QdiscTree &tree, const ChangeGuards &guards)
{
    // A caller's document: its foreign nodes are kept only where the kernel holds them (issue 15, finding 2).
    return change(caller, QStringLiteral("apply"), target, tree.isIfb, guards, {},
                  [&tree](TcEngine &engine, QString *) { return engine.apply(tree, TcEngine::ForeignNodes::KeepOnly); });
}

SafetyOutcome SafetyNet::clear(const Caller &caller, const QString &target)
{
    return change(caller, QStringLiteral("clear"), target, false, {}, {}, [](TcEngine &engine, QString *) { return engine.clear(); });
}

namespace {

/** "id 0bb6fbeb0ff3, started 2026-12-06T01:37:41Z" from NetworkNamespace::instance()'s "ID@STARTED". */
QString describeInstance(const QString &instance)
{
    const qsizetype at = instance.indexOf(u'@');
    if (instance.isEmpty() || at < 0)
        return QStringLiteral("unknown");
    return QStringLiteral("id %1, started %2").arg(instance.left(qMin<qsizetype>(at, 12)), instance.mid(at + 1));
}

} // namespace

void SafetyNet::forgetSnapshot(const QString &target)
{
    m_snapshots.remove(target);
    m_snapshotOf.remove(target);
}

SafetyOutcome SafetyNet::restore(const Caller &caller, const QString &target)
{
    const QString action = QStringLiteral("restore");
    QString error;
    const auto snapshot = m_snapshots.find(target, &error);
    if (!snapshot)
        return SafetyOutcome::refused(SafetyOutcome::Refusal::NoSnapshot,
                error.isEmpty() ? QStringLiteral("nothing to restore: Qdisc Studio has not changed %1 since it was last restored").arg(target)
                                : error);
    TcEngine *engine = m_engines.engineFor(target, &error, TargetEngines::DeviceCheck::Now);
    if (!engine)
        return SafetyOutcome::refused(SafetyOutcome::Refusal::NoSuchTarget, error);
    const TargetIdentity now = m_engines.identityOf(target);
    if (!(now == snapshot->identity)) {
        forgetSnapshot(target);
        Q_EMIT audited(caller, action, target, {}, QStringLiteral("refused: the snapshot is of another device"), {});
        if (!snapshot->identity.containerInstance.isEmpty() && snapshot->identity.containerInstance != now.containerInstance)
            return SafetyOutcome::refused(SafetyOutcome::Refusal::NoSnapshot,
                    QStringLiteral("the snapshot of %1 belongs to the previous instance of its container (%2); this one (%3) "
                                   "started afresh: the snapshot was discarded and nothing was changed")
                        .arg(target, describeInstance(snapshot->identity.containerInstance), describeInstance(now.containerInstance)));
        return SafetyOutcome::refused(SafetyOutcome::Refusal::NoSnapshot,
                QStringLiteral("the snapshot of %1 was taken of a device that no longer exists (the namespace or interface "
                               "was created again); it was discarded and nothing was changed")
                    .arg(target));
    }
    if (m_beforeChange)
        m_beforeChange(target, action, caller);
    SafetyOutcome outcome;
    if (!account(caller, action, target, engine->apply(snapshot->tree), {}, &outcome))
        return outcome;
    forgetSnapshot(target);
    m_reverts.forgetTarget(target);
    Q_EMIT reverted(target, RevertReason::Restore, caller.busName);
    return outcome;
}

SafetyOutcome SafetyNet::confirm(const Caller &caller, const QString &transaction)
{
    SafetyOutcome outcome;
    if (!m_reverts.confirm(transaction, &outcome.target))
        return SafetyOutcome::refused(SafetyOutcome::Refusal::NoSuchTransaction,
                QStringLiteral("transaction \"%1\" has nothing waiting for confirmation: it was confirmed, reverted, or "
                               "applied without revertAfterSeconds")
                    .arg(transaction.left(64)));
    Q_EMIT audited(caller, QStringLiteral("confirm"), outcome.target, transaction, QStringLiteral("ok"), {});
    return outcome;
}

bool SafetyNet::revertTo(const QString &target, const QdiscTree &tree, QLatin1String reason, const Caller &caller, const QString &transaction)
{
    const QString action = QStringLiteral("revert(") + reason + u')';
    // The revert replaces whatever a scenario would apply next; promises it waited for are moot.
    if (m_beforeChange)
        m_beforeChange(target, QStringLiteral("revert-") + reason, caller);
    QString error;
    TcEngine *engine = m_engines.engineFor(target, &error);
    if (!engine) {
        Q_EMIT audited(caller, action, target, transaction, QStringLiteral("failed: ") + error, {});
        return false;
    }
    const ApplyResult result = engine->apply(tree);
    Q_EMIT audited(caller, action, target, transaction, result.ok ? QStringLiteral("ok") : QStringLiteral("failed: ") + result.error,
                   changesOf(result));
    Q_EMIT kernelChanged(target);
    if (!result.ok)
        return false;
    // What other promises about this target meant to undo is undone: keeping them would let a
    // later timeout wipe a change made after this revert.
    m_reverts.forgetTarget(target);
    Q_EMIT reverted(target, reason, {});
    return true;
}

bool SafetyNet::liesIn(const QString &target, const QStringList &namespaces)
{
    QString netns;
    QString device;
    return QdiscTree::splitTarget(target, &netns, &device) && !netns.isEmpty() && namespaces.contains(netns);
}

void SafetyNet::forgetNamespaces(const QStringList &namespaces)
{
    const auto inside = [&](const QString &target) { return liesIn(target, namespaces); };
    for (const QString &target : m_reverts.targets())
        if (inside(target))
            m_reverts.forgetTarget(target);
    for (const QString &target : m_snapshots.targets())
        if (inside(target))
            forgetSnapshot(target);
    for (auto it = m_snapshotOf.begin(); it != m_snapshotOf.end();)
        it = inside(it.key()) ? m_snapshotOf.erase(it) : std::next(it);
    m_engines.closeIn(namespaces);
}

} // namespace qs
