#pragma once

#include "model/qdisctree.h"
#include "pschedclock.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace qs {

/** One step of a plan: one netlink request. */
struct TcOperation
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcOperation)

public:
    enum class Type {
        DeleteFilter, ///< filter: parent, prio, protocol (handle 0 = the whole prio)
        DeleteClass,
        DeleteQdisc,
        AddQdisc,     ///< create; fails if something is there
        ReplaceQdisc, ///< graft a new qdisc in place of another: its queue, counters and children go
        ChangeQdisc,  ///< in place: counters, queue, children and filters survive
        AddClass,
        ChangeClass,
        AddFilter,
    };
    Type type = Type::AddQdisc;
    QdiscNode qdisc;
    ClassNode classNode;
    Filter filter;

    /** "change qdisc 1: (netem) at root", for logs, the audit line and error messages. */
    QString describe() const;
    /**
     * It sends the raw options of a foreign node (a qdisc, class or filter kept as the kernel
     * reported it): bytes the model never checked, of any kind.
     */
    bool sendsForeignOptions() const;
};

/**
 * The fewest netlink operations that turn @p current (read from the kernel) into @p desired:
 * same kind and handle at the same place → an in-place change, and only when the kernel state
 * would differ; otherwise replace; deletions filters → classes → qdiscs, children before
 * parents; creations parents before children, filters last. Foreign nodes of @p current are
 * left alone unless their parent goes.
 */
class TcPlanner
{
public:
    explicit TcPlanner(const PschedClock &clock);
    QList<TcOperation> plan(const QdiscTree &current, const QdiscTree &desired) const;

    /** Whether changing @p running to @p wanted would leave the kernel as it is. */
    bool sameKernelState(const QdiscParams &running, const QdiscParams &wanted) const;
    bool sameKernelState(const ClassParams &running, const ClassParams &wanted) const;
    /**
     * How @p have, running, becomes @p want of the same kernel kind at the same place: Same (no
     * request), InPlace (@p op, a ChangeQdisc, carries what to send) or Replace. One rule for
     * whole plans and for a change addressed to one qdisc (TcEngine::changeNode()).
     */
    ChangeRule qdiscChange(const QdiscNode &have, const QdiscNode &want, TcOperation *op) const;
    /** @p have is a kind whose deleted child leaves noop (mq), and one of its children goes. */
    static bool childGoesLeavingNoop(const QdiscTree &current, const QdiscTree &desired, const QdiscNode &have);
    /** Running class @p have cannot become @p want in place: its kind's change rule says Replace (an hfsc curve that goes). */
    bool classRebuilt(const ClassNode &have, const ClassNode &want) const;
    /** The request that changes running class @p have into @p want in place; nullopt when the kernel holds it already. */
    std::optional<TcOperation> classChange(const ClassNode &have, const ClassNode &want) const;

    /** The same filter as far as the kernel can tell (handle and prio only when @p wanted sets them). */
    static bool sameFilter(const Filter &running, const Filter &wanted);
    /**
     * The steps of @p plan that would send a foreign node's raw options. A foreign node of the
     * desired tree that the kernel already holds at its place (same parent, handle, kind and
     * options) is kept as it is and is in no step; any other one is (new, changed, or re-added
     * under a parent that is rebuilt). A tree from outside (a client's document) may hold foreign
     * nodes only when this is empty: see TcEngine::ForeignNodes.
     */
    static QList<TcOperation> foreignSteps(const QList<TcOperation> &plan);

private:
    PschedClock m_clock; // a copy: planners outlive the clocks tests hand them
};

} // namespace qs
