#include "qdisctreeindex.h"

namespace qs {

QdiscTreeIndex::QdiscTreeIndex(const QdiscTree &tree) : m_tree(tree)
{
    m_qdiscByHandle.reserve(tree.qdiscs.size());
    for (const QdiscNode &q : tree.qdiscs) {
        if (!q.handle.isUnspec() && !m_qdiscByHandle.contains(q.handle.raw())) // the first, as QdiscTree::qdisc() finds it
            m_qdiscByHandle.insert(q.handle.raw(), &q);
        if (!m_ingress && q.parent == TcHandle::ingressParent())
            m_ingress = &q;
    }
    m_classById.reserve(tree.classes.size());
    for (const ClassNode &c : tree.classes) {
        if (!m_classById.contains(c.classId.raw()))
            m_classById.insert(c.classId.raw(), &c);
        m_parentsOfClasses.insert(c.parent.raw());
        m_classesByMajor[c.classId.major()].append(&c);
    }
}

const QdiscNode *QdiscTreeIndex::qdisc(TcHandle handle) const
{
    return handle.isUnspec() ? nullptr : m_qdiscByHandle.value(handle.raw(), nullptr);
}

const ClassNode *QdiscTreeIndex::findClass(TcHandle classId) const
{
    return m_classById.value(classId.raw(), nullptr);
}

const QdiscNode *QdiscTreeIndex::filterOwner(TcHandle parent) const
{
    return detail::resolveFilterOwner(
        parent, [this](TcHandle h) { return qdisc(h); }, [this](TcHandle id) { return findClass(id) != nullptr; },
        [this] { return m_ingress; });
}

} // namespace qs
