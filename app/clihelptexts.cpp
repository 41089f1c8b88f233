// The help of every subcommand, kept apart from cli.cpp so the commands' code stays readable.
// Each subcommand's options are declared here once: its parser is built from them (Cli::parse),
// `--help` prints them, and qs-manpage writes them into qdisc-studio.1.

#include "cli.h"

#include "export/chaosmeshexport.h"
#include "helperbus.h"

namespace qs {

namespace {

using Option = CliHelp::Option;

Option helpOption()
{
    return {{QStringLiteral("h"), QStringLiteral("help")}, {}, Cli::tr("Show this help and exit."), {}, {}};
}

Option devOption()
{
    return {{QStringLiteral("dev")},
            //: the value of --dev; IF, NETNS/IF and docker:CONTAINER/IF below are how a target is written
            Cli::tr("TARGET"),
            Cli::tr("The target: IF for an interface of the root network namespace, NETNS/IF for one in a namespace of /run/netns, "
                    "docker:CONTAINER/IF or podman:CONTAINER/IF for one in a container. Required."),
            {}, {}};
}

Option jsonOption(const QString &description)
{
    return {{QStringLiteral("json")}, {}, description, {}, {}};
}

Option directOption(const QString &description)
{
    return {{QStringLiteral("direct")}, {}, description, {}, {}};
}

/** --arg and --set: how the user of a shaping script runs it. */
QList<Option> scriptOptions()
{
    return {{{QStringLiteral("arg")}, Cli::tr("ARG"),
             Cli::tr("An argument for the script, as it would be run with it: $1, then $2 for a second --arg, and so on (\"--arg start\" "
                     "takes the script's start branch)."),
             {}, Cli::tr("none")},
            {{QStringLiteral("set")}, Cli::tr("NAME=VALUE"),
             Cli::tr("A variable for the script: set from the start, and the script's own assignments to NAME are not made, as when "
                     "its settings are edited (\"--set DEV=eth1\"). May be given more than once."),
             {}, {}}};
}

Option mapOption(const QString &description)
{
    return {{QStringLiteral("map")},
            //: the value of --map: pairs of targets
            Cli::tr("FROM=TO"), description, {}, {}};
}

CliHelp::Entry targetArgument()
{
    return {Cli::tr("TARGET"), Cli::tr("IF for an interface of the root network namespace, NETNS/IF, or docker:CONTAINER/IF and "
                                       "podman:CONTAINER/IF for one in a container.")};
}

/** How a target on another host is written and reached: apply, clear and restore take one. */
QString remoteTargetParagraph()
{
    return Cli::tr("A target on another host is written ssh://[USER@]HOST[:PORT]/TARGET (HOST may be an alias of ~/.ssh/config). "
                   "Your own ssh logs in (your keys, agent, known_hosts and ProxyJump; $QDISC_STUDIO_SSH names another ssh "
                   "program) and runs qdisc-studio bridge there, which takes the call to that host's helper: its polkit decides for "
                   "USER as it would on that host, and --hold and --revert-after are kept there. A host whose key ssh does not know, "
                   "without Qdisc Studio or its helper, or with another version of the helper's interface is refused, by name. "
                   "When this command dies or the network to the host is cut, the host's helper puts back a --hold change within "
                   "%1 s.")
        .arg((HelperBus::RemoteSilenceMs + 999) / 1000 + 2);
}

CliHelp importHelp()
{
    CliHelp h;
    h.name = QStringLiteral("import");
    h.synopsis = {Cli::tr("[options] FILE")};
    h.summary = Cli::tr("Turn tc commands (a script, a runbook snippet) into a profile.");
    h.description = {
        Cli::tr("Reads tc commands (a script, a runbook snippet, or - for standard input) and turns them into a profile: JSON on "
                "standard output, or in the file given with --output. It reads tc qdisc, class and filter commands for netem, tbf, "
                "htb, sfq, fq_codel, pfifo, bfifo and prio, u32 filters, the ifb recipe for incoming traffic, sudo, comments, "
                "backslash continuations, ; and &&."),
        Cli::tr("A shell script is evaluated the way sh would run it, without running anything: variables and their defaults, "
                "arithmetic, quoting, if and case on its arguments (give them with --arg), for and while loops, functions, test, "
                "$TC-style command variables, tc -batch with a here-document. A tc -batch file (its lines without \"tc\") is read "
                "as tc reads one. Commands that are not tc are skipped and noted; what a tc command depends on but cannot be known "
                "here (another program's output, a file test, a loop without a bound) is an error."),
        Cli::tr("What tc printed (tc -s -d qdisc, class and filter show, one or all three, with the tc show lines or without) "
                "is read back into the commands that build the tree it shows: statistics and what only tc's print says are left "
                "out. Its device is the one the show lines name; output that names none is read for shown0, which apply --dev "
                "puts onto any target."),
        Cli::tr("Every line it cannot read is reported as FILE:LINE:COLUMN: error: \"word\": reason, and what was skipped or not "
                "taken as FILE:LINE:COLUMN: note: what. Nothing is skipped silently, and nothing is written unless all of it was "
                "understood. Warnings say where tc itself would drop something."),
        Cli::tr("Reads files only: needs neither root nor the helper. Exit status 1 when a line cannot be read, the profile is not "
                "valid, or FILE holds no tc command."),
    };
    h.options = {
        helpOption(),
        {{QStringLiteral("o"), QStringLiteral("output")}, Cli::tr("FILE"),
         Cli::tr("Write the profile to FILE instead of standard output. The write is atomic: an interrupted one leaves the old file."),
         {}, Cli::tr("standard output")},
        {{QStringLiteral("name")}, Cli::tr("NAME"), Cli::tr("The profile's name."), {},
         Cli::tr("the file's base name, or \"Imported\" for standard input")},
        jsonOption(Cli::tr("Report as JSON on standard output: \"ok\", \"errors\", \"warnings\", \"notes\", \"issues\", with "
                           "--show-commands the \"commands\", and, without --output, the \"profile\".")),
        {{QStringLiteral("show-commands")}, {},
         Cli::tr("Print the tc commands read from FILE, one a line with where each came from, instead of the profile: what the "
                 "evaluation of a script understood."),
         {}, {}},
    };
    h.options += scriptOptions();
    h.arguments = {{Cli::tr("FILE"), Cli::tr("A shell script, tc commands, a tc -batch file or tc's show output, or - for standard input.")}};
    h.examples = {
        {Cli::tr("Save the tc commands of a runbook as a profile:"), Cli::tr("qdisc-studio import runbook.sh -o wan.json")},
        {Cli::tr("Import a command from standard input:"),
         Cli::tr("echo 'tc qdisc add dev eth0 root netem delay 100ms loss 1%' | qdisc-studio import - --name WAN")},
        {Cli::tr("See which tc commands a shaping script runs with the argument start, for eth1:"),
         Cli::tr("qdisc-studio import shaper.sh --arg start --set DEV=eth1 --show-commands")},
    };
    return h;
}

CliHelp exportHelp()
{
    CliHelp h;
    h.name = QStringLiteral("export");
    h.synopsis = {Cli::tr("[options] PROFILE"), Cli::tr("--format chaos-mesh [options] PROFILE|SCENARIO")};
    h.summary = Cli::tr("Print the tc commands that build a profile, or Chaos Mesh manifests of a profile or scenario.");
    h.description = {
        Cli::tr("Writes the tc commands that build PROFILE on standard output, one per line, spelled the way tc spells them, so "
                "that qdisc-studio import reads them back to the same profile. PROFILE is a profile file, or the name of one of "
                "your profiles or of a built-in preset (see qdisc-studio profiles)."),
        Cli::tr("A preset, like any profile made for whatever target is chosen, has no device of its own: give one with --dev. A "
                "profile with one tree goes onto whatever --dev names, whatever device it was made for. For a profile with trees for "
                "several targets, --dev picks the one made for it, and --map says where each tree goes."),
        Cli::tr("With --format chaos-mesh it writes Chaos Mesh manifests (chaos-mesh.org/v1alpha1, for Chaos Mesh 2.7 or later) "
                "for the pods --selector and --namespace pick: a NetworkChaos for a profile's netem (delay, jitter, reordering, "
                "loss, duplication, corruption, rate) and one for its tbf (bandwidth); for a SCENARIO (a file, or the name of one "
                "of yours or a built-in one) a Workflow of its steps, or a Schedule repeating one when it loops forever. The "
                "outgoing tree acts on what the pods send (direction to); an incoming (ifb) tree on what the pods of --peers send "
                "them (direction from), and the same tree both ways is one NetworkChaos (direction both). What NetworkChaos cannot "
                "express (classes, filters, other qdiscs, loss models, slots, distributions, a queue length, a ramp's continuous "
                "change) is listed on standard error and in a comment on top of the manifests."),
        Cli::tr("Changes nothing: needs neither root nor the helper. Exit status 1 when the profile or scenario cannot be found or "
                "is not valid, or nothing of it can be expressed as a NetworkChaos; 2 when a profile without a target is given no "
                "--dev, or an option's value is wrong."),
    };
    h.options = {
        helpOption(),
        {{QStringLiteral("format")}, Cli::tr("FORMAT"), Cli::tr("tc (the tc commands) or chaos-mesh (Chaos Mesh manifests as YAML)."),
         QStringLiteral("tc"), {}},
        {{QStringLiteral("dev")}, Cli::tr("TARGET"),
         Cli::tr("The target (IF, NETNS/IF or docker:CONTAINER/IF): where a profile's only tree goes, or which tree of the profile to export."),
         {}, Cli::tr("every tree of the profile, each on its own target")},
        mapOption(Cli::tr("Where each tree of the profile goes, pairs separated by commas: the target it was made for, =, the target to use (eth0=lab/va,"
                          "ifb0=lab/ifb1). A redirect to a device of the profile follows that device.")),
        {{QStringLiteral("namespace")}, Cli::tr("NAMESPACE"),
         Cli::tr("Chaos Mesh: the namespace of the manifests and of the pods they select."), {}, Cli::tr("the namespace kubectl applies them to")},
        {{QStringLiteral("selector")}, Cli::tr("LABELS"),
         Cli::tr("Chaos Mesh: the pods to impair, by their labels: key=value pairs separated by commas, all of which must hold (app=web,tier=front)."),
         {}, Cli::tr("every pod of the namespace")},
        {{QStringLiteral("peers")}, Cli::tr("LABELS"),
         Cli::tr("Chaos Mesh: the pods on the other side, by their labels. NetworkChaos impairs what the selected pods receive only as "
                 "what these pods send them: an incoming tree needs them. Given, every manifest acts only on the traffic between the "
                 "two groups."),
         {}, Cli::tr("all the traffic of the pods; no incoming side")},
        {{QStringLiteral("mode")}, Cli::tr("MODE"),
         Cli::tr("Chaos Mesh: how many of the selected pods: one, all, fixed=N (N pods), fixed-percent=P or random-max-percent=P (P "
                 "from 1 to 100)."),
         QStringLiteral("all"), {}},
        {{QStringLiteral("name")}, Cli::tr("NAME"),
         Cli::tr("Chaos Mesh: the name of the manifests (lowercase letters, digits and -, at most 40 characters); several get a suffix "
                 "(-netem, -bandwidth, -out, -in)."),
         {}, Cli::tr("made from the profile's or scenario's name")},
        {{QStringLiteral("duration")}, Cli::tr("DURATION"),
         Cli::tr("Chaos Mesh, a profile: how long the condition is held (\"30s\", \"5min\", \"1h\")."), {}, Cli::tr("until the manifests are deleted")},
        {{QStringLiteral("ramp-steps")}, Cli::tr("N"),
         Cli::tr("Chaos Mesh, a scenario: how many held steps each ramp becomes, each at the values the ramp has halfway through it "
                 "(1 to 50)."),
         QString::number(ChaosMeshOptions::DefaultRampSteps), {}},
    };
    h.arguments = {{Cli::tr("PROFILE"), Cli::tr("A profile file, or the name of a stored profile or built-in preset.")},
                   {Cli::tr("SCENARIO"), Cli::tr("With --format chaos-mesh: a scenario file, or the name of one of yours or a built-in one.")}};
    h.examples = {
        {Cli::tr("The LTE preset as commands for eth1:"), Cli::tr("qdisc-studio export \"LTE (4G)\" --dev eth1")},
        {Cli::tr("A profile as a script for veth1 in the namespace lab:"), Cli::tr("qdisc-studio export wan.json --dev lab/veth1 > wan.sh")},
        {Cli::tr("The LTE preset for the pods labelled app=checkout in the namespace shop, for ten minutes:"),
         Cli::tr("qdisc-studio export --format chaos-mesh \"LTE (4G)\" --namespace shop --selector app=checkout --duration 10min | kubectl apply -f -")},
        {Cli::tr("A built-in scenario as a Workflow:"),
         Cli::tr("qdisc-studio export --format chaos-mesh \"Entering a tunnel\" --selector app=web > tunnel.yaml")},
    };
    return h;
}

CliHelp validateHelp()
{
    CliHelp h;
    h.name = QStringLiteral("validate");
    h.synopsis = {Cli::tr("[options] FILE")};
    h.summary = Cli::tr("Check a profile or a tc script against the kernel's limits and tc's rules.");
    h.description = {
        Cli::tr("Checks a profile (JSON) or a tc script against the limits the kernel enforces and the rules tc applies. Errors "
                "are what the kernel or tc would refuse; warnings are traps the kernel accepts silently (a tbf burst below the MTU "
                "drops every full-size packet)."),
        Cli::tr("Each problem goes to standard error, one per line, and \"FILE: valid\" or \"FILE: not valid\" to standard output. "
                "Changes nothing: needs neither root nor the helper. Exit status 0 when valid (warnings alone do not fail), 1 "
                "when not."),
    };
    h.options = {
        helpOption(),
        jsonOption(Cli::tr("Report as JSON on standard output: \"valid\", \"problems\" and \"issues\".")),
    };
    h.options += scriptOptions();
    h.arguments = {{Cli::tr("FILE"), Cli::tr("A profile or a tc script, or - for standard input.")}};
    h.examples = {
        {Cli::tr("Check a script before running it:"), Cli::tr("qdisc-studio validate runbook.sh")},
        {Cli::tr("Check a profile in a CI job:"), Cli::tr("qdisc-studio validate --json wan.json")},
    };
    return h;
}

CliHelp profilesHelp()
{
    CliHelp h;
    h.name = QStringLiteral("profiles");
    h.synopsis = {Cli::tr("[options] [list | show NAME]")};
    h.summary = Cli::tr("List the built-in presets and your profiles, or show one.");
    h.description = {
        Cli::tr("Without an action, or with list, prints the built-in presets and your own profiles, each with a one-line summary. "
                "Your profiles are the JSON files in $XDG_DATA_HOME/qdisc-studio/profiles (~/.local/share/qdisc-studio/profiles "
                "by default); a file that cannot be read is reported and skipped."),
        Cli::tr("show NAME prints one profile or preset: its description and, for each of its targets, the tc commands that build "
                "it (DEV stands for the device of a profile made for any target)."),
        Cli::tr("Reads files only. Exit status 1 when no profile or preset has that name."),
    };
    h.options = {
        helpOption(),
        jsonOption(Cli::tr("Output as JSON: the list as an array of \"name\", \"source\", \"description\" and \"summary\"; a profile "
                           "as its file.")),
    };
    h.arguments = {
        {Cli::tr("list"), Cli::tr("List every preset and profile (the default).")},
        {Cli::tr("show NAME"), Cli::tr("Show the profile or preset called NAME; a profile of yours comes before a preset of the "
                                       "same name.")},
    };
    h.examples = {
        {Cli::tr("Every preset and profile:"), Cli::tr("qdisc-studio profiles")},
        {Cli::tr("The commands of one preset:"), Cli::tr("qdisc-studio profiles show \"GEO satellite\"")},
    };
    return h;
}

CliHelp targetsHelp()
{
    CliHelp h;
    h.name = QStringLiteral("targets");
    h.synopsis = {Cli::tr("[options] [ssh://[USER@]HOST[:PORT]]")};
    h.summary = Cli::tr("List the interfaces of every network namespace and container, with their root qdisc.");
    h.description = {
        Cli::tr("Lists the interfaces of the root network namespace, of every namespace in /run/netns and of every running "
                "Docker and Podman container, one per line: the target (IF, NETNS/IF or docker:CONTAINER/IF), its type, up or "
                "down, the kind of its root qdisc, and for a veth whose other end is in another namespace or container, \"peer\" "
                "and that end. Before a container's interfaces a line starting with # gives the container, its image, its state "
                "and, for a containerlab node, its lab and node; a container that does not run has that line alone. The columns "
                "are meant for scripts and are never translated."),
        Cli::tr("Reads only, through netlink and the runtimes' own APIs (their sockets: $DOCKER_HOST or /var/run/docker.sock, "
                "$CONTAINER_HOST or /run/podman/podman.sock). Without root, namespaces that may not be entered and runtimes "
                "that refuse the user are left out; a runtime that refuses is said on standard error."),
        Cli::tr("With ssh://HOST, the targets of that host as its helper lists them, over ssh (see apply), each written "
                "ssh://HOST/TARGET as the other subcommands take it."),
    };
    h.options = {
        helpOption(),
        jsonOption(Cli::tr("Output as JSON: an array of \"target\", \"netns\", \"device\", \"type\", \"up\" and \"rootQdisc\", with "
                           "\"peer\" for a veth and \"container\" (runtime, id, name, image, state, lab, node) in a container.")),
    };
    h.examples = {
        {Cli::tr("Every interface:"), Cli::tr("qdisc-studio targets")},
        {Cli::tr("The interfaces that are up:"), Cli::tr("qdisc-studio targets | awk '$3 == \"up\" { print $1 }'")},
        {Cli::tr("The interfaces of the lab server lab4:"), Cli::tr("qdisc-studio targets ssh://qs@lab4")},
    };
    return h;
}

CliHelp showHelp()
{
    CliHelp h;
    h.name = QStringLiteral("show");
    h.synopsis = {Cli::tr("[options] TARGET")};
    h.summary = Cli::tr("Show the tree the kernel holds on a target.");
    h.description = {
        Cli::tr("Shows the qdiscs, classes and filters the kernel holds on TARGET, whoever built them: a one-line summary, then one "
                "line per node. Kinds and options Qdisc Studio does not know are shown and kept as they are (\"foreign\")."),
        Cli::tr("Reads only. Root reads any target directly; anyone else reads the root namespace directly and another namespace "
                "through the helper, which hands over a read-only socket (polkit action org.qdiscstudio.read). A target on another "
                "host (ssh://[USER@]HOST[:PORT]/TARGET) is read by that host's helper, over ssh."),
    };
    h.options = {
        helpOption(),
        jsonOption(Cli::tr("Output as JSON, in the tree form of profiles; with --stats, a \"stats\" array too.")),
        {{QStringLiteral("s"), QStringLiteral("stats")}, {},
         Cli::tr("Add each node's counters: bytes, packets, drops, overlimits, requeues and backlog."), {}, {}},
    };
    h.arguments = {targetArgument()};
    h.examples = {
        {Cli::tr("The tree on eth0, with counters:"), Cli::tr("qdisc-studio show eth0 -s")},
        {Cli::tr("The tree on veth1 in the namespace lab, as JSON:"), Cli::tr("qdisc-studio show lab/veth1 --json")},
    };
    return h;
}

CliHelp statsHelp()
{
    CliHelp h;
    h.name = QStringLiteral("stats");
    h.synopsis = {Cli::tr("[options] TARGET")};
    h.summary = Cli::tr("Print the counters and rates of every qdisc and class on a target.");
    h.description = {
        Cli::tr("Prints the counters of every qdisc and class on TARGET (bytes, packets, drops, overlimits, backlog) and, from the "
                "second sample on, the rates between samples: one netlink dump per sample, 64-bit counters. The lines follow tc -s "
                "and are never translated."),
        Cli::tr("Reads only; no root needed. For a target in another namespace, anyone but root reads through the helper, which "
                "hands over a read-only socket (polkit action org.qdiscstudio.read)."),
        Cli::tr("A target on another host (ssh://[USER@]HOST[:PORT]/TARGET) is read by that host's helper, one call per sample over "
                "one ssh connection; the rates come from that host's own timestamps."),
    };
    h.options = {
        helpOption(),
        jsonOption(Cli::tr("One line per sample: a JSON array with an object per node; its \"timeNs\" is when the counters were read, on "
                           "this host's CLOCK_MONOTONIC (for another host's target, that host's clock offset taken out).")),
        {{QStringLiteral("interval")}, Cli::tr("MS"), Cli::tr("Milliseconds between samples, at least 10."), QStringLiteral("1000"), {}},
        {{QStringLiteral("count")}, Cli::tr("N"), Cli::tr("Samples to print; 0 prints until interrupted (Ctrl-C)."), QStringLiteral("1"), {}},
    };
    h.arguments = {targetArgument()};
    h.examples = {
        {Cli::tr("Watch eth0 twice a second until Ctrl-C:"), Cli::tr("qdisc-studio stats eth0 --interval 500 --count 0")},
        {Cli::tr("Ten samples for a script:"), Cli::tr("qdisc-studio stats lab/veth1 --json --count 10")},
    };
    return h;
}

CliHelp applyHelp()
{
    CliHelp h;
    h.name = QStringLiteral("apply");
    h.synopsis = {Cli::tr("[options] --dev TARGET FILE"), Cli::tr("[options] --map FROM=TO[,FROM=TO] FILE")};
    h.summary = Cli::tr("Make the kernel hold the tree of a profile or tc script on a target.");
    h.description = {
        Cli::tr("Makes the kernel hold the tree of FILE, a profile (JSON), a shell script or a tc -batch file, on TARGET. A profile or "
                "script with one tree goes onto TARGET whatever device it was made for (and says so). One with trees for several "
                "devices needs --map, which says where each goes; they are applied in turn, ifb devices first. What can be "
                "changed in place is changed in place, so counters and queued packets survive. All or nothing: when the kernel "
                "refuses a step, the target is put back as it was and the kernel's own sentence is printed. Each step of the "
                "plan is listed as done; with --direct a refused plan's steps are listed too, done or not run."),
        Cli::tr("The change goes through qdisc-studio-helper on the system bus, and polkit asks for authorization (action "
                "org.qdiscstudio.apply). Before the first change to a target the helper keeps a snapshot of what was there, which "
                "qdisc-studio restore puts back."),
        Cli::tr("--hold keeps the tree only while the command runs. --revert-after puts back what was there unless the change is "
                "confirmed in time: on a terminal the command asks, otherwise qdisc-studio confirm with the printed transaction "
                "id keeps it. As root, --direct applies in this process instead, without the helper: the snapshot is kept as the helper keeps it "
                "(restore --direct puts it back), but there is no --hold or --revert-after."),
        remoteTargetParagraph(),
        Cli::tr("Exit status 1 when FILE is not valid (nothing is applied), or the helper or the kernel refused."),
    };
    h.options = {
        helpOption(),
        {{QStringLiteral("dev")}, Cli::tr("TARGET"),
         Cli::tr("The target: IF for an interface of the root network namespace, NETNS/IF for one in a namespace of /run/netns, "
                 "docker:CONTAINER/IF or podman:CONTAINER/IF for one in a container. Required, unless --map gives the targets."),
         {}, {}},
        {{QStringLiteral("hold")}, {},
         Cli::tr("Keep the tree only while this command runs: on Ctrl-C, kill or a crash the helper puts back what was there."), {}, {}},
        {{QStringLiteral("revert-after")}, Cli::tr("SECONDS"),
         Cli::tr("Put back what was there after SECONDS (1 to %1) unless the change is confirmed.").arg(HelperBus::MaxRevertSeconds), {},
         Cli::tr("never")},
        directOption(Cli::tr("Apply in this process, without the helper (root only; a snapshot, no revert).")),
        jsonOption(Cli::tr("Report as JSON on standard output: \"ok\", the \"plan\", the \"transaction\" id and, when refused, the "
                           "\"error\" (one object per target).")),
        mapOption(Cli::tr("Where each tree of a profile with several goes, pairs separated by commas: the target it was made for, =, the target to use "
                          "(eth0=lab/va,ifb0=lab/ifb1); with --dev as well, only the tree mapped to it is applied.")),
    };
    h.options += scriptOptions();
    h.arguments = {{Cli::tr("FILE"), Cli::tr("A profile (JSON), a shell script or a tc -batch file, or - for standard input.")}};
    h.examples = {
        {Cli::tr("Try a profile on eth1, put back after 30 seconds unless kept:"), Cli::tr("qdisc-studio apply --dev eth1 --revert-after 30 wan.json")},
        {Cli::tr("Impair veth1 in the namespace lab while a test runs:"), Cli::tr("qdisc-studio apply --dev lab/veth1 --hold lossy.sh")},
        {Cli::tr("The ifb recipe's two trees onto a namespace's devices:"),
         Cli::tr("qdisc-studio apply --map ifb0=lab/ifb0,eth0=lab/va ingress.json")},
        {Cli::tr("Impair eth1 of the lab server lab4, logged in as qs, while this command runs:"),
         Cli::tr("qdisc-studio apply --dev ssh://qs@lab4/eth1 --hold wan.json")},
    };
    return h;
}

CliHelp clearHelp()
{
    CliHelp h;
    h.name = QStringLiteral("clear");
    h.synopsis = {Cli::tr("[options] --dev TARGET")};
    h.summary = Cli::tr("Return a target to its device's default qdisc.");
    h.description = {
        Cli::tr("Removes every qdisc, class and filter on TARGET, whoever put them there: the device returns to its default qdisc. "
                "The helper does it (polkit action org.qdiscstudio.apply) and keeps a snapshot first, so that qdisc-studio "
                "restore puts the tree back. As root, --direct clears in this process, with the same snapshot."),
        remoteTargetParagraph(),
        Cli::tr("Exit status 1 when the helper or the kernel refused."),
    };
    h.options = {
        helpOption(),
        devOption(),
        directOption(Cli::tr("Clear in this process, without the helper (root only; a snapshot first).")),
        jsonOption(Cli::tr("Report as JSON on standard output: \"ok\", the \"plan\" and, when refused, the \"error\".")),
    };
    h.examples = {{Cli::tr("Take every impairment off eth1:"), Cli::tr("qdisc-studio clear --dev eth1")}};
    return h;
}

CliHelp restoreHelp()
{
    CliHelp h;
    h.name = QStringLiteral("restore");
    h.synopsis = {Cli::tr("[options] --dev TARGET")};
    h.summary = Cli::tr("Put back the tree a target had before Qdisc Studio first changed it.");
    h.description = {
        Cli::tr("Puts back the tree TARGET had before Qdisc Studio first changed it: the helper's snapshot, kept in "
                "/run/qdisc-studio so that it outlives the helper, though not a reboot. The helper does it (polkit action "
                "org.qdiscstudio.apply). As root, --direct restores in this process from the same snapshot, without the helper."),
        remoteTargetParagraph(),
        Cli::tr("Exit status 1 when there is nothing to restore (Qdisc Studio has not changed TARGET since it was last restored), "
                "or the helper or the kernel refused."),
    };
    h.options = {
        helpOption(),
        devOption(),
        directOption(Cli::tr("Restore in this process, without the helper (root only).")),
        jsonOption(Cli::tr("Report as JSON on standard output: \"ok\", the \"plan\" and, when refused, the \"error\".")),
    };
    h.examples = {{Cli::tr("Put veth1 in the namespace lab back as it was:"), Cli::tr("qdisc-studio restore --dev lab/veth1")}};
    return h;
}

CliHelp confirmHelp()
{
    CliHelp h;
    h.name = QStringLiteral("confirm");
    h.synopsis = {Cli::tr("[options] TRANSACTION")};
    h.summary = Cli::tr("Keep a change applied with --revert-after.");
    h.description = {
        Cli::tr("Keeps a change made by qdisc-studio apply --revert-after, before the helper puts back what was there. The helper "
                "does it (polkit action org.qdiscstudio.apply)."),
        Cli::tr("Exit status 1 when the transaction has nothing waiting for confirmation: it was confirmed, reverted, or applied "
                "without --revert-after."),
    };
    h.options = {helpOption(),
                 {{QStringLiteral("dev")}, Cli::tr("TARGET"),
                  Cli::tr("The target of the change when it is on another host (ssh://[USER@]HOST[:PORT]/TARGET): that host's helper "
                          "holds the transaction. Not needed on this host."),
                  {}, {}}};
    h.arguments = {{Cli::tr("TRANSACTION"), Cli::tr("The transaction id qdisc-studio apply printed.")}};
    h.examples = {{Cli::tr("Keep the change of transaction tx-0123…:"), Cli::tr("qdisc-studio confirm tx-0123456789abcdef0123456789abcdef")}};
    return h;
}

CliHelp bridgeHelp()
{
    CliHelp h;
    h.name = QStringLiteral("bridge");
    h.synopsis = {Cli::tr("[--check]")};
    h.summary = Cli::tr("Carry a remote Qdisc Studio's calls to this host's helper (run by ssh, not by hand).");
    h.description = {
        Cli::tr("Qdisc Studio on another host runs this command over ssh to reach this host's helper: it joins the system bus as "
                "the user ssh logged in and carries D-Bus messages between the bus and its standard input and output. The helper "
                "and polkit see that user. It ends when the other side does, and when the other side sends nothing for %1 s "
                "(it sends something every second), so that the helper puts back what was to be put back on exit.")
            .arg(HelperBus::RemoteSilenceMs / 1000),
        Cli::tr("--check prints one line of JSON instead: this Qdisc Studio's \"version\", the \"contract\" (a digest of the "
                "helper's D-Bus interface), the system bus's \"bus\" address, whether it could be reached (\"busError\") and "
                "whether the \"helper\" is running, activatable or absent."),
        Cli::tr("Exit status 1 when the system bus cannot be reached."),
    };
    h.options = {helpOption(), {{QStringLiteral("check")}, {}, Cli::tr("Print what this host offers, as JSON, and end."), {}, {}}};
    h.examples = {{Cli::tr("What a remote Qdisc Studio would find on this host:"), Cli::tr("qdisc-studio bridge --check")}};
    return h;
}

CliHelp demoHelp()
{
    CliHelp h;
    h.name = QStringLiteral("demo");
    h.synopsis = {Cli::tr("--headless [options]")};
    h.summary = Cli::tr("Show shaping and impairments working in a private two-host lab, measured.");
    h.description = {
        Cli::tr("Builds the demo lab: two private network namespaces joined by a veth pair, with addresses from 198.18.0.0/15 "
                "(reserved for benchmarking), so no real interface is touched. Inside it a bulk TCP flow, a constant-rate UDP flow "
                "(100 datagrams a second) and an RTT probe every 50 ms run from one host to the other."),
        Cli::tr("Then it applies a sequence of conditions to the lab's link and measures each for --seconds after 2 s to settle: "
                "baseline (no qdisc), tbf rate 10mbit, htb rate 20mbit (one class, the default), netem delay 100ms, netem loss 5% "
                "and netem rate 10mbit. It prints a table: the condition, what was configured, the measured RTT (median and 95th "
                "percentile), the UDP loss (with the binomial 99 % interval of the configured loss for as many datagrams), the TCP "
                "goodput, the link rate (whole frames, as tbf, htb and netem count them) and a verdict: ok (rate within ±5 %, "
                "delay within ±5 ms, loss within the interval), off, or not available when the kernel lacks the qdisc's module "
                "(which it names, with how to load it)."),
        Cli::tr("--headless is required: it is the terminal form. qdisc-studio --demo opens the window on the same lab instead."),
        Cli::tr("The lab is built by qdisc-studio-helper when the system bus has it (polkit action org.qdiscstudio.lab, which "
                "needs no password); otherwise, as root, in this process, with a guard process that removes the lab even if "
                "this one is killed. The lab is removed at the end, on Ctrl-C and on SIGTERM."),
        Cli::tr("Exit status 0 when every condition the kernel supports ran (a missing module is reported, not a failure; an "
                "\"off\" measurement is reported too), 1 when the lab could not be built, a change or the traffic failed, or the "
                "run was interrupted."),
    };
    h.options = {
        helpOption(),
        {{QStringLiteral("headless")}, {}, Cli::tr("Run in the terminal, without a window. Required."), {}, {}},
        {{QStringLiteral("seconds")}, Cli::tr("N"), Cli::tr("Seconds to measure each condition, 1 to 3600."), QStringLiteral("5"), {}},
        jsonOption(Cli::tr("Output as JSON: \"ok\", the \"lab\", and \"conditions\", each with \"name\", \"configured\", "
                           "\"tc\", \"expected\", \"measured\", \"verdict\" and, where it applies, \"message\" and "
                           "\"missingModule\".")),
        directOption(Cli::tr("Build the lab in this process even when the helper is there (root only).")),
    };
    h.examples = {
        {Cli::tr("The whole sequence in the terminal:"), Cli::tr("qdisc-studio demo --headless")},
        {Cli::tr("Ten seconds a condition, as JSON, for a CI job:"), Cli::tr("sudo qdisc-studio demo --headless --seconds 10 --json")},
    };
    return h;
}

CliHelp playHelp()
{
    CliHelp h;
    h.name = QStringLiteral("play");
    h.synopsis = {Cli::tr("[options] --dev TARGET SCENARIO"), Cli::tr("[options] SCENARIO")};
    h.summary = Cli::tr("Play a scenario, a timeline of network conditions, on a target or on several at once.");
    h.description = {
        Cli::tr("Plays SCENARIO on TARGET: its steps in order, each held for its duration (a preset, a profile or a tree written "
                "out) or ramping parameters from one value to another (netem.delay 20ms to 200ms over 5 s, ten updates a second), "
                "the whole repeated as often as the scenario says. Steps are scheduled on the monotonic clock from the start of "
                "each pass, so lateness never adds up over a long scenario; a ramp changes its node in place, so counters and "
                "queued packets survive."),
        Cli::tr("SCENARIO is a file (a path with a / or ending in .json), else one of your scenarios, else a built-in one (see "
                "qdisc-studio scenarios). Its profiles and presets are looked up, and everything wrong with it is reported, every "
                "error at once, before anything is applied: unknown names, durations, ramps whose node is missing on TARGET or "
                "that cannot start where they would (an exponential ramp from zero)."),
        Cli::tr("A line is printed for each step as it begins: the time, the step, its name and the pass. With --json, one JSON "
                "object a line instead: first the schedule, then every progress report with the CLOCK_MONOTONIC times "
                "\"takenAtNs\", \"stepDueNs\" and \"stepStartedNs\", comparable with any other process's readings of that clock."),
        Cli::tr("When the last pass ends, the scenario's onEnd is carried out: by default the tree from before is put back. Ctrl-C, "
                "SIGTERM and SIGHUP stop the playback and carry out its onAbort (by default the tree from before is put back; "
                "--keep leaves the last condition); the command ends once that is done."),
        Cli::tr("Without --dev, a scenario that names several targets in \"targets\" (this host's, and other hosts' as "
                "ssh://[USER@]HOST/TARGET) plays on all of them at once: each target its lane (the steps' own conditions, or what "
                "a step's \"on\" gives that target), played by its own host's helper. Every host is logged in to, every tree "
                "read, every lane checked and polkit asked for every target before anything is applied; each host's clock is "
                "measured over its connection and one start, 1.5 s ahead, is sent to every host in its own clock, so a step "
                "lands on every target within milliseconds. A line is printed once every target has begun a step, with how far "
                "apart they did; a lane that fails, or a host that is lost, stops the others. --dev TARGET plays that target's "
                "lane alone."),
        Cli::tr("It plays through qdisc-studio-helper on the system bus (polkit action org.qdiscstudio.apply), which stops the "
                "playback and puts back the tree from before when this command is killed while it plays (kill -9 included, and "
                "also with --keep: a scenario cut off halfway is no condition anyone chose), unless --no-revert-on-exit. Once "
                "the playback has ended or been stopped, what its end left stays after the command exits. Without the helper, "
                "root plays it in this process."),
    };
    h.options = {
        helpOption(),
        devOption(),
        {{QStringLiteral("loop")}, Cli::tr("N"),
         Cli::tr("Play N passes instead of the scenario's own count; 0 plays until stopped."), {},
         Cli::tr("the scenario's \"loops\"")},
        {{QStringLiteral("keep")}, {},
         Cli::tr("Leave the last condition in place when the scenario ends or is stopped, whatever its onEnd and onAbort say. "
                 "If this command is killed while it plays (kill -9), the helper still puts back the tree from before."),
         {}, {}},
        {{QStringLiteral("no-revert-on-exit")}, {},
         Cli::tr("Do not ask the helper to stop and put back the tree from before when this command dies without stopping the "
                 "playback (kill -9): the scenario then plays on to its end and its onEnd is carried out."),
         {}, {}},
        directOption(Cli::tr("Play in this process even when the helper is there (root only).")),
        jsonOption(Cli::tr("One JSON object a line: the \"schedule\", then each progress report with \"event\" (\"step\", "
                           "\"state\" or \"progress\"), \"state\", \"loop\", \"step\", \"stepName\", \"positionMs\", \"takenAtNs\", "
                           "\"stepDueNs\" (when the step was due) and \"stepStartedNs\" (when the kernel had it). On several targets: "
                           "the \"schedule\" with \"startAtNs\" and each target's \"clockOffsetNs\" and \"clockUncertaintyNs\", each "
                           "target's reports (\"event\": \"progress\", with \"target\"), and a \"landed\" line per step begun "
                           "everywhere (\"firstNs\", \"lastNs\", \"spreadNs\"); all times on this host's clock.")),
    };
    h.arguments = {
        {Cli::tr("SCENARIO"), Cli::tr("A scenario file, or the name of one of your scenarios or of a built-in one.")},
    };
    h.examples = {
        {Cli::tr("Play a built-in scenario on eth1 until it ends:"), Cli::tr("qdisc-studio play \"Entering a tunnel\" --dev eth1")},
        {Cli::tr("Repeat a scenario file on veth1 in the namespace lab until Ctrl-C:"),
         Cli::tr("qdisc-studio play --dev lab/veth1 --loop 0 commute.json")},
        {Cli::tr("Progress for a script, leaving the last condition in place:"),
         Cli::tr("qdisc-studio play --dev eth1 --json --keep degrade.json")},
        {Cli::tr("One scenario on the targets it names, here and on other hosts, from one start:"),
         Cli::tr("qdisc-studio play sites.json")},
    };
    h.exitStatus = {
        {QStringLiteral("0"), Cli::tr("The scenario played to its end.")},
        {QStringLiteral("1"), Cli::tr("It could not be played (no helper, no root, the target cannot be read) or failed while playing.")},
        {QStringLiteral("2"), Cli::tr("The command line or the scenario is wrong; nothing was applied.")},
        {QStringLiteral("129, 130, 143"),
         Cli::tr("Stopped by SIGHUP, Ctrl-C (SIGINT) or SIGTERM, after the tree from before was put back (or kept).")},
    };
    return h;
}

CliHelp scenariosHelp()
{
    CliHelp h;
    h.name = QStringLiteral("scenarios");
    h.synopsis = {Cli::tr("[options] [list | show SCENARIO | check SCENARIO]")};
    h.summary = Cli::tr("List the built-in scenarios and yours, show one, or check a scenario file.");
    h.description = {
        Cli::tr("Without an action, or with list, prints the built-in scenarios and your own, one a line: the name, where it comes "
                "from, its steps, how long a pass lasts and how many passes it plays. Your scenarios are the JSON files in "
                "$XDG_DATA_HOME/qdisc-studio/scenarios (~/.local/share/qdisc-studio/scenarios by default); a file that cannot be "
                "read is reported and skipped."),
        Cli::tr("show SCENARIO prints its description and each step: when it starts, how long it lasts and what it holds (a "
                "preset, a profile or a tree, in one line; a ramp with its parameters, curve and updates a second), then the "
                "passes and what happens at the end and when it is stopped."),
        Cli::tr("check SCENARIO lists everything wrong with it, one error a line, as play would before applying anything; with "
                "--dev also what is wrong with it on that target as it is now."),
        Cli::tr("Reads only. Exit status 1 when the scenario cannot be found or is not valid."),
    };
    h.options = {
        helpOption(),
        jsonOption(Cli::tr("Output as JSON: the list as an array of \"name\", \"source\", \"description\", \"steps\", "
                           "\"passDurationMs\", \"duration\", \"loops\" and \"targets\"; a scenario as its file; a check as "
                           "\"valid\" and \"errors\".")),
        {{QStringLiteral("dev")}, Cli::tr("TARGET"), Cli::tr("For check: also check the scenario against the tree TARGET holds now."),
         {}, {}},
    };
    h.arguments = {
        {Cli::tr("list"), Cli::tr("List every built-in scenario and yours (the default).")},
        {Cli::tr("show SCENARIO"), Cli::tr("Show a scenario: a file, one of yours, or a built-in one, looked for in that order.")},
        {Cli::tr("check SCENARIO"), Cli::tr("Check a scenario file (or a stored scenario) and list every error.")},
    };
    h.examples = {
        {Cli::tr("Every scenario:"), Cli::tr("qdisc-studio scenarios")},
        {Cli::tr("The steps of a built-in scenario:"), Cli::tr("qdisc-studio scenarios show \"Entering a tunnel\"")},
        {Cli::tr("Check a file before playing it on veth1 in the namespace lab:"),
         Cli::tr("qdisc-studio scenarios check commute.json --dev lab/veth1")},
    };
    return h;
}

using HelpBuilder = CliHelp (*)();

/** In the order the overview lists them. */
constexpr std::pair<const char *, HelpBuilder> kHelpBuilders[] = {
    {"import", importHelp},   {"export", exportHelp}, {"validate", validateHelp}, {"profiles", profilesHelp},
    {"targets", targetsHelp}, {"show", showHelp},     {"stats", statsHelp},       {"apply", applyHelp},
    {"clear", clearHelp},     {"restore", restoreHelp}, {"confirm", confirmHelp},   {"play", playHelp},
    {"scenarios", scenariosHelp}, {"demo", demoHelp}, {"bridge", bridgeHelp},
};

CliHelp overviewHelp()
{
    CliHelp h;
    //: the two forms of the command line; keep --verbose as it is
    h.synopsis = {Cli::tr("[--verbose] [--target TARGET] [QT-OPTIONS]"), Cli::tr("[--verbose] SUBCOMMAND [options] ARGS…")};
    h.summary = Cli::tr("shape and impair network traffic with Linux tc");
    h.description = {
        Cli::tr("Qdisc Studio shapes and impairs network traffic with the kernel's traffic control (tc): netem delay, jitter, loss, "
                "duplication, reordering and rate, tbf and htb shaping, sfq and fq_codel fairness, and u32 filters that steer "
                "chosen flows into classes."),
        Cli::tr("Without a subcommand the window opens. It takes Qt's own options too, such as -platform NAME or -style NAME (see "
                "the Qt documentation)."),
        Cli::tr("With a subcommand it is a command-line tool that needs no display. Changes reach the kernel through "
                "qdisc-studio-helper, a root service on the system bus that asks polkit for authorization; reading needs no "
                "root. \"qdisc-studio SUBCOMMAND --help\" or \"qdisc-studio help SUBCOMMAND\" describes one subcommand."),
    };
    for (const auto &[name, build] : kHelpBuilders)
        h.subcommands.append({QLatin1String(name), build().summary});
    h.options = {
        {{QStringLiteral("h"), QStringLiteral("help")}, {},
         Cli::tr("Show this help and exit; after a subcommand, that subcommand's help."), {}, {}},
        {{QStringLiteral("v"), QStringLiteral("version")}, {}, Cli::tr("Print \"qdisc-studio VERSION\" and exit."), {}, {}},
        {{QStringLiteral("demo")}, {},
         Cli::tr("Open the window on the demo lab: a private two-host network with live traffic, where every setting shows its "
                 "measured effect. qdisc-studio demo --headless is the same in the terminal."),
         {}, {}},
        {{QStringLiteral("target")}, Cli::tr("TARGET"),
         Cli::tr("Open the window on TARGET: an interface (eth0) or NAMESPACE/INTERFACE, as qdisc-studio targets lists "
                 "them. A target that does not exist is an error: the window says so and qdisc-studio exits with status 1."),
         {}, {}},
        {{QStringLiteral("verbose")}, {},
         Cli::tr("Log each step on standard error, for the window and for every subcommand. Accepted before or after the "
                 "subcommand, though not after --."),
         {}, {}},
    };
    h.exitStatus = {
        {QStringLiteral("0"), Cli::tr("Done.")},
        {QStringLiteral("1"), Cli::tr("The input is wrong or the work failed.")},
        {QStringLiteral("2"), Cli::tr("The command line is wrong.")},
    };
    return h;
}

} // namespace

QStringList Cli::subcommands()
{
    QStringList names;
    for (const auto &[name, build] : kHelpBuilders)
        names.append(QLatin1String(name));
    return names;
}

CliHelp Cli::help(const QString &subcommand)
{
    if (subcommand.isEmpty())
        return overviewHelp();
    for (const auto &[name, build] : kHelpBuilders) {
        if (subcommand == QLatin1String(name))
            return build();
    }
    return {};
}

QString Cli::helpText(const QString &subcommand)
{
    return help(subcommand).text();
}

QString Cli::manualText()
{
    QStringList parts{helpText()};
    for (const QString &name : subcommands())
        parts.append(helpText(name));
    return parts.join(u'\n');
}

} // namespace qs
