#pragma once

#include <QString>

#include <memory>

class QDBusConnection;

namespace qs {

/**
 * Whether the helper runs on @p bus or D-Bus can start it (its activation file is installed).
 * The window (main.cpp), `demo --headless` and `play` ask it before choosing the helper over the
 * in-process engine; a build tree that was never installed has neither.
 */
bool helperOnBus(const QDBusConnection &bus);

class TargetBackend;

/**
 * The helper on the system bus as a backend, for the subcommands that fall back to the
 * in-process engine as root (`demo --headless`, `play`); nullptr with the reason in @p whyNot
 * (no system bus, or no helper on it).
 */
std::unique_ptr<TargetBackend> helperBackendOnSystemBus(QString *whyNot);

} // namespace qs
