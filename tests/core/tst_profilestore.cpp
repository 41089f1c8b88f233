#include "kinds/allkinds.h"
#include "profiles/profilestore.h"

#include "model/treejson.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using qs::Profile;
using qs::ProfileStore;

namespace qs {
// QCOMPARE prints both sides with this when a comparison fails.
char *toString(const Profile &profile)
{
    return QTest::toString(QString::fromUtf8(profile.toJsonBytes()));
}
} // namespace qs

namespace {

Profile makeProfile(const QString &name, quint64 delayMs = 10)
{
    Profile profile;
    profile.name = name;
    profile.description = QStringLiteral("for the tests");
    qs::NetemParams netem;
    netem.delayUs = delayMs * 1000;
    qs::QdiscNode root;
    root.handle = qs::TcHandle::make(1, 0);
    root.params = netem;
    qs::QdiscTree tree;
    tree.qdiscs.append(root);
    profile.trees.append(tree);
    return profile;
}

quint64 delayMsOf(const Profile &profile)
{
    return profile.trees.first().qdiscs.first().params.get<qs::NetemParams>().delayUs / 1000;
}

/** Every file in @p path with its bytes: proves that nothing changed, and nothing was left over. */
QMap<QString, QByteArray> snapshot(const QString &path)
{
    QMap<QString, QByteArray> files;
    const QDir dir(path);
    for (const QString &name : dir.entryList(QDir::Files | QDir::Hidden | QDir::System | QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile file(dir.filePath(name));
        files.insert(name, file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>"));
    }
    return files;
}

QStringList namesOf(const QList<Profile> &profiles)
{
    QStringList names;
    for (const Profile &profile : profiles)
        names.append(profile.name);
    return names;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(file.errorString()));
    QCOMPARE(file.write(bytes), bytes.size());
}

/**
 * Lowers the process's file-size limit for its lifetime: a write that grows a file past it fails
 * with EFBIG after the bytes below the limit were written — a write that fails half-way, the way
 * a full disk does. Unlike permissions this also holds for root, which the tests run as in CI.
 */
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        m_previousHandler = std::signal(SIGXFSZ, SIG_IGN); // the default action kills the process
        getrlimit(RLIMIT_FSIZE, &m_previous);
        rlimit limited = m_previous;
        limited.rlim_cur = bytes;
        m_active = setrlimit(RLIMIT_FSIZE, &limited) == 0;
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &m_previous);
        std::signal(SIGXFSZ, m_previousHandler);
    }
    FileSizeLimit(const FileSizeLimit &) = delete;
    FileSizeLimit &operator=(const FileSizeLimit &) = delete;
    bool isActive() const { return m_active; }

private:
    rlimit m_previous{};
    void (*m_previousHandler)(int) = nullptr;
    bool m_active = false;
};

constexpr rlim_t SmallLimit = 4096;

} // namespace

class TestProfileStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void saveLoadRoundTrip();
    void saveKeepsCreatedAndReplacesSameName();
    void saveRefusesInvalidProfile();
    void saveAllowsWarnings();
    void missingDirectory();
    void listIsSortedByName();
    void fileNameFor_data();
    void fileNameFor();
    void unicodeNames_data();
    void unicodeNames();
    void namesMappingToOneFileName();
    void rename();
    void renameRefused_data();
    void renameRefused();
    void renameCaseOnly();
    void removeProfile();
    void brokenFilesAreReported_data();
    void brokenFilesAreReported();
    void duplicateNameInTwoFiles();
    void neverOverwritesAnUnreadableFile();
    void failedWriteKeepsPreviousFile_data();
    void failedWriteKeepsPreviousFile();
    void importWithNameClash();
    void importRefusesBrokenFiles();
    void exportImportsBackEqual();
    void exportToBadPathFails();
};

void TestProfileStore::saveLoadRoundTrip()
{
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    Profile profile = makeProfile(QStringLiteral("Lab uplink"), 42);
    // A profile with two device trees, one in a namespace: everything must survive.
    profile.trees.first().device = QStringLiteral("eth0");
    profile.trees.append(makeProfile(QString(), 7).trees.first());
    profile.trees.last().netns = QStringLiteral("lab");
    profile.trees.last().device = QStringLiteral("veth1");

    QString error;
    Profile stored;
    const QDateTime before = QDateTime::currentDateTimeUtc();
    QVERIFY2(store.save(profile, &error, &stored), qPrintable(error));
    QVERIFY(stored.created.isValid());
    QVERIFY(stored.modified.isValid());
    QCOMPARE(stored.created, stored.modified);
    QVERIFY(stored.modified >= before.addMSecs(-1));
    QCOMPARE(stored.modified.timeSpec(), Qt::UTC);

    Profile expected = profile;
    expected.created = stored.created;
    expected.modified = stored.modified;
    QCOMPARE(stored, expected);

    const std::optional<Profile> loaded = store.load(profile.name, &error);
    QVERIFY2(loaded, qPrintable(error));
    QCOMPARE(*loaded, stored);
    QCOMPARE(store.list().profiles, QList<Profile>{stored});
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("Lab uplink.json"))));
}

void TestProfileStore::saveKeepsCreatedAndReplacesSameName()
{
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    Profile first;
    QVERIFY2(store.save(makeProfile(QStringLiteral("Lab"), 10), &error, &first), qPrintable(error));

    Profile edited = *store.load(QStringLiteral("Lab"), &error);
    edited.trees.first().qdiscs.first().params.edit<qs::NetemParams>().delayUs = 20000;
    QTest::qWait(5); // so that modified visibly moves on
    Profile second;
    QVERIFY2(store.save(edited, &error, &second), qPrintable(error));
    QCOMPARE(second.created, first.created);
    QVERIFY(second.modified > first.modified);

    QCOMPARE(snapshot(dir.path()).keys(), QStringList{QStringLiteral("Lab.json")});
    QCOMPARE(delayMsOf(*store.load(QStringLiteral("Lab"), &error)), 20u);
}

void TestProfileStore::saveRefusesInvalidProfile()
{
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    QVERIFY(!store.save(makeProfile(QStringLiteral("   ")), &error));
    QVERIFY2(error.contains(u"needs a name"), qPrintable(error));

    Profile broken = makeProfile(QStringLiteral("Broken"));
    auto &netem = broken.trees.first().qdiscs.first().params.edit<qs::NetemParams>();
    netem.delayUs = qs::NetemParams::MaxDelayUs + 1; // beyond netem's 32-bit ticks: an error
    error.clear();
    QVERIFY(!store.save(broken, &error));
    QVERIFY2(error.contains(u"\"Broken\"") && error.contains(u"delay"), qPrintable(error));
    QVERIFY(snapshot(dir.path()).isEmpty());
}

void TestProfileStore::saveAllowsWarnings()
{
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    Profile warned = makeProfile(QStringLiteral("Drops all"));
    warned.trees.first().qdiscs.first().params.edit<qs::NetemParams>().limit = 0; // a warning only
    QVERIFY(!warned.validate().isEmpty());
    QString error;
    QVERIFY2(store.save(warned, &error), qPrintable(error));
    QVERIFY(store.load(QStringLiteral("Drops all"), &error));
}

void TestProfileStore::missingDirectory()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("not/yet/there"));
    ProfileStore store(path);
    const ProfileStore::Listing listing = store.list();
    QVERIFY(listing.profiles.isEmpty());
    QVERIFY(listing.problems.isEmpty());
    QString error;
    QVERIFY(!store.load(QStringLiteral("x"), &error));
    QVERIFY2(error.contains(u"\"x\""), qPrintable(error));
    QVERIFY2(store.save(makeProfile(QStringLiteral("x")), &error), qPrintable(error)); // creates the directory
    QCOMPARE(namesOf(store.list().profiles), QStringList{QStringLiteral("x")});
}

void TestProfileStore::listIsSortedByName()
{
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    const QStringList names{QStringLiteral("cherry"), QStringLiteral("Zebra"), QStringLiteral("banana"),
                            QStringLiteral("apple pie"), QStringLiteral("Apple")};
    QString error;
    for (const QString &name : names)
        QVERIFY2(store.save(makeProfile(name), &error), qPrintable(error));
    const ProfileStore::Listing listing = store.list();
    QVERIFY(listing.problems.isEmpty());
    QCOMPARE(namesOf(listing.profiles), (QStringList{QStringLiteral("Apple"), QStringLiteral("apple pie"),
                                                     QStringLiteral("banana"), QStringLiteral("cherry"),
                                                     QStringLiteral("Zebra")}));
}

void TestProfileStore::fileNameFor_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("fileName");
    QTest::newRow("plain") << QStringLiteral("Lab uplink") << QStringLiteral("Lab uplink.json");
    QTest::newRow("unicode kept") << QStringLiteral("Ünïcødé — 東京 ✓") << QStringLiteral("Ünïcødé — 東京 ✓.json");
    QTest::newRow("emoji kept") << QStringLiteral("🚀 launch") << QStringLiteral("🚀 launch.json");
    QTest::newRow("slash") << QStringLiteral("a/b") << QStringLiteral("a_b.json");
    QTest::newRow("backslash") << QStringLiteral("a\\b") << QStringLiteral("a_b.json");
    QTest::newRow("windows reserved") << QStringLiteral("x:*?\"<>|y") << QStringLiteral("x_______y.json");
    QTest::newRow("control") << QStringLiteral("tab\there\nnew") << QStringLiteral("tab_here_new.json");
    QTest::newRow("bidi override") << QStringLiteral("\u202Egnp.exe") << QStringLiteral("_gnp.exe.json");
    QTest::newRow("leading dot") << QStringLiteral(".hidden") << QStringLiteral("_hidden.json");
    QTest::newRow("dot dot") << QStringLiteral("..") << QStringLiteral("__.json");
    QTest::newRow("leading dash") << QStringLiteral("-rf") << QStringLiteral("_rf.json");
    QTest::newRow("outer spaces") << QStringLiteral(" spaced ") << QStringLiteral("_spaced_.json");
    QTest::newRow("trailing dot") << QStringLiteral("v1.") << QStringLiteral("v1_.json");
    QTest::newRow("decomposed to NFC") << QStringLiteral("Cafe\u0301") << QStringLiteral("Café.json");
}

void TestProfileStore::fileNameFor()
{
    QFETCH(QString, name);
    QFETCH(QString, fileName);
    QCOMPARE(ProfileStore::fileNameFor(name), fileName);
}

void TestProfileStore::unicodeNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("mixed scripts") << QStringLiteral("Ünïcødé — 東京 ✓");
    QTest::newRow("slash") << QStringLiteral("eth0/lab: 10% loss");
    QTest::newRow("dot dot slash") << QStringLiteral("../../etc/passwd");
    QTest::newRow("control and bidi") << QStringLiteral("bad\u0001name\u202E");
    QTest::newRow("emoji") << QStringLiteral("🛰️ GEO via 🇩🇪");
    QTest::newRow("long CJK") << QString(300, QChar(0x6771)); // 3 UTF-8 bytes each
    QTest::newRow("long combining") << QStringLiteral("e\u0301").repeated(100);
    QTest::newRow("long emoji") << QStringLiteral("🚀").repeated(100); // surrogate pairs
}

void TestProfileStore::unicodeNames()
{
    QFETCH(QString, name);
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    QVERIFY2(store.save(makeProfile(name, 33), &error), qPrintable(error));

    const QStringList files = snapshot(dir.path()).keys();
    QCOMPARE(files.size(), 1);
    const QString fileName = files.first();
    QVERIFY2(fileName.toUtf8().size() <= 120, qPrintable(fileName));
    QVERIFY(fileName.endsWith(u".json"));
    QVERIFY(!fileName.startsWith(u'.'));
    QVERIFY(!fileName.contains(u'/') && !fileName.contains(u'\\'));
    for (QChar c : fileName)
        QVERIFY2(c.category() != QChar::Other_Control && c.category() != QChar::Other_Format, qPrintable(fileName));
    QCOMPARE(fileName, ProfileStore::fileNameFor(name));
    // A cut never splits a character: the file name is valid UTF-16, so valid UTF-8 on disk.
    QVERIFY(fileName.isValidUtf16());

    QCOMPARE(namesOf(store.list().profiles), QStringList{name});
    const std::optional<Profile> loaded = store.load(name, &error);
    QVERIFY2(loaded, qPrintable(error));
    QCOMPARE(loaded->name, name);
    QCOMPARE(delayMsOf(*loaded), 33u);

    const QString renamed = name + QStringLiteral(" ✓ renamed");
    QVERIFY2(store.rename(name, renamed, &error), qPrintable(error));
    QVERIFY(!store.load(name, &error));
    QCOMPARE(store.load(renamed, &error)->name, renamed);
    QCOMPARE(snapshot(dir.path()).size(), 1);

    QVERIFY2(store.remove(renamed, &error), qPrintable(error));
    QVERIFY(snapshot(dir.path()).isEmpty());
    QVERIFY(store.list().profiles.isEmpty());
}

void TestProfileStore::namesMappingToOneFileName()
{
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    const QString longA = QString(200, u'x') + u'A';
    const QString longB = QString(200, u'x') + u'B';
    // Different names, one file name each group: "a_b.json", "Café.json", "xxx…x.json".
    const QStringList names{QStringLiteral("a/b"), QStringLiteral("a\\b"), QStringLiteral("a_b"), QStringLiteral("a:b"),
                            QStringLiteral("Caf\u00E9"), QStringLiteral("Cafe\u0301"), longA, longB};
    QString error;
    for (qsizetype i = 0; i < names.size(); ++i)
        QVERIFY2(store.save(makeProfile(names[i], quint64(i + 1)), &error), qPrintable(error));

    const QMap<QString, QByteArray> files = snapshot(dir.path());
    QCOMPARE(files.size(), names.size());
    QVERIFY(files.contains(QStringLiteral("a_b.json")));
    QVERIFY(files.contains(QStringLiteral("a_b-2.json")));
    QVERIFY(files.contains(QStringLiteral("a_b-4.json")));
    QVERIFY(files.contains(QStringLiteral("Café-2.json")));
    for (const QString &file : files.keys())
        QVERIFY2(file.toUtf8().size() <= 120, qPrintable(file));

    QCOMPARE(store.list().profiles.size(), names.size());
    for (qsizetype i = 0; i < names.size(); ++i) {
        const std::optional<Profile> loaded = store.load(names[i], &error);
        QVERIFY2(loaded, qPrintable(names[i]));
        QCOMPARE(delayMsOf(*loaded), quint64(i + 1));
    }

    // Saving again replaces each profile's own file, never a neighbour's.
    QVERIFY(store.save(makeProfile(QStringLiteral("a:b"), 99), &error));
    QCOMPARE(snapshot(dir.path()).size(), names.size());
    QCOMPARE(delayMsOf(*store.load(QStringLiteral("a:b"), &error)), 99u);
    QCOMPARE(delayMsOf(*store.load(QStringLiteral("a/b"), &error)), 1u);

    // Renaming onto a name with the same file name rewrites in place; deleting leaves the others.
    QVERIFY2(store.rename(QStringLiteral("a/b"), QStringLiteral("a|b"), &error), qPrintable(error));
    QVERIFY(!store.load(QStringLiteral("a/b"), &error));
    QCOMPARE(delayMsOf(*store.load(QStringLiteral("a|b"), &error)), 1u);
    QVERIFY2(store.remove(QStringLiteral("a\\b"), &error), qPrintable(error));
    QCOMPARE(snapshot(dir.path()).size(), names.size() - 1);
    QCOMPARE(delayMsOf(*store.load(QStringLiteral("a_b"), &error)), 3u);
    QCOMPARE(delayMsOf(*store.load(longB, &error)), 8u);
}

void TestProfileStore::rename()
{
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    Profile stored;
    QVERIFY(store.save(makeProfile(QStringLiteral("Old"), 12), &error, &stored));
    QVERIFY2(store.rename(QStringLiteral("Old"), QStringLiteral("New"), &error), qPrintable(error));
    QCOMPARE(snapshot(dir.path()).keys(), QStringList{QStringLiteral("New.json")});
    const std::optional<Profile> renamed = store.load(QStringLiteral("New"), &error);
    QVERIFY(renamed);
    QCOMPARE(renamed->trees, stored.trees);
    QCOMPARE(renamed->description, stored.description);
    QCOMPARE(renamed->created, stored.created);
    QVERIFY(!store.load(QStringLiteral("Old"), &error));
    QVERIFY(store.rename(QStringLiteral("New"), QStringLiteral("New"), &error)); // nothing to do
}

void TestProfileStore::renameRefused_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("reason");
    QTest::newRow("taken") << QStringLiteral("A") << QStringLiteral("B") << QStringLiteral("already exists");
    QTest::newRow("empty") << QStringLiteral("A") << QString() << QStringLiteral("empty");
    QTest::newRow("blank") << QStringLiteral("A") << QStringLiteral("  \t") << QStringLiteral("empty");
    QTest::newRow("missing") << QStringLiteral("C") << QStringLiteral("D") << QStringLiteral("no such profile");
    QTest::newRow("a preset's name") << QStringLiteral("A") << QStringLiteral("lte (4g)") << QStringLiteral("the built-in preset \"LTE (4G)\"");
}

void TestProfileStore::renameRefused()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    QVERIFY(store.save(makeProfile(QStringLiteral("A"), 1), &error));
    QVERIFY(store.save(makeProfile(QStringLiteral("B"), 2), &error));
    const QMap<QString, QByteArray> before = snapshot(dir.path());

    QVERIFY(!store.rename(from, to, &error));
    QVERIFY2(error.contains(reason) && error.contains(u'"' + from + u'"'), qPrintable(error));
    QCOMPARE(snapshot(dir.path()), before);
}

void TestProfileStore::renameCaseOnly()
{
    // Names are case-sensitive: "Work" and "work" are different names, so this is a rename.
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    QVERIFY(store.save(makeProfile(QStringLiteral("Work")), &error));
    QVERIFY2(store.rename(QStringLiteral("Work"), QStringLiteral("work"), &error), qPrintable(error));
    QCOMPARE(namesOf(store.list().profiles), QStringList{QStringLiteral("work")});
    QCOMPARE(snapshot(dir.path()).size(), 1);
}

void TestProfileStore::removeProfile()
{
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    QVERIFY(store.save(makeProfile(QStringLiteral("Keep")), &error));
    QVERIFY(store.save(makeProfile(QStringLiteral("Drop")), &error));
    QVERIFY2(store.remove(QStringLiteral("Drop"), &error), qPrintable(error));
    QCOMPARE(namesOf(store.list().profiles), QStringList{QStringLiteral("Keep")});
    QVERIFY(!store.remove(QStringLiteral("Drop"), &error));
    QVERIFY2(error.contains(u"\"Drop\"") && error.contains(u"no such profile"), qPrintable(error));
}

void TestProfileStore::brokenFilesAreReported_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    QByteArray garbage;
    for (int i = 0; i < 256; ++i)
        garbage.append(char(255 - i));
    QTest::newRow("garbage") << garbage << QStringLiteral("not valid JSON at byte");
    QTest::newRow("truncated") << makeProfile(QStringLiteral("Cut")).toJsonBytes().left(40) << QStringLiteral("not valid JSON");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("not valid JSON");
    QTest::newRow("array") << QByteArray("[1, 2]") << QStringLiteral("expected a JSON object");

    QJsonObject newer = makeProfile(QStringLiteral("Future")).toJson();
    newer.insert(QStringLiteral("schemaVersion"), 2);
    QTest::newRow("newer schema") << QJsonDocument(newer).toJson() << QStringLiteral("schemaVersion: 2 was written by a newer Qdisc Studio");

    QJsonObject unknown = makeProfile(QStringLiteral("Colourful")).toJson();
    unknown.insert(QStringLiteral("colour"), QStringLiteral("red"));
    QTest::newRow("unknown key") << QJsonDocument(unknown).toJson() << QStringLiteral("colour: unknown key");

    QJsonObject badTree = makeProfile(QStringLiteral("Typo")).toJson();
    badTree = QJsonDocument::fromJson(QJsonDocument(badTree).toJson().replace("\"delay\"", "\"dealy\"")).object();
    QTest::newRow("unknown tree key") << QJsonDocument(badTree).toJson() << QStringLiteral("trees[0].qdiscs[0].params.dealy: unknown key");
}

void TestProfileStore::brokenFilesAreReported()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    QVERIFY(store.save(makeProfile(QStringLiteral("Good one")), &error));
    QVERIFY(store.save(makeProfile(QStringLiteral("Good two")), &error));
    const QString brokenPath = dir.filePath(QStringLiteral("broken.json"));
    writeFile(brokenPath, bytes);
    writeFile(dir.filePath(QStringLiteral("notes.txt")), "not a profile, not a .json file");

    const ProfileStore::Listing listing = store.list();
    QCOMPARE(namesOf(listing.profiles), (QStringList{QStringLiteral("Good one"), QStringLiteral("Good two")}));
    QCOMPARE(listing.problems.size(), 1);
    QCOMPARE(listing.problems.first().path, QDir::toNativeSeparators(brokenPath));
    QVERIFY2(listing.problems.first().reason.contains(reason), qPrintable(listing.problems.first().reason));
    QVERIFY2(store.load(QStringLiteral("Good two"), &error), qPrintable(error));
}

void TestProfileStore::duplicateNameInTwoFiles()
{
    // A user copied a file by hand: both claim one name. The file under the name's own file name
    // counts ("Twin copy.json" sorts first, but "Twin.json" is Twin's); the copy is reported.
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    QVERIFY(store.save(makeProfile(QStringLiteral("Twin"), 1), &error));
    const QString own = dir.filePath(QStringLiteral("Twin.json"));
    const QString copy = dir.filePath(QStringLiteral("Twin copy.json"));
    QVERIFY(QFile::copy(own, copy));
    const ProfileStore::Listing listing = store.list();
    QCOMPARE(namesOf(listing.profiles), QStringList{QStringLiteral("Twin")});
    QCOMPARE(listing.problems.size(), 1);
    QCOMPARE(listing.problems.first().path, QDir::toNativeSeparators(copy));
    QVERIFY2(listing.problems.first().reason.contains(QDir::toNativeSeparators(own)), qPrintable(listing.problems.first().reason));

    QVERIFY(store.save(makeProfile(QStringLiteral("Twin"), 2), &error));
    QCOMPARE(delayMsOf(*store.load(QStringLiteral("Twin"), &error)), 2u);
    QVERIFY(store.remove(QStringLiteral("Twin"), &error));
    QVERIFY(!QFile::exists(own));
    QCOMPARE(delayMsOf(*store.load(QStringLiteral("Twin"), &error)), 1u); // the copy takes over
}

void TestProfileStore::neverOverwritesAnUnreadableFile()
{
    // "broken.json" holds something we cannot read; a profile named "broken" must not replace it.
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    writeFile(dir.filePath(QStringLiteral("broken.json")), "{ half a profile");
    QString error;
    QVERIFY2(store.save(makeProfile(QStringLiteral("broken")), &error), qPrintable(error));
    const QMap<QString, QByteArray> files = snapshot(dir.path());
    QCOMPARE(files.value(QStringLiteral("broken.json")), QByteArray("{ half a profile"));
    QVERIFY(files.contains(QStringLiteral("broken-2.json")));
    QVERIFY(store.load(QStringLiteral("broken"), &error));
}

void TestProfileStore::failedWriteKeepsPreviousFile_data()
{
    QTest::addColumn<QString>("operation");
    QTest::newRow("save") << QStringLiteral("save");
    QTest::newRow("rename") << QStringLiteral("rename");
    QTest::newRow("export") << QStringLiteral("export");
}

void TestProfileStore::failedWriteKeepsPreviousFile()
{
    QFETCH(QString, operation);
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    const QString exportPath = dir.filePath(QStringLiteral("exported.json"));

    // The profile on disk is small (below the limit) for save, large for rename and export so
    // that their writes cross the limit; the file that exists before must survive unchanged.
    Profile big = makeProfile(QStringLiteral("Lab"), 10);
    big.description = QString(64 * 1024, u'x');
    const Profile small = makeProfile(QStringLiteral("Lab"), 10);
    QString error;
    QVERIFY2(store.save(operation == u"save" ? small : big, &error), qPrintable(error));
    writeFile(exportPath, "previous export\n");
    const QMap<QString, QByteArray> before = snapshot(dir.path());
    QVERIFY(before.value(QStringLiteral("Lab.json")).size() > 0);

    bool ok = true;
    error.clear();
    {
        FileSizeLimit limit(SmallLimit);
        // Lowering one's own file-size limit is always allowed; failing here means the proof is missing.
        QVERIFY2(limit.isActive(), "setrlimit(RLIMIT_FSIZE) failed: the interrupted-write test cannot run");
        if (operation == u"save")
            ok = store.save(big, &error);
        else if (operation == u"rename")
            ok = store.rename(QStringLiteral("Lab"), QStringLiteral("Lab renamed"), &error);
        else
            ok = store.exportTo(QStringLiteral("Lab"), exportPath, &error);
    }
    QVERIFY(!ok);
    const QString target = operation == u"export" ? exportPath
                           : operation == u"rename" ? dir.filePath(QStringLiteral("Lab renamed.json"))
                                                   : dir.filePath(QStringLiteral("Lab.json"));
    QVERIFY2(error.contains(QDir::toNativeSeparators(target)) && error.contains(u"\"Lab\""), qPrintable(error));
    qInfo("%s failed as it should: %s", qPrintable(operation), qPrintable(error.left(300)));
    // Byte-identical, and no temporary file left behind.
    QCOMPARE(snapshot(dir.path()), before);
    QVERIFY2(store.load(QStringLiteral("Lab"), &error), qPrintable(error));

    // The limit did make the write fail half-way: the same bytes fail on a plain file too, after
    // exactly the limit was written.
    QFile probe(dir.filePath(QStringLiteral("probe")));
    QVERIFY(probe.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
    {
        FileSizeLimit limit(SmallLimit);
        QVERIFY(probe.write(big.toJsonBytes()) < big.toJsonBytes().size());
    }
    probe.close();
    QCOMPARE(QFileInfo(probe.fileName()).size(), qint64(SmallLimit));
}

void TestProfileStore::importWithNameClash()
{
    QTemporaryDir dir;
    QTemporaryDir outside;
    ProfileStore store(dir.path());
    QString error;
    Profile original;
    QVERIFY(store.save(makeProfile(QStringLiteral("Lab"), 5), &error, &original));
    const QString file = outside.filePath(QStringLiteral("lab.json"));
    QVERIFY2(store.exportTo(QStringLiteral("Lab"), file, &error), qPrintable(error));

    QString imported;
    QVERIFY2(store.importFile(file, &error, &imported), qPrintable(error));
    QCOMPARE(imported, QStringLiteral("Lab (2)"));
    QVERIFY2(store.importFile(file, &error, &imported), qPrintable(error));
    QCOMPARE(imported, QStringLiteral("Lab (3)"));

    QCOMPARE(namesOf(store.list().profiles),
             (QStringList{QStringLiteral("Lab"), QStringLiteral("Lab (2)"), QStringLiteral("Lab (3)")}));
    QCOMPARE(*store.load(QStringLiteral("Lab"), &error), original); // untouched
    const Profile copy = *store.load(QStringLiteral("Lab (2)"), &error);
    QCOMPARE(copy.trees, original.trees);
    QCOMPARE(copy.created, original.created);
}

void TestProfileStore::importRefusesBrokenFiles()
{
    QTemporaryDir dir;
    QTemporaryDir outside;
    ProfileStore store(dir.path());
    QString error;

    const QString garbage = outside.filePath(QStringLiteral("garbage.json"));
    writeFile(garbage, "\x01\x02 not json");
    QVERIFY(!store.importFile(garbage, &error));
    QVERIFY2(error.contains(QDir::toNativeSeparators(garbage)) && error.contains(u"not valid JSON"), qPrintable(error));

    const QString missing = outside.filePath(QStringLiteral("missing.json"));
    QVERIFY(!store.importFile(missing, &error));
    QVERIFY2(error.contains(QDir::toNativeSeparators(missing)) && error.contains(u"cannot be opened"), qPrintable(error));

    // Valid JSON, invalid profile: a delay beyond what netem holds.
    Profile invalid = makeProfile(QStringLiteral("Invalid"));
    invalid.trees.first().qdiscs.first().params.edit<qs::NetemParams>().delayUs = qs::NetemParams::MaxDelayUs + 1;
    const QString invalidPath = outside.filePath(QStringLiteral("invalid.json"));
    writeFile(invalidPath, invalid.toJsonBytes());
    QVERIFY(!store.importFile(invalidPath, &error));
    QVERIFY2(error.contains(QDir::toNativeSeparators(invalidPath)) && error.contains(u"delay"), qPrintable(error));

    QVERIFY(snapshot(dir.path()).isEmpty());
}

void TestProfileStore::exportImportsBackEqual()
{
    QTemporaryDir dir;
    QTemporaryDir otherDir;
    QTemporaryDir outside;
    ProfileStore store(dir.path());
    ProfileStore other(otherDir.path());
    QString error;
    Profile profile = makeProfile(QStringLiteral("Ünïcødé — 東京 ✓"), 77);
    profile.description = QStringLiteral("line one\nline two ✓");
    Profile stored;
    QVERIFY(store.save(profile, &error, &stored));

    const QString file = outside.filePath(QStringLiteral("export.json"));
    QVERIFY2(store.exportTo(profile.name, file, &error), qPrintable(error));
    QFile exported(file);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    QStringList errors;
    const std::optional<Profile> reread = Profile::fromJsonBytes(exported.readAll(), &errors);
    QVERIFY2(reread, qPrintable(errors.join(u'\n')));
    QCOMPARE(*reread, stored); // the file is the profile, timestamps included

    QString importedName;
    QVERIFY2(other.importFile(file, &error, &importedName), qPrintable(error));
    QCOMPARE(importedName, profile.name);
    Profile imported = *other.load(profile.name, &error);
    QVERIFY(imported.modified >= stored.modified); // importing is a save: modified is the import's time
    imported.modified = stored.modified;
    QCOMPARE(imported, stored);

    QVERIFY(!store.exportTo(QStringLiteral("nobody"), file, &error));
    QVERIFY2(error.contains(u"\"nobody\""), qPrintable(error));
}

void TestProfileStore::exportToBadPathFails()
{
    QTemporaryDir dir;
    ProfileStore store(dir.path());
    QString error;
    QVERIFY(store.save(makeProfile(QStringLiteral("Lab")), &error));
    const QString path = dir.filePath(QStringLiteral("no/such/dir/out.json"));
    QVERIFY(!store.exportTo(QStringLiteral("Lab"), path, &error));
    QVERIFY2(error.contains(QDir::toNativeSeparators(path)) && error.contains(u"\"Lab\""), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestProfileStore)
#include "tst_profilestore.moc"
