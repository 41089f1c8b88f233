#pragma once

#include "model/qdisctree.h"

#include <QString>

namespace qs::TreeLimits {

/**
 * Why @p tree has more nodes than the kernel can hold on one device (HelperBus::MaxQdiscs,
 * MaxClassesPerQdisc, MaxFilters), the kernel's limit named; empty when it has not. Linear,
 * for the checks made before polkit is asked (Apply, PlayScenario).
 */
QString problem(const QdiscTree &tree);

} // namespace qs::TreeLimits
