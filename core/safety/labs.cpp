#include "labs.h"

#include "log/logging.h"
#include "model/qdisctree.h"

#include <QFile>
#include <QRandomGenerator>

namespace qs {

Labs::Labs(SafetyNet &net, Playbacks &playbacks, QObject *parent) : QObject(parent), m_net(net), m_playbacks(playbacks)
{
    m_sweep.setInterval(1000);
    connect(&m_sweep, &QTimer::timeout, this, &Labs::sweepRemains);
}

QString Labs::newId()
{
    static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    constexpr int letters = int(sizeof(alphabet)) - 1;
    QString id;
    for (int i = 0; i < 8; ++i)
        id.append(QLatin1Char(alphabet[QRandomGenerator::system()->bounded(letters)]));
    return id;
}

bool Labs::isLabNamespace(const QString &netns)
{
    return netns.startsWith(LabNetwork::namespacePrefix());
}

QStringList Labs::namespacesOf(const QString &id)
{
    return {LabNetwork::namespacePrefix() + id + QStringLiteral("-a"),
            LabNetwork::namespacePrefix() + id + QStringLiteral("-b")};
}

QString Labs::targetOf(const QString &id)
{
    return namespacesOf(id).constFirst() + u'/' + LabNetwork::deviceA();
}

QStringList Labs::idsOf(const QStringList &names)
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

const Labs::Lab *Labs::find(const QString &id) const
{
    const auto it = m_labs.find(id);
    return it == m_labs.end() ? nullptr : &it->second;
}

const Labs::Lab *Labs::ownedBy(const QString &busName) const
{
    for (const auto &[id, lab] : m_labs)
        if (lab.owner.busName == busName)
            return &lab;
    return nullptr;
}

bool Labs::ownsNamespace(const QString &busName, const QString &netns) const
{
    const Lab *lab = ownedBy(busName);
    return lab && !netns.isEmpty() && (netns == lab->network.namespaceA() || netns == lab->network.namespaceB());
}

bool Labs::ownsTarget(const QString &busName, const QString &target) const
{
    const Lab *lab = ownedBy(busName);
    return lab && target == lab->network.target();
}

bool Labs::holdsTarget(const QString &target) const
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

int Labs::remainsOf(qint64 uid) const
{
    int count = 0;
    for (const auto &[id, remains] : m_remains)
        count += remains.owner.uid == uid ? 1 : 0;
    return count;
}

QStringList Labs::ids() const
{
    QStringList ids;
    for (const auto &[id, lab] : m_labs)
        ids.append(id);
    return ids;
}

SafetyOutcome Labs::create(const Caller &owner, const BeforeBuild &beforeBuild, const Lab **made)
{
    const QString action = QStringLiteral("create-lab");
    // A removed lab counts while sockets made in it keep its namespaces alive (issue 15, finding 3).
    sweepRemains();
    const auto kept = [](int remains) {
        return remains == 0 ? QString()
                            : QStringLiteral(" (%1 of them removed, but kept alive by sockets handed out for its traffic, which are "
                                             "still open: close the program holding them)")
                                  .arg(remains);
    };
    const int labs = size() + remainsCount();
    if (labs >= MaxLabs) {
        m_net.audit(owner, action, {}, {}, QStringLiteral("refused: %1 labs exist already, %2 of them removed but held open").arg(labs).arg(remainsCount()), {});
        return SafetyOutcome::refused(SafetyOutcome::Refusal::Failed,
                                      QStringLiteral("There are already %1 demo labs on this computer%2, the most kept at once. Close the "
                                                     "demo in another Qdisc Studio window (its lab goes with it), then try again.")
                                          .arg(labs)
                                          .arg(kept(remainsCount())));
    }
    const int userRemains = remainsOf(owner.uid);
    const int ofUser = userRemains + int(std::count_if(m_labs.cbegin(), m_labs.cend(), [&](const auto &lab) { return lab.second.owner.uid == owner.uid; }));
    if (owner.uid != 0 && ofUser >= MaxLabsPerUser) {
        m_net.audit(owner, action, {}, {}, QStringLiteral("refused: the user has %1 labs already, %2 of them removed but held open").arg(ofUser).arg(userRemains), {});
        return SafetyOutcome::refused(SafetyOutcome::Refusal::Failed,
                                      QStringLiteral("You have %1 demo labs already%2, the most kept for one user. Close the demo in "
                                                     "another Qdisc Studio window (its lab goes with it), then try again.")
                                          .arg(ofUser)
                                          .arg(kept(userRemains)));
    }
    // A namespace of that name may exist, made by someone else: ids are never reused.
    QString id;
    for (int attempt = 0; attempt < 16 && id.isEmpty(); ++attempt) {
        id = newId();
        for (const QString &netns : namespacesOf(id))
            if (find(id) || m_remains.count(id) || QFile::exists(QStringLiteral("/run/netns/") + netns))
                id.clear();
    }
    QString error;
    std::optional<LabNetwork> network;
    if (id.isEmpty())
        error = QStringLiteral("no unused lab id was found in /run/netns");
    else if (!beforeBuild || beforeBuild(id, &error))
        network = LabNetwork::create(id, &error); // leaves nothing behind when it fails
    if (!network) {
        m_net.audit(owner, action, id.isEmpty() ? QString() : targetOf(id), {}, QStringLiteral("failed: ") + error, {});
        return SafetyOutcome::refused(SafetyOutcome::Refusal::Failed, error);
    }
    const auto [it, inserted] = m_labs.insert_or_assign(id, Lab{*network, owner});
    m_net.audit(owner, action, network->target(), {}, QStringLiteral("ok"),
                {QStringLiteral("lab %1: namespaces %2, %3").arg(id, network->namespaceA(), network->namespaceB())});
    *made = &it->second;
    return {};
}

bool Labs::remove(const QString &id, const QString &action, const Caller &caller, QString *errorOut)
{
    const auto it = m_labs.find(id);
    if (it == m_labs.end())
        return true;
    const Lab lab = it->second;
    m_labs.erase(it);
    const LabNetwork &network = lab.network;
    const QStringList namespaces{network.namespaceA(), network.namespaceB()};
    m_playbacks.forgetNamespaces(namespaces);
    // Marked before their names go: sockets made in them keep them alive after removal.
    LabRemains remains;
    QString markError;
    if (!LabRemains::mark(namespaces, QStringLiteral("qdisc-studio lab %1").arg(id), &remains, &markError))
        log::get("lab")->error("demo lab {}: {}; whether sockets keep it alive after removal is not known", id.toStdString(), markError.toStdString());
    QString error;
    const bool ok = LabNetwork(network).remove(&error);
    QStringList changes{QStringLiteral("lab %1: namespaces %2").arg(id, namespaces.join(QStringLiteral(", ")))};
    if (const int living = ok ? remains.alive() : 0; living > 0) {
        changes.append(QStringLiteral("%1 of them live on, held by sockets still open: counted as a lab of uid %2 until they end")
                           .arg(living)
                           .arg(lab.owner.uid));
        m_remains.insert_or_assign(id, Remains{lab.owner, std::move(remains)});
        m_sweep.start();
    }
    m_net.audit(caller, action, network.target(), {}, ok ? QStringLiteral("ok") : QStringLiteral("failed: ") + error, changes);
    if (!ok)
        log::get("lab")->error("demo lab {} of {} was not removed completely: {}", id.toStdString(), caller.busName.toStdString(), error.toStdString());
    if (errorOut)
        *errorOut = error;
    return ok;
}

void Labs::removeAll(const QString &action)
{
    for (const QString &id : ids()) {
        const Caller owner = find(id)->owner;
        remove(id, action, owner);
    }
}

void Labs::sweepRemains()
{
    for (auto it = m_remains.begin(); it != m_remains.end();) {
        if (it->second.namespaces.alive() > 0) {
            ++it;
            continue;
        }
        const QString id = it->first;
        it = m_remains.erase(it);
        log::get("lab")->info("removed demo lab {}: its namespaces ended, it counts no more", id.toStdString());
        Q_EMIT remainsEnded(id);
    }
    if (m_remains.empty())
        m_sweep.stop();
}

} // namespace qs
