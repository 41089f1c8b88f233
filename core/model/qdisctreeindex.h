#pragma once

#include "qdisctree.h"
#include "kinds/clsact/clsactparams.h"
#include "kinds/ingress/ingressparams.h"

#include <QHash>
#include <QList>
#include <QSet>

namespace qs {

/**
 * Lookups over one tree, built once in linear time. QdiscTree's own finders search the whole
 * list, which is right for a hand-built tree but makes anything that asks per node quadratic:
 * validating the 65 535 classes the helper accepts must not search every class for every class
 * (it runs before polkit is asked, for anyone). Refers to the tree: valid while it is unchanged.
 */
class QdiscTreeIndex
{
public:
    explicit QdiscTreeIndex(const QdiscTree &tree);

    const QdiscTree &tree() const { return m_tree; }
    /** As QdiscTree::qdisc(): the first qdisc with @p handle, nullptr for the unspecified one. */
    const QdiscNode *qdisc(TcHandle handle) const;
    /** As QdiscTree::findClass(): the first class with @p classId. */
    const ClassNode *findClass(TcHandle classId) const;
    /** Some class has @p classId as its parent. */
    bool hasChildClasses(TcHandle classId) const { return m_parentsOfClasses.contains(classId.raw()); }
    /** The classes whose id has @p major, in the tree's order. */
    QList<const ClassNode *> classesOf(quint16 major) const { return m_classesByMajor.value(major); }
    /** As QdiscTree::filterOwner(). */
    const QdiscNode *filterOwner(TcHandle parent) const;

private:
    const QdiscTree &m_tree;
    QHash<quint32, const QdiscNode *> m_qdiscByHandle;
    QHash<quint32, const ClassNode *> m_classById;
    QSet<quint32> m_parentsOfClasses;
    QHash<quint16, QList<const ClassNode *>> m_classesByMajor;
    const QdiscNode *m_ingress = nullptr;
};

namespace detail {

/**
 * The qdisc whose filter block a filter with @p parent lands in (see QdiscTree::filterOwner()),
 * one rule for the tree's linear finders and the index's hashed ones. @p ingressOf: the
 * tree's ingress or clsact qdisc, asked only when needed.
 */
template <typename QdiscOf, typename ClassExists, typename IngressOf>
const QdiscNode *resolveFilterOwner(TcHandle parent, QdiscOf qdiscOf, ClassExists classExists, IngressOf ingressOf)
{
    if (parent.isUnspec() || parent.isRoot())
        return nullptr;
    const QdiscNode *owner = qdiscOf(parent.qdiscPart());
    if (!owner && parent.major() == TcHandle::ingressHandle().major())
        owner = ingressOf(); // an ingress or clsact read without its implied handle ffff:
    if (!owner)
        return nullptr;
    const bool clsactHook = parent.raw() == QdiscTree::ClsactIngressHook || parent.raw() == QdiscTree::ClsactEgressHook;
    if (owner->is<IngressParams>())
        // ingress_find() maps every minor to its one block: "ingress", "egress" and "parent ffff:" all land there.
        return owner;
    if (owner->is<ClsactParams>())
        // clsact has no block at its own handle, only the two hooks.
        return clsactHook ? owner : nullptr;
    if (owner->children() == QdiscChildren::Classes)
        // Classes have filter blocks of their own (htb_tcf_block(), hfsc_tcf_block(), …).
        return parent.minor() == 0 || classExists(parent) ? owner : nullptr;
    // Bands have no block (prio_tcf_block() refuses a class); other kinds have no classes.
    return parent.minor() == 0 ? owner : nullptr;
}

} // namespace detail

} // namespace qs
