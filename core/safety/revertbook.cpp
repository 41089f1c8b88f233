#include "revertbook.h"

#include <QRandomGenerator>
#include <QTimer>

namespace qs {

RevertBook::RevertBook(QObject *parent) : QObject(parent) {}

RevertBook::~RevertBook() = default;

QString RevertBook::newTransaction()
{
    quint64 bits[2];
    QRandomGenerator::system()->fillRange(bits);
    return QStringLiteral("tx-%1%2").arg(qulonglong(bits[0]), 16, 16, QChar(u'0')).arg(qulonglong(bits[1]), 16, 16, QChar(u'0'));
}

void RevertBook::armTimeout(const QString &target, const QString &transaction, const QdiscTree &before, unsigned seconds)
{
    auto &slot = m_timeouts[target];
    if (!slot) {
        slot = std::make_shared<Timeout>();
        slot->before = before;
        slot->timer = std::make_unique<QTimer>();
        slot->timer->setSingleShot(true);
        connect(slot->timer.get(), &QTimer::timeout, this, [this, target] {
            const auto timeout = m_timeouts.take(target);
            if (!timeout)
                return;
            timeout->timer.release()->deleteLater(); // it is the sender of this very signal
            Q_EMIT timedOut(target, timeout->before, timeout->transactions.value(0));
        });
    }
    slot->transactions.append(transaction);
    slot->timer->start(std::chrono::seconds(seconds));
}

bool RevertBook::confirm(const QString &transaction, QString *target)
{
    for (auto it = m_timeouts.begin(); it != m_timeouts.end(); ++it) {
        if (it.value()->transactions.contains(transaction)) {
            *target = it.key();
            m_timeouts.erase(it);
            return true;
        }
    }
    return false;
}

QString RevertBook::pendingTarget(const QString &transaction) const
{
    for (auto it = m_timeouts.begin(); it != m_timeouts.end(); ++it)
        if (it.value()->transactions.contains(transaction))
            return it.key();
    return {};
}

QStringList RevertBook::targets() const
{
    QStringList targets = m_timeouts.keys();
    for (const auto &perClient : std::as_const(m_exitReverts))
        for (auto it = perClient.begin(); it != perClient.end(); ++it)
            if (!targets.contains(it.key()))
                targets.append(it.key());
    return targets;
}

bool RevertBook::hasExitRevert(const QString &client, const QString &target) const
{
    return m_exitReverts.value(client).contains(target);
}

void RevertBook::rememberForExit(const QString &client, const QString &target, const QdiscTree &before)
{
    auto &targets = m_exitReverts[client];
    if (!targets.contains(target))
        targets.insert(target, before);
}

bool RevertBook::forgetExitRevert(const QString &client, const QString &target)
{
    const auto it = m_exitReverts.find(client);
    if (it == m_exitReverts.end() || !it->remove(target))
        return false;
    if (it->isEmpty())
        m_exitReverts.erase(it);
    return true;
}

QHash<QString, QdiscTree> RevertBook::takeExitReverts(const QString &client)
{
    return m_exitReverts.take(client);
}

void RevertBook::forgetTarget(const QString &target)
{
    m_timeouts.remove(target);
    for (auto it = m_exitReverts.begin(); it != m_exitReverts.end();) {
        it->remove(target);
        it = it->isEmpty() ? m_exitReverts.erase(it) : std::next(it);
    }
}

QHash<QString, QdiscTree> RevertBook::takeAll()
{
    QHash<QString, QdiscTree> trees;
    // Exit promises hold trees from before a client's first change; a timeout's tree may be later.
    for (const auto &targets : std::as_const(m_exitReverts))
        for (auto it = targets.begin(); it != targets.end(); ++it)
            if (!trees.contains(it.key()))
                trees.insert(it.key(), it.value());
    for (auto it = m_timeouts.begin(); it != m_timeouts.end(); ++it)
        if (!trees.contains(it.key()))
            trees.insert(it.key(), it.value()->before);
    m_exitReverts.clear();
    m_timeouts.clear();
    return trees;
}

} // namespace qs
