#pragma once

#include "model/qdisctree.h"
#include "scenario/rampparameter.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace qs {

class ProfileStore;

/** One parameter a ramp step moves, from the value in effect when the step begins to @ref to. */
struct RampTarget
{
    QString parameter; ///< a RampParameter name: "netem.delay"
    TcHandle at;       ///< the qdisc or class; unspecified: the only node of the parameter's kind
    double to = 0;     ///< in the parameter's held unit (RampParameter)
    friend bool operator==(const RampTarget &, const RampTarget &) = default;
};

/**
 * One step of a scenario: a whole condition held for its duration (a tree written out, or the
 * name of a profile or built-in preset), or a ramp of named parameters over its duration.
 */
struct ScenarioStep
{
    /** Hold: nothing changes; the condition in effect when the step begins stays (a scenario for several targets). */
    enum class Kind { Tree, Profile, Preset, Ramp, Hold };

    static constexpr int DefaultUpdatesPerSecond = 10;
    static constexpr int MaxUpdatesPerSecond = 50;

    QString name;            ///< shown on the timeline; may be empty
    qint64 durationMs = 0;   ///< Scenario::MinStepDurationMs…Scenario::MaxStepDurationMs
    Kind kind = Kind::Tree;
    QdiscTree tree;          ///< Kind::Tree: target-free (no device)
    QString reference;       ///< Kind::Profile / Kind::Preset: the profile's or preset's name
    QList<RampTarget> ramps; ///< Kind::Ramp
    RampCurve curve = RampCurve::Linear;
    int updatesPerSecond = DefaultUpdatesPerSecond; ///< Kind::Ramp: 1…MaxUpdatesPerSecond

    /** The name, or "Step N" (1-based @p index) when it has none. */
    QString displayName(int index) const;
    friend bool operator==(const ScenarioStep &, const ScenarioStep &) = default;
};

/**
 * In a scenario for several targets: what one target plays during step @ref step instead of
 * the step's own condition (its name and duration are the step's; those of @ref condition are
 * unused).
 */
struct TargetStep
{
    int step = 0;           ///< 0-based index into Scenario::steps
    QString target;         ///< one of Scenario::targets
    ScenarioStep condition; ///< kind and body: tree, reference or ramps (or Hold)
    friend bool operator==(const TargetStep &, const TargetStep &) = default;
};

/** What playback leaves on the target when the last loop ends, or when it is stopped early. */
enum class ScenarioEnding {
    Restore,  ///< put back the tree the target had before the scenario began
    KeepLast, ///< leave the last condition in place
};

/**
 * A timeline of network conditions: steps played in order, the whole repeated @ref loops times
 * (0: until stopped). Stored as JSON with a schemaVersion beside the profiles:
 *
 *   {"schemaVersion": 1, "name": "…", "description": "…", "targets": ["ns/dev"],
 *    "loops": 1 | "forever", "onEnd": "restore" | "keep", "onAbort": "restore" | "keep",
 *    "steps": [
 *      {"name": "LTE", "duration": "20s", "preset": "LTE (4G)"},
 *      {"name": "Mine", "duration": "10s", "profile": "My profile"},
 *      {"name": "Cut", "duration": "500ms", "tree": {…a target-free tree, as in treejson…}},
 *      {"name": "Fade", "duration": "5s", "ramp": {"curve": "linear" | "exponential",
 *        "updatesPerSecond": 10, "parameters": [{"parameter": "netem.delay", "at": "1:", "to": "200ms"}]}}]}
 *
 * A scenario for several targets (local ones and ssh://HOST/… ones) lists them all in "targets".
 * A step's own condition is then played on every target, except on those its "on" object names,
 * which play theirs; a step with only "on" leaves the other targets as they are ("hold": true is
 * that condition written out). Each target thus plays a lane (lane()): the same steps, the same
 * durations, so that each host's helper can play its own lanes against one start time.
 *
 *      {"name": "Site 4 degrades", "duration": "30s",
 *       "on": {"ssh://lab4/eth1": {"preset": "3G"}, "veth0": {"hold": true}}}
 *
 * Durations are written with a unit: "ms", "s", "min" or "h" ("1.5s", "2min"). Parsing is
 * strict: unknown keys, wrong types, durations under MinStepDurationMs, a numeric "loops": 0
 * (repeating until stopped is written "forever"), unknown parameters and values out of range are
 * errors that name the key path ("steps[2].duration: …").
 */
struct Scenario
{
    Q_DECLARE_TR_FUNCTIONS(qs::Scenario)

public:
    static constexpr int SchemaVersion = 1;
    static constexpr int MaxSteps = 1000;
    /** Targets of one scenario at most: each is a host's playback, its ssh login and its clock. */
    static constexpr int MaxTargets = 64;
    /** The shortest step: a timer and an apply cannot hold a shorter condition reliably. */
    static constexpr qint64 MinStepDurationMs = 50;
    static constexpr qint64 MaxStepDurationMs = 24LL * 3600 * 1000;
    static constexpr int MaxLoops = 1000000;

    QString name;
    QString description;
    QStringList targets; ///< where it is meant to play (IF, NETNS/IF, ssh://HOST/…); empty: chosen when playing
    int loops = 1;       ///< passes through the steps; 0: forever (written "forever"; a 0 in a file is refused)
    ScenarioEnding onEnd = ScenarioEnding::Restore;
    ScenarioEnding onAbort = ScenarioEnding::Restore;
    QList<ScenarioStep> steps;
    QList<TargetStep> perTarget; ///< the "on" objects of the steps, in step order

    /** One pass through the steps. */
    qint64 passDurationMs() const;
    /** Some step names a profile or preset (resolveReferences() replaces them with trees). */
    bool hasReferences() const;
    /** A target a scenario can name: IF, NETNS/IF, or one on another host (ssh://[USER@]HOST[:PORT]/…). */
    static bool isTarget(QStringView text);
    /** @p target written one way: another host's as SshTarget writes it (its host name in lower case), this host's as it is. */
    static QString normalTarget(const QString &target);
    /** @p target is one of targets, however either is written (normalTarget()). */
    bool namesTarget(const QString &target) const;
    /** Plays on several targets at once: names more than one target, or a step says what one target plays. */
    bool isMultiTarget() const;
    /**
     * What @p target plays: the same steps with its own conditions where a step names it (the
     * others as the step says), targets just @p target, no per-target conditions: a scenario for
     * one target, as a host's helper plays it.
     */
    Scenario lane(const QString &target) const;
    /** Every error that does not need the target's tree: empty steps, durations, loops, update rates, ramp parameters. */
    QStringList validate() const;
    /** "step 2 (Outage)" or "step 2": how every error names the step it is about (@p index counts from 0). */
    static QString stepLabel(const QString &name, int index);

    QJsonObject toJson() const;
    /** Indented JSON with a final newline, as written to disk. */
    QByteArray toJsonBytes() const;
    static std::optional<Scenario> fromJson(const QJsonObject &object, QStringList *errors);
    /** Parses bytes; syntax errors name the byte offset, schema errors the key path. */
    static std::optional<Scenario> fromJsonBytes(const QByteArray &bytes, QStringList *errors);

    /**
     * The same scenario with every profile and preset step replaced by a tree step holding its
     * tree, so that it can be played where the profiles are not (the helper). A profile is
     * looked up in @p profiles (may be null: then only presets resolve), a preset among the
     * built-in presets. nullopt with a sentence naming the step and the missing name otherwise.
     */
    std::optional<Scenario> resolveReferences(const ProfileStore *profiles, QString *error) const;

    /** "1.5s", "250ms", "2min": the exact text parseDurationMs() reads back. */
    static QString formatDurationMs(qint64 milliseconds);
    /** A duration with a unit ("ms", "s", "min", "h"); nullopt with a sentence in @p error. */
    static std::optional<qint64> parseDurationMs(QStringView text, QString *error);

    friend bool operator==(const Scenario &, const Scenario &) = default;
};

/**
 * @p sentence (an error from elsewhere) made fit to follow a colon inside another sentence: its
 * first letter lowercased when it starts a plain word ("The kernel…" becomes "the kernel…", while
 * "RTNETLINK answers" and "IFB…" stay), and a final full stop dropped.
 */
QString nestedSentence(const QString &sentence);

} // namespace qs
