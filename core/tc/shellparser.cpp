#include "shellparser.h"

namespace qs {

/* TRANSLATOR qs::ShellParser

   Syntax errors in a pasted shell script. Shell words quoted in the messages (if, fi, then, do,
   done, case, esac, {, }, ( and so on) stay as they are.
*/

namespace {

/** Compound commands nested deeper than this are refused: far beyond any script, well within the stack. */
constexpr int MaxDepth = 100;

struct ParseFailure
{
    qsizetype offset;
    QString word;
    QString message;
};

bool isReservedWord(QStringView word)
{
    static const char16_t *const words[] = {u"if",   u"then", u"else",  u"elif", u"fi", u"do", u"done",     u"case", u"esac",
                                            u"while", u"until", u"for", u"in",   u"{",  u"}",  u"function", u"[[",   u"!"};
    for (const char16_t *w : words) {
        if (word == QStringView(w))
            return true;
    }
    return false;
}

class Parser
{
public:
    explicit Parser(const QList<ShellToken> &tokens) : m_tokens(tokens) {}

    ShellNodePtr program(std::optional<ShellProblem> *problem)
    {
        auto list = makeNode(ShellNode::Kind::List, 0);
        try {
            while (true) {
                skipNewlines();
                if (peek().type == ShellToken::Type::End)
                    break;
                ShellNodePtr command = andOr();
                QString separator = QStringLiteral(";");
                if (peek().isOperator(u";") || peek().isOperator(u"&"))
                    separator = next().text;
                else if (peek().type != ShellToken::Type::Newline && peek().type != ShellToken::Type::End)
                    throw unexpected(peek());
                list->children.push_back(std::move(command));
                list->separators.append(separator);
            }
        } catch (const ParseFailure &failure) {
            *problem = ShellProblem{failure.offset, failure.word, failure.message};
        }
        return list;
    }

private:
    static ShellNodePtr makeNode(ShellNode::Kind kind, qsizetype offset)
    {
        auto node = std::make_unique<ShellNode>();
        node->kind = kind;
        node->offset = offset;
        return node;
    }

    const ShellToken &peek(qsizetype ahead = 0) const
    {
        return m_tokens[std::min(m_pos + ahead, m_tokens.size() - 1)];
    }
    const ShellToken &next()
    {
        const ShellToken &token = peek();
        if (m_pos < m_tokens.size() - 1)
            ++m_pos;
        return token;
    }
    bool atReserved(QStringView word, qsizetype ahead = 0) const
    {
        const ShellToken &token = peek(ahead);
        return token.type == ShellToken::Type::Word && token.word.isPlain() && token.word.plainText() == word;
    }
    void skipNewlines()
    {
        while (peek().type == ShellToken::Type::Newline)
            next();
    }

    static ParseFailure unexpected(const ShellToken &token)
    {
        if (token.type == ShellToken::Type::End)
            return {token.offset, {}, ShellParser::tr("the script ends in the middle of a command")};
        if (token.type == ShellToken::Type::Newline)
            return {token.offset, {}, ShellParser::tr("unexpected end of line")};
        return {token.offset, token.text, ShellParser::tr("unexpected word here")};
    }

    void expectReserved(QStringView word, const ShellToken &opener)
    {
        if (atReserved(word)) {
            next();
            return;
        }
        if (peek().type == ShellToken::Type::End)
            //: %1 opens a compound command (if, while, case, {), %2 the word that should close it (fi, done, esac, })
            throw ParseFailure{opener.offset, opener.text, ShellParser::tr("this %1 is never closed: \"%2\" is missing").arg(opener.text, word)};
        //: %1 is a shell word such as then, do, fi
        throw ParseFailure{peek().offset, peek().text, ShellParser::tr("unexpected word here; expected \"%1\"").arg(word)};
    }

    struct Depth
    {
        explicit Depth(Parser &parser) : m_parser(parser)
        {
            if (++m_parser.m_depth > MaxDepth)
                throw ParseFailure{parser.peek().offset, parser.peek().text, ShellParser::tr("commands nested too deeply")};
        }
        ~Depth() { --m_parser.m_depth; }
        Parser &m_parser;
    };

    /** Whether the next token ends the list being read: one of @p ends, or a ')' or ';;' where they close it. */
    bool atListEnd(std::initializer_list<QStringView> ends, bool paren, bool caseItem) const
    {
        const ShellToken &token = peek();
        if (token.type == ShellToken::Type::End)
            return true;
        if (paren && token.isOperator(u")"))
            return true;
        if (caseItem && (token.isOperator(u";;") || token.isOperator(u";&") || token.isOperator(u";;&")))
            return true;
        for (QStringView end : ends) {
            if (atReserved(end))
                return true;
        }
        return false;
    }

    ShellNodePtr compoundList(std::initializer_list<QStringView> ends, bool paren = false, bool caseItem = false)
    {
        Depth depth(*this);
        auto list = makeNode(ShellNode::Kind::List, peek().offset);
        skipNewlines();
        while (!atListEnd(ends, paren, caseItem)) {
            ShellNodePtr command = andOr();
            QString separator = QStringLiteral(";");
            if (peek().isOperator(u";") || peek().isOperator(u"&")) {
                separator = next().text;
            } else if (peek().type != ShellToken::Type::Newline && !atListEnd(ends, paren, caseItem)) {
                throw unexpected(peek());
            }
            skipNewlines();
            list->children.push_back(std::move(command));
            list->separators.append(separator);
        }
        return list;
    }

    ShellNodePtr andOr()
    {
        ShellNodePtr first = pipeline();
        if (!peek().isOperator(u"&&") && !peek().isOperator(u"||"))
            return first;
        auto node = makeNode(ShellNode::Kind::AndOr, first->offset);
        node->children.push_back(std::move(first));
        while (peek().isOperator(u"&&") || peek().isOperator(u"||")) {
            node->separators.append(next().text);
            skipNewlines();
            node->children.push_back(pipeline());
        }
        return node;
    }

    ShellNodePtr pipeline()
    {
        const qsizetype offset = peek().offset;
        bool negated = false;
        if (atReserved(u"!")) {
            next();
            negated = true;
        }
        ShellNodePtr first = command();
        if (!negated && !peek().isOperator(u"|") && !peek().isOperator(u"|&"))
            return first;
        auto node = makeNode(ShellNode::Kind::Pipeline, offset);
        node->negated = negated;
        node->children.push_back(std::move(first));
        while (peek().isOperator(u"|") || peek().isOperator(u"|&")) {
            next();
            skipNewlines();
            node->children.push_back(command());
        }
        return node;
    }

    ShellNodePtr command()
    {
        Depth depth(*this);
        const ShellToken &token = peek();
        ShellNodePtr node;
        if (token.type == ShellToken::Type::ArithmeticCommand) {
            node = makeNode(ShellNode::Kind::Arithmetic, token.offset);
            node->expressions.append(next().word);
        } else if (token.isOperator(u"(")) {
            const ShellToken &open = next();
            node = makeNode(ShellNode::Kind::Subshell, open.offset);
            node->children.push_back(compoundList({}, true));
            if (!peek().isOperator(u")")) {
                if (peek().type == ShellToken::Type::End)
                    throw ParseFailure{open.offset, open.text, ShellParser::tr("this %1 is never closed: \"%2\" is missing").arg(open.text, QStringLiteral(")"))};
                throw unexpected(peek());
            }
            next();
        } else if (token.type == ShellToken::Type::Word && token.word.isPlain() && isReservedWord(token.word.plainText())) {
            const QString word = token.word.plainText();
            if (word == u"if")
                node = ifClause();
            else if (word == u"while" || word == u"until")
                node = loop();
            else if (word == u"for")
                node = forLoop();
            else if (word == u"case")
                node = caseClause();
            else if (word == u"{")
                node = group();
            else if (word == u"[[")
                node = test();
            else if (word == u"function")
                return function(true);
            else
                throw unexpected(token);
        } else if (token.type == ShellToken::Type::Word && token.word.isPlain() && token.word.assignmentNameLength() == 0 &&
                   peek(1).isOperator(u"(") && peek(2).isOperator(u")")) {
            return function(false);
        } else {
            return simpleCommand();
        }
        while (redirection(node->redirections)) {
        }
        return node;
    }

    ShellNodePtr function(bool keyword)
    {
        const ShellToken &first = next();
        const ShellToken &nameToken = keyword ? next() : first;
        if (nameToken.type != ShellToken::Type::Word || !nameToken.word.isPlain())
            throw ParseFailure{nameToken.offset, nameToken.text, ShellParser::tr("a function needs a name")};
        auto node = makeNode(ShellNode::Kind::Function, first.offset);
        node->name = nameToken.word.plainText();
        if (peek().isOperator(u"(")) {
            next();
            if (!peek().isOperator(u")"))
                throw unexpected(peek());
            next();
        } else if (!keyword) {
            throw unexpected(peek());
        }
        skipNewlines();
        const ShellToken &start = peek();
        ShellNodePtr body = command();
        if (body->kind == ShellNode::Kind::Simple || body->kind == ShellNode::Kind::Pipeline || body->kind == ShellNode::Kind::Function)
            throw ParseFailure{start.offset, start.text, ShellParser::tr("a function's body must be a compound command, like { …; }")};
        node->body = std::move(body);
        return node;
    }

    ShellNodePtr ifClause()
    {
        const ShellToken &opener = next();
        auto node = makeNode(ShellNode::Kind::If, opener.offset);
        qsizetype clauseOffset = opener.offset;
        while (true) {
            ShellIfClause clause;
            clause.offset = clauseOffset;
            clause.condition = compoundList({u"then"});
            if (clause.condition->children.empty() && atReserved(u"then"))
                throw unexpected(peek());
            expectReserved(u"then", opener);
            clause.body = compoundList({u"elif", u"else", u"fi"});
            node->clauses.push_back(std::move(clause));
            if (!atReserved(u"elif"))
                break;
            clauseOffset = next().offset;
        }
        if (atReserved(u"else")) {
            next();
            node->elseBody = compoundList({u"fi"});
        }
        expectReserved(u"fi", opener);
        return node;
    }

    ShellNodePtr loop()
    {
        const ShellToken &opener = next();
        auto node = makeNode(ShellNode::Kind::Loop, opener.offset);
        node->until = opener.word.plainText() == u"until";
        node->children.push_back(compoundList({u"do"}));
        expectReserved(u"do", opener);
        node->children.push_back(compoundList({u"done"}));
        expectReserved(u"done", opener);
        return node;
    }

    ShellNodePtr forLoop()
    {
        const ShellToken &opener = next();
        ShellNodePtr node;
        if (peek().type == ShellToken::Type::ArithmeticCommand) {
            node = makeNode(ShellNode::Kind::ArithmeticFor, opener.offset);
            const ShellWord whole = next().word;
            ShellWord current;
            current.offset = whole.offset;
            for (const ShellWordPart &part : whole.parts) {
                if (part.kind != ShellWordPart::Kind::Literal || !part.text.contains(u';')) {
                    current.parts.append(part);
                    continue;
                }
                const QStringList pieces = part.text.split(u';');
                qsizetype at = part.offset;
                for (qsizetype i = 0; i < pieces.size(); ++i) {
                    if (!pieces[i].isEmpty()) {
                        ShellWordPart piece = part;
                        piece.text = pieces[i];
                        piece.offset = at;
                        current.parts.append(piece);
                    }
                    at += pieces[i].size() + 1;
                    if (i + 1 < pieces.size()) {
                        node->expressions.append(current);
                        current = ShellWord{};
                        current.offset = at;
                    }
                }
            }
            node->expressions.append(current);
            if (node->expressions.size() != 3)
                throw ParseFailure{whole.offset, whole.raw, ShellParser::tr("for (( … )) needs three expressions separated by ';'")};
            if (peek().isOperator(u";"))
                next();
        } else {
            node = makeNode(ShellNode::Kind::For, opener.offset);
            const ShellToken &name = next();
            if (name.type != ShellToken::Type::Word || !name.word.isPlain())
                throw ParseFailure{name.offset, name.text, ShellParser::tr("for needs a variable name")};
            node->name = name.word.plainText();
            if (peek().isOperator(u";")) {
                next();
            } else {
                skipNewlines();
                if (atReserved(u"in")) {
                    next();
                    node->hasIn = true;
                    while (peek().type == ShellToken::Type::Word)
                        node->items.append(next().word);
                    if (peek().isOperator(u";") || peek().type == ShellToken::Type::Newline)
                        next();
                    else
                        throw unexpected(peek());
                }
            }
        }
        skipNewlines();
        if (atReserved(u"{")) {
            // bash takes "for x in …; { …; }" too
            node->body = group();
            return node;
        }
        expectReserved(u"do", opener);
        node->body = compoundList({u"done"});
        expectReserved(u"done", opener);
        return node;
    }

    ShellNodePtr caseClause()
    {
        const ShellToken &opener = next();
        auto node = makeNode(ShellNode::Kind::Case, opener.offset);
        if (peek().type != ShellToken::Type::Word)
            throw unexpected(peek());
        node->subject = next().word;
        skipNewlines();
        expectReserved(u"in", opener);
        skipNewlines();
        while (!atReserved(u"esac")) {
            if (peek().type == ShellToken::Type::End)
                throw ParseFailure{opener.offset, opener.text, ShellParser::tr("this %1 is never closed: \"%2\" is missing").arg(opener.text, QStringLiteral("esac"))};
            ShellCaseItem item;
            item.offset = peek().offset;
            if (peek().isOperator(u"("))
                next();
            while (true) {
                if (peek().type != ShellToken::Type::Word)
                    throw unexpected(peek());
                item.patterns.append(next().word);
                if (!peek().isOperator(u"|"))
                    break;
                next();
            }
            if (!peek().isOperator(u")"))
                throw unexpected(peek());
            next();
            item.body = compoundList({u"esac"}, false, true);
            if (peek().isOperator(u";;") || peek().isOperator(u";&") || peek().isOperator(u";;&")) {
                item.terminator = next().text;
                skipNewlines();
            } else if (!atReserved(u"esac")) {
                throw unexpected(peek());
            }
            node->caseItems.push_back(std::move(item));
        }
        next();
        return node;
    }

    ShellNodePtr group()
    {
        const ShellToken &opener = next();
        auto node = makeNode(ShellNode::Kind::Group, opener.offset);
        node->children.push_back(compoundList({u"}"}));
        expectReserved(u"}", opener);
        return node;
    }

    ShellNodePtr test()
    {
        const ShellToken &opener = next();
        auto node = makeNode(ShellNode::Kind::Test, opener.offset);
        while (!atReserved(u"]]")) {
            const ShellToken &token = next();
            if (token.type == ShellToken::Type::End)
                throw ParseFailure{opener.offset, opener.text, ShellParser::tr("this %1 is never closed: \"%2\" is missing").arg(opener.text, QStringLiteral("]]"))};
            if (token.type == ShellToken::Type::Newline)
                continue;
            if (token.type == ShellToken::Type::Word) {
                node->words.append(token.word);
                continue;
            }
            // && || ( ) < > ! are the test's own operators here.
            ShellWord word;
            word.raw = token.text;
            word.offset = token.offset;
            ShellWordPart part;
            part.text = token.text;
            part.offset = token.offset;
            word.parts.append(part);
            node->words.append(word);
        }
        next();
        return node;
    }

    bool redirection(QList<ShellRedirection> &into)
    {
        if (!peek().isRedirection())
            return false;
        const ShellToken &op = next();
        if (peek().type != ShellToken::Type::Word)
            throw ParseFailure{op.offset, op.text, ShellParser::tr("this redirection has no target")};
        ShellRedirection redirection;
        redirection.op = op.text;
        redirection.fd = op.ioNumber;
        redirection.target = next().word;
        redirection.hereDocument = op.hereDocument;
        redirection.offset = op.offset;
        into.append(redirection);
        return true;
    }

    ShellNodePtr simpleCommand()
    {
        auto node = makeNode(ShellNode::Kind::Simple, peek().offset);
        while (true) {
            if (redirection(node->redirections))
                continue;
            if (peek().type != ShellToken::Type::Word)
                break;
            const qsizetype nameLength = node->words.isEmpty() ? peek().word.assignmentNameLength() : 0;
            if (nameLength == 0) {
                node->words.append(next().word);
                continue;
            }
            const ShellToken &token = next();
            ShellAssignment assignment;
            assignment.offset = token.offset;
            const ShellWordPart &first = token.word.parts.first();
            assignment.name = first.text.left(nameLength);
            assignment.value.offset = first.offset + nameLength + 1;
            assignment.value.raw = token.word.raw.mid(nameLength + 1);
            if (first.text.size() > nameLength + 1) {
                ShellWordPart rest = first;
                rest.text = first.text.mid(nameLength + 1);
                rest.offset = first.offset + nameLength + 1;
                assignment.value.parts.append(rest);
            }
            assignment.value.parts += token.word.parts.mid(1);
            if (token.word.parts.size() == 1 && first.text.size() == nameLength + 1 && peek().isOperator(u"(")) {
                // NAME=(…): a bash array. Read to its ')' and keep it as an assignment the evaluator cannot make.
                const ShellToken &open = next();
                while (!peek().isOperator(u")")) {
                    if (peek().type == ShellToken::Type::End)
                        throw ParseFailure{open.offset, open.text, ShellParser::tr("this %1 is never closed: \"%2\" is missing").arg(open.text, QStringLiteral(")"))};
                    next();
                }
                next();
                assignment.value.raw = QStringLiteral("(…)");
                ShellWordPart marker;
                marker.kind = ShellWordPart::Kind::Parameter;
                marker.op = QStringLiteral("unsupported");
                marker.offset = open.offset;
                marker.operand.append(ShellWordPart{ShellWordPart::Kind::Literal, token.text + QStringLiteral("(…)"), true, token.offset, {}, {}});
                assignment.value.parts = {marker};
            }
            node->assignments.append(assignment);
        }
        if (node->words.isEmpty() && node->assignments.isEmpty() && node->redirections.isEmpty())
            throw unexpected(peek());
        return node;
    }

    const QList<ShellToken> &m_tokens;
    qsizetype m_pos = 0;
    int m_depth = 0;
};

} // namespace

ShellNodePtr ShellParser::parse(const QList<ShellToken> &tokens, std::optional<ShellProblem> *problem)
{
    return Parser(tokens).program(problem);
}

} // namespace qs
