#include "kinds/allkinds.h"
#include "profiles/builtinpresets.h"

#include "model/treejson.h"
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using qs::BuiltinPresets;
using qs::Profile;
using qs::QdiscTree;

Q_DECLARE_METATYPE(qs::Profile)

namespace qs {
// QCOMPARE prints both sides with this when a comparison fails.
char *toString(const QdiscTree &tree)
{
    return QTest::toString(QString::fromUtf8(QJsonDocument(TreeJson::toJson(tree)).toJson(QJsonDocument::Compact)));
}
} // namespace qs

namespace {

QString issuesText(const qs::ValidationIssues &issues)
{
    QStringList lines;
    for (const qs::ValidationIssue &issue : issues)
        lines.append(issue.toString());
    return lines.join(u'\n');
}

QStringList presetFiles()
{
    return QDir(QStringLiteral(":/presets")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

} // namespace

class TestBuiltinPresets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void everyFileLoads();
    void namesAreUnique();
    void find();
    void files_data();
    void files();
    void preset_data();
    void preset();
};

void TestBuiltinPresets::init()
{
    // A broken preset is skipped with a qWarning: make that a failure of whichever test loads them.
    QTest::failOnWarning(QRegularExpression(QStringLiteral(".*")));
}

void TestBuiltinPresets::everyFileLoads()
{
    const QList<Profile> presets = BuiltinPresets::all();
    QVERIFY2(presets.size() >= 12, qPrintable(QString::number(presets.size())));
    // Nothing was skipped: one preset per file.
    QCOMPARE(presets.size(), presetFiles().size());
    QCOMPARE(BuiltinPresets::all(), presets);
}

void TestBuiltinPresets::namesAreUnique()
{
    QSet<QString> names;
    for (const Profile &preset : BuiltinPresets::all()) {
        QVERIFY2(!names.contains(preset.name.toCaseFolded()), qPrintable(preset.name));
        names.insert(preset.name.toCaseFolded());
    }
}

void TestBuiltinPresets::find()
{
    for (const Profile &preset : BuiltinPresets::all()) {
        QCOMPARE(BuiltinPresets::find(preset.name), preset);
        QCOMPARE(BuiltinPresets::find(preset.name.toUpper()), preset);
        QCOMPARE(BuiltinPresets::find(preset.name.toLower()), preset);
    }
    QVERIFY(BuiltinPresets::find(u"lte (4g)"));
    QVERIFY(BuiltinPresets::find(u"GEO SATELLITE"));
    QVERIFY(!BuiltinPresets::find(u"No such preset"));
    QVERIFY(!BuiltinPresets::find(u""));
}

void TestBuiltinPresets::files_data()
{
    QTest::addColumn<QString>("fileName");
    for (const QString &fileName : presetFiles())
        QTest::newRow(qPrintable(fileName)) << fileName;
}

void TestBuiltinPresets::files()
{
    // The raw files, for what the loaded Profile no longer shows.
    QFETCH(QString, fileName);
    QVERIFY2(QRegularExpression(QStringLiteral("^[a-z0-9]+(-[a-z0-9]+)*\\.json$")).match(fileName).hasMatch(), qPrintable(fileName));
    QFile file(QStringLiteral(":/presets/") + fileName);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(parseError.errorString()));
    const QJsonObject object = document.object();
    QCOMPARE(object.value(QStringLiteral("schemaVersion")).toInt(), 1);
    const QJsonArray trees = object.value(QStringLiteral("trees")).toArray();
    QCOMPARE(trees.size(), 1);
    QVERIFY(!trees.first().toObject().contains(QStringLiteral("target")));
    QVERIFY(!object.contains(QStringLiteral("created")));
    QVERIFY(!object.contains(QStringLiteral("modified")));
}

void TestBuiltinPresets::preset_data()
{
    QTest::addColumn<Profile>("preset");
    for (const Profile &preset : BuiltinPresets::all())
        QTest::newRow(qPrintable(preset.name)) << preset;
}

void TestBuiltinPresets::preset()
{
    QFETCH(Profile, preset);

    const qs::ValidationIssues issues = preset.validate();
    QVERIFY2(!qs::hasErrors(issues), qPrintable(issuesText(issues)));
    // Warnings too: a shipped preset should not start with a caution sign.
    QVERIFY2(issues.isEmpty(), qPrintable(issuesText(issues)));

    QVERIFY(preset.description.contains(u"Source:"));
    const QString lastLine = preset.description.split(u'\n').last();
    QVERIFY2(lastLine.startsWith(u"Source: ") && lastLine.size() > 20, qPrintable(lastLine));

    QVERIFY(preset.isTargetFree());
    const QdiscTree &tree = preset.trees.first();
    const qs::QdiscNode *root = tree.rootQdisc();
    QVERIFY(root);
    QCOMPARE(root->handle, qs::TcHandle::make(1, 0));
    QVERIFY(std::any_of(tree.qdiscs.begin(), tree.qdiscs.end(),
                        [](const qs::QdiscNode &q) { return q.is<qs::NetemParams>(); }));
    if (!root->is<qs::NetemParams>())
        QVERIFY(root->is<qs::TbfParams>() || root->is<qs::HtbQdiscParams>());

    // The JSON form round-trips.
    QStringList errors;
    const std::optional<QdiscTree> fromJson = qs::TreeJson::fromJson(qs::TreeJson::toJson(tree), QString(), &errors);
    QVERIFY2(fromJson, qPrintable(errors.join(u'\n')));
    QCOMPARE(*fromJson, tree);

    // And so does tc: what the exporter writes, the importer reads back as the same tree.
    std::optional<QdiscTree> bound = preset.treeFor(QStringLiteral("eth0"));
    QVERIFY(bound);
    QCOMPARE(bound->device, QStringLiteral("eth0"));
    const QString script = qs::TcExporter::commands(*bound).join(u'\n');
    const qs::TcImportResult imported = qs::TcImporter::import(script);
    QStringList problems;
    for (const auto &error : imported.errors)
        problems.append(error.toString());
    QVERIFY2(imported.ok(), qPrintable(script + u'\n' + problems.join(u'\n')));
    QCOMPARE(imported.trees.size(), 1);
    QCOMPARE(imported.trees.first(), *bound);
}

QTEST_GUILESS_MAIN(TestBuiltinPresets)
#include "tst_builtinpresets.moc"
