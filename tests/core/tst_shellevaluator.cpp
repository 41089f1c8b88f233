// ShellEvaluator and TcScriptImporter: the tc commands a shaping script runs, worked out
// without running anything, with every skipped command, branch not taken and unknown value
// reported at its line and column.
#include "kinds/allkinds.h"
#include "tc/shellevaluator.h"
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"
#include "tc/tcscriptimporter.h"

#include <QFile>
#include <QTest>

using namespace qs;

namespace {

ShellEvaluation evaluate(const QString &script, const QStringList &arguments = {}, const QList<QPair<QString, QString>> &variables = {})
{
    ShellEvaluatorOptions options;
    options.arguments = arguments;
    options.variables = variables;
    return ShellEvaluator::evaluate(script, options);
}

/** The derived commands as lines, the way import --show-commands prints them. */
QStringList lines(const ShellEvaluation &e)
{
    QStringList out;
    for (const TcCommand &c : e.commands)
        out.append(TcScriptImporter::commandLine(c));
    return out;
}

QString messages(const QList<TcScriptError> &list)
{
    QStringList out;
    for (const TcScriptError &e : list)
        out.append(e.toString());
    return out.join(u'\n');
}

bool hasMessage(const QList<TcScriptError> &list, int line, const QString &contains)
{
    return std::any_of(list.begin(), list.end(), [&](const TcScriptError &e) { return e.line == line && e.toString().contains(contains); });
}

QString script(const char *name)
{
    QFile file(QStringLiteral(QS_SCRIPTS_DIR "/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

class TstShellEvaluator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void variablesDefaultsAndArithmetic()
    {
        const ShellEvaluation e = evaluate(QStringLiteral(
            "DEV=eth0\n"
            "export RATE=10\n"
            "DELAY=${DELAY:-80ms}\n"
            ": ${LOSS:=1%}\n"
            "tc qdisc add dev $DEV root handle 1: netem delay ${DELAY} loss \"$LOSS\" rate $((RATE * 2))mbit limit $[RATE+5]\n"));
        QVERIFY2(e.errors.isEmpty(), qPrintable(messages(e.errors)));
        QCOMPARE(lines(e), QStringList{QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 80ms loss 1% rate 20mbit limit 15")});
        // Every word points where it was written: "eth0" at $DEV, line 5 column 18.
        QCOMPARE(e.commands[0].words[4].line, 5);
        QCOMPARE(e.commands[0].words[4].column, 18);
    }

    void quotingEscapesAndFieldSplitting()
    {
        const ShellEvaluation e = evaluate(QStringLiteral(
            "OPTS='delay 10ms  20ms'\n"
            "tc qdisc add dev 'eth0' root netem $OPTS \\\n"
            "   distribution \"nor\"mal\n"
            "Q=\"a b\"; echo \"$Q\"\n"
            "IFS=,; L=x,y; for w in $L; do tc qdisc add dev \"$w\" root netem; done\n"));
        QVERIFY2(e.errors.isEmpty(), qPrintable(messages(e.errors)));
        QCOMPARE(lines(e), (QStringList{QStringLiteral("tc qdisc add dev eth0 root netem delay 10ms 20ms distribution normal"),
                                        QStringLiteral("tc qdisc add dev x root netem"), QStringLiteral("tc qdisc add dev y root netem")}));
    }

    void listsRedirectionsAndTheUsualNoise()
    {
        const ShellEvaluation e = evaluate(QStringLiteral(
            "#!/bin/sh\n"
            "sudo -E tc -n lab qdisc del dev veth1 root 2>/dev/null || true\n"
            "/sbin/tc qdisc add dev eth0 root netem delay 1ms > /dev/null 2>&1 && echo done\n"
            "tc qdisc add dev eth1 root netem delay 2ms >out.log; sudo /usr/sbin/tc qdisc add dev eth2 root netem\n"
            "ip link set dev eth0 mtu 1400\n"
            "iptables -t mangle -A POSTROUTING -j MARK --set-mark 1\n"
            "ethtool -K eth0 gso off\n"
            "modprobe sch_netem\n"));
        QVERIFY2(e.errors.isEmpty(), qPrintable(messages(e.errors)));
        QCOMPARE(lines(e), (QStringList{QStringLiteral("tc -n lab qdisc del dev veth1 root"),
                                        QStringLiteral("/sbin/tc qdisc add dev eth0 root netem delay 1ms"),
                                        QStringLiteral("tc qdisc add dev eth1 root netem delay 2ms"),
                                        QStringLiteral("/usr/sbin/tc qdisc add dev eth2 root netem")}));
        for (const auto &[line, command] : {std::pair{5, "\"ip\""}, {6, "\"iptables\""}, {7, "\"ethtool\""}, {8, "\"modprobe\""}})
            QVERIFY2(hasMessage(e.notes, line, QStringLiteral("%1: not tc, skipped").arg(QLatin1String(command))), qPrintable(messages(e.notes)));
    }

    void ifAndCaseOnTheArguments()
    {
        const QString text = QStringLiteral(
            "if [ \"$1\" = \"status\" ]\n"
            "then\n"
            "  tc -s qdisc ls dev eth0\n"
            "  exit\n"
            "elif [ \"$1\" = stop ]; then\n"
            "  tc qdisc del dev eth0 root\n"
            "else\n"
            "  case \"$2\" in\n"
            "    slow|worse) tc qdisc add dev eth0 root netem delay 500ms ;;\n"
            "    *) tc qdisc add dev eth0 root netem delay 5ms ;;\n"
            "  esac\n"
            "fi\n");
        const ShellEvaluation none = evaluate(text);
        QCOMPARE(lines(none), QStringList{QStringLiteral("tc qdisc add dev eth0 root netem delay 5ms")});
        QVERIFY2(hasMessage(none.notes, 1, QStringLiteral("not taken: [ \"$1\" = \"status\" ] is false")), qPrintable(messages(none.notes)));
        QVERIFY(hasMessage(none.notes, 5, QStringLiteral("not taken: [ \"$1\" = stop ] is false")));
        QVERIFY(hasMessage(none.notes, 9, QStringLiteral("\"\" does not match slow|worse")));

        const ShellEvaluation slow = evaluate(text, {QStringLiteral("start"), QStringLiteral("worse")});
        QCOMPARE(lines(slow), QStringList{QStringLiteral("tc qdisc add dev eth0 root netem delay 500ms")});
        QVERIFY(hasMessage(slow.notes, 10, QStringLiteral("matched an earlier pattern")));

        const ShellEvaluation status = evaluate(text, {QStringLiteral("status")});
        QCOMPARE(lines(status), QStringList{QStringLiteral("tc -s qdisc ls dev eth0")});
        QVERIFY(hasMessage(status.notes, 4, QStringLiteral("the script ends here")));
        QVERIFY(hasMessage(status.notes, 7, QStringLiteral("not taken: else")));
    }

    void functionsLoopsAndLocals()
    {
        const ShellEvaluation e = evaluate(QStringLiteral(
            "TC=\"sudo tc\"\n"
            "shape() {\n"
            "    local dev=$1 rate=${2:-1mbit}\n"
            "    $TC qdisc add dev $dev root tbf rate $rate burst 32kb latency 50ms\n"
            "    return 0\n"
            "}\n"
            "dev=outer\n"
            "for d in eth0 eth1; do shape $d; done\n"
            "shape eth2 5mbit\n"
            "i=0\n"
            "while [ $i -lt 2 ]; do tc qdisc add dev veth$i root pfifo; i=$((i+1)); done\n"
            "for ((n = 0; n < 2; n++)); do tc qdisc add dev v$n root bfifo; done\n"
            "tc qdisc add dev $dev root pfifo\n"));
        QVERIFY2(e.errors.isEmpty(), qPrintable(messages(e.errors)));
        QCOMPARE(lines(e), (QStringList{QStringLiteral("tc qdisc add dev eth0 root tbf rate 1mbit burst 32kb latency 50ms"),
                                        QStringLiteral("tc qdisc add dev eth1 root tbf rate 1mbit burst 32kb latency 50ms"),
                                        QStringLiteral("tc qdisc add dev eth2 root tbf rate 5mbit burst 32kb latency 50ms"),
                                        QStringLiteral("tc qdisc add dev veth0 root pfifo"), QStringLiteral("tc qdisc add dev veth1 root pfifo"),
                                        QStringLiteral("tc qdisc add dev v0 root bfifo"), QStringLiteral("tc qdisc add dev v1 root bfifo"),
                                        QStringLiteral("tc qdisc add dev outer root pfifo")}));
        // Inside the function, the words point into its body.
        QCOMPARE(e.commands[0].words[4].line, 4);
    }

    void testOnStringsAndNumbers_data()
    {
        QTest::addColumn<QString>("condition");
        QTest::addColumn<bool>("holds");
        QTest::newRow("=") << QStringLiteral("[ abc = abc ]") << true;
        QTest::newRow("!=") << QStringLiteral("test a != a") << false;
        QTest::newRow("-z empty") << QStringLiteral("[ -z \"$UNSET\" ]") << true;
        QTest::newRow("-n") << QStringLiteral("[ -n \"x\" ]") << true;
        QTest::newRow("-eq") << QStringLiteral("[ 10 -eq 010 ]") << false; // test reads decimal
        QTest::newRow("-lt") << QStringLiteral("[ 2 -lt 10 ]") << true;
        QTest::newRow("-ge") << QStringLiteral("[ \"$N\" -ge 3 ]") << true;
        QTest::newRow("!") << QStringLiteral("[ ! -n \"\" ]") << true;
        QTest::newRow("-a -o") << QStringLiteral("[ a = b -o 1 -eq 1 -a x ]") << true;
        QTest::newRow("parentheses") << QStringLiteral("[ \\( a = a \\) -a ! b = c ]") << true;
        QTest::newRow("one argument") << QStringLiteral("[ \"$UNSET\" ]") << false;
        QTest::newRow("[[ pattern ]]") << QStringLiteral("[[ eth0 == eth* && ! -z $N ]]") << true;
        QTest::newRow("[[ quoted pattern ]]") << QStringLiteral("[[ eth0 == \"eth*\" ]]") << false;
        QTest::newRow("[[ arithmetic ]]") << QStringLiteral("[[ N+1 -eq 6 ]]") << true;
        QTest::newRow("[[ regex ]]") << QStringLiteral("[[ 10mbit =~ ^[0-9]+mbit$ ]]") << true;
        QTest::newRow("(( ))") << QStringLiteral("(( N > 4 ))") << true;
        QTest::newRow("true") << QStringLiteral("true") << true;
        QTest::newRow("! false") << QStringLiteral("! false") << true;
    }

    void testOnStringsAndNumbers()
    {
        QFETCH(QString, condition);
        QFETCH(bool, holds);
        const ShellEvaluation e = evaluate(QStringLiteral("N=5\nif %1; then tc qdisc add dev yes root pfifo; else tc qdisc add dev no root pfifo; fi\n").arg(condition));
        QVERIFY2(e.errors.isEmpty(), qPrintable(messages(e.errors)));
        QCOMPARE(lines(e), QStringList{QStringLiteral("tc qdisc add dev %1 root pfifo").arg(holds ? QStringLiteral("yes") : QStringLiteral("no"))});
    }

    void batchFromAHereDocument()
    {
        const ShellEvaluation e = evaluate(QStringLiteral(
            "TC=/sbin/tc\n"
            "DEV=eth0\n"
            "${TC} -force -batch - <<EOF\n"
            "qdisc del dev $DEV root\n"
            "qdisc add dev $DEV root handle 1: htb default 10 # the root\n"
            "class add dev $DEV parent 1: classid 1:10 \\\n"
            "   htb rate 5mbit\n"
            "EOF\n"
            "printf 'qdisc add dev %s root pfifo\\n' lan0 lan1 | tc -n lab -b -\n"
            "tc -batch /etc/tc.rules\n"));
        QCOMPARE(lines(e), (QStringList{QStringLiteral("/sbin/tc -force qdisc del dev eth0 root"),
                                        QStringLiteral("/sbin/tc -force qdisc add dev eth0 root handle 1: htb default 10"),
                                        QStringLiteral("/sbin/tc -force class add dev eth0 parent 1: classid 1:10 htb rate 5mbit"),
                                        QStringLiteral("tc -n lab qdisc add dev lan0 root pfifo"), QStringLiteral("tc -n lab qdisc add dev lan1 root pfifo")}));
        // The batch's words point into the here-document: "1:10" on line 6.
        QCOMPARE(e.commands[2].words[9].text, QStringLiteral("1:10"));
        QCOMPARE(e.commands[2].words[9].line, 6);
        QCOMPARE(e.commands[2].words[9].column, 38);
        // A batch file given by name is not read.
        QCOMPARE(e.errors.size(), 1);
        QCOMPARE(e.errors[0].line, 10);
        QVERIFY(e.warnings.isEmpty()); // -force: a failing delete does not stop the batch
        const ShellEvaluation unforced = evaluate(QStringLiteral("tc -batch - <<E\nqdisc del dev eth0 root\nqdisc add dev eth0 root pfifo\nE\n"));
        QVERIFY2(hasMessage(unforced.warnings, 2, QStringLiteral("without -force")), qPrintable(messages(unforced.warnings)));
    }

    void whileReadOverAHereDocumentAndIpNetnsExec()
    {
        const ShellEvaluation e = evaluate(QStringLiteral(
            "while read dev rate; do\n"
            "  ip netns exec lab tc qdisc add dev \"$dev\" root tbf rate \"$rate\" burst 10kb latency 10ms\n"
            "done <<EOF\n"
            "va 10mbit\n"
            "vb   20mbit\n"
            "EOF\n"));
        QVERIFY2(e.errors.isEmpty(), qPrintable(messages(e.errors)));
        QCOMPARE(lines(e), (QStringList{QStringLiteral("tc -n lab qdisc add dev va root tbf rate 10mbit burst 10kb latency 10ms"),
                                        QStringLiteral("tc -n lab qdisc add dev vb root tbf rate 20mbit burst 10kb latency 10ms")}));
    }

    void evalShellDashCAndWhich()
    {
        const ShellEvaluation e = evaluate(QStringLiteral(
            "TC=$(which tc)\n"
            "CMD=\"$TC qdisc add dev eth0 root\"\n"
            "eval \"$CMD pfifo\"\n"
            "sudo sh -c \"tc qdisc add dev eth1 root bfifo\"\n"
            "NAME=$(basename /usr/sbin/tc)\n"
            "for n in $(seq 1 3); do $NAME qdisc add dev v$n root pfifo; done\n"));
        QVERIFY2(e.errors.isEmpty(), qPrintable(messages(e.errors)));
        QCOMPARE(lines(e), (QStringList{QStringLiteral("tc qdisc add dev eth0 root pfifo"), QStringLiteral("tc qdisc add dev eth1 root bfifo"),
                                        QStringLiteral("tc qdisc add dev v1 root pfifo"), QStringLiteral("tc qdisc add dev v2 root pfifo"),
                                        QStringLiteral("tc qdisc add dev v3 root pfifo")}));
    }

    void whatCannotBeKnownIsAnErrorOnlyWhereTcDependsOnIt()
    {
        const ShellEvaluation e = evaluate(QStringLiteral(
            "WAN=$(ip route | awk '/default/ {print $5}')\n"
            "tc qdisc add dev \"$WAN\" root netem delay 10ms\n"
            "UNUSED=$(cat /etc/hostname)\n"
            "if lsmod | grep -q ifb; then modprobe ifb; fi\n"
            "if ping -c1 gw; then tc qdisc add dev eth0 root pfifo; fi\n"
            "tc qdisc add dev eth1 root pfifo\n"));
        QCOMPARE(lines(e), QStringList{QStringLiteral("tc qdisc add dev eth1 root pfifo")});
        QCOMPARE(e.errors.size(), 2);
        QCOMPARE(e.errors[0].line, 2);
        QCOMPARE(e.errors[0].column, 18);
        QCOMPARE(e.errors[0].word, QStringLiteral("\"$WAN\""));
        QVERIFY2(e.errors[0].message.contains(QStringLiteral("`awk` is not run here")), qPrintable(e.errors[0].message));
        QCOMPARE(e.errors[1].line, 5);
        QVERIFY2(e.errors[1].message.contains(QStringLiteral("the tc command at line 5 depends on it")), qPrintable(e.errors[1].message));
        QVERIFY2(hasMessage(e.notes, 4, QStringLiteral("no tc command depends on it")), qPrintable(messages(e.notes)));
        QVERIFY(hasMessage(e.notes, 3, QStringLiteral("\"cat\": not tc, skipped")));
    }

    void guardsThatExitAreReadAsGoingOn()
    {
        const ShellEvaluation e = evaluate(QStringLiteral(
            "[ -x /sbin/tc ] || exit 0\n"
            "if [ \"$(id -u)\" -ne 0 ]; then echo 'run me as root' >&2; exit 1; fi\n"
            "tc qdisc add dev eth0 root pfifo\n"));
        QVERIFY2(e.errors.isEmpty(), qPrintable(messages(e.errors)));
        QCOMPARE(lines(e), QStringList{QStringLiteral("tc qdisc add dev eth0 root pfifo")});
        QVERIFY2(hasMessage(e.notes, 1, QStringLiteral("file tests are not run here")), qPrintable(messages(e.notes)));
        QVERIFY(hasMessage(e.notes, 1, QStringLiteral("goes on past the exit")));
        QVERIFY(hasMessage(e.notes, 2, QStringLiteral("goes on past the exit")));
    }

    void setEAndDeletes()
    {
        const ShellEvaluation e = evaluate(QStringLiteral("set -e\ntc qdisc del dev eth0 root\ntc qdisc del dev eth1 root || true\nfalse\ntc qdisc add dev eth0 root pfifo\n"));
        QCOMPARE(lines(e), (QStringList{QStringLiteral("tc qdisc del dev eth0 root"), QStringLiteral("tc qdisc del dev eth1 root")}));
        QCOMPARE(e.warnings.size(), 1);
        QCOMPARE(e.warnings[0].line, 2);
        QVERIFY(hasMessage(e.notes, 4, QStringLiteral("set -e: the script stops here")));
    }

    void givenVariablesWinOverTheScriptsOwn()
    {
        const ShellEvaluation e = evaluate(QStringLiteral("DEV=eth0\nRATE=${RATE:-1mbit}\ntc qdisc add dev $DEV root tbf rate $RATE burst 5kb latency 1ms\n"),
                                           {}, {{QStringLiteral("DEV"), QStringLiteral("eth1")}, {QStringLiteral("RATE"), QStringLiteral("7mbit")}});
        QCOMPARE(lines(e), QStringList{QStringLiteral("tc qdisc add dev eth1 root tbf rate 7mbit burst 5kb latency 1ms")});
        QVERIFY2(hasMessage(e.notes, 1, QStringLiteral("given as DEV=eth1")), qPrintable(messages(e.notes)));
    }

    void loopsWithoutABoundAreReported()
    {
        const ShellEvaluation withTc = evaluate(QStringLiteral("while true; do\n  tc qdisc change dev eth0 root netem delay 10ms\n  sleep 1\ndone\n"));
        QVERIFY2(hasMessage(withTc.errors, 1, QStringLiteral("does not end within")), qPrintable(messages(withTc.errors)));
        const ShellEvaluation idle = evaluate(QStringLiteral("tc qdisc add dev eth0 root pfifo\nwhile :; do sleep 60; done\n"));
        QVERIFY(idle.errors.isEmpty());
        QVERIFY(hasMessage(idle.notes, 2, QStringLiteral("does not end within")));
        // Unbounded recursion and runaway values end with an error, promptly.
        for (const QString &text : {QStringLiteral("f() { f; }; f"), QStringLiteral("A=x; while :; do A=$A$A; done"),
                                    QStringLiteral("X='eval \"$X\"'; eval \"$X\""), QStringLiteral("f() { f & f; }; f"),
                                    QStringLiteral("for i in $(seq 1 10000); do for j in $(seq 1 10000); do :; done; done")}) {
            QElapsedTimer timer;
            timer.start();
            const ShellEvaluation e = evaluate(text);
            QVERIFY2(!e.errors.isEmpty(), qPrintable(text));
            QVERIFY2(timer.elapsed() < 20000, qPrintable(text));
        }
    }

    void syntaxErrorsArePositioned()
    {
        const ShellEvaluation e = evaluate(QStringLiteral("tc qdisc add dev eth0 root pfifo\nif true; then\n  tc qdisc add dev eth1 root pfifo\n"));
        QCOMPARE(lines(e), QStringList{QStringLiteral("tc qdisc add dev eth0 root pfifo")});
        QCOMPARE(e.errors.size(), 1);
        QCOMPARE(e.errors[0].line, 2);
        QCOMPARE(e.errors[0].column, 1);
        QVERIFY(e.errors[0].message.contains(QStringLiteral("\"fi\" is missing")));
    }

    void unsetTcVariableIsNamed()
    {
        const ShellEvaluation e = evaluate(QStringLiteral("$TC qdisc add dev eth0 root pfifo\n"));
        QCOMPARE(e.errors.size(), 1);
        QVERIFY(e.errors[0].message.contains(QStringLiteral("TC=tc")));
    }

    void wondershaperImportsWithItsBranchesNotTaken()
    {
        const QString text = script("wondershaper.sh");
        QVERIFY(!text.isEmpty());
        const TcScriptImport imported = TcScriptImporter::import(text);
        // Every line reads, the ingress policer too.
        QVERIFY2(imported.result.errors.isEmpty(), qPrintable(imported.result.errors.isEmpty() ? QString() : imported.result.errors.first().toString()));
        QVERIFY(hasMessage(imported.notes, 16, QStringLiteral("not taken: [ \"$1\" = \"status\" ] is false")));
        QVERIFY(hasMessage(imported.notes, 27, QStringLiteral("not taken: [ \"$1\" = \"stop\" ] is false")));
        const QdiscTree *tree = imported.result.tree(u"eth0");
        QVERIFY(tree);
        QCOMPARE(tree->qdiscs.size(), 5); // htb, three sfq, ingress
        QCOMPARE(tree->classes.size(), 4);
        QCOMPARE(tree->filters.size(), 5); // four egress, the ingress policer
        QCOMPARE(tree->findClass(*TcHandle::parseClassId(u"1:20"))->params.get<HtbClassParams>().rateBytesPerSecond, quint64(900000 / 8));
        const auto policer = std::find_if(tree->filters.begin(), tree->filters.end(), [](const Filter &f) { return f.prio == 50; });
        QVERIFY(policer != tree->filters.end());
        QVERIFY(policer->police);
        const auto &police = policer->police->get<PoliceParams>();
        QCOMPARE(police.rateBytesPerSecond, quint64(1000000 / 8));
        QCOMPARE(police.burstBytes, 10240u);
        QCOMPARE(police.exceed, 2); // TC_ACT_SHOT: drop
        // The catch-all "match ip dst 0.0.0.0/0" keeps its key at offset 16, as tc sends it.
        const auto catchAll = std::find_if(tree->filters.begin(), tree->filters.end(), [](const Filter &f) { return f.prio == 18; });
        QVERIFY(catchAll != tree->filters.end());
        const auto keys = catchAll->params.get<U32Params>().keys();
        QVERIFY(keys);
        QCOMPARE(keys->size(), 1);
        QCOMPARE(keys->first().offset, 16);
    }

    void functionScriptImportsWithStart()
    {
        const QString text = script("shape-lan.sh");
        ShellEvaluatorOptions options;
        options.arguments = {QStringLiteral("start")};
        const TcScriptImport imported = TcScriptImporter::import(text, options);
        QVERIFY2(imported.ok(), qPrintable(messages(imported.result.errors)));
        QCOMPARE(imported.result.trees.size(), 2);
        for (const QdiscTree &tree : imported.result.trees) {
            QCOMPARE(tree.qdiscs.size(), 3);
            QCOMPARE(tree.classes.size(), 3);
            QCOMPARE(tree.filters.size(), 3);
        }
        options.arguments.clear();
        options.variables = {{QStringLiteral("IFACES"), QStringLiteral("wan0")}};
        QVERIFY(TcScriptImporter::import(text, options).result.trees.isEmpty()); // usage: nothing
        options.arguments = {QStringLiteral("start")};
        QCOMPARE(TcScriptImporter::import(text, options).result.trees.first().device, QStringLiteral("wan0"));
    }

    void batchFileImports()
    {
        const TcScriptImport imported = TcScriptImporter::import(script("shaping.batch"));
        QVERIFY(imported.batch);
        QVERIFY2(imported.ok(), qPrintable(messages(imported.result.errors)));
        QCOMPARE(imported.commands.size(), 9);
        QCOMPARE(imported.commands[4].words.first().line, 7);
        QCOMPARE(imported.commands[4].words.last().line, 8); // the continued line
        const QdiscTree *tree = imported.result.tree(u"eth0");
        QVERIFY(tree);
        QCOMPARE(tree->filters.size(), 2);
    }

    void plainTcScriptsImportAsBefore_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("netem") << QStringLiteral("tc qdisc add dev eth1 root netem delay 80ms 20ms loss 1%\n");
        QTest::newRow("noise") << QStringLiteral("#!/bin/sh\n# lab set-up\n\nsudo -E tc -n lab qdisc del dev veth1 root 2>/dev/null || true\n"
                                                 "sudo tc -netns lab qdisc add dev veth1 root \\\n    netem delay 20ms \\\n    loss 0.5%   # the lossy bit\n"
                                                 "tc qdisc add dev eth0 root netem delay 1ms; tc qdisc change dev eth0 root netem delay 2ms\n");
        QTest::newRow("ifb recipe") << QStringLiteral("modprobe ifb numifbs=1\nip link add ifb0 type ifb\nip link set dev ifb0 up\n"
                                                      "tc qdisc add dev eth0 handle ffff: ingress\n"
                                                      "tc filter add dev eth0 parent ffff: protocol ip u32 match u32 0 0 action mirred egress redirect dev ifb0\n"
                                                      "tc qdisc add dev ifb0 root netem delay 50ms\n");
        QTest::newRow("htb") << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 30\n"
                                               "tc class add dev eth0 parent 1: classid 1:1 htb rate 100mbit\n"
                                               "tc class add dev eth0 parent 1:1 classid 1:30 htb rate 1mbit && tc qdisc add dev eth0 parent 1:30 handle 30: sfq\n"
                                               "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dst 10.0.0.0/8 flowid 1:30\n");
        QTest::newRow("abbreviations") << QStringLiteral("tc qd a dev eth0 root netem del 5ms\n");
    }

    void plainTcScriptsImportAsBefore()
    {
        QFETCH(QString, text);
        const TcImportResult before = TcImporter::import(text);
        QVERIFY2(before.ok(), qPrintable(messages(before.errors)));
        const TcScriptImport now = TcScriptImporter::import(text);
        QVERIFY2(now.ok(), qPrintable(messages(now.result.errors)));
        QCOMPARE(now.result.trees, before.trees);
        // And what the exporter writes reads back the same way.
        QCOMPARE(TcScriptImporter::import(TcExporter::script(before.trees)).result.trees, before.trees);
    }

    void importerErrorsPointIntoTheScript()
    {
        const TcScriptImport imported = TcScriptImporter::import(QStringLiteral("D=10xs\ntc qdisc add dev eth0 root netem delay $D\n"));
        QCOMPARE(imported.result.errors.size(), 1);
        QCOMPARE(imported.result.errors[0].line, 2);
        QCOMPARE(imported.result.errors[0].column, 40);
        QCOMPARE(imported.result.errors[0].word, QStringLiteral("10xs"));
    }

    void commandLinesQuoteWhatTheShellWould()
    {
        TcCommand command;
        for (const char *w : {"tc", "filter", "add", "a b", "it's", "$x", "1:10"})
            command.words.append(TcWord{QString::fromUtf8(w), 1, 1});
        QCOMPARE(TcScriptImporter::commandLine(command), QStringLiteral("tc filter add 'a b' 'it'\\''s' '$x' 1:10"));
        QPair<QString, QString> assignment;
        QVERIFY(TcScriptImporter::parseAssignment(QStringLiteral("DEV=eth1"), &assignment));
        QCOMPARE(assignment.second, QStringLiteral("eth1"));
        QVERIFY(TcScriptImporter::parseAssignment(QStringLiteral("E="), &assignment));
        QVERIFY(!TcScriptImporter::parseAssignment(QStringLiteral("1X=a"), &assignment));
        QVERIFY(!TcScriptImporter::parseAssignment(QStringLiteral("DEV"), &assignment));
    }
};

QTEST_GUILESS_MAIN(TstShellEvaluator)
#include "tst_shellevaluator.moc"
