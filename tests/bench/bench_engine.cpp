// bench_engine: the acceptance figures of issue "Netlink engine", measured side by side in one run.
//
//   (a) change  one parameter change (htb class rate, tbf rate, netem delay) through
//               TcEngine::apply(desired tree) and TcEngine::execute(one Change op), against
//               `tc … change` spawned as a process and against one bare netlink round trip
//   (b) dump    TcEngine::readStats() of 1 000 and 10 000 htb classes against
//               `tc -s -j class show dev X` spawned with its output read fully
//   (c) build   a 10 000-class htb tree from nothing: TcEngine::apply against
//               `tc -batch FILE` of our own exported script (TcExporter)
//
// Figures only: nothing here asserts a timing, and it is not a ctest entry. It needs root: every
// part builds what it measures in network namespaces of its own (LabNamespace) and removes them.
// netem exists only under user-mode Linux on the project's machines:
//
//   tests/kernel/uml/run-in-uml.sh --timeout 1200 --mem 1G -- build/tests/bench/bench_engine change --kinds netem,htb,tbf
//
// Method. The compared paths of one part run interleaved: every round runs each path once, in a
// fresh random order (fixed seed), so that the noise of a shared machine falls on all of them
// alike and no path always follows the same one (right after a tc process exits, caches are cold
// and the kernel is still tearing the process down: a fixed order put that on one path). Every
// change sets the other of two values than the one before it, whoever made the previous one, so
// every single request really changes the kernel's state. Times are CLOCK_MONOTONIC
// (std::chrono::steady_clock); p99 is nearest-rank, the median of an even count the mean of the
// middle two. user/op, sys/op and faults/op are getrusage means (a spawned tc's from
// RUSAGE_CHILDREN); the kernel splits user from system time by tick sampling, so for operations of
// a few microseconds only their sum means something — and under UML neither does.
//
// "Bare netlink round trip" (the floor for (a)): the very request the engine sends for the change
// (same RTM_NEWTCLASS / RTM_NEWQDISC message, encoded once by TcCodec before the loop), written with
// send() on a raw rtnetlink socket of the same namespace (extended and capped acks on, as the
// engine's) and its ack read with recv() — no libnl, no allocation, no parsing beyond the ack. It
// includes the kernel's own work for the change (rtnl lock, htb_change_class / tbf_change /
// netem_change), which no user-space path can avoid, so "engine ÷ bare" measures exactly what the
// engine adds. Also printed: a RTM_GETLINK of one interface (the other common yardstick; its
// answer is the whole link with its statistics, so here it costs 2-4x the change), the "floor of
// apply" (the three dumps TcEngine::read() sends plus the change, prebuilt, replies unparsed: what
// any read-plan-change design costs with zero user-space work), and a what-if row, the change
// made with TcPlanner::plan() on the tree the kernel is known to hold plus execute(), i.e. apply
// without its re-read.

#include "kinds/allkinds.h"
#include "labnamespace.h"
#include "netlink/netlinksocket.h"
#include "netlink/pschedclock.h"
#include "netlink/tccodec.h"
#include "netlink/tcengine.h"
#include "netlink/tcplan.h"
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>

#include <netlink/msg.h>

#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <numeric>
#include <random>
#include <poll.h>
#include <spawn.h>
#include <string>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

using namespace qs;
using namespace qs::test;

namespace {

using Clock = std::chrono::steady_clock;

double nsSince(Clock::time_point start)
{
    return double(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
}

[[noreturn]] void die(const QString &message)
{
    std::fflush(stdout);
    std::fprintf(stderr, "bench_engine: %s\n", qPrintable(message));
    NamespaceRegistry::removeAll();
    std::exit(1);
}

// ---------------------------------------------------------------------------------------------
// Statistics and the table

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return NAN;
    std::sort(v.begin(), v.end());
    if (p == 50.0 && v.size() % 2 == 0)
        return (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    const size_t rank = size_t(std::ceil(p / 100.0 * double(v.size()))); // nearest rank, 1-based
    return v[std::clamp<size_t>(rank, 1, v.size()) - 1];
}

/** 0 … n-1 in a random order; the same sequence of orders on every run. */
void shuffled(std::vector<int> *order)
{
    static std::mt19937 random(20240601);
    std::iota(order->begin(), order->end(), 0);
    std::shuffle(order->begin(), order->end(), random);
}

double median(const std::vector<double> &v)
{
    return percentile(v, 50.0);
}

QString duration(double ns)
{
    if (std::isnan(ns))
        return QStringLiteral("-");
    if (ns < 1e3)
        return QStringLiteral("%1 ns").arg(ns, 0, 'f', 0);
    if (ns < 1e6)
        return QStringLiteral("%1 us").arg(ns / 1e3, 0, 'f', ns < 1e5 ? 2 : 1);
    if (ns < 1e9)
        return QStringLiteral("%1 ms").arg(ns / 1e6, 0, 'f', ns < 1e8 ? 3 : 1);
    return QStringLiteral("%1 s").arg(ns / 1e9, 0, 'f', 3);
}

/**
 * Minor page faults and CPU time of this process (RUSAGE_SELF) or of its reaped children. The
 * kernel's work for a netlink request runs in the sender's system call, so it lands in sysNs.
 */
struct Usage
{
    qint64 faults = 0;
    qint64 userNs = 0;
    qint64 sysNs = 0;
    static Usage now(int who)
    {
        rusage u{};
        getrusage(who, &u);
        const auto ns = [](const timeval &t) { return qint64(t.tv_sec) * 1'000'000'000 + qint64(t.tv_usec) * 1000; };
        return {u.ru_minflt, ns(u.ru_utime), ns(u.ru_stime)};
    }
};

/**
 * Wall time of one operation, plus the page faults and CPU time it cost (getrusage outside the
 * timed span). @p who: RUSAGE_SELF for what runs in this process (the kernel's work for our
 * netlink requests included), RUSAGE_CHILDREN for a spawned tc (counted once it is reaped).
 */
struct Stopwatch
{
    explicit Stopwatch(int who = RUSAGE_SELF) : who(who), usage0(Usage::now(who)), start(Clock::now()) {}
    int who;
    Usage usage0;
    Clock::time_point start;
    double ns = 0;
    Usage used;
    void stop()
    {
        ns = nsSince(start);
        const Usage u = Usage::now(who);
        used = {u.faults - usage0.faults, u.userNs - usage0.userNs, u.sysNs - usage0.sysNs};
    }
};

struct Series
{
    explicit Series(QString n) : name(std::move(n)) {}
    QString name;
    std::vector<double> ns;
    Usage used; ///< over all recorded operations
    void add(const Stopwatch &w)
    {
        ns.push_back(w.ns);
        used.faults += w.used.faults;
        used.userNs += w.used.userNs;
        used.sysNs += w.used.sysNs;
    }
};

/** One row: @p tc and @p bare are the references of its ratio columns (nullptr: "-"). */
struct Row
{
    const Series *series;
    const Series *tc = nullptr;
    const Series *bare = nullptr;
};

void printTable(const QString &title, const QList<Row> &rows)
{
    std::printf("\n%s\n", qPrintable(title));
    std::printf("(ratios from medians; user/op, sys/op, faults/op: means from getrusage, tc's as its child's)\n");
    const char *format = "%-64s %6s %11s %11s %14s %14s %11s %11s %9s\n";
    std::printf(format, "operation", "n", "median", "p99", "vs tc (med)", "vs bare (med)", "user/op", "sys/op", "faults/op");
    std::printf("%s\n", QString(64 + 6 + 11 + 11 + 14 + 14 + 11 + 11 + 9 + 8, u'-').toLatin1().constData());
    for (const Row &row : rows) {
        const double med = median(row.series->ns);
        QString vsTc = QStringLiteral("-");
        QString vsBare = QStringLiteral("-");
        if (row.tc && row.tc != row.series)
            vsTc = QStringLiteral("%1x faster").arg(median(row.tc->ns) / med, 0, 'f', median(row.tc->ns) / med < 10 ? 2 : 0);
        if (row.bare && row.bare != row.series)
            vsBare = QStringLiteral("%1x bare").arg(med / median(row.bare->ns), 0, 'f', 2);
        const double n = double(row.series->ns.size());
        const QString faults = QString::number(double(row.series->used.faults) / n, 'f', 1);
        const QString user = duration(double(row.series->used.userNs) / n);
        const QString sys = duration(double(row.series->used.sysNs) / n);
        std::printf(format, qPrintable(row.series->name), qPrintable(QString::number(row.series->ns.size())),
                    qPrintable(duration(med)), qPrintable(duration(percentile(row.series->ns, 99))), qPrintable(vsTc),
                    qPrintable(vsBare), qPrintable(user), qPrintable(sys), qPrintable(faults));
    }
    std::fflush(stdout);
}

void verdict(const QString &what, bool met, const QString &figures)
{
    std::printf("  target %-58s %-6s (%s)\n", qPrintable(what), met ? "MET" : "MISSED", qPrintable(figures));
}

// ---------------------------------------------------------------------------------------------
// Processes: tc as the alternative the engine replaces

struct Spawned
{
    int exitCode = -1;
    qint64 outBytes = 0;
    std::string out; ///< kept only when asked
    std::string err;
};

/**
 * Runs @p program with @p args (PATH lookup) the cheapest way there is — posix_spawn (vfork+exec
 * in glibc), stdin /dev/null, stdout and stderr read fully through pipes — and reaps it.
 */
Spawned spawn(const char *program, const QStringList &args, bool keepOut = false)
{
    std::vector<QByteArray> storage{QByteArray(program)};
    for (const QString &a : args)
        storage.push_back(a.toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &s : storage)
        argv.push_back(s.data());
    argv.push_back(nullptr);

    int outPipe[2];
    int errPipe[2];
    if (pipe2(outPipe, O_CLOEXEC) != 0 || pipe2(errPipe, O_CLOEXEC) != 0)
        die(QStringLiteral("pipe2: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
    pid_t pid = -1;
    const int rc = posix_spawnp(&pid, program, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    Spawned result;
    if (rc != 0) {
        ::close(outPipe[0]);
        ::close(errPipe[0]);
        result.err = std::string("cannot start ") + program + ": " + std::strerror(rc);
        return result;
    }
    char buffer[64 * 1024];
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    int open = 2;
    while (open > 0) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (pollfd &p : fds) {
            if (p.fd < 0 || !(p.revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t got = ::read(p.fd, buffer, sizeof buffer);
            if (got > 0) {
                if (p.fd == outPipe[0]) {
                    result.outBytes += got;
                    if (keepOut)
                        result.out.append(buffer, size_t(got));
                } else {
                    result.err.append(buffer, size_t(got));
                }
            } else if (got == 0 || errno != EINTR) {
                ::close(p.fd);
                p.fd = -1;
                --open;
            }
        }
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

/** tc -n NS ARGS…, timed from before the spawn to after the reap; dies when tc fails. */
Stopwatch timedTc(const QString &netns, const QStringList &args, Spawned *out = nullptr, bool keepOut = false)
{
    const QStringList all = QStringList{QStringLiteral("-n"), netns} + args;
    Stopwatch ns(RUSAGE_CHILDREN);
    Spawned s = spawn("tc", all, keepOut);
    ns.stop();
    if (s.exitCode != 0)
        die(QStringLiteral("tc %1 failed (%2): %3").arg(all.join(u' ')).arg(s.exitCode).arg(QString::fromStdString(s.err)));
    if (out)
        *out = std::move(s);
    return ns;
}

// ---------------------------------------------------------------------------------------------
// The bare netlink path: prebuilt messages on a raw rtnetlink socket

/** The message the engine would send for @p op, encoded once, ready for send(). */
std::vector<char> prebuilt(const TcOperation &op, int ifindex)
{
    using Type = TcOperation::Type;
    int type = RTM_NEWQDISC;
    int flags = 0;
    quint32 handle = op.qdisc.handle.raw();
    quint32 parent = op.qdisc.parent.raw();
    switch (op.type) {
    case Type::AddQdisc:
        flags = NLM_F_CREATE | NLM_F_EXCL;
        break;
    case Type::ChangeQdisc:
        break;
    case Type::AddClass:
    case Type::ChangeClass:
        type = RTM_NEWTCLASS;
        flags = op.type == Type::AddClass ? NLM_F_CREATE | NLM_F_EXCL : 0;
        handle = op.classNode.classId.raw();
        parent = op.classNode.parent.raw();
        break;
    default:
        die(QStringLiteral("prebuilt(): %1 is not used here").arg(op.describe()));
    }
    NlMsgPtr msg(nlmsg_alloc_size(80 * 1024));
    nlmsg_put(msg.get(), 0, 0, type, 0, flags);
    tcmsg header{};
    header.tcm_family = AF_UNSPEC;
    header.tcm_ifindex = ifindex;
    header.tcm_handle = handle;
    header.tcm_parent = parent;
    nlmsg_append(msg.get(), &header, sizeof(header), NLMSG_ALIGNTO);
    TcCodec::Context context;
    context.clock = &PschedClock::system();
    QString error;
    const bool ok = type == RTM_NEWTCLASS ? TcCodec::encodeClass(msg.get(), op.classNode.params, context, &error)
                                          : TcCodec::encodeQdisc(msg.get(), op.qdisc.params, context, &error);
    if (!ok)
        die(QStringLiteral("cannot encode %1: %2").arg(op.describe(), error));
    nlmsghdr *h = nlmsg_hdr(msg.get());
    h->nlmsg_flags |= NLM_F_REQUEST | NLM_F_ACK;
    const char *bytes = reinterpret_cast<const char *>(h);
    return std::vector<char>(bytes, bytes + h->nlmsg_len);
}

/** A RTM_GETLINK of one interface (no ack: the answer is the link itself). */
std::vector<char> prebuiltGetLink(int ifindex)
{
    struct
    {
        nlmsghdr h;
        ifinfomsg i;
    } req{};
    req.h.nlmsg_len = NLMSG_LENGTH(sizeof(ifinfomsg));
    req.h.nlmsg_type = RTM_GETLINK;
    req.h.nlmsg_flags = NLM_F_REQUEST;
    req.i.ifi_family = AF_UNSPEC;
    req.i.ifi_index = ifindex;
    const char *bytes = reinterpret_cast<const char *>(&req);
    return std::vector<char>(bytes, bytes + req.h.nlmsg_len);
}

/** A dump request (RTM_GETQDISC, RTM_GETTCLASS, RTM_GETTFILTER) for one device, as TcEngine::read() sends it. */
std::vector<char> prebuiltDump(int type, int ifindex, quint32 parent = 0)
{
    struct
    {
        nlmsghdr h;
        tcmsg t;
    } req{};
    req.h.nlmsg_len = NLMSG_LENGTH(sizeof(tcmsg));
    req.h.nlmsg_type = quint16(type);
    req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
    req.t.tcm_family = AF_UNSPEC;
    req.t.tcm_ifindex = ifindex;
    req.t.tcm_parent = parent;
    const char *bytes = reinterpret_cast<const char *>(&req);
    return std::vector<char>(bytes, bytes + req.h.nlmsg_len);
}

/** A raw rtnetlink socket in a namespace (opened like the engine's), driven with send()/recv(). */
class RawNetlink
{
public:
    explicit RawNetlink(const QString &netns)
    {
        QString error;
        m_socket = NetlinkSocket::open(netns, &error);
        if (!m_socket)
            die(error);
        m_fd = m_socket->fd();
    }

    /**
     * Sends @p msg and reads until its answer: the ack (requests), the single reply (a get) or
     * NLMSG_DONE (dumps). Returns the number of messages answered (dump entries), -errno on refusal.
     */
    int roundTrip(std::vector<char> &msg)
    {
        auto *h = reinterpret_cast<nlmsghdr *>(msg.data());
        h->nlmsg_seq = ++m_seq;
        if (::send(m_fd, msg.data(), msg.size(), 0) != ssize_t(msg.size()))
            die(QStringLiteral("send: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
        const bool isDump = h->nlmsg_flags & NLM_F_DUMP;
        int entries = 0;
        for (;;) {
            const ssize_t got = ::recv(m_fd, m_buffer.data(), m_buffer.size(), 0);
            if (got < 0) {
                if (errno == EINTR)
                    continue;
                die(QStringLiteral("recv: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
            }
            int remaining = int(got);
            for (auto *r = reinterpret_cast<const nlmsghdr *>(m_buffer.data()); NLMSG_OK(r, remaining); r = NLMSG_NEXT(r, remaining)) {
                if (r->nlmsg_seq != m_seq)
                    continue;
                if (r->nlmsg_type == NLMSG_DONE)
                    return entries;
                if (r->nlmsg_type == NLMSG_ERROR) {
                    const int error = static_cast<const nlmsgerr *>(NLMSG_DATA(r))->error;
                    return error == 0 ? entries : error;
                }
                ++entries;
                if (!isDump)
                    return entries;
            }
        }
    }

private:
    std::unique_ptr<NetlinkSocket> m_socket;
    int m_fd = -1;
    quint32 m_seq = 1u << 24;
    std::vector<char> m_buffer = std::vector<char>(1 << 20);
};

// ---------------------------------------------------------------------------------------------
// Set-up helpers

QdiscTree treeOf(const QString &script)
{
    const TcImportResult result = TcImporter::import(script);
    if (!result.ok() || result.trees.size() != 1)
        die(QStringLiteral("bad benchmark script:\n%1").arg(script));
    return result.trees.first();
}

std::unique_ptr<TcEngine> openEngine(const QString &target)
{
    QString error;
    auto engine = TcEngine::open(target, &error);
    if (!engine)
        die(error);
    return engine;
}

/** One htb root 1: on @p device with @p classes leaves 1:1 … 1:N under it (rates vary a little). */
QdiscTree htbTree(const QString &device, int classes)
{
    QdiscTree tree;
    tree.device = device;
    QdiscNode root;
    root.handle = TcHandle::make(1, 0);
    root.parent = TcHandle::root();
    root.params = HtbQdiscParams{};
    tree.qdiscs.append(root);
    tree.classes.reserve(classes);
    for (int i = 1; i <= classes; ++i) {
        ClassNode c;
        c.params = HtbClassParams{};
        c.classId = TcHandle::make(1, quint16(i));
        c.parent = root.handle;
        c.params.edit<HtbClassParams>().rateBytesPerSecond = 125'000 + quint64(i % 100) * 1'000; // 1 … 1.8 Mbit/s
        c.params.edit<HtbClassParams>().ceilBytesPerSecond = 12'500'000;                         // 100 Mbit/s
        tree.classes.append(c);
    }
    return tree;
}

/** The exported script of @p tree as `tc -batch` takes it: the lines without their "tc". */
QString batchFile(const QString &dir, const QString &name, const QdiscTree &tree, int *lines)
{
    QdiscTree plain = tree;
    plain.netns.clear(); // tc -n NS -batch FILE: the namespace goes on the command line
    QStringList commands = TcExporter::commands(plain);
    for (QString &line : commands) {
        if (!line.startsWith(QStringLiteral("tc ")))
            die(QStringLiteral("unexpected exported line: %1").arg(line));
        line.remove(0, 3);
    }
    const QString path = dir + u'/' + name;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write((commands.join(u'\n') + u'\n').toUtf8()) < 0)
        die(QStringLiteral("cannot write %1").arg(path));
    *lines = int(commands.size());
    return path;
}

int classCount(TcEngine &engine)
{
    QString error;
    const auto nodes = engine.readStats(&error);
    if (!nodes)
        die(error);
    return int(std::count_if(nodes->begin(), nodes->end(), [](const NodeStats &n) { return n.isClass; }));
}

void tearDown(const LabNamespace &ns, const QString &device, TcEngine &engine)
{
    const CommandResult r = runCommand(QStringLiteral("tc"), {QStringLiteral("-n"), ns.name(), QStringLiteral("qdisc"), QStringLiteral("del"),
                                                              QStringLiteral("dev"), device, QStringLiteral("root")},
                                       600000);
    if (!r.ok() && !r.err.contains(QStringLiteral("Cannot delete qdisc with handle of zero")))
        die(QStringLiteral("tear-down of %1 failed: %2").arg(device, r.err));
    if (classCount(engine) != 0)
        die(QStringLiteral("tear-down of %1 left classes behind").arg(device));
    usleep(500 * 1000); // let the kernel's deferred freeing of the old tree (RCU) pass before the next build
}

struct Options
{
    bool change = false;
    bool dump = false;
    bool build = false;
    QStringList kinds{QStringLiteral("htb"), QStringLiteral("tbf"), QStringLiteral("netem")};
    bool kindsExplicit = false;
    int changes = 200;
    int dumps = 200;
    QList<int> sizes{1000, 10000};
    int builds = 5;
    int buildClasses = 10000;
    int warmup = 10;
    bool textDump = true;
};

// ---------------------------------------------------------------------------------------------
// (a) one parameter change

struct ChangeKind
{
    QString name;    ///< htb, tbf, netem
    QString what;    ///< "htb class rate"
    QString device;
    QString values[2];
    QString script;  ///< %1: device, %2: the value
    QStringList tcChange; ///< %1 the value
};

ChangeKind changeKind(const QString &name)
{
    if (name == u"htb")
        return {name, QStringLiteral("htb class rate"), QStringLiteral("ch-htb"), {QStringLiteral("10mbit"), QStringLiteral("20mbit")},
                QStringLiteral("tc qdisc add dev %1 root handle 1: htb default 10\n"
                               "tc class add dev %1 parent 1: classid 1:1 htb rate 100mbit\n"
                               "tc class add dev %1 parent 1:1 classid 1:10 htb rate %2 ceil 100mbit\n"
                               "tc class add dev %1 parent 1:1 classid 1:20 htb rate 10mbit ceil 100mbit\n"),
                QStringList{QStringLiteral("class"), QStringLiteral("change"), QStringLiteral("dev"), QStringLiteral("ch-htb"),
                            QStringLiteral("parent"), QStringLiteral("1:1"), QStringLiteral("classid"), QStringLiteral("1:10"),
                            QStringLiteral("htb"), QStringLiteral("rate"), QStringLiteral("%1"), QStringLiteral("ceil"),
                            QStringLiteral("100mbit")}};
    if (name == u"tbf")
        return {name, QStringLiteral("tbf rate"), QStringLiteral("ch-tbf"), {QStringLiteral("10mbit"), QStringLiteral("20mbit")},
                QStringLiteral("tc qdisc add dev %1 root handle 1: tbf rate %2 burst 32kb latency 100ms\n"),
                QStringList{QStringLiteral("qdisc"), QStringLiteral("change"), QStringLiteral("dev"), QStringLiteral("ch-tbf"),
                            QStringLiteral("root"), QStringLiteral("handle"), QStringLiteral("1:"), QStringLiteral("tbf"),
                            QStringLiteral("rate"), QStringLiteral("%1"), QStringLiteral("burst"), QStringLiteral("32kb"),
                            QStringLiteral("latency"), QStringLiteral("100ms")}};
    if (name == u"netem")
        return {name, QStringLiteral("netem delay"), QStringLiteral("ch-netem"), {QStringLiteral("10ms"), QStringLiteral("20ms")},
                QStringLiteral("tc qdisc add dev %1 root handle 1: netem delay %2\n"),
                QStringList{QStringLiteral("qdisc"), QStringLiteral("change"), QStringLiteral("dev"), QStringLiteral("ch-netem"),
                            QStringLiteral("root"), QStringLiteral("handle"), QStringLiteral("1:"), QStringLiteral("netem"),
                            QStringLiteral("delay"), QStringLiteral("%1")}};
    die(QStringLiteral("unknown kind \"%1\" (htb, tbf, netem)").arg(name));
}

/** Returns false when the kernel lacks the kind (netem on this machine's kernel). */
bool benchChange(const LabNamespace &ns, const ChangeKind &kind, const Options &opt)
{
    if (!ns.addVethPair(kind.device, kind.device + QStringLiteral("p")))
        die(QStringLiteral("cannot create the veth pair %1").arg(kind.device));

    // The initial tree, built with tc (not what is measured).
    const QdiscTree trees[2] = {treeOf(kind.script.arg(kind.device, kind.values[0])), treeOf(kind.script.arg(kind.device, kind.values[1]))};
    for (const QString &line : kind.script.arg(kind.device, kind.values[0]).split(u'\n', Qt::SkipEmptyParts)) {
        const CommandResult r = ns.tc(line.split(u' ').mid(1));
        if (!r.ok()) {
            if (r.err.contains(QStringLiteral("unknown")) || r.err.contains(QStringLiteral("No such file")))
                return false;
            die(QStringLiteral("%1: %2").arg(line, r.err));
        }
    }

    auto engine = openEngine(ns.target(kind.device));
    RawNetlink raw(ns.name());
    const bool isClass = kind.name == u"htb";
    TcOperation ops[2];
    std::vector<char> bareMsgs[2];
    for (int v = 0; v < 2; ++v) {
        ops[v].type = isClass ? TcOperation::Type::ChangeClass : TcOperation::Type::ChangeQdisc;
        if (isClass)
            ops[v].classNode = *trees[v].findClass(TcHandle::make(1, 0x10));
        else
            ops[v].qdisc = *trees[v].rootQdisc();
        bareMsgs[v] = prebuilt(ops[v], engine->ifindex());
    }
    std::vector<char> getLink = prebuiltGetLink(engine->ifindex());
    // What TcEngine::read() asks the kernel for these trees: every qdisc, the device's classes,
    // the filters of the one qdisc (1:).
    std::vector<char> readDumps[3] = {prebuiltDump(RTM_GETQDISC, engine->ifindex()), prebuiltDump(RTM_GETTCLASS, engine->ifindex()),
                                      prebuiltDump(RTM_GETTFILTER, engine->ifindex(), TcHandle::make(1, 0).raw())};
    const TcPlanner planner(PschedClock::system());

    const QString w = kind.what;
    Series tc{QStringLiteral("%1: tc %2 change (spawned)").arg(w, isClass ? QStringLiteral("class") : QStringLiteral("qdisc"))};
    Series apply{QStringLiteral("%1: TcEngine::apply(desired tree)").arg(w)};
    Series read{QStringLiteral("  of which TcEngine::read() (timed apart)")};
    Series plan{QStringLiteral("  of which TcPlanner::plan() (timed apart)")};
    Series execute{QStringLiteral("%1: TcEngine::execute(one %2)").arg(w, isClass ? QStringLiteral("ChangeClass") : QStringLiteral("ChangeQdisc"))};
    Series bare{QStringLiteral("%1: bare round trip (prebuilt %2, acked)").arg(w, isClass ? QStringLiteral("RTM_NEWTCLASS") : QStringLiteral("RTM_NEWQDISC"))};
    Series link{QStringLiteral("%1: bare RTM_GETLINK of one interface").arg(w)};
    Series floor{QStringLiteral("%1: bare floor of apply: its 3 dumps + change").arg(w)};
    Series known{QStringLiteral("%1: what-if: execute(plan(known tree)), no re-read").arg(w)};

    int k = 1; // the next value to set: the tree holds values[0]
    QMap<QString, int> planShapes;
    const auto next = [&] { return k++ & 1; };
    const std::function<void(bool)> methods[] = {
        [&](bool record) {
            const int v = next();
            QStringList args = kind.tcChange;
            args.replaceInStrings(QStringLiteral("%1"), kind.values[v]);
            const Stopwatch t = timedTc(ns.name(), args);
            if (record)
                tc.add(t);
        },
        [&](bool record) {
            const int v = next();
            Stopwatch t;
            const ApplyResult r = engine->apply(trees[v]);
            t.stop();
            if (!r.ok)
                die(r.error);
            QStringList shape;
            for (const TcOperation &op : r.plan)
                shape << op.describe();
            if (record) {
                apply.add(t);
                ++planShapes[shape.join(QStringLiteral("; "))];
            }
        },
        [&](bool record) {
            const int v = next();
            Stopwatch t;
            const ApplyResult r = engine->execute({ops[v]});
            t.stop();
            if (!r.ok)
                die(r.error);
            if (record)
                execute.add(t);
        },
        [&](bool record) {
            const int v = next();
            Stopwatch t;
            const int rc = raw.roundTrip(bareMsgs[v]);
            t.stop();
            if (rc < 0)
                die(QStringLiteral("bare change refused: %1").arg(QString::fromLocal8Bit(std::strerror(-rc))));
            if (record)
                bare.add(t);
        },
        [&](bool record) {
            // No change: apply's first two steps on their own. The kernel holds values[(k - 1) & 1].
            QString error;
            Stopwatch tRead;
            const auto current = engine->read(&error);
            tRead.stop();
            if (!current)
                die(error);
            Stopwatch tPlan;
            const QList<TcOperation> p = planner.plan(*current, trees[k & 1]);
            tPlan.stop();
            if (p.size() != 1)
                die(QStringLiteral("the planner wants %1 operations for one change").arg(p.size()));
            if (record) {
                read.add(tRead);
                plan.add(tPlan);
            }
        },
        [&](bool record) {
            // What apply would cost if it trusted the tree it last saw instead of reading it again:
            // today's planner and execute, public API, on the tree the kernel is known to hold.
            const int v = next();
            Stopwatch t;
            const ApplyResult r = engine->execute(planner.plan(trees[v ^ 1], trees[v]));
            t.stop();
            if (!r.ok || r.plan.size() != 1)
                die(QStringLiteral("plan(known tree) + execute: %1 (%2 operations)").arg(r.error).arg(r.plan.size()));
            if (record)
                known.add(t);
        },
        [&](bool record) {
            // The least any read-plan-change design costs: apply's requests, prebuilt, replies unparsed.
            const int v = next();
            Stopwatch t;
            for (std::vector<char> &dump : readDumps)
                raw.roundTrip(dump); // the filter dump of a classless qdisc is refused, as in read()
            const int rc = raw.roundTrip(bareMsgs[v]);
            t.stop();
            if (rc < 0)
                die(QStringLiteral("bare change refused: %1").arg(QString::fromLocal8Bit(std::strerror(-rc))));
            if (record)
                floor.add(t);
        },
        [&](bool record) {
            Stopwatch t;
            const int rc = raw.roundTrip(getLink);
            t.stop();
            if (rc != 1)
                die(QStringLiteral("RTM_GETLINK failed (%1)").arg(rc));
            if (record)
                link.add(t);
        },
    };
    constexpr int M = int(std::size(methods));
    std::vector<int> order(M);
    for (int i = 0; i < opt.warmup + opt.changes; ++i) {
        shuffled(&order);
        for (int j = 0; j < M; ++j)
            methods[order[j]](i >= opt.warmup);
    }

    // A slider drag: the engine is the only writer, step after step. apply() then trusts the tree it
    // last applied (tc notifications tell it when someone else changed the device) and sends one
    // change without re-reading. The rounds above interleave other writers, so there it re-reads.
    Series slider{QStringLiteral("%1: TcEngine::apply, consecutive (slider drag)").arg(w)};
    for (int i = 0; i < opt.warmup + opt.changes; ++i) {
        const int v = next();
        Stopwatch t;
        const ApplyResult r = engine->apply(trees[v]);
        t.stop();
        if (!r.ok || r.plan.size() != 1)
            die(QStringLiteral("slider apply: %1 (%2 operations)").arg(r.error).arg(r.plan.size()));
        if (i >= opt.warmup)
            slider.add(t);
    }

    // The last change must be in the kernel.
    QString error;
    const auto final = engine->read(&error);
    if (!final)
        die(error);
    const int last = (k - 1) & 1;
    const bool inPlace = TcPlanner(PschedClock::system()).plan(*final, trees[last]).isEmpty();

    printTable(QStringLiteral("(a) one change: %1 (%2 <-> %3), device %4").arg(w, kind.values[0], kind.values[1], ns.target(kind.device)),
               {{&tc, &tc, &bare}, {&slider, &tc, &bare}, {&apply, &tc, &bare}, {&read, &tc, &bare}, {&plan, &tc, &bare},
                {&execute, &tc, &bare}, {&known, &tc, &bare}, {&bare, &tc, &bare}, {&floor, &tc, &bare}, {&link, &tc, &bare}});
    for (auto it = planShapes.cbegin(); it != planShapes.cend(); ++it)
        std::printf("  apply's plan, %d times: %s\n", it.value(), qPrintable(it.key()));
    std::printf("  last value in the kernel afterwards (%s): %s\n", qPrintable(kind.values[last]), inPlace ? "yes" : "NO");
    const double tcMed = median(tc.ns);
    const double bareMed = median(bare.ns);
    for (const Series *s : {&slider, &execute}) {
        const QString name = s == &slider ? QStringLiteral("apply (slider drag)") : QStringLiteral("execute");
        const double med = median(s->ns);
        verdict(QStringLiteral("%1 >= 100x faster than tc").arg(name), tcMed / med >= 100, QStringLiteral("%1x").arg(tcMed / med, 0, 'f', 1));
        verdict(QStringLiteral("%1 within 3x of bare round trip").arg(name), med / bareMed <= 3,
                QStringLiteral("%1x; p99 %2x").arg(med / bareMed, 0, 'f', 2).arg(percentile(s->ns, 99) / percentile(bare.ns, 99), 0, 'f', 2));
    }
    std::printf("  not a target: apply right after another writer re-reads the tree: %.1fx faster than tc, %.2fx a bare round trip "
                "(its requests alone, prebuilt and unparsed, take %.2fx)\n",
                tcMed / median(apply.ns), median(apply.ns) / bareMed, median(floor.ns) / bareMed);
    std::fflush(stdout);
    return true;
}

// ---------------------------------------------------------------------------------------------
// (b) statistics dump

void benchDump(const LabNamespace &ns, const QString &tmp, const Options &opt)
{
    for (int size : opt.sizes) {
        const QString device = QStringLiteral("st%1").arg(size);
        if (!ns.addVethPair(device, device + QStringLiteral("p")))
            die(QStringLiteral("cannot create the veth pair %1").arg(device));
        int lines = 0;
        const QString file = batchFile(tmp, device + QStringLiteral(".tc"), htbTree(device, size), &lines);
        const auto start = Clock::now();
        timedTc(ns.name(), {QStringLiteral("-batch"), file});
        std::printf("(b) built %s: htb root + %d classes with tc -batch (%d lines) in %s\n", qPrintable(ns.target(device)), size,
                    lines, qPrintable(duration(nsSince(start))));
    }
    for (int size : opt.sizes) {
        const QString device = QStringLiteral("st%1").arg(size);
        auto engine = openEngine(ns.target(device));
        RawNetlink raw(ns.name());
        std::vector<char> dumpMsg = prebuiltDump(RTM_GETTCLASS, engine->ifindex());
        if (classCount(*engine) != size)
            die(QStringLiteral("%1 holds %2 classes, not %3").arg(device).arg(classCount(*engine)).arg(size));

        Series stats{QStringLiteral("%1 classes: TcEngine::readStats()").arg(size)};
        Series tcJson{QStringLiteral("%1 classes: tc -s -j class show (spawned, read fully)").arg(size)};
        Series tcText{QStringLiteral("%1 classes: tc -s class show (spawned, read fully)").arg(size)};
        Series bare{QStringLiteral("%1 classes: bare RTM_GETTCLASS dump, unparsed").arg(size)};
        qint64 jsonBytes = 0;
        qint64 textBytes = 0;
        qsizetype nodes = 0;
        const QStringList show{QStringLiteral("class"), QStringLiteral("show"), QStringLiteral("dev"), device};
        std::vector<std::function<void(bool)>> methods{
            [&](bool record) {
                QString error;
                Stopwatch t;
                const auto r = engine->readStats(&error);
                t.stop();
                if (!r)
                    die(error);
                nodes = r->size();
                if (record)
                    stats.add(t);
            },
            [&](bool record) {
                Spawned s;
                const Stopwatch t = timedTc(ns.name(), QStringList{QStringLiteral("-s"), QStringLiteral("-j")} + show, &s);
                jsonBytes = s.outBytes;
                if (record)
                    tcJson.add(t);
            },
            [&](bool record) {
                Stopwatch t;
                const int entries = raw.roundTrip(dumpMsg);
                t.stop();
                if (entries != size)
                    die(QStringLiteral("bare dump: %1 entries, not %2").arg(entries).arg(size));
                if (record)
                    bare.add(t);
            },
        };
        if (opt.textDump) {
            methods.push_back([&](bool record) {
                Spawned s;
                const Stopwatch t = timedTc(ns.name(), QStringList{QStringLiteral("-s")} + show, &s);
                textBytes = s.outBytes;
                if (record)
                    tcText.add(t);
            });
        }
        const int M = int(methods.size());
        std::vector<int> order(M);
        for (int i = 0; i < opt.warmup + opt.dumps; ++i) {
            shuffled(&order);
            for (int j = 0; j < M; ++j)
                methods[order[j]](i >= opt.warmup);
        }
        // What tc printed, to say whether -j gave JSON (iproute2 6.1 prints htb classes as text).
        Spawned sample;
        timedTc(ns.name(), QStringList{QStringLiteral("-s"), QStringLiteral("-j")} + show, &sample, true);
        const QByteArray head = QByteArray::fromStdString(sample.out.substr(0, 60)).replace('\n', ' ');

        QList<Row> rows{{&stats, &tcJson, &bare}, {&tcJson, &tcJson, &bare}};
        if (opt.textDump)
            rows.append({&tcText, &tcJson, &bare});
        rows.append({&bare, &tcJson, &bare});
        printTable(QStringLiteral("(b) statistics dump, %1 htb classes, device %2").arg(size).arg(ns.target(device)), rows);
        std::printf("  readStats returned %lld nodes; tc -s -j printed %lld bytes%s, starting \"%s\"\n", qlonglong(nodes),
                    qlonglong(jsonBytes), opt.textDump ? qPrintable(QStringLiteral(" (text form: %1 bytes)").arg(textBytes)) : "",
                    head.constData());
        const double ratio = median(tcJson.ns) / median(stats.ns);
        verdict(QStringLiteral("readStats >= 3x faster than tc -s -j (%1 classes)").arg(size), ratio >= 3,
                QStringLiteral("%1x; p99 %2x").arg(ratio, 0, 'f', 1).arg(percentile(tcJson.ns, 99) / percentile(stats.ns, 99), 0, 'f', 1));
        std::fflush(stdout);
    }
}

// ---------------------------------------------------------------------------------------------
// (c) building a tree from nothing

void benchBuild(const LabNamespace &ns, const QString &tmp, const Options &opt)
{
    const QString device = QStringLiteral("bd0");
    if (!ns.addVethPair(device, device + QStringLiteral("p")))
        die(QStringLiteral("cannot create the veth pair %1").arg(device));
    const QdiscTree tree = htbTree(device, opt.buildClasses);
    int lines = 0;
    const QString file = batchFile(tmp, QStringLiteral("build.tc"), tree, &lines);
    auto engine = openEngine(ns.target(device));
    RawNetlink raw(ns.name());
    const TcPlanner planner(PschedClock::system());
    std::vector<std::vector<char>> bareMsgs;
    for (const TcOperation &op : planner.plan(QdiscTree{}, tree))
        bareMsgs.push_back(prebuilt(op, engine->ifindex()));

    const QString n = QString::number(opt.buildClasses);
    Series apply{QStringLiteral("htb + %1 classes: TcEngine::apply(tree)").arg(n)};
    Series plan{QStringLiteral("  of which TcPlanner::plan(empty, tree) (timed apart)")};
    Series tc{QStringLiteral("htb + %1 classes: tc -batch FILE (%2 exported lines)").arg(n).arg(lines)};
    Series bare{QStringLiteral("htb + %1 classes: bare, %2 prebuilt requests, each acked").arg(n).arg(bareMsgs.size())};
    int planOps = 0;

    const std::function<void()> methods[] = {
        [&] {
            Stopwatch t;
            const ApplyResult r = engine->apply(tree);
            t.stop();
            apply.add(t);
            if (!r.ok)
                die(r.error);
            planOps = r.done;
        },
        [&] { tc.add(timedTc(ns.name(), {QStringLiteral("-batch"), file})); },
        [&] {
            Stopwatch t;
            for (std::vector<char> &m : bareMsgs) {
                if (const int rc = raw.roundTrip(m); rc < 0)
                    die(QStringLiteral("bare build refused: %1").arg(QString::fromLocal8Bit(std::strerror(-rc))));
            }
            t.stop();
            bare.add(t);
        },
    };
    tearDown(ns, device, *engine);
    std::vector<int> order(3);
    for (int i = 0; i < opt.builds; ++i) {
        shuffled(&order);
        for (int j = 0; j < 3; ++j) {
            methods[order[j]]();
            if (classCount(*engine) != opt.buildClasses)
                die(QStringLiteral("a build left %1 classes, not %2").arg(classCount(*engine)).arg(opt.buildClasses));
            tearDown(ns, device, *engine);
        }
        Stopwatch t;
        const QList<TcOperation> p = planner.plan(QdiscTree{}, tree);
        t.stop();
        plan.add(t);
        std::printf("(c) round %d of %d done\n", i + 1, opt.builds);
        std::fflush(stdout);
    }
    printTable(QStringLiteral("(c) build from nothing, device %1 (torn down between builds; p99 of %2 builds = the slowest)")
                   .arg(ns.target(device))
                   .arg(opt.builds),
               {{&apply, &tc, &bare}, {&plan, &tc, &bare}, {&tc, &tc, &bare}, {&bare, &tc, &bare}});
    std::printf("  engine: %d requests per build, %s per request; tc -batch: %s per line; bare: %s per request\n", planOps,
                qPrintable(duration(median(apply.ns) / planOps)), qPrintable(duration(median(tc.ns) / lines)),
                qPrintable(duration(median(bare.ns) / double(bareMsgs.size()))));
    const double ratio = median(tc.ns) / median(apply.ns);
    verdict(QStringLiteral("apply no slower than tc -batch"), ratio >= 1, QStringLiteral("tc/engine = %1").arg(ratio, 0, 'f', 2));
    std::fflush(stdout);
}

// ---------------------------------------------------------------------------------------------

void usage(FILE *to)
{
    std::fprintf(to,
                 "usage: bench_engine [change] [dump] [build] [all] [options]   (root; default: all)\n"
                 "  change           (a) one parameter change: engine apply/execute vs tc change vs bare netlink\n"
                 "  dump             (b) statistics dump: TcEngine::readStats vs tc -s -j class show\n"
                 "  build            (c) htb + N classes from nothing: TcEngine::apply vs tc -batch\n"
                 "  --kinds LIST     change: htb,tbf,netem (default all three; netem is skipped with a notice\n"
                 "                   when the kernel lacks it, an error when named explicitly)\n"
                 "  --changes N      change: measured changes per path (default 200)\n"
                 "  --dumps N        dump: measured dumps per path and size (default 200)\n"
                 "  --sizes LIST     dump: class counts (default 1000,10000)\n"
                 "  --no-text        dump: skip the extra `tc -s class show` (text) row\n"
                 "  --builds N       build: builds per path (default 5)\n"
                 "  --classes N      build: classes (default 10000)\n"
                 "  --warmup N       unrecorded rounds before measuring (change, dump; default 10)\n"
                 "netem needs user-mode Linux here:\n"
                 "  tests/kernel/uml/run-in-uml.sh --timeout 1200 --mem 1G -- build/tests/bench/bench_engine change --kinds netem,htb,tbf\n");
}

int number(const char *text)
{
    bool ok = false;
    const int n = QByteArray(text).toInt(&ok);
    if (!ok || n < 0) {
        std::fprintf(stderr, "bench_engine: \"%s\" is not a count\n", text);
        std::exit(2);
    }
    return n;
}

Options parse(int argc, char **argv)
{
    Options opt;
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        const auto value = [&]() -> const char * {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "bench_engine: %s needs a value\n", argv[i]);
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "change")
            opt.change = true;
        else if (a == "dump")
            opt.dump = true;
        else if (a == "build")
            opt.build = true;
        else if (a == "all")
            opt.change = opt.dump = opt.build = true;
        else if (a == "--kinds") {
            opt.kinds = QString::fromLocal8Bit(value()).split(u',', Qt::SkipEmptyParts);
            opt.kindsExplicit = true;
        } else if (a == "--changes")
            opt.changes = number(value());
        else if (a == "--dumps")
            opt.dumps = number(value());
        else if (a == "--sizes") {
            opt.sizes.clear();
            for (const QString &s : QString::fromLocal8Bit(value()).split(u',', Qt::SkipEmptyParts))
                opt.sizes << number(s.toLocal8Bit().constData());
        } else if (a == "--no-text")
            opt.textDump = false;
        else if (a == "--builds")
            opt.builds = number(value());
        else if (a == "--classes")
            opt.buildClasses = number(value());
        else if (a == "--warmup")
            opt.warmup = number(value());
        else if (a == "-h" || a == "--help") {
            usage(stdout);
            std::exit(0);
        } else {
            std::fprintf(stderr, "bench_engine: unknown argument \"%s\"\n", argv[i]);
            usage(stderr);
            std::exit(2);
        }
    }
    if (!opt.change && !opt.dump && !opt.build)
        opt.change = opt.dump = opt.build = true;
    for (const QString &k : std::as_const(opt.kinds))
        changeKind(k); // dies on an unknown one
    if (opt.buildClasses < 1 || opt.buildClasses > 0xFFFE)
        opt.buildClasses = 10000;
    return opt;
}

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).section(u' ', 0, 2) : QStringLiteral("?");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv); // LabNamespace runs ip/tc through QProcess
    NamespaceRegistry::removeAllOnSignals();
    const Options opt = parse(argc, argv);
    if (!isRoot()) {
        std::fprintf(stderr, "bench_engine: needs root — it creates network namespaces, veth pairs and qdiscs of its own "
                             "(run it with sudo, or inside user-mode Linux: see --help)\n");
        return 2;
    }

    utsname u{};
    uname(&u);
    double timerNs = 1e18;
    for (int i = 0; i < 1000; ++i) {
        const auto a = Clock::now();
        timerNs = std::min(timerNs, nsSince(a));
    }
#ifdef __OPTIMIZE__
    const char *optimised = "optimised";
#else
    const char *optimised = "NOT optimised";
#endif
    std::printf("bench_engine: kernel %s %s on %ld CPUs, load %s; build type \"%s\" (%s); steady_clock overhead %s\n", u.release,
                u.machine, sysconf(_SC_NPROCESSORS_ONLN), qPrintable(loadAverage()), QS_BUILD_TYPE, optimised,
                qPrintable(duration(timerNs)));
    std::fflush(stdout);

    QTemporaryDir tmp;
    if (!tmp.isValid())
        die(QStringLiteral("cannot create a temporary directory"));
    int status = 0;

    if (opt.change) {
        LabNamespace ns(QStringLiteral("qs-bench-change"));
        if (!ns.ok())
            die(QStringLiteral("cannot create network namespace %1").arg(ns.name()));
        for (const QString &k : opt.kinds) {
            const ChangeKind kind = changeKind(k);
            if (!benchChange(ns, kind, opt)) {
                std::printf("\n(a) %s: SKIPPED — this kernel (%s) has no %s qdisc; run it under user-mode Linux:\n"
                            "    tests/kernel/uml/run-in-uml.sh --timeout 1200 --mem 1G -- %s change --kinds %s\n",
                            qPrintable(kind.what), u.release, qPrintable(kind.name), argv[0], qPrintable(kind.name));
                if (opt.kindsExplicit)
                    status = 3;
            }
        }
    }
    if (opt.dump) {
        LabNamespace ns(QStringLiteral("qs-bench-dump"));
        if (!ns.ok())
            die(QStringLiteral("cannot create network namespace %1").arg(ns.name()));
        benchDump(ns, tmp.path(), opt);
    }
    if (opt.build) {
        LabNamespace ns(QStringLiteral("qs-bench-build"));
        if (!ns.ok())
            die(QStringLiteral("cannot create network namespace %1").arg(ns.name()));
        benchBuild(ns, tmp.path(), opt);
    }
    std::printf("\nload at the end: %s\n", qPrintable(loadAverage()));
    return status;
}
