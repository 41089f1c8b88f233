// The pieces under the shell-script import: ShellLexer (words, quoting, expansions,
// here-documents), ShellParser (the grammar and its syntax errors), ShellArithmetic (bash's
// integer arithmetic) and TcBatch (tc -batch lines as tc splits them).
#include "tc/shellarithmetic.h"
#include "tc/shelllexer.h"
#include "tc/shellparser.h"
#include "tc/tcbatch.h"

#include <QTest>

using namespace qs;

namespace {

QList<ShellToken> lex(const QString &text, std::optional<ShellProblem> *problem = nullptr)
{
    static std::optional<ShellProblem> ignored;
    ShellSource source(text);
    return ShellLexer::tokenize(source, problem ? problem : &ignored);
}

QStringList kinds(const ShellWord &word)
{
    QStringList out;
    for (const ShellWordPart &p : word.parts) {
        static const char *const names[] = {"lit", "param", "arith", "cmd"};
        out.append(QString::fromLatin1(names[int(p.kind)]) + (p.quoted ? QStringLiteral("'") : QString()) + u':' + p.text +
                   (p.op.isEmpty() ? QString() : u'[' + p.op + u']'));
    }
    return out;
}

ShellNodePtr parse(const QString &text, std::optional<ShellProblem> *problem)
{
    ShellSource source(text);
    std::optional<ShellProblem> lexProblem;
    const QList<ShellToken> tokens = ShellLexer::tokenize(source, &lexProblem);
    ShellNodePtr root = ShellParser::parse(tokens, problem);
    if (lexProblem)
        *problem = lexProblem;
    return root;
}

ShellArithmetic::Result arith(const QString &expression, QHash<QString, QString> *variables = nullptr)
{
    QHash<QString, QString> none;
    QHash<QString, QString> &vars = variables ? *variables : none;
    return ShellArithmetic::evaluate(
        expression, [&](const QString &name) -> std::optional<QString> {
            if (name == u"unknown")
                return std::nullopt;
            return vars.value(name);
        },
        [&](const QString &name, qint64 value) { vars.insert(name, QString::number(value)); });
}

} // namespace

class TstShellLexer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wordsKeepQuotingAndExpansionsApart()
    {
        const QString text = QStringLiteral("a=1 \"x $V y\" 'q $r' ${D:-eth0} $((1+2)) $[3*4] $(cmd a) `b` \\$lit");
        const QList<ShellToken> tokens = lex(text);
        QCOMPARE(tokens.size(), 10); // nine words and the end
        QCOMPARE(tokens[0].word.assignmentNameLength(), 1);
        QCOMPARE(kinds(tokens[1].word), (QStringList{QStringLiteral("lit':x "), QStringLiteral("param':V"), QStringLiteral("lit': y")}));
        QCOMPARE(kinds(tokens[2].word), QStringList{QStringLiteral("lit':q $r")});
        QCOMPARE(kinds(tokens[3].word), QStringList{QStringLiteral("param:D[:-]")});
        QCOMPARE(tokens[3].word.parts[0].operand.first().text, QStringLiteral("eth0"));
        QCOMPARE(kinds(tokens[4].word), QStringList{QStringLiteral("arith:1+2")});
        QCOMPARE(kinds(tokens[5].word), QStringList{QStringLiteral("arith:3*4")});
        QCOMPARE(kinds(tokens[6].word), QStringList{QStringLiteral("cmd:cmd a")});
        QCOMPARE(tokens[6].word.parts[0].bodyBegin, text.indexOf(QStringLiteral("cmd a"))); // $( body is the source itself
        QCOMPARE(kinds(tokens[7].word), QStringList{QStringLiteral("cmd:b")});
        QCOMPARE(kinds(tokens[8].word), (QStringList{QStringLiteral("lit':$"), QStringLiteral("lit:lit")}));
    }

    void operatorsRedirectionsAndComments()
    {
        const QList<ShellToken> tokens = lex(QStringLiteral("tc a 2>/dev/null >&2 || true; b && c # comment ; d\ne"));
        QStringList texts;
        for (const ShellToken &t : tokens)
            texts.append(t.type == ShellToken::Type::Newline ? QStringLiteral("NL") : t.text);
        QCOMPARE(texts, (QStringList{QStringLiteral("tc"), QStringLiteral("a"), QStringLiteral(">"), QStringLiteral("/dev/null"),
                                     QStringLiteral(">&"), QStringLiteral("2"), QStringLiteral("||"), QStringLiteral("true"),
                                     QStringLiteral(";"), QStringLiteral("b"), QStringLiteral("&&"), QStringLiteral("c"),
                                     QStringLiteral("NL"), QStringLiteral("e"), QString()}));
        QCOMPARE(tokens[2].ioNumber, 2);
    }

    void continuationsEvenWithTrailingBlanks()
    {
        const QList<ShellToken> tokens = lex(QStringLiteral("tc qdisc \\\n  add \\   \n dev eth0"));
        QCOMPARE(tokens.size(), 6);
        QCOMPARE(tokens[2].text, QStringLiteral("add"));
        QCOMPARE(tokens[4].text, QStringLiteral("eth0"));
    }

    void hereDocuments()
    {
        const QList<ShellToken> tokens = lex(QStringLiteral("tc -batch - <<EOF\nqdisc add dev $DEV root\nEOF\ncat <<-'X'\n\tliteral $V\n\tX\nafter"));
        const ShellToken &first = tokens[3];
        QCOMPARE(first.text, QStringLiteral("<<"));
        const ShellWord body{{}, first.hereDocument, 0};
        QCOMPARE(kinds(body),
                 (QStringList{QStringLiteral("lit':qdisc add dev "), QStringLiteral("param':DEV"), QStringLiteral("lit': root\n")}));
        const auto second = std::find_if(tokens.begin() + 5, tokens.end(), [](const ShellToken &t) { return t.text == u"<<-"; });
        QVERIFY(second != tokens.end());
        const ShellWord literal{{}, second->hereDocument, 0};
        QCOMPARE(kinds(literal), QStringList{QStringLiteral("lit':literal $V\n")});
        QCOMPARE(tokens[tokens.size() - 2].text, QStringLiteral("after"));
    }

    void lexerProblemsPointAtTheOpening_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<qsizetype>("offset");
        QTest::addColumn<QString>("word");
        QTest::newRow("quote") << QStringLiteral("echo a\ntc qdisc add dev \"eth0 root") << qsizetype(24) << QStringLiteral("\"");
        QTest::newRow("single quote") << QStringLiteral("x='abc") << qsizetype(2) << QStringLiteral("'");
        QTest::newRow("command substitution") << QStringLiteral("x=$(date") << qsizetype(2) << QStringLiteral("$(");
        QTest::newRow("braces") << QStringLiteral("echo ${V") << qsizetype(5) << QStringLiteral("${");
        QTest::newRow("bad substitution") << QStringLiteral("echo ${}") << qsizetype(5) << QStringLiteral("${}");
        QTest::newRow("backquote") << QStringLiteral("x=`date") << qsizetype(2) << QStringLiteral("`");
    }

    void lexerProblemsPointAtTheOpening()
    {
        QFETCH(QString, script);
        QFETCH(qsizetype, offset);
        QFETCH(QString, word);
        std::optional<ShellProblem> problem;
        lex(script, &problem);
        QVERIFY(problem);
        QCOMPARE(problem->offset, offset);
        QCOMPARE(problem->word, word);
        QVERIFY(!problem->message.isEmpty());
    }

    void parsesCompoundCommands()
    {
        std::optional<ShellProblem> problem;
        const ShellNodePtr root = parse(QStringLiteral("f() { tc qdisc show; }\n"
                                                       "if [ \"$1\" = x ]; then a; elif b; then c; else d; fi\n"
                                                       "for i in 1 2; do e; done\n"
                                                       "while false; do :; done\n"
                                                       "case \"$1\" in start|go) s ;; *) u ;; esac\n"
                                                       "function g { (sub); }\n"
                                                       "a && b || c | d\n"
                                                       "[[ -n $x && $y == z* ]]\n"
                                                       "for ((i = 0; i < 3; i++)); do :; done\n"),
                                        &problem);
        QVERIFY2(!problem, problem ? qPrintable(problem->message) : "");
        QCOMPARE(root->children.size(), size_t(9));
        QCOMPARE(root->children[0]->kind, ShellNode::Kind::Function);
        QCOMPARE(root->children[0]->name, QStringLiteral("f"));
        QCOMPARE(root->children[1]->kind, ShellNode::Kind::If);
        QCOMPARE(root->children[1]->clauses.size(), size_t(2));
        QVERIFY(root->children[1]->elseBody);
        QCOMPARE(root->children[2]->kind, ShellNode::Kind::For);
        QCOMPARE(root->children[2]->items.size(), 2);
        QCOMPARE(root->children[3]->kind, ShellNode::Kind::Loop);
        QCOMPARE(root->children[4]->kind, ShellNode::Kind::Case);
        QCOMPARE(root->children[4]->caseItems[0].patterns.size(), 2);
        QCOMPARE(root->children[5]->kind, ShellNode::Kind::Function);
        QCOMPARE(root->children[6]->kind, ShellNode::Kind::AndOr);
        QCOMPARE(root->children[6]->separators, (QStringList{QStringLiteral("&&"), QStringLiteral("||")}));
        QCOMPARE(root->children[6]->children[2]->kind, ShellNode::Kind::Pipeline);
        QCOMPARE(root->children[7]->kind, ShellNode::Kind::Test);
        QCOMPARE(root->children[7]->words.size(), 6);
        QCOMPARE(root->children[8]->kind, ShellNode::Kind::ArithmeticFor);
        QCOMPARE(root->children[8]->expressions.size(), 3);
    }

    void syntaxErrorsKeepWhatCameBefore_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<qsizetype>("offset");
        QTest::addColumn<int>("commandsBefore");
        QTest::newRow("if without fi") << QStringLiteral("a\nif true; then b\n") << qsizetype(2) << 1;
        QTest::newRow("stray fi") << QStringLiteral("a\nb\nfi\n") << qsizetype(4) << 2;
        QTest::newRow("then without condition") << QStringLiteral("if then x; fi") << qsizetype(3) << 0;
        QTest::newRow("case without esac") << QStringLiteral("case x in a) b ;;") << qsizetype(0) << 0;
        QTest::newRow("function body") << QStringLiteral("f() echo x") << qsizetype(4) << 0;
        QTest::newRow("redirection without target") << QStringLiteral("a; b >") << qsizetype(5) << 1;
    }

    void syntaxErrorsKeepWhatCameBefore()
    {
        QFETCH(QString, script);
        QFETCH(qsizetype, offset);
        QFETCH(int, commandsBefore);
        std::optional<ShellProblem> problem;
        const ShellNodePtr root = parse(script, &problem);
        QVERIFY(problem);
        QVERIFY(!problem->message.isEmpty());
        QCOMPARE(problem->offset, offset);
        QCOMPARE(int(root->children.size()), commandsBefore);
    }

    void deepNestingIsRefusedNotCrashed()
    {
        std::optional<ShellProblem> problem;
        parse(QStringLiteral("( ").repeated(5000) + QStringLiteral("x") + QStringLiteral(" )").repeated(5000), &problem);
        QVERIFY(problem);
        problem.reset();
        lex(QStringLiteral("${a:-").repeated(1000) + QString(1000, u'}'), &problem);
        QVERIFY(problem);
    }

    void arithmeticLikeBash_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<qint64>("value");
        QTest::newRow("precedence") << QStringLiteral("9*1000/10") << qint64(900);
        QTest::newRow("parentheses") << QStringLiteral("(1+2)*3") << qint64(9);
        QTest::newRow("unary") << QStringLiteral("-3 + +4 - -1") << qint64(2);
        QTest::newRow("power right-associative") << QStringLiteral("2**3**2") << qint64(512);
        QTest::newRow("hex octal base") << QStringLiteral("0x10 + 010 + 2#101") << qint64(29);
        QTest::newRow("comparison and logic") << QStringLiteral("3 > 2 && 1 || 0") << qint64(1);
        QTest::newRow("ternary") << QStringLiteral("0 ? 1 : 7") << qint64(7);
        QTest::newRow("shift and bits") << QStringLiteral("1 << 4 | 3 & 1 ^ 8") << qint64(25);
        QTest::newRow("wraps like intmax_t") << QStringLiteral("9223372036854775807 + 1") << std::numeric_limits<qint64>::min();
        QTest::newRow("variables") << QStringLiteral("RATE / 2 + unset") << qint64(25);
        QTest::newRow("variable holding an expression") << QStringLiteral("EXPR * 2") << qint64(14);
        QTest::newRow("assignment") << QStringLiteral("i += 5, i * 2") << qint64(14);
        QTest::newRow("short-circuit leaves the other side alone") << QStringLiteral("0 && (x = 1/0)") << qint64(0);
        QTest::newRow("min / -1") << QStringLiteral("(-9223372036854775807 - 1) / -1") << std::numeric_limits<qint64>::min();
    }

    void arithmeticLikeBash()
    {
        QFETCH(QString, expression);
        QFETCH(qint64, value);
        QHash<QString, QString> variables{{QStringLiteral("RATE"), QStringLiteral("50")},
                                          {QStringLiteral("EXPR"), QStringLiteral("3+4")},
                                          {QStringLiteral("i"), QStringLiteral("2")}};
        const ShellArithmetic::Result result = arith(expression, &variables);
        QVERIFY2(result.value, qPrintable(result.error));
        QCOMPARE(*result.value, value);
    }

    void arithmeticErrors()
    {
        QCOMPARE(arith(QStringLiteral("1/0")).error, QStringLiteral("division by 0"));
        QVERIFY(!arith(QStringLiteral("1 +")).error.isEmpty());
        QVERIFY(!arith(QStringLiteral("2 ** -1")).error.isEmpty());
        QVERIFY(!arith(QStringLiteral("08")).error.isEmpty());
        QCOMPARE(arith(QStringLiteral("unknown + 1")).unknownVariable, QStringLiteral("unknown"));
        QVERIFY(!arith(QString(10000, u'(') + u'1' + QString(10000, u')')).value); // refused, not a stack overflow
        QHash<QString, QString> loop{{QStringLiteral("a"), QStringLiteral("b")}, {QStringLiteral("b"), QStringLiteral("a")}};
        QVERIFY(!arith(QStringLiteral("a"), &loop).value);
    }

    void batchLinesAsTcSplitsThem()
    {
        const QString text = QStringLiteral("# comment\n"
                                            "qdisc add dev eth0 root netem delay 10ms # trailing\n"
                                            "class add dev eth0 \\\n"
                                            "  parent 1: classid 1:1 htb rate 1mbit\n"
                                            "filter add dev eth0 protocol ip u32 match ip src \"10.0.0.0/8\"x flowid 1:1\n"
                                            "\n");
        QList<TcScriptError> errors;
        ShellSource source(text);
        const QList<TcCommand> lines = TcBatch::lines(text, [&](qsizetype i) { return std::pair<int, int>{source.line(i), source.column(i)}; }, &errors);
        QVERIFY(errors.isEmpty());
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0].words.size(), 8);
        QCOMPARE(lines[1].words.size(), 11);
        QCOMPARE(lines[1].words[5].text, QStringLiteral("1:"));
        QCOMPARE(lines[1].words[5].line, 4);
        QCOMPARE(lines[1].words[5].column, 10);
        // makeargs(): the quoted word ends at its quote, what follows is a word of its own.
        QCOMPARE(lines[2].words[10].text, QStringLiteral("10.0.0.0/8"));
        QCOMPARE(lines[2].words[11].text, QStringLiteral("x"));
        QVERIFY(TcBatch::looksLikeBatch(text));
        QVERIFY(!TcBatch::looksLikeBatch(QStringLiteral("#!/bin/sh\ntc qdisc add dev eth0 root netem")));
        TcBatch::lines(QStringLiteral("qdisc add dev \"eth0"), [](qsizetype) { return std::pair<int, int>{1, 1}; }, &errors);
        QCOMPARE(errors.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TstShellLexer)
#include "tst_shelllexer.moc"
