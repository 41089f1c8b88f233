#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QtGlobal>

#include <optional>

namespace qs {

/**
 * plug: a queue that holds packets until it is told to let them go (checkpointing, Remus). Its
 * options are commands, not state: the kernel reports none of them back (sch_plug has no dump).
 * As tc sends it: the last command word given, and the limit tc's message carries with it.
 */
struct PlugParams
{
    enum class Action { Block = 0, Release = 1, ReleaseIndefinite = 2, Limit = 3 }; ///< TCQ_PLUG_*

    std::optional<Action> action; ///< unset: no options (the kernel's limit, the device's queue length × MTU)
    quint32 limit = 0;            ///< bytes; what a new plug holds, and what "limit" sets

    friend bool operator==(const PlugParams &, const PlugParams &) = default;
};
QS_DECLARE_QDISC_KIND(PlugParams)

} // namespace qs
