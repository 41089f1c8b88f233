#pragma once

namespace qs {

class TargetBackend;

/**
 * Logs what @p backend reports (logger "window"): every change with its target and transaction at
 * info, failures at warn, reads at debug. Whichever backend the window uses, the lines are the same.
 */
void logBackendActivity(TargetBackend &backend);

} // namespace qs
