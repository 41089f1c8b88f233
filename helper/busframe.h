#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace qs {

/**
 * The header of one D-Bus message as it travels on the wire (the D-Bus specification's "Message
 * Format"): what the helper's bus relay needs to decide about a message before any of its body
 * is stored or validated.
 *
 * Only header fields of the basic types the specification gives them (o, s, g, u) are read;
 * dbus-daemon checks every message and drops header fields it does not know before it forwards
 * one, so a header this parser cannot read never comes from the bus.
 */
struct BusFrame
{
    enum class Type : quint8 { Invalid = 0, MethodCall = 1, MethodReturn = 2, Error = 3, Signal = 4 };

    /** The fixed part and the length of the header fields, which say how long the message is. */
    static constexpr qsizetype FixedBytes = 16;
    /** No real header comes close (a few names of at most 255 bytes each); a larger one is not read. */
    static constexpr quint32 MaxFieldsBytes = 64 * 1024;
    /** The specification's largest message (2^27 bytes). */
    static constexpr quint32 MaxMessageBytes = 128 * 1024 * 1024;

    bool bigEndian = false;
    Type type = Type::Invalid;
    quint8 flags = 0;
    quint32 serial = 0;
    quint32 bodyBytes = 0;
    quint32 fieldsBytes = 0; ///< the header fields' array, without its length and without the padding after it
    QByteArray path;
    QByteArray interface;
    QByteArray member;
    QByteArray destination;
    QByteArray sender;
    QByteArray signature;
    quint32 unixFds = 0;

    /** Bytes before the body: the fixed part and the header fields, padded to 8. */
    qsizetype headerBytes() const { return (FixedBytes + qsizetype(fieldsBytes) + 7) & ~qsizetype(7); }

    /**
     * Reads the fixed part: what follows needs headerBytes() - FixedBytes more bytes. Nothing with
     * @p error when the stream cannot be followed (an unknown byte order or version, or more than
     * MaxMessageBytes).
     */
    static std::optional<BusFrame> parseFixed(QByteArrayView fixed, QString *error);
    /** Reads the header fields of @p header (the whole header, headerBytes() long) into this frame. */
    bool parseFields(QByteArrayView header, QString *error);

    /** A u32 at the start of @p body in this message's byte order: the length of a first string argument. */
    quint32 readUint32(QByteArrayView fourBytes) const;

    /**
     * This method call with no body and no file descriptors: the same serial, flags, path,
     * interface, member, destination and sender, so that whoever handles it can answer the caller
     * (an error: the call was too large to be read).
     */
    QByteArray withoutBody() const;
};

} // namespace qs
