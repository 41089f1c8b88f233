#include "kinds/allkinds.h"
#include "scenario/rampparameter.h"
#include "scenario/scenario.h"
#include "scenario/scenarioprogress.h"
#include "scenario/scenariostore.h"
#include "scenario/scenariotimeline.h"

#include "model/treejson.h"
#include "profiles/builtinpresets.h"
#include "profiles/profilestore.h"
#include "tc/tcunits.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace qs;

namespace qs {
// QCOMPARE prints both sides with these when a comparison fails.
char *toString(const QdiscTree &tree)
{
    return QTest::toString(
        QString::fromUtf8(QJsonDocument(TreeJson::toJson(tree)).toJson(QJsonDocument::Compact)));
}
char *toString(const Scenario &scenario)
{
    return QTest::toString(QString::fromUtf8(scenario.toJsonBytes()));
}
} // namespace qs

namespace {

constexpr TcHandle H1 = TcHandle::make(1, 0);

QdiscTree netemTree(quint64 delayUs, double lossFraction = 0)
{
    NetemParams netem;
    netem.delayUs = delayUs;
    if (lossFraction > 0)
        netem.loss = NetemRandomLoss{Probability::fromFraction(lossFraction), Probability()};
    QdiscNode root;
    root.handle = H1;
    root.params = netem;
    QdiscTree tree;
    tree.qdiscs.append(root);
    return tree;
}

QdiscTree tbfTree(quint64 rateBytesPerSecond)
{
    TbfParams tbf;
    tbf.rateBytesPerSecond = rateBytesPerSecond;
    tbf.burstBytes = 64 * 1024;
    tbf.latencyUs = 50000;
    QdiscNode root;
    root.handle = H1;
    root.params = tbf;
    QdiscTree tree;
    tree.qdiscs.append(root);
    return tree;
}

/** htb 1: with classes 1:10 and 1:20, each with a netem child (10: and 20:). */
QdiscTree htbWithTwoNetems()
{
    QdiscTree tree;
    QdiscNode htb;
    htb.handle = H1;
    htb.params = HtbQdiscParams{};
    tree.qdiscs.append(htb);
    for (quint16 minor : {quint16(0x10), quint16(0x20)}) {
        ClassNode c;
        c.params = HtbClassParams{};
        c.classId = TcHandle::make(1, minor);
        c.parent = H1;
        c.params.edit<HtbClassParams>().rateBytesPerSecond = 1250000;
        tree.classes.append(c);
        QdiscNode child;
        child.handle = TcHandle::make(minor, 0);
        child.parent = c.classId;
        NetemParams netem;
        netem.delayUs = 10000;
        child.params = netem;
        tree.qdiscs.append(child);
    }
    return tree;
}

QdiscTree boundTree(QdiscTree tree)
{
    tree.netns = QStringLiteral("ns");
    tree.device = QStringLiteral("dev");
    return tree;
}

const NetemParams &netemOf(const QdiscTree &tree, TcHandle handle = H1)
{
    return tree.qdisc(handle)->params.get<NetemParams>();
}

ScenarioStep treeStep(const QString &name, qint64 ms, const QdiscTree &tree)
{
    ScenarioStep step;
    step.name = name;
    step.durationMs = ms;
    step.kind = ScenarioStep::Kind::Tree;
    step.tree = tree;
    return step;
}

ScenarioStep rampStep(const QString &name, qint64 ms, QList<RampTarget> ramps,
                      RampCurve curve = RampCurve::Linear, int ups = 10)
{
    ScenarioStep step;
    step.name = name;
    step.durationMs = ms;
    step.kind = ScenarioStep::Kind::Ramp;
    step.ramps = std::move(ramps);
    step.curve = curve;
    step.updatesPerSecond = ups;
    return step;
}

ScenarioStep referenceStep(const QString &name, qint64 ms, ScenarioStep::Kind kind,
                           const QString &reference)
{
    ScenarioStep step;
    step.name = name;
    step.durationMs = ms;
    step.kind = kind;
    step.reference = reference;
    return step;
}

Scenario scenarioOf(QList<ScenarioStep> steps)
{
    Scenario scenario;
    scenario.name = QStringLiteral("Test");
    scenario.steps = std::move(steps);
    return scenario;
}

/** A valid scenario file as an object, for the error tests to break in one place. */
QJsonObject validScenarioJson()
{
    return QJsonDocument::fromJson(R"json({
        "schemaVersion": 1, "name": "Tunnel",
        "steps": [
            {"name": "LTE", "duration": "2s", "preset": "LTE (4G)"},
            {"name": "Fade", "duration": "5s", "ramp": {"curve": "linear", "parameters": [{"parameter": "netem.delay", "to": "200ms"}]}},
            {"name": "Cut", "duration": "500ms", "tree": {"qdiscs": [{"parent": "root", "handle": "1:", "kind": "netem",
                "params": {"loss": {"model": "random", "probability": "100%"}}}]}}
        ]})json")
        .object();
}

QString joined(const QStringList &errors)
{
    return errors.join(u'\n');
}

} // namespace

class TestScenario : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // --- RampParameter ---
    void parameterNames()
    {
        const QStringList names = RampParameter::names();
        QCOMPARE(names.size(), 12);
        QCOMPARE(names.first(), QStringLiteral("netem.delay"));
        QCOMPARE(names.last(), QStringLiteral("htb.ceil"));
        for (const QString &name : names)
            QVERIFY2(RampParameter::unitOf(name).has_value(), qPrintable(name));
        QVERIFY(!RampParameter::unitOf(u"netem.gap"));
        QCOMPARE(RampParameter::unitOf(u"tbf.burst"), RampParameter::Unit::Size);
        QCOMPARE(RampParameter::maximumOf(u"netem.loss"), 1.0);
        QCOMPARE(RampParameter::maximumOf(u"netem.delay"), double(NetemParams::MaxDelayUs));
    }

    void parseAndFormatValue_data()
    {
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("value");
        QTest::newRow("delay") << "netem.delay"
                               << "200ms" << 200000.0;
        QTest::newRow("jitter us") << "netem.jitter"
                                   << "1500us" << 1500.0;
        QTest::newRow("loss") << "netem.loss"
                              << "2%" << 0.02;
        QTest::newRow("loss fraction") << "netem.loss"
                                       << "0.5%" << 0.005;
        QTest::newRow("duplicate") << "netem.duplicate"
                                   << "100%" << 1.0;
        QTest::newRow("rate") << "netem.rate"
                              << "5mbit" << 625000.0;
        QTest::newRow("limit") << "netem.limit"
                               << "1000" << 1000.0;
        QTest::newRow("tbf rate") << "tbf.rate"
                                  << "50mbit" << 6250000.0;
        QTest::newRow("tbf burst") << "tbf.burst"
                                   << "32kb" << 32768.0;
        QTest::newRow("htb ceil") << "htb.ceil"
                                  << "1gbit" << 125000000.0;
    }
    void parseAndFormatValue()
    {
        QFETCH(QString, parameter);
        QFETCH(QString, text);
        QFETCH(double, value);
        QString error;
        const auto parsed = RampParameter::parseValue(parameter, text, &error);
        QVERIFY2(parsed, qPrintable(error));
        QCOMPARE(*parsed, value);
        QCOMPARE(RampParameter::formatValue(parameter, *parsed), text);
    }

    void percentTextRoundTrips()
    {
        for (const char *text :
             {"0.001%", "33.333%", "1e-05%", "99.9999%", "0.2%", "12.5%", "7%"}) {
            const auto fraction =
                RampParameter::parseValue(u"netem.loss", QString::fromLatin1(text), nullptr);
            QVERIFY(fraction);
            const QString formatted = RampParameter::formatValue(u"netem.loss", *fraction);
            QCOMPARE(RampParameter::parseValue(u"netem.loss", formatted, nullptr), fraction);
        }
    }

    void badValues_data()
    {
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no unit word") << "netem.delay"
                                      << "abc"
                                      << "write it like \"200ms\"";
        QTest::newRow("empty") << "netem.loss"
                               << ""
                               << "write it like \"2%\"";
        QTest::newRow("above 100 %") << "netem.loss"
                                     << "150%"
                                     << "write it like";
        QTest::newRow("delay too long") << "netem.delay"
                                        << "300s"
                                        << "above the largest netem.delay";
        QTest::newRow("size as rate") << "tbf.rate"
                                      << "32kb"
                                      << "write it like \"10mbit\"";
        QTest::newRow("unknown") << "netem.gap"
                                 << "5"
                                 << "not a parameter a ramp can move";
    }
    void badValues()
    {
        QFETCH(QString, parameter);
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!RampParameter::parseValue(parameter, text, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void locateReadWrite()
    {
        QdiscTree tree = netemTree(20000);
        QString error;
        QCOMPARE(RampParameter::locate(tree, u"netem.delay", TcHandle(), &error), H1);
        QCOMPARE(RampParameter::locate(tree, u"netem.delay", H1, &error), H1);
        QCOMPARE(RampParameter::read(tree, u"netem.delay", H1), 20000.0);

        // No loss reads as 0; a loss written makes it random loss; 0 again is no loss at all.
        QCOMPARE(RampParameter::read(tree, u"netem.loss", H1), 0.0);
        QVERIFY(RampParameter::write(tree, u"netem.loss", H1, 0.02));
        const auto *random = std::get_if<NetemRandomLoss>(&netemOf(tree).loss);
        QVERIFY(random);
        QCOMPARE(random->probability, Probability::fromFraction(0.02));
        QVERIFY(RampParameter::write(tree, u"netem.loss", H1, 0));
        QVERIFY(std::holds_alternative<std::monostate>(netemOf(tree).loss));

        // With a correlation, 0 % is kept as random loss: the kernel keeps the correlation.
        tree.qdisc(H1)->params.edit<NetemParams>().loss =
            NetemRandomLoss{Probability::fromFraction(0.1), Probability::fromFraction(0.25)};
        QVERIFY(RampParameter::write(tree, u"netem.loss", H1, 0));
        random = std::get_if<NetemRandomLoss>(&netemOf(tree).loss);
        QVERIFY(random);
        QVERIFY(random->probability.isZero());
        QCOMPARE(random->correlation, Probability::fromFraction(0.25));

        // Clamped to the model's range.
        QVERIFY(RampParameter::write(tree, u"netem.delay", H1, 1e15));
        QCOMPARE(netemOf(tree).delayUs, NetemParams::MaxDelayUs);
        QVERIFY(RampParameter::write(tree, u"netem.rate", H1, -5));
        QCOMPARE(netemOf(tree).rate.bytesPerSecond, quint64(0));
        QVERIFY(RampParameter::write(tree, u"netem.limit", H1, 300.4));
        QCOMPARE(netemOf(tree).limit, 300u);

        // Wrong kinds and missing nodes.
        QVERIFY(!RampParameter::locate(tree, u"tbf.rate", TcHandle(), &error));
        QVERIFY2(error.contains(QStringLiteral("no tbf qdisc")), qPrintable(error));
        QVERIFY(!RampParameter::locate(tree, u"netem.delay", TcHandle::make(2, 0), &error));
        QVERIFY2(error.contains(QStringLiteral("no qdisc 2:")), qPrintable(error));
        QVERIFY(!RampParameter::write(tree, u"tbf.rate", H1, 1000));
    }

    void locateRefusesStateLoss()
    {
        QdiscTree tree = netemTree(20000);
        tree.qdisc(H1)->params.edit<NetemParams>().loss = NetemStateLoss::withDefaults(0.01);
        QString error;
        QVERIFY(!RampParameter::locate(tree, u"netem.loss", TcHandle(), &error));
        QVERIFY2(error.contains(QStringLiteral("loss state")), qPrintable(error));
        QVERIFY(!RampParameter::read(tree, u"netem.loss", H1));
        QVERIFY(!RampParameter::write(tree, u"netem.loss", H1, 0.1));
        // Other parameters of the same qdisc still ramp.
        QVERIFY(RampParameter::locate(tree, u"netem.delay", TcHandle(), &error));
    }

    void locateAmbiguousAndHtb()
    {
        const QdiscTree tree = htbWithTwoNetems();
        QString error;
        QVERIFY(!RampParameter::locate(tree, u"netem.delay", TcHandle(), &error));
        QVERIFY2(error.contains(QStringLiteral("several netem qdiscs")) &&
                     error.contains(QStringLiteral("10:, 20:")),
                 qPrintable(error));
        QCOMPARE(RampParameter::locate(tree, u"netem.delay", TcHandle::make(0x20, 0), &error),
                 TcHandle::make(0x20, 0));
        QVERIFY(!RampParameter::locate(tree, u"htb.rate", TcHandle(), &error));
        QVERIFY2(error.contains(QStringLiteral("several htb classes")), qPrintable(error));
        QVERIFY(!RampParameter::locate(tree, u"netem.delay", H1, &error));
        QVERIFY2(error.contains(QStringLiteral("is a htb qdisc")), qPrintable(error));

        const TcHandle c10 = TcHandle::make(1, 0x10);
        QCOMPARE(RampParameter::locate(tree, u"htb.ceil", c10, &error), c10);
        QCOMPARE(RampParameter::read(tree, u"htb.ceil", c10),
                 1250000.0); // ceil 0 reads as the rate
        QdiscTree changed = tree;
        QVERIFY(RampParameter::write(changed, u"htb.ceil", c10, 2500000));
        QCOMPARE(changed.findClass(c10)->params.get<HtbClassParams>().ceilBytesPerSecond, quint64(2500000));
        QVERIFY(RampParameter::write(changed, u"htb.rate", c10, 625000));
        QCOMPARE(changed.findClass(c10)->params.get<HtbClassParams>().rateBytesPerSecond, quint64(625000));
    }

    void rampValues()
    {
        QCOMPARE(rampValue(RampCurve::Linear, 20, 200, 0), 20.0);
        QCOMPARE(rampValue(RampCurve::Linear, 20, 200, 0.5), 110.0);
        QCOMPARE(rampValue(RampCurve::Linear, 200, 20, 1), 20.0);
        QCOMPARE(rampValue(RampCurve::Exponential, 20, 200, 1), 200.0);
        QVERIFY(std::fabs(rampValue(RampCurve::Exponential, 20, 200, 0.5) - 20 * std::sqrt(10.0)) <
                1e-9);
        QVERIFY(std::fabs(rampValue(RampCurve::Exponential, 10, 1000, 0.5) - 100) < 1e-9);
        QCOMPARE(rampCurveFromName(u"exponential"), RampCurve::Exponential);
        QVERIFY(!rampCurveFromName(u"cubic"));
        QCOMPARE(rampCurveName(RampCurve::Linear), QStringLiteral("linear"));
    }

    // --- durations ---
    void parseDuration_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("ms");
        QTest::newRow("ms") << "250ms" << qint64(250);
        QTest::newRow("s") << "20s" << qint64(20000);
        QTest::newRow("decimal s") << "1.5s" << qint64(1500);
        QTest::newRow("tenth") << "0.1s" << qint64(100);
        QTest::newRow("min") << "2min" << qint64(120000);
        QTest::newRow("half min") << "0.5min" << qint64(30000);
        QTest::newRow("h") << "1h" << qint64(3600000);
        QTest::newRow("spaces") << " 3s " << qint64(3000);
    }
    void parseDuration()
    {
        QFETCH(QString, text);
        QFETCH(qint64, ms);
        QString error;
        QCOMPARE(Scenario::parseDurationMs(text, &error), std::optional<qint64>(ms));
    }

    void badDuration_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero") << "0s"
                              << "above 0";
        QTest::newRow("negative") << "-1s"
                                  << "negative";
        QTest::newRow("no unit") << "5"
                                 << "write a number and a unit";
        QTest::newRow("words") << "abc"
                               << "not a duration";
        QTest::newRow("empty") << ""
                               << "not a duration";
        QTest::newRow("unknown unit") << "5d"
                                      << "not a duration";
        QTest::newRow("part of a ms") << "1.0005s"
                                      << "whole number of milliseconds";
        QTest::newRow("huge") << "99999999999999999999h"
                              << "too long";
    }
    void badDuration()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!Scenario::parseDurationMs(text, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void formatDuration()
    {
        QCOMPARE(Scenario::formatDurationMs(250), QStringLiteral("250ms"));
        QCOMPARE(Scenario::formatDurationMs(1500), QStringLiteral("1.5s"));
        QCOMPARE(Scenario::formatDurationMs(1005), QStringLiteral("1.005s"));
        QCOMPARE(Scenario::formatDurationMs(20000), QStringLiteral("20s"));
        QCOMPARE(Scenario::formatDurationMs(90000), QStringLiteral("90s"));
        QCOMPARE(Scenario::formatDurationMs(120000), QStringLiteral("2min"));
        QCOMPARE(Scenario::formatDurationMs(3600000), QStringLiteral("1h"));
        for (qint64 ms : {1LL, 999LL, 1000LL, 1001LL, 59999LL, 60000LL, 61500LL, 5400000LL,
                          Scenario::MaxStepDurationMs})
            QCOMPARE(Scenario::parseDurationMs(Scenario::formatDurationMs(ms), nullptr),
                     std::optional<qint64>(ms));
    }

    // --- JSON ---
    void jsonRoundTrip()
    {
        Scenario scenario;
        scenario.name = QStringLiteral("Everything");
        scenario.description = QStringLiteral("Every kind of step.\nSecond line.");
        scenario.targets = {QStringLiteral("eth0"), QStringLiteral("lab/veth1")};
        scenario.loops = 0;
        scenario.onEnd = ScenarioEnding::KeepLast;
        scenario.onAbort = ScenarioEnding::Restore;
        scenario.steps.append(referenceStep(
            QStringLiteral("LTE"), 20000, ScenarioStep::Kind::Preset, QStringLiteral("LTE (4G)")));
        scenario.steps.append(referenceStep(QString(), 10000, ScenarioStep::Kind::Profile,
                                            QStringLiteral("My profile")));
        QdiscTree tree = netemTree(80000, 0.01);
        tree.qdisc(H1)->params.edit<NetemParams>().jitterUs = 20000;
        scenario.steps.append(treeStep(QStringLiteral("Cut"), 1500, tree));
        scenario.steps.append(
            rampStep(QStringLiteral("Fade"), 5000,
                     {{QStringLiteral("netem.delay"), TcHandle(), 200000},
                      {QStringLiteral("netem.loss"), H1,
                       *RampParameter::parseValue(u"netem.loss", u"0.3%", nullptr)},
                      {QStringLiteral("netem.limit"), TcHandle(), 300}},
                     RampCurve::Exponential, 25));
        scenario.steps.append(
            rampStep(QStringLiteral("Shape"), 120000,
                     {{QStringLiteral("htb.ceil"), TcHandle::make(1, 0x10), 1250000}}));
        QVERIFY2(scenario.validate().isEmpty(), qPrintable(joined(scenario.validate())));

        const QByteArray bytes = scenario.toJsonBytes();
        QVERIFY(bytes.endsWith('\n'));
        QStringList errors;
        const auto back = Scenario::fromJsonBytes(bytes, &errors);
        QVERIFY2(back, qPrintable(joined(errors)));
        QCOMPARE(*back, scenario);
        QCOMPARE(back->toJsonBytes(), bytes);

        const QJsonObject o = scenario.toJson();
        QCOMPARE(o.value(QStringLiteral("loops")).toString(), QStringLiteral("forever"));
        QCOMPARE(o.value(QStringLiteral("onEnd")).toString(), QStringLiteral("keep"));
        const QJsonObject fade = o.value(QStringLiteral("steps")).toArray().at(3).toObject();
        QCOMPARE(fade.value(QStringLiteral("duration")).toString(), QStringLiteral("5s"));
        const QJsonObject ramp = fade.value(QStringLiteral("ramp")).toObject();
        QCOMPARE(ramp.value(QStringLiteral("curve")).toString(), QStringLiteral("exponential"));
        QCOMPARE(ramp.value(QStringLiteral("parameters"))
                     .toArray()
                     .at(1)
                     .toObject()
                     .value(QStringLiteral("to"))
                     .toString(),
                 QStringLiteral("0.3%"));
    }

    void severalTargets()
    {
        // A step for every target, one that only says what one target plays (the others hold),
        // and a step whose own condition one target replaces.
        const QByteArray json = "{\"schemaVersion\": 1, \"name\": \"Sites\",\n"
            "            \"targets\": [\"ssh://qs@Lab4/eth1\", \"lab/veth1\", \"eth0\"],\n"
            "            \"steps\": [\n"
            "              {\"name\": \"Clean\", \"duration\": \"10s\", \"preset\": \"LTE (4G)\"},\n"
            "              {\"name\": \"Site 4 degrades\", \"duration\": \"30s\", \"on\": {\"ssh://qs@Lab4/eth1\": {\"preset\": \"3G (UMTS/HSPA)\"}}},\n"
            "              {\"name\": \"All\", \"duration\": \"5s\", \"hold\": true, \"on\": {\"eth0\": {\"ramp\": {\"parameters\": [{\"parameter\": \"netem.delay\", \"to\": \"200ms\"}]}}}},\n"
            "              {\"name\": \"Back\", \"duration\": \"5s\", \"preset\": \"LTE (4G)\", \"on\": {\"lab/veth1\": {\"hold\": true}}}]}";
        QStringList errors;
        const auto scenario = Scenario::fromJsonBytes(json, &errors);
        QVERIFY2(scenario, qPrintable(joined(errors)));
        QVERIFY2(scenario->validate().isEmpty(), qPrintable(joined(scenario->validate())));
        QVERIFY(scenario->isMultiTarget());
        QCOMPARE(scenario->perTarget.size(), 3);
        QCOMPARE(scenario->steps[1].kind, ScenarioStep::Kind::Hold); // only "on": the others hold
        // Written back as read.
        const auto back = Scenario::fromJsonBytes(scenario->toJsonBytes(), &errors);
        QVERIFY2(back, qPrintable(joined(errors)));
        QCOMPARE(*back, *scenario);

        // Each target's lane: the same steps and durations, its own conditions.
        const Scenario site4 = scenario->lane(QStringLiteral("ssh://qs@Lab4/eth1"));
        QCOMPARE(site4.targets, QStringList{QStringLiteral("ssh://qs@Lab4/eth1")});
        QVERIFY(site4.perTarget.isEmpty() && !site4.isMultiTarget());
        QCOMPARE(site4.steps.size(), 4);
        QCOMPARE(site4.steps[1].kind, ScenarioStep::Kind::Preset);
        QCOMPARE(site4.steps[1].reference, QStringLiteral("3G (UMTS/HSPA)"));
        QCOMPARE(site4.steps[1].name, QStringLiteral("Site 4 degrades"));
        QCOMPARE(site4.steps[1].durationMs, qint64(30000));
        QCOMPARE(site4.steps[2].kind, ScenarioStep::Kind::Hold);
        const Scenario lab = scenario->lane(QStringLiteral("lab/veth1"));
        QCOMPARE(lab.steps[1].kind, ScenarioStep::Kind::Hold);
        QCOMPARE(lab.steps[3].kind, ScenarioStep::Kind::Hold);
        const Scenario eth0 = scenario->lane(QStringLiteral("eth0"));
        QCOMPARE(eth0.steps[2].kind, ScenarioStep::Kind::Ramp);
        QCOMPARE(eth0.steps[3].kind, ScenarioStep::Kind::Preset);
        QCOMPARE(eth0.passDurationMs(), scenario->passDurationMs());

        // A lane compiles: a hold keeps the tree in effect (here: the preset of step 1).
        const auto resolved = eth0.resolveReferences(nullptr, nullptr);
        QVERIFY(resolved);
        const auto labResolved = lab.resolveReferences(nullptr, nullptr);
        QdiscTree current;
        current.device = QStringLiteral("veth1");
        current.netns = QStringLiteral("lab");
        const auto timeline = ScenarioTimeline::compile(*labResolved, current, &errors);
        QVERIFY2(timeline, qPrintable(joined(errors)));
        QCOMPARE(timeline->steps()[1].startTree, timeline->steps()[0].endTree);
        QCOMPARE(timeline->steps()[3].startTree, timeline->steps()[2].endTree);
        // References of single targets are resolved with the steps'.
        const auto all = scenario->resolveReferences(nullptr, nullptr);
        QVERIFY(all && !all->hasReferences());
    }

    void severalTargetsErrors()
    {
        const auto errorsOf = [](const QByteArray &json) {
            QStringList errors;
            const auto scenario = Scenario::fromJsonBytes(json, &errors);
            return scenario ? scenario->validate() : errors;
        };
        const QByteArray head = "{\"schemaVersion\": 1, \"name\": \"S\", \"targets\": [\"a/eth0\", \"ssh://qs@lab4/eth1\"], \"steps\": [";
        // A target not among the scenario's.
        QStringList errors = errorsOf(head + "{\"duration\": \"1s\", \"on\": {\"eth9\": {\"hold\": true}}}]}");
        QVERIFY2(errors.size() == 1 && errors[0].contains(QStringLiteral("step 1 on eth9")) && errors[0].contains(QStringLiteral("\"targets\"")),
                 qPrintable(joined(errors)));
        // Not a target; an empty "on"; two conditions; "hold" other than true; a step with nothing.
        errors = errorsOf(head + "{\"duration\": \"1s\", \"on\": {\"ssh://-oProxyCommand=x/eth0\": {\"hold\": true}}}]}");
        QVERIFY2(errors.size() == 1 && errors[0].startsWith(QStringLiteral("steps[0].on[")), qPrintable(joined(errors)));
        errors = errorsOf(head + "{\"duration\": \"1s\", \"on\": {}}]}");
        QVERIFY2(errors.size() == 1 && errors[0].startsWith(QStringLiteral("steps[0].on: ")), qPrintable(joined(errors)));
        errors = errorsOf(head + "{\"duration\": \"1s\", \"on\": {\"a/eth0\": {\"hold\": true, \"preset\": \"LTE (4G)\"}}}]}");
        QVERIFY2(errors.size() == 1 && errors[0].contains(QStringLiteral("only one of")), qPrintable(joined(errors)));
        errors = errorsOf(head + "{\"duration\": \"1s\", \"hold\": false}]}");
        QVERIFY2(errors.size() == 1 && errors[0].startsWith(QStringLiteral("steps[0].hold: ")), qPrintable(joined(errors)));
        errors = errorsOf(head + "{\"duration\": \"1s\"}]}");
        QVERIFY2(errors.size() == 1 && errors[0].contains(QStringLiteral("\"hold\"")), qPrintable(joined(errors)));
        // A bad ramp for one target is named with its step and target.
        errors = errorsOf(head + "{\"duration\": \"1s\", \"on\": {\"a/eth0\": {\"ramp\": {\"updatesPerSecond\": 99, \"parameters\": [{\"parameter\": \"netem.delay\", \"to\": \"1ms\"}]}}}}]}");
        QVERIFY2(!errors.isEmpty() && errors[0].startsWith(QStringLiteral("steps[0].on[\"a/eth0\"].ramp.updatesPerSecond")), qPrintable(joined(errors)));
        // A target named twice.
        errors = errorsOf("{\"schemaVersion\": 1, \"name\": \"S\", \"targets\": [\"eth0\", \"eth0\"], \"steps\": [{\"duration\": \"1s\", \"hold\": true}]}");
        QVERIFY2(errors.size() == 1 && errors[0].contains(QStringLiteral("twice")), qPrintable(joined(errors)));
    }

    void jsonDefaults()
    {
        QStringList errors;
        const auto scenario = Scenario::fromJson(validScenarioJson(), &errors);
        QVERIFY2(scenario, qPrintable(joined(errors)));
        QCOMPARE(scenario->loops, 1);
        QCOMPARE(scenario->onEnd, ScenarioEnding::Restore);
        QCOMPARE(scenario->onAbort, ScenarioEnding::Restore);
        QCOMPARE(scenario->steps.size(), 3);
        QCOMPARE(scenario->steps[1].updatesPerSecond, ScenarioStep::DefaultUpdatesPerSecond);
        QCOMPARE(scenario->steps[1].ramps.first().to, 200000.0);
        QCOMPARE(scenario->steps[2].durationMs, qint64(500));
        QVERIFY(scenario->hasReferences());
        QCOMPARE(scenario->passDurationMs(), qint64(7500));
    }

    void jsonErrors_data()
    {
        QTest::addColumn<QString>("pointer");  // "steps/1/duration" style path to change
        QTest::addColumn<QJsonValue>("value"); // Undefined removes the key
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero duration")
            << "steps/0/duration" << QJsonValue(QStringLiteral("0s")) << "steps[0].duration: ";
        QTest::newRow("negative duration")
            << "steps/1/duration" << QJsonValue(QStringLiteral("-1s")) << "steps[1].duration: ";
        QTest::newRow("unitless duration")
            << "steps/0/duration" << QJsonValue(QStringLiteral("5")) << "steps[0].duration: ";
        QTest::newRow("number duration")
            << "steps/0/duration" << QJsonValue(5) << "steps[0].duration: expected a duration";
        QTest::newRow("too long") << "steps/0/duration" << QJsonValue(QStringLiteral("25h"))
                                  << "longer than a step may last";
        QTest::newRow("missing duration") << "steps/0/duration" << QJsonValue(QJsonValue::Undefined)
                                          << "steps[0].duration: is required";
        QTest::newRow("unknown key") << "steps/0/colour" << QJsonValue(QStringLiteral("red"))
                                     << "steps[0].colour: unknown key";
        QTest::newRow("unknown top key") << "speed" << QJsonValue(2) << "speed: unknown key";
        QTest::newRow("two kinds") << "steps/0/profile" << QJsonValue(QStringLiteral("Mine"))
                                   << "steps[0]: a step takes only one";
        QTest::newRow("no kind") << "steps/0/preset" << QJsonValue(QJsonValue::Undefined)
                                 << "steps[0]: a step needs one of";
        QTest::newRow("unknown parameter")
            << "steps/1/ramp/parameters/0/parameter" << QJsonValue(QStringLiteral("netem.speed"))
            << "steps[1].ramp.parameters[0].parameter: \"netem.speed\" is not a parameter";
        QTest::newRow("value out of range")
            << "steps/1/ramp/parameters/0/to" << QJsonValue(QStringLiteral("300s"))
            << "steps[1].ramp.parameters[0].to: \"300s\" is above the largest";
        QTest::newRow("value in wrong unit")
            << "steps/1/ramp/parameters/0/to" << QJsonValue(QStringLiteral("5mbit"))
            << "steps[1].ramp.parameters[0].to: ";
        QTest::newRow("bad at") << "steps/1/ramp/parameters/0/at"
                                << QJsonValue(QStringLiteral("root"))
                                << "steps[1].ramp.parameters[0].at: ";
        QTest::newRow("bad curve") << "steps/1/ramp/curve" << QJsonValue(QStringLiteral("cubic"))
                                   << "steps[1].ramp.curve: ";
        QTest::newRow("zero updates") << "steps/1/ramp/updatesPerSecond" << QJsonValue(0)
                                      << "steps[1].ramp.updatesPerSecond: ";
        QTest::newRow("too many updates")
            << "steps/1/ramp/updatesPerSecond" << QJsonValue(51) << "from 1 to 50";
        QTest::newRow("no parameters")
            << "steps/1/ramp/parameters" << QJsonValue(QJsonArray()) << "at least one parameter";
        QTest::newRow("bad loops")
            << "loops" << QJsonValue(QStringLiteral("sometimes")) << "loops: ";
        QTest::newRow("negative loops") << "loops" << QJsonValue(-1) << "loops: ";
        QTest::newRow("zero loops")
            << "loops" << QJsonValue(0)
            << "loops: 0 would play no loop at all; to repeat until stopped, write \"forever\"";
        QTest::newRow("too short")
            << "steps/0/duration" << QJsonValue(QStringLiteral("49ms"))
            << "steps[0].duration: 49ms is shorter than a step may last (50ms)";
        QTest::newRow("bad onEnd") << "onEnd" << QJsonValue(QStringLiteral("explode"))
                                   << "onEnd: expected \"restore\" or \"keep\"";
        QTest::newRow("no steps") << "steps" << QJsonValue(QJsonArray())
                                  << "steps: an array of at least one step";
        QTest::newRow("no name") << "name" << QJsonValue(QJsonValue::Undefined) << "name: ";
        QTest::newRow("tree with target")
            << "steps/2/tree/target" << QJsonValue(QStringLiteral("eth0"))
            << "steps[2].tree.target: ";
        QTest::newRow("bad tree") << "steps/2/tree/qdiscs/0/params/delay"
                                  << QJsonValue(QStringLiteral("soon"))
                                  << "steps[2].tree.qdiscs[0].params.delay: ";
        QTest::newRow("bad target")
            << "targets" << QJsonValue(QJsonArray{QStringLiteral("a/b/c")}) << "targets[0]: ";
        QTest::newRow("newer schema") << "schemaVersion" << QJsonValue(2) << "newer Qdisc Studio";
    }
    void jsonErrors()
    {
        QFETCH(QString, pointer);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        // Walks down the path and writes the value back up.
        const QStringList parts = pointer.split(u'/');
        std::function<QJsonValue(QJsonValue, int)> set = [&](QJsonValue node,
                                                             int depth) -> QJsonValue {
            const QString &part = parts.at(depth);
            const bool last = depth == parts.size() - 1;
            if (node.isArray()) {
                QJsonArray array = node.toArray();
                const int index = part.toInt();
                array[index] = last ? value : set(array.at(index), depth + 1);
                return array;
            }
            QJsonObject object = node.toObject();
            if (last && value.isUndefined())
                object.remove(part);
            else
                object.insert(part, last ? value : set(object.value(part), depth + 1));
            return object;
        };
        const QJsonObject broken = set(validScenarioJson(), 0).toObject();
        QStringList errors;
        QVERIFY(!Scenario::fromJson(broken, &errors));
        QVERIFY2(joined(errors).contains(expected), qPrintable(joined(errors)));
    }

    void jsonSyntaxError()
    {
        QStringList errors;
        QVERIFY(!Scenario::fromJsonBytes("{\"schemaVersion\": 1, \"name\": }", &errors));
        QVERIFY2(joined(errors).contains(QStringLiteral("byte 30")), qPrintable(joined(errors)));
        errors.clear();
        QVERIFY(!Scenario::fromJsonBytes("[1, 2]", &errors));
        QVERIFY2(joined(errors).contains(QStringLiteral("JSON object")),
                 qPrintable(joined(errors)));
    }

    // --- validate ---
    void validateErrors()
    {
        QVERIFY(joined(scenarioOf({}).validate()).contains(QStringLiteral("at least one step")));

        Scenario scenario = scenarioOf({treeStep(QStringLiteral("Good"), 1000, netemTree(1000)),
                                        treeStep(QStringLiteral("Outage"), 0, netemTree(1000)),
                                        treeStep(QString(), -5, netemTree(1000))});
        QString text = joined(scenario.validate());
        QVERIFY2(text.contains(QStringLiteral("step 2 (Outage): the duration must be above 0")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("step 3: the duration must be above 0")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("step 1")), qPrintable(text));

        scenario = scenarioOf(
            {treeStep(QStringLiteral("Bound"), 1000, boundTree(netemTree(1000))),
             rampStep(QStringLiteral("Empty"), 1000, {}),
             rampStep(QStringLiteral("Unknown"), 1000,
                      {{QStringLiteral("netem.speed"), TcHandle(), 1}}),
             rampStep(QStringLiteral("Too far"), 1000,
                      {{QStringLiteral("netem.loss"), TcHandle(), 1.5}}),
             rampStep(QStringLiteral("Fast"), 1000,
                      {{QStringLiteral("netem.delay"), TcHandle(), 1}}, RampCurve::Linear, 51),
             treeStep(QStringLiteral("Invalid"), 1000, tbfTree(0)),
             referenceStep(QStringLiteral("Nameless"), 1000, ScenarioStep::Kind::Preset,
                           QString())});
        scenario.loops = Scenario::MaxLoops + 1;
        text = joined(scenario.validate());
        for (const char *expected :
             {"step 1 (Bound): its tree names the target ns/dev",
              "step 2 (Empty): a ramp needs at least one parameter",
              "step 3 (Unknown): \"netem.speed\" is not a parameter",
              "step 4 (Too far): netem.loss cannot ramp to 1.5",
              "step 5 (Fast): a ramp updates 1 to 50 times a second",
              "step 6 (Invalid): tree.qdisc 1: (tbf).rate: a rate is required",
              "step 7 (Nameless): ", "loops must be from 1 to 1000000"})
            QVERIFY2(text.contains(QString::fromUtf8(expected)),
                     qPrintable(QString::fromUtf8(expected) + u'\n' + text));

        scenario = scenarioOf(
            {treeStep(QStringLiteral("Long"), Scenario::MaxStepDurationMs + 1, netemTree(1))});
        QVERIFY(
            joined(scenario.validate()).contains(QStringLiteral("longer than a step may last")));
        QList<ScenarioStep> many(Scenario::MaxSteps + 1, treeStep(QString(), 1, netemTree(1)));
        QVERIFY(joined(scenarioOf(many).validate()).contains(QStringLiteral("at most 1000 steps")));
    }

    // --- references ---
    void resolvePresets()
    {
        Scenario scenario = scenarioOf(
            {referenceStep(QString(), 1000, ScenarioStep::Kind::Preset, QStringLiteral("lte (4g)")),
             referenceStep(QStringLiteral("Down"), 1000, ScenarioStep::Kind::Preset,
                           QStringLiteral("Full outage"))});
        QString error;
        const auto resolved = scenario.resolveReferences(nullptr, &error);
        QVERIFY2(resolved, qPrintable(error));
        QVERIFY(!resolved->hasReferences());
        QCOMPARE(resolved->steps[0].kind, ScenarioStep::Kind::Tree);
        QCOMPARE(resolved->steps[0].name, QStringLiteral("LTE (4G)")); // the preset's own spelling
        QCOMPARE(resolved->steps[0].tree, BuiltinPresets::find(u"LTE (4G)")->trees.first());
        QCOMPARE(resolved->steps[1].name, QStringLiteral("Down"));
        QVERIFY(resolved->steps[1].reference.isEmpty());

        scenario.steps.append(referenceStep(
            QStringLiteral("Gone"), 1000, ScenarioStep::Kind::Preset, QStringLiteral("Moon base")));
        QVERIFY(!scenario.resolveReferences(nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral("step 3 (Gone)")) &&
                     error.contains(QStringLiteral("\"Moon base\"")),
                 qPrintable(error));
    }

    void resolveProfiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ProfileStore store(dir.path());
        Profile profile;
        profile.name = QStringLiteral("Mine");
        profile.trees.append(netemTree(42000));
        QString error;
        QVERIFY2(store.save(profile, &error), qPrintable(error));
        Profile bound;
        bound.name = QStringLiteral("Lab");
        bound.trees.append(boundTree(netemTree(7000)));
        QVERIFY2(store.save(bound, &error), qPrintable(error));
        Profile several = bound;
        several.name = QStringLiteral("Several");
        QdiscTree other = netemTree(1000);
        other.device = QStringLiteral("eth1");
        several.trees.append(other);
        QVERIFY2(store.save(several, &error), qPrintable(error));

        Scenario scenario = scenarioOf(
            {referenceStep(QString(), 1000, ScenarioStep::Kind::Profile, QStringLiteral("Mine")),
             referenceStep(QStringLiteral("Lab step"), 1000, ScenarioStep::Kind::Profile,
                           QStringLiteral("Lab"))});
        const auto resolved = scenario.resolveReferences(&store, &error);
        QVERIFY2(resolved, qPrintable(error));
        QCOMPARE(resolved->steps[0].name, QStringLiteral("Mine"));
        QCOMPARE(resolved->steps[0].tree, netemTree(42000));
        QCOMPARE(resolved->steps[1].tree,
                 netemTree(7000)); // its own target dropped: the scenario's applies

        // Without a store, profiles cannot resolve.
        QVERIFY(!scenario.resolveReferences(nullptr, &error));
        QVERIFY2(error.startsWith(QStringLiteral("step 1: ")) &&
                     error.contains(QStringLiteral("\"Mine\"")),
                 qPrintable(error));

        // A missing profile names the step and the profile.
        scenario.steps.append(referenceStep(QStringLiteral("Outage"), 1000,
                                            ScenarioStep::Kind::Profile,
                                            QStringLiteral("Nowhere")));
        QVERIFY(!scenario.resolveReferences(&store, &error));
        QVERIFY2(error.startsWith(QStringLiteral("step 3 (Outage): ")) &&
                     error.contains(QStringLiteral("no profile named \"Nowhere\"")),
                 qPrintable(error));

        scenario.steps.last().reference = QStringLiteral("Several");
        QVERIFY(!scenario.resolveReferences(&store, &error));
        QVERIFY2(error.contains(QStringLiteral("several targets")) &&
                     error.contains(QStringLiteral("ns/dev, eth1")),
                 qPrintable(error));
    }

    // --- timeline ---
    void timelineLinearTicks()
    {
        // A 1 s tree step, then delay 20 → 200 ms over 5 s at 10 updates a second.
        const Scenario scenario =
            scenarioOf({treeStep(QStringLiteral("Base"), 1000, netemTree(20000)),
                        rampStep(QStringLiteral("Fade"), 5000,
                                 {{QStringLiteral("netem.delay"), TcHandle(), 200000}},
                                 RampCurve::Linear, 10)});
        QStringList errors;
        const auto timeline = ScenarioTimeline::compile(scenario, boundTree(QdiscTree()), &errors);
        QVERIFY2(timeline, qPrintable(joined(errors)));
        QCOMPARE(timeline->durationMs(), qint64(6000));
        QCOMPARE(timeline->steps().size(), 2);
        const TimelineStep &fade = timeline->steps().at(1);
        QVERIFY(fade.isRamp);
        QCOMPARE(fade.startMs, qint64(1000));
        QCOMPARE(fade.updateIntervalMs, qint64(100));
        QCOMPARE(fade.ramps.size(), 1);
        QCOMPARE(fade.ramps.first().node, H1);
        QCOMPARE(fade.ramps.first().from, 20000.0);
        QCOMPARE(fade.ramps.first().to, 200000.0);

        const auto delayAt = [&](qint64 position) {
            return netemOf(timeline->treeAt(position)).delayUs;
        };
        QCOMPARE(delayAt(0), quint64(20000));
        QCOMPARE(delayAt(999), quint64(20000));
        QCOMPARE(delayAt(1000), quint64(20000));  // tick 0: the start value
        QCOMPARE(delayAt(1099), quint64(20000));  // still tick 0
        QCOMPARE(delayAt(1100), quint64(23600));  // tick 1: 20 + 180 * 0.02
        QCOMPARE(delayAt(1500), quint64(38000));  // tick 5: 20 + 180 * 0.1
        QCOMPARE(delayAt(3500), quint64(110000)); // the middle
        QCOMPARE(delayAt(5999), quint64(196400)); // tick 49: 20 + 180 * 0.98
        QCOMPARE(delayAt(6000), quint64(200000)); // the end value, exactly at the end
        QCOMPARE(delayAt(7000), quint64(200000));

        // Bound to the target; the end tree is the ramp's end.
        QCOMPARE(timeline->treeAt(0).device, QStringLiteral("dev"));
        QCOMPARE(timeline->treeAt(2000).netns, QStringLiteral("ns"));
        QCOMPARE(netemOf(timeline->endTree()).delayUs, quint64(200000));
        QCOMPARE(fade.startTree, timeline->steps().first().endTree);

        QCOMPARE(timeline->nextChangeAfter(0), qint64(1000));
        QCOMPARE(timeline->nextChangeAfter(1000), qint64(1100));
        QCOMPARE(timeline->nextChangeAfter(1150), qint64(1200));
        QCOMPARE(timeline->nextChangeAfter(5899), qint64(5900));
        QCOMPARE(timeline->nextChangeAfter(5900), qint64(6000));
        QCOMPARE(timeline->nextChangeAfter(6000), qint64(6000));
        QCOMPARE(timeline->nextChangeAfter(-1), qint64(0));
        QCOMPARE(timeline->stepAt(0), 0);
        QCOMPARE(timeline->stepAt(999), 0);
        QCOMPARE(timeline->stepAt(1000), 1);
        QCOMPARE(timeline->stepAt(6000), 1);
        QCOMPARE(timeline->stepAt(-5), 0);
    }

    void timelineExponentialTicks()
    {
        const Scenario scenario =
            scenarioOf({treeStep(QStringLiteral("Base"), 500, netemTree(20000, 0.001)),
                        rampStep(QStringLiteral("Worse"), 4000,
                                 {{QStringLiteral("netem.delay"), TcHandle(), 200000},
                                  {QStringLiteral("netem.loss"), H1, 0.1}},
                                 RampCurve::Exponential, 4)});
        QStringList errors;
        const auto timeline = ScenarioTimeline::compile(scenario, boundTree(QdiscTree()), &errors);
        QVERIFY2(timeline, qPrintable(joined(errors)));
        QCOMPARE(timeline->steps().at(1).updateIntervalMs, qint64(250));
        // Half way (tick 8 of 16): the geometric mean.
        const QdiscTree middle = timeline->treeAt(500 + 2000 + 249);
        QCOMPARE(netemOf(middle).delayUs, quint64(std::llround(20000 * std::sqrt(10.0))));
        const auto *loss = std::get_if<NetemRandomLoss>(&netemOf(middle).loss);
        QVERIFY(loss);
        const double lossFrom = Probability::fromFraction(0.001).fraction(); // as the tree holds it
        QCOMPARE(timeline->steps().at(1).ramps.at(1).from, lossFrom);
        QCOMPARE(loss->probability,
                 Probability::fromFraction(rampValue(RampCurve::Exponential, lossFrom, 0.1, 0.5)));
        // A quarter (tick 4): 20 * 10^0.25.
        QCOMPARE(netemOf(timeline->treeAt(1500)).delayUs,
                 quint64(std::llround(20000 * std::pow(10.0, 0.25))));
        const QdiscTree end = timeline->treeAt(4500);
        QCOMPARE(netemOf(end).delayUs, quint64(200000));
        QCOMPARE(std::get<NetemRandomLoss>(netemOf(end).loss).probability,
                 Probability::fromFraction(0.1));
    }

    void timelineErrors()
    {
        QStringList errors;
        // Exponential from 0: the tree has no loss.
        Scenario scenario = scenarioOf(
            {treeStep(QStringLiteral("Base"), 1000, netemTree(20000)),
             rampStep(QStringLiteral("Lossy"), 1000,
                      {{QStringLiteral("netem.loss"), TcHandle(), 0.05}}, RampCurve::Exponential)});
        QVERIFY(!ScenarioTimeline::compile(scenario, boundTree(QdiscTree()), &errors));
        QVERIFY2(joined(errors).contains(QStringLiteral(
                     "step 2 (Lossy): an exponential ramp cannot start or end at 0: netem.loss")),
                 qPrintable(joined(errors)));

        // Exponential to 0: found without a tree, by validate().
        errors.clear();
        scenario.steps[1].ramps = {{QStringLiteral("netem.delay"), TcHandle(), 0}};
        QVERIFY2(joined(scenario.validate())
                     .contains(QStringLiteral("step 2 (Lossy): an exponential ramp cannot start or "
                                              "end at 0: netem.delay ends at 0us")),
                 qPrintable(joined(scenario.validate())));
        QVERIFY(!ScenarioTimeline::compile(scenario, boundTree(QdiscTree()), &errors));
        QVERIFY2(joined(errors).contains(QStringLiteral("cannot start or end at 0: netem.delay")),
                 qPrintable(joined(errors)));

        // The parameter's kind is not in the tree.
        errors.clear();
        scenario.steps[1] = rampStep(QStringLiteral("Shape"), 1000,
                                     {{QStringLiteral("tbf.rate"), TcHandle(), 125000}});
        QVERIFY(!ScenarioTimeline::compile(scenario, boundTree(QdiscTree()), &errors));
        QVERIFY2(joined(errors).contains(
                     QStringLiteral("step 2 (Shape): tbf.rate: there is no tbf qdisc")),
                 qPrintable(joined(errors)));

        // Ambiguous: two netem qdiscs.
        errors.clear();
        scenario.steps[0].tree = htbWithTwoNetems();
        scenario.steps[1] = rampStep(QStringLiteral("Which"), 1000,
                                     {{QStringLiteral("netem.delay"), TcHandle(), 50000}});
        QVERIFY(!ScenarioTimeline::compile(scenario, boundTree(QdiscTree()), &errors));
        QVERIFY2(joined(errors).contains(QStringLiteral(
                     "step 2 (Which): netem.delay: the tree has several netem qdiscs")),
                 qPrintable(joined(errors)));
        // Named, it compiles and moves only that one.
        errors.clear();
        scenario.steps[1].ramps.first().at = TcHandle::make(0x20, 0);
        const auto timeline = ScenarioTimeline::compile(scenario, boundTree(QdiscTree()), &errors);
        QVERIFY2(timeline, qPrintable(joined(errors)));
        QCOMPARE(netemOf(timeline->endTree(), TcHandle::make(0x20, 0)).delayUs, quint64(50000));
        QCOMPARE(netemOf(timeline->endTree(), TcHandle::make(0x10, 0)).delayUs, quint64(10000));

        // A ramp first needs a tree on the target to start from.
        errors.clear();
        const Scenario rampFirst = scenarioOf({rampStep(
            QStringLiteral("Start"), 1000, {{QStringLiteral("netem.delay"), TcHandle(), 50000}})});
        QVERIFY(!ScenarioTimeline::compile(rampFirst, boundTree(QdiscTree()), &errors));
        QVERIFY2(joined(errors).contains(
                     QStringLiteral("step 1 (Start): netem.delay: there is no netem qdisc")),
                 qPrintable(joined(errors)));
        errors.clear();
        const auto fromCurrent =
            ScenarioTimeline::compile(rampFirst, boundTree(netemTree(10000)), &errors);
        QVERIFY2(fromCurrent, qPrintable(joined(errors)));
        QCOMPARE(fromCurrent->steps().first().ramps.first().from, 10000.0);

        // A loss model a ramp cannot move.
        errors.clear();
        QdiscTree stateLoss = netemTree(10000);
        stateLoss.qdisc(H1)->params.edit<NetemParams>().loss =
            NetemStateLoss::withDefaults(0.01);
        const Scenario lossRamp =
            scenarioOf({treeStep(QStringLiteral("Markov"), 1000, stateLoss),
                        rampStep(QStringLiteral("More"), 1000,
                                 {{QStringLiteral("netem.loss"), TcHandle(), 0.2}})});
        QVERIFY(!ScenarioTimeline::compile(lossRamp, boundTree(QdiscTree()), &errors));
        QVERIFY2(
            joined(errors).contains(QStringLiteral("step 2 (More): netem.loss ramps random loss")),
            qPrintable(joined(errors)));

        // References must be resolved first.
        errors.clear();
        const Scenario unresolved = scenarioOf({referenceStep(
            QStringLiteral("LTE"), 1000, ScenarioStep::Kind::Preset, QStringLiteral("LTE (4G)"))});
        QVERIFY(!ScenarioTimeline::compile(unresolved, boundTree(QdiscTree()), &errors));
        QVERIFY2(
            joined(errors).contains(QStringLiteral("step 1 (LTE): LTE (4G) was not looked up")),
            qPrintable(joined(errors)));

        // A tree the kernel would refuse.
        errors.clear();
        QVERIFY(!ScenarioTimeline::compile(
            scenarioOf({treeStep(QStringLiteral("No rate"), 1000, tbfTree(0))}),
            boundTree(QdiscTree()), &errors));
        QVERIFY2(
            joined(errors).contains(QStringLiteral("step 1 (No rate): tree.qdisc 1: (tbf).rate")),
            qPrintable(joined(errors)));

        // The same parameter twice in one step.
        errors.clear();
        const Scenario twice =
            scenarioOf({treeStep(QStringLiteral("Base"), 1000, netemTree(1000)),
                        rampStep(QStringLiteral("Twice"), 1000,
                                 {{QStringLiteral("netem.delay"), TcHandle(), 5000},
                                  {QStringLiteral("netem.delay"), H1, 6000}})});
        QVERIFY(!ScenarioTimeline::compile(twice, boundTree(QdiscTree()), &errors));
        QVERIFY2(joined(errors).contains(QStringLiteral("ramped twice")),
                 qPrintable(joined(errors)));
    }

    void minimumStepDuration()
    {
        QCOMPARE(Scenario::MinStepDurationMs, qint64(50));
        Scenario scenario = scenarioOf({treeStep(QStringLiteral("Short"), 49, netemTree(1000)),
                                        treeStep(QStringLiteral("Enough"), 50, netemTree(1000))});
        const QStringList errors = scenario.validate();
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first(), QStringLiteral("step 1 (Short): the duration 49ms is shorter "
                                                "than a step may last; make it 50ms or longer"));
        QStringList found;
        QVERIFY(!ScenarioTimeline::compile(scenario, boundTree(QdiscTree()), &found));
        scenario.steps.removeFirst();
        QVERIFY(scenario.validate().isEmpty());
    }

    void foreverIsWrittenOut()
    {
        Scenario scenario = scenarioOf({treeStep(QStringLiteral("A"), 1000, netemTree(1000))});
        scenario.loops = 0; // in memory, 0 still means forever
        QVERIFY(scenario.validate().isEmpty());
        QJsonObject o = scenario.toJson();
        QCOMPARE(o.value(QStringLiteral("loops")).toString(), QStringLiteral("forever"));
        QStringList errors;
        QCOMPARE(Scenario::fromJson(o, &errors)->loops, 0);
        o.insert(QStringLiteral("loops"), 0);
        errors.clear();
        QVERIFY(!Scenario::fromJson(o, &errors));
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(QStringLiteral("write \"forever\"")),
                 qPrintable(errors.first()));
        o.insert(QStringLiteral("loops"), 1);
        errors.clear();
        QCOMPARE(Scenario::fromJson(o, &errors)->loops, 1);
    }

    void percentReadFromTreeIsShort()
    {
        // A tree holds the kernel's scaled probability; its fraction is not the decimal written.
        const QList<std::pair<double, QString>> cases = {
            {0.2, QStringLiteral("0.2%")},         {1, QStringLiteral("1%")},
            {2.5, QStringLiteral("2.5%")},         {33.333, QStringLiteral("33.333%")},
            {0.00001, QStringLiteral("0.00001%")}, {99.9999, QStringLiteral("99.9999%")},
            {100, QStringLiteral("100%")},         {0, QStringLiteral("0%")},
            {12.5, QStringLiteral("12.5%")},       {0.05, QStringLiteral("0.05%")}};
        for (const auto &[percent, text] : cases) {
            NetemParams netem;
            netem.duplicate.probability = Probability::fromPercent(percent);
            QdiscNode root;
            root.handle = TcHandle::make(1, 0);
            root.params = netem;
            QdiscTree tree;
            tree.qdiscs.append(root);
            const auto read = RampParameter::read(tree, u"netem.duplicate", root.handle);
            QVERIFY(read);
            QCOMPARE(RampParameter::formatValue(u"netem.duplicate", *read), text);
        }
        // Every scaled value comes back exactly, in at most 10 significant digits.
        for (quint64 scaled = 0; scaled <= 0xFFFFFFFFull; scaled += 104729ull * 37 + 1) {
            const Probability probability = Probability::fromScaled(quint32(scaled));
            const QString text = RampParameter::formatValue(u"netem.loss", probability.fraction());
            QVERIFY2(!text.contains(u'e'), qPrintable(text));
            const auto back = RampParameter::parseValue(u"netem.loss", text, nullptr);
            QVERIFY2(back, qPrintable(text));
            QVERIFY2(Probability::fromFraction(*back) == probability, qPrintable(text));
            QString digits = text;
            digits.remove(u'%').remove(u'.');
            while (digits.startsWith(u'0'))
                digits.remove(0, 1);
            QVERIFY2(digits.size() <= 10, qPrintable(text));
        }
    }

    void otherUnitsPrintExactShortText()
    {
        const QList<std::tuple<QString, double, QString>> cases = {
            {QStringLiteral("netem.delay"), 1500, QStringLiteral("1500us")},
            {QStringLiteral("netem.delay"), 200000, QStringLiteral("200ms")},
            {QStringLiteral("netem.jitter"), 1234.4, QStringLiteral("1234us")},
            {QStringLiteral("netem.rate"), 625000, QStringLiteral("5mbit")},
            {QStringLiteral("tbf.rate"), 1234567, QStringLiteral("9876536bit")},
            {QStringLiteral("tbf.burst"), 32768, QStringLiteral("32kb")},
            {QStringLiteral("tbf.burst"), 1514, QStringLiteral("1514b")},
            {QStringLiteral("netem.limit"), 999.6, QStringLiteral("1000")}};
        for (const auto &[name, value, text] : cases) {
            QCOMPARE(RampParameter::formatValue(name, value), text);
            const auto back = RampParameter::parseValue(name, text, nullptr);
            QVERIFY(back);
            QCOMPARE(*back, std::round(value));
        }
    }

    void nestedSentences()
    {
        QCOMPARE(nestedSentence(QStringLiteral("The kernel refused it.")),
                 QStringLiteral("the kernel refused it"));
        QCOMPARE(nestedSentence(QStringLiteral("RTNETLINK answers: Invalid argument")),
                 QStringLiteral("RTNETLINK answers: Invalid argument"));
        QCOMPARE(nestedSentence(QStringLiteral("IFB is missing.")),
                 QStringLiteral("IFB is missing"));
        QCOMPARE(nestedSentence(QStringLiteral("step 2 (A): wait...")),
                 QStringLiteral("step 2 (A): wait..."));
        QCOMPARE(nestedSentence(QString()), QString());
        ScenarioProgress progress;
        progress.state = ScenarioProgress::State::Failed;
        progress.error = QStringLiteral("The helper went away.");
        QCOMPARE(progress.describe(), QStringLiteral("failed: the helper went away"));
    }

    // --- built-in scenarios ---
    void builtinsLoadAndCompile()
    {
        const QStringList files =
            QDir(QStringLiteral(":/scenarios")).entryList({QStringLiteral("*.json")}, QDir::Files);
        const QList<Scenario> builtins = ScenarioStore::builtins();
        QVERIFY2(builtins.size() >= 5, qPrintable(QString::number(builtins.size())));
        QCOMPARE(builtins.size(), files.size()); // none was left out as broken
        for (const QString &file : files) {
            QFile f(QStringLiteral(":/scenarios/") + file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QStringList errors;
            const auto scenario = Scenario::fromJsonBytes(f.readAll(), &errors);
            QVERIFY2(scenario, qPrintable(file + u'\n' + joined(errors)));
            QVERIFY2(scenario->validate().isEmpty(),
                     qPrintable(file + u'\n' + joined(scenario->validate())));
            QVERIFY2(!scenario->description.isEmpty(), qPrintable(file));
            QVERIFY2(scenario->description.contains(QStringLiteral("Source")), qPrintable(file));
            QVERIFY2(scenario->passDurationMs() <= 120000, qPrintable(file));
            const qint64 total = scenario->loops == 0
                                     ? scenario->passDurationMs()
                                     : scenario->passDurationMs() * scenario->loops;
            QVERIFY2(total <= 130000, qPrintable(file));
            QString error;
            const auto resolved = scenario->resolveReferences(nullptr, &error);
            QVERIFY2(resolved, qPrintable(file + u'\n' + error));
            const auto timeline =
                ScenarioTimeline::compile(*resolved, boundTree(QdiscTree()), &errors);
            QVERIFY2(timeline, qPrintable(file + u'\n' + joined(errors)));
            // A second pass starts from the first's end.
            QVERIFY2(ScenarioTimeline::compile(*resolved, timeline->endTree(), &errors),
                     qPrintable(file + u'\n' + joined(errors)));
            // The file is written as the model writes it back.
            QCOMPARE(*Scenario::fromJsonBytes(scenario->toJsonBytes(), &errors), *scenario);
        }
        for (const char *name : {"Entering a tunnel", "Flapping Wi-Fi", "Satellite handover",
                                 "Progressive degradation", "Evening congestion"})
            QVERIFY2(ScenarioStore::builtin(QString::fromUtf8(name)), name);
        QCOMPARE(ScenarioStore::builtin(u"flapping wi-fi")->loops, 0);
        QVERIFY(ScenarioStore::isBuiltin(u"EVENING CONGESTION"));
    }

    void eveningCongestionIsTbfOnly()
    {
        // The GUI test plays it on a kernel without netem.
        const auto scenario = ScenarioStore::builtin(u"Evening congestion");
        QVERIFY(scenario);
        QVERIFY(!scenario->hasReferences());
        QStringList errors;
        const auto timeline = ScenarioTimeline::compile(*scenario, boundTree(QdiscTree()), &errors);
        QVERIFY2(timeline, qPrintable(joined(errors)));
        bool ramps = false;
        for (const TimelineStep &step : timeline->steps()) {
            ramps = ramps || step.isRamp;
            for (const QdiscTree *tree : {&step.startTree, &step.endTree}) {
                QCOMPARE(tree->qdiscs.size(), 1);
                QVERIFY(tree->qdiscs.first().is<TbfParams>());
                QCOMPARE(tree->qdiscs.first().handle, H1);
            }
        }
        QVERIFY(ramps);
        const auto rateAt = [&](qint64 ms) {
            return timeline->treeAt(ms).qdiscs.first().params.get<TbfParams>()
                .rateBytesPerSecond;
        };
        QCOMPARE(rateAt(0), *TcUnits::parseRate64(u"50mbit"));
        QCOMPARE(rateAt(50000), *TcUnits::parseRate64(u"8mbit"));
        QCOMPARE(rateAt(timeline->durationMs()), *TcUnits::parseRate64(u"50mbit"));
    }

    // --- progress ---
    void progressJson()
    {
        ScenarioProgress progress;
        progress.scenario = QStringLiteral("Entering a tunnel");
        progress.state = ScenarioProgress::State::Paused;
        progress.loop = 2;
        progress.loops = 3;
        progress.step = 1;
        progress.steps = 3;
        progress.stepName = QStringLiteral("Outage");
        progress.positionMs = 12345;
        progress.passDurationMs = 85000;
        progress.takenAtNs = 987654321012345678LL; // beyond 2^53: travels as text
        QCOMPARE(ScenarioProgress::fromJson(progress.toJson()), progress);
        progress.takenAtNs = 123456789;
        QVERIFY(progress.toJson().value(QStringLiteral("takenAtNs")).isDouble());
        QCOMPARE(ScenarioProgress::fromJson(progress.toJson()), progress);
        QVERIFY(progress.isActive());
        QCOMPARE(progress.describe(),
                 QStringLiteral("paused at step 2 of 3 (Outage), loop 2 of 3"));
        progress.state = ScenarioProgress::State::Playing;
        progress.loops = 1;
        QCOMPARE(progress.describe(), QStringLiteral("playing step 2 of 3 (Outage)"));
        progress.state = ScenarioProgress::State::Failed;
        progress.error = QStringLiteral("the helper went away");
        QCOMPARE(progress.describe(), QStringLiteral("failed: the helper went away"));
        QCOMPARE(ScenarioProgress::fromJson(progress.toJson()), progress);
        QCOMPARE(ScenarioProgress::stateName(ScenarioProgress::State::Finished),
                 QStringLiteral("finished"));

        QJsonObject bad = progress.toJson();
        bad.insert(QStringLiteral("state"), QStringLiteral("dancing"));
        QVERIFY(!ScenarioProgress::fromJson(bad));
        bad = progress.toJson();
        bad.remove(QStringLiteral("step"));
        QVERIFY(!ScenarioProgress::fromJson(bad));
    }

    // --- store ---
    void storeSaveLoadListRemove()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ScenarioStore store(dir.filePath(QStringLiteral("scenarios")));
        Scenario scenario = scenarioOf({treeStep(QStringLiteral("Base"), 1000, netemTree(1000))});
        scenario.name = QStringLiteral("Mine: a/b");
        QString error;
        QVERIFY2(store.save(scenario, &error), qPrintable(error));
        QVERIFY(QFile::exists(store.directory() + u'/' + ProfileStore::fileNameFor(scenario.name)));
        QCOMPARE(store.load(scenario.name, &error), scenario);

        // Replaced in place.
        scenario.loops = 3;
        QVERIFY2(store.save(scenario, &error), qPrintable(error));
        QCOMPARE(store.load(scenario.name, &error)->loops, 3);
        QCOMPARE(QDir(store.directory()).entryList(QDir::Files).size(), 1);

        // Another name on the same file name gets a suffix.
        Scenario other = scenario;
        other.name = QStringLiteral("Mine: a:b");
        QVERIFY2(store.save(other, &error), qPrintable(error));
        QCOMPARE(QDir(store.directory()).entryList(QDir::Files).size(), 2);

        // A broken file is listed as a problem, not dropped silently.
        QFile broken(store.directory() + QStringLiteral("/broken.json"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{ not json");
        broken.close();
        const ScenarioStore::Listing listing = store.list();
        QCOMPARE(listing.scenarios.size(), 2);
        QCOMPARE(listing.problems.size(), 1);
        QVERIFY(listing.problems.first().path.endsWith(QStringLiteral("broken.json")));
        QVERIFY2(listing.problems.first().reason.contains(QStringLiteral("byte")),
                 qPrintable(listing.problems.first().reason));

        // Invalid and built-in names are refused.
        Scenario invalid = scenario;
        invalid.steps.first().durationMs = 0;
        QVERIFY(!store.save(invalid, &error));
        QVERIFY2(error.contains(QStringLiteral("not valid")), qPrintable(error));
        Scenario builtinName = scenario;
        builtinName.name = QStringLiteral("evening congestion");
        QVERIFY(!store.save(builtinName, &error));
        QVERIFY2(error.contains(QStringLiteral("built-in")), qPrintable(error));

        QVERIFY2(store.remove(other.name, &error), qPrintable(error));
        QVERIFY(!store.load(other.name, &error));
        QVERIFY(!store.remove(other.name, &error));
        QVERIFY(!store.remove(QStringLiteral("Evening congestion"), &error));
        QVERIFY2(error.contains(QStringLiteral("built-in")), qPrintable(error));
    }

    void storeFind()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ScenarioStore store(dir.path());
        Scenario scenario = scenarioOf({treeStep(QStringLiteral("Base"), 1000, netemTree(1000))});
        scenario.name = QStringLiteral("Lab");
        QString error;
        QVERIFY2(store.save(scenario, &error), qPrintable(error));

        QCOMPARE(store.find(QStringLiteral("Lab"), &error), scenario);
        QVERIFY(!store.find(QStringLiteral("lab"), &error)); // user scenarios: exact names
        QCOMPARE(store.find(QStringLiteral("satellite HANDOVER"), &error)->name,
                 QStringLiteral("Satellite handover"));

        const QString path = dir.filePath(QStringLiteral("elsewhere.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        Scenario elsewhere = scenario;
        elsewhere.name = QStringLiteral("From a file");
        file.write(elsewhere.toJsonBytes());
        file.close();
        QCOMPARE(store.find(path, &error), elsewhere);

        QVERIFY(!store.find(QStringLiteral("Nothing like it"), &error));
        QVERIFY2(error.contains(QStringLiteral("\"Nothing like it\"")) &&
                     error.contains(dir.path()) &&
                     error.contains(QStringLiteral("Entering a tunnel")),
                 qPrintable(error));
        QVERIFY(!store.find(dir.filePath(QStringLiteral("missing.json")), &error));
        QVERIFY2(error.contains(QStringLiteral("missing.json")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
