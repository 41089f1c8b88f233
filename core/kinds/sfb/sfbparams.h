#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

namespace qs {

/**
 * Stochastic fair blue, as tc sends it: every field of tc_sfb_qopt with tc's defaults filled in
 * (tc always sends all of them). Probabilities are scaled to SFB_MAX_PROB (0xFFFF).
 */
struct SfbParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::SfbParams)

public:
    static constexpr quint32 MaxProb = 0xFFFF;

    quint32 rehashMs = 600000; ///< how often the hash changes (tc's rehash, milliseconds)
    quint32 warmupMs = 60000;  ///< double-buffering time before a rehash (tc's db, milliseconds)
    quint32 limit = 0;         ///< packets; 0: the device's queue length
    quint32 max = 25;          ///< packets a bin may hold at most
    quint32 target = 20;       ///< packets a bin aims for (bin_size)
    quint32 increment = (MaxProb + 1000) / 2000; ///< probability step up, of MaxProb
    quint32 decrement = (MaxProb + 10000) / 20000; ///< probability step down, of MaxProb
    quint32 penaltyRate = 10;  ///< packets/s for flows that do not respond
    quint32 penaltyBurst = 20; ///< packets

    /** tc's get_prob(): a fraction 0…1, scaled and rounded; nullopt outside 0…1. */
    static std::optional<quint32> probability(double fraction);
    /** The shortest decimal text get_prob() reads back as @p scaled. */
    static QString probabilityText(quint32 scaled);

    ValidationIssues validate() const;
    friend bool operator==(const SfbParams &, const SfbParams &) = default;
};
QS_DECLARE_QDISC_KIND(SfbParams)

} // namespace qs
