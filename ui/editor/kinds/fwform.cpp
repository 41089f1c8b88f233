// The fw form: the firewall mark it matches, the mask, and the device packets came in on.
#include "kindforms.h"

#include "tc/tcunits.h"

namespace qs {

namespace {

/** A 32-bit value typed in any base tc reads (0x…, decimal); a message when it is none. */
QString setU32(const QString &text, quint32 &out)
{
    const auto value = TcUnits::parseU32(text.trimmed(), 0);
    if (!value)
        return KindForms::tr("\"%1\" is not a 32-bit number (write 6, 0x6 or 0xff00)").arg(text.trimmed());
    out = *value;
    return {};
}

} // namespace

void buildKindForm(FormBinder<Filter> &b, const FwParams *)
{
    b.note(KindForms::tr("fw matches packets by their firewall mark, set by iptables or nftables (MARK, "
                         "meta mark set) or a socket's SO_MARK."));
    b.text(QStringLiteral("handle"), KindForms::tr("Mark"),
           KindForms::tr("The mark to match (tc's handle): after the mask below, a packet's mark must equal it."), false,
           [](const Filter &f) { return f.handle ? QStringLiteral("0x%1").arg(*f.handle, 0, 16) : QString(); },
           [](Filter &f, const QString &text) -> QString {
               quint32 mark = 0;
               if (QString problem = setU32(text, mark); !problem.isEmpty())
                   return problem;
               f.handle = mark;
               return {};
           });
    b.text(QStringLiteral("mask"), KindForms::tr("Mask"),
           KindForms::tr("The bits of the mark that count (0xffffffff: all). Every fw filter of one priority shares it."), false,
           [](const Filter &f) { return QStringLiteral("0x%1").arg(f.params.get<FwParams>().mask, 0, 16); },
           [](Filter &f, const QString &text) { return setU32(text, f.params.edit<FwParams>().mask); });
    indevText(b, &FwParams::indev);
}

} // namespace qs
