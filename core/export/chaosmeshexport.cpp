// Chaos Mesh's NetworkChaos, Workflow and Schedule, as their CRDs (chaos-mesh.org/v1alpha1) and
// the webhooks behind them define them. What each field takes was read in chaos-mesh/chaos-mesh:
// api/v1alpha1/networkchaos_types.go (TcParameter: delay, loss, duplicate, corrupt, bandwidth,
// and since PR #4017 rate, netem's own), its webhook (durations through time.ParseDuration,
// percentages through strconv.ParseFloat, a "from" or "both" direction only with a target),
// config/crd/bases/chaos-mesh.org_{networkchaos,workflows,schedules}.yaml, and the website's
// simulate-network-chaos-on-kubernetes, create-chaos-mesh-workflow and define-scheduling-rules.

#include "chaosmeshexport.h"

#include "kinds/htb/htbparams.h"
#include "kinds/matchall/matchallparams.h"
#include "kinds/mirred/mirredparams.h"
#include "kinds/netem/netemparams.h"
#include "kinds/tbf/tbfparams.h"
#include "kinds/u32/u32params.h"
#include "scenario/scenariotimeline.h"
#include "tc/tcexporter.h"
#include "tc/tcsummary.h"
#include "tc/tcunits.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <limits>

namespace qs {

namespace {

using Text = ChaosMeshExport;

constexpr auto ApiVersion = u"chaos-mesh.org/v1alpha1";
/** Room for the suffixes added to a name ("-bandwidth") within a DNS-1123 label. */
constexpr int MaxBaseNameLength = 40;
/** A Workflow unrolled beyond this many templates is repeated by a Schedule instead (kubectl apply keeps a copy of the object in an annotation of at most 256 KiB). */
constexpr int MaxWorkflowTemplates = 256;
constexpr qint64 Int32Max = std::numeric_limits<qint32>::max();

QString percentText(Probability probability)
{
    // Chaos Mesh reads a bare number (strconv.ParseFloat) and hands it to tc as a percentage.
    QString text = TcUnits::formatPercent(probability);
    text.chop(1);
    return text;
}

/** What one tree of a profile (or a scenario's step) becomes: the parameters of each action, and what they leave out. */
struct MappedTree
{
    std::optional<YamlNode> netem;     ///< TcParameter's delay, loss, duplicate, corrupt and rate, for action netem
    std::optional<YamlNode> bandwidth; ///< BandwidthSpec, for action bandwidth
    QStringList notExpressed;
    bool isEmpty() const { return (!netem || netem->size() == 0) && !bandwidth; }
};

/** "qdisc netem 1:", or "qdisc netem root" for one without a handle: how a note names the node. */
QString qdiscName(const QdiscNode &node)
{
    const QString place = !node.handle.isUnspec() ? node.handle.toString()
                          : node.parent.isRoot()  ? QStringLiteral("root")
                                                  : QStringLiteral("parent ") + node.parent.toString();
    return QStringLiteral("qdisc %1 %2").arg(node.kindName(), place);
}

QString qdiscWords(const QdiscNode &node)
{
    QString words = qdiscName(node);
    if (!node.handle.isUnspec() && !node.parent.isRoot())
        words += QStringLiteral(" parent ") + node.parent.toString();
    const QString options = TcExporter::qdiscOptions(node.params);
    if (!options.isEmpty())
        words += u' ' + options;
    return words.simplified();
}

QString classWords(const ClassNode &node)
{
    const QString options = TcExporter::classOptions(node.params);
    return QStringLiteral("class %1 %2 parent %3 %4").arg(node.kindName(), node.classId.toString(), node.parent.toString(), options).simplified();
}

QString filterWords(const Filter &filter)
{
    return QStringLiteral("filter parent %1 prio %2 %3: %4").arg(filter.parent.toString()).arg(filter.prio).arg(filter.kindName(), TcSummary::filter(filter));
}

/** A filter that lets every packet through: matchall, or u32 with nothing but zero masks. */
bool selectsEverything(const Filter &filter)
{
    if (filter.protocol != EtherType::All)
        return false;
    if (filter.is<MatchallParams>())
        return true;
    const U32Params *u32 = filter.params.getIf<U32Params>();
    if (!u32 || u32->isTable() || u32->link != 0 || u32->hashTable != 0 || !u32->indev.isEmpty() || u32->mark())
        return false;
    const auto keys = u32->keys();
    return keys && std::all_of(keys->begin(), keys->end(), [](const U32Key &key) { return key.mask == 0; });
}

/** The ifb device a filter hands every packet to, when that is all it does. */
QString redirectedDevice(const Filter &filter)
{
    if (filter.actions.size() != 1 || filter.police || !filter.classId.isUnspec())
        return {};
    const MirredParams *mirred = filter.actions.first().getIf<MirredParams>();
    if (!mirred || mirred->mode != MirredParams::Mode::Redirect || mirred->direction != MirredParams::Direction::Egress)
        return {};
    return mirred->device;
}

YamlNode netemParameters(const QdiscNode &node, QStringList *notes)
{
    const NetemParams &p = node.params.get<NetemParams>();
    const QString where = qdiscName(node);
    YamlNode tc = YamlNode::map();
    if (p.delayUs > 0) {
        YamlNode delay = YamlNode::map();
        delay.insert(QStringLiteral("latency"), YamlNode::string(TcUnits::formatTimeUs(p.delayUs)));
        if (p.jitterUs > 0)
            delay.insert(QStringLiteral("jitter"), YamlNode::string(TcUnits::formatTimeUs(p.jitterUs)));
        if (!p.delayCorrelation.isZero())
            delay.insert(QStringLiteral("correlation"), YamlNode::string(percentText(p.delayCorrelation)));
        if (p.reorder.isSet()) {
            YamlNode reorder = YamlNode::map();
            reorder.insert(QStringLiteral("reorder"), YamlNode::string(percentText(p.reorder.probability)));
            if (!p.reorder.correlation.isZero())
                reorder.insert(QStringLiteral("correlation"), YamlNode::string(percentText(p.reorder.correlation)));
            reorder.insert(QStringLiteral("gap"), YamlNode::integer(p.gap == 0 ? 1 : p.gap));
            delay.insert(QStringLiteral("reorder"), std::move(reorder));
        }
        tc.insert(QStringLiteral("delay"), std::move(delay));
    } else if (p.jitterUs > 0) {
        notes->append(Text::tr("%1 jitter %2 without a delay: Chaos Mesh adds jitter only to a delay").arg(where, TcUnits::formatTimeUs(p.jitterUs)));
    }
    if (p.distribution != NetemDistribution::Uniform)
        notes->append(Text::tr("%1 distribution %2: NetworkChaos names no distribution table, so its jitter is spread evenly (uniform)")
                          .arg(where, netemDistributionName(p.distribution)));
    if (const auto *random = std::get_if<NetemRandomLoss>(&p.loss)) {
        YamlNode loss = YamlNode::map();
        loss.insert(QStringLiteral("loss"), YamlNode::string(percentText(random->probability)));
        if (!random->correlation.isZero())
            loss.insert(QStringLiteral("correlation"), YamlNode::string(percentText(random->correlation)));
        tc.insert(QStringLiteral("loss"), std::move(loss));
    } else if (const auto *state = std::get_if<NetemStateLoss>(&p.loss)) {
        notes->append(Text::tr("%1 loss state %2 %3 %4 %5 %6: NetworkChaos has random loss only, not the 4-state model")
                          .arg(where, TcUnits::formatPercent(state->p13), TcUnits::formatPercent(state->p31), TcUnits::formatPercent(state->p32),
                               TcUnits::formatPercent(state->p23), TcUnits::formatPercent(state->p14)));
    } else if (const auto *ge = std::get_if<NetemGilbertElliottLoss>(&p.loss)) {
        notes->append(Text::tr("%1 loss gemodel p %2 r %3 1-h %4 1-k %5: NetworkChaos has random loss only, not the Gilbert-Elliott model")
                          .arg(where, TcUnits::formatPercent(ge->p), TcUnits::formatPercent(ge->r), TcUnits::formatPercent(ge->oneMinusH),
                               TcUnits::formatPercent(ge->oneMinusK)));
    }
    const auto chance = [&tc](const QString &key, const NetemChance &c) {
        if (!c.isSet())
            return;
        YamlNode node = YamlNode::map();
        node.insert(key, YamlNode::string(percentText(c.probability)));
        if (!c.correlation.isZero())
            node.insert(QStringLiteral("correlation"), YamlNode::string(percentText(c.correlation)));
        tc.insert(key, std::move(node));
    };
    chance(QStringLiteral("duplicate"), p.duplicate);
    chance(QStringLiteral("corrupt"), p.corrupt);
    if (p.rate.bytesPerSecond > 0) {
        // netem's own rate (Chaos Mesh's RateSpec, PR #4017): its units are tc's, and formatRate()
        // writes the exact bit rate in the largest of tbit…bit that divides it ("25mbit").
        YamlNode rate = YamlNode::map();
        rate.insert(QStringLiteral("rate"), YamlNode::string(TcUnits::formatRate(p.rate.bytesPerSecond)));
        tc.insert(QStringLiteral("rate"), std::move(rate));
        if (p.rate.packetOverhead != 0 || p.rate.cellSize != 0 || p.rate.cellOverhead != 0)
            notes->append(Text::tr("%1 rate %2 %3 %4 %5: NetworkChaos's rate has no packet overhead or cells")
                              .arg(where, TcUnits::formatRate(p.rate.bytesPerSecond))
                              .arg(p.rate.packetOverhead)
                              .arg(p.rate.cellSize)
                              .arg(p.rate.cellOverhead));
    }
    if (p.limit != NetemParams::DefaultLimit)
        notes->append(Text::tr("%1 limit %2: NetworkChaos has no queue length; Chaos Mesh's netem keeps tc's default of %3 packets")
                          .arg(where)
                          .arg(p.limit)
                          .arg(NetemParams::DefaultLimit));
    if (p.slot.enabled) {
        const QString slot = p.slot.distribution
                                 ? QStringLiteral("slot distribution %1 %2 %3")
                                       .arg(netemDistributionName(*p.slot.distribution), TcUnits::formatTime64Ns(p.slot.distDelayNs),
                                            TcUnits::formatTime64Ns(p.slot.distJitterNs))
                                 : QStringLiteral("slot %1 %2").arg(TcUnits::formatTime64Ns(p.slot.minDelayNs), TcUnits::formatTime64Ns(p.slot.maxDelayNs));
        notes->append(Text::tr("%1 %2: NetworkChaos has no slots (packets delivered in bursts)").arg(where, slot));
    }
    if (p.ecn)
        notes->append(Text::tr("%1 ecn: NetworkChaos cannot mark packets instead of dropping them").arg(where));
    return tc;
}

std::optional<YamlNode> bandwidthParameters(const QdiscNode &node, QStringList *notes)
{
    const TbfParams &p = node.params.get<TbfParams>();
    const QString where = qdiscName(node);
    const qint64 limit = p.effectiveLimitBytes();
    // buffer and limit are int32 in the CRD, at least 1.
    if (p.burstBytes < 1 || p.burstBytes > Int32Max || limit < 1 || limit > Int32Max) {
        notes->append(Text::tr("%1 burst %2 and limit %3 bytes: NetworkChaos takes 1 to %4 bytes for each").arg(where).arg(p.burstBytes).arg(limit).arg(Int32Max));
        return std::nullopt;
    }
    YamlNode bandwidth = YamlNode::map();
    // tc's rate units, which Chaos Mesh 2.7 passes to tc as they are (BandwidthSpec.rate: "bit,
    // kbit, mbit, gbit, tbit, bps, kbps, mbps, gbps, tbps", bps meaning bytes per second; PR
    // #4129, after issue #4118 found 2.6.1 giving tc "1bps" as 1 bit/s). Bit units, as tc's own
    // spelling of a rate, and an integer, as ConvertUnitToBytes() requires.
    bandwidth.insert(QStringLiteral("rate"), YamlNode::string(TcUnits::formatRate(p.rateBytesPerSecond)));
    bandwidth.insert(QStringLiteral("limit"), YamlNode::integer(limit));
    bandwidth.insert(QStringLiteral("buffer"), YamlNode::integer(p.burstBytes));
    if (p.peakRateBytesPerSecond > 0) {
        // chaos-daemon writes "peakrate %d mtu %d" with no unit, which tc reads as bit/s: the
        // integer is the peak rate in bits per second, and minburst the peak bucket in bytes.
        bandwidth.insert(QStringLiteral("peakrate"), YamlNode::integer(qint64(p.peakRateBytesPerSecond * 8)));
        bandwidth.insert(QStringLiteral("minburst"), YamlNode::integer(p.mtu));
    }
    if (p.overhead != 0 || p.mpu != 0 || p.linkLayer != LinkLayer::Ethernet)
        notes->append(Text::tr("%1 overhead %2 mpu %3 linklayer %4: NetworkChaos's bandwidth has no link-layer accounting")
                          .arg(where)
                          .arg(p.overhead)
                          .arg(p.mpu)
                          .arg(p.linkLayer == LinkLayer::Ethernet ? QStringLiteral("ethernet") : QStringLiteral("atm")));
    return bandwidth;
}

/**
 * The netem and tbf every packet passes, from the root down: each one's only child, and below
 * an htb without filters the qdisc of its default class (where all traffic goes). Everything
 * else of the tree is named in notExpressed: classes, filters, other kinds, a second netem or tbf.
 * Ingress filters that hand all incoming traffic to one of @p ifbDevices are the incoming side's
 * plumbing, expressed by that side's direction.
 */
MappedTree mapTree(const QdiscTree &tree, const QSet<QString> &ifbDevices)
{
    MappedTree mapped;
    QSet<qsizetype> usedQdiscs;
    QSet<qsizetype> usedFilters;
    const auto indexOf = [&tree](const QdiscNode *node) { return qsizetype(node - tree.qdiscs.constData()); };
    const QdiscNode *node = tree.rootQdisc();
    while (node) {
        const TcHandle inner = TcHandle::make(node->handle.major(), 1);
        if (node->is<NetemParams>()) {
            if (mapped.netem)
                break; // a second netem: named below
            mapped.netem = netemParameters(*node, &mapped.notExpressed);
            usedQdiscs.insert(indexOf(node));
            node = tree.qdiscAt(inner);
        } else if (node->is<TbfParams>()) {
            if (mapped.bandwidth)
                break;
            usedQdiscs.insert(indexOf(node));
            auto bandwidth = bandwidthParameters(*node, &mapped.notExpressed);
            if (!bandwidth)
                break; // named by bandwidthParameters()
            mapped.bandwidth = std::move(*bandwidth);
            node = tree.qdiscAt(inner);
        } else if (const HtbQdiscParams *htb = node->params.getIf<HtbQdiscParams>()) {
            // Without filters every packet goes to the default class: what hangs there acts on
            // all the traffic. The htb and its classes themselves are named below.
            const bool filtered = std::any_of(tree.filters.begin(), tree.filters.end(),
                                              [&](const Filter &f) { return tree.filterOwner(f.parent) == node; });
            const TcHandle defaultClass = TcHandle::make(node->handle.major(), quint16(htb->defaultClass));
            const bool leaf = std::none_of(tree.classes.begin(), tree.classes.end(), [&](const ClassNode &c) { return c.parent == defaultClass; });
            if (filtered || htb->defaultClass == 0 || !tree.findClass(defaultClass) || !leaf)
                break;
            node = tree.qdiscAt(defaultClass);
        } else {
            break;
        }
    }

    // The ingress side: filters that redirect all incoming traffic to an ifb tree of the profile.
    for (qsizetype i = 0; i < tree.filters.size(); ++i) {
        const Filter &filter = tree.filters[i];
        const QdiscNode *owner = tree.filterOwner(filter.parent);
        if (!owner || !owner->atIngressHook())
            continue;
        const QString device = redirectedDevice(filter);
        if (device.isEmpty() || !ifbDevices.contains(device))
            continue;
        usedFilters.insert(i);
        usedQdiscs.insert(indexOf(owner));
        if (!selectsEverything(filter))
            mapped.notExpressed.append(Text::tr("%1: selects part of the incoming traffic for %2; NetworkChaos impairs all the traffic the peer pods send")
                                           .arg(filterWords(filter), device));
    }

    for (qsizetype i = 0; i < tree.qdiscs.size(); ++i) {
        if (usedQdiscs.contains(i))
            continue;
        const QdiscNode &q = tree.qdiscs[i];
        if (q.is<NetemParams>() || q.is<TbfParams>())
            mapped.notExpressed.append(Text::tr("%1: NetworkChaos holds one netem and one tbf, both acting on all the traffic").arg(qdiscWords(q)));
        else if (q.children() == QdiscChildren::Classes)
            mapped.notExpressed.append(Text::tr("%1: NetworkChaos has no %2 and no classes").arg(qdiscWords(q), q.kindName()));
        else
            mapped.notExpressed.append(Text::tr("%1: NetworkChaos makes netem and tbf only, no %2").arg(qdiscWords(q), q.kindName()));
    }
    for (const ClassNode &c : tree.classes)
        mapped.notExpressed.append(Text::tr("%1: NetworkChaos has no classes").arg(classWords(c)));
    for (qsizetype i = 0; i < tree.filters.size(); ++i) {
        if (!usedFilters.contains(i))
            mapped.notExpressed.append(Text::tr("%1: NetworkChaos has no filters; it acts on all the traffic of the pods").arg(filterWords(tree.filters[i])));
    }
    return mapped;
}

YamlNode selectorNode(const QString &namespaceName, const LabelSelector &labels)
{
    YamlNode selector = YamlNode::map();
    if (!namespaceName.isEmpty())
        selector.insert(QStringLiteral("namespaces"), YamlNode::list().append(YamlNode::string(namespaceName)));
    if (!labels.isEmpty()) {
        YamlNode map = YamlNode::map();
        for (const auto &[key, value] : labels)
            map.insert(key, YamlNode::string(value));
        selector.insert(QStringLiteral("labelSelectors"), std::move(map));
    }
    return selector;
}

/** One action's NetworkChaosSpec. */
YamlNode chaosSpec(const ChaosMeshOptions &options, const QString &action, const QString &direction, const YamlNode &parameters)
{
    YamlNode spec = YamlNode::map();
    spec.insert(QStringLiteral("action"), YamlNode::string(action));
    spec.insert(QStringLiteral("mode"), YamlNode::string(options.mode));
    if (!options.value.isEmpty())
        spec.insert(QStringLiteral("value"), YamlNode::string(options.value));
    spec.insert(QStringLiteral("selector"), selectorNode(options.namespaceName, options.selector));
    spec.insert(QStringLiteral("direction"), YamlNode::string(direction));
    if (!options.peers.isEmpty()) {
        YamlNode target = YamlNode::map();
        target.insert(QStringLiteral("mode"), YamlNode::string(QStringLiteral("all")));
        target.insert(QStringLiteral("selector"), selectorNode(options.namespaceName, options.peers));
        spec.insert(QStringLiteral("target"), std::move(target));
    }
    if (action == u"bandwidth") {
        spec.insert(QStringLiteral("bandwidth"), parameters);
    } else {
        for (size_t i = 0; i < parameters.keys().size(); ++i)
            spec.insert(parameters.keys()[i], parameters.values()[i]);
    }
    return spec;
}

/** The actions of a mapped tree: ("netem", parameters) and ("bandwidth", parameters), as present. */
QList<QPair<QString, YamlNode>> actionsOf(const MappedTree &mapped)
{
    QList<QPair<QString, YamlNode>> actions;
    if (!mapped.isEmpty() && mapped.netem && mapped.netem->size() > 0)
        actions.append({QStringLiteral("netem"), *mapped.netem});
    if (mapped.bandwidth)
        actions.append({QStringLiteral("bandwidth"), *mapped.bandwidth});
    return actions;
}

YamlNode resource(const QString &kind, const QString &name, const ChaosMeshOptions &options, YamlNode spec)
{
    YamlNode metadata = YamlNode::map();
    metadata.insert(QStringLiteral("name"), YamlNode::string(name));
    if (!options.namespaceName.isEmpty())
        metadata.insert(QStringLiteral("namespace"), YamlNode::string(options.namespaceName));
    YamlNode doc = YamlNode::map();
    doc.insert(QStringLiteral("apiVersion"), YamlNode::string(QString::fromUtf16(ApiVersion)));
    doc.insert(QStringLiteral("kind"), YamlNode::string(kind));
    doc.insert(QStringLiteral("metadata"), std::move(metadata));
    doc.insert(QStringLiteral("spec"), std::move(spec));
    return doc;
}

/** The documents after a comment naming what they leave out. */
ChaosMeshResult finish(const QString &source, QList<YamlNode> documents, QStringList notes)
{
    notes.removeDuplicates();
    ChaosMeshResult result;
    result.notExpressed = notes;
    QString yaml = QStringLiteral("# ") + Text::tr("Chaos Mesh manifests (chaos-mesh.org/v1alpha1, Chaos Mesh 2.7 or later) made by Qdisc Studio from %1.").arg(source) + u'\n';
    if (!notes.isEmpty()) {
        yaml += QStringLiteral("# ") + Text::tr("Not expressed by NetworkChaos:") + u'\n';
        for (const QString &note : std::as_const(notes))
            yaml += QStringLiteral("#   - ") + QString(note).replace(u'\n', u' ') + u'\n';
    }
    for (const YamlNode &doc : std::as_const(documents))
        yaml += QStringLiteral("---\n") + doc.toYaml();
    result.yaml = yaml;
    result.documents = std::move(documents);
    return result;
}

ChaosMeshResult failure(const QString &error, const QStringList &notes = {})
{
    ChaosMeshResult result;
    result.error = error;
    result.notExpressed = notes;
    result.notExpressed.removeDuplicates();
    return result;
}

bool isDns1123Label(QStringView text, qsizetype maxLength)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
    return !text.isEmpty() && text.size() <= maxLength && pattern.match(text.toString()).hasMatch();
}

/** A label's name part, or a value: at most 63 characters, alphanumerics at both ends, '-', '_' and '.' between. */
bool isLabelName(QStringView text)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$"));
    return !text.isEmpty() && text.size() <= 63 && pattern.match(text.toString()).hasMatch();
}

bool isLabelKey(QStringView key)
{
    const qsizetype slash = key.indexOf(u'/');
    if (slash < 0)
        return isLabelName(key);
    static const QRegularExpression subdomain(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"));
    const QStringView prefix = key.left(slash);
    return prefix.size() <= 253 && subdomain.match(prefix.toString()).hasMatch() && isLabelName(key.mid(slash + 1));
}

/** A step of the workflow: a held tree, a part of a ramp, or nothing. */
struct Segment
{
    QString name; ///< the template's name without the pass prefix
    qint64 durationMs = 0;
    QList<QPair<QString, YamlNode>> actions;
};

} // namespace

QStringList ChaosMeshExport::modes()
{
    return {QStringLiteral("one"), QStringLiteral("all"), QStringLiteral("fixed"), QStringLiteral("fixed-percent"), QStringLiteral("random-max-percent")};
}

QString ChaosMeshExport::resourceName(const QString &text)
{
    QString name;
    for (QChar c : text.toLower()) {
        const char16_t u = c.unicode();
        if ((u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9'))
            name += c;
        else if (!name.endsWith(u'-'))
            name += u'-';
    }
    name = name.left(MaxBaseNameLength);
    while (name.startsWith(u'-'))
        name.remove(0, 1);
    while (name.endsWith(u'-'))
        name.chop(1);
    return name.isEmpty() ? QStringLiteral("qdisc-studio") : name;
}

QString ChaosMeshExport::goDuration(qint64 milliseconds)
{
    if (milliseconds < 1000)
        return QString::number(milliseconds) + QStringLiteral("ms");
    QString text;
    const qint64 hours = milliseconds / 3600000;
    const qint64 minutes = milliseconds / 60000 % 60;
    const qint64 seconds = milliseconds / 1000 % 60;
    const qint64 millis = milliseconds % 1000;
    if (hours)
        text += QString::number(hours) + u'h';
    if (minutes)
        text += QString::number(minutes) + u'm';
    if (seconds || millis) {
        text += QString::number(seconds);
        if (millis) {
            QString fraction = QStringLiteral("%1").arg(millis, 3, 10, QLatin1Char('0'));
            while (fraction.endsWith(u'0'))
                fraction.chop(1);
            text += u'.' + fraction;
        }
        text += u's';
    }
    return text;
}

std::optional<LabelSelector> ChaosMeshExport::parseSelector(QStringView text, QString *error)
{
    LabelSelector labels;
    if (text.trimmed().isEmpty()) {
        *error = tr("give at least one label as key=value");
        return std::nullopt;
    }
    for (QStringView pair : text.split(u',')) {
        const qsizetype equals = pair.indexOf(u'=');
        if (equals < 0) {
            *error = tr("\"%1\" is not key=value").arg(pair);
            return std::nullopt;
        }
        const QString key = pair.left(equals).toString();
        const QString value = pair.mid(equals + 1).toString();
        if (!isLabelKey(key)) {
            *error = tr("\"%1\" is not a label key: a name of at most 63 letters, digits, '-', '_' and '.' (alphanumeric at both ends), "
                        "optionally after a DNS prefix and '/'")
                         .arg(key);
            return std::nullopt;
        }
        if (!value.isEmpty() && !isLabelName(value)) {
            *error = tr("\"%1\" is not a label value: at most 63 letters, digits, '-', '_' and '.', alphanumeric at both ends").arg(value);
            return std::nullopt;
        }
        if (std::any_of(labels.begin(), labels.end(), [&key](const auto &label) { return label.first == key; })) {
            *error = tr("the label key \"%1\" is given twice").arg(key);
            return std::nullopt;
        }
        labels.append({key, value});
    }
    return labels;
}

bool ChaosMeshExport::parseMode(QStringView text, ChaosMeshOptions *options, QString *error)
{
    const qsizetype equals = text.indexOf(u'=');
    ChaosMeshOptions probe = *options;
    probe.mode = (equals < 0 ? text : text.left(equals)).toString();
    probe.value = equals < 0 ? QString() : text.mid(equals + 1).toString();
    if (const QString problem = checkOptions(probe); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    *options = probe;
    return true;
}

QString ChaosMeshExport::checkOptions(const ChaosMeshOptions &options)
{
    if (!options.name.isEmpty() && !isDns1123Label(options.name, MaxBaseNameLength))
        return tr("\"%1\" is not a name Kubernetes takes here: lowercase letters, digits and '-', a letter or digit at both ends, at most %2 "
                  "characters")
            .arg(options.name)
            .arg(MaxBaseNameLength);
    if (!options.namespaceName.isEmpty() && !isDns1123Label(options.namespaceName, 63))
        return tr("\"%1\" is not a namespace: lowercase letters, digits and '-', a letter or digit at both ends, at most 63 characters").arg(options.namespaceName);
    if (!modes().contains(options.mode))
        return tr("\"%1\" is not a mode: use one of %2").arg(options.mode, modes().join(QStringLiteral(", ")));
    bool isNumber = false;
    const int value = options.value.toInt(&isNumber);
    if (options.mode == u"one" || options.mode == u"all") {
        if (!options.value.isEmpty())
            return tr("mode %1 takes no value (\"%2\")").arg(options.mode, options.value);
    } else if (options.mode == u"fixed") {
        if (!isNumber || value < 1)
            return tr("mode fixed needs the number of pods, at least 1: fixed=N");
    } else if (!isNumber || value < 1 || value > 100) {
        return tr("mode %1 needs a percentage of the pods from 1 to 100: %1=N").arg(options.mode);
    }
    if (options.durationMs && *options.durationMs <= 0)
        return tr("the duration must be longer than 0");
    if (options.rampSteps < 1 || options.rampSteps > ChaosMeshOptions::MaxRampSteps)
        return tr("a ramp is held as 1 to %1 steps, not %2").arg(ChaosMeshOptions::MaxRampSteps).arg(options.rampSteps);
    return {};
}

ChaosMeshResult ChaosMeshExport::profile(const Profile &profile, const ChaosMeshOptions &options)
{
    if (const QString problem = checkOptions(options); !problem.isEmpty())
        return failure(problem);
    QStringList invalid;
    for (const ValidationIssue &issue : profile.validate()) {
        if (issue.isError())
            invalid.append(issue.toString());
    }
    if (!invalid.isEmpty())
        return failure(tr("profile \"%1\" is not valid: %2").arg(profile.name, invalid.join(QStringLiteral("; "))));
    const QString base = options.name.isEmpty() ? resourceName(profile.name) : options.name;
    QStringList notes;
    QSet<QString> ifbDevices;
    for (const QdiscTree &tree : profile.trees) {
        if (tree.isIfb)
            ifbDevices.insert(tree.device);
    }
    // One tree leaves the pods and one comes in: a pod is impaired on its one network device.
    const QdiscTree *outgoing = nullptr;
    const QdiscTree *incoming = nullptr;
    const bool several = profile.trees.size() > 1;
    MappedTree out;
    MappedTree in;
    for (const QdiscTree &tree : profile.trees) {
        const QdiscTree *&slot = tree.isIfb ? incoming : outgoing;
        const QString which = tree.device.isEmpty() ? QString() : tree.target();
        if (slot) {
            notes.append(tree.isIfb ? tr("the tree for %1: NetworkChaos impairs one incoming side; only the tree for %2 is exported").arg(which, slot->target())
                                    : tr("the tree for %1: NetworkChaos impairs a pod's one device; only the tree for %2 is exported").arg(which, slot->target()));
            continue;
        }
        slot = &tree;
        MappedTree mapped = mapTree(tree, ifbDevices);
        if (several && !which.isEmpty()) {
            for (QString &note : mapped.notExpressed)
                note = tr("the tree for %1: %2").arg(which, note);
        }
        (tree.isIfb ? in : out) = std::move(mapped);
    }
    notes += out.notExpressed;
    notes += in.notExpressed;
    if (!in.isEmpty() && options.peers.isEmpty()) {
        notes.append(tr("the incoming tree (%1): NetworkChaos impairs what the selected pods receive only as what other pods send them (direction "
                        "from); name those pods with --peers")
                         .arg(incoming->target()));
        in = MappedTree{};
    }

    struct Side
    {
        QString suffix;
        QString direction;
        const MappedTree *mapped;
    };
    QList<Side> sides;
    const bool same = !out.isEmpty() && !in.isEmpty() && out.netem == in.netem && out.bandwidth == in.bandwidth;
    if (same) {
        sides.append({QString(), QStringLiteral("both"), &out});
    } else {
        const bool two = !out.isEmpty() && !in.isEmpty();
        if (!out.isEmpty())
            sides.append({two ? QStringLiteral("-out") : QString(), QStringLiteral("to"), &out});
        if (!in.isEmpty())
            sides.append({two ? QStringLiteral("-in") : QString(), QStringLiteral("from"), &in});
    }
    QList<YamlNode> documents;
    for (const Side &side : std::as_const(sides)) {
        const auto actions = actionsOf(*side.mapped);
        for (const auto &[action, parameters] : actions) {
            YamlNode spec = chaosSpec(options, action, side.direction, parameters);
            if (options.durationMs)
                spec.insert(QStringLiteral("duration"), YamlNode::string(goDuration(*options.durationMs)));
            const QString name = base + side.suffix + (actions.size() > 1 ? u'-' + action : QString());
            documents.append(resource(QStringLiteral("NetworkChaos"), name, options, std::move(spec)));
        }
    }
    if (documents.isEmpty())
        return failure(tr("nothing of profile \"%1\" can be expressed as a NetworkChaos").arg(profile.name), notes);
    return finish(tr("profile \"%1\"").arg(profile.name), std::move(documents), notes);
}

ChaosMeshResult ChaosMeshExport::scenario(const Scenario &scenario, const ChaosMeshOptions &options)
{
    if (const QString problem = checkOptions(options); !problem.isEmpty())
        return failure(problem);
    if (options.durationMs)
        return failure(tr("a scenario's steps have their own durations; a duration is for a profile"));
    QdiscTree pod;
    pod.device = QStringLiteral("eth0"); // Chaos Mesh's device when none is named
    QStringList errors;
    const std::optional<ScenarioTimeline> timeline = ScenarioTimeline::compile(scenario, pod, &errors);
    if (!timeline)
        return failure(tr("scenario \"%1\" cannot be exported: %2").arg(scenario.name, errors.join(QStringLiteral("; "))));

    const QString base = options.name.isEmpty() ? resourceName(scenario.name) : options.name;
    QStringList notes;
    // The manifests impair the pods the selector picks, alike in every step: a scenario's own
    // conditions for single targets have no place there.
    for (const TargetStep &own : scenario.perTarget)
        notes.append(tr("%1 on %2: a condition for one of the scenario's targets; the manifests give the pods the selector picks "
                        "each step's own condition (a step that only names targets holds the one before it)")
                         .arg(Scenario::stepLabel(scenario.steps.value(own.step).name, own.step), own.target));
    QList<Segment> segments;
    bool anyChaos = false;
    const QSet<QString> noIfb;
    for (int i = 0; i < timeline->steps().size(); ++i) {
        const TimelineStep &step = timeline->steps()[i];
        const QString label = Scenario::stepLabel(scenario.steps[i].name, i);
        // Room within a template name's 63 characters for "p256-" before and "-50-bandwidth" after.
        QString stepName = QString(QStringLiteral("s%1").arg(i + 1) + (step.name.isEmpty() ? QString() : u'-' + resourceName(step.name))).left(40);
        while (stepName.endsWith(u'-'))
            stepName.chop(1);
        // A ramp is held as parts, each at the value the ramp has halfway through it.
        const int parts = step.isRamp ? int(std::min<qint64>(options.rampSteps, std::max<qint64>(1, step.durationMs / Scenario::MinStepDurationMs))) : 1;
        if (step.isRamp)
            notes.append(tr("%1: a ramp changes its values continuously; NetworkChaos holds fixed values, so it is held as %n step(s) of about %2, "
                            "each at the values the ramp has halfway through it",
                            nullptr, parts)
                             .arg(label, goDuration(step.durationMs / parts)));
        qint64 done = 0;
        for (int part = 0; part < parts; ++part) {
            const qint64 end = step.durationMs * (part + 1) / parts;
            const QdiscTree &tree = step.isRamp ? timeline->treeAt(step.startMs + (done + end) / 2) : step.startTree;
            MappedTree mapped = mapTree(tree, noIfb);
            // A ramp's parts differ only in the values it moves: its notes are those of the trees it
            // starts and ends with, not one for each value in between.
            if (!step.isRamp || part == parts - 1) {
                QStringList partNotes = mapped.notExpressed;
                if (step.isRamp)
                    partNotes = mapTree(step.startTree, noIfb).notExpressed + mapTree(step.endTree, noIfb).notExpressed;
                for (const QString &note : std::as_const(partNotes))
                    notes.append(tr("%1: %2").arg(label, note));
            }
            Segment segment;
            segment.name = stepName + (parts > 1 ? QStringLiteral("-%1").arg(part + 1) : QString());
            segment.durationMs = end - done;
            segment.actions = actionsOf(mapped);
            if (segment.actions.isEmpty() && !tree.isEmpty())
                notes.append(tr("%1: nothing of its tree can be expressed; the pods are left unimpaired for its %2").arg(label, goDuration(segment.durationMs)));
            anyChaos = anyChaos || !segment.actions.isEmpty();
            segments.append(segment);
            done = end;
        }
    }
    if (!anyChaos)
        return failure(tr("nothing of scenario \"%1\" can be expressed as a NetworkChaos").arg(scenario.name), notes);

    qsizetype templatesPerPass = 0;
    for (const Segment &s : std::as_const(segments))
        templatesPerPass += s.actions.size() > 1 ? 3 : 1;
    const qint64 passMs = timeline->durationMs();
    const bool repeat = scenario.loops == 0 || templatesPerPass * scenario.loops > MaxWorkflowTemplates;
    const int passes = repeat ? 1 : scenario.loops;
    if (scenario.onEnd == ScenarioEnding::KeepLast)
        notes.append(tr("onEnd keep: Chaos Mesh lifts each step's condition when its deadline passes, the last one too"));
    if (scenario.onAbort == ScenarioEnding::KeepLast)
        notes.append(tr("onAbort keep: deleting the Workflow lifts its condition"));

    YamlNode templates = YamlNode::list();
    YamlNode entry = YamlNode::map();
    YamlNode children = YamlNode::list();
    QList<YamlNode> stepTemplates;
    for (int pass = 1; pass <= passes; ++pass) {
        const QString prefix = passes > 1 ? QStringLiteral("p%1-").arg(pass) : QString();
        for (const Segment &segment : std::as_const(segments)) {
            const QString name = prefix + segment.name;
            const YamlNode deadline = YamlNode::string(goDuration(segment.durationMs));
            children.append(YamlNode::string(name));
            const auto chaosTemplate = [&](const QString &templateName, const QString &action, const YamlNode &parameters) {
                YamlNode t = YamlNode::map();
                t.insert(QStringLiteral("name"), YamlNode::string(templateName));
                t.insert(QStringLiteral("templateType"), YamlNode::string(QStringLiteral("NetworkChaos")));
                t.insert(QStringLiteral("deadline"), deadline);
                t.insert(QStringLiteral("networkChaos"), chaosSpec(options, action, QStringLiteral("to"), parameters));
                return t;
            };
            if (segment.actions.isEmpty()) {
                YamlNode t = YamlNode::map();
                t.insert(QStringLiteral("name"), YamlNode::string(name));
                t.insert(QStringLiteral("templateType"), YamlNode::string(QStringLiteral("Suspend")));
                t.insert(QStringLiteral("deadline"), deadline);
                stepTemplates.append(t);
            } else if (segment.actions.size() == 1) {
                stepTemplates.append(chaosTemplate(name, segment.actions.first().first, segment.actions.first().second));
            } else {
                YamlNode parallel = YamlNode::map();
                YamlNode both = YamlNode::list();
                for (const auto &[action, parameters] : segment.actions)
                    both.append(YamlNode::string(name + u'-' + action));
                parallel.insert(QStringLiteral("name"), YamlNode::string(name));
                parallel.insert(QStringLiteral("templateType"), YamlNode::string(QStringLiteral("Parallel")));
                parallel.insert(QStringLiteral("deadline"), deadline);
                parallel.insert(QStringLiteral("children"), std::move(both));
                stepTemplates.append(parallel);
                for (const auto &[action, parameters] : segment.actions)
                    stepTemplates.append(chaosTemplate(name + u'-' + action, action, parameters));
            }
        }
    }
    const QString entryName = QStringLiteral("scenario");
    entry.insert(QStringLiteral("name"), YamlNode::string(entryName));
    entry.insert(QStringLiteral("templateType"), YamlNode::string(QStringLiteral("Serial")));
    entry.insert(QStringLiteral("children"), std::move(children));
    templates.append(std::move(entry));
    for (YamlNode &t : stepTemplates)
        templates.append(std::move(t));
    YamlNode workflow = YamlNode::map();
    workflow.insert(QStringLiteral("entry"), YamlNode::string(entryName));
    workflow.insert(QStringLiteral("templates"), std::move(templates));

    YamlNode document;
    if (!repeat) {
        document = resource(QStringLiteral("Workflow"), base, options, std::move(workflow));
    } else {
        // A Workflow does not repeat: a Schedule starts one pass every pass length. @every counts
        // whole seconds (robfig/cron), rounded up so that passes never overlap.
        const qint64 everyMs = std::max<qint64>(1000, (passMs + 999) / 1000 * 1000);
        if (scenario.loops == 0)
            notes.append(tr("loops forever: a Workflow does not repeat; a Schedule starts the pass every %1 until it is deleted, and the pods are "
                            "unimpaired between two passes for as long as Chaos Mesh takes to start the next")
                             .arg(goDuration(everyMs)));
        else
            notes.append(tr("loops %1: unrolled they would take %2 templates (at most %3 are written); a Schedule starts the pass every %4 until "
                            "it is deleted: delete it after %5")
                             .arg(scenario.loops)
                             .arg(templatesPerPass * scenario.loops)
                             .arg(MaxWorkflowTemplates)
                             .arg(goDuration(everyMs), goDuration(everyMs * scenario.loops)));
        YamlNode spec = YamlNode::map();
        spec.insert(QStringLiteral("schedule"), YamlNode::string(QStringLiteral("@every ") + goDuration(everyMs)));
        spec.insert(QStringLiteral("type"), YamlNode::string(QStringLiteral("Workflow")));
        spec.insert(QStringLiteral("concurrencyPolicy"), YamlNode::string(QStringLiteral("Forbid")));
        spec.insert(QStringLiteral("historyLimit"), YamlNode::integer(1));
        spec.insert(QStringLiteral("workflow"), std::move(workflow));
        document = resource(QStringLiteral("Schedule"), base, options, std::move(spec));
    }
    return finish(tr("scenario \"%1\"").arg(scenario.name), {document}, notes);
}

} // namespace qs
