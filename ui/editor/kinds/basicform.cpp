// The basic form: the ematch expression, typed in tc's words and checked as it is typed.
#include "kindforms.h"

namespace qs {

void buildKindForm(FormBinder<Filter> &b, const BasicParams *)
{
    b.note(KindForms::tr("basic matches packets by an ematch expression: cmp compares bytes of a header, u32 a masked "
                         "word, meta what the kernel knows of the packet (mark, priority, length, device …); join them "
                         "with and, or, not and parentheses. Without one it matches all traffic."));
    b.text(QStringLiteral("match"), KindForms::tr("Match"),
           KindForms::tr("As tc writes it, e.g. cmp(u8 at 9 layer network eq 6) and not meta(nf_mark eq 5). "
                         "Empty: every packet."),
           true, [](const Filter &f) { return Ematch::print(f.params.get<BasicParams>().match); },
           [](Filter &f, const QString &text) -> QString {
               if (text.trimmed().isEmpty()) {
                   f.params.edit<BasicParams>().match.clear();
                   return {};
               }
               QString error;
               std::optional<EmatchList> list = Ematch::parseText(text, &error);
               if (!list)
                   return error;
               f.params.edit<BasicParams>().match = std::move(*list);
               return {};
           });
}

} // namespace qs
