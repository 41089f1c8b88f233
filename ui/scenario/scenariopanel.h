#pragma once

#include "scenario/scenario.h"
#include "scenario/scenarioprogress.h"
#include "targetbackend.h"

#include <QList>
#include <QString>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace qs {

class FlowLayout;
class ScenarioEnsemble;
class TargetBackend;
class TimelineWidget;

/**
 * Plays scenarios on the window's target: choose one (the built-in ones, read-only, then the
 * user's), read what it does, Play, Pause, Resume or Stop it, jump to a step by clicking its
 * block on the timeline. The loop count can be overridden, and "put back the tree from before
 * when Qdisc Studio closes" is on unless unticked. Problems show in the panel in words, the
 * backend's own included; nothing pops up.
 *
 * The panel follows playback on its target only (another target may play something else at
 * the same time); choosing a target where a scenario already plays shows that scenario.
 *
 * A scenario for several targets plays on all of them at once (ScenarioEnsemble: each target's
 * lane by its host's helper, from one start) when the target chosen is one of them; the panel
 * follows that target's lane, Stop ends every lane, and Pause and jumps wait (one lane paused
 * would fall out of step with the others).
 */
class ScenarioPanel : public QWidget
{
    Q_OBJECT

public:
    /** @p backend plays the scenarios (not owned). */
    explicit ScenarioPanel(TargetBackend *backend, QWidget *parent = nullptr);
    ~ScenarioPanel() override;

    /**
     * Plays on @p target from now on, and asks what plays there (activeChanged() follows when
     * something does; nothing is emitted for leaving the previous target, which plays on).
     */
    void setTarget(const QString &target);
    QString target() const { return m_target; }

    /** Lists the built-in and the user's scenarios again, keeping the choice when it is still
     * there. */
    void reload();
    /** Chooses the scenario named @p name; false when there is none. */
    bool selectScenario(const QString &name);
    /** The scenario chosen (as written, references not resolved), or null. */
    const Scenario *currentScenario() const;
    /** The chosen scenario is a built-in one. */
    bool isBuiltinChosen() const;

    const ScenarioProgress &progress() const { return m_progress; }
    /** A scenario plays (or is paused) on the target. */
    bool isActive() const { return m_progress.isActive(); }
    /** A scenario for several targets plays from this panel (on the target and others). */
    bool isPlayingSeveral() const { return m_ensemble != nullptr; }
    /** The problem shown, empty when there is none. */
    QString errorText() const;
    TimelineWidget *timeline() const { return m_timeline; }

public Q_SLOTS:
    void play();
    void pause();
    void resume();
    void stop();
    /** Jumps to the start of @p step (0-based) while playing or paused. */
    void seek(int step);

Q_SIGNALS:
    /** Playback on the target moved (a step, a state, or the regular report while playing). */
    void progressChanged(const qs::ScenarioProgress &progress);
    /** A step began on the target (or was jumped to), at CLOCK_MONOTONIC @p startNs. */
    void stepEntered(const qs::ScenarioProgress &progress, qint64 startNs);
    /** A scenario began or ended playing on the target. */
    void activeChanged(bool active);
    /** The backend answered @p command ("play", "pause", "resume", "stop", "seek") for the target.
     */
    void commandDone(const QString &command, const QString &error);

private:
    QWidget *buildChooserRow();
    /** Play, resume, pause and stop; the loops; the exit check box: each a unit of @p flow. */
    void addControls(FlowLayout *flow);
    void onScenarioChosen();
    void onProgress(const QString &target, const ScenarioProgress &progress);
    void onCommandDone(const QString &target, const QString &command, const QString &error);
    void send(const QString &command);
    /** Plays every lane of @p scenario (references resolved), the panel's target among them. */
    void playSeveral(const Scenario &scenario, const ScenarioPlayOptions &options);
    /** @p ensemble ended (or could not start): the panel lets it go, when it is still the one it plays. */
    void endSeveral(ScenarioEnsemble *ensemble, const QString &error);
    void showError(const QString &text);
    void updateControls();
    void updateDescription();
    void updateStateText();

    TargetBackend *m_backend;
    ScenarioEnsemble *m_ensemble = nullptr; ///< while a scenario for several targets plays from here
    QString m_target;
    QList<Scenario> m_scenarios; ///< built-in first, then the user's
    int m_builtinCount = 0;
    ScenarioProgress m_progress;
    QString m_pendingCommand; ///< sent, not yet answered: its button waits
    int m_lastLoop = 0;       ///< the loop and step last entered: a change is a new step
    int m_lastStep = -1;

    QWidget *m_controls = nullptr; ///< the chooser and the controls, in a FlowLayout
    QComboBox *m_chooser = nullptr;
    QToolButton *m_reload = nullptr;
    QLabel *m_badge = nullptr;
    QLabel *m_description = nullptr;
    TimelineWidget *m_timeline = nullptr;
    QPushButton *m_play = nullptr;
    QPushButton *m_pause = nullptr;
    QPushButton *m_resume = nullptr;
    QPushButton *m_stop = nullptr;
    QSpinBox *m_loops = nullptr;
    QCheckBox *m_revertOnExit = nullptr;
    QLabel *m_state = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace qs
