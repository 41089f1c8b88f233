#include "kinds/allkinds.h"
#include "netlink/tcengine.h"
#include "tc/tcimporter.h"
#include "tc/tcsummary.h"
#include "treeedits.h"
#include "treemodel.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QFont>
#include <QPersistentModelIndex>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace qs;

namespace {
// The u32 part of a filter.
[[maybe_unused]] qs::U32Params &u32(qs::Filter &f)
{
    return f.params.edit<qs::U32Params>();
}
[[maybe_unused]] const qs::U32Params &u32(const qs::Filter &f)
{
    return f.params.get<qs::U32Params>();
}
} // namespace

namespace {

// The qdisc kinds as the tests name them: a kind's table of operations.
using QdiscKind = const QdiscKindOps *;
QList<QdiscKind> allQdiscKinds()
{
    return Kinds::qdiscs();
}
QString qdiscKindName(QdiscKind kind)
{
    return QString(kind->name);
}
bool isIngressKind(QdiscKind kind)
{
    return kind->placement == QdiscPlacement::IngressHook;
}
std::optional<QdiscKind> qdiscKindFromName(const QString &name)
{
    const QdiscKindOps *kind = Kinds::qdisc(name);
    return kind ? std::optional<QdiscKind>(kind) : std::nullopt;
}

} // namespace

namespace {

// Real trees, as tc scripts: what the model has to show.
const QString HtbScript = QStringLiteral(
    "tc qdisc add dev eth0 root handle 1: htb default 20\n"
    "tc class add dev eth0 parent 1: classid 1:1 htb rate 100mbit\n"
    "tc class add dev eth0 parent 1:1 classid 1:10 htb rate 60mbit ceil 100mbit\n"
    "tc class add dev eth0 parent 1:1 classid 1:20 htb rate 40mbit ceil 100mbit\n"
    "tc qdisc add dev eth0 parent 1:10 handle 10: netem delay 100ms 20ms loss 1%\n"
    "tc qdisc add dev eth0 parent 1:20 handle 20: sfq perturb 10\n"
    "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dport 80 0xffff flowid 1:10\n"
    "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dport 443 0xffff flowid "
    "1:20\n"
    "tc filter add dev eth0 parent 1:1 protocol ip prio 2 u32 match ip src 10.0.0.0/8 flowid "
    "1:10\n");
const QString HtbDump = QStringLiteral("qdisc 1: htb\n"
                                       "  class 1:1\n"
                                       "    class 1:10\n"
                                       "      qdisc 10: netem\n"
                                       "    class 1:20\n"
                                       "      qdisc 20: sfq\n"
                                       "    filter prio 2 u32\n"
                                       "  filter prio 1 u32\n"
                                       "  filter prio 1 u32");

const QString TbfScript = QStringLiteral(
    "tc qdisc add dev eth0 root handle 1: tbf rate 10mbit burst 32kbit latency 50ms\n"
    "tc qdisc add dev eth0 parent 1:1 handle 10: netem delay 50ms\n");
const QString TbfDump = QStringLiteral("qdisc 1: tbf\n"
                                       "  qdisc 10: netem");

const QString PrioScript = QStringLiteral(
    "tc qdisc add dev eth0 root handle 1: prio\n"
    "tc qdisc add dev eth0 parent 1:1 handle 10: netem delay 10ms\n"
    "tc qdisc add dev eth0 parent 1:2 handle 20: tbf rate 1mbit burst 32kbit latency 400ms\n"
    "tc qdisc add dev eth0 parent 1:3 handle 30: sfq\n"
    "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dport 22 0xffff flowid "
    "1:1\n");
const QString PrioDump = QStringLiteral("qdisc 1: prio\n"
                                        "  qdisc 10: netem\n"
                                        "  qdisc 20: tbf\n"
                                        "  qdisc 30: sfq\n"
                                        "  filter prio 1 u32");

// A multi-queue NIC's root: a qdisc per transmit queue; multiq below a class, steered by a filter.
const QString MultiQueueScript = QStringLiteral(
    "tc qdisc add dev eth0 root handle 1: mq\n"
    "tc qdisc add dev eth0 parent 1:1 handle 11: fq_codel\n"
    "tc qdisc add dev eth0 parent 1:2 handle 12: htb default 1\n"
    "tc class add dev eth0 parent 12: classid 12:1 htb rate 10mbit\n"
    "tc qdisc add dev eth0 parent 12:1 handle 20: multiq\n"
    "tc qdisc add dev eth0 parent 20:3 handle 23: fq_codel\n"
    "tc filter add dev eth0 parent 20: protocol ip prio 1 u32 match ip dport 5201 0xffff flowid 20:3\n");
const QString MultiQueueDump = QStringLiteral("qdisc 1: mq\n"
                                              "  qdisc 11: fq_codel\n"
                                              "  qdisc 12: htb\n"
                                              "    class 12:1\n"
                                              "      qdisc 20: multiq\n"
                                              "        qdisc 23: fq_codel\n"
                                              "        filter prio 1 u32");

// mqprio's queues hold qdiscs as mq's do; hfsc classes nest, fw filters steer marks into them,
// a u32 table holds a filter another prio links to.
const QString MqprioHfscScript = QStringLiteral(
    "tc qdisc add dev eth0 root handle 1: mqprio num_tc 2 map 0 1 queues 2@0 2@2 hw 0\n"
    "tc qdisc add dev eth0 parent 1:3 handle 13: hfsc default 20\n"
    "tc class add dev eth0 parent 13: classid 13:1 hfsc sc rate 10mbit ul rate 20mbit\n"
    "tc class add dev eth0 parent 13:1 classid 13:20 hfsc ls rate 5mbit\n"
    "tc qdisc add dev eth0 parent 13:20 handle 20: fq_codel\n"
    "tc filter add dev eth0 parent 13: protocol ip prio 1 handle 6/0xff fw classid 13:20\n"
    "tc filter add dev eth0 parent 13: protocol ip prio 2 handle 2: u32 divisor 16\n"
    "tc filter add dev eth0 parent 13: protocol ip prio 2 u32 ht 2:3 match ip6 src 2001:db8::/32 flowid 13:20\n"
    "tc filter add dev eth0 parent 13: protocol ip prio 3 u32 match tcp dst 80 0xffff offset plus 20 hashkey mask 0xf at 16 link 2:\n");
const QString MqprioHfscDump = QStringLiteral("qdisc 1: mqprio\n"
                                              "  qdisc 13: hfsc\n"
                                              "    class 13:1\n"
                                              "      class 13:20\n"
                                              "        qdisc 20: fq_codel\n"
                                              "    filter prio 1 fw\n"
                                              "    filter prio 2 u32\n"
                                              "    filter prio 2 u32\n"
                                              "    filter prio 3 u32");

// The root netem has no handle, as `tc qdisc add … root netem` leaves it.
const QString IngressScript =
    QStringLiteral("tc qdisc add dev eth0 root netem delay 10ms\n"
                   "tc qdisc add dev eth0 handle ffff: ingress\n"
                   "tc filter add dev eth0 parent ffff: protocol ip prio 1 u32 match u32 0 0 "
                   "action mirred egress redirect dev ifb0\n");
const QString IngressDump = QStringLiteral("qdisc netem\n"
                                           "qdisc ffff: ingress\n"
                                           "  filter prio 1 u32");

const QString FlowerScript =
    QStringLiteral("tc qdisc add dev eth0 handle ffff: ingress\n"
                   "tc filter add dev eth0 parent ffff: protocol ipv6 prio 2 flower ip_proto udp dst_ip 2001:db8::/32 dst_port 53 classid 1:1\n"
                   "tc filter add dev eth0 parent ffff: protocol 802.1Q prio 3 flower vlan_id 7 action drop\n");
const QString FlowerDump = QStringLiteral("qdisc ffff: ingress\n"
                                          "  filter prio 2 flower\n"
                                          "  filter prio 3 flower");

const QString BasicScript =
    QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                   "tc class add dev eth0 parent 1: classid 1:1 htb rate 1mbit\n"
                   "tc filter add dev eth0 parent 1: protocol ip prio 1 basic match 'cmp(u8 at 9 eq 6) and not meta(nf_mark eq 5)' classid 1:1\n"
                   "tc filter add dev eth0 parent 1: protocol ip prio 2 basic match 'meta(random lt 100)' police rate 1mbit burst 10k drop classid 1:1\n");
const QString BasicDump = QStringLiteral("qdisc 1: htb\n"
                                         "  class 1:1\n"
                                         "  filter prio 1 basic\n"
                                         "  filter prio 2 basic");

const QString ClsactScript =
    QStringLiteral("tc qdisc add dev eth0 clsact\n"
                   "tc filter add dev eth0 ingress protocol ip prio 1 u32 match ip dport 53 0xffff "
                   "action mirred egress redirect dev ifb0\n");
const QString ClsactDump = QStringLiteral("qdisc ffff: clsact\n"
                                          "  filter ingress prio 1 u32");

QdiscTree importTree(const QString &script)
{
    if (script.isEmpty())
        return {};
    const TcImportResult result = TcImporter::import(script);
    for (const TcScriptError &e : result.errors)
        qWarning("%s", qPrintable(e.toString()));
    [&] { QVERIFY(result.ok() && result.trees.size() == 1); }();
    return result.trees.value(0);
}

void dumpRows(const QAbstractItemModel &model, const QModelIndex &parent, int depth,
              QStringList *lines)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        lines->append(QString(depth * 2, u' ') + index.data().toString());
        dumpRows(model, index, depth + 1, lines);
    }
}

// The hierarchy as names, two spaces of indent a level.
QString dump(const QAbstractItemModel &model)
{
    QStringList lines;
    dumpRows(model, {}, 0, &lines);
    return lines.join(u'\n');
}

QList<QModelIndex> allRows(const QAbstractItemModel &model, const QModelIndex &parent = {})
{
    QList<QModelIndex> rows;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        rows.append(index);
        rows += allRows(model, index);
    }
    return rows;
}

// The first row named @p name, depth first.
QModelIndex findRow(const QAbstractItemModel &model, const QString &name)
{
    for (const QModelIndex &index : allRows(model)) {
        if (index.data().toString() == name)
            return index;
    }
    return {};
}

void compareRows(const TreeModel &a, const QModelIndex &ia, const TreeModel &b,
                 const QModelIndex &ib)
{
    QCOMPARE(a.rowCount(ia), b.rowCount(ib));
    for (int row = 0; row < a.rowCount(ia); ++row) {
        for (int column = 0; column < TreeModel::ColumnCount; ++column) {
            const QModelIndex x = a.index(row, column, ia);
            const QModelIndex y = b.index(row, column, ib);
            QCOMPARE(x.parent(), ia);
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(TreeModel::KindRole),
                             int(TreeModel::StatsKeyRole), int(TreeModel::IsForeignRole),
                             int(TreeModel::ValidationRole)})
                QCOMPARE(x.data(role), y.data(role));
            QCOMPARE(a.refAt(x), b.refAt(y));
        }
        compareRows(a, a.index(row, 0, ia), b, b.index(row, 0, ib));
        if (QTest::currentTestFailed())
            return;
    }
}

// The incremental signals left the same rows a fresh model derives from the tree.
void compareWithFresh(const TreeModel &model)
{
    TreeModel fresh;
    fresh.setTree(model.tree());
    compareRows(model, {}, fresh, {});
}

void checkRefRoundTrip(const TreeModel &model)
{
    for (const QModelIndex &index : allRows(model)) {
        for (int column = 0; column < TreeModel::ColumnCount; ++column) {
            const QModelIndex cell = index.siblingAtColumn(column);
            const std::optional<NodeRef> ref = model.refAt(cell);
            QVERIFY(ref);
            QCOMPARE(cell.data(TreeModel::NodeRefRole).value<NodeRef>(), *ref);
            QCOMPARE(model.indexOf(*ref), index);
        }
    }
}

QString errorsOf(const QdiscTree &tree)
{
    QStringList errors;
    for (const ValidationIssue &issue : tree.validate()) {
        if (issue.isError())
            errors.append(issue.toString());
    }
    return errors.join(u'\n');
}

void checkInvariants(const TreeModel &model, bool mustValidate = true)
{
    if (mustValidate)
        QCOMPARE(errorsOf(model.tree()), QString());
    checkRefRoundTrip(model);
    if (!QTest::currentTestFailed())
        compareWithFresh(model);
}

// Runs one edit written "verb|target row|argument": addQdisc|class 1:10|netem, addClass|qdisc 1:
// htb, addFilter|…, remove|…, kind|qdisc 1: htb|tbf. An empty target is the top level.
bool applyEdit(TreeModel &model, const QString &edit)
{
    const QStringList parts = edit.split(u'|');
    const QString target = parts.value(1);
    const QModelIndex at = target.isEmpty() ? QModelIndex() : findRow(model, target);
    if (!target.isEmpty() && !at.isValid()) {
        qWarning("no row %s", qPrintable(target));
        return false;
    }
    const std::optional<QdiscKind> kind = qdiscKindFromName(parts.value(2));
    const QString verb = parts.first();
    if (verb == u"addQdisc")
        return model.addQdisc(at, **kind).isValid();
    if (verb == u"addClass")
        return model.addClass(at).isValid();
    if (verb == u"addFilter")
        return model.addFilter(at).isValid();
    if (verb == u"remove")
        return model.removeNode(at);
    if (verb == u"kind")
        return model.changeKind(at, **kind);
    qWarning("unknown edit %s", qPrintable(edit));
    return false;
}

QStringList kindNames(const QList<QdiscKind> &kinds)
{
    QStringList names;
    for (QdiscKind kind : kinds)
        names.append(qdiscKindName(kind));
    return names;
}

QStringList rootKindNames()
{
    QStringList names;
    for (QdiscKind kind : allQdiscKinds()) {
        if (!isIngressKind(kind))
            names.append(qdiscKindName(kind));
    }
    return names;
}

/** The kinds that may hang below a class or band: root-only kinds (noqueue, mq) excepted. */
QStringList childKindNames()
{
    QStringList names;
    for (QdiscKind kind : allQdiscKinds()) {
        if (!isIngressKind(kind) && kind->placement != QdiscPlacement::RootOnly)
            names.append(qdiscKindName(kind));
    }
    return names;
}

} // namespace

class TstTreeModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void structure_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("expected");
        QTest::newRow("htb, classes, leaf netem, filters") << HtbScript << HtbDump;
        QTest::newRow("tbf with netem child") << TbfScript << TbfDump;
        QTest::newRow("prio with children") << PrioScript << PrioDump;
        QTest::newRow("mq and multiq with children") << MultiQueueScript << MultiQueueDump;
        QTest::newRow("mqprio, hfsc and fw") << MqprioHfscScript << MqprioHfscDump;
        QTest::newRow("ingress with filter") << IngressScript << IngressDump;
        QTest::newRow("clsact with filter") << ClsactScript << ClsactDump;
        QTest::newRow("ingress with flower filters") << FlowerScript << FlowerDump;
        QTest::newRow("htb with basic filters") << BasicScript << BasicDump;
        QTest::newRow("empty") << QString() << QString();
    }

    void structure()
    {
        QFETCH(QString, script);
        QFETCH(QString, expected);
        const QdiscTree tree = importTree(script);
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy edited(&model, &TreeModel::treeEdited);
        model.setTree(tree);
        QCOMPARE(dump(model), expected);
        QCOMPARE(model.tree(), tree);
        QCOMPARE(edited.count(), 0);
        QCOMPARE(model.columnCount(), 3);
        checkInvariants(model);

        // Every node shows once.
        const qsizetype nodes = tree.qdiscs.size() + tree.classes.size() + tree.filters.size();
        QCOMPARE(allRows(model).size(), nodes);
        for (const QModelIndex &index : allRows(model)) {
            QCOMPARE(model.columnCount(index), 3);
            QVERIFY(!(model.flags(index) & Qt::ItemIsEditable));
            QVERIFY(model.flags(index) & Qt::ItemIsSelectable);
            QCOMPARE(index.siblingAtColumn(TreeModel::LiveColumn).data().toString(), QString());
            QVERIFY(!index.siblingAtColumn(TreeModel::SummaryColumn).data().toString().isEmpty());
            QCOMPARE(index.data(TreeModel::ValidationRole).toString(), QString());
        }
    }

    void numericOrderOfHandles()
    {
        // The kernel dumps htb classes in its hash order; the tree lists them by number, with
        // minors in hex as tc writes them: 1:9 < 1:a < 1:10 < 1:1000 < 1:1001.
        const QdiscTree tree = importTree(QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: htb\n"
            "tc class add dev eth0 parent 1: classid 1:1001 htb rate 1mbit\n"
            "tc class add dev eth0 parent 1: classid 1:1000 htb rate 1mbit\n"
            "tc class add dev eth0 parent 1: classid 1:10 htb rate 1mbit\n"
            "tc class add dev eth0 parent 1: classid 1:a htb rate 1mbit\n"
            "tc class add dev eth0 parent 1: classid 1:9 htb rate 1mbit\n"
            "tc class add dev eth0 parent 1:10 classid 1:ff htb rate 1mbit\n"
            "tc class add dev eth0 parent 1:10 classid 1:fe htb rate 1mbit\n"
            "tc qdisc add dev eth0 parent 1:1001 handle 20: sfq\n"
            "tc qdisc add dev eth0 parent 1:1000 handle 3: sfq\n"));
        TreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(tree);
        QCOMPARE(dump(model), QStringLiteral("qdisc 1: htb\n"
                                             "  class 1:9\n"
                                             "  class 1:a\n"
                                             "  class 1:10\n"
                                             "    class 1:fe\n"
                                             "    class 1:ff\n"
                                             "  class 1:1000\n"
                                             "    qdisc 3: sfq\n"
                                             "  class 1:1001\n"
                                             "    qdisc 20: sfq"));
        checkInvariants(model);

        // An added class goes to its place among the others, not to the end.
        const QModelIndex htb = findRow(model, QStringLiteral("qdisc 1: htb"));
        QdiscTree next = model.tree();
        next.classes.append({TcHandle::make(1, 0xb), TcHandle::make(1, 0), next.classes.at(0).params});
        model.setTree(next);
        QCOMPARE(model.index(2, 0, findRow(model, QStringLiteral("qdisc 1: htb"))).data().toString(),
                 QStringLiteral("class 1:b"));
        const QModelIndex top = findRow(model, QStringLiteral("qdisc 1: htb"));
        const QModelIndex added = model.addClass(top);
        QVERIFY(added.isValid());
        QCOMPARE(model.parent(added), top);
        quint32 previous = 0;
        for (int row = 0; row < model.rowCount(top); ++row) {
            const QModelIndex index = model.index(row, 0, top);
            const NodeRef ref = index.data(TreeModel::NodeRefRole).value<NodeRef>();
            if (ref.type != NodeRef::Type::Class)
                continue;
            QVERIFY2(ref.id.raw() > previous, qPrintable(index.data().toString()));
            previous = ref.id.raw();
        }
        checkInvariants(model);
        compareWithFresh(model);
        Q_UNUSED(htb);
    }

    void tenThousandClasses()
    {
        // A tree of the size shaping per subscriber builds: every row knows its place at once
        // (parent() is not a scan of 10 000 siblings), and the order is numeric.
        QdiscTree tree = importTree(QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                                                   "tc class add dev eth0 parent 1: classid 1:1 htb rate 1gbit\n"));
        const ClassParams params = tree.classes.at(0).params;
        QList<int> minors;
        for (int i = 0; i < 10'000; ++i)
            minors.append(0x10 + i);
        std::shuffle(minors.begin(), minors.end(), *QRandomGenerator::global());
        for (const int minor : std::as_const(minors))
            tree.classes.append({TcHandle::make(1, quint16(minor)), TcHandle::make(1, 1), params});
        TreeModel model;
        QElapsedTimer timer;
        timer.start();
        model.setTree(tree);
        const QModelIndex parent = model.index(0, 0, model.index(0, 0));
        QCOMPARE(model.rowCount(parent), 10'000);
        quint32 previous = 0;
        for (int row = 0; row < 10'000; ++row) {
            const QModelIndex index = model.index(row, 0, parent);
            QCOMPARE(model.parent(index), parent);
            const quint32 id = index.data(TreeModel::NodeRefRole).value<NodeRef>().id.raw();
            QVERIFY(id > previous);
            previous = id;
        }
        const qint64 ms = timer.elapsed();
        qInfo("setTree and a walk of 10 001 classes: %lld ms", ms);
        // Quadratic work (10^8 steps) takes seconds; linear takes tens of milliseconds.
        QVERIFY2(ms < 2000, qPrintable(QString::number(ms)));

        // Removing one keeps every row number right.
        QVERIFY(model.removeNode(model.index(5000, 0, parent)));
        QCOMPARE(model.rowCount(parent), 9'999);
        for (int row = 4990; row < 5010; ++row) {
            const QModelIndex index = model.index(row, 0, parent);
            QCOMPARE(model.indexOf(model.refAt(index).value()), index);
            QCOMPARE(model.parent(index), parent);
        }
        const QModelIndex again = model.indexOf(model.refAt(model.index(7000, 0, parent)).value());
        QCOMPARE(again.row(), 7000);
    }

    void summariesAndRoles()
    {
        TreeModel model;
        model.setTree(importTree(HtbScript));
        const QModelIndex netem = findRow(model, QStringLiteral("qdisc 10: netem"));
        QVERIFY(netem.isValid());
        QCOMPARE(netem.siblingAtColumn(TreeModel::SummaryColumn).data().toString(),
                 QStringLiteral("netem 100 ms ± 20 ms, 1 % loss"));
        QVERIFY(netem.data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("netem 100 ms ± 20 ms, 1 % loss")));
        QCOMPARE(netem.data(TreeModel::KindRole).toString(), QStringLiteral("netem"));
        QCOMPARE(netem.data(TreeModel::StatsKeyRole).value<quint64>(),
                 nodeStatsKey(false, TcHandle::make(0x10, 0)));
        QCOMPARE(netem.data(TreeModel::IsForeignRole).toBool(), false);
        QCOMPARE(netem.data(TreeModel::NodeRefRole).value<NodeRef>(),
                 (NodeRef{NodeRef::Type::Qdisc, TcHandle::make(0x10, 0), TcHandle(), -1}));
        QCOMPARE(netem.parent().data().toString(), QStringLiteral("class 1:10"));

        const QModelIndex cls = findRow(model, QStringLiteral("class 1:10"));
        QCOMPARE(cls.siblingAtColumn(TreeModel::SummaryColumn).data().toString(),
                 TcSummary::classNode(*model.tree().findClass(TcHandle::make(1, 0x10))));
        QCOMPARE(cls.data(TreeModel::KindRole).toString(), QStringLiteral("htb"));
        QCOMPARE(cls.data(TreeModel::StatsKeyRole).value<quint64>(),
                 nodeStatsKey(true, TcHandle::make(1, 0x10)));

        const QModelIndex filter = findRow(model, QStringLiteral("filter prio 2 u32"));
        QCOMPARE(filter.parent().data().toString(), QStringLiteral("class 1:1"));
        QCOMPARE(filter.siblingAtColumn(TreeModel::SummaryColumn).data().toString(),
                 TcSummary::filter(model.tree().filters.at(2)));
        QCOMPARE(filter.data(TreeModel::KindRole).toString(), QStringLiteral("u32"));
        QCOMPARE(filter.data(TreeModel::StatsKeyRole).value<quint64>(), quint64(0));
        QCOMPARE(filter.data(TreeModel::NodeRefRole).value<NodeRef>(),
                 (NodeRef{NodeRef::Type::Filter, TcHandle(), TcHandle::make(1, 1), 2}));
        QVERIFY(model.flags(filter) & Qt::ItemNeverHasChildren);

        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Node"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("Summary"));
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("Live"));
    }

    void edits_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("expected");

        QTest::newRow("htb: add class under the qdisc")
            << HtbScript << QStringLiteral("addClass|qdisc 1: htb")
            << QStringLiteral(
                   "qdisc 1: htb\n  class 1:1\n    class 1:10\n      qdisc 10: netem\n    class "
                   "1:20\n      qdisc 20: sfq\n"
                   "    filter prio 2 u32\n  class 1:30\n  filter prio 1 u32\n  filter prio 1 u32");
        QTest::newRow("htb: add class under an inner class")
            << HtbScript << QStringLiteral("addClass|class 1:1")
            << QStringLiteral("qdisc 1: htb\n  class 1:1\n    class 1:10\n      qdisc 10: netem\n  "
                              "  class 1:20\n      qdisc 20: sfq\n"
                              "    class 1:30\n    filter prio 2 u32\n  filter prio 1 u32\n  "
                              "filter prio 1 u32");
        QTest::newRow("htb: add filter") << HtbScript << QStringLiteral("addFilter|qdisc 1: htb")
                                         << HtbDump + QStringLiteral("\n  filter prio 1 u32");
        QTest::newRow("htb: remove leaf qdisc")
            << HtbScript << QStringLiteral("remove|qdisc 10: netem")
            << QStringLiteral("qdisc 1: htb\n  class 1:1\n    class 1:10\n    class 1:20\n      "
                              "qdisc 20: sfq\n"
                              "    filter prio 2 u32\n  filter prio 1 u32\n  filter prio 1 u32");
        QTest::newRow("htb: remove subtree with classes and filters")
            << HtbScript << QStringLiteral("remove|class 1:1")
            << QStringLiteral("qdisc 1: htb\n  filter prio 1 u32\n  filter prio 1 u32");
        QTest::newRow("htb: remove class filter")
            << HtbScript << QStringLiteral("remove|filter prio 2 u32")
            << QStringLiteral("qdisc 1: htb\n  class 1:1\n    class 1:10\n      qdisc 10: netem\n  "
                              "  class 1:20\n      qdisc 20: sfq\n"
                              "  filter prio 1 u32\n  filter prio 1 u32");
        QTest::newRow("htb: remove root")
            << HtbScript << QStringLiteral("remove|qdisc 1: htb") << QString();
        QTest::newRow("htb: to tbf drops classes and filters")
            << HtbScript << QStringLiteral("kind|qdisc 1: htb|tbf")
            << QStringLiteral("qdisc 1: tbf");
        QTest::newRow("htb: to prio keeps the qdisc's filters")
            << HtbScript << QStringLiteral("kind|qdisc 1: htb|prio")
            << QStringLiteral("qdisc 1: prio\n  filter prio 1 u32\n  filter prio 1 u32");
        QTest::newRow("htb: leaf netem to prio")
            << HtbScript << QStringLiteral("kind|qdisc 10: netem|prio")
            << QString(HtbDump).replace(QStringLiteral("qdisc 10: netem"),
                                        QStringLiteral("qdisc 10: prio"));
        QTest::newRow("tbf: to netem keeps the inner qdisc")
            << TbfScript << QStringLiteral("kind|qdisc 1: tbf|netem")
            << QStringLiteral("qdisc 1: netem\n  qdisc 10: netem");
        QTest::newRow("tbf: to sfq drops the inner qdisc")
            << TbfScript << QStringLiteral("kind|qdisc 1: tbf|sfq")
            << QStringLiteral("qdisc 1: sfq");
        QTest::newRow("tbf: add below the inner netem")
            << TbfScript << QStringLiteral("addQdisc|qdisc 10: netem|tbf")
            << QStringLiteral("qdisc 1: tbf\n  qdisc 10: netem\n    qdisc 2: tbf");
        QTest::newRow("tbf: remove inner") << TbfScript << QStringLiteral("remove|qdisc 10: netem")
                                           << QStringLiteral("qdisc 1: tbf");
        QTest::newRow("tbf: add ingress") << TbfScript << QStringLiteral("addQdisc||ingress")
                                          << TbfDump + QStringLiteral("\nqdisc ffff: ingress");
        QTest::newRow("prio: to htb drops the bands' qdiscs")
            << PrioScript << QStringLiteral("kind|qdisc 1: prio|htb")
            << QStringLiteral("qdisc 1: htb\n  filter prio 1 u32");
        QTest::newRow("prio: remove a band's qdisc")
            << PrioScript << QStringLiteral("remove|qdisc 20: tbf")
            << QStringLiteral(
                   "qdisc 1: prio\n  qdisc 10: netem\n  qdisc 30: sfq\n  filter prio 1 u32");
        QTest::newRow("prio: add to a freed band")
            << PrioScript.section(u'\n', 0, 1) + u'\n'
            << QStringLiteral("addQdisc|qdisc 1: prio|fq_codel")
            << QStringLiteral("qdisc 1: prio\n  qdisc 10: netem\n  qdisc 2: fq_codel");
        QTest::newRow("prio: add filter") << PrioScript << QStringLiteral("addFilter|qdisc 1: prio")
                                          << PrioDump + QStringLiteral("\n  filter prio 1 u32");
        QTest::newRow("ingress: add filter")
            << IngressScript << QStringLiteral("addFilter|qdisc ffff: ingress")
            << IngressDump + QStringLiteral("\n  filter prio 1 u32");
        QTest::newRow("ingress: to clsact drops its filters")
            << IngressScript << QStringLiteral("kind|qdisc ffff: ingress|clsact")
            << QStringLiteral("qdisc netem\nqdisc ffff: clsact");
        QTest::newRow("ingress: child of a root without handle")
            << IngressScript << QStringLiteral("addQdisc|qdisc netem|tbf")
            << QStringLiteral(
                   "qdisc 1: netem\n  qdisc 2: tbf\nqdisc ffff: ingress\n  filter prio 1 u32");
        QTest::newRow("ingress: remove root without handle")
            << IngressScript << QStringLiteral("remove|qdisc netem")
            << QStringLiteral("qdisc ffff: ingress\n  filter prio 1 u32");
        QTest::newRow("ingress: remove ingress")
            << IngressScript << QStringLiteral("remove|qdisc ffff: ingress")
            << QStringLiteral("qdisc netem");
        QTest::newRow("ingress: remove filter")
            << IngressScript << QStringLiteral("remove|filter prio 1 u32")
            << QStringLiteral("qdisc netem\nqdisc ffff: ingress");
        QTest::newRow("clsact: add filter")
            << ClsactScript << QStringLiteral("addFilter|qdisc ffff: clsact")
            << ClsactDump + QStringLiteral("\n  filter ingress prio 1 u32");
        QTest::newRow("clsact: to ingress keeps the hook filter")
            << ClsactScript << QStringLiteral("kind|qdisc ffff: clsact|ingress")
            << QStringLiteral("qdisc ffff: ingress\n  filter ingress prio 1 u32");
        QTest::newRow("empty: add root netem")
            << QString() << QStringLiteral("addQdisc||netem") << QStringLiteral("qdisc 1: netem");
        QTest::newRow("empty: add root htb")
            << QString() << QStringLiteral("addQdisc||htb") << QStringLiteral("qdisc 1: htb");
        QTest::newRow("empty: add clsact") << QString() << QStringLiteral("addQdisc||clsact")
                                           << QStringLiteral("qdisc ffff: clsact");
    }

    void edits()
    {
        QFETCH(QString, script);
        QFETCH(QString, edit);
        QFETCH(QString, expected);
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(importTree(script));
        QSignalSpy edited(&model, &TreeModel::treeEdited);
        QSignalSpy reset(&model, &QAbstractItemModel::modelAboutToBeReset);
        QVERIFY(applyEdit(model, edit));
        QCOMPARE(dump(model), expected);
        QCOMPARE(edited.count(), 1);
        QCOMPARE(reset.count(), 0);
        checkInvariants(model);
    }

    void addReturnsTheNewRow()
    {
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(importTree(HtbScript));
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);

        const QModelIndex cls = model.addClass(findRow(model, QStringLiteral("class 1:1")));
        QCOMPARE(cls.data().toString(), QStringLiteral("class 1:30"));
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.first().at(0).value<QModelIndex>(),
                 findRow(model, QStringLiteral("class 1:1")));
        const ClassNode *node = model.tree().findClass(TcHandle::make(1, 0x30));
        QVERIFY(node);
        QCOMPARE(node->parent, TcHandle::make(1, 1));
        QVERIFY(!hasErrors(node->validate()));

        const QModelIndex leaf = model.addQdisc(cls, qdiscKindOf<NetemParams>());
        QCOMPARE(leaf.data().toString(), QStringLiteral("qdisc 2: netem"));
        QCOMPARE(leaf.parent(), cls);
        QCOMPARE(model.tree().qdisc(TcHandle::make(2, 0))->parent, TcHandle::make(1, 0x30));
        QCOMPARE(model.tree().qdisc(TcHandle::make(2, 0))->params,
                 QdiscParams(NetemParams{}));

        // A class with a qdisc takes no second one, and no child class (the kernel would destroy
        // the qdisc).
        QVERIFY(!model.addQdisc(cls, qdiscKindOf<SfqParams>()).isValid());
        QVERIFY(!model.addClass(cls).isValid());

        const QModelIndex filter = model.addFilter(findRow(model, QStringLiteral("qdisc 1: htb")));
        QVERIFY(filter.isValid());
        const Filter &f = model.tree().filters.last();
        QCOMPARE(model.refAt(filter)->filterIndex, int(model.tree().filters.size() - 1));
        QCOMPARE(f.parent, TcHandle::make(1, 0));
        QCOMPARE(f.protocol, EtherType::Ip);
        QCOMPARE(f.prio, quint16(1));
        QCOMPARE(u32(f).matches,
                 QList<U32Match>{U32Match::masked(U32Match::Field::IpDport, 80, 0xFFFF)});
        QCOMPARE(f.classId, TcHandle::make(1, 0x10)); // the first leaf class
        checkInvariants(model);
    }

    void refusedEdits_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("edit");
        QTest::newRow("second root") << HtbScript << QStringLiteral("addQdisc||netem");
        QTest::newRow("second ingress") << ClsactScript << QStringLiteral("addQdisc||ingress");
        QTest::newRow("qdisc at an inner class")
            << HtbScript << QStringLiteral("addQdisc|class 1:1|netem");
        QTest::newRow("second leaf qdisc")
            << HtbScript << QStringLiteral("addQdisc|class 1:10|netem");
        QTest::newRow("qdisc directly below htb")
            << HtbScript << QStringLiteral("addQdisc|qdisc 1: htb|netem");
        QTest::newRow("ingress below a class")
            << HtbScript << QStringLiteral("addQdisc|class 1:1|ingress");
        QTest::newRow("full prio") << PrioScript << QStringLiteral("addQdisc|qdisc 1: prio|netem");
        QTest::newRow("taken tbf slot")
            << TbfScript << QStringLiteral("addQdisc|qdisc 1: tbf|netem");
        QTest::newRow("qdisc below sfq")
            << HtbScript << QStringLiteral("addQdisc|qdisc 20: sfq|netem");
        QTest::newRow("class below a leaf with a qdisc")
            << HtbScript << QStringLiteral("addClass|class 1:10");
        QTest::newRow("class below tbf") << TbfScript << QStringLiteral("addClass|qdisc 1: tbf");
        QTest::newRow("filter below tbf") << TbfScript << QStringLiteral("addFilter|qdisc 1: tbf");
        QTest::newRow("filter below a filter")
            << HtbScript << QStringLiteral("addFilter|filter prio 2 u32");
        QTest::newRow("root to ingress")
            << HtbScript << QStringLiteral("kind|qdisc 1: htb|ingress");
        QTest::newRow("ingress to netem")
            << ClsactScript << QStringLiteral("kind|qdisc ffff: clsact|netem");
        QTest::newRow("same kind") << HtbScript << QStringLiteral("kind|qdisc 1: htb|htb");
    }

    void refusedEdits()
    {
        QFETCH(QString, script);
        QFETCH(QString, edit);
        TreeModel model;
        model.setTree(importTree(script));
        const QdiscTree before = model.tree();
        QSignalSpy edited(&model, &TreeModel::treeEdited);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsAboutToBeInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsAboutToBeRemoved);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(!applyEdit(model, edit));
        QCOMPARE(model.tree(), before);
        QCOMPARE(edited.count() + inserted.count() + removed.count() + changed.count(), 0);
    }

    void kindsAllowedAt_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("row");
        QTest::addColumn<QStringList>("expected");
        const QStringList ingressKinds{QStringLiteral("ingress"), QStringLiteral("clsact")};
        QTest::newRow("empty tree") << QString() << QString() << rootKindNames() + ingressKinds;
        QTest::newRow("root taken") << HtbScript << QString() << ingressKinds;
        QTest::newRow("ingress taken") << ClsactScript << QString() << rootKindNames();
        QTest::newRow("both taken") << IngressScript << QString() << QStringList();
        QTest::newRow("htb qdisc") << HtbScript << QStringLiteral("qdisc 1: htb") << QStringList();
        QTest::newRow("inner class") << HtbScript << QStringLiteral("class 1:1") << QStringList();
        QTest::newRow("leaf with qdisc")
            << HtbScript << QStringLiteral("class 1:10") << QStringList();
        QTest::newRow("empty leaf") << HtbScript.section(u'\n', 0, 3) + u'\n'
                                    << QStringLiteral("class 1:20") << childKindNames();
        QTest::newRow("netem leaf")
            << HtbScript << QStringLiteral("qdisc 10: netem") << childKindNames();
        QTest::newRow("sfq") << HtbScript << QStringLiteral("qdisc 20: sfq") << QStringList();
        QTest::newRow("filter") << HtbScript << QStringLiteral("filter prio 2 u32")
                                << QStringList();
        QTest::newRow("tbf slot taken")
            << TbfScript << QStringLiteral("qdisc 1: tbf") << QStringList();
        QTest::newRow("tbf slot free")
            << TbfScript.section(u'\n', 0, 0) << QStringLiteral("qdisc 1: tbf") << childKindNames();
        QTest::newRow("prio bands taken")
            << PrioScript << QStringLiteral("qdisc 1: prio") << QStringList();
        QTest::newRow("prio band free") << PrioScript.section(u'\n', 0, 2) + u'\n'
                                        << QStringLiteral("qdisc 1: prio") << childKindNames();
        QTest::newRow("ingress") << IngressScript << QStringLiteral("qdisc ffff: ingress")
                                 << QStringList();
    }

    void kindsAllowedAt()
    {
        QFETCH(QString, script);
        QFETCH(QString, row);
        QFETCH(QStringList, expected);
        TreeModel model;
        model.setTree(importTree(script));
        const QModelIndex at = row.isEmpty() ? QModelIndex() : findRow(model, row);
        QVERIFY(row.isEmpty() || at.isValid());
        QCOMPARE(kindNames(model.kindsAllowedAt(at)), expected);
        // What the menu offers works, and leaves a valid tree.
        for (QdiscKind kind : model.kindsAllowedAt(at)) {
            TreeModel copy;
            QAbstractItemModelTester tester(&copy,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
            copy.setTree(model.tree());
            const QModelIndex added =
                copy.addQdisc(row.isEmpty() ? QModelIndex() : findRow(copy, row), *kind);
            QVERIFY2(added.isValid(), qPrintable(qdiscKindName(kind)));
            QCOMPARE(added.data(TreeModel::KindRole).toString(), qdiscKindName(kind));
            checkInvariants(copy);
            if (QTest::currentTestFailed())
                return;
        }
    }

    void qdiscParamsChange()
    {
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(importTree(HtbScript));
        const QPersistentModelIndex netem = findRow(model, QStringLiteral("qdisc 10: netem"));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy edited(&model, &TreeModel::treeEdited);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);

        NetemParams params =
            model.tree().qdisc(TcHandle::make(0x10, 0))->params.get<NetemParams>();
        params.delayUs = 50000;
        params.jitterUs = 0;
        QVERIFY(model.setQdiscParams(netem, params));
        QCOMPARE(edited.count(), 1);
        QCOMPARE(inserted.count() + removed.count(), 0);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).value<QModelIndex>(), netem.sibling(netem.row(), 0));
        QCOMPARE(changed.first().at(1).value<QModelIndex>(),
                 netem.sibling(netem.row(), TreeModel::LiveColumn));
        QCOMPARE(netem.sibling(netem.row(), TreeModel::SummaryColumn).data().toString(),
                 QStringLiteral("netem 50 ms, 1 % loss"));
        QCOMPARE(model.tree().qdisc(TcHandle::make(0x10, 0))->params.get<NetemParams>(),
                 params);

        // The same values again change nothing; another kind's parameters are refused.
        QVERIFY(model.setQdiscParams(netem, params));
        QCOMPARE(edited.count(), 1);
        QVERIFY(!model.setQdiscParams(netem, QdiscParams(SfqParams{})));
        QVERIFY(!model.setQdiscParams(findRow(model, QStringLiteral("class 1:10")), params));
        QCOMPARE(edited.count(), 1);
        checkInvariants(model);
    }

    void invalidParamsShowInValidation()
    {
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(importTree(TbfScript));
        const QModelIndex tbf = findRow(model, QStringLiteral("qdisc 1: tbf"));
        TbfParams params = model.tree().rootQdisc()->params.get<TbfParams>();
        params.rateBytesPerSecond = 0;
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(model.setQdiscParams(tbf, params));
        QCOMPARE(changed.count(), 1);
        const QString validation = tbf.data(TreeModel::ValidationRole).toString();
        QVERIFY2(validation.contains(QStringLiteral("rate")) &&
                     validation.startsWith(QStringLiteral("error: ")),
                 qPrintable(validation));
        QVERIFY(tbf.data(Qt::ToolTipRole).toString().contains(validation));
        QCOMPARE(findRow(model, QStringLiteral("qdisc 10: netem"))
                     .data(TreeModel::ValidationRole)
                     .toString(),
                 QString());
        checkInvariants(model, false);
    }

    void prioBandsShrinkDropsInnerQdisc()
    {
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(importTree(PrioScript));
        const QModelIndex prio = findRow(model, QStringLiteral("qdisc 1: prio"));
        PrioParams params;
        params.bands = 2;
        for (quint8 &band : params.priomap)
            band = std::min<quint8>(band, 1); // the map may only name bands that exist
        QSignalSpy removed(&model, &QAbstractItemModel::rowsAboutToBeRemoved);
        QVERIFY(model.setQdiscParams(prio, params));
        QCOMPARE(dump(model),
                 QStringLiteral(
                     "qdisc 1: prio\n  qdisc 10: netem\n  qdisc 20: tbf\n  filter prio 1 u32"));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(prio.siblingAtColumn(TreeModel::SummaryColumn).data().toString(),
                 QStringLiteral("prio, 2 bands"));
        checkInvariants(model);

        // A band already empty stays empty: growing the bands again adds nothing back.
        params.bands = 4;
        QVERIFY(model.setQdiscParams(prio, params));
        QVERIFY(!model.kindsAllowedAt(prio).isEmpty());
        QCOMPARE(model.addQdisc(prio, qdiscKindOf<SfqParams>()).data().toString(),
                 QStringLiteral("qdisc 2: sfq"));
        QCOMPARE(model.tree().qdisc(TcHandle::make(2, 0))->parent, TcHandle::make(1, 3));
        checkInvariants(model);
    }

    void classParamsChange()
    {
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(importTree(HtbScript));
        const QModelIndex cls = findRow(model, QStringLiteral("class 1:20"));
        HtbClassParams params = model.tree().findClass(TcHandle::make(1, 0x20))->params.get<HtbClassParams>();
        params.rateBytesPerSecond = 2500000;
        params.ceilBytesPerSecond = 0;
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(model.setClassParams(cls, params));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(cls.siblingAtColumn(TreeModel::SummaryColumn).data().toString(),
                 QStringLiteral("htb class 20 Mbit/s"));
        QVERIFY(!model.setClassParams(findRow(model, QStringLiteral("qdisc 1: htb")), params));
        checkInvariants(model);
    }

    void filterChangeMovesRow()
    {
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(importTree(HtbScript));
        // The first qdisc-level filter goes to the block of class 1:1.
        const QModelIndex filter =
            model.index(1, 0, findRow(model, QStringLiteral("qdisc 1: htb")));
        QCOMPARE(model.refAt(filter)->filterIndex, 0);
        Filter f = model.tree().filters.at(0);
        f.parent = TcHandle::make(1, 1);
        f.prio = 3;
        QVERIFY(model.setFilter(filter, f));
        QCOMPARE(
            dump(model),
            QStringLiteral(
                "qdisc 1: htb\n  class 1:1\n    class 1:10\n      qdisc 10: netem\n    class 1:20\n"
                "      qdisc 20: sfq\n    filter prio 3 u32\n    filter prio 2 u32\n  filter prio "
                "1 u32"));
        QCOMPARE(model.tree().filters.at(0), f);
        const QModelIndex moved = model.indexOf({NodeRef::Type::Filter, TcHandle(), f.parent, 0});
        QCOMPARE(moved.data().toString(), QStringLiteral("filter prio 3 u32"));
        QCOMPARE(moved.parent().data().toString(), QStringLiteral("class 1:1"));

        // Another match, same place: the row stays and changes.
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        u32(f).matches = {U32Match::masked(U32Match::Field::IpSport, 22, 0xFFFF)};
        QVERIFY(model.setFilter(moved, f));
        QCOMPARE(removed.count(), 0);
        QVERIFY(moved.siblingAtColumn(TreeModel::SummaryColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("sport 22")));
        QVERIFY(!model.setFilter(findRow(model, QStringLiteral("class 1:1")), f));
        checkInvariants(model);
    }

    void selectionSurvivesEdits()
    {
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(importTree(HtbScript));
        QList<NodeRef> refs;
        QList<QPersistentModelIndex> persistent;
        for (const QModelIndex &index : allRows(model)) {
            const NodeRef ref = *model.refAt(index);
            if (ref.type == NodeRef::Type::Filter || ref.id == TcHandle::make(1, 0x10) ||
                ref.id == TcHandle::make(0x10, 0))
                continue; // filters are positions; 1:10 and its netem go
            refs.append(ref);
            persistent.append(index);
        }
        QVERIFY(model.removeNode(findRow(model, QStringLiteral("filter prio 2 u32"))));
        QVERIFY(model.addFilter(findRow(model, QStringLiteral("qdisc 1: htb"))).isValid());
        QVERIFY(model.removeNode(findRow(model, QStringLiteral("class 1:10"))));
        QVERIFY(model.addClass(findRow(model, QStringLiteral("class 1:1"))).isValid());
        QVERIFY(
            model.changeKind(findRow(model, QStringLiteral("qdisc 20: sfq")), qdiscKindOf<FqCodelParams>()));
        for (qsizetype i = 0; i < refs.size(); ++i) {
            const QModelIndex found = model.indexOf(refs.at(i));
            QVERIFY(found.isValid());
            QCOMPARE(model.refAt(found), refs.at(i));
            QCOMPARE(QModelIndex(persistent.at(i)), found);
        }
        QCOMPARE(findRow(model, QStringLiteral("qdisc 20: fq_codel")).parent().data().toString(),
                 QStringLiteral("class 1:20"));
        checkInvariants(model);
    }

    void foreignNodes()
    {
        QdiscTree tree;
        tree.device = QStringLiteral("eth0");
        tree.qdiscs.append({TcHandle::make(1, 0), TcHandle::root(),
                            ForeignParams{QStringLiteral("cake"), QByteArray()}});
        tree.qdiscs.append({TcHandle::ingressHandle(), TcHandle::ingressParent(), IngressParams()});
        Filter matchallFilter;
        matchallFilter.parent = TcHandle::ingressHandle();
        matchallFilter.protocol = EtherType::Ip;
        matchallFilter.prio = 5;
        matchallFilter.handle = 1;
        matchallFilter.params = ForeignFilterParams{QStringLiteral("matchall"), QByteArray()};
        tree.filters.append(matchallFilter);
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(tree);
        QCOMPARE(dump(model),
                 QStringLiteral("qdisc 1: cake\nqdisc ffff: ingress\n  filter prio 5 matchall"));
        const QModelIndex cake = findRow(model, QStringLiteral("qdisc 1: cake"));
        const QModelIndex matchall = findRow(model, QStringLiteral("filter prio 5 matchall"));
        QVERIFY(cake.data(TreeModel::IsForeignRole).toBool());
        QVERIFY(matchall.data(TreeModel::IsForeignRole).toBool());
        QVERIFY(!findRow(model, QStringLiteral("qdisc ffff: ingress"))
                     .data(TreeModel::IsForeignRole)
                     .toBool());
        QCOMPARE(cake.data(TreeModel::KindRole).toString(), QStringLiteral("cake"));
        QCOMPARE(matchall.data(TreeModel::KindRole).toString(), QStringLiteral("matchall"));
        QVERIFY(cake.data(Qt::FontRole).value<QFont>().italic());
        QCOMPARE(model.refAt(matchall)->type, NodeRef::Type::Filter);
        checkRefRoundTrip(model);

        // Read-only: no parameters, no children, no removal of a filter the planner never deletes.
        QVERIFY(!model.setQdiscParams(cake, ForeignParams{QStringLiteral("fq"), QByteArray()}));
        QVERIFY(!model.removeNode(matchall));
        QVERIFY(model.kindsAllowedAt(cake).isEmpty());
        // Replacing or deleting the foreign root is what a user does with it.
        QVERIFY(model.changeKind(cake, qdiscKindOf<NetemParams>()));
        QCOMPARE(dump(model),
                 QStringLiteral("qdisc 1: netem\nqdisc ffff: ingress\n  filter prio 5 matchall"));
        checkInvariants(model);
    }

    void cyclesStillShowEveryNode()
    {
        // Invalid, but a tree read from a file can say it: both qdiscs hang below each other.
        QdiscTree tree;
        tree.qdiscs.append(
            {TcHandle::make(1, 0), TcHandle::make(2, 1), QdiscParams(NetemParams{})});
        tree.qdiscs.append(
            {TcHandle::make(2, 0), TcHandle::make(1, 1), QdiscParams(NetemParams{})});
        tree.classes.append(
            {TcHandle::make(3, 0x10), TcHandle::make(3, 0x10), TreeEdits::defaultClassParams(ClassParams::opsOf<HtbClassParams>())});
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(tree);
        QCOMPARE(dump(model), QStringLiteral("class 3:10\nqdisc 1: netem\n  qdisc 2: netem"));
        QVERIFY(!findRow(model, QStringLiteral("qdisc 1: netem"))
                     .data(TreeModel::ValidationRole)
                     .toString()
                     .isEmpty());
        checkInvariants(model, false);
        QVERIFY(model.removeNode(findRow(model, QStringLiteral("qdisc 2: netem"))));
        checkInvariants(model, false);
    }

    void validationPerFilter()
    {
        // Two filters share parent and prio; only the second points outside its qdisc, and a third
        // takes prio 1 with another protocol.
        const QString script =
            QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                           "tc class add dev eth0 parent 1: classid 1:10 htb rate 1mbit\n"
                           "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dport "
                           "80 0xffff flowid 1:10\n"
                           "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dport "
                           "81 0xffff flowid 1:99\n");
        TreeModel model;
        model.setTree(importTree(script));
        const QModelIndex htb = findRow(model, QStringLiteral("qdisc 1: htb"));
        QCOMPARE(model.index(1, 0, htb).data(TreeModel::ValidationRole).toString(), QString());
        QVERIFY(model.index(2, 0, htb)
                    .data(TreeModel::ValidationRole)
                    .toString()
                    .contains(QStringLiteral("1:99")));
        QVERIFY(!model.index(2, 0, htb)
                     .data(TreeModel::ValidationRole)
                     .toString()
                     .startsWith(QStringLiteral("error")));
        QCOMPARE(htb.data(TreeModel::ValidationRole).toString(), QString());

        // A third filter takes prio 1 for another protocol: the kernel refuses it, and only it.
        Filter ipv6 = model.tree().filters.at(0);
        ipv6.protocol = EtherType::Ipv6;
        u32(ipv6).matches.clear();
        const QModelIndex added = model.addFilter(htb);
        QVERIFY(model.setFilter(added, ipv6));
        QVERIFY(model.indexOf({NodeRef::Type::Filter, TcHandle(), ipv6.parent, 2})
                    .data(TreeModel::ValidationRole)
                    .toString()
                    .contains(QStringLiteral("protocol")));
        QCOMPARE(model.index(1, 0, htb).data(TreeModel::ValidationRole).toString(), QString());
    }

    void validationInALargeSharedGroup()
    {
        // Eight filters named "filter 1: prio 1": the findings of three of them land on those
        // three.
        QdiscTree tree = importTree(
            QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                           "tc class add dev eth0 parent 1: classid 1:10 htb rate 1mbit\n"));
        for (int i = 0; i < 8; ++i) {
            Filter f;
        f.params = U32Params{};
            f.parent = TcHandle::make(1, 0);
            f.protocol = i == 7 ? EtherType::Ipv6 : EtherType::Ip;
            f.prio = 1;
            u32(f).matches = {U32Match::masked(U32Match::Field::IpDport, quint32(80 + i), 0xFFFF)};
            f.classId = TcHandle::make(1, i == 2 ? 0x99 : i == 5 ? 0x98 : 0x10);
            tree.filters.append(f);
        }
        TreeModel model;
        model.setTree(tree);
        const QModelIndex htb = findRow(model, QStringLiteral("qdisc 1: htb"));
        const QStringList expected{QString(),
                                   QString(),
                                   QStringLiteral("1:99"),
                                   QString(),
                                   QString(),
                                   QStringLiteral("1:98"),
                                   QString(),
                                   QStringLiteral("protocol")};
        for (int i = 0; i < 8; ++i) {
            const QString validation =
                model.index(1 + i, 0, htb).data(TreeModel::ValidationRole).toString();
            if (expected.at(i).isEmpty())
                QVERIFY2(validation.isEmpty(),
                         qPrintable(QStringLiteral("%1: %2").arg(i).arg(validation)));
            else
                QVERIFY2(validation.contains(expected.at(i)) && !validation.contains(u'\n'),
                         qPrintable(QStringLiteral("%1: %2").arg(i).arg(validation)));
        }
    }

    void defaultsOfEveryKindValidate_data()
    {
        QTest::addColumn<int>("kind");
        for (QdiscKind kind : allQdiscKinds())
            QTest::newRow(qPrintable(qdiscKindName(kind))) << int(allQdiscKinds().indexOf(kind));
    }

    void defaultsOfEveryKindValidate()
    {
        QFETCH(int, kind);
        // At the top, and as the inner qdisc of a tbf: a new node never makes the tree invalid.
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QModelIndex top = model.addQdisc({}, *allQdiscKinds().at(kind));
        QVERIFY(top.isValid());
        QCOMPARE(top.data(TreeModel::KindRole).toString(), qdiscKindName(allQdiscKinds().at(kind)));
        checkInvariants(model);
        // Hooks and root-only kinds (noqueue, mq) never go below a tbf: the Add menu does not offer them there.
        if (isIngressKind(allQdiscKinds().at(kind)) || allQdiscKinds().at(kind)->placement == QdiscPlacement::RootOnly)
            return;
        model.setTree(importTree(TbfScript.section(u'\n', 0, 0)));
        const QModelIndex inner =
            model.addQdisc(findRow(model, QStringLiteral("qdisc 1: tbf")), *allQdiscKinds().at(kind));
        QCOMPARE(inner.parent().data().toString(), QStringLiteral("qdisc 1: tbf"));
        QCOMPARE(&model.tree().qdiscAt(TcHandle::make(1, 1))->ops(), allQdiscKinds().at(kind));
        checkInvariants(model);
    }

    void randomEdits_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<quint32>("seed");
        QTest::newRow("htb 1") << HtbScript << 1u;
        QTest::newRow("htb 2") << HtbScript << 2u;
        QTest::newRow("prio 3") << PrioScript << 3u;
        QTest::newRow("ingress 14") << IngressScript << 14u;
        QTest::newRow("empty 5") << QString() << 5u;
        QTest::newRow("tbf 6") << TbfScript << 6u;
        QTest::newRow("clsact 7") << ClsactScript << 7u;
        QTest::newRow("htb 8") << HtbScript << 8u;
        QTest::newRow("prio 9") << PrioScript << 9u;
    }

    void randomEdits()
    {
        QFETCH(QString, script);
        QFETCH(quint32, seed);
        QRandomGenerator random(seed);
        TreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(importTree(script));
        int applied = 0;
        for (int step = 0; step < 300; ++step) {
            const QString before = dump(model);
            QString what;
            applied += randomEdit(model, random, &what);
            checkInvariants(model);
            if (QTest::currentTestFailed()) {
                qWarning("step %d: %s\nbefore:\n%s\nafter:\n%s", step, qPrintable(what),
                         qPrintable(before), qPrintable(dump(model)));
                return;
            }
        }
        // Each run takes a good share of the edits it tries (most seeds grow trees of 20…80 rows).
        QVERIFY2(applied > 30, qPrintable(QString::number(applied)));
    }

private:
    // One random edit, most often one that grows the tree; false when the model refused it.
    static bool randomEdit(TreeModel &model, QRandomGenerator &random, QString *what)
    {
        QList<QModelIndex> rows = allRows(model);
        const auto pick = [&](auto wanted) {
            QList<QModelIndex> candidates{QModelIndex()};
            for (const QModelIndex &row : std::as_const(rows)) {
                if (wanted(row))
                    candidates.append(row);
            }
            return candidates.at(random.bounded(int(candidates.size())));
        };
        const auto refOf = [&](const QModelIndex &row) { return *model.refAt(row); };
        const auto kindOf = [](const QModelIndex &row) {
            return row.data(TreeModel::KindRole).toString();
        };
        // Top-level rows rarely go: removing or re-kinding the root empties the tree.
        const auto deepOrRarely = [&](const QModelIndex &row) {
            return row.parent().isValid() || random.bounded(10) == 0;
        };
        switch (random.bounded(12)) {
        case 0:
        case 1:
        case 2: {
            const QModelIndex at =
                pick([&](const QModelIndex &row) { return !model.kindsAllowedAt(row).isEmpty(); });
            const QList<QdiscKind> kinds = model.kindsAllowedAt(at);
            *what = QStringLiteral("addQdisc at \"%1\"").arg(at.data().toString());
            return !kinds.isEmpty() &&
                   model.addQdisc(at, *kinds.at(random.bounded(int(kinds.size())))).isValid();
        }
        case 3:
        case 4:
        case 5: {
            const QModelIndex at = pick([&](const QModelIndex &row) {
                return refOf(row).type == NodeRef::Type::Class || kindOf(row) == u"htb";
            });
            *what = QStringLiteral("addClass at \"%1\"").arg(at.data().toString());
            return model.addClass(at).isValid();
        }
        case 6:
        case 7: {
            const QModelIndex at = pick(
                [&](const QModelIndex &row) { return refOf(row).type == NodeRef::Type::Qdisc; });
            *what = QStringLiteral("addFilter at \"%1\"").arg(at.data().toString());
            return model.addFilter(at).isValid();
        }
        case 8: {
            const QModelIndex at = pick(deepOrRarely);
            *what = QStringLiteral("remove \"%1\"").arg(at.data().toString());
            return model.removeNode(at);
        }
        case 9: {
            const QModelIndex at = pick([&](const QModelIndex &row) {
                return refOf(row).type == NodeRef::Type::Qdisc && deepOrRarely(row);
            });
            const bool ingress =
                isIngressKind(qdiscKindFromName(kindOf(at)).value_or(&qdiscKindOf<NetemParams>()));
            const QList<QdiscKind> kinds =
                ingress ? QList<QdiscKind>{&qdiscKindOf<IngressParams>(), &qdiscKindOf<ClsactParams>()} : allQdiscKinds();
            const QdiscKind kind = kinds.at(random.bounded(int(kinds.size())));
            *what = QStringLiteral("kind of \"%1\" to %2")
                        .arg(at.data().toString(), qdiscKindName(kind));
            return model.changeKind(at, *kind);
        }
        case 10: {
            const QModelIndex at =
                pick([&](const QModelIndex &row) { return kindOf(row) == u"prio"; });
            PrioParams params;
            params.bands = random.bounded(2, 6);
            for (quint8 &band : params.priomap)
                band = std::min<quint8>(band, quint8(params.bands - 1));
            *what =
                QStringLiteral("%1 bands at \"%2\"").arg(params.bands).arg(at.data().toString());
            return model.setQdiscParams(at, params);
        }
        default: {
            const QModelIndex at = pick(
                [&](const QModelIndex &row) { return refOf(row).type == NodeRef::Type::Filter; });
            if (!at.isValid())
                return false;
            // To another block of the same htb: the qdisc's own or one of its classes'.
            Filter filter = model.tree().filters.at(refOf(at).filterIndex);
            const QdiscNode *owner = model.tree().filterOwner(filter.parent);
            if (!owner || !owner->is<HtbQdiscParams>())
                return false;
            QList<TcHandle> blocks{owner->handle};
            for (const ClassNode &c : model.tree().classes) {
                if (c.classId.major() == owner->handle.major())
                    blocks.append(c.classId);
            }
            filter.parent = blocks.at(random.bounded(int(blocks.size())));
            *what = QStringLiteral("move \"%1\" to %2")
                        .arg(at.data().toString(), filter.parent.toString());
            return model.setFilter(at, filter);
        }
        }
    }
};

QTEST_MAIN(TstTreeModel)
#include "tst_treemodel.moc"
