#pragma once

#include "export/yamlnode.h"
#include "profiles/profile.h"
#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

namespace qs {

/** A Kubernetes label selector as Chaos Mesh's labelSelectors takes it: key=value pairs, all of which must hold. */
using LabelSelector = QList<QPair<QString, QString>>;

/** Which pods a NetworkChaos acts on, and what the manifests are called. */
struct ChaosMeshOptions
{
    /** metadata.name, or the prefix of the names of several resources; empty: made from the profile's or scenario's name. */
    QString name;
    /** metadata.namespace, and the namespace the selectors pick pods in; empty: the namespace kubectl applies to. */
    QString namespaceName;
    /** The pods impaired (selector.labelSelectors); empty: every pod of the namespace. */
    LabelSelector selector;
    /** The other side of the link (target.selector): needed for incoming traffic, which NetworkChaos impairs as what these pods send. */
    LabelSelector peers;
    /** How many of the selected pods: one, all, fixed, fixed-percent or random-max-percent. */
    QString mode = QStringLiteral("all");
    /** fixed: a number of pods; the percent modes: 1…100. Empty for one and all. */
    QString value;
    /** A profile: how long Chaos Mesh holds the condition (spec.duration); unset: until the resource is deleted. */
    std::optional<qint64> durationMs;
    /** A scenario's ramp is held as this many steps (1…MaxRampSteps). */
    int rampSteps = DefaultRampSteps;

    static constexpr int DefaultRampSteps = 5;
    static constexpr int MaxRampSteps = 50;
};

/** What an export made: the manifests, and a sentence for each part of the input they cannot express. */
struct ChaosMeshResult
{
    /** YAML documents separated by "---", the parts not expressed listed in a comment on top. */
    QString yaml;
    /** Each part of the input NetworkChaos cannot express, named; also in the comment on top of yaml. */
    QStringList notExpressed;
    /** Set when nothing could be exported (yaml is then empty). */
    QString error;
    /** The documents, as written into yaml. */
    QList<YamlNode> documents;

    bool ok() const { return error.isEmpty(); }
};

/**
 * Chaos Mesh manifests for a profile or a scenario, for pods instead of a device: a NetworkChaos
 * per action (netem: delay, jitter, reordering, loss, duplication, corruption and netem's rate;
 * bandwidth: a tbf's rate, burst, limit and peak rate), a Workflow (or a Schedule repeating one)
 * for a scenario. Written for the chaos-mesh.org/v1alpha1 CRDs of Chaos Mesh 2.7 and later,
 * whose rates take tc's units. What NetworkChaos cannot express (classes, filters, other
 * qdiscs, loss models, slots, distributions, a queue length…) is named in notExpressed, never
 * left out silently; an input of which nothing maps is an error.
 */
class ChaosMeshExport
{
    Q_DECLARE_TR_FUNCTIONS(qs::ChaosMeshExport)

public:
    static ChaosMeshResult profile(const Profile &profile, const ChaosMeshOptions &options);
    /** @p scenario with its references resolved (Scenario::resolveReferences()). */
    static ChaosMeshResult scenario(const Scenario &scenario, const ChaosMeshOptions &options);

    /** The sentence saying what is wrong with @p options, or empty. */
    static QString checkOptions(const ChaosMeshOptions &options);
    /** "app=web,tier=front": label keys and values as Kubernetes takes them; nullopt with a sentence in @p error. */
    static std::optional<LabelSelector> parseSelector(QStringView text, QString *error);
    /** "all", "fixed=3", "fixed-percent=50" into @p options' mode and value; false with a sentence in @p error. */
    static bool parseMode(QStringView text, ChaosMeshOptions *options, QString *error);
    /** The modes NetworkChaos takes, in the CRD's order. */
    static QStringList modes();
    /** A resource name made of @p text: lowercase letters, digits and '-', as DNS-1123 labels are. */
    static QString resourceName(const QString &text);
    /** A duration as Go's time.ParseDuration() reads it, which every duration field of the CRDs is: "1m30s", "1.5s", "500ms". */
    static QString goDuration(qint64 milliseconds);
};

} // namespace qs
