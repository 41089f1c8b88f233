#include "tcsummary.h"

#include <QStringList>

namespace qs {

/* TRANSLATOR qs::TcSummary

   One-line summaries of qdiscs, classes, filters and trees, as shown in tree rows, profile lists and
   the command line. Kind names at the start (netem, tbf, htb, sfq, fq_codel, pfifo, bfifo, prio,
   ingress, clsact, u32), handles (1:10) and the values inserted for %1 (100 ms, 10 Mbit/s, 1 %) stay
   as they are.
*/

namespace {

QString trimmedNumber(double value)
{
    // Up to three significant decimals, no trailing zeros: 1.5, 100, 0.05.
    QString text = QString::number(value, 'f', value < 10 ? 2 : value < 100 ? 1 : 0);
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    return text;
}

} // namespace

QString TcSummary::duration(quint64 us)
{
    if (us >= 1000000)
        return trimmedNumber(us / 1e6) + QStringLiteral(" s");
    if (us >= 1000)
        return trimmedNumber(us / 1e3) + QStringLiteral(" ms");
    return QString::number(us) + QStringLiteral(" µs");
}

QString TcSummary::rate(quint64 bytesPerSecond)
{
    const double bits = double(bytesPerSecond) * 8;
    if (bits >= 1e9)
        return trimmedNumber(bits / 1e9) + QStringLiteral(" Gbit/s");
    if (bits >= 1e6)
        return trimmedNumber(bits / 1e6) + QStringLiteral(" Mbit/s");
    if (bits >= 1e3)
        return trimmedNumber(bits / 1e3) + QStringLiteral(" kbit/s");
    return trimmedNumber(bits) + QStringLiteral(" bit/s");
}

QString TcSummary::percent(Probability probability)
{
    const double value = probability.percent();
    return (value < 0.01 && value > 0 ? QString::number(value, 'g', 2) : trimmedNumber(value)) + QStringLiteral(" %");
}

QString TcSummary::qdisc(const QdiscNode &node)
{
    return node.ops().summary(node.params.data(), node.handle);
}

QString TcSummary::classNode(const ClassNode &node)
{
    return node.ops().summary(node.params.data());
}

QString TcSummary::filter(const Filter &filter)
{
    const QString what = filter.ops().summary(filter);
    if (filter.isForeign())
        return what;
    QStringList does;
    if (filter.police)
        does.append(filter.police->ops().summary(filter.police->data()));
    for (const Action &action : filter.actions)
        does.append(action.ops().summary(action.data()));
    if (!filter.classId.isUnspec())
        //: Where a filter sends what it matches; %1 a class id such as 1:10.
        does.append(tr("class %1").arg(filter.classId.toString()));
    return does.isEmpty() ? what : what + QStringLiteral(" → ") + does.join(QStringLiteral(", "));
}

QString TcSummary::tree(const QdiscTree &tree)
{
    if (tree.isEmpty())
        //: A device whose qdiscs are the kernel's defaults.
        return tr("default qdisc");
    QStringList parts;
    if (const QdiscNode *root = tree.rootQdisc())
        parts.append(qdisc(*root));
    const int below = int(tree.qdiscs.size()) - (tree.rootQdisc() ? 1 : 0) - (tree.ingressQdisc() ? 1 : 0);
    if (below > 0)
        //: After the root qdisc's summary: how many qdiscs hang below it.
        parts.append(tr("%n more qdisc(s)", nullptr, below));
    if (!tree.classes.isEmpty())
        parts.append(tr("%n class(es)", nullptr, int(tree.classes.size())));
    if (!tree.filters.isEmpty())
        parts.append(tr("%n filter(s)", nullptr, int(tree.filters.size())));
    if (tree.ingressQdisc())
        parts.append(QStringLiteral("ingress"));
    return parts.join(QStringLiteral("; "));
}

} // namespace qs
