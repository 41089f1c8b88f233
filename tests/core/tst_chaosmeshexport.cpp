// Issue 20, Deliver 4: Chaos Mesh manifests for every built-in preset and scenario, checked
// against the CRDs (chaosmeshschema.h, itself shown to reject wrong manifests), read back from
// the YAML text, and what NetworkChaos cannot express named.

#include "chaosmeshschema.h"

#include "export/chaosmeshexport.h"
#include "kinds/allkinds.h"
#include "kinds/netem/netemparams.h"
#include "profiles/builtinpresets.h"
#include "scenario/scenariostore.h"
#include "tc/tcimporter.h"

#include <QTest>

using namespace Qt::Literals::StringLiterals;

using qs::ChaosMeshExport;
using qs::ChaosMeshOptions;
using qs::ChaosMeshResult;
using qs::Profile;
using qs::YamlNode;

Q_DECLARE_METATYPE(qs::Profile)
Q_DECLARE_METATYPE(qs::Scenario)
Q_DECLARE_METATYPE(qs::YamlNode)

namespace {

ChaosMeshOptions podsOptions()
{
    ChaosMeshOptions options;
    options.namespaceName = QStringLiteral("shop");
    options.selector = {{QStringLiteral("app.kubernetes.io/name"), QStringLiteral("checkout")}};
    return options;
}

/** A profile from tc commands (tc's own syntax, through the importer). */
Profile profileFrom(const QString &name, const QString &commands)
{
    const qs::TcImportResult imported = qs::TcImporter::import(commands);
    if (!imported.ok())
        qFatal("bad test input: %s", qPrintable(imported.errors.first().message));
    Profile profile;
    profile.name = name;
    profile.trees = imported.trees;
    return profile;
}

/** The CRD's errors of every document, and whether the YAML text reads back to the same documents. */
QString problems(const ChaosMeshResult &result)
{
    QStringList all;
    QString error;
    const auto read = crd::Reader::documents(result.yaml, &error);
    if (!read)
        return QStringLiteral("the YAML does not read back: ") + error;
    if (*read != result.documents)
        all.append(QStringLiteral("the YAML reads back to other documents"));
    for (const YamlNode &doc : *read)
        all += crd::checkManifest(doc);
    return all.join(u'\n');
}

/** @p node with the value at @p path (map keys, list indices as numbers) replaced, or removed when @p value is unset. */
YamlNode edited(const YamlNode &node, QStringList path, const std::optional<YamlNode> &value)
{
    const QString head = path.takeFirst();
    YamlNode copy = node.type() == YamlNode::Type::List ? YamlNode::list() : YamlNode::map();
    bool found = false;
    for (size_t i = 0; i < node.values().size(); ++i) {
        const bool here = node.type() == YamlNode::Type::List ? QString::number(i) == head : node.keys()[i] == head;
        if (!here) {
            node.type() == YamlNode::Type::List ? copy.append(node.values()[i]) : copy.insert(node.keys()[i], node.values()[i]);
            continue;
        }
        found = true;
        const std::optional<YamlNode> replacement = path.isEmpty() ? value : std::optional(edited(node.values()[i], path, value));
        if (replacement)
            node.type() == YamlNode::Type::List ? copy.append(*replacement) : copy.insert(node.keys()[i], *replacement);
    }
    if (!found && value && path.isEmpty())
        copy.insert(head, *value);
    return copy;
}

} // namespace

class TstChaosMeshExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:

    void yamlScalars_data();
    void yamlScalars();
    void everyPreset_data();
    void everyPreset();
    void everyScenario_data();
    void everyScenario();
    void checkerRejects_data();
    void checkerRejects();
    void workflowCheckerRejects_data();
    void workflowCheckerRejects();
    void notExpressed_data();
    void notExpressed();
    void directions();
    void scenarioShapes();
    void options_data();
    void options();
    void expectedText();
};

void TstChaosMeshExport::yamlScalars_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("written");
    QTest::newRow("word") << QStringLiteral("netem") << QStringLiteral("netem");
    QTest::newRow("label key") << QStringLiteral("app.kubernetes.io/name") << QStringLiteral("app.kubernetes.io/name");
    QTest::newRow("duration") << QStringLiteral("10ms") << QStringLiteral("\"10ms\"");
    QTest::newRow("float") << QStringLiteral("0.5") << QStringLiteral("\"0.5\"");
    QTest::newRow("integer text") << QStringLiteral("25") << QStringLiteral("\"25\"");
    QTest::newRow("yaml 1.1 bool") << QStringLiteral("yes") << QStringLiteral("\"yes\"");
    QTest::newRow("null") << QStringLiteral("Null") << QStringLiteral("\"Null\"");
    QTest::newRow("cron") << QStringLiteral("@every 15s") << QStringLiteral("\"@every 15s\"");
    QTest::newRow("quote and backslash") << QStringLiteral("a\"b\\c") << QStringLiteral("\"a\\\"b\\\\c\"");
    QTest::newRow("colon") << QStringLiteral("a: b") << QStringLiteral("\"a: b\"");
    QTest::newRow("empty") << QString() << QStringLiteral("\"\"");
    QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("\"a\\nb\"");
}

void TstChaosMeshExport::yamlScalars()
{
    QFETCH(QString, text);
    QFETCH(QString, written);
    QCOMPARE(YamlNode::scalar(text), written);
    QString error;
    const auto back = crd::Reader::scalar(written, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->type(), YamlNode::Type::String);
    QCOMPARE(back->text(), text);
}

void TstChaosMeshExport::everyPreset_data()
{
    QTest::addColumn<Profile>("preset");
    QTest::addColumn<QString>("named"); // a part each preset's export must name as not expressed ("" for none)
    const QList<Profile> presets = qs::BuiltinPresets::all();
    QVERIFY(presets.size() >= 13);
    const QHash<QString, QString> named = {
        {QStringLiteral("LTE (4G)"), QStringLiteral("distribution normal")},
        {QStringLiteral("Bursty loss (Gilbert-Elliott)"), QStringLiteral("loss gemodel")},
        {QStringLiteral("Bad hotel Wi-Fi"), QStringLiteral("class htb 1:10")},
        {QStringLiteral("Cable evening congestion"), QStringLiteral("slot 2ms 10ms")},
        {QStringLiteral("3G (UMTS/HSPA)"), QStringLiteral("limit 300")},
        {QStringLiteral("DSL (ADSL2+)"), QStringLiteral("qdisc netem 10: limit 150: NetworkChaos has no queue length")},
    };
    for (const Profile &preset : presets)
        QTest::newRow(qPrintable(preset.name)) << preset << named.value(preset.name);
}

void TstChaosMeshExport::everyPreset()
{
    QFETCH(Profile, preset);
    QFETCH(QString, named);
    const ChaosMeshResult result = ChaosMeshExport::profile(preset, podsOptions());
    QVERIFY2(result.ok(), qPrintable(result.error + u'\n' + result.notExpressed.join(u'\n')));
    QVERIFY(!result.documents.isEmpty());
    QCOMPARE(problems(result), QString());
    for (const YamlNode &doc : result.documents)
        QCOMPARE(doc.value(u"kind")->text(), QStringLiteral("NetworkChaos"));
    if (preset.name == u"Full outage")
        QCOMPARE(result.notExpressed, QStringList());
    else if (!named.isEmpty())
        QVERIFY2(result.notExpressed.join(u'\n').contains(named), qPrintable(result.notExpressed.join(u'\n')));
    // What is named is also on top of the YAML, as comments.
    for (const QString &note : result.notExpressed)
        QVERIFY(result.yaml.contains(QStringLiteral("#   - ") + note));
}

void TstChaosMeshExport::everyScenario_data()
{
    QTest::addColumn<qs::Scenario>("scenario");
    QTest::addColumn<QString>("kind");
    const QList<qs::Scenario> scenarios = qs::ScenarioStore::builtins();
    QVERIFY(scenarios.size() >= 5);
    for (const qs::Scenario &scenario : scenarios)
        QTest::newRow(qPrintable(scenario.name)) << scenario << (scenario.loops == 0 ? QStringLiteral("Schedule") : QStringLiteral("Workflow"));
}

void TstChaosMeshExport::everyScenario()
{
    QFETCH(qs::Scenario, scenario);
    QFETCH(QString, kind);
    QString error;
    const auto resolved = scenario.resolveReferences(nullptr, &error);
    QVERIFY2(resolved, qPrintable(error));
    const ChaosMeshResult result = ChaosMeshExport::scenario(*resolved, podsOptions());
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.documents.size(), 1);
    QCOMPARE(problems(result), QString());
    QCOMPARE(result.documents.first().value(u"kind")->text(), kind);
}

void TstChaosMeshExport::checkerRejects_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("path");
    QTest::addColumn<YamlNode>("value"); // Null: the field is removed
    QTest::addColumn<QString>("error");
    const QString lte = QStringLiteral("LTE (4G)");
    const QString dsl = QStringLiteral("DSL (ADSL2+)");
    const auto s = [](const char *text) { return YamlNode::string(QString::fromUtf8(text)); };
    QTest::newRow("apiVersion") << lte << "apiVersion" << s("chaos-mesh.org/v1") << "$.apiVersion";
    QTest::newRow("kind") << lte << "kind" << s("NetChaos") << "kind:";
    QTest::newRow("no name") << lte << "metadata/name" << YamlNode() << "\"name\" is missing";
    QTest::newRow("name") << lte << "metadata/name" << s("LTE_4G") << "$.metadata.name";
    QTest::newRow("action") << lte << "spec/action" << s("jitter") << "$.spec.action";
    QTest::newRow("no action") << lte << "spec/action" << YamlNode() << "\"action\" is missing";
    QTest::newRow("mode") << lte << "spec/mode" << s("everyone") << "$.spec.mode";
    QTest::newRow("no selector") << lte << "spec/selector" << YamlNode() << "\"selector\" is missing";
    QTest::newRow("namespace") << lte << "spec/selector/namespaces/0" << s("Shop") << "$.spec.selector.namespaces[0]";
    QTest::newRow("label value") << lte << "spec/selector/labelSelectors/app.kubernetes.io~1name" << s("-x") << "label value";
    QTest::newRow("latency unit") << lte << "spec/delay/latency" << s("25") << "$.spec.delay.latency";
    QTest::newRow("latency blank") << lte << "spec/delay/latency" << s("25 ms") << "$.spec.delay.latency";
    QTest::newRow("latency number") << lte << "spec/delay/latency" << YamlNode::integer(25) << "expected a string";
    QTest::newRow("no latency") << lte << "spec/delay/latency" << YamlNode() << "\"latency\" is missing";
    QTest::newRow("correlation word") << lte << "spec/delay/correlation" << s("high") << "$.spec.delay.correlation";
    QTest::newRow("loss percent sign") << lte << "spec/loss/loss" << s("0.2%") << "$.spec.loss.loss";
    QTest::newRow("loss above 100") << lte << "spec/loss/loss" << s("120") << "outside";
    QTest::newRow("loss number") << lte << "spec/loss/loss" << YamlNode::integer(1) << "expected a string";
    QTest::newRow("rate fraction") << lte << "spec/rate/rate" << s("2.5mbit") << "$.spec.rate.rate";
    QTest::newRow("rate unit") << lte << "spec/rate/rate" << s("25Mbit/s") << "$.spec.rate.rate";
    QTest::newRow("unknown field") << lte << "spec/delay/lattency" << s("25ms") << "unknown field \"lattency\"";
    QTest::newRow("direction") << lte << "spec/direction" << s("in") << "$.spec.direction";
    QTest::newRow("from without target") << lte << "spec/direction" << s("from") << "without a target";
    QTest::newRow("fixed without value") << lte << "spec/mode" << s("fixed") << ".value: mode fixed";
    QTest::newRow("percent without value") << lte << "spec/mode" << s("random-max-percent") << ".value: mode random-max-percent";
    QTest::newRow("duration") << lte << "spec/duration" << s("1 hour") << "$.spec.duration";
    QTest::newRow("buffer 0") << dsl << "spec/bandwidth/buffer" << YamlNode::integer(0) << "below the minimum";
    QTest::newRow("buffer text") << dsl << "spec/bandwidth/buffer" << s("15360") << "expected an integer";
    QTest::newRow("limit int32") << dsl << "spec/bandwidth/limit" << YamlNode::integer(1LL << 31) << "above the maximum";
    QTest::newRow("no limit") << dsl << "spec/bandwidth/limit" << YamlNode() << "\"limit\" is missing";
    QTest::newRow("bandwidth bps fraction") << dsl << "spec/bandwidth/rate" << s("1.5mbps") << "$.spec.bandwidth.rate";
    QTest::newRow("no bandwidth") << dsl << "spec/bandwidth" << YamlNode() << "action bandwidth without bandwidth";
}

void TstChaosMeshExport::checkerRejects()
{
    QFETCH(QString, preset);
    QFETCH(QString, path);
    QFETCH(YamlNode, value);
    QFETCH(QString, error);
    const ChaosMeshResult result = ChaosMeshExport::profile(*qs::BuiltinPresets::find(preset), podsOptions());
    QVERIFY(result.ok());
    // The DSL preset's last document is its bandwidth.
    const YamlNode &good = result.documents.last();
    QCOMPARE(crd::checkManifest(good), QStringList());
    QStringList keys = path.split(u'/');
    for (QString &key : keys)
        key.replace(QStringLiteral("~1"), QStringLiteral("/"));
    const YamlNode bad = edited(good, keys, value.type() == YamlNode::Type::Null ? std::nullopt : std::optional(value));
    QVERIFY(bad != good);
    const QStringList errors = crd::checkManifest(bad);
    QVERIFY2(!errors.isEmpty(), qPrintable(path));
    QVERIFY2(errors.join(u'\n').contains(error), qPrintable(errors.join(u'\n')));
}

namespace {

/** A clean step, then the DSL preset's tbf and netem for a minute. */
qs::Scenario shapesScenario()
{
    qs::Scenario shapes;
    shapes.name = QStringLiteral("Shapes");
    qs::ScenarioStep clean;
    clean.name = QStringLiteral("Clean");
    clean.durationMs = 1500;
    qs::ScenarioStep dsl;
    dsl.name = QStringLiteral("DSL");
    dsl.durationMs = 60000;
    dsl.tree = qs::BuiltinPresets::find(u"DSL (ADSL2+)")->trees.first();
    shapes.steps = {clean, dsl};
    return shapes;
}

} // namespace

void TstChaosMeshExport::workflowCheckerRejects_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("path");
    QTest::addColumn<YamlNode>("value"); // Null: the field is removed
    QTest::addColumn<QString>("error");
    const QString evening = QStringLiteral("Evening congestion");
    const QString flapping = QStringLiteral("Flapping Wi-Fi");
    const QString shapes = QStringLiteral("Shapes");
    const auto s = [](const QString &text) { return YamlNode::string(text); };
    QTest::newRow("entry") << evening << "spec/entry" << s(QStringLiteral("main")) << "no template \"main\"";
    QTest::newRow("no entry") << evening << "spec/entry" << YamlNode() << "\"entry\" is missing";
    QTest::newRow("child") << evening << "spec/templates/0/children/0" << s(QStringLiteral("s9")) << "no template \"s9\"";
    QTest::newRow("no children") << evening << "spec/templates/0/children" << YamlNode::list() << "Serial without children";
    QTest::newRow("deadline") << evening << "spec/templates/1/deadline" << s(QStringLiteral("20 s")) << "templates[1].deadline";
    QTest::newRow("template type") << evening << "spec/templates/1/templateType" << s(QStringLiteral("Serials")) << "templates[1].templateType";
    QTest::newRow("no template type") << evening << "spec/templates/1/templateType" << YamlNode() << "\"templateType\" is missing";
    QTest::newRow("template name") << evening << "spec/templates/1/name" << s(QStringLiteral("S1")) << "DNS-1123";
    QTest::newRow("two names alike") << evening << "spec/templates/2/name" << s(QStringLiteral("s1-afternoon")) << "share a name";
    QTest::newRow("no networkChaos") << evening << "spec/templates/1/networkChaos" << YamlNode() << "NetworkChaos without networkChaos";
    QTest::newRow("duration in a workflow") << evening << "spec/templates/1/networkChaos/duration" << s(QStringLiteral("20s")) << "from deadline";
    QTest::newRow("embedded rate") << evening << "spec/templates/1/networkChaos/bandwidth/rate" << s(QStringLiteral("50 Mbit")) << "bandwidth.rate";
    QTest::newRow("embedded mode") << evening << "spec/templates/1/networkChaos/mode" << s(QStringLiteral("most")) << "networkChaos.mode";
    QTest::newRow("suspend without deadline") << shapes << "spec/templates/1/deadline" << YamlNode() << "Suspend without a deadline";
    QTest::newRow("parallel child") << shapes << "spec/templates/2/children/1" << s(QStringLiteral("s2-dsl-tbf")) << "no template \"s2-dsl-tbf\"";
    QTest::newRow("cron") << flapping << "spec/schedule" << s(QStringLiteral("every 15s")) << "$.spec.schedule";
    QTest::newRow("every unit") << flapping << "spec/schedule" << s(QStringLiteral("@every 15")) << "$.spec.schedule";
    QTest::newRow("schedule type") << flapping << "spec/type" << s(QStringLiteral("Flow")) << "$.spec.type";
    QTest::newRow("concurrency") << flapping << "spec/concurrencyPolicy" << s(QStringLiteral("Never")) << "$.spec.concurrencyPolicy";
    QTest::newRow("history") << flapping << "spec/historyLimit" << YamlNode::integer(0) << "below the minimum";
    QTest::newRow("no workflow") << flapping << "spec/workflow" << YamlNode() << "without its spec";
    QTest::newRow("long schedule name") << flapping << "metadata/name" << s(QString(52, u'a')) << "at most 51";
    QTest::newRow("workflow inside") << flapping << "spec/workflow/templates/2/deadline" << s(QStringLiteral("soon")) << "workflow.templates[2].deadline";
}

void TstChaosMeshExport::workflowCheckerRejects()
{
    QFETCH(QString, scenario);
    QFETCH(QString, path);
    QFETCH(YamlNode, value);
    QFETCH(QString, error);
    QString problem;
    const qs::Scenario source = scenario == u"Shapes" ? shapesScenario() : *qs::ScenarioStore::builtin(scenario)->resolveReferences(nullptr, &problem);
    const ChaosMeshResult result = ChaosMeshExport::scenario(source, podsOptions());
    QVERIFY(result.ok());
    const YamlNode &good = result.documents.first();
    QCOMPARE(crd::checkManifest(good), QStringList());
    const YamlNode bad = edited(good, path.split(u'/'), value.type() == YamlNode::Type::Null ? std::nullopt : std::optional(value));
    QVERIFY(bad != good);
    const QStringList errors = crd::checkManifest(bad);
    QVERIFY2(errors.join(u'\n').contains(error), qPrintable(path + QStringLiteral(":\n") + errors.join(u'\n')));
}

void TstChaosMeshExport::notExpressed_data()
{
    QTest::addColumn<Profile>("profile");
    QTest::addColumn<bool>("exported");
    QTest::addColumn<QStringList>("named");
    QTest::newRow("htb with classes and filters")
        << profileFrom(QStringLiteral("Two classes"), QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 20\n"
                                                                     "tc class add dev eth0 parent 1: classid 1:10 htb rate 10mbit\n"
                                                                     "tc class add dev eth0 parent 1: classid 1:20 htb rate 5mbit ceil 8mbit\n"
                                                                     "tc qdisc add dev eth0 parent 1:10 handle 10: netem delay 50ms\n"
                                                                     "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dport 443 0xffff flowid 1:10\n"))
        << false
        << QStringList{QStringLiteral("qdisc htb 1: default 20"), QStringLiteral("class htb 1:10 parent 1: rate 10mbit"),
                       QStringLiteral("class htb 1:20 parent 1: rate 5mbit ceil 8mbit"), QStringLiteral("qdisc netem 10: parent 1:10 delay 50ms"),
                       QStringLiteral("filter parent 1: prio 1 u32")};
    QTest::newRow("htb default class: its netem exported")
        << profileFrom(QStringLiteral("One class"), QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 10\n"
                                                                   "tc class add dev eth0 parent 1: classid 1:10 htb rate 3mbit ceil 3mbit\n"
                                                                   "tc qdisc add dev eth0 parent 1:10 handle 10: netem delay 40ms\n"))
        << true << QStringList{QStringLiteral("qdisc htb 1: default 10"), QStringLiteral("class htb 1:10")};
    QTest::newRow("gemodel alone")
        << profileFrom(QStringLiteral("GE"), QStringLiteral("tc qdisc add dev eth0 root netem loss gemodel 1% 25% 50% 0.1%\n")) << false
        << QStringList{QStringLiteral("qdisc netem root loss gemodel p 1% r 25% 1-h 50% 1-k 0.1%: NetworkChaos has random loss only")};
    QTest::newRow("a filter on the ingress")
        << profileFrom(QStringLiteral("Policed"), QStringLiteral("tc qdisc add dev eth0 root tbf rate 10mbit burst 32kb latency 50ms\n"
                                                                 "tc qdisc add dev eth0 handle ffff: ingress\n"
                                                                 "tc filter add dev eth0 parent ffff: protocol ip prio 1 u32 match u32 0 0 police rate 1mbit burst 10k drop\n"))
        << true << QStringList{QStringLiteral("qdisc ingress ffff:"), QStringLiteral("filter parent ffff: prio 1 u32")};
    QTest::newRow("fq_codel")
        << profileFrom(QStringLiteral("Fair"), QStringLiteral("tc qdisc add dev eth0 root fq_codel\n")) << false
        << QStringList{QStringLiteral("no fq_codel")};
    QTest::newRow("second netem")
        << profileFrom(QStringLiteral("Two netems"), QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 10ms\n"
                                                                    "tc qdisc add dev eth0 parent 1:1 handle 2: netem loss 1%\n"))
        << true << QStringList{QStringLiteral("qdisc netem 2: parent 1:1 loss")};
    QTest::newRow("tbf link layer")
        << profileFrom(QStringLiteral("ATM"), QStringLiteral("tc qdisc add dev eth0 root tbf rate 1mbit burst 10kb limit 30kb linklayer atm\n")) << true
        << QStringList{QStringLiteral("linklayer atm")};
    QTest::newRow("netem rate overhead, ecn")
        << profileFrom(QStringLiteral("Cells"), QStringLiteral("tc qdisc add dev eth0 root netem loss 1% ecn rate 1mbit 20 48 5\n")) << true
        << QStringList{QStringLiteral("rate 1mbit 20 48 5"), QStringLiteral("ecn")};
    Profile tooLong = profileFrom(QStringLiteral("Too long"), QStringLiteral("tc qdisc add dev eth0 root netem delay 10ms\n"));
    tooLong.trees.first().qdiscs.first().params.edit<qs::NetemParams>().delayUs = qs::NetemParams::MaxDelayUs + 1;
    QTest::newRow("not valid") << tooLong << false << QStringList{};
    QTest::newRow("an empty tree") << profileFrom(QStringLiteral("Nothing"), QStringLiteral("tc qdisc del dev eth0 root\n")) << false << QStringList{};
}

void TstChaosMeshExport::notExpressed()
{
    QFETCH(Profile, profile);
    QFETCH(bool, exported);
    QFETCH(QStringList, named);
    const ChaosMeshResult result = ChaosMeshExport::profile(profile, podsOptions());
    QCOMPARE(result.ok(), exported);
    const QString all = result.notExpressed.join(u'\n');
    for (const QString &part : named)
        QVERIFY2(all.contains(part), qPrintable(QStringLiteral("\"%1\" not named in:\n%2").arg(part, all)));
    if (exported) {
        QCOMPARE(problems(result), QString());
    } else {
        QVERIFY(result.yaml.isEmpty());
        QVERIFY2(result.error.contains(profile.name), qPrintable(result.error));
    }
}

void TstChaosMeshExport::directions()
{
    const QString recipe = QStringLiteral("ip link add ifb0 type ifb\n"
                                          "tc qdisc add dev eth0 handle ffff: ingress\n"
                                          "tc filter add dev eth0 parent ffff: protocol all u32 match u32 0 0 action mirred egress redirect dev ifb0\n"
                                          "tc qdisc add dev ifb0 root netem delay 50ms\n");
    // Incoming only, without peers: nothing to export, and it says why.
    Profile incoming = profileFrom(QStringLiteral("In"), recipe);
    ChaosMeshResult result = ChaosMeshExport::profile(incoming, podsOptions());
    QVERIFY(!result.ok());
    QVERIFY2(result.notExpressed.join(u'\n').contains(u"--peers"), qPrintable(result.notExpressed.join(u'\n')));
    // With peers: direction from, the peers as the target.
    ChaosMeshOptions options = podsOptions();
    options.peers = {{QStringLiteral("app"), QStringLiteral("db")}};
    result = ChaosMeshExport::profile(incoming, options);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.notExpressed, QStringList()); // the redirect of everything is the incoming side itself
    QCOMPARE(result.documents.size(), 1);
    QCOMPARE(problems(result), QString());
    const YamlNode *spec = result.documents.first().value(u"spec");
    QCOMPARE(spec->value(u"direction")->text(), QStringLiteral("from"));
    QCOMPARE(spec->value(u"target")->value(u"selector")->value(u"labelSelectors")->value(u"app")->text(), QStringLiteral("db"));
    // Both sides the same: one NetworkChaos with direction both.
    Profile same = profileFrom(QStringLiteral("Same"), recipe + QStringLiteral("tc qdisc add dev eth0 root netem delay 50ms\n"));
    result = ChaosMeshExport::profile(same, options);
    QCOMPARE(result.documents.size(), 1);
    QCOMPARE(result.documents.first().value(u"spec")->value(u"direction")->text(), QStringLiteral("both"));
    QCOMPARE(problems(result), QString());
    // Different sides: "-out" with direction to, "-in" with direction from.
    Profile different = profileFrom(QStringLiteral("Different"), recipe + QStringLiteral("tc qdisc add dev eth0 root netem delay 20ms loss 1%\n"));
    result = ChaosMeshExport::profile(different, options);
    QCOMPARE(result.documents.size(), 2);
    QCOMPARE(result.documents[0].value(u"metadata")->value(u"name")->text(), QStringLiteral("different-out"));
    QCOMPARE(result.documents[0].value(u"spec")->value(u"direction")->text(), QStringLiteral("to"));
    QCOMPARE(result.documents[1].value(u"metadata")->value(u"name")->text(), QStringLiteral("different-in"));
    QCOMPARE(result.documents[1].value(u"spec")->value(u"direction")->text(), QStringLiteral("from"));
    QCOMPARE(problems(result), QString());
    // A redirect of part of the traffic is named.
    Profile part = profileFrom(QStringLiteral("Part"), QString(recipe).replace(QStringLiteral("match u32 0 0"), QStringLiteral("match ip dport 80 0xffff")));
    result = ChaosMeshExport::profile(part, options);
    QVERIFY2(result.notExpressed.join(u'\n').contains(u"selects part of the incoming traffic for ifb0"), qPrintable(result.notExpressed.join(u'\n')));
}

void TstChaosMeshExport::scenarioShapes()
{
    // Evening congestion: tbf only, two ramps: each ramp held as 5 steps at its midpoint values.
    auto evening = qs::ScenarioStore::builtin(u"Evening congestion");
    QVERIFY(evening);
    ChaosMeshResult result = ChaosMeshExport::scenario(*evening, podsOptions());
    QVERIFY(result.ok());
    const YamlNode &workflow = result.documents.first();
    const YamlNode *templates = workflow.value(u"spec")->value(u"templates");
    QCOMPARE(templates->size(), 1 + 1 + 5 + 1 + 5);
    QCOMPARE(templates->values()[0].value(u"templateType")->text(), QStringLiteral("Serial"));
    QCOMPARE(templates->values()[1].value(u"deadline")->text(), QStringLiteral("20s"));
    QCOMPARE(templates->values()[2].value(u"name")->text(), QStringLiteral("s2-neighbours-get-home-1"));
    QCOMPARE(templates->values()[2].value(u"deadline")->text(), QStringLiteral("6s"));
    // 50 → 8 mbit exponentially over 30 s: 3 s in, 50 · (8/50)^0.1 = 41.6 Mbit/s (the update at 3.0 s).
    const QString firstRate = templates->values()[2].value(u"networkChaos")->value(u"bandwidth")->value(u"rate")->text();
    QVERIFY2(firstRate.startsWith(u"416") || firstRate.startsWith(u"415"), qPrintable(firstRate));
    QVERIFY(result.notExpressed.join(u'\n').contains(u"held as 5 step"));

    // Satellite handover: 8 passes unrolled, each step its own template.
    auto satellite = qs::ScenarioStore::builtin(u"Satellite handover");
    QString error;
    result = ChaosMeshExport::scenario(*satellite->resolveReferences(nullptr, &error), podsOptions());
    QCOMPARE(result.documents.first().value(u"spec")->value(u"templates")->size(), 1 + 8 * 2);
    QCOMPARE(result.documents.first().value(u"spec")->value(u"templates")->values()[16].value(u"name")->text(), QStringLiteral("p8-s2-handover"));

    // Flapping Wi-Fi loops forever: a Schedule of the one pass, every 15 s, never two at once.
    auto flapping = qs::ScenarioStore::builtin(u"Flapping Wi-Fi");
    result = ChaosMeshExport::scenario(*flapping->resolveReferences(nullptr, &error), podsOptions());
    const YamlNode &schedule = result.documents.first();
    QCOMPARE(schedule.value(u"kind")->text(), QStringLiteral("Schedule"));
    QCOMPARE(schedule.value(u"spec")->value(u"schedule")->text(), QStringLiteral("@every 15s"));
    QCOMPARE(schedule.value(u"spec")->value(u"concurrencyPolicy")->text(), QStringLiteral("Forbid"));
    QVERIFY(result.notExpressed.join(u'\n').contains(u"loops forever"));

    // A clean step is a pause; a step of tbf and netem a Parallel of two NetworkChaos.
    qs::Scenario shapes = shapesScenario();
    result = ChaosMeshExport::scenario(shapes, podsOptions());
    QVERIFY(result.ok());
    QCOMPARE(problems(result), QString());
    const YamlNode *t = result.documents.first().value(u"spec")->value(u"templates");
    QCOMPARE(t->values()[1].value(u"templateType")->text(), QStringLiteral("Suspend"));
    QCOMPARE(t->values()[1].value(u"deadline")->text(), QStringLiteral("1.5s"));
    QCOMPARE(t->values()[2].value(u"templateType")->text(), QStringLiteral("Parallel"));
    QCOMPARE(t->values()[2].value(u"deadline")->text(), QStringLiteral("1m"));
    QCOMPARE(t->values()[3].value(u"name")->text(), QStringLiteral("s2-dsl-netem"));
    QCOMPARE(t->values()[4].value(u"name")->text(), QStringLiteral("s2-dsl-bandwidth"));

    // A scenario for several targets: each step's own condition is exported; what one target
    // plays instead is named, never dropped silently, and a hold keeps the step before.
    const qsizetype shapesTemplates = t->size(); // t points into the result replaced below
    qs::Scenario sites = shapesScenario();
    sites.targets = {u"ssh://qs@lab4/eth1"_s, u"wan0"_s};
    qs::ScenarioStep hold = sites.steps.last();
    hold.kind = qs::ScenarioStep::Kind::Hold;
    hold.tree = qs::QdiscTree();
    sites.steps.append(hold);
    sites.perTarget = {qs::TargetStep{int(sites.steps.size()) - 1, u"ssh://qs@lab4/eth1"_s, sites.steps[0]}};
    QVERIFY2(sites.validate().isEmpty(), qPrintable(sites.validate().join(u'\n')));
    result = ChaosMeshExport::scenario(sites, podsOptions());
    QVERIFY(result.ok());
    QCOMPARE(problems(result), QString());
    QVERIFY2(result.notExpressed.join(u'\n').contains(u"on ssh://qs@lab4/eth1: a condition for one of the scenario's targets"_s),
             qPrintable(result.notExpressed.join(u'\n')));
    const YamlNode *held = result.documents.first().value(u"spec")->value(u"templates");
    QCOMPARE(held->size(), shapesTemplates + 3); // the hold: the same Parallel of two, for its own time

    // Only clean steps: nothing to export.
    shapes.steps.removeLast();
    QVERIFY(!ChaosMeshExport::scenario(shapes, podsOptions()).ok());
}

void TstChaosMeshExport::options_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("error"); // empty: accepted
    QTest::newRow("plain") << "app=web" << "all" << "" << "";
    QTest::newRow("several labels") << "app=web,tier=front,example.com/role=db" << "one" << "my-chaos" << "";
    QTest::newRow("empty value") << "canary=" << "fixed=2" << "" << "";
    QTest::newRow("percent") << "app=web" << "fixed-percent=50" << "" << "";
    QTest::newRow("no equals") << "app" << "all" << "" << "\"app\" is not key=value";
    QTest::newRow("bad key") << "-app=web" << "all" << "" << "is not a label key";
    QTest::newRow("bad value") << "app=web server" << "all" << "" << "is not a label value";
    QTest::newRow("twice") << "app=a,app=b" << "all" << "" << "given twice";
    QTest::newRow("empty") << "" << "all" << "" << "at least one label";
    QTest::newRow("mode") << "app=web" << "some" << "" << "\"some\" is not a mode";
    QTest::newRow("fixed without number") << "app=web" << "fixed" << "" << "mode fixed needs the number of pods";
    QTest::newRow("fixed zero") << "app=web" << "fixed=0" << "" << "mode fixed needs the number of pods";
    QTest::newRow("percent 101") << "app=web" << "random-max-percent=101" << "" << "from 1 to 100";
    QTest::newRow("all with value") << "app=web" << "all=3" << "" << "takes no value";
    QTest::newRow("uppercase name") << "app=web" << "all" << "MyChaos" << "is not a name";
    QTest::newRow("long name") << "app=web" << "all" << QString(41, u'a') << "is not a name";
}

void TstChaosMeshExport::options()
{
    QFETCH(QString, selector);
    QFETCH(QString, mode);
    QFETCH(QString, name);
    QFETCH(QString, error);
    QString problem;
    ChaosMeshOptions options;
    options.name = name;
    const auto labels = ChaosMeshExport::parseSelector(selector, &problem);
    if (labels) {
        options.selector = *labels;
        if (ChaosMeshExport::parseMode(mode, &options, &problem))
            problem = ChaosMeshExport::checkOptions(options);
    }
    if (error.isEmpty()) {
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const ChaosMeshResult result = ChaosMeshExport::profile(*qs::BuiltinPresets::find(u"LTE (4G)"), options);
        QCOMPARE(problems(result), QString());
        if (!name.isEmpty())
            QCOMPARE(result.documents.first().value(u"metadata")->value(u"name")->text(), name);
    } else {
        QVERIFY2(problem.contains(error), qPrintable(problem));
    }
}

void TstChaosMeshExport::expectedText()
{
    ChaosMeshOptions options = podsOptions();
    options.durationMs = 90000;
    const ChaosMeshResult result = ChaosMeshExport::profile(*qs::BuiltinPresets::find(u"DSL (ADSL2+)"), options);
    QCOMPARE(result.yaml, QStringLiteral(
        "# Chaos Mesh manifests (chaos-mesh.org/v1alpha1, Chaos Mesh 2.7 or later) made by Qdisc Studio from profile \"DSL (ADSL2+)\".\n"
        "# Not expressed by NetworkChaos:\n"
        "#   - qdisc netem 10: limit 150: NetworkChaos has no queue length; Chaos Mesh's netem keeps tc's default of 1000 packets\n"
        "---\n"
        "apiVersion: chaos-mesh.org/v1alpha1\n"
        "kind: NetworkChaos\n"
        "metadata:\n"
        "  name: dsl-adsl2-netem\n"
        "  namespace: shop\n"
        "spec:\n"
        "  action: netem\n"
        "  mode: all\n"
        "  selector:\n"
        "    namespaces:\n"
        "      - shop\n"
        "    labelSelectors:\n"
        "      app.kubernetes.io/name: checkout\n"
        "  direction: to\n"
        "  delay:\n"
        "    latency: \"10ms\"\n"
        "  duration: \"1m30s\"\n"
        "---\n"
        "apiVersion: chaos-mesh.org/v1alpha1\n"
        "kind: NetworkChaos\n"
        "metadata:\n"
        "  name: dsl-adsl2-bandwidth\n"
        "  namespace: shop\n"
        "spec:\n"
        "  action: bandwidth\n"
        "  mode: all\n"
        "  selector:\n"
        "    namespaces:\n"
        "      - shop\n"
        "    labelSelectors:\n"
        "      app.kubernetes.io/name: checkout\n"
        "  direction: to\n"
        "  bandwidth:\n"
        "    rate: \"12mbit\"\n"
        "    limit: 165360\n"
        "    buffer: 15360\n"
        "  duration: \"1m30s\"\n"));
}

QTEST_GUILESS_MAIN(TstChaosMeshExport)
#include "tst_chaosmeshexport.moc"
