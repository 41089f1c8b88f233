#include "directbackend.h"

#include <QElapsedTimer>

namespace qs {

DirectBackend::DirectBackend(QObject *parent) : TargetBackend(parent) {}

DirectBackend::~DirectBackend()
{
    // The window goes away: what it asked to be reverted on exit comes back now.
    QString error;
    for (auto it = m_exitReverts.cbegin(); it != m_exitReverts.cend(); ++it)
        putBack(it.key(), it.value(), &error);
    for (auto &[target, pending] : m_timeouts)
        if (!m_exitReverts.contains(target))
            putBack(target, pending.before, &error);
}

QString DirectBackend::describe() const
{
    return tr("in-process engine (root, no helper)");
}

void DirectBackend::later(std::function<void()> emitter)
{
    QMetaObject::invokeMethod(this, std::move(emitter), Qt::QueuedConnection);
}

TcEngine *DirectBackend::engineFor(const QString &target, QString *error)
{
    auto it = m_engines.find(target);
    if (it == m_engines.end()) {
        auto engine = TcEngine::open(target, error);
        if (!engine)
            return nullptr;
        it = m_engines.emplace(target, std::move(engine)).first;
    }
    return it->second.get();
}

bool DirectBackend::putBack(const QString &target, const QdiscTree &tree, QString *error)
{
    TcEngine *engine = engineFor(target, error);
    if (!engine)
        return false;
    const ApplyResult result = engine->apply(tree);
    if (!result.ok)
        *error = result.error;
    return result.ok;
}

void DirectBackend::listTargets()
{
    QString error;
    const QList<TargetInfo> targets = qs::listTargets(&error);
    later([this, targets, error] { Q_EMIT targetsListed(targets, error); });
}

void DirectBackend::readTree(const QString &target)
{
    QString error;
    TcEngine *engine = engineFor(target, &error);
    std::optional<QdiscTree> tree = engine ? engine->read(&error) : std::nullopt;
    later([this, target, tree, error] { Q_EMIT treeRead(target, tree, error); });
}

void DirectBackend::apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options)
{
    QElapsedTimer clock;
    clock.start();
    BackendApplyResult result;
    TcEngine *engine = engineFor(target, &result.error);
    std::optional<QdiscTree> before;
    if (engine && (!m_snapshots.contains(target) || (options.revertOnExit && !m_exitReverts.contains(target)) ||
                   (options.revertAfterSeconds && m_timeouts.find(target) == m_timeouts.end())))
        before = engine->read(&result.error);
    if (engine && (before || result.error.isEmpty())) {
        if (before && !m_snapshots.contains(target))
            m_snapshots.insert(target, *before);
        QdiscTree desired = tree;
        QdiscTree::splitTarget(target, &desired.netns, &desired.device);
        const ApplyResult applied = engine->apply(desired);
        result.ok = applied.ok;
        result.error = applied.ok ? QString() : applied.error;
        for (const TcOperation &op : applied.plan)
            result.plan.append(op.describe());
    }
    if (result.ok) {
        result.transaction = QStringLiteral("local-%1").arg(m_nextTransaction++);
        if (options.revertOnExit && !m_exitReverts.contains(target))
            m_exitReverts.insert(target, *before);
        if (options.revertAfterSeconds) {
            auto [it, first] = m_timeouts.try_emplace(target);
            if (first) {
                it->second.before = *before;
                it->second.timer = std::make_unique<QTimer>();
                it->second.timer->setSingleShot(true);
                connect(it->second.timer.get(), &QTimer::timeout, this, [this, target] {
                    auto found = m_timeouts.find(target);
                    const QdiscTree back = found->second.before;
                    found->second.timer.release()->deleteLater();
                    m_timeouts.erase(found);
                    QString error;
                    if (putBack(target, back, &error))
                        Q_EMIT reverted(target, QStringLiteral("timeout"));
                });
            }
            it->second.transaction = result.transaction;
            it->second.timer->start(std::chrono::seconds(options.revertAfterSeconds));
        }
    }
    result.latencyUs = clock.nsecsElapsed() / 1000;
    later([this, target, result] {
        Q_EMIT applied(target, result);
        if (!result.plan.isEmpty())
            Q_EMIT treeChanged(target);
    });
}

void DirectBackend::confirm(const QString &transaction)
{
    for (auto it = m_timeouts.begin(); it != m_timeouts.end(); ++it) {
        if (it->second.transaction == transaction) {
            m_timeouts.erase(it);
            later([this, transaction] { Q_EMIT confirmed(transaction, true, {}); });
            return;
        }
    }
    later([this, transaction] { Q_EMIT confirmed(transaction, false, tr("nothing waits for confirmation")); });
}

void DirectBackend::restore(const QString &target)
{
    QString error;
    const auto snapshot = m_snapshots.constFind(target);
    const bool ok = snapshot != m_snapshots.cend() && putBack(target, *snapshot, &error);
    if (snapshot == m_snapshots.cend())
        error = tr("nothing to restore: %1 has not been changed").arg(target);
    if (ok) {
        m_snapshots.remove(target);
        m_exitReverts.remove(target);
        m_timeouts.erase(target);
    }
    later([this, target, ok, error] {
        Q_EMIT restored(target, ok, error);
        if (ok) {
            Q_EMIT reverted(target, QStringLiteral("restore"));
            Q_EMIT treeChanged(target);
        }
    });
}

void DirectBackend::watch(const QString &target)
{
    Q_UNUSED(target) // changes made here are signalled as they are made
}

std::unique_ptr<TcEngine> DirectBackend::openForStats(const QString &target, QString *error)
{
    return TcEngine::open(target, error);
}

} // namespace qs
