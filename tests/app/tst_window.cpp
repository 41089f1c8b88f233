// The window, offscreen, driven with real mouse and key events: pick a target, build trees from
// menus, drag sliders, undo — and check what the kernel holds, in a namespace of the test's own.
// The netem rows run under user-mode Linux (this machine's kernel has no sch_netem).

#include "kinds/allkinds.h"
#include "directbackend.h"
#include "chartpanel.h"
#include "importdialog.h"
#include "kinds/kernelmodules.h"
#include "scenario/scenariostore.h"
#include "targetmapdialog.h"
#include "liveapplier.h"
#include "mainwindow.h"
#include "statspoller.h"
#include "treemodel.h"

#include "../kernel/labnamespace.h"
#include "netlink/pschedclock.h"
#include "stats/monotonicclock.h"
#include "netlink/tcplan.h"
#include "profiles/profilestore.h"
#include "model/treejson.h"
#include "tc/tcexporter.h"

#include <QApplication>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QDir>
#include <QInputDialog>
#include <QLineEdit>
#include <QFileDialog>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QToolBar>
#include <QProcess>
#include <QScopeGuard>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QTreeWidget>
#include <QUndoStack>

using namespace qs;
using namespace qs::test;

namespace {

QString screenshotPath(const QString &name)
{
    QDir().mkpath(QStringLiteral(QS_SCREENSHOT_DIR));
    return QStringLiteral(QS_SCREENSHOT_DIR "/") + name;
}

/** What the kernel holds on @p target, read without the window. */
QdiscTree kernelTree(const QString &target)
{
    QString error;
    auto engine = TcEngine::open(target, &error);
    const auto tree = engine ? engine->read(&error) : std::nullopt;
    if (!tree)
        qFatal("cannot read %s: %s", qPrintable(target), qPrintable(error));
    return *tree;
}

bool kernelHolds(const QString &target, const QdiscTree &tree)
{
    return TcPlanner(PschedClock::system()).plan(kernelTree(target), tree).isEmpty();
}

} // namespace

class TstWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    MainWindow &openWindow()
    {
        m_window = std::make_unique<MainWindow>(std::make_unique<DirectBackend>());
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get()))
            qFatal("the window was not exposed");
        return *m_window;
    }
    QTreeView *treeView() { return m_window->findChild<QTreeView *>(QStringLiteral("tree")); }

    /** Clicks @p target in the targets list, as a user would, and waits for its tree. */
    bool pickTarget(const QString &target)
    {
        auto *list = m_window->findChild<QTreeWidget *>(QStringLiteral("targets"));
        QTreeWidgetItem *found = nullptr;
        if (!QTest::qWaitFor([&] {
                for (QTreeWidgetItemIterator it(list); *it && !found; ++it)
                    if ((*it)->data(0, Qt::UserRole + 1).toString() == target)
                        found = *it;
                if (!found)
                    m_window->backend()->listTargets();
                return found != nullptr;
            }, 5000))
            return false;
        list->scrollToItem(found);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(found).center());
        return QTest::qWaitFor([&] { return m_window->currentTarget() == target; }, 5000);
    }
    void clickRow(const QModelIndex &index)
    {
        treeView()->scrollTo(index);
        QTest::mouseClick(treeView()->viewport(), Qt::LeftButton, {}, treeView()->visualRect(index).center());
    }
    /** Opens @p menu where a user would see it and clicks the action named @p name. */
    bool clickMenuAction(const QString &menuName, const QString &name)
    {
        auto *menu = m_window->findChild<QMenu *>(menuName);
        menu->popup(m_window->mapToGlobal(QPoint(200, 200)));
        if (!QTest::qWaitForWindowExposed(menu))
            return false;
        QAction *action = nullptr;
        for (QAction *a : menu->actions())
            if (a->objectName() == name)
                action = a;
        if (!action) {
            menu->close();
            return false;
        }
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
        return true;
    }
    bool settled()
    {
        return QTest::qWaitFor([&] { return !m_window->applier()->isBusy(); }, 10000);
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup() { m_window.reset(); }

    void emptyWindow()
    {
        MainWindow &window = openWindow();
        QVERIFY(window.findChild<QListWidget *>(QStringLiteral("profiles"))->count() >= 13);
        QTest::qWait(200);
        QVERIFY(window.grab().save(screenshotPath(QStringLiteral("window-empty.png"))));
    }

    void theEditorSaysHowToStart()
    {
        // A plain start points at the demo; an empty tree says how to build one; a full one asks
        // for a selection.
        QVERIFY2(isRoot(), "needs root: it builds a namespace of its own");
        MainWindow &window = openWindow();
        auto *hint = window.findChild<QLabel *>(QStringLiteral("editor.hint"));
        QVERIFY(hint && hint->isVisible());
        QVERIFY2(hint->text().contains(QStringLiteral("Demo lab")), qPrintable(hint->text()));
        auto *demo = window.findChild<QAction *>(QStringLiteral("action.demo"));
        QVERIFY(demo && demo->isEnabled());
        LabNamespace lab(QStringLiteral("qs-window-hint"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        QVERIFY(pickTarget(lab.target(QStringLiteral("va"))));
        QTRY_VERIFY2(hint->text().contains(QStringLiteral("no qdisc of its own")), qPrintable(hint->text()));
        QVERIFY2(hint->text().contains(QStringLiteral("Paste tc commands")) && hint->text().contains(QStringLiteral("Profiles")),
                 qPrintable(hint->text()));
        QVERIFY(hint->isVisible());
        // A tree with nothing selected: the editor asks for a selection.
        QVERIFY(lab.tc({QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root"),
                        QStringLiteral("handle"), QStringLiteral("1:"), QStringLiteral("pfifo")})
                    .ok());
        QTRY_VERIFY_WITH_TIMEOUT(window.treeModel()->rowCount() == 1, 5000);
        treeView()->setCurrentIndex({});
        QTRY_COMPARE(hint->text(), MainWindow::tr("Select a qdisc, class or filter"));
    }

    void presetShowsNetemInTheEditor()
    {
        MainWindow &window = openWindow();
        auto *profiles = window.findChild<QListWidget *>(QStringLiteral("profiles"));
        const auto items = profiles->findItems(QStringLiteral("LTE (4G)"), Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        profiles->scrollToItem(items.first());
        const QRect rect = profiles->visualItemRect(items.first());
        QVERIFY2(profiles->viewport()->rect().contains(rect.center()), "the preset is out of sight");
        QTest::mouseClick(profiles->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseDClick(profiles->viewport(), Qt::LeftButton, {}, rect.center());
        QTRY_VERIFY(window.treeModel()->rowCount() == 1);
        clickRow(window.treeModel()->index(0, 0));
        QVERIFY(window.findChild<QSlider *>(QStringLiteral("param.delay.slider")));
        QVERIFY(window.findChild<QPlainTextEdit *>(QStringLiteral("commands"))->toPlainText().contains(QStringLiteral("netem delay 25ms")));
        QTest::qWait(200);
        QVERIFY(window.grab().save(screenshotPath(QStringLiteral("window-netem.png"))));
    }

    void everyShortcutHasOneAction()
    {
        // A key bound to two actions (the toolbar's and the menu's Redo), or twice to one, is
        // ambiguous to Qt: it logs "Ambiguous shortcut overload" and does nothing.
        MainWindow &window = openWindow();
        QMap<QString, QString> owners;
        for (QAction *action : window.findChildren<QAction *>()) {
            if (action->shortcutContext() == Qt::WidgetShortcut)
                continue;
            for (const QKeySequence &key : action->shortcuts()) {
                const QString name = key.toString();
                QVERIFY2(!owners.contains(name), qPrintable(QStringLiteral("%1 is bound to \"%2\" and \"%3\"").arg(name, owners.value(name), action->text())));
                owners.insert(name, action->text());
            }
        }
        for (const char *key : {"Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Y", "Ctrl+S", "Ctrl+Shift+S", "Ctrl+Shift+V"})
            QVERIFY2(owners.contains(QLatin1String(key)), key);
        QCOMPARE(owners.value(QStringLiteral("Ctrl+Shift+S")), QStringLiteral("Save profile &as…"));
    }

    void exportProposesOneSuffix()
    {
        MainWindow &window = openWindow();
        auto *profiles = window.findChild<QListWidget *>(QStringLiteral("profiles"));
        const auto items = profiles->findItems(QStringLiteral("LTE (4G)"), Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        profiles->scrollToItem(items.first());
        QTest::mouseClick(profiles->viewport(), Qt::LeftButton, {}, profiles->visualItemRect(items.first()).center());
        QString proposed;
        QTimer::singleShot(0, this, [&proposed] {
            QTRY_VERIFY(qobject_cast<QFileDialog *>(QApplication::activeModalWidget()));
            auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            if (auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit")))
                proposed = name->text();
            dialog->reject();
        });
        QTest::mouseClick(window.findChild<QWidget *>(QStringLiteral("profile.export")), Qt::LeftButton);
        QCOMPARE(proposed, QStringLiteral("LTE (4G).json"));
    }

    void targetsPaneFollowsTheKernel()
    {
        // No refresh clicked: a namespace made after the window opened is listed, and the root
        // qdisc column follows the window's change, a Restore original and tc run elsewhere.
        QVERIFY2(isRoot(), "needs root: it builds a namespace of its own");
        MainWindow &window = openWindow();
        LabNamespace lab(QStringLiteral("qs-window-follow"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const QString target = lab.target(QStringLiteral("va"));
        auto *list = window.findChild<QTreeWidget *>(QStringLiteral("targets"));
        const auto rootShown = [&]() -> std::optional<QString> {
            for (QTreeWidgetItemIterator it(list); *it; ++it) {
                if ((*it)->data(0, Qt::UserRole + 1).toString() == target)
                    return (*it)->text(1);
            }
            return std::nullopt;
        };
        QTRY_VERIFY_WITH_TIMEOUT(rootShown().has_value(), 5000);
        const QString before = *rootShown();
        QVERIFY(lab.tc({QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root"),
                        QStringLiteral("handle"), QStringLiteral("1:"), QStringLiteral("pfifo")})
                    .ok());
        QVERIFY(pickTarget(target));
        window.setLive(true);
        clickRow(window.treeModel()->index(0, 0));
        QVERIFY(clickMenuAction(QStringLiteral("kindMenu"), QStringLiteral("kind.bfifo")));
        QVERIFY(settled());
        QTRY_COMPARE_WITH_TIMEOUT(rootShown().value_or(QString()), QStringLiteral("bfifo"), 5000);
        // Restore original: the pfifo from before the window changed it, in the list too.
        QTimer::singleShot(0, this, [] {
            QTRY_VERIFY(qobject_cast<QMessageBox *>(QApplication::activeModalWidget()));
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QTest::mouseClick(box->defaultButton(), Qt::LeftButton); // Restore
        });
        window.findChild<QAction *>(QStringLiteral("action.restore"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(rootShown().value_or(QString()), QStringLiteral("pfifo"), 5000);
        QVERIFY(before != QStringLiteral("pfifo"));
        // tc elsewhere: the window shows what the kernel then holds, the list its root qdisc.
        QVERIFY(lab.tc({QStringLiteral("qdisc"), QStringLiteral("replace"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root"),
                        QStringLiteral("handle"), QStringLiteral("2:"), QStringLiteral("tbf"), QStringLiteral("rate"), QStringLiteral("1mbit"),
                        QStringLiteral("burst"), QStringLiteral("10kb"), QStringLiteral("latency"), QStringLiteral("20ms")})
                    .ok());
        QTRY_VERIFY_WITH_TIMEOUT(window.tree().rootQdisc() && window.tree().rootQdisc()->is<TbfParams>(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(rootShown().value_or(QString()), QStringLiteral("tbf"), 5000);
    }

    void chartsFollowTheEditor()
    {
        // What the charts show is what the editor shows: a filter charts the class it sends to, a
        // delete or a target switch leaves no chart of a node that is gone.
        QVERIFY2(isRoot(), "needs root: it builds namespaces of its own");
        LabNamespace lab(QStringLiteral("qs-window-charts"));
        LabNamespace empty(QStringLiteral("qs-window-charts-empty"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        QVERIFY(empty.ok() && empty.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const QString target = lab.target(QStringLiteral("va"));
        {
            QString error;
            auto engine = TcEngine::open(target, &error);
            QVERIFY2(engine, qPrintable(error));
            QVERIFY(engine->apply(treeOf(QStringLiteral("tc qdisc add dev va root handle 1: htb default 10\n"
                                                        "tc class add dev va parent 1: classid 1:10 htb rate 20mbit\n"
                                                        "tc class add dev va parent 1: classid 1:20 htb rate 5mbit\n"
                                                        "tc filter add dev va parent 1: protocol ip prio 1 u32 match ip dport 5202 0xffff flowid 1:20\n")))
                        .ok);
        }
        MainWindow &window = openWindow();
        QVERIFY(pickTarget(target));
        QTRY_COMPARE(window.tree().filters.size(), 1);
        TreeModel *model = window.treeModel();
        QModelIndex filterRow;
        QModelIndex class20;
        const std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
            for (int row = 0; row < model->rowCount(parent); ++row) {
                const QModelIndex index = model->index(row, 0, parent);
                const auto ref = model->refAt(index);
                if (ref && ref->type == NodeRef::Type::Filter)
                    filterRow = index;
                if (ref && ref->type == NodeRef::Type::Class && ref->id == window.tree().filters.first().classId)
                    class20 = index;
                walk(index);
            }
        };
        walk({});
        QVERIFY(filterRow.isValid() && class20.isValid());
        auto *charts = window.findChild<ChartPanel *>(QStringLiteral("charts"));
        clickRow(filterRow);
        QTRY_COMPARE(charts->nodes(), QList<quint64>{class20.data(TreeModel::StatsKeyRole).toULongLong()});

        // Delete the class shown: the editor moves to another node, and so do the charts.
        clickRow(class20);
        window.findChild<QAction *>(QStringLiteral("action.remove"))->trigger();
        QTRY_COMPARE(window.tree().classes.size(), 1);
        const QModelIndex shown = treeView()->currentIndex().siblingAtColumn(0);
        QVERIFY(shown.isValid());
        QTRY_COMPARE(charts->nodes(), QList<quint64>{shown.data(TreeModel::StatsKeyRole).toULongLong()});

        // Another target, with nothing on it: nothing of the first stays charted.
        QVERIFY(pickTarget(empty.target(QStringLiteral("va"))));
        QTRY_VERIFY(charts->nodes().isEmpty());
    }

    void kernelRefusalReadsWhole()
    {
        // This machine's kernel has no sch_netem: a netem preset is refused with advice that
        // does not fit the status bar. It is named once and can be read whole.
        QVERIFY2(isRoot(), "needs root: it builds a namespace of its own");
        LabNamespace lab(QStringLiteral("qs-window-refusal"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        // The row is listed for this machine's kernel only (tests/app/CMakeLists.txt); one with
        // sch_netem gives no refusal to read, which must show, not pass unseen.
        QVERIFY2(!lab.tc({QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root"), QStringLiteral("netem")}).ok(),
                 "this kernel has sch_netem: the row needs a kernel without it (run it outside user-mode Linux)");
        const QString target = lab.target(QStringLiteral("va"));
        MainWindow &window = openWindow();
        window.setLive(true);
        QVERIFY(pickTarget(target));
        auto *profiles = window.findChild<QListWidget *>(QStringLiteral("profiles"));
        const auto items = profiles->findItems(QStringLiteral("LTE (4G)"), Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        profiles->scrollToItem(items.first());
        QTest::mouseClick(profiles->viewport(), Qt::LeftButton, {}, profiles->visualItemRect(items.first()).center());
        QTest::mouseDClick(profiles->viewport(), Qt::LeftButton, {}, profiles->visualItemRect(items.first()).center());
        QVERIFY(settled());
        auto *error = window.findChild<QLabel *>(QStringLiteral("status.error"));
        QTRY_VERIFY(!error->text().isEmpty());
        QVERIFY2(error->text().startsWith(target + QStringLiteral(": ")), qPrintable(error->text()));
        QVERIFY2(!error->text().startsWith(target + QStringLiteral(": ") + target), qPrintable(error->text()));
        auto *details = window.findChild<QPushButton *>(QStringLiteral("status.errorDetails"));
        QVERIFY(details && details->isVisible());
        QTest::mouseClick(details, Qt::LeftButton);
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = window.findChild<QMessageBox *>(QStringLiteral("status.errorDialog"))) && box->isVisible());
        QCOMPARE(box->text(), error->text());
        QVERIFY2(box->text().contains(QStringLiteral("sch_netem")), qPrintable(box->text()));
        box->close();
    }

    void targetOnTheCommandLine()
    {
        QVERIFY2(isRoot(), "needs root: it builds a namespace of its own");
        LabNamespace lab(QStringLiteral("qs-wtarget"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        QVERIFY(lab.tc({QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root"),
                        QStringLiteral("handle"), QStringLiteral("1:"), QStringLiteral("htb")})
                    .ok());
        QVERIFY(lab.tc({QStringLiteral("class"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("parent"),
                        QStringLiteral("1:"), QStringLiteral("classid"), QStringLiteral("1:10"), QStringLiteral("htb"), QStringLiteral("rate"),
                        QStringLiteral("1mbit")})
                    .ok());
        const QString target = lab.target(QStringLiteral("va"));

        // In process, as main() does it.
        MainWindow &window = openWindow();
        QSignalSpy unknown(&window, &MainWindow::targetUnknown);
        // The read's counters are the first sample: when the tree is shown, the class has a
        // history and no statistics dump has been asked for yet (a big tree's classes are not
        // dumped twice in a row).
        std::optional<std::pair<bool, bool>> firstSample; // a history of class 1:10; dumping
        connect(window.treeModel(), &QAbstractItemModel::modelReset, this, [&] {
            if (!firstSample && window.treeModel()->rowCount() > 0)
                firstSample = {window.poller()->history(nodeStatsKey(true, TcHandle::make(1, 0x10))) != nullptr,
                               window.poller()->isDumping()};
        });
        window.openTargetWhenListed(target);
        QTRY_COMPARE(window.currentTarget(), target);
        QTRY_COMPARE(window.treeModel()->rowCount(), 1);
        QCOMPARE(unknown.count(), 0);
        QVERIFY(firstSample);
        QVERIFY2(firstSample->first, "the tree was shown before the read's counters were recorded");
        QVERIFY(!firstSample->second);
        window.openTargetWhenListed(lab.target(QStringLiteral("nosuch0")));
        QTRY_COMPARE(unknown.count(), 1);
        QVERIFY2(unknown.at(0).at(1).toString().contains(target), qPrintable(unknown.at(0).at(1).toString()));
        QCOMPARE(window.currentTarget(), target);

        // As a process: the window opens on the target; an unknown one is an error.
        const auto start = [](const QStringList &arguments) {
            auto process = std::make_unique<QProcess>();
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), QStringLiteral("unix:path=/nonexistent"));
            process->setProcessEnvironment(env);
            process->start(QStringLiteral(QS_APP_PATH), arguments);
            return process;
        };
        auto shown = start({QStringLiteral("--verbose"), QStringLiteral("--target"), target});
        QVERIFY(shown->waitForStarted());
        QByteArray log;
        QTRY_VERIFY_WITH_TIMEOUT((log += shown->readAllStandardError()).contains(QStringLiteral("showing %1: 1 qdiscs").arg(target).toUtf8()), 15000);
        shown->terminate();
        QVERIFY(shown->waitForFinished(10000));
        QCOMPARE(shown->exitCode(), 0);

        auto wrong = start({QStringLiteral("--target=") + lab.target(QStringLiteral("nosuch0"))});
        QVERIFY(wrong->waitForFinished(15000));
        const QString error = QString::fromUtf8(wrong->readAllStandardError());
        QCOMPARE(wrong->exitCode(), 1);
        QVERIFY2(error.contains(QStringLiteral("no target %1").arg(lab.target(QStringLiteral("nosuch0")))) && error.contains(target), qPrintable(error));

        auto missing = start({QStringLiteral("--target")});
        QVERIFY(missing->waitForFinished(15000));
        QCOMPARE(missing->exitCode(), 2);
        QVERIFY(QString::fromUtf8(missing->readAllStandardError()).contains(QStringLiteral("--target needs a TARGET")));
    }

    void treeFilterKeepsMatchesWithTheirPath()
    {
        QVERIFY2(isRoot(), "needs root: it builds a namespace of its own");
        LabNamespace lab(QStringLiteral("qs-wfilter"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const QStringList tree{QStringLiteral("qdisc add dev va root handle 1: htb"),
                               QStringLiteral("class add dev va parent 1: classid 1:10 htb rate 1mbit"),
                               QStringLiteral("class add dev va parent 1: classid 1:20 htb rate 2mbit"),
                               QStringLiteral("class add dev va parent 1:20 classid 1:21 htb rate 1mbit"),
                               QStringLiteral("class add dev va parent 1: classid 1:30 htb rate 3mbit")};
        for (const QString &line : tree)
            QVERIFY2(lab.tc(line.split(u' ')).ok(), qPrintable(line));
        MainWindow &window = openWindow();
        QVERIFY(pickTarget(lab.target(QStringLiteral("va"))));
        auto *box = window.findChild<QLineEdit *>(QStringLiteral("treeFilter"));
        QVERIFY(box);
        const auto classRow = [&](quint16 minor) { return window.treeModel()->indexOf(NodeRef{NodeRef::Type::Class, TcHandle::make(1, minor), {}, -1}); };
        const auto shown = [&] {
            QStringList rows;
            for (const quint16 minor : {0x10, 0x20, 0x21, 0x30}) {
                const QModelIndex row = classRow(minor);
                if (row.isValid() && !treeView()->isRowHidden(row.row(), row.parent()))
                    rows.append(row.data().toString());
            }
            const QModelIndex root = window.treeModel()->index(0, 0);
            if (!treeView()->isRowHidden(root.row(), root.parent()))
                rows.prepend(root.data().toString());
            return rows.join(QStringLiteral(", "));
        };
        const QString all = shown();
        QCOMPARE(all.count(u','), 4);
        // A handle: the class with the rows above it; a summary's words; nothing; everything again.
        box->setText(QStringLiteral("1:21"));
        QTRY_COMPARE(shown(), QStringLiteral("qdisc 1: htb, class 1:20, class 1:21"));
        box->setText(QStringLiteral("3 MBIT/S"));
        QTRY_COMPARE(shown(), QStringLiteral("qdisc 1: htb, class 1:30"));
        box->setText(QStringLiteral("no such text"));
        QTRY_COMPARE(shown(), QString());
        box->clear();
        QTRY_COMPARE(shown(), all);
        // Dropping now: the classes whose last poll dropped, with their path.
        window.poller()->setPaused(true);
        QTest::qWait(300); // a dump under way when pausing is still recorded
        for (int i = 1; i <= 2; ++i) {
            NodeStats dropping;
            dropping.isClass = true;
            dropping.id = TcHandle::make(1, 0x21);
            dropping.counters.timeNs = monotonicNowNs() + i * 100'000'000;
            dropping.counters.drops = quint64(i) * 10;
            window.poller()->ingest({dropping});
        }
        auto *droppingNow = window.findChild<QAction *>(QStringLiteral("action.droppingNow"));
        QVERIFY(droppingNow);
        droppingNow->setChecked(true);
        QTRY_COMPARE(shown(), QStringLiteral("qdisc 1: htb, class 1:20, class 1:21"));
        droppingNow->setChecked(false);
        QTRY_COMPARE(shown(), all);
        // A tree changed elsewhere is shown anew (a reset, which the view forgets hidden rows
        // on): the filter holds for the new rows too.
        box->setText(QStringLiteral("1:10"));
        QTRY_COMPARE(shown(), QStringLiteral("qdisc 1: htb, class 1:10"));
        QVERIFY(lab.tc(QStringLiteral("class add dev va parent 1: classid 1:40 htb rate 4mbit").split(u' ')).ok());
        QTRY_VERIFY(classRow(0x40).isValid());
        QCOMPARE(shown(), QStringLiteral("qdisc 1: htb, class 1:10"));
        QVERIFY(treeView()->isRowHidden(classRow(0x40).row(), classRow(0x40).parent()));
        box->clear();
        QTRY_COMPARE(shown(), all);
        QVERIFY(!treeView()->isRowHidden(classRow(0x40).row(), classRow(0x40).parent()));
    }

    void buildHtbClassAndFilterByClicking()
    {
        QVERIFY2(isRoot(), "needs root: it builds a namespace of its own");
        LabNamespace lab(QStringLiteral("qs-window"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const QString target = lab.target(QStringLiteral("va"));
        MainWindow &window = openWindow();
        window.setLive(true);
        QVERIFY(pickTarget(target));
        QCOMPARE(window.treeModel()->rowCount(), 0);

        QVERIFY(clickMenuAction(QStringLiteral("addMenu"), QStringLiteral("add.htb")));
        QTRY_COMPARE(window.treeModel()->rowCount(), 1);
        clickRow(window.treeModel()->index(0, 0));
        QVERIFY(clickMenuAction(QStringLiteral("addMenu"), QStringLiteral("add.class")));
        QTRY_COMPARE(window.tree().classes.size(), 1);
        clickRow(window.treeModel()->index(0, 0));
        QVERIFY(clickMenuAction(QStringLiteral("addMenu"), QStringLiteral("add.filter")));
        QTRY_VERIFY2(window.tree().filters.size() == 1, qPrintable(TcExporter::script({window.tree()})));
        QVERIFY(settled());
        const QdiscTree built = window.tree();
        QVERIFY(kernelHolds(target, built));
        QCOMPARE(kernelTree(target).classes.size(), 1);
        QCOMPARE(kernelTree(target).filters.size(), 1);

        // Undo reaches the kernel: the filter goes, then the class.
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(settled());
        QTRY_VERIFY(kernelTree(target).filters.isEmpty());
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(settled());
        QTRY_VERIFY(kernelTree(target).classes.isEmpty());
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::keyClick(&window, Qt::Key_Y, Qt::ControlModifier); // both redo keys
        QVERIFY(settled());
        QTRY_VERIFY(kernelHolds(target, built));

        // Save as a profile, change the tree, load the profile back: the same tree.
        QTimer::singleShot(0, this, [] {
            QTRY_VERIFY(qobject_cast<QInputDialog *>(QApplication::activeModalWidget()));
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            dialog->setTextValue(QStringLiteral("htb by clicks"));
            dialog->accept();
        });
        QTest::mouseClick(window.findChild<QWidget *>(QStringLiteral("profile.saveAs")), Qt::LeftButton);
        QString error;
        const auto saved = ProfileStore().load(QStringLiteral("htb by clicks"), &error);
        QVERIFY2(saved, qPrintable(error));
        window.activateWindow(); // the dialog had the keyboard; shortcuts go to the active window
        QVERIFY(QTest::qWaitForWindowActive(&window));
        clickRow(window.treeModel()->index(0, 0));
        QTest::keyClick(treeView(), Qt::Key_Delete);
        QTRY_VERIFY2(window.treeModel()->rowCount() == 0, qPrintable(TcExporter::script({window.tree()}) + treeView()->currentIndex().data().toString()));
        QVERIFY(settled());
        auto *profiles = window.findChild<QListWidget *>(QStringLiteral("profiles"));
        const auto items = profiles->findItems(QStringLiteral("htb by clicks"), Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        profiles->scrollToItem(items.first());
        QTest::mouseClick(profiles->viewport(), Qt::LeftButton, {}, profiles->visualItemRect(items.first()).center());
        QTest::mouseDClick(profiles->viewport(), Qt::LeftButton, {}, profiles->visualItemRect(items.first()).center());
        QVERIFY(settled());
        QdiscTree loaded = window.tree();
        QdiscTree expected = built;
        loaded.netns.clear();
        loaded.device.clear();
        expected.netns.clear();
        expected.device.clear();
        QVERIFY2(loaded == expected, qPrintable(QString::fromUtf8(TreeJson::toDocument(loaded)) + u'\n' + QString::fromUtf8(TreeJson::toDocument(expected))));
        QVERIFY(kernelHolds(target, built));
        QVERIFY(ProfileStore().remove(QStringLiteral("htb by clicks"), &error));
    }

    void htbTreeWithChartsUnderTraffic()
    {
        // A tree built by someone else (tc, here the engine) is loaded as it is, and its classes
        // are charted while iperf3 sends through them.
        QVERIFY2(isRoot(), "needs root: it builds namespaces of its own");
        TwoHostLab lab(QStringLiteral("qs-wintraffic"));
        QVERIFY(lab.ok);
        const QString target = lab.a.target(QStringLiteral("va"));
        {
            QString error;
            auto engine = TcEngine::open(target, &error);
            QVERIFY2(engine, qPrintable(error));
            QVERIFY(engine->apply(treeOf(QStringLiteral("tc qdisc add dev va root handle 1: htb default 10\n"
                                                        "tc class add dev va parent 1: classid 1:10 htb rate 20mbit\n"
                                                        "tc class add dev va parent 1: classid 1:20 htb rate 5mbit\n"
                                                        "tc filter add dev va parent 1: protocol ip prio 1 u32 match ip dport 5202 0xffff flowid 1:20\n")))
                        .ok);
        }
        MainWindow &window = openWindow();
        QVERIFY(pickTarget(target));
        QTRY_COMPARE(window.tree().classes.size(), 2);

        QProcess servers[2];
        QProcess clients[2];
        const auto stop = qScopeGuard([&] {
            for (QProcess *p : {&clients[0], &clients[1], &servers[0], &servers[1]}) {
                p->kill();
                p->waitForFinished(3000);
            }
        });
        for (int i = 0; i < 2; ++i) {
            const QString port = QString::number(5201 + i);
            servers[i].start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), lab.b.name(), QStringLiteral("iperf3"),
                                                    QStringLiteral("-s"), QStringLiteral("-1"), QStringLiteral("-p"), port});
            QVERIFY(servers[i].waitForStarted());
        }
        QVERIFY(lab.b.waitForListener(5201, 5000) && lab.b.waitForListener(5202, 5000));
        for (int i = 0; i < 2; ++i)
            clients[i].start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), lab.a.name(), QStringLiteral("iperf3"),
                                                    QStringLiteral("-c"), QStringLiteral("198.18.0.2"), QStringLiteral("-p"), QString::number(5201 + i),
                                                    QStringLiteral("-u"), QStringLiteral("-b"), i ? QStringLiteral("8M") : QStringLiteral("30M"),
                                                    QStringLiteral("-l"), QStringLiteral("1400"), QStringLiteral("-t"), QStringLiteral("10")});

        // Both classes selected: their throughput overlaid in one chart.
        const QModelIndex root = window.treeModel()->index(0, 0);
        clickRow(window.treeModel()->index(0, 0, root));
        treeView()->scrollTo(window.treeModel()->index(1, 0, root));
        QTest::mouseClick(treeView()->viewport(), Qt::LeftButton, Qt::ControlModifier, treeView()->visualRect(window.treeModel()->index(1, 0, root)).center());
        QCOMPARE(treeView()->selectionModel()->selectedRows().size(), 2);
        QTest::qWait(6000);
        auto *charts = window.findChild<ChartPanel *>(QStringLiteral("charts"));
        QCOMPARE(charts->nodes().size(), 2);
        const auto points = charts->plottedPoints(ChartMetric::Throughput, charts->nodes().first());
        QVERIFY(points.size() > 20);
        QVERIFY2(std::any_of(points.begin(), points.end(), [](const QPointF &p) { return p.y() > 1e6; }), "no traffic charted");
        QVERIFY(window.grab().save(screenshotPath(QStringLiteral("window-htb-traffic.png"))));
    }

    void keepAndRestoreOriginal()
    {
        QVERIFY2(isRoot(), "needs root: it builds a namespace of its own");
        LabNamespace lab(QStringLiteral("qs-window-keep"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const QString target = lab.target(QStringLiteral("va"));
        const QdiscTree original = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: tbf rate 3mbit burst 32kb latency 50ms\n"));
        {
            QString error;
            auto engine = TcEngine::open(target, &error);
            QVERIFY(engine && engine->apply(original).ok);
        }
        MainWindow &window = openWindow();
        window.setLive(true);
        window.findChild<QAction *>(QStringLiteral("action.askToKeep"))->setChecked(true);
        QVERIFY(pickTarget(target));
        clickRow(window.treeModel()->index(0, 0));
        QVERIFY(clickMenuAction(QStringLiteral("kindMenu"), QStringLiteral("kind.pfifo")));
        QVERIFY(settled());
        QTRY_VERIFY(kernelTree(target).rootQdisc() && kernelTree(target).rootQdisc()->is<PfifoParams>());

        // The countdown shows; Keep confirms the change, so no revert comes.
        auto *keep = window.findChild<QPushButton *>(QStringLiteral("status.keep"));
        QTRY_VERIFY(keep->isVisible());
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("status.revert"))->text().startsWith(QStringLiteral("Reverting in")));
        QTest::mouseClick(keep, Qt::LeftButton);
        QTRY_VERIFY(!keep->isVisible());
        auto *backend = static_cast<DirectBackend *>(window.backend());
        QSignalSpy reverted(backend, &TargetBackend::reverted);

        // Restore original asks first: Cancel leaves the kernel as it is.
        auto *bar = window.findChild<QToolBar *>(QStringLiteral("applyBar"));
        QWidget *restore = bar->widgetForAction(window.findChild<QAction *>(QStringLiteral("action.restore")));
        const auto clickRestoreAndAnswer = [&](const QString &answer) {
            bool asked = false;
            QTimer::singleShot(0, this, [&] {
                QTRY_VERIFY(qobject_cast<QMessageBox *>(QApplication::activeModalWidget()));
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                asked = box->objectName() == u"confirm.restore" && box->informativeText().contains(QStringLiteral("Undo"));
                for (QAbstractButton *b : box->buttons()) {
                    if (b->text() == answer)
                        QTest::mouseClick(b, Qt::LeftButton);
                }
            });
            QTest::mouseClick(restore, Qt::LeftButton);
            return asked;
        };
        QVERIFY(clickRestoreAndAnswer(QMessageBox::tr("Cancel")));
        QTest::qWait(300);
        QVERIFY(kernelTree(target).rootQdisc()->is<PfifoParams>());
        QCOMPARE(reverted.size(), 0);

        // Restore: the tbf from before the window touched the target.
        QVERIFY(clickRestoreAndAnswer(MainWindow::tr("Restore")));
        QTRY_VERIFY(kernelHolds(target, original));
        QTRY_VERIFY(window.tree().rootQdisc() && window.tree().rootQdisc()->is<TbfParams>());
        QCOMPARE(reverted.size(), 1);
        QCOMPARE(reverted.first().value(1).toString(), QStringLiteral("restore"));

        // Undo brings back the tree Restore replaced, in the window and (live) in the kernel.
        auto *history = window.findChild<QUndoStack *>();
        QTRY_COMPARE(history->undoText(), MainWindow::tr("Restore original"));
        window.activateWindow(); // the question had the focus
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QTRY_VERIFY(window.tree().rootQdisc() && window.tree().rootQdisc()->is<PfifoParams>());
        QTRY_VERIFY(kernelTree(target).rootQdisc() && kernelTree(target).rootQdisc()->is<PfifoParams>());
    }

    void kernelMarks()
    {
        // This machine's kernel has no sch_netem (htb built in): the window says so wherever a
        // kind, a preset, a scenario or a pasted line needs it, and starts on a scenario that plays.
        QVERIFY2(KernelModules::system().qdisc(u"netem") == KernelModules::Presence::Absent,
                 "needs a kernel without sch_netem (this machine's); under user-mode Linux netem is there");
        MainWindow &window = openWindow();
        auto *menu = window.findChild<QMenu *>(QStringLiteral("addMenu"));
        menu->popup(window.mapToGlobal(QPoint(200, 200)));
        QVERIFY(QTest::qWaitForWindowExposed(menu));
        QAction *netem = nullptr;
        QAction *htb = nullptr;
        for (QAction *a : menu->actions()) {
            if (a->objectName() == QLatin1StringView("add.netem"))
                netem = a;
            if (a->objectName() == QLatin1StringView("add.htb"))
                htb = a;
        }
        QVERIFY(netem && htb);
        QVERIFY2(netem->text().contains(QStringLiteral("not in this kernel (sudo modprobe sch_netem)")), qPrintable(netem->text()));
        QVERIFY(!netem->icon().isNull());
        QVERIFY2(netem->toolTip().contains(QStringLiteral("sch_netem")), qPrintable(netem->toolTip()));
        QVERIFY(netem->isEnabled()); // a tree may be built here for another machine
        QCOMPARE(htb->text(), QStringLiteral("htb qdisc"));
        QVERIFY(htb->icon().isNull());
        menu->close();
        // Change kind, on a tree built offline: the same mark.
        QVERIFY(clickMenuAction(QStringLiteral("addMenu"), QStringLiteral("add.htb")));
        QTRY_COMPARE(window.treeModel()->rowCount(), 1);
        clickRow(window.treeModel()->index(0, 0));
        auto *kindMenu = window.findChild<QMenu *>(QStringLiteral("kindMenu"));
        kindMenu->popup(window.mapToGlobal(QPoint(200, 200)));
        QVERIFY(QTest::qWaitForWindowExposed(kindMenu));
        QStringList marked;
        for (QAction *a : kindMenu->actions())
            if (!a->icon().isNull())
                marked.append(a->objectName());
        kindMenu->close();
        QVERIFY2(marked.contains(QStringLiteral("kind.netem")) && !marked.contains(QStringLiteral("kind.htb")) &&
                     !marked.contains(QStringLiteral("kind.tbf")),
                 qPrintable(marked.join(u' ')));

        auto *profiles = window.findChild<QListWidget *>(QStringLiteral("profiles"));
        const auto lte = profiles->findItems(QStringLiteral("LTE (4G)"), Qt::MatchExactly);
        QCOMPARE(lte.size(), 1);
        QVERIFY(!lte.first()->icon().isNull());
        QVERIFY2(lte.first()->toolTip().contains(QStringLiteral("sch_netem")), qPrintable(lte.first()->toolTip()));

        auto *chooser = window.findChild<QComboBox *>(QStringLiteral("scenario.chooser"));
        QVERIFY(chooser);
        const int tunnel = chooser->findText(QStringLiteral("Entering a tunnel (built-in)"));
        QVERIFY(tunnel >= 0);
        QVERIFY(!chooser->itemIcon(tunnel).isNull());
        QVERIFY2(chooser->itemData(tunnel, Qt::ToolTipRole).toString().contains(QStringLiteral("sch_netem")),
                 qPrintable(chooser->itemData(tunnel, Qt::ToolTipRole).toString()));
        const int shown = chooser->currentIndex();
        QVERIFY2(shown != tunnel, qPrintable(chooser->currentText()));
        QVERIFY2(chooser->currentText().endsWith(QStringLiteral("(built-in)")), qPrintable(chooser->currentText()));
        QVERIFY2(chooser->itemIcon(shown).isNull(), qPrintable(chooser->currentText()));
        const auto chosen = ScenarioStore::builtins().at(chooser->currentData().toInt());
        ProfileStore store;
        QString error;
        const auto resolved = chosen.resolveReferences(&store, &error);
        QVERIFY2(resolved, qPrintable(error));
        QList<QdiscTree> trees;
        for (const ScenarioStep &step : resolved->steps)
            trees.append(step.tree);
        QVERIFY2(KernelModules::system().missingModules(trees).isEmpty(), qPrintable(chooser->currentText()));

        ImportDialog dialog;
        dialog.setTarget(QStringLiteral("lab/va"));
        dialog.setText(QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms"));
        QVERIFY(dialog.result().ok());
        auto *problems = dialog.findChild<QListWidget *>(QStringLiteral("import.problems"));
        QStringList lines;
        for (int i = 0; i < problems->count(); ++i)
            lines.append(problems->item(i)->text());
        QVERIFY2(lines.filter(QStringLiteral("line 1, column 28: \"netem\": not in this kernel (sudo modprobe sch_netem)")).size() == 1,
                 qPrintable(lines.join(u'\n')));
        const QString destination = dialog.findChild<QLabel *>(QStringLiteral("import.destination"))->text();
        QVERIFY2(destination.contains(QStringLiteral("This kernel lacks netem")), qPrintable(destination));
        QVERIFY2(destination.contains(QStringLiteral("They name eth0; they go onto lab/va, the chosen target.")), qPrintable(destination));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::qWait(200);
        QVERIFY(dialog.grab().save(screenshotPath(QStringLiteral("import-dialog-kernel-marks.png"))));
    }

    void importDialogShowsErrors()
    {
        ImportDialog dialog;
        dialog.setText(QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms 20ms loss 1%\n"
                                      "tc qdisc add dev eth0 parent 1:1 handle 10: tbf rate 1mbit burst\n"
                                      "tc qdisc add dev eth0 root netem dealy 5ms\n"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_VERIFY(!dialog.result().ok());
        QTest::qWait(300);
        QVERIFY(dialog.grab().save(screenshotPath(QStringLiteral("import-dialog-errors.png"))));
    }

    void importDialogReadsAShellScript()
    {
        ImportDialog dialog;
        dialog.setTarget(QStringLiteral("lab/va"));
        dialog.setText(QStringLiteral("#!/bin/sh\n"
                                      "DEV=eth0\n"
                                      "RATE=${RATE:-10mbit}\n"
                                      "case \"$1\" in\n"
                                      "  start)\n"
                                      "    tc qdisc add dev $DEV root handle 1: htb default 10\n"
                                      "    tc class add dev $DEV parent 1: classid 1:10 htb rate $RATE\n"
                                      "    ;;\n"
                                      "  stop) tc qdisc del dev $DEV root ;;\n"
                                      "esac\n"
                                      "ethtool -K $DEV gso off\n"));
        QVERIFY(dialog.result().trees.isEmpty()); // no argument: neither branch
        dialog.setArguments(QStringLiteral("start"));
        dialog.setVariables(QStringLiteral("RATE=20mbit"));
        QVERIFY(dialog.result().ok());
        QCOMPARE(dialog.result().trees.size(), 1);
        QCOMPARE(dialog.findChild<QPlainTextEdit *>(QStringLiteral("import.commands"))->toPlainText(),
                 QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 10\n"
                                "tc class add dev eth0 parent 1: classid 1:10 htb rate 20mbit"));
        auto *problems = dialog.findChild<QListWidget *>(QStringLiteral("import.problems"));
        QStringList lines;
        for (int i = 0; i < problems->count(); ++i)
            lines.append(problems->item(i)->text());
        QVERIFY2(lines.filter(QStringLiteral("not taken: \"start\" matched an earlier pattern")).size() == 1, qPrintable(lines.join(u'\n')));
        QVERIFY2(lines.filter(QStringLiteral("\"ethtool\": not tc, skipped")).size() == 1, qPrintable(lines.join(u'\n')));
        QVERIFY(lines.filter(QStringLiteral("RATE")).size() == 1); // RATE=${RATE:-…} is not made: given
        auto *status = dialog.findChild<QLabel *>(QStringLiteral("import.destination"));
        QVERIFY2(status->text().contains(QStringLiteral("They name eth0; they go onto lab/va, the chosen target.")), qPrintable(status->text()));
        QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("import.ok"))->isEnabled());
        dialog.setVariables(QStringLiteral("RATE"));
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("import.ok"))->isEnabled());
        dialog.setVariables(QStringLiteral("RATE=20mbit"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::qWait(300);
        QVERIFY(dialog.grab().save(screenshotPath(QStringLiteral("import-dialog-script.png"))));
    }

    void pastedScriptsAndMappedTreesReachTheKernel()
    {
        LabNamespace lab(QStringLiteral("qs-window-paste"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const QString target = lab.target(QStringLiteral("va"));
        MainWindow &window = openWindow();
        QVERIFY(pickTarget(target));

        // A script written for eth0, its start branch: onto the chosen target.
        QTimer::singleShot(0, this, [] {
            QTRY_VERIFY(qobject_cast<ImportDialog *>(QApplication::activeModalWidget()));
            auto *dialog = qobject_cast<ImportDialog *>(QApplication::activeModalWidget());
            const auto closeOnFailure = qScopeGuard([dialog] { if (dialog->isVisible()) dialog->reject(); }); // never a modal dialog left open
            dialog->setText(QStringLiteral("DEV=eth0\ncase \"$1\" in start) tc qdisc add dev $DEV root handle 1: tbf rate $((4 * 5))mbit burst 32kb latency 50ms ;; esac\n"));
            dialog->setArguments(QStringLiteral("start"));
            QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("import.ok")), Qt::LeftButton);
        });
        QTest::keyClick(&window, Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(settled());
        QTRY_VERIFY(kernelTree(target).rootQdisc() && kernelTree(target).rootQdisc()->is<TbfParams>());
        QCOMPARE(kernelTree(target).rootQdisc()->params.get<TbfParams>().rateBytesPerSecond, quint64(20'000'000 / 8));

        // The ifb recipe: two trees; the window asks where each goes, and both reach the kernel.
        window.activateWindow(); // the dialog had the keyboard; shortcuts go to the active window
        QVERIFY(QTest::qWaitForWindowActive(&window));
        bool asked = false;
        QTimer::singleShot(0, this, [this, &asked, &lab] {
            QTRY_VERIFY(qobject_cast<ImportDialog *>(QApplication::activeModalWidget()));
            auto *dialog = qobject_cast<ImportDialog *>(QApplication::activeModalWidget());
            const auto closeOnFailure = qScopeGuard([dialog] { if (dialog->isVisible()) dialog->reject(); });
            dialog->setText(QStringLiteral("ip link add ifb0 type ifb\nip link set dev ifb0 up\n"
                                           "tc qdisc add dev eth0 handle ffff: ingress\n"
                                           "tc filter add dev eth0 parent ffff: protocol all u32 match u32 0 0 action mirred egress redirect dev ifb0\n"
                                           "tc qdisc add dev ifb0 root tbf rate 5mbit burst 10kb latency 100ms\n"));
            QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("import.destination"))->text().contains(u"Import asks"));
            QTimer::singleShot(0, this, [&asked, &lab] {
                QTRY_VERIFY(qobject_cast<TargetMapDialog *>(QApplication::activeModalWidget()));
                auto *map = qobject_cast<TargetMapDialog *>(QApplication::activeModalWidget());
                const auto closeOnFailure = qScopeGuard([map] { if (map->isVisible()) map->reject(); });
                // ifb0 beside the chosen target, eth0 onto it.
                QCOMPARE(map->findChild<QComboBox *>(QStringLiteral("map.0"))->currentText(), lab.target(QStringLiteral("ifb0")));
                QCOMPARE(map->findChild<QComboBox *>(QStringLiteral("map.1"))->currentText(), lab.target(QStringLiteral("va")));
                map->findChild<QComboBox *>(QStringLiteral("map.0"))->setCurrentText(lab.target(QStringLiteral("va")));
                QVERIFY(!map->findChild<QPushButton *>(QStringLiteral("map.ok"))->isEnabled()); // va twice
                map->findChild<QComboBox *>(QStringLiteral("map.0"))->setCurrentText(lab.target(QStringLiteral("ifb4")));
                QVERIFY(map->findChild<QPushButton *>(QStringLiteral("map.ok"))->isEnabled());
                asked = true;
                QTest::mouseClick(map->findChild<QPushButton *>(QStringLiteral("map.ok")), Qt::LeftButton);
            });
            QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("import.ok")), Qt::LeftButton);
        });
        QTest::keyClick(&window, Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(asked);
        QVERIFY(settled());
        QTRY_VERIFY(lab.ip({QStringLiteral("link"), QStringLiteral("show"), QStringLiteral("ifb4")}).ok());
        QTRY_COMPARE(lab.tcJson(QStringLiteral("qdisc"), QStringLiteral("ifb4")).array().first()[u"kind"].toString(), QStringLiteral("tbf"));
        QTRY_VERIFY(kernelTree(target).ingressQdisc());
        const QdiscTree held = kernelTree(target);
        QCOMPARE(held.filters.size(), 1);
        QCOMPARE(held.filters.first().actions.at(0).get<MirredParams>().device, QStringLiteral("ifb4")); // the redirect followed its ifb
    }

    void netemDelayDragReachesKernel()
    {
        // Under user-mode Linux (sch_netem): tests/app/CMakeLists.txt runs this row there.
        LabNamespace lab(QStringLiteral("qs-window-netem"));
        QVERIFY(lab.ok() && lab.addVethPair(QStringLiteral("va"), QStringLiteral("vb")));
        const QString target = lab.target(QStringLiteral("va"));
        MainWindow &window = openWindow();
        window.setLive(true);
        QVERIFY(pickTarget(target));
        QVERIFY(clickMenuAction(QStringLiteral("addMenu"), QStringLiteral("add.netem")));
        QTRY_COMPARE(window.treeModel()->rowCount(), 1);
        clickRow(window.treeModel()->index(0, 0));
        QVERIFY(settled());
        const QdiscTree beforeDrag = window.tree();
        QVERIFY(kernelHolds(target, beforeDrag));

        QList<quint64> sentDelays;
        connect(window.applier(), &LiveApplier::sent, this, [&](const QString &, const QdiscTree &tree) {
            sentDelays.append(tree.rootQdisc()->params.get<NetemParams>().delayUs);
        });
        auto *slider = window.findChild<QSlider *>(QStringLiteral("param.delay.slider"));
        QVERIFY(slider);
        // Drag the handle from the left end to the right end, the way a hand does: press, many
        // small moves, release.
        const int y = slider->height() / 2;
        const int left = 2;
        const int right = slider->width() - 3;
        slider->setValue(slider->minimum());
        QTest::mousePress(slider, Qt::LeftButton, {}, QPoint(left, y));
        constexpr int Moves = 120;
        for (int i = 1; i <= Moves; ++i) {
            QMouseEvent move(QEvent::MouseMove, QPointF(left + (right - left) * i / Moves, y), slider->mapToGlobal(QPointF(left + (right - left) * i / Moves, y)),
                             Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(slider, &move);
            QTest::qWait(2);
        }
        QTest::mouseRelease(slider, Qt::LeftButton, {}, QPoint(right, y));
        QVERIFY(settled());
        const quint64 finalDelay = window.tree().rootQdisc()->params.get<NetemParams>().delayUs;
        QVERIFY2(finalDelay >= 1000000, qPrintable(QString::number(finalDelay))); // the right end of 0…10 s
        QVERIFY(kernelHolds(target, window.tree()));
        QStringList sequence;
        for (const quint64 delay : sentDelays)
            sequence.append(QString::number(delay / 1000.0) + QStringLiteral(" ms"));
        qInfo("%d slider positions, %lld requests sent: %s", Moves, qlonglong(sentDelays.size()), qPrintable(sequence.join(QStringLiteral(", "))));
        QVERIFY(!sentDelays.isEmpty());
        QVERIFY(sentDelays.size() < Moves); // coalesced
        QCOMPARE(sentDelays.last(), finalDelay);
        QVERIFY(std::is_sorted(sentDelays.begin(), sentDelays.end()));

        // Undo puts the value from before the drag back into the kernel.
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(settled());
        QCOMPARE(window.tree(), beforeDrag);
        QTRY_VERIFY(kernelHolds(target, beforeDrag));
    }
};

QTEST_MAIN(TstWindow)
#include "tst_window.moc"
