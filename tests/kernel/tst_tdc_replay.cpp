// The Linux kernel's own tc selftests (tdc, tests/kernel/tdc/cases) as a conformance suite with
// real tc as the judge: every case's tc lines run with tc on one device and, as one script,
// through Qdisc Studio's importer and engine on its twin; then both devices are read back with
// tc and compared. Verdicts: same, both refuse, differs, unsupported (we refuse what tc takes),
// and "we accept what tc refuses", which must never happen. Cases whose kinds this kernel lacks
// are not run (a refusal for a missing module proves nothing); cases that need another device,
// netdevsim, a batch file or the standalone action table are listed as not judged, with why (a
// netdevsim device that only gives a case its transmit queues becomes veth twins with as many).
//
//   tst_tdc_replay [--cases DIR]... [--only FILE[:ID]] [--min-agree PERCENT] [--floor FILE] [--verbose]
//
// Exit status 0 when every file with judged cases agrees in at least --min-agree percent of them
// (default 98) and accepts nothing tc refuses; 1 otherwise; 2 for a bad command line or set-up.
// --floor names a JSON object {"cases/tbf.json": 14, …}: a file still below the target passes
// while at least that many of its cases agree. It records how far the kinds have come, so that
// what agrees today cannot silently stop agreeing; the table still marks such a file as below
// the target. A file that reaches the target no longer needs its line.
#include "model/qdisctree.h"
#include "netlink/tcengine.h"
#include "tc/tcimporter.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>

#include <numeric>
#include <QRegularExpression>
#include <QTextStream>

#include <unistd.h>

using namespace qs;

namespace {

QTextStream out(stdout);

enum class Verdict { Same, BothRefuse, Differs, Unsupported, WeAcceptRefused, NotJudged, NotRunHere };

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Same:
        return QStringLiteral("same");
    case Verdict::BothRefuse:
        return QStringLiteral("both refuse");
    case Verdict::Differs:
        return QStringLiteral("differs");
    case Verdict::Unsupported:
        return QStringLiteral("unsupported");
    case Verdict::WeAcceptRefused:
        return QStringLiteral("WE ACCEPT WHAT TC REFUSES");
    case Verdict::NotJudged:
        return QStringLiteral("not judged");
    case Verdict::NotRunHere:
        return QStringLiteral("not run on this kernel");
    }
    return {};
}

struct Run
{
    int exitCode = -1;
    QString output; ///< stdout and stderr together
};

/** Runs @p argv with @p input on its standard input (tc and ip read -batch files from "-"). */
Run run(const QStringList &argv, const QByteArray &input = {})
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(argv.first(), argv.mid(1));
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        return {-1, QStringLiteral("timed out")};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromUtf8(process.readAll())};
}

/** What tc says when the kernel lacks the module a command needs. */
bool missingModule(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral(
        "kind is unknown|Unknown filter|Failed to load TC action module|Unknown action|Error: TC classifier not found"),
        QRegularExpression::CaseInsensitiveOption);
    return pattern.match(text).hasMatch();
}

/** One command of a case, with the exit codes its set-up allows (empty: only 0). */
struct Command
{
    QString line;
    QList<int> allowed;
};

QList<Command> commandsOf(const QJsonValue &value)
{
    QList<Command> commands;
    for (const QJsonValue &entry : value.toArray()) {
        if (entry.isString()) {
            commands.append({entry.toString(), {}});
        } else if (entry.isArray()) {
            const QJsonArray array = entry.toArray();
            Command command{array.first().toString(), {}};
            for (qsizetype i = 1; i < array.size(); ++i)
                command.allowed.append(array[i].toInt());
            commands.append(command);
        }
    }
    return commands;
}

/** Why a command line is not about one device's tree, or empty when it is. */
QString notJudgedReason(const QString &line)
{
    static const QRegularExpression loopback(QStringLiteral("\\bdev lo\\b"));
    if (line.contains(u"$DEV2") || line.contains(u"$ETH") || loopback.match(line).hasMatch() || line.contains(u"netdevsim"))
        return QStringLiteral("needs a second device or netdevsim");
    if (line.contains(u"$BATCH") || line.contains(u" -b ") || line.contains(u"-batch") || line.contains(u"tdc_"))
        return QStringLiteral("needs a tc batch file");
    if (line.contains(u"$TC actions") || line.contains(u"tc actions"))
        return QStringLiteral("uses the namespace's standalone action table (tc actions)");
    if (line.startsWith(u"bash") || line.startsWith(u"ping") || line.startsWith(u"echo") || line.contains(u"$ETHTOOL"))
        return QStringLiteral("runs a shell or another program");
    return {};
}

/** The line with the case's variables replaced; empty when it is the dummy device's creation. */
QString expanded(QString line, const QString &device)
{
    line = line.trimmed();
    if (line.startsWith(u"$IP link add dev $DUMMY ") || line == u"/bin/true") // freshDevices made the twins
        return {};
    line.replace(QStringLiteral("$TC"), QStringLiteral("tc"));
    line.replace(QStringLiteral("$IP"), QStringLiteral("ip"));
    line.replace(QStringLiteral("$DUMMY"), device);
    line.replace(QStringLiteral("$DEV1"), device);
    if (line.endsWith(u"|| /bin/true"))
        line.chop(int(qstrlen("|| /bin/true")));
    return line.trimmed();
}

/**
 * The words of @p line as a shell splits them: blanks between words, '…' and "…" quote (a case
 * quotes basic's 'cmp(u8 at 9 eq 6)' as tdc's shell reads it), a backslash escapes one character.
 * No shell is started: under user-mode Linux a process more per command doubles the replay's time.
 */
QStringList shellWords(const QString &line)
{
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else if (c == u'\\' && quote == u'"' && i + 1 < line.size() && (line[i + 1] == u'"' || line[i + 1] == u'\\'))
                word += line[++i];
            else
                word += c;
        } else if (c == u'\'' || c == u'"') {
            quote = c;
            inWord = true;
        } else if (c == u'\\' && i + 1 < line.size()) {
            word += line[++i];
            inWord = true;
        } else if (c.isSpace()) {
            if (inWord)
                words.append(word);
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words.append(word);
    return words;
}

/** The command in @p netns: "tc …" as "tc -n NS …", "ip …" as "ip -n NS …". */
QStringList inNamespace(const QString &line, const QString &netns)
{
    QStringList argv = shellWords(line);
    if (!argv.isEmpty() && (argv.first() == u"tc" || argv.first() == u"ip")) {
        argv.insert(1, QStringLiteral("-n"));
        argv.insert(2, netns);
    }
    return argv;
}

bool isReadCommand(const QString &line)
{
    static const QRegularExpression read(QStringLiteral("^tc (-[a-z]+ )*(qdisc|class|filter) (show|list|ls|get)\\b"));
    return read.match(line).hasMatch();
}

/**
 * tc's view of a device, with what legitimately differs between the twins taken out. Starting
 * processes is what costs under user-mode Linux: the qdisc, class and filter views come from one
 * tc -batch (their lines tell them apart: "qdisc …", "class …", "filter parent …"), the ingress
 * and egress views, whose lines look alike, each from its own tc, and only when a clsact or
 * ingress qdisc is there to hold them.
 */
QString readBack(const QString &netns, const QString &device, const QString &verify)
{
    const QString views = QStringLiteral("qdisc show dev %1\nclass show dev %1\nfilter show dev %1\n").arg(device);
    const Run tree = run({QStringLiteral("tc"), QStringLiteral("-n"), netns, QStringLiteral("-d"), QStringLiteral("-batch"), QStringLiteral("-")},
                         views.toUtf8());
    QString text = QStringLiteral("$ tc -d -batch: qdisc, class and filter show dev DEV\n") + tree.output;
    QStringList commands;
    if (tree.output.contains(QStringLiteral("qdisc clsact")) || tree.output.contains(QStringLiteral("qdisc ingress")))
        commands = {QStringLiteral("tc -d filter show dev %1 ingress"), QStringLiteral("tc -d filter show dev %1 egress")};
    if (!verify.isEmpty())
        commands.append(verify);
    for (const QString &command : std::as_const(commands)) {
        const QString line = command.contains(u"%1") ? command.arg(device) : command;
        const Run r = run(inNamespace(line, netns));
        text += QStringLiteral("$ %1\n%2").arg(command.contains(u"%1") ? command.arg(QStringLiteral("DEV")) : QStringLiteral("verify"),
                                               r.output);
    }
    text.replace(device, QStringLiteral("DEV"));
    // Action indexes and reference counts are per namespace: the twins' actions differ there.
    static const QRegularExpression perNamespace(
        QStringLiteral("\\b(index|ref|bind|installed|used|firstused|expires|refcnt) \\d+( sec)?"));
    text.replace(perNamespace, QStringLiteral("\\1 N"));
    static const QRegularExpression actionOrder(QStringLiteral("action order \\d+"));
    text.replace(actionOrder, QStringLiteral("action order N"));
    // A policer's index, as tc prints it in its first line ("police 0x1 rate …").
    static const QRegularExpression policeIndex(QStringLiteral("\\bpolice 0x[0-9a-f]+"));
    text.replace(policeIndex, QStringLiteral("police 0xN"));
    return text;
}

struct Outcome
{
    Verdict verdict = Verdict::NotJudged;
    QString detail;
};

class Replay
{
public:
    explicit Replay(bool verbose) : m_verbose(verbose), m_netns(QStringLiteral("qs-tdc-%1").arg(getpid())) {}
    ~Replay() { run({QStringLiteral("ip"), QStringLiteral("netns"), QStringLiteral("del"), m_netns}); }

    bool setUp()
    {
        const Run r = run({QStringLiteral("ip"), QStringLiteral("netns"), QStringLiteral("add"), m_netns});
        if (r.exitCode != 0) {
            out << "cannot create network namespace " << m_netns << ": " << r.output << Qt::endl;
            return false;
        }
        run({QStringLiteral("ip"), QStringLiteral("-n"), m_netns, QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("lo"),
             QStringLiteral("up")});
        return true;
    }

    Outcome replay(const QJsonObject &testCase)
    {
        QList<Command> setup = commandsOf(testCase.value(QStringLiteral("setup")));
        QString underTest = testCase.value(QStringLiteral("cmdUnderTest")).toString();
        QString verify = testCase.value(QStringLiteral("verifyCmd")).toString();
        if (!testCase.value(QStringLiteral("name")).toString().contains(u"offload", Qt::CaseInsensitive))
            asVethTwins(&setup, &underTest, &verify);
        for (const Command &c : setup) {
            if (const QString why = notJudgedReason(c.line); !why.isEmpty())
                return {Verdict::NotJudged, why};
        }
        for (const QString &line : {underTest, verify}) {
            if (const QString why = notJudgedReason(line); !why.isEmpty())
                return {Verdict::NotJudged, why};
        }
        if (!freshDevices(transmitQueues(setup)))
            return {Verdict::NotJudged, QStringLiteral("could not create the twin devices")};

        // tc on the first device: what it accepts, step by step.
        QStringList ours;
        const auto runOnBoth = [&](const Command &c) -> std::optional<Outcome> {
            // Device settings (txqueuelen, mtu) go to both twins; a line about another device (the
            // device a mirred case redirects to) runs once, and may say it is there already.
            const bool perTwin = c.line.contains(u"$DUMMY") || c.line.contains(u"$DEV1");
            for (const QString &device : perTwin ? QStringList{m_a, m_b} : QStringList{m_a}) {
                const QString line = expanded(c.line, device);
                if (line.isEmpty())
                    continue;
                const Run r = run(inNamespace(line, m_netns));
                if (r.exitCode != 0 && !c.allowed.contains(r.exitCode))
                    return Outcome{Verdict::NotJudged, QStringLiteral("set-up failed: %1: %2").arg(line, r.output.trimmed())};
            }
            return std::nullopt;
        };
        for (const Command &c : setup) {
            const QString line = expanded(c.line, m_a);
            if (line.isEmpty())
                continue;
            if (line.startsWith(u"ip ")) {
                if (const auto failure = runOnBoth(c))
                    return *failure;
                continue;
            }
            const Run r = run(inNamespace(line, m_netns));
            if (missingModule(r.output) && r.exitCode != 0 && !c.allowed.contains(r.exitCode))
                return {Verdict::NotRunHere, r.output.trimmed()};
            if (r.exitCode == 0)
                ours.append(expanded(c.line, m_b));
            else if (!c.allowed.contains(r.exitCode))
                return {Verdict::NotJudged, QStringLiteral("set-up refused by tc: %1: %2").arg(line, r.output.trimmed())};
        }
        const QString lineA = expanded(underTest, m_a);
        const Run tc = run(inNamespace(lineA, m_netns));
        if (tc.exitCode != 0 && missingModule(tc.output))
            return {Verdict::NotRunHere, tc.output.trimmed()};
        const bool tcAccepts = tc.exitCode == 0;
        const bool readOnly = isReadCommand(lineA);
        if (!readOnly)
            ours.append(expanded(underTest, m_b));

        // Qdisc Studio on the twin: the lines as one script, then one apply.
        QString ourRefusal;
        bool unsupported = false;
        TcImportOptions options;
        options.devicesStartEmpty = true;
        const TcImportResult imported = TcImporter::import(ours.join(u'\n'), options);
        if (!imported.ok()) {
            ourRefusal = imported.errors.first().toString();
            unsupported = ourRefusal.contains(u"not supported by Qdisc Studio") || ourRefusal.contains(u"unknown") ||
                          ourRefusal.contains(u"Qdisc Studio knows") || ourRefusal.contains(u"Qdisc Studio edits");
        } else {
            const QdiscTree *tree = imported.tree(m_b);
            const QdiscTree desired = tree ? *tree : QdiscTree();
            if (hasErrors(desired.validate())) {
                for (const ValidationIssue &issue : desired.validate()) {
                    if (issue.isError()) {
                        ourRefusal = issue.toString();
                        break;
                    }
                }
            } else {
                QString error;
                auto engine = TcEngine::open(m_netns + u'/' + m_b, &error);
                if (!engine)
                    return {Verdict::NotJudged, error};
                const ApplyResult applied = engine->apply(desired);
                if (!applied.ok)
                    ourRefusal = applied.error;
            }
        }
        const bool weAccept = ourRefusal.isEmpty();
        if (m_verbose)
            out << "    tc: " << (tcAccepts ? QStringLiteral("accepts") : QStringLiteral("refuses: ") + tc.output.trimmed()) << "\n    ours: "
                << (weAccept ? QStringLiteral("accepts") : ourRefusal) << Qt::endl;
        if (!tcAccepts && !weAccept)
            return {Verdict::BothRefuse, {}};
        if (!tcAccepts && weAccept) {
            if (readOnly)
                return {Verdict::BothRefuse, {}};
            return {Verdict::WeAcceptRefused, QStringLiteral("tc: %1").arg(tc.output.trimmed())};
        }
        if (!weAccept)
            return {unsupported ? Verdict::Unsupported : Verdict::Differs, ourRefusal};
        const QString a = readBack(m_netns, m_a, expanded(verify, m_a));
        const QString b = readBack(m_netns, m_b, expanded(verify, m_b));
        if (a == b)
            return {Verdict::Same, {}};
        return {Verdict::Differs, firstDifference(a, b)};
    }

private:
    static QString firstDifference(const QString &a, const QString &b)
    {
        const QStringList la = a.split(u'\n');
        const QStringList lb = b.split(u'\n');
        for (qsizetype i = 0; i < std::max(la.size(), lb.size()); ++i) {
            const QString x = la.value(i);
            const QString y = lb.value(i);
            if (x != y)
                return QStringLiteral("tc: \"%1\" / ours: \"%2\"").arg(x.trimmed(), y.trimmed());
        }
        return {};
    }

    /** New twins for a case; one ip -batch each to remove the last ones (a case may have) and add these. */
    /**
     * A case whose netdevsim device only gives it transmit queues (mq, multiq, mqprio with hw 0:
     * `echo "1 1 4" > /sys/bus/netdevsim/new_device`, then $ETH) runs on veth twins with as many
     * queues, the way extra/ makes its own: the creation line becomes ours and $ETH the twin. Cases
     * about offload need netdevsim itself and stay not judged.
     */
    static void asVethTwins(QList<Command> *setup, QString *underTest, QString *verify)
    {
        static const QRegularExpression creation(QStringLiteral("^echo \"1 1( (\\d+))?\" > /sys/bus/netdevsim/new_device$"));
        qsizetype at = -1;
        int queues = 1;
        for (qsizetype i = 0; i < setup->size(); ++i) {
            if (const auto match = creation.match(setup->at(i).line.trimmed()); match.hasMatch()) {
                at = i;
                queues = match.hasCaptured(2) ? match.captured(2).toInt() : 1;
            }
        }
        if (at < 0)
            return;
        (*setup)[at].line = QStringLiteral("$IP link add dev $DUMMY numtxqueues %1 type dummy").arg(queues);
        const auto rename = [](QString &line) { line.replace(QStringLiteral("$ETH"), QStringLiteral("$DUMMY")); };
        for (Command &c : *setup)
            rename(c.line);
        rename(*underTest);
        rename(*verify);
    }

    /** The transmit queues the case's device is made with ("$IP link add dev $DUMMY numtxqueues 4 type dummy"). */
    static int transmitQueues(const QList<Command> &setup)
    {
        static const QRegularExpression queues(QStringLiteral("^\\$IP link add dev \\$DUMMY .*\\bnumtxqueues (\\d+)"));
        for (const Command &c : setup) {
            if (const auto match = queues.match(c.line.trimmed()); match.hasMatch())
                return match.captured(1).toInt();
        }
        return 1;
    }

    /** Two veths, twins of the case's device: @p queues transmit (and receive) queues each. */
    bool freshDevices(int queues)
    {
        ++m_serial;
        QByteArray removals;
        for (const QString &device : {m_a, m_b}) {
            if (!device.isEmpty())
                removals += QStringLiteral("link del %1\n").arg(device).toUtf8();
        }
        const QStringList ip = {QStringLiteral("ip"), QStringLiteral("-n"), m_netns, QStringLiteral("-force"), QStringLiteral("-batch"),
                                QStringLiteral("-")};
        if (!removals.isEmpty())
            run(ip, removals); // a case may have removed them itself
        m_a = QStringLiteral("tdca%1").arg(m_serial);
        m_b = QStringLiteral("tdcb%1").arg(m_serial);
        QByteArray additions;
        for (const QString &device : {m_a, m_b})
            additions += QStringLiteral("link add %1 numtxqueues %2 numrxqueues %2 type veth peer name %1p numtxqueues %2 numrxqueues %2\n"
                                        "link set %1 up\n")
                             .arg(device)
                             .arg(queues)
                             .toUtf8();
        return run(ip, additions).exitCode == 0;
    }

    bool m_verbose;
    QString m_netns;
    QString m_a;
    QString m_b;
    int m_serial = 0;
};

struct FileResult
{
    QString file;
    QMap<Verdict, int> counts;
    QStringList findings;
    int judged() const
    {
        return counts.value(Verdict::Same) + counts.value(Verdict::BothRefuse) + counts.value(Verdict::Differs) +
               counts.value(Verdict::Unsupported) + counts.value(Verdict::WeAcceptRefused);
    }
    int agree() const { return counts.value(Verdict::Same) + counts.value(Verdict::BothRefuse); }
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList dirs;
    QString only;
    double minAgree = 98.0;
    QString floorFile;
    bool verbose = false;
    int shard = 0;
    int shards = 1;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == u"--cases" && i + 1 < args.size())
            dirs.append(args[++i]);
        else if (args[i] == u"--only" && i + 1 < args.size())
            only = args[++i];
        else if (args[i] == u"--min-agree" && i + 1 < args.size())
            minAgree = args[++i].toDouble();
        else if (args[i] == u"--floor" && i + 1 < args.size())
            floorFile = args[++i];
        else if (args[i] == u"--verbose")
            verbose = true;
        else if (args[i] == u"--shard" && i + 1 < args.size()) {
            // "I/N": this process replays the I-th of N shares of the files (0-based), balanced by case count.
            const QStringList parts = args[++i].split(u'/');
            shard = parts.value(0).toInt();
            shards = parts.value(1).toInt();
            if (parts.size() != 2 || shards < 1 || shard < 0 || shard >= shards) {
                out << "--shard takes I/N with 0 <= I < N" << Qt::endl;
                return 2;
            }
        }
        else {
            out << "usage: tst_tdc_replay [--cases DIR]... [--only FILE[:ID]] [--min-agree PERCENT] [--floor FILE] [--shard I/N] [--verbose]"
                << Qt::endl;
            return 2;
        }
    }
    QJsonObject floors;
    if (!floorFile.isEmpty()) {
        QFile file(floorFile);
        QJsonParseError error;
        if (file.open(QIODevice::ReadOnly))
            floors = QJsonDocument::fromJson(file.readAll(), &error).object();
        if (!file.isOpen() || error.error != QJsonParseError::NoError) {
            out << "cannot read the floor file " << floorFile << Qt::endl;
            return 2;
        }
    }
    if (dirs.isEmpty())
        dirs = {QStringLiteral(QS_TDC_DIR "/cases"), QStringLiteral(QS_TDC_DIR "/extra")};
    if (geteuid() != 0) {
        out << "tst_tdc_replay needs root: it builds its devices in a network namespace of its own" << Qt::endl;
        return 2;
    }
    Replay replay(verbose);
    if (!replay.setUp())
        return 2;
    const QString onlyFile = only.section(u':', 0, 0);
    const QString onlyId = only.section(u':', 1);

    // Every file and its cases first, so that the shards (--shard) can share them out alike.
    struct CaseFile
    {
        QString dir;
        QString name;
        QJsonArray cases;
    };
    QList<CaseFile> caseFiles;
    for (const QString &dir : std::as_const(dirs)) {
        const QStringList files = QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        for (const QString &name : files) {
            if (!onlyFile.isEmpty() && name != onlyFile && name != onlyFile + QStringLiteral(".json"))
                continue;
            QFile file(QDir(dir).filePath(name));
            if (!file.open(QIODevice::ReadOnly)) {
                out << "cannot read " << file.fileName() << Qt::endl;
                return 2;
            }
            caseFiles.append({dir, name, QJsonDocument::fromJson(file.readAll()).array()});
        }
    }
    if (shards > 1) {
        // The largest files first, each to the share with the fewest cases so far: every shard
        // computes the same split from the same files.
        QList<qsizetype> order(caseFiles.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return caseFiles[a].cases.size() > caseFiles[b].cases.size(); });
        QList<qsizetype> load(shards, 0);
        QList<CaseFile> mine;
        QList<bool> taken(caseFiles.size(), false);
        for (const qsizetype i : order) {
            const auto lightest = int(std::min_element(load.begin(), load.end()) - load.begin());
            load[lightest] += caseFiles[i].cases.size();
            taken[i] = lightest == shard;
        }
        for (qsizetype i = 0; i < caseFiles.size(); ++i)
            if (taken[i])
                mine.append(caseFiles[i]);
        out << "shard " << shard << "/" << shards << ": " << mine.size() << " of " << caseFiles.size() << " files, " << load[shard] << " cases" << Qt::endl;
        caseFiles = mine;
    }

    QList<FileResult> results;
    QElapsedTimer timer;
    timer.start();
    for (const CaseFile &caseFile : std::as_const(caseFiles)) {
        {
            const QString &dir = caseFile.dir;
            const QString &name = caseFile.name;
            const QJsonArray &cases = caseFile.cases;
            FileResult result;
            result.file = QFileInfo(dir).fileName() + u'/' + name;
            for (const QJsonValue &value : cases) {
                const QJsonObject testCase = value.toObject();
                const QString id = testCase.value(QStringLiteral("id")).toString();
                if (!onlyId.isEmpty() && id != onlyId)
                    continue;
                if (verbose)
                    out << "  " << name << " " << id << ": " << testCase.value(QStringLiteral("cmdUnderTest")).toString() << Qt::endl;
                const Outcome outcome = replay.replay(testCase);
                ++result.counts[outcome.verdict];
                if (outcome.verdict != Verdict::Same && outcome.verdict != Verdict::BothRefuse &&
                    outcome.verdict != Verdict::NotRunHere)
                    result.findings.append(QStringLiteral("  %1 %2 (%3): %4: %5")
                                               .arg(name, id, testCase.value(QStringLiteral("name")).toString(),
                                                    verdictName(outcome.verdict), outcome.detail.left(300)));
            }
            results.append(result);
        }
    }

    out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10\n")
               .arg(QStringLiteral("file"), -27)
               .arg(QStringLiteral("judged"), 6)
               .arg(QStringLiteral("same"), 5)
               .arg(QStringLiteral("refuse"), 6)
               .arg(QStringLiteral("differ"), 6)
               .arg(QStringLiteral("unsup"), 5)
               .arg(QStringLiteral("accept!"), 7)
               .arg(QStringLiteral("notjdg"), 6)
               .arg(QStringLiteral("notrun"), 6)
               .arg(QStringLiteral("agree"), 6);
    bool ok = true;
    int judgedAll = 0;
    int agreeAll = 0;
    for (const FileResult &r : std::as_const(results)) {
        const int judged = r.judged();
        const double percent = judged ? 100.0 * r.agree() / judged : 100.0;
        const bool onTarget = percent >= minAgree;
        const int floor = floors.value(r.file).toInt(-1);
        const bool fileOk = r.counts.value(Verdict::WeAcceptRefused) == 0 && (onTarget || (floor >= 0 && r.agree() >= floor));
        ok = ok && fileOk;
        judgedAll += judged;
        agreeAll += r.agree();
        out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10%11\n")
                   .arg(r.file, -27)
                   .arg(judged, 6)
                   .arg(r.counts.value(Verdict::Same), 5)
                   .arg(r.counts.value(Verdict::BothRefuse), 6)
                   .arg(r.counts.value(Verdict::Differs), 6)
                   .arg(r.counts.value(Verdict::Unsupported), 5)
                   .arg(r.counts.value(Verdict::WeAcceptRefused), 7)
                   .arg(r.counts.value(Verdict::NotJudged), 6)
                   .arg(r.counts.value(Verdict::NotRunHere), 6)
                   .arg(judged ? QStringLiteral("%1%").arg(percent, 0, 'f', 1) : QStringLiteral("—"), 6)
                   .arg(onTarget && fileOk ? QString()
                        : fileOk      ? QStringLiteral("  below target (floor %1)").arg(floor)
                        : floor >= 0  ? QStringLiteral("  FAILED (floor %1)").arg(floor)
                                      : QStringLiteral("  FAILED"));
    }
    out << QStringLiteral("all: %1 of %2 judged cases agree (%3%), target %4% per file; %5 s\n")
               .arg(agreeAll)
               .arg(judgedAll)
               .arg(judgedAll ? 100.0 * agreeAll / judgedAll : 100.0, 0, 'f', 1)
               .arg(minAgree)
               .arg(timer.elapsed() / 1000.0, 0, 'f', 1);
    for (const FileResult &r : std::as_const(results)) {
        for (const QString &finding : r.findings)
            out << finding << '\n';
    }
    out.flush();
    return ok ? 0 : 1;
}
