#pragma once

#include "model/qdisctree.h"
#include "netlink/tcengine.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace qs {

/** How a change should be guarded. */
struct ApplyOptions
{
    unsigned revertAfterSeconds = 0; ///< 0: no auto-revert
    bool revertOnExit = false;       ///< put back what was there when the window goes away
};

/** What became of one apply, as the window shows it. */
struct BackendApplyResult
{
    bool ok = false;
    QString error;          ///< a sentence for the status bar, the kernel's own words included
    QString transaction;    ///< for Confirm
    qint64 latencyUs = 0;   ///< from request to answer
    QStringList plan;       ///< what the kernel was asked to do
};

/**
 * Where the window's changes go: the root helper over D-Bus (HelperBackend) or, for root
 * without a system bus and for tests, the engine in this process (DirectBackend). Every call
 * answers with a signal; nothing blocks the window, so a drag never waits on a dialog.
 */
class TargetBackend : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    /** "helper 0.1.0 on the system bus", "in-process engine (root, no system bus)". */
    virtual QString describe() const = 0;
    virtual bool isAvailable() const = 0;

    virtual void listTargets() = 0;
    virtual void readTree(const QString &target) = 0;
    virtual void apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options) = 0;
    virtual void confirm(const QString &transaction) = 0;
    virtual void restore(const QString &target) = 0;
    /** Asks for TreeChanged of @p target (changes made by anyone). */
    virtual void watch(const QString &target) = 0;
    /** An engine that reads @p target's statistics (a socket handed over by the helper when needed). */
    virtual std::unique_ptr<TcEngine> openForStats(const QString &target, QString *error) = 0;

Q_SIGNALS:
    void targetsListed(const QList<qs::TargetInfo> &targets, const QString &error);
    void treeRead(const QString &target, const std::optional<qs::QdiscTree> &tree, const QString &error);
    void applied(const QString &target, const qs::BackendApplyResult &result);
    void restored(const QString &target, bool ok, const QString &error);
    void confirmed(const QString &transaction, bool ok, const QString &error);
    void treeChanged(const QString &target);
    void reverted(const QString &target, const QString &reason);
    void availabilityChanged(bool available, const QString &description);
};

} // namespace qs

Q_DECLARE_METATYPE(qs::BackendApplyResult)
