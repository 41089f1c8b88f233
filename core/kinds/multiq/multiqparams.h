#pragma once

#include "kinds/qdisckind.h"

namespace qs {

/**
 * multiq: one band per transmit queue of the device (MAJOR:1 … MAJOR:N), served round robin;
 * filters (or skbedit queue_mapping) choose the band, and each band holds a qdisc. Nothing is set:
 * tc sends an empty tc_multiq_qopt (the kernel requires one and sets the bands to the device's
 * real queue count itself), and what the kernel reports ("bands 4/4") is the device's, not the
 * configuration's.
 */
struct MultiqParams
{
    friend bool operator==(const MultiqParams &, const MultiqParams &) = default;
};
QS_DECLARE_QDISC_KIND(MultiqParams)

} // namespace qs
