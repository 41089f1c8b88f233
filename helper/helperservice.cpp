#include "helperservice.h"

#include "helperbus.h"
#include "lab/labsockets.h"
#include "model/treejson.h"
#include "netlink/netlinksocket.h"
#include "netlink/tcengine.h"

#include <QDBusConnectionInterface>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <unistd.h>

namespace qs {

namespace {

QString reportOf(const ApplyResult &result)
{
    QJsonArray plan;
    for (const TcOperation &op : result.plan)
        plan.append(op.describe());
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("plan"), plan}}).toJson(QJsonDocument::Compact));
}

QStringList changesOf(const ApplyResult &result)
{
    QStringList changes;
    for (int i = 0; i < result.done && i < result.plan.size(); ++i)
        changes.append(result.plan[i].describe());
    return changes;
}

QString malformedTarget(const QString &target)
{
    QString shown = target.left(64);
    if (target.size() > 64)
        shown += QStringLiteral("…");
    return QStringLiteral("\"%1\" is not a target: write IF or NETNS/IF (an interface name has 1…15 characters without "
                          "'/', ':' or spaces; a namespace name has no '/')")
        .arg(shown);
}

bool isWholeNumber(const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::UChar: case QMetaType::Short: case QMetaType::UShort: case QMetaType::Int:
    case QMetaType::UInt: case QMetaType::LongLong: case QMetaType::ULongLong:
        return true;
    default:
        return false;
    }
}

} // namespace

HelperService::HelperService(QDBusConnection bus, Settings settings, QObject *parent)
    : QObject(parent), m_bus(bus), m_settings(std::move(settings)), m_authorizer(bus), m_snapshots(m_settings.stateDirectory + QStringLiteral("/snapshots"))
{
    // One subscription for every client's departure, instead of one match rule per client.
    m_bus.connect(QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"), QStringLiteral("org.freedesktop.DBus"),
                  QStringLiteral("NameOwnerChanged"), this, SLOT(onNameOwnerChanged(QString, QString, QString)));
    connect(&m_reverts, &RevertBook::timedOut, this, [this](const QString &target, const QdiscTree &before, const QString &transaction) {
        revertTo(target, before, HelperBus::RevertedTimeout, Caller{QStringLiteral("auto-revert")}, transaction);
    });
    connect(&m_watcher, &TreeWatcher::treeChanged, this, &HelperService::TreeChanged);
    m_idle.setSingleShot(true);
    connect(&m_idle, &QTimer::timeout, this, [this] {
        if (hasWork())
            touch();
        else
            Q_EMIT idle();
    });
    touch();
}

HelperService::~HelperService() = default;

void HelperService::touch()
{
    if (m_settings.idleTimeoutMs > 0)
        m_idle.start(m_settings.idleTimeoutMs);
}

bool HelperService::hasWork() const
{
    return !m_reverts.isEmpty() || !m_watcher.isEmpty() || m_authorizer.pendingChecks() > 0 || !m_labs.isEmpty();
}

// --- callers ---------------------------------------------------------------------------------

Caller HelperService::callerOf(const QString &busName)
{
    const auto known = m_callers.constFind(busName);
    if (known != m_callers.cend())
        return *known;
    Caller caller{busName};
    const QDBusReply<uint> uid = m_bus.interface()->serviceUid(busName);
    const QDBusReply<uint> pid = m_bus.interface()->servicePid(busName);
    caller.uid = uid.isValid() ? qint64(uid.value()) : -1;
    caller.pid = pid.isValid() ? qint64(pid.value()) : -1;
    if (uid.isValid()) // not cached for a client already gone: its name will not be seen leaving
        m_callers.insert(busName, caller);
    return caller;
}

void HelperService::trackClient(const QString &busName)
{
    if (m_tracked.contains(busName))
        return;
    m_tracked.insert(busName);
    // It may have left while polkit was thinking; its NameOwnerChanged has then passed already.
    if (!m_bus.interface()->isServiceRegistered(busName).value())
        QTimer::singleShot(0, this, [this, busName] { clientLeft(busName); });
}

void HelperService::onNameOwnerChanged(const QString &name, const QString &oldOwner, const QString &newOwner)
{
    Q_UNUSED(oldOwner)
    if (newOwner.isEmpty() && name.startsWith(u':') && (m_tracked.contains(name) || m_callers.contains(name)))
        clientLeft(name);
}

void HelperService::clientLeft(const QString &busName)
{
    const Caller caller = m_callers.take(busName);
    m_authorizer.forget(busName);
    m_watcher.unwatchClient(busName);
    m_tracked.remove(busName);
    // The lab goes first: the promises about its target go with it, so none is kept in vain.
    if (const LabBook::Lab *lab = m_labs.ownedBy(busName))
        removeLab(lab->network.id(), QStringLiteral("remove-lab(client-exit)"), lab->owner);
    const QHash<QString, QdiscTree> reverts = m_reverts.takeExitReverts(busName);
    for (auto it = reverts.begin(); it != reverts.end(); ++it)
        revertTo(it.key(), it.value(), HelperBus::RevertedClientExit, caller.busName.isEmpty() ? Caller{busName} : caller);
    touch();
}

// --- plumbing ------------------------------------------------------------------------------

void HelperService::replyError(const QDBusMessage &call, QLatin1String name, const QString &text)
{
    m_bus.send(call.createErrorReply(name, text));
}

void HelperService::refuse(QLatin1String name, const QString &text)
{
    sendErrorReply(name, text);
}

bool HelperService::checkTarget(const QString &target, QString *netnsOut)
{
    QString netns;
    QString device;
    if (!isWellFormedTarget(target, &netns, &device)) {
        refuse(HelperBus::Error::InvalidArguments, malformedTarget(target));
        return false;
    }
    if (netnsOut)
        *netnsOut = netns;
    return true;
}

void HelperService::authorizeThen(const QString &action, const QString &target, Work work)
{
    setDelayedReply(true);
    const QDBusMessage call = message();
    m_authorizer.check(call.service(), action, [this, call, action, target, work = std::move(work)](Authorizer::Outcome outcome, const QString &detail) {
        const Caller caller = callerOf(call.service());
        switch (outcome) {
        case Authorizer::Outcome::Authorized:
            work(call, caller);
            break;
        case Authorizer::Outcome::NotAuthorized:
            audit(caller, call.member(), target, {}, QStringLiteral("refused by polkit (%1)").arg(action));
            replyError(call, HelperBus::Error::NotAuthorized,
                       QStringLiteral("Not authorized: polkit does not allow %1 to user %2. Run it from an active desktop session "
                                      "(you will be asked for an administrator's password), ask an administrator for a polkit rule, "
                                      "or run as root.")
                           .arg(action)
                           .arg(caller.uid));
            break;
        case Authorizer::Outcome::Unavailable:
            helperLog()->error("{}", detail.toStdString());
            replyError(call, HelperBus::Error::PolkitUnavailable, detail);
            break;
        }
        touch();
    });
}

void HelperService::readThen(const QString &netns, const QString &what, Work work)
{
    if (!netns.isEmpty()) {
        const bool ownLab = m_labs.ownsNamespace(message().service(), netns);
        authorizeThen(ownLab ? HelperBus::LabAction : HelperBus::ReadAction, what, std::move(work));
        return;
    }
    // Anyone may read the root namespace's tc state; the kernel says so too.
    setDelayedReply(true);
    work(message(), callerOf(message().service()));
}

TcEngine *HelperService::prepareChange(const QDBusMessage &call, const Caller &caller, const QString &action, const QString &target,
                                       bool createIfb, std::optional<QdiscTree> *current)
{
    QString error;
    if (createIfb && !TcEngine::ensureIfb(target, &error)) {
        audit(caller, action, target, {}, QStringLiteral("no such target: ") + error);
        replyError(call, HelperBus::Error::NoSuchTarget, error);
        return nullptr;
    }
    TcEngine *engine = m_engines.engineFor(target, &error);
    if (!engine) {
        audit(caller, action, target, {}, QStringLiteral("no such target: ") + error);
        replyError(call, HelperBus::Error::NoSuchTarget, error);
        return nullptr;
    }
    const TargetIdentity identity = m_engines.identityOf(target);
    if (m_snapshotOf.value(target) == identity)
        return engine;
    QString findError;
    const auto existing = m_snapshots.find(target, &findError);
    if (!findError.isEmpty())
        helperLog()->warn("{}; taking a new snapshot", findError.toStdString());
    if (!existing || !(existing->identity == identity)) {
        *current = engine->read(&error);
        if (!*current) {
            replyError(call, HelperBus::Error::Failed, QStringLiteral("cannot read the tree of %1 to snapshot it: %2; nothing changed").arg(target, error));
            return nullptr;
        }
        if (!m_snapshots.save(target, Snapshot{**current, identity, QDateTime::currentDateTimeUtc()}, &error)) {
            replyError(call, HelperBus::Error::Failed, error + QStringLiteral("; nothing changed"));
            return nullptr;
        }
        helperLog()->info("snapshot of {} taken before its first change", target.toStdString());
    }
    m_snapshotOf.insert(target, identity);
    return engine;
}

bool HelperService::reportKernelResult(const QDBusMessage &call, const Caller &caller, const QString &action, const QString &target,
                                       const ApplyResult &result, const QString &transaction)
{
    if (result.ok) {
        audit(caller, action, target, transaction, QStringLiteral("ok"), changesOf(result));
        if (!result.plan.isEmpty())
            m_watcher.noteChanged(target);
        return true;
    }
    QString text = QStringLiteral("The kernel refused: %1").arg(result.error);
    if (result.done > 0)
        text += result.restored ? QStringLiteral(". %1 was put back as it was.").arg(target)
                                : QStringLiteral(". Putting %1 back failed: %2").arg(target, result.restoreError);
    else
        text += QStringLiteral(". Nothing was changed.");
    audit(caller, action, target, transaction, QStringLiteral("kernel refused: ") + result.error, changesOf(result));
    m_watcher.noteChanged(target);
    replyError(call, HelperBus::Error::KernelRefused, text);
    return false;
}

void HelperService::revertTo(const QString &target, const QdiscTree &tree, QLatin1String reason, const Caller &caller,
                             const QString &transaction)
{
    const QString action = QStringLiteral("revert(") + reason + u')';
    QString error;
    TcEngine *engine = m_engines.engineFor(target, &error);
    if (!engine) {
        audit(caller, action, target, transaction, QStringLiteral("failed: ") + error);
        return;
    }
    const ApplyResult result = engine->apply(tree);
    audit(caller, action, target, transaction, result.ok ? QStringLiteral("ok") : QStringLiteral("failed: ") + result.error, changesOf(result));
    m_watcher.noteChanged(target);
    if (result.ok) {
        // What other promises about this target meant to undo is undone: keeping them would let a
        // later timeout wipe a change made after this revert.
        m_reverts.forgetTarget(target);
        Q_EMIT Reverted(target, reason);
    }
}

void HelperService::revertEverythingPromised()
{
    const QHash<QString, QdiscTree> promised = m_reverts.takeAll();
    for (auto it = promised.begin(); it != promised.end(); ++it)
        if (!m_labs.holdsTarget(it.key())) // a lab's tree goes with its lab
            revertTo(it.key(), it.value(), HelperBus::RevertedHelperExit, Caller{QStringLiteral("helper-exit")});
}

// --- demo labs -------------------------------------------------------------------------------

QString HelperService::changeAction(const QString &target) const
{
    return m_labs.ownsTarget(message().service(), target) ? QString(HelperBus::LabAction) : QString(HelperBus::ApplyAction);
}

const LabBook::Lab *HelperService::ownLab(const QString &id, const QString &doing)
{
    if (!LabNetwork::isValidId(id)) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("\"%1\" is not a demo lab id: use the id CreateLab returned (8 characters a-z, 0-9)").arg(id.left(64)));
        return nullptr;
    }
    const LabBook::Lab *lab = m_labs.find(id);
    if (!lab) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("there is no demo lab \"%1\": it was removed (by RemoveLab, or because the client that created it "
                              "left the bus) or never existed; create one with CreateLab")
                   .arg(id));
        return nullptr;
    }
    if (lab->owner.busName != message().service()) {
        audit(callerOf(message().service()), message().member(), lab->network.target(), {},
              QStringLiteral("refused: lab %1 belongs to %2").arg(id, lab->owner.busName));
        refuse(HelperBus::Error::NotAuthorized,
               QStringLiteral("Not authorized: demo lab \"%1\" belongs to another client; only the client that created it may %2 "
                              "(create a lab of your own with CreateLab)")
                   .arg(id, doing));
        return nullptr;
    }
    return lab;
}

void HelperService::forgetNamespaces(const QStringList &namespaces)
{
    const auto inside = [&](const QString &target) {
        QString netns;
        QString device;
        return QdiscTree::splitTarget(target, &netns, &device) && !netns.isEmpty() && namespaces.contains(netns);
    };
    for (const QString &target : m_reverts.targets())
        if (inside(target))
            m_reverts.forgetTarget(target);
    for (const QString &target : m_snapshots.targets()) {
        if (inside(target)) {
            m_snapshots.remove(target);
            m_snapshotOf.remove(target);
        }
    }
    for (auto it = m_snapshotOf.begin(); it != m_snapshotOf.end();)
        it = inside(it.key()) ? m_snapshotOf.erase(it) : std::next(it);
    m_engines.closeIn(namespaces);
    m_watcher.unwatchNamespaces(namespaces);
}

bool HelperService::removeLab(QString id, const QString &action, Caller caller, QString *errorOut)
{
    const std::optional<LabBook::Lab> lab = m_labs.take(id);
    if (!lab)
        return true;
    LabNetwork network = lab->network;
    const QString target = network.target();
    forgetNamespaces({network.namespaceA(), network.namespaceB()});
    QString error;
    const bool ok = network.remove(&error);
    audit(caller, action, target, {}, ok ? QStringLiteral("ok") : QStringLiteral("failed: ") + error,
          {QStringLiteral("lab %1: namespaces %2, %3").arg(id, network.namespaceA(), network.namespaceB())});
    if (ok)
        m_watcher.noteChanged(target); // whoever still shows it reads it again, and finds it gone
    else
        helperLog()->error("demo lab {} of {} was not removed completely: {}", id.toStdString(), caller.busName.toStdString(),
                           error.toStdString());
    if (errorOut)
        *errorOut = error;
    touch();
    return ok;
}

void HelperService::removeAllLabs()
{
    for (const QString &id : m_labs.ids()) {
        const Caller owner = m_labs.find(id)->owner;
        removeLab(id, QStringLiteral("remove-lab(helper-exit)"), owner);
    }
}

void HelperService::removeLeftoverLabs()
{
    QStringList names = LabNetwork::leftovers();
    // A lab an app built in-process (root, no helper) is alive while its app or guard holds the lock.
    names.removeIf([](const QString &name) { return LabNetwork::isHeldByAnApp(LabBook::idsOf({name}).constFirst()); });
    // Snapshots of lab targets are moot too, also those whose namespaces are already gone.
    QStringList namespaces = names;
    for (const QString &target : m_snapshots.targets()) {
        QString netns;
        QString device;
        if (QdiscTree::splitTarget(target, &netns, &device) && LabBook::isLabNamespace(netns) && !namespaces.contains(netns))
            namespaces.append(netns);
    }
    forgetNamespaces(namespaces);
    if (names.isEmpty())
        return;
    const Caller helper{QStringLiteral("helper-start")};
    for (const QString &id : LabBook::idsOf(names)) {
        QStringList ofLab;
        for (const QString &name : names)
            if (LabBook::idsOf({name}).constFirst() == id)
                ofLab.append(name);
        QString error;
        const bool ok = LabNetwork::removeNamespaces(ofLab, &error);
        audit(helper, QStringLiteral("remove-lab(leftover)"), LabBook::targetOf(id), {},
              ok ? QStringLiteral("ok") : QStringLiteral("failed: ") + error,
              {QStringLiteral("lab %1 left behind by an earlier helper: namespaces %2").arg(id, ofLab.join(QStringLiteral(", ")))});
    }
}

// --- methods ---------------------------------------------------------------------------------

QString HelperService::GetVersion()
{
    touch();
    return QStringLiteral(QS_VERSION);
}

QString HelperService::ListTargets()
{
    touch();
    auto list = [this](const QDBusMessage &call, bool withNamespaces) {
        QString error;
        const QList<TargetInfo> targets = listTargets(&error);
        if (!error.isEmpty() && targets.isEmpty()) {
            replyError(call, HelperBus::Error::Failed, error);
            return;
        }
        QJsonArray array;
        for (const TargetInfo &t : targets) {
            if (!t.netns.isEmpty() && !withNamespaces)
                continue;
            array.append(QJsonObject{{QStringLiteral("target"), t.target()}, {QStringLiteral("netns"), t.netns},
                                     {QStringLiteral("device"), t.device}, {QStringLiteral("type"), t.type},
                                     {QStringLiteral("up"), t.up}, {QStringLiteral("rootQdisc"), t.rootQdisc}});
        }
        m_bus.send(call.createReply(QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact))));
    };
    // Interfaces of other namespaces are shown to those polkit lets read them; the rest see their own.
    setDelayedReply(true);
    const QDBusMessage call = message();
    m_authorizer.check(call.service(), HelperBus::ReadAction, [this, call, list](Authorizer::Outcome outcome, const QString &) {
        list(call, outcome == Authorizer::Outcome::Authorized);
        touch();
    });
    return {};
}

QString HelperService::GetTree(const QString &target)
{
    touch();
    QString netns;
    if (!checkTarget(target, &netns))
        return {};
    Work work = [this, target](const QDBusMessage &call, const Caller &) {
        QString error;
        TcEngine *engine = m_engines.engineFor(target, &error);
        const auto tree = engine ? engine->read(&error) : std::nullopt;
        if (!tree) {
            replyError(call, engine ? HelperBus::Error::Failed : HelperBus::Error::NoSuchTarget, error);
            return;
        }
        m_bus.send(call.createReply(QString::fromUtf8(TreeJson::toDocument(*tree))));
    };
    readThen(netns, target, std::move(work));
    return {};
}

QString HelperService::Apply(const QString &target, const QString &treeJson, const QVariantMap &options, QString &report)
{
    Q_UNUSED(report)
    touch();
    if (!checkTarget(target))
        return {};
    unsigned revertAfter = 0;
    bool revertOnExit = false;
    for (auto it = options.begin(); it != options.end(); ++it) {
        if (it.key() == HelperBus::RevertAfterSeconds && isWholeNumber(it.value()) && it.value().toLongLong() >= 1 &&
            it.value().toLongLong() <= HelperBus::MaxRevertSeconds) {
            revertAfter = unsigned(it.value().toLongLong());
        } else if (it.key() == HelperBus::RevertOnExit && it.value().typeId() == QMetaType::Bool) {
            revertOnExit = it.value().toBool();
        } else {
            refuse(HelperBus::Error::InvalidArguments,
                   QStringLiteral("option \"%1\" is unknown or has a wrong value; Apply knows %2 (a whole number of seconds, 1…%3) and %4 (a boolean)")
                       .arg(it.key().left(64), HelperBus::RevertAfterSeconds)
                       .arg(HelperBus::MaxRevertSeconds)
                       .arg(HelperBus::RevertOnExit));
            return {};
        }
    }
    const QByteArray bytes = treeJson.toUtf8();
    if (bytes.size() > HelperBus::MaxTreeDocumentBytes) {
        refuse(HelperBus::Error::InvalidTree, QStringLiteral("the tree document has %1 bytes; the helper accepts at most %2")
                                                  .arg(bytes.size())
                                                  .arg(HelperBus::MaxTreeDocumentBytes));
        return {};
    }
    QStringList errors;
    auto parsed = TreeJson::fromDocument(bytes, &errors);
    if (!parsed) {
        errors = errors.mid(0, 20);
        refuse(HelperBus::Error::InvalidTree, QStringLiteral("the tree document is not valid: ") + errors.join(QStringLiteral("; ")));
        return {};
    }
    QdiscTree tree = std::move(*parsed);
    if (!tree.device.isEmpty() && tree.target() != target) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("the tree is for %1, not for %2").arg(tree.target(), target));
        return {};
    }
    QdiscTree::splitTarget(target, &tree.netns, &tree.device);
    // Validation runs before polkit is asked, for anyone: its work must stay small.
    if (tree.qdiscs.size() > HelperBus::MaxQdiscs || tree.classes.size() > HelperBus::MaxClasses ||
        tree.filters.size() + tree.foreignFilters.size() > HelperBus::MaxFilters) {
        refuse(HelperBus::Error::InvalidTree, QStringLiteral("the tree has %1 qdiscs, %2 classes and %3 filters; the helper takes at most %4, %5 and %6")
                                                  .arg(tree.qdiscs.size())
                                                  .arg(tree.classes.size())
                                                  .arg(tree.filters.size() + tree.foreignFilters.size())
                                                  .arg(HelperBus::MaxQdiscs)
                                                  .arg(HelperBus::MaxClasses)
                                                  .arg(HelperBus::MaxFilters));
        return {};
    }
    QStringList problems;
    for (const ValidationIssue &issue : tree.validate())
        if (issue.severity == ValidationIssue::Severity::Error)
            problems.append(issue.toString());
    if (!problems.isEmpty()) {
        refuse(HelperBus::Error::InvalidTree, QStringLiteral("the kernel would refuse this tree: ") + problems.mid(0, 20).join(QStringLiteral("; ")));
        return {};
    }

    authorizeThen(changeAction(target), target, [this, target, tree, revertAfter, revertOnExit](const QDBusMessage &call, const Caller &caller) {
        const QString action = QStringLiteral("apply");
        std::optional<QdiscTree> before;
        TcEngine *engine = prepareChange(call, caller, action, target, tree.isIfb, &before);
        if (!engine)
            return;
        const bool needBefore = (revertAfter && !m_reverts.hasPendingTimeout(target)) ||
                                (revertOnExit && !m_reverts.hasExitRevert(call.service(), target));
        QString error;
        if (needBefore && !before && !(before = engine->read(&error))) {
            replyError(call, HelperBus::Error::Failed, QStringLiteral("cannot read the tree of %1 to be able to revert: %2; nothing changed").arg(target, error));
            return;
        }
        const ApplyResult result = engine->apply(tree);
        const QString transaction = RevertBook::newTransaction();
        if (!reportKernelResult(call, caller, action, target, result, transaction))
            return;
        // `before` was read only when a promise needs it; an existing promise keeps its own tree.
        if (revertAfter)
            m_reverts.armTimeout(target, transaction, before.value_or(QdiscTree()), revertAfter);
        if (revertOnExit) {
            m_reverts.rememberForExit(call.service(), target, before.value_or(QdiscTree()));
            trackClient(call.service());
        }
        m_bus.send(call.createReply({transaction, reportOf(result)}));
    });
    return {};
}

void HelperService::Confirm(const QString &transaction)
{
    touch();
    if (transaction.size() > 64) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("a transaction id has at most 64 characters"));
        return;
    }
    // Confirming a change of one's own lab needs what making it needed.
    const QString pending = m_reverts.pendingTarget(transaction);
    authorizeThen(pending.isEmpty() ? QString(HelperBus::ApplyAction) : changeAction(pending), {},
                  [this, transaction](const QDBusMessage &call, const Caller &caller) {
        QString target;
        if (!m_reverts.confirm(transaction, &target)) {
            replyError(call, HelperBus::Error::NoSuchTransaction,
                       QStringLiteral("transaction \"%1\" has nothing waiting for confirmation: it was confirmed, reverted, or "
                                      "applied without revertAfterSeconds")
                           .arg(transaction.left(64)));
            return;
        }
        audit(caller, QStringLiteral("confirm"), target, transaction, QStringLiteral("ok"));
        m_bus.send(call.createReply());
    });
}

QString HelperService::Restore(const QString &target)
{
    touch();
    if (!checkTarget(target))
        return {};
    authorizeThen(changeAction(target), target, [this, target](const QDBusMessage &call, const Caller &caller) {
        const QString action = QStringLiteral("restore");
        QString error;
        const auto snapshot = m_snapshots.find(target, &error);
        if (!snapshot) {
            replyError(call, HelperBus::Error::NoSnapshot,
                       error.isEmpty() ? QStringLiteral("nothing to restore: Qdisc Studio has not changed %1 since it was last restored").arg(target)
                                       : error);
            return;
        }
        TcEngine *engine = m_engines.engineFor(target, &error);
        if (!engine) {
            replyError(call, HelperBus::Error::NoSuchTarget, error);
            return;
        }
        if (!(m_engines.identityOf(target) == snapshot->identity)) {
            m_snapshots.remove(target);
            m_snapshotOf.remove(target);
            replyError(call, HelperBus::Error::NoSnapshot,
                       QStringLiteral("the snapshot of %1 was taken of a device that no longer exists (the namespace or interface "
                                      "was created again); it was discarded and nothing was changed")
                           .arg(target));
            return;
        }
        const ApplyResult result = engine->apply(snapshot->tree);
        if (!reportKernelResult(call, caller, action, target, result))
            return;
        m_snapshots.remove(target);
        m_snapshotOf.remove(target);
        m_reverts.forgetTarget(target);
        Q_EMIT Reverted(target, HelperBus::RevertedRestore);
        m_bus.send(call.createReply(reportOf(result)));
    });
    return {};
}

QString HelperService::Clear(const QString &target)
{
    touch();
    if (!checkTarget(target))
        return {};
    authorizeThen(changeAction(target), target, [this, target](const QDBusMessage &call, const Caller &caller) {
        std::optional<QdiscTree> unused;
        TcEngine *engine = prepareChange(call, caller, QStringLiteral("clear"), target, false, &unused);
        if (!engine)
            return;
        const ApplyResult result = engine->clear();
        if (reportKernelResult(call, caller, QStringLiteral("clear"), target, result))
            m_bus.send(call.createReply(reportOf(result)));
    });
    return {};
}

void HelperService::Watch(const QString &target)
{
    touch();
    QString netns;
    if (!checkTarget(target, &netns))
        return;
    Work work = [this, target](const QDBusMessage &call, const Caller &) {
        QString error;
        if (!m_watcher.watch(call.service(), target, &error)) {
            replyError(call, HelperBus::Error::NoSuchTarget, error);
            return;
        }
        trackClient(call.service());
        m_bus.send(call.createReply());
    };
    readThen(netns, target, std::move(work));
}

QDBusUnixFileDescriptor HelperService::OpenStatsSocket(const QString &netns)
{
    touch();
    if (!netns.isEmpty() && !isValidNetnsName(netns)) {
        refuse(HelperBus::Error::InvalidArguments, QStringLiteral("\"%1\" is not a namespace name").arg(netns.left(64)));
        return {};
    }
    Work work = [this, netns](const QDBusMessage &call, const Caller &) {
        QString error;
        const int fd = NetlinkSocket::openDescriptor(netns, &error);
        if (fd < 0) {
            replyError(call, HelperBus::Error::NoSuchTarget, error);
            return;
        }
        const QDBusUnixFileDescriptor handed(fd); // duplicates it
        ::close(fd);
        m_bus.send(call.createReply(QVariant::fromValue(handed)));
    };
    readThen(netns, netns, std::move(work));
    return {};
}

QString HelperService::CreateLab(const QVariantMap &options, QString &target)
{
    Q_UNUSED(target)
    touch();
    if (!options.isEmpty()) {
        refuse(HelperBus::Error::InvalidArguments,
               QStringLiteral("option \"%1\" is unknown: CreateLab takes no options yet (pass an empty map)").arg(options.firstKey().left(64)));
        return {};
    }
    // Checked again once polkit has answered: two calls of one client may both be waiting for it.
    const auto alreadyOwned = [this](const QString &busName) -> QString {
        const LabBook::Lab *lab = m_labs.ownedBy(busName);
        return lab ? QStringLiteral("this client already owns the demo lab \"%1\" (target %2): use it, or remove it with RemoveLab "
                                    "before creating another")
                         .arg(lab->network.id(), lab->network.target())
                   : QString();
    };
    if (const QString owned = alreadyOwned(message().service()); !owned.isEmpty()) {
        refuse(HelperBus::Error::InvalidArguments, owned);
        return {};
    }
    authorizeThen(HelperBus::LabAction, {}, [this, alreadyOwned](const QDBusMessage &call, const Caller &caller) {
        const QString action = QStringLiteral("create-lab");
        if (const QString owned = alreadyOwned(call.service()); !owned.isEmpty()) {
            replyError(call, HelperBus::Error::InvalidArguments, owned);
            return;
        }
        if (m_labs.size() >= HelperBus::MaxLabs) {
            audit(caller, action, {}, {}, QStringLiteral("refused: %1 labs exist already").arg(m_labs.size()));
            replyError(call, HelperBus::Error::Failed,
                       QStringLiteral("There are already %1 demo labs on this computer, the most the helper keeps at once. Close the "
                                      "demo in another Qdisc Studio window (its lab goes with it), then try again.")
                           .arg(m_labs.size()));
            return;
        }
        // A namespace of that name may exist, made by someone else: ids are never reused.
        QString id;
        for (int attempt = 0; attempt < 16 && id.isEmpty(); ++attempt) {
            id = LabBook::newId();
            for (const QString &netns : LabBook::namespacesOf(id))
                if (m_labs.find(id) || QFile::exists(QStringLiteral("/run/netns/") + netns))
                    id.clear();
        }
        QString error;
        std::optional<LabNetwork> lab = id.isEmpty() ? std::nullopt : LabNetwork::create(id, &error);
        if (!lab) {
            if (id.isEmpty())
                error = QStringLiteral("no unused lab id was found in /run/netns");
            audit(caller, action, id.isEmpty() ? QString() : LabBook::targetOf(id), {}, QStringLiteral("failed: ") + error);
            replyError(call, HelperBus::Error::Failed, error);
            return;
        }
        m_labs.insert(LabBook::Lab{*lab, caller});
        audit(caller, action, lab->target(), {}, QStringLiteral("ok"),
              {QStringLiteral("lab %1: namespaces %2, %3").arg(id, lab->namespaceA(), lab->namespaceB())});
        // The lab lives as long as its owner stays on the bus (it may have left while polkit was thinking).
        trackClient(call.service());
        m_bus.send(call.createReply({id, lab->target()}));
    });
    return {};
}

void HelperService::RemoveLab(const QString &id)
{
    touch();
    const LabBook::Lab *lab = ownLab(id, QStringLiteral("remove it"));
    if (!lab)
        return;
    authorizeThen(HelperBus::LabAction, lab->network.target(), [this, id](const QDBusMessage &call, const Caller &caller) {
        const LabBook::Lab *still = m_labs.find(id);
        if (!still || still->owner.busName != call.service()) {
            replyError(call, HelperBus::Error::InvalidArguments, QStringLiteral("demo lab \"%1\" was removed meanwhile").arg(id));
            return;
        }
        QString error;
        if (!removeLab(id, QStringLiteral("remove-lab"), caller, &error)) {
            replyError(call, HelperBus::Error::Failed,
                       QStringLiteral("demo lab \"%1\" was not removed completely: %2. The helper removes what is left when it next "
                                      "starts, or remove it with `ip netns del`.")
                           .arg(id, error));
            return;
        }
        m_bus.send(call.createReply());
    });
}

QDBusUnixFileDescriptor HelperService::OpenLabSockets(const QString &id, QDBusUnixFileDescriptor &, QDBusUnixFileDescriptor &,
                                                      QDBusUnixFileDescriptor &, QDBusUnixFileDescriptor &, QDBusUnixFileDescriptor &,
                                                      QDBusUnixFileDescriptor &)
{
    touch();
    const LabBook::Lab *lab = ownLab(id, QStringLiteral("open its sockets"));
    if (!lab)
        return {};
    authorizeThen(HelperBus::LabAction, lab->network.target(), [this, id](const QDBusMessage &call, const Caller &) {
        const LabBook::Lab *still = m_labs.find(id);
        if (!still || still->owner.busName != call.service()) {
            replyError(call, HelperBus::Error::InvalidArguments, QStringLiteral("demo lab \"%1\" was removed meanwhile").arg(id));
            return;
        }
        QString error;
        std::optional<LabTrafficSockets> sockets = LabTrafficSockets::open(still->network.namespaceA(), still->network.namespaceB(), &error);
        if (!sockets) {
            replyError(call, HelperBus::Error::Failed, QStringLiteral("cannot open the sockets of demo lab \"%1\": %2").arg(id, error));
            return;
        }
        QVariantList handed;
        for (const int fd : {sockets->tcpListener, sockets->tcpSender, sockets->udpSender, sockets->udpReceiver, sockets->probeSender,
                             sockets->probeEchoer, sockets->linkStats})
            handed.append(QVariant::fromValue(QDBusUnixFileDescriptor(fd))); // duplicates it
        sockets->closeAll();
        m_bus.send(call.createReply(handed)); // our duplicates close with the reply
    });
    return {};
}

} // namespace qs
