#pragma once

#include "model/qdisctree.h"

#include <QList>
#include <QString>

namespace qs {

/**
 * The findings of QdiscTree::validate(), handed out per node: what the tooltip and the
 * validation role of one row show. Empty text means the node is fine.
 */
class NodeValidation
{
public:
    explicit NodeValidation(const QdiscTree &tree);

    QString qdisc(qsizetype index) const { return m_qdiscs.value(index); }
    QString classNode(qsizetype index) const { return m_classes.value(index); }
    QString filter(qsizetype index) const { return m_filters.value(index); }

private:
    QList<QString> m_qdiscs;
    QList<QString> m_classes;
    QList<QString> m_filters;
};

} // namespace qs
