#pragma once

#include "profile.h"

#include <QList>
#include <QStringView>

#include <optional>

namespace qs {

/**
 * The network conditions that ship with Qdisc Studio (LTE, GEO satellite, outage, …): read-only
 * profiles compiled in from the JSON files in resources/presets/ (":/presets/<id>.json"), each with one
 * target-free tree and a description that ends with the source of its numbers.
 */
class BuiltinPresets
{
public:
    /** Every preset, sorted by name; loaded once. A broken preset file is logged and left out. */
    static QList<Profile> all();
    /** The preset named @p name, compared case-insensitively. */
    static std::optional<Profile> find(QStringView name);
};

} // namespace qs
