#include "treelimits.h"

#include "helperbus.h"

#include <QHash>

namespace qs::TreeLimits {

QString problem(const QdiscTree &tree)
{
    if (tree.qdiscs.size() > HelperBus::MaxQdiscs)
        return QStringLiteral("the tree has %1 qdiscs; a device numbers its qdiscs by the 16-bit major of their handle "
                              "(1:…ffff:), so the kernel holds at most %2")
            .arg(tree.qdiscs.size())
            .arg(HelperBus::MaxQdiscs);
    QHash<quint16, qsizetype> classesOf; // by the qdisc's major
    for (const ClassNode &c : tree.classes) {
        if (++classesOf[c.classId.major()] > HelperBus::MaxClassesPerQdisc)
            return QStringLiteral("the tree has more than %1 classes under qdisc %2; a qdisc numbers its classes by the 16-bit "
                                  "minor of their id (%3:1…%3:ffff), so the kernel holds at most %1 there")
                .arg(HelperBus::MaxClassesPerQdisc)
                .arg(c.classId.qdiscPart().toString(), QString::number(c.classId.major(), 16));
    }
    if (tree.filters.size() > HelperBus::MaxFilters)
        return QStringLiteral("the tree has %1 filters; the helper takes at most %2 (two for every class of a full qdisc, "
                              "about what its %3 MiB document cap holds)")
            .arg(tree.filters.size())
            .arg(HelperBus::MaxFilters)
            .arg(HelperBus::MaxTreeDocumentBytes / (1024 * 1024));
    return {};
}

} // namespace qs::TreeLimits
