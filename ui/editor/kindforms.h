#pragma once

#include "formbinder.h"

#include "kinds/allkinds.h"
#include "model/filter.h"

#include <QCoreApplication>

#include <functional>

namespace qs {

class EditorForm;

/**
 * One editor form per kind, one declaration per kind (the kinds of QdiscKindTypes and
 * ClassKindTypes in core/kinds/allkinds.h). The dispatch below walks those lists and calls the
 * form of each kind: a kind without a form here does not compile.
 */
void buildKindForm(FormBinder<NetemParams> &b);
void buildKindForm(FormBinder<TbfParams> &b);
void buildKindForm(FormBinder<HtbQdiscParams> &b);
void buildKindForm(FormBinder<HfscQdiscParams> &b);
void buildKindForm(FormBinder<DrrQdiscParams> &b);
void buildKindForm(FormBinder<QfqQdiscParams> &b);
void buildKindForm(FormBinder<SfqParams> &b);
void buildKindForm(FormBinder<FqCodelParams> &b);
void buildKindForm(FormBinder<FqPieParams> &b);
void buildKindForm(FormBinder<CakeParams> &b);
void buildKindForm(FormBinder<CodelParams> &b);
void buildKindForm(FormBinder<PieParams> &b);
void buildKindForm(FormBinder<FqParams> &b);
void buildKindForm(FormBinder<RedParams> &b);
void buildKindForm(FormBinder<ChokeParams> &b);
void buildKindForm(FormBinder<PlugParams> &b);
void buildKindForm(FormBinder<SfbParams> &b);
void buildKindForm(FormBinder<HhfParams> &b);
void buildKindForm(FormBinder<PfifoParams> &b);
void buildKindForm(FormBinder<BfifoParams> &b);
void buildKindForm(FormBinder<PfifoHeadDropParams> &b);
void buildKindForm(FormBinder<PrioParams> &b);
void buildKindForm(FormBinder<IngressParams> &b);
void buildKindForm(FormBinder<ClsactParams> &b);
void buildKindForm(FormBinder<PfifoFastParams> &b);
void buildKindForm(FormBinder<SkbprioParams> &b);
void buildKindForm(FormBinder<NoqueueParams> &b);
void buildKindForm(FormBinder<MqParams> &b);
void buildKindForm(FormBinder<MqprioParams> &b);
void buildKindForm(FormBinder<MultiqParams> &b);
void buildKindForm(FormBinder<HtbClassParams> &b);
void buildKindForm(FormBinder<HfscClassParams> &b);
void buildKindForm(FormBinder<DrrClassParams> &b);
void buildKindForm(FormBinder<QfqClassParams> &b);

/** The filter kinds' own rows (FilterKindTypes): a form on the whole filter, tagged by the kind. */
void buildKindForm(FormBinder<Filter> &b, const U32Params *);
void buildKindForm(FormBinder<Filter> &b, const MatchallParams *);
void buildKindForm(FormBinder<Filter> &b, const FwParams *);
void buildKindForm(FormBinder<Filter> &b, const FlowerParams *);
void buildKindForm(FormBinder<Filter> &b, const BasicParams *);

/** The "Runs in" row of the classifiers that can run in a NIC: tc's skip_hw and skip_sw, in @p P's @p member. */
template <class P> void offloadChoice(FormBinder<Filter> &b, OffloadFlags P::*member);
/** The "Came in on" row of the classifiers that take tc's indev, in @p P's @p member. */
template <class P> void indevText(FormBinder<Filter> &b, QString P::*member);

/** The editor forms of whichever kind a node holds. */
class KindForms
{
    Q_DECLARE_TR_FUNCTIONS(qs::KindForms)

public:
    using Edited = std::function<void(bool final)>;
    /** Rows for the qdisc parameters @p params reaches; a note for a foreign node. */
    static void qdisc(EditorForm *form, const QdiscKindOps &kind, std::function<QdiscParams &()> params, Edited edited);
    static void classNode(EditorForm *form, const ClassKindOps &kind, std::function<ClassParams &()> params, Edited edited);
    /** The rows of the filter's own kind, into the filter's form. */
    static void filter(FormBinder<Filter> &b);
};

template <class P> void offloadChoice(FormBinder<Filter> &b, OffloadFlags P::*member)
{
    b.choice(QStringLiteral("skip_hw"), KindForms::tr("Runs in"),
             KindForms::tr("Where the kernel runs the filter: in software and, when the device can take it, in the "
                           "NIC (tc's default); in software only (skip_hw); or in the NIC only (skip_sw, refused by a "
                           "device that cannot offload it)."),
             {{KindForms::tr("software and hardware"), 0}, {KindForms::tr("software only (skip_hw)"), 1},
              {KindForms::tr("hardware only (skip_sw)"), 2}},
             [member](const Filter &f) {
                 const OffloadFlags &flags = f.params.get<P>().*member;
                 return QVariant(flags.skipHw ? 1 : flags.skipSw ? 2 : 0);
             },
             [member](Filter &f, const QVariant &value) {
                 OffloadFlags &flags = f.params.edit<P>().*member;
                 flags.skipHw = value.toInt() == 1;
                 flags.skipSw = value.toInt() == 2;
             });
}

template <class P> void indevText(FormBinder<Filter> &b, QString P::*member)
{
    b.text(QStringLiteral("indev"), KindForms::tr("Came in on"),
           KindForms::tr("Only packets that arrived on this device (tc's indev); empty: any."), false,
           [member](const Filter &f) { return f.params.get<P>().*member; },
           [member](Filter &f, const QString &text) -> QString {
               f.params.edit<P>().*member = text.trimmed();
               return {};
           });
}

} // namespace qs
