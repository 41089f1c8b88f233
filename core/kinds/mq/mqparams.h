#pragma once

#include "kinds/qdisckind.h"

namespace qs {

/**
 * mq: the root of a device with several transmit queues, one class per queue (MAJOR:1 … MAJOR:N,
 * N the device's real transmit queue count) and one qdisc per class: the kernel's default
 * (handle 0, pfifo_fast or net.core.default_qdisc) until one is grafted there. It has no options:
 * iproute2 has no parser for it and refuses any word, and the kernel reports none.
 */
struct MqParams
{
    friend bool operator==(const MqParams &, const MqParams &) = default;
};
QS_DECLARE_QDISC_KIND(MqParams)

} // namespace qs
