<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>qs::ChaosMeshExport</name>
    <message numerus="yes">
        <source>%1: a ramp changes its values continuously; NetworkChaos holds fixed values, so it is held as %n step(s) of about %2, each at the values the ramp has halfway through it</source>
        <translation>
            <numerusform>%1: a ramp changes its values continuously; NetworkChaos holds fixed values, so it is held as %n step of about %2, each at the values the ramp has halfway through it</numerusform>
            <numerusform>%1: a ramp changes its values continuously; NetworkChaos holds fixed values, so it is held as %n steps of about %2, each at the values the ramp has halfway through it</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::Cli</name>
    <message numerus="yes">
        <source>%1: not imported (%n error(s))</source>
        <translation>
            <numerusform>%1: not imported (%n error)</numerusform>
            <numerusform>%1: not imported (%n errors)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be read</source>
        <translation>
            <numerusform>%n line could not be read</numerusform>
            <numerusform>%n lines could not be read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each condition is measured for %n second(s) after %1 s to settle.</source>
        <translation>
            <numerusform>Each condition is measured for %n second after %1 s to settle.</numerusform>
            <numerusform>Each condition is measured for %n seconds after %1 s to settle.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>scenario &quot;%1&quot; has %n error(s); nothing was applied</source>
        <translation>
            <numerusform>scenario &quot;%1&quot; has %n error; nothing was applied</numerusform>
            <numerusform>scenario &quot;%1&quot; has %n errors; nothing was applied</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>scenario &quot;%1&quot; cannot play on %2 (%n error(s)); nothing was applied</source>
        <translation>
            <numerusform>scenario &quot;%1&quot; cannot play on %2 (%n error); nothing was applied</numerusform>
            <numerusform>scenario &quot;%1&quot; cannot play on %2 (%n errors); nothing was applied</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Playing &quot;%1&quot; on %2: %n step(s), %3 a pass, %4.</source>
        <extracomment>%1 the scenario, %2 the target, %3 the length of one pass, %4 how many passes (&quot;2 passes&quot;, &quot;until stopped&quot;)</extracomment>
        <translation>
            <numerusform>Playing &quot;%1&quot; on %2: %n step, %3 a pass, %4.</numerusform>
            <numerusform>Playing &quot;%1&quot; on %2: %n steps, %3 a pass, %4.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pass(es)</source>
        <translation>
            <numerusform>%n pass</numerusform>
            <numerusform>%n passes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n step</numerusform>
            <numerusform>%n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: nothing applied: %n line(s) could not be read</source>
        <translation>
            <numerusform>%1: nothing applied: %n line could not be read</numerusform>
            <numerusform>%1: nothing applied: %n lines could not be read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n failed)</source>
        <extracomment>the request figures, then how many requests failed (timed out or reset)</extracomment>
        <translation>
            <numerusform>%1 (%n failed)</numerusform>
            <numerusform>%1 (%n failed)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Playing &quot;%1&quot; on %n target(s): %2 a pass, %3.</source>
        <extracomment>%1 the scenario, %n how many targets, %2 the length of one pass, %3 how many passes (&quot;2 passes&quot;, &quot;until stopped&quot;)</extracomment>
        <translation>
            <numerusform>Playing &quot;%1&quot; on %n target: %2 a pass, %3.</numerusform>
            <numerusform>Playing &quot;%1&quot; on %n targets: %2 a pass, %3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::Filter</name>
    <message numerus="yes">
        <source>%n actions; a filter holds at most 32</source>
        <extracomment>TCA_ACT_MAX_PRIO: the kernel takes 32 actions per filter.</extracomment>
        <translation>
            <numerusform>%n action; a filter holds at most 32</numerusform>
            <numerusform>%n actions; a filter holds at most 32</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::HostsBackend</name>
    <message numerus="yes">
        <source>%1; %n other host(s) over ssh</source>
        <extracomment>%1 says how this machine is reached, %n how many other hosts are reached over ssh</extracomment>
        <translation>
            <numerusform>%1; %n other host over ssh</numerusform>
            <numerusform>%1; %n other hosts over ssh</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::ImportDialog</name>
    <message numerus="yes">
        <source>%n line(s) could not be read; fix them to import.</source>
        <translation>
            <numerusform>%n line could not be read; fix them to import.</numerusform>
            <numerusform>%n lines could not be read; fix them to import.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::MqprioKind</name>
    <message numerus="yes">
        <source>mqprio, %n traffic class(es), offloaded</source>
        <extracomment>mqprio: priorities mapped to traffic classes, each a range of transmit queues.</extracomment>
        <translation>
            <numerusform>mqprio, %n traffic class, offloaded</numerusform>
            <numerusform>mqprio, %n traffic classes, offloaded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>mqprio, %n traffic class(es)</source>
        <translation>
            <numerusform>mqprio, %n traffic class</numerusform>
            <numerusform>mqprio, %n traffic classes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::MqprioParams</name>
    <message numerus="yes">
        <source>%n queue range(s) for %1 traffic classes: at most one per class</source>
        <translation>
            <numerusform>%n queue range for %1 traffic classes: at most one per class</numerusform>
            <numerusform>%n queue ranges for %1 traffic classes: at most one per class</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rate(s) for %1 traffic classes: give one per class</source>
        <translation>
            <numerusform>%n rate for %1 traffic classes: give one per class</numerusform>
            <numerusform>%n rates for %1 traffic classes: give one per class</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::PrioKind</name>
    <message numerus="yes">
        <source>band %1 does not exist; there are %n bands</source>
        <translation>
            <numerusform>band %1 does not exist; there is %n band</numerusform>
            <numerusform>band %1 does not exist; there are %n bands</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>prio, %n bands</source>
        <translation>
            <numerusform>prio, %n band</numerusform>
            <numerusform>prio, %n bands</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::SfbKind</name>
    <message numerus="yes">
        <source>sfb, %n packet(s)</source>
        <translation>
            <numerusform>sfb, %n packet</numerusform>
            <numerusform>sfb, %n packets</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::SfqKind</name>
    <message numerus="yes">
        <source>sfq, rehash every %n s</source>
        <translation>
            <numerusform>sfq, rehash every %n s</numerusform>
            <numerusform>sfq, rehash every %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::SkbprioKind</name>
    <message numerus="yes">
        <source>skbprio, %n packet(s)</source>
        <extracomment>skbprio queues by packet priority; %n is its limit in packets.</extracomment>
        <translation>
            <numerusform>skbprio, %n packet</numerusform>
            <numerusform>skbprio, %n packets</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::TcSummary</name>
    <message numerus="yes">
        <source>%n more qdisc(s)</source>
        <extracomment>After the root qdisc&apos;s summary: how many qdiscs hang below it.</extracomment>
        <translation>
            <numerusform>%n more qdisc</numerusform>
            <numerusform>%n more qdiscs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n class(es)</source>
        <translation>
            <numerusform>%n class</numerusform>
            <numerusform>%n classes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filter(s)</source>
        <translation>
            <numerusform>%n filter</numerusform>
            <numerusform>%n filters</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::U32Kind</name>
    <message numerus="yes">
        <source>u32 hash table %1 of %n bucket(s)</source>
        <extracomment>A u32 hash table: &quot;u32 hash table 42: of 256 buckets&quot;.</extracomment>
        <translation>
            <numerusform>u32 hash table %1 of %n bucket</numerusform>
            <numerusform>u32 hash table %1 of %n buckets</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::U32Params</name>
    <message numerus="yes">
        <source>%n key(s); u32 holds at most 128</source>
        <translation>
            <numerusform>%n key; u32 holds at most 128</numerusform>
            <numerusform>%n keys; u32 holds at most 128</numerusform>
        </translation>
    </message>
</context>
</TS>
