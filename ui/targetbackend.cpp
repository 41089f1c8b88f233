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

} // namespace qs
