#include "targetbackend.h"

#include <QEventLoop>

#include <optional>

namespace qs {

namespace {
const int labInfoMetaType = qRegisterMetaType<qs::LabInfo>("qs::LabInfo");

/**
 * Sends @p request and runs an event loop until @p signal brings the answer @p take accepts (the
 * first argument names what it is about: a target or a transaction). A road may answer at once,
 * in @p request, or later: either way the answer is kept.
 */
template<typename Answer, typename Take, typename... Args>
Answer waitForAnswer(TargetBackend *backend, void (TargetBackend::*signal)(const QString &, Args...), const QString &about,
                     const std::function<void()> &request, Take take)
{
    std::optional<Answer> answer;
    QEventLoop loop;
    QObject::connect(backend, signal, &loop, [&](const QString &subject, Args... args) {
        if (subject != about || answer)
            return;
        answer = take(args...);
        loop.quit();
    });
    request();
    if (!answer)
        loop.exec();
    return *answer;
}
} // namespace

BackendApplyResult TargetBackend::applyAndWait(const QString &target, const QdiscTree &tree, const ApplyOptions &options)
{
    return waitForAnswer<BackendApplyResult>(
        this, &TargetBackend::applied, target, [&] { apply(target, tree, options); }, [](const BackendApplyResult &r) { return r; });
}

BackendApplyResult TargetBackend::clearAndWait(const QString &target)
{
    return waitForAnswer<BackendApplyResult>(
        this, &TargetBackend::cleared, target, [&] { clear(target); }, [](const BackendApplyResult &r) { return r; });
}

BackendApplyResult TargetBackend::restoreAndWait(const QString &target)
{
    return waitForAnswer<BackendApplyResult>(
        this, &TargetBackend::restored, target, [&] { restore(target); }, [](const BackendApplyResult &r) { return r; });
}

bool TargetBackend::confirmAndWait(const QString &transaction, QString *error)
{
    const auto [ok, why] = waitForAnswer<std::pair<bool, QString>>(
        this, &TargetBackend::confirmed, transaction, [&] { confirm(transaction); },
        [](bool kept, const QString &sentence) { return std::pair{kept, sentence}; });
    if (error)
        *error = why;
    return ok;
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

void TargetBackend::authorize(const QString &target)
{
    QMetaObject::invokeMethod(this, [this, target] { Q_EMIT scenarioCommandDone(target, QStringLiteral("authorize"), {}); }, Qt::QueuedConnection);
}

std::optional<HostClock> TargetBackend::clockOf(const QString &, QString *)
{
    return HostClock{};
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

void TargetBackend::addHost(const QString &host)
{
    QMetaObject::invokeMethod(
        this, [this, host] { Q_EMIT hostAdded(host, tr("this way to the kernel reaches no other host")); }, Qt::QueuedConnection);
}

void TargetBackend::queryScenario(const QString &target)
{
    QMetaObject::invokeMethod(this, [this, target] { Q_EMIT scenarioProgress(target, ScenarioProgress{}); }, Qt::QueuedConnection);
}

} // namespace qs
