#include "scenariopanel.h"

#include "scenarioensemble.h"

#include "flowlayout.h"
#include "heightforwidth.h"
#include "kernelmark.h"
#include "kinds/kernelmodules.h"
#include "profiles/profilestore.h"
#include "scenario/scenariostore.h"
#include "targetbackend.h"
#include "timelineblock.h"
#include "timelinewidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace qs {

namespace {

/** The combo's rows that are group headings, not scenarios. */
constexpr int NotAScenario = -1;
/** The loops box's "as the scenario says" (its minimum, shown as special text). */
constexpr int LoopsAsWritten = -1;

/**
 * The loop override: "as written (2)" at its minimum, "∞" for 0 (until stopped), else a count.
 * The forever sign can be typed too.
 */
class LoopsSpinBox : public QSpinBox
{
public:
    using QSpinBox::QSpinBox;

protected:
    QString textFromValue(int value) const override
    {
        return value == 0 ? QStringLiteral("∞") : QSpinBox::textFromValue(value);
    }
    int valueFromText(const QString &text) const override
    {
        return text.trimmed() == u"∞" ? 0 : QSpinBox::valueFromText(text);
    }
    QValidator::State validate(QString &text, int &pos) const override
    {
        return text.trimmed() == u"∞" ? QValidator::Acceptable : QSpinBox::validate(text, pos);
    }
};

QString loopsText(int loops)
{
    //: how often a scenario plays: 0 loops means until it is stopped
    return loops == 0 ? ScenarioPanel::tr("until stopped") : QString::number(loops);
}

} // namespace

ScenarioPanel::ScenarioPanel(TargetBackend *backend, QWidget *parent)
    : QWidget(parent), m_backend(backend)
{
    setObjectName(QStringLiteral("scenarioPanel"));
    m_timeline = new TimelineWidget(this);
    m_description = new QLabel(this);
    m_description->setObjectName(QStringLiteral("scenario.description"));
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("scenario.state"));
    m_state->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("scenario.error"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette warning = m_error->palette();
    warning.setColor(QPalette::WindowText,
                     QColor(0xd0, 0x30, 0x30)); // as the status bar shows errors
    m_error->setPalette(warning);
    m_error->hide();

    auto *about = new QHBoxLayout;
    about->addWidget(m_description, 1);
    about->addWidget(m_state);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    // The chooser, the buttons, the loops and the exit check box wrap onto more lines when the
    // dock is narrow: in one row they made the window's least width 1109 px.
    m_controls = new QWidget(this);
    auto *rows = new FlowLayout(m_controls);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->addWidget(buildChooserRow());
    addControls(rows);
    followHeightForWidth(m_controls);
    layout->addWidget(m_controls);
    layout->addLayout(about);
    layout->addWidget(m_timeline, 1);
    layout->addWidget(m_error);

    connect(m_timeline, &TimelineWidget::seekRequested, this, &ScenarioPanel::seek);
    connect(m_backend, &TargetBackend::scenarioProgress, this, &ScenarioPanel::onProgress);
    connect(m_backend, &TargetBackend::scenarioCommandDone, this, &ScenarioPanel::onCommandDone);
    reload();
}

ScenarioPanel::~ScenarioPanel() = default;

QWidget *ScenarioPanel::buildChooserRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_chooser = new QComboBox(row);
    m_chooser->setObjectName(QStringLiteral("scenario.chooser"));
    m_chooser->setMinimumContentsLength(22);
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_chooser->setToolTip(tr("The scenario to play: a timeline of network conditions"));
    auto *label = new QLabel(tr("Sce&nario:"), row);
    label->setBuddy(m_chooser);
    connect(m_chooser, &QComboBox::currentIndexChanged, this, &ScenarioPanel::onScenarioChosen);

    m_reload = new QToolButton(row);
    m_reload->setObjectName(QStringLiteral("scenario.reload"));
    m_reload->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_reload->setAutoRaise(true);
    //: %1 is the folder the user's scenario files are read from
    m_reload->setToolTip(tr("List the scenarios again (yours are the .json files in %1)")
                             .arg(ScenarioStore::defaultDirectory()));
    connect(m_reload, &QToolButton::clicked, this, &ScenarioPanel::reload);

    m_badge = new QLabel(tr("built-in, read-only"), row);
    m_badge->setObjectName(QStringLiteral("scenario.builtin"));
    m_badge->setForegroundRole(QPalette::PlaceholderText);
    m_badge->setToolTip(tr("Comes with Qdisc Studio and cannot be changed; to make your own, save "
                           "a copy of its JSON in %1")
                            .arg(ScenarioStore::defaultDirectory()));

    layout->addWidget(label);
    layout->addWidget(m_chooser);
    layout->addWidget(m_reload);
    layout->addWidget(m_badge);
    return row;
}

void ScenarioPanel::addControls(FlowLayout *flow)
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    flow->addWidget(row);
    const auto button = [&](const char *name, const QString &text, QStyle::StandardPixmap icon,
                            const QString &tip) {
        auto *b = new QPushButton(style()->standardIcon(icon), text, row);
        b->setObjectName(QStringLiteral("scenario.%1").arg(QLatin1String(name)));
        b->setToolTip(tip);
        layout->addWidget(b);
        return b;
    };
    m_play = button("play", tr("&Play"), QStyle::SP_MediaPlay,
                    tr("Play the scenario on the chosen target from its first step"));
    m_resume = button("resume", tr("&Resume"), QStyle::SP_MediaPlay,
                      tr("Go on from where playback was paused"));
    m_pause = button("pause", tr("Pa&use"), QStyle::SP_MediaPause,
                     tr("Hold the condition in effect now until Resume"));
    m_stop = button(
        "stop", tr("St&op"), QStyle::SP_MediaStop,
        tr("End playback; the scenario says what stays (usually the tree from before it began)"));
    connect(m_play, &QPushButton::clicked, this, &ScenarioPanel::play);
    connect(m_resume, &QPushButton::clicked, this, &ScenarioPanel::resume);
    connect(m_pause, &QPushButton::clicked, this, &ScenarioPanel::pause);
    connect(m_stop, &QPushButton::clicked, this, &ScenarioPanel::stop);

    auto *loopsRow = new QWidget(this);
    auto *loopsLayout = new QHBoxLayout(loopsRow);
    loopsLayout->setContentsMargins(12, 0, 12, 0);
    flow->addWidget(loopsRow);
    m_loops = new LoopsSpinBox(loopsRow);
    m_loops->setObjectName(QStringLiteral("scenario.loops"));
    m_loops->setRange(LoopsAsWritten, Scenario::MaxLoops);
    m_loops->setValue(LoopsAsWritten);
    m_loops->setToolTip(tr(
        "How many times to play the steps: as the scenario says, ∞ (0) until stopped, or a count"));
    auto *loopsLabel = new QLabel(tr("&Loops:"), loopsRow);
    loopsLabel->setBuddy(m_loops);
    loopsLayout->addWidget(loopsLabel);
    loopsLayout->addWidget(m_loops);

    m_revertOnExit = new QCheckBox(tr("Put back the original tree on e&xit"), this);
    m_revertOnExit->setObjectName(QStringLiteral("scenario.revertOnExit"));
    m_revertOnExit->setChecked(true);
    m_revertOnExit->setToolTip(tr(
        "If Qdisc Studio closes or crashes while the scenario plays, playback stops and the tree "
        "from before it began is put back"));
    flow->addWidget(m_revertOnExit);
}

void ScenarioPanel::setTarget(const QString &target)
{
    if (target == m_target)
        return;
    m_target = target;
    m_progress = {};
    m_pendingCommand.clear();
    m_lastLoop = 0;
    m_lastStep = -1;
    m_timeline->setProgress(m_progress);
    showError({});
    if (!m_target.isEmpty())
        m_backend->queryScenario(m_target);
    if (const Scenario *scenario = currentScenario(); scenario && scenario->isMultiTarget())
        onScenarioChosen(); // the timeline shows this target's lane
    updateControls();
    updateStateText();
}

namespace {

// The modules a scenario's steps need that this kernel lacks; its profile and preset steps count
// when they can be found (ramps change values, not kinds).
QStringList missingModules(const Scenario &scenario, const ProfileStore &profiles)
{
    QString ignored;
    const auto resolved = scenario.resolveReferences(&profiles, &ignored);
    QList<QdiscTree> trees;
    for (const ScenarioStep &step : (resolved ? *resolved : scenario).steps)
        if (step.kind == ScenarioStep::Kind::Tree)
            trees.append(step.tree);
    return KernelModules::system().missingModules(trees);
}

} // namespace

void ScenarioPanel::reload()
{
    const QString chosen = currentScenario() ? currentScenario()->name : QString();
    const QList<Scenario> builtins = ScenarioStore::builtins();
    const ScenarioStore::Listing mine = ScenarioStore().list();
    m_scenarios = builtins + mine.scenarios;
    m_builtinCount = int(builtins.size());

    const QSignalBlocker blocker(m_chooser);
    m_chooser->clear();
    auto *model = qobject_cast<QStandardItemModel *>(m_chooser->model());
    const auto heading = [&](const QString &text) {
        m_chooser->addItem(text, NotAScenario);
        QStandardItem *item = model->item(m_chooser->count() - 1);
        item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
        QFont font = item->font();
        font.setBold(true);
        item->setFont(font);
    };
    //: heading in the scenario list
    heading(tr("Built-in (read-only)"));
    int playable = -1; // the first built-in one this kernel can play: the one shown at first
    const ProfileStore profiles; // the built-ins' preset steps resolve against it
    for (int i = 0; i < m_builtinCount; ++i) {
        //: a built-in scenario in the list: %1 its name
        m_chooser->addItem(tr("%1 (built-in)").arg(m_scenarios.at(i).name), i);
        if (const QStringList missing = missingModules(m_scenarios.at(i), profiles); !missing.isEmpty()) {
            m_chooser->setItemIcon(m_chooser->count() - 1, KernelMark::icon());
            m_chooser->setItemData(m_chooser->count() - 1, KernelMark::needs(missing), Qt::ToolTipRole);
        } else if (playable < 0) {
            playable = i;
        }
    }
    //: heading in the scenario list: the user's own scenarios
    heading(tr("Yours"));
    if (mine.scenarios.isEmpty())
        //: in the scenario list when the user has none; %1 is the folder they go in
        heading(tr("none yet: .json files in %1").arg(ScenarioStore::defaultDirectory()));
    for (int i = m_builtinCount; i < m_scenarios.size(); ++i)
        m_chooser->addItem(m_scenarios.at(i).name, i);

    if (chosen.isEmpty() || !selectScenario(chosen))
        m_chooser->setCurrentIndex(m_chooser->findData(std::max(playable, 0))); // else the first there is
    onScenarioChosen();

    if (!mine.problems.isEmpty()) {
        QStringList reasons;
        for (const ScenarioStore::LoadProblem &problem : mine.problems)
            reasons.append(QStringLiteral("%1: %2").arg(problem.path, problem.reason));
        //: %1: one "file: reason" a line
        showError(tr("Some scenario files could not be read:\n%1").arg(reasons.join(u'\n')));
    }
}

bool ScenarioPanel::selectScenario(const QString &name)
{
    for (int row = 0; row < m_chooser->count(); ++row) {
        const int index = m_chooser->itemData(row).toInt();
        if (index != NotAScenario && m_scenarios.at(index).name == name) {
            m_chooser->setCurrentIndex(row);
            return true;
        }
    }
    return false;
}

const Scenario *ScenarioPanel::currentScenario() const
{
    const QVariant data = m_chooser ? m_chooser->currentData() : QVariant();
    const int index = data.isValid() ? data.toInt() : NotAScenario;
    return index >= 0 && index < m_scenarios.size() ? &m_scenarios.at(index) : nullptr;
}

bool ScenarioPanel::isBuiltinChosen() const
{
    const QVariant data = m_chooser->currentData();
    return data.isValid() && data.toInt() >= 0 && data.toInt() < m_builtinCount;
}

QString ScenarioPanel::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void ScenarioPanel::onScenarioChosen()
{
    const Scenario *scenario = currentScenario();
    if (!scenario) {
        m_timeline->setBlocks({});
    } else {
        // The timeline summarises the trees of profile and preset steps when they can be found;
        // when one cannot, Play says so.
        ProfileStore profiles;
        QString ignored;
        // For several targets: the conditions of the target chosen (its lane), when it is one of them.
        const Scenario shown = scenario->isMultiTarget() && scenario->namesTarget(m_target) ? scenario->lane(m_target) : *scenario;
        const auto resolved = shown.resolveReferences(&profiles, &ignored);
        m_timeline->setBlocks(TimelineBlock::fromScenario(resolved ? *resolved : shown));
        //: the loops box at its minimum: the scenario's own count; %1 "2", "until stopped"
        m_loops->setSpecialValueText(tr("as written (%1)").arg(loopsText(scenario->loops)));
    }
    m_badge->setVisible(scenario && isBuiltinChosen());
    if (!isActive())
        showError({});
    updateDescription();
    updateControls();
    updateStateText();
}

void ScenarioPanel::updateDescription()
{
    const Scenario *scenario = currentScenario();
    if (!scenario) {
        m_description->setText(tr("No scenario chosen."));
        return;
    }
    const QString ending = scenario->onEnd == ScenarioEnding::Restore
                               //: how a scenario ends
                               ? tr("then the tree from before comes back")
                               //: how a scenario ends
                               : tr("then the last condition stays");
    //: %1 how many steps; %2 the length of a pass ("1:40"); %3 how many loops ("2", "until
    //: stopped"); %4 how it ends
    QString facts = tr("Steps: %1 · a pass: %2 · loops: %3, %4.")
                        .arg(QString::number(scenario->steps.size()),
                             TimelineWidget::clockText(scenario->passDurationMs()),
                             loopsText(scenario->loops), ending);
    if (scenario->isMultiTarget())
        //: a scenario for several targets; %1 lists them. The timeline shows the conditions of the target chosen.
        facts += u' ' + tr("Plays on %1 at once, from one start.").arg(scenario->targets.join(QStringLiteral(", ")));
    // The first paragraph says what it is; reasons and sources can be long: they go in the tool
    // tip.
    const QString summary = scenario->description.section(u'\n', 0, 0).trimmed();
    //: the scenario panel's description: %1 the scenario's own first paragraph, %2 its facts
    //: ("Steps: 4 · …")
    m_description->setText(summary.isEmpty() ? facts : tr("%1 %2").arg(summary, facts));
    //: tool tip of the description: %1 the scenario's name, %2 its whole description (reasons,
    //: sources)
    m_description->setToolTip(
        tr("<b>%1</b><p>%2</p>")
            .arg(scenario->name.toHtmlEscaped(),
                 scenario->description.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"))));
}

void ScenarioPanel::play()
{
    if (m_target.isEmpty()) {
        showError(tr("Choose a target on the left first: the scenario plays there."));
        return;
    }
    const Scenario *scenario = currentScenario();
    if (!scenario) {
        showError(tr("Choose a scenario to play."));
        return;
    }
    if (m_ensemble) { // one scenario for several targets at a time from this panel; Stop ends it
        showError(tr("A scenario for several targets plays from here: stop it first"));
        return;
    }
    // A scenario for several targets plays on all of them, from one of them.
    if (scenario->isMultiTarget() && !scenario->namesTarget(m_target)) {
        //: %1 the scenario, %2 the targets it names
        showError(tr("“%1” plays on %2: choose one of them on the left, then Play plays it on all of them at once")
                      .arg(scenario->name, scenario->targets.join(QStringLiteral(", "))));
        return;
    }
    // Profiles live with the window, not with the helper: their trees go along with the scenario.
    ProfileStore profiles;
    QString error;
    const auto resolved = scenario->resolveReferences(&profiles, &error);
    if (!resolved) {
        //: %1 the scenario, %2 why (a profile it names is missing)
        showError(tr("“%1” cannot play: %2").arg(scenario->name, error));
        return;
    }
    if (const QStringList problems = resolved->validate(); !problems.isEmpty()) {
        showError(
            tr("“%1” cannot play: %2").arg(scenario->name, problems.join(QStringLiteral("; "))));
        return;
    }
    ScenarioPlayOptions options;
    options.revertOnExit = m_revertOnExit->isChecked();
    if (m_loops->value() != LoopsAsWritten)
        options.loops = m_loops->value();
    showError({});
    m_pendingCommand = QStringLiteral("play");
    //: the scenario panel while the backend starts playback
    m_state->setText(tr("Starting…"));
    updateControls();
    if (resolved->isMultiTarget())
        playSeveral(*resolved, options);
    else
        m_backend->playScenario(m_target, *resolved, options);
}

void ScenarioPanel::playSeveral(const Scenario &scenario, const ScenarioPlayOptions &options)
{
    m_ensemble = new ScenarioEnsemble(*m_backend, scenario, options, this);
    ScenarioEnsemble *ensemble = m_ensemble;
    connect(ensemble, &ScenarioEnsemble::refused, this, [this, ensemble](const QStringList &errors) {
        //: a scenario for several targets that cannot start; %1 every reason, one after the other
        endSeveral(ensemble, tr("Nothing was applied: %1").arg(errors.join(QStringLiteral("; "))));
    });
    connect(ensemble, &ScenarioEnsemble::ended, this, [this, ensemble](ScenarioProgress::State, const QString &error) { endSeveral(ensemble, error); });
    connect(ensemble, &ScenarioEnsemble::started, this, [this] {
        if (m_pendingCommand == u"play") // the lane of this target answers it too; not every backend tells the panel
            m_pendingCommand.clear();
        updateControls();
    });
    m_ensemble->start();
}

void ScenarioPanel::endSeveral(ScenarioEnsemble *ensemble, const QString &error)
{
    if (!m_ensemble || ensemble != m_ensemble)
        return;
    m_ensemble->deleteLater();
    m_ensemble = nullptr;
    if (m_pendingCommand == u"play" || m_pendingCommand == u"stop")
        m_pendingCommand.clear();
    showError(error);
    updateStateText();
    updateControls();
}

void ScenarioPanel::pause()
{
    send(QStringLiteral("pause"));
}

void ScenarioPanel::resume()
{
    send(QStringLiteral("resume"));
}

void ScenarioPanel::stop()
{
    if (m_ensemble) { // every lane, not this target's alone
        m_pendingCommand = QStringLiteral("stop");
        updateControls();
        m_ensemble->stop();
        return;
    }
    send(QStringLiteral("stop"));
}

void ScenarioPanel::seek(int step)
{
    if (!isActive() || step < 0 || step >= m_timeline->blocks().size())
        return;
    m_pendingCommand = QStringLiteral("seek");
    updateControls();
    m_backend->seekScenario(m_target, step);
}

void ScenarioPanel::send(const QString &command)
{
    if (m_target.isEmpty() || !isActive())
        return;
    m_pendingCommand = command;
    updateControls();
    if (command == u"pause")
        m_backend->pauseScenario(m_target);
    else if (command == u"resume")
        m_backend->resumeScenario(m_target);
    else if (command == u"stop")
        m_backend->stopScenario(m_target);
}

void ScenarioPanel::onProgress(const QString &target, const ScenarioProgress &progress)
{
    if (target != m_target)
        return;
    const bool wasActive = isActive();
    m_progress = progress;
    // Something plays here that another list chose (the CLI, an earlier window): show it.
    const Scenario *chosen = currentScenario();
    if (progress.isActive() && (!chosen || chosen->name != progress.scenario) &&
        !selectScenario(progress.scenario)) {
        // Played from a file (the CLI): its steps are not known here; the state still shows.
        m_timeline->setBlocks({});
        //: %1 the scenario playing on the target, which is not in the panel's list
        m_description->setText(
            tr("“%1” plays here; it is not in the list, so its steps cannot be shown.")
                .arg(progress.scenario));
    }
    m_timeline->setProgress(progress);

    if (progress.isActive() && (progress.loop != m_lastLoop || progress.step != m_lastStep)) {
        m_lastLoop = progress.loop;
        m_lastStep = progress.step;
        // When the step began, from the report's own clock: a marker sits where the change
        // reached the kernel, not where this report happened to arrive.
        qint64 startNs = progress.takenAtNs;
        const QList<TimelineBlock> &blocks = m_timeline->blocks();
        if (progress.step >= 0 && progress.step < blocks.size())
            startNs -= std::max<qint64>(0, progress.positionMs - blocks.at(progress.step).startMs) *
                       1'000'000;
        Q_EMIT stepEntered(progress, startNs);
    } else if (!progress.isActive()) {
        m_lastLoop = 0;
        m_lastStep = -1;
    }
    // After a scenario that was not in the list: the chosen one's timeline again.
    if (wasActive && !progress.isActive() && m_timeline->blocks().isEmpty())
        onScenarioChosen();
    if (progress.state == ScenarioProgress::State::Failed && !progress.error.isEmpty())
        //: %1 the scenario, %2 the reason (the kernel's words)
        showError(tr("“%1” stopped: %2").arg(progress.scenario, progress.error));
    if (wasActive != isActive())
        Q_EMIT activeChanged(isActive());
    Q_EMIT progressChanged(progress);
    updateControls();
    updateStateText();
}

void ScenarioPanel::onCommandDone(const QString &target, const QString &command,
                                  const QString &error)
{
    if (target != m_target || command == u"authorize") // asked by a ScenarioEnsemble, which says what it means
        return;
    if (command == m_pendingCommand)
        m_pendingCommand.clear();
    if (!error.isEmpty()) {
        const QString name = currentScenario() ? currentScenario()->name : QString();
        if (command == u"play")
            //: %1 the scenario, %2 why (the kernel's or the helper's words)
            showError(tr("“%1” did not start: %2").arg(name, error));
        else if (command == u"pause")
            showError(tr("Could not pause: %1").arg(error));
        else if (command == u"resume")
            showError(tr("Could not resume: %1").arg(error));
        else if (command == u"stop")
            showError(tr("Could not stop: %1").arg(error));
        else
            showError(tr("Could not jump to the step: %1").arg(error));
    }
    // The answer may come before or without a report: ask where playback is now.
    m_backend->queryScenario(m_target);
    Q_EMIT commandDone(command, error);
    updateControls();
    updateStateText();
}

void ScenarioPanel::showError(const QString &text)
{
    m_error->setText(text.isEmpty() ? QString() : QStringLiteral("⚠ ") + text);
    m_error->setVisible(!text.isEmpty());
}

void ScenarioPanel::updateControls()
{
    const bool active = isActive();
    const bool paused = m_progress.state == ScenarioProgress::State::Paused;
    const bool waiting = !m_pendingCommand.isEmpty();
    const bool idle = !active && !waiting;
    m_chooser->setEnabled(idle);
    m_reload->setEnabled(idle);
    m_loops->setEnabled(idle);
    m_revertOnExit->setEnabled(idle);
    m_play->setVisible(!paused);
    m_play->setEnabled(idle && currentScenario() && !m_target.isEmpty() && !m_ensemble);
    m_resume->setVisible(paused);
    m_resume->setEnabled(paused && !waiting && !m_ensemble);
    // One lane paused or moved would fall out of step with the other targets': only Stop for several.
    m_pause->setEnabled(m_progress.state == ScenarioProgress::State::Playing && !waiting && !m_ensemble);
    m_stop->setEnabled((active || m_ensemble) && m_pendingCommand != u"stop");
    m_timeline->setSeekEnabled(active && !waiting && !m_ensemble);
}

void ScenarioPanel::updateStateText()
{
    if (!m_pendingCommand.isEmpty() && m_pendingCommand == u"play")
        return; // "Starting…" stays until the answer
    if (m_target.isEmpty()) {
        m_state->setText(tr("Choose a target to play on"));
        return;
    }
    switch (m_progress.state) {
    case ScenarioProgress::State::Playing:
    case ScenarioProgress::State::Paused:
        m_state->setText(m_progress.describe());
        break;
    case ScenarioProgress::State::Finished:
        //: %1 the scenario
        m_state->setText(tr("“%1” finished").arg(m_progress.scenario));
        break;
    case ScenarioProgress::State::Failed:
        m_state->setText(tr("“%1” failed").arg(m_progress.scenario));
        break;
    case ScenarioProgress::State::Stopped:
        //: %1 the target ("lab/veth0")
        m_state->setText(m_progress.steps > 0 ? tr("“%1” stopped").arg(m_progress.scenario)
                                              : tr("Nothing plays on %1").arg(m_target));
        break;
    }
}

} // namespace qs
