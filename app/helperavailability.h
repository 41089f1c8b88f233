#pragma once

class QDBusConnection;

namespace qs {

/**
 * Whether the helper runs on @p bus or D-Bus can start it (its activation file is installed).
 * The window (main.cpp), `demo --headless` and `play` ask it before choosing the helper over the
 * in-process engine; a build tree that was never installed has neither.
 */
bool helperOnBus(const QDBusConnection &bus);

} // namespace qs
