#include "treejson.h"

#include "jsonreader.h"
#include "kinds/actionsupport.h"
#include "kinds/foreign/foreignfilterparams.h"
#include "kinds/foreign/foreignparams.h"
#include "kinds/kindtable.h"
#include "tc/tcimporter.h"
#include "tc/tcunits.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace qs::TreeJson {

using namespace TcUnits;

namespace {

/* TRANSLATOR qs::TreeJson

   Errors in a profile or tree file, each after the path of the value it is about
   ("trees[0].qdiscs[1].params.delay: is required"). JSON keys, the values quoted from the file and
   examples in tc syntax ("10mbit", "100ms", "1:10", "800::800") stay as they are.
*/
/** The translation context of the messages below. */
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(qs::TreeJson)
};

/** Iterates an optional array member, handing each element's path to @p read. */
template <typename Read>
void forEachIn(JsonReader &r, const char *key, Read read)
{
    const QJsonValue v = r.take(key);
    if (v.isUndefined())
        return;
    if (!v.isArray()) {
        r.error(QString::fromLatin1(key), Messages::tr("expected an array"));
        return;
    }
    const QJsonArray array = v.toArray();
    for (qsizetype i = 0; i < array.size(); ++i)
        read(array[i], r.pathOf(QString::fromLatin1(key)) + QStringLiteral("[%1]").arg(i));
}

// --- writing ----------------------------------------------------------------------------------

} // namespace

QJsonObject qdiscParamsToJson(const QdiscParams &params)
{
    return params.ops().toJson(params.data());
}

QJsonObject classParamsToJson(const ClassParams &params)
{
    return params.ops().toJson(params.data());
}

QJsonObject toJson(const QdiscTree &tree)
{
    QJsonObject o;
    if (!tree.device.isEmpty())
        o.insert(QStringLiteral("target"), tree.target());
    if (tree.isIfb)
        o.insert(QStringLiteral("ifb"), true);
    QJsonArray qdiscs;
    for (const QdiscNode &q : tree.qdiscs) {
        QJsonObject node{{QStringLiteral("parent"), q.parent.toString()}, {QStringLiteral("kind"), q.kindName()}};
        if (const auto *foreign = q.params.getIf<ForeignParams>()) {
            node.insert(QStringLiteral("foreign"), true);
            node.insert(QStringLiteral("options"), QString::fromLatin1(foreign->options.toBase64()));
        }
        if (!q.handle.isUnspec())
            node.insert(QStringLiteral("handle"), q.handle.toString());
        const QJsonObject params = qdiscParamsToJson(q.params);
        if (!params.isEmpty())
            node.insert(QStringLiteral("params"), params);
        qdiscs.append(node);
    }
    o.insert(QStringLiteral("qdiscs"), qdiscs);
    if (!tree.classes.isEmpty()) {
        QJsonArray classes;
        for (const ClassNode &c : tree.classes)
            classes.append(QJsonObject{{QStringLiteral("classid"), c.classId.toString()},
                                       {QStringLiteral("parent"), c.parent.toString()},
                                       {QStringLiteral("kind"), c.kindName()},
                                       {QStringLiteral("params"), classParamsToJson(c.params)}});
        o.insert(QStringLiteral("classes"), classes);
    }
    QJsonArray filters;
    QJsonArray foreign;
    for (const Filter &f : tree.filters) {
        if (const auto *raw = f.params.getIf<ForeignFilterParams>()) {
            foreign.append(QJsonObject{{QStringLiteral("parent"), f.parent.toString()},
                                       {QStringLiteral("protocol"), EtherType::name(f.protocol)},
                                       {QStringLiteral("prio"), f.prio},
                                       {QStringLiteral("handle"), double(f.handle.value_or(0))},
                                       {QStringLiteral("kind"), raw->kind},
                                       {QStringLiteral("options"), QString::fromLatin1(raw->options.toBase64())}});
            continue;
        }
        QJsonObject node{{QStringLiteral("parent"), f.parent.toString()},
                         {QStringLiteral("kind"), f.kindName()},
                         {QStringLiteral("protocol"), EtherType::name(f.protocol)}};
        if (f.prio)
            node.insert(QStringLiteral("prio"), f.prio);
        if (f.handle)
            node.insert(QStringLiteral("handle"), f.ops().printHandle(f));
        if (f.chain)
            node.insert(QStringLiteral("chain"), double(f.chain));
        f.ops().toJson(f, node);
        if (!f.classId.isUnspec())
            node.insert(QStringLiteral("flowid"), f.classId.toString());
        if (f.police)
            node.insert(QStringLiteral("police"), ActionSupport::actionText(*f.police).mid(int(qstrlen("police "))));
        if (!f.actions.isEmpty()) {
            QJsonArray actions;
            for (const Action &a : f.actions)
                actions.append(ActionSupport::actionText(a));
            node.insert(QStringLiteral("actions"), actions);
        }
        filters.append(node);
    }
    if (!filters.isEmpty())
        o.insert(QStringLiteral("filters"), filters);
    if (!foreign.isEmpty())
        o.insert(QStringLiteral("foreignFilters"), foreign);
    return o;
}

std::optional<QdiscTree> fromJson(const QJsonValue &value, const QString &path, QStringList *errors)
{
    const qsizetype errorsBefore = errors->size();
    JsonReader r(value, path, errors);
    if (!r.valid())
        return std::nullopt;
    QdiscTree tree;
    if (const auto target = r.string("target")) {
        if (!isWellFormedTarget(*target, &tree.netns, &tree.device))
            r.error(QStringLiteral("target"), notATarget(*target));
    }
    tree.isIfb = r.boolean("ifb");

    forEachIn(r, "qdiscs", [&](const QJsonValue &v, const QString &p) {
        JsonReader q(v, p, errors);
        if (!q.valid())
            return;
        QdiscNode node;
        node.parent = q.handle("parent", true, true).value_or(TcHandle::root());
        node.handle = q.handle("handle", false, false).value_or(TcHandle());
        const std::optional<QString> kindGiven = q.string("kind", true); // a missing kind is reported by the reader
        const QString kindName = kindGiven.value_or(QString());
        const QdiscKindOps *kind = Kinds::qdisc(kindName);
        if (q.boolean("foreign")) {
            const auto options = q.string("options").value_or(QString());
            const auto decoded = QByteArray::fromBase64Encoding(options.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded || kindName.isEmpty())
                q.error(QStringLiteral("options"), Messages::tr("a foreign qdisc needs its kind and base64 options"));
            node.params = ForeignParams{kindName, decoded.decoded};
            q.take("params");
        } else if (!kind) {
            if (kindGiven) // "" too: a node without a kind would load as some other kind
                q.error(QStringLiteral("kind"), Messages::tr("\"%1\" is not a qdisc kind Qdisc Studio knows").arg(kindName));
            q.take("params");
        } else {
            JsonReader params(q.has("params") ? q.take("params") : QJsonValue(QJsonObject()), q.pathOf(QStringLiteral("params")), errors);
            node.params = QdiscParams(*kind, kind->fromJson(params));
            params.finish();
        }
        q.finish();
        tree.qdiscs.append(node);
    });
    forEachIn(r, "classes", [&](const QJsonValue &v, const QString &p) {
        JsonReader c(v, p, errors);
        if (!c.valid())
            return;
        ClassNode node;
        node.classId = c.handle("classid", true, true).value_or(TcHandle());
        node.parent = c.handle("parent", true, true).value_or(TcHandle());
        const QString kindName = c.string("kind").value_or(QStringLiteral("htb"));
        const ClassKindOps *kind = nullptr;
        for (const ClassKindOps *candidate : Kinds::classes()) {
            if (candidate->name == kindName)
                kind = candidate;
        }
        if (!kind) {
            c.error(QStringLiteral("kind"), Messages::tr("\"%1\" is not a class kind Qdisc Studio knows").arg(kindName));
            c.take("params");
        } else {
            JsonReader params(c.has("params") ? c.take("params") : QJsonValue(QJsonObject()), c.pathOf(QStringLiteral("params")), errors);
            node.params = ClassParams(*kind, kind->fromJson(params));
            params.finish();
        }
        c.finish();
        tree.classes.append(node);
    });
    forEachIn(r, "filters", [&](const QJsonValue &v, const QString &p) {
        JsonReader f(v, p, errors);
        if (!f.valid())
            return;
        Filter filter;
        filter.parent = f.handle("parent", true, true).value_or(TcHandle());
        const QString kindName = f.string("kind").value_or(QStringLiteral("u32"));
        const FilterKindOps *kind = Kinds::filter(kindName);
        if (!kind) {
            f.error(QStringLiteral("kind"), Messages::tr("\"%1\" is not a filter kind Qdisc Studio knows").arg(kindName));
            return;
        }
        filter.params = FilterParams(*kind, kind->makeDefault());
        if (const auto protocol = f.string("protocol")) {
            const auto parsed = EtherType::fromName(*protocol);
            if (!parsed)
                f.error(QStringLiteral("protocol"), Messages::tr("\"%1\" is not a protocol; use ip, ipv6, all or a number").arg(*protocol));
            else
                filter.protocol = *parsed;
        }
        filter.prio = quint16(f.integer("prio", 0, 0, 0xFFFF));
        filter.chain = quint32(f.integer("chain", 0, 0, 0xFFFFFFFFLL));
        if (const auto handle = f.string("handle")) {
            filter.handle = kind->parseHandle(*handle, filter);
            if (!filter.handle)
                f.error(QStringLiteral("handle"), Messages::tr("\"%1\" is not a %2 handle; write it as tc does").arg(*handle, kindName));
        }
        kind->fromJson(f, filter);
        filter.classId = f.handle("flowid", true, false).value_or(TcHandle());
        const auto readAction = [&](const QString &text, const QString &where) -> std::optional<Action> {
            QString error;
            auto action = ActionSupport::actionFromText(text, &error);
            if (!action)
                errors->append(where + QStringLiteral(": ") + error);
            return action;
        };
        if (const auto police = f.string("police")) {
            filter.police = readAction(QStringLiteral("police ") + *police, f.pathOf(QStringLiteral("police")));
        }
        // "action": one action, as files before the action list wrote it.
        if (const auto action = f.string("action")) {
            if (auto parsed = readAction(*action, f.pathOf(QStringLiteral("action"))))
                filter.actions.append(*parsed);
        }
        forEachIn(f, "actions", [&](const QJsonValue &av, const QString &ap) {
            if (!av.isString()) {
                errors->append(ap + QStringLiteral(": ") + Messages::tr("expected a string like \"mirred egress redirect dev ifb0\""));
                return;
            }
            if (auto parsed = readAction(av.toString(), ap))
                filter.actions.append(*parsed);
        });
        f.finish();
        tree.filters.append(filter);
    });
    forEachIn(r, "foreignFilters", [&](const QJsonValue &v, const QString &p) {
        JsonReader f(v, p, errors);
        if (!f.valid())
            return;
        Filter filter;
        filter.parent = f.handle("parent", true, true).value_or(TcHandle());
        filter.protocol = EtherType::fromName(f.string("protocol").value_or(QStringLiteral("all"))).value_or(EtherType::All);
        filter.prio = quint16(f.integer("prio", 0, 0, 0xFFFF));
        filter.handle = quint32(f.integer("handle", 0, 0, 0xFFFFFFFFLL));
        const QString kind = f.string("kind", true).value_or(QString());
        const auto decoded = QByteArray::fromBase64Encoding(f.string("options").value_or(QString()).toLatin1(),
                                                            QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            f.error(QStringLiteral("options"), Messages::tr("expected base64"));
        filter.params = ForeignFilterParams{kind, decoded.decoded};
        f.finish();
        tree.filters.append(filter);
    });
    r.finish();
    if (errors->size() != errorsBefore)
        return std::nullopt;
    return tree;
}

bool checkSchemaVersion(const QJsonObject &o, const QString &what, QStringList *errors)
{
    const QJsonValue version = o.value(QStringLiteral("schemaVersion"));
    if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble())) {
        //: %1 says what the file should be: "profile" or "tree document".
        errors->append(QStringLiteral("schemaVersion: ") +
                       Messages::tr("missing or not a whole number; this is not a Qdisc Studio %1").arg(what));
        return false;
    }
    const double number = version.toDouble();
    if (number > SchemaVersion) {
        errors->append(QStringLiteral("schemaVersion: ") +
                       Messages::tr("%1 was written by a newer Qdisc Studio; this version reads %2")
                           .arg(QString::number(number, 'f', 0))
                           .arg(SchemaVersion));
        return false;
    }
    if (number < 1) {
        errors->append(QStringLiteral("schemaVersion: ") + Messages::tr("%1 is not a valid version").arg(QString::number(number, 'f', 0)));
        return false;
    }
    return true;
}

QByteArray toDocument(const QdiscTree &tree)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("schemaVersion"), SchemaVersion}, {QStringLiteral("tree"), toJson(tree)}})
        .toJson(QJsonDocument::Compact);
}

std::optional<QJsonObject> parseObject(const QByteArray &bytes, const QString &expected, QStringList *errors)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        errors->append(Messages::tr("not valid JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString()));
        return std::nullopt;
    }
    if (!document.isObject()) {
        //: %1 says what was wanted: "a JSON object at the top", …
        errors->append(Messages::tr("expected %1").arg(expected));
        return std::nullopt;
    }
    return document.object();
}

std::optional<QdiscTree> fromDocument(const QByteArray &bytes, QStringList *errors)
{
    //: What a tree document must be, after "expected"; the JSON stays as it is.
    const auto parsed = parseObject(bytes, Messages::tr("a JSON object {\"schemaVersion\": 1, \"tree\": {...}}"), errors);
    if (!parsed)
        return std::nullopt;
    const QJsonObject &o = *parsed;
    //: What a file is, in "this is not a Qdisc Studio tree document".
    if (!checkSchemaVersion(o, Messages::tr("tree document"), errors))
        return std::nullopt;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() != u"schemaVersion" && it.key() != u"tree") {
            errors->append(it.key() + QStringLiteral(": ") + Messages::tr("unknown key"));
            return std::nullopt;
        }
    }
    if (!o.contains(QStringLiteral("tree"))) {
        //: After the JSON key "tree: ": the document has no tree.
        errors->append(QStringLiteral("tree: ") + Messages::tr("missing"));
        return std::nullopt;
    }
    return fromJson(o.value(QStringLiteral("tree")), QStringLiteral("tree"), errors);
}

} // namespace qs::TreeJson
