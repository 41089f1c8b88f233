#include "tcplan.h"

#include "netlinksocket.h"
#include "pschedclock.h"
#include "tccodec.h"

#include <QSet>

#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <cstring>

namespace qs {

/* TRANSLATOR qs::TcOperation

   The steps of applying a tree, shown in plans and in error messages ("eth0: add qdisc 1: (netem)
   at root: …"). They follow tc's commands: the words qdisc, class, filter and prio, kinds such as
   (netem) and ids such as 1:10 or root stay as they are.
*/
QString TcOperation::describe() const
{
    //: A qdisc without a handle of its own: the kernel picks one. Stands for the handle in "add qdisc (auto) (sfq) at 1:10".
    const QString handle = qdisc.handle.isUnspec() ? tr("(auto)") : qdisc.handle.toString();
    const QString kind = qdiscKindName(qdisc.kind());
    const QString parent = qdisc.parent.toString();
    switch (type) {
    case Type::DeleteFilter:
        //: %1 is a parent (1:, ffff:), %2 a prio (number).
        return tr("delete filters of %1 prio %2").arg(filter.parent.toString()).arg(filter.prio);
    case Type::DeleteClass:
        return tr("delete class %1").arg(htbClass.classId.toString());
    case Type::DeleteQdisc:
        //: %1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).
        return tr("delete qdisc %1 (%2) at %3").arg(handle, kind, parent);
    case Type::AddQdisc:
        //: %1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).
        return tr("add qdisc %1 (%2) at %3").arg(handle, kind, parent);
    case Type::ReplaceQdisc:
        //: %1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).
        return tr("replace qdisc %1 (%2) at %3").arg(handle, kind, parent);
    case Type::ChangeQdisc:
        //: %1 a handle (1:), %2 a kind (netem), %3 a parent (root, 1:10).
        return tr("change qdisc %1 (%2) at %3").arg(handle, kind, parent);
    case Type::AddClass:
        //: %1 a class id (1:10), %2 its parent (1:, 1:1).
        return tr("add class %1 at %2").arg(htbClass.classId.toString(), htbClass.parent.toString());
    case Type::ChangeClass:
        return tr("change class %1").arg(htbClass.classId.toString());
    case Type::AddFilter:
        //: %1 is a parent (1:, ffff:), %2 a prio (number).
        return tr("add filter at %1 prio %2").arg(filter.parent.toString()).arg(filter.prio);
    }
    return {};
}

TcPlanner::TcPlanner(const PschedClock &clock) : m_clock(clock) {}

namespace {

/** The option bytes the codec would send, for comparing two parameter sets as the kernel sees them. */
QByteArray encoded(const std::function<bool(nl_msg *)> &encode, size_t size = TcCodec::SmallMessage)
{
    NlMsgPtr msg(nlmsg_alloc_size(size));
    if (!msg || !encode(msg.get()))
        return {};
    const nlmsghdr *header = nlmsg_hdr(msg.get());
    return QByteArray(static_cast<const char *>(nlmsg_data(header)), nlmsg_datalen(header));
}

/**
 * Whether the kernel can change @p running into @p wanted in place: htb and sfq have no change
 * operation, and fq_codel's flow table is fixed once created.
 */
bool changeableInPlace(const QdiscParams &running, const QdiscParams &wanted)
{
    if (std::holds_alternative<HtbQdiscParams>(wanted) || std::holds_alternative<SfqParams>(wanted))
        return false;
    if (const auto *codel = std::get_if<FqCodelParams>(&wanted)) {
        const auto *old = std::get_if<FqCodelParams>(&running);
        return !old || codel->flows == 0 || codel->flows == old->flows;
    }
    return true;
}

} // namespace

bool TcPlanner::sameKernelState(const QdiscParams &running, const QdiscParams &wanted) const
{
    if (running.index() != wanted.index())
        return false; // e.g. a netem read as foreign: always re-sent
    // What a change leaves behind, for the kinds whose change keeps what it is not sent.
    QdiscParams effective = wanted;
    if (const auto *sfq = std::get_if<SfqParams>(&wanted))
        effective = sfq->appliedOnto(std::get<SfqParams>(running));
    else if (const auto *codel = std::get_if<FqCodelParams>(&wanted))
        effective = codel->appliedOnto(std::get<FqCodelParams>(running));
    else if (const auto *tbf = std::get_if<TbfParams>(&wanted)) {
        // The kernel keeps the bucket as time: two byte counts landing on the same ticks are one state.
        const auto &old = std::get<TbfParams>(running);
        const auto ticks = [](quint64 rate, quint32 bytes) { return PschedClock::kernelLengthToNs(rate, bytes) >> 6; };
        return old.rateBytesPerSecond == tbf->rateBytesPerSecond && old.peakRateBytesPerSecond == tbf->peakRateBytesPerSecond &&
               old.effectiveLimitBytes() == tbf->effectiveLimitBytes() &&
               ticks(old.rateBytesPerSecond, old.burstBytes) == ticks(tbf->rateBytesPerSecond, tbf->burstBytes) &&
               ticks(old.peakRateBytesPerSecond, old.mtu) == ticks(tbf->peakRateBytesPerSecond, tbf->mtu);
    } else if (const auto *htb = std::get_if<HtbQdiscParams>(&wanted)) {
        const auto &old = std::get<HtbQdiscParams>(running);
        return old.r2q == htb->r2q && old.defaultClass == htb->defaultClass && (!htb->directQlen || htb->directQlen == old.directQlen);
    }
    TcCodec::Context context;
    context.clock = &m_clock;
    QString ignored;
    return encoded([&](nl_msg *m) { return TcCodec::encodeQdisc(m, running, context, &ignored); }, TcCodec::messageSizeFor(running)) ==
           encoded([&](nl_msg *m) { return TcCodec::encodeQdisc(m, effective, context, &ignored); }, TcCodec::messageSizeFor(effective));
}

bool TcPlanner::sameKernelState(const HtbClassParams &running, const HtbClassParams &wanted) const
{
    // Compared as the parameters the kernel receives, without building messages: a slider on a
    // large tree compares every class on every step.
    HtbClassParams adjusted = wanted;
    adjusted.mtu = running.mtu; // the mtu only shapes tc's rate tables, which the kernel does not keep
    const tc_htb_opt a = TcCodec::htbClassOptions(running, m_clock);
    const tc_htb_opt b = TcCodec::htbClassOptions(adjusted, m_clock);
    return running.rateBytesPerSecond == adjusted.rateBytesPerSecond && running.effectiveCeil() == adjusted.effectiveCeil() &&
           std::memcmp(&a, &b, sizeof(a)) == 0;
}

bool TcPlanner::sameFilter(const U32Filter &running, const U32Filter &wanted)
{
    return running.parent == wanted.parent && (wanted.prio == 0 || running.prio == wanted.prio) &&
           running.protocol == wanted.protocol && (!wanted.handle || running.handle == wanted.handle) &&
           running.keys() == wanted.keys() && running.flowId == wanted.flowId && running.action == wanted.action;
}

QList<TcOperation> TcPlanner::plan(const QdiscTree &current, const QdiscTree &desired) const
{
    QList<TcOperation> deletions;
    QList<TcOperation> creations;
    QSet<quint32> rebuilt; // qdisc handles (desired) created fresh: nothing below them survives
    // Indexed once: a slider on a 10 000-class tree must not scan every class for every class.
    QHash<quint32, const ClassNode *> currentClasses;
    for (const ClassNode &c : current.classes)
        currentClasses.insert(c.classId.raw(), &c);
    QSet<quint32> desiredClasses;
    for (const ClassNode &c : desired.classes)
        desiredClasses.insert(c.classId.raw());
    const QList<ClassNode> desiredClassOrder = desired.classesInCreationOrder();

    // Qdiscs, parents first: keep, change, replace or add each desired one.
    for (const QdiscNode &want : desired.qdiscsInCreationOrder()) {
        const QdiscNode *have = current.qdiscAt(want.parent);
        const bool parentRebuilt = !want.parent.isRoot() && !want.parent.isIngressParent() &&
                                   rebuilt.contains(want.parent.qdiscPart().raw());
        TcOperation op;
        op.qdisc = want;
        if (!have || parentRebuilt) {
            op.type = TcOperation::Type::AddQdisc;
            rebuilt.insert(want.handle.raw());
        } else if (have->kindName() == want.kindName() && (want.handle.isUnspec() || want.handle == have->handle)) {
            // The same kernel kind (a foreign reading of it included) changes in place.
            if (want.handle.isUnspec())
                op.qdisc.handle = have->handle; // address the running one
            if (sameKernelState(have->params, want.params)) {
                op.type = TcOperation::Type::ChangeQdisc; // marks "kept": not added to the plan below
            } else if (changeableInPlace(have->params, want.params)) {
                op.type = TcOperation::Type::ChangeQdisc;
                // fq_codel refuses any flows attribute on a change, even an unchanged one.
                if (auto *codel = std::get_if<FqCodelParams>(&op.qdisc.params))
                    codel->flows = 0;
            } else {
                op.type = TcOperation::Type::ReplaceQdisc;
                rebuilt.insert(want.handle.raw());
            }
        } else {
            op.type = TcOperation::Type::ReplaceQdisc;
            rebuilt.insert(want.handle.raw());
            if (isIngressKind(want.kind()) || isIngressKind(have->kind())) {
                // ingress and clsact cannot be grafted over each other: delete, then add.
                TcOperation removal;
                removal.type = TcOperation::Type::DeleteQdisc;
                removal.qdisc = *have;
                deletions.append(removal);
                op.type = TcOperation::Type::AddQdisc;
            }
        }
        const bool kept = have && op.type == TcOperation::Type::ChangeQdisc && sameKernelState(have->params, want.params);
        if (!kept)
            creations.append(op);
        if (op.type == TcOperation::Type::ReplaceQdisc && have && have->handle == want.handle && !want.handle.isUnspec()) {
            // A replace with the same handle would be a change to the kernel: delete first.
            TcOperation removal;
            removal.type = TcOperation::Type::DeleteQdisc;
            removal.qdisc = *have;
            deletions.append(removal);
            creations.last().type = TcOperation::Type::AddQdisc;
        }
        // The classes of this qdisc, parents first, right after it.
        if (want.kind() != QdiscKind::Htb)
            continue;
        for (const ClassNode &wantClass : desiredClassOrder) {
            if (wantClass.classId.major() != want.handle.major())
                continue;
            TcOperation classOp;
            classOp.htbClass = wantClass;
            const ClassNode *haveClass = rebuilt.contains(want.handle.raw()) ? nullptr : currentClasses.value(wantClass.classId.raw());
            if (!haveClass) {
                classOp.type = TcOperation::Type::AddClass;
            } else if (haveClass->parent != wantClass.parent) {
                TcOperation removal;
                removal.type = TcOperation::Type::DeleteClass;
                removal.htbClass = *haveClass;
                deletions.append(removal);
                classOp.type = TcOperation::Type::AddClass;
            } else if (sameKernelState(haveClass->params, wantClass.params)) {
                continue;
            } else {
                classOp.type = TcOperation::Type::ChangeClass;
            }
            creations.append(classOp);
        }
    }

    // Whatever runs and is not wanted, and survives the replacements above, goes.
    const auto survives = [&](TcHandle parent) {
        return parent.isRoot() || parent.isIngressParent() || !rebuilt.contains(parent.qdiscPart().raw());
    };
    QList<TcOperation> qdiscDeletions;
    for (const QdiscNode &have : current.qdiscs) {
        if (desired.qdiscAt(have.parent) || !survives(have.parent))
            continue;
        // Only the topmost doomed qdisc needs a request: the kernel takes its subtree with it.
        const QdiscNode *owner = have.parent.isRoot() || have.parent.isIngressParent() ? nullptr : current.qdisc(have.parent.qdiscPart());
        const bool ownerGoes = owner && !desired.qdiscAt(owner->parent);
        if (ownerGoes)
            continue;
        TcOperation op;
        op.type = TcOperation::Type::DeleteQdisc;
        op.qdisc = have;
        qdiscDeletions.append(op);
    }
    // Classes that go, leaves first (htb refuses to delete a class with children or filters).
    QList<TcOperation> classDeletions;
    QList<ClassNode> doomedClasses;
    for (const ClassNode &have : current.classes) {
        const QdiscNode *owner = current.qdisc(have.classId.qdiscPart());
        const QdiscNode *wantOwner = desired.qdisc(have.classId.qdiscPart());
        const bool ownerKept = owner && wantOwner && !rebuilt.contains(wantOwner->handle.raw()) &&
                               desired.qdiscAt(owner->parent) == wantOwner;
        if (ownerKept && !desiredClasses.contains(have.classId.raw()))
            doomedClasses.append(have);
    }
    for (qsizetype i = doomedClasses.size() - 1; i >= 0; --i) {
        TcOperation op;
        op.type = TcOperation::Type::DeleteClass;
        op.htbClass = doomedClasses[i];
        classDeletions.append(op);
    }
    std::stable_sort(classDeletions.begin(), classDeletions.end(), [&](const TcOperation &a, const TcOperation &b) {
        // children (whose parent is another doomed class) first
        const auto depth = [&](const ClassNode &c) {
            int d = 0;
            for (TcHandle p = c.parent; p.minor() != 0; ++d) {
                const ClassNode *parent = currentClasses.value(p.raw());
                if (!parent)
                    break;
                p = parent->parent;
            }
            return d;
        };
        return depth(a.htbClass) > depth(b.htbClass);
    });

    // Filters, per (parent, prio) group: untouched when equal, else the group is rebuilt.
    QList<TcOperation> filterDeletions;
    QList<TcOperation> filterCreations;
    const auto ownerSurvives = [&](const QdiscTree &tree, TcHandle parent) {
        const QdiscNode *owner = tree.filterOwner(parent);
        return owner && !rebuilt.contains(owner->handle.raw());
    };
    QSet<QPair<quint32, quint16>> groups;
    for (const U32Filter &f : current.filters)
        groups.insert({f.parent.raw(), f.prio});
    for (const U32Filter &f : desired.filters)
        groups.insert({f.parent.raw(), f.prio});
    QList<QPair<quint32, quint16>> ordered(groups.begin(), groups.end());
    std::sort(ordered.begin(), ordered.end());
    for (const auto &[parent, prio] : ordered) {
        QList<U32Filter> have;
        QList<U32Filter> want;
        for (const U32Filter &f : current.filters) {
            if (f.parent.raw() == parent && f.prio == prio)
                have.append(f);
        }
        for (const U32Filter &f : desired.filters) {
            if (f.parent.raw() == parent && f.prio == prio)
                want.append(f);
        }
        // A wanted filter without a prio (the kernel picks one) matches a running one anywhere.
        if (prio == 0) {
            for (const U32Filter &w : std::as_const(want)) {
                const bool running = std::any_of(current.filters.begin(), current.filters.end(),
                                                 [&](const U32Filter &r) { return sameFilter(r, w); });
                if (!running || !ownerSurvives(current, w.parent)) {
                    TcOperation op;
                    op.type = TcOperation::Type::AddFilter;
                    op.filter = w;
                    filterCreations.append(op);
                }
            }
            continue;
        }
        const bool equal = have.size() == want.size() && ownerSurvives(current, TcHandle(parent)) &&
                           std::equal(have.begin(), have.end(), want.begin(), &TcPlanner::sameFilter);
        if (equal)
            continue;
        // Filters matched by a prio-less wanted filter above stay.
        have.removeIf([&](const U32Filter &r) {
            return std::any_of(desired.filters.begin(), desired.filters.end(),
                               [&](const U32Filter &w) { return w.prio == 0 && sameFilter(r, w); });
        });
        if (!have.isEmpty() && ownerSurvives(current, TcHandle(parent))) {
            TcOperation op;
            op.type = TcOperation::Type::DeleteFilter;
            op.filter = have.first();
            op.filter.handle.reset(); // the whole prio
            filterDeletions.append(op);
        }
        for (const U32Filter &w : std::as_const(want)) {
            TcOperation op;
            op.type = TcOperation::Type::AddFilter;
            op.filter = w;
            filterCreations.append(op);
        }
    }

    return filterDeletions + classDeletions + qdiscDeletions + deletions + creations + filterCreations;
}

} // namespace qs
