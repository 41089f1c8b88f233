#include "tcshowreader.h"

#include "kinds/kindtable.h"
#include "tcargs.h"

#include <QHash>
#include <QSet>

#include <optional>

namespace qs {

/* TRANSLATOR qs::TcShowReader

   Messages about pasted output of "tc qdisc|class|filter show", read back into tc commands.
*/

namespace {

/** One line of the text, split into words that know where they stand. */
struct Line
{
    int number = 0;
    bool indented = false;
    ShownWords words;
};

Line splitLine(QStringView text, int number)
{
    Line line;
    line.number = number;
    line.indented = !text.isEmpty() && (text[0] == u' ' || text[0] == u'\t');
    qsizetype i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == u' ' || text[i] == u'\t' || text[i] == u'\r'))
            ++i;
        if (i >= text.size())
            break;
        const qsizetype start = i;
        while (i < text.size() && text[i] != u' ' && text[i] != u'\t' && text[i] != u'\r')
            ++i;
        line.words.append(TcWord{text.mid(start, i - start).toString(), number, int(start) + 1});
    }
    return line;
}

QList<Line> splitLines(QStringView text)
{
    QList<Line> lines;
    int number = 0;
    for (QStringView line : text.split(u'\n'))
        lines.append(splitLine(line, ++number));
    return lines;
}

/** What a pasted "tc [-s] [-d] [-n NS] qdisc|class|filter show [dev IF] [parent P|ingress|egress]" line says. */
struct ShowCommand
{
    QString netns;
    QString device;
    std::optional<TcWord> parent;
};

/** @p line is a tc show command (after a shell prompt, with sudo); *command what it names. */
bool readShowCommand(const ShownWords &line, ShowCommand *command)
{
    qsizetype i = 0;
    if (i < line.size() && (line[i].text.endsWith(u'$') || line[i].text.endsWith(u'#')))
        ++i; // "$ tc …", "# tc …", "root@host:~# tc …"
    if (i < line.size() && line[i].text == u"sudo")
        ++i;
    if (i >= line.size() || !(line[i].text == u"tc" || line[i].text.endsWith(u"/tc")))
        return false;
    ++i;
    ShowCommand c;
    while (i < line.size() && line[i].text.startsWith(u'-')) {
        const QString &option = line[i].text;
        if ((option == u"-n" || option == u"-netns" || option == u"--netns") && i + 1 < line.size()) {
            c.netns = line[i + 1].text;
            ++i;
        }
        ++i;
    }
    if (i + 1 >= line.size())
        return false;
    const QStringView object = line[i].text;
    if (!tcMatches(object, u"qdisc") && !tcMatches(object, u"class") && !tcMatches(object, u"filter"))
        return false;
    const QStringView verb = line[i + 1].text;
    if (!tcMatches(verb, u"show") && !tcMatches(verb, u"list") && verb != u"ls")
        return false;
    for (i += 2; i < line.size(); ++i) {
        const QStringView word = line[i].text;
        if (word == u"dev" && i + 1 < line.size()) {
            c.device = line[++i].text;
        } else if (word == u"parent" && i + 1 < line.size()) {
            c.parent = line[++i];
        } else if (word == u"ingress" || word == u"egress") {
            TcWord parent = line[i];
            parent.text = word == u"ingress" ? QStringLiteral("ffff:fff2") : QStringLiteral("ffff:fff3");
            c.parent = parent;
        }
    }
    *command = c;
    return true;
}

bool isShownObject(const ShownWords &words)
{
    if (words.size() < 3)
        return false;
    const QStringView first = words[0].text;
    if (first == u"qdisc" || first == u"class")
        return words[2].text.contains(u':');
    if (first == u"filter") {
        static const char16_t *const next[] = {u"dev", u"parent", u"block", u"protocol", u"pref", u"chain"};
        for (const char16_t *word : next) {
            if (words[1].text == QStringView(word))
                return true;
        }
    }
    return false;
}

/** One printed qdisc, class or filter: its first line and the indented lines below it. */
struct Shown
{
    ShownWords words;
    QList<ShownWords> more;
    ShowCommand command; ///< the show line pasted above it, if any
};

TcWord synthetic(const TcWord &at, const QString &text)
{
    return TcWord{text, at.line, at.column};
}

TcWord synthetic(const TcWord &at, const char16_t *text)
{
    return synthetic(at, QString::fromUtf16(text));
}

/** The major part of a handle or class id ("1:10" → "1"), as printed. */
QString majorOf(const QString &handle)
{
    const qsizetype colon = handle.indexOf(u':');
    return (colon < 0 ? handle : handle.left(colon)).toLower();
}

/** A command ready to be emitted, with what it needs before it. */
struct Pending
{
    enum class Type { Qdisc, Class, Filter } type = Type::Qdisc;
    QString device;
    QString id;     ///< qdisc: its major ("1"); class: its id ("1:10")
    QString parent; ///< "root", a class id or a qdisc's band ("1:1"); empty for ingress
    TcCommand command;
};

} // namespace

bool TcShowReader::looksLikeShow(QStringView text)
{
    for (QStringView raw : text.split(u'\n')) {
        const Line line = splitLine(raw, 0);
        if (line.words.isEmpty())
            continue;
        ShowCommand command;
        if (readShowCommand(line.words, &command))
            continue;
        return isShownObject(line.words);
    }
    return false;
}

TcShowReading TcShowReader::read(QStringView text)
{
    TcShowReading out;
    const QList<Line> lines = splitLines(text);

    // The objects, each with its indented lines, and the show line above it.
    QList<Shown> objects;
    ShowCommand command;
    bool unnamedNoted = false;
    for (const Line &line : lines) {
        if (line.words.isEmpty())
            continue;
        if (line.indented && !objects.isEmpty()) {
            objects.last().more.append(line.words);
            continue;
        }
        ShowCommand read;
        if (readShowCommand(line.words, &read)) {
            command = read;
            continue;
        }
        if (isShownObject(line.words)) {
            objects.append(Shown{line.words, {}, command});
            continue;
        }
        if (line.words.first().text == u"Warning:") {
            out.notes.append({line.number, line.words.first().column, QString(), tr("tc's warning, skipped")});
            continue;
        }
        out.errors.append({line.number, line.words.first().column, line.words.first().text,
                           tr("not a qdisc, class or filter as tc shows them")});
    }

    QList<Pending> pending;
    QHash<QString, QHash<QString, const QdiscKindOps *>> qdiscKinds; // device → major → kind
    QHash<QString, QSet<QString>> ingressMajors;                     // device → handle majors of ingress/clsact
    const auto deviceOf = [&](const Shown &object, qsizetype *i) {
        const ShownWords &w = object.words;
        if (*i + 1 < w.size() && w[*i].text == u"dev") {
            *i += 2;
            return w[*i - 1].text;
        }
        if (!object.command.device.isEmpty())
            return object.command.device;
        if (!unnamedNoted) {
            unnamedNoted = true;
            out.notes.append({w.first().line, w.first().column, QString(),
                              tr("tc's output names no device: read as %1, the tree goes onto the target it is applied to")
                                  .arg(QString::fromUtf16(UnnamedDevice))});
        }
        return QString::fromUtf16(UnnamedDevice);
    };
    const auto start = [](const Shown &object, const QString &device, const char16_t *what) {
        const TcWord &at = object.words.first();
        TcCommand c;
        c.words.append(synthetic(at, u"tc"));
        if (!object.command.netns.isEmpty()) {
            c.words.append(synthetic(at, u"-n"));
            c.words.append(synthetic(at, object.command.netns));
        }
        c.words.append(synthetic(at, what));
        c.words.append(synthetic(at, u"add"));
        c.words.append(synthetic(at, u"dev"));
        c.words.append(synthetic(at, device));
        return c;
    };
    const auto fail = [&](const TcWord &at, const QString &message) { out.errors.append({at.line, at.column, at.text, message}); };

    for (const Shown &object : std::as_const(objects)) {
        const ShownWords &w = object.words;
        const QStringView type = w.first().text;
        qsizetype i = type == u"filter" ? 1 : 3;
        const QString device = deviceOf(object, &i);

        if (type == u"qdisc" || type == u"class") {
            const TcWord &kind = w[1];
            const TcWord &id = w[2];
            QString parent;
            std::optional<TcWord> parentWord;
            if (i < w.size() && w[i].text == u"root") {
                parent = QStringLiteral("root");
                ++i;
            } else if (i + 1 < w.size() && w[i].text == u"parent") {
                parentWord = w[i + 1];
                parent = w[i + 1].text.toLower();
                i += 2;
            } else {
                fail(i < w.size() ? w[i] : w.last(), tr("tc prints \"root\" or \"parent\" here"));
                continue;
            }
            const QdiscKindOps *qdiscKind = Kinds::qdisc(kind.text);
            if (type == u"qdisc") {
                if (i + 1 < w.size() && w[i].text == u"refcnt")
                    i += 2;
                if (majorOf(id.text) == u"0" || majorOf(id.text).isEmpty()) {
                    out.notes.append({id.line, id.column, QString(),
                                      tr("the kernel's own %1 qdisc of %2 (handle 0:), left out").arg(kind.text, device)});
                    continue;
                }
                ShownWords options = w.mid(i);
                if (qdiscKind && qdiscKind->optionsOnSeveralLines) {
                    for (const ShownWords &line : object.more) {
                        if (line.first().text == u"Sent") // the statistics
                            break;
                        options += line;
                    }
                }
                if (qdiscKind) {
                    if (const QString caveat = qdiscKind->shownCaveat(options); !caveat.isEmpty())
                        out.notes.append({kind.line, kind.column, kind.text, caveat});
                    options = qdiscKind->readShown(std::move(options));
                }
                Pending p{Pending::Type::Qdisc, device, majorOf(id.text), parent, start(object, device, u"qdisc")};
                if (qdiscKind && qdiscKind->placement == QdiscPlacement::IngressHook) {
                    p.parent.clear();
                    ingressMajors[device].insert(p.id);
                } else if (parentWord) {
                    p.command.words.append(synthetic(*parentWord, u"parent"));
                    p.command.words.append(*parentWord);
                } else {
                    p.command.words.append(synthetic(id, u"root"));
                }
                p.command.words.append(synthetic(id, u"handle"));
                p.command.words.append(id);
                p.command.words.append(kind);
                p.command.words += options;
                qdiscKinds[device].insert(p.id, qdiscKind);
                pending.append(p);
            } else {
                // The classes of classless and single-child qdiscs (tbf's 10:1, prio's bands)
                // come with the qdisc: nothing to add.
                if (qdiscKind && qdiscKind->children != QdiscChildren::Classes)
                    continue;
                // hfsc's root class ("class hfsc 1: root") is the qdisc itself.
                if (const QString minor = id.text.section(u':', 1); minor.isEmpty() || minor == u"0")
                    continue;
                if (i + 1 < w.size() && w[i].text == u"leaf")
                    i += 2;
                ShownWords options = w.mid(i);
                if (qdiscKind && qdiscKind->classKind && qdiscKind->classKind->readShown)
                    options = qdiscKind->classKind->readShown(std::move(options));
                Pending p{Pending::Type::Class, device, id.text.toLower(), parent, start(object, device, u"class")};
                const TcWord parentAt = parentWord ? *parentWord : id;
                p.command.words.append(synthetic(parentAt, u"parent"));
                p.command.words.append(synthetic(parentAt, parentWord ? parentWord->text : majorOf(id.text) + u':'));
                if (!parentWord)
                    p.parent = majorOf(id.text) + u':';
                p.command.words.append(synthetic(id, u"classid"));
                p.command.words.append(id);
                p.command.words.append(kind);
                p.command.words += options;
                pending.append(p);
            }
            continue;
        }

        // filter [dev IF] [parent P] [block N] protocol X pref N KIND [chain N] …
        std::optional<TcWord> parent;
        ShownWords head; // protocol, prio, chain: the words before the kind
        std::optional<TcWord> kind;
        while (i < w.size() && !kind) {
            const QStringView word = w[i].text;
            if (i + 1 < w.size() && (word == u"parent" || word == u"block" || word == u"protocol" || word == u"pref")) {
                if (word == u"parent")
                    parent = w[i + 1];
                else {
                    head.append(word == u"pref" ? synthetic(w[i], u"prio") : w[i]);
                    head.append(w[i + 1]);
                }
                i += 2;
            } else {
                kind = w[i++];
            }
        }
        if (!kind) {
            fail(w.last(), tr("a filter as tc shows it names its kind after its pref"));
            continue;
        }
        if (i + 1 < w.size() && w[i].text == u"chain") {
            if (w[i + 1].text != u"0") {
                head.append(w[i]);
                head.append(w[i + 1]);
            }
            i += 2;
        }
        // The kind's words: the rest of the line and the indented lines up to the first action.
        ShownWords words = w.mid(i);
        qsizetype more = 0;
        for (; more < object.more.size(); ++more) {
            const ShownWords &line = object.more[more];
            if (line.size() >= 3 && line[0].text == u"action" && line[1].text == u"order")
                break;
            words += line;
        }
        if (words.isEmpty() && more == object.more.size())
            continue; // the prio's own line ("filter parent 1: protocol ip pref 1 u32 chain 0"): its filters follow
        const FilterKindOps *filterKind = Kinds::filter(kind->text);
        ShownFilter shown = filterKind && filterKind->readShown ? filterKind->readShown(words) : ShownFilter{{}, words, false};
        if (shown.implicit)
            continue;
        if (!parent)
            parent = object.command.parent;
        if (!parent && ingressMajors.value(device).size() == 1) {
            parent = synthetic(w.first(), *ingressMajors.value(device).begin() + u':');
            out.notes.append({w.first().line, w.first().column, QString(),
                              tr("the filter shows no parent (tc was asked for one parent's filters): read as %1, the "
                                 "ingress qdisc's").arg(parent->text)});
        }
        if (!parent) {
            fail(w.first(), tr("the filter shows no parent: paste the \"tc filter show … parent P\" line above it too"));
            continue;
        }
        Pending p{Pending::Type::Filter, device, QString(), QString(), start(object, device, u"filter")};
        p.command.words.append(synthetic(*parent, u"parent"));
        p.command.words.append(*parent);
        p.command.words += head;
        p.command.words += shown.beforeKind;
        p.command.words.append(*kind);
        p.command.words += shown.options;
        // The actions: "action order N: KIND …", their statistics and "index N ref N bind N" left out.
        static const char16_t *const statistics[] = {u"index", u"Action", u"Sent", u"backlog", u"requeues", u"no_percpu", u"used_hw_stats"};
        while (more < object.more.size()) {
            const ShownWords &first = object.more[more++];
            if (first.size() < 4) {
                fail(first.last(), tr("tc prints the action's kind here"));
                break;
            }
            const TcWord &actionKind = first[3];
            ShownWords actionWords = first.mid(4);
            for (; more < object.more.size(); ++more) {
                const ShownWords &line = object.more[more];
                if (line.size() >= 3 && line[0].text == u"action" && line[1].text == u"order")
                    break;
                bool stat = false;
                for (const char16_t *word : statistics)
                    stat = stat || line[0].text == QStringView(word);
                if (!stat)
                    actionWords += line;
            }
            if (const ActionKindOps *ops = Kinds::action(actionKind.text); ops && ops->readShown)
                actionWords = ops->readShown(std::move(actionWords));
            p.command.words.append(synthetic(first[0], u"action"));
            p.command.words.append(actionKind);
            p.command.words += actionWords;
        }
        pending.append(p);
    }

    // In an order tc can add them in: per device, a qdisc after the class or qdisc it hangs
    // below, a class after its parent; filters last, as printed.
    QStringList devices;
    for (const Pending &p : std::as_const(pending)) {
        if (!devices.contains(p.device))
            devices.append(p.device);
    }
    for (const QString &device : std::as_const(devices)) {
        QList<const Pending *> left;
        for (const Pending &p : std::as_const(pending)) {
            if (p.device == device && p.type != Pending::Type::Filter)
                left.append(&p);
        }
        QSet<QString> qdiscsDone;
        QSet<QString> classesDone;
        const QHash<QString, const QdiscKindOps *> kinds = qdiscKinds.value(device);
        const auto ready = [&](const Pending &p) {
            if (p.type == Pending::Type::Qdisc) {
                if (p.parent.isEmpty() || p.parent == u"root")
                    return true;
                const QString major = majorOf(p.parent);
                if (!qdiscsDone.contains(major))
                    return false;
                const QdiscKindOps *owner = kinds.value(major);
                return !owner || owner->children != QdiscChildren::Classes || classesDone.contains(p.parent);
            }
            if (!qdiscsDone.contains(majorOf(p.id)))
                return false;
            return p.parent.endsWith(u':') || classesDone.contains(p.parent);
        };
        const auto add = [&](const Pending *p) {
            out.commands.append(p->command);
            (p->type == Pending::Type::Qdisc ? qdiscsDone : classesDone).insert(p->id);
        };
        bool progress = true;
        while (!left.isEmpty() && progress) {
            progress = false;
            for (qsizetype k = 0; k < left.size(); ++k) {
                if (ready(*left[k])) {
                    add(left.takeAt(k));
                    progress = true;
                    break;
                }
            }
        }
        for (const Pending *p : std::as_const(left))
            add(p); // what hangs below something the text does not show: the importer says so
    }
    for (const QString &device : std::as_const(devices)) {
        for (const Pending &p : std::as_const(pending)) {
            if (p.device == device && p.type == Pending::Type::Filter)
                out.commands.append(p.command);
        }
    }
    return out;
}

} // namespace qs
