#pragma once

#include "lab/labnetwork.h"
#include "labguard.h"
#include "targetbackend.h"

#include <QHash>
#include <QTimer>

#include <memory>
#include <unordered_map>

namespace qs {

/**
 * The engine in this process, for root where no system bus runs (containers, servers) and for
 * tests: the helper's safety rules kept here — a snapshot per target before its first change,
 * restore, auto-revert, and revert-on-exit when this backend is destroyed (the window closes).
 * Answers arrive as queued signals, as the helper's would.
 *
 * Demo labs are built here too (root): each with a LabGuard, so the lab goes when this
 * backend is destroyed, and even when the process is killed. At construction, labs of dead
 * in-process backends (their guard gone too) are removed; nobody else's are touched.
 */
class DirectBackend : public TargetBackend
{
    Q_OBJECT
public:
    explicit DirectBackend(QObject *parent = nullptr);
    ~DirectBackend() override;

    QString describe() const override;
    bool isAvailable() const override { return true; }

    void listTargets() override;
    void readTree(const QString &target) override;
    void apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options) override;
    void confirm(const QString &transaction) override;
    void restore(const QString &target) override;
    void watch(const QString &target) override;
    std::unique_ptr<TcEngine> openForStats(const QString &target, QString *error) override;

    void createLab() override;
    std::optional<LabTrafficSockets> openLabSockets(const QString &labId, QString *error) override;
    void removeLab(const QString &labId) override;

    /** The guard process of lab @p labId, or -1 (for tests). */
    qint64 labGuardProcessId(const QString &labId) const;

private:
    struct Lab
    {
        LabNetwork network;
        std::unique_ptr<LabGuard> guard;
    };
    /** Removes @p lab and forgets everything kept for its target; false with the reason. */
    bool dropLab(Lab &lab, QString *error);

    TcEngine *engineFor(const QString &target, QString *error);
    /** Puts @p tree back on @p target; false with the reason otherwise. */
    bool putBack(const QString &target, const QdiscTree &tree, QString *error);
    void later(std::function<void()> emitter);

    struct PendingRevert
    {
        QdiscTree before;
        QString transaction;
        std::unique_ptr<QTimer> timer;
    };
    std::unordered_map<QString, std::unique_ptr<TcEngine>> m_engines;
    QHash<QString, QdiscTree> m_snapshots;   ///< before the first change, per target
    QHash<QString, QdiscTree> m_exitReverts; ///< what to put back when the window goes away
    std::unordered_map<QString, PendingRevert> m_timeouts;
    quint64 m_nextTransaction = 1;
    std::unordered_map<QString, Lab> m_labs;
};

} // namespace qs
