#pragma once

#include <QCoreApplication>
#include <QIcon>
#include <QString>
#include <QStringList>

class QAction;

namespace qs {

/**
 * How the window marks what this kernel lacks (KernelModules::system()): kinds in the Add and
 * Change-kind menus, presets and scenarios that need them, lines of pasted commands. One look and
 * one wording everywhere: a warning icon, "not in this kernel (sudo modprobe sch_netem)".
 */
class KernelMark
{
    Q_DECLARE_TR_FUNCTIONS(qs::KernelMark)

public:
    static QIcon icon();
    /** "not in this kernel (sudo modprobe sch_netem)"; empty when the kernel has @p module or can load it. */
    static QString note(const QString &module);
    /** For a module on disk but not loaded: "sch_netem is loaded on first use (or: sudo modprobe sch_netem)"; else empty. */
    static QString loadableNote(const QString &module);
    /** A tooltip for something that needs @p modules, which this kernel lacks ("Needs sch_netem: not in this kernel …"), or empty. */
    static QString needs(const QStringList &modules);
    /**
     * Marks a menu entry of a kind whose @p module this kernel lacks (text, icon, tooltip). It
     * stays selectable: a tree or profile may be built here for another machine. A module that is
     * only not loaded yet gets a tooltip, no mark: the kernel loads it when the kind is first used.
     */
    static void markAction(QAction *action, const QString &module);
};

} // namespace qs
