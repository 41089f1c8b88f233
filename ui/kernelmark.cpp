#include "kernelmark.h"

#include "kinds/kernelmodules.h"

#include <QAction>
#include <QApplication>
#include <QStyle>

namespace qs {

QIcon KernelMark::icon()
{
    return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
}

QString KernelMark::note(const QString &module)
{
    if (KernelModules::system().presence(module) != KernelModules::Presence::Absent)
        return {};
    //: a kind's kernel module is not in the running kernel; %1 is the module ("sch_netem"), the command stays as it is
    return tr("not in this kernel (sudo modprobe %1)").arg(module);
}

QString KernelMark::loadableNote(const QString &module)
{
    if (KernelModules::system().presence(module) != KernelModules::Presence::Loadable)
        return {};
    //: tooltip of a kind whose module is installed, not loaded; %1 the module ("sch_netem"), the command stays as it is
    return tr("%1 is loaded on first use (or: sudo modprobe %1)").arg(module);
}

QString KernelMark::needs(const QStringList &modules)
{
    QStringList notes;
    for (const QString &module : modules)
        //: %1 a kernel module ("sch_netem"), %2 what the kernel lacks ("not in this kernel (sudo modprobe sch_netem)")
        notes.append(tr("%1: %2").arg(module, note(module)));
    //: a tooltip of a preset or scenario; %1 lists the missing modules with what to do
    return notes.isEmpty() ? QString() : tr("Needs %1").arg(notes.join(QStringLiteral("; ")));
}

void KernelMark::markAction(QAction *action, const QString &module)
{
    const QString text = note(module);
    if (text.isEmpty()) {
        action->setToolTip(loadableNote(module)); // empty when the kind is there
        return;
    }
    //: a menu entry of a kind this kernel lacks: %1 the entry ("netem qdisc"), %2 what is missing
    action->setText(tr("%1 — %2").arg(action->text(), text));
    action->setIcon(icon());
    //: tooltip of a menu entry of a kind this kernel lacks: %1 the module ("sch_netem"), %2 what is missing
    action->setToolTip(tr("%1: %2").arg(module, text));
}

} // namespace qs
