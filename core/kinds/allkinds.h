#pragma once

// Every kind's parameter types at once, for the places that name many kinds (tests, the kind
// table). Code about one kind includes that kind's header only.

#include "basic/basicparams.h"
#include "cake/cakeparams.h"
#include "choke/chokeparams.h"
#include "clsact/clsactparams.h"
#include "codel/codelparams.h"
#include "drr/drrparams.h"
#include "fifo/fifoparams.h"
#include "foreign/foreignactionparams.h"
#include "foreign/foreignclassparams.h"
#include "foreign/foreignfilterparams.h"
#include "foreign/foreignparams.h"
#include "fq/fqparams.h"
#include "flower/flowerparams.h"
#include "fw/fwparams.h"
#include "fq_codel/fqcodelparams.h"
#include "fq_pie/fqpieparams.h"
#include "gact/gactparams.h"
#include "hhf/hhfparams.h"
#include "hfsc/hfscparams.h"
#include "htb/htbparams.h"
#include "ingress/ingressparams.h"
#include "kindtable.h"
#include "matchall/matchallparams.h"
#include "mirred/mirredparams.h"
#include "mq/mqparams.h"
#include "mqprio/mqprioparams.h"
#include "multiq/multiqparams.h"
#include "netem/netemparams.h"
#include "noqueue/noqueueparams.h"
#include "pfifo_fast/pfifofastparams.h"
#include "pie/pieparams.h"
#include "police/policeparams.h"
#include "plug/plugparams.h"
#include "prio/prioparams.h"
#include "qfq/qfqparams.h"
#include "red/redparams.h"
#include "sfb/sfbparams.h"
#include "sfq/sfqparams.h"
#include "skbedit/skbeditparams.h"
#include "skbprio/skbprioparams.h"
#include "tbf/tbfparams.h"
#include "u32/u32params.h"

namespace qs {

/** A list of kind parameter types, walked at compile time. */
template <class... P> struct KindTypes
{
    /** Calls @p f with a null pointer of each type in turn until it returns true. */
    template <class F> static bool any(F &&f) { return (f(static_cast<const P *>(nullptr)) || ...); }
};

/**
 * THE TABLE: every qdisc kind the model describes, one entry each, in the order menus list them.
 * Everything that dispatches over kinds walks this list (Kinds::qdiscs(), the editor's forms), so
 * a kind listed here without a part fails to compile.
 */
using QdiscKindTypes = KindTypes<NetemParams, TbfParams, HtbQdiscParams, HfscQdiscParams, DrrQdiscParams, QfqQdiscParams, SfqParams, FqCodelParams, FqPieParams, CakeParams, CodelParams, PieParams, FqParams, RedParams, ChokeParams, PlugParams, SfbParams, HhfParams, PfifoParams, BfifoParams,
                                 PfifoHeadDropParams, PrioParams, MultiqParams, MqParams, MqprioParams, PfifoFastParams, SkbprioParams, NoqueueParams, IngressParams, ClsactParams>;

/** The class kinds of the classful qdisc kinds. */
using ClassKindTypes = KindTypes<HtbClassParams, HfscClassParams, DrrClassParams, QfqClassParams>;

/** Every filter kind (classifier). */
using FilterKindTypes = KindTypes<U32Params, FlowerParams, MatchallParams, FwParams, BasicParams>;

/** Every action kind a filter can run. */
using ActionKindTypes = KindTypes<MirredParams, PoliceParams, GactParams, SkbeditParams>;

} // namespace qs
