#include "yamlnode.h"

namespace qs {

YamlNode YamlNode::string(const QString &text)
{
    YamlNode node;
    node.m_type = Type::String;
    node.m_text = text;
    return node;
}

YamlNode YamlNode::integer(qint64 number)
{
    YamlNode node;
    node.m_type = Type::Integer;
    node.m_number = number;
    return node;
}

YamlNode YamlNode::map()
{
    YamlNode node;
    node.m_type = Type::Map;
    return node;
}

YamlNode YamlNode::list()
{
    YamlNode node;
    node.m_type = Type::List;
    return node;
}

YamlNode &YamlNode::insert(const QString &key, YamlNode value)
{
    Q_ASSERT(m_type == Type::Map);
    m_keys.push_back(key);
    m_values.push_back(std::move(value));
    return *this;
}

YamlNode &YamlNode::append(YamlNode value)
{
    Q_ASSERT(m_type == Type::List);
    m_keys.emplace_back();
    m_values.push_back(std::move(value));
    return *this;
}

const YamlNode *YamlNode::value(QStringView key) const
{
    for (size_t i = 0; i < m_keys.size(); ++i) {
        if (m_type == Type::Map && m_keys[i] == key)
            return &m_values[i];
    }
    return nullptr;
}

bool YamlNode::isPlainSafe(QStringView text)
{
    if (text.isEmpty())
        return false;
    // A letter, '_' or '/' first: no indicator character, and nothing a reader could take for a
    // number, a date or a time (they all begin with a digit, a sign or a dot).
    const QChar first = text.front();
    if (!(first.isLetter() && first.unicode() < 0x80) && first != u'_' && first != u'/')
        return false;
    for (QChar c : text) {
        const char16_t u = c.unicode();
        const bool ok = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') || u == u'_' ||
                        u == u'-' || u == u'.' || u == u'/';
        if (!ok)
            return false;
    }
    // YAML 1.1 readers (kubectl's among them) still take these for booleans or null.
    static constexpr const char16_t *reserved[] = {u"y", u"n", u"yes", u"no", u"on", u"off", u"true", u"false", u"null"};
    for (const char16_t *word : reserved) {
        if (text.compare(QStringView(word), Qt::CaseInsensitive) == 0)
            return false;
    }
    return true;
}

QString YamlNode::scalar(const QString &text)
{
    if (isPlainSafe(text))
        return text;
    QString quoted = QStringLiteral("\"");
    for (QChar c : text) {
        switch (c.unicode()) {
        case u'"': quoted += QStringLiteral("\\\""); break;
        case u'\\': quoted += QStringLiteral("\\\\"); break;
        case u'\n': quoted += QStringLiteral("\\n"); break;
        case u'\t': quoted += QStringLiteral("\\t"); break;
        case u'\r': quoted += QStringLiteral("\\r"); break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f || c.unicode() == 0x2028 || c.unicode() == 0x2029)
                quoted += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                quoted += c;
        }
    }
    return quoted + u'"';
}

QString YamlNode::toYaml() const
{
    QString out;
    write(out, 0);
    return out;
}

void YamlNode::write(QString &out, int indent) const
{
    const QString pad(indent, u' ');
    const auto inlineForm = [](const YamlNode &node) -> QString {
        switch (node.m_type) {
        case Type::Null: return QStringLiteral("null");
        case Type::String: return scalar(node.m_text);
        case Type::Integer: return QString::number(node.m_number);
        case Type::Map: return node.m_values.empty() ? QStringLiteral("{}") : QString();
        case Type::List: return node.m_values.empty() ? QStringLiteral("[]") : QString();
        }
        return {};
    };
    if (m_type != Type::Map && m_type != Type::List) {
        out += pad + inlineForm(*this) + u'\n';
        return;
    }
    for (size_t i = 0; i < m_values.size(); ++i) {
        const YamlNode &value = m_values[i];
        const QString one = inlineForm(value);
        if (m_type == Type::Map) {
            out += pad + scalar(m_keys[i]) + u':';
            if (!one.isEmpty()) {
                out += u' ' + one + u'\n';
            } else {
                out += u'\n';
                value.write(out, indent + 2);
            }
        } else if (!one.isEmpty()) {
            out += pad + QStringLiteral("- ") + one + u'\n';
        } else {
            // "- key: value" with the item's other lines below it, two columns further in.
            QString block;
            value.write(block, indent + 2);
            out += pad + QStringLiteral("- ") + block.mid(indent + 2);
        }
    }
}

} // namespace qs
