#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QMetaType>
#include <QString>

#include <optional>

namespace qs {

/** Where a scenario's playback is: sent over D-Bus as JSON, shown on the timeline and by the CLI. */
struct ScenarioProgress
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScenarioProgress)

public:
    enum class State { Playing, Paused, Finished, Stopped, Failed };

    QString scenario;        ///< its name
    State state = State::Stopped;
    int loop = 1;            ///< 1-based pass
    int loops = 1;           ///< 0: forever
    int step = 0;            ///< 0-based
    int steps = 0;
    QString stepName;        ///< the display name
    qint64 positionMs = 0;   ///< in the pass
    qint64 passDurationMs = 0;
    qint64 takenAtNs = 0;    ///< CLOCK_MONOTONIC when this was taken: a viewer extrapolates the playhead while Playing
    qint64 startsInMs = 0;   ///< Playing, waiting for a start time shared with other targets: how long until step 1 (else 0)
    QString error;           ///< Failed: why

    bool isActive() const { return state == State::Playing || state == State::Paused; }
    /** "playing", "paused", "finished", "stopped", "failed". */
    static QString stateName(State state);
    /** A sentence for people: "playing step 2 of 3 (Outage), loop 1 of 2". */
    QString describe() const;

    QJsonObject toJson() const;
    static std::optional<ScenarioProgress> fromJson(const QJsonObject &object);

    friend bool operator==(const ScenarioProgress &, const ScenarioProgress &) = default;
};

} // namespace qs

Q_DECLARE_METATYPE(qs::ScenarioProgress)
