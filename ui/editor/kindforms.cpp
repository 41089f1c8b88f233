#include "kindforms.h"

#include "editorform.h"
#include "netemform.h"
#include "queueforms.h"
#include "shaperforms.h"

namespace qs {

void buildKindForm(FormBinder<NetemParams> &b)
{
    NetemForm::build(b);
}

void buildKindForm(FormBinder<TbfParams> &b)
{
    ShaperForms::tbf(b);
}

void buildKindForm(FormBinder<HtbQdiscParams> &b)
{
    ShaperForms::htbQdisc(b);
}

void buildKindForm(FormBinder<HtbClassParams> &b)
{
    ShaperForms::htbClass(b);
}

void buildKindForm(FormBinder<SfqParams> &b)
{
    QueueForms::sfq(b);
}

void buildKindForm(FormBinder<FqCodelParams> &b)
{
    QueueForms::fqCodel(b);
}

void buildKindForm(FormBinder<PfifoParams> &b)
{
    QueueForms::pfifo(b);
}

void buildKindForm(FormBinder<BfifoParams> &b)
{
    QueueForms::bfifo(b);
}

void buildKindForm(FormBinder<PfifoHeadDropParams> &b)
{
    QueueForms::pfifoHeadDrop(b);
}

void buildKindForm(FormBinder<PrioParams> &b)
{
    QueueForms::prio(b);
}

void buildKindForm(FormBinder<IngressParams> &b)
{
    b.note(KindForms::tr("ingress has no parameters: it is the hook incoming traffic passes, where filters hang. "
                         "To delay or drop incoming traffic, redirect it to an ifb device and edit the tree there."));
}

void buildKindForm(FormBinder<ClsactParams> &b)
{
    b.note(KindForms::tr("clsact has no parameters: it holds the ingress and egress hooks that filters hang from."));
}

void buildKindForm(FormBinder<Filter> &b, const U32Params *)
{
    auto *matches = b.text(
        QStringLiteral("matches"), KindForms::tr("Matches"),
        KindForms::tr("One match per line as tc writes it after \"match\"; a packet must pass all of them (none: every packet)."),
        true,
        [](const Filter &f) {
            QStringList lines;
            for (const U32Match &match : f.params.get<U32Params>().matches)
                lines.append(match.toTcWords());
            return lines.join(u'\n');
        },
        [](Filter &f, const QString &text) -> QString {
            QList<U32Match> parsed;
            QStringList problems;
            const QStringList lines = text.split(u'\n');
            for (qsizetype i = 0; i < lines.size(); ++i) {
                const QString line = lines[i].trimmed();
                if (line.isEmpty())
                    continue;
                QString error;
                if (const auto match = U32Match::fromTcWords(line, &error))
                    parsed.append(*match);
                else
                    problems.append(KindForms::tr("line %1: %2").arg(i + 1).arg(error));
            }
            if (!problems.isEmpty())
                return problems.join(u'\n');
            f.params.edit<U32Params>().matches = parsed;
            return {};
        });
    matches->setPlaceholderText(QStringLiteral("ip dst 198.18.0.0/15\nip dport 5201 0xffff"));
}

namespace {

template <class Types, class Ops, class Value>
bool buildFor(EditorForm *form, const Ops &kind, std::function<Value &()> params, KindForms::Edited edited)
{
    return Types::any([&]<class P>(const P *) {
        if (&Value::template opsOf<P>() != &kind)
            return false;
        FormBinder<P> binder(
            form, [params]() -> P & { return params().template edit<P>(); }, edited);
        buildKindForm(binder);
        return true;
    });
}

} // namespace

void KindForms::qdisc(EditorForm *form, const QdiscKindOps &kind, std::function<QdiscParams &()> params, Edited edited)
{
    if (!buildFor<QdiscKindTypes>(form, kind, params, edited))
        form->addNote(tr("%1 is kept as the kernel reported it; Qdisc Studio does not edit this kind.")
                          .arg(kind.kindName(params().data())));
}

void KindForms::classNode(EditorForm *form, const ClassKindOps &kind, std::function<ClassParams &()> params, Edited edited)
{
    if (!buildFor<ClassKindTypes>(form, kind, params, edited))
        form->addNote(tr("This %1 class is kept as the kernel reported it; Qdisc Studio does not edit it.")
                          .arg(kind.kindName(params().data())));
}

void KindForms::filter(FormBinder<Filter> &b)
{
    const FilterKindOps &kind = b.params().ops();
    const bool built = FilterKindTypes::any([&]<class P>(const P *tag) {
        if (&FilterParams::opsOf<P>() != &kind)
            return false;
        buildKindForm(b, tag);
        return true;
    });
    if (!built)
        b.note(tr("This %1 filter is kept as the kernel reported it; Qdisc Studio does not edit it.").arg(b.params().kindName()));
}

} // namespace qs
