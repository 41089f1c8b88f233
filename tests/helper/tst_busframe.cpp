// BusFrame, the helper's reading of D-Bus message headers (the BusRelay decides by it), against
// sd-bus as the oracle: sd-bus writes real messages into a socket pair and the test parses
// them; what BusFrame writes (a call without its body) is read back by sd-bus. Then cut and
// scrambled headers: refused or read within their bounds, never read past. Last, the BusRelay
// between a bus of the test's own and what sd-bus would read: what passes, what is refused,
// what is dropped, and that the stream stays in step.

#include "busframe.h"
#include "busrelay.h"
#include "helperobject.h"
#include "helperbus.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtEndian>
#include <QTest>

#include <systemd/sd-bus.h>

#include <cstring>
#include <functional>
#include <memory>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace qs;

namespace {

/**
 * What @p fd gives until @p enough says so or nothing comes for @p quietMs; @p beforeEach runs
 * before each wait (an sd-bus that must be let write).
 */
QByteArray readFrom(int fd, int quietMs, const std::function<bool(const QByteArray &)> &enough,
                    const std::function<void()> &beforeEach = {})
{
    QByteArray got;
    char buffer[65536];
    while (!enough(got)) {
        if (beforeEach)
            beforeEach();
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, quietMs) <= 0)
            break;
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n <= 0)
            break;
        got.append(buffer, n);
    }
    return got;
}

/**
 * An sd-bus client on one end of a socket pair and the test as its "bus" on the other: the test
 * answers the auth lines, then reads what sd-bus writes and writes what sd-bus should read.
 */
class PeerOfSdBus
{
public:
    PeerOfSdBus()
    {
        int pair[2];
        QVERIFY(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) == 0);
        m_fd = pair[0];
        QVERIFY(sd_bus_new(&m_bus) >= 0);
        QVERIFY(sd_bus_set_fd(m_bus, pair[1], pair[1]) >= 0);
        QVERIFY(sd_bus_negotiate_fds(m_bus, 1) >= 0);
        QVERIFY(sd_bus_start(m_bus) >= 0);
        // sd-bus says AUTH EXTERNAL, DATA, NEGOTIATE_UNIX_FD and BEGIN at once; a bus answers each in turn.
        const QByteArray auth = readUntil("BEGIN\r\n");
        QVERIFY2(auth.contains("AUTH EXTERNAL"), auth.constData());
        writeAll("DATA\r\nOK 0123456789abcdef0123456789abcdef\r\nAGREE_UNIX_FD\r\n");
        for (int i = 0; i < 10 && !isRunning(); ++i)
            process(100);
        QVERIFY(isRunning());
    }
    ~PeerOfSdBus()
    {
        sd_bus_close_unref(m_bus); // nothing left to write; a flush would wait for a bus that never answered
        ::close(m_fd);
    }
    sd_bus *bus() const { return m_bus; }

    /** The bytes of @p message as sd-bus puts them on the wire. */
    QByteArray wireOf(sd_bus_message *message)
    {
        if (sd_bus_send(m_bus, message, nullptr) < 0 || sd_bus_flush(m_bus) < 0)
            return {};
        return readFrom(m_fd, 100, [](const QByteArray &) { return false; });
    }

    void writeAll(const QByteArray &bytes)
    {
        qsizetype done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::send(m_fd, bytes.constData() + done, size_t(bytes.size() - done), MSG_NOSIGNAL);
            if (n <= 0)
                return;
            done += n;
        }
    }

    void process(int timeoutMs)
    {
        while (sd_bus_process(m_bus, nullptr) > 0) {
        }
        sd_bus_wait(m_bus, uint64_t(timeoutMs) * 1000);
        while (sd_bus_process(m_bus, nullptr) > 0) {
        }
    }

private:
    bool isRunning() const { return sd_bus_is_ready(m_bus) > 0; }
    QByteArray readUntil(const QByteArray &end)
    {
        return readFrom(m_fd, 1000, [&end](const QByteArray &got) { return got.contains(end); },
                        [this] { sd_bus_process(m_bus, nullptr); }); // lets sd-bus write
    }

    sd_bus *m_bus = nullptr;
    int m_fd = -1;
};

/** A message as a bus sends it (little-endian), with the header fields given; the body as given. */
QByteArray wireMessage(BusFrame::Type type, quint32 serial, const QList<QPair<quint8, QByteArray>> &stringFields,
                       const QByteArray &signature, const QByteArray &body, quint32 unixFds = 0)
{
    QByteArray out;
    const auto pad = [&out](int to) { out.append((to - out.size() % to) % to, '\0'); };
    const auto u32 = [&out](quint32 v) { char b[4]; qToLittleEndian(v, b); out.append(b, 4); };
    out.append('l');
    out.append(char(type));
    out.append('\0');
    out.append('\1');
    u32(quint32(body.size()));
    u32(serial);
    u32(0);
    for (const auto &[code, value] : stringFields) {
        pad(8);
        out.append(char(code)).append('\1').append(code == 1 ? 'o' : 's').append('\0');
        pad(4);
        u32(quint32(value.size()));
        out.append(value).append('\0');
    }
    if (!signature.isEmpty()) {
        pad(8);
        out.append('\x08').append('\1').append('g').append('\0');
        out.append(char(signature.size())).append(signature).append('\0');
    }
    if (unixFds > 0) {
        pad(8);
        out.append('\x09').append('\1').append('u').append('\0');
        u32(unixFds);
    }
    qToLittleEndian(quint32(out.size() - 16), out.data() + 12);
    pad(8);
    return out + body;
}

QByteArray stringBody(qsizetype length)
{
    QByteArray body;
    char b[4];
    qToLittleEndian(quint32(length), b);
    body.append(b, 4).append(QByteArray(length, 'x')).append('\0');
    return body;
}

QList<QPair<quint8, QByteArray>> callTo(const QByteArray &member, const QByteArray &sender = ":1.5")
{
    return {{1, QByteArray("/org/qdiscstudio/Helper1")}, {2, QByteArray("org.qdiscstudio.Helper1")}, {3, member},
            {6, QByteArray(":1.1")}, {7, sender}};
}

int openDescriptors()
{
    return int(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size());
}

BusFrame parsed(const QByteArray &wire)
{
    QString error;
    std::optional<BusFrame> frame = BusFrame::parseFixed(wire, &error);
    if (!frame) {
        qWarning("%s", qPrintable(error));
        return {};
    }
    if (wire.size() < frame->headerBytes() || !frame->parseFields(wire, &error)) {
        qWarning("%s", qPrintable(error));
        return {};
    }
    return *frame;
}

} // namespace

class TestBusFrame : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsWhatSdBusWrites()
    {
        PeerOfSdBus peer;
        sd_bus_message *call = nullptr;
        QVERIFY(sd_bus_message_new_method_call(peer.bus(), &call, "org.qdiscstudio.Helper1", "/org/qdiscstudio/Helper1",
                                               "org.qdiscstudio.Helper1", "Apply") >= 0);
        const QByteArray target(300, 't');
        QVERIFY(sd_bus_message_append(call, "ssa{sv}", target.constData(), "{\"tree\":{}}", 1, "revertAfterSeconds", "u", 30u) >= 0);
        const QByteArray wire = peer.wireOf(call);
        uint64_t cookie = 0;
        QVERIFY(sd_bus_message_get_cookie(call, &cookie) >= 0);
        sd_bus_message_unref(call);

        const BusFrame frame = parsed(wire);
        QCOMPARE(frame.type, BusFrame::Type::MethodCall);
        QCOMPARE(frame.path, QByteArray("/org/qdiscstudio/Helper1"));
        QCOMPARE(frame.interface, QByteArray("org.qdiscstudio.Helper1"));
        QCOMPARE(frame.member, QByteArray("Apply"));
        QCOMPARE(frame.destination, QByteArray("org.qdiscstudio.Helper1"));
        QCOMPARE(frame.signature, QByteArray("ssa{sv}"));
        QCOMPARE(quint64(frame.serial), cookie);
        QCOMPARE(qsizetype(frame.headerBytes() + frame.bodyBytes), wire.size());
        // The first argument's length, where the body starts.
        QCOMPARE(frame.readUint32(QByteArrayView(wire).sliced(frame.headerBytes(), 4)), quint32(target.size()));
    }

    void countsTheFileDescriptors()
    {
        PeerOfSdBus peer;
        sd_bus_message *call = nullptr;
        QVERIFY(sd_bus_message_new_method_call(peer.bus(), &call, "org.qdiscstudio.Helper1", "/x", nullptr, "Take") >= 0);
        QVERIFY(sd_bus_message_append(call, "hh", 0, 1) >= 0);
        const QByteArray wire = peer.wireOf(call);
        sd_bus_message_unref(call);
        const BusFrame frame = parsed(wire);
        QCOMPARE(frame.unixFds, 2u);
        QCOMPARE(frame.signature, QByteArray("hh"));
        QVERIFY(frame.interface.isEmpty());
    }

    void sdBusReadsTheCallWithoutItsBody()
    {
        PeerOfSdBus peer;
        BusFrame frame;
        frame.type = BusFrame::Type::MethodCall;
        frame.flags = 0x4; // allow interactive authorization: kept
        frame.serial = 4242;
        frame.path = "/org/qdiscstudio/Helper1";
        frame.interface = "org.qdiscstudio.Helper1";
        frame.member = "Apply";
        frame.destination = ":1.7";
        frame.sender = ":1.99";
        frame.signature = "ssa{sv}";
        frame.bodyBytes = 4000000;
        frame.unixFds = 1;
        const QByteArray wire = frame.withoutBody();
        QCOMPARE(wire.size() % 8, 0);

        struct Seen
        {
            QByteArray member, path, interface, sender, signature;
            uint64_t cookie = 0;
            int interactive = -1;
            bool seen = false;
        } seen;
        sd_bus_slot *slot = nullptr;
        QVERIFY(sd_bus_add_filter(peer.bus(), &slot, [](sd_bus_message *m, void *userdata, sd_bus_error *) {
            auto *s = static_cast<Seen *>(userdata);
            s->seen = true;
            s->member = sd_bus_message_get_member(m);
            s->path = sd_bus_message_get_path(m);
            s->interface = sd_bus_message_get_interface(m);
            s->sender = sd_bus_message_get_sender(m);
            s->signature = sd_bus_message_get_signature(m, 1);
            s->interactive = sd_bus_message_get_allow_interactive_authorization(m);
            sd_bus_message_get_cookie(m, &s->cookie);
            return 1;
        }, &seen) >= 0);
        peer.writeAll(wire);
        for (int i = 0; i < 20 && !seen.seen; ++i)
            peer.process(50);
        sd_bus_slot_unref(slot);
        QVERIFY(seen.seen);
        QCOMPARE(seen.member, QByteArray("Apply"));
        QCOMPARE(seen.path, QByteArray("/org/qdiscstudio/Helper1"));
        QCOMPARE(seen.interface, QByteArray("org.qdiscstudio.Helper1"));
        QCOMPARE(seen.sender, QByteArray(":1.99"));
        QCOMPARE(seen.signature, QByteArray());
        QCOMPARE(seen.cookie, uint64_t(4242));
        QCOMPARE(seen.interactive, 1);

        // And BusFrame reads its own writing the same way.
        const BusFrame again = parsed(wire);
        QCOMPARE(again.member, frame.member);
        QCOMPARE(again.sender, frame.sender);
        QCOMPARE(again.bodyBytes, 0u);
        QCOMPARE(again.unixFds, 0u);
        QVERIFY(again.signature.isEmpty());
    }

    void cutAndScrambledHeadersStayInBounds()
    {
        PeerOfSdBus peer;
        sd_bus_message *call = nullptr;
        QVERIFY(sd_bus_message_new_method_call(peer.bus(), &call, "org.qdiscstudio.Helper1", "/org/qdiscstudio/Helper1",
                                               "org.qdiscstudio.Helper1", "ChangeNode") >= 0);
        QVERIFY(sd_bus_message_append(call, "sssa{sv}", "ns/veth0", "{}", "", 0) >= 0);
        const QByteArray wire = peer.wireOf(call);
        sd_bus_message_unref(call);
        const BusFrame whole = parsed(wire);
        QVERIFY(whole.member == "ChangeNode");

        QString error;
        // The header fields' array cut at every byte (its length says so): each is refused, or
        // read without a byte past the cut (an exact copy: a sanitizer sees any read beyond).
        int readWhole = 0;
        for (qsizetype cut = BusFrame::FixedBytes; cut <= BusFrame::FixedBytes + qsizetype(whole.fieldsBytes); ++cut) {
            QByteArray header = wire.left(cut);
            qToLittleEndian(quint32(cut - BusFrame::FixedBytes), header.data() + 12);
            const std::unique_ptr<char[]> exact(new char[size_t(cut)]);
            std::memcpy(exact.get(), header.constData(), size_t(cut));
            std::optional<BusFrame> frame = BusFrame::parseFixed(QByteArrayView(exact.get(), cut), &error);
            QVERIFY(frame);
            if (frame->parseFields(QByteArrayView(exact.get(), cut), &error))
                ++readWhole;
        }
        QVERIFY(readWhole >= 1); // the whole array at least; cuts between two fields read as fewer fields
        // Scrambled bytes (a fixed seed): never a read outside, and strings no longer than the header.
        QRandomGenerator random(15);
        for (int round = 0; round < 20000; ++round) {
            QByteArray bytes = wire.left(whole.headerBytes());
            const int changes = 1 + int(random.bounded(4));
            for (int c = 0; c < changes; ++c)
                bytes[random.bounded(int(bytes.size()))] = char(random.bounded(256));
            std::optional<BusFrame> frame = BusFrame::parseFixed(bytes, &error);
            if (!frame || frame->headerBytes() > bytes.size())
                continue;
            if (frame->parseFields(bytes, &error)) {
                QVERIFY(frame->member.size() < bytes.size());
                QVERIFY(frame->sender.size() < bytes.size());
                QVERIFY(frame->signature.size() < 256);
            }
        }
        QVERIFY(!BusFrame::parseFixed(QByteArray("l\1\0\1"), &error));
        QVERIFY(!BusFrame::parseFixed(QByteArray("x\1\0\1\0\0\0\0\1\0\0\0\0\0\0\0", 16), &error));
        QVERIFY(!BusFrame::parseFixed(QByteArray("l\1\0\2\0\0\0\0\1\0\0\0\0\0\0\0", 16), &error)); // protocol 2
        QVERIFY(!BusFrame::parseFixed(QByteArray("l\1\0\1\0\0\0\x09\1\0\0\0\0\0\0\0", 16), &error)); // 144 MiB of body
    }

    void relayPassesRefusesAndDropsInStep()
    {
        QTemporaryDir dir;
        const QByteArray path = QFile::encodeName(dir.filePath(QStringLiteral("bus")));
        const int listener = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_un where{};
        where.sun_family = AF_UNIX;
        std::memcpy(where.sun_path, path.constData(), size_t(path.size()));
        QVERIFY(::bind(listener, reinterpret_cast<const sockaddr *>(&where), sizeof where) == 0);
        QVERIFY(::listen(listener, 1) == 0);
        QString error;
        std::unique_ptr<BusRelay> relay = BusRelay::connectTo("unix:path=" + path, &HelperObject::callRefusal, &error);
        QVERIFY2(relay, qPrintable(error));
        const int bus = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
        QVERIFY(bus >= 0);
        const int descriptorsBefore = openDescriptors();

        const QByteArray auth = "DATA\r\nOK 0123456789abcdef0123456789abcdef\r\nAGREE_UNIX_FD\r\n";
        const QByteArray small = wireMessage(BusFrame::Type::MethodCall, 1, callTo("GetVersion"), {}, {});
        // A header field of a type the relay does not read (dbus-broker forwards such): dropped.
        QByteArray unknownField = wireMessage(BusFrame::Type::MethodCall, 2, callTo("GetVersion"), {}, {});
        unknownField.insert(16, QByteArray("\xc8\x01y\0\x07\0\0\0", 8)); // code 200, a byte: 8 bytes, still aligned
        qToLittleEndian(qFromLittleEndian<quint32>(unknownField.constData() + 12) + 8, unknownField.data() + 12);
        // Header fields larger than any the relay reads: a path of 70 000 bytes. Dropped.
        QList<QPair<quint8, QByteArray>> longPath = callTo("GetVersion");
        longPath[0].second = "/" + QByteArray(70000, 'p');
        const QByteArray hugeHeader = wireMessage(BusFrame::Type::MethodCall, 3, longPath, "s", stringBody(100));
        // Too large for its method: passed on without its body, the refusal kept for the handler.
        const QByteArray tooLarge = wireMessage(BusFrame::Type::MethodCall, 4, callTo("Authorize"), "s", stringBody(70000));
        // With a descriptor: closed at once, the call refused.
        const QByteArray withFd = wireMessage(BusFrame::Type::MethodCall, 5, callTo("Authorize"), "h", QByteArray(4, '\0'), 1);
        const QByteArray last = wireMessage(BusFrame::Type::MethodCall, 6, callTo("ListTargets"), {}, {});

        const auto sendAll = [bus](const QByteArray &bytes, int fd = -1) {
            msghdr message{};
            iovec from{const_cast<char *>(bytes.constData()), size_t(bytes.size())};
            message.msg_iov = &from;
            message.msg_iovlen = 1;
            alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
            if (fd >= 0) {
                message.msg_control = control;
                message.msg_controllen = sizeof control;
                cmsghdr *c = CMSG_FIRSTHDR(&message);
                c->cmsg_level = SOL_SOCKET;
                c->cmsg_type = SCM_RIGHTS;
                c->cmsg_len = CMSG_LEN(sizeof(int));
                std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
            }
            return ::sendmsg(bus, &message, MSG_NOSIGNAL) == ssize_t(bytes.size());
        };
        QVERIFY(sendAll(auth + small + unknownField + hugeHeader + tooLarge));
        const int passedFd = ::dup(0);
        QVERIFY(sendAll(withFd, passedFd));
        ::close(passedFd);
        QVERIFY(sendAll(last));

        QString parseError;
        BusFrame tooLargeFrame = *BusFrame::parseFixed(tooLarge, &parseError);
        QVERIFY(tooLargeFrame.parseFields(tooLarge, &parseError));
        BusFrame withFdFrame = *BusFrame::parseFixed(withFd, &parseError);
        QVERIFY(withFdFrame.parseFields(withFd, &parseError));
        const QByteArray expected = auth + small + tooLargeFrame.withoutBody() + withFdFrame.withoutBody() + last;
        const QByteArray got = readFrom(relay->relayedSocket(), 5000, [&expected](const QByteArray &bytes) { return bytes.size() >= expected.size(); });
        QCOMPARE(got.size(), expected.size());
        QVERIFY(got == expected);
        QCOMPARE(relay->takeRefusal(":1.5", 4).kind, BusRelay::Refusal::Kind::TooLarge);
        QCOMPARE(relay->takeRefusal(":1.5", 4).kind, BusRelay::Refusal::Kind::None); // answered once
        QCOMPARE(relay->takeRefusal(":1.5", 5).kind, BusRelay::Refusal::Kind::WithDescriptors);
        QCOMPARE(openDescriptors(), descriptorsBefore); // the one sent was closed by the relay

        // The bus hangs up: sd-bus reads the end, and the relay's thread does not spin.
        ::close(bus);
        pollfd p{relay->relayedSocket(), POLLIN, 0};
        QVERIFY(::poll(&p, 1, 5000) == 1);
        char byte = 0;
        QCOMPARE(::recv(relay->relayedSocket(), &byte, 1, MSG_DONTWAIT), ssize_t(0));
        const int busSocket = relay->busSocket();
        const int relayed = relay->relayedSocket();
        relay.reset();
        ::close(busSocket); // sd-bus's, had there been one
        ::close(relayed);
        ::close(listener);
    }

    void sizeRuleOfTheHelper()
    {
        using Kind = BusRelay::Refusal::Kind;
        const auto kindOf = [](const BusFrame &frame, std::optional<quint32> first, bool admitted = true) {
            return HelperObject::callRefusal(frame, first, admitted).kind;
        };
        BusFrame frame;
        frame.type = BusFrame::Type::MethodCall;
        frame.member = "Apply";
        frame.bodyBytes = quint32(HelperBus::MaxTreeDocumentBytes + HelperBus::MaxSmallArgumentsBytes);
        QCOMPARE(kindOf(frame, quint32(MaxTargetCharacters * 4)), Kind::None);
        QCOMPARE(kindOf(frame, quint32(MaxTargetCharacters * 4 + 1)), Kind::TooLarge);
        QVERIFY(HelperObject::callRefusal(frame, quint32(MaxTargetCharacters * 4 + 1), true).text.contains(QStringLiteral("the target has")));
        // A document from a sender without a grant is not read; a small call is, and answered.
        QCOMPARE(kindOf(frame, 10, false), Kind::NotAdmitted);
        frame.bodyBytes = quint32(HelperBus::MaxSmallArgumentsBytes);
        QCOMPARE(kindOf(frame, 10, false), Kind::None);
        frame.bodyBytes = quint32(HelperBus::MaxTreeDocumentBytes + HelperBus::MaxSmallArgumentsBytes + 1);
        QVERIFY(HelperObject::callRefusal(frame, 10, true).text.contains(QStringLiteral("Apply takes at most")));
        frame.member = "ChangeNode";
        frame.bodyBytes = quint32(HelperBus::MaxNodeDocumentBytes + HelperBus::MaxSmallArgumentsBytes + 1);
        QCOMPARE(kindOf(frame, 10), Kind::TooLarge);
        // A signal, whatever its name, and any other call, known or not: small arguments only.
        frame.member = "Apply";
        frame.type = BusFrame::Type::Signal;
        frame.bodyBytes = quint32(HelperBus::MaxSmallArgumentsBytes + 1);
        QCOMPARE(kindOf(frame, 10), Kind::TooLarge);
        frame.type = BusFrame::Type::MethodCall;
        for (const char *member : {"Authorize", "CreateLab", "GetVersion", "NoSuchMethod"}) {
            frame.member = member;
            frame.bodyBytes = quint32(HelperBus::MaxSmallArgumentsBytes);
            QCOMPARE(kindOf(frame, std::nullopt, false), Kind::None);
            ++frame.bodyBytes;
            QCOMPARE(kindOf(frame, std::nullopt), Kind::TooLarge);
        }
    }
};

QTEST_GUILESS_MAIN(TestBusFrame)
#include "tst_busframe.moc"
