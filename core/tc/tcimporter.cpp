#include "tcimporter.h"

#include "tcargs.h"
#include "sudocommand.h"
#include "tcunits.h"

#include "kinds/clsact/clsactparams.h"
#include "kinds/ingress/ingressparams.h"
#include "kinds/kindtable.h"

#include <QSet>

#include <algorithm>
#include <bit>

namespace qs {

/* TRANSLATOR qs::TcImporter

   Errors and warnings for tc commands pasted into Qdisc Studio, shown at the word they are about.
   Words of tc's command language (qdisc, class, filter, dev, parent, handle, classid, flowid, prio,
   the kinds netem, htb, u32, … and their options), the commands quoted in the messages, values in tc
   syntax (10mbit, 100ms, 1:10, 800::800) and the kernel's own messages in ("…"), with error names
   such as EINVAL or EBUSY, stay as they are: the user compares them with what tc prints.
*/

namespace {

using Cursor = TcArgs;
using Failure = TcArgsFailure;

template <typename T> T require(Cursor &cursor, std::optional<T> parsed, const QString &what)
{
    return cursor.require(parsed, what);
}

// --- the commands -----------------------------------------------------------------------------

class Importer
{
public:
    TcImportResult run(QStringView script)
    {
        const QList<TcCommand> commands = TcTokenizer::split(script, &m_result.errors);
        return run(commands);
    }

    TcImportResult run(const QList<TcCommand> &commands)
    {
        for (const TcCommand &command : commands) {
            try {
                runCommand(command.words);
            } catch (const Failure &failure) {
                const TcWord &word = command.words[std::clamp<qsizetype>(failure.index, 0, command.words.size() - 1)];
                m_result.errors.append({word.line, word.column, word.text, failure.message});
            }
        }
        // Errors in the order they stand in the script, tokenizer and parser findings merged.
        std::stable_sort(m_result.errors.begin(), m_result.errors.end(), [](const TcScriptError &a, const TcScriptError &b) {
            return a.line != b.line ? a.line < b.line : a.column < b.column;
        });
        return m_result;
    }

    QList<TcScriptError> warnings;

private:
    void warn(const Cursor &c, qsizetype index, const QString &message)
    {
        const TcWord &word = c.word(index);
        warnings.append({word.line, word.column, word.text, message});
    }

    void runCommand(const QList<TcWord> &words)
    {
        Cursor c(words, 0, &warnings);
        QStringView program = c.next();
        if (program == u"sudo")
            program = skipSudoOptions(c, words);
        const QStringView base = program.mid(program.lastIndexOf(u'/') + 1);
        if (base == u"tc")
            runTc(c);
        else if (base == u"ip")
            runIp(c);
        else if (base == u"modprobe")
            runModprobe(c);
        else
            c.fail(TcImporter::tr("not a tc command"));
    }

    /** Steps over sudo's options, the values of those that take one included; returns the program word. */
    static QStringView skipSudoOptions(Cursor &c, const QList<TcWord> &words)
    {
        QStringList texts;
        for (const TcWord &word : words)
            texts.append(word.text);
        qsizetype missing = -1;
        const qsizetype program = SudoCommand::programIndex(texts, c.position(), &missing);
        if (program < 0)
            c.failAt(missing, TcImporter::tr("\"%1\" needs a value after it").arg(words[missing].text));
        while (c.position() < program)
            c.next();
        return c.next();
    }

    void runModprobe(Cursor &c)
    {
        const QStringView module = c.value(u"modprobe");
        if (module != u"ifb")
            c.fail(TcImporter::tr("only \"modprobe ifb\" is understood; other modules load by themselves"));
        while (!c.atEnd()) {
            const QStringView option = c.next();
            if (!option.startsWith(u"numifbs="))
                c.fail(TcImporter::tr("unknown ifb module option"));
        }
    }

    /** The ip commands of the ingress recipe: create the ifb and bring it up. */
    void runIp(Cursor &c)
    {
        QString netns;
        while (!c.atEnd() && c.peek().startsWith(u'-')) {
            const QStringView option = c.next();
            if (option == u"-n" || tcMatches(option, u"-netns"))
                netns = c.value(option).toString();
            else
                c.fail(TcImporter::tr("unknown ip option"));
        }
        const QStringView object = c.value(u"ip");
        if (!tcMatches(object, u"link"))
            c.fail(TcImporter::tr("only \"ip link add NAME type ifb\" and \"ip link set dev NAME up\" are understood"));
        const QStringView verb = c.value(u"ip link");
        if (tcMatches(verb, u"add")) {
            QString name;
            if (!c.atEnd() && (c.peek() == u"dev" || c.peek() == u"name"))
                c.next();
            name = c.value(u"add").toString();
            if (!isValidDeviceName(name))
                c.fail(TcImporter::tr("not a valid interface name"));
            const QStringView typeWord = c.value(u"ip link add");
            if (typeWord != u"type")
                c.fail(TcImporter::tr("expected \"type ifb\""));
            const QStringView type = c.value(u"type");
            if (type != u"ifb")
                c.fail(TcImporter::tr("only ifb devices are created by Qdisc Studio"));
            if (!c.atEnd())
                c.failAt(c.position(), TcImporter::tr("unexpected word after \"type ifb\""));
            treeFor(netns, name).isIfb = true;
        } else if (tcMatches(verb, u"set")) {
            if (!c.atEnd() && c.peek() == u"dev")
                c.next();
            const QString name = c.value(u"set").toString();
            const QStringView state = c.value(u"ip link set");
            if (state != u"up")
                c.fail(TcImporter::tr("only \"ip link set dev NAME up\" is understood"));
            if (!c.atEnd())
                c.failAt(c.position(), TcImporter::tr("unexpected word after \"up\""));
            QdiscTree *tree = findTree(netns, name);
            if (!tree || !tree->isIfb)
                c.fail(TcImporter::tr("only an ifb device created above can be brought up here"));
        } else {
            c.fail(TcImporter::tr("only \"ip link add\" and \"ip link set\" are understood"));
        }
    }

    void runTc(Cursor &c)
    {
        QString netns;
        while (!c.atEnd() && c.peek().startsWith(u'-')) {
            const qsizetype at = c.position();
            const QStringView option = c.next();
            if (option == u"-n" || tcMatches(option, u"-netns")) {
                netns = c.value(option).toString();
                if (!isValidNetnsName(netns))
                    c.fail(TcImporter::tr("not a valid namespace name"));
            } else if (tcMatches(option, u"-stats") || tcMatches(option, u"-statistics") || tcMatches(option, u"-details") ||
                       tcMatches(option, u"-raw") || tcMatches(option, u"-pretty") || tcMatches(option, u"-iec") ||
                       tcMatches(option, u"-json") || tcMatches(option, u"-force")) {
                // Output options, and -force (go on after a failing batch line): they change nothing in the tree.
            } else if (tcMatches(option, u"-batch")) {
                c.failAt(at, TcImporter::tr("paste the batch file's lines themselves"));
            } else {
                c.failAt(at, TcImporter::tr("unknown tc option"));
            }
        }
        const qsizetype objectAt = c.position();
        const QStringView object = c.value(u"tc");
        if (tcMatches(object, u"qdisc"))
            runQdisc(c, netns);
        else if (tcMatches(object, u"class"))
            runClass(c, netns);
        else if (tcMatches(object, u"filter"))
            runFilter(c, netns);
        else
            c.failAt(objectAt, TcImporter::tr("expected qdisc, class or filter"));
    }

    enum class Verb { Add, Change, Replace, Delete, Show };

    Verb readVerb(Cursor &c)
    {
        const QStringView verb = c.value(u"tc");
        if (tcMatches(verb, u"add"))
            return Verb::Add;
        if (tcMatches(verb, u"change"))
            return Verb::Change;
        if (tcMatches(verb, u"replace"))
            return Verb::Replace;
        if (tcMatches(verb, u"delete"))
            return Verb::Delete;
        if (tcMatches(verb, u"list") || tcMatches(verb, u"show") || tcMatches(verb, u"lst"))
            return Verb::Show;
        c.fail(TcImporter::tr("expected add, change, replace or del"));
    }

    QString readDevice(Cursor &c, const QString &current)
    {
        if (!current.isEmpty())
            c.fail(TcImporter::tr("dev is given twice"));
        const QString name = c.value(u"dev").toString();
        if (!isValidDeviceName(name))
            c.fail(TcImporter::tr("not a valid interface name"));
        return name;
    }

    void runQdisc(Cursor &c, const QString &netns)
    {
        const qsizetype verbAt = c.position();
        c.setVerbAt(verbAt);
        const Verb verb = readVerb(c);
        if (verb == Verb::Show)
            return; // reading the state changes nothing
        QString device;
        TcHandle handle;
        std::optional<TcHandle> parent;
        const QdiscKindOps *kind = nullptr;
        qsizetype kindAt = -1;
        qsizetype parentAt = verbAt;
        const auto setParent = [&](TcHandle value, QStringView name) {
            if (parent)
                //: %1 is the word that names it: root, ingress, clsact or parent.
                c.fail(TcImporter::tr("a second parent (%1) is given").arg(name));
            parent = value;
            parentAt = c.position() - 1;
        };
        while (!c.atEnd() && !kind) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"dev") {
                device = readDevice(c, device);
            } else if (word == u"handle") {
                const QStringView v = c.value(u"handle");
                handle = require(c, TcHandle::parseQdiscHandle(v), TcImporter::tr("not a qdisc handle; write it like 1: or 10:"));
            } else if (word == u"root") {
                setParent(TcHandle::root(), u"root");
            } else if (word == u"ingress" || word == u"clsact") {
                setParent(TcHandle::ingressParent(), word);
                handle = TcHandle::ingressHandle();
                kind = Kinds::qdisc(word);
                kindAt = at;
            } else if (word == u"parent") {
                const QStringView v = c.value(u"parent");
                setParent(require(c, TcHandle::parseClassId(v), TcImporter::tr("not a parent id; write it like root, 1:1 or 1:10")), u"parent");
            } else if (tcMatches(word, u"estimator") || tcMatches(word, u"stab") || tcMatches(word, u"ingress_block") ||
                       tcMatches(word, u"egress_block")) {
                c.failAt(at, TcImporter::tr("\"%1\" is not supported by Qdisc Studio yet").arg(word));
            } else {
                kind = Kinds::qdisc(word);
                kindAt = at;
                if (!kind)
                    c.failAt(at, TcImporter::tr("unknown qdisc kind; Qdisc Studio knows %1").arg(knownQdiscKinds()));
            }
        }
        if (device.isEmpty())
            c.failAt(verbAt, TcImporter::tr("no device: add \"dev NAME\""));
        if (!parent) {
            // tc sends parent 0; the kernel then goes by the handle, and only to change.
            if (verb == Verb::Delete)
                c.failAt(verbAt, TcImporter::tr("no parent: the kernel deletes a qdisc only where it hangs (\"Classid "
                                                "cannot be zero\"); add \"root\", \"ingress\" or \"parent ID\""));
            if (handle.isUnspec())
                c.failAt(verbAt, TcImporter::tr("no parent and no handle: add \"root\", \"ingress\" or \"parent ID\" "
                                                "(the kernel refuses: \"Handle cannot be zero\")"));
            if (verb == Verb::Add)
                c.failAt(verbAt, TcImporter::tr("no parent: without one the kernel only changes an existing qdisc "
                                                "(\"Exclusivity flag on, cannot modify\"); add \"root\", \"ingress\" or \"parent ID\""));
        }
        if (kind && kind->placement == QdiscPlacement::IngressHook && !parent->isIngressParent())
            //: %1 is ingress or clsact, %2 a device; the quoted command stays as it is.
            c.failAt(kindAt, TcImporter::tr("%1 hangs at the ingress hook; write \"tc qdisc add dev %2 %1\"").arg(QString(kind->name), device));

        QdiscTree &tree = treeFor(netns, device);
        if (verb == Verb::Delete) {
            // Options after the kind name are ignored by the kernel on delete.
            while (!c.atEnd())
                c.next();
            deleteQdisc(c, tree, *parent, handle, kind, verbAt);
            return;
        }
        if (!kind)
            c.failAt(verbAt, TcImporter::tr("no qdisc kind given"));

        // The qdisc a change applies to, found as the kernel finds it; its kind parses the words
        // against it, since a change keeps what it is not sent.
        const QdiscNode *byHandle = parent ? nullptr : tree.qdisc(handle);
        if (!parent && !byHandle)
            c.failAt(verbAt, TcImporter::tr("there is no qdisc %1 on %2 to change (the kernel refuses: \"Specified "
                                            "qdisc not found\")")
                                 .arg(handle.toString(), tree.target()));
        const QdiscNode *existing = parent ? tree.qdiscAt(*parent) : byHandle;
        const bool changesInPlace =
            existing && (verb == Verb::Change || !parent ||
                         (verb == Verb::Replace && (handle.isUnspec() ? &existing->ops() == kind : handle == existing->handle)));
        const bool sameKind = existing && &existing->ops() == kind;
        const QdiscParse parsed = kind->parse(c, changesInPlace && sameKind ? existing->params.data() : nullptr);
        QdiscNode node;
        node.handle = handle;
        node.params = QdiscParams(*kind, parsed.value);

        if (!parent) {
            // change / replace by handle alone: tc_modify_qdisc() looks the qdisc up by it.
            node.parent = byHandle->parent;
            changeQdisc(c, tree, *byHandle, node, parsed.optionsSent, verbAt);
            return;
        }
        node.parent = *parent;

        //: A place: %1 a parent (root, ingress, 1:10), %2 a device (eth0, lab/veth1).
        const QString where = TcImporter::tr("%1 of %2").arg(parent->toString(), tree.target());
        switch (verb) {
        case Verb::Add:
            if (existing)
                c.failAt(verbAt, TcImporter::tr("a qdisc already hangs at %1 (the kernel refuses: exclusivity flag "
                                                "on); use replace or change, or delete it first").arg(where));
            insertQdisc(c, tree, node, verbAt, parentAt);
            break;
        case Verb::Change:
            if (!existing) {
                warn(c, verbAt, TcImporter::tr("nothing to change at %1; read as add").arg(where));
                insertQdisc(c, tree, node, verbAt, parentAt);
                break;
            }
            if (!node.handle.isUnspec() && node.handle != existing->handle)
                c.failAt(verbAt, TcImporter::tr("the qdisc at %1 has handle %2, not %3; change cannot swap it (the kernel "
                                                "refuses: \"NLM_F_REPLACE needed to override\"): use replace")
                                     .arg(where, existing->handle.toString(), node.handle.toString()));
            changeQdisc(c, tree, *existing, node, parsed.optionsSent, verbAt);
            break;
        case Verb::Replace:
            // tc_modify_qdisc(): the same handle (or none, with the same kind) is a change in
            // place; another handle or, without one, another kind grafts a new qdisc.
            if (changesInPlace) {
                changeQdisc(c, tree, *existing, node, parsed.optionsSent, verbAt);
            } else {
                if (const QdiscNode *elsewhere = tree.qdisc(node.handle); elsewhere && existing != elsewhere)
                    c.failAt(verbAt, TcImporter::tr("handle %1 is already used at %2 on %3; the kernel would move that "
                                                    "qdisc here, which Qdisc Studio does not model: delete it first or "
                                                    "pick another handle")
                                         .arg(node.handle.toString(), elsewhere->parent.toString(), tree.target()));
                checkGraft(c, tree, node, parentAt);
                tree.removeQdiscAt(*parent);
                insertQdisc(c, tree, node, verbAt, parentAt);
            }
            break;
        case Verb::Delete:
        case Verb::Show:
            break;
        }
    }

    /** "netem, tbf, …, ingress and clsact". */
    static QString knownQdiscKinds()
    {
        QStringList names;
        for (const QdiscKindOps *kind : Kinds::qdiscs())
            names.append(QString(kind->name));
        const QString last = names.takeLast();
        return TcImporter::tr("%1 and %2").arg(names.join(QStringLiteral(", ")), last);
    }

    /** What qdisc_graft() checks about the place a new qdisc goes to. */
    void checkGraft(Cursor &c, const QdiscTree &tree, const QdiscNode &node, qsizetype parentAt)
    {
        if (node.parent.isRoot() || node.parent.isIngressParent())
            return;
        if (node.ops().placement == QdiscPlacement::RootOnly)
            //: %1 is a kind (mq, mqprio).
            c.failAt(parentAt, TcImporter::tr("%1 is only ever the root qdisc of a device (the kernel refuses it elsewhere)")
                                   .arg(node.kindName()));
        // The kernel looks the parent up when the qdisc is created: it must exist by then.
        const QdiscNode *owner = tree.qdisc(node.parent.qdiscPart());
        if (!owner)
            c.failAt(parentAt, TcImporter::tr("there is no qdisc %1 on %2 for parent %3 (the kernel refuses: \"Failed "
                                              "to find specified qdisc\"); create the parent first")
                                   .arg(node.parent.qdiscPart().toString(), tree.target(), node.parent.toString()));
        if (owner->children() != QdiscChildren::Classes)
            return;
        if (!tree.findClass(node.parent))
            c.failAt(parentAt, TcImporter::tr("there is no class %1 on %2 (the kernel refuses: \"Specified class not "
                                              "found\"); create the class first")
                                   .arg(node.parent.toString(), tree.target()));
        const bool inner = std::any_of(tree.classes.begin(), tree.classes.end(),
                                       [&](const ClassNode &k) { return k.parent == node.parent; });
        if (inner)
            //: %1 a class id, %2 a kind (htb, hfsc).
            c.failAt(parentAt, TcImporter::tr("class %1 has child classes: %2 grafts a qdisc only onto a leaf class "
                                              "(the kernel refuses with EINVAL); attach it to a leaf class")
                                   .arg(node.parent.toString(), owner->kindName()));
    }

    void insertQdisc(Cursor &c, QdiscTree &tree, const QdiscNode &node, qsizetype verbAt, qsizetype parentAt)
    {
        checkGraft(c, tree, node, parentAt);
        if (tree.qdisc(node.handle))
            c.failAt(verbAt, TcImporter::tr("handle %1 is already used on %2").arg(node.handle.toString(), tree.target()));
        tree.qdiscs.append(node);
        m_touched.insert(tree.target());
    }

    void changeQdisc(Cursor &c, QdiscTree &tree, const QdiscNode &existing, const QdiscNode &next, bool optionsSent, qsizetype verbAt)
    {
        //: %1 is a parent: root, ingress, 1:10.
        const QString where = TcImporter::tr("the qdisc at %1").arg(existing.parent.toString());
        if (&existing.ops() != &next.ops())
            //: %1 is "the qdisc at …", %2 and %3 qdisc kinds (netem, tbf, …).
            c.failAt(verbAt, TcImporter::tr("%1 is %2, not %3: the kernel changes a qdisc only in its own kind (\"Invalid "
                                            "qdisc name\"); replace it without a handle or with a new one, or delete it "
                                            "first")
                                 .arg(where, existing.kindName(), next.kindName()));
        if (!next.handle.isUnspec() && next.handle != existing.handle)
            c.failAt(verbAt, TcImporter::tr("%1 has handle %2, not %3").arg(where, existing.handle.toString(), next.handle.toString()));
        m_touched.insert(tree.target());
        // qdisc_change(): without TCA_OPTIONS nothing is changed; with them, a kind without a
        // change operation is refused.
        if (!optionsSent)
            return;
        if (!next.ops().hasChangeOperation)
            //: %1 is a qdisc kind (htb, sfq).
            c.failAt(verbAt, TcImporter::tr("%1 has no change operation (the kernel refuses: \"Change operation not "
                                            "supported by specified qdisc\"); delete it and add it again, or replace it "
                                            "with a new handle")
                                 .arg(next.kindName()) +
                                 (next.children() == QdiscChildren::Classes
                                      ? TcImporter::tr(" (its classes and filters are then rebuilt)")
                                      : QString()));
        const qsizetype index = &existing - std::as_const(tree.qdiscs).constData();
        const QdiscNode changed{existing.handle, existing.parent, next.params};
        const int oldSlots = existing.ops().childSlots(existing.params.data());
        tree.qdiscs[index] = changed;
        if (changed.children() == QdiscChildren::Bands && !changed.handle.isUnspec()) {
            // prio_tune(), ets_qdisc_change(): the qdiscs of bands that are gone are destroyed.
            const int bands = changed.ops().childSlots(changed.params.data());
            for (int band = bands + 1; band <= oldSlots; ++band)
                tree.removeQdiscAt(TcHandle::make(changed.handle.major(), quint16(band)));
        }
    }

    void deleteQdisc(Cursor &c, QdiscTree &tree, TcHandle parent, TcHandle handle, const QdiscKindOps *kind, qsizetype verbAt)
    {
        const QdiscNode *node = tree.qdiscAt(parent);
        // tc_get_qdisc(): the qdisc found at the parent must carry the handle given, if one is.
        if (node && !handle.isUnspec() && node->handle != handle)
            c.failAt(verbAt, TcImporter::tr("the qdisc at %1 has handle %2, not %3 (the kernel refuses: \"Invalid handle\")")
                                 .arg(parent.toString(), node->handle.toString(), handle.toString()));
        if (node && kind && &node->ops() != kind)
            c.failAt(verbAt, TcImporter::tr("the qdisc at %1 is %2, not %3 (the kernel refuses: \"Invalid qdisc name\")")
                                 .arg(parent.toString(), node->kindName(), QString(kind->name)));
        // Deleting what is not there is the usual "start clean" line of a script: on a device of
        // unknown state it is not an error. Once the script built the state (or the caller says
        // the device starts clean), the kernel's refusal is certain.
        if (!node && (m_options.devicesStartEmpty || m_touched.contains(tree.target())))
            c.failAt(verbAt, parent.isRoot() || parent.isIngressParent()
                                 //: %1 is root or ingress, %2 a device.
                                 ? TcImporter::tr("there is no qdisc at %1 of %2 to delete (the kernel refuses: \"Cannot delete "
                                                  "qdisc with handle of zero\" or ENOENT)")
                                       .arg(parent.toString(), tree.target())
                                 : TcImporter::tr("there is no qdisc at %1 of %2 to delete (the kernel refuses: ENOENT)")
                                       .arg(parent.toString(), tree.target()));
        tree.removeQdiscAt(parent);
    }

    void runClass(Cursor &c, const QString &netns)
    {
        const qsizetype verbAt = c.position();
        c.setVerbAt(verbAt);
        const Verb verb = readVerb(c);
        if (verb == Verb::Show)
            return;
        QString device;
        std::optional<TcHandle> parent;
        std::optional<TcHandle> classId;
        const QdiscKindOps *kind = nullptr;
        qsizetype kindAt = -1;
        while (!c.atEnd() && !kind) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"dev") {
                device = readDevice(c, device);
            } else if (word == u"classid") {
                const QStringView v = c.value(u"classid");
                classId = require(c, TcHandle::parseClassId(v), TcImporter::tr("not a class id; write it like 1:10"));
            } else if (word == u"parent") {
                if (parent)
                    c.failAt(at, TcImporter::tr("parent is given twice"));
                const QStringView v = c.value(u"parent");
                parent = require(c, TcHandle::parseClassId(v), TcImporter::tr("not a parent id; write it like 1: or 1:1"));
            } else if (word == u"root" || word == u"handle" || tcMatches(word, u"estimator")) {
                c.failAt(at, TcImporter::tr("\"%1\" is not supported for classes by Qdisc Studio yet").arg(word));
            } else {
                kind = Kinds::qdisc(word);
                kindAt = at;
                if (!kind || !kind->classKind)
                    c.failAt(at, TcImporter::tr("unknown class kind; Qdisc Studio edits the classes of %1").arg(knownClassKinds()));
            }
        }
        if (device.isEmpty())
            c.failAt(verbAt, TcImporter::tr("no device: add \"dev NAME\""));
        if (!classId)
            c.failAt(verbAt, TcImporter::tr("no classid: add \"classid MAJOR:MINOR\""));
        QdiscTree &tree = treeFor(netns, device);
        if (verb == Verb::Delete) {
            while (!c.atEnd())
                c.next();
            deleteClass(c, tree, *classId, verbAt);
            return;
        }
        if (!kind)
            c.failAt(verbAt, TcImporter::tr("no class kind: add \"htb rate …\""));
        const QdiscNode *owner = tree.qdisc(classId->qdiscPart());
        if (!owner || &owner->ops() != kind)
            //: %1 a kind (htb, hfsc), %2 a qdisc handle, %3 a device.
            c.failAt(verbAt, TcImporter::tr("there is no %1 qdisc %2 on %3 for this class")
                                 .arg(QString(kind->name), classId->qdiscPart().toString(), tree.target()));
        ClassNode *existing = tree.findClass(*classId);
        ClassNode node;
        node.classId = *classId;
        const ClassKindOps &classKind = *kind->classKind;
        const bool sameKind = existing && &existing->ops() == &classKind;
        node.params = ClassParams(classKind, classKind.parse(c, sameKind ? existing->params.data() : nullptr));
        if (parent)
            node.parent = *parent;
        else if (existing)
            node.parent = existing->parent;
        else
            c.failAt(verbAt, TcImporter::tr("no parent: add \"parent 1:\" or \"parent 1:1\""));
        if (existing && parent && existing->parent != *parent)
            c.failAt(verbAt, TcImporter::tr("class %1 hangs at %2, not %3; the kernel cannot move a class")
                                 .arg(classId->toString(), existing->parent.toString(), parent->toString()));
        if (verb == Verb::Add && existing)
            c.failAt(verbAt, TcImporter::tr("class %1 already exists; use change or replace").arg(classId->toString()));
        if (node.parent.major() != classId->major() || (node.parent.minor() != 0 && !tree.findClass(node.parent)))
            c.failAt(verbAt, TcImporter::tr("there is no parent %1 for class %2 on %3 (the kernel refuses: create "
                                            "the parent first)")
                                 .arg(node.parent.toString(), classId->toString(), tree.target()));
        if (!classKind.hierarchical && node.parent.minor() != 0)
            //: %1 a kind (drr, qfq), %2 a class id.
            c.failAt(verbAt, TcImporter::tr("%1 classes hang at the qdisc itself, not at class %2").arg(QString(kind->name), node.parent.toString()));
        m_touched.insert(tree.target());
        if (existing) {
            existing->params = node.params;
            return;
        }
        if (verb == Verb::Change)
            warn(c, verbAt, TcImporter::tr("there is no class %1 to change on %2; read as add").arg(classId->toString(), tree.target()));
        // htb_change_class(): a leaf that gets a child becomes an inner class, and the qdisc
        // hanging at it is destroyed with its subtree.
        if (node.parent.minor() != 0) {
            if (const QdiscNode *leafQdisc = tree.qdiscAt(node.parent)) {
                warn(c, verbAt, TcImporter::tr("class %1 gets a child class: the kernel turns it into an inner class "
                                               "and destroys the %2 qdisc %3 hanging at it")
                                    .arg(node.parent.toString(), leafQdisc->kindName(), leafQdisc->handle.toString()));
                tree.removeQdiscAt(node.parent);
            }
        }
        tree.classes.append(node);
    }

    /** "htb, hfsc, …". */
    static QString knownClassKinds()
    {
        QStringList names;
        for (const ClassKindOps *kind : Kinds::classes())
            names.append(QString(kind->name));
        return names.join(QStringLiteral(", "));
    }

    void deleteClass(Cursor &c, QdiscTree &tree, TcHandle classId, qsizetype verbAt)
    {
        if (!tree.findClass(classId))
            c.failAt(verbAt, TcImporter::tr("there is no class %1 on %2").arg(classId.toString(), tree.target()));
        const QString kind = tree.findClass(classId)->kindName();
        // htb_delete(), hfsc_delete_class(): a class with children, or one a filter of its qdisc points at, is busy.
        for (const ClassNode &child : tree.classes) {
            if (child.parent == classId)
                //: %1 and %2 class ids, %3 a kind (htb, hfsc).
                c.failAt(verbAt, TcImporter::tr("class %1 has child classes (%2); the kernel refuses to delete it "
                                                "(\"%3 class in use\", EBUSY): delete the children first")
                                     .arg(classId.toString(), child.classId.toString(), kind.toUpper()));
        }
        const QdiscNode *owner = tree.qdisc(classId.qdiscPart());
        for (const Filter &f : tree.filters) {
            if (f.classId == classId && owner && tree.filterOwner(f.parent) == owner)
                c.failAt(verbAt, TcImporter::tr("the filter at %1 prio %2 sends traffic to class %3; the kernel refuses "
                                                "to delete a class in use (\"%4 class in use\", EBUSY): delete the "
                                                "filter first")
                                     .arg(f.parent.toString())
                                     .arg(f.prio)
                                     .arg(classId.toString(), kind.toUpper()));
        }
        tree.removeSubtree(classId);
    }

    void runFilter(Cursor &c, const QString &netns)
    {
        const qsizetype verbAt = c.position();
        c.setVerbAt(verbAt);
        const Verb verb = readVerb(c);
        if (verb == Verb::Show)
            return;
        QString device;
        Filter filter;
        bool parentSeen = false;
        bool prioSeen = false;
        bool chainSeen = false;
        bool protocolSeen = false;
        QString handleText;
        qsizetype handleAt = -1;
        const FilterKindOps *kind = nullptr;
        const auto setParent = [&](TcHandle parent) {
            if (parentSeen)
                c.fail(TcImporter::tr("parent is given twice"));
            parentSeen = true;
            filter.parent = parent;
        };
        while (!c.atEnd() && !kind) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"dev") {
                device = readDevice(c, device);
            } else if (word == u"root") {
                c.failAt(at, TcImporter::tr("give the qdisc the filter attaches to: \"parent 1:\""));
            } else if (word == u"ingress") {
                setParent(TcHandle(QdiscTree::ClsactIngressHook));
            } else if (word == u"egress") {
                setParent(TcHandle(QdiscTree::ClsactEgressHook));
            } else if (word == u"parent") {
                const QStringView v = c.value(u"parent");
                setParent(require(c, TcHandle::parseClassId(v), TcImporter::tr("not a parent id; write it like 1: or ffff:")));
            } else if (word == u"handle") {
                handleAt = c.position();
                handleText = c.value(u"handle").toString();
            } else if (tcMatches(word, u"preference") || tcMatches(word, u"priority")) {
                if (prioSeen)
                    c.failAt(at, TcImporter::tr("prio is given twice"));
                prioSeen = true;
                const QStringView v = c.value(word);
                const auto prio = TcUnits::parseU32(v, 0);
                if (!prio || *prio > 0xFFFF)
                    c.fail(TcImporter::tr("prio must be 0…65535"));
                filter.prio = quint16(*prio);
            } else if (tcMatches(word, u"protocol")) {
                if (protocolSeen)
                    c.failAt(at, TcImporter::tr("protocol is given twice"));
                protocolSeen = true;
                const QStringView v = c.value(u"protocol");
                filter.protocol = require(c, EtherType::fromName(v), TcImporter::tr("unknown protocol; use ip, ipv6, all, arp or a number"));
            } else if (tcMatches(word, u"chain")) {
                chainSeen = true;
                filter.chain = c.u32(u"chain", 0);
            } else if (tcMatches(word, u"block") || tcMatches(word, u"estimator")) {
                c.failAt(at, TcImporter::tr("\"%1\" is not supported by Qdisc Studio yet").arg(word));
            } else {
                kind = Kinds::filter(word);
                if (!kind)
                    c.failAt(at, TcImporter::tr("unknown filter kind; Qdisc Studio edits %1 filters").arg(knownFilterKinds()));
            }
        }
        if (device.isEmpty())
            c.failAt(verbAt, TcImporter::tr("no device: add \"dev NAME\""));
        if (!parentSeen)
            c.failAt(verbAt, TcImporter::tr("no parent: add \"parent 1:\" (or \"parent ffff:\" for ingress)"));
        if (kind)
            filter.params = FilterParams(*kind, kind->makeDefault());
        if (!handleText.isEmpty()) {
            // The handle's syntax is the kind's: read it once the kind is known (fw's also holds its mask).
            const FilterKindOps *handleKind = kind ? kind : Kinds::filter(u"u32");
            filter.handle = handleKind->parseHandle(handleText, filter);
            if (!filter.handle)
                c.failAt(handleAt, kind ? TcImporter::tr("not a %1 handle").arg(QString(kind->name))
                                        : TcImporter::tr("not a u32 handle; write it like 800::800"));
        }
        QdiscTree &tree = treeFor(netns, device);
        if (verb == Verb::Delete) {
            while (!c.atEnd())
                c.next();
            // "parent ffff:" and "ingress" are one block on an ingress qdisc.
            const QdiscNode *owner = tree.filterOwner(filter.parent);
            const auto inBlock = [&](TcHandle parent) {
                return parent == filter.parent || (owner && owner->is<IngressParams>() && tree.filterOwner(parent) == owner);
            };
            tree.filters.removeIf([&](const Filter &f) {
                return inBlock(f.parent) && (!chainSeen || f.chain == filter.chain) && (!prioSeen || f.prio == filter.prio) &&
                       (!protocolSeen || f.protocol == filter.protocol) &&
                       (!filter.handle || f.handle == filter.handle) && (!kind || &f.ops() == kind);
            });
            return;
        }
        if (!kind)
            c.failAt(verbAt, TcImporter::tr("no filter kind: add \"u32 match …\""));
        kind->parse(c, filter);
        const QdiscNode *owner = tree.filterOwner(filter.parent);
        if (!owner) {
            const QdiscNode *byMajor = tree.qdisc(filter.parent.qdiscPart());
            if (!byMajor && filter.parent.major() == TcHandle::ingressHandle().major())
                byMajor = tree.ingressQdisc();
            if (byMajor && byMajor->is<ClsactParams>())
                c.failAt(verbAt, TcImporter::tr("clsact takes filters only at its hooks: write \"ingress\" or \"egress\" "
                                                "instead of \"parent %1\" (the kernel refuses %1)")
                                     .arg(filter.parent.toString()));
            if (byMajor && byMajor->children() == QdiscChildren::Classes)
                c.failAt(verbAt, TcImporter::tr("there is no class %1 on %2 to attach the filter to (the kernel refuses: "
                                                "\"Specified class doesn't exist\"); create the class first")
                                     .arg(filter.parent.toString(), tree.target()));
            if (byMajor)
                //: %1 a qdisc kind, %2 its handle, %3 a parent id.
                c.failAt(verbAt, TcImporter::tr("%1 %2 has no filter block at %3 (the kernel refuses it); attach the "
                                                "filter to %2 itself")
                                     .arg(byMajor->kindName(), byMajor->handle.toString(), filter.parent.toString()));
            c.failAt(verbAt, TcImporter::tr("there is no qdisc %1 on %2 to attach the filter to (the kernel refuses: "
                                            "create it first)")
                                 .arg(filter.parent.toString(), tree.target()));
        }

        // Every minor of an ingress qdisc is its one block; elsewhere the parent names the block.
        const auto sameBlock = [&](TcHandle other) {
            if (other == filter.parent)
                return true;
            return owner->is<IngressParams>() && tree.filterOwner(other) == owner;
        };
        const auto existing = std::find_if(tree.filters.begin(), tree.filters.end(), [&](const Filter &f) {
            // Without a handle the kernel finds no filter to overwrite: replace then adds one.
            return sameBlock(f.parent) && f.chain == filter.chain && f.prio == filter.prio && filter.prio != 0 && filter.handle &&
                   f.handle == filter.handle;
        });
        if (verb == Verb::Change) {
            if (!filter.handle)
                c.failAt(verbAt, TcImporter::tr("change needs the handle of the filter to change: without one the kernel "
                                                "finds none (ENOENT); add \"handle …\", or use replace to add one"));
            if (filter.prio == 0)
                c.failAt(verbAt, TcImporter::tr("change needs the prio of the filter to change (the kernel refuses: \"Invalid "
                                                "filter command with priority of zero\")"));
            // tc sends protocol 0 on change unless given: the filter keeps the protocol of its prio.
            if (!protocolSeen) {
                const auto samePrio = std::find_if(tree.filters.begin(), tree.filters.end(), [&](const Filter &f) {
                    return sameBlock(f.parent) && f.chain == filter.chain && f.prio == filter.prio;
                });
                if (samePrio != tree.filters.end())
                    filter.protocol = samePrio->protocol;
            }
        }

        // tcf_chain_tp_find(): one classifier per prio of a chain, with one protocol.
        if (filter.prio != 0) {
            for (const Filter &f : std::as_const(tree.filters)) {
                if (!sameBlock(f.parent) || f.chain != filter.chain || f.prio != filter.prio)
                    continue;
                if (f.protocol != filter.protocol && !(verb == Verb::Change && !protocolSeen))
                    c.failAt(verbAt, TcImporter::tr("prio %1 at %2 already holds filters for protocol %3; the kernel keeps "
                                                    "one protocol per prio and refuses %4 there (\"Filter with specified "
                                                    "priority/protocol not found\"): use another prio")
                                         .arg(filter.prio)
                                         .arg(f.parent.toString(), EtherType::name(f.protocol), EtherType::name(filter.protocol)));
                if (&f.ops() != kind)
                    //: %3 and %4 are filter kinds (flower, u32).
                    c.failAt(verbAt, TcImporter::tr("prio %1 at %2 already holds %3 filters; the kernel refuses a %4 "
                                                    "filter there (\"Specified filter kind does not match existing one\"): "
                                                    "use another prio")
                                         .arg(filter.prio)
                                         .arg(f.parent.toString(), f.kindName(), QString(kind->name)));
            }
        }

        m_touched.insert(tree.target());
        switch (verb) {
        case Verb::Add:
            if (existing != tree.filters.end())
                c.failAt(verbAt, TcImporter::tr("a filter with this prio and handle already exists (the kernel refuses: "
                                                "\"Filter already exists\"); use replace"));
            tree.filters.append(filter);
            break;
        case Verb::Change:
            if (existing == tree.filters.end()) {
                warn(c, verbAt, TcImporter::tr("there is no filter %1 at prio %2 of %3 to change; read as add")
                                    .arg(kind->printHandle(filter))
                                    .arg(filter.prio)
                                    .arg(filter.parent.toString()));
                tree.filters.append(filter);
                break;
            }
            *existing = filter;
            break;
        case Verb::Replace:
            if (existing != tree.filters.end())
                *existing = filter;
            else
                tree.filters.append(filter);
            break;
        case Verb::Delete:
        case Verb::Show:
            break;
        }
    }

    /** "u32, flower, …". */
    static QString knownFilterKinds()
    {
        QStringList names;
        for (const FilterKindOps *kind : Kinds::filters())
            names.append(QString(kind->name));
        return names.join(QStringLiteral(", "));
    }

    QdiscTree *findTree(const QString &netns, const QString &device)
    {
        for (QdiscTree &tree : m_result.trees) {
            if (tree.netns == netns && tree.device == device)
                return &tree;
        }
        return nullptr;
    }

    QdiscTree &treeFor(const QString &netns, const QString &device)
    {
        if (QdiscTree *tree = findTree(netns, device))
            return *tree;
        QdiscTree tree;
        tree.netns = netns;
        tree.device = device;
        m_result.trees.append(tree);
        return m_result.trees.last();
    }

    TcImportResult m_result;
    TcImportOptions m_options;
    /** Targets whose state this script has built: what a delete finds there is known. */
    QSet<QString> m_touched;

public:
    explicit Importer(TcImportOptions options) : m_options(options) {}
};

} // namespace

const QdiscTree *TcImportResult::tree(QStringView target) const
{
    for (const QdiscTree &t : trees) {
        if (t.target() == target)
            return &t;
    }
    return nullptr;
}

TcImportResult TcImporter::import(QStringView script, const TcImportOptions &options)
{
    Importer importer(options);
    TcImportResult result = importer.run(script);
    result.warnings = importer.warnings;
    return result;
}

TcImportResult TcImporter::import(const QList<TcCommand> &commands, const TcImportOptions &options)
{
    Importer importer(options);
    TcImportResult result = importer.run(commands);
    result.warnings = importer.warnings;
    return result;
}

} // namespace qs
