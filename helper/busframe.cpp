#include "busframe.h"

#include <QtEndian>

namespace qs {

namespace {

enum FieldCode : quint8 { Path = 1, Interface = 2, Member = 3, ErrorName = 4, ReplySerial = 5, Destination = 6, Sender = 7, Signature = 8, UnixFds = 9 };

qsizetype alignedTo(qsizetype offset, qsizetype alignment)
{
    return (offset + alignment - 1) & ~(alignment - 1);
}

quint32 uint32At(QByteArrayView bytes, qsizetype offset, bool bigEndian)
{
    const auto *p = reinterpret_cast<const uchar *>(bytes.data() + offset);
    return bigEndian ? qFromBigEndian<quint32>(p) : qFromLittleEndian<quint32>(p);
}

void appendUint32(QByteArray *out, quint32 value)
{
    uchar bytes[4];
    qToLittleEndian(value, bytes);
    out->append(reinterpret_cast<const char *>(bytes), 4);
}

void padTo(QByteArray *out, qsizetype alignment)
{
    out->append(alignedTo(out->size(), alignment) - out->size(), '\0');
}

/** One header field of type s or o, in little-endian order. */
void appendStringField(QByteArray *out, FieldCode code, char type, const QByteArray &value)
{
    padTo(out, 8);
    out->append(char(code));
    out->append('\1');
    out->append(type);
    out->append('\0');
    padTo(out, 4);
    appendUint32(out, quint32(value.size()));
    out->append(value);
    out->append('\0');
}

} // namespace

std::optional<BusFrame> BusFrame::parseFixed(QByteArrayView fixed, QString *error)
{
    if (fixed.size() < FixedBytes) {
        *error = QStringLiteral("a message header needs %1 bytes").arg(FixedBytes);
        return std::nullopt;
    }
    BusFrame frame;
    if (fixed.at(0) != 'l' && fixed.at(0) != 'B') {
        *error = QStringLiteral("a message starts with an unknown byte order");
        return std::nullopt;
    }
    frame.bigEndian = fixed.at(0) == 'B';
    const quint8 type = quint8(fixed.at(1));
    if (type < 1 || type > 4 || fixed.at(3) != 1) {
        *error = QStringLiteral("a message of type %1, protocol version %2").arg(type).arg(int(fixed.at(3)));
        return std::nullopt;
    }
    frame.type = Type(type);
    frame.flags = quint8(fixed.at(2));
    frame.bodyBytes = uint32At(fixed, 4, frame.bigEndian);
    frame.serial = uint32At(fixed, 8, frame.bigEndian);
    frame.fieldsBytes = uint32At(fixed, 12, frame.bigEndian);
    if (frame.fieldsBytes > MaxMessageBytes || frame.bodyBytes > MaxMessageBytes) {
        *error = QStringLiteral("a message with %1 bytes of header fields and %2 bytes of body").arg(frame.fieldsBytes).arg(frame.bodyBytes);
        return std::nullopt;
    }
    return frame;
}

bool BusFrame::parseFields(QByteArrayView header, QString *error)
{
    const qsizetype end = FixedBytes + qsizetype(fieldsBytes);
    if (header.size() < end) {
        *error = QStringLiteral("the header fields are cut short");
        return false;
    }
    const auto fail = [error](qsizetype at) {
        *error = QStringLiteral("the header field at byte %1 cannot be read").arg(at);
        return false;
    };
    qsizetype pos = FixedBytes;
    while (pos < end) {
        pos = alignedTo(pos, 8);
        // A field: its code, a signature of one type, the value.
        if (pos + 4 > end || header.at(pos + 1) != 1 || header.at(pos + 3) != 0)
            return fail(pos);
        const quint8 code = quint8(header.at(pos));
        const char valueType = header.at(pos + 2);
        pos += 4;
        QByteArray text;
        quint32 number = 0;
        switch (valueType) {
        case 's': case 'o': {
            pos = alignedTo(pos, 4);
            if (pos + 4 > end)
                return fail(pos);
            const quint32 length = uint32At(header, pos, bigEndian);
            pos += 4;
            if (length >= quint32(end - pos) || header.at(pos + length) != 0)
                return fail(pos);
            text = header.sliced(pos, length).toByteArray();
            pos += length + 1;
            break;
        }
        case 'g': {
            if (pos + 1 > end)
                return fail(pos);
            const quint8 length = quint8(header.at(pos));
            ++pos;
            if (qsizetype(length) >= end - pos || header.at(pos + length) != 0)
                return fail(pos);
            text = header.sliced(pos, length).toByteArray();
            pos += length + 1;
            break;
        }
        case 'u':
            pos = alignedTo(pos, 4);
            if (pos + 4 > end)
                return fail(pos);
            number = uint32At(header, pos, bigEndian);
            pos += 4;
            break;
        default:
            return fail(pos);
        }
        switch (code) {
        case Path: path = text; break;
        case Interface: interface = text; break;
        case Member: member = text; break;
        case Destination: destination = text; break;
        case Sender: sender = text; break;
        case Signature: signature = text; break;
        case UnixFds: unixFds = number; break;
        case ErrorName: case ReplySerial: default: break;
        }
    }
    return true;
}

quint32 BusFrame::readUint32(QByteArrayView fourBytes) const
{
    return fourBytes.size() < 4 ? 0 : uint32At(fourBytes, 0, bigEndian);
}

QByteArray BusFrame::withoutBody() const
{
    QByteArray out;
    out.reserve(FixedBytes + 64 + path.size() + interface.size() + member.size() + destination.size() + sender.size());
    out.append('l');
    out.append(char(type));
    out.append(char(flags));
    out.append('\1');
    appendUint32(&out, 0); // the body
    appendUint32(&out, serial);
    appendUint32(&out, 0); // the fields' length, written below
    appendStringField(&out, Path, 'o', path);
    if (!interface.isEmpty())
        appendStringField(&out, Interface, 's', interface);
    appendStringField(&out, Member, 's', member);
    if (!destination.isEmpty())
        appendStringField(&out, Destination, 's', destination);
    if (!sender.isEmpty())
        appendStringField(&out, Sender, 's', sender);
    qToLittleEndian(quint32(out.size() - FixedBytes), reinterpret_cast<uchar *>(out.data() + 12));
    padTo(&out, 8);
    return out;
}

} // namespace qs
