#include "tcexporter.h"

#include "tcoptionwords.h"
#include "tcunits.h"

#include "kinds/clsact/clsactparams.h"
#include "kinds/ingress/ingressparams.h"

#include <algorithm>

namespace qs {

using namespace TcUnits;

namespace {

using Words = TcOptionWords;

QString joined(const QString &head, const QString &options)
{
    return options.isEmpty() ? head : head + u' ' + options;
}

QString tcPrefix(const QdiscTree &tree)
{
    return tree.netns.isEmpty() ? QStringLiteral("tc") : QStringLiteral("tc -n %1").arg(tree.netns);
}

QString filterParent(TcHandle parent)
{
    if (parent.raw() == 0xFFFFFFF2u)
        return QStringLiteral("ingress");
    if (parent.raw() == 0xFFFFFFF3u)
        return QStringLiteral("egress");
    return QStringLiteral("parent ") + parent.toString();
}

QString filterCommand(const QdiscTree &tree, const Filter &f)
{
    Words w;
    w.add(tcPrefix(tree)).add(u"filter").add(u"add").add(u"dev", tree.device);
    w.add(filterParent(f.parent)).add(u"protocol", EtherType::name(f.protocol));
    if (f.prio)
        w.add(u"prio", QString::number(f.prio));
    if (f.handle)
        w.add(u"handle", f.ops().printHandle(f));
    if (f.chain)
        w.add(u"chain", QString::number(f.chain));
    w.add(f.kindName());
    f.ops().print(w, f);
    return w.join();
}

} // namespace

QString TcExporter::qdiscOptions(const QdiscParams &params)
{
    TcOptionWords words;
    params.ops().print(words, params.data());
    return words.join();
}

QString TcExporter::classOptions(const ClassParams &params)
{
    TcOptionWords words;
    params.ops().print(words, params.data());
    return words.join();
}

QStringList TcExporter::commands(const QdiscTree &tree)
{
    QStringList lines;
    const QString ipPrefix = tree.netns.isEmpty() ? QStringLiteral("ip") : QStringLiteral("ip -n %1").arg(tree.netns);
    if (tree.isIfb) {
        lines.append(QStringLiteral("%1 link add %2 type ifb").arg(ipPrefix, tree.device));
        lines.append(QStringLiteral("%1 link set dev %2 up").arg(ipPrefix, tree.device));
    }
    const QString tc = tcPrefix(tree);
    if (tree.isEmpty()) {
        if (!tree.isIfb)
            lines.append(QStringLiteral("%1 qdisc del dev %2 root").arg(tc, tree.device));
        return lines;
    }
    const QList<ClassNode> classes = tree.classesInCreationOrder();
    for (const QdiscNode &q : tree.qdiscsInCreationOrder()) {
        QString head = QStringLiteral("%1 qdisc add dev %2").arg(tc, tree.device);
        if (q.is<ClsactParams>()) {
            lines.append(head + QStringLiteral(" clsact"));
            continue;
        }
        if (q.is<IngressParams>()) {
            lines.append(head + QStringLiteral(" handle ffff: ingress"));
            continue;
        }
        if (q.isForeign()) {
            //: A comment in an exported tc script: %1 a qdisc kind (cake, fq, …), %2 its handle, %3 its parent.
            lines.append(QStringLiteral("# ") + tr("%1 qdisc %2 at %3 is kept as it is: Qdisc Studio cannot write its options")
                                                    .arg(q.kindName(), q.handle.toString(), q.parent.toString()));
            continue;
        }
        QString where = q.parent.isRoot() ? QStringLiteral(" root") : QStringLiteral(" parent ") + q.parent.toString();
        if (!q.handle.isUnspec())
            where += QStringLiteral(" handle ") + q.handle.toString();
        const QString kind = u' ' + q.kindName();
        std::shared_ptr<const void> change;
        if (const auto primer = q.ops().primer(q.params.data(), &change)) {
            lines.append(joined(head + where + kind, qdiscOptions(QdiscParams(q.ops(), primer))));
            lines.append(joined(QStringLiteral("%1 qdisc change dev %2").arg(tc, tree.device) + where + kind,
                                qdiscOptions(QdiscParams(q.ops(), change))));
        } else {
            lines.append(joined(head + where + kind, qdiscOptions(q.params)));
        }
        for (const ClassNode &c : classes) {
            if (c.classId.major() != q.handle.major() || q.handle.isUnspec())
                continue;
            if (c.isForeign()) {
                //: A comment in an exported tc script: %1 a qdisc kind (hfsc, …), %2 a class id.
                lines.append(QStringLiteral("# ") + tr("%1 class %2 is kept as it is: Qdisc Studio cannot write its options")
                                                        .arg(c.kindName(), c.classId.toString()));
                continue;
            }
            const QString classHead = QStringLiteral("%1 class add dev %2 parent %3 classid %4 %5")
                                          .arg(tc, tree.device, c.parent.toString(), c.classId.toString(), c.kindName());
            lines.append(joined(classHead, classOptions(c.params)));
        }
    }
    for (const Filter &f : tree.filtersInCreationOrder()) {
        if (f.isForeign())
            //: A comment in an exported tc script: %1 a classifier kind (flower, bpf, …), %2 its parent, %3 its prio.
            lines.append(QStringLiteral("# ") + tr("%1 filter at %2 prio %3 is kept as it is: Qdisc Studio cannot write its options")
                                                    .arg(f.kindName(), f.parent.toString())
                                                    .arg(f.prio));
        else
            lines.append(filterCommand(tree, f));
    }
    return lines;
}

QString TcExporter::script(const QList<QdiscTree> &trees)
{
    QStringList lines;
    // ifb devices first: a mirred redirect names a device that must exist.
    for (bool ifbPass : {true, false}) {
        for (const QdiscTree &tree : trees) {
            if (tree.isIfb == ifbPass)
                lines += commands(tree);
        }
    }
    return lines.isEmpty() ? QString() : lines.join(u'\n') + u'\n';
}

} // namespace qs
