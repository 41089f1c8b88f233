#include "scenario.h"

#include "model/treejson.h"
#include "profiles/builtinpresets.h"
#include "profiles/profilestore.h"
#include "profiles/storefiles.h"
#include "remote/sshtarget.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <functional>
#include <cmath>
#include <limits>
#include <numeric>

namespace qs {

/* TRANSLATOR qs::Scenario

   Problems with a scenario (a timeline of network conditions) and its file. JSON key paths at the
   start of a message ("steps[2].duration: ") stay English; so do parameter names ("netem.delay"),
   durations ("1.5s") and the words of the file ("forever", "restore", "keep").
*/

namespace {

using StoreFiles::quoted; // names in messages are quoted as the stores quote them
QString endingName(ScenarioEnding ending)
{
    return ending == ScenarioEnding::KeepLast ? QStringLiteral("keep") : QStringLiteral("restore");
}

std::optional<ScenarioEnding> endingFromName(QStringView name)
{
    if (name == u"restore")
        return ScenarioEnding::Restore;
    if (name == u"keep")
        return ScenarioEnding::KeepLast;
    return std::nullopt;
}

/** Reports keys of @p o that are not in @p known, under @p path. */
void reportUnknownKeys(const QJsonObject &o, const QSet<QString> &known, const QString &path,
                       QStringList *errors)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key()))
            errors->append((path.isEmpty() ? it.key() : path + u'.' + it.key()) +
                           QStringLiteral(": ") + Scenario::tr("unknown key"));
    }
}

QString at(const QString &path, const QString &message)
{
    return path + QStringLiteral(": ") + message;
}

/** The whole number in @p value, or nullopt when it is not one. */
std::optional<qint64> wholeNumber(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || std::floor(d) != d || std::fabs(d) > 9007199254740992.0)
        return std::nullopt;
    return qint64(d);
}

std::optional<RampTarget> rampTargetFromJson(const QJsonValue &value, const QString &path,
                                             QStringList *errors)
{
    if (!value.isObject()) {
        errors->append(
            at(path,
               Scenario::tr(
                   "expected an object like {\"parameter\": \"netem.delay\", \"to\": \"200ms\"}")));
        return std::nullopt;
    }
    const QJsonObject o = value.toObject();
    const qsizetype before = errors->size();
    reportUnknownKeys(o, {QStringLiteral("parameter"), QStringLiteral("at"), QStringLiteral("to")},
                      path, errors);
    RampTarget target;
    const QJsonValue parameter = o.value(QStringLiteral("parameter"));
    if (!parameter.isString()) {
        errors->append(at(path + QStringLiteral(".parameter"),
                          parameter.isUndefined()
                              ? Scenario::tr("is required")
                              : Scenario::tr("expected a string like \"netem.delay\"")));
    } else {
        target.parameter = parameter.toString();
        if (!RampParameter::unitOf(target.parameter))
            errors->append(at(path + QStringLiteral(".parameter"),
                              Scenario::tr("%1 is not a parameter a ramp can move; use one of: %2")
                                  .arg(quoted(target.parameter),
                                       RampParameter::names().join(QStringLiteral(", ")))));
    }
    const QJsonValue atValue = o.value(QStringLiteral("at"));
    if (!atValue.isUndefined()) {
        const auto handle =
            atValue.isString() ? TcHandle::parseClassId(atValue.toString()) : std::nullopt;
        if (!handle || handle->isRoot() || handle->isIngressParent() || handle->isUnspec())
            errors->append(
                at(path + QStringLiteral(".at"),
                   Scenario::tr("expected a qdisc handle or class id like \"1:\" or \"1:10\"")));
        else
            target.at = *handle;
    }
    const QJsonValue to = o.value(QStringLiteral("to"));
    if (to.isUndefined()) {
        errors->append(at(path + QStringLiteral(".to"), Scenario::tr("is required")));
    } else if (RampParameter::unitOf(target.parameter)) {
        QString text;
        if (to.isString())
            text = to.toString();
        else if (RampParameter::unitOf(target.parameter) == RampParameter::Unit::Packets &&
                 wholeNumber(to))
            text = QString::number(
                *wholeNumber(to)); // a packet count may be a plain number, as in a tree
        if (text.isEmpty()) {
            errors->append(at(path + QStringLiteral(".to"),
                              Scenario::tr("expected a string with a unit, like \"%1\"")
                                  .arg(RampParameter::formatValue(target.parameter, 0))));
        } else {
            QString error;
            if (const auto parsed = RampParameter::parseValue(target.parameter, text, &error))
                target.to = *parsed;
            else
                errors->append(at(path + QStringLiteral(".to"), error));
        }
    }
    if (errors->size() != before)
        return std::nullopt;
    return target;
}

/**
 * Reads the condition of @p o into @p step: one of "tree", "profile", "preset", "ramp" or
 * "hold" (true). None at all makes a Hold when @p noneIsHold (a step that only says what some
 * targets play), an error otherwise. False after errors (appended under @p path).
 */
bool conditionFromJson(const QJsonObject &o, const QString &path, bool noneIsHold, ScenarioStep *step, QStringList *errors)
{
    const qsizetype before = errors->size();
    QStringList kinds;
    for (const char *key : {"tree", "profile", "preset", "ramp", "hold"}) {
        if (o.contains(QLatin1String(key)))
            kinds.append(QString::fromLatin1(key));
    }
    if (kinds.isEmpty() && noneIsHold) {
        step->kind = ScenarioStep::Kind::Hold;
        return true;
    }
    if (kinds.size() != 1) {
        errors->append(at(
            path,
            kinds.isEmpty()
                ? Scenario::tr("a step needs one of \"tree\", \"profile\", \"preset\", \"ramp\" or \"hold\"")
                //: %1 lists the keys found ("tree", "preset").
                : Scenario::tr("a step takes only one of \"tree\", \"profile\", \"preset\", "
                               "\"ramp\" or \"hold\", not %1")
                      .arg(kinds.join(QStringLiteral(", ")))));
        return false;
    }
    const QString kind = kinds.first();
    const QString kindPath = path + u'.' + kind;
    const QJsonValue body = o.value(kind);
    if (kind == u"hold") {
        step->kind = ScenarioStep::Kind::Hold;
        if (body != QJsonValue(true))
            errors->append(at(kindPath, Scenario::tr("expected true: the condition in effect stays for the step")));
    } else if (kind == u"tree") {
        step->kind = ScenarioStep::Kind::Tree;
        if (auto tree = TreeJson::fromJson(body, kindPath, errors)) {
            if (!tree->device.isEmpty())
                errors->append(at(kindPath + QStringLiteral(".target"),
                                  Scenario::tr("a step's tree has no target: the scenario plays on "
                                               "the target chosen when it is played")));
            step->tree = *tree;
        }
    } else if (kind == u"profile" || kind == u"preset") {
        step->kind = kind == u"profile" ? ScenarioStep::Kind::Profile : ScenarioStep::Kind::Preset;
        if (!body.isString() || body.toString().trimmed().isEmpty())
            errors->append(at(
                kindPath,
                kind == u"profile"
                    ? Scenario::tr("expected the name of a profile")
                    : Scenario::tr("expected the name of a built-in preset, like \"LTE (4G)\"")));
        step->reference = body.toString();
    } else {
        step->kind = ScenarioStep::Kind::Ramp;
        if (!body.isObject()) {
            errors->append(
                at(kindPath, Scenario::tr("expected an object like {\"parameters\": [...]}")));
            return false;
        }
        const QJsonObject ramp = body.toObject();
        reportUnknownKeys(ramp,
                          {QStringLiteral("curve"), QStringLiteral("updatesPerSecond"),
                           QStringLiteral("parameters")},
                          kindPath, errors);
        const QJsonValue curve = ramp.value(QStringLiteral("curve"));
        if (!curve.isUndefined()) {
            const auto parsed =
                curve.isString() ? rampCurveFromName(curve.toString()) : std::nullopt;
            if (!parsed)
                errors->append(at(kindPath + QStringLiteral(".curve"),
                                  Scenario::tr("expected \"linear\" or \"exponential\"")));
            else
                step->curve = *parsed;
        }
        const QJsonValue rate = ramp.value(QStringLiteral("updatesPerSecond"));
        if (!rate.isUndefined()) {
            const auto n = wholeNumber(rate);
            if (!n || *n < 1 || *n > ScenarioStep::MaxUpdatesPerSecond)
                errors->append(at(kindPath + QStringLiteral(".updatesPerSecond"),
                                  Scenario::tr("expected a whole number from 1 to %1")
                                      .arg(ScenarioStep::MaxUpdatesPerSecond)));
            else
                step->updatesPerSecond = int(*n);
        }
        const QJsonValue parameters = ramp.value(QStringLiteral("parameters"));
        const QString parametersPath = kindPath + QStringLiteral(".parameters");
        if (!parameters.isArray() || parameters.toArray().isEmpty()) {
            errors->append(at(parametersPath,
                              Scenario::tr("a ramp needs an array of at least one parameter")));
        } else {
            const QJsonArray array = parameters.toArray();
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (auto target = rampTargetFromJson(
                        array[i], parametersPath + QStringLiteral("[%1]").arg(i), errors))
                    step->ramps.append(*target);
            }
        }
    }
    return errors->size() == before;
}

/** The "on" object of a step: for each target it names, what that target plays instead. */
void perTargetFromJson(const QJsonValue &value, int stepIndex, const QString &path, QList<TargetStep> *perTarget, QStringList *errors)
{
    if (!value.isObject() || value.toObject().isEmpty()) {
        errors->append(at(path, Scenario::tr("expected an object like {\"ssh://lab4/eth1\": {\"preset\": \"3G\"}}")));
        return;
    }
    const QJsonObject on = value.toObject();
    for (auto it = on.begin(); it != on.end(); ++it) {
        const QString targetPath = path + QStringLiteral("[\"%1\"]").arg(it.key().left(80));
        if (!Scenario::isTarget(it.key())) {
            errors->append(at(targetPath, Scenario::tr("expected a target written as IF, NETNS/IF or ssh://HOST/IF")));
            continue;
        }
        if (!it.value().isObject()) {
            errors->append(at(targetPath, Scenario::tr("expected an object like {\"preset\": \"3G\"}")));
            continue;
        }
        const QJsonObject condition = it.value().toObject();
        const qsizetype before = errors->size();
        reportUnknownKeys(condition,
                          {QStringLiteral("tree"), QStringLiteral("profile"), QStringLiteral("preset"), QStringLiteral("ramp"),
                           QStringLiteral("hold")},
                          targetPath, errors);
        TargetStep entry;
        entry.step = stepIndex;
        entry.target = it.key();
        if (conditionFromJson(condition, targetPath, false, &entry.condition, errors) && errors->size() == before)
            perTarget->append(entry);
    }
}

std::optional<ScenarioStep> stepFromJson(const QJsonValue &value, int index, QList<TargetStep> *perTarget,
                                         QStringList *errors)
{
    const QString path = QStringLiteral("steps[%1]").arg(index);
    if (!value.isObject()) {
        errors->append(at(path, Scenario::tr("expected an object")));
        return std::nullopt;
    }
    const QJsonObject o = value.toObject();
    const qsizetype before = errors->size();
    reportUnknownKeys(o,
                      {QStringLiteral("name"), QStringLiteral("duration"), QStringLiteral("tree"),
                       QStringLiteral("profile"), QStringLiteral("preset"), QStringLiteral("ramp"),
                       QStringLiteral("hold"), QStringLiteral("on")},
                      path, errors);
    ScenarioStep step;
    const QJsonValue name = o.value(QStringLiteral("name"));
    if (!name.isUndefined() && !name.isString())
        errors->append(at(path + QStringLiteral(".name"), Scenario::tr("expected a string")));
    step.name = name.toString();

    const QJsonValue duration = o.value(QStringLiteral("duration"));
    if (duration.isUndefined()) {
        errors->append(
            at(path + QStringLiteral(".duration"), Scenario::tr("is required, like \"10s\"")));
    } else if (!duration.isString()) {
        errors->append(
            at(path + QStringLiteral(".duration"),
               Scenario::tr("expected a duration with a unit, like \"1.5s\" or \"250ms\"")));
    } else {
        QString error;
        const auto ms = Scenario::parseDurationMs(duration.toString(), &error);
        if (!ms)
            errors->append(at(path + QStringLiteral(".duration"), error));
        else if (*ms < Scenario::MinStepDurationMs)
            errors->append(at(path + QStringLiteral(".duration"),
                              Scenario::tr("%1 is shorter than a step may last (%2)")
                                  .arg(duration.toString(),
                                       Scenario::formatDurationMs(Scenario::MinStepDurationMs))));
        else if (*ms > Scenario::MaxStepDurationMs)
            errors->append(at(path + QStringLiteral(".duration"),
                              Scenario::tr("%1 is longer than a step may last (%2)")
                                  .arg(duration.toString(),
                                       Scenario::formatDurationMs(Scenario::MaxStepDurationMs))));
        else
            step.durationMs = *ms;
    }

    const bool hasOn = o.contains(QStringLiteral("on"));
    if (hasOn)
        perTargetFromJson(o.value(QStringLiteral("on")), index, path + QStringLiteral(".on"), perTarget, errors);
    if (!conditionFromJson(o, path, hasOn, &step, errors) || errors->size() != before)
        return std::nullopt;
    return step;
}

/** Writes @p step's condition into @p o, as conditionFromJson() reads it. */
void conditionToJson(const ScenarioStep &step, QJsonObject &o)
{
    switch (step.kind) {
    case ScenarioStep::Kind::Hold:
        o.insert(QStringLiteral("hold"), true);
        break;
    case ScenarioStep::Kind::Tree:
        o.insert(QStringLiteral("tree"), TreeJson::toJson(step.tree));
        break;
    case ScenarioStep::Kind::Profile:
        o.insert(QStringLiteral("profile"), step.reference);
        break;
    case ScenarioStep::Kind::Preset:
        o.insert(QStringLiteral("preset"), step.reference);
        break;
    case ScenarioStep::Kind::Ramp: {
        QJsonArray parameters;
        for (const RampTarget &target : step.ramps) {
            QJsonObject p{
                {QStringLiteral("parameter"), target.parameter},
                {QStringLiteral("to"), RampParameter::formatValue(target.parameter, target.to)}};
            if (!target.at.isUnspec())
                p.insert(QStringLiteral("at"), target.at.toString());
            parameters.append(p);
        }
        o.insert(QStringLiteral("ramp"),
                 QJsonObject{{QStringLiteral("curve"), rampCurveName(step.curve)},
                             {QStringLiteral("updatesPerSecond"), step.updatesPerSecond},
                             {QStringLiteral("parameters"), parameters}});
        break;
    }
    }
}

QJsonObject stepToJson(const ScenarioStep &step, int index, const QList<TargetStep> &perTarget)
{
    QJsonObject o{{QStringLiteral("duration"), Scenario::formatDurationMs(step.durationMs)}};
    if (!step.name.isEmpty())
        o.insert(QStringLiteral("name"), step.name);
    QJsonObject on;
    for (const TargetStep &t : perTarget) {
        if (t.step != index)
            continue;
        QJsonObject condition;
        conditionToJson(t.condition, condition);
        on.insert(t.target, condition);
    }
    if (!on.isEmpty())
        o.insert(QStringLiteral("on"), on);
    // A step that only says what some targets play is written without "hold" (the other targets hold).
    if (on.isEmpty() || step.kind != ScenarioStep::Kind::Hold)
        conditionToJson(step, o);
    return o;
}

} // namespace

QString ScenarioStep::displayName(int index) const
{
    //: A step without a name on the timeline; %1 is its 1-based number.
    return name.isEmpty() ? Scenario::tr("Step %1").arg(index + 1) : name;
}

qint64 Scenario::passDurationMs() const
{
    qint64 total = 0;
    for (const ScenarioStep &step : steps)
        total += step.durationMs;
    return total;
}

bool Scenario::hasReferences() const
{
    const auto isReference = [](const ScenarioStep &step) {
        return step.kind == ScenarioStep::Kind::Profile || step.kind == ScenarioStep::Kind::Preset;
    };
    return std::any_of(steps.begin(), steps.end(), isReference) ||
           std::any_of(perTarget.begin(), perTarget.end(), [&](const TargetStep &t) { return isReference(t.condition); });
}

bool Scenario::isTarget(QStringView text)
{
    QString ignored;
    return SshTarget::isRemote(text) ? SshTarget::parse(text, &ignored).has_value() : isWellFormedTarget(text);
}

QString Scenario::normalTarget(const QString &target)
{
    QString ignored;
    const auto remote = SshTarget::isRemote(target) ? SshTarget::parse(target, &ignored) : std::nullopt;
    return remote ? remote->toString() : target;
}

bool Scenario::namesTarget(const QString &target) const
{
    const QString wanted = normalTarget(target);
    return std::any_of(targets.cbegin(), targets.cend(), [&](const QString &t) { return normalTarget(t) == wanted; });
}

bool Scenario::isMultiTarget() const
{
    return targets.size() > 1 || !perTarget.isEmpty();
}

Scenario Scenario::lane(const QString &target) const
{
    Scenario lane = *this;
    lane.targets = {target};
    lane.perTarget.clear();
    const QString wanted = normalTarget(target);
    for (const TargetStep &t : perTarget) {
        if (normalTarget(t.target) != wanted || t.step < 0 || t.step >= lane.steps.size())
            continue;
        ScenarioStep &step = lane.steps[t.step];
        ScenarioStep condition = t.condition;
        condition.name = step.name;
        condition.durationMs = step.durationMs;
        step = condition;
    }
    return lane;
}

QString Scenario::stepLabel(const QString &name, int index)
{
    if (name.isEmpty())
        //: %1 is the 1-based step number, at the start of an error.
        return tr("step %1").arg(index + 1);
    //: %1 is the 1-based step number, %2 the step's name, at the start of an error.
    return tr("step %1 (%2)").arg(index + 1).arg(name);
}

/** The errors of a step's condition that need no tree, each passed to @p error. */
static void checkCondition(const ScenarioStep &step, const std::function<void(const QString &)> &error)
{
    switch (step.kind) {
    case ScenarioStep::Kind::Hold:
        break;
    case ScenarioStep::Kind::Tree:
        if (!step.tree.device.isEmpty() || !step.tree.netns.isEmpty())
            error(Scenario::tr("its tree names the target %1; a step's tree has no target (the scenario "
                     "plays on the target chosen "
                     "when it is played)")
                      .arg(step.tree.target()));
        for (const ValidationIssue &issue : step.tree.validate()) {
            if (issue.isError())
                error(issue.field + QStringLiteral(": ") + nestedSentence(issue.message));
        }
        break;
    case ScenarioStep::Kind::Profile:
        if (step.reference.trimmed().isEmpty())
            error(Scenario::tr("the profile has no name"));
        break;
    case ScenarioStep::Kind::Preset:
        if (step.reference.trimmed().isEmpty())
            error(Scenario::tr("the preset has no name"));
        break;
    case ScenarioStep::Kind::Ramp:
        if (step.ramps.isEmpty())
            error(Scenario::tr("a ramp needs at least one parameter"));
        if (step.updatesPerSecond < 1 ||
            step.updatesPerSecond > ScenarioStep::MaxUpdatesPerSecond)
            error(Scenario::tr("a ramp updates 1 to %1 times a second; this one %2")
                      .arg(ScenarioStep::MaxUpdatesPerSecond)
                      .arg(step.updatesPerSecond));
        for (const RampTarget &target : step.ramps) {
            if (!RampParameter::unitOf(target.parameter)) {
                error(Scenario::tr("%1 is not a parameter a ramp can move; use one of: %2")
                          .arg(quoted(target.parameter),
                               RampParameter::names().join(QStringLiteral(", "))));
                continue;
            }
            const double max = RampParameter::maximumOf(target.parameter);
            if (std::isnan(target.to) || target.to < 0 || target.to > max)
                error(Scenario::tr("%1 cannot ramp to %2: the value must be from %3 to %4")
                          .arg(target.parameter,
                               std::isnan(target.to) ? QStringLiteral("NaN")
                                                     : QString::number(target.to, 'g', 17),
                               RampParameter::formatValue(target.parameter, 0),
                               RampParameter::formatValue(target.parameter, max)));
            else if (step.curve == RampCurve::Exponential && target.to <= 0)
                // The start value needs the tree in effect: ScenarioTimeline::compile() checks
                // it.
                error(Scenario::tr("an exponential ramp cannot start or end at 0: %1 ends at %2; use a "
                         "linear ramp, or end at a small "
                         "value above 0")
                          .arg(target.parameter,
                               RampParameter::formatValue(target.parameter, target.to)));
        }
        break;
    }
}

QStringList Scenario::validate() const
{
    QStringList errors;
    if (steps.isEmpty())
        errors.append(tr("a scenario needs at least one step"));
    if (steps.size() > MaxSteps)
        errors.append(
            tr("a scenario has at most %1 steps; this one has %2").arg(MaxSteps).arg(steps.size()));
    if (loops < 0 || loops > MaxLoops)
        errors.append(tr("loops must be from 1 to %1, or 0 (\"forever\"); it is %2")
                          .arg(MaxLoops)
                          .arg(loops));
    for (const QString &target : targets) {
        if (!isTarget(target))
            errors.append(notATarget(target));
    }
    for (int i = 0; i < steps.size(); ++i) {
        const ScenarioStep &step = steps.at(i);
        const QString label = stepLabel(step.name, i);
        const auto error = [&](const QString &message) {
            errors.append(label + QStringLiteral(": ") + message);
        };
        if (step.durationMs <= 0)
            error(tr("the duration must be above 0; it is %1")
                      .arg(formatDurationMs(step.durationMs)));
        else if (step.durationMs < MinStepDurationMs)
            //: %1 is the step's duration ("20ms"), %2 the shortest allowed ("50ms").
            error(tr("the duration %1 is shorter than a step may last; make it %2 or longer")
                      .arg(formatDurationMs(step.durationMs), formatDurationMs(MinStepDurationMs)));
        else if (step.durationMs > MaxStepDurationMs)
            error(tr("the duration %1 is longer than a step may last (%2)")
                      .arg(formatDurationMs(step.durationMs), formatDurationMs(MaxStepDurationMs)));
        checkCondition(step, error);
    }
    if (targets.size() > MaxTargets)
        errors.append(tr("a scenario plays on %1 targets at most; this one names %2").arg(MaxTargets).arg(targets.size()));
    // Once each, however written ("ssh://QS@Lab4/eth1" is "ssh://qs@lab4/eth1").
    QSet<QString> named;
    for (qsizetype i = 0; i < targets.size() && i <= MaxTargets; ++i) {
        const QString normal = normalTarget(targets[i]);
        if (named.contains(normal))
            errors.append(tr("%1 is named twice in targets").arg(targets[i]));
        named.insert(normal);
    }
    for (const TargetStep &t : perTarget) {
        if (t.step < 0 || t.step >= steps.size()) {
            errors.append(tr("a condition for %1 belongs to step %2, which the scenario does not have").arg(t.target).arg(t.step + 1));
            continue;
        }
        const QString label = stepLabel(steps[t.step].name, t.step) + QStringLiteral(" on ") + t.target + QStringLiteral(": ");
        if (!named.contains(normalTarget(t.target)))
            errors.append(label + tr("the target is not among the scenario's targets; add it to \"targets\""));
        checkCondition(t.condition, [&](const QString &message) { errors.append(label + message); });
    }
    return errors;
}

QJsonObject Scenario::toJson() const
{
    QJsonArray stepArray;
    for (int i = 0; i < steps.size(); ++i)
        stepArray.append(stepToJson(steps[i], i, perTarget));
    QJsonObject o{{QStringLiteral("schemaVersion"), SchemaVersion},
                  {QStringLiteral("name"), name},
                  {QStringLiteral("loops"),
                   loops == 0 ? QJsonValue(QStringLiteral("forever")) : QJsonValue(loops)},
                  {QStringLiteral("onEnd"), endingName(onEnd)},
                  {QStringLiteral("onAbort"), endingName(onAbort)},
                  {QStringLiteral("steps"), stepArray}};
    if (!description.isEmpty())
        o.insert(QStringLiteral("description"), description);
    if (!targets.isEmpty())
        o.insert(QStringLiteral("targets"), QJsonArray::fromStringList(targets));
    return o;
}

QByteArray Scenario::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

std::optional<Scenario> Scenario::fromJson(const QJsonObject &o, QStringList *errors)
{
    const qsizetype before = errors->size();
    //: What a file is, in "this is not a Qdisc Studio scenario".
    if (!TreeJson::checkSchemaVersion(o, tr("scenario"), errors))
        return std::nullopt;
    reportUnknownKeys(o,
                      {QStringLiteral("schemaVersion"), QStringLiteral("name"),
                       QStringLiteral("description"), QStringLiteral("targets"),
                       QStringLiteral("loops"), QStringLiteral("onEnd"), QStringLiteral("onAbort"),
                       QStringLiteral("steps")},
                      QString(), errors);
    Scenario scenario;
    const QJsonValue name = o.value(QStringLiteral("name"));
    if (!name.isString() || name.toString().trimmed().isEmpty())
        errors->append(QStringLiteral("name: ") + tr("a non-empty string is required"));
    scenario.name = name.toString();
    const QJsonValue description = o.value(QStringLiteral("description"));
    if (!description.isUndefined() && !description.isString())
        errors->append(QStringLiteral("description: ") + tr("expected a string"));
    scenario.description = description.toString();

    const QJsonValue targets = o.value(QStringLiteral("targets"));
    if (!targets.isUndefined()) {
        if (!targets.isArray()) {
            errors->append(QStringLiteral("targets: ") +
                           tr("expected an array of targets like [\"eth0\", \"lab/veth1\"]"));
        } else {
            const QJsonArray array = targets.toArray();
            if (array.size() > MaxTargets)
                errors->append(QStringLiteral("targets: ") +
                               tr("a scenario plays on %1 targets at most; this one names %2").arg(MaxTargets).arg(array.size()));
            for (qsizetype i = 0; i < array.size() && i < MaxTargets; ++i) {
                const QString path = QStringLiteral("targets[%1]").arg(i);
                if (!array[i].isString() || !isTarget(array[i].toString()))
                    errors->append(at(path, tr("expected a target written as IF, NETNS/IF or ssh://HOST/IF")));
                else
                    scenario.targets.append(array[i].toString());
            }
        }
    }

    const QJsonValue loops = o.value(QStringLiteral("loops"));
    if (!loops.isUndefined()) {
        const auto n = wholeNumber(loops);
        if (loops.isString() && loops.toString() == u"forever")
            scenario.loops = 0;
        else if (n && *n == 0)
            // 0 reads like "no pass at all"; repeating until stopped is written out.
            errors->append(QStringLiteral("loops: ") +
                           tr("0 would play no loop at all; to repeat until stopped, write "
                              "\"forever\""));
        else if (n && *n >= 1 && *n <= MaxLoops)
            scenario.loops = int(*n);
        else
            errors->append(
                QStringLiteral("loops: ") +
                tr("expected a whole number from 1 to %1, or \"forever\"").arg(MaxLoops));
    }
    for (const char *key : {"onEnd", "onAbort"}) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            continue;
        const auto ending = v.isString() ? endingFromName(v.toString()) : std::nullopt;
        if (!ending)
            errors->append(QString::fromLatin1(key) + QStringLiteral(": ") +
                           tr("expected \"restore\" or \"keep\""));
        else
            (qstrcmp(key, "onEnd") == 0 ? scenario.onEnd : scenario.onAbort) = *ending;
    }

    const QJsonValue steps = o.value(QStringLiteral("steps"));
    if (!steps.isArray() || steps.toArray().isEmpty()) {
        errors->append(QStringLiteral("steps: ") + tr("an array of at least one step is required"));
    } else {
        const QJsonArray array = steps.toArray();
        if (array.size() > MaxSteps)
            errors->append(QStringLiteral("steps: ") +
                           tr("a scenario has at most %1 steps; this one has %2")
                               .arg(MaxSteps)
                               .arg(array.size()));
        else {
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (auto step = stepFromJson(array[i], int(i), &scenario.perTarget, errors))
                    scenario.steps.append(*step);
            }
        }
    }
    if (errors->size() != before)
        return std::nullopt;
    return scenario;
}

std::optional<Scenario> Scenario::fromJsonBytes(const QByteArray &bytes, QStringList *errors)
{
    //: What a scenario file must hold, after "expected".
    const auto parsed = TreeJson::parseObject(bytes, tr("a JSON object at the top"), errors);
    return parsed ? fromJson(*parsed, errors) : std::nullopt;
}

std::optional<Scenario> Scenario::resolveReferences(const ProfileStore *profiles,
                                                    QString *error) const
{
    const auto fail = [&](const QString &message) -> std::optional<Scenario> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    Scenario resolved = *this;
    // The steps, then what single targets play instead (labelled "step 2 (Outage) on TARGET").
    const qsizetype count = resolved.steps.size() + resolved.perTarget.size();
    for (qsizetype n = 0; n < count; ++n) {
        const bool own = n < resolved.steps.size();
        const int i = own ? int(n) : resolved.perTarget[n - resolved.steps.size()].step;
        ScenarioStep &step = own ? resolved.steps[i] : resolved.perTarget[n - resolved.steps.size()].condition;
        const QString label = own ? stepLabel(step.name, i)
                                  : stepLabel(resolved.steps.value(i).name, i) + QStringLiteral(" on ") + resolved.perTarget[n - resolved.steps.size()].target;
        // A step without a name is named after its preset or profile, unless some target plays
        // something else in it: the name is every lane's (a condition's own name is not used).
        const bool nameAfterReference = own && std::none_of(resolved.perTarget.cbegin(), resolved.perTarget.cend(),
                                                            [i](const TargetStep &t) { return t.step == i; });
        if (step.kind == ScenarioStep::Kind::Preset) {
            const auto preset = BuiltinPresets::find(step.reference);
            if (!preset)
                return fail(label + QStringLiteral(": ") +
                            tr("there is no built-in preset named %1").arg(quoted(step.reference)));
            // Presets are target-free by construction (BuiltinPresets refuses any other).
            step.tree = preset->trees.first();
            if (step.name.isEmpty() && nameAfterReference)
                step.name = preset->name;
        } else if (step.kind == ScenarioStep::Kind::Profile) {
            if (!profiles)
                return fail(label + QStringLiteral(": ") +
                            tr("profile %1 cannot be used here, where no profiles are available; "
                               "only built-in presets are")
                                .arg(quoted(step.reference)));
            QString loadError;
            const auto profile = profiles->load(step.reference, &loadError);
            if (!profile)
                return fail(label + QStringLiteral(": ") +
                            tr("there is no profile named %1 (looked in %2)")
                                .arg(quoted(step.reference), profiles->directory()));
            if (profile->trees.size() != 1) {
                QStringList targets;
                for (const QdiscTree &tree : profile->trees)
                    targets.append(tree.target());
                return fail(label + QStringLiteral(": ") +
                            //: %2 lists the profile's targets ("eth0, lab/veth1").
                            tr("profile %1 holds trees for several targets (%2); a step plays one "
                               "tree, so use a profile "
                               "with a single tree")
                                .arg(quoted(step.reference), targets.join(QStringLiteral(", "))));
            }
            // A profile saved for one interface still describes one condition: the scenario's
            // target replaces its own when the timeline is compiled.
            QdiscTree tree = profile->trees.first();
            tree.netns.clear();
            tree.device.clear();
            step.tree = tree;
            if (step.name.isEmpty() && nameAfterReference)
                step.name = profile->name;
        } else {
            continue;
        }
        step.kind = ScenarioStep::Kind::Tree;
        step.reference.clear();
    }
    return resolved;
}

QString nestedSentence(const QString &sentence)
{
    QString text = sentence.trimmed();
    // Final full stops (not an ellipsis): the outer sentence goes on or ends by itself.
    while (text.endsWith(u'.') && !text.endsWith(QStringLiteral("..")))
        text.chop(1);
    qsizetype word = 0;
    while (word < text.size() && text[word].isLetter())
        ++word;
    // A plain word's capital only: "RTNETLINK", "HTB" and "IFB" keep theirs, and so does a name
    // that starts the sentence ("Office/eth0: …"): only a word followed by a space is lowered.
    const bool capitalized = word > 0 && text[0].isUpper() &&
                             std::all_of(text.begin() + 1, text.begin() + word, [](QChar c) { return c.isLower(); });
    const bool sentenceWord = word < text.size() && text[word] == u' ';
    if (capitalized && sentenceWord && (word > 1 || text[0] == u'A'))
        text[0] = text[0].toLower();
    return text;
}

QString Scenario::formatDurationMs(qint64 milliseconds)
{
    constexpr qint64 Hour = 3600 * 1000;
    constexpr qint64 Minute = 60 * 1000;
    if (milliseconds != 0 && milliseconds % Hour == 0)
        return QString::number(milliseconds / Hour) + QStringLiteral("h");
    if (milliseconds != 0 && milliseconds % Minute == 0)
        return QString::number(milliseconds / Minute) + QStringLiteral("min");
    if (milliseconds >= 1000 || milliseconds <= -1000) {
        const QString sign = milliseconds < 0 ? QStringLiteral("-") : QString();
        const quint64 magnitude =
            milliseconds < 0 ? quint64(0) - quint64(milliseconds) : quint64(milliseconds);
        QString text = sign + QString::number(magnitude / 1000);
        if (const quint64 fraction = magnitude % 1000) {
            QString digits = QStringLiteral("%1").arg(fraction, 3, 10, QLatin1Char('0'));
            while (digits.endsWith(u'0'))
                digits.chop(1);
            text += u'.' + digits;
        }
        return text + QStringLiteral("s");
    }
    return QString::number(milliseconds) + QStringLiteral("ms");
}

std::optional<qint64> Scenario::parseDurationMs(QStringView text, QString *error)
{
    const auto fail = [&](const QString &message) -> std::optional<qint64> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const QStringView trimmed = text.trimmed();
    qsizetype i = 0;
    bool negative = false;
    if (i < trimmed.size() && (trimmed[i] == u'-' || trimmed[i] == u'+')) {
        negative = trimmed[i] == u'-';
        ++i;
    }
    const qsizetype integerStart = i;
    while (i < trimmed.size() && trimmed[i].unicode() >= u'0' && trimmed[i].unicode() <= u'9')
        ++i;
    QStringView integerDigits = trimmed.mid(integerStart, i - integerStart);
    QStringView fractionDigits;
    if (i < trimmed.size() && trimmed[i] == u'.') {
        const qsizetype fractionStart = ++i;
        while (i < trimmed.size() && trimmed[i].unicode() >= u'0' && trimmed[i].unicode() <= u'9')
            ++i;
        fractionDigits = trimmed.mid(fractionStart, i - fractionStart);
    }
    const QStringView unit = trimmed.mid(i).trimmed();
    //: %1 is the text as written; the units stay as they are.
    const QString example = tr("%1 is not a duration; write a number and a unit: ms, s, min or h "
                               "(like \"1.5s\" or \"250ms\")")
                                .arg(quoted(text.toString()));
    if (integerDigits.isEmpty() && fractionDigits.isEmpty())
        return fail(example);
    qint64 unitMs = 0;
    if (unit == u"ms")
        unitMs = 1;
    else if (unit == u"s")
        unitMs = 1000;
    else if (unit == u"min")
        unitMs = 60 * 1000;
    else if (unit == u"h")
        unitMs = 3600 * 1000;
    else
        return fail(example);

    // Exact decimal arithmetic: "0.1s" must be 100 ms, never 99 from a binary fraction.
    constexpr qint64 Limit = std::numeric_limits<qint64>::max() / 10;
    qint64 mantissa = 0;
    int scale = 0; // mantissa / 10^scale is the number as written
    for (const QChar digit : integerDigits) {
        if (mantissa > Limit)
            return fail(tr("%1 is too long a duration").arg(quoted(text.toString())));
        mantissa = mantissa * 10 + (digit.unicode() - u'0');
    }
    for (const QChar digit : fractionDigits) {
        if (mantissa > Limit || scale >= 18)
            return fail(
                tr("%1 has more decimals than a duration can hold").arg(quoted(text.toString())));
        mantissa = mantissa * 10 + (digit.unicode() - u'0');
        ++scale;
    }
    qint64 divisor = 1;
    for (int s = 0; s < scale; ++s)
        divisor *= 10;
    // value in ms = mantissa * unitMs / divisor, which must be whole. Reduced first, so that the
    // check needs no wider type: unit and divisor are then coprime.
    const qint64 common = std::gcd(unitMs, divisor);
    const qint64 reducedUnit = unitMs / common;
    const qint64 reducedDivisor = divisor / common;
    if (mantissa % reducedDivisor != 0)
        return fail(tr("%1 is not a whole number of milliseconds").arg(quoted(text.toString())));
    qint64 milliseconds = 0;
    if (__builtin_mul_overflow(mantissa / reducedDivisor, reducedUnit, &milliseconds))
        return fail(tr("%1 is too long a duration").arg(quoted(text.toString())));
    if (negative && milliseconds != 0)
        return fail(tr("%1 is negative; a duration must be above 0").arg(quoted(text.toString())));
    if (milliseconds == 0)
        return fail(
            tr("%1 is no time at all; a duration must be above 0").arg(quoted(text.toString())));
    return milliseconds;
}

} // namespace qs
