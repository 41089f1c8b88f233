// libFuzzer target: BusFrame, the helper's reading of D-Bus message headers. The relay reads
// every message of the system bus with it, as root, before anything else looks at the message.
// Any input: read the fixed part, then the header fields within their stated length (an exact
// copy, so that a read beyond shows); a call read whole is written again without its body, and
// that must read back as the same call.

#include "busframe.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QString error;
    const QByteArrayView input(reinterpret_cast<const char *>(data), qsizetype(size));
    std::optional<qs::BusFrame> frame = qs::BusFrame::parseFixed(input, &error);
    if (!frame)
        return 0;
    const qsizetype fieldsEnd = qs::BusFrame::FixedBytes + qsizetype(frame->fieldsBytes);
    if (qsizetype(size) < fieldsEnd)
        return 0;
    const std::unique_ptr<char[]> exact(new char[size_t(fieldsEnd)]);
    std::memcpy(exact.get(), data, size_t(fieldsEnd));
    if (!frame->parseFields(QByteArrayView(exact.get(), fieldsEnd), &error))
        return 0;
    if (frame->type != qs::BusFrame::Type::MethodCall || frame->path.isEmpty() || frame->member.isEmpty())
        return 0;
    const QByteArray again = frame->withoutBody();
    std::optional<qs::BusFrame> reread = qs::BusFrame::parseFixed(again, &error);
    if (!reread || !reread->parseFields(again, &error) || reread->member != frame->member || reread->path != frame->path ||
        reread->sender != frame->sender || reread->interface != frame->interface || reread->serial != frame->serial ||
        reread->bodyBytes != 0 || again.size() != reread->headerBytes())
        std::abort();
    return 0;
}
