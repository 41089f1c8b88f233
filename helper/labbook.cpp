#include "labbook.h"

#include "model/qdisctree.h"

#include <QRandomGenerator>

namespace qs {

QString LabBook::newId()
{
    static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    constexpr int letters = int(sizeof(alphabet)) - 1;
    QString id;
    for (int i = 0; i < 8; ++i)
        id.append(QLatin1Char(alphabet[QRandomGenerator::system()->bounded(letters)]));
    return id;
}

bool LabBook::isLabNamespace(const QString &netns)
{
    return netns.startsWith(LabNetwork::namespacePrefix());
}

QStringList LabBook::namespacesOf(const QString &id)
{
    return {LabNetwork::namespacePrefix() + id + QStringLiteral("-a"),
            LabNetwork::namespacePrefix() + id + QStringLiteral("-b")};
}

QString LabBook::targetOf(const QString &id)
{
    return namespacesOf(id).constFirst() + u'/' + LabNetwork::deviceA();
}

QStringList LabBook::idsOf(const QStringList &names)
{
    QStringList ids;
    for (const QString &name : names) {
        QString id = name.mid(LabNetwork::namespacePrefix().size());
        if (id.endsWith(QStringLiteral("-a")) || id.endsWith(QStringLiteral("-b")))
            id.chop(2);
        if (!ids.contains(id))
            ids.append(id);
    }
    return ids;
}

const LabBook::Lab *LabBook::find(const QString &id) const
{
    const auto it = m_labs.find(id);
    return it == m_labs.end() ? nullptr : &it->second;
}

const LabBook::Lab *LabBook::ownedBy(const QString &busName) const
{
    for (const auto &[id, lab] : m_labs)
        if (lab.owner.busName == busName)
            return &lab;
    return nullptr;
}

bool LabBook::ownsNamespace(const QString &busName, const QString &netns) const
{
    const Lab *lab = ownedBy(busName);
    return lab && !netns.isEmpty() &&
           (netns == lab->network.namespaceA() || netns == lab->network.namespaceB());
}

bool LabBook::ownsTarget(const QString &busName, const QString &target) const
{
    const Lab *lab = ownedBy(busName);
    return lab && target == lab->network.target();
}

bool LabBook::holdsTarget(const QString &target) const
{
    QString netns;
    QString device;
    if (!QdiscTree::splitTarget(target, &netns, &device) || netns.isEmpty())
        return false;
    for (const auto &[id, lab] : m_labs)
        if (netns == lab.network.namespaceA() || netns == lab.network.namespaceB())
            return true;
    return false;
}

void LabBook::insert(const Lab &lab)
{
    m_labs.insert_or_assign(lab.network.id(), lab);
}

std::optional<LabBook::Lab> LabBook::take(const QString &id)
{
    const auto it = m_labs.find(id);
    if (it == m_labs.end())
        return std::nullopt;
    Lab lab = it->second;
    m_labs.erase(it);
    return lab;
}

void LabBook::keepRemains(const QString &id, const Caller &owner, LabRemains remains)
{
    m_remains.insert_or_assign(id, Remains{owner, std::move(remains)});
}

QStringList LabBook::sweepRemains()
{
    QStringList released;
    for (auto it = m_remains.begin(); it != m_remains.end();) {
        if (it->second.namespaces.alive() > 0) {
            ++it;
            continue;
        }
        released.append(it->first);
        it = m_remains.erase(it);
    }
    return released;
}

int LabBook::remainsOf(qint64 uid) const
{
    int count = 0;
    for (const auto &[id, remains] : m_remains)
        count += remains.owner.uid == uid ? 1 : 0;
    return count;
}

QStringList LabBook::ids() const
{
    QStringList ids;
    for (const auto &[id, lab] : m_labs)
        ids.append(id);
    return ids;
}

} // namespace qs
