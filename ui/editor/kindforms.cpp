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
    b.text(
        QStringLiteral("divisor"), KindForms::tr("Hash table"),
        KindForms::tr("Buckets (1, 2, 4, … 256): the filter is then a table other filters go in (ht) and link to, with a handle "
                      "like 2:. Empty: a filter that matches."),
        false,
        [](const Filter &f) {
            const auto &divisor = f.params.get<U32Params>().divisor;
            return divisor ? QString::number(*divisor) : QString();
        },
        [](Filter &f, const QString &text) -> QString {
            if (text.trimmed().isEmpty()) {
                f.params.edit<U32Params>().divisor.reset();
                return {};
            }
            bool ok = false;
            const uint divisor = text.trimmed().toUInt(&ok, 0);
            if (!ok || divisor == 0 || divisor > 256 || (divisor & (divisor - 1)))
                return KindForms::tr("a hash table has 1, 2, 4, … or 256 buckets");
            f.params.edit<U32Params>().divisor = divisor;
            return {};
        });
    // tc's words for the options of tables, each read the way tc reads it.
    const auto optionRow = [&b](const char16_t *option, const QString &label, const QString &toolTip, const QString &example) {
        auto *row = b.text(
            QString::fromUtf16(option), label, toolTip, false,
            [option](const Filter &f) { return f.params.get<U32Params>().optionWords(option); },
            [option](Filter &f, const QString &text) { return f.params.edit<U32Params>().setOptionWords(option, text); });
        row->setPlaceholderText(example);
    };
    optionRow(u"ht", KindForms::tr("In table"),
              KindForms::tr("The table and bucket the filter goes in (ht), like 2:5. Empty: its prio's own table."), QStringLiteral("2:5"));
    optionRow(u"link", KindForms::tr("Link to table"),
              KindForms::tr("A packet that passes the matches is looked up in this table next (link), like 2:."), QStringLiteral("2:"));
    optionRow(u"hashkey", KindForms::tr("Hash key"),
              KindForms::tr("The bits of one word that pick the bucket of the linked table (hashkey)."),
              QStringLiteral("mask 0x000000ff at 16"));
    optionRow(u"offset", KindForms::tr("Next header"),
              KindForms::tr("Where the next header starts for the matches at nexthdr+ (offset): a constant (plus N) or read "
                            "from the packet (at N mask M shift S); eat: linked tables see it as the start."),
              QStringLiteral("at 0 mask 0x0f00 shift 6 eat"));
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
