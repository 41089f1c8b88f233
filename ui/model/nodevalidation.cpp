#include "nodevalidation.h"

#include <QStringList>

namespace qs {

namespace {

/** What QdiscTree::validate() puts in front of every field: the device, or "tree". */
QString fieldPrefix(const QdiscTree &tree)
{
    return tree.device.isEmpty() ? QStringLiteral("tree") : tree.target();
}

/**
 * The issues with the tree's prefix taken off their field. Structural findings are written
 * "<where>: <node>…", a node's own ones "<where>.<node>…"; both end up as "<node>…".
 */
ValidationIssues normalized(const QdiscTree &tree, ValidationIssues issues)
{
    const QString prefix = fieldPrefix(tree);
    for (ValidationIssue &issue : issues) {
        if (issue.field.startsWith(prefix + u": "))
            issue.field.remove(0, prefix.size() + 2);
        else if (issue.field.startsWith(prefix + u'.'))
            issue.field.remove(0, prefix.size() + 1);
    }
    return issues;
}

/** "qdisc 1: (netem)" names the node, "qdisc 1: (netem).loss" one of its fields; "class 1:1" is not "class 1:10". */
bool isAbout(const ValidationIssue &issue, const QStringList &names)
{
    for (const QString &name : names) {
        if (issue.field == name || (issue.field.startsWith(name) && issue.field.at(name.size()) == u'.'))
            return true;
    }
    return false;
}

QStringList texts(const ValidationIssues &issues, const QStringList &names)
{
    QStringList result;
    for (const ValidationIssue &issue : issues) {
        if (isAbout(issue, names))
            result.append(issue.toString());
    }
    return result;
}

QStringList qdiscNames(const QdiscNode &q)
{
    const QString handle = q.handle.toString();
    // The node's own checks name it by its kernel kind, the tree's by the model's ("foreign").
    return {QStringLiteral("qdisc %1 (%2)").arg(handle, q.kindName()),
            QStringLiteral("qdisc %1 (%2)").arg(handle, qdiscKindName(q.kind())), QStringLiteral("qdisc %1").arg(handle)};
}

QStringList classNames(const ClassNode &c)
{
    const QString id = c.classId.toString();
    return {QStringLiteral("class %1 (htb)").arg(id), QStringLiteral("class %1").arg(id)};
}

QString filterName(const U32Filter &f)
{
    return QStringLiteral("filter %1 prio %2").arg(f.parent.toString()).arg(f.prio);
}

QString foreignFilterName(const ForeignFilter &f)
{
    return QStringLiteral("filter %1 prio %2 (%3)").arg(f.parent.toString()).arg(f.prio).arg(f.kind);
}

/**
 * Several filters often share a parent and a prio, and so a name in the findings. Which of
 * them a finding is about shows when the filters are added one by one: the findings that
 * appear with filter @p index are its own (its checks depend on the filters before it only).
 */
QStringList findingsOfSharedName(const QdiscTree &tree, qsizetype index)
{
    QdiscTree before = tree;
    before.foreignFilters.clear();
    before.filters = tree.filters.first(index);
    QdiscTree with = before;
    with.filters.append(tree.filters.at(index));
    const QStringList names{filterName(tree.filters.at(index))};
    QStringList added = texts(normalized(with, with.validate()), names);
    for (const QString &old : texts(normalized(before, before.validate()), names))
        added.removeOne(old);
    return added;
}

} // namespace

NodeValidation::NodeValidation(const QdiscTree &tree)
{
    const ValidationIssues issues = normalized(tree, tree.validate());
    const QString separator = QStringLiteral("\n");
    for (const QdiscNode &q : tree.qdiscs)
        m_qdiscs.append(texts(issues, qdiscNames(q)).join(separator));
    for (const ClassNode &c : tree.classes)
        m_classes.append(texts(issues, classNames(c)).join(separator));
    for (qsizetype i = 0; i < tree.filters.size(); ++i) {
        const QString name = filterName(tree.filters.at(i));
        const bool shared = std::count_if(tree.filters.begin(), tree.filters.end(),
                                          [&](const U32Filter &f) { return filterName(f) == name; }) > 1;
        m_filters.append((shared ? findingsOfSharedName(tree, i) : texts(issues, {name})).join(separator));
    }
    for (const ForeignFilter &f : tree.foreignFilters)
        m_foreignFilters.append(texts(issues, {foreignFilterName(f)}).join(separator));
}

} // namespace qs
