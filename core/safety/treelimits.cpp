#include "treelimits.h"

#include <QHash>

namespace qs::TreeLimits {

QString problem(const QdiscTree &tree)
{
    if (tree.qdiscs.size() > MaxQdiscs)
        return QStringLiteral("the tree has %1 qdiscs; a device numbers its qdiscs by the 16-bit major of their handle "
                              "(1:…ffff:), so the kernel holds at most %2")
            .arg(tree.qdiscs.size())
            .arg(MaxQdiscs);
    QHash<quint16, qsizetype> classesOf; // by the qdisc's major
    for (const ClassNode &c : tree.classes) {
        if (++classesOf[c.classId.major()] > MaxClassesPerQdisc)
            return QStringLiteral("the tree has more than %1 classes under qdisc %2; a qdisc numbers its classes by the 16-bit "
                                  "minor of their id (%3:1…%3:ffff), so the kernel holds at most %1 there")
                .arg(MaxClassesPerQdisc)
                .arg(c.classId.qdiscPart().toString(), QString::number(c.classId.major(), 16));
    }
    if (tree.filters.size() > MaxFilters)
        return QStringLiteral("the tree has %1 filters; Qdisc Studio takes at most %2 (two for every class of a full qdisc, "
                              "about what its %3 MiB document cap holds)")
            .arg(tree.filters.size())
            .arg(MaxFilters)
            .arg(MaxDocumentBytes / (1024 * 1024));
    return {};
}

namespace {
/** The first 20 errors of @p issues after @p lead, or empty when there are none. */
QString errorsOf(const ValidationIssues &issues, const QString &lead)
{
    QStringList problems;
    for (const ValidationIssue &issue : issues)
        if (issue.severity == ValidationIssue::Severity::Error && problems.size() < 20)
            problems.append(issue.toString());
    return problems.isEmpty() ? QString() : lead + problems.join(QStringLiteral("; "));
}
} // namespace

QString refusal(const QdiscTree &tree)
{
    if (QString tooBig = problem(tree); !tooBig.isEmpty())
        return tooBig;
    return errorsOf(tree.validate(), QStringLiteral("the kernel would refuse this tree: "));
}

QString nodeRefusal(const QdiscTree &node)
{
    const ValidationIssues issues = node.classes.isEmpty() ? node.qdiscs.first().validate() : node.classes.first().validate();
    return errorsOf(issues, QStringLiteral("the kernel would refuse this node: "));
}

} // namespace qs::TreeLimits
