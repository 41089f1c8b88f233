#pragma once

#include <QLatin1String>

/** Why a tree was put back: the words every road reports (the helper's Reverted signal carries them). */
namespace qs::RevertReason {
inline constexpr QLatin1String Timeout{"timeout"};        ///< an auto-revert nobody confirmed in time
inline constexpr QLatin1String ClientExit{"client-exit"}; ///< the caller that asked for revert on exit went
inline constexpr QLatin1String Restore{"restore"};        ///< the snapshot, asked for
inline constexpr QLatin1String HelperExit{"helper-exit"}; ///< the road itself went away (the helper, the window)
} // namespace qs::RevertReason
