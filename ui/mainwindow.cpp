#include "mainwindow.h"

#include "kinds/kindtable.h"

#include "aboutdialog.h"
#include "applystatus.h"
#include "chartpanel.h"
#include "demo/demosession.h"
#include "demo/labpresets.h"
#include "demo/measuredpanel.h"
#include "heightforwidth.h"
#include "importdialog.h"
#include "kernelmark.h"
#include "kinds/kernelmodules.h"
#include "targetmapdialog.h"
#include "liveapplier.h"
#include "log/logging.h"
#include "netlink/networknamespace.h"
#include "netlink/pschedclock.h"
#include "netlink/tcplan.h"
#include "nodeeditor.h"
#include "profilespane.h"
#include "scenario/scenariopanel.h"
#include "scenario/scenariostore.h"
#include "shortcutsdialog.h"
#include "sparklinedelegate.h"
#include "statspoller.h"
#include "remote/sshtarget.h"
#include "targetspane.h"
#include "tc/tcexporter.h"
#include "treeeditcommand.h"
#include "treemodel.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFontDatabase>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QToolButton>
#include <QLineEdit>
#include <QMenuBar>
#include <QDir>
#include <QFileSystemWatcher>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace qs {

namespace {
constexpr unsigned AskToKeepSeconds = 20;
// Scenario step markers on the charts: the timeline's playhead colour, apart from the lines'.
constexpr QRgb ScenarioMarkerColor = 0xe15759;
/** "TARGET: error", once: the engine's and the helper's messages often name the target already. */
QString aboutTarget(const QString &target, const QString &error)
{
    if (error.startsWith(target + QStringLiteral(": ")))
        return error;
    return MainWindow::tr("%1: %2").arg(target, error);
}

/**
 * Ctrl+Shift+Z and Ctrl+Y, and whatever the platform calls Redo, each once: the platform's Redo
 * is one of the two on most desktops, and a key listed twice on one action is ambiguous to Qt.
 */
QList<QKeySequence> redoShortcuts()
{
    QList<QKeySequence> keys{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)};
    for (const QKeySequence &key : QKeySequence::keyBindings(QKeySequence::Redo)) {
        if (!keys.contains(key))
            keys.append(key);
    }
    return keys;
}
} // namespace

MainWindow::MainWindow(std::unique_ptr<TargetBackend> backend, QWidget *parent)
    : QMainWindow(parent), m_backend(std::move(backend)), m_applier(new LiveApplier(m_backend.get(), this)), m_model(new TreeModel(this)),
      m_undo(new QUndoStack(this)), m_poller(new StatsPoller(this))
{
    setWindowTitle(tr("Qdisc Studio"));
    setObjectName(QStringLiteral("mainWindow"));
    // Memory and polling follow what is looked at: full histories for charted nodes, recent
    // ones for the rows in sight, compact ones for the rest; a big tree stretches the interval.
    m_poller->setFocus({}, {});
    m_poller->setMaximumLoadPercent(5);
    buildLayout();
    buildMenus();
    connectBackend();
    restoreLayout();
    m_backend->listTargets();
    refreshCommands();
    showInEditor(); // its hint: where to start
}

MainWindow::~MainWindow()
{
    stopDemo(); // the traffic stops before the backend (a member) removes the lab it made
}

const QdiscTree &MainWindow::tree() const
{
    return m_model->tree();
}

// --- layout ----------------------------------------------------------------------------------

void MainWindow::buildLayout()
{
    m_targets = new TargetsPane(this);
    m_profiles = new ProfilesPane(this);
    m_profiles->setTreeSource([this] {
        QdiscTree tree = m_model->tree();
        tree.netns.clear(); // a profile's tree goes on whatever target it is applied to
        tree.device.clear();
        return tree;
    });
    auto *left = new QSplitter(Qt::Vertical, this);
    left->setObjectName(QStringLiteral("leftSplitter"));
    left->addWidget(m_targets);
    left->addWidget(m_profiles);

    m_treeView = new QTreeView(this);
    m_treeView->setObjectName(QStringLiteral("tree"));
    m_treeView->setModel(m_model);
    m_treeView->setItemDelegateForColumn(2, new SparklineDelegate(m_poller, m_treeView));
    m_treeView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_treeView->setUniformRowHeights(true);
    m_treeView->setAlternatingRowColors(true);
    // The summary is what a row says: it gets the width of its longest text, and the sparkline
    // what is left (a narrow pane scrolls sideways rather than cutting summaries to "htb, …").
    m_treeView->header()->setStretchLastSection(true);
    m_treeView->header()->setSectionResizeMode(TreeModel::NameColumn, QHeaderView::ResizeToContents);
    m_treeView->header()->setSectionResizeMode(TreeModel::SummaryColumn, QHeaderView::ResizeToContents);
    m_treeView->header()->resizeSection(TreeModel::LiveColumn, 96);
    m_treeView->setToolTip(tr("The tree of the chosen target. Select a node to edit it; select several to chart them together."));

    auto *treeBar = new QToolBar(this);
    m_treeBar = treeBar;
    treeBar->setObjectName(QStringLiteral("treeBar"));
    treeBar->setIconSize(QSize(16, 16));
    m_addMenu = new QMenu(tr("&Add"), this);
    m_addMenu->setObjectName(QStringLiteral("addMenu"));
    m_addMenu->setToolTipsVisible(true); // a kind this kernel lacks says which module and how to load it
    connect(m_addMenu, &QMenu::aboutToShow, this, &MainWindow::fillAddMenu);
    m_kindMenu = new QMenu(tr("Change &kind"), this);
    m_kindMenu->setObjectName(QStringLiteral("kindMenu"));
    m_kindMenu->setToolTipsVisible(true);
    connect(m_kindMenu, &QMenu::aboutToShow, this, &MainWindow::fillKindMenu);
    QAction *add = treeBar->addAction(style()->standardIcon(QStyle::SP_FileDialogNewFolder), tr("Add"));
    add->setObjectName(QStringLiteral("action.add"));
    add->setMenu(m_addMenu);
    add->setToolTip(tr("Add a qdisc, class or filter under the selected node"));
    connect(add, &QAction::triggered, this, [this] { m_addMenu->popup(QCursor::pos()); });
    QAction *remove = treeBar->addAction(style()->standardIcon(QStyle::SP_TrashIcon), tr("Remove"));
    remove->setObjectName(QStringLiteral("action.remove"));
    remove->setShortcut(QKeySequence::Delete);
    remove->setToolTip(tr("Remove the selected node and everything below it (Del)"));
    connect(remove, &QAction::triggered, this, [this] {
        const QModelIndex index = m_treeView->currentIndex();
        if (index.isValid())
            editStructure(tr("Remove %1").arg(index.siblingAtColumn(0).data().toString()), [this, index] { return m_model->removeNode(index); });
    });
    QAction *kind = treeBar->addAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("Kind"));
    kind->setObjectName(QStringLiteral("action.kind"));
    kind->setMenu(m_kindMenu);
    kind->setToolTip(tr("Give the selected qdisc another kind (its handle stays)"));
    treeBar->addSeparator();
    // Icons only: the undo text names the whole step ("Undo Apply profile LTE (4G)"); the tooltip shows it.
    treeBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    // One undo and one redo action for the toolbar and the Edit menu: two actions with one
    // shortcut make Qt call the key ambiguous and do nothing.
    m_undoAction = m_undo->createUndoAction(this, tr("&Undo"));
    m_undoAction->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    m_undoAction->setShortcuts(QKeySequence::Undo);
    //: the Undo action's name in Help ▸ Keyboard shortcuts (its menu text names the step: "Undo Apply profile")
    m_undoAction->setIconText(tr("Undo")); // its name where the text says which step (Help ▸ Keyboard shortcuts)
    m_redoAction = m_undo->createRedoAction(this, tr("&Redo"));
    m_redoAction->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    m_redoAction->setShortcuts(redoShortcuts());
    //: the Redo action's name in Help ▸ Keyboard shortcuts
    m_redoAction->setIconText(tr("Redo"));
    treeBar->addAction(m_undoAction);
    treeBar->addAction(m_redoAction);

    m_treeFilter = new QLineEdit(this);
    m_treeFilter->setObjectName(QStringLiteral("treeFilter"));
    m_treeFilter->setClearButtonEnabled(true);
    //: placeholder of the box that filters the tree's rows
    m_treeFilter->setPlaceholderText(tr("Filter: handle, kind or summary"));
    m_treeFilter->setToolTip(tr("Shows the rows whose handle, kind or summary contains these words, with the rows above them"));
    m_droppingFilter = new QAction(tr("Dropping now"), this);
    m_droppingFilter->setObjectName(QStringLiteral("action.droppingNow"));
    m_droppingFilter->setCheckable(true);
    m_droppingFilter->setToolTip(tr("Shows only the qdiscs and classes that dropped packets in the last poll"));
    auto *filterTimer = new QTimer(this);
    filterTimer->setSingleShot(true);
    filterTimer->setInterval(150); // typing a handle filters once, not once a key
    connect(m_treeFilter, &QLineEdit::textChanged, filterTimer, qOverload<>(&QTimer::start));
    connect(filterTimer, &QTimer::timeout, this, &MainWindow::applyTreeFilter);
    connect(m_droppingFilter, &QAction::toggled, this, &MainWindow::applyTreeFilter);
    auto *filterBar = new QWidget(this);
    auto *filterLayout = new QHBoxLayout(filterBar);
    filterLayout->setContentsMargins(0, 0, 0, 0);
    filterLayout->addWidget(m_treeFilter, 1);
    auto *dropping = new QToolButton(this);
    dropping->setObjectName(QStringLiteral("droppingNow"));
    dropping->setDefaultAction(m_droppingFilter);
    dropping->setToolButtonStyle(Qt::ToolButtonTextOnly);
    filterLayout->addWidget(dropping);

    auto *treePane = new QWidget(this);
    auto *treeLayout = new QVBoxLayout(treePane);
    treeLayout->setContentsMargins(0, 0, 0, 0);
    treeLayout->addWidget(buildScenarioBanner());
    treeLayout->addWidget(treeBar);
    treeLayout->addWidget(filterBar);
    treeLayout->addWidget(m_treeView, 1);

    m_editor = new NodeEditor(this);
    m_editor->setObjectName(QStringLiteral("editor"));

    auto *top = new QSplitter(Qt::Horizontal, this);
    m_topSplitter = top;
    top->setObjectName(QStringLiteral("topSplitter"));
    top->addWidget(treePane);
    top->addWidget(m_editor);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);

    m_charts = new ChartPanel(this);
    m_charts->setSource(m_poller);
    m_charts->setObjectName(QStringLiteral("charts"));
    m_commands = new QPlainTextEdit(this);
    m_commands->setObjectName(QStringLiteral("commands"));
    m_commands->setReadOnly(true);
    m_commands->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_commands->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_commands->setToolTip(tr("The tc commands that build this tree on a clean device"));
    auto *copy = new QPushButton(tr("&Copy commands"), this);
    connect(copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_commands->toPlainText());
        statusBar()->showMessage(tr("tc commands copied"), 3000);
    });
    auto *commandsPane = new QWidget(this);
    m_commandsPane = commandsPane;
    auto *commandsLayout = new QVBoxLayout(commandsPane);
    commandsLayout->addWidget(m_commands, 1);
    commandsLayout->addWidget(copy, 0, Qt::AlignRight);
    auto *bottom = new QTabWidget(this);
    bottom->setObjectName(QStringLiteral("bottomTabs"));
    bottom->addTab(m_charts, tr("C&harts"));
    //: tab title; tc is the traffic control command-line tool
    bottom->addTab(commandsPane, tr("tc &commands"));
    connect(bottom, &QTabWidget::currentChanged, this, [this] {
        if (m_commandsDirty && m_commandsPane->isVisible())
            refreshCommands();
    });

    auto *topPane = new QWidget(this); // the top row, and the demo's "what to try" above it
    auto *topLayout = new QVBoxLayout(topPane);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(top, 1);

    auto *centre = new QSplitter(Qt::Vertical, this);
    centre->setObjectName(QStringLiteral("centreSplitter"));
    centre->addWidget(topPane);
    centre->addWidget(bottom);
    centre->setStretchFactor(0, 3);
    centre->setStretchFactor(1, 2);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("mainSplitter"));
    split->addWidget(left);
    split->addWidget(centre);
    split->setStretchFactor(1, 1);
    split->setSizes({260, 1000});
    setCentralWidget(split);

    addDockWidget(Qt::BottomDockWidgetArea, buildScenarioDock());

    m_status = new ApplyStatus(this);
    statusBar()->addPermanentWidget(m_status, 1);
    m_scenarioStatus = new QLabel(this);
    m_scenarioStatus->setObjectName(QStringLiteral("status.scenario"));
    m_scenarioStatus->hide();
    statusBar()->insertPermanentWidget(0, m_scenarioStatus);
    m_intervalLabel = new QLabel(this);
    m_intervalLabel->setObjectName(QStringLiteral("status.interval"));
    m_intervalLabel->hide();
    statusBar()->insertPermanentWidget(0, m_intervalLabel);
    m_modeLabel = new QLabel(this);
    m_modeLabel->setObjectName(QStringLiteral("status.mode"));
    m_modeLabel->hide();
    statusBar()->insertPermanentWidget(0, m_modeLabel);

    connect(m_targets, &TargetsPane::targetChosen, this, &MainWindow::chooseTarget);
    connect(m_targets, &TargetsPane::refreshRequested, m_backend.get(), &TargetBackend::listTargets);
    connect(m_targets, &TargetsPane::hostRequested, this, &MainWindow::addHost);
    connect(m_profiles, &ProfilesPane::profileActivated, this, &MainWindow::applyProfile);
    connect(m_profiles, &ProfilesPane::message, this, [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    connect(m_treeView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MainWindow::onSelectionChanged);
    // The charts follow the row the editor shows, also when a reset (another target, a delete)
    // leaves a current row without a selection, or no row at all.
    const auto followCurrentWithoutSelection = [this] {
        if (!m_treeView->selectionModel()->hasSelection()) // else selectionChanged does it, once
            onSelectionChanged();
    };
    connect(m_treeView->selectionModel(), &QItemSelectionModel::currentChanged, this, followCurrentWithoutSelection);
    connect(m_model, &QAbstractItemModel::modelReset, this, followCurrentWithoutSelection);
    connect(m_model, &TreeModel::treeEdited, this, &MainWindow::refreshCommands);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::refreshCommands);
    connect(m_editor, &NodeEditor::qdiscParamsEdited, this, [this](const QdiscParams &params, bool final) {
        editSelected([&] { return m_model->setQdiscParams(m_treeView->currentIndex(), params); }, final, tr("Change qdisc"));
    });
    connect(m_editor, &NodeEditor::classParamsEdited, this, [this](const ClassParams &params, bool final) {
        editSelected([&] { return m_model->setClassParams(m_treeView->currentIndex(), params); }, final, tr("Change class"));
    });
    connect(m_editor, &NodeEditor::filterEdited, this, [this](const Filter &filter, bool final) {
        editSelected([&] { return m_model->setFilter(m_treeView->currentIndex(), filter); }, final, tr("Change filter"));
    });
    connect(m_status, &ApplyStatus::keepRequested, m_backend.get(), &TargetBackend::confirm);
    connect(m_poller, &StatsPoller::sampled, m_charts, &ChartPanel::requestRefresh);
    // Sparklines move with every sample; repainting only the live column's cells is cheap.
    connect(m_poller, &StatsPoller::sampled, this, [this] {
        const QRect live = QRect(m_treeView->header()->sectionViewportPosition(2), 0, m_treeView->header()->sectionSize(2),
                                 m_treeView->viewport()->height());
        m_treeView->viewport()->update(live);
    });
    connect(m_poller, &StatsPoller::error, this, [this](const QString &message) {
        m_status->setError(tr("Statistics: %1").arg(message));
        if (m_containerCheck->isActive())
            m_backend->listTargets(); // a restarted container's old namespace fails the dump
    });
    connect(m_poller, &StatsPoller::intervalStretched, this, [this](int intervalMs, int requestedMs) {
        m_intervalLabel->setVisible(intervalMs != requestedMs);
        //: status bar, when a big tree makes polling slower than asked; %1 and %3 are milliseconds, %2 a number of nodes
        m_intervalLabel->setText(tr("Statistics every %1 ms for %2 nodes (%3 ms asked)").arg(intervalMs).arg(m_poller->nodeCount()).arg(requestedMs));
        m_intervalLabel->setToolTip(tr("Reading the statistics of this tree takes %1 ms; polling less often keeps it under 5 % of a core")
                                        .arg(double(m_poller->pollCostUs()) / 1000.0, 0, 'f', 1));
    });
    // Which nodes keep full histories: the charted ones and the rows in sight.
    m_focusTimer = new QTimer(this);
    m_focusTimer->setSingleShot(true);
    m_focusTimer->setInterval(0);
    connect(m_focusTimer, &QTimer::timeout, this, &MainWindow::updateFocus);
    connect(m_treeView->verticalScrollBar(), &QScrollBar::valueChanged, this, &MainWindow::scheduleFocus);
    connect(m_treeView, &QTreeView::expanded, this, &MainWindow::scheduleFocus);
    connect(m_treeView, &QTreeView::collapsed, this, &MainWindow::scheduleFocus);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MainWindow::scheduleFocus);
    // The view forgets hidden rows on a reset (another target, a tree changed elsewhere): the
    // filter applies again; rows that come (back) come shown.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_hiddenRows.clear();
        if (!m_treeFilter->text().trimmed().isEmpty() || m_droppingFilter->isChecked())
            applyTreeFilter();
    });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &parent, int first, int last) {
        if (m_hiddenRows.isEmpty())
            return;
        const std::function<void(const QModelIndex &, int, int)> forget = [&](const QModelIndex &under, int from, int to) {
            for (int row = from; row <= to; ++row) {
                const QModelIndex index = m_model->index(row, 0, under);
                m_hiddenRows.remove(index.internalId());
                forget(index, 0, m_model->rowCount(index) - 1);
            }
        };
        forget(parent, first, last);
    });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &MainWindow::scheduleFocus);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::scheduleFocus);
    connect(m_poller, &StatsPoller::nodesChanged, this, &MainWindow::scheduleFocus);
    connect(m_poller, &StatsPoller::sampled, this, [this] {
        if (m_droppingFilter->isChecked()) {
            // What drops changes with every poll; the filter follows about once a second.
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            if (now - m_lastDroppingFilterMs >= 1000)
                applyTreeFilter();
        }
    });
}

void MainWindow::scheduleFocus()
{
    if (!m_focusTimer->isActive())
        m_focusTimer->start();
}

void MainWindow::updateFocus()
{
    // The rows in sight: from the top row down while they are in the viewport (O(rows shown)).
    QSet<quint64> visible;
    const int height = m_treeView->viewport()->height();
    for (QModelIndex index = m_treeView->indexAt(QPoint(1, 1)); index.isValid(); index = m_treeView->indexBelow(index)) {
        if (m_treeView->visualRect(index).top() > height)
            break;
        if (const quint64 key = index.data(TreeModel::StatsKeyRole).toULongLong())
            visible.insert(key);
        if (visible.size() > 1000)
            break; // a window taller than any screen
    }
    const QSet<quint64> charted(m_chartedKeys.cbegin(), m_chartedKeys.cend());
    m_poller->setFocus(charted, visible);
}

bool MainWindow::isDroppingNow(quint64 key) const
{
    const CounterHistory *history = key ? m_poller->history(key) : nullptr;
    const std::optional<RatePoint> latest = history ? history->latest() : std::nullopt;
    return latest && latest->dropsPerSec > 0 && history->latestSample() && latest->timeNs == history->latestSample()->timeNs;
}

void MainWindow::applyTreeFilter()
{
    m_lastDroppingFilterMs = QDateTime::currentMSecsSinceEpoch();
    const QString text = m_treeFilter->text().trimmed();
    const bool dropping = m_droppingFilter->isChecked();
    if (!text.isEmpty() || dropping || !m_hiddenRows.isEmpty()) {
        // A row shows when it matches or a row below it does: a match is seen with its path.
        // Only rows whose state changes reach the view, and which rows are hidden is kept here:
        // asking the view looks up a persistent index per row (50 000 rows).
        m_model->visitRows([&](const QModelIndex &row, const TreeEntry &entry, bool below) {
            bool match = text.isEmpty() || entry.name.contains(text, Qt::CaseInsensitive) || entry.kind.contains(text, Qt::CaseInsensitive) ||
                         entry.summary.contains(text, Qt::CaseInsensitive);
            if (match && dropping)
                match = isDroppingNow(entry.statsKey);
            const bool show = match || below;
            if (show == m_hiddenRows.contains(row.internalId())) {
                m_treeView->setRowHidden(row.row(), row.parent(), !show);
                if (show)
                    m_hiddenRows.remove(row.internalId());
                else
                    m_hiddenRows.insert(row.internalId());
            }
            return show;
        });
    }
    scheduleFocus();
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Paste tc commands…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), this, &MainWindow::importCommands);
    file->addSeparator();
    file->addAction(tr("&Save profile"), QKeySequence::Save, m_profiles, &ProfilesPane::saveCurrent);
    // Not QKeySequence::SaveAs: some platform themes (and the offscreen one) bind nothing to it.
    file->addAction(tr("Save profile &as…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), m_profiles, [this] { m_profiles->saveAs(); });
    file->addAction(tr("&Rename profile…"), m_profiles, &ProfilesPane::renameCurrent);
    file->addAction(tr("&Delete profile"), m_profiles, &ProfilesPane::deleteCurrent);
    file->addAction(tr("&Import profile…"), QKeySequence::Open, m_profiles, &ProfilesPane::importFile);
    file->addAction(tr("&Export profile…"), m_profiles, &ProfilesPane::exportCurrent);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    edit->addSeparator();
    edit->addMenu(m_addMenu);
    edit->addMenu(m_kindMenu);

    QMenu *target = menuBar()->addMenu(tr("&Target"));
    m_applyAction = target->addAction(style()->standardIcon(QStyle::SP_DialogApplyButton), tr("&Apply"), QKeySequence(Qt::CTRL | Qt::Key_Return), this,
                                      &MainWindow::applyNow);
    m_applyAction->setObjectName(QStringLiteral("action.apply"));
    m_applyAction->setToolTip(tr("Make the kernel hold this tree now (Ctrl+Return)"));
    m_liveAction = target->addAction(tr("&Live"));
    m_liveAction->setObjectName(QStringLiteral("action.live"));
    m_liveAction->setCheckable(true);
    m_liveAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_liveAction->setToolTip(tr("Apply every edit at once, while a slider moves (Ctrl+L)"));
    connect(m_liveAction, &QAction::toggled, this, [this](bool live) {
        m_applyAction->setEnabled(!live && !isScenarioDriving());
        if (live)
            submitIfLive();
    });
    QAction *restore = target->addAction(style()->standardIcon(QStyle::SP_DialogResetButton), tr("&Restore original"), this, &MainWindow::restoreOriginal);
    restore->setObjectName(QStringLiteral("action.restore"));
    restore->setToolTip(tr("Put back the tree the target had before Qdisc Studio first changed it"));
    target->addSeparator();
    target->addAction(tr("Re&fresh targets"), QKeySequence::Refresh, m_backend.get(), &TargetBackend::listTargets);
    //: menu entry: builds the private demo lab (two network namespaces with live traffic) and opens it
    m_demoAction = target->addAction(tr("&Demo lab"), this, &MainWindow::startDemo);
    m_demoAction->setObjectName(QStringLiteral("action.demo"));
    m_demoAction->setToolTip(tr("A private network of two namespaces with live traffic: try presets and sliders there, nothing of this machine is touched"));
    m_demoAction->setEnabled(!m_demo);
    target->addSeparator();
    QAction *scenarios = m_scenarioDock->toggleViewAction();
    //: menu entry that shows or hides the scenario panel
    scenarios->setText(tr("&Scenario panel"));
    scenarios->setObjectName(QStringLiteral("action.scenarioPanel"));
    target->addAction(scenarios);

    QToolBar *bar = addToolBar(tr("Apply"));
    bar->setObjectName(QStringLiteral("applyBar"));
    bar->addAction(m_liveAction);
    bar->addAction(m_applyAction);
    bar->addAction(restore);

    QMenu *settings = menuBar()->addMenu(tr("&Settings"));
    m_revertOnExitAction = settings->addAction(tr("Put back the original tree when Qdisc Studio &closes"));
    m_revertOnExitAction->setObjectName(QStringLiteral("action.revertOnExit"));
    m_revertOnExitAction->setCheckable(true);
    m_revertOnExitAction->setChecked(true);
    m_revertOnExitAction->setToolTip(tr("The helper puts back what was there when this window goes away, even if it crashes"));
    m_askToKeepAction = settings->addAction(tr("&Ask to keep each change (%1 s)").arg(AskToKeepSeconds));
    m_askToKeepAction->setObjectName(QStringLiteral("action.askToKeep"));
    m_askToKeepAction->setCheckable(true);
    m_askToKeepAction->setToolTip(tr("Like a display settings dialog: a change not kept in time is undone by the helper"));
    QMenu *interval = settings->addMenu(tr("Statistics &interval"));
    auto *intervals = new QActionGroup(this);
    for (const int ms : {100, 250, 500, 1000}) {
        //: how often statistics are read; %1 is a number of milliseconds
        QAction *choice = interval->addAction(tr("%1 ms").arg(ms));
        choice->setCheckable(true);
        choice->setChecked(ms == 100);
        intervals->addAction(choice);
        connect(choice, &QAction::triggered, this, [this, ms] { m_poller->setInterval(ms); });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    //: Help menu entry: the demo's short guide (presets, sliders, scenarios, undo)
    help->addAction(tr("&What to try"), this, &MainWindow::showWhatToTry)->setObjectName(QStringLiteral("action.whatToTry"));
    //: Help menu entry: a list of every action that has a key, with its keys
    help->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts)->setObjectName(QStringLiteral("action.shortcuts"));
    //: Help menu entry: the text of the man page (qdisc-studio --help and every subcommand's help)
    m_manualAction = help->addAction(tr("&Manual"), QKeySequence::HelpContents, this, &MainWindow::showManual);
    m_manualAction->setObjectName(QStringLiteral("action.manual"));
    m_manualAction->setEnabled(false); // until setManualSource()
    help->addSeparator();
    help->addAction(tr("&About Qdisc Studio"), this, &MainWindow::showAbout)->setObjectName(QStringLiteral("action.about"));
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        setGeometry(firstRunGeometry(screen()->availableGeometry()));
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    for (auto *splitter : findChildren<QSplitter *>())
        splitter->restoreState(settings.value(QStringLiteral("window/") + splitter->objectName()).toByteArray());
    m_liveAction->setChecked(settings.value(QStringLiteral("apply/live"), true).toBool());
    m_revertOnExitAction->setChecked(settings.value(QStringLiteral("apply/revertOnExit"), true).toBool());
    m_askToKeepAction->setChecked(settings.value(QStringLiteral("apply/askToKeep"), false).toBool());
}

QRect MainWindow::firstRunGeometry(const QRect &available)
{
    // Most of the screen, centred: the charts, the editor and the scenario dock all have room on
    // a laptop, and a large monitor does not get a window of wall size.
    const QSize least(std::min(1024, available.width()), std::min(640, available.height()));
    const QSize most(std::min(1600, available.width()), std::min(1000, available.height()));
    const QSize size = (available.size() * 0.85).expandedTo(least).boundedTo(most);
    QRect geometry(QPoint(0, 0), size);
    geometry.moveCenter(available.center());
    return geometry;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    stopDemo();
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    for (auto *splitter : findChildren<QSplitter *>())
        settings.setValue(QStringLiteral("window/") + splitter->objectName(), splitter->saveState());
    settings.setValue(QStringLiteral("apply/live"), isLive());
    settings.setValue(QStringLiteral("apply/revertOnExit"), m_revertOnExitAction->isChecked());
    settings.setValue(QStringLiteral("apply/askToKeep"), m_askToKeepAction->isChecked());
    event->accept();
}

bool MainWindow::isLive() const
{
    return m_liveAction->isChecked();
}

void MainWindow::setLive(bool live)
{
    m_liveAction->setChecked(live);
}

ApplyOptions MainWindow::applyOptions() const
{
    ApplyOptions options;
    options.revertOnExit = m_revertOnExitAction->isChecked();
    options.revertAfterSeconds = m_askToKeepAction->isChecked() ? AskToKeepSeconds : 0;
    return options;
}

// --- the backend -----------------------------------------------------------------------------

void MainWindow::connectBackend()
{
    TargetBackend *backend = m_backend.get();
    // The targets list names each root qdisc: after any change (a drag sends many, a revert, a
    // restore, tc elsewhere) list them again, once things settle; and when a namespace comes or goes.
    auto *relist = new QTimer(this);
    relist->setObjectName(QStringLiteral("targets.relist"));
    relist->setSingleShot(true);
    relist->setInterval(500);
    connect(relist, &QTimer::timeout, backend, &TargetBackend::listTargets);
    m_containerCheck = new QTimer(this);
    m_containerCheck->setObjectName(QStringLiteral("targets.containerCheck"));
    m_containerCheck->setInterval(3000);
    connect(m_containerCheck, &QTimer::timeout, backend, &TargetBackend::listTargets);
    const auto relistSoon = [relist] { relist->start(); };
    connect(backend, &TargetBackend::applied, relist, [relistSoon](const QString &, const BackendApplyResult &result) {
        if (result.ok && !result.plan.isEmpty())
            relistSoon();
    });
    connect(backend, &TargetBackend::reverted, relist, relistSoon);
    connect(backend, &TargetBackend::restored, relist, relistSoon);
    connect(backend, &TargetBackend::treeChanged, relist, relistSoon);
    auto *namespaces = new QFileSystemWatcher(this);
    if (QDir(QStringLiteral("/run/netns")).exists())
        namespaces->addPath(QStringLiteral("/run/netns"));
    else if (QDir(QStringLiteral("/run")).exists())
        namespaces->addPath(QStringLiteral("/run")); // until ip netns makes the folder
    connect(namespaces, &QFileSystemWatcher::directoryChanged, relist, [namespaces, relistSoon] {
        if (!namespaces->directories().contains(QStringLiteral("/run/netns")) && QDir(QStringLiteral("/run/netns")).exists()) {
            namespaces->removePath(QStringLiteral("/run"));
            namespaces->addPath(QStringLiteral("/run/netns"));
        }
        relistSoon();
    });
    m_status->setBackend(backend->isAvailable(), backend->describe());
    connect(backend, &TargetBackend::availabilityChanged, this, [this](bool available, const QString &description) {
        m_status->setBackend(available, m_backendNote.isEmpty() ? description : m_backendNote);
    });
    connect(backend, &TargetBackend::targetsListed, m_targets, &TargetsPane::setTargets);
    connect(backend, &TargetBackend::targetsListed, this, &MainWindow::onTargetsListed);
    connect(backend, &TargetBackend::hostAdded, this, &MainWindow::onHostAdded);
    connect(backend, &TargetBackend::treeRead, this, &MainWindow::onTreeRead);
    connect(m_applier, &LiveApplier::finished, this, &MainWindow::onApplied);
    connect(backend, &TargetBackend::restored, this, [this](const QString &target, const BackendApplyResult &result) {
        m_status->setError(result.ok ? QString() : result.error);
        if (result.ok && target == m_target) {
            // The read shows the original and puts what it replaced on the undo stack.
            m_beforeRestore = std::exchange(m_restoring, std::nullopt);
            m_reloadOnRead = true;
            m_editsSinceReload = 0;
            m_backend->readTree(target);
            statusBar()->showMessage(tr("%1 is back to its original tree").arg(target), 5000);
        } else {
            m_restoring.reset();
        }
    });
    connect(backend, &TargetBackend::reverted, this, [this](const QString &target, const QString &reason) {
        if (target != m_target || reason == u"restore")
            return;
        m_status->stopCountdown();
        statusBar()->showMessage(tr("The helper put back the previous tree of %1 (%2)").arg(target, reason), 8000);
        m_reloadOnRead = true;
        m_editsSinceReload = 0;
        m_backend->readTree(target);
    });
    connect(backend, &TargetBackend::treeChanged, this, [this](const QString &target) {
        // A change made elsewhere (tc, another window): show what the kernel holds once our own
        // requests have settled, so a drag is never yanked back mid-way.
        if (target == m_target)
            reloadFromKernel();
    });
    connect(backend, &TargetBackend::applied, this, [this](const QString &target, const BackendApplyResult &result) {
        if (!m_sideApplies.remove(target))
            return; // the chosen target's own applies are LiveApplier's
        if (!result.ok)
            m_status->setError(aboutTarget(target, result.error));
        else
            statusBar()->showMessage(tr("%1 holds its tree").arg(target), 5000);
    });
    connect(backend, &TargetBackend::confirmed, this, [this](const QString &, bool ok, const QString &error) {
        statusBar()->showMessage(ok ? tr("Change kept") : error, 5000);
    });
}

void MainWindow::openTargetWhenListed(const QString &target)
{
    m_requestedTarget = target;
    QString error;
    const auto remote = SshTarget::isRemote(target) ? SshTarget::parse(target, &error) : std::nullopt;
    const QString hostPrefix = remote ? SshTarget::Scheme.toString() + remote->host.toString() + u'/' : QString();
    const bool hostListed = remote && std::any_of(m_targets->targets().cbegin(), m_targets->targets().cend(),
                                                  [&](const QString &t) { return t.startsWith(hostPrefix); });
    if (remote && !hostListed)
        addHost(remote->host.toString()); // its list follows once ssh has logged in
    else
        m_backend->listTargets();
}

void MainWindow::addHost(const QString &host)
{
    // Pending under the name the answer will carry.
    QString ignored;
    const auto parsed = SshHost::parse(host.trimmed(), &ignored);
    m_targets->setHostPending(parsed ? parsed->toString() : host);
    m_backend->addHost(host);
}

void MainWindow::onHostAdded(const QString &host, const QString &error)
{
    if (error.isEmpty()) {
        m_targets->hostReady(host);
        statusBar()->showMessage(tr("%1 reached over ssh: its targets are listed").arg(host), 5000);
        return;
    }
    m_targets->hostFailed(host, error);
    m_status->setError(error);
    if (m_requestedTarget.startsWith(SshTarget::Scheme.toString() + host + u'/'))
        Q_EMIT targetUnknown(std::exchange(m_requestedTarget, QString()), error);
}

void MainWindow::followContainerRestart(const QList<TargetInfo> &targets)
{
    for (const TargetInfo &t : targets) {
        if (t.target() != m_target || !t.container)
            continue;
        const QString instance = t.container->instance();
        const QString previous = std::exchange(m_containerInstance, instance);
        if (previous.isEmpty() || previous == instance)
            return;
        //: %1 is a target such as docker:r1/eth1
        statusBar()->showMessage(tr("The container of %1 restarted: showing its new instance").arg(m_target), 8000);
        m_reopening = true;
        chooseTarget(m_target);
        return;
    }
}

void MainWindow::onTargetsListed(const QList<TargetInfo> &targets, const QString &error)
{
    followContainerRestart(targets);
    if (m_requestedTarget.isEmpty())
        return;
    // Another host's target waits for that host's list, which follows this machine's.
    if (SshTarget::isRemote(m_requestedTarget)) {
        const QString prefix = m_requestedTarget.section(u'/', 0, 2) + u'/';
        if (std::none_of(targets.cbegin(), targets.cend(), [&](const TargetInfo &t) { return t.target().startsWith(prefix); }))
            return;
    }
    const QString wanted = std::exchange(m_requestedTarget, QString());
    QStringList names;
    for (const TargetInfo &t : targets) {
        if (t.target() == wanted) {
            chooseTarget(wanted);
            return;
        }
        names.append(t.target());
    }
    QString message = error.isEmpty()
                          //: %1 is the target asked for on the command line, %2 the targets there are
                          ? tr("no target %1 (targets: %2)").arg(wanted, names.isEmpty() ? tr("none") : names.join(QStringLiteral(", ")))
                          : tr("cannot list the targets to find %1: %2").arg(wanted, error);
    m_status->setError(message);
    Q_EMIT targetUnknown(wanted, message);
}

void MainWindow::chooseTarget(const QString &target)
{
    m_loadingTarget = target;
    m_reloadOnRead = false;
    m_targets->setCurrentTarget(target);
    m_backend->readTree(target);
}

void MainWindow::onTreeRead(const QString &target, const std::optional<QdiscTree> &tree, const QString &error, const QList<NodeStats> &counters)
{
    const bool choosing = target == m_loadingTarget;
    const bool reloading = target == m_target && m_reloadOnRead;
    if (!choosing && !reloading)
        return;
    if (!tree) {
        m_status->setError(tr("Cannot read %1: %2").arg(target, error));
        return;
    }
    if (reloading && !choosing) {
        m_reloadOnRead = false;
        // Edits made since the read was asked for are newer than what it saw: they win.
        if (m_editsSinceReload != 0 || m_applier->isBusy() || m_dragBefore)
            return;
        const std::optional<QdiscTree> beforeRestore = std::exchange(m_beforeRestore, std::nullopt);
        if (!TcPlanner(PschedClock::system()).plan(*tree, m_model->tree()).isEmpty()) {
            // A playing scenario says so in its banner; this message would repeat with every step.
            if (!isScenarioDriving() && !beforeRestore)
                statusBar()->showMessage(tr("The tree of %1 was changed outside this window; showing what the kernel holds").arg(target), 8000);
            // The user keeps looking at the rows they chose: a scenario changes values many times a
            // minute, and a tc command elsewhere should not throw the selection away either.
            m_undo->clear();
            if (!updateParamsInPlace(*tree))
                showTreeKeepingSelection(*tree);
        }
        if (beforeRestore) // Undo puts back what Restore original replaced; the original is shown already
            m_undo->push(new TreeEditCommand(tr("Restore original"), *beforeRestore, *tree, [this](const QdiscTree &t) { setTreeFromHistory(t); }));
        return; // errors shown stay: a scenario's failure must not vanish with the next read
    }
    m_loadingTarget.clear();
    if (m_target != target || std::exchange(m_reopening, false)) {
        if (m_target != target)
            m_containerInstance.clear();
        m_target = target;
        // A container can restart under the same name, its namespace and tree with it: the
        // targets list (its start time) says when. The statistics' failing dumps ask at once.
        QString netns;
        QString device;
        QdiscTree::splitTarget(target, &netns, &device);
        if (NetworkNamespace::isContainer(netns)) {
            m_containerCheck->start();
            m_backend->listTargets();
        } else {
            m_containerCheck->stop();
        }
        QString statsError;
        auto engine = m_backend->openForStats(target, &statsError);
        if (engine) {
            m_poller->setEngine(std::move(engine));
            // The counters the read saw are the first sample: the classes of a big tree are not
            // dumped a second time at once.
            if (!counters.isEmpty())
                m_poller->ingest(counters);
        } else {
            m_status->setError(tr("No statistics for %1: %2").arg(target, statsError));
        }
        m_backend->watch(target);
        m_charts->clearMarkers(); // they marked another target's changes
        m_scenarioPanel->setTarget(target);
        updateEditingAllowed(); // a scenario on the previous target plays on, without driving this one
        if (m_demo && target == m_demo->lab().target)
            setWindowTitle(tr("Demo lab — Qdisc Studio"));
        else
            //: window title; %1 is the target: an interface, "namespace/interface" inside a namespace
            setWindowTitle(tr("%1 — Qdisc Studio").arg(target));
    }
    m_undo->clear();
    m_model->setTree(*tree);
    m_poller->resetNodes();
    m_treeView->expandAll();
    if (m_model->rowCount() > 0)
        m_treeView->setCurrentIndex(m_model->index(0, 0));
    showInEditor();
    m_status->setError({});
    log::get("window")->info("showing {}: {} qdiscs, {} classes, {} filters", target.toStdString(), tree->qdiscs.size(),
                             tree->classes.size(), tree->filters.size());
    if (m_firstPresetWhenShown && m_demo && target == m_demo->lab().target) {
        // The demo starts shaped, so the charts and the Measured panel move from the first
        // second; a lab that already holds a tree (someone else's) keeps it.
        m_firstPresetWhenShown = false;
        if (tree->qdiscs.isEmpty())
            applyProfile(LabPresets::all().first());
    }
}

void MainWindow::reloadFromKernel()
{
    // A change made elsewhere (tc, another window, a scenario): show what the kernel holds once
    // our own requests have settled, so a drag is never yanked back mid-way.
    if (m_target.isEmpty() || m_applier->isBusy() || m_dragBefore)
        return;
    m_reloadOnRead = true;
    m_editsSinceReload = 0;
    m_backend->readTree(m_target);
}

bool MainWindow::updateParamsInPlace(const QdiscTree &tree)
{
    const QdiscTree &shown = m_model->tree();
    if (shown.qdiscs.size() != tree.qdiscs.size() || shown.classes.size() != tree.classes.size())
        return false;
    // Same nodes in the same places with the kernel's parameters must be the kernel's tree;
    // anything else (a filter, a kind, a node more or less) takes a reset.
    QdiscTree same = shown;
    for (qsizetype i = 0; i < tree.qdiscs.size(); ++i) {
        const QdiscNode &from = shown.qdiscs.at(i);
        const QdiscNode &to = tree.qdiscs.at(i);
        if (from.handle != to.handle || from.parent != to.parent || !from.params.sameKind(to.params))
            return false;
        same.qdiscs[i].params = to.params;
    }
    for (qsizetype i = 0; i < tree.classes.size(); ++i) {
        if (shown.classes.at(i).classId != tree.classes.at(i).classId || shown.classes.at(i).parent != tree.classes.at(i).parent)
            return false;
        same.classes[i].params = tree.classes.at(i).params;
    }
    if (!(same == tree))
        return false;
    // Each change is an edit of the model (O(tree)): only the nodes that changed, so a kernel
    // change to one class of 10 000 is one edit, not 10 000.
    for (qsizetype i = 0; i < tree.qdiscs.size(); ++i) {
        const QdiscNode &node = tree.qdiscs.at(i);
        if (node.params == shown.qdiscs.at(i).params)
            continue;
        NodeRef ref{NodeRef::Type::Qdisc, node.handle, node.handle.isUnspec() ? node.parent : TcHandle(), -1};
        if (!m_model->setQdiscParams(m_model->indexOf(ref), node.params))
            return false;
    }
    for (qsizetype i = 0; i < tree.classes.size(); ++i) {
        const ClassNode &node = tree.classes.at(i);
        if (node.params == shown.classes.at(i).params)
            continue;
        if (!m_model->setClassParams(m_model->indexOf(NodeRef{NodeRef::Type::Class, node.classId, {}, -1}), node.params))
            return false;
    }
    showInEditor();
    return true;
}

void MainWindow::showTreeKeepingSelection(const QdiscTree &tree)
{
    QList<NodeRef> selected;
    for (const QModelIndex &index : m_treeView->selectionModel()->selectedRows()) {
        if (const auto ref = m_model->refAt(index))
            selected.append(*ref);
    }
    const auto current = m_model->refAt(m_treeView->currentIndex());
    m_model->setTree(tree);
    m_poller->resetNodes();
    m_treeView->expandAll();
    QItemSelection again;
    for (const NodeRef &ref : std::as_const(selected)) {
        const QModelIndex index = m_model->indexOf(ref);
        if (index.isValid())
            again.select(index, index);
    }
    const QModelIndex currentAgain = current ? m_model->indexOf(*current) : QModelIndex();
    if (currentAgain.isValid())
        m_treeView->selectionModel()->setCurrentIndex(currentAgain, QItemSelectionModel::NoUpdate);
    if (!again.isEmpty())
        m_treeView->selectionModel()->select(again, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    else if (m_model->rowCount() > 0)
        m_treeView->setCurrentIndex(m_model->index(0, 0));
    showInEditor();
}

void MainWindow::onApplied(const QString &target, const BackendApplyResult &result)
{
    m_status->setLatency(result.latencyUs);
    m_status->setError(result.ok ? QString() : aboutTarget(target, result.error));
    if (result.ok && !result.plan.isEmpty())
        m_poller->resetNodes();
    if (result.ok && applyOptions().revertAfterSeconds && !result.plan.isEmpty())
        m_status->startCountdown(result.transaction, applyOptions().revertAfterSeconds);
}

// --- editing ---------------------------------------------------------------------------------

void MainWindow::onSelectionChanged()
{
    showInEditor();
    QList<quint64> keys;
    QStringList labels;
    QModelIndexList rows = m_treeView->selectionModel()->selectedRows();
    if (rows.isEmpty() && m_treeView->currentIndex().isValid())
        rows.append(m_treeView->currentIndex().siblingAtColumn(0));
    for (const QModelIndex &index : std::as_const(rows)) {
        QModelIndex charted = index;
        // A filter has no counters of its own: what it steers is counted by the class it sends to.
        if (const auto ref = m_model->refAt(index); ref && ref->type == NodeRef::Type::Filter && ref->filterIndex >= 0
                                                     && ref->filterIndex < m_model->tree().filters.size()) {
            const TcHandle classId = m_model->tree().filters.at(ref->filterIndex).classId;
            charted = !classId.isUnspec() ? m_model->indexOf(NodeRef{NodeRef::Type::Class, classId, {}, -1}) : QModelIndex();
        }
        const quint64 key = charted.isValid() ? charted.data(TreeModel::StatsKeyRole).toULongLong() : 0;
        if (key && !keys.contains(key)) {
            keys.append(key);
            labels.append(charted.data().toString());
        }
    }
    m_charts->setNodes(keys, labels);
    m_chartedKeys = keys;
    scheduleFocus();
}

QString MainWindow::editorHint() const
{
    if (m_target.isEmpty()) {
        if (m_demo)
            return tr("The demo lab is being built…");
        //: the editor's hint on a plain start; Target ▸ Demo lab is a menu entry
        return tr("Choose an interface under <b>Targets</b> to see the tree the kernel holds on it.<br><br>"
                  "New here? <b>Target ▸ Demo lab</b> opens a private network with live traffic, where "
                  "nothing of this machine is touched.");
    }
    if (m_model->rowCount() == 0)
        //: the editor's hint on a target without a qdisc of its own; %1 is the target
        return tr("%1 has no qdisc of its own: the kernel's default queue serves it.<br><br>To start: "
                  "<b>Add</b> a qdisc (above the tree), double-click a preset under <b>Profiles</b>, or paste "
                  "tc commands (<b>File ▸ Paste tc commands…</b>, Ctrl+Shift+V).")
            .arg(m_target.toHtmlEscaped());
    return tr("Select a qdisc, class or filter");
}

void MainWindow::showInEditor()
{
    const auto ref = m_model->refAt(m_treeView->currentIndex());
    if (!ref) {
        m_editor->setHint(editorHint());
        m_editor->clear();
        return;
    }
    const QdiscTree &tree = m_model->tree();
    switch (ref->type) {
    case NodeRef::Type::Qdisc: {
        const QdiscNode *node = ref->id.isUnspec() ? tree.qdiscAt(ref->parent) : tree.qdisc(ref->id);
        if (node)
            m_editor->setQdisc(*node);
        else
            m_editor->clear();
        break;
    }
    case NodeRef::Type::Class:
        if (const ClassNode *node = tree.findClass(ref->id))
            m_editor->setClass(*node);
        break;
    case NodeRef::Type::Filter:
        if (ref->filterIndex < 0 || ref->filterIndex >= tree.filters.size() || tree.filters[ref->filterIndex].isForeign()) {
            m_editor->setHint(tr("This filter is kept as the kernel reported it: Qdisc Studio does not edit its kind."));
            m_editor->clear();
        } else
            m_editor->setFilter(tree.filters[ref->filterIndex]);
        break;
    }
}

void MainWindow::editSelected(const std::function<bool()> &edit, bool final, const QString &what)
{
    if (refuseWhileScenarioDrives()) {
        showInEditor(); // the editor shows the kernel's values again
        return;
    }
    if (!m_dragBefore)
        m_dragBefore = m_model->tree();
    edit();
    submitIfLive();
    if (final) {
        if (!(*m_dragBefore == m_model->tree()))
            m_undo->push(new TreeEditCommand(what, *m_dragBefore, m_model->tree(), [this](const QdiscTree &tree) { setTreeFromHistory(tree); }));
        m_dragBefore.reset();
    }
}

void MainWindow::editStructure(const QString &what, const std::function<bool()> &edit)
{
    if (refuseWhileScenarioDrives())
        return;
    const QdiscTree before = m_model->tree();
    if (!edit())
        return;
    m_undo->push(new TreeEditCommand(what, before, m_model->tree(), [this](const QdiscTree &tree) { setTreeFromHistory(tree); }));
    m_treeView->expandAll();
    showInEditor();
    submitIfLive();
}

void MainWindow::setTreeFromHistory(const QdiscTree &tree)
{
    if (refuseWhileScenarioDrives())
        return;
    const auto ref = m_model->refAt(m_treeView->currentIndex());
    m_model->setTree(tree);
    m_treeView->expandAll();
    if (ref) {
        const QModelIndex again = m_model->indexOf(*ref);
        if (again.isValid())
            m_treeView->setCurrentIndex(again);
    }
    showInEditor();
    submitIfLive();
}

void MainWindow::submitIfLive()
{
    ++m_editsSinceReload;
    if (isLive())
        applyNow();
}

void MainWindow::applyNow()
{
    if (m_target.isEmpty() || refuseWhileScenarioDrives())
        return;
    QStringList errors;
    for (const ValidationIssue &issue : m_model->tree().validate())
        if (issue.isError())
            errors.append(issue.toString());
    if (!errors.isEmpty()) {
        m_status->setError(tr("Not applied: %1").arg(errors.join(QStringLiteral("; "))));
        return;
    }
    QdiscTree tree = m_model->tree();
    QdiscTree::splitTarget(m_target, &tree.netns, &tree.device);
    m_applier->submit(m_target, tree, applyOptions());
}

void MainWindow::applyProfile(const Profile &profile)
{
    if (isScenarioDriving()) {
        //: asked when a profile is double-clicked while a scenario plays; %1 is the profile
        askToStopScenario(tr("Stop it and apply “%1”?").arg(profile.name), [this, profile] { applyProfile(profile); });
        return;
    }
    if (profile.trees.size() > 1) {
        // Trees for several devices: ask where each goes, as --map says it on the command line.
        if (m_target.isEmpty()) {
            statusBar()->showMessage(tr("Choose a target to apply \"%1\" to").arg(profile.name), 5000);
            return;
        }
        TargetMapDialog dialog(profile, m_targets->targets(), m_target, this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        applyMapped(profile.name, dialog.trees());
        return;
    }
    const auto tree = profile.treeFor(m_target.isEmpty() ? QStringLiteral("DEV") : m_target);
    if (!tree) {
        m_status->setError(tr("Profile \"%1\" has no tree for %2").arg(profile.name, m_target));
        return;
    }
    editStructure(tr("Apply profile %1").arg(profile.name), [&] {
        m_model->setTree(*tree);
        return true;
    });
    if (!m_treeView->currentIndex().isValid() && m_model->rowCount() > 0)
        m_treeView->setCurrentIndex(m_model->index(0, 0)); // its editor and charts, as after choosing a target
    if (!isLive())
        applyNow(); // a double-click means "apply", live or not
    const QString madeFor = m_target.isEmpty() ? QString() : profile.madeFor(m_target);
    statusBar()->showMessage(m_target.isEmpty()     ? tr("Choose a target to apply \"%1\" to").arg(profile.name)
                             : madeFor.isEmpty()    ? tr("Applying \"%1\" to %2").arg(profile.name, m_target)
                                                    //: %2 is the device the profile was made for, %3 the chosen target
                                                    : tr("Applying \"%1\", made for %2, to %3").arg(profile.name, madeFor, m_target),
                             5000);
}

void MainWindow::applyMapped(const QString &name, const QList<QdiscTree> &trees)
{
    // The trees of other targets go straight to the kernel, ifb devices first (TargetMap's
    // order), before the chosen target's own tree, whose redirects name them.
    std::optional<QdiscTree> here;
    QStringList targets;
    for (const QdiscTree &tree : trees) {
        targets.append(tree.target());
        if (tree.target() == m_target) {
            here = tree;
            continue;
        }
        m_sideApplies.insert(tree.target());
        m_backend->apply(tree.target(), tree, applyOptions());
    }
    if (here) {
        editStructure(tr("Apply profile %1").arg(name), [&] {
            m_model->setTree(*here);
            return true;
        });
        if (!m_treeView->currentIndex().isValid() && m_model->rowCount() > 0)
            m_treeView->setCurrentIndex(m_model->index(0, 0));
        if (!isLive())
            applyNow();
    }
    //: %2 lists targets: "lab/ifb0, lab/va"
    statusBar()->showMessage(tr("Applying \"%1\" to %2").arg(name, targets.join(QStringLiteral(", "))), 5000);
}

void MainWindow::restoreOriginal()
{
    if (m_target.isEmpty())
        return;
    if (isScenarioDriving()) {
        askToStopScenario(tr("Stop it and put back the original tree?"), [this] { putBackOriginal(); });
        return;
    }
    QMessageBox box(QMessageBox::Question, tr("Restore original"),
                    //: %1 is the target (eth0, lab/va)
                    tr("Put back the tree %1 had before Qdisc Studio first changed it?").arg(m_target), QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("confirm.restore"));
    box.setInformativeText(tr("The tree shown now is replaced in the kernel. Edit → Undo brings it back."));
    QPushButton *restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(restore);
    box.exec();
    if (box.clickedButton() == restore)
        putBackOriginal();
}

void MainWindow::putBackOriginal()
{
    if (m_target.isEmpty())
        return;
    m_restoring = m_model->tree();
    m_backend->restore(m_target);
}

void MainWindow::fillAddMenu()
{
    m_addMenu->clear();
    // Persistent: the tree may change under an open menu (a reload, an answer from the kernel).
    const QPersistentModelIndex parent = m_treeView->currentIndex().siblingAtColumn(0);
    const QPersistentModelIndex at = m_model->rowCount() == 0 ? QPersistentModelIndex() : parent;
    for (const QdiscKindOps *kind : m_model->kindsAllowedAt(at)) {
        const QString name(kind->name);
        //: Add menu entry; %1 is a qdisc kind as tc names it (netem, htb, fq_codel)
        QAction *action = m_addMenu->addAction(tr("%1 qdisc").arg(name));
        action->setObjectName(QStringLiteral("add.") + name);
        KernelMark::markAction(action, KernelModules::qdiscModule(name));
        connect(action, &QAction::triggered, this, [this, at, kind, name] {
            editStructure(tr("Add %1").arg(name), [&] {
                const QModelIndex added = m_model->addQdisc(at, *kind);
                if (added.isValid())
                    m_treeView->setCurrentIndex(added);
                return added.isValid();
            });
        });
    }
    const QString kind = parent.data(TreeModel::KindRole).toString();
    const QdiscKindOps *parentKind = Kinds::qdisc(kind);
    if (parent.isValid() && parentKind && parentKind->classKind) {
        //: Add menu entry: a class of a classful qdisc; %1 is its kind (htb, hfsc)
        QAction *action = m_addMenu->addAction(tr("%1 class").arg(kind));
        action->setObjectName(QStringLiteral("add.class"));
        connect(action, &QAction::triggered, this, [this, parent] {
            editStructure(tr("Add class"), [&] {
                const QModelIndex added = m_model->addClass(parent);
                if (added.isValid())
                    m_treeView->setCurrentIndex(added);
                return added.isValid();
            });
        });
    }
    const auto ref = m_model->refAt(parent);
    if (parent.isValid() && ref && ref->type == NodeRef::Type::Qdisc && parentKind && parentKind->filterBlock) {
        for (const FilterKindOps *filterKind : Kinds::filters()) {
            const QString name(filterKind->name);
            //: Add menu entry: a filter of one of tc's classifiers; %1 is its kind (u32, flower)
            QAction *action = m_addMenu->addAction(tr("%1 filter").arg(name));
            // The first kind keeps the name older tests and scripts know.
            action->setObjectName(filterKind == Kinds::filters().first() ? QStringLiteral("add.filter")
                                                                         : QStringLiteral("add.filter.") + name);
            KernelMark::markAction(action, QString(filterKind->module));
            connect(action, &QAction::triggered, this, [this, parent, filterKind] {
                editStructure(tr("Add filter"), [&] {
                    const QModelIndex added = m_model->addFilter(parent, *filterKind);
                    if (added.isValid())
                        m_treeView->setCurrentIndex(added);
                    return added.isValid();
                });
            });
        }
    }
    if (m_addMenu->isEmpty())
        m_addMenu->addAction(tr("Nothing can be added here"))->setEnabled(false);
}

void MainWindow::fillKindMenu()
{
    m_kindMenu->clear();
    const QPersistentModelIndex index = m_treeView->currentIndex().siblingAtColumn(0);
    const auto ref = m_model->refAt(index);
    if (!ref || ref->type != NodeRef::Type::Qdisc) {
        m_kindMenu->addAction(tr("Select a qdisc"))->setEnabled(false);
        return;
    }
    for (const QdiscKindOps *kind : Kinds::qdiscs()) {
        if (kind->placement == QdiscPlacement::IngressHook)
            continue;
        const QString name(kind->name);
        QAction *action = m_kindMenu->addAction(name);
        action->setObjectName(QStringLiteral("kind.") + name);
        KernelMark::markAction(action, KernelModules::qdiscModule(name));
        connect(action, &QAction::triggered, this, [this, index, kind, name] {
            //: undo step; %1 is a qdisc kind as tc names it
            editStructure(tr("Change kind to %1").arg(name), [&] { return m_model->changeKind(index, *kind); });
        });
    }
}

void MainWindow::refreshCommands()
{
    // The script of a big tree is megabytes of text: made when its tab is looked at.
    const QdiscTree &shown = m_model->tree();
    const qsizetype nodes = shown.qdiscs.size() + shown.classes.size() + shown.filters.size();
    m_commandsDirty = nodes > 1000 && m_commandsPane && !m_commandsPane->isVisible();
    if (m_commandsDirty)
        return;
    QdiscTree tree = shown;
    if (m_target.isEmpty()) {
        tree.netns.clear();
        tree.device = QStringLiteral("DEV");
    } else {
        QdiscTree::splitTarget(m_target, &tree.netns, &tree.device);
    }
    //: a comment in a shell script of tc commands: keep the leading "# "
    m_commands->setPlainText(tree.isEmpty() ? tr("# the device's default qdisc: nothing to configure\n") : TcExporter::script({tree}));
}

void MainWindow::importCommands()
{
    ImportDialog dialog(this);
    dialog.setTarget(m_target);
    if (dialog.exec() != QDialog::Accepted || !dialog.result().ok() || dialog.result().trees.isEmpty())
        return;
    Profile pasted;
    pasted.name = tr("pasted commands");
    pasted.trees = dialog.result().trees;
    applyProfile(pasted); // one tree onto the chosen target, several where the user says
}

// --- the demo lab ------------------------------------------------------------------------------

void MainWindow::setBackendNote(const QString &note)
{
    m_backendNote = note;
    m_status->setBackend(m_backend->isAvailable(), backendDescription());
}

QString MainWindow::backendDescription() const
{
    return m_backendNote.isEmpty() ? m_backend->describe() : m_backendNote;
}

void MainWindow::startDemo()
{
    if (m_demo)
        return;
    m_demo = new DemoSession(m_backend.get(), this);
    m_measured = new MeasuredPanel(this);

    // The measured figures go beside the configured ones: the editor and the panel share the
    // right side of the top row.
    auto *side = new QSplitter(Qt::Horizontal, this);
    side->setObjectName(QStringLiteral("demoSplitter"));
    side->setChildrenCollapsible(false);
    const QList<int> topSizes = m_topSplitter->sizes();
    m_topSplitter->replaceWidget(m_topSplitter->indexOf(m_editor), side);
    side->addWidget(m_editor);
    // Scrolls rather than squeezes on a small screen.
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("measuredScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(m_measured);
    scroll->setMinimumWidth(m_measured->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
    side->addWidget(scroll);
    side->setStretchFactor(0, 1);
    side->setStretchFactor(1, 1);
    // The tree keeps a third (its summaries are what a row says); the editor and the figures
    // share the rest, and all three grow and give way alike.
    const int topWidth = std::max(1000, topSizes.value(0) + topSizes.value(1));
    m_topSplitter->setSizes({topWidth * 36 / 100, topWidth * 64 / 100});
    m_topSplitter->setStretchFactor(0, 1);
    m_topSplitter->setStretchFactor(1, 2);
    side->setSizes({topWidth * 34 / 100, topWidth * 30 / 100});
    // The lab's hosts are listed by name in the targets pane: a little more room on the left.
    if (auto *main = findChild<QSplitter *>(QStringLiteral("mainSplitter")); main && main->sizes().value(0) < 300) {
        const QList<int> sizes = main->sizes();
        main->setSizes({300, std::max(0, sizes.value(0) + sizes.value(1) - 300)});
    }
    side->restoreState(QSettings().value(QStringLiteral("window/demoSplitter")).toByteArray());

    const QList<Profile> presets = LabPresets::all();
    m_profiles->setLeadingPresets(presets);
    m_profiles->select(presets.first().name);
    m_firstPresetWhenShown = true;
    if (m_demoAction)
        m_demoAction->setEnabled(false);
    // Above the tree, the editor and the figures: across them it takes two or three lines,
    // where the tree's pane alone made it a column of words.
    if (auto *topLayout = qobject_cast<QVBoxLayout *>(m_topSplitter->parentWidget()->layout()))
        topLayout->insertWidget(0, buildWhatToTry());
    showInEditor(); // "being built"

    connect(m_demo, &DemoSession::ready, this, [this](const LabInfo &lab) {
        //: the demo lab's sending host in the targets list
        m_targets->setNamespaceLabel(lab.namespaceA, tr("lab host a (sender)"));
        //: the demo lab's receiving host in the targets list
        m_targets->setNamespaceLabel(lab.namespaceB, tr("lab host b (receiver)"));
        m_backend->listTargets(); // the lab's namespaces are new
        chooseTarget(lab.target);
        m_measured->setTraffic(m_demo->traffic());
        updateModeLabel();
        statusBar()->showMessage(tr("The demo lab is ready: double-click a preset to put it on the lab's link"), 10000);
    });
    connect(m_demo, &DemoSession::failed, this, [this](const QString &message) {
        m_measured->showProblem(message);
        m_status->setError(message);
        updateModeLabel();
    });
    const auto changed = [this](const QString &target) {
        if (m_demo && m_demo->state() == DemoSession::State::Running && target == m_demo->lab().target)
            m_measured->markChanged();
    };
    connect(m_backend.get(), &TargetBackend::applied, this, [changed](const QString &target, const BackendApplyResult &result) {
        if (result.ok && !result.plan.isEmpty())
            changed(target);
    });
    connect(m_backend.get(), &TargetBackend::reverted, this, [changed](const QString &target, const QString &) { changed(target); });
    updateModeLabel();
    m_demo->start();
}

QWidget *MainWindow::buildWhatToTry()
{
    auto *bar = new QFrame(this);
    bar->setObjectName(QStringLiteral("whatToTry"));
    bar->setFrameShape(QFrame::StyledPanel);
    bar->setAutoFillBackground(true);
    bar->setBackgroundRole(QPalette::ToolTipBase);
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(6, 4, 4, 4);
    auto *text = new QLabel(whatToTryText(), bar);
    text->setObjectName(QStringLiteral("whatToTry.text"));
    text->setWordWrap(true);
    text->setForegroundRole(QPalette::ToolTipText);
    followHeightForWidth(text);
    layout->addWidget(text, 1);
    auto *close = new QToolButton(bar);
    close->setObjectName(QStringLiteral("whatToTry.close"));
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Hide this line"));
    connect(close, &QToolButton::clicked, bar, &QWidget::hide);
    layout->addWidget(close, 0, Qt::AlignTop);
    return bar;
}

QString MainWindow::whatToTryText()
{
    return tr("<b>What to try:</b> double-click another preset under <b>Profiles</b> and watch the "
              "Measured panel; drag a slider in the editor (the kernel follows as you drag); play a "
              "scenario from the <b>Scenario</b> panel; Ctrl+Z takes a change back.");
}

void MainWindow::stopDemo()
{
    if (!m_demo)
        return;
    if (m_measured)
        m_measured->setTraffic(nullptr);
    m_demo->stop();
    updateModeLabel();
}

void MainWindow::updateModeLabel()
{
    if (!m_demo) {
        m_modeLabel->hide();
        return;
    }
    const LabInfo &lab = m_demo->lab();
    switch (m_demo->state()) {
    case DemoSession::State::Idle:
    case DemoSession::State::Creating:
        m_modeLabel->setText(tr("Demo lab: building…"));
        m_modeLabel->setToolTip(tr("Two private network namespaces joined by a veth pair are being built"));
        break;
    case DemoSession::State::Running:
        //: status bar; %1 is the lab's id (its namespaces are qs-lab-<id>-a and -b)
        m_modeLabel->setText(tr("Demo lab %1: a private network, nothing else is touched").arg(lab.id));
        //: %1, %2: network namespaces; %3: the interface the impairment goes on
        m_modeLabel->setToolTip(tr("A private network made for this window: host a (%1) sends to host b (%2) over one link; "
                                   "the impairment goes on %3. Nothing outside the lab is touched, and the lab goes away "
                                   "when the window closes.")
                                    .arg(lab.namespaceA, lab.namespaceB, lab.target));
        break;
    case DemoSession::State::Failed:
        m_modeLabel->setText(tr("Demo lab: not available"));
        m_modeLabel->setToolTip(tr("The demo lab could not be built or its traffic stopped; the reason is shown beside it"));
        break;
    case DemoSession::State::Stopped:
        m_modeLabel->setText(tr("Demo lab: removed"));
        m_modeLabel->setToolTip(tr("The lab's traffic stopped and the lab was removed"));
        break;
    }
    m_modeLabel->show();
}

// --- scenarios ---------------------------------------------------------------------------------

QDockWidget *MainWindow::buildScenarioDock()
{
    m_scenarioPanel = new ScenarioPanel(m_backend.get(), this);
    // A dock below everything: the timeline gets the window's whole width, the charts stay in
    // sight beside it, and people who never play scenarios close it (Target ▸ Scenario panel).
    m_scenarioDock = new QDockWidget(tr("Scenario"), this);
    m_scenarioDock->setObjectName(QStringLiteral("scenarioDock"));
    // On a short window the dock gives way to the charts above it and scrolls what it holds.
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("scenarioScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(m_scenarioPanel);
    m_scenarioDock->setWidget(scroll);
    m_scenarioDock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea);
    connect(m_scenarioPanel, &ScenarioPanel::progressChanged, this, &MainWindow::onScenarioProgress);
    connect(m_scenarioPanel, &ScenarioPanel::stepEntered, this, &MainWindow::onScenarioStep);
    connect(m_scenarioPanel, &ScenarioPanel::activeChanged, this, &MainWindow::onScenarioActiveChanged);
    connect(m_scenarioPanel, &ScenarioPanel::commandDone, this, [this](const QString &command, const QString &error) {
        if (command == u"stop" && !error.isEmpty())
            m_afterScenarioStop = {}; // it still plays: the change the user asked for waits no more
    });
    return m_scenarioDock;
}

QWidget *MainWindow::buildScenarioBanner()
{
    auto *banner = new QFrame(this);
    banner->setObjectName(QStringLiteral("scenario.banner"));
    banner->setFrameShape(QFrame::StyledPanel);
    banner->setAutoFillBackground(true);
    QPalette tinted = banner->palette();
    const QColor base = tinted.color(QPalette::Window);
    const QColor highlight = tinted.color(QPalette::Highlight);
    tinted.setColor(QPalette::Window, QColor::fromRgbF(base.redF() * 0.8 + highlight.redF() * 0.2, base.greenF() * 0.8 + highlight.greenF() * 0.2,
                                                       base.blueF() * 0.8 + highlight.blueF() * 0.2));
    banner->setPalette(tinted);
    m_scenarioBannerText = new QLabel(banner);
    m_scenarioBannerText->setObjectName(QStringLiteral("scenario.bannerText"));
    m_scenarioBannerText->setWordWrap(true);
    auto *stop = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("Stop scenario"), banner);
    stop->setObjectName(QStringLiteral("scenario.bannerStop"));
    stop->setToolTip(tr("End playback; then the tree can be edited again"));
    connect(stop, &QPushButton::clicked, this, [this] { m_scenarioPanel->stop(); });
    auto *layout = new QHBoxLayout(banner);
    layout->setContentsMargins(6, 3, 6, 3);
    auto *icon = new QLabel(banner);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MediaPlay).pixmap(16, 16));
    layout->addWidget(icon);
    layout->addWidget(m_scenarioBannerText, 1);
    layout->addWidget(stop);
    banner->hide();
    m_scenarioBanner = banner;
    return banner;
}

bool MainWindow::isScenarioDriving() const
{
    return m_scenarioPanel && m_scenarioPanel->isActive() && !m_target.isEmpty() && m_scenarioPanel->target() == m_target;
}

void MainWindow::onScenarioProgress(const ScenarioProgress &progress)
{
    if (progress.isActive()) {
        //: status bar; %1 the scenario, %2 where it is ("playing step 2 of 3 (Peak), loop 1 of 1")
        m_scenarioStatus->setText(tr("Scenario “%1”: %2").arg(progress.scenario, progress.describe()));
        m_scenarioStatus->show();
        //: banner above the tree; %1 the scenario, %2 the target
        m_scenarioBannerText->setText(tr("<b>“%1” is driving %2</b>: the tree shows what the kernel holds as it plays. "
                                         "Editing waits until it stops.")
                                          .arg(progress.scenario.toHtmlEscaped(), m_target.toHtmlEscaped()));
    } else {
        m_scenarioStatus->hide();
    }
}

void MainWindow::onScenarioStep(const ScenarioProgress &progress, qint64 startNs)
{
    QString label = progress.stepName;
    if (progress.step == 0 && progress.loop > 1)
        //: a chart marker where a scenario's loop begins again; %1 the step, %2 the loop
        label = tr("%1 (loop %2)").arg(progress.stepName).arg(progress.loop);
    m_charts->addMarker(qint64(std::llround(m_charts->toChartTime(startNs))), label, QColor::fromRgb(ScenarioMarkerColor));
    if (m_measured && m_demo && m_target == m_demo->lab().target)
        m_measured->addMarker(startNs, label);
}

void MainWindow::onScenarioActiveChanged(bool active)
{
    updateEditingAllowed();
    const ScenarioProgress &progress = m_scenarioPanel->progress();
    if (active) {
        // Edits before the scenario describe a kernel that is gone; undoing one would fight it.
        m_undo->clear();
        return;
    }
    switch (progress.state) {
    case ScenarioProgress::State::Finished:
        statusBar()->showMessage(tr("Scenario “%1” finished on %2").arg(progress.scenario, m_target), 8000);
        break;
    case ScenarioProgress::State::Failed:
        m_status->setError(tr("Scenario “%1” failed: %2").arg(progress.scenario, progress.error));
        break;
    default:
        statusBar()->showMessage(tr("Scenario stopped on %1").arg(m_target), 8000);
        break;
    }
    reloadFromKernel(); // what the scenario left (usually the tree from before it)
    if (auto then = std::exchange(m_afterScenarioStop, {}))
        then();
}

void MainWindow::updateEditingAllowed()
{
    // While a scenario drives the target the tree is a view of the kernel: a slider would jump
    // under the hand at every ramp update and the next step would undo the edit anyway.
    const bool driving = isScenarioDriving();
    m_scenarioBanner->setVisible(driving);
    m_editor->setEnabled(!driving);
    m_treeBar->setEnabled(!driving);
    m_addMenu->setEnabled(!driving);
    m_kindMenu->setEnabled(!driving);
    m_applyAction->setEnabled(!driving && !isLive());
}

bool MainWindow::refuseWhileScenarioDrives()
{
    if (!isScenarioDriving())
        return false;
    statusBar()->showMessage(tr("A scenario is driving %1: stop it to edit the tree").arg(m_target), 5000);
    return true;
}

void MainWindow::askToStopScenario(const QString &question, std::function<void()> then)
{
    const ScenarioProgress &progress = m_scenarioPanel->progress();
    const Scenario *scenario = m_scenarioPanel->currentScenario();
    const bool restores = !scenario || scenario->onAbort == ScenarioEnding::Restore;
    //: %1 the scenario, %2 the target
    QMessageBox box(QMessageBox::Question, tr("A scenario is playing"),
                    tr("“%1” is playing on %2 and changes its tree as it goes.").arg(progress.scenario, m_target), QMessageBox::NoButton,
                    this);
    box.setInformativeText(question + u' ' +
                           (restores ? tr("Stopping first puts back the tree from before the scenario.")
                                     : tr("Stopping leaves the condition in effect now.")));
    QPushButton *stop = box.addButton(tr("Stop the scenario"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(stop);
    box.exec();
    if (box.clickedButton() != stop || !isScenarioDriving())
        return;
    m_afterScenarioStop = std::move(then);
    m_scenarioPanel->stop();
}

void MainWindow::showWhatToTry()
{
    QMessageBox box(this);
    box.setObjectName(QStringLiteral("whatToTryDialog"));
    box.setWindowTitle(tr("What to try"));
    box.setIcon(QMessageBox::Information);
    box.setText(whatToTryText());
    QPushButton *demo = nullptr;
    if (!m_demo) { // the guide is about the lab: say where it is, and offer to open it
        //: Help ▸ What to try, outside the demo lab: where the guide's Measured panel and presets are
        box.setInformativeText(tr("It shows best in the demo lab: a private network of two namespaces with live traffic, "
                                  "where nothing of this machine is touched."));
        //: button of Help ▸ What to try: builds and opens the demo lab (as Target ▸ Demo lab)
        demo = box.addButton(tr("Open the &demo lab"), QMessageBox::AcceptRole);
        demo->setEnabled(m_demoAction->isEnabled());
    }
    box.addButton(QMessageBox::Close);
    box.exec();
    if (demo && box.clickedButton() == demo)
        startDemo();
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog(this).exec();
}

void MainWindow::setManualSource(std::function<QString()> source)
{
    m_manual = std::move(source);
    m_manualAction->setEnabled(bool(m_manual));
}

void MainWindow::showManual()
{
    if (!m_manual)
        return;
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("manualDialog"));
    //: title of Help ▸ Manual: the man page's text
    dialog.setWindowTitle(tr("Qdisc Studio manual"));
    auto *text = new QPlainTextEdit(m_manual(), &dialog);
    text->setObjectName(QStringLiteral("manual.text"));
    text->setReadOnly(true);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setLineWrapMode(QPlainTextEdit::NoWrap); // wrapped at 80 columns already, as a terminal shows it
    //: below Help ▸ Manual's text; the commands in bold stay as they are
    auto *where = new QLabel(tr("The same text in a terminal: <b>man qdisc-studio</b>, or <b>qdisc-studio --help</b> and "
                                "<b>qdisc-studio COMMAND --help</b>."),
                             &dialog);
    where->setObjectName(QStringLiteral("manual.where"));
    where->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(text, 1);
    layout->addWidget(where);
    layout->addWidget(buttons);
    // 80 columns and the scroll bar, half a screen high.
    dialog.resize(text->fontMetrics().horizontalAdvance(QString(86, u'x')), std::max(480, height() * 3 / 4));
    dialog.exec();
}

void MainWindow::showAbout()
{
    AboutDialog(backendDescription(), m_backend->isAvailable(), this).exec();
}

} // namespace qs
