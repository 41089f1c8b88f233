#include "tcengine.h"

#include "networknamespace.h"
#include "stats/monotonicclock.h"

#include "kinds/kernelmodules.h"

#include "links.h"
#include "pschedclock.h"
#include "tccodec.h"

#include "kinds/clsact/clsactparams.h"
#include "kinds/kernelmodules.h"
#include "kinds/kindtable.h"

#include <QDir>

#include <fcntl.h>
#include <unistd.h>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/gen_stats.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <algorithm>
#include <arpa/inet.h>
#include <cstring>

namespace qs {

namespace {

/**
 * The kernel did not know the kind of qdisc @p op creates: qdisc_create() answers ENOENT with
 * "Specified qdisc kind is unknown" once even loading sch_<kind> on demand failed. (A missing
 * parent is ENOENT too, with other words: only the kernel's own text tells them apart.)
 */
bool refusedUnknownKind(const TcOperation &op, const KernelError &failure)
{
    using Type = TcOperation::Type;
    if (failure.code != ENOENT || (op.type != Type::AddQdisc && op.type != Type::ReplaceQdisc))
        return false;
    return failure.extack.contains(QLatin1String("kind is unknown"), Qt::CaseInsensitive);
}


/** One dumped tc object (qdisc, class or filter), parsed just enough to decide what it is. */
struct TcObject
{
    tcmsg header{};
    QString kind;
    const nlattr *options = nullptr;
    const nlattr *stats2 = nullptr;
    QByteArray optionBytes;
    quint32 chain = 0; ///< filters: the chain they are in
};

TcObject parseObject(const nlmsghdr *message)
{
    TcObject object;
    std::memcpy(&object.header, NLMSG_DATA(message), sizeof(tcmsg));
    nlattr *tb[TCA_MAX + 1] = {};
    nlmsg_parse(const_cast<nlmsghdr *>(message), sizeof(tcmsg), tb, TCA_MAX, nullptr);
    if (tb[TCA_KIND])
        object.kind = QString::fromLatin1(nla_get_string(tb[TCA_KIND]));
    object.options = tb[TCA_OPTIONS];
    object.stats2 = tb[TCA_STATS2];
    if (tb[TCA_CHAIN])
        object.chain = nla_get_u32(tb[TCA_CHAIN]);
    if (tb[TCA_OPTIONS])
        object.optionBytes = QByteArray(static_cast<const char *>(nla_data(tb[TCA_OPTIONS])), nla_len(tb[TCA_OPTIONS]));
    return object;
}

NlMsgPtr tcMessage(int type, int flags, int ifindex, quint32 handle, quint32 parent, quint32 info = 0,
                   size_t size = TcCodec::SmallMessage)
{
    NlMsgPtr msg(nlmsg_alloc_size(size));
    nlmsg_put(msg.get(), NL_AUTO_PORT, NL_AUTO_SEQ, type, 0, flags);
    tcmsg header{};
    header.tcm_family = AF_UNSPEC;
    header.tcm_ifindex = ifindex;
    header.tcm_handle = handle;
    header.tcm_parent = parent;
    header.tcm_info = info;
    nlmsg_append(msg.get(), &header, sizeof(header), NLMSG_ALIGNTO);
    return msg;
}

CounterSample countersOf(const nlattr *stats2, bool *packets64)
{
    CounterSample sample;
    *packets64 = false;
    if (!stats2)
        return sample;
    nlattr *tb[TCA_STATS_MAX + 1] = {};
    if (nla_parse_nested(tb, TCA_STATS_MAX, const_cast<nlattr *>(stats2), nullptr) < 0)
        return sample;
    if (tb[TCA_STATS_BASIC] && nla_len(tb[TCA_STATS_BASIC]) >= int(sizeof(gnet_stats_basic))) {
        gnet_stats_basic basic;
        std::memcpy(&basic, nla_data(tb[TCA_STATS_BASIC]), sizeof(basic));
        sample.bytes = basic.bytes;
        sample.packets = basic.packets;
    }
    if (tb[TCA_STATS_PKT64]) { // only sent once the count passed 2^32
        sample.packets = nla_get_u64(tb[TCA_STATS_PKT64]);
        *packets64 = true;
    }
    if (tb[TCA_STATS_QUEUE] && nla_len(tb[TCA_STATS_QUEUE]) >= int(sizeof(gnet_stats_queue))) {
        gnet_stats_queue queue;
        std::memcpy(&queue, nla_data(tb[TCA_STATS_QUEUE]), sizeof(queue));
        sample.backlogPackets = queue.qlen;
        sample.backlogBytes = queue.backlog;
        sample.drops = queue.drops;
        sample.requeues = queue.requeues;
        sample.overlimits = queue.overlimits;
    }
    return sample;
}

/** The counters of one qdisc or class of a dump (the caller checked it is of its device). */
NodeStats nodeStatsOf(const nlmsghdr *message, bool isClass)
{
    const auto *header = static_cast<const tcmsg *>(NLMSG_DATA(message));
    nlattr *tb[TCA_MAX + 1] = {};
    nlmsg_parse(const_cast<nlmsghdr *>(message), sizeof(tcmsg), tb, TCA_MAX, nullptr);
    NodeStats node;
    node.isClass = isClass;
    node.id = TcHandle(header->tcm_handle);
    node.parent = TcHandle(header->tcm_parent);
    if (tb[TCA_KIND])
        node.kind = QString::fromLatin1(nla_get_string(tb[TCA_KIND]));
    node.counters = countersOf(tb[TCA_STATS2], &node.packets64);
    return node;
}

} // namespace

TcEngine::TcEngine(QString target, QString netns, QString device, std::unique_ptr<NetlinkSocket> socket, int ifindex)
    : m_target(std::move(target)), m_netns(std::move(netns)), m_device(std::move(device)), m_socket(std::move(socket)),
      m_ifindex(ifindex), m_clock(PschedClock::system())
{
}

TcEngine::~TcEngine() = default;

bool TcEngine::namespaceIsCurrent() const
{
    return !m_namespace || m_namespace->isCurrent();
}

QString TcEngine::namespaceInstance() const
{
    return m_namespace ? m_namespace->instance() : QString();
}

std::unique_ptr<TcEngine> TcEngine::open(const QString &target, QString *error)
{
    return openOn(target, nullptr, error);
}

std::unique_ptr<TcEngine> TcEngine::openOn(const QString &target, std::unique_ptr<NetlinkSocket> socket, QString *error)
{
    QString netns;
    QString device;
    if (!isWellFormedTarget(target, &netns, &device)) {
        *error = notATarget(target);
        return nullptr;
    }
    const bool ownSocket = !socket;
    std::unique_ptr<NetworkNamespace> opened;
    if (ownSocket) {
        // One resolution of the namespace for both sockets: a container is asked about once.
        QString socketError;
        std::optional<NetworkNamespace> inside = NetworkNamespace::open(netns, &socketError);
        if (inside) {
            opened = std::make_unique<NetworkNamespace>(std::move(*inside));
            socket = NetlinkSocket::open(*opened, &socketError);
        }
        if (!socket) {
            *error = QStringLiteral("%1: %2").arg(target, socketError);
            return nullptr;
        }
    }
    const int index = Links(*socket).ifindex(device);
    if (index <= 0) {
        *error = netns.isEmpty() ? tr("%1: no such network interface").arg(target)
                                 : tr("%1: no interface %2 in network namespace %3").arg(target, device, netns);
        return nullptr;
    }
    std::unique_ptr<TcEngine> engine(new TcEngine(target, netns, device, std::move(socket), index));
    // Subscribed before the first read, so no change made after it goes unnoticed. An engine on a
    // handed-over socket cannot enter the namespace for a second one: it re-reads every time.
    QString monitorError;
    if (opened)
        engine->m_monitor = NetlinkSocket::open(*opened, &monitorError);
    engine->m_namespace = std::move(opened);
    if (engine->m_monitor && !engine->m_monitor->joinGroup(RTNLGRP_TC))
        engine->m_monitor.reset();
    return engine;
}

bool TcEngine::ensureIfb(const QString &target, QString *error)
{
    QString netns;
    QString device;
    if (!isWellFormedTarget(target, &netns, &device)) {
        *error = notATarget(target);
        return false;
    }
    QString socketError;
    auto socket = NetlinkSocket::open(netns, &socketError);
    if (!socket) {
        *error = QStringLiteral("%1: %2").arg(target, socketError);
        return false;
    }
    Links links(*socket);
    if (links.ifindex(device) > 0)
        return true;
    std::optional<KernelError> failure = links.addIfb(device);
    if (!failure)
        failure = links.setUp(device);
    if (failure) {
        //: %1 is a target (eth0, lab/ifb0), %2 the kernel's reason; "modprobe ifb" is a command to run.
        *error = failure->code == EOPNOTSUPP ? tr("%1: creating the ifb device failed: %2 (load the ifb module: modprobe ifb)")
                                                   .arg(target, failure->toString())
                                             //: %1 is a target (eth0, lab/ifb0), %2 the kernel's reason.
                                             : tr("%1: creating the ifb device failed: %2").arg(target, failure->toString());
        return false;
    }
    return true;
}

bool TcEngine::stillInItsNamespace(QString *error) const
{
    if (namespaceIsCurrent())
        return true;
    // The socket would keep the old namespace alive: nothing may be read from or sent into it.
    //: %1 is a target such as docker:r1/eth1
    *error = tr("%1: its container stopped or restarted since it was opened; open the target again").arg(m_target);
    return false;
}

std::optional<QdiscTree> TcEngine::read(QString *error, QList<NodeStats> *stats)
{
    if (!stillInItsNamespace(error))
        return std::nullopt;
    const qint64 now = monotonicNowNs();
    if (stats)
        stats->clear();
    QdiscTree tree;
    tree.netns = m_netns;
    tree.device = m_device;
    TcCodec::Context context;
    context.clock = &m_clock;
    context.ifname = [this](int index) { return Links(*m_socket).name(index); };

    QList<TcObject> qdiscs;
    QList<QByteArray> keep; // the objects point into these buffers
    const auto keepObject = [&](const nlmsghdr *message, QList<TcObject> *into) {
        keep.append(QByteArray(reinterpret_cast<const char *>(message), message->nlmsg_len));
        into->append(parseObject(reinterpret_cast<const nlmsghdr *>(keep.last().constData())));
    };
    const auto collect = [&](NlMsgPtr msg, QList<TcObject> *into, const std::function<void(const nlmsghdr *)> &alsoWith = {})
        -> std::optional<KernelError> {
        return m_socket->dump(msg.get(), [&](const nlmsghdr *message) {
            const auto *header = static_cast<const tcmsg *>(NLMSG_DATA(message));
            if (header->tcm_ifindex != m_ifindex) // a qdisc dump lists every device
                return;
            keepObject(message, into);
            if (alsoWith)
                alsoWith(message);
        });
    };
    // The counters come with every qdisc and class dumped: the caller's first sample, so that
    // opening a big tree does not dump its classes a second time at once.
    const auto counted = [&](bool isClass) -> std::function<void(const nlmsghdr *)> {
        if (!stats)
            return {};
        return [stats, now, isClass](const nlmsghdr *message) {
            stats->append(nodeStatsOf(message, isClass));
            stats->last().counters.timeNs = now;
        };
    };
    if (auto failure = collect(tcMessage(RTM_GETQDISC, 0, m_ifindex, 0, 0), &qdiscs, counted(false))) {
        *error = tr("%1: reading qdiscs failed: %2").arg(m_target, failure->toString());
        return std::nullopt;
    }
    // The qdiscs whose classes are configuration (htb, hfsc, …): prio's bands and mq's queues
    // come with their qdisc, and the classes of a kind the model does not know cannot be told apart.
    QHash<quint32, const QdiscNode *> classOwners;
    for (const TcObject &q : std::as_const(qdiscs)) {
        // Handle 0 marks the device's own default (noqueue, pfifo_fast, mq and its children).
        if (q.header.tcm_handle == 0)
            continue;
        QdiscNode node;
        node.handle = TcHandle(q.header.tcm_handle);
        node.parent = TcHandle(q.header.tcm_parent);
        if (node.parent.isIngressParent())
            node.handle = TcHandle::ingressHandle();
        node.params = TcCodec::decodeQdisc(q.kind, q.options, context);
        tree.qdiscs.append(node);
    }
    QList<quint32> ownerHandles;
    for (const QdiscNode &q : std::as_const(tree.qdiscs)) {
        if (q.children() == QdiscChildren::Classes && !q.isForeign()) {
            classOwners.insert(q.handle.raw(), &q);
            ownerHandles.append(q.handle.raw());
        }
    }
    QList<TcObject> classes;
    const auto countClass = counted(true);
    if (auto failure = dumpClasses(&ownerHandles, [&](const nlmsghdr *message) {
            keepObject(message, &classes);
            if (countClass)
                countClass(message);
        })) {
        *error = tr("%1: reading classes failed: %2").arg(m_target, failure->toString());
        return std::nullopt;
    }
    for (const TcObject &c : std::as_const(classes)) {
        const QdiscNode *owner = classOwners.value(TcHandle(c.header.tcm_handle).qdiscPart().raw());
        // hfsc's root class (MAJOR:0) is the qdisc itself: it comes and goes with it.
        if (!owner || c.kind != owner->kindName() || TC_H_MIN(c.header.tcm_handle) == 0)
            continue;
        ClassNode node;
        node.classId = TcHandle(c.header.tcm_handle);
        node.parent = TcHandle(c.header.tcm_parent);
        if (node.parent.isRoot())
            node.parent = node.classId.qdiscPart();
        node.params = TcCodec::decodeClass(c.kind, c.options, context, owner->params);
        tree.classes.append(node);
    }

    // Filters hang from classful and ingress qdiscs; clsact has two hooks of its own.
    QList<quint32> filterParents;
    for (const QdiscNode &q : std::as_const(tree.qdiscs)) {
        if (q.is<ClsactParams>())
            filterParents << 0xFFFFFFF2u << 0xFFFFFFF3u;
        else
            filterParents << q.handle.raw();
    }
    for (quint32 parent : std::as_const(filterParents)) {
        QList<TcObject> filters;
        if (auto failure = collect(tcMessage(RTM_GETTFILTER, 0, m_ifindex, 0, parent), &filters)) {
            if (failure->code == EINVAL || failure->code == EOPNOTSUPP) // a classless qdisc holds no filters
                continue;
            *error = tr("%1: reading filters failed: %2").arg(m_target, failure->toString());
            return std::nullopt;
        }
        for (const TcObject &f : std::as_const(filters)) {
            if (f.kind.isEmpty() || !f.options) // the per-prio head entries carry no options
                continue;
            Filter filter;
            filter.parent = TcHandle(parent);
            filter.prio = quint16(TC_H_MAJ(f.header.tcm_info) >> 16);
            filter.protocol = ntohs(quint16(TC_H_MIN(f.header.tcm_info)));
            filter.handle = f.header.tcm_handle;
            filter.chain = f.chain;
            if (TcCodec::decodeFilter(f.kind, f.options, context, &filter))
                tree.filters.append(filter);
        }
    }
    m_known = tree;
    m_knownFingerprint.reset();
    return tree;
}

std::optional<QdiscTree> TcEngine::currentTree(QString *error)
{
    if (!knowCurrentTree(error))
        return std::nullopt;
    return m_known;
}

bool TcEngine::knowCurrentTree(QString *error)
{
    if (!stillInItsNamespace(error))
        return false;
    bool changedElsewhere = !m_known || !m_monitor;
    if (m_monitor) {
        const quint32 ownPort = m_socket->portId();
        const bool complete = m_monitor->drainNotifications([&](const nlmsghdr *message) {
            if (message->nlmsg_type < RTM_NEWQDISC || message->nlmsg_type > RTM_GETTFILTER)
                return;
            const auto *header = static_cast<const tcmsg *>(NLMSG_DATA(message));
            if (header->tcm_ifindex == m_ifindex && message->nlmsg_pid != ownPort)
                changedElsewhere = true;
        });
        changedElsewhere |= !complete;
    }
    if (!changedElsewhere)
        return true;
    m_known = read(error);
    m_knownFingerprint.reset();
    return m_known.has_value();
}

std::optional<KernelError> TcEngine::send(const TcOperation &op, QString *localError)
{
    TcCodec::Context context;
    context.clock = &m_clock;
    context.ifindex = [this](const QString &name) { return Links(*m_socket).ifindex(name); };
    using Type = TcOperation::Type;
    const auto qdiscParent = [](const QdiscNode &q) { return q.parent.raw(); };
    const auto qdiscHandle = [](const QdiscNode &q) { return q.atIngressHook() ? TcHandle::ingressHandle().raw() : q.handle.raw(); };
    NlMsgPtr msg;
    bool encoded = true;
    switch (op.type) {
    case Type::AddQdisc:
    case Type::ReplaceQdisc:
    case Type::ChangeQdisc: {
        const int flags = op.type == Type::AddQdisc ? NLM_F_CREATE | NLM_F_EXCL : op.type == Type::ReplaceQdisc ? NLM_F_CREATE | NLM_F_REPLACE : 0;
        msg = tcMessage(RTM_NEWQDISC, flags, m_ifindex, qdiscHandle(op.qdisc), qdiscParent(op.qdisc), 0,
                        TcCodec::messageSizeFor(op.qdisc.params));
        encoded = TcCodec::encodeQdisc(msg.get(), op.qdisc.params, context, localError);
        break;
    }
    case Type::DeleteQdisc:
        msg = tcMessage(RTM_DELQDISC, 0, m_ifindex, qdiscHandle(op.qdisc), qdiscParent(op.qdisc));
        break;
    case Type::AddClass:
    case Type::ChangeClass:
        msg = tcMessage(RTM_NEWTCLASS, op.type == Type::AddClass ? NLM_F_CREATE | NLM_F_EXCL : 0, m_ifindex, op.classNode.classId.raw(),
                        op.classNode.parent.raw());
        encoded = TcCodec::encodeClass(msg.get(), op.classNode.params, context, localError);
        break;
    case Type::DeleteClass:
        msg = tcMessage(RTM_DELTCLASS, 0, m_ifindex, op.classNode.classId.raw(), op.classNode.parent.raw());
        break;
    case Type::AddFilter:
        msg = tcMessage(RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, m_ifindex, op.filter.handle.value_or(0), op.filter.parent.raw(),
                        TC_H_MAKE(quint32(op.filter.prio) << 16, htons(op.filter.protocol)));
        if (op.filter.chain)
            nla_put_u32(msg.get(), TCA_CHAIN, op.filter.chain);
        encoded = TcCodec::encodeFilter(msg.get(), op.filter, context, localError);
        break;
    case Type::DeleteFilter:
        msg = tcMessage(RTM_DELTFILTER, 0, m_ifindex, op.filter.handle.value_or(0), op.filter.parent.raw(),
                        TC_H_MAKE(quint32(op.filter.prio) << 16, htons(op.filter.protocol)));
        if (op.filter.chain)
            nla_put_u32(msg.get(), TCA_CHAIN, op.filter.chain);
        if (op.filter.handle)
            nla_put_string(msg.get(), TCA_KIND, op.filter.kindName().toLatin1().constData());
        break;
    }
    if (!encoded) {
        if (localError->isEmpty())
            *localError = tr("the request did not fit in a netlink message");
        return KernelError{EINVAL, *localError};
    }
    return m_socket->request(msg.get());
}

ApplyResult TcEngine::execute(const QList<TcOperation> &plan)
{
    m_known.reset(); // our own requests raise no "changed elsewhere": forget what we knew
    m_knownFingerprint.reset();
    return run(plan);
}

ApplyResult TcEngine::run(const QList<TcOperation> &plan)
{
    ApplyResult result;
    result.plan = plan;
    for (const TcOperation &op : plan) {
        QString localError;
        if (const auto failure = send(op, &localError)) {
            result.error = QStringLiteral("%1: %2: %3").arg(m_target, op.describe(), failure->toString());
            if (refusedUnknownKind(op, *failure)) {
                const QString kind = op.qdisc.kindName();
                result.missingModule = KernelModules::qdiscModule(kind);
                result.error += QStringLiteral(": ") + KernelModules::missingQdiscMessage(kind);
            } else if (op.type == TcOperation::Type::AddQdisc || op.type == TcOperation::Type::ReplaceQdisc) {
                if (const QString advice = op.qdisc.ops().addRefusal(op.qdisc.params.data(), failure->code); !advice.isEmpty())
                    result.error += QStringLiteral(": ") + advice;
            }
            return result;
        }
        ++result.done;
    }
    result.ok = true;
    return result;
}

QString TcEngine::foreignRefusal(const QString &target, const TcOperation &step)
{
    //: %1 a target, %2 a step ("add qdisc 1: (cake) at root"). A foreign node is one Qdisc Studio kept as the kernel reported it.
    return tr("%1: %2: this node is a foreign one (raw options Qdisc Studio cannot check), and such a node is only kept where "
              "the kernel already holds it, exactly as read, never sent. Leave it as read from the kernel (and its parent as it "
              "is), or give it a kind Qdisc Studio knows. Nothing was changed")
        .arg(target, step.describe());
}

ApplyResult TcEngine::apply(const QdiscTree &desired, ForeignNodes foreign)
{
    ApplyResult result;
    QString error;
    const auto original = currentTree(&error);
    if (!original) {
        result.error = error;
        return result;
    }
    QdiscTree wanted = desired;
    wanted.netns = m_netns;
    wanted.device = m_device;
    wanted.isIfb = original->isIfb;
    const TcPlanner planner(m_clock);
    const QList<TcOperation> plan = planner.plan(*original, wanted);
    if (const QList<TcOperation> raw = TcPlanner::foreignSteps(plan); foreign == ForeignNodes::KeepOnly && !raw.isEmpty()) {
        result.plan = plan;
        result.foreignRefused = true;
        result.error = foreignRefusal(m_target, raw.first());
        return result;
    }
    result = run(plan);
    // What the kernel now holds is what was asked — unless it picked handles itself, which only
    // a read can tell.
    const bool handlesChosen = std::all_of(wanted.qdiscs.begin(), wanted.qdiscs.end(),
                                           [](const QdiscNode &q) { return !q.handle.isUnspec() || q.atIngressHook(); });
    if (result.ok && handlesChosen)
        m_known = wanted;
    else
        m_known.reset();
    m_knownFingerprint.reset();
    if (result.ok || result.done == 0)
        return result;

    // All or nothing: put back what was there before the first accepted step.
    const auto now = read(&error);
    if (!now) {
        result.restoreError = error;
        return result;
    }
    const ApplyResult back = run(planner.plan(*now, *original));
    const auto after = back.ok ? read(&error) : std::nullopt;
    result.restored = back.ok && after && planner.plan(*after, *original).isEmpty();
    if (!result.restored)
        result.restoreError = back.ok ? tr("the target does not read back as it was") : back.error;
    return result;
}

std::optional<TreeFingerprint> TcEngine::fingerprint(QString *error)
{
    if (!knowCurrentTree(error))
        return std::nullopt;
    if (!m_knownFingerprint)
        m_knownFingerprint = TreeFingerprint::of(*m_known);
    return m_knownFingerprint;
}

NodeChangeResult TcEngine::changeNode(const QdiscTree &node, const TreeFingerprint &basis)
{
    using Outcome = NodeChangeResult::Outcome;
    NodeChangeResult change;
    QString error;
    const auto held = fingerprint(&error);
    if (!held) {
        change.result.error = error;
        return change;
    }
    if (!(*held == basis)) {
        change.outcome = Outcome::Mismatch;
        change.fingerprint = *held;
        change.why = tr("the tree on %1 is not the one this change was made for (it was changed since, by another "
                        "change or someone else, or read again): nothing was changed; read the tree again or send it whole")
                         .arg(m_target);
        return change;
    }
    const TcPlanner planner(m_clock);
    const bool isClass = node.classes.size() == 1 && node.qdiscs.isEmpty() && node.filters.isEmpty();
    const bool isQdisc = node.qdiscs.size() == 1 && node.classes.isEmpty() && node.filters.isEmpty();
    // Found in the tree as it is held, without a copy of it: the node is changed right there after.
    qsizetype index = -1;
    std::optional<TcOperation> op;
    if (isClass) {
        const ClassNode &want = node.classes.first();
        const auto &classes = std::as_const(m_known->classes);
        for (qsizetype i = 0; i < classes.size() && index < 0; ++i)
            if (classes[i].classId == want.classId)
                index = i;
        if (index < 0 || classes[index].parent != want.parent || !classes[index].params.sameKind(want.params)) {
            change.outcome = Outcome::NotInPlace;
            change.why = tr("class %1 (%2, parent %3) is not in the tree on %4: a change that adds, moves or re-kinds a class "
                            "is sent as a whole tree")
                             .arg(want.classId.toString(), want.kindName(), want.parent.toString(), m_target);
            return change;
        }
        if (planner.classRebuilt(classes[index], want)) {
            change.outcome = Outcome::NotInPlace;
            change.why = tr("class %1 (%2) cannot change that in place (the kernel would keep what is not sent): it is sent as a "
                            "whole tree")
                             .arg(want.classId.toString(), want.kindName());
            return change;
        }
        op = planner.classChange(classes[index], want);
    } else if (isQdisc) {
        const QdiscNode &want = node.qdiscs.first();
        const auto &qdiscs = std::as_const(m_known->qdiscs);
        for (qsizetype i = 0; i < qdiscs.size() && index < 0; ++i)
            if (qdiscs[i].parent == want.parent)
                index = i;
        TcOperation qdiscOp;
        const bool found = index >= 0 && qdiscs[index].kindName() == want.kindName() &&
                           (want.handle.isUnspec() || want.handle == qdiscs[index].handle);
        const ChangeRule rule = found ? planner.qdiscChange(qdiscs[index], want, &qdiscOp) : ChangeRule::Replace;
        if (rule == ChangeRule::Replace) {
            change.outcome = Outcome::NotInPlace;
            change.why = found ? tr("qdisc %1 (%2) cannot change that in place (the kernel would have to replace it): "
                                    "it is sent as a whole tree")
                                     .arg(qdiscs[index].handle.toString(), want.kindName())
                               : tr("there is no %1 qdisc at %2 on %3 to change: a change that adds or replaces a qdisc "
                                    "is sent as a whole tree")
                                     .arg(want.kindName(), want.parent.toString(), m_target);
            return change;
        }
        if (rule == ChangeRule::InPlace)
            op = qdiscOp;
    } else {
        change.outcome = Outcome::NotInPlace;
        change.why = tr("a change addressed to one node holds exactly one class or one qdisc (it held %1 qdiscs, %2 classes "
                        "and %3 filters)")
                         .arg(node.qdiscs.size())
                         .arg(node.classes.size())
                         .arg(node.filters.size());
        return change;
    }
    if (op && op->sendsForeignOptions()) {
        // A client's raw options would reach the kernel unchecked (see ForeignNodes::KeepOnly):
        // one node is held to the rule a whole tree is.
        change.outcome = Outcome::NotInPlace;
        change.why = foreignRefusal(m_target, *op);
        return change;
    }
    if (op)
        change.result = run({*op});
    else
        change.result.ok = true; // the kernel holds it so already
    if (!change.result.ok) {
        // One refused request changes nothing, but what the kernel holds is read again rather than assumed.
        m_known.reset();
        m_knownFingerprint.reset();
        return change;
    }
    if (isClass) {
        const ClassNode &before = std::as_const(m_known->classes)[index];
        m_knownFingerprint->replace(before, node.classes.first());
        m_known->classes[index] = node.classes.first();
    } else {
        QdiscNode after = node.qdiscs.first();
        after.handle = std::as_const(m_known->qdiscs)[index].handle; // as the kernel holds it
        m_knownFingerprint->replace(std::as_const(m_known->qdiscs)[index], after);
        m_known->qdiscs[index] = after;
    }
    change.outcome = Outcome::Changed;
    change.fingerprint = *m_knownFingerprint;
    return change;
}

ApplyResult TcEngine::clear()
{
    QdiscTree empty;
    return apply(empty);
}

std::optional<KernelError> TcEngine::dumpClasses(const QList<quint32> *owners, const std::function<void(const nlmsghdr *)> &onMessage)
{
    const auto onThisDevice = [&](const nlmsghdr *message) {
        if (static_cast<const tcmsg *>(NLMSG_DATA(message))->tcm_ifindex == m_ifindex)
            onMessage(message);
    };
    if (!owners)
        return m_socket->dump(tcMessage(RTM_GETTCLASS, 0, m_ifindex, 0, 0).get(), onThisDevice);
    // Why not one dump of the device: the kernel resumes it for every part of ~32 KB (about 110
    // classes with statistics) by walking the device's qdisc hash again, and each htb class has an
    // invisible leaf qdisc there. 50 000 htb classes under five qdiscs took tc 2.4 s of kernel
    // time this way, the five dumps of one qdisc each 0.9 s.
    for (quint32 handle : *owners) {
        if (auto failure = m_socket->dump(tcMessage(RTM_GETTCLASS, 0, m_ifindex, 0, handle).get(), onThisDevice)) {
            if (failure->code == ENOENT || failure->code == EINVAL) // gone meanwhile, or a kind without classes
                continue;
            return failure;
        }
    }
    return std::nullopt;
}

std::optional<QList<NodeStats>> TcEngine::readStats(QString *error)
{
    if (!stillInItsNamespace(error))
        return std::nullopt;
    QList<NodeStats> nodes;
    const auto take = [&](const nlmsghdr *message, bool isClass) {
        if (static_cast<const tcmsg *>(NLMSG_DATA(message))->tcm_ifindex == m_ifindex)
            nodes.append(nodeStatsOf(message, isClass));
    };
    const qint64 now = monotonicNowNs();
    if (auto failure = m_socket->dump(tcMessage(RTM_GETQDISC, 0, m_ifindex, 0, 0).get(), [&](const nlmsghdr *m) { take(m, false); })) {
        *error = tr("%1: reading statistics failed: %2").arg(m_target, failure->toString());
        return std::nullopt;
    }
    // Class dumps qdisc by qdisc, unless a qdisc has no handle to name it by (a device's
    // default mq and its children) or there are so many that one request each costs more.
    constexpr qsizetype MostQdiscsDumpedOneByOne = 256;
    QList<quint32> owners;
    bool oneByOne = nodes.size() <= MostQdiscsDumpedOneByOne;
    for (const NodeStats &q : std::as_const(nodes)) {
        oneByOne = oneByOne && q.id.raw() != 0;
        owners.append(q.id.raw());
    }
    if (auto failure = dumpClasses(oneByOne ? &owners : nullptr, [&](const nlmsghdr *m) { take(m, true); })) {
        *error = tr("%1: reading statistics failed: %2").arg(m_target, failure->toString());
        return std::nullopt;
    }
    for (NodeStats &node : nodes)
        node.counters.timeNs = now;
    return nodes;
}

QJsonObject TargetInfo::toJson() const
{
    QJsonObject o{{QStringLiteral("target"), target()}, {QStringLiteral("netns"), netns}, {QStringLiteral("device"), device},
                  {QStringLiteral("type"), type}, {QStringLiteral("up"), up}, {QStringLiteral("rootQdisc"), rootQdisc}};
    if (container)
        o.insert(QStringLiteral("container"), container->toJson());
    if (!peer.isEmpty())
        o.insert(QStringLiteral("peer"), peer);
    return o;
}

TargetInfo TargetInfo::fromJson(const QJsonObject &o)
{
    TargetInfo t;
    t.netns = o.value(QStringLiteral("netns")).toString();
    t.device = o.value(QStringLiteral("device")).toString();
    t.type = o.value(QStringLiteral("type")).toString();
    t.up = o.value(QStringLiteral("up")).toBool();
    t.rootQdisc = o.value(QStringLiteral("rootQdisc")).toString();
    t.container = ContainerInfo::fromJson(o.value(QStringLiteral("container")).toObject());
    t.peer = o.value(QStringLiteral("peer")).toString();
    return t;
}

namespace {

/** A namespace being listed: its handle, a socket in it, and its links by ifindex. */
struct ListedNamespace
{
    NetworkNamespace ns;
    std::unique_ptr<NetlinkSocket> socket;
    struct Link
    {
        int targetIndex = -1; ///< into the list being built
        int peerIfindex = 0;  ///< IFLA_LINK of a veth
        int peerNetnsId = -1; ///< where the peer lies, as this namespace numbers it; -2: here too
    };
    QHash<int, Link> links;
};

/** The interfaces of one namespace, appended to @p targets. */
void listLinks(ListedNamespace &place, QList<TargetInfo> &targets)
{
    QHash<int, QString> rootKinds;
    NlMsgPtr qdiscs = tcMessage(RTM_GETQDISC, 0, 0, 0, 0);
    place.socket->dump(qdiscs.get(), [&](const nlmsghdr *message) {
        const TcObject q = parseObject(message);
        if (q.header.tcm_parent == TC_H_ROOT)
            rootKinds.insert(q.header.tcm_ifindex, q.kind);
    });
    // A namespace whose links cannot be read lists nothing, as one that vanished meanwhile.
    const std::optional<QList<Link>> links = Links(*place.socket).list();
    for (const Link &link : links.value_or(QList<Link>())) {
        TargetInfo target;
        target.netns = place.ns.name();
        target.container = place.ns.container();
        target.device = link.name;
        target.up = link.up;
        target.type = link.kind;
        target.rootQdisc = rootKinds.value(link.ifindex);
        ListedNamespace::Link &entry = place.links[link.ifindex];
        entry.targetIndex = int(targets.size());
        if (link.kind == u"veth" && link.peerIfindex > 0) {
            entry.peerIfindex = link.peerIfindex;
            entry.peerNetnsId = link.peerNetnsId.value_or(-2); // -2: the peer is here
        }
        targets.append(target);
    }
}

/** Each veth's other end, where it lies in a namespace of @p places ("docker:r2/eth1"). */
void findPeers(std::vector<ListedNamespace> &places, QList<TargetInfo> &targets)
{
    for (ListedNamespace &place : places) {
        QHash<int, ListedNamespace *> byId; // the ids this namespace gives the others, asked once each
        bool idsKnown = false;
        for (const ListedNamespace::Link &link : std::as_const(place.links)) {
            if (link.peerIfindex <= 0)
                continue;
            ListedNamespace *other = nullptr;
            if (link.peerNetnsId == -2) {
                other = &place; // both ends here
            } else if (link.peerNetnsId >= 0) {
                if (!idsKnown) {
                    idsKnown = true;
                    for (ListedNamespace &candidate : places) {
                        if (&candidate == &place)
                            continue;
                        // The own namespace has no descriptor open: open one for the question.
                        const int fd = candidate.ns.isOwn() ? ::open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC) : candidate.ns.fd();
                        if (const std::optional<int> id = Links(*place.socket).namespaceId(fd))
                            byId.insert(*id, &candidate);
                        if (candidate.ns.isOwn() && fd >= 0)
                            ::close(fd);
                    }
                }
                other = byId.value(link.peerNetnsId);
            }
            const auto peer = other ? other->links.constFind(link.peerIfindex) : QHash<int, ListedNamespace::Link>::const_iterator();
            if (other && peer != other->links.cend())
                targets[link.targetIndex].peer = targets.at(peer->targetIndex).target();
        }
    }
}

} // namespace

QList<TargetInfo> listTargets(QString *error)
{
    QStringList names{QString()};
    const QDir runNetns(QStringLiteral("/run/netns"));
    names += runNetns.entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    QList<TargetInfo> targets;
    QStringList problems;
    std::vector<ListedNamespace> places;
    const auto enter = [&](const QString &name, QString *why) {
        std::optional<NetworkNamespace> ns = NetworkNamespace::open(name, why);
        std::unique_ptr<NetlinkSocket> socket = ns ? NetlinkSocket::open(*ns, why) : nullptr;
        if (!socket)
            return false;
        places.push_back(ListedNamespace{std::move(*ns), std::move(socket), {}});
        return true;
    };
    for (const QString &name : std::as_const(names)) {
        QString socketError;
        if (!enter(name, &socketError) && name.isEmpty())
            problems.append(socketError); // a named namespace may vanish meanwhile, or refuse us: skipped
    }
    // Containers: a runtime that is not installed says nothing; one that refuses says so.
    for (const ContainerRuntimeKind kind : ContainerRuntime::all()) {
        const ContainerRuntime runtime(kind);
        if (!runtime.seemsPresent())
            continue;
        QString listError;
        ContainerRuntime::Failure failure = ContainerRuntime::Failure::None;
        const std::optional<QList<ContainerInfo>> containers = runtime.list(&listError, &failure);
        if (!containers) {
            if (failure != ContainerRuntime::Failure::RuntimeMissing)
                problems.append(listError);
            continue;
        }
        for (const ContainerInfo &container : *containers) {
            QString enterError;
            if (container.state == u"running" && enter(NetworkNamespace::nameOf(container), &enterError))
                continue;
            TargetInfo stopped; // listed without interfaces: it has no namespace to show
            stopped.netns = NetworkNamespace::nameOf(container);
            stopped.container = container;
            targets.append(stopped);
        }
    }
    for (ListedNamespace &place : places)
        listLinks(place, targets);
    findPeers(places, targets);
    if (error)
        *error = problems.join(QStringLiteral("; "));
    return targets;
}

} // namespace qs
