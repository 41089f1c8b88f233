// The plug form: the command to send and the byte limit.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<PlugParams> &b)
{
    b.section(KindForms::tr("Plug"));
    b.choice(QStringLiteral("action"), KindForms::tr("Command"),
             KindForms::tr("What the plug is told: hold what arrives from now on (block), let out what it held "
                           "before the last block (release), or let everything through until the next block "
                           "(release_indefinite)."),
             {{KindForms::tr("none"), -1}, {KindForms::tr("block"), 0}, {KindForms::tr("release"), 1},
              {KindForms::tr("release_indefinite"), 2}, {KindForms::tr("set the limit"), 3}},
             [](const PlugParams &p) { return QVariant(p.action ? int(*p.action) : -1); },
             [](PlugParams &p, const QVariant &value) {
                 const int v = value.toInt();
                 p.action = v < 0 ? std::nullopt : std::optional<PlugParams::Action>(PlugParams::Action(v));
             });
    b.number(ParameterSpec::size(QStringLiteral("limit"), KindForms::tr("Limit"),
                                 KindForms::tr("The most bytes the plug holds; a new plug without options holds the "
                                               "device's queue length × MTU."),
                                 ParameterScale::logarithmic(1024, 1024.0 * 1024 * 1024, true))
                 .withOffText(KindForms::tr("default")),
             &PlugParams::limit);
    b.note(KindForms::tr("The kernel reports none of plug's settings back: every apply sends the command again."));
}

} // namespace qs
