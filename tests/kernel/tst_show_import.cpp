// What tc prints, imported back: every tree of the engine's oracle test (oracletrees.h) is built
// with the real tc in one namespace; what `tc [-s -d] qdisc|class|filter show dev IF` (and
// `filter show … parent ffff:` for the ingress side) prints there is pasted, as a user pastes it,
// into the import (the CLI's and the paste dialog's TcScriptImporter); our engine applies the
// trees it reads to the same devices in a twin namespace, and tc reads both back: identical,
// line by line. Then `qdisc-studio import FILE --show-commands` prints the derived tc lines, and
// those, run by the real tc in a third namespace, build the same again.
//
// One executable, two kernels: the "host" tree here (htb, tbf, pfifo, u32, ingress, mirred), the
// trees with netem, sfq, fq_codel and prio under user-mode Linux (tests/kernel/CMakeLists.txt).
#include "labnamespace.h"
#include "netlink/tcengine.h"
#include "oracletrees.h"
#include "tc/tcscriptimporter.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace qs::test;

namespace {

CommandResult app(const QStringList &arguments)
{
    return runCommand(QStringLiteral(QS_APP_PATH), arguments);
}

/** The views a user pastes: each tc show line, then what it printed. */
QList<QStringList> views(const QString &device, bool ingress, const QStringList &flags)
{
    QList<QStringList> out;
    for (const char *what : {"qdisc", "class", "filter"})
        out.append(flags + QStringList{QLatin1String(what), QStringLiteral("show"), QStringLiteral("dev"), device});
    if (ingress)
        out.append(flags + QStringList{QStringLiteral("filter"), QStringLiteral("show"), QStringLiteral("dev"), device,
                                       QStringLiteral("parent"), QStringLiteral("ffff:")});
    return out;
}

/**
 * tc's read-back of @p device in @p ns as the comparison sees it: what the pasted views showed
 * (-d when they had it: without, tc does not print htb's quantum, say), without statistics.
 * Qdiscs and classes (one line each) are sorted: the kernel lists them in the order of its hash
 * buckets, which depends on the order they were made in, and the import makes them in the order
 * tc printed them, not the script's.
 */
QStringList readBack(const LabNamespace &ns, const QString &device, bool ingress, const QStringList &flags)
{
    QStringList lines;
    for (const QStringList &view : views(device, ingress, flags.contains(QStringLiteral("-d")) ? QStringList{QStringLiteral("-d")} : QStringList())) {
        lines.append(u"$ tc " + view.join(u' '));
        QStringList printed = ns.tc(view).out.split(u'\n');
        if (!view.contains(QStringLiteral("filter")))
            printed.sort();
        lines += printed;
    }
    return lines;
}

} // namespace

class TstShowImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test builds trees in network namespaces of its own and needs root (CI runs as root)");
        QVERIFY2(runCommand(QStringLiteral("tc"), {QStringLiteral("-V")}).ok(), "tc (Debian package iproute2) is missing");
    }

    void shownTreeImportsBackIdentical_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QStringList>("flags");
        // What tc prints without statistics and details, and with both.
        for (const OracleTree &tree : oracleTrees()) {
            QTest::newRow(qPrintable(QLatin1String(tree.tag) + QStringLiteral("/plain"))) << QString::fromLatin1(tree.script) << QStringList();
            QTest::newRow(qPrintable(QLatin1String(tree.tag) + QStringLiteral("/-s-d")))
                << QString::fromLatin1(tree.script) << QStringList{QStringLiteral("-s"), QStringLiteral("-d")};
        }
    }

    void shownTreeImportsBackIdentical()
    {
        QFETCH(QString, script);
        QFETCH(QStringList, flags);
        LabNamespace tcSide(QStringLiteral("qs-show-tc"));
        LabNamespace engineSide(QStringLiteral("qs-show-engine"));
        LabNamespace cliSide(QStringLiteral("qs-show-cli"));
        QVERIFY(tcSide.ok() && engineSide.ok() && cliSide.ok());
        for (const LabNamespace *ns : {&tcSide, &engineSide, &cliSide})
            QVERIFY(ns->addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const bool withIfb = script.contains(QStringLiteral("ifb0"));
        if (withIfb) {
            QVERIFY(engineSide.addIfb(QStringLiteral("ifb0")));
            QVERIFY(cliSide.addIfb(QStringLiteral("ifb0")));
        }
        const bool ingress = script.contains(QStringLiteral("ingress"));

        // The real tc builds the tree.
        const CommandResult built = tcSide.exec({QStringLiteral("bash"), QStringLiteral("-e"), QStringLiteral("-c"), script});
        QVERIFY2(built.ok(), qPrintable(built.err));

        // What a user pastes: each show line and what it printed, for va and the ifb.
        QStringList devices{QStringLiteral("va")};
        if (withIfb)
            devices.prepend(QStringLiteral("ifb0"));
        QString pasted;
        for (const QString &device : std::as_const(devices)) {
            for (const QStringList &view : views(device, ingress && device == u"va", flags)) {
                pasted += QStringLiteral("$ tc ") + view.join(u' ') + u'\n';
                pasted += tcSide.tc(view).out;
            }
        }
        const TcScriptImport imported = TcScriptImporter::import(pasted);
        QVERIFY(imported.show);
        QStringList errors;
        for (const TcScriptError &e : imported.result.errors)
            errors.append(e.toString());
        const bool unreadable = script.contains(QStringLiteral("slot distribution"));
        if (unreadable) {
            // tc prints a slot distribution without its name: what cannot be read is said, at its word.
            QVERIFY2(!errors.isEmpty(), qPrintable(pasted));
            QVERIFY2(imported.result.errors.first().line == 2, qPrintable(errors.join(u'\n')));
            return;
        }
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n') + QStringLiteral("\n--- pasted:\n") + pasted));
        QCOMPARE(imported.result.trees.size(), devices.size());

        // Our engine applies what was read, the ifb's tree first (the redirect names it).
        for (const QString &device : std::as_const(devices)) {
            const QdiscTree *tree = imported.result.tree(device);
            QVERIFY2(tree, qPrintable(device));
            QString error;
            auto engine = TcEngine::open(engineSide.target(device), &error);
            QVERIFY2(engine, qPrintable(error));
            const ApplyResult result = engine->apply(*tree);
            QVERIFY2(result.ok, qPrintable(result.error));
        }

        // The CLI: import --show-commands prints tc lines that build the same tree.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("shown.txt"));
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(pasted.toUtf8());
        }
        const CommandResult cli = app({QStringLiteral("import"), file, QStringLiteral("--show-commands")});
        QVERIFY2(cli.ok(), qPrintable(cli.err));
        int commands = 0;
        for (const QString &line : cli.out.split(u'\n', Qt::SkipEmptyParts)) {
            QString command = line.left(line.indexOf(QStringLiteral("  # ")));
            QVERIFY2(command.startsWith(QStringLiteral("tc ")), qPrintable(line));
            command.replace(0, 3, QStringLiteral("tc -n %1 ").arg(cliSide.name()));
            const CommandResult r = runCommand(QStringLiteral("bash"), {QStringLiteral("-c"), command});
            QVERIFY2(r.ok(), qPrintable(command + QStringLiteral(": ") + r.err));
            ++commands;
        }
        QVERIFY(commands >= 1);

        // tc reads all three back: identical, line by line, as far as the pasted views showed.
        for (const QString &device : std::as_const(devices)) {
            const bool deviceIngress = ingress && device == u"va";
            const QStringList theirs = readBack(tcSide, device, deviceIngress, flags);
            QCOMPARE(readBack(engineSide, device, deviceIngress, flags), theirs);
            QCOMPARE(readBack(cliSide, device, deviceIngress, flags), theirs);
            QVERIFY(theirs.size() > 5); // the comparison compared something
        }
    }
};

QTEST_GUILESS_MAIN(TstShowImport)
#include "tst_show_import.moc"
