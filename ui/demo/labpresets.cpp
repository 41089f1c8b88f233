#include "labpresets.h"

#include "tc/tcimporter.h"

namespace qs {

namespace {

/** A target-free profile from tc commands on the placeholder device DEV. */
Profile fromCommands(const QString &name, const QString &description, const QString &commands)
{
    Profile profile;
    profile.name = name;
    profile.description = description;
    QdiscTree tree;
    if (!commands.isEmpty()) {
        const TcImportResult imported = TcImporter::import(commands);
        if (!imported.ok() || imported.trees.size() != 1)
            qFatal("a demo lab preset does not import: %s",
                   imported.errors.isEmpty() ? "no tree"
                                             : qPrintable(imported.errors.first().toString()));
        tree = imported.trees.first();
    }
    tree.netns.clear();
    tree.device.clear();
    profile.trees = {tree};
    return profile;
}

} // namespace

QList<Profile> LabPresets::all()
{
    return {
        //: a preset of the demo lab; tbf is the tc qdisc
        fromCommands(
            tr("Lab: 10 Mbit/s link (tbf)"),
            tr("tbf at 10 mbit. Measured: the link rate settles at 10 Mbit/s, shared by the TCP "
               "and UDP flows, and "
               "the RTT rises to about 2 ms: the probes now wait behind the TCP flow's packets."),
            QStringLiteral(
                "tc qdisc add dev DEV root handle 1: tbf rate 10mbit burst 32kb latency 50ms\n")),
        //: a preset of the demo lab; tbf is the tc qdisc
        fromCommands(
            tr("Lab: 2 Mbit/s link (tbf)"),
            tr("tbf at 2 mbit. Measured: 2 Mbit/s, and an RTT of about 10 ms: at this rate a "
               "full-size packet "
               "takes 6 ms to send, and the probes wait behind the TCP flow's packets."),
            QStringLiteral(
                "tc qdisc add dev DEV root handle 1: tbf rate 2mbit burst 16kb latency 100ms\n")),
        //: a preset of the demo lab; htb is the tc qdisc, UDP the protocol
        fromCommands(
            tr("Lab: 10 Mbit/s, UDP first (htb)"),
            tr("htb at 10 mbit: a u32 filter puts UDP (the probes and the constant-rate flow) in a "
               "class of its "
               "own with priority, TCP in the default class. Measured: the same 10 Mbit/s as with "
               "tbf, but the "
               "probes no longer wait behind TCP: the RTT stays as low as on the unshaped link."),
            QStringLiteral(
                "tc qdisc add dev DEV root handle 1: htb default 20\n"
                "tc class add dev DEV parent 1: classid 1:1 htb rate 10mbit\n"
                "tc class add dev DEV parent 1:1 classid 1:10 htb rate 2mbit ceil 10mbit prio 0\n"
                "tc class add dev DEV parent 1:1 classid 1:20 htb rate 8mbit ceil 10mbit prio 1\n"
                "tc filter add dev DEV parent 1: protocol ip prio 1 u32 match ip protocol 17 0xff "
                "flowid 1:10\n")),
        //: a preset of the demo lab: no qdisc of ours, the device's default
        fromCommands(tr("Lab: unshaped"),
                     tr("Nothing configured: the link runs as fast as the machine moves packets, "
                        "with an RTT of a few "
                        "microseconds."),
                     {}),
    };
}

} // namespace qs
