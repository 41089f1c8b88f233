#include "targetbackend.h"

namespace qs {

namespace {
const int labInfoMetaType = qRegisterMetaType<qs::LabInfo>("qs::LabInfo");
}

QString TargetBackend::labsNotSupported()
{
    return tr("the demo lab is not supported by this backend");
}

void TargetBackend::createLab()
{
    Q_UNUSED(labInfoMetaType)
    QMetaObject::invokeMethod(this, [this] { Q_EMIT labCreated(LabInfo{}, labsNotSupported()); }, Qt::QueuedConnection);
}

std::optional<LabTrafficSockets> TargetBackend::openLabSockets(const QString &labId, QString *error)
{
    Q_UNUSED(labId)
    if (error)
        *error = labsNotSupported();
    return std::nullopt;
}

void TargetBackend::removeLab(const QString &labId)
{
    QMetaObject::invokeMethod(this, [this, labId] { Q_EMIT labRemoved(labId, labsNotSupported()); }, Qt::QueuedConnection);
}

QString TargetBackend::scenariosNotSupported()
{
    return tr("scenarios play through the Qdisc Studio helper or, when running as root, in this process; this backend "
              "has neither: install the helper, or run as root");
}

void TargetBackend::playScenario(const QString &target, const Scenario &, const ScenarioPlayOptions &)
{
    QMetaObject::invokeMethod(this, [this, target] { Q_EMIT scenarioCommandDone(target, QStringLiteral("play"), scenariosNotSupported()); },
                              Qt::QueuedConnection);
}

void TargetBackend::pauseScenario(const QString &target)
{
    QMetaObject::invokeMethod(this, [this, target] { Q_EMIT scenarioCommandDone(target, QStringLiteral("pause"), scenariosNotSupported()); },
                              Qt::QueuedConnection);
}

void TargetBackend::resumeScenario(const QString &target)
{
    QMetaObject::invokeMethod(this, [this, target] { Q_EMIT scenarioCommandDone(target, QStringLiteral("resume"), scenariosNotSupported()); },
                              Qt::QueuedConnection);
}

void TargetBackend::stopScenario(const QString &target)
{
    QMetaObject::invokeMethod(this, [this, target] { Q_EMIT scenarioCommandDone(target, QStringLiteral("stop"), scenariosNotSupported()); },
                              Qt::QueuedConnection);
}

void TargetBackend::seekScenario(const QString &target, int)
{
    QMetaObject::invokeMethod(this, [this, target] { Q_EMIT scenarioCommandDone(target, QStringLiteral("seek"), scenariosNotSupported()); },
                              Qt::QueuedConnection);
}

void TargetBackend::queryScenario(const QString &target)
{
    QMetaObject::invokeMethod(this, [this, target] { Q_EMIT scenarioProgress(target, ScenarioProgress{}); }, Qt::QueuedConnection);
}

} // namespace qs
