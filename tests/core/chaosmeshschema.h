#pragma once

// A check of Chaos Mesh manifests against what its CRDs (chaos-mesh.org/v1alpha1, Chaos Mesh
// 2.7) define, written from the OpenAPI schemas of config/crd/bases/chaos-mesh.org_networkchaos.yaml,
// _workflows.yaml and _schedules.yaml (types, required fields, enums, minimums) and from the
// webhooks that validate them when they are created (api/v1alpha1: durations through Go's
// time.ParseDuration, percentages through strconv.ParseFloat, rates through ConvertUnitToBytes,
// a mode's value, a "from" or "both" direction only with a target). Unknown fields are errors:
// the API server drops them silently, which would hide a misspelt field. And a minimal reader
// of the YAML the exporter writes, to check what is written, not what was meant.

#include "export/yamlnode.h"

#include <QList>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace crd {

using qs::YamlNode;

struct Schema
{
    enum class Kind { Object, Array, String, Integer, StringMap, StringListMap };
    Kind kind = Kind::String;
    std::map<QString, std::shared_ptr<Schema>> properties;
    QStringList required;
    QStringList enumValues;
    std::optional<qint64> minimum;
    bool exclusiveMinimum = false;
    std::optional<qint64> maximum;
    std::shared_ptr<Schema> items;
    /** A check beyond the OpenAPI type (the webhooks'): empty when @p value is right. */
    std::function<QString(const QString &value)> format;
};
using SchemaPtr = std::shared_ptr<Schema>;

inline SchemaPtr string(std::function<QString(const QString &)> format = {}, QStringList enumValues = {})
{
    auto s = std::make_shared<Schema>();
    s->kind = Schema::Kind::String;
    s->format = std::move(format);
    s->enumValues = std::move(enumValues);
    return s;
}
inline SchemaPtr integer(std::optional<qint64> minimum = {}, std::optional<qint64> maximum = {}, bool exclusive = false)
{
    auto s = std::make_shared<Schema>();
    s->kind = Schema::Kind::Integer;
    s->minimum = minimum;
    s->maximum = maximum;
    s->exclusiveMinimum = exclusive;
    return s;
}
inline SchemaPtr object(std::map<QString, SchemaPtr> properties, QStringList required = {})
{
    auto s = std::make_shared<Schema>();
    s->kind = Schema::Kind::Object;
    s->properties = std::move(properties);
    s->required = std::move(required);
    return s;
}
inline SchemaPtr array(SchemaPtr items)
{
    auto s = std::make_shared<Schema>();
    s->kind = Schema::Kind::Array;
    s->items = std::move(items);
    return s;
}
inline SchemaPtr stringMap(std::function<QString(const QString &)> keyFormat = {})
{
    auto s = std::make_shared<Schema>();
    s->kind = Schema::Kind::StringMap;
    s->format = std::move(keyFormat);
    return s;
}

// --- the webhooks' checks -----------------------------------------------------------------------

/** Go's time.ParseDuration: [-+]? then one or more decimal numbers, each with a unit ns, us, µs, ms, s, m, h; "0" alone. */
inline QString goDuration(const QString &value)
{
    static const QRegularExpression pattern(QStringLiteral("^[-+]?(0|((\\d+\\.?\\d*|\\.\\d+)(ns|us|µs|ms|s|m|h))+)$"));
    return pattern.match(value).hasMatch() ? QString() : QStringLiteral("\"%1\" is not a Go duration").arg(value);
}
/** strconv.ParseFloat, and the documented range of a percentage or correlation: 0…100. */
inline QString percentage(const QString &value)
{
    static const QRegularExpression pattern(QStringLiteral("^[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?$"));
    if (!pattern.match(value).hasMatch())
        return QStringLiteral("\"%1\" is not a number (strconv.ParseFloat)").arg(value);
    const double number = value.toDouble();
    return number < 0 || number > 100 ? QStringLiteral("\"%1\" is outside 0…100").arg(value) : QString();
}
/**
 * ConvertUnitToBytes() of Chaos Mesh 2.7: an unsigned integer and one of tc's units it lists. It
 * trims blanks around and between them, but chaos-daemon then splits its tc command at blanks:
 * "50 mbit" passes the webhook and breaks tc, so blanks are refused here.
 */
inline QString rate(const QString &value)
{
    static const QRegularExpression pattern(QStringLiteral("^\\d+(tbps|gbps|mbps|kbps|bps|tbit|gbit|mbit|kbit|bit)$"),
                                            QRegularExpression::CaseInsensitiveOption);
    return pattern.match(value).hasMatch() ? QString() : QStringLiteral("\"%1\" is not a rate Chaos Mesh reads (an integer and bit, kbit…tbit or bps…tbps)").arg(value);
}
inline QString dnsLabel(const QString &value)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
    return value.size() <= 63 && pattern.match(value).hasMatch() ? QString() : QStringLiteral("\"%1\" is not a DNS-1123 label").arg(value);
}
inline QString labelKey(const QString &value)
{
    static const QRegularExpression pattern(QStringLiteral("^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$"));
    return pattern.match(value).hasMatch() ? QString() : QStringLiteral("\"%1\" is not a label key").arg(value);
}
inline QString labelValue(const QString &value)
{
    static const QRegularExpression pattern(QStringLiteral("^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$"));
    return pattern.match(value).hasMatch() ? QString() : QStringLiteral("\"%1\" is not a label value").arg(value);
}
/** robfig/cron's ParseStandard as Schedule uses it: five fields, a @descriptor, or "@every DURATION". */
inline QString cron(const QString &value)
{
    if (value.startsWith(QStringLiteral("@every ")))
        return goDuration(value.mid(7));
    static const QStringList descriptors = {QStringLiteral("@yearly"), QStringLiteral("@annually"), QStringLiteral("@monthly"),
                                            QStringLiteral("@weekly"), QStringLiteral("@daily"), QStringLiteral("@midnight"), QStringLiteral("@hourly")};
    if (descriptors.contains(value))
        return {};
    return value.split(u' ', Qt::SkipEmptyParts).size() == 5 ? QString() : QStringLiteral("\"%1\" is not a cron schedule").arg(value);
}

// --- the CRDs ------------------------------------------------------------------------------------

inline const QStringList &modes()
{
    static const QStringList m = {QStringLiteral("one"), QStringLiteral("all"), QStringLiteral("fixed"), QStringLiteral("fixed-percent"), QStringLiteral("random-max-percent")};
    return m;
}

inline SchemaPtr podSelectorSpec()
{
    auto labels = stringMap(labelKey);
    auto expression = object({{QStringLiteral("key"), string()}, {QStringLiteral("operator"), string()}, {QStringLiteral("values"), array(string())}},
                             {QStringLiteral("key"), QStringLiteral("operator")});
    auto pods = std::make_shared<Schema>();
    pods->kind = Schema::Kind::StringListMap;
    return object({{QStringLiteral("namespaces"), array(string(dnsLabel))},
                   {QStringLiteral("labelSelectors"), labels},
                   {QStringLiteral("annotationSelectors"), stringMap()},
                   {QStringLiteral("fieldSelectors"), stringMap()},
                   {QStringLiteral("nodeSelectors"), stringMap()},
                   {QStringLiteral("expressionSelectors"), array(expression)},
                   {QStringLiteral("nodes"), array(string())},
                   {QStringLiteral("podPhaseSelectors"), array(string())},
                   {QStringLiteral("pods"), pods}});
}

/** NetworkChaosSpec: PodSelector inline, action, device, duration, TcParameter inline, direction, target, targetDevice, externalTargets, remoteCluster. */
inline SchemaPtr networkChaosSpec()
{
    auto correlation = string(percentage);
    auto reorder = object({{QStringLiteral("reorder"), string(percentage)}, {QStringLiteral("correlation"), correlation}, {QStringLiteral("gap"), integer()}},
                          {QStringLiteral("gap"), QStringLiteral("reorder")});
    auto delay = object({{QStringLiteral("latency"), string(goDuration)}, {QStringLiteral("jitter"), string(goDuration)},
                         {QStringLiteral("correlation"), correlation}, {QStringLiteral("reorder"), reorder}},
                        {QStringLiteral("latency")});
    const auto chance = [&](const QString &key) { return object({{key, string(percentage)}, {QStringLiteral("correlation"), correlation}}, {key}); };
    auto bandwidth = object({{QStringLiteral("rate"), string(rate)}, {QStringLiteral("limit"), integer(1, 2147483647)},
                             {QStringLiteral("buffer"), integer(1, 2147483647)}, {QStringLiteral("peakrate"), integer(0)},
                             {QStringLiteral("minburst"), integer(0, 2147483647)}},
                            {QStringLiteral("buffer"), QStringLiteral("limit"), QStringLiteral("rate")});
    auto netemRate = object({{QStringLiteral("rate"), string(rate)}}, {QStringLiteral("rate")});
    auto target = object({{QStringLiteral("mode"), string({}, modes())}, {QStringLiteral("value"), string()}, {QStringLiteral("selector"), podSelectorSpec()}},
                         {QStringLiteral("mode"), QStringLiteral("selector")});
    return object({{QStringLiteral("selector"), podSelectorSpec()},
                   {QStringLiteral("mode"), string({}, modes())},
                   {QStringLiteral("value"), string()},
                   {QStringLiteral("action"), string({}, {QStringLiteral("netem"), QStringLiteral("delay"), QStringLiteral("loss"), QStringLiteral("duplicate"),
                                                         QStringLiteral("corrupt"), QStringLiteral("partition"), QStringLiteral("bandwidth")})},
                   {QStringLiteral("device"), string()},
                   {QStringLiteral("duration"), string(goDuration)},
                   {QStringLiteral("delay"), delay},
                   {QStringLiteral("loss"), chance(QStringLiteral("loss"))},
                   {QStringLiteral("duplicate"), chance(QStringLiteral("duplicate"))},
                   {QStringLiteral("corrupt"), chance(QStringLiteral("corrupt"))},
                   {QStringLiteral("bandwidth"), bandwidth},
                   {QStringLiteral("rate"), netemRate},
                   {QStringLiteral("direction"), string({}, {QStringLiteral("to"), QStringLiteral("from"), QStringLiteral("both")})},
                   {QStringLiteral("target"), target},
                   {QStringLiteral("targetDevice"), string()},
                   {QStringLiteral("externalTargets"), array(string())},
                   {QStringLiteral("remoteCluster"), string()}},
                  {QStringLiteral("action"), QStringLiteral("mode"), QStringLiteral("selector")});
}

inline SchemaPtr workflowSpec()
{
    auto templ = object({{QStringLiteral("name"), string(dnsLabel)},
                         {QStringLiteral("templateType"), string({}, {QStringLiteral("Task"), QStringLiteral("Serial"), QStringLiteral("Parallel"),
                                                                      QStringLiteral("Suspend"), QStringLiteral("Schedule"), QStringLiteral("NetworkChaos")})},
                         {QStringLiteral("deadline"), string(goDuration)},
                         {QStringLiteral("children"), array(string(dnsLabel))},
                         {QStringLiteral("networkChaos"), networkChaosSpec()}},
                        {QStringLiteral("name"), QStringLiteral("templateType")});
    return object({{QStringLiteral("entry"), string(dnsLabel)}, {QStringLiteral("templates"), array(templ)}},
                  {QStringLiteral("entry"), QStringLiteral("templates")});
}

inline SchemaPtr scheduleSpec()
{
    return object({{QStringLiteral("schedule"), string(cron)},
                   {QStringLiteral("startingDeadlineSeconds"), integer(0, {}, true)},
                   {QStringLiteral("concurrencyPolicy"), string({}, {QStringLiteral("Forbid"), QStringLiteral("Allow")})},
                   {QStringLiteral("historyLimit"), integer(1)},
                   {QStringLiteral("type"), string({}, {QStringLiteral("NetworkChaos"), QStringLiteral("Workflow")})},
                   {QStringLiteral("networkChaos"), networkChaosSpec()},
                   {QStringLiteral("workflow"), workflowSpec()}},
                  {QStringLiteral("schedule"), QStringLiteral("type")});
}

inline void check(const YamlNode &node, const Schema &schema, const QString &path, QStringList *errors)
{
    using Type = YamlNode::Type;
    const auto fail = [&](const QString &what) { errors->append(path + QStringLiteral(": ") + what); };
    switch (schema.kind) {
    case Schema::Kind::String:
        if (node.type() != Type::String)
            return fail(QStringLiteral("expected a string"));
        if (!schema.enumValues.isEmpty() && !schema.enumValues.contains(node.text()))
            return fail(QStringLiteral("\"%1\" is none of %2").arg(node.text(), schema.enumValues.join(u',')));
        if (schema.format) {
            if (const QString problem = schema.format(node.text()); !problem.isEmpty())
                fail(problem);
        }
        return;
    case Schema::Kind::Integer:
        if (node.type() != Type::Integer)
            return fail(QStringLiteral("expected an integer"));
        if (schema.minimum && (node.number() < *schema.minimum || (schema.exclusiveMinimum && node.number() == *schema.minimum)))
            fail(QStringLiteral("%1 is below the minimum %2").arg(node.number()).arg(*schema.minimum));
        if (schema.maximum && node.number() > *schema.maximum)
            fail(QStringLiteral("%1 is above the maximum %2 (int32)").arg(node.number()).arg(*schema.maximum));
        return;
    case Schema::Kind::Array:
        if (node.type() != Type::List)
            return fail(QStringLiteral("expected a list"));
        for (qsizetype i = 0; i < node.size(); ++i)
            check(node.values()[size_t(i)], *schema.items, path + QStringLiteral("[%1]").arg(i), errors);
        return;
    case Schema::Kind::StringMap:
    case Schema::Kind::StringListMap:
        if (node.type() != Type::Map)
            return fail(QStringLiteral("expected a map"));
        for (size_t i = 0; i < node.keys().size(); ++i) {
            const YamlNode &value = node.values()[i];
            if (schema.format) {
                if (const QString problem = schema.format(node.keys()[i]); !problem.isEmpty())
                    fail(problem);
            }
            if (schema.kind == Schema::Kind::StringMap) {
                if (value.type() != Type::String)
                    fail(node.keys()[i] + QStringLiteral(": expected a string"));
                else if (schema.format)
                    if (const QString problem = labelValue(value.text()); !problem.isEmpty())
                        fail(problem);
            } else {
                check(value, *array(string()), path + u'.' + node.keys()[i], errors);
            }
        }
        return;
    case Schema::Kind::Object:
        if (node.type() != Type::Map)
            return fail(QStringLiteral("expected an object"));
        QSet<QString> seen;
        for (size_t i = 0; i < node.keys().size(); ++i) {
            const QString &key = node.keys()[i];
            if (seen.contains(key))
                fail(QStringLiteral("\"%1\" is given twice").arg(key));
            seen.insert(key);
            const auto found = schema.properties.find(key);
            if (found == schema.properties.end())
                fail(QStringLiteral("unknown field \"%1\"").arg(key));
            else
                check(node.values()[i], *found->second, path + u'.' + key, errors);
        }
        for (const QString &key : schema.required) {
            if (!seen.contains(key))
                fail(QStringLiteral("the required field \"%1\" is missing").arg(key));
        }
        return;
    }
}

/** The webhook's checks that relate fields: the mode's value, a direction's target. */
inline void checkNetworkChaosRules(const YamlNode &spec, const QString &path, QStringList *errors)
{
    const auto text = [&spec](const char16_t *key) { const YamlNode *n = spec.value(key); return n ? n->text() : QString(); };
    const QString mode = text(u"mode");
    bool isNumber = false;
    const int value = text(u"value").toInt(&isNumber);
    if (mode == u"fixed" && (!isNumber || value <= 0))
        errors->append(path + QStringLiteral(".value: mode fixed needs a number of pods greater than 0"));
    if ((mode == u"fixed-percent" || mode == u"random-max-percent") && (!isNumber || value <= 0 || value > 100))
        errors->append(path + QStringLiteral(".value: mode %1 needs a value in (0,100]").arg(mode));
    const QString direction = text(u"direction");
    if ((direction == u"from" || direction == u"both") && !spec.value(u"target"))
        errors->append(path + QStringLiteral(".direction: \"%1\" cannot be used without a target in a netem or bandwidth action").arg(direction));
    const QString action = text(u"action");
    if (action == u"bandwidth" && !spec.value(u"bandwidth"))
        errors->append(path + QStringLiteral(": action bandwidth without bandwidth"));
    if (action == u"netem" && !spec.value(u"delay") && !spec.value(u"loss") && !spec.value(u"duplicate") && !spec.value(u"corrupt") && !spec.value(u"rate"))
        errors->append(path + QStringLiteral(": action netem without delay, loss, duplicate, corrupt or rate"));
}

inline void checkWorkflowRules(const YamlNode &spec, const QString &path, QStringList *errors)
{
    const YamlNode *templates = spec.value(u"templates");
    if (!templates || templates->type() != YamlNode::Type::List)
        return;
    QSet<QString> names;
    for (const YamlNode &t : templates->values()) {
        if (const YamlNode *name = t.value(u"name"))
            names.insert(name->text());
    }
    if (const YamlNode *entry = spec.value(u"entry"); entry && !names.contains(entry->text()))
        errors->append(path + QStringLiteral(".entry: no template \"%1\"").arg(entry->text()));
    for (qsizetype i = 0; i < templates->size(); ++i) {
        const YamlNode &t = templates->values()[size_t(i)];
        const QString here = path + QStringLiteral(".templates[%1]").arg(i);
        const YamlNode *type = t.value(u"templateType");
        const QString kind = type ? type->text() : QString();
        if (const YamlNode *children = t.value(u"children")) {
            for (const YamlNode &child : children->values()) {
                if (!names.contains(child.text()))
                    errors->append(here + QStringLiteral(".children: no template \"%1\"").arg(child.text()));
            }
        }
        if ((kind == u"Serial" || kind == u"Parallel") && (!t.value(u"children") || t.value(u"children")->size() == 0))
            errors->append(here + QStringLiteral(": %1 without children").arg(kind));
        if (kind == u"Suspend" && !t.value(u"deadline"))
            errors->append(here + QStringLiteral(": Suspend without a deadline"));
        if (kind == u"NetworkChaos") {
            if (const YamlNode *chaos = t.value(u"networkChaos")) {
                checkNetworkChaosRules(*chaos, here + QStringLiteral(".networkChaos"), errors);
                if (chaos->value(u"duration"))
                    errors->append(here + QStringLiteral(".networkChaos.duration: a workflow's chaos takes its time from deadline"));
            } else {
                errors->append(here + QStringLiteral(": NetworkChaos without networkChaos"));
            }
        }
    }
    if (names.size() != templates->size())
        errors->append(path + QStringLiteral(".templates: two templates share a name"));
}

/** Every error of one manifest (a NetworkChaos, Workflow or Schedule); empty when it is right. */
inline QStringList checkManifest(const YamlNode &doc)
{
    QStringList errors;
    const auto text = [&doc](const char16_t *key) { const YamlNode *n = doc.value(key); return n && n->type() == YamlNode::Type::String ? n->text() : QString(); };
    const QString kind = text(u"kind");
    SchemaPtr spec = kind == u"NetworkChaos" ? networkChaosSpec() : kind == u"Workflow" ? workflowSpec() : kind == u"Schedule" ? scheduleSpec() : nullptr;
    if (!spec)
        return {QStringLiteral("kind: \"%1\" is not NetworkChaos, Workflow or Schedule").arg(kind)};
    // A Schedule's resources get 6 characters more (51 with a Workflow, 57 otherwise); names are DNS-1123 subdomains.
    const qsizetype maxName = kind == u"Schedule" ? 51 : 253;
    auto name = string([maxName](const QString &value) {
        static const QRegularExpression pattern(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"));
        return value.size() <= maxName && pattern.match(value).hasMatch() ? QString() : QStringLiteral("\"%1\" is not a resource name of at most %2 characters").arg(value).arg(maxName);
    });
    auto manifest = object({{QStringLiteral("apiVersion"), string({}, {QStringLiteral("chaos-mesh.org/v1alpha1")})},
                            {QStringLiteral("kind"), string()},
                            {QStringLiteral("metadata"), object({{QStringLiteral("name"), name}, {QStringLiteral("namespace"), string(dnsLabel)}}, {QStringLiteral("name")})},
                            {QStringLiteral("spec"), spec}},
                           {QStringLiteral("apiVersion"), QStringLiteral("kind"), QStringLiteral("metadata"), QStringLiteral("spec")});
    check(doc, *manifest, QStringLiteral("$"), &errors);
    const YamlNode *specNode = doc.value(u"spec");
    if (!specNode)
        return errors;
    if (kind == u"NetworkChaos") {
        checkNetworkChaosRules(*specNode, QStringLiteral("$.spec"), &errors);
    } else if (kind == u"Workflow") {
        checkWorkflowRules(*specNode, QStringLiteral("$.spec"), &errors);
    } else {
        const QString type = specNode->value(u"type") ? specNode->value(u"type")->text() : QString();
        const YamlNode *embedded = specNode->value(type == u"Workflow" ? u"workflow" : u"networkChaos");
        if (!embedded)
            errors.append(QStringLiteral("$.spec: type %1 without its spec").arg(type));
        else if (type == u"Workflow")
            checkWorkflowRules(*embedded, QStringLiteral("$.spec.workflow"), &errors);
        else
            checkNetworkChaosRules(*embedded, QStringLiteral("$.spec.networkChaos"), &errors);
    }
    return errors;
}

// --- reading the YAML back -----------------------------------------------------------------------

/** Reads the block-style subset YamlNode writes: maps, lists, plain and double-quoted scalars, comments, "---". */
class Reader
{
public:
    /** The documents of @p text; nullopt with @p error naming the line when it is not that subset. */
    static std::optional<QList<YamlNode>> documents(const QString &text, QString *error)
    {
        Reader r;
        for (const QString &raw : text.split(u'\n')) {
            ++r.m_lineNumber;
            const QString trimmed = raw.trimmed();
            if (trimmed.isEmpty() || trimmed.startsWith(u'#'))
                continue;
            if (raw == u"---") {
                r.m_docs.append(QList<Line>());
                continue;
            }
            if (raw.contains(u'\t')) {
                *error = QStringLiteral("line %1: a tab").arg(r.m_lineNumber);
                return std::nullopt;
            }
            if (r.m_docs.isEmpty())
                r.m_docs.append(QList<Line>());
            int indent = 0;
            while (raw[indent] == u' ')
                ++indent;
            if (raw.endsWith(u' ')) {
                *error = QStringLiteral("line %1: a blank at the end").arg(r.m_lineNumber);
                return std::nullopt;
            }
            r.m_docs.last().append({indent, raw.trimmed(), r.m_lineNumber});
        }
        QList<YamlNode> out;
        for (const QList<Line> &lines : std::as_const(r.m_docs)) {
            if (lines.isEmpty())
                continue;
            qsizetype at = 0;
            auto node = r.block(lines, at, lines.first().indent, error);
            if (!node)
                return std::nullopt;
            if (at != lines.size()) {
                *error = QStringLiteral("line %1: unexpected indentation").arg(lines[at].number);
                return std::nullopt;
            }
            out.append(*node);
        }
        return out;
    }

    /** A scalar as YAML resolves it: double-quoted or plain text a string, a plain integer an integer, anything else (bool, float, null) Null. */
    static std::optional<YamlNode> scalar(const QString &text, QString *error)
    {
        if (text.startsWith(u'"')) {
            QString value;
            for (qsizetype i = 1; i < text.size(); ++i) {
                const QChar c = text[i];
                if (c == u'"') {
                    if (i != text.size() - 1) {
                        *error = QStringLiteral("text after a closing quote");
                        return std::nullopt;
                    }
                    return YamlNode::string(value);
                }
                if (c != u'\\') {
                    value += c;
                    continue;
                }
                if (++i >= text.size())
                    break;
                switch (text[i].unicode()) {
                case u'"': value += u'"'; break;
                case u'\\': value += u'\\'; break;
                case u'n': value += u'\n'; break;
                case u't': value += u'\t'; break;
                case u'r': value += u'\r'; break;
                case u'u':
                    value += QChar(text.mid(i + 1, 4).toUShort(nullptr, 16));
                    i += 4;
                    break;
                default: *error = QStringLiteral("unknown escape \\%1").arg(text[i]); return std::nullopt;
                }
            }
            *error = QStringLiteral("a quote that does not close");
            return std::nullopt;
        }
        if (text.startsWith(u'\'') || text.startsWith(u'{') || text.startsWith(u'[') || text.startsWith(u'&') || text.startsWith(u'*') ||
            text.startsWith(u'!') || text.startsWith(u'|') || text.startsWith(u'>') || text.startsWith(u'@') || text.startsWith(u'%')) {
            *error = QStringLiteral("\"%1\" is outside the subset (or not valid YAML)").arg(text);
            return std::nullopt;
        }
        if (text.contains(QStringLiteral(": ")) || text.contains(QStringLiteral(" #"))) {
            *error = QStringLiteral("\"%1\" would not read as one plain scalar").arg(text);
            return std::nullopt;
        }
        static const QRegularExpression integer(QStringLiteral("^[-+]?[0-9]+$"));
        static const QRegularExpression other(QStringLiteral("^([-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)|"
                                                             "true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N|null|Null|NULL|~|0x[0-9a-fA-F]+|0o[0-7]+)$"));
        if (integer.match(text).hasMatch())
            return YamlNode::integer(text.toLongLong());
        if (other.match(text).hasMatch())
            return YamlNode();
        return YamlNode::string(text);
    }

private:
    struct Line
    {
        int indent = 0;
        QString text;
        int number = 0;
    };

    std::optional<YamlNode> block(const QList<Line> &lines, qsizetype &at, int indent, QString *error)
    {
        const bool isList = lines[at].text == u"-" || lines[at].text.startsWith(QStringLiteral("- "));
        YamlNode node = isList ? YamlNode::list() : YamlNode::map();
        while (at < lines.size() && lines[at].indent == indent) {
            const Line &line = lines[at];
            const bool dash = line.text == u"-" || line.text.startsWith(QStringLiteral("- "));
            if (dash != isList) {
                *error = QStringLiteral("line %1: a list and a map at one indentation").arg(line.number);
                return std::nullopt;
            }
            if (isList) {
                const QString rest = line.text.mid(2);
                if (rest.isEmpty() || keyOf(rest)) {
                    // "- key: value": a map whose keys stand two columns further in.
                    QList<Line> shifted = lines;
                    shifted[at] = {indent + 2, rest, line.number};
                    if (rest.isEmpty())
                        ++at;
                    auto item = rest.isEmpty() ? block(shifted, at, lines[at].indent, error) : block(shifted, at, indent + 2, error);
                    if (!item)
                        return std::nullopt;
                    node.append(*item);
                } else {
                    auto item = scalar(rest, error);
                    if (!item)
                        return prefixed(line, error);
                    node.append(*item);
                    ++at;
                }
                continue;
            }
            const auto key = keyOf(line.text);
            if (!key) {
                *error = QStringLiteral("line %1: \"%2\" is not key: value").arg(line.number).arg(line.text);
                return std::nullopt;
            }
            const QString rest = line.text.mid(key->second).trimmed();
            ++at;
            if (rest.isEmpty()) {
                if (at >= lines.size() || lines[at].indent < indent ||
                    (lines[at].indent == indent && !lines[at].text.startsWith(QStringLiteral("- ")))) {
                    node.insert(key->first, YamlNode());
                    continue;
                }
                auto child = block(lines, at, lines[at].indent, error);
                if (!child)
                    return std::nullopt;
                node.insert(key->first, *child);
            } else if (rest == u"{}") {
                node.insert(key->first, YamlNode::map());
            } else if (rest == u"[]") {
                node.insert(key->first, YamlNode::list());
            } else {
                auto value = scalar(rest, error);
                if (!value)
                    return prefixed(line, error);
                node.insert(key->first, *value);
            }
        }
        if (at < lines.size() && lines[at].indent > indent) {
            *error = QStringLiteral("line %1: unexpected indentation").arg(lines[at].number);
            return std::nullopt;
        }
        return node;
    }

    static std::optional<YamlNode> prefixed(const Line &line, QString *error)
    {
        *error = QStringLiteral("line %1: %2").arg(line.number).arg(*error);
        return std::nullopt;
    }

    /** The key of "key: value" or "key:", and where its value starts. */
    static std::optional<std::pair<QString, qsizetype>> keyOf(const QString &text)
    {
        if (text.startsWith(u'"')) {
            QString error;
            const qsizetype close = text.indexOf(QStringLiteral("\":"));
            if (close < 0)
                return std::nullopt;
            auto key = scalar(text.left(close + 1), &error);
            if (!key)
                return std::nullopt;
            return std::make_pair(key->text(), close + 2);
        }
        const qsizetype colon = text.indexOf(QStringLiteral(": "));
        const qsizetype end = colon >= 0 ? colon : (text.endsWith(u':') ? text.size() - 1 : -1);
        if (end <= 0)
            return std::nullopt;
        return std::make_pair(text.left(end), end + 1);
    }

    QList<QList<Line>> m_docs;
    int m_lineNumber = 0;
};

} // namespace crd
