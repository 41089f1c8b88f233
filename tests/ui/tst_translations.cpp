// Every text the window shows goes through tr(): with a pseudo-translator installed before any
// widget exists, each translated text comes back as ⟦source⟧. The window (with a small fake
// backend: this test is about text, not the kernel), the node editor's forms, the import dialog,
// the charts and the dialogs they open are built and driven, and a walk over their widgets finds
// no text without the marks — except data named on a short allow-list.

#include "kinds/allkinds.h"
#include "chartmetric.h"
#include "chartpanel.h"
#include "demo/demosession.h"
#include "demo/labpresets.h"
#include "demo/measuredpanel.h"
#include "importdialog.h"
#include "liveapplier.h"
#include "mainwindow.h"
#include "nodeeditor.h"
#include "parameterrow.h"
#include "synthetichistories.h"
#include "targetbackend.h"
#include "timewindow.h"
#include "treemodel.h"

#include "tc/tcimporter.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDialog>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>
#include <QTextEdit>
#include <QMessageBox>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTranslator>
#include <QTreeView>
#include <QUndoStack>
#include <QValueAxis>

#include <functional>
#include <memory>

using namespace qs;
using namespace qs::test;

namespace {

const QString Open = QStringLiteral("⟦");
const QString Close = QStringLiteral("⟧");

/** Translates every text into itself between ⟦ ⟧, Qt's own texts included. */
class PseudoTranslator : public QTranslator
{
public:
    using QTranslator::QTranslator;
    bool isEmpty() const override { return false; }
    QString translate(const char *, const char *source, const char *, int) const override
    {
        if (!source || !*source)
            return {};
        return Open + QString::fromUtf8(source) + Close;
    }
};

bool isMarked(const QString &text)
{
    const QString trimmed = text.trimmed();
    return trimmed.startsWith(Open) && trimmed.endsWith(Close);
}

/**
 * Texts that are data, not words of the program: allowed without the marks, but only on the
 * objects named here (a regular expression over the whole objectName) and only when the text
 * has the data's shape (a regular expression over the whole text).
 */
struct Allowance
{
    QString objectName;
    QString text;
    const char *reason;
};

const QList<Allowance> &allowList()
{
    static const QList<Allowance> list{
        {QStringLiteral("status\\.backend"), QStringLiteral("[●○] ⟦.*⟧"),
         "a state symbol in front of the backend's own description, which is translated"},
        {QStringLiteral("editor\\.title"), QStringLiteral("[a-z_]+( [0-9a-f]+:[0-9a-f]*)?"),
         "a qdisc's header is its kind and handle as tc writes them (\"netem 10:\")"},
        {QStringLiteral("editor\\.summary"), QStringLiteral("(?s).+"),
         "core's TcSummary of the node in tc terms, the same text as the tree's Summary column"},
        {QStringLiteral("import\\.status"), QStringLiteral("\\S+: .+(\\n\\S+: .+)*"),
         "what the pasted commands build: one \"device: summary\" line per device"},
        {QStringLiteral("param\\.(matches|flowid|action|ht|link|hashkey|offset)\\.edit"), QStringLiteral("(?s).+"),
         "the placeholder is an example in tc's own syntax (\"ip dst 198.18.0.0/15\", \"1:10\")"},
        {QStringLiteral("param\\.protocol\\.combo"),
         QStringLiteral("all|ip|ipv6|arp|802\\.1Q|802\\.1ad"),
         "link-layer protocols as tc names them"},
        {QStringLiteral("param\\.[a-zA-Z.]+\\.unit(Label)?"),
         QStringLiteral("µs|ms|s|bit|kbit|mbit|gbit|kbps|mbps|b|kb|mb|%"),
         "unit tokens exactly as tc spells them, what a value typed here means to tc"},
        {QStringLiteral("kind\\.[a-z_]+"), QStringLiteral("[a-z_]+"),
         "the Kind menu lists qdisc kinds by their tc names (netem, fq_codel)"},
        {QStringLiteral("about\\.(version|libnl|kernel)"), QStringLiteral("[0-9][^<>]*"),
         "the About box's version numbers and kernel release"},
        {QStringLiteral("about\\.homePage"), QStringLiteral("<a href=\"https://[^\"]+\">https://[^<]+</a>"),
         "the About box's home page, a link"},
    };
    return list;
}

bool matchesWhole(const QString &pattern, const QString &text)
{
    return QRegularExpression(QRegularExpression::anchoredPattern(pattern)).match(text).hasMatch();
}

/** "QLabel 'editor.title' in editor < mainWindow". */
QString describe(const QObject *object)
{
    QString text = QString::fromLatin1(object->metaObject()->className()) + QStringLiteral(" '") +
                   object->objectName() + u'\'';
    QStringList named;
    for (const QObject *p = object->parent(); p && named.size() < 3; p = p->parent()) {
        if (!p->objectName().isEmpty())
            named.append(p->objectName());
        else if (named.isEmpty())
            named.append(QString::fromLatin1(p->metaObject()->className()));
    }
    if (!named.isEmpty())
        text += QStringLiteral(" in ") + named.join(QStringLiteral(" < "));
    if (const auto *widget = qobject_cast<const QWidget *>(object); widget && !widget->isVisible())
        text += QStringLiteral(" (hidden)");
    return text;
}

/** Walks widgets and collects every text that is neither marked nor allowed data. */
class TextAudit
{
public:
    /** @p dataLabels: chart series named after tree nodes (data the window passed). */
    explicit TextAudit(QStringList dataLabels = {}) : m_dataLabels(std::move(dataLabels)) {}

    QStringList failures;
    int checked = 0;

    void check(const QObject *owner, const char *what, const QString &text)
    {
        if (text.trimmed().isEmpty())
            return;
        ++checked;
        if (isMarked(text))
            return;
        for (const Allowance &allowed : allowList()) {
            if (matchesWhole(allowed.objectName, owner->objectName()) &&
                matchesWhole(allowed.text, text))
                return;
        }
        const QString failure =
            QStringLiteral("%1, %2: \"%3\"").arg(describe(owner), QString::fromLatin1(what), text);
        if (!failures.contains(failure))
            failures.append(failure);
    }

    void chart(const QChart *chart)
    {
        check(chart, "chart title", chart->title());
        for (const QAbstractAxis *axis : chart->axes())
            check(axis, "axis title", axis->titleText());
        for (const QAbstractSeries *series : chart->series()) {
            if (!m_dataLabels.contains(series->name()))
                check(series, "series name", series->name());
        }
    }

    /** @p root and every widget and action below it. */
    void walk(QWidget *root)
    {
        QList<QWidget *> widgets = root->findChildren<QWidget *>();
        widgets.prepend(root);
        QList<QAction *> actions = root->findChildren<QAction *>();
        for (QWidget *w : std::as_const(widgets)) {
            widget(w);
            for (QAction *action : w->actions()) {
                if (!actions.contains(action))
                    actions.append(action);
            }
        }
        for (const QAction *action : std::as_const(actions)) {
            if (action->isSeparator())
                continue;
            check(action, "action text", action->text());
            check(action, "action tool tip", action->toolTip());
        }
    }

private:
    void widget(QWidget *w)
    {
        if (w->isWindow() || qobject_cast<QToolBar *>(w) || qobject_cast<QDockWidget *>(w))
            check(w, "window title", w->windowTitle());
        check(w, "tool tip", w->toolTip());
        if (auto *label = qobject_cast<QLabel *>(w))
            check(label, "text", label->text());
        if (auto *button = qobject_cast<QAbstractButton *>(w))
            check(button, "text", button->text());
        if (auto *menu = qobject_cast<QMenu *>(w))
            check(menu, "menu title", menu->title());
        if (auto *group = qobject_cast<QGroupBox *>(w))
            check(group, "title", group->title());
        if (auto *tabs = qobject_cast<QTabWidget *>(w)) {
            for (int i = 0; i < tabs->count(); ++i) {
                check(tabs, "tab text", tabs->tabText(i));
                check(tabs, "tab tool tip", tabs->tabToolTip(i));
            }
        }
        if (auto *edit = qobject_cast<QLineEdit *>(w))
            check(edit, "placeholder", edit->placeholderText());
        if (auto *edit = qobject_cast<QPlainTextEdit *>(w))
            check(edit, "placeholder", edit->placeholderText());
        if (auto *edit = qobject_cast<QTextEdit *>(w))
            check(edit, "placeholder", edit->placeholderText());
        if (auto *combo = qobject_cast<QComboBox *>(w)) {
            for (int i = 0; i < combo->count(); ++i) {
                check(combo, "item", combo->itemText(i));
                check(combo, "item tool tip", combo->itemData(i, Qt::ToolTipRole).toString());
            }
        }
        if (auto *spin = qobject_cast<QAbstractSpinBox *>(w))
            check(spin, "special value text", spin->specialValueText());
        if (auto *spin = qobject_cast<QDoubleSpinBox *>(w)) {
            check(spin, "prefix", spin->prefix());
            check(spin, "suffix", spin->suffix());
        }
        if (auto *view = qobject_cast<QTreeView *>(w);
            view && !view->isHeaderHidden() && view->model()) {
            for (int column = 0; column < view->model()->columnCount(); ++column) {
                if (!view->isColumnHidden(column))
                    check(view, "header",
                          view->model()->headerData(column, Qt::Horizontal).toString());
            }
        }
        if (auto *view = qobject_cast<QChartView *>(w); view && view->chart())
            chart(view->chart());
        if (auto *bar = qobject_cast<QStatusBar *>(w))
            check(bar, "status message", bar->currentMessage());
    }

    QStringList m_dataLabels;
};

/** The checks of one walk, every offending text on a line of its own when there are any. */
#define QS_VERIFY_AUDIT(audit)                                                                     \
    QVERIFY2((audit).failures.isEmpty(),                                                           \
             qPrintable(QString(QStringLiteral("%1 text(s) without ⟦ ⟧ (not through tr()):\n  ")   \
                                    .arg((audit).failures.size()) +                                \
                                (audit).failures.join(QStringLiteral("\n  ")))))

QdiscTree imported(const QString &script)
{
    const TcImportResult result = TcImporter::import(script);
    if (!result.ok() || result.trees.size() != 1)
        qFatal("the test's tc script does not import: %s",
               result.errors.isEmpty() ? "no tree" : qPrintable(result.errors.first().toString()));
    return result.trees.first();
}

/** One device with a node of every kind the editor has a form for. */
QdiscTree everyKind()
{
    QdiscTree tree = imported(QStringLiteral(
        "tc qdisc add dev eth0 root handle 1: htb default 20\n"
        "tc class add dev eth0 parent 1: classid 1:1 htb rate 100mbit\n"
        "tc class add dev eth0 parent 1:1 classid 1:10 htb rate 10mbit ceil 50mbit\n"
        "tc class add dev eth0 parent 1:1 classid 1:20 htb rate 10mbit\n"
        "tc class add dev eth0 parent 1:1 classid 1:30 htb rate 10mbit\n"
        "tc class add dev eth0 parent 1:1 classid 1:40 htb rate 10mbit\n"
        "tc class add dev eth0 parent 1:1 classid 1:50 htb rate 10mbit\n"
        "tc qdisc add dev eth0 parent 1:10 handle 10: netem delay 60ms 20ms 25% distribution "
        "normal "
        "loss 0.5% rate 2mbit limit 300\n"
        "tc qdisc add dev eth0 parent 1:20 handle 20: tbf rate 10mbit burst 32kb latency 50ms\n"
        "tc qdisc add dev eth0 parent 1:30 handle 30: sfq perturb 10\n"
        "tc qdisc add dev eth0 parent 1:40 handle 40: fq_codel\n"
        "tc qdisc add dev eth0 parent 1:50 handle 50: prio\n"
        "tc qdisc add dev eth0 parent 50:1 handle 51: pfifo limit 100\n"
        "tc qdisc add dev eth0 parent 50:2 handle 52: bfifo limit 100kb\n"
        "tc qdisc add dev eth0 ingress\n"
        "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dst 198.18.0.0/15 "
        "flowid 1:10\n"
        "tc filter add dev eth0 parent ffff: protocol ip prio 1 u32 match u32 0 0 "
        "action mirred egress redirect dev ifb0\n"));
    QdiscNode cake; // a kind the model does not describe: kept as the kernel reported it
    cake.handle = TcHandle::make(0x53, 0);
    cake.parent = TcHandle::make(0x50, 3);
    cake.params = ForeignParams{QStringLiteral("cake"), QByteArray()};
    tree.qdiscs.append(cake);
    return tree;
}

/** Answers the window at once, from memory: the tree above on one interface. */
class FakeBackend : public TargetBackend
{
public:
    QdiscTree tree = everyKind();

    QString describe() const override
    {
        return QCoreApplication::translate("FakeBackend", "a fake backend for the text test");
    }
    bool isAvailable() const override { return true; }
    void listTargets() override
    {
        later([this] {
            Q_EMIT targetsListed({TargetInfo{{},
                                             QStringLiteral("eth0"),
                                             QStringLiteral("ether"),
                                             true,
                                             QStringLiteral("htb")}},
                                 {});
        });
    }
    void readTree(const QString &target) override
    {
        later([this, target] { Q_EMIT treeRead(target, tree, {}, {}); });
    }
    void apply(const QString &target, const QdiscTree &desired, const ApplyOptions &) override
    {
        tree = desired;
        BackendApplyResult result;
        result.ok = true;
        result.latencyUs = 2345;
        result.transaction = QStringLiteral("fake-1");
        result.plan = {QStringLiteral("change")};
        later([this, target, result] { Q_EMIT applied(target, result); });
    }
    void confirm(const QString &transaction) override
    {
        later([this, transaction] { Q_EMIT confirmed(transaction, true, {}); });
    }
    void restore(const QString &target) override
    {
        later([this, target] {
            Q_EMIT restored(target, done());
            Q_EMIT reverted(target, QStringLiteral("restore"));
        });
    }
    void clear(const QString &target) override
    {
        later([this, target] { Q_EMIT cleared(target, done()); });
    }
    static BackendApplyResult done()
    {
        BackendApplyResult result;
        result.ok = true;
        return result;
    }
    void watch(const QString &) override {}
    std::unique_ptr<StatsReader> openForStats(const QString &, QString *error) override
    {
        *error = QCoreApplication::translate("FakeBackend", "no statistics in this test");
        return nullptr;
    }

private:
    void later(std::function<void()> emitter)
    {
        QMetaObject::invokeMethod(this, std::move(emitter), Qt::QueuedConnection);
    }
};

/** Every index of @p model, parents before children. */
QModelIndexList allRows(const QAbstractItemModel *model, const QModelIndex &parent = {})
{
    QModelIndexList rows;
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        rows.append(index);
        rows += allRows(model, index);
    }
    return rows;
}

/** What the editor shows, as a short name: its kind, "htb class" or "u32 filter". */
QString shownForm(const NodeEditor *editor)
{
    switch (editor->subject()) {
    case NodeEditor::Subject::Qdisc:
        return editor->qdisc().kindName();
    case NodeEditor::Subject::Class:
        return QStringLiteral("htb class");
    case NodeEditor::Subject::Filter:
        return QStringLiteral("u32 filter");
    case NodeEditor::Subject::None:
        break;
    }
    return QStringLiteral("none");
}

} // namespace

class TstTranslations : public QObject
{
    Q_OBJECT

    PseudoTranslator m_translator;
    int m_dialogsInspected = 0;

    QString translated(const char *context, const char *source)
    {
        return QCoreApplication::translate(context, source);
    }

    /**
     * Audits the next modal dialog that opens (a file dialog: its caption and filters only; its
     * file names are data) and closes it. Call it, then do what opens the dialog.
     */
    void auditNextDialog(TextAudit *audit)
    {
        auto *timer = new QTimer(this);
        timer->setInterval(20);
        const QDeadlineTimer deadline(10000);
        connect(timer, &QTimer::timeout, this, [this, timer, audit, deadline] {
            QWidget *modal = QApplication::activeModalWidget();
            const bool open = modal && modal->isVisible();
            if (!open && !deadline.hasExpired())
                return;
            timer->stop();
            timer->deleteLater();
            if (!open) {
                audit->failures.append(QStringLiteral("no dialog opened"));
                return;
            }
            if (auto *files = qobject_cast<QFileDialog *>(modal)) {
                audit->check(files, "window title", files->windowTitle());
                for (const QString &filter : files->nameFilters())
                    audit->check(files, "name filter", filter);
            } else {
                audit->walk(modal);
            }
            ++m_dialogsInspected;
            if (auto *dialog = qobject_cast<QDialog *>(modal))
                dialog->reject();
            else
                modal->close();
        });
        timer->start();
    }

    QAction *actionWithText(QWidget *root, const char *context, const char *source)
    {
        const QString text = translated(context, source);
        for (QAction *action : root->findChildren<QAction *>()) {
            if (action->text() == text)
                return action;
        }
        return nullptr;
    }

    /** Opens @p menu where a user would see it (its entries are made on aboutToShow). */
    bool openMenu(QWidget *window, QMenu *menu)
    {
        menu->popup(window->mapToGlobal(QPoint(200, 200)));
        return QTest::qWaitForWindowExposed(menu);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        // Qt's own file dialog, so a test can look into it (and never waits on a native one).
        QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
        // Before any widget is built: texts set in constructors are translated once, then.
        QVERIFY(QCoreApplication::installTranslator(&m_translator));
        QCOMPARE(QCoreApplication::translate("qs::MainWindow", "&File"), QStringLiteral("⟦&File⟧"));
        QCOMPARE(tr("%n line(s)", nullptr, 3), QStringLiteral("⟦3 line(s)⟧"));
    }

    /** The walk itself: a text set without tr() is found and named. */
    void auditFindsAnUntranslatedText()
    {
        QWidget window;
        window.setWindowTitle(tr("A window"));
        new QLabel(tr("Translated"), &window);
        auto *raw = new QLabel(QStringLiteral("Not translated"), &window);
        raw->setObjectName(QStringLiteral("raw"));
        auto *unit = new QLabel(QStringLiteral("kbit"), &window);
        unit->setObjectName(QStringLiteral("param.rate.unitLabel")); // allowed: a tc unit token
        auto *wrongUnit = new QLabel(QStringLiteral("kilobits"), &window);
        wrongUnit->setObjectName(QStringLiteral("param.ceil.unitLabel")); // not a token: refused
        TextAudit audit;
        audit.walk(&window);
        QCOMPARE(audit.failures.size(), 2);
        QVERIFY(audit.failures.at(0).contains(QStringLiteral("QLabel 'raw'")));
        QVERIFY(audit.failures.at(0).contains(QStringLiteral("\"Not translated\"")));
        QVERIFY(audit.failures.at(1).contains(QStringLiteral("\"kilobits\"")));
    }

    void mainWindow()
    {
        auto backend = std::make_unique<FakeBackend>();
        FakeBackend *fake = backend.get();
        MainWindow window(std::move(backend));
        window.setLive(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        {
            TextAudit audit; // as it opens: no target, the editor's hint
            audit.walk(&window);
            QS_VERIFY_AUDIT(audit);
            QVERIFY(audit.checked > 60);
        }

        window.chooseTarget(QStringLiteral("eth0"));
        QTRY_COMPARE(window.currentTarget(), QStringLiteral("eth0"));
        auto *tree = window.findChild<QTreeView *>(QStringLiteral("tree"));
        // The charts' legends name the charted nodes as the tree does (now or before a new
        // tree came in): data.
        QStringList names;
        const auto nodeNames = [&] {
            for (const QModelIndex &index : allRows(window.treeModel())) {
                if (!names.contains(index.data().toString()))
                    names.append(index.data().toString());
            }
            return names;
        };
        auto *editor = window.findChild<NodeEditor *>(QStringLiteral("editor"));
        QVERIFY(tree && editor);

        // Every node in turn: each kind's form, its header, the charts of the node.
        QSet<QString> forms;
        const QModelIndexList rows = allRows(window.treeModel());
        QVERIFY(rows.size() >= 18);
        for (const QModelIndex &index : rows) {
            tree->setCurrentIndex(index);
            QApplication::processEvents();
            forms.insert(shownForm(editor));
            TextAudit audit(nodeNames()); // a filter charts the class it sends to
            audit.walk(&window);
            QS_VERIFY_AUDIT(audit);
        }
        const QSet<QString> expected{
            QStringLiteral("htb"),     QStringLiteral("htb class"), QStringLiteral("netem"),
            QStringLiteral("tbf"),     QStringLiteral("sfq"),       QStringLiteral("fq_codel"),
            QStringLiteral("prio"),    QStringLiteral("pfifo"),     QStringLiteral("bfifo"),
            QStringLiteral("ingress"), QStringLiteral("cake"),      QStringLiteral("u32 filter")};
        QCOMPARE(forms, expected);

        // Several nodes charted together.
        tree->selectAll();
        QApplication::processEvents();
        {
            TextAudit audit(nodeNames());
            audit.walk(&window);
            QS_VERIFY_AUDIT(audit);
        }

        // The menus filled when they open: at the root htb, at a netem leaf, at a class.
        auto *addMenu = window.findChild<QMenu *>(QStringLiteral("addMenu"));
        auto *kindMenu = window.findChild<QMenu *>(QStringLiteral("kindMenu"));
        const auto rowNamed = [&](const QString &prefix) {
            for (const QModelIndex &index :
                 window.treeModel()->match(window.treeModel()->index(0, 0), Qt::DisplayRole, prefix,
                                           1, Qt::MatchStartsWith | Qt::MatchRecursive))
                return index;
            return QModelIndex();
        };
        for (const QString &node : {QStringLiteral("qdisc 1:"), QStringLiteral("qdisc 10:"),
                                    QStringLiteral("class 1:10"), QStringLiteral("qdisc 51:")}) {
            const QModelIndex index = rowNamed(node);
            QVERIFY2(index.isValid(), qPrintable(node));
            tree->setCurrentIndex(index);
            for (QMenu *menu : {addMenu, kindMenu}) {
                QVERIFY(openMenu(&window, menu));
                QVERIFY(!menu->actions().isEmpty());
                TextAudit audit;
                audit.walk(menu);
                menu->close();
                QS_VERIFY_AUDIT(audit);
            }
        }

        // An edit of the netem's delay, applied live: the undo texts and the apply latency.
        tree->setCurrentIndex(rowNamed(QStringLiteral("qdisc 10:")));
        auto *delay = window.findChild<QDoubleSpinBox *>(QStringLiteral("param.delay.spin"));
        QVERIFY(delay);
        delay->setValue(delay->value() + 5);
        QTRY_VERIFY(
            !window.findChild<QLabel *>(QStringLiteral("status.latency"))->text().isEmpty());
        QCOMPARE(window.undoStack()->count(), 1);
        {
            TextAudit audit(nodeNames());
            audit.walk(&window);
            QS_VERIFY_AUDIT(audit);
        }

        // Ask to keep each change: the countdown and Keep, then the helper's answers.
        window.findChild<QAction *>(QStringLiteral("action.askToKeep"))->setChecked(true);
        delay->setValue(delay->value() + 5);
        auto *keep = window.findChild<QPushButton *>(QStringLiteral("status.keep"));
        QTRY_VERIFY(keep->isVisible());
        {
            TextAudit audit(nodeNames());
            audit.walk(&window);
            QS_VERIFY_AUDIT(audit);
        }
        window.statusBar()->clearMessage();
        keep->click();
        QTRY_VERIFY(!window.statusBar()->currentMessage().isEmpty()); // "Change kept"
        {
            TextAudit audit(nodeNames());
            audit.walk(&window);
            QS_VERIFY_AUDIT(audit);
        }
        window.findChild<QAction *>(QStringLiteral("action.askToKeep"))->setChecked(false);
        Q_EMIT fake->reverted(QStringLiteral("eth0"), QStringLiteral("timeout"));
        {
            TextAudit audit;
            audit.check(window.statusBar(), "status message", window.statusBar()->currentMessage());
            QS_VERIFY_AUDIT(audit);
        }
        {
            // Restore original asks first: the question is audited (and cancelled), then answered.
            TextAudit question;
            auditNextDialog(&question);
            window.findChild<QAction *>(QStringLiteral("action.restore"))->trigger();
            QS_VERIFY_AUDIT(question);
        }
        auto *answer = new QTimer(this);
        answer->setInterval(20);
        connect(answer, &QTimer::timeout, this, [answer] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget()); box && box->isVisible()) {
                answer->deleteLater();
                box->defaultButton()->click();
            }
        });
        answer->start();
        window.findChild<QAction *>(QStringLiteral("action.restore"))->trigger();
        QTRY_VERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("original")));
        Q_EMIT fake->availabilityChanged(false, fake->describe());
        {
            TextAudit audit(nodeNames());
            audit.walk(&window);
            QS_VERIFY_AUDIT(audit);
        }

        // Status bar messages of the profiles pane and the commands tab.
        auto *profiles = window.findChild<QListWidget *>(QStringLiteral("profiles"));
        profiles->setCurrentRow(0); // a built-in preset
        QAction *deleteProfile = actionWithText(&window, "qs::MainWindow", "&Delete profile");
        QVERIFY(deleteProfile);
        window.statusBar()->clearMessage();
        deleteProfile->trigger();
        QVERIFY(!window.statusBar()->currentMessage().isEmpty());
        {
            TextAudit audit;
            audit.check(window.statusBar(), "status message", window.statusBar()->currentMessage());
            QS_VERIFY_AUDIT(audit);
        }
        Q_EMIT profiles->itemDoubleClicked(profiles->item(0)); // applies the preset
        QVERIFY(!window.statusBar()->currentMessage().isEmpty());
        QTRY_VERIFY(!window.applier()->isBusy());
        {
            TextAudit audit(nodeNames());
            audit.walk(&window);
            QS_VERIFY_AUDIT(audit);
        }
        for (QPushButton *button : window.findChildren<QPushButton *>()) {
            if (button->text() == translated("qs::MainWindow", "&Copy commands"))
                button->click();
        }
        {
            TextAudit audit;
            audit.check(window.statusBar(), "status message", window.statusBar()->currentMessage());
            QS_VERIFY_AUDIT(audit);
            QCOMPARE(audit.checked, 1);
        }
    }

    void windowDialogs()
    {
        MainWindow window(std::make_unique<FakeBackend>());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QListWidget *>(QStringLiteral("profiles"))->setCurrentRow(0);
        // The manual's text is the CLI's help (app/), audited by tst_clitranslation; any will do here.
        window.setManualSource([] { return QCoreApplication::translate("TstTranslations", "the manual"); });
        m_dialogsInspected = 0;
        TextAudit audit;
        const struct
        {
            const char *context;
            const char *action;
        } opening[] = {
            {"qs::MainWindow", "&What to try"},        {"qs::MainWindow", "&Keyboard shortcuts"},
            {"qs::MainWindow", "&Manual"},             {"qs::MainWindow", "&About Qdisc Studio"},
            {"qs::MainWindow", "&Paste tc commands…"},
            {"qs::MainWindow", "Save profile &as…"},   {"qs::MainWindow", "&Import profile…"},
            {"qs::MainWindow", "&Export profile…"},
        };
        for (const auto &open : opening) {
            QAction *action = actionWithText(&window, open.context, open.action);
            QVERIFY2(action, open.action);
            auditNextDialog(&audit);
            action->trigger(); // returns when the dialog is closed
        }
        // The charts' exports, from their buttons.
        for (const char *name : {"exportPng", "exportCsv"}) {
            auto *button = window.findChild<QToolButton *>(QLatin1String(name));
            QVERIFY2(button, name);
            auditNextDialog(&audit);
            button->click();
        }
        QS_VERIFY_AUDIT(audit);
        QCOMPARE(m_dialogsInspected, 10);
    }

    void nodeEditorForms_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("form");
        const QString htb = QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 10\n");
        QTest::newRow("netem")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 100ms 10ms "
                              "loss 1% 25% duplicate 1% corrupt 0.1% reorder 5% gap 3 rate 10mbit")
            << QStringLiteral("netem");
        QTest::newRow("netem loss model")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 10ms "
                              "loss gemodel 1% 10% 70% 0.1%")
            << QStringLiteral("netem");
        QTest::newRow("tbf")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: tbf rate 10mbit burst 32kb "
                              "latency 50ms peakrate 20mbit mtu 1514")
            << QStringLiteral("tbf");
        QTest::newRow("tbf limit")
            << QStringLiteral(
                   "tc qdisc add dev eth0 root handle 1: tbf rate 10mbit burst 32kb limit 100kb")
            << QStringLiteral("tbf");
        QTest::newRow("htb") << htb << QStringLiteral("htb");
        QTest::newRow("htb class")
            << htb + QStringLiteral("tc class add dev eth0 parent 1: classid 1:10 htb rate "
                                    "10mbit ceil 20mbit burst 15k prio 1")
            << QStringLiteral("htb class");
        QTest::newRow("sfq") << QStringLiteral(
                                    "tc qdisc add dev eth0 root handle 1: sfq perturb 10")
                             << QStringLiteral("sfq");
        QTest::newRow("fq_codel")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: fq_codel target 5ms noecn")
            << QStringLiteral("fq_codel");
        QTest::newRow("prio") << QStringLiteral("tc qdisc add dev eth0 root handle 1: prio bands 4")
                              << QStringLiteral("prio");
        QTest::newRow("pfifo") << QStringLiteral(
                                      "tc qdisc add dev eth0 root handle 1: pfifo limit 50")
                               << QStringLiteral("pfifo");
        QTest::newRow("bfifo") << QStringLiteral(
                                      "tc qdisc add dev eth0 root handle 1: bfifo limit 64kb")
                               << QStringLiteral("bfifo");
        QTest::newRow("ingress") << QStringLiteral("tc qdisc add dev eth0 ingress")
                                 << QStringLiteral("ingress");
        QTest::newRow("clsact") << QStringLiteral("tc qdisc add dev eth0 clsact")
                                << QStringLiteral("clsact");
        QTest::newRow("foreign") << QString() << QStringLiteral("cake");
        QTest::newRow("u32 filter")
            << htb + QStringLiteral(
                         "tc class add dev eth0 parent 1: classid 1:10 htb rate 10mbit\n"
                         "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 "
                         "match ip dst 198.18.0.0/15 match ip dport 5201 0xffff flowid 1:10")
            << QStringLiteral("u32 filter");
        QTest::newRow("u32 action")
            << QStringLiteral("tc qdisc add dev eth0 ingress\n"
                              "tc filter add dev eth0 parent ffff: protocol all u32 match u32 0 0 "
                              "action mirred egress redirect dev ifb0")
            << QStringLiteral("u32 filter");
    }
    void nodeEditorForms()
    {
        QFETCH(QString, script);
        QFETCH(QString, form);
        NodeEditor editor;
        editor.resize(520, 900);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        {
            TextAudit audit; // the hint, before anything is selected
            audit.walk(&editor);
            QS_VERIFY_AUDIT(audit);
        }
        if (script.isEmpty()) {
            QdiscNode cake;
            cake.handle = TcHandle::make(1, 0);
            cake.params = ForeignParams{QStringLiteral("cake"), QByteArray()};
            editor.setQdisc(cake);
        } else {
            const QdiscTree tree = imported(script);
            if (form == u"u32 filter")
                editor.setFilter(tree.filters.last());
            else if (form == u"htb class")
                editor.setClass(tree.classes.last());
            else
                editor.setQdisc(tree.qdiscs.last());
        }
        QCOMPARE(shownForm(&editor), form);
        QApplication::processEvents();
        {
            TextAudit audit;
            audit.walk(&editor);
            QS_VERIFY_AUDIT(audit);
            QVERIFY(editor.issues().isEmpty()); // no message of core's in the way of this test
        }

        // Texts set on input: what the form says about text it cannot read. (The action's
        // parser is core's; its messages are core's to translate.)
        for (const char *key : {"default", "flowid", "matches"}) {
            auto *edit = editor.findChild<QWidget *>(
                QStringLiteral("param.%1.edit").arg(QLatin1String(key)));
            if (!edit)
                continue;
            edit->setFocus();
            QTest::keyClicks(edit, QStringLiteral("zz?"));
            QTest::keyClick(edit, Qt::Key_Tab);
            QVERIFY2(!editor.row(QLatin1String(key))->message().isEmpty(), key);
        }
        QApplication::processEvents();
        TextAudit audit;
        audit.walk(&editor);
        QS_VERIFY_AUDIT(audit);
    }

    void importDialog()
    {
        ImportDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const auto auditDialog = [&] {
            TextAudit audit;
            audit.walk(&dialog);
            // The problem list is messages, one per line that could not be read.
            auto *problems = dialog.findChild<QListWidget *>(QStringLiteral("import.problems"));
            for (int i = 0; i < problems->count(); ++i)
                audit.check(problems, "problem", problems->item(i)->text());
            return audit;
        };
        {
            const TextAudit audit = auditDialog(); // empty: the hint and the placeholder
            QS_VERIFY_AUDIT(audit);
        }
        dialog.setText(QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms 20ms loss 1%\n"
                                      "tc qdisc add dev eth0 root netem dealy 5ms\n"));
        QVERIFY(!dialog.result().ok());
        {
            const TextAudit audit = auditDialog();
            QS_VERIFY_AUDIT(audit);
        }
        dialog.setText(QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms 20ms loss 1%\n"
                                      "tc qdisc add dev eth1 root handle 1: htb default 10\n"));
        QVERIFY(dialog.result().ok());
        {
            const TextAudit audit = auditDialog(); // the devices read: data, on the allow-list
            QS_VERIFY_AUDIT(audit);
        }
    }

    void chartPanel()
    {
        const quint64 leaf = nodeStatsKey(true, TcHandle::make(1, 0x10));
        const quint64 root = nodeStatsKey(false, TcHandle::make(1, 0));
        const quint64 unnamed = nodeStatsKey(false, TcHandle::make(2, 0));
        SyntheticHistories source;
        source.add(leaf);
        source.add(root);
        source.add(unnamed);
        source.feed(leaf, 600, 20e6);
        source.feed(root, 600, 25e3);
        source.feed(unnamed, 600, 2e9);
        ChartPanel panel;
        panel.resize(1100, 500);
        panel.setSource(&source);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        {
            TextAudit audit; // no node: "No node selected"
            audit.walk(&panel);
            QS_VERIFY_AUDIT(audit);
        }
        // Two named nodes and one the window gave no name: its legend entry is the panel's own.
        const QStringList labels{QStringLiteral("class 1:10"), QStringLiteral("qdisc 1:")};
        panel.setNodes({leaf, root, unnamed}, labels);
        for (const ChartMetric metric : allChartMetrics()) {
            for (const TimeWindow window : allTimeWindows()) {
                panel.setMetric(metric);
                panel.setTimeWindow(window);
                panel.refresh();
                QApplication::processEvents();
                TextAudit audit(labels);
                audit.walk(&panel);
                QS_VERIFY_AUDIT(audit);
                QVERIFY(audit.checked > 20);
            }
        }
        panel.setPaused(true);
        TextAudit audit(labels);
        audit.walk(&panel);
        QS_VERIFY_AUDIT(audit);
    }

    /** Demo mode with a backend that has no labs: the lab presets, the problem, the status bar. */
    void demoMode()
    {
        MainWindow window(std::make_unique<FakeBackend>());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.startDemo();
        {
            TextAudit audit; // "building…", the Measured panel before any figure
            audit.walk(&window);
            QS_VERIFY_AUDIT(audit);
        }
        QTRY_VERIFY(window.demo()->state() == DemoSession::State::Failed);
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("measured.problem"))->isVisible());
        TextAudit audit;
        audit.walk(&window);
        // List items are not widgets: the lab presets' names and descriptions, checked here.
        auto *profiles = window.findChild<QListWidget *>(QStringLiteral("profiles"));
        for (const Profile &preset : LabPresets::all()) {
            QVERIFY(!profiles->findItems(preset.name, Qt::MatchExactly).isEmpty());
            audit.check(profiles, "lab preset", preset.name);
            audit.check(profiles, "lab preset description", preset.description);
        }
        // The advice given where neither root nor the helper can build a lab.
        audit.check(&window, "demo failure",
                    DemoSession::explainFailure(TargetBackend::labsNotSupported(), false, false));
        QS_VERIFY_AUDIT(audit);
    }

    /** The Measured panel in each of its states, with figures of every size. */
    void measuredPanel()
    {
        MeasuredPanel panel;
        panel.resize(420, 640);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const auto audited = [&] {
            QApplication::processEvents();
            TextAudit audit;
            audit.walk(&panel);
            return audit;
        };
        {
            const TextAudit audit = audited(); // starting, every figure "—"
            QS_VERIFY_AUDIT(audit);
        }
        LabMeasurement m;
        m.window = std::chrono::seconds(2);
        m.rttMedianMs = 101.5;
        m.rttP95Ms = 1250;
        m.probesAnswered = 38;
        m.probesLost = 2;
        m.probeLossPercent = 5;
        m.msSinceLastProbeReply = 20;
        m.udpSent = 200;
        m.udpReceived = 190;
        m.udpLost = 10;
        m.udpLossPercent = 5;
        m.udpGoodputBitsPerSec = 152e3;
        m.tcpGoodputBitsPerSec = 9.4e6;
        m.tcpConnected = true;
        m.linkRateBitsPerSec = 2.5e9;
        panel.showMeasurement(m);
        {
            const TextAudit audit = audited();
            QS_VERIFY_AUDIT(audit);
        }
        m.udpGoodputBitsPerSec = 800; // bit/s
        m.msSinceLastProbeReply = 3200; // an outage
        panel.showMeasurement(m);
        {
            const TextAudit audit = audited();
            QS_VERIFY_AUDIT(audit);
        }
        panel.markChanged(); // "settling…"
        QVERIFY(panel.isSettling());
        {
            const TextAudit audit = audited();
            QS_VERIFY_AUDIT(audit);
        }
        panel.showProblem(TargetBackend::labsNotSupported());
        const TextAudit audit = audited();
        QS_VERIFY_AUDIT(audit);
        QVERIFY(audit.checked > 20);
    }
};

QTEST_MAIN(TstTranslations)
#include "tst_translations.moc"
