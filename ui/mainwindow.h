#pragma once

#include "model/qdisctree.h"
#include "targetbackend.h"

#include <QMainWindow>
#include <QPointer>
#include <QSet>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QLineEdit;
class QTimer;
class QPlainTextEdit;
class QSplitter;
class QTreeView;
class QUndoStack;
class QMenu;
class QToolBar;

namespace qs {

class ApplyStatus;
class ChartPanel;
class DemoSession;
class MeasuredPanel;
class LiveApplier;
class NodeEditor;
class ProfilesPane;
class ScenarioPanel;
class StatsPoller;
class TargetsPane;
class TreeModel;
struct Profile;
struct ScenarioProgress;

/**
 * The window: targets and profiles on the left, the tree of the chosen target in the middle
 * (each row with its summary and a live sparkline), the selected node's editor on the right,
 * charts and the equivalent tc commands below. With "Live" on, every edit reaches the kernel
 * while the slider moves; undo and redo reach it too.
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    /** @p backend carries every change to the kernel; the window owns it. */
    explicit MainWindow(std::unique_ptr<TargetBackend> backend, QWidget *parent = nullptr);
    ~MainWindow() override;

    /** Loads the kernel's tree of @p target into the editor (as choosing it in the list does). */
    void chooseTarget(const QString &target);
    /**
     * Opens @p target as soon as the backend has listed the targets (qdisc-studio --target);
     * targetUnknown() when the list has no such target.
     */
    void openTargetWhenListed(const QString &target);
    /**
     * Reaches @p host over ssh (`[user@]host[:port]`, an alias of ~/.ssh/config): its targets are
     * listed under it once ssh has logged in, or the pane says why not (TargetBackend::addHost()).
     */
    void addHost(const QString &host);
    QString currentTarget() const { return m_target; }
    const QdiscTree &tree() const;

    // For tests and scenarios: the parts, as the window wires them.
    TreeModel *treeModel() const { return m_model; }
    LiveApplier *applier() const { return m_applier; }
    TargetBackend *backend() const { return m_backend.get(); }
    QUndoStack *undoStack() const { return m_undo; }
    StatsPoller *poller() const { return m_poller; }
    bool isLive() const;
    void setLive(bool live);

    /** The scenario panel (a dock below the window's panes); it plays on the current target. */
    ScenarioPanel *scenarioPanel() const { return m_scenarioPanel; }
    /**
     * A scenario plays (or is paused) on the current target: the tree shows what the kernel
     * holds as it changes, and the window's own edits wait until it stops (see
     * askToStopScenario()).
     */
    bool isScenarioDriving() const;

    /**
     * Demo mode: asks the backend for a demo lab, opens its target, runs the lab's traffic and
     * shows what it measures (the Measured panel) beside the editor, with the lab's presets
     * listed first. Closing the window stops the traffic and removes the lab.
     */
    void startDemo();
    bool isDemo() const { return m_demo != nullptr; }
    DemoSession *demo() const { return m_demo; }
    MeasuredPanel *measuredPanel() const { return m_measured; }
    /**
     * How changes reach the kernel and why, in words for the status bar, in place of the
     * backend's own description ("in-process engine: root, and no system bus runs").
     */
    void setBackendNote(const QString &note);
    /**
     * Where Help ▸ Manual gets its text (the CLI's help, which the man page is made from: the
     * app knows it, the window does not); the entry is disabled until one is set.
     */
    void setManualSource(std::function<QString()> source);

    /**
     * Where the window opens when no geometry was saved: most of @p available (a screen's
     * available geometry), centred, within 1024×640 and 1600×1000 where the screen allows.
     */
    static QRect firstRunGeometry(const QRect &available);

Q_SIGNALS:
    /** openTargetWhenListed() found no such target; @p message says so and names the targets there are. */
    void targetUnknown(const QString &target, const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildLayout();
    void buildMenus();
    void restoreLayout();
    void connectBackend();

    void onTargetsListed(const QList<TargetInfo> &targets, const QString &error);
    void onHostAdded(const QString &host, const QString &error);
    /** A container target whose container restarted is another instance: read it and its statistics anew. */
    void followContainerRestart(const QList<TargetInfo> &targets);
    void onTreeRead(const QString &target, const std::optional<QdiscTree> &tree, const QString &error, const QList<NodeStats> &counters);
    /** Reads the kernel's tree of the current target again, unless the user is in the middle of a change. */
    void reloadFromKernel();
    /** Shows @p tree's values in the rows already there, when only parameters changed: no reset, no lost selection. */
    bool updateParamsInPlace(const QdiscTree &tree);
    /** Shows @p tree with a model reset, keeping the selected rows that are still there. */
    void showTreeKeepingSelection(const QdiscTree &tree);
    void onApplied(const QString &target, const BackendApplyResult &result);
    void onSelectionChanged();
    void showInEditor();
    /** What the editor says while no node is shown: how to start, or what to select. */
    QString editorHint() const;
    /** The demo's "what to try" line above the tree. */
    QWidget *buildWhatToTry();
    /** The short guide the demo's line and Help ▸ What to try show. */
    static QString whatToTryText();
    void refreshCommands();
    /** Tells the poller which nodes are charted and which rows are in sight (soon, once). */
    void scheduleFocus();
    void updateFocus();
    /** Hides the rows that neither match the filter box nor lead to a row that does. */
    void applyTreeFilter();
    /** The node of statistics key @p key dropped packets in the last poll. */
    bool isDroppingNow(quint64 key) const;

    /** An edit of the selected node's parameters; @p final ends a drag (one undo step). */
    void editSelected(const std::function<bool()> &edit, bool final, const QString &what);
    /** A structural edit (add, remove, change kind): one undo step, applied when live. */
    void editStructure(const QString &what, const std::function<bool()> &edit);
    /** Puts @p tree in the editor (undo/redo) and, when live, in the kernel. */
    void setTreeFromHistory(const QdiscTree &tree);
    void submitIfLive();
    void applyNow();
    void applyProfile(const Profile &profile);
    /** Trees already on their targets (TargetMapDialog): the chosen target's into the editor, the others straight to the kernel. */
    void applyMapped(const QString &name, const QList<QdiscTree> &trees);
    void restoreOriginal();
    /** Restore original once the user has said so: the tree shown now is kept for Undo. */
    void putBackOriginal();
    void importCommands();
    void showWhatToTry();
    void showShortcuts();
    void showManual();
    void showAbout();
    /** Where changes go, in words: the note given by setBackendNote(), or the backend's own. */
    QString backendDescription() const;
    void stopDemo();
    void updateModeLabel();
    void fillAddMenu();
    void fillKindMenu();
    ApplyOptions applyOptions() const;

    // --- scenarios
    QDockWidget *buildScenarioDock();
    QWidget *buildScenarioBanner();
    void onScenarioProgress(const ScenarioProgress &progress);
    void onScenarioStep(const ScenarioProgress &progress, qint64 startNs);
    void onScenarioActiveChanged(bool active);
    /** Makes the tree, the editor and the apply actions read-only while a scenario drives the target. */
    void updateEditingAllowed();
    /**
     * The user asked for a change to a target a scenario drives: asks @p question ("Stop it and
     * apply …?"); on yes stops the scenario and does @p then once it has stopped, on no nothing.
     */
    void askToStopScenario(const QString &question, std::function<void()> then);
    /** Refuses an edit while a scenario drives the target, saying why; true when refused. */
    bool refuseWhileScenarioDrives();

    std::unique_ptr<TargetBackend> m_backend;
    LiveApplier *m_applier;
    TreeModel *m_model;
    QUndoStack *m_undo;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    StatsPoller *m_poller;

    TargetsPane *m_targets = nullptr;
    ProfilesPane *m_profiles = nullptr;
    QTreeView *m_treeView = nullptr;
    QLineEdit *m_treeFilter = nullptr;
    QAction *m_droppingFilter = nullptr;
    QLabel *m_intervalLabel = nullptr;
    QTimer *m_focusTimer = nullptr;
    QSet<quintptr> m_hiddenRows; ///< the rows the filter hid, by the model's internal ids
    QList<quint64> m_chartedKeys;
    bool m_commandsDirty = false;
    QWidget *m_commandsPane = nullptr;
    qint64 m_lastDroppingFilterMs = 0;
    NodeEditor *m_editor = nullptr;
    ChartPanel *m_charts = nullptr;
    QPlainTextEdit *m_commands = nullptr;
    ApplyStatus *m_status = nullptr;
    QMenu *m_addMenu = nullptr;
    QMenu *m_kindMenu = nullptr;
    QAction *m_liveAction = nullptr;
    QAction *m_applyAction = nullptr;
    QAction *m_revertOnExitAction = nullptr;
    QAction *m_askToKeepAction = nullptr;
    QSplitter *m_topSplitter = nullptr;
    QLabel *m_modeLabel = nullptr;
    DemoSession *m_demo = nullptr;
    /** The demo's first preset goes on the lab's link once its (empty) tree is shown. */
    bool m_firstPresetWhenShown = false;
    QAction *m_demoAction = nullptr;
    QAction *m_manualAction = nullptr;
    std::function<QString()> m_manual;
    MeasuredPanel *m_measured = nullptr;
    QString m_backendNote;
    ScenarioPanel *m_scenarioPanel = nullptr;
    QDockWidget *m_scenarioDock = nullptr;
    QWidget *m_scenarioBanner = nullptr;
    QLabel *m_scenarioBannerText = nullptr;
    QLabel *m_scenarioStatus = nullptr;
    QToolBar *m_treeBar = nullptr;
    std::function<void()> m_afterScenarioStop; ///< the change the user asked for once the scenario has stopped

    QString m_target;
    QString m_loadingTarget;
    bool m_reopening = false;         ///< the next read of the target sets up its statistics and watch again
    QString m_containerInstance;      ///< the chosen target's container instance as last listed
    QTimer *m_containerCheck = nullptr; ///< lists the targets now and then while the chosen one is in a container
    /** Targets of a mapped profile applied beside the chosen one, whose answers are still to come. */
    QSet<QString> m_sideApplies;
    std::optional<QdiscTree> m_dragBefore; ///< the tree when the current drag began
    std::optional<QdiscTree> m_restoring;     ///< what Restore original replaces, while the backend restores
    std::optional<QdiscTree> m_beforeRestore; ///< the same once restored, until the read shows the original
    QString m_requestedTarget;             ///< openTargetWhenListed(), until the targets are listed
    bool m_reloadOnRead = false;           ///< the next treeRead follows a change made elsewhere
    int m_editsSinceReload = 0;            ///< edits since that read was asked for: they are newer
};

} // namespace qs
