#!/usr/bin/env python3
"""Fills the English plural forms lupdate leaves empty in qdisc-studio_en.ts.

Usage: scripts/fill-english-plurals.py resources/translations/qdisc-studio_en.ts
A source written "%n step(s)" / "%n pass(es)" becomes "%n step" / "%n steps"; a source that
does not follow that pattern needs its two forms in SPECIAL (the script stops and names it).
Forms lupdate guessed from a moved text (filled, but marked unfinished) are written again the same way.
"""
import re, sys, html
p = sys.argv[1]
s = open(p, encoding='utf-8').read()
SPECIAL = {
    "band %1 does not exist; there are %n bands": ("band %1 does not exist; there is %n band", "band %1 does not exist; there are %n bands"),
    "prio, %n bands": ("prio, %n band", "prio, %n bands"),
    "sfq, rehash every %n s": ("sfq, rehash every %n s", "sfq, rehash every %n s"),
    "%n matches; u32 holds at most 128 keys": ("%n match; u32 holds at most 128 keys", "%n matches; u32 holds at most 128 keys"),
    "%n actions; a filter holds at most 32": ("%n action; a filter holds at most 32", "%n actions; a filter holds at most 32"),
    "%1 (%n failed)": ("%1 (%n failed)", "%1 (%n failed)"),
}
def forms(src):
    if src in SPECIAL:
        return SPECIAL[src]
    if '(s)' not in src and '(es)' not in src:
        raise SystemExit('no rule for: ' + src)
    one = src.replace('(es)', '').replace('(s)', '')
    other = src.replace('(es)', 'es').replace('(s)', 's')
    return one, other
def fill(m):
    src = html.unescape(m.group(1))
    one, other = forms(src)
    esc = lambda t: t.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;').replace("'", '&apos;')  # as lupdate writes
    return (m.group(0)[:m.group(0).index('<translation')] +
            '<translation>\n            <numerusform>%s</numerusform>\n            <numerusform>%s</numerusform>\n        </translation>' % (esc(one), esc(other)))
s = re.sub(r'<source>(.*?)</source>\n(?:\s*<(?:extra|translator)comment>.*?</(?:extra|translator)comment>\n)?\s*<translation type="unfinished">\s*<numerusform>[^<]*</numerusform>\s*<numerusform>[^<]*</numerusform>\s*</translation>', fill, s)
open(p, 'w', encoding='utf-8').write(s)
