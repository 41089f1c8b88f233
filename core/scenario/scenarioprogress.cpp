#include "scenarioprogress.h"

#include "scenario/scenario.h"

#include <QJsonValue>

#include <climits>
#include <cmath>
#include <limits>

namespace qs {

/* TRANSLATOR qs::ScenarioProgress

   Where a scenario's playback is, in a status bar or the CLI: "playing step 2 of 3 (Outage),
   loop 1 of 2". Step names come from the scenario as they are.
*/

namespace {

constexpr ScenarioProgress::State AllStates[] = {
    ScenarioProgress::State::Playing, ScenarioProgress::State::Paused,
    ScenarioProgress::State::Finished, ScenarioProgress::State::Stopped,
    ScenarioProgress::State::Failed};

// Doubles hold integers exactly up to 2^53; CLOCK_MONOTONIC passes that after 104 days of uptime,
// so larger values travel as decimal text.
constexpr qint64 MaxExactInteger = 9007199254740992LL;

QJsonValue integerToJson(qint64 value)
{
    if (value > -MaxExactInteger && value < MaxExactInteger)
        return QJsonValue(double(value));
    return QJsonValue(QString::number(value));
}

std::optional<qint64> integerFromJson(const QJsonValue &value)
{
    if (value.isString()) {
        bool ok = false;
        const qint64 n = value.toString().toLongLong(&ok);
        return ok ? std::optional<qint64>(n) : std::nullopt;
    }
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || std::floor(d) != d || std::fabs(d) >= double(MaxExactInteger))
        return std::nullopt;
    return qint64(d);
}

} // namespace

QString ScenarioProgress::stateName(State state)
{
    switch (state) {
    case State::Playing:
        return QStringLiteral("playing");
    case State::Paused:
        return QStringLiteral("paused");
    case State::Finished:
        return QStringLiteral("finished");
    case State::Stopped:
        return QStringLiteral("stopped");
    case State::Failed:
        return QStringLiteral("failed");
    }
    return QString();
}

QString ScenarioProgress::describe() const
{
    QString where;
    if (steps > 0) {
        //: %1 is the 1-based step, %2 the number of steps.
        where = stepName.isEmpty()
                    ? tr("step %1 of %2").arg(step + 1).arg(steps)
                    //: %3 is the step's name.
                    : tr("step %1 of %2 (%3)").arg(step + 1).arg(steps).arg(stepName);
        if (loops == 0)
            //: %1 is the step ("step 2 of 3 (Outage)"), %2 the 1-based pass of a scenario that
            //: repeats until stopped.
            where = tr("%1, loop %2 (repeating until stopped)").arg(where).arg(loop);
        else if (loops > 1)
            //: %1 is the step ("step 2 of 3 (Outage)"), %2 the 1-based pass, %3 the number of
            //: passes.
            where = tr("%1, loop %2 of %3").arg(where).arg(loop).arg(loops);
    }
    switch (state) {
    case State::Playing:
        if (startsInMs > 0)
            //: a scenario waiting for the start time it shares with other targets; %1 in seconds ("1.5")
            return tr("starting in %1 s").arg(QString::number(double(startsInMs) / 1000.0, 'f', 1));
        //: %1 says where: "step 2 of 3 (Outage), loop 1 of 2".
        return where.isEmpty() ? tr("playing") : tr("playing %1").arg(where);
    case State::Paused:
        //: %1 says where: "step 2 of 3 (Outage), loop 1 of 2".
        return where.isEmpty() ? tr("paused") : tr("paused at %1").arg(where);
    case State::Finished:
        return tr("finished");
    case State::Stopped:
        return tr("stopped");
    case State::Failed:
        //: %1 is why, a sentence.
        return error.isEmpty() ? tr("failed") : tr("failed: %1").arg(nestedSentence(error));
    }
    return QString();
}

QJsonObject ScenarioProgress::toJson() const
{
    QJsonObject o{{QStringLiteral("scenario"), scenario},
                  {QStringLiteral("state"), stateName(state)},
                  {QStringLiteral("loop"), loop},
                  {QStringLiteral("loops"), loops},
                  {QStringLiteral("step"), step},
                  {QStringLiteral("steps"), steps},
                  {QStringLiteral("stepName"), stepName},
                  {QStringLiteral("positionMs"), integerToJson(positionMs)},
                  {QStringLiteral("passDurationMs"), integerToJson(passDurationMs)},
                  {QStringLiteral("takenAtNs"), integerToJson(takenAtNs)}};
    if (!error.isEmpty())
        o.insert(QStringLiteral("error"), error);
    if (startsInMs > 0)
        o.insert(QStringLiteral("startsInMs"), integerToJson(startsInMs));
    return o;
}

std::optional<ScenarioProgress> ScenarioProgress::fromJson(const QJsonObject &o)
{
    // Unknown keys are ignored: a newer helper may tell an older window more than it knows.
    ScenarioProgress progress;
    const QJsonValue state = o.value(QStringLiteral("state"));
    bool stateFound = false;
    for (State candidate : AllStates) {
        if (state.isString() && state.toString() == stateName(candidate)) {
            progress.state = candidate;
            stateFound = true;
        }
    }
    if (!stateFound)
        return std::nullopt;
    const QJsonValue scenario = o.value(QStringLiteral("scenario"));
    const QJsonValue stepName = o.value(QStringLiteral("stepName"));
    const QJsonValue error = o.value(QStringLiteral("error"));
    if (!scenario.isString() || (!stepName.isUndefined() && !stepName.isString()) ||
        (!error.isUndefined() && !error.isString()))
        return std::nullopt;
    progress.scenario = scenario.toString();
    progress.stepName = stepName.toString();
    progress.error = error.toString();

    const auto integer = [&](const char *key, qint64 min, qint64 max) -> std::optional<qint64> {
        const auto n = integerFromJson(o.value(QLatin1String(key)));
        if (!n || *n < min || *n > max)
            return std::nullopt;
        return n;
    };
    const auto loop = integer("loop", 0, INT_MAX);
    const auto loops = integer("loops", 0, INT_MAX);
    const auto step = integer("step", 0, INT_MAX);
    const auto steps = integer("steps", 0, INT_MAX);
    const auto positionMs = integer("positionMs", std::numeric_limits<qint64>::min(),
                                    std::numeric_limits<qint64>::max());
    const auto passDurationMs = integer("passDurationMs", 0, std::numeric_limits<qint64>::max());
    const auto takenAtNs = integer("takenAtNs", std::numeric_limits<qint64>::min(),
                                   std::numeric_limits<qint64>::max());
    const bool waits = o.contains(QStringLiteral("startsInMs"));
    const auto startsInMs = waits ? integer("startsInMs", 1, std::numeric_limits<qint64>::max()) : std::optional<qint64>(0);
    if (!loop || !loops || !step || !steps || !positionMs || !passDurationMs || !takenAtNs || !startsInMs)
        return std::nullopt;
    progress.startsInMs = *startsInMs;
    progress.loop = int(*loop);
    progress.loops = int(*loops);
    progress.step = int(*step);
    progress.steps = int(*steps);
    progress.positionMs = *positionMs;
    progress.passDurationMs = *passDurationMs;
    progress.takenAtNs = *takenAtNs;
    return progress;
}

} // namespace qs
