#include "nodevalidation.h"

#include <QHash>
#include <QStringList>

#include <algorithm>

namespace qs {

namespace {

// What QdiscTree::validate() puts in front of every field: the device, or "tree".
QString fieldPrefix(const QdiscTree &tree)
{
    return tree.device.isEmpty() ? QStringLiteral("tree") : tree.target();
}

// The issues with the tree's prefix taken off their field. Structural findings are written
// "<where>: <node>…", a node's own ones "<where>.<node>…"; both end up as "<node>…".
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

// "qdisc 1: (netem)" names the node, "qdisc 1: (netem).loss" a field of it; "class 1:1" is not
// "class 1:10".
bool isAbout(const ValidationIssue &issue, const QStringList &names)
{
    for (const QString &name : names) {
        if (issue.field == name ||
            (issue.field.startsWith(name) && issue.field.at(name.size()) == u'.'))
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
    return {QStringLiteral("qdisc %1 (%2)").arg(handle, q.kindName()), QStringLiteral("qdisc %1").arg(handle)};
}

QStringList classNames(const ClassNode &c)
{
    const QString id = c.classId.toString();
    return {QStringLiteral("class %1 (%2)").arg(id, c.kindName()), QStringLiteral("class %1").arg(id)};
}

QString filterName(const Filter &f)
{
    return QStringLiteral("filter %1 prio %2").arg(f.parent.toString()).arg(f.prio);
}

// The findings named like the filters @p members (positions in QdiscTree::filters sharing a
// parent and a prio) in the tree that ends with member @p member. A filter's checks look at no
// other filter but the earlier ones of its prio (one protocol per prio of a block), so only
// those are kept; the findings of a member thus depend on it and what comes before it.
QStringList findingsThrough(const QdiscTree &tree, const QList<qsizetype> &members,
                            qsizetype member)
{
    if (member < 0)
        return {};
    const Filter &last = tree.filters.at(members.at(member));
    QdiscTree prefix = tree;
    prefix.filters.clear();
    for (qsizetype i = 0; i <= members.at(member); ++i) {
        if (tree.filters.at(i).prio == last.prio)
            prefix.filters.append(tree.filters.at(i));
    }
    return texts(normalized(prefix, prefix.validate()), {filterName(last)});
}

// Several filters often share a parent and a prio, and so a name in the findings. Adding them
// one by one, the findings a member brings are its own; the findings only grow, so a stretch of
// members that adds none is skipped whole, and the few members with findings are found by
// halving the stretches (a handful of validations, not one per member).
void sortOutSharedName(const QdiscTree &tree, const QList<qsizetype> &members, qsizetype first,
                       qsizetype last, const QStringList &before, const QStringList &through,
                       QList<QString> *out)
{
    if (through.size() == before.size())
        return;
    if (first == last) {
        QStringList own = through;
        for (const QString &earlier : before)
            own.removeOne(earlier);
        (*out)[members.at(first)] = own.join(u'\n');
        return;
    }
    const qsizetype middle = (first + last) / 2;
    const QStringList atMiddle = findingsThrough(tree, members, middle);
    sortOutSharedName(tree, members, first, middle, before, atMiddle, out);
    sortOutSharedName(tree, members, middle + 1, last, atMiddle, through, out);
}

// The issues by the node their field names (the part before the first '.'), so that handing out
// the findings of 10 000 nodes is not 10 000 walks over every finding.
class IssueIndex
{
public:
    explicit IssueIndex(const ValidationIssues &issues) : m_issues(issues)
    {
        for (qsizetype i = 0; i < issues.size(); ++i) {
            const QString &field = issues.at(i).field;
            const qsizetype dot = field.indexOf(u'.');
            m_byNode[dot < 0 ? field : field.left(dot)].append(i);
        }
    }
    QStringList texts(const QStringList &names) const
    {
        for (const QString &name : names) {
            if (name.contains(u'.'))
                return qs::texts(m_issues, names); // a name the index cannot split on
        }
        QList<qsizetype> found;
        for (const QString &name : names)
            found += m_byNode.value(name);
        std::sort(found.begin(), found.end()); // in the order validate() found them
        QStringList result;
        for (const qsizetype i : std::as_const(found))
            result.append(m_issues.at(i).toString());
        return result;
    }

private:
    const ValidationIssues &m_issues;
    QHash<QString, QList<qsizetype>> m_byNode;
};

} // namespace

NodeValidation::NodeValidation(const QdiscTree &tree)
{
    const ValidationIssues issues = normalized(tree, tree.validate());
    const IssueIndex index(issues);
    const QString separator = QStringLiteral("\n");
    for (const QdiscNode &q : tree.qdiscs)
        m_qdiscs.append(index.texts(qdiscNames(q)).join(separator));
    for (const ClassNode &c : tree.classes)
        m_classes.append(index.texts(classNames(c)).join(separator));
    QHash<QString, QList<qsizetype>> filtersNamed;
    for (qsizetype i = 0; i < tree.filters.size(); ++i)
        filtersNamed[filterName(tree.filters.at(i))].append(i);
    m_filters.resize(tree.filters.size());
    for (auto it = filtersNamed.cbegin(); it != filtersNamed.cend(); ++it) {
        const QStringList findings = index.texts({it.key()});
        if (it->size() == 1)
            m_filters[it->first()] = findings.join(separator);
        else if (!findings.isEmpty())
            sortOutSharedName(tree, *it, 0, it->size() - 1, {},
                              findingsThrough(tree, *it, it->size() - 1), &m_filters);
    }
}

} // namespace qs
